// Stella's table, to explore: the nim-addition table of 0 … n − 1 (n = 8, 16
// or 32), asked from the engine ("calc.stella"), drawn as a grid of buttons
// coloured by the power of two just below each entry, so that the 2^k blocks
// show. Choosing the cell of row a and column b (pointer, arrow keys + Enter,
// or the two fields) shows the losing triple (a, b, a ⋆ b) and highlights the
// cell, its row and its column. A tool, not a game: it does not use game.js.
//
// Markup: <div data-board="stella" data-size="16" data-a="5" data-b="3"></div>
// Test hooks on the board element: data-size, data-table ("pret" once the
// engine's table is drawn), data-triple ("a,b,c").

import { BoardFrame, h } from "./kit.js";

const SIZES = [8, 16, 32];
const LARGEST = SIZES[SIZES.length - 1] - 1;
/** Colours: by the power of two just below the entry (1, 2–3, 4–7, 8–15, 16–31). */
const LEVELS = ["1", "2 à 3", "4 à 7", "8 à 15", "16 à 31"];

/** The level of an entry: k when 2^k ≤ value < 2^(k+1), −1 for 0. */
const level = (/** @type {number} */ value) => (value === 0 ? -1 : Math.floor(Math.log2(value)));

/**
 * Read a row or column number typed by the reader.
 * @param {string} text
 * @param {string} name
 * @param {string} role
 * @returns {{ok: true, value: number} | {ok: false, message: string}}
 */
function readIndex(text, name, role) {
  const trimmed = String(text).trim();
  if (trimmed === "") {
    return { ok: false, message: `Indiquez le nombre ${name} (${role}), de 0 à ${LARGEST}.` };
  }
  if (!/^\d+$/.test(trimmed)) {
    return { ok: false, message: `«\u00a0${trimmed}\u00a0» n’est pas un entier naturel\u00a0: ${name} doit être un nombre entier de 0 à ${LARGEST}.` };
  }
  const value = Number(trimmed);
  if (value > LARGEST) {
    return { ok: false, message: `${name} = ${value} dépasse ${LARGEST}\u00a0: la plus grande table va de 0 à ${LARGEST}.` };
  }
  return { ok: true, value };
}

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
    ...SIZES.map((n) => h("option", { value: String(n), text: `de 0 à ${n - 1}` })),
  );
  sizeSelect.value = String(size);
  const inputA = h("input", { type: "text", name: "a", inputmode: "numeric", autocomplete: "off", size: 3, id: `stella-a-${uid}` });
  const inputB = h("input", { type: "text", name: "b", inputmode: "numeric", autocomplete: "off", size: 3, id: `stella-b-${uid}` });
  const form = h(
    "form",
    { class: "stella-form", novalidate: true },
    h("p", { class: "stella-field" }, h("label", { for: sizeSelect.id, text: "Table\u00a0:" }), sizeSelect),
    h(
      "p",
      { class: "stella-field" },
      h("span", { class: "stella-pair" }, h("label", { for: inputA.id, text: "Ligne a\u00a0:" }), inputA),
      h("span", { class: "stella-pair" }, h("label", { for: inputB.id, text: "Colonne b\u00a0:" }), inputB),
      h("button", { type: "submit", class: "md-button md-button--primary", text: "Afficher" }),
    ),
  );
  const result = h("div", { class: "stella-result" });
  const wrap = h("div", { class: "stella-wrap" });
  const legend = h(
    "p",
    { class: "stella-legend" },
    "Couleur d’une case selon sa valeur\u00a0: ",
    ...LEVELS.flatMap((text, k) => [h("span", { class: `stella-swatch stella-level-${k}`, "aria-hidden": "true" }), ` ${text}${k < LEVELS.length - 1 ? ", " : ""}`]),
    " (0 reste sans couleur). Les traits épais coupent la table en quatre blocs.",
  );
  root.replaceChildren(frame.status, frame.offlineNote ?? "", form, frame.message, result, wrap, legend, frame.announcer);
  root.classList.add("stella-board");

  // ---- drawing --------------------------------------------------------------
  /** @param {number} row @param {number} column */
  function cellLabel(row, column) {
    const table = tables.get(size);
    return table
      ? `ligne ${row}, colonne ${column}\u00a0: ${row} ⋆ ${column} = ${table[row][column]}`
      : `ligne ${row}, colonne ${column}\u00a0: valeur en attente du moteur`;
  }

  function drawGrid() {
    const table = tables.get(size);
    const hadFocus = wrap.contains(document.activeElement);
    const half = size / 2;
    const grid = h("div", {
      class: "stella-grid",
      role: "group",
      "aria-label": `Table de Stella de 0 à ${size - 1}\u00a0: les flèches passent d’une case à l’autre, Entrée choisit la case`,
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
        if (!signal.aborted) frame.refuse(`Case indisponible\u00a0: ${error.message}`);
      });
  }

  /** The chosen cell's triple, in nimcore's words; returns its first sentence once known. */
  function showResult() {
    if (chosen === null) {
      result.replaceChildren(h("p", { text: "Choisissez une case de la table (ou tapez a et b) pour lire son triplet perdant." }));
      delete root.dataset.triple;
      return;
    }
    const { a, b } = chosen;
    const words = cellWords.get(`${a},${b}`);
    if (words === undefined) askCell(a, b);
    if (!tables.get(size) || words === undefined || words === "waiting") {
      result.replaceChildren(h("p", { text: `Ligne ${a}, colonne ${b}\u00a0: la valeur de ${a} ⋆ ${b} s’affichera dès que le moteur sera prêt.` }));
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
    frame.announce(sentence ?? `Case ligne ${a}, colonne ${b} choisie.`);
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
      frame.inform(`La case choisie sort de la table de 0 à ${size - 1}\u00a0: choisissez-en une autre.`);
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
          frame.refuse(`Table indisponible\u00a0: ${error.message}`);
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
  on(form, "submit", (event) => {
    event.preventDefault();
    const a = readIndex(inputA.value, "a", "la ligne");
    const b = readIndex(inputB.value, "b", "la colonne");
    inputA.setAttribute("aria-invalid", a.ok ? "false" : "true");
    inputB.setAttribute("aria-invalid", b.ok ? "false" : "true");
    if (!a.ok || !b.ok) {
      frame.refuse(!a.ok ? a.message : !b.ok ? b.message : "");
      return;
    }
    frame.clearMessage();
    const needed = Math.max(a.value, b.value);
    if (needed >= size) {
      setSize(/** @type {number} */ (SIZES.find((n) => n > needed))); // the largest table holds any index
      frame.inform(`Table agrandie jusqu’à ${size - 1} pour montrer cette case.`);
    }
    cursor = { row: a.value, column: b.value };
    choose(a.value, b.value, "champs");
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
