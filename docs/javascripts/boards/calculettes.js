// Three small calculators, each asking the engine (nimcore/bridge.py):
//   - the binary table and the nim-sum of a list of numbers ("calc.nim_sum");
//   - the writing of a number in base b, 2 ≤ b ≤ 36 ("calc.digits");
//   - the Zeckendorf writing of a number ("calc.zeckendorf").
// A tool, not a game: it does not use game.js. Numbers of up to nimcore's
// limit of digits travel as decimal strings (JavaScript numbers are exact only up to
// 2^53 − 1); the engine answers with numbers when they are small, decimal
// strings beyond, so this file reads every number with String() or BigInt().
//
// Markup: <!-- nimcore:calculators --> writes <div data-board="calculettes"
// data-form='…'>: nimcore's form (nimcore.bridge.calculator_form), whose labels,
// help and limits (digits, how many numbers, the bases) the page checks at
// once, before the engine is ready; the engine checks them again.
// Test hooks: each calculator (.calc-nim-sum, .calc-base, .calc-zeckendorf)
// gets data-result once the engine has answered.

import { BoardFrame, formField, formOf, grouped, h } from "./kit.js";

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The engine's answers (nimcore/bridge.py). A number is a JSON number up to
 * 2^53 − 1, its decimal string beyond.
 * @typedef {number | string} Exact
 * @typedef {{values: Exact[], nim_sum: Exact, weights: Exact[], rows: number[][], column_ones: number[],
 *   words: {intro: string, verdict: string, note: string}}} NimSumAnswer
 * @typedef {{value: Exact, base: number, digits: number[], words: {intro: string}}} DigitsAnswer
 * @typedef {{value: Exact, terms: Exact[], digits: number[], weights: Exact[],
 *   words: {intro: string, sum: string, summary: string, note: string}}} ZeckendorfAnswer
 */

/** A number with narrow spaces between groups of three digits, as French writes it. */
const french = (/** @type {Exact | null} */ value) => grouped(String(value));

/** A power as a reader reads it: "2⁵" written with <sup>. */
const power = (/** @type {Exact} */ base, /** @type {number} */ exponent) => h("span", { class: "calc-power" }, String(base), h("sup", { text: String(exponent) }));

/** A long text cut for a message: its first 30 characters and an ellipsis. */
const shorten = (/** @type {string} */ text) => (text.length > 40 ? `${text.slice(0, 30)}…` : text);

/**
 * Is this typed number too long? Its message, or null.
 * @param {string} digits
 * @param {number} maxDigits  nimcore's limit
 */
function tooLong(digits, maxDigits) {
  const significant = digits.replace(/^0+(?=\d)/, "");
  return significant.length > maxDigits
    ? `Le nombre ${shorten(significant)} a ${french(significant.length)} chiffres\u00a0: ${maxDigits} chiffres au plus.`
    : null;
}

/**
 * Read one natural number typed by the reader, kept as its decimal string.
 * @param {string} text
 * @param {string} what
 * @param {import("./kit.js").FormField} field  nimcore's field (its max_digits)
 * @returns {{ok: true, value: string} | {ok: false, message: string}}
 */
function readNatural(text, what, field) {
  const trimmed = String(text).trim();
  if (trimmed === "") {
    return { ok: false, message: `Indiquez ${what}.` };
  }
  if (!/^\d+$/.test(trimmed)) {
    return {
      ok: false,
      message: `«\u00a0${shorten(trimmed)}\u00a0» n’est pas un entier naturel\u00a0: écrivez-le avec des chiffres seulement, sans espace ni virgule.`,
    };
  }
  const long = tooLong(trimmed, field.max_digits ?? 0);
  return long ? { ok: false, message: long } : { ok: true, value: trimmed };
}

/**
 * Read the natural numbers of `field` (from 1 to its max_count), separated by spaces, commas or semicolons.
 * @param {string} text
 * @param {import("./kit.js").FormField} field  nimcore's field
 * @returns {{ok: true, values: string[]} | {ok: false, message: string}}
 */
function readNaturals(text, field) {
  const parts = String(text).split(/[\s,;]+/).filter(Boolean);
  const most = field.max_count ?? 0;
  if (parts.length === 0) {
    return { ok: false, message: "Indiquez au moins 1 nombre." };
  }
  if (parts.length > most) {
    return { ok: false, message: `Trop de valeurs (${parts.length})\u00a0: ${most} au plus.` };
  }
  for (const part of parts) {
    if (!/^\d+$/.test(part)) {
      return { ok: false, message: `«\u00a0${shorten(part)}\u00a0» n’est pas un nombre entier positif ou nul.` };
    }
    const long = tooLong(part, field.max_digits ?? 0);
    if (long) {
      return { ok: false, message: long };
    }
  }
  return { ok: true, values: parts };
}

/**
 * One calculator: a form, its own message line, and its result.
 * What the calculator does is said by nimcore, with its first answer (`words.intro`).
 * @param {{name: string, title: string, fields: HTMLElement[], submit: string}} parts
 */
function calculator({ name, title, fields, submit }) {
  const message = h("p", { class: "board-message calc-message", role: "alert" });
  const result = h("div", { class: "calc-result" });
  const intro = h("p", { class: "calc-intro" });
  const form = h(
    "form",
    { class: "calc-form", novalidate: true },
    ...fields,
    h("p", { class: "calc-submit" }, h("button", { type: "submit", class: "md-button md-button--primary", text: submit })),
  );
  const element = h(
    "section",
    { class: `calc calc-${name}`, "aria-label": title },
    h("p", { class: "calc-title", text: title }),
    intro,
    form,
    message,
    result,
  );
  return {
    element,
    form,
    result,
    /** Show nimcore's words about the calculator (each answer brings them). */
    introduce(/** @type {string} */ text) {
      intro.textContent = text;
    },
    refuse(/** @type {string} */ text) {
      message.textContent = text;
      message.dataset.kind = "error";
      delete element.dataset.result;
    },
    clear() {
      message.textContent = "";
      delete message.dataset.kind;
    },
  };
}

/** @param {string} label @param {HTMLInputElement} input @param {string} [help] */
function field(label, input, help) {
  const id = `calc-${input.name}-${Math.random().toString(36).slice(2, 8)}`;
  input.id = id;
  /** @type {HTMLElement[]} */
  const parts = [h("label", { for: id, text: label }), input];
  if (help) {
    const helpId = `${id}-aide`;
    input.setAttribute("aria-describedby", helpId);
    parts.push(h("span", { class: "calc-help", id: helpId, text: help }));
  }
  return h("p", { class: "calc-field" }, ...parts);
}

const textInput = (/** @type {string} */ name, /** @type {string} */ value, /** @type {Record<string, string | number>} */ extra = {}) =>
  h("input", { type: "text", name, value, autocomplete: "off", spellcheck: "false", ...extra });

/**
 * Set up the three calculators.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountCalculettes(root, { engine, signal }) {
  const frame = new BoardFrame(root, { engine, signal });
  const form = formOf(root);
  const numbersField = formField(form, "numbers");
  const valueField = formField(form, "value");
  const baseField = formField(form, "base");
  const [lowBase, highBase] = [baseField.min ?? 2, baseField.max ?? 2];
  /** @param {EventTarget} target @param {string} type @param {(event: any) => void} handler */
  const on = (target, type, handler) => target.addEventListener(type, handler, { signal });

  /** Ask the engine; show the answer with `show`, or the engine's French refusal. */
  /**
   * @param {ReturnType<typeof calculator>} calc
   * @param {string} type
   * @param {Record<string, any>} payload
   * @param {(answer: any) => void} show
   */
  function ask(calc, type, payload, show) {
    calc.clear();
    delete calc.element.dataset.result;
    calc.result.replaceChildren(
      h("p", { class: "calc-waiting", text: engine.status.state === "ready" ? "Calcul…" : "Le calcul sera fait dès que le moteur sera prêt…" }),
    );
    engine
      .request(type, payload)
      .then((answer) => {
        if (!signal.aborted) show(answer);
      })
      .catch((error) => {
        if (!signal.aborted) {
          calc.result.replaceChildren();
          calc.refuse(`Le moteur refuse ce calcul\u00a0: ${error.message}`);
        }
      });
  }

  // ---- 1. nim-sum ---------------------------------------------------------------
  const numbers = textInput("nombres", root.dataset.nombres ?? "11 9 7", { inputmode: "numeric" });
  const nimSum = calculator({
    name: "nim-sum",
    title: "Somme de Nim",
    fields: [field(numbersField.label, numbers, numbersField.help)],
    submit: "Calculer la somme de Nim",
  });

  /** @param {NimSumAnswer} answer */
  function showNimSum(answer) {
    const width = answer.weights.length;
    const headers = answer.weights.map((weight, index) =>
      h("th", { scope: "col" }, typeof weight === "number" && weight <= 1024 ? String(weight) : power(2, width - 1 - index)),
    );
    const odd = answer.column_ones.map((count) => count % 2 === 1);
    const body = answer.values.map((value, row) =>
      h(
        "tr",
        {},
        h("th", { scope: "row", text: french(value) }),
        ...answer.rows[row].map((digit, column) => h("td", { class: odd[column] ? "is-odd" : null, text: String(digit) })),
      ),
    );
    const sum = BigInt(answer.nim_sum);
    const sumDigits = sum.toString(2).padStart(width, "0").slice(-width).split("");
    const { words } = answer;
    nimSum.introduce(words.intro);
    const table = h(
      "table",
      { class: "calc-table", "aria-label": "Tableau binaire des nombres" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Nombre" }), ...headers)),
      h("tbody", {}, ...body),
      h(
        "tfoot",
        {},
        h("tr", {}, h("th", { scope: "row", text: "Nombre de 1" }), ...answer.column_ones.map((count, column) => h("td", { class: odd[column] ? "is-odd" : null, text: String(count) }))),
        h("tr", { class: "calc-sum-row" }, h("th", { scope: "row", text: "Somme de Nim" }), ...sumDigits.map((digit, column) => h("td", { class: odd[column] ? "is-odd" : null, text: digit }))),
      ),
    );
    nimSum.result.replaceChildren(
      h(
        "p",
        { class: "calc-answer" },
        `${answer.values.map(french).join(" ⊕ ")} = `,
        h("strong", { class: "calc-value", text: french(answer.nim_sum) }),
        ` (en base 2\u00a0: ${sum.toString(2)})`,
      ),
      h("p", { text: words.verdict }),
      h("p", { class: "calc-note", text: words.note }),
      h("div", { class: "calc-table-wrap" }, table),
    );
    nimSum.element.dataset.result = String(answer.nim_sum);
    frame.announce(`Somme de Nim\u00a0: ${answer.nim_sum}.`);
  }

  function runNimSum() {
    const parsed = readNaturals(numbers.value, numbersField);
    numbers.setAttribute("aria-invalid", parsed.ok ? "false" : "true");
    if (!parsed.ok) {
      nimSum.refuse(parsed.message);
      return;
    }
    ask(nimSum, "calc.nim_sum", { values: parsed.values }, showNimSum);
  }

  // ---- 2. base b ----------------------------------------------------------------
  const baseValue = textInput("nombre-base", root.dataset.nombre ?? "11", { inputmode: "numeric" });
  const base = textInput("base", root.dataset.base ?? "3", { inputmode: "numeric", size: 3 });
  const inBase = calculator({
    name: "base",
    title: "Écriture en base b",
    fields: [
      field(valueField.label, baseValue),
      field(baseField.label, base, baseField.help),
    ],
    submit: "Écrire en base b",
  });

  /** @param {DigitsAnswer} answer */
  function showDigits(answer) {
    const { value, base: b, digits } = answer;
    inBase.introduce(answer.words.intro);
    const count = digits.length;
    const written = digits.map((digit) => DIGITS[digit]).join("");
    const headers = digits.map((_, index) => h("th", { scope: "col" }, power(b, count - 1 - index)));
    /** @type {(string | HTMLElement)[]} */
    const terms = [];
    digits.forEach((digit, index) => {
      if (digit !== 0) {
        if (terms.length > 0) terms.push(" + ");
        terms.push(`${digit} × `, power(b, count - 1 - index));
      }
    });
    const table = h(
      "table",
      { class: "calc-table", "aria-label": `Les chiffres de ${french(value)} en base ${b}, sous leurs poids` },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Poids" }), ...headers)),
      h("tbody", {}, h("tr", {}, h("th", { scope: "row", text: "Chiffre" }), ...digits.map((digit) => h("td", { class: digit ? "is-one" : null, text: b > 10 && digit > 9 ? `${DIGITS[digit]} (${digit})` : String(digit) })))),
    );
    inBase.result.replaceChildren(
      h("p", { class: "calc-answer" }, `${french(value)} s’écrit `, h("strong", { class: "calc-value", text: written }), ` en base ${b}.`),
      h("p", { class: "calc-terms" }, `${french(value)} = `, ...(terms.length ? terms : ["0"])),
      h("div", { class: "calc-table-wrap" }, table),
    );
    inBase.element.dataset.result = written;
    frame.announce(`${value} s’écrit ${written} en base ${b}.`);
  }

  function runDigits() {
    const value = readNatural(baseValue.value, "le nombre à écrire", valueField);
    baseValue.setAttribute("aria-invalid", value.ok ? "false" : "true");
    if (!value.ok) {
      base.setAttribute("aria-invalid", "false");
      inBase.refuse(value.message);
      return;
    }
    const trimmed = base.value.trim();
    const b = Number(trimmed);
    const baseOk = /^\d+$/.test(trimmed) && b >= lowBase && b <= highBase;
    base.setAttribute("aria-invalid", baseOk ? "false" : "true");
    if (!baseOk) {
      inBase.refuse(
        trimmed === ""
          ? `Indiquez la base b, de ${lowBase} à ${highBase}.`
          : `«\u00a0${trimmed}\u00a0» ne convient pas comme base\u00a0: la base est un entier de ${lowBase} à ${highBase}.`,
      );
      return;
    }
    ask(inBase, "calc.digits", { value: value.value, base: b }, showDigits);
  }

  // ---- 3. Zeckendorf ------------------------------------------------------------
  const zValue = textInput("nombre-zeckendorf", root.dataset.zeckendorf ?? "24", { inputmode: "numeric" });
  const zeck = calculator({
    name: "zeckendorf",
    title: "Écriture de Zeckendorf",
    fields: [field(valueField.label, zValue)],
    submit: "Écrire en somme de Fibonacci",
  });

  /** @param {ZeckendorfAnswer} answer */
  function showZeckendorf(answer) {
    // The Fibonacci numbers over the digits, the digits, the terms and the words are the engine's.
    const { value, terms, digits, words } = answer;
    const weights = answer.weights.map(String);
    const smallest = terms.length ? String(terms[terms.length - 1]) : null;
    zeck.introduce(words.intro);
    const table = h(
      "table",
      { class: "calc-table", "aria-label": "Le mot de Zeckendorf sous les nombres de Fibonacci" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Fibonacci" }), ...weights.map((weight) => h("th", { scope: "col", text: french(weight) })))),
      h("tbody", {}, h("tr", {}, h("th", { scope: "row", text: "Chiffre" }), ...digits.map((digit, index) => h("td", { class: digit ? (weights[index] === smallest ? "is-one is-smallest" : "is-one") : null, text: String(digit) })))),
    );
    zeck.result.replaceChildren(
      h("p", { class: "calc-answer" }, `${french(value)} = `, h("strong", { class: "calc-value", text: words.sum })),
      h("p", { text: words.summary }),
      h("p", { class: "calc-note", text: words.note }),
      h("div", { class: "calc-table-wrap" }, table),
    );
    zeck.element.dataset.result = terms.join("+") || "0";
    frame.announce(`${value} = ${terms.join(" + ") || "0"}.`);
  }

  function runZeckendorf() {
    const value = readNatural(zValue.value, "le nombre à écrire", valueField);
    zValue.setAttribute("aria-invalid", value.ok ? "false" : "true");
    if (!value.ok) {
      zeck.refuse(value.message);
      return;
    }
    ask(zeck, "calc.zeckendorf", { value: value.value }, showZeckendorf);
  }

  // ---- set-up -------------------------------------------------------------------
  root.replaceChildren(
    frame.status,
    frame.offlineNote ?? "",
    nimSum.element,
    inBase.element,
    zeck.element,
    frame.announcer,
  );
  root.classList.add("calc-board");
  /** @type {[{form: HTMLFormElement}, () => void][]} */
  const calculators = [
    [nimSum, runNimSum],
    [inBase, runDigits],
    [zeck, runZeckendorf],
  ];
  for (const [calc, run] of calculators) {
    on(calc.form, "submit", (event) => {
      event.preventDefault();
      run();
    });
  }
  runNimSum();
  runDigits();
  runZeckendorf();
}
