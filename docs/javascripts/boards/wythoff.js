// The Wythoff board ("wythoff"): two heaps of tokens, and the same position as
// a queen on the lattice, at (heap 1, heap 2). Which moves are allowed, their
// words, the rule, the hint and the setup form are nimcore's: this file draws
// the heaps and the lattice, and turns a touch into a gesture.
//
// A token is a button: touching it takes it and every token after it in its
// heap (the gesture {heap, take}). A cell of the lattice is a button too: it
// sends the queen there ({cell: [x, y]}); the lattice shows the cells the
// queen may reach or not, x from 0 to heap 1 and y from 0 to heap 2. Gestures
// nimcore lists no move for are marked (aria-disabled); touching one shows
// nimcore's refusal. The tokens are one Tab stop and the lattice another
// (roving tabindex): arrows move between tokens (Left / Right along a heap,
// Up / Down to the line drawn above or below: a heap wraps on a phone) and
// between cells (Up goes up the lattice), Home / End to a row's ends; Enter
// chooses, Enter again plays, Escape forgets.
//
// Markup: <!-- nimcore:board kind=wythoff game=wythoff code=5-8 -->

import { fillText, formOf, h, say } from "./kit.js";
import { mountGame } from "./game.js";
import { Roving } from "./roving.js";

/**
 * The cell a move sends the queen to (its {cell} gesture): the heaps it leaves; null for none.
 * @param {import("./game.js").Move | null} move
 * @returns {[number, number] | null}
 */
const cellOf = (move) => {
  const gesture = move?.gestures?.find((one) => "cell" in one);
  return gesture ? gesture.cell : null;
};

/**
 * The Wythoff board's spec: each board keeps where its keyboard was.
 * @param {import("./kit.js").SetupForm} form  nimcore's setup form (data-form): the lattice's caption
 * @returns {import("./game.js").GameSpec}
 */
function wythoffSpec(form) {
  const tokensKeys = new Roving(".wythoff-token", { skipForbidden: true, lines: true });
  const latticeKeys = new Roving(".wythoff-cell");

  /**
   * @param {HTMLElement} container
   * @param {import("./game.js").View} view
   */
  function draw(container, view) {
    const [a, b] = /** @type {[number, number]} */ (view.position);
    const chosen = cellOf(view.selection);
    const hinted = cellOf(view.highlight);
    tokensKeys.note(container);
    latticeKeys.note(container);
    /** Does the move to `cell` take token `index` of heap `heap`? */
    const takes = (/** @type {[number, number] | null} */ cell, /** @type {number} */ heap, /** @type {number} */ index) =>
      cell !== null && index >= cell[heap];
    /** @param {import("./game.js").Move | null | undefined} move @param {Record<string, any>} gesture */
    const act = (move, gesture) => () => (move ? view.choose(move) : view.gesture(gesture));

    const heaps = h("div", { class: "wythoff-heaps", role: "group", "aria-label": say("wythoff_heaps") });
    /** @type {HTMLElement | null} */
    let chosenToken = null;
    [a, b].forEach((size, heap) => {
      const tokens = h("div", { class: "wythoff-tokens" });
      for (let index = 0; index < size; index += 1) {
        const take = size - index;
        const gesture = { heap, take };
        const move = view.moveFor(gesture); // nimcore's move: null when none, undefined when not listed
        const token = h("button", {
          type: "button",
          class: move === null ? "wythoff-token is-forbidden" : "wythoff-token",
          tabindex: "-1",
          "data-row": String(heap),
          "data-col": String(index),
          "data-gesture": JSON.stringify(gesture),
          "aria-disabled": move === null ? "true" : null,
          "aria-pressed": takes(chosen, heap, index) ? "true" : "false",
          "data-hinted": takes(hinted, heap, index) ? "" : null,
          "aria-label": move
            ? say("heap_move", { heap: heap + 1, move: move.text })
            : say("heap_forbidden", { heap: heap + 1, take }),
          disabled: !view.interactive,
          onclick: act(move, gesture),
        });
        if (move && view.selection && view.same(move, view.selection) && chosenToken === null) {
          chosenToken = token; // the first token the chosen move takes
        }
        tokens.append(token);
      }
      heaps.append(
        h(
          "div",
          { class: "wythoff-heap" },
          h("span", { class: "wythoff-label", text: say("heap_name", { heap: heap + 1 }) }),
          h("span", { class: "wythoff-count", "aria-hidden": "true", text: String(size) }),
          size === 0 ? h("span", { class: "wythoff-empty", text: say("heap_empty") }) : tokens,
        ),
      );
    });
    heaps.addEventListener("keydown", (event) => tokensKeys.keys(event, heaps, { escape: () => view.deselect() }));

    // The cells the queen may be sent to: x from 0 to a, y from 0 to b, the highest row first.
    const lattice = h("div", {
      class: "wythoff-lattice",
      role: "group",
      "aria-label": say("wythoff_lattice", { a, b }),
    });
    lattice.style.setProperty("--columns", String(a + 1));
    /** @type {HTMLElement | null} */
    let chosenCell = null;
    for (let y = b; y >= 0; y -= 1) {
      for (let x = 0; x <= a; x += 1) {
        const gesture = { cell: [x, y] };
        const queen = x === a && y === b;
        const move = view.moveFor(gesture);
        const classes = ["wythoff-cell"];
        if (queen) classes.push("is-queen");
        if (move) classes.push("is-reachable");
        if (move === null) classes.push("is-forbidden");
        if (chosen !== null && chosen[0] === x && chosen[1] === y) classes.push("is-selected");
        if (hinted !== null && hinted[0] === x && hinted[1] === y) classes.push("is-hinted");
        const cell = h("button", {
          type: "button",
          class: classes.join(" "),
          tabindex: "-1",
          "data-row": String(y),
          "data-col": String(x),
          "data-x": String(x),
          "data-y": String(y),
          "data-gesture": JSON.stringify(gesture),
          "aria-disabled": move === null ? "true" : null,
          "aria-pressed": classes.includes("is-selected") ? "true" : "false",
          "aria-label": move
            ? say("wythoff_cell_move", { x, y, move: move.text })
            : say(queen ? "wythoff_queen" : "wythoff_cell", { x, y }),
          text: queen ? "♛" : "",
          disabled: !view.interactive,
          onclick: act(move, gesture),
        });
        if (classes.includes("is-selected")) chosenCell = cell;
        lattice.append(cell);
      }
    }
    lattice.addEventListener("keydown", (event) => latticeKeys.keys(event, lattice, { up: 1, escape: () => view.deselect() }));

    const frame = h("div", { class: "wythoff-lattice-frame" }, lattice);
    const cue = h("p", { class: "wythoff-scroll-cue", hidden: true, text: say("wythoff_scroll_cue") });
    container.replaceChildren(
      h(
        "div",
        { class: "wythoff-board" },
        heaps,
        h(
          "figure",
          { class: "wythoff-figure" },
          frame,
          cue,
          h("figcaption", { text: fillText(form.texts.caption ?? "", { a, b }) }),
        ),
      ),
    );
    // A lattice wider than the screen scrolls in its frame: said under it (read once laid out).
    requestAnimationFrame(() => {
      cue.hidden = frame.scrollWidth <= frame.clientWidth + 1;
    });
    if (!view.interactive) {
      return;
    }
    // The tokens' stop: the chosen move's first token, else the last token of heap 1 (one token).
    tokensKeys.settle(heaps, { preferred: chosenToken, start: { row: 0, col: Math.max(a, b) } });
    // The lattice's stop: the chosen cell, else the one nearest the queen.
    latticeKeys.settle(lattice, { preferred: chosenCell, start: { row: b, col: a - 1 } });
  }

  return { board: "wythoff", draw };
}

/**
 * Set up a Wythoff board.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountWythoff(root, context) {
  mountGame(root, context, wythoffSpec(formOf(root)));
}
