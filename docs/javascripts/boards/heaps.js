// The heaps board: heaps of matches, a move takes matches from one heap. It
// plays every game of the registry whose positions are a row of heaps and
// whose moves take from a single heap: Nim ("nim", normal or misère) and the
// subtraction games ("subtraction"). Which amounts may be taken, the words of
// each move, the rule, the hint and the setup form are nimcore's: this file
// draws the heaps and turns a touch into a gesture, {heap, take}.
//
// A match is a <button>: touching it takes it and every match after it in its
// heap (the gesture {heap, take}). The matches whose gesture plays no move
// nimcore lists are marked (aria-disabled); touching one shows nimcore's
// refusal. The matches come in groups of five, and a heap wraps between
// groups only (on a phone, a heap of 40 is eight lines of five). The heaps are
// one Tab stop (a roving tabindex: the chosen move, else the match the
// keyboard was last on, else the nearest allowed one); arrow keys move between
// the allowed matches (Left / Right along a heap, Up / Down to the line drawn
// above or below, in the same heap or the next, Home / End), Enter chooses
// then plays, Escape forgets the chosen move.
//
// Markup: <!-- nimcore:board kind=heaps game=nim code=1-3-5-7 -->
//   (game=subtraction code=21_1a3, 13_s1.2.4_misere… : nimcore's codes).

import { h, say } from "./kit.js";
import { mountGame } from "./game.js";
import { Roving } from "./roving.js";

/** Where the keyboard was in each board's heaps (the shared roving tabindex). @type {WeakMap<HTMLElement, Roving>} */
const rovings = new WeakMap();

/**
 * The heap and amount a move takes, from its gesture (null for none).
 * @param {import("./game.js").Move | null} move
 * @returns {{heap: number, take: number} | null}
 */
const takenBy = (move) => {
  const gesture = move?.gestures?.[0];
  return gesture ? { heap: gesture.heap, take: gesture.take } : null;
};

/**
 * Draw the heaps of `view.position` in `container` (game.js calls it on every change).
 * @param {HTMLElement} container
 * @param {import("./game.js").View} view
 */
function drawHeaps(container, view) {
  const heaps = /** @type {number[]} */ (view.position);
  const keys = rovings.get(container) ?? new Roving(".heaps-match", { skipForbidden: true, lines: true });
  rovings.set(container, keys);
  keys.note(container);
  const group = h("div", { class: "heaps", role: "group", "aria-label": say(heaps.length === 1 ? "heaps_one" : "heaps_many") });
  const selected = takenBy(view.selection);
  const hinted = takenBy(view.highlight);
  /** Does `taken` remove match `index` of heap `heap` (of `size` matches)? */
  const removes = (/** @type {{heap: number, take: number} | null} */ taken, /** @type {number} */ heap, /** @type {number} */ index, /** @type {number} */ size) =>
    taken !== null && taken.heap === heap && index >= size - taken.take;
  heaps.forEach((size, heap) => {
    // The matches in groups of five, to count them at a glance; a heap wraps between groups.
    const fives = Array.from({ length: Math.ceil(size / 5) }, () => h("span", { class: "heaps-five" }));
    const matches = h("div", { class: "heaps-matches" }, ...fives);
    for (let index = 0; index < size; index += 1) {
      const take = size - index;
      const gesture = { heap, take };
      const move = view.moveFor(gesture); // nimcore's move, null when none, undefined when not listed
      fives[Math.floor(index / 5)].append(
        h("button", {
          type: "button",
          class: move === null ? "heaps-match is-forbidden" : "heaps-match",
          tabindex: "-1",
          "aria-disabled": move === null ? "true" : null,
          "aria-pressed": removes(selected, heap, index, size) ? "true" : "false",
          "data-hinted": removes(hinted, heap, index, size) ? "" : null,
          "data-heap": String(heap),
          "data-take": String(take),
          // A match's place in its row counts from the right: the amount it takes.
          "data-row": String(heap),
          "data-col": String(-take),
          "data-gesture": JSON.stringify(gesture),
          "aria-label": move
            ? say("heap_move", { heap: heap + 1, move: move.text })
            : say("heap_forbidden", { heap: heap + 1, take }),
          disabled: !view.interactive,
          onclick: () => (move ? view.choose(move) : view.gesture(gesture)),
        }),
      );
    }
    if (size === 0) {
      matches.append(h("span", { class: "heaps-empty", text: say("heap_empty") }));
    }
    const left = selected !== null && selected.heap === heap ? size - selected.take : size;
    const count = left < size ? `${size}\u00a0→ ${left}` : String(size);
    group.append(
      h(
        "div",
        { class: "heaps-row", "data-heap": String(heap) },
        h("span", { class: "heaps-label", text: say("heap_name", { heap: heap + 1 }) }),
        h("span", { class: "heaps-count", "aria-hidden": "true", text: count }),
        matches,
      ),
    );
  });
  const escape = view.selection === null ? undefined : () => view.deselect();
  group.addEventListener("keydown", (event) => keys.keys(event, group, { escape }));
  container.replaceChildren(group);
  if (!view.interactive) {
    return;
  }
  const preferred =
    selected === null ? null : group.querySelector(`.heaps-match[data-heap="${selected.heap}"][data-take="${selected.take}"]`);
  keys.settle(group, { preferred: preferred instanceof HTMLElement ? preferred : null, start: { row: 0, col: -1 } });
}

/**
 * Set up a heaps board (Nim, subtraction games).
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountHeaps(root, context) {
  mountGame(root, context, { board: "heaps", draw: drawHeaps });
}
