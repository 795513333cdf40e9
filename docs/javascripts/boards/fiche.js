// A teacher's worksheet: positions to solve at a stated level, and their
// answers on a page of their own. nimcore draws the positions and writes
// every word about them (nimcore/worksheet.py, the engine's "worksheet.make");
// this file shows the sheet, lets the reader choose a family, a level and a
// seed, and prints (print.css keeps the sheet only, the answers from a new page).
//
// Markup (<!-- nimcore:worksheet family=nim level=easy seed=1 -->):
//   <div data-board="fiche" data-sheet='{…}' data-families='[…]'></div>
// `data-sheet` is the page's sheet, made at build time: shown, and printable,
// before the engine is ready.
// The levels' ids are nimcore's ("easy", "medium", "hard"), their French names too.
// Test hooks: data-sheet-key ("<family>/<level>/<seed>" of the sheet shown),
// data-state ("en-attente" while a new sheet is made).

import { BoardFrame, h, hintTable } from "./kit.js";

/**
 * @typedef {{number: number, code: string, describe: string, rule: string}} Exercise
 * @typedef {{number: number, outcome: string, verdict: string, move: string | null,
 *   sentences: string[], tables: any[]}} Answer
 * @typedef {{family: string, title: string, level: string, level_name: string, level_text: string, seed: number,
 *   rule: string, question: string, exercises: Exercise[], answers: Answer[]}} Sheet
 * @typedef {{id: string, title: string, levels: Record<string, {name: string, text: string}>}} Family
 */

/**
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountFiche(root, { engine, signal }) {
  /** @type {Sheet} */
  let sheet = JSON.parse(root.dataset.sheet ?? "null");
  /** @type {Family[]} */
  const families = JSON.parse(root.dataset.families ?? "[]");
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
  const makeButton = h("button", { type: "submit", class: "md-button md-button--primary", text: "Nouvelle fiche" });
  const otherButton = h("button", { type: "button", class: "md-button", text: "Autre tirage" });
  const printButton = h("button", { type: "button", class: "md-button", text: "Imprimer" });
  const form = h(
    "form",
    { class: "fiche-controls game-setup", novalidate: true },
    h(
      "fieldset",
      {},
      h("legend", { text: "Choisir la fiche" }),
      field("Jeu\u00a0:", familySelect),
      field("Niveau\u00a0:", levelSelect),
      field("Tirage n°\u00a0:", seedInput),
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

  /** Draw the sheet: the questions, then the answers (from a new page when printed). */
  function show() {
    familySelect.value = sheet.family;
    fillLevels();
    levelSelect.value = sheet.level;
    seedInput.value = String(sheet.seed);
    root.dataset.sheetKey = `${sheet.family}/${sheet.level}/${sheet.seed}`;
    const level = `${sheet.level_name}\u00a0: ${sheet.level_text}`;
    const heading = (/** @type {string} */ title) =>
      h(
        "header",
        { class: "fiche-heading" },
        h("h2", { text: `${title} — ${sheet.title}` }),
        h("p", { class: "fiche-meta", text: `Niveau ${level}. Tirage n°\u00a0${sheet.seed}.` }),
      );
    paper.replaceChildren(
      h(
        "section",
        { class: "fiche-questions", "aria-label": "Énoncé" },
        heading("Fiche d’exercices"),
        h("p", { class: "fiche-name", text: "Nom\u00a0: ………………………………  Classe\u00a0: …………  Date\u00a0: …………" }),
        h("p", { class: "fiche-rule" }, h("strong", { text: "Règle." }), ` ${sheet.rule}`),
        h("p", { class: "fiche-question", text: sheet.question }),
        h(
          "ol",
          { class: "fiche-exercises" },
          ...sheet.exercises.map((exercise) => h("li", { text: `${capitalise(exercise.describe)}.` })),
        ),
      ),
      h(
        "section",
        { class: "fiche-answers", "aria-label": "Corrigé" },
        heading("Corrigé"),
        h(
          "ol",
          { class: "fiche-solutions" },
          ...sheet.answers.map((answer) =>
            h(
              "li",
              { dataset: { outcome: answer.outcome } },
              h("p", { class: "fiche-verdict", text: answer.verdict }),
              ...answer.tables.map((table) => hintTable(table, `position ${answer.number}`)),
              ...answer.sentences.map((sentence) => h("p", { text: sentence })),
            ),
          ),
        ),
      ),
    );
  }

  /** Ask nimcore for the sheet chosen in the form (with `seed`, when given). */
  let asking = 0;
  /** @param {number | undefined} seed */
  function make(seed) {
    const value = seed ?? Number(seedInput.value.trim());
    if (!/^\d{1,9}$/.test(seedInput.value.trim()) && seed === undefined) {
      frame.refuse(`Fiche non faite\u00a0: «\u00a0${seedInput.value}\u00a0» n’est pas un numéro de tirage (de 0 à 999999999).`);
      return;
    }
    const ticket = ++asking;
    root.dataset.state = "en-attente";
    if (engine.status.state !== "ready") {
      frame.inform("La fiche sera faite dès que le moteur sera prêt…");
    }
    engine
      .request("worksheet.make", { family: familySelect.value, level: levelSelect.value, seed: value, count: 8 })
      .then((made) => {
        if (signal.aborted || ticket !== asking) return;
        sheet = made;
        show();
        frame.clearMessage();
        frame.announce(`Nouvelle fiche\u00a0: ${sheet.title}, niveau ${sheet.level_name.toLowerCase()}, tirage n°\u00a0${sheet.seed}.`);
      })
      .catch((error) => {
        if (!signal.aborted && ticket === asking) frame.refuse(`Fiche non faite\u00a0: ${error.message}`);
      })
      .finally(() => {
        if (ticket === asking) delete root.dataset.state;
      });
  }

  /** @param {EventTarget} target @param {string} type @param {(event: any) => void} handler */
  const on = (target, type, handler) => target.addEventListener(type, handler, { signal });
  on(familySelect, "change", fillLevels);
  on(form, "submit", (event) => {
    event.preventDefault();
    make(undefined);
  });
  on(otherButton, "click", () => {
    const seed = Math.floor(Math.random() * 1_000_000);
    seedInput.value = String(seed);
    make(seed);
  });
  on(printButton, "click", () => window.print());
  show();
}

/** @param {string} text */
const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);
