// A teacher's worksheet: positions to solve at a stated level, and their
// answers on a page of their own. nimcore draws the positions (SVG pictures),
// writes every word about them (nimcore/worksheet.py, the engine's
// "worksheet.make") and every sentence of this page (data-texts); this file
// shows the sheet, lets the reader choose a family, a level and a seed, keeps
// the sheet in the address (?jeu=…&niveau=…&tirage=…, a link reopens it), and
// prints (print.css keeps the sheet only, the answers from a new page).
//
// Markup (<!-- nimcore:worksheet family=nim level=easy seed=1 -->):
//   <div data-board="fiche" data-sheet='{…}' data-families='[…]' data-texts='{…}' data-boards='{…}'></div>
// `data-sheet` is the page's sheet, made at build time: shown, and printable,
// before the engine is ready. `data-boards` gives, for each game, the page of
// its board and its address key: an answer without a short reason links there.
// The levels' ids are nimcore's ("easy", "medium", "hard"), their French names too.
// Test hooks: data-sheet-key ("<family>/<level>/<seed>" of the sheet shown),
// data-state ("en-attente" while a new sheet is made).

import { BoardFrame, fillText, h, hintTable } from "./kit.js";

/**
 * @typedef {{number: number, code: string, describe: string, rule: string, picture: string}} Exercise
 * @typedef {{game: string, code: string, text: string}} BoardLink
 * @typedef {{number: number, outcome: string, verdict: string, move: string | null,
 *   sentences: string[], tables: any[], link: BoardLink | null}} Answer
 * @typedef {{family: string, game: string, title: string, level: string, level_name: string, level_text: string,
 *   seed: number, rule: string, question: string, exercises: Exercise[], answers: Answer[]}} Sheet
 * @typedef {{id: string, title: string, levels: Record<string, {name: string, text: string}>}} Family
 * @typedef {{texts: Record<string, string>, max_seed: number}} PageTexts
 */

/** The sheet's address parameters: family, level, draw number. */
const ADDRESS = { family: "jeu", level: "niveau", seed: "tirage" };

/**
 * nimcore's SVG picture of a position, as a node of this page (never as HTML).
 * @param {string} markup
 */
function picture(markup) {
  const parsed = new DOMParser().parseFromString(markup, "image/svg+xml").documentElement;
  return parsed.nodeName === "svg" ? document.importNode(parsed, true) : null;
}

/**
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountFiche(root, { engine, signal }) {
  /** @type {Sheet} */
  let sheet = JSON.parse(root.dataset.sheet ?? "null");
  /** @type {Family[]} */
  const families = JSON.parse(root.dataset.families ?? "[]");
  /** @type {PageTexts} */
  const page = JSON.parse(root.dataset.texts ?? '{"texts": {}, "max_seed": 0}');
  /** @type {Record<string, {page: string, key: string}>} */
  const boards = JSON.parse(root.dataset.boards ?? "{}");
  /** @param {string} name @param {Record<string, string | number>} [values] */
  const say = (name, values = {}) => fillText(page.texts[name] ?? name, values);
  const frame = new BoardFrame(root, { engine, signal });
  const uid = `fiche-${Math.random().toString(36).slice(2, 9)}`;

  const familySelect = h(
    "select",
    { id: `${uid}-famille`, name: "famille" },
    ...families.map((family) => h("option", { value: family.id, text: family.title })),
  );
  const levelSelect = h("select", { id: `${uid}-niveau`, name: "niveau" });
  const seedInput = h("input", {
    id: `${uid}-graine`,
    name: "graine",
    type: "text",
    inputmode: "numeric",
    size: "10",
    autocomplete: "off",
  });
  /** @param {string} label @param {HTMLElement} control */
  const field = (label, control) =>
    h("p", { class: "game-field" }, h("label", { for: control.id, text: label }), control);
  const makeButton = h("button", { type: "submit", class: "md-button md-button--primary", text: say("sheet_new") });
  const otherButton = h("button", { type: "button", class: "md-button", text: say("sheet_other") });
  const printButton = h("button", { type: "button", class: "md-button", text: "Imprimer" });
  const form = h(
    "form",
    { class: "fiche-controls game-setup", novalidate: true },
    h(
      "fieldset",
      {},
      h("legend", { text: say("sheet_choose") }),
      field(say("sheet_family"), familySelect),
      field(say("sheet_level"), levelSelect),
      field(say("sheet_draw"), seedInput),
      h("p", { class: "game-actions" }, makeButton, otherButton, printButton),
    ),
  );
  const paper = h("div", { class: "fiche-paper" });
  root.replaceChildren(frame.status, form, frame.message, paper, frame.announcer);
  root.classList.add("fiche-board");

  function fillLevels() {
    const family = families.find((entry) => entry.id === familySelect.value);
    const chosen = levelSelect.value;
    levelSelect.replaceChildren(
      ...Object.entries(family?.levels ?? {}).map(([level, { name, text }]) =>
        h("option", { value: level, text: `${name} (${text})` }),
      ),
    );
    if (chosen && family && chosen in family.levels) {
      levelSelect.value = chosen;
    }
  }

  /**
   * The link that opens an answer's position on its game's board.
   * @param {BoardLink} link
   */
  function boardLink(link) {
    const board = boards[link.game];
    if (!board) return null;
    const address = new URL(board.page, window.location.href);
    address.searchParams.set(board.key, link.code);
    return h("p", { class: "fiche-link" }, h("a", { href: address.href, text: link.text }));
  }

  /** Draw the sheet: the questions, then the answers (from a new page when printed). */
  function show() {
    familySelect.value = sheet.family;
    fillLevels();
    levelSelect.value = sheet.level;
    seedInput.value = String(sheet.seed);
    root.dataset.sheetKey = `${sheet.family}/${sheet.level}/${sheet.seed}`;
    const heading = (/** @type {string} */ part) =>
      h(
        "header",
        { class: "fiche-heading" },
        h("h2", { text: say("heading", { part, title: sheet.title }) }),
        h("p", {
          class: "fiche-meta",
          text: say("meta", { level: sheet.level_name, level_text: sheet.level_text, seed: sheet.seed }),
        }),
      );
    paper.replaceChildren(
      h(
        "section",
        { class: "fiche-questions", "aria-label": page.texts.questions_title ?? "" },
        heading(say("questions_title")),
        h("p", { class: "fiche-name", text: say("name_line") }),
        h("p", { class: "fiche-rule" }, h("strong", { text: say("rule") }), ` ${sheet.rule}`),
        h("p", { class: "fiche-question", text: sheet.question }),
        h(
          "ol",
          { class: "fiche-exercises" },
          ...sheet.exercises.map((exercise) =>
            h(
              "li",
              {},
              h("p", { class: "fiche-position", text: `${capitalise(exercise.describe)}.` }),
              h("div", { class: "fiche-picture" }, picture(exercise.picture)),
            ),
          ),
        ),
      ),
      h(
        "section",
        { class: "fiche-answers", "aria-label": page.texts.answers_title ?? "" },
        heading(say("answers_title")),
        h(
          "ol",
          { class: "fiche-solutions" },
          ...sheet.answers.map((answer) =>
            h(
              "li",
              { dataset: { outcome: answer.outcome } },
              h("p", { class: "fiche-verdict", text: answer.verdict }),
              ...answer.tables.map((table) => hintTable(table, say("table_context", { number: answer.number }))),
              ...answer.sentences.map((sentence) => h("p", { text: sentence })),
              answer.link ? boardLink(answer.link) : null,
            ),
          ),
        ),
      ),
    );
  }

  /** Keep the sheet shown in the address: a link to it reopens the same sheet. */
  function remember() {
    const url = new URL(window.location.href);
    url.searchParams.set(ADDRESS.family, sheet.family);
    url.searchParams.set(ADDRESS.level, sheet.level);
    url.searchParams.set(ADDRESS.seed, String(sheet.seed));
    if (url.href !== window.location.href) {
      window.history.replaceState(window.history.state, "", url.href);
    }
  }

  /** Ask nimcore for a sheet: the one chosen in the form, or the one an address names. */
  let asking = 0;
  /** @param {{family: string, level: string, seed: number | string}} chosen */
  function make(chosen) {
    const ticket = ++asking;
    root.dataset.state = "en-attente";
    if (engine.status.state !== "ready") {
      frame.inform(say("waiting"));
    }
    engine
      .request("worksheet.make", { ...chosen, count: 8 })
      .then((made) => {
        if (signal.aborted || ticket !== asking) return;
        sheet = made;
        show();
        remember();
        frame.clearMessage();
        frame.announce(
          say("made", { title: sheet.title, level: sheet.level_name.toLowerCase(), seed: sheet.seed }),
        );
      })
      .catch((error) => {
        if (!signal.aborted && ticket === asking) frame.refuse(say("refused", { message: error.message }));
      })
      .finally(() => {
        if (ticket === asking) delete root.dataset.state;
      });
  }

  /** The sheet of the form, its draw number checked as typed. */
  function makeFromForm() {
    const typed = seedInput.value.trim();
    if (!/^\d{1,9}$/.test(typed) || Number(typed) > page.max_seed) {
      frame.refuse(say("bad_seed", { typed: seedInput.value }));
      return;
    }
    make({ family: familySelect.value, level: levelSelect.value, seed: Number(typed) });
  }

  /** @param {EventTarget} target @param {string} type @param {(event: any) => void} handler */
  const on = (target, type, handler) => target.addEventListener(type, handler, { signal });
  on(familySelect, "change", fillLevels);
  on(form, "submit", (event) => {
    event.preventDefault();
    makeFromForm();
  });
  on(otherButton, "click", () => {
    seedInput.value = String(Math.floor(Math.random() * 1_000_000));
    makeFromForm();
  });
  on(printButton, "click", () => window.print());
  show();

  // A sheet named by the address: nimcore reads it (and refuses, in French, what it cannot).
  const params = new URL(window.location.href).searchParams;
  const named = [ADDRESS.family, ADDRESS.level, ADDRESS.seed].map((name) => params.get(name));
  if (named.some((value) => value !== null)) {
    const [family, level, seed] = named;
    const wanted = {
      family: family ?? sheet.family,
      level: level ?? sheet.level,
      seed: seed === null ? sheet.seed : /^\d{1,9}$/.test(seed) ? Number(seed) : seed,
    };
    if (`${wanted.family}/${wanted.level}/${wanted.seed}` !== root.dataset.sheetKey) {
      make(wanted);
    }
  }
}

/** @param {string} text */
const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);
