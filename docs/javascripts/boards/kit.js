// The board kit: what every game board shares (DOM helper, engine status line,
// message line, screen-reader announcer, the setup form drawn from nimcore's
// schema, the boards' words). A game's own file holds only what is specific to it.
//
// No sentence is written here: every word a reader reads comes from nimcore,
// the frame's through `say` (words.js, which the build writes from
// nimcore/games/words.py), a game's through its view and its form.

import { WORDS } from "./words.js";

/**
 * One of the boards' own sentences (nimcore.games.words), its "{name}" filled in.
 * @param {string} key
 * @param {Record<string, string | number>} [values]
 */
export function say(key, values = {}) {
  const template = WORDS[key];
  if (template === undefined) {
    throw new Error(`words.js: no "${key}"`);
  }
  return fillText(template, values);
}

/**
 * A gesture as text, its keys sorted (nimcore.games.base.gesture_key): equal gestures, equal keys.
 * @param {Record<string, any>} gesture
 */
export function gestureKey(gesture) {
  return JSON.stringify(gesture, Object.keys(gesture).sort());
}

/**
 * The page's address, rewritten by a board (history.replaceState) only while the reader is
 * still on the history entry the board was set up on. A link followed by the theme's instant
 * navigation pushes a new entry before the page is swapped: an answer that comes meanwhile to
 * a board left behind must not write its own game into the next page's address (the
 * laboratory's list of games opened the default game instead of the one clicked). The
 * Navigation API's entry key stays through replaceState and changes with pushState; without
 * that API the address is written as before.
 */
export class AddressWriter {
  #key = AddressWriter.#current();

  /** @returns {string | null} */
  static #current() {
    return /** @type {any} */ (globalThis).navigation?.currentEntry?.key ?? null;
  }

  /**
   * Write `url` as the page's address, unless the reader has left this board's entry.
   * @param {URL} url
   */
  replace(url) {
    const key = AddressWriter.#current();
    if (this.#key !== null && key !== null && key !== this.#key) {
      return;
    }
    if (url.href !== window.location.href) {
      window.history.replaceState(window.history.state, "", url);
    }
  }
}

/**
 * Create an element.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [attributes]  `class`, `text`, `on<event>`, `dataset`, `style`
 *   (set through the CSSOM, which the Content-Security-Policy allows), or any attribute
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) {
      continue;
    }
    if (name === "class") {
      element.className = value;
    } else if (name === "text") {
      element.textContent = value;
    } else if (name === "style") {
      // Through the CSSOM: the site's Content-Security-Policy refuses style attributes.
      element.style.cssText = value;
    } else if (name === "dataset") {
      Object.assign(element.dataset, value);
    } else if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false) {
      element.append(child);
    }
  }
  return element;
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * Create an SVG element (the graph board and the laboratory's graph editor).
 * @param {string} tag
 * @param {Record<string, any>} [attributes]  `text`, or any attribute
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {SVGElement}
 */
export function svg(tag, attributes = {}, ...children) {
  const element = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) {
      continue;
    }
    if (name === "text") {
      element.textContent = String(value);
    } else {
      element.setAttribute(name, String(value));
    }
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false) {
      element.append(child);
    }
  }
  return element;
}

/**
 * A whole number the French way, its digits grouped by three with narrow
 * no-break spaces (as Intl's fr-FR: 12 345 678), for numbers and BigInts.
 * Not Intl.NumberFormat: a page's first Intl object costs ~20 ms (ICU's data)
 * before its board is usable.
 * @param {number | bigint | string} value  an integer, or its decimal digits
 */
export function grouped(value) {
  return String(value).replace(/\B(?=(\d{3})+$)/g, "\u202f");
}

/**
 * The parts every board shows: engine status, a message line for refusals and
 * results, and a polite live region that reads moves aloud.
 */
/**
 * What every board's mount function receives: the page's engine, and the signal that ends the board.
 * @typedef {{engine: typeof import("../engine/client.js").engine, signal: AbortSignal}} BoardContext
 */

export class BoardFrame {
  /**
   * @param {HTMLElement} root
   * @param {BoardContext} context
   */
  constructor(root, { engine, signal }) {
    this.root = root;
    this.signal = signal;
    this.status = h("p", { class: "board-status", role: "status", "data-state": "idle" });
    this.message = h("p", { class: "board-message", role: "alert" });
    this.announcer = h("p", { class: "board-sr-only", "aria-live": "polite" });
    /** @type {string | null} what the announcer will read, gathered until it is written */
    this.pendingAnnouncement = null;
    /** Shown where the site cannot be kept for offline play (no service worker). */
    this.offlineNote =
      "serviceWorker" in navigator && window.isSecureContext
        ? null
        : h("p", {
            class: "board-offline-note",
            text: say("offline_unavailable"),
          });
    const unsubscribe = engine.onStatus((status) => {
      this.status.dataset.state = status.state;
      this.status.textContent = status.message;
    });
    signal.addEventListener("abort", unsubscribe, { once: true });
  }

  /** Show a refusal: nothing else changes. @param {string} text */
  refuse(text) {
    this.message.textContent = text;
    this.message.dataset.kind = "error";
  }

  /** Show a neutral or happy message. @param {string} text */
  inform(text) {
    this.message.textContent = text;
    this.message.dataset.kind = "info";
  }

  clearMessage() {
    this.message.textContent = "";
    delete this.message.dataset.kind;
  }

  /** Take a refusal away (the reader has done something else); a neutral message stays. */
  clearRefusal() {
    if (this.message.dataset.kind === "error") this.clearMessage();
  }

  /** Forget what was read: an old verdict is not left where a screen reader would find it. */
  hush() {
    this.pendingAnnouncement = null;
    this.announcer.textContent = "";
  }

  /**
   * Read a sentence to screen readers. Sentences announced together (a move
   * and the computer's reply) are read as one, none lost.
   * @param {string} text
   */
  announce(text) {
    if (this.pendingAnnouncement !== null) {
      this.pendingAnnouncement += ` ${text}`;
      return;
    }
    // Emptying first makes a repeated sentence be read again.
    this.announcer.textContent = "";
    this.pendingAnnouncement = text;
    window.setTimeout(() => {
      this.announcer.textContent = this.pendingAnnouncement ?? "";
      this.pendingAnnouncement = null;
    }, 30);
  }
}

/**
 * One field of a setup form, as nimcore describes it (nimcore.games.base.form_field).
 * @typedef {{label: string, help?: string, choices?: {value: string, text: string}[],
 *   min?: number, max?: number, min_count?: number, max_count?: number, max_digits?: number, noun?: string,
 *   when?: {field: string, value: string}}} FormField
 */
/**
 * The schema of a board's setup form, written by the build in `data-form`
 * (nimcore.games.base.form_schema): its fields' labels, choices and limits,
 * the board's drawing limits, and the sentences it shows ("{name}" filled in).
 * @typedef {{fields: Record<string, FormField>, limits: Record<string, number>, texts: Record<string, string>,
 *   presets?: {label: string, values: Record<string, string>}[]}} SetupForm
 */

/**
 * The setup form's schema of the board `root` (an empty one when the page has none).
 * @param {HTMLElement} root
 * @returns {SetupForm}
 */
export function formOf(root) {
  const form = root.dataset.form ? JSON.parse(root.dataset.form) : {};
  return { fields: form.fields ?? {}, limits: form.limits ?? {}, texts: form.texts ?? {}, presets: form.presets ?? [] };
}

/**
 * A field of `form`; an error names the board's missing field (a build out of step with the board).
 * @param {SetupForm} form
 * @param {string} name
 * @returns {FormField}
 */
export function formField(form, name) {
  const field = form.fields[name];
  if (!field) {
    throw new Error(`data-form: no field "${name}"`);
  }
  return field;
}

/**
 * One of nimcore's sentences with its "{name}" filled in: fillText("{a} tas", {a: 3}) → "3 tas".
 * @param {string} template
 * @param {Record<string, string | number>} values
 */
export function fillText(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/**
 * A <select> of the field's choices, named `name`.
 * @param {FormField} field
 * @param {string} name
 */
export function choiceSelect(field, name) {
  return h("select", { name }, ...(field.choices ?? []).map(({ value, text }) => h("option", { value, text })));
}

let setupCount = 0;

/**
 * The setup form of a board, drawn from nimcore's schema (data-form): a list for a field with
 * choices, a text box otherwise, its help under it; a field with `when` shows only while another
 * field has the value it names; a preset is a button that fills fields in. The board reads the
 * fields' texts as typed and sends them to nimcore, which checks them and says what is wrong.
 * @param {SetupForm} form
 * @returns {{element: HTMLElement, fill: (values: Record<string, string>) => void,
 *   read: () => Record<string, string>, mark: (invalid: boolean, field?: string | null) => HTMLInputElement | HTMLSelectElement | null}}
 */
export function setupForm(form) {
  setupCount += 1;
  /** @type {Record<string, HTMLInputElement | HTMLSelectElement>} */
  const controls = {};
  /** @type {Record<string, HTMLElement>} */
  const rows = {};
  for (const [name, field] of Object.entries(form.fields)) {
    const id = `setup-${setupCount}-${name}`;
    const help = field.help ? h("small", { class: "game-field-help", id: `${id}-help`, text: field.help }) : null;
    const control = field.choices
      ? choiceSelect(field, name)
      : h("input", {
          type: "text",
          name,
          inputmode: field.max_count === 1 ? "numeric" : null,
          autocomplete: "off",
          spellcheck: "false",
        });
    control.id = id;
    if (help) control.setAttribute("aria-describedby", help.id);
    controls[name] = control;
    rows[name] = h("p", { class: "game-field" }, h("label", { for: id, text: field.label }), control, help);
  }
  const showWhen = () => {
    for (const [name, field] of Object.entries(form.fields)) {
      if (field.when) rows[name].hidden = controls[field.when.field]?.value !== field.when.value;
    }
  };
  for (const control of Object.values(controls)) control.addEventListener("change", showWhen);
  /** @param {Record<string, string>} values */
  const fill = (values) => {
    for (const [name, value] of Object.entries(values)) {
      if (controls[name]) controls[name].value = value;
    }
    mark(false);
    showWhen();
  };
  /**
   * Mark the form's fields invalid (or none): only `field` when nimcore named the field its
   * refusal is about, else every field shown. Returns the one field marked, if so.
   * @param {boolean} invalid @param {string | null} [field]
   * @returns {HTMLInputElement | HTMLSelectElement | null}
   */
  const mark = (invalid, field = null) => {
    const only = invalid && field !== null ? controls[field] ?? null : null;
    for (const control of Object.values(controls)) {
      if (invalid && !control.closest("[hidden]") && (only === null || control === only)) {
        control.setAttribute("aria-invalid", "true");
      } else {
        control.removeAttribute("aria-invalid");
      }
    }
    return only;
  };
  const presets = (form.presets ?? []).map(({ label, values }) =>
    h("button", { type: "button", class: "md-button game-preset", text: label, onclick: () => fill(values) }),
  );
  const element = h(
    "div",
    { class: "game-setup-fields" },
    ...Object.values(rows),
    presets.length ? h("p", { class: "game-presets" }, ...presets) : null,
  );
  showWhen();
  return {
    element,
    fill,
    read: () => Object.fromEntries(Object.entries(controls).map(([name, control]) => [name, control.value])),
    mark,
  };
}

/**
 * A hint table as nimcore writes it (nimcore.games.base.table): caption, head,
 * body and foot rows of cells, marks (a row "best", a cell "odd"…) drawn as
 * `is-<mark>` classes. The table scrolls sideways in a focusable region when
 * it is wider than the page.
 * @param {{kind: string, caption: string | null, label: string | null, row_headers: boolean,
 *   head: HintRow[], body: HintRow[], foot: HintRow[]}} table
 * @param {string} [context]  added to the region's name (a page may show several hints: their
 *   regions need names of their own)
 * @returns {HTMLElement}
 * @typedef {{cells: {text: string, mark?: string, span?: number}[], mark: string | null}} HintRow
 */
export function hintTable(table, context) {
  const mark = (/** @type {string | null | undefined} */ value) => (value ? `is-${value}` : null);
  /** @param {HintRow} row @param {"head" | "body"} part */
  const line = (row, part) =>
    h(
      "tr",
      { class: mark(row.mark) },
      ...row.cells.map((cell, index) => {
        // An empty corner heads nothing: a plain cell.
        const header = cell.text !== "" && (part === "head" || (table.row_headers && index === 0));
        return h(header ? "th" : "td", {
          scope: header ? (part === "head" ? "col" : "row") : null,
          class: mark(cell.mark),
          colspan: cell.span ? String(cell.span) : null,
          text: cell.text,
        });
      }),
    );
  const element = h(
    "table",
    { class: `hint-table ${table.kind}` },
    table.caption ? h("caption", { text: table.caption }) : null,
    table.head.length ? h("thead", {}, ...table.head.map((row) => line(row, "head"))) : null,
    h("tbody", {}, ...table.body.map((row) => line(row, "body"))),
    table.foot.length ? h("tfoot", {}, ...table.foot.map((row) => line(row, "body"))) : null,
  );
  return h(
    "div",
    {
      class: "hint-table-wrap",
      role: "region",
      tabindex: "0",
      "aria-label": `${table.label ?? table.caption ?? say("hint_table")}${context ? ` (${context})` : ""}`,
    },
    element,
  );
}

/**
 * A box that scrolls sideways when its content is wider than the page, with a visible cue
 * while it does: a shadow on each edge where more is hidden (data-more="left right" on the
 * frame, drawn by boards.css), and nimcore's short note above it (say("scroll_cue")).
 * @param {HTMLElement} content
 * @param {{label?: string, focusable?: boolean, note?: string, signal?: AbortSignal}} [options]  `label`:
 *   the box is a named region; `focusable`: a Tab stop, for content the keyboard cannot reach
 *   inside; `note`: the key of nimcore's note (a table's, by default)
 * @returns {HTMLElement}
 */
export function scrollCue(content, { label, focusable = false, note: noteKey = "scroll_cue", signal } = {}) {
  const box = h("div", { class: "scroll-cue-box", role: label ? "region" : null, "aria-label": label ?? null, tabindex: focusable ? "0" : null }, content);
  const edges = h("div", { class: "scroll-cue-frame" }, box);
  const note = h("p", { class: "scroll-cue-note", hidden: true, text: say(noteKey) });
  const update = () => {
    const hidden = box.scrollWidth - box.clientWidth;
    note.hidden = hidden <= 1;
    const more = [];
    if (box.scrollLeft > 1) more.push("left");
    if (box.scrollLeft < hidden - 1) more.push("right");
    edges.dataset.more = more.join(" ");
  };
  box.addEventListener("scroll", update, { passive: true });
  const resized = new ResizeObserver(update);
  resized.observe(box);
  resized.observe(content);
  signal?.addEventListener("abort", () => resized.disconnect(), { once: true });
  return h("div", { class: "scroll-cue" }, note, edges);
}

/**
 * Boards where a piece is chosen, then one of its moves (tokens on a graph,
 * pawns on the board): the piece whose moves are shown, after a redraw. It is
 * forgotten when the position changes (`key`), set by a newly selected move
 * (chosen on the board or shown by the hint: `selected`, its piece's index),
 * and dropped when that piece cannot move.
 * @param {{shownFor: string, lastSelection: string}} memory  kept by the board between redraws
 * @param {number | null} chosen  the piece chosen so far
 * @param {{key: string, selection: unknown, selected: {index: number} | null,
 *   movable: (index: number) => boolean}} view
 * @returns {number | null}
 */
export function followChosen(memory, chosen, { key, selection, selected, movable }) {
  let piece = chosen;
  if (key !== memory.shownFor) {
    piece = null;
    memory.shownFor = key;
  }
  // Only when the selection changes: the reader may then pick another piece.
  const selectionKey = JSON.stringify(selection);
  if (selectionKey !== memory.lastSelection) {
    memory.lastSelection = selectionKey;
    if (selected) piece = selected.index;
  }
  return piece !== null && movable(piece) ? piece : null;
}
