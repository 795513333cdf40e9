// Stella's table, to explore: the nim-addition table of 0 … n − 1 (n = 8, 16
// or 32), asked from the engine ("calc.stella"), drawn as a grid of buttons
// coloured by the power of two just below each entry, so that the 2^k blocks
// show. Choosing the cell of row a and column b (pointer, arrow keys + Enter,
// or the two fields) shows the losing triple (a, b, a ⋆ b) and highlights the
// cell, its row and its column. A tool, not a game: it does not use game.js.
//
// What the reader types in the two fields is read by nimcore ("calc.stella_cell", which
// says in French what is wrong), and every word of the board is nimcore's
// (nimcore/games/words.py). On a narrow screen the table scrolls sideways in its box,
// with a shadow at the edge where more is hidden and a short note (kit.js scrollCue);
// it is one Tab stop, the arrow keys going from cell to cell.
//
// Markup: <div data-board="stella" data-size="16" data-a="5" data-b="3"></div>
// Test hooks on the board element: data-size, data-table ("pret" once the
// engine's table is drawn), data-triple ("a,b,c").

import { BoardFrame, h, say, scrollCue } from "./kit.js";

const SIZES = [8, 16, 32];
/** Colours: by the power of two just below the entry (1, 2–3, 4–7, 8–15, 16–31). */
const LEVELS = [0, 1, 2, 3, 4].map((k) => (k === 0 ? "1" : say("stella_range", { low: 2 ** k, high: 2 ** (k + 1) - 1 })));

/** The level of an entry: k when 2^k ≤ value < 2^(k+1), −1 for 0. */
const level = (/** @type {number} */ value) => (value === 0 ? -1 : Math.floor(Math.log2(value)));

/**
 * Set up an interactive Stella table.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountStella(root, { engine, signal }) {
  const frame = new BoardFrame(root, { engine, signal });
  const asked = Number(root.dataset.size);
  let size = SIZES.includes(asked) ? asked : 16;
  /** Tables from the engine, by size. @type {Map<number, number[][]>} */
  const tables = new Map();
  /** The cell with the keyboard cursor, and the chosen cell (a, b). */
  let cursor = { row: 0, column: 0 };
  /** @type {{a: number, b: number} | null} */
  let chosen = null;
  /** The buttons of the grid, by row and column. @type {HTMLButtonElement[][]} */
  let cells = [];
  /** Headers of the rows and columns, to highlight them. @type {HTMLElement[]} */
  let rowHeads = [];
  /** @type {HTMLElement[]} */
  let columnHeads = [];
  let request = 0;

  const uid = Math.random().toString(36).slice(2, 8);
  const sizeSelect = h(
    "select",
    { name: "taille", id: `stella-taille-${uid}` },
    ...SIZES.map((n) => h("option", { value: String(n), text: say("stella_size", { last: n - 1 }) })),
  );
  sizeSelect.value = String(size);
  const inputA = h("input", { type: "text", name: "a", inputmode: "numeric", autocomplete: "off", size: 3, id: `stella-a-${uid}` });
  const inputB = h("input", { type: "text", name: "b", inputmode: "numeric", autocomplete: "off", size: 3, id: `stella-b-${uid}` });
  const form = h(
    "form",
    { class: "stella-form", novalidate: true },
    h("p", { class: "stella-field" }, h("label", { for: sizeSelect.id, text: say("stella_table") }), sizeSelect),
    h(
      "p",
      { class: "stella-field" },
      h("span", { class: "stella-pair" }, h("label", { for: inputA.id, text: say("stella_row") }), inputA),
      h("span", { class: "stella-pair" }, h("label", { for: inputB.id, text: say("stella_column") }), inputB),
      h("button", { type: "submit", class: "md-button md-button--primary", text: say("stella_show") }),
    ),
  );
  const result = h("div", { class: "stella-result" });
  const wrap = h("div", { class: "stella-wrap" });
  const legend = h(
    "p",
    { class: "stella-legend" },
    `${say("stella_legend")} `,
    ...LEVELS.flatMap((text, k) => [h("span", { class: `stella-swatch stella-level-${k}`, "aria-hidden": "true" }), ` ${text}${k < LEVELS.length - 1 ? ", " : ""}`]),
    ` ${say("stella_legend_end")}`,
  );
  root.replaceChildren(frame.status, frame.offlineNote ?? "", form, frame.message, result, scrollCue(wrap, { signal }), legend, frame.announcer);
  root.classList.add("stella-board");

  // ---- drawing --------------------------------------------------------------
  /** @param {number} row @param {number} column */
  function cellLabel(row, column) {
    const table = tables.get(size);
    return table ? say("stella_cell", { row, column, value: table[row][column] }) : say("stella_cell_waiting", { row, column });
  }

  function drawGrid() {
    const table = tables.get(size);
    const hadFocus = wrap.contains(document.activeElement);
    const half = size / 2;
    const grid = h("div", {
      class: "stella-grid",
      role: "group",
      "aria-label": say("stella_grid", { last: size - 1 }),
      style: `--size: ${size}`,
      "data-size": String(size),
    });
    grid.append(h("span", { class: "stella-corner", "aria-hidden": "true", text: "⋆" }));
    columnHeads = [];
    rowHeads = [];
    for (let column = 0; column < size; column += 1) {
      const head = h("span", { class: `stella-head${column === half ? " is-half" : ""}`, "aria-hidden": "true", text: String(column) });
      columnHeads.push(head);
      grid.append(head);
    }
    cells = [];
    for (let row = 0; row < size; row += 1) {
      const head = h("span", { class: `stella-head${row === half ? " is-half-row" : ""}`, "aria-hidden": "true", text: String(row) });
      rowHeads.push(head);
      grid.append(head);
      const line = [];
      for (let column = 0; column < size; column += 1) {
        const value = table ? table[row][column] : null;
        const classes = ["stella-cell"];
        if (value !== null && value > 0) classes.push(`stella-level-${level(value)}`);
        if (column === half) classes.push("is-half");
        if (row === half) classes.push("is-half-row");
        const button = h("button", {
          type: "button",
          class: classes.join(" "),
          tabindex: row === cursor.row && column === cursor.column ? "0" : "-1",
          "data-row": String(row),
          "data-column": String(column),
          "aria-label": cellLabel(row, column),
          text: value === null ? "" : String(value),
          onclick: () => {
            cursor = { row, column };
            frame.clearMessage();
            choose(row, column, "clic");
          },
        });
        line.push(button);
        grid.append(button);
      }
      cells.push(line);
    }
    grid.addEventListener("keydown", onKey);
    wrap.replaceChildren(grid);
    root.dataset.size = String(size);
    if (table) {
      root.dataset.table = "pret";
    } else {
      delete root.dataset.table;
    }
    highlight();
    if (hadFocus) {
      cells[cursor.row][cursor.column].focus();
    }
  }

  /** Mark the chosen cell, its row and its column; move the Tab stop to the cursor. */
  function highlight() {
    cells.forEach((line, row) =>
      line.forEach((button, column) => {
        const onRow = chosen !== null && row === chosen.a;
        const onColumn = chosen !== null && column === chosen.b;
        button.classList.toggle("is-line", (onRow || onColumn) && !(onRow && onColumn));
        button.classList.toggle("is-chosen", onRow && onColumn);
        button.setAttribute("aria-pressed", onRow && onColumn ? "true" : "false");
        button.tabIndex = row === cursor.row && column === cursor.column ? 0 : -1;
      }),
    );
    rowHeads.forEach((head, row) => head.classList.toggle("is-line", chosen !== null && row === chosen.a));
    columnHeads.forEach((head, column) => head.classList.toggle("is-line", chosen !== null && column === chosen.b));
  }

  /** nimcore's words for each cell asked so far ("calc.stella_cell"), by "a,b". */
  /** @type {Map<string, {c: number, binary: string, sentences: string[]} | "waiting">} */
  const cellWords = new Map();

  /** @param {number} a @param {number} b */
  function askCell(a, b) {
    const key = `${a},${b}`;
    cellWords.set(key, "waiting");
    engine
      .request("calc.stella_cell", { a, b })
      .then((answer) => {
        if (signal.aborted) return;
        cellWords.set(key, answer);
        if (chosen !== null && chosen.a === a && chosen.b === b) {
          const sentence = showResult();
          if (sentence) frame.announce(sentence);
        }
      })
      .catch((error) => {
        cellWords.delete(key);
        if (!signal.aborted) frame.refuse(say("stella_cell_unavailable", { reason: error.message }));
      });
  }

  /** The chosen cell's triple, in nimcore's words; returns its first sentence once known. */
  function showResult() {
    if (chosen === null) {
      result.replaceChildren(h("p", { text: say("stella_choose") }));
      delete root.dataset.triple;
      return;
    }
    const { a, b } = chosen;
    const words = cellWords.get(`${a},${b}`);
    if (words === undefined) askCell(a, b);
    if (!tables.get(size) || words === undefined || words === "waiting") {
      result.replaceChildren(h("p", { text: say("stella_pending", { a, b }) }));
      delete root.dataset.triple;
      return;
    }
    root.dataset.triple = `${a},${b},${words.c}`;
    const [triple, nim, binary] = words.sentences;
    result.replaceChildren(
      h("p", { class: "stella-triple" }, h("strong", { text: triple })),
      h("p", { text: nim }),
      h("p", { class: "stella-binary", text: binary }),
    );
    return triple;
  }

  /** Choose the cell (a, b); `how` tells where the choice came from. @param {number} a @param {number} b @param {string} how */
  function choose(a, b, how) {
    chosen = { a, b };
    highlight();
    const sentence = showResult();
    if (how !== "clic" && cells[a] && cells[a][b]) {
      cells[a][b].scrollIntoView({ block: "nearest", inline: "nearest" });
    }
    inputA.value = String(a);
    inputB.value = String(b);
    frame.announce(sentence ?? say("stella_chosen", { a, b }));
  }

  /** @param {KeyboardEvent} event */
  function onKey(event) {
    /** @type {Record<string, [number, number]>} */
    const steps = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    let { row, column } = cursor;
    if (event.key in steps) {
      const [dr, dc] = steps[event.key];
      row = Math.max(0, Math.min(size - 1, row + dr));
      column = Math.max(0, Math.min(size - 1, column + dc));
    } else if (event.key === "Home") {
      column = 0;
      if (event.ctrlKey) row = 0;
    } else if (event.key === "End") {
      column = size - 1;
      if (event.ctrlKey) row = size - 1;
    } else {
      return;
    }
    event.preventDefault();
    cells[cursor.row][cursor.column].tabIndex = -1;
    cursor = { row, column };
    const target = cells[row][column];
    target.tabIndex = 0;
    target.focus();
  }

  // ---- the engine's table ---------------------------------------------------------
  /** @param {number} next */
  function setSize(next) {
    size = next;
    sizeSelect.value = String(size);
    cursor = { row: Math.min(cursor.row, size - 1), column: Math.min(cursor.column, size - 1) };
    if (chosen !== null && (chosen.a >= size || chosen.b >= size)) {
      chosen = null;
      frame.inform(say("stella_out", { last: size - 1 }));
    }
    drawGrid();
    showResult();
    if (tables.has(size)) {
      return;
    }
    const ticket = ++request;
    const wanted = size;
    engine
      .request("calc.stella", { size: wanted })
      .then((answer) => {
        if (signal.aborted) return;
        tables.set(wanted, answer.table);
        if (ticket === request && size === wanted) {
          drawGrid();
          showResult();
        }
      })
      .catch((error) => {
        if (!signal.aborted && ticket === request) {
          frame.refuse(say("stella_table_unavailable", { reason: error.message }));
        }
      });
  }

  // ---- events ---------------------------------------------------------------
  /** @param {EventTarget} target @param {string} type @param {(event: any) => void} handler */
  const on = (target, type, handler) => target.addEventListener(type, handler, { signal });
  on(sizeSelect, "change", () => {
    frame.clearMessage();
    setSize(Number(sizeSelect.value));
  });
  // The two fields are read by nimcore ("calc.stella_cell"), which says what is wrong.
  let typed = 0;
  on(form, "submit", (event) => {
    event.preventDefault();
    const ticket = ++typed;
    engine
      .request("calc.stella_cell", { a: inputA.value, b: inputB.value })
      .then((/** @type {{a: number, b: number, c: number, binary: string, sentences: string[]}} */ answer) => {
        if (signal.aborted || ticket !== typed) return;
        for (const input of [inputA, inputB]) input.setAttribute("aria-invalid", "false");
        frame.clearMessage();
        cellWords.set(`${answer.a},${answer.b}`, answer);
        const needed = Math.max(answer.a, answer.b);
        if (needed >= size) {
          setSize(/** @type {number} */ (SIZES.find((n) => n > needed))); // the largest table holds any cell nimcore accepts
          frame.inform(say("stella_grown", { last: size - 1 }));
        }
        cursor = { row: answer.a, column: answer.b };
        choose(answer.a, answer.b, "champs");
      })
      .catch((error) => {
        if (signal.aborted || ticket !== typed) return;
        for (const input of [inputA, inputB]) input.setAttribute("aria-invalid", "true");
        frame.refuse(error.message);
      });
  });

  const start = { a: Number(root.dataset.a), b: Number(root.dataset.b) };
  setSize(size);
  if (Number.isInteger(start.a) && Number.isInteger(start.b) && start.a >= 0 && start.b >= 0 && start.a < size && start.b < size) {
    cursor = { row: start.a, column: start.b };
    chosen = { a: start.a, b: start.b };
    inputA.value = String(start.a);
    inputB.value = String(start.b);
    highlight();
    showResult();
  } else {
    showResult();
  }
}
