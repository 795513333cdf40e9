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
// refusal. The heaps are one Tab stop (a roving tabindex: the chosen move,
// else the match the keyboard was last on, else the nearest allowed one);
// arrow keys move between the allowed matches (Left / Right in a heap, Up /
// Down between heaps, Home / End), Enter chooses then plays, Escape forgets
// the chosen move.
//
// Markup: <!-- nimcore:board kind=heaps game=nim code=1-3-5-7 -->
//   (game=subtraction code=21_1a3, 13_s1.2.4_misere… : nimcore's codes).

import { h, say } from "./kit.js";
import { mountGame } from "./game.js";

/** Where the keyboard was in each board's heaps: {heap, take, active}. */
const focusMemory = new WeakMap();

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
  const memory = rememberFocus(container);
  const group = h("div", { class: "heaps", role: "group", "aria-label": say(heaps.length === 1 ? "heaps_one" : "heaps_many") });
  const selected = takenBy(view.selection);
  const hinted = takenBy(view.highlight);
  /** Does `taken` remove match `index` of heap `heap` (of `size` matches)? */
  const removes = (/** @type {{heap: number, take: number} | null} */ taken, /** @type {number} */ heap, /** @type {number} */ index, /** @type {number} */ size) =>
    taken !== null && taken.heap === heap && index >= size - taken.take;
  heaps.forEach((size, heap) => {
    const matches = h("div", { class: "heaps-matches" });
    for (let index = 0; index < size; index += 1) {
      const take = size - index;
      const gesture = { heap, take };
      const move = view.moveFor(gesture); // nimcore's move, null when none, undefined when not listed
      matches.append(
        h("button", {
          type: "button",
          class: move === null ? "heaps-match is-forbidden" : "heaps-match",
          tabindex: "-1",
          "aria-disabled": move === null ? "true" : null,
          "aria-pressed": removes(selected, heap, index, size) ? "true" : "false",
          "data-hinted": removes(hinted, heap, index, size) ? "" : null,
          "data-heap": String(heap),
          "data-take": String(take),
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
  group.addEventListener("keydown", (event) => moveFocus(event, group, memory, view));
  container.replaceChildren(group);
  if (!view.interactive) {
    return;
  }
  const chosen = selected;
  const stop = nearestAllowed(group, chosen && !memory.active ? chosen : memory);
  if (stop) {
    makeTabStop(group, stop);
    if (memory.active) {
      stop.focus({ preventScroll: true });
    }
  }
}

/**
 * Note the focused match before a redraw (focus on the page's body means the board took it away).
 * @param {HTMLElement} container
 * @returns {{heap: number, take: number, active: boolean}}
 */
function rememberFocus(container) {
  const memory = focusMemory.get(container) ?? { heap: 0, take: 1, active: false };
  focusMemory.set(container, memory);
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && container.contains(focused) && focused.dataset.take) {
    Object.assign(memory, { heap: Number(focused.dataset.heap), take: Number(focused.dataset.take), active: true });
  } else if (focused && focused !== document.body) {
    memory.active = false;
  }
  return memory;
}

const allowedMatches = (/** @type {HTMLElement} */ group) => [
  .../** @type {NodeListOf<HTMLElement>} */ (group.querySelectorAll(".heaps-match:not(.is-forbidden)")),
];

/**
 * The allowed match at {heap, take}, or the nearest one (same heap first); null when none is allowed.
 * @param {HTMLElement} group
 * @param {{heap: number, take: number}} at
 */
function nearestAllowed(group, { heap, take }) {
  const candidates = allowedMatches(group);
  if (candidates.length === 0) {
    return null;
  }
  const distance = (/** @type {HTMLElement} */ button) =>
    Math.abs(Number(button.dataset.heap) - heap) * 1000 + Math.abs(Number(button.dataset.take) - take);
  return candidates.reduce((a, b) => (distance(b) < distance(a) ? b : a));
}

/**
 * Make `button` the heaps' only Tab stop.
 * @param {HTMLElement} group
 * @param {HTMLElement} button
 */
function makeTabStop(group, button) {
  for (const other of /** @type {NodeListOf<HTMLElement>} */ (group.querySelectorAll('.heaps-match[tabindex="0"]'))) {
    other.tabIndex = -1;
  }
  button.tabIndex = 0;
}

/**
 * Arrow keys, Home and End between the allowed matches; Escape forgets the chosen move.
 * @param {KeyboardEvent} event
 * @param {HTMLElement} group
 * @param {{heap: number, take: number, active: boolean}} memory
 * @param {import("./game.js").View} view
 */
function moveFocus(event, group, memory, view) {
  /** @type {HTMLElement | null} */
  const current = event.target instanceof HTMLElement ? event.target.closest(".heaps-match") : null;
  if (!current) {
    return;
  }
  if (event.key === "Escape") {
    if (view.selection !== null) {
      event.preventDefault();
      view.deselect();
    }
    return;
  }
  const heap = Number(current.dataset.heap);
  const take = Number(current.dataset.take);
  const candidates = allowedMatches(group);
  const inHeap = (/** @type {number} */ index) => candidates.filter((button) => Number(button.dataset.heap) === index);
  const row = inHeap(heap);
  const position = row.indexOf(current);
  /** @type {HTMLElement | null} */
  let next = null;
  switch (event.key) {
    case "ArrowLeft":
      next = position > 0 ? row[position - 1] : null;
      if (position === -1) next = row.filter((b) => Number(b.dataset.take) > take).at(-1) ?? null;
      break;
    case "ArrowRight":
      next = position === -1 ? row.find((b) => Number(b.dataset.take) < take) ?? null : row[position + 1] ?? null;
      break;
    case "ArrowUp":
    case "ArrowDown": {
      const heapCount = group.querySelectorAll(".heaps-row").length;
      const step = event.key === "ArrowUp" ? -1 : 1;
      for (let other = heap + step; other >= 0 && other < heapCount; other += step) {
        const choices = inHeap(other);
        if (choices.length > 0) {
          next = choices.reduce((a, b) =>
            Math.abs(Number(b.dataset.take) - take) < Math.abs(Number(a.dataset.take) - take) ? b : a,
          );
          break;
        }
      }
      break;
    }
    case "Home":
      next = row[0] ?? null;
      break;
    case "End":
      next = row.at(-1) ?? null;
      break;
    default:
      return;
  }
  event.preventDefault();
  if (next) {
    makeTabStop(group, next);
    next.focus();
    Object.assign(memory, { heap: Number(next.dataset.heap), take: Number(next.dataset.take), active: true });
  }
}

/**
 * Set up a heaps board (Nim, subtraction games).
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountHeaps(root, context) {
  mountGame(root, context, { board: "heaps", draw: drawHeaps });
}
