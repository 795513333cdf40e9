// Fibonacci Nim: one heap; the first move may take anything but the whole
// heap, and each later move at most twice the previous one. A position is
// [n, p]: n tokens left, at most p of them may be taken now. Taking x from
// [n, p] leads to [n − x, min(2x, n − x)] (nimcore/fibonacci.py).
//
// Markup: <div data-board="fibonacci" data-tokens="24"></div>

import { candidates, h, plural, randomInt } from "./kit.js";
import { mountGame } from "./game.js";

const MIN_TOKENS = 2;
const MAX_TOKENS = 100;

/** 1, 2, 3, 5, 8, … up to `limit` (the Fibonacci numbers of Zeckendorf's writing). */
function fibonacciUpTo(limit) {
  const numbers = [];
  for (let a = 1, b = 2; a <= limit; [a, b] = [b, a + b]) {
    numbers.push(a);
  }
  return numbers;
}

/** The position reached by taking `take` tokens from [n, p]. */
function after([n], take) {
  const rest = n - take;
  return [rest, Math.min(2 * take, rest)];
}

const moveText = ([n], take) => `retirer ${plural(take, "jeton")} (${n} → ${n - take})`;

/** How many tokens the move to `target` takes from [n, p] (0 when it is not a move). */
function taken([n, p], target) {
  if (!Array.isArray(target) || target.length !== 2) {
    return 0;
  }
  const take = n - target[0];
  return take >= 1 && take <= p && target[1] === Math.min(2 * take, n - take) ? take : 0;
}

/** Why taking `take` tokens from [n, p] is refused. */
function tooMany([, p], take) {
  return `Impossible de prendre ${plural(take, "jeton")}\u00a0: vous pouvez en prendre ${p} au plus.`;
}

/** A start with `text` tokens: [N, N − 1]. */
function readTokens(text) {
  const trimmed = String(text).trim();
  if (!/^\d+$/.test(trimmed)) {
    return {
      ok: false,
      message: `«\u00a0${trimmed}\u00a0» n’est pas un nombre entier de jetons.`,
    };
  }
  const tokens = Number(trimmed);
  if (tokens < MIN_TOKENS) {
    return { ok: false, message: `il faut au moins ${MIN_TOKENS} jetons pour jouer.` };
  }
  if (tokens > MAX_TOKENS) {
    return {
      ok: false,
      message: `${tokens} jetons, c’est trop pour ce plateau\u00a0: ${MAX_TOKENS} jetons au plus.`,
    };
  }
  return { ok: true, position: [tokens, tokens - 1], options: {} };
}

/** Any position [n, p] of a game started with at most MAX_TOKENS tokens (from the URL). */
function readPosition(text) {
  const match = /^(\d{1,3})-(\d{1,3})$/.exec(text);
  if (!match) {
    return {
      ok: false,
      message: `«\u00a0${text}\u00a0» n’est pas une position de la forme 24-23 (jetons-limite)`,
    };
  }
  const [n, p] = [Number(match[1]), Number(match[2])];
  if (n > MAX_TOKENS) {
    return { ok: false, message: `${n} jetons, c’est trop\u00a0: ${MAX_TOKENS} jetons au plus` };
  }
  if (p < 1 || p > n) {
    return {
      ok: false,
      message: `la limite ${p} doit être comprise entre 1 et ${n}, le nombre de jetons`,
    };
  }
  return { ok: true, position: [n, p], options: {} };
}

/**
 * Candidate random starts: a heap of 6 to 65 tokens, any amount but all to
 * take (nimcore picks). The setup holds only such fresh heaps (freshStartsOnly):
 * 64 draws, so that one of them is P (about 1 in 12 is) nearly always.
 */
function randomStart() {
  return candidates(() => {
    const tokens = randomInt(6, 65);
    return [tokens, tokens - 1];
  }, 64);
}

/** "24 = 21 + 3 ; le plus petit terme est 3" and the 0/1 word under the Fibonacci numbers. */
function zeckendorfHint(analysis) {
  const n = analysis.tokens;
  const terms = analysis.zeckendorf;
  if (n === 0 || terms.length === 0) {
    return [];
  }
  const smallest = analysis.smallest_term;
  const writing =
    terms.length === 1
      ? `${n} = ${n}, un nombre de Fibonacci\u202f; le plus petit terme est ${smallest}`
      : `${n} = ${terms.join(" + ")}\u202f; le plus petit terme est ${smallest}`;
  const weights = fibonacciUpTo(n).reverse();
  const digits = analysis.zeckendorf_digits;
  const table = h(
    "table",
    { class: "fibonacci-word" },
    h("caption", { text: `Écriture de Zeckendorf de ${n}` }),
    h(
      "tr",
      {},
      h("th", { scope: "row", text: "Fibonacci" }),
      ...weights.map((weight) => h("th", { scope: "col", class: weight === smallest ? "is-smallest" : null, text: String(weight) })),
    ),
    h(
      "tr",
      {},
      h("th", { scope: "row", text: "Chiffre" }),
      ...digits.map((digit, index) =>
        h("td", { class: [digit ? "is-one" : "", weights[index] === smallest ? "is-smallest" : ""].join(" ").trim() || null, text: String(digit) }),
      ),
    ),
  );
  return [
    h("p", { class: "fibonacci-writing" }, h("strong", { text: writing })),
    h("div", { class: "fibonacci-word-wrap" }, table),
  ];
}

/** @type {import("./game.js").GameSpec} */
const spec = {
  game: "fibonacci",
  title: "Fibonacci-Nim",
  initial: (dataset) => readTokens(dataset.tokens ?? "24"),
  fields() {
    const input = h("input", { type: "text", name: "jetons", inputmode: "numeric", autocomplete: "off", size: 4 });
    input.id = `fibonacci-jetons-${Math.random().toString(36).slice(2, 8)}`;
    return {
      element: h(
        "p",
        { class: "game-field" },
        h("label", { for: input.id, text: `Nombre de jetons (${MIN_TOKENS} à ${MAX_TOKENS})\u00a0:` }),
        input,
      ),
      fill: (position) => {
        input.value = String(position[0]);
      },
      read: () => readTokens(input.value),
    };
  },
  random: randomStart,
  freshStartsOnly: true,
  encode: (position) => position.join("-"),
  decode: readPosition,
  describe: ([n, p]) =>
    `un tas de ${plural(n, "jeton")}, ${p === n - 1 ? "premier coup\u00a0: tout sauf le dernier" : `au plus ${plural(p, "jeton")} à prendre`}`,
  hint: (analysis) => zeckendorfHint(analysis),
  draw(container, view) {
    const [n, p] = view.position;
    const chosen = taken(view.position, view.selection);
    const hinted = taken(view.position, view.highlight);
    const limitLine = h("p", { class: "fibonacci-limit", "aria-live": "off" });
    if (n === 0) {
      limitLine.textContent = "Il ne reste aucun jeton.";
    } else if (p === 0) {
      limitLine.textContent = "Plus aucun jeton ne peut être pris.";
    } else if (view.interactive) {
      limitLine.append(
        p === 1 ? "Vous pouvez prendre " : "Vous pouvez prendre de 1 à ",
        h("strong", { text: p === 1 ? "1 jeton" : plural(p, "jeton") }),
      );
    } else {
      limitLine.append("Au plus ", h("strong", { text: plural(p, "jeton") }), " à prendre à ce coup.");
    }
    const heapLabel = h("p", { class: "fibonacci-count" }, h("strong", { text: plural(n, "jeton") }), n > 0 ? " dans le tas" : "");

    // The heap: the last p tokens are buttons (take from here to the end).
    // The numbered buttons below are the keyboard's way; tokens are for the pointer.
    const heap = h("div", { class: "fibonacci-heap", "aria-hidden": "true" });
    for (let index = 0; index < n; index += 1) {
      const take = n - index;
      const classes = ["fibonacci-token"];
      if (take <= chosen) classes.push("is-chosen");
      if (take <= hinted) classes.push("is-hinted");
      if (!view.interactive) {
        heap.append(h("span", { class: classes.join(" ") }));
      } else if (take <= p) {
        heap.append(
          h("button", {
            type: "button",
            class: [...classes, "is-takeable"].join(" "),
            tabindex: "-1",
            title: moveText(view.position, take),
            onclick: () => view.choose(after(view.position, take), moveText(view.position, take)),
          }),
        );
      } else {
        heap.append(
          h("button", {
            type: "button",
            class: classes.join(" "),
            tabindex: "-1",
            onclick: () => view.refuse(tooMany(view.position, take)),
          }),
        );
      }
    }

    const takes = h("div", { class: "fibonacci-takes", role: "group", "aria-label": "Combien de jetons prendre" });
    if (view.interactive) {
      for (let take = 1; take <= p; take += 1) {
        const classes = ["fibonacci-take"];
        if (take === hinted) classes.push("is-hinted");
        takes.append(
          h("button", {
            type: "button",
            class: classes.join(" "),
            "aria-pressed": take === chosen ? "true" : "false",
            "data-take": String(take),
            "aria-label": moveText(view.position, take),
            text: String(take),
            onclick: () => view.choose(after(view.position, take), moveText(view.position, take)),
          }),
        );
      }
    }
    const focused =
      document.activeElement instanceof HTMLElement && container.contains(document.activeElement)
        ? document.activeElement.dataset.take
        : undefined;
    container.replaceChildren(limitLine, heapLabel, heap, takes);
    if (focused) {
      // Keep the keyboard where it was: a second Enter plays the chosen move.
      const again = takes.querySelector(`[data-take="${focused}"]`);
      if (again instanceof HTMLElement) again.focus();
    }
  },
};

/** Set up a Fibonacci Nim board. */
export function mountFibonacci(root, context) {
  mountGame(root, context, spec);
}
