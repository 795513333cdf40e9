// The flowers game: a row of flowers; a player cuts a flower none of whose
// neighbours is cut. It is the octal game 0.137 (Dawson's chess): nimcore's
// game "flowers" plays the row itself — which flowers may be cut, the words of
// each move, the rule, the runs, the hint and the setup form are nimcore's
// (nimcore/games/flowers.py). This file draws the row and turns a touch into a
// gesture, {flower} (counted from 0).
//
// A flower is a <button>. The flowers whose gesture plays no move nimcore lists
// (cut, or next to a cut one) are marked (aria-disabled); touching one shows
// nimcore's refusal. The row is one Tab stop (a roving tabindex: the chosen
// flower, else the one the keyboard was last on, else the nearest that may be
// cut); the arrow keys, Home and End move between the flowers that may be cut,
// Enter chooses then plays, Escape forgets the chosen flower.
//
// Markup: <!-- nimcore:board kind=flowers game=flowers code=ffffffffff key=fleurs -->
// URL: ?fleurs=ffxfffffff (the row: f a flower standing, x a flower cut).

import { h, say } from "./kit.js";
import { mountGame } from "./game.js";

/** Where the keyboard was in each board's row: {flower, active}. */
const focusMemory = new WeakMap();

/** The flower a move cuts, from its gesture (-1 for none). @param {import("./game.js").Move | null} move */
const flowerOf = (move) => move?.gestures?.[0]?.flower ?? -1;

/**
 * Draw the row `view.position` in `container` (game.js calls it on every change).
 * @param {HTMLElement} container
 * @param {import("./game.js").View} view
 */
function drawRow(container, view) {
  const row = /** @type {string} */ (view.position);
  const memory = rememberFocus(container);
  const chosen = flowerOf(view.selection);
  const hinted = flowerOf(view.highlight);
  const flowers = h("div", { class: "flowers-row", role: "group", "aria-label": say("flowers_row") });
  for (let flower = 0; flower < row.length; flower += 1) {
    const gesture = { flower };
    const move = view.moveFor(gesture); // nimcore's move, null when none, undefined when not listed
    const cut = row[flower] === "x";
    const state = move ? "is-free" : cut ? "is-cut" : move === null ? "is-blocked" : "";
    const classes = ["flowers-flower", state];
    if (chosen >= 0 && Math.abs(flower - chosen) === 1 && !cut) classes.push("will-block");
    flowers.append(
      h(
        "button",
        {
          type: "button",
          class: classes.filter(Boolean).join(" "),
          tabindex: "-1",
          "data-flower": String(flower),
          "data-gesture": JSON.stringify(gesture),
          "aria-disabled": move === null ? "true" : null,
          "aria-pressed": move === null ? null : flower === chosen ? "true" : "false",
          "data-hinted": flower === hinted ? "" : null,
          "aria-label": move ? move.text : say(cut ? "flowers_flower_cut" : "flowers_flower", { flower: flower + 1 }),
          disabled: !view.interactive,
          onclick: () => (move ? view.choose(move) : view.gesture(gesture)),
        },
        h("span", { class: "flowers-drawing", "aria-hidden": "true" }),
        h("span", { class: "flowers-number", "aria-hidden": "true", text: String(flower + 1) }),
      ),
    );
  }
  flowers.addEventListener("keydown", (event) => moveFocus(event, flowers, memory, view));
  container.replaceChildren(flowers, h("p", { class: "flowers-runs", text: view.describe ? say("flowers_here", { describe: view.describe }) : "" }));
  if (!view.interactive) {
    return;
  }
  const stop = nearestFree(flowers, chosen >= 0 && !memory.active ? chosen : memory.flower);
  if (stop) {
    stop.tabIndex = 0;
    if (memory.active) {
      stop.focus({ preventScroll: true });
    }
  }
}

/**
 * Note the focused flower before a redraw (focus on the page's body means the board took it away).
 * @param {HTMLElement} container
 * @returns {{flower: number, active: boolean}}
 */
function rememberFocus(container) {
  const memory = focusMemory.get(container) ?? { flower: 0, active: false };
  focusMemory.set(container, memory);
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && container.contains(focused) && focused.dataset.flower) {
    Object.assign(memory, { flower: Number(focused.dataset.flower), active: true });
  } else if (focused && focused !== document.body) {
    memory.active = false;
  }
  return memory;
}

/** The flowers that may be cut (or whose moves are not known yet). @param {HTMLElement} row */
const freeFlowers = (row) => [.../** @type {NodeListOf<HTMLElement>} */ (row.querySelectorAll('.flowers-flower:not([aria-disabled="true"])'))];

/**
 * The flower at `flower` if it may be cut, or the nearest one that may; null when none may.
 * @param {HTMLElement} row
 * @param {number} flower
 */
function nearestFree(row, flower) {
  const free = freeFlowers(row);
  const distance = (/** @type {HTMLElement} */ button) => Math.abs(Number(button.dataset.flower) - flower);
  return free.length === 0 ? null : free.reduce((a, b) => (distance(b) < distance(a) ? b : a));
}

/**
 * Arrow keys, Home and End between the flowers that may be cut; Escape forgets the chosen one.
 * @param {KeyboardEvent} event
 * @param {HTMLElement} row
 * @param {{flower: number, active: boolean}} memory
 * @param {import("./game.js").View} view
 */
function moveFocus(event, row, memory, view) {
  const current = event.target instanceof HTMLElement ? event.target.closest(".flowers-flower") : null;
  if (!(current instanceof HTMLElement)) {
    return;
  }
  if (event.key === "Escape") {
    if (view.selection !== null) {
      event.preventDefault();
      view.deselect();
    }
    return;
  }
  const free = freeFlowers(row);
  const here = Number(current.dataset.flower);
  /** @type {HTMLElement | null} */
  let next = null;
  switch (event.key) {
    case "ArrowLeft":
    case "ArrowUp":
      next = free.filter((button) => Number(button.dataset.flower) < here).at(-1) ?? null;
      break;
    case "ArrowRight":
    case "ArrowDown":
      next = free.find((button) => Number(button.dataset.flower) > here) ?? null;
      break;
    case "Home":
      next = free[0] ?? null;
      break;
    case "End":
      next = free.at(-1) ?? null;
      break;
    default:
      return;
  }
  event.preventDefault();
  if (next) {
    for (const other of /** @type {NodeListOf<HTMLElement>} */ (row.querySelectorAll('[tabindex="0"]'))) {
      other.tabIndex = -1;
    }
    next.tabIndex = 0;
    next.focus();
    Object.assign(memory, { flower: Number(next.dataset.flower), active: true });
  }
}

/**
 * Set up a board of the flowers game.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountFlowers(root, context) {
  mountGame(root, context, { board: "flowers", draw: drawRow });
}
