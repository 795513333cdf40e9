// Pawns on Delahaye's board (nimcore's game "pawns"): a square board where
// pawns move towards the bottom-right corner. The position is the list of the
// pawns' cells [row, column], counted from 0 at the top left; the options are
// {size}. Which cells a pawn can reach, the words of each move, why a pawn
// cannot go somewhere, and the Grundy value of every cell (the view's
// `drawing.values`) are nimcore's: this board only draws them.
//
// A pawn is chosen first (a button), then one of its target cells (buttons
// drawn on the board, from nimcore's moves); choosing the same target again,
// or « Jouer », plays the move. Escape gives the pawn up.
//
// Markup: <!-- nimcore:board kind=pions game=pawns code=5-11-21-31-41-51 key=pions -->

import { FocusKeeper, fillText, followChosen, formField, formOf, h } from "./kit.js";
import { mountGame } from "./game.js";

/** A cell as a reader reads it, counted from 1. */
const cellName = (/** @type {number[]} */ [row, column]) => `ligne ${row + 1}, colonne ${column + 1}`;
/** A cell as the setup field writes it: "3-1". */
const cellCode = (/** @type {[number, number]} */ [row, column]) => `${row + 1}-${column + 1}`;
const sameCell = (/** @type {any} */ p, /** @type {any} */ q) => Array.isArray(p) && Array.isArray(q) && p[0] === q[0] && p[1] === q[1];

/**
 * Read the side and the pawns typed by the reader: cells "ligne-colonne" counted from 1
 * ("1-1 3-2"). Syntax only: nimcore checks the board and the cells; the sentences are its form's.
 * @param {string} sideText
 * @param {string} pawnsText
 * @param {import("./kit.js").SetupForm} form
 * @returns {import("./game.js").Setup}
 */
function readSetup(sideText, pawnsText, form) {
  const side = String(sideText).trim();
  if (!/^\d{1,2}$/.test(side)) {
    return { ok: false, message: fillText(form.texts.size_syntax ?? "", { text: side }) };
  }
  const parts = String(pawnsText).split(/[\s;]+/).map((part) => part.replace(/,$/, "")).filter(Boolean);
  if (parts.length === 0) {
    return { ok: false, message: form.texts.no_pawn ?? "" };
  }
  const pawns = [];
  for (const part of parts) {
    const match = /^(\d{1,2})[-,.](\d{1,2})$/.exec(part);
    if (!match) {
      return { ok: false, message: fillText(form.texts.cell_syntax ?? "", { text: part }) };
    }
    pawns.push([Number(match[1]) - 1, Number(match[2]) - 1]);
  }
  return { ok: true, position: pawns, options: { size: Number(side) } };
}

/**
 * The spec of one pawn board: each keeps its chosen pawn and whether the values are shown.
 * @param {import("./kit.js").SetupForm} form  nimcore's setup form (data-form)
 */
function pionsSpec(form) {
  const sizeField = formField(form, "size");
  const pawnsField = formField(form, "pawns");
  /** The pawn whose targets are shown. @type {number | null} */
  let chosen = null;
  const following = { shownFor: "", lastSelection: "null" }; // for followChosen
  let showValues = false;
  /** Where the focus goes after the next drawing (keyboard use). */
  const focus = new FocusKeeper();
  /** The values of the cells, from the latest view that had them. @type {number[][] | null} */
  let values = null;

  /** @type {import("./game.js").GameSpec} */
  return {
    board: "pions",
    fields() {
      const uid = Math.random().toString(36).slice(2, 8);
      const side = h("input", { type: "text", name: "cote", inputmode: "numeric", autocomplete: "off", id: `pions-cote-${uid}`, size: 3 });
      const pawns = h("input", { type: "text", name: "pions", autocomplete: "off", spellcheck: "false", id: `pions-cases-${uid}` });
      const help = h("span", {
        class: "pions-field-help",
        id: `pions-aide-${uid}`,
        text: pawnsField.help ?? "",
      });
      pawns.setAttribute("aria-describedby", help.id);
      return {
        element: h(
          "div",
          {},
          h("p", { class: "game-field" }, h("label", { for: side.id, text: sizeField.label }), side),
          h("p", { class: "game-field pions-field" }, h("label", { for: pawns.id, text: pawnsField.label }), pawns, help),
        ),
        fill(position, options) {
          side.value = String(options.size);
          pawns.value = position.map(cellCode).join(" ");
        },
        read: () => readSetup(side.value, pawns.value, form),
      };
    },
    draw(container, view) {
      const pawns = /** @type {[number, number][]} */ (view.position);
      const { size } = view.options;
      const moves = view.moves ?? [];
      if (view.drawing) values = view.drawing.values;
      const movesOf = (/** @type {number} */ index) => moves.filter((move) => move.token === index);
      // A move chosen on the board or by the hint shows its pawn's targets.
      const selected = view.selection ? { index: view.selection.token, cell: view.selection.target } : null;
      chosen = followChosen(following, chosen, {
        key: JSON.stringify([pawns, size]),
        selection: view.selection ? view.selection.to : null,
        selected,
        movable: (index) => index < pawns.length && (movesOf(index).length > 0 || !view.known),
      });
      const hinted = view.highlight ? { index: view.highlight.token, cell: view.highlight.target } : null;
      focus.remember(container);

      const grid = h("div", {
        class: `pions-grid${view.interactive ? "" : " is-waiting"}`,
        role: "group",
        "aria-label": `Le damier\u00a0: ${view.describe ?? ""}`,
        style: `--size: ${size}`,
      });
      grid.append(h("span", { class: "pions-axis", "aria-hidden": "true", style: "grid-row: 1; grid-column: 1" }));
      for (let column = 0; column < size; column += 1) {
        grid.append(h("span", { class: "pions-axis", "aria-hidden": "true", style: `grid-row: 1; grid-column: ${column + 2}`, text: String(column + 1) }));
      }
      const reachable = chosen === null ? [] : movesOf(chosen);
      for (let row = 0; row < size; row += 1) {
        grid.append(h("span", { class: "pions-axis", "aria-hidden": "true", style: `grid-row: ${row + 2}; grid-column: 1`, text: String(row + 1) }));
        for (let column = 0; column < size; column += 1) {
          const cell = [row, column];
          const classes = ["pions-cell", (row + column) % 2 ? "is-dark" : "is-light"];
          if (row === size - 1 && column === size - 1) classes.push("is-corner");
          if (hinted && sameCell(hinted.cell, cell)) classes.push("is-hinted");
          const square = h("div", { class: classes.join(" "), style: `grid-row: ${row + 2}; grid-column: ${column + 2}` });
          if (showValues && values) {
            const value = values[row][column];
            square.append(h("span", { class: `pions-value${value === 0 ? " is-zero" : ""}`, "aria-hidden": "true", text: String(value) }));
          }
          const move = reachable.find((candidate) => sameCell(candidate.target, cell));
          if (move) {
            const isChosen = selected !== null && selected.index === chosen && sameCell(selected.cell, cell);
            if (isChosen) square.classList.add("is-selected");
            square.append(
              h("button", {
                type: "button",
                class: "pions-target",
                "data-key": `cible-${row}-${column}`,
                "data-to": JSON.stringify(move.to),
                "aria-pressed": isChosen ? "true" : "false",
                "aria-label": move.text,
                title: move.text,
                onclick: () => {
                  focus.next = `cible-${row}-${column}`;
                  focus.fallback = `pion-${chosen}`; // once the move is played
                  view.choose(move);
                },
              }),
            );
          }
          const here = pawns.flatMap((place, index) => (sameCell(place, cell) ? [index] : []));
          if (here.length > 0) {
            const stack = h("span", { class: `pions-stack${here.length > 2 ? " is-crowded" : ""}` });
            // Pawns on one cell are interchangeable: each of their buttons chooses the first
            // (nimcore lists its moves).
            const first = here[0];
            const stuck = view.known && movesOf(first).length === 0;
            for (const index of here) {
              const label = `Pion ${index + 1}, ${cellName(cell)}${chosen === index ? "\u00a0: choisi, ses cases d’arrivée sont sur le damier" : ""}`;
              stack.append(
                h("button", {
                  type: "button",
                  class: ["pions-pawn", chosen === index ? "is-chosen" : "", stuck ? "is-stuck" : "", hinted && hinted.index === index ? "is-hinted" : ""].filter(Boolean).join(" "),
                  "data-key": `pion-${index}`,
                  "data-pawn": String(index),
                  "aria-pressed": chosen === index ? "true" : "false",
                  "aria-disabled": view.interactive && !stuck ? null : "true",
                  "aria-label": label,
                  title: label,
                  text: String(index + 1),
                  onclick: () => {
                    if (!view.interactive || stuck) {
                      // nimcore says why (not the reader's turn, or a pawn that cannot move)
                      view.attempt(pawns.map((place, i) => (i === first ? null : place)));
                      return;
                    }
                    chosen = first;
                    const next = movesOf(first)[0];
                    focus.next = next ? `cible-${next.target[0]}-${next.target[1]}` : `pion-${first}`;
                    view.redraw();
                    view.announce(`Pion ${first + 1} choisi\u00a0: choisissez sa case d’arrivée.`);
                  },
                }),
              );
            }
            square.append(stack);
          }
          grid.append(square);
        }
      }
      grid.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && chosen !== null) {
          event.preventDefault();
          focus.next = `pion-${chosen}`;
          chosen = null;
          view.deselect();
          view.redraw();
        }
      });

      const toggle = h("input", { type: "checkbox", "data-key": "valeurs", class: "pions-toggle-box" });
      toggle.checked = showValues;
      toggle.addEventListener("change", () => {
        showValues = toggle.checked;
        focus.next = "valeurs";
        view.redraw();
      });
      const toggleId = `pions-valeurs-${Math.random().toString(36).slice(2, 8)}`;
      toggle.id = toggleId;
      const valuesNote = showValues
        ? h("span", { class: "pions-values-note", text: "En gras, les cases de valeur 0." })
        : "";

      container.replaceChildren(
        h("div", { class: "pions-grid-wrap" }, grid),
        h(
          "p",
          { class: "pions-toggle" },
          toggle,
          h("label", { for: toggleId, text: "Écrire la valeur de Grundy de chaque case" }),
          valuesNote,
        ),
        h("p", {
          class: "pions-legend",
          text:
            chosen === null
              ? "Choisissez un pion, puis l’une de ses cases d’arrivée."
              : `Pion ${chosen + 1} choisi\u00a0: ses cases d’arrivée sont marquées d’un rond. Choisissez-en une, puis «\u00a0Jouer\u00a0» (ou la même case une seconde fois). Échap change de pion.`,
        }),
      );
      focus.restore(container, chosen !== null ? `pion-${chosen}` : null);
    },
  };
}

/**
 * Set up a board of pawns on Delahaye's board.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountPions(root, context) {
  mountGame(root, context, pionsSpec(formOf(root)));
}
