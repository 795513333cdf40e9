// Heaps of matches, shared by the boards whose position is a list of heaps and
// whose move takes some matches from one heap (Nim, « Un tas », « Nim à K
// maximum »): the drawing with the selection and the hinted move, the
// keyboard, the setup fields these boards ask for, the position in the URL and
// the small table of nimbers the hints show.
//
// A match is a <button>: choosing it takes it and every match after it in its
// heap. The amounts the rule forbids are marked (aria-disabled) and refused in
// French when chosen. The heaps are one Tab stop (a roving tabindex: the
// chosen move, else the match the keyboard was last on, else the nearest
// allowed one); arrow keys move between the allowed matches (Left / Right in a
// heap, Up / Down between heaps, Home / End), Enter chooses then plays, Escape
// forgets the chosen move.

import { candidates, h, plural, randomInt } from "./kit.js";

/**
 * How a board says what a move may take.
 * @typedef {{
 *   allows: (take: number) => boolean,
 *   refusal: (take: number) => string,
 *   caption?: string,
 * }} HeapRule
 *   `refusal(take)` is the French sentence shown when a forbidden match is chosen.
 */

/** The move taking `take` matches from heap `heap` (from 0), in the engine's words. */
export function heapMoveText(heaps, heap, take) {
  const before = heaps[heap];
  return `retirer ${plural(take, "allumette")} du tas ${heap + 1} (${before}\u00a0→\u00a0${before - take})`;
}

/** The position reached by taking `take` matches from heap `heap`. */
export function takeFrom(heaps, heap, take) {
  return heaps.map((size, index) => (index === heap ? size - take : size));
}

/** Does the move to `target` remove match `index` of heap `heap`? */
const removes = (target, heap, index) => Array.isArray(target) && index >= target[heap];

/** Where the keyboard was in each board's heaps: {heap, take, active}. */
const focusMemory = new WeakMap();

/**
 * Draw the heaps of `view.position` in `container` (game.js calls it on every change).
 * @param {HTMLElement} container
 * @param {import("./game.js").View} view
 * @param {HeapRule} rule
 */
export function drawHeaps(container, view, rule) {
  const heaps = /** @type {number[]} */ (view.position);
  const memory = rememberFocus(container);
  const group = h("div", { class: "heaps", role: "group", "aria-label": heaps.length === 1 ? "Le tas" : "Les tas" });
  heaps.forEach((size, heap) => {
    const matches = h("div", { class: "heaps-matches" });
    for (let index = 0; index < size; index += 1) {
      const take = size - index;
      const allowed = rule.allows(take);
      const to = takeFrom(heaps, heap, take);
      const text = heapMoveText(heaps, heap, take);
      matches.append(
        h("button", {
          type: "button",
          class: allowed ? "heaps-match" : "heaps-match is-forbidden",
          tabindex: "-1",
          "aria-disabled": allowed ? null : "true",
          "aria-pressed": removes(view.selection, heap, index) ? "true" : "false",
          "data-hinted": removes(view.highlight, heap, index) ? "" : null,
          "data-heap": String(heap),
          "data-take": String(take),
          "aria-label": allowed ? `Tas ${heap + 1}\u00a0: ${text}` : `Tas ${heap + 1}\u00a0: ${text} (interdit)`,
          disabled: !view.interactive,
          onclick: () => (allowed ? view.choose(to, text) : view.refuse(rule.refusal(take))),
        }),
      );
    }
    if (size === 0) {
      matches.append(h("span", { class: "heaps-empty", text: "vide" }));
    }
    const taken = Array.isArray(view.selection) ? size - view.selection[heap] : 0;
    const count = taken > 0 ? `${size}\u00a0→ ${size - taken}` : String(size);
    group.append(
      h(
        "div",
        { class: "heaps-row", "data-heap": String(heap) },
        h("span", { class: "heaps-label", text: `Tas ${heap + 1}` }),
        matches,
        h("span", { class: "heaps-count", "aria-hidden": "true", text: count }),
      ),
    );
  });
  group.addEventListener("keydown", (event) => moveFocus(event, group, memory, view));
  container.replaceChildren(rule.caption ? h("p", { class: "heaps-rule", text: rule.caption }) : "", group);
  if (!view.interactive) {
    return;
  }
  const chosen = chosenMatch(heaps, view.selection);
  const stop = nearestAllowed(group, chosen && !memory.active ? chosen : memory);
  if (stop) {
    makeTabStop(group, stop);
    if (memory.active) {
      stop.focus({ preventScroll: true });
    }
  }
}

/** The heap and amount of the chosen move, if it takes from one heap. */
function chosenMatch(heaps, selection) {
  if (!Array.isArray(selection)) {
    return null;
  }
  const heap = heaps.findIndex((size, index) => selection[index] < size);
  return heap === -1 ? null : { heap, take: heaps[heap] - selection[heap] };
}

/** Note the focused match before a redraw (focus on the page's body means the board took it away). */
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

const allowedMatches = (group) => [...group.querySelectorAll(".heaps-match:not(.is-forbidden)")];

/** The allowed match at {heap, take}, or the nearest one (same heap first); null when none is allowed. */
function nearestAllowed(group, { heap, take }) {
  const candidates = allowedMatches(group);
  if (candidates.length === 0) {
    return null;
  }
  const distance = (button) =>
    Math.abs(Number(button.dataset.heap) - heap) * 1000 + Math.abs(Number(button.dataset.take) - take);
  return candidates.reduce((a, b) => (distance(b) < distance(a) ? b : a));
}

/** Make `button` the heaps' only Tab stop. */
function makeTabStop(group, button) {
  for (const other of group.querySelectorAll('.heaps-match[tabindex="0"]')) {
    other.tabIndex = -1;
  }
  button.tabIndex = 0;
}

/** Arrow keys, Home and End between the allowed matches; Escape forgets the chosen move. */
function moveFocus(event, group, memory, view) {
  const current = event.target.closest?.(".heaps-match");
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
  const inHeap = (index) => candidates.filter((button) => Number(button.dataset.heap) === index);
  const row = inHeap(heap);
  const position = row.indexOf(current);
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

// ---- setup fields ---------------------------------------------------------------

let fieldCount = 0;

/**
 * A labelled control of the setup form.
 * @param {string} label
 * @param {HTMLElement} control  an <input> or a <select> with a name
 */
export function setupField(label, control) {
  fieldCount += 1;
  control.id = `heaps-${control.getAttribute("name")}-${fieldCount}`;
  return h("p", { class: "game-field" }, h("label", { for: control.id, text: label }), control);
}

/** A text input for whole numbers. */
export function numberInput(name) {
  return h("input", { type: "text", name, inputmode: "numeric", autocomplete: "off", spellcheck: "false" });
}

/** The choice between normal and misère play: a <select name="convention">. */
export function conventionSelect() {
  return h(
    "select",
    { name: "convention" },
    h("option", { value: "normale", text: "Normale (qui prend la dernière allumette gagne)" }),
    h("option", { value: "misere", text: "Misère (qui prend la dernière allumette perd)" }),
  );
}

/** Is the data attribute or the select set to misère? */
export const isMisere = (value) => ["misere", "misère", "oui", "true"].includes(String(value ?? "").toLowerCase());

/** Heaps in a URL: "9-6-4". */
export const encodeHeaps = (heaps) => heaps.join("-");

/** "9-6-4" → "9 6 4", or null when the text is not heaps in a URL. */
export function decodeHeaps(text, maxCount) {
  return new RegExp(`^\\d{1,3}(?:-\\d{1,3}){0,${maxCount - 1}}$`).test(text) ? text.replaceAll("-", " ") : null;
}

/** The heaps in words: "un tas de 21 allumettes", "3 tas de 7, 9 et 12 allumettes". */
export function describeHeaps(heaps) {
  if (heaps.length === 1) {
    return `un tas de ${plural(heaps[0], "allumette")}`;
  }
  const sizes = heaps.slice(0, -1).join(", ") + " et " + heaps.at(-1);
  return `${heaps.length} tas de ${sizes} allumettes`;
}

/**
 * Candidate random starts for a heap game: `count` heaps of 1 to `max`
 * matches each (nimcore picks among them by the rules).
 * @param {number} count
 * @param {{max: number}} sizes
 */
export function randomHeaps(count, { max }) {
  return candidates(() => Array.from({ length: count }, () => randomInt(1, max)));
}

// ---- hints -------------------------------------------------------------------------

/**
 * The table of the heaps' nimbers and their nim-sum, the recommended heap marked.
 * @param {{heaps: number[], nimbers: number[], total: number, heading: string, best: number | null, sum?: boolean}} table
 *   `nimbers` and their nim-sum `total` are nimcore's; `heading` names the
 *   nimber column ("x mod 4", "nimber g(x)"); `best` is the heap (from 0) of
 *   the recommended move.
 */
export function nimberTable({ heaps, nimbers, total, heading, best, sum = heaps.length > 1 }) {
  const body = h("tbody");
  heaps.forEach((size, heap) => {
    body.append(
      h(
        "tr",
        { class: heap === best ? "is-best" : null },
        h("th", { scope: "row", text: `Tas ${heap + 1}` }),
        h("td", { text: String(size) }),
        h("td", { text: String(nimbers[heap]) }),
      ),
    );
  });
  const foot = sum
    ? h(
        "tfoot",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "row", text: "Somme de Nim" }),
          h("td", { colspan: "2", class: "heaps-nim-sum", text: `${nimbers.join(" ⊕ ")} = ${total}` }),
        ),
      )
    : null;
  return h(
    "table",
    { class: "heaps-nimbers" },
    
    h(
      "thead",
      {},
      h("tr", {}, h("th", { scope: "col", text: "Tas" }), h("th", { scope: "col", text: "Allumettes x" }), h("th", { scope: "col", text: `Nimber ${heading}` })),
    ),
    body,
    foot,
  );
}
