// The Fibonacci-Nim board ("fibonacci"): one heap of tokens. A position is
// [n, p]: n tokens left, at most p of them may be taken now. Which takes are
// allowed, the words of each move, the position in words, the rule, the hint
// and the setup form are nimcore's: this file draws the heap and turns a touch
// into a gesture, {take}.
//
// A token is a button: touching it takes it and every token after it. The
// tokens whose take nimcore lists no move for are marked (aria-disabled);
// touching one shows nimcore's refusal. The heap is one Tab stop (a roving
// tabindex): arrow keys move between the tokens that may be taken (Left /
// Right along the heap, Up / Down to the line drawn above or below, when the
// heap wraps), Home and End to the ends; Enter chooses, Enter again plays,
// Escape forgets.
//
// Markup: <!-- nimcore:board kind=fibonacci game=fibonacci code=24 -->
//   (code=24: a fresh heap of 24 tokens; code=21-6: the position [21, 6]).

import { h, say } from "./kit.js";
import { mountGame } from "./game.js";
import { Roving } from "./roving.js";

/** How many tokens a move takes (its {take} gesture), 0 for none. @param {import("./game.js").Move | null} move */
const takenBy = (move) => move?.gestures?.[0]?.take ?? 0;

/**
 * The Fibonacci board's spec: each board keeps where its keyboard was.
 * @returns {import("./game.js").GameSpec}
 */
function fibonacciSpec() {
  const keys = new Roving(".fibonacci-token", { skipForbidden: true, lines: true });

  /**
   * @param {HTMLElement} container
   * @param {import("./game.js").View} view
   */
  function draw(container, view) {
    const [n] = /** @type {[number, number]} */ (view.position);
    const chosen = takenBy(view.selection);
    const hinted = takenBy(view.highlight);
    keys.note(container);
    // nimcore's words for the position (tokens left, how many may be taken now);
    // none while a move waits for nimcore's answer.
    const said = view.describe ?? "";
    const limitLine = h("p", {
      class: "fibonacci-limit",
      text: said ? said[0].toUpperCase() + said.slice(1) : "\u00a0",
    });
    const heap = h("div", { class: "fibonacci-heap", role: "group", "aria-label": say("fibonacci_heap") });
    /** @type {HTMLElement | null} */
    let chosenToken = null;
    for (let index = 0; index < n; index += 1) {
      const take = n - index;
      const gesture = { take };
      const move = view.moveFor(gesture); // nimcore's move: null when none, undefined when not listed
      const token = h("button", {
        type: "button",
        class: move === null ? "fibonacci-token is-forbidden" : "fibonacci-token",
        tabindex: "-1",
        "data-row": "0",
        "data-col": String(index),
        "data-gesture": JSON.stringify(gesture),
        "aria-disabled": move === null ? "true" : null,
        "aria-pressed": take <= chosen ? "true" : "false",
        "data-hinted": take <= hinted ? "" : null,
        "aria-label": move ? move.text : say("fibonacci_forbidden", { take }),
        disabled: !view.interactive,
        onclick: () => (move ? view.choose(move) : view.gesture(gesture)),
      });
      if (take === chosen) chosenToken = token;
      heap.append(token);
    }
    heap.addEventListener("keydown", (event) => keys.keys(event, heap, { escape: () => view.deselect() }));
    container.replaceChildren(h("div", { class: "fibonacci-board" }, limitLine, heap));
    if (view.interactive) {
      // The heap's stop: the chosen move's token, else the last one (a single token taken).
      keys.settle(heap, { preferred: chosenToken, start: { row: 0, col: n - 1 } });
    }
  }

  return { board: "fibonacci", draw };
}

/**
 * Set up a Fibonacci Nim board.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountFibonacci(root, context) {
  mountGame(root, context, fibonacciSpec());
}
