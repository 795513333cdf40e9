// Chomp: a chocolate bar whose bottom-left square is poisoned. A bite at
// (row r, column c) eats that square and every square above it and to its
// right; whoever is left with the poisoned square alone has lost. The position
// is the list of row lengths from the poisoned row upwards, never increasing:
// [4, 4, 4] is a bar of 3 rows of 4 squares. [1] is the end: the player to move
// must eat the poison, so the last mover wins, as game.js has it.
//
// The bar is a grid of square buttons (rows drawn top first, as they are seen);
// hovering or focusing a square shades the bite it would make. One square at a
// time is in the Tab order (roving tabindex); the arrow keys move between
// squares, Enter chooses, a second Enter (or « Jouer ») plays.
//
// Markup: <div data-board="chomp" data-bar="4×7"></div> (rows × columns, or the
// row lengths from the poisoned row upwards: data-bar="5 3 1").

import { candidates, h, plural, randomInt } from "./kit.js";
import { mountGame } from "./game.js";

/** Largest bar the board sets up: every staircase inside it is in nimcore's table. */
const MAX_SIDE = 10;

const isRectangle = (rows) => rows.every((length) => length === rows[0]);

/** The bar left by a bite at (row, column), empty rows dropped. */
function bite(rows, row, column) {
  return rows.map((length, index) => (index >= row ? Math.min(length, column) : length)).filter((length) => length > 0);
}

const squareCount = (rows) => rows.reduce((total, length) => total + length, 0);

/** The move in French, as nimcore writes it (rows and columns counted from 1). */
function biteText(rows, row, column) {
  const eaten = squareCount(rows) - squareCount(bite(rows, row, column));
  return `croquer le carré ligne ${row + 1}, colonne ${column + 1} (${plural(eaten, "carré")} ${eaten < 2 ? "mangé" : "mangés"})`;
}

/** Is square (row, column) eaten on the way to `target` (a bar, or null)? */
const eatenBy = (target, row, column) => Array.isArray(target) && column >= (target[row] ?? 0);

/**
 * Read a bar typed by the reader: "3×4" (rows × columns) or row lengths "5 3 1".
 * @returns {import("./game.js").Setup}
 */
function readBar(text) {
  const source = String(text).trim();
  if (source === "") {
    return { ok: false, message: "indiquez la tablette\u00a0: «\u00a03×4\u00a0» pour un rectangle, ou les longueurs des rangées comme «\u00a05 3 1\u00a0»." };
  }
  const rectangle = /^(\d+)\s*[x×X*]\s*(\d+)$/.exec(source);
  if (rectangle) {
    const [height, width] = [Number(rectangle[1]), Number(rectangle[2])];
    if (height < 1 || width < 1) {
      return { ok: false, message: "une tablette a au moins une ligne et une colonne." };
    }
    if (height > MAX_SIDE || width > MAX_SIDE) {
      return { ok: false, message: `tablette trop grande (${height}×${width})\u00a0: ${MAX_SIDE} lignes et ${MAX_SIDE} colonnes au plus.` };
    }
    return checked(Array(height).fill(width));
  }
  const parts = source.split(/[\s,;-]+/).filter(Boolean);
  if (parts.length > MAX_SIDE) {
    return { ok: false, message: `trop de rangées (${parts.length})\u00a0: ${MAX_SIDE} au plus.` };
  }
  const rows = [];
  for (const [index, part] of parts.entries()) {
    if (!/^\d+$/.test(part)) {
      return { ok: false, message: `«\u00a0${part}\u00a0» n’est ni une longueur de rangée ni un rectangle comme «\u00a03×4\u00a0».` };
    }
    const length = Number(part);
    if (length < 1) {
      return { ok: false, message: `la rangée ${index + 1} est vide\u00a0: une rangée contient au moins un carré.` };
    }
    if (length > MAX_SIDE) {
      return { ok: false, message: `la rangée ${index + 1} a ${length} carrés\u00a0: ${MAX_SIDE} au plus (tablette de ${MAX_SIDE}×${MAX_SIDE} au plus).` };
    }
    if (index > 0 && length > rows[index - 1]) {
      return {
        ok: false,
        message: `la rangée ${index + 1} (${plural(length, "carré")}) est plus longue que la rangée ${index} (${plural(rows[index - 1], "carré")})\u00a0: les longueurs ne doivent pas augmenter en montant.`,
      };
    }
    rows.push(length);
  }
  return checked(rows);
}

function checked(rows) {
  if (rows.length === 1 && rows[0] === 1) {
    return { ok: false, message: "la tablette 1×1 n’a que le carré empoisonné\u00a0: il n’y a rien à jouer." };
  }
  return { ok: true, position: rows, options: {} };
}

/** The bar as the setup field shows it: "3×4" for a rectangle, else the row lengths. */
const barText = (rows) => (isRectangle(rows) ? `${rows.length}×${rows[0]}` : rows.join(" "));

/**
 * Candidate random starts (nimcore picks): a rectangle of 2 to 7 rows and 2 to
 * 9 columns, then bars inside it, so that nimcore's search of the rectangle
 * answers for all of them.
 */
function randomBar() {
  const [height, width] = [randomInt(2, 7), randomInt(2, 9)];
  const inside = () =>
    Array.from({ length: randomInt(2, height) }, () => randomInt(1, width)).sort((a, b) => b - a);
  return [Array(height).fill(width), ...candidates(inside, 31)];
}

function describe(rows) {
  if (isRectangle(rows)) {
    return `une tablette de ${plural(rows.length, "rangée")} de ${plural(rows[0], "carré")}`;
  }
  return `une tablette en escalier, rangées de ${rows.join(", ")} carrés depuis la rangée empoisonnée`;
}

const METHODS = {
  famille: "la règle de cette famille donne la réponse, à toute taille.",
  table: `réponse lue dans la table des positions perdantes du carré ${MAX_SIDE}×${MAX_SIDE}, calculée par nimcore.`,
  recherche: "réponse trouvée par une recherche exhaustive.",
};

/** The spec of one Chomp board: each board keeps its own keyboard cursor. */
function chompSpec() {
  /** The square that is in the Tab order. @type {{row: number, column: number} | null} */
  let cursor = null;

  /** Keep the cursor on a square of `rows`: the nearest one below or to the left. */
  function clampCursor(rows) {
    if (cursor === null) {
      const top = rows.length - 1;
      cursor = { row: top, column: rows[top] - 1 };
    }
    const row = Math.min(cursor.row, rows.length - 1);
    cursor = { row, column: Math.min(cursor.column, rows[row] - 1) };
  }

  /** @type {import("./game.js").GameSpec} */
  return {
    game: "chomp",
    title: "Chomp",
    initial: (dataset) => readBar(dataset.bar ?? "4×7"),
    fields() {
      const input = h("input", { type: "text", name: "tablette", autocomplete: "off", spellcheck: "false" });
      input.id = `chomp-tablette-${Math.random().toString(36).slice(2, 8)}`;
      const help = h("span", {
        class: "chomp-field-help",
        id: `${input.id}-aide`,
        text: `«\u00a04×7\u00a0» pour 4 lignes de 7 carrés, ou les longueurs des rangées depuis la rangée empoisonnée, comme «\u00a05 3 1\u00a0» (${MAX_SIDE}×${MAX_SIDE} au plus).`,
      });
      input.setAttribute("aria-describedby", help.id);
      return {
        element: h("p", { class: "game-field chomp-field" }, h("label", { for: input.id, text: "Tablette\u00a0:" }), input, help),
        fill: (position) => {
          input.value = barText(position);
        },
        read: () => readBar(input.value),
      };
    },
    random: randomBar,
    encode: (position) => position.join("-"),
    decode: (text) => {
      if (!/^\d{1,2}(-\d{1,2}){0,9}$/.test(text)) {
        return { ok: false, message: `«\u00a0${text}\u00a0» n’est pas une tablette de la forme 4-4-4` };
      }
      return readBar(text.replaceAll("-", " "));
    },
    describe,
    hint(analysis) {
      const parts = [];
      if (analysis.family && analysis.family !== "poison") {
        parts.push(
          h("p", { class: "chomp-family" }, "Famille reconnue\u00a0: ", h("strong", { text: `«\u00a0${analysis.family_name}\u00a0»` }), ` — ${METHODS[analysis.method] ?? ""}`),
        );
      } else if (!analysis.family) {
        parts.push(h("p", { class: "chomp-family", text: `Aucune famille résolue ne contient cette tablette\u00a0: ${METHODS[analysis.method] ?? ""}` }));
      }
      if (analysis.nimber !== null && analysis.nimber !== undefined) {
        parts.push(h("p", { class: "chomp-nimber", text: `Valeur de Grundy de la tablette\u00a0: ${analysis.nimber}.` }));
      }
      return parts;
    },
    draw(container, view) {
      const rows = view.position;
      const height = rows.length;
      const width = rows[0];
      const active = document.activeElement;
      const hadFocus = active instanceof HTMLElement && container.contains(active) && active.classList.contains("chomp-square");
      clampCursor(rows);

      const bar = h("div", {
        class: `chomp-bar${view.interactive ? "" : " is-waiting"}`,
        role: "group",
        "aria-label": `La tablette, ${describe(rows)}\u202f; les flèches passent d’un carré à l’autre`,
        style: `--columns: ${width}`,
      });
      /** @type {HTMLButtonElement[][]} */
      const squares = rows.map(() => []);

      const preview = (row, column, on) => {
        squares.forEach((line, r) =>
          line.forEach((square, c) => square.classList.toggle("is-previewed", on && r >= row && c >= column)),
        );
      };

      for (let row = height - 1; row >= 0; row -= 1) {
        bar.append(h("span", { class: "chomp-axis", "aria-hidden": "true", style: `grid-row: ${height - row}; grid-column: 1`, text: String(row + 1) }));
        for (let column = 0; column < rows[row]; column += 1) {
          const poisoned = row === 0 && column === 0;
          const classes = ["chomp-square"];
          if (poisoned) classes.push("is-poisoned");
          if (eatenBy(view.selection, row, column)) classes.push("is-chosen");
          if (eatenBy(view.highlight, row, column)) classes.push("is-hinted");
          const isCursor = cursor.row === row && cursor.column === column;
          const square = h("button", {
            type: "button",
            class: classes.join(" "),
            style: `grid-row: ${height - row}; grid-column: ${column + 2}`,
            tabindex: isCursor ? "0" : "-1",
            "data-row": row,
            "data-column": column,
            "aria-disabled": view.interactive ? null : "true",
            "aria-label": poisoned
              ? "Carré empoisonné, ligne 1, colonne 1\u00a0: il ne se croque pas"
              : biteText(rows, row, column),
            text: poisoned ? "☠" : null,
            onclick: () => {
              cursor = { row, column };
              if (poisoned) {
                view.refuse("Le carré empoisonné ne se croque pas\u00a0: celui qui n’a plus que lui a perdu. Choisissez un autre carré.");
                return;
              }
              view.choose(bite(rows, row, column), biteText(rows, row, column));
            },
          });
          if (view.interactive && !poisoned) {
            square.addEventListener("pointerenter", () => preview(row, column, true));
            square.addEventListener("pointerleave", () => preview(row, column, false));
            square.addEventListener("focus", () => preview(row, column, true));
            square.addEventListener("blur", () => preview(row, column, false));
          }
          squares[row].push(square);
          bar.append(square);
        }
      }
      for (let column = 0; column < width; column += 1) {
        bar.append(h("span", { class: "chomp-axis", "aria-hidden": "true", style: `grid-row: ${height + 1}; grid-column: ${column + 2}`, text: String(column + 1) }));
      }

      bar.addEventListener("keydown", (event) => {
        const moves = {
          ArrowLeft: [0, -1],
          ArrowRight: [0, 1],
          ArrowUp: [1, 0],
          ArrowDown: [-1, 0],
        };
        let { row, column } = cursor;
        if (event.key in moves) {
          const [dr, dc] = moves[event.key];
          row = Math.max(0, Math.min(height - 1, row + dr));
          column = Math.max(0, Math.min(rows[row] - 1, column + dc));
        } else if (event.key === "Home") {
          column = 0;
        } else if (event.key === "End") {
          column = rows[row] - 1;
        } else {
          return;
        }
        event.preventDefault();
        squares[cursor.row][cursor.column].tabIndex = -1;
        cursor = { row, column };
        const target = squares[row][column];
        target.tabIndex = 0;
        target.focus();
      });

      container.replaceChildren(
        bar,
        h(
          "p",
          { class: "chomp-legend" },
          h("span", { class: "chomp-legend-poison", "aria-hidden": "true", text: "☠" }),
          " carré empoisonné (ligne\u00a01, colonne\u00a01)\u00a0: il ne se croque pas. Une bouchée mange le carré choisi et tous ceux qui sont au-dessus et à sa droite (grisés au survol).",
        ),
      );
      if (hadFocus) {
        squares[cursor.row][cursor.column].focus();
      }
    },
  };
}

/** Set up a Chomp board. */
export function mountChomp(root, context) {
  mountGame(root, context, chompSpec());
}
