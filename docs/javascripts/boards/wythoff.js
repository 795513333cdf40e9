// Wythoff's game: two heaps; take from one, or the same amount from both.
// Two views in sync: the heaps of tokens, and the queen on the lattice, who
// moves left, down or diagonally towards the corner (0, 0).
//
// Markup: <div data-board="wythoff" data-heaps="5 8"></div>

import { candidates, h, parseNaturals, plural, randomInt } from "./kit.js";
import { mountGame } from "./game.js";

const MAX_HEAP = 20;

const setup = (values) =>
  values.length === 2
    ? { ok: true, position: values, options: {} }
    : { ok: false, message: "il faut exactement deux tas." };

function readHeaps(text) {
  const parsed = parseNaturals(text, { max: MAX_HEAP, minCount: 2, maxCount: 2, noun: "tas" });
  if (!parsed.ok) {
    return parsed;
  }
  if (parsed.values[0] + parsed.values[1] === 0) {
    return { ok: false, message: "il faut au moins un jeton." };
  }
  return setup(parsed.values);
}

function moveText([a, b], [x, y]) {
  if (a - x === b - y) {
    return `retirer ${plural(a - x, "jeton")} de chaque tas`;
  }
  return a !== x
    ? `retirer ${plural(a - x, "jeton")} du tas 1`
    : `retirer ${plural(b - y, "jeton")} du tas 2`;
}

/** Does the move to `target` remove token `index` of heap `heap`? */
const removes = (target, heap, index) => Array.isArray(target) && index >= target[heap];

const same = (p, q) => Array.isArray(p) && Array.isArray(q) && p[0] === q[0] && p[1] === q[1];

/** The three directions of the queen: is (x, y) one move from (a, b)? */
function reachable([a, b], [x, y]) {
  return (x === a && y < b) || (y === b && x < a) || (a - x === b - y && x < a && x >= 0 && y >= 0);
}

/** Why the queen in (a, b) cannot go to (x, y), in French. */
function whyNot([a, b], [x, y]) {
  if (x === a && y === b) {
    return `La dame est déjà en (${a}, ${b})\u00a0: un coup retire au moins un jeton.`;
  }
  if (x > a || y > b) {
    return `Impossible d’aller en (${x}, ${y})\u00a0: un coup retire des jetons, il n’en ajoute jamais.`;
  }
  return (
    `Impossible d’aller en (${x}, ${y})\u00a0: ce serait retirer ${plural(a - x, "jeton")} du tas 1 et ${plural(b - y, "jeton")} du tas 2\u202f; ` +
    "on retire d’un seul tas, ou autant des deux (la dame va à gauche, vers le bas ou en diagonale)."
  );
}

/** @type {import("./game.js").GameSpec} */
const spec = {
  game: "wythoff",
  title: "Jeu de Wythoff",
  initial: (dataset) => readHeaps(dataset.heaps ?? "5 8"),
  fields() {
    const input = h("input", { type: "text", name: "tas", inputmode: "numeric", autocomplete: "off" });
    input.id = `wythoff-tas-${Math.random().toString(36).slice(2, 8)}`;
    return {
      element: h("p", { class: "game-field" }, h("label", { for: input.id, text: `Les deux tas (0 à ${MAX_HEAP})\u00a0:` }), input),
      fill: (position) => {
        input.value = position.join(" ");
      },
      read: () => readHeaps(input.value),
    };
  },
  random: () => candidates(() => [randomInt(3, 15), randomInt(3, 15)]),
  encode: (position) => position.join("-"),
  decode: (text) => {
    if (!/^\d{1,2}-\d{1,2}$/.test(text)) {
      return { ok: false, message: `«\u00a0${text}\u00a0» n’est pas une position de la forme 5-8` };
    }
    return readHeaps(text.replace("-", " "));
  },
  describe: (position) => `deux tas de ${position[0]} et ${position[1]} jetons`,
  draw(container, view) {
    const [a, b] = view.position;
    const heaps = h("div", { class: "wythoff-heaps", role: "group", "aria-label": "Les deux tas" });
    [a, b].forEach((size, heap) => {
      const row = h("div", { class: "wythoff-heap" }, h("span", { class: "wythoff-label", text: `Tas ${heap + 1}` }));
      for (let index = 0; index < size; index += 1) {
        const to = heap === 0 ? [index, b] : [a, index];
        row.append(
          h("button", {
            type: "button",
            class: "wythoff-token",
            "aria-pressed": removes(view.selection, heap, index) ? "true" : "false",
            "data-hinted": removes(view.highlight, heap, index) ? "" : null,
            "aria-label": `Tas ${heap + 1}\u00a0: ${moveText([a, b], to)}`,
            disabled: !view.interactive,
            onclick: () => view.choose(to, moveText([a, b], to)),
          }),
        );
      }
      row.append(h("span", { class: "wythoff-count", text: String(size) }));
      heaps.append(row);
    });
    const side = Math.max(a, b, 8) + 1;
    const lattice = h("div", {
      class: "wythoff-lattice",
      role: "group",
      "aria-label": "Le quadrillage\u00a0: la dame est en (" + a + ", " + b + ")",
      style: `--side: ${side}`,
    });
    for (let y = side - 1; y >= 0; y -= 1) {
      for (let x = 0; x < side; x += 1) {
        const to = [x, y];
        const isQueen = x === a && y === b;
        const classes = ["wythoff-cell"];
        if (isQueen) classes.push("is-queen");
        if (same(view.selection, to)) classes.push("is-selected");
        if (same(view.highlight, to)) classes.push("is-hinted");
        if (reachable([a, b], to) && view.interactive) {
          lattice.append(
            h("button", {
              type: "button",
              class: [...classes, "is-reachable"].join(" "),
              "data-x": x,
              "data-y": y,
              "aria-label": `aller en (${x}, ${y})\u00a0: ${moveText([a, b], to)}`,
              onclick: () => view.choose(to, moveText([a, b], to)),
            }),
          );
        } else {
          // Not a move: a click says why (the buttons above are the keyboard's way).
          lattice.append(
            h("span", {
              class: classes.join(" "),
              "data-x": x,
              "data-y": y,
              "aria-hidden": "true",
              text: isQueen ? "♛" : "",
              onclick: view.interactive ? () => view.refuse(whyNot([a, b], to)) : null,
            }),
          );
        }
      }
    }
    container.replaceChildren(
      heaps,
      h("figure", { class: "wythoff-figure" }, lattice, h("figcaption", { text: "La dame se déplace vers le coin (0, 0) : à gauche, vers le bas ou en diagonale." })),
    );
  },
};

/** Set up a Wythoff board. */
export function mountWythoff(root, context) {
  mountGame(root, context, spec);
}
