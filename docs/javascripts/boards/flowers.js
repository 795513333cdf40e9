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
// cut); the arrow keys, Home and End move between the flowers that may be cut
// (Up / Down to the line drawn above or below, when the row wraps), Enter
// chooses then plays, Escape forgets the chosen flower.
//
// Markup: <!-- nimcore:board kind=flowers game=flowers code=ffffffffff key=fleurs -->
// URL: ?fleurs=ffxfffffff (the row: f a flower standing, x a flower cut).

import { h, say } from "./kit.js";
import { mountGame } from "./game.js";
import { Roving } from "./roving.js";

/** Where the keyboard was in each board's row (the shared roving tabindex). @type {WeakMap<HTMLElement, Roving>} */
const rovings = new WeakMap();

/** The flower a move cuts, from its gesture (-1 for none). @param {import("./game.js").Move | null} move */
const flowerOf = (move) => move?.gestures?.[0]?.flower ?? -1;

/**
 * Draw the row `view.position` in `container` (game.js calls it on every change).
 * @param {HTMLElement} container
 * @param {import("./game.js").View} view
 */
function drawRow(container, view) {
  const row = /** @type {string} */ (view.position);
  const keys = rovings.get(container) ?? new Roving(".flowers-flower", { skipForbidden: true, lines: true });
  rovings.set(container, keys);
  keys.note(container);
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
          "data-row": "0",
          "data-col": String(flower),
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
  const escape = view.selection === null ? undefined : () => view.deselect();
  flowers.addEventListener("keydown", (event) => keys.keys(event, flowers, { escape }));
  container.replaceChildren(flowers, h("p", { class: "flowers-runs", text: view.describe ? say("flowers_here", { describe: view.describe }) : "" }));
  if (!view.interactive) {
    return;
  }
  const preferred = chosen >= 0 ? flowers.querySelector(`[data-flower="${chosen}"]`) : null;
  keys.settle(flowers, { preferred: preferred instanceof HTMLElement ? preferred : null });
}

/**
 * Set up a board of the flowers game.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountFlowers(root, context) {
  mountGame(root, context, { board: "flowers", draw: drawRow });
}
