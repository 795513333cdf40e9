// The Wythoff board ("wythoff"): two heaps of tokens, and the same position
// as a queen on the lattice, (heap 1, heap 2). Which moves are allowed, their
// words, the rule and the hint are nimcore's (the view of each position):
// this file draws the two views and turns a click into a target.
//
// A token takes itself and every token after it in its heap; a cell of the
// lattice sends the queen there. The cells nimcore lists are buttons (Tab
// goes through the tokens and those cells, Enter chooses, Enter again plays,
// Escape forgets the chosen move); a click on any other cell shows nimcore's
// refusal.
//
// Markup: <!-- nimcore:board kind=wythoff game=wythoff code=5-8 -->

import { fillText, formField, formOf, h, heapsFit, naturalsOf } from "./kit.js";
import { mountGame } from "./game.js";

/** The lattice's smallest side (the largest heap is nimcore's form's). */
const MIN_SIDE = 9;

/** Does the target `target` remove token `index` of heap `heap`? */
const removes = (/** @type {any} */ target, /** @type {number} */ heap, /** @type {number} */ index) => Array.isArray(target) && index >= target[heap];

const same = (/** @type {any} */ p, /** @type {any} */ q) => Array.isArray(p) && Array.isArray(q) && p[0] === q[0] && p[1] === q[1];

/**
 * Draw the heaps and the lattice of `view.position` in `container`.
 * @param {HTMLElement} container
 * @param {import("./game.js").View} view
 * @param {string} caption  nimcore's caption of the lattice, "{a}" and "{b}" the heaps
 */
function drawWythoff(container, view, caption) {
  const [a, b] = /** @type {[number, number]} */ (view.position);
  const selected = view.selection ? view.selection.to : null;
  const hinted = view.highlight ? view.highlight.to : null;
  // The keyboard stays where it was across redraws: Enter chooses, Enter again plays.
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && container.contains(active) ? [active.classList[0], active.dataset.to] : null;
  const heaps = h("div", { class: "wythoff-heaps", role: "group", "aria-label": "Les deux tas" });
  [a, b].forEach((size, heap) => {
    const row = h("div", { class: "wythoff-heap" }, h("span", { class: "wythoff-label", text: `Tas ${heap + 1}` }));
    for (let index = 0; index < size; index += 1) {
      const to = heap === 0 ? [index, b] : [a, index];
      const move = view.find(to); // nimcore's move, null when not a move, undefined when not listed
      const take = size - index;
      row.append(
        h("button", {
          type: "button",
          class: "wythoff-token",
          "data-to": JSON.stringify(to),
          "aria-disabled": move === null ? "true" : null,
          "aria-pressed": removes(selected, heap, index) ? "true" : "false",
          "data-hinted": removes(hinted, heap, index) ? "" : null,
          "aria-label": move
            ? `Tas ${heap + 1}\u00a0: ${move.text}`
            : `Tas ${heap + 1}, ${take === 1 ? "le dernier jeton" : `les ${take} derniers jetons`}`,
          disabled: !view.interactive,
          onclick: () => (move ? view.choose(move) : view.attempt(to)),
        }),
      );
    }
    row.append(h("span", { class: "wythoff-count", text: String(size) }));
    heaps.append(row);
  });
  const side = Math.max(a + 1, b + 1, MIN_SIDE);
  const lattice = h("div", {
    class: "wythoff-lattice",
    role: "group",
    "aria-label": `Le quadrillage\u00a0: la dame est en (${a}, ${b})`,
    style: `--side: ${side}`,
  });
  for (let y = side - 1; y >= 0; y -= 1) {
    for (let x = 0; x < side; x += 1) {
      const to = [x, y];
      const isQueen = x === a && y === b;
      const classes = ["wythoff-cell"];
      if (isQueen) classes.push("is-queen");
      if (same(selected, to)) classes.push("is-selected");
      if (same(hinted, to)) classes.push("is-hinted");
      const move = view.interactive ? view.find(to) : null;
      if (move !== null) {
        lattice.append(
          h("button", {
            type: "button",
            class: [...classes, "is-reachable"].join(" "),
            "data-x": String(x),
            "data-y": String(y),
            "data-to": JSON.stringify(to),
            "aria-label": move ? `aller en (${x}, ${y})\u00a0: ${move.text}` : `aller en (${x}, ${y})`,
            onclick: () => (move ? view.choose(move) : view.attempt(to)),
          }),
        );
      } else {
        // Not a move nimcore lists: a click shows nimcore's refusal (the buttons are the keyboard's way).
        lattice.append(
          h("span", {
            class: classes.join(" "),
            "data-x": String(x),
            "data-y": String(y),
            "data-to": JSON.stringify(to),
            "aria-disabled": "true",
            "aria-hidden": "true",
            text: isQueen ? "♛" : "",
            onclick: view.interactive ? () => view.attempt(to) : null,
          }),
        );
      }
    }
  }
  const board = h(
    "div",
    { class: "wythoff-board" },
    heaps,
    h(
      "figure",
      { class: "wythoff-figure" },
      lattice,
      h("figcaption", { text: fillText(caption, { a, b }) }),
    ),
  );
  board.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && view.selection !== null) {
      event.preventDefault();
      view.deselect();
    }
  });
  container.replaceChildren(board);
  if (focused) {
    const [kind, to] = focused;
    const again = [...container.querySelectorAll(`.${kind}[data-to]`)].find(
      (element) => element instanceof HTMLElement && element.dataset.to === to,
    );
    if (again instanceof HTMLButtonElement && !again.disabled) again.focus();
  }
}

/**
 * The spec of a Wythoff board.
 * @param {import("./kit.js").SetupForm} form  nimcore's setup form (data-form)
 * @returns {import("./game.js").GameSpec}
 */
const wythoffSpec = (form) => {
  const heapsField = formField(form, "heaps");
  return {
  board: "wythoff",
  fields() {
    const input = h("input", { type: "text", name: "tas", inputmode: "numeric", autocomplete: "off" });
    input.id = `wythoff-tas-${Math.random().toString(36).slice(2, 8)}`;
    return {
      element: h("p", { class: "game-field" }, h("label", { for: input.id, text: heapsField.label }), input),
      fill(position) {
        input.value = position.join(" ");
        input.removeAttribute("aria-invalid");
      },
      read() {
        const parsed = naturalsOf(input.value, heapsField);
        if (!parsed.ok) {
          input.setAttribute("aria-invalid", "true");
          return parsed;
        }
        input.removeAttribute("aria-invalid");
        return { ok: true, position: parsed.values, options: {} };
      },
    };
  },
  draw: (container, view) => drawWythoff(container, view, form.texts.caption ?? ""),
  fits: ({ position }) => heapsFit(position, { maxCount: heapsField.max_count ?? 2, max: heapsField.max ?? 0 }),
  };
};

/**
 * Set up a Wythoff board.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountWythoff(root, context) {
  mountGame(root, context, wythoffSpec(formOf(root)));
}
