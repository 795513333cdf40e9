// The Moore board ("moore", Moore's Nim_k): heaps of matches, a move takes
// from several heaps at once. How many heaps a move may touch, the words of
// each move, the rule, the hint and the setup form are nimcore's: this file
// draws the heaps and the move being prepared, and turns a touch into a
// gesture — the whole prepared move, {takes: [t1, t2, …]}, one amount a heap.
//
// The move being prepared is game.js's selection (nimcore's move, its
// gesture's takes). A touch on a match takes it and the matches after it in
// its heap, the other heaps keeping what the prepared move takes from them;
// « − » and « + » take one match fewer or more from their heap. Each such
// gesture is nimcore's to accept: a listed move is chosen at once, an
// unlisted one is marked (aria-disabled) and refused in nimcore's words when
// tried, and when the moves are too many to list nimcore is asked about each.
// When the prepared move takes from one heap only and nimcore lists no move
// that also takes from another heap (k = 1, as in Nim), a touch in that other
// heap starts a new move there. Choosing the same match again, or « Jouer »,
// plays; « Effacer la sélection », or Escape, forgets the move.
//
// The matches come in groups of five, a heap wrapping between groups only (as
// Nim's). The matches are one Tab stop and the « − » / « + » another (roving
// tabindex): arrows move between matches (Left / Right along a heap, Up / Down
// to the line drawn above or below, in the same heap or the next) and between
// the steppers (Up / Down between heaps), Home and End to a row's ends.
//
// Markup: <!-- nimcore:board kind=moore game=moore code=k2-6-5-7-2 -->

import { h, say } from "./kit.js";
import { mountGame } from "./game.js";
import { Roving } from "./roving.js";

/**
 * What a move takes from each heap (its {takes} gesture), or null.
 * @param {import("./game.js").Move | null} move
 * @returns {number[] | null}
 */
const takesOf = (move) => move?.gestures?.[0]?.takes ?? null;

/**
 * The spec of one Moore board: each board keeps where its keyboard was.
 * @returns {import("./game.js").GameSpec}
 */
function mooreSpec() {
  const matchKeys = new Roving(".moore-match", { lines: true });
  const stepKeys = new Roving(".moore-step");

  /**
   * @param {HTMLElement} container
   * @param {import("./game.js").View} view
   */
  function draw(container, view) {
    const heaps = /** @type {number[]} */ (view.position);
    const takes = takesOf(view.selection) ?? heaps.map(() => 0);
    const hinted = takesOf(view.highlight);
    const marked = takes.filter((take) => take > 0).length;
    matchKeys.note(container);
    stepKeys.note(container);

    /**
     * The gesture that takes `take` from heap `heap`, the other heaps as prepared, and
     * nimcore's move for it (null: none listed; undefined: the moves are not listed).
     * @param {number} heap
     * @param {number} take
     */
    function gestureFor(heap, take) {
      const gesture = { takes: takes.map((other, index) => (index === heap ? take : other)) };
      const move = view.moveFor(gesture);
      if (move === null && takes[heap] === 0 && marked === 1) {
        // Not with the heap already marked: a new move in this heap, if nimcore has one.
        const alone = { takes: heaps.map((_, index) => (index === heap ? take : 0)) };
        const fresh = view.moveFor(alone);
        if (fresh) {
          return { gesture: alone, move: fresh };
        }
      }
      return { gesture, move };
    }

    /**
     * The attributes every gesture element carries, and its touch.
     * @param {{gesture: Record<string, any>, move: import("./game.js").Move | null | undefined}} aimed
     */
    const gestureAttributes = ({ gesture, move }) => ({
      "data-gesture": JSON.stringify(gesture),
      "aria-disabled": move === null ? "true" : null,
      onclick: () => (move ? view.choose(move) : view.gesture(gesture)),
    });

    const list = h("div", { class: "moore-heaps", role: "group", "aria-label": say("heaps_many") });
    /** @type {HTMLElement | null} */
    let chosenMatch = null;
    heaps.forEach((size, heap) => {
      const take = takes[heap];
      const fives = Array.from({ length: Math.ceil(size / 5) }, () => h("span", { class: "heaps-five" }));
      const line = h("span", { class: "moore-matches" }, ...fives);
      for (let index = 0; index < size; index += 1) {
        const aimed = gestureFor(heap, size - index);
        const { move } = aimed;
        const match = h("button", {
          type: "button",
          class: move === null ? "moore-match is-forbidden" : "moore-match",
          tabindex: "-1",
          "data-row": String(heap),
          "data-col": String(index),
          "data-heap": String(heap),
          "data-index": String(index),
          "aria-pressed": index >= size - take ? "true" : "false",
          "data-hinted": hinted && index >= size - hinted[heap] ? "" : null,
          "aria-label":
            move === null
              ? say("heap_forbidden", { heap: heap + 1, take: size - index })
              : move
                ? say("heap_move", { heap: heap + 1, move: move.text })
                : say("moore_match", { heap: heap + 1, take: size - index, size, left: index }),
          disabled: !view.interactive,
          ...gestureAttributes(aimed),
        });
        if (take > 0 && index === size - take && view.selection !== null) {
          chosenMatch = match; // the first match the prepared move takes
        }
        fives[Math.floor(index / 5)].append(match);
      }
      if (size === 0) {
        line.append(h("span", { class: "moore-empty", text: say("heap_empty") }));
      }
      /** @param {number} change @param {string} sign @param {string} words */
      const step = (change, sign, words) => {
        const outside = take + change < 0 || take + change > size;
        return h("button", {
          type: "button",
          class: "moore-step",
          tabindex: "-1",
          "data-row": String(heap),
          "data-col": change < 0 ? "0" : "1",
          text: sign,
          "aria-label": say(words, { heap: heap + 1, take, size }),
          disabled: outside || !view.interactive,
          ...(outside ? {} : gestureAttributes(gestureFor(heap, take + change))),
        });
      };
      list.append(
        h(
          "div",
          { class: `moore-heap${take > 0 ? " is-marked" : ""}`, "data-heap": String(heap) },
          h("span", { class: "moore-label", text: say("heap_name", { heap: heap + 1 }) }),
          // After the matches in the page (Tab goes from the matches to their heap's steppers),
          // beside the heap's name on the screen.
          line,
          h(
            "span",
            { class: "moore-stepper" },
            step(-1, "−", "moore_less"),
            h("span", { class: "moore-take", "aria-hidden": "true", text: take > 0 ? `−${take}` : "0" }),
            step(1, "+", "moore_more"),
          ),
        ),
      );
    });
    /**
     * The steppers' stop follows the matches': « + » (else « − ») of the heap whose match is the
     * matches' Tab stop, just after it in the page, so that Tab goes from one to the other.
     */
    const stepBeside = () => {
      const heap = list.querySelector('.moore-match[tabindex="0"]')?.getAttribute("data-row") ?? "0";
      return /** @type {HTMLElement | null} */ ([...list.querySelectorAll(`.moore-step[data-row="${heap}"]:not(:disabled)`)].at(-1) ?? null);
    };
    /** The matches' stop follows the steppers' heap: its first match taken, else its last one. */
    const matchesBeside = () => {
      const row = stepKeys.at?.row ?? 0;
      matchKeys.active = false; // the focus is on the steppers: the matches' stop only moves
      matchKeys.at = { row, col: takes[row] > 0 ? heaps[row] - takes[row] : heaps[row] - 1 };
      matchKeys.settle(list);
    };
    // The steppers are drawn in their heaps' rows, but they are one Tab stop of their own.
    list.addEventListener("keydown", (event) => {
      if (event.target instanceof HTMLElement && event.target.classList.contains("moore-step")) {
        stepKeys.keys(event, list, { escape: () => view.deselect() });
        matchesBeside();
        return;
      }
      matchKeys.keys(event, list, { escape: () => view.deselect() });
      stepKeys.active = false; // the focus is on the matches: the steppers' stop only moves
      stepKeys.settle(list, { preferred: stepBeside() });
    });

    const status = h("p", {
      class: "moore-status",
      text:
        marked === 0
          ? say("moore_none_marked")
          : marked === 1
            ? say("moore_one_marked")
            : say("moore_many_marked", { count: marked }),
    });
    const clear = h("button", {
      type: "button",
      class: "md-button moore-clear",
      text: say("moore_clear"),
      disabled: marked === 0,
      onclick: () => view.deselect(),
    });
    container.replaceChildren(list, status, h("p", { class: "moore-tools" }, clear));
    if (view.interactive) {
      // The matches' stop: the prepared move's first match, else the last of the first heap.
      if (stepKeys.active) {
        stepKeys.settle(list, { start: { row: 0, col: 1 } });
        matchesBeside();
      } else {
        matchKeys.settle(list, { preferred: chosenMatch, start: { row: 0, col: 99 } });
        stepKeys.settle(list, { preferred: stepBeside(), start: { row: 0, col: 1 } });
      }
    }
  }

  return { board: "moore", draw };
}

/**
 * Set up a Moore (Nim_k) board.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountMoore(root, context) {
  mountGame(root, context, mooreSpec());
}
