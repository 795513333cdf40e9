// Pawns on Delahaye's board: a square board, pawns that move one or two cells
// to the right or down, towards the bottom-right corner, where they stop.
// Several pawns may share a cell; whoever can move no pawn loses. The position
// is the list of the pawns' cells [row, column], counted from 0 at the top
// left (nimcore/graph.py); the options are {size}. The engine compares the
// cells as a multiset, so a move keeps the pawns in place and changes one cell.
//
// A pawn is chosen first (a button), then one of its one to four target cells
// (buttons drawn on the board); choosing the same target again, or « Jouer »,
// plays the move. A toggle writes every cell's Grundy value, asked from the
// engine ("pions.analyse" on a pawn in every cell): nothing is computed here.
//
// Markup: <div data-board="pions" data-size="5" data-pions="1-1 2-1 3-1 4-1 5-1"></div>
// (cells as row-column, counted from 1, as a reader writes them).

import { candidates, followChosen, h, plural, randomInt, tokenNimberTable } from "./kit.js";
import { mountGame } from "./game.js";

const MIN_SIZE = 3;
const MAX_SIZE = 8;
const MAX_PAWNS = 10;
const RANDOM_MAX_PAWNS = 6;
/** Delahaye's start: five pawns in the left column of the 5×5 board. */
const DELAHAYE = { size: 5, pawns: [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]] };

/** A cell as a reader reads it, counted from 1. */
const cellName = ([row, column]) => `ligne ${row + 1}, colonne ${column + 1}`;
/** A cell as the setup field writes it: "3-1". */
const cellCode = ([row, column]) => `${row + 1}-${column + 1}`;

const isCorner = ([row, column], size) => row === size - 1 && column === size - 1;

/** The cells a pawn on `cell` can reach: one or two to the right, one or two down. */
function targets([row, column], size) {
  const cells = [];
  for (const step of [1, 2]) {
    if (column + step < size) cells.push([row, column + step]);
  }
  for (const step of [1, 2]) {
    if (row + step < size) cells.push([row + step, column]);
  }
  return cells;
}

/** The move of pawn `index` to `target`, in French (as nimcore says it). */
function moveText(index, [row, column], [toRow, toColumn]) {
  const down = toRow - row;
  const steps = down || toColumn - column;
  const distance = steps === 1 ? "d’une case" : `de ${steps} cases`;
  const direction = down ? "vers le bas" : "vers la droite";
  return `avancer le pion ${index + 1} ${distance} ${direction} (${cellName([row, column])} → ${cellName([toRow, toColumn])})`;
}

/** The position after pawn `index` moves to `target`: the other pawns stay in place. */
const moved = (pawns, index, target) => pawns.map((cell, i) => (i === index ? target : cell));

/** Which pawn moves, and where, on the way to `target` (null when it is not one pawn's move). */
function moveTo(pawns, target) {
  if (!Array.isArray(target) || target.length !== pawns.length) {
    return null;
  }
  const changed = pawns.flatMap((cell, i) =>
    Array.isArray(target[i]) && (target[i][0] !== cell[0] || target[i][1] !== cell[1]) ? [i] : [],
  );
  return changed.length === 1 ? { index: changed[0], cell: target[changed[0]] } : null;
}

const sameCell = (p, q) => p !== null && q !== null && p[0] === q[0] && p[1] === q[1];

/** Read the side of the board typed by the reader. */
function readSize(text) {
  const trimmed = String(text).trim();
  if (!/^\d+$/.test(trimmed)) {
    return { ok: false, message: `«\u00a0${trimmed}\u00a0» n’est pas un nombre de cases.` };
  }
  const size = Number(trimmed);
  if (size < MIN_SIZE || size > MAX_SIZE) {
    return { ok: false, message: `le damier a de ${MIN_SIZE} à ${MAX_SIZE} cases de côté, pas ${size}.` };
  }
  return { ok: true, size };
}

/**
 * Read the pawns typed by the reader: cells "ligne-colonne" counted from 1 ("1-1 3-2").
 * @returns {import("./game.js").Setup}
 */
function readPawns(text, size) {
  const parts = String(text).split(/[\s;]+/).map((part) => part.replace(/,$/, "")).filter(Boolean);
  if (parts.length === 0) {
    return { ok: false, message: "indiquez au moins un pion, par sa case «\u00a0ligne-colonne\u00a0» comptée à partir de 1, comme «\u00a03-1\u00a0»." };
  }
  if (parts.length > MAX_PAWNS) {
    return { ok: false, message: `trop de pions (${parts.length})\u00a0: ${MAX_PAWNS} au plus.` };
  }
  const pawns = [];
  for (const part of parts) {
    const match = /^(\d+)[-,.](\d+)$/.exec(part);
    if (!match) {
      return { ok: false, message: `«\u00a0${part}\u00a0» n’est pas une case de la forme ligne-colonne, comme «\u00a03-1\u00a0».` };
    }
    const [row, column] = [Number(match[1]), Number(match[2])];
    if (row < 1 || row > size || column < 1 || column > size) {
      return {
        ok: false,
        message: `la case ${part} est hors du damier ${size}×${size} (lignes et colonnes de 1 à ${size}).`,
      };
    }
    pawns.push([row - 1, column - 1]);
  }
  if (pawns.every((cell) => isCorner(cell, size))) {
    return { ok: false, message: "tous les pions sont déjà dans la case en bas à droite\u00a0: il n’y a rien à jouer." };
  }
  return { ok: true, position: pawns, options: { size } };
}

function readSetup(sizeText, pawnsText) {
  const size = readSize(sizeText);
  return size.ok ? readPawns(pawnsText, size.size) : size;
}

/** Candidate random starts: one to six pawns, none in the corner (nimcore picks; sides are MIN_SIZE or more). */
function randomPawns({ size }) {
  const draw = () => {
    const pawns = [];
    for (let count = randomInt(1, RANDOM_MAX_PAWNS); pawns.length < count; ) {
      const cell = [randomInt(0, size - 1), randomInt(0, size - 1)];
      if (!isCorner(cell, size)) {
        pawns.push(cell);
      }
    }
    return pawns.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  };
  return candidates(draw);
}

function describe(pawns, { size }) {
  return `${plural(pawns.length, "pion")} sur un damier ${size}×${size}, en ${pawns.map((cell) => `(${cell[0] + 1}, ${cell[1] + 1})`).join(", ")}`;
}

/** The spec of one pawn board: each keeps its chosen pawn and its table of cell values. */
function pionsSpec(engine) {
  /** The pawn whose targets are shown. @type {number | null} */
  let chosen = null;
  const following = { shownFor: "", lastSelection: "null" }; // for followChosen
  let showValues = false;
  /** Grundy value of every cell, by board side, from the engine. @type {Map<number, number[][] | "waiting">} */
  const values = new Map();
  /** The latest view, to redraw when the cell values arrive. */
  let lastView = null;
  /** A focus to give after the next drawing (keyboard use), by data-key, and where to go if it is gone. */
  let focusNext = null;
  let focusFallback = null;

  function askValues(size) {
    if (values.has(size)) {
      return;
    }
    values.set(size, "waiting");
    const everyCell = [];
    for (let row = 0; row < size; row += 1) {
      for (let column = 0; column < size; column += 1) {
        everyCell.push([row, column]);
      }
    }
    engine
      .request("pions.analyse", { position: everyCell, options: { size } })
      .then((analysis) => {
        const table = [];
        for (let row = 0; row < size; row += 1) {
          table.push(analysis.token_nimbers.slice(row * size, (row + 1) * size));
        }
        values.set(size, table);
        if (showValues && lastView) lastView.redraw();
      })
      .catch((error) => {
        values.delete(size);
        if (lastView) lastView.refuse(`Valeurs des cases indisponibles\u00a0: ${error.message}`);
      });
  }

  /** @type {import("./game.js").GameSpec} */
  return {
    game: "pions",
    title: "Pions sur le damier",
    initial: (dataset) =>
      readSetup(dataset.size ?? String(DELAHAYE.size), dataset.pions ?? DELAHAYE.pawns.map(cellCode).join(" ")),
    fields() {
      const uid = Math.random().toString(36).slice(2, 8);
      const side = h("input", { type: "text", name: "cote", inputmode: "numeric", autocomplete: "off", id: `pions-cote-${uid}`, size: 3 });
      const pawns = h("input", { type: "text", name: "pions", autocomplete: "off", spellcheck: "false", id: `pions-cases-${uid}` });
      const help = h("span", {
        class: "pions-field-help",
        id: `pions-aide-${uid}`,
        text: `Chaque pion par sa case «\u00a0ligne-colonne\u00a0», comptées à partir de 1 en haut à gauche\u00a0: «\u00a01-1 3-2\u00a0» (${MAX_PAWNS} pions au plus, plusieurs sur une même case si l’on veut).`,
      });
      pawns.setAttribute("aria-describedby", help.id);
      const fill = (position, options) => {
        side.value = String(options.size);
        pawns.value = position.map(cellCode).join(" ");
      };
      const delahaye = h("button", {
        type: "button",
        class: "md-button pions-delahaye",
        text: "Départ de Delahaye (cinq pions à gauche)",
        onclick: () => fill(DELAHAYE.pawns, { size: DELAHAYE.size }),
      });
      return {
        element: h(
          "div",
          {},
          h("p", { class: "game-field" }, h("label", { for: side.id, text: `Côté du damier (${MIN_SIZE} à ${MAX_SIZE})\u00a0:` }), side),
          h("p", { class: "game-field pions-field" }, h("label", { for: pawns.id, text: "Pions\u00a0:" }), pawns, help),
          h("p", { class: "game-presets" }, delahaye),
        ),
        fill,
        read: () => readSetup(side.value, pawns.value),
      };
    },
    random: randomPawns,
    encode: (position, { size }) => `${size}-${position.map(([row, column]) => `${row + 1}${column + 1}`).join("-")}`,
    decode(text) {
      const match = /^(\d)((?:-\d\d){1,10})$/.exec(text);
      if (!match) {
        return { ok: false, message: `«\u00a0${text}\u00a0» n’est pas une position de la forme 5-11-21 (côté, puis ligne et colonne de chaque pion)` };
      }
      const cells = match[2].slice(1).split("-").map((cell) => `${cell[0]}-${cell[1]}`);
      return readSetup(match[1], cells.join(" "));
    },
    describe,
    hint(analysis, position) {
      return [
        tokenNimberTable({
          kind: "pions",
          piece: "Pion",
          place: "Case",
          label: "Le nimber de la case de chaque pion, et leur somme de Nim",
          places: position.map((cell) => `(${cell[0] + 1}, ${cell[1] + 1})`),
          nimbers: analysis.token_nimbers,
          nimber: analysis.nimber,
          best: analysis.recommended ? analysis.recommended.token : null,
        }),
      ];
    },
    draw(container, view) {
      lastView = view;
      const pawns = view.position;
      const { size } = view.options;
      // A move chosen on the board or by the hint shows its pawn's targets.
      const selected = moveTo(pawns, view.selection);
      chosen = followChosen(following, chosen, {
        key: JSON.stringify([pawns, size]),
        selection: view.selection,
        selected,
        movable: (index) => index < pawns.length && !isCorner(pawns[index], size),
      });
      const hinted = moveTo(pawns, view.highlight);
      const active = document.activeElement;
      const focusedKey = active instanceof HTMLElement && container.contains(active) ? active.dataset.key ?? null : null;
      const table = showValues ? values.get(size) : undefined;
      if (showValues) askValues(size);

      const grid = h("div", {
        class: `pions-grid${view.interactive ? "" : " is-waiting"}`,
        role: "group",
        "aria-label": `Le damier ${size}×${size}\u00a0: ${describe(pawns, view.options)}`,
        style: `--size: ${size}`,
      });
      grid.append(h("span", { class: "pions-axis", "aria-hidden": "true", style: "grid-row: 1; grid-column: 1" }));
      for (let column = 0; column < size; column += 1) {
        grid.append(h("span", { class: "pions-axis", "aria-hidden": "true", style: `grid-row: 1; grid-column: ${column + 2}`, text: String(column + 1) }));
      }
      const reachable = chosen === null ? [] : targets(pawns[chosen], size);
      for (let row = 0; row < size; row += 1) {
        grid.append(h("span", { class: "pions-axis", "aria-hidden": "true", style: `grid-row: ${row + 2}; grid-column: 1`, text: String(row + 1) }));
        for (let column = 0; column < size; column += 1) {
          const cell = [row, column];
          const classes = ["pions-cell", (row + column) % 2 ? "is-dark" : "is-light"];
          if (isCorner(cell, size)) classes.push("is-corner");
          if (hinted && sameCell(hinted.cell, cell)) classes.push("is-hinted");
          const square = h("div", { class: classes.join(" "), style: `grid-row: ${row + 2}; grid-column: ${column + 2}` });
          if (table && table !== "waiting") {
            square.append(h("span", { class: `pions-value${table[row][column] === 0 ? " is-zero" : ""}`, "aria-hidden": "true", text: String(table[row][column]) }));
          }
          const isTarget = reachable.some((target) => sameCell(target, cell));
          if (isTarget) {
            const to = moved(pawns, chosen, cell);
            const text = moveText(chosen, pawns[chosen], cell);
            const isChosen = selected !== null && selected.index === chosen && sameCell(selected.cell, cell);
            if (isChosen) square.classList.add("is-selected");
            square.append(
              h("button", {
                type: "button",
                class: "pions-target",
                "data-key": `cible-${row}-${column}`,
                "aria-pressed": isChosen ? "true" : "false",
                "aria-label": text,
                title: text,
                onclick: () => {
                  focusNext = `cible-${row}-${column}`;
                  focusFallback = `pion-${chosen}`; // once the move is played
                  view.choose(to, text);
                },
              }),
            );
          }
          const here = pawns.flatMap((place, index) => (sameCell(place, cell) ? [index] : []));
          if (here.length > 0) {
            const stack = h("span", { class: `pions-stack${here.length > 2 ? " is-crowded" : ""}` });
            for (const index of here) {
              const stuck = isCorner(cell, size);
              const label = stuck
                ? `Pion ${index + 1}, ${cellName(cell)}\u00a0: arrivé en bas à droite, il ne bouge plus`
                : `Pion ${index + 1}, ${cellName(cell)}\u00a0: ${chosen === index ? "choisi, ses cases d’arrivée sont sur le damier" : "choisir ce pion"}`;
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
                    if (!view.interactive) {
                      view.choose(view.position, ""); // game.js says why it is not the reader's turn
                      return;
                    }
                    if (stuck) {
                      view.refuse(`Le pion ${index + 1} est arrivé dans la case en bas à droite\u00a0: il ne peut plus bouger. Choisissez un autre pion.`);
                      return;
                    }
                    chosen = index;
                    const first = targets(pawns[index], size)[0];
                    focusNext = `cible-${first[0]}-${first[1]}`;
                    view.redraw();
                    view.announce(`Pion ${index + 1} choisi\u00a0: choisissez sa case d’arrivée.`);
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
          focusNext = `pion-${chosen}`;
          chosen = null;
          view.redraw();
        }
      });

      const toggle = h("input", { type: "checkbox", "data-key": "valeurs", class: "pions-toggle-box" });
      toggle.checked = showValues;
      toggle.addEventListener("change", () => {
        showValues = toggle.checked;
        focusNext = "valeurs";
        view.redraw();
      });
      const toggleId = `pions-valeurs-${Math.random().toString(36).slice(2, 8)}`;
      toggle.id = toggleId;
      let valuesNote = "";
      if (showValues && (table === undefined || table === "waiting")) {
        valuesNote = h("span", { class: "pions-values-note", text: "Valeurs en cours de calcul par le moteur…" });
      } else if (showValues) {
        valuesNote = h("span", { class: "pions-values-note", text: "En gras, les cases de valeur 0\u00a0: un pion seul sur l’une d’elles est perdant pour qui doit le jouer." });
      }

      container.replaceChildren(
        h(
          "p",
          { class: "pions-toggle" },
          toggle,
          h("label", { for: toggleId, text: "Écrire la valeur de Grundy de chaque case" }),
          valuesNote,
        ),
        h("div", { class: "pions-grid-wrap" }, grid),
        h(
          "p",
          { class: "pions-legend", text: chosen === null
            ? "Choisissez un pion, puis sa case d’arrivée\u00a0: une ou deux cases vers la droite, ou vers le bas. Le pion arrivé en bas à droite ne bouge plus."
            : `Pion ${chosen + 1} choisi\u00a0: ses cases d’arrivée sont marquées d’un rond. Choisissez-en une, puis «\u00a0Jouer\u00a0» (ou la même case une seconde fois). Échap change de pion.` },
        ),
      );
      const wanted = focusNext ?? focusedKey;
      const fallback = focusFallback;
      focusNext = null;
      focusFallback = null;
      if (wanted !== null) {
        const target =
          container.querySelector(`[data-key="${wanted}"]`) ??
          (fallback ? container.querySelector(`[data-key="${fallback}"]`) : null) ??
          (chosen !== null ? container.querySelector(`[data-key="pion-${chosen}"]`) : null);
        if (target instanceof HTMLElement) target.focus();
      }
    },
  };
}

/** Set up a board of pawns on Delahaye's board. */
export function mountPions(root, context) {
  mountGame(root, context, pionsSpec(context.engine));
}
