// Three small calculators, each asking the engine (nimcore/calls/calculators.py):
//   - the binary table and the nim-sum of a list of numbers ("calc.nim_sum");
//   - the writing of a number in base b, 2 ≤ b ≤ 36 ("calc.digits");
//   - the Zeckendorf writing of a number ("calc.zeckendorf").
// A tool, not a game: it does not use game.js. Numbers of up to nimcore's
// limit of digits travel as decimal strings (JavaScript numbers are exact only up to
// 2^53 − 1); the engine answers with numbers when they are small, decimal
// strings beyond, so this file reads every number with String() or BigInt().
//
// Markup: <!-- nimcore:calculators --> writes <div data-board="calculettes"
// data-form='…'>: nimcore's form (nimcore.bridge.calculator_form), its labels
// and help. What the reader typed is sent as typed: nimcore reads it, and its
// French message says what is wrong (a new message clears the last result).
// The page's own words are nimcore's too (nimcore/games/words.py).
// Test hooks: each calculator (.calc-nim-sum, .calc-base, .calc-zeckendorf)
// gets data-result once the engine has answered.

import { BoardFrame, formField, formOf, grouped, h, say, scrollCue } from "./kit.js";

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** The multiplication sign, between a digit and its power. */
const TIMES = "\u00d7";

/**
 * The engine's answers (nimcore/calls/calculators.py). A number is a JSON number up to
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

/**
 * One of nimcore's sentences with an element in the place of its "{name}" (the result, in bold).
 * @param {string} key
 * @param {Record<string, string | number>} values
 * @param {string} name
 * @param {HTMLElement} element
 * @returns {(string | HTMLElement)[]}
 */
function sayAround(key, values, name, element) {
  const [before, after = ""] = say(key, values).split(`{${name}}`);
  return [before, element, after];
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
    /** A refusal: it replaces the last result, and marks the calculator's fields. */
    refuse(/** @type {string} */ text) {
      message.textContent = text;
      message.dataset.kind = "error";
      result.replaceChildren();
      delete element.dataset.result;
      for (const input of form.querySelectorAll("input")) input.setAttribute("aria-invalid", "true");
    },
    clear() {
      message.textContent = "";
      delete message.dataset.kind;
      for (const input of form.querySelectorAll("input")) input.setAttribute("aria-invalid", "false");
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
  /** @param {EventTarget} target @param {string} type @param {(event: any) => void} handler */
  const on = (target, type, handler) => target.addEventListener(type, handler, { signal });

  /**
   * Ask the engine with what the reader typed; show the answer with `show`, or nimcore's French
   * refusal in its place.
   * @param {ReturnType<typeof calculator>} calc
   * @param {string} type
   * @param {Record<string, any>} payload
   * @param {(answer: any) => void} show
   */
  function ask(calc, type, payload, show) {
    calc.clear();
    delete calc.element.dataset.result;
    calc.result.replaceChildren(h("p", { class: "calc-waiting", text: say(engine.status.state === "ready" ? "calc_computing" : "calc_waiting") }));
    engine
      .request(type, payload)
      .then((answer) => {
        if (!signal.aborted) show(answer);
      })
      .catch((error) => {
        if (!signal.aborted) {
          calc.refuse(error.message);
        }
      });
  }

  // ---- 1. nim-sum ---------------------------------------------------------------
  const numbers = textInput("nombres", root.dataset.nombres ?? "11 9 7", { inputmode: "numeric" });
  const nimSum = calculator({
    name: "nim-sum",
    title: say("calc_nim_sum_title"),
    fields: [field(numbersField.label, numbers, numbersField.help)],
    submit: say("calc_nim_sum_submit"),
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
      { class: "calc-table", "aria-label": say("calc_binary_table") },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: say("calc_number") }), ...headers)),
      h("tbody", {}, ...body),
      h(
        "tfoot",
        {},
        h("tr", {}, h("th", { scope: "row", text: say("calc_ones") }), ...answer.column_ones.map((count, column) => h("td", { class: odd[column] ? "is-odd" : null, text: String(count) }))),
        h("tr", { class: "calc-sum-row" }, h("th", { scope: "row", text: say("calc_nim_sum_title") }), ...sumDigits.map((digit, column) => h("td", { class: odd[column] ? "is-odd" : null, text: digit }))),
      ),
    );
    nimSum.result.replaceChildren(
      h(
        "p",
        { class: "calc-answer" },
        `${answer.values.map(french).join(" ⊕ ")} = `,
        h("strong", { class: "calc-value", text: french(answer.nim_sum) }),
        ` ${say("calc_in_binary", { digits: sum.toString(2) })}`,
      ),
      h("p", { text: words.verdict }),
      h("p", { class: "calc-note", text: words.note }),
      scrollCue(table, { label: table.getAttribute("aria-label") ?? undefined, focusable: true, signal }),
    );
    nimSum.element.dataset.result = String(answer.nim_sum);
    frame.announce(say("calc_nim_sum_said", { value: french(answer.nim_sum) }));
  }

  function runNimSum() {
    ask(nimSum, "calc.nim_sum", { values: numbers.value }, showNimSum);
  }

  // ---- 2. base b ----------------------------------------------------------------
  const baseValue = textInput("nombre-base", root.dataset.nombre ?? "11", { inputmode: "numeric" });
  const base = textInput("base", root.dataset.base ?? "3", { inputmode: "numeric", size: 3 });
  const inBase = calculator({
    name: "base",
    title: say("calc_base_title"),
    fields: [
      field(valueField.label, baseValue),
      field(baseField.label, base, baseField.help),
    ],
    submit: say("calc_base_submit"),
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
        terms.push(`${digit} ${TIMES} `, power(b, count - 1 - index));
      }
    });
    const table = h(
      "table",
      { class: "calc-table", "aria-label": say("calc_base_table", { value: french(value), base: b }) },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: say("calc_weight") }), ...headers)),
      h("tbody", {}, h("tr", {}, h("th", { scope: "row", text: say("calc_digit") }), ...digits.map((digit) => h("td", { class: digit ? "is-one" : null, text: b > 10 && digit > 9 ? `${DIGITS[digit]} (${digit})` : String(digit) })))),
    );
    inBase.result.replaceChildren(
      h("p", { class: "calc-answer" }, ...sayAround("calc_base_answer", { value: french(value), base: b }, "written", h("strong", { class: "calc-value", text: written }))),
      h("p", { class: "calc-terms" }, `${french(value)} = `, ...(terms.length ? terms : ["0"])),
      scrollCue(table, { label: table.getAttribute("aria-label") ?? undefined, focusable: true, signal }),
    );
    inBase.element.dataset.result = written;
    frame.announce(say("calc_base_answer", { value: french(value), written, base: b }));
  }

  function runDigits() {
    ask(inBase, "calc.digits", { value: baseValue.value, base: base.value }, showDigits);
  }

  // ---- 3. Zeckendorf ------------------------------------------------------------
  const zValue = textInput("nombre-zeckendorf", root.dataset.zeckendorf ?? "24", { inputmode: "numeric" });
  const zeck = calculator({
    name: "zeckendorf",
    title: say("calc_zeckendorf_title"),
    fields: [field(valueField.label, zValue)],
    submit: say("calc_zeckendorf_submit"),
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
      { class: "calc-table", "aria-label": say("calc_zeckendorf_table") },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: say("calc_fibonacci") }), ...weights.map((weight) => h("th", { scope: "col", text: french(weight) })))),
      h("tbody", {}, h("tr", {}, h("th", { scope: "row", text: say("calc_digit") }), ...digits.map((digit, index) => h("td", { class: digit ? (weights[index] === smallest ? "is-one is-smallest" : "is-one") : null, text: String(digit) })))),
    );
    zeck.result.replaceChildren(
      h("p", { class: "calc-answer" }, `${french(value)} = `, h("strong", { class: "calc-value", text: words.sum })),
      h("p", { text: words.summary }),
      h("p", { class: "calc-note", text: words.note }),
      scrollCue(table, { label: table.getAttribute("aria-label") ?? undefined, focusable: true, signal }),
    );
    zeck.element.dataset.result = terms.join("+") || "0";
    frame.announce(`${value} = ${terms.join(" + ") || "0"}.`);
  }

  function runZeckendorf() {
    ask(zeck, "calc.zeckendorf", { value: zValue.value }, showZeckendorf);
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
