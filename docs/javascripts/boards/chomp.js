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
// Which squares may be bitten, what each bite leaves and its words are
// nimcore's (the view's moves carry their row and column); eating the poisoned
// square is refused by nimcore too.
//
// Markup: <!-- nimcore:board kind=chomp game=chomp code=7-7-7-7 -->

import { fillText, formField, formOf, h } from "./kit.js";
import { mountGame } from "./game.js";

/** Is square (row, column) eaten on the way to `target` (a bar, or null)? */
const eatenBy = (/** @type {any} */ target, /** @type {number} */ row, /** @type {number} */ column) => Array.isArray(target) && column >= (target[row] ?? 0);

/**
 * Read a bar typed by the reader: "3×4" (rows × columns) or row lengths "5 3 1"
 * (syntax only: nimcore checks the bar). The largest bar the board draws, and
 * the sentences, are nimcore's form's: 13 rows of 13 squares, its table's box,
 * still fit a 360 px phone.
 * @param {string} text
 * @param {import("./kit.js").SetupForm} form
 * @returns {import("./game.js").Setup}
 */
function readBar(text, form) {
  const side = form.limits.side ?? 0;
  const source = String(text).trim();
  const rectangle = /^(\d{1,2})\s*[x×X*]\s*(\d{1,2})$/.exec(source);
  if (rectangle) {
    const [height, width] = [Number(rectangle[1]), Number(rectangle[2])];
    if (height > side || width > side) {
      return { ok: false, message: fillText(form.texts.too_large_rectangle ?? "", { height, width }) };
    }
    return { ok: true, position: Array(height).fill(width), options: {} };
  }
  const parts = source.split(/[\s,;-]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((part) => !/^\d{1,2}$/.test(part))) {
    return { ok: false, message: form.texts.syntax ?? "" };
  }
  const rows = parts.map(Number);
  const tooLarge = fits(rows, form);
  return tooLarge ? { ok: false, message: tooLarge } : { ok: true, position: rows, options: {} };
}

/**
 * Display limits: nimcore's refusal, or null when the bar fits the board.
 * @param {number[]} rows
 * @param {import("./kit.js").SetupForm} form
 */
function fits(rows, form) {
  const side = form.limits.side ?? 0;
  return rows.length > side || rows.some((length) => length > side) ? form.texts.too_large ?? "" : null;
}

/** The bar as the setup field shows it: "3×4" for a rectangle, else the row lengths. */
const barText = (/** @type {number[]} */ rows) => (rows.every((length) => length === rows[0]) ? `${rows.length}×${rows[0]}` : rows.join(" "));

/**
 * The spec of one Chomp board: each board keeps its own keyboard cursor.
 * @param {import("./kit.js").SetupForm} form  nimcore's setup form (data-form)
 */
function chompSpec(form) {
  const barField = formField(form, "bar");
  /** The square that is in the Tab order: at first the top row's last one (a one-square bite). */
  let cursor = { row: Infinity, column: Infinity };
  /** @type {import("./game.js").View | null} the view of the last draw, which the bar's listeners act on */
  let current = null;
  /** The bar of the last draw (row lengths), which the arrow keys move on. */
  /** @type {number[]} */
  let rows = [];
  /** nimcore's bites of the last draw, by square. */
  /** @type {Map<string, import("./game.js").Move>} */
  let bites = new Map();
  /** @type {import("./game.js").Move[] | null | undefined} the moves `bites` was read from */
  let bitesOf;
  /**
   * The box last built: a square for every cell of a height × width box, the
   * bar's own shown, the eaten ones hidden; each square's bite (the move its
   * label and target were written from) is kept, so that a draw touches only
   * what changed.
   * @type {{height: number, width: number, bar: HTMLElement, squares: HTMLButtonElement[][],
   *   bitesShown: (import("./game.js").Move | null | undefined)[][], rowAxis: HTMLElement[], columnAxis: HTMLElement[], shownHeight: number, shownWidth: number} | null}
   */
  let built = null;

  /** Keep the cursor on a square of `rows`: the nearest one below or to the left. */
  function clampCursor() {
    const row = Math.min(cursor.row, rows.length - 1);
    cursor = { row, column: Math.min(cursor.column, rows[row] - 1) };
  }

  /**
   * A square for every cell of a height × width box, and the bar's listeners,
   * which read the bar and the view of the last draw.
   * @param {number} height
   * @param {number} width
   */
  function build(height, width) {
    const bar = h("div", {
      class: "chomp-bar",
      role: "group",
      "aria-label": `La tablette\u202f; les flèches passent d’un carré à l’autre`,
    });
    /** @type {HTMLButtonElement[][]} */
    const squares = Array.from({ length: height }, () => []);
    /** @type {(import("./game.js").Move | null | undefined)[][]} */
    const bitesShown = Array.from({ length: height }, () => []);
    /** @type {HTMLElement[]} */
    const rowAxis = [];
    // The rows in the page's order as they are seen, top first (reading and Tab order).
    for (let row = height - 1; row >= 0; row -= 1) {
      const axis = h("span", { class: "chomp-axis", "aria-hidden": "true", text: String(row + 1) });
      axis.style.gridColumn = "1";
      rowAxis[row] = axis;
      bar.append(axis);
      for (let column = 0; column < width; column += 1) {
        const poisoned = row === 0 && column === 0;
        const square = document.createElement("button");
        square.type = "button";
        square.className = poisoned ? "chomp-square is-poisoned" : "chomp-square";
        square.style.gridColumn = String(column + 2);
        square.dataset.row = String(row);
        square.dataset.column = String(column);
        if (poisoned) {
          square.textContent = "☠";
        }
        squares[row].push(square);
        bitesShown[row].push(undefined);
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
      return square instanceof HTMLElement ? { row: Number(square.dataset.row), column: Number(square.dataset.column) } : null;
    };
    /** Shade the bite of (row, column), or nothing. */
    const preview = (/** @type {number} */ row, /** @type {number} */ column, /** @type {boolean} */ on) => {
      squares.forEach((line, r) =>
        line.forEach((square, c) => square.classList.toggle("is-previewed", on && r >= row && c >= column)),
      );
    };
    // One listener of each kind for the whole bar.
    bar.addEventListener("click", (event) => {
      const found = squareOf(event);
      if (found === null || current === null) {
        return;
      }
      const { row, column } = found;
      cursor = { row, column };
      const move = bites.get(`${row},${column}`) ?? null;
      if (move) {
        current.choose(move);
      } else {
        current.attempt(row === 0 && column === 0 ? [] : null); // nimcore says why
      }
    });
    /** The bite under the pointer or the keyboard cursor, shaded while the reader may play. */
    const shade = (/** @type {Event} */ event, /** @type {boolean} */ on) => {
      const found = squareOf(event);
      if (found !== null && current?.interactive && !(found.row === 0 && found.column === 0)) {
        preview(found.row, found.column, on);
      }
    };
    bar.addEventListener("pointerover", (event) => shade(event, true));
    bar.addEventListener("pointerout", (event) => shade(event, false));
    bar.addEventListener("focusin", (event) => shade(event, true));
    bar.addEventListener("focusout", (event) => shade(event, false));
    bar.addEventListener("keydown", (event) => {
      /** @type {Record<string, [number, number]>} */
      const steps = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [1, 0], ArrowDown: [-1, 0] };
      let { row, column } = cursor;
      if (event.key in steps) {
        const [dr, dc] = steps[event.key];
        row = Math.max(0, Math.min(rows.length - 1, row + dr));
        column = Math.max(0, Math.min(rows[row] - 1, column + dc));
      } else if (event.key === "Home") {
        column = 0;
      } else if (event.key === "End") {
        column = rows[row] - 1;
      } else if (event.key === "Escape") {
        current?.deselect();
        return;
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
    return { height, width, bar, squares, bitesShown, rowAxis, columnAxis, shownHeight: -1, shownWidth: -1 };
  }

  /** @type {import("./game.js").GameSpec} */
  return {
    board: "chomp",
    fields() {
      const input = h("input", { type: "text", name: "tablette", autocomplete: "off", spellcheck: "false" });
      input.id = `chomp-tablette-${Math.random().toString(36).slice(2, 8)}`;
      const help = h("span", {
        class: "chomp-field-help",
        id: `${input.id}-aide`,
        text: barField.help ?? "",
      });
      input.setAttribute("aria-describedby", help.id);
      return {
        element: h("p", { class: "game-field chomp-field" }, h("label", { for: input.id, text: barField.label }), input, help),
        fill: (position) => {
          input.value = barText(position);
        },
        read: () => readBar(input.value, form),
      };
    },
    fits: (view) => fits(view.position, form),
    draw(container, view) {
      rows = /** @type {number[]} */ (view.position);
      const active = document.activeElement;
      const hadFocus = active instanceof HTMLElement && container.contains(active) && active.classList.contains("chomp-square");
      clampCursor();
      current = view;
      if (bitesOf !== view.moves) {
        bitesOf = view.moves;
        bites = new Map((view.moves ?? []).map((move) => [`${move.row},${move.column}`, move]));
      }
      // Up to 169 squares, built once for the box of a game's bar: a move, a hint
      // or the computer's turn hides the squares eaten and updates the others, so
      // that the page's work for a turn is a few attributes, not a new bar.
      const height = rows.length;
      const width = rows[0];
      if (built === null || height > built.height || width > built.width || !container.contains(built.bar)) {
        built = build(height, width);
        container.replaceChildren(
          built.bar,
          h(
            "p",
            { class: "chomp-legend" },
            h("span", { class: "chomp-legend-poison", "aria-hidden": "true", text: "☠" }),
            " carré empoisonné (ligne\u00a01, colonne\u00a01). Au survol, les carrés qu’une bouchée mangerait sont grisés.",
          ),
        );
      }
      const box = built;
      const { bar, squares, bitesShown } = box;
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
      bar.classList.toggle("is-waiting", !view.interactive);
      const selected = view.selection ? view.selection.to : null;
      const hinted = view.highlight ? view.highlight.to : null;
      squares.forEach((line, row) =>
        line.forEach((square, column) => {
          const shown = column < (rows[row] ?? 0);
          if (square.hidden === shown) {
            square.hidden = !shown;
          }
          if (!shown) {
            if (bitesShown[row][column] !== undefined) {
              bitesShown[row][column] = undefined; // an eaten square offers no bite
              delete square.dataset.to;
            }
            return;
          }
          const poisoned = row === 0 && column === 0;
          const move = bites.get(`${row},${column}`) ?? null;
          if (bitesShown[row][column] !== move) {
            bitesShown[row][column] = move;
            square.setAttribute(
              "aria-label",
              move ? move.text : `Carré ligne ${row + 1}, colonne ${column + 1}${poisoned ? ", empoisonné" : ""}`,
            );
            // The bite's target, as every board marks its gestures (the poison's: refused by nimcore).
            if (move || poisoned) {
              square.dataset.to = move ? JSON.stringify(move.to) : "[]";
            } else {
              delete square.dataset.to;
            }
          }
          square.classList.toggle("is-chosen", eatenBy(selected, row, column));
          square.classList.toggle("is-hinted", eatenBy(hinted, row, column));
          square.classList.remove("is-previewed");
          square.tabIndex = cursor.row === row && cursor.column === column ? 0 : -1;
          const playable = view.interactive && (move !== null || !view.known);
          if (playable) {
            square.removeAttribute("aria-disabled");
          } else if (!square.hasAttribute("aria-disabled")) {
            square.setAttribute("aria-disabled", "true");
          }
        }),
      );
      if (hadFocus) {
        squares[cursor.row][cursor.column].focus();
      }
    },
  };
}

/**
 * Set up a Chomp board.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountChomp(root, context) {
  mountGame(root, context, chompSpec(formOf(root)));
}
