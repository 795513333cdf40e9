// The Chomp board ("chomp"): a chocolate bar, its rows drawn from the poisoned
// row upwards. Which squares may be bitten, what each bite eats, its words,
// where the poisoned square is (the view's drawing), the rule, the end, the
// hint and the setup form are nimcore's: this file draws the bar and turns a
// touch into a gesture, {cell: [row, column]} (from 0, the poisoned row first).
//
// The bar is a grid of square buttons (rows drawn top first, as they are seen);
// hovering or focusing a square shades what a bite there would eat (a square,
// and those above it and to its right: the drawing of a bite). A square nimcore
// lists no bite for is marked (aria-disabled): touching it shows nimcore's
// refusal, the poisoned square's included. The bar is one Tab stop (roving
// tabindex): arrow keys move between squares, Home and End to a row's ends,
// Enter chooses, Enter again plays, Escape forgets.
//
// Markup: <!-- nimcore:board kind=chomp game=chomp code=7-7-7-7 -->

import { h, say } from "./kit.js";
import { mountGame } from "./game.js";
import { Roving } from "./roving.js";

/**
 * The square a move bites (its {cell} gesture), or null.
 * @param {import("./game.js").Move | null} move
 * @returns {[number, number] | null}
 */
const cellOf = (move) => move?.gestures?.[0]?.cell ?? null;

/** Does a bite at `cell` eat square (row, column)? */
const eats = (/** @type {[number, number] | null} */ cell, /** @type {number} */ row, /** @type {number} */ column) =>
  cell !== null && row >= cell[0] && column >= cell[1];

/**
 * The spec of one Chomp board: each board keeps its bar and where its keyboard was.
 * @returns {import("./game.js").GameSpec}
 */
function chompSpec() {
  const keys = new Roving(".chomp-square");
  /** @type {import("./game.js").View | null} the view of the last draw, which the bar's listeners act on */
  let current = null;
  /** The poisoned square, as nimcore's drawing says (kept while a move is checked: no drawing then). */
  /** @type {[number, number] | null} */
  let poisoned = null;
  /**
   * The box last built: a square for every cell of a height × width box, the
   * bar's own shown, the eaten ones hidden; each square's move (the one its
   * label was written from) is kept, so that a draw touches only what changed.
   * @type {{height: number, width: number, bar: HTMLElement, frame: HTMLElement, cue: HTMLElement,
   *   squares: HTMLButtonElement[][], shownMoves: (import("./game.js").Move | null | undefined | false)[][],
   *   rowAxis: HTMLElement[], columnAxis: HTMLElement[], shownHeight: number, shownWidth: number,
   *   shownPoison: string} | null}
   */
  let built = null;

  /**
   * A square for every cell of a height × width box, and the bar's listeners,
   * which read the view of the last draw.
   * @param {number} height
   * @param {number} width
   */
  function build(height, width) {
    const bar = h("div", { class: "chomp-bar", role: "group", "aria-label": say("chomp_bar") });
    /** @type {HTMLButtonElement[][]} */
    const squares = Array.from({ length: height }, () => []);
    /** @type {(import("./game.js").Move | null | undefined | false)[][]} false: not yet labelled */
    const shownMoves = Array.from({ length: height }, () => []);
    /** @type {HTMLElement[]} */
    const rowAxis = [];
    // The rows in the page's order as they are seen, top first (reading order).
    for (let row = height - 1; row >= 0; row -= 1) {
      const axis = h("span", { class: "chomp-axis", "aria-hidden": "true", text: String(row + 1) });
      axis.style.gridColumn = "1";
      rowAxis[row] = axis;
      bar.append(axis);
      for (let column = 0; column < width; column += 1) {
        const square = document.createElement("button");
        square.type = "button";
        square.className = "chomp-square";
        square.tabIndex = -1;
        square.style.gridColumn = String(column + 2);
        square.dataset.row = String(row);
        square.dataset.col = String(column);
        squares[row].push(square);
        shownMoves[row].push(false);
        bar.append(square);
      }
    }
    /** @type {HTMLElement[]} */
    const columnAxis = [];
    for (let column = 0; column < width; column += 1) {
      const axis = h("span", { class: "chomp-axis", "aria-hidden": "true", text: String(column + 1) });
      axis.style.gridColumn = String(column + 2);
      columnAxis.push(axis);
      bar.append(axis);
    }

    /** The square an event is about, with its row and column, or null. */
    const squareOf = (/** @type {Event} */ event) => {
      const square = event.target instanceof Element ? event.target.closest(".chomp-square") : null;
      return square instanceof HTMLElement ? { row: Number(square.dataset.row), column: Number(square.dataset.col) } : null;
    };
    /** Shade the bite of (row, column), or nothing. */
    const preview = (/** @type {number} */ row, /** @type {number} */ column, /** @type {boolean} */ on) => {
      squares.forEach((line, r) =>
        line.forEach((square, c) => square.classList.toggle("is-previewed", on && !square.hidden && r >= row && c >= column)),
      );
    };
    // One listener of each kind for the whole bar.
    bar.addEventListener("click", (event) => {
      const found = squareOf(event);
      if (found === null || current === null) {
        return;
      }
      const gesture = { cell: [found.row, found.column] };
      const move = current.moveFor(gesture);
      if (move) {
        current.choose(move);
      } else {
        current.gesture(gesture); // nimcore's move, or why there is none
      }
    });
    /** The bite under the pointer or the keyboard's focus, shaded while the reader may play it. */
    const shade = (/** @type {Event} */ event, /** @type {boolean} */ on) => {
      const found = squareOf(event);
      if (found !== null && current?.interactive && current.moveFor({ cell: [found.row, found.column] }) !== null) {
        preview(found.row, found.column, on);
      }
    };
    bar.addEventListener("pointerover", (event) => shade(event, true));
    bar.addEventListener("pointerout", (event) => shade(event, false));
    bar.addEventListener("focusin", (event) => shade(event, true));
    bar.addEventListener("focusout", (event) => shade(event, false));
    bar.addEventListener("keydown", (event) => keys.keys(event, bar, { up: 1, escape: () => current?.deselect() }));
    const frame = h("div", { class: "chomp-frame" }, bar);
    const cue = h("p", { class: "chomp-scroll-cue", hidden: true, text: say("chomp_scroll_cue") });
    return {
      height,
      width,
      bar,
      frame,
      cue,
      squares,
      shownMoves,
      rowAxis,
      columnAxis,
      shownHeight: -1,
      shownWidth: -1,
      shownPoison: "",
    };
  }

  /**
   * @param {HTMLElement} container
   * @param {import("./game.js").View} view
   */
  function draw(container, view) {
    const rows = /** @type {number[]} */ (view.position);
    keys.note(container);
    current = view;
    poisoned = view.drawing?.poisoned ?? poisoned;
    // Up to 169 squares, built once for the box of a game's bar: a move, a hint
    // or the computer's turn hides the squares eaten and updates the others, so
    // that the page's work for a turn is a few attributes, not a new bar.
    const height = rows.length;
    const width = rows[0];
    if (built === null || height > built.height || width > built.width || !container.contains(built.bar)) {
      built = build(height, width);
      container.replaceChildren(
        built.frame,
        built.cue,
        h(
          "p",
          { class: "chomp-legend" },
          h("span", { class: "chomp-legend-poison", "aria-hidden": "true", text: "☠" }),
          " ",
          say("chomp_legend"),
        ),
      );
    }
    const box = built;
    const { bar, squares, shownMoves } = box;
    if (box.shownHeight !== height) {
      // The rows are drawn top first: the grid's rows follow the bar's height.
      box.rowAxis.forEach((axis, row) => {
        axis.hidden = row >= height;
        axis.style.gridRow = String(height - row);
        squares[row].forEach((square) => {
          square.style.gridRow = String(height - row);
        });
      });
      box.columnAxis.forEach((axis) => {
        axis.style.gridRow = String(height + 1);
      });
      box.shownHeight = height;
    }
    if (box.shownWidth !== width) {
      bar.style.setProperty("--columns", String(width));
      box.columnAxis.forEach((axis, column) => {
        axis.hidden = column >= width;
      });
      box.shownWidth = width;
    }
    const poison = JSON.stringify(poisoned);
    const poisonMoved = box.shownPoison !== poison;
    box.shownPoison = poison;
    bar.classList.toggle("is-waiting", !view.interactive);
    const selected = cellOf(view.selection);
    const hinted = cellOf(view.highlight);
    squares.forEach((line, row) =>
      line.forEach((square, column) => {
        const shown = column < (rows[row] ?? 0);
        if (square.hidden === shown) {
          square.hidden = !shown;
        }
        if (!shown) {
          shownMoves[row][column] = false; // an eaten square is labelled again when it comes back
          delete square.dataset.gesture; // no gesture on an eaten square
          return;
        }
        square.dataset.gesture ??= JSON.stringify({ cell: [row, column] });
        const isPoisoned = poisoned !== null && poisoned[0] === row && poisoned[1] === column;
        const move = view.moveFor({ cell: [row, column] }); // null: no bite; undefined: not listed
        if (shownMoves[row][column] !== move || poisonMoved) {
          shownMoves[row][column] = move;
          square.classList.toggle("is-poisoned", isPoisoned);
          square.textContent = isPoisoned ? "☠" : "";
          square.setAttribute(
            "aria-label",
            move ? move.text : say(isPoisoned ? "chomp_poisoned" : "chomp_square", { row: row + 1, column: column + 1 }),
          );
        }
        square.classList.toggle("is-chosen", eats(selected, row, column));
        square.classList.toggle("is-hinted", eats(hinted, row, column));
        square.classList.remove("is-previewed");
        const playable = view.interactive && move !== null;
        if (playable) {
          square.removeAttribute("aria-disabled");
        } else if (!square.hasAttribute("aria-disabled")) {
          square.setAttribute("aria-disabled", "true");
        }
      }),
    );
    // The bar's stop: the chosen bite's square, else the top row's last (a one-square bite).
    const chosen = selected === null ? null : squares[selected[0]]?.[selected[1]] ?? null;
    keys.settle(bar, { preferred: chosen, start: { row: height - 1, col: rows[height - 1] - 1 } });
    // A bar wider than the screen (13 columns on a small phone) scrolls in its frame: said under it.
    requestAnimationFrame(() => {
      box.cue.hidden = box.frame.scrollWidth <= box.frame.clientWidth + 1;
    });
  }

  return { board: "chomp", draw };
}

/**
 * Set up a Chomp board.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountChomp(root, context) {
  mountGame(root, context, chompSpec());
}
