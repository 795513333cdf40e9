// Pawns on Delahaye's board (nimcore's game "pawns"): a square board where
// pawns move towards the bottom-right corner. The position is the list of the
// pawns' cells [row, column], counted from 0 at the top left; the options are
// {size}. Which cells a pawn can reach, the words of each move, every refusal,
// the setup form and the Grundy value of every cell (the view's
// `drawing.values`) are nimcore's: this board only draws them.
//
// Every cell is a button, and the board is one Tab stop (a roving tabindex:
// the arrow keys go from cell to cell, Home and End along a row). A gesture is
// {token: cell, to: cell}: a cell holding pawns is touched first (its pawns are
// interchangeable: nimcore moves the first), then one of its arrivals, marked
// on the board and carrying its gesture (data-gesture); choosing the same
// arrival again, or « Jouer », plays the move. Touching any other cell is a
// gesture too, which nimcore refuses with its reason. Escape gives the pawn up.
//
// Markup: <!-- nimcore:board kind=pawns game=pawns code=5-11-21-31-41-51 key=pions -->

import { followChosen, h, say } from "./kit.js";
import { FocusKeeper } from "./roving.js";
import { mountGame } from "./game.js";

const sameCell = (/** @type {any} */ p, /** @type {any} */ q) => Array.isArray(p) && Array.isArray(q) && p[0] === q[0] && p[1] === q[1];

/** The cell a move's gesture starts from and the cell it goes to (null for none). */
const gestureOf = (/** @type {import("./game.js").Move | null} */ move) => {
  const gesture = move?.gestures?.[0];
  return gesture ? { from: /** @type {number[]} */ (gesture.token), to: /** @type {number[]} */ (gesture.to) } : null;
};

/** A cell's key: "cell-r-c". */
const keyOf = (/** @type {number[]} */ [row, column]) => `case-${row}-${column}`;

/** The spec of one pawn board: each keeps its chosen pawn, its Tab stop and whether the values are shown. */
function pawnsSpec() {
  /** The pawn whose arrivals are shown. @type {number | null} */
  let chosen = null;
  const following = { shownFor: "", lastSelection: "null" }; // for followChosen
  let showValues = false;
  /** Where the focus goes after the next drawing (keyboard use). */
  const focus = new FocusKeeper();
  /** The cell that is the board's Tab stop. @type {number[]} */
  let cursor = [0, 0];
  /** The values of the cells, from the latest view that had them. @type {number[][] | null} */
  let values = null;

  /** @type {import("./game.js").GameSpec} */
  return {
    board: "pawns",
    draw(container, view) {
      const pawns = /** @type {[number, number][]} */ (view.position);
      const { size } = view.options;
      const moves = view.moves ?? [];
      if (view.drawing) values = view.drawing.values;
      const movesFrom = (/** @type {number[]} */ cell) => moves.filter((move) => sameCell(gestureOf(move)?.from, cell));
      // A move chosen on the board or by the hint shows its pawn's arrivals.
      const selectedGesture = gestureOf(view.selection);
      const selectedIndex = selectedGesture ? pawns.findIndex((cell) => sameCell(cell, selectedGesture.from)) : -1;
      chosen = followChosen(following, chosen, {
        key: JSON.stringify([pawns, size]),
        selection: view.selection ? view.selection.id ?? view.selection.to : null,
        selected: selectedIndex >= 0 ? { index: selectedIndex } : null,
        movable: (index) => index < pawns.length && (movesFrom(pawns[index]).length > 0 || !view.known),
      });
      const hinted = gestureOf(view.highlight);
      focus.remember(container);
      cursor = [Math.min(cursor[0], size - 1), Math.min(cursor[1], size - 1)];

      const source = chosen === null ? null : pawns[chosen];
      const arrivals = source === null ? [] : movesFrom(source);
      const grid = h("div", {
        class: `pawns-grid${view.interactive ? "" : " is-waiting"}`,
        role: "group",
        "aria-label": say("pawns_board", { position: view.describe ?? "" }),
        style: `--size: ${size}`,
      });
      grid.append(h("span", { class: "pawns-axis", "aria-hidden": "true", style: "grid-row: 1; grid-column: 1" }));
      for (let column = 0; column < size; column += 1) {
        grid.append(h("span", { class: "pawns-axis", "aria-hidden": "true", style: `grid-row: 1; grid-column: ${column + 2}`, text: String(column + 1) }));
      }
      /** @type {HTMLButtonElement[]} */
      const cells = [];
      for (let row = 0; row < size; row += 1) {
        grid.append(h("span", { class: "pawns-axis", "aria-hidden": "true", style: `grid-row: ${row + 2}; grid-column: 1`, text: String(row + 1) }));
        for (let column = 0; column < size; column += 1) {
          const cell = [row, column];
          const here = pawns.flatMap((place, index) => (sameCell(place, cell) ? [index] : []));
          const move = arrivals.find((candidate) => sameCell(gestureOf(candidate)?.to, cell)) ?? null;
          const first = here.length > 0 ? here[0] : null;
          const movable = first !== null && (!view.known || movesFrom(cell).length > 0);
          const isChosen = chosen !== null && here.includes(chosen);
          const isSelected = move !== null && selectedGesture !== null && sameCell(selectedGesture.from, source) && sameCell(selectedGesture.to, cell);
          const classes = ["pawns-cell", (row + column) % 2 ? "is-dark" : "is-light"];
          if (row === size - 1 && column === size - 1) classes.push("is-corner");
          if (hinted && (sameCell(hinted.to, cell) || sameCell(hinted.from, cell))) classes.push("is-hinted");
          if (first !== null && !move) classes.push("pawns-pawn");
          if (isChosen) classes.push("is-chosen");
          if (first !== null && !movable) classes.push("is-stuck");
          if (move) classes.push("pawns-target");
          if (isSelected) classes.push("is-selected");
          // What a touch here does: play an arrival (nimcore's move), choose (or give up) the
          // pawns of a cell, else a gesture nimcore refuses, with its reason.
          const chooses = movable && !move;
          /** @type {Record<string, any>} */
          const gesture = move?.gestures?.[0] ?? (source !== null ? { token: source, to: cell } : { token: cell });
          const where = say("pawns_cell", { row: row + 1, column: column + 1 });
          const who = first === null ? where : say(here.length === 1 ? "pawns_pawn_one" : "pawns_pawn_many", { cell: where, pawns: here.map((index) => index + 1).join(", ") });
          const label = move ? move.text : isChosen ? say("pawns_pawn_chosen", { who }) : who;
          const button = h(
            "button",
            {
              type: "button",
              class: classes.join(" "),
              tabindex: "-1",
              style: `grid-row: ${row + 2}; grid-column: ${column + 2}`,
              "data-key": keyOf(cell),
              "data-row": String(row),
              "data-column": String(column),
              "data-pawn": first === null ? null : String(first),
              "data-gesture": chooses ? null : JSON.stringify(gesture),
              "aria-pressed": isChosen || isSelected ? "true" : "false",
              "aria-disabled": view.interactive && (move || chooses) ? null : "true",
              "aria-label": label,
              title: label,
              onclick: () => {
                cursor = cell;
                if (move) {
                  focus.next = keyOf(cell);
                  view.choose(move);
                } else if (isChosen && view.interactive) {
                  chosen = null; // the pawn given up
                  focus.next = keyOf(cell);
                  view.deselect();
                  view.redraw();
                } else if (chooses && view.interactive) {
                  chosen = first;
                  const next = gestureOf(movesFrom(cell)[0] ?? null);
                  focus.next = next ? keyOf(next.to) : keyOf(cell);
                  view.redraw();
                  view.announce(say("pawns_pawn_taken", { pawn: Number(first) + 1 }));
                } else {
                  view.gesture(gesture); // nimcore says why: no pawn here, a pawn that cannot move, no such move
                }
              },
            },
            showValues && values ? h("span", { class: `pawns-value${values[row][column] === 0 ? " is-zero" : ""}`, "aria-hidden": "true", text: String(values[row][column]) }) : null,
            // The pawns' numbers are drawn by the style sheet (from data-pawns): the button's name
            // says them, and an arrival's name is its move.
            first === null ? null : h("span", { class: `pawns-stack${here.length > 2 ? " is-crowded" : ""}`, "aria-hidden": "true", "data-pawns": here.map((index) => index + 1).join("·") }),
          );
          cells.push(button);
          grid.append(button);
        }
      }
      // One Tab stop: the cell asked for, else the cursor, else the chosen pawn.
      const stopKey = focus.next ?? focus.had ?? keyOf(cursor);
      const stop = cells.find((button) => button.dataset.key === stopKey) ?? cells[0];
      stop.tabIndex = 0;
      cursor = [Number(stop.dataset.row), Number(stop.dataset.column)];
      grid.addEventListener("keydown", (event) => {
        const target = event.target instanceof HTMLElement ? event.target.closest("button") : null;
        if (!target) return;
        if (event.key === "Escape" && chosen !== null) {
          event.preventDefault();
          focus.next = keyOf(pawns[chosen]);
          chosen = null;
          view.deselect();
          view.redraw();
          return;
        }
        const [row, column] = [Number(target.dataset.row), Number(target.dataset.column)];
        /** @type {Record<string, number[]>} */
        const steps = { ArrowLeft: [row, column - 1], ArrowRight: [row, column + 1], ArrowUp: [row - 1, column], ArrowDown: [row + 1, column], Home: [row, 0], End: [row, size - 1] };
        const next = steps[event.key];
        if (!next) return;
        event.preventDefault();
        const [r, c] = [Math.max(0, Math.min(size - 1, next[0])), Math.max(0, Math.min(size - 1, next[1]))];
        const button = cells[r * size + c];
        target.tabIndex = -1;
        button.tabIndex = 0;
        cursor = [r, c];
        button.focus();
      });

      const toggle = h("button", {
        type: "button",
        class: "md-button pawns-toggle-button",
        "data-key": "valeurs",
        "aria-pressed": showValues ? "true" : "false",
        text: say("pawns_values"),
        onclick: () => {
          showValues = !showValues;
          focus.next = "valeurs";
          view.redraw();
        },
      });
      container.replaceChildren(
        h("div", { class: "pawns-grid-wrap" }, grid),
        h(
          "p",
          { class: "pawns-toggle" },
          toggle,
          showValues ? h("span", { class: "pawns-values-note", text: say("pawns_values_note") }) : "",
        ),
        h("p", { class: "pawns-legend", text: chosen === null ? say("pawns_legend") : say("pawns_legend_chosen", { pawn: chosen + 1 }) }),
      );
      focus.restore(container, chosen !== null ? keyOf(pawns[chosen]) : null);
    },
  };
}

/**
 * Set up a board of pawns on Delahaye's board.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountPawns(root, context) {
  mountGame(root, context, pawnsSpec());
}
