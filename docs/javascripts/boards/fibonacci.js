// The Fibonacci-Nim board ("fibonacci"): one heap of tokens. A position is
// [n, p]: n tokens left, at most p of them may be taken now. Which takes are
// allowed, the position each reaches, the words of each move, the rule and
// the hint are nimcore's (the view of each position): this file draws the
// heap and the takes nimcore lists.
//
// A token is a button: choosing it takes it and every token after it. The
// tokens whose take nimcore does not list are marked (aria-disabled); choosing
// one shows nimcore's refusal. Below the heap, one numbered button per move
// nimcore lists: the keyboard's way (Tab between them, Enter chooses, Enter
// again plays, Escape forgets the chosen move).
//
// Markup: <!-- nimcore:board kind=fibonacci game=fibonacci code=24 -->
//   (code=24: a fresh heap of 24 tokens; code=21-6: the position [21, 6]).

import { fillText, formField, formOf, h } from "./kit.js";
import { mountGame } from "./game.js";

/**
 * Draw the heap of `view.position` in `container` (game.js calls it on every change).
 * @param {HTMLElement} container
 * @param {import("./game.js").View} view
 */
function drawFibonacci(container, view) {
  const [n, p] = /** @type {[number, number]} */ (view.position);
  /** nimcore's move taking `take` tokens: null when not listed, undefined when the moves are not listed. */
  const moveFor = (/** @type {number} */ take) => (view.moves === null ? undefined : (view.moves.find((move) => move.take === take) ?? null));
  const chosen = view.selection?.take ?? 0;
  const hinted = view.highlight?.take ?? 0;
  // nimcore's words for the position (tokens left, how many may be taken now);
  // none while a move waits for nimcore's answer.
  const said = view.describe ?? "";
  const limitLine = h("p", {
    class: "fibonacci-limit",
    "aria-live": "off",
    text: said ? said[0].toUpperCase() + said.slice(1) : "\u00a0",
  });

  // The heap: a token takes itself and every token after it. The numbered
  // buttons below are the keyboard's way; the tokens are for the pointer.
  const heap = h("div", { class: "fibonacci-heap", "aria-hidden": "true" });
  for (let index = 0; index < n; index += 1) {
    const take = n - index;
    const classes = ["fibonacci-token"];
    if (take <= chosen) classes.push("is-chosen");
    if (take <= hinted) classes.push("is-hinted");
    if (!view.interactive) {
      heap.append(h("span", { class: classes.join(" ") }));
      continue;
    }
    const move = moveFor(take);
    // Unlisted, the target names the tokens left only: nimcore fills in the next limit.
    const to = move ? move.to : [index, null];
    if (move !== null) classes.push("is-takeable");
    heap.append(
      h("button", {
        type: "button",
        class: classes.join(" "),
        tabindex: "-1",
        title: move ? move.text : null,
        "data-to": JSON.stringify(to),
        "aria-disabled": move === null ? "true" : null,
        onclick: () => (move ? view.choose(move) : view.attempt(to)),
      }),
    );
  }

  const takes = h("div", { class: "fibonacci-takes", role: "group", "aria-label": "Combien de jetons prendre" });
  if (view.interactive && view.moves !== null) {
    for (const move of view.moves) {
      takes.append(
        h("button", {
          type: "button",
          class: move.take === hinted ? "fibonacci-take is-hinted" : "fibonacci-take",
          "aria-pressed": move.take === chosen ? "true" : "false",
          "data-take": String(move.take),
          "data-to": JSON.stringify(move.to),
          "aria-label": move.text,
          text: String(move.take),
          onclick: () => view.choose(move),
        }),
      );
    }
  }
  const focused =
    document.activeElement instanceof HTMLElement && container.contains(document.activeElement)
      ? document.activeElement.dataset.take
      : undefined;
  const board = h("div", { class: "fibonacci-board" }, limitLine, heap, takes);
  board.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && view.selection !== null) {
      event.preventDefault();
      view.deselect();
    }
  });
  container.replaceChildren(board);
  if (focused) {
    // Keep the keyboard where it was: a second Enter plays the chosen move.
    const again = takes.querySelector(`[data-take="${focused}"]`);
    if (again instanceof HTMLElement) again.focus();
  }
}

/**
 * The spec of a Fibonacci Nim board.
 * @param {import("./kit.js").SetupForm} form  nimcore's setup form (data-form): its label and the board's largest heap
 * @returns {import("./game.js").GameSpec}
 */
const fibonacciSpec = (form) => {
  const tokens = formField(form, "tokens");
  const largest = tokens.max ?? 0;
  const tooMany = (/** @type {number | string} */ count) => fillText(form.texts.too_many ?? "", { count });
  return {
  board: "fibonacci",
  fields() {
    const input = h("input", { type: "text", name: "jetons", inputmode: "numeric", autocomplete: "off", size: 4 });
    input.id = `fibonacci-jetons-${Math.random().toString(36).slice(2, 8)}`;
    return {
      element: h(
        "p",
        { class: "game-field" },
        h("label", { for: input.id, text: tokens.label }),
        input,
      ),
      fill(position) {
        input.value = String(position[0]);
        input.removeAttribute("aria-invalid");
      },
      read() {
        // A fresh heap of that many tokens: nimcore reads a bare number as a new game.
        const text = input.value.trim();
        /** @param {string} message @returns {import("./game.js").Setup} */
        const refuse = (message) => {
          input.setAttribute("aria-invalid", "true");
          return { ok: false, message };
        };
        if (!/^\d+$/.test(text)) {
          return refuse(`«\u00a0${text}\u00a0» n’est pas un nombre entier de jetons.`);
        }
        if (Number(text) > largest) {
          return refuse(`${tooMany(text)}.`);
        }
        input.removeAttribute("aria-invalid");
        return { ok: true, position: Number(text), options: {} };
      },
    };
  },
  draw: drawFibonacci,
  fits: ({ position }) => (position[0] > largest ? tooMany(position[0]) : null),
  };
};

/**
 * Set up a Fibonacci Nim board.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountFibonacci(root, context) {
  mountGame(root, context, fibonacciSpec(formOf(root)));
}
