// Nim with infinite heaps (nimcore's game "ordinal"): each heap is an ordinal
// below ω^ω in Cantor normal form (ω²·3 + ω·2 + 5); a move replaces one heap by
// any smaller ordinal. The position is the list of the heaps in nimcore's
// ASCII writing ("w^2*3+w*2+5"); how each heap reads (ω²·3 + ω·2 + 5), its
// coefficients and the powers of ω come with nimcore's view (`drawing`).
//
// A heap is chosen (a button), then its new value is set coefficient by
// coefficient (« − » and « + ») or typed in the field: each draft is a move
// nimcore checks ("ordinal.move": the heap must become a smaller ordinal,
// whatever its coefficients, ω² → ω·1000 included), and reads what the reader
// typed; its answer, the move or why it is refused, is shown at once.
//
// Markup: <!-- nimcore:board kind=ordinal game=ordinal code=1.0.3_2.5_7 key=ordinal -->

import { fillText, formField, formOf, h } from "./kit.js";
import { mountGame } from "./game.js";

const SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";
const superscript = (/** @type {string} */ digits) => [...digits].map((digit) => SUPERSCRIPTS[Number(digit)]).join("");

/**
 * What nimcore's view says about each heap (nimcore.games.ordinal.drawing).
 * @typedef {{text: string, coefficients: number[], terms: {exponent: number, text: string}[]}} Heap
 * @typedef {{heaps: Heap[], powers: string[]}} Drawing
 */

/**
 * The ASCII writing nimcore reads, from coefficients (lowest exponent first):
 * [5, 2, 3] → "w^2*3+w*2+5". A notation, as a reader would type it.
 * @param {number[]} coefficients
 */
function asciiOf(coefficients) {
  const terms = [];
  for (let exponent = coefficients.length - 1; exponent >= 0; exponent -= 1) {
    const value = coefficients[exponent];
    if (!value) continue;
    const base = exponent === 1 ? "w" : `w^${exponent}`;
    terms.push(exponent === 0 ? String(value) : value === 1 ? base : `${base}*${value}`);
  }
  return terms.join("+") || "0";
}

/** The ASCII writing as a reader reads it: "w^2*3+5" → "ω²·3 + 5" (while nimcore checks a move). */
const readable = (/** @type {string} */ ascii) =>
  ascii.replace(/w\^(\d+)/g, (/** @type {string} */ _, /** @type {string} */ digits) => `ω${superscript(digits)}`).replaceAll("w", "ω").replaceAll("*", "·").replaceAll("+", " + ");

/** Drop trailing zeros. @param {number[]} values */
function normal(values) {
  const result = [...values];
  while (result.length > 0 && result[result.length - 1] === 0) {
    result.pop();
  }
  return result;
}

/**
 * Heaps separated by commas or semicolons, each as typed (nimcore reads them).
 * @param {string} text
 * @returns {import("./game.js").Setup}
 */
function readHeaps(text) {
  const parts = String(text).split(/[,;]/).map((part) => part.trim());
  if (parts.length === 1 && parts[0] === "") {
    return { ok: false, message: "indiquez au moins un tas." };
  }
  return { ok: true, position: parts, options: {} };
}

/**
 * The spec of an ordinal board.
 * @param {import("./kit.js").SetupForm} form  nimcore's setup form (data-form): labels and the board's limits
 */
function makeSpec(form) {
  const heapsField = formField(form, "heaps");
  const maxHeaps = heapsField.max_count ?? 0;
  const maxExponent = form.limits.exponent ?? 0;
  // This board's own state: the heap being replaced and the draft of its new value.
  const local = {
    key: "",
    editing: /** @type {number | null} */ (null),
    draft: /** @type {number[]} */ ([]),
    typed: "",
    selection: "null",
  };

  /** @type {import("./game.js").GameSpec} */
  const spec = {
    board: "ordinal",
    fields() {
      const input = h("input", { type: "text", name: "tas", autocomplete: "off", spellcheck: "false" });
      input.id = `ordinal-tas-${Math.random().toString(36).slice(2, 8)}`;
      return {
        element: h(
          "div",
          {},
          h(
            "p",
            { class: "game-field" },
            h("label", { for: input.id, text: heapsField.label }),
            input,
          ),
          h("p", {
            class: "ordinal-help",
            text: heapsField.help ?? "",
          }),
        ),
        fill: (position) => {
          input.value = position.join(", ");
        },
        read: () => readHeaps(input.value),
      };
    },
    fits(view) {
      if (view.position.length > maxHeaps) {
        return fillText(form.texts.too_many ?? "", { count: view.position.length });
      }
      const powers = view.drawing ? view.drawing.powers.length : 0;
      return powers - 1 > maxExponent ? form.texts.too_high ?? "" : null;
    },
    draw(container, view) {
      /** @type {Drawing | null} */
      const drawing = view.drawing;
      const position = /** @type {string[]} */ (view.position);
      const key = JSON.stringify(position);
      if (key !== local.key) {
        Object.assign(local, { key, editing: null, draft: [], typed: "", selection: "null" });
      }
      // A new selection (the hint's move, or a draft nimcore accepted) opens its heap.
      const selectionKey = JSON.stringify(view.selection ? view.selection.to : null);
      if (selectionKey !== local.selection) {
        local.selection = selectionKey;
        if (view.selection) {
          const coefficients = view.selection.coefficients;
          Object.assign(local, { editing: view.selection.heap, draft: coefficients, typed: asciiOf(coefficients) });
        }
      }
      const hinted = view.highlight ? view.highlight.heap : -1;

      /** A draft of heap `index`, as the target nimcore checks. */
      const target = (/** @type {number} */ index, /** @type {string} */ heap) => position.map((text, number) => (number === index ? heap : text));
      const setDraft = (/** @type {number[]} */ value) => {
        const index = local.editing;
        if (index === null || !drawing) return;
        local.draft = value;
        local.typed = asciiOf(value);
        if (asciiOf(value) === asciiOf(drawing.heaps[index].coefficients)) {
          view.deselect();
          view.redraw();
          return;
        }
        view.deselect(); // until nimcore has checked the new draft
        view.attempt(target(index, asciiOf(value)));
      };

      const focused =
        document.activeElement instanceof HTMLElement && container.contains(document.activeElement) ? document.activeElement.dataset.key : undefined;

      const list = h("ol", { class: "ordinal-heaps", "aria-label": "Les tas" });
      position.forEach((ascii, index) => {
        const heap = drawing ? drawing.heaps[index] : null;
        const classes = ["ordinal-heap"];
        if (index === local.editing) classes.push("is-editing");
        if (index === hinted) classes.push("is-hinted");
        const terms = h("span", { class: "ordinal-terms" });
        if (heap === null) {
          terms.append(h("span", { class: "ordinal-term", text: readable(ascii) }));
        } else if (heap.terms.length === 0) {
          terms.append(h("span", { class: "ordinal-term ordinal-term--empty", text: "0" }));
        }
        for (const term of heap ? heap.terms : []) {
          if (terms.childElementCount > 0) {
            terms.append(h("span", { class: "ordinal-plus", text: "+" }));
          }
          terms.append(h("span", { class: `ordinal-term ordinal-term--${term.exponent}`, text: term.text }));
        }
        const empty = heap !== null && heap.terms.length === 0;
        // The name is the visible text (axe: label-content-name-mismatch), plus hidden words.
        const button = h(
          "button",
          {
            type: "button",
            class: "ordinal-pick",
            "data-key": `tas-${index}`,
            "aria-pressed": index === local.editing ? "true" : "false",
            disabled: !view.interactive || heap === null,
            onclick: () => {
              if (empty || heap === null) {
                view.refuse(`Le tas ${index + 1} est vide\u00a0: choisissez un autre tas.`);
                return;
              }
              Object.assign(local, { editing: index, draft: [...heap.coefficients], typed: ascii });
              view.redraw();
            },
          },
          h("span", { class: "ordinal-label", text: `Tas ${index + 1}` }),
          h("span", { class: "board-sr-only", text: "\u00a0: " }),
          terms,
          h("span", { class: "board-sr-only", text: empty ? " (vide)" : ". Choisir ce tas" }),
        );
        const item = h("li", { class: classes.join(" ") }, button);
        if (index === local.editing && view.interactive && heap !== null && drawing !== null) {
          item.append(editor(heap, drawing.powers, index, view, setDraft, target));
        }
        list.append(item);
      });
      list.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && local.editing !== null) {
          event.preventDefault();
          const index = local.editing;
          local.editing = null;
          view.deselect();
          view.redraw();
          const button = container.querySelector(`[data-key="tas-${index}"]`);
          if (button instanceof HTMLElement) button.focus();
        }
      });
      container.replaceChildren(list);
      if (focused) {
        const again = container.querySelector(`[data-key="${focused}"]`);
        if (again instanceof HTMLElement && !again.hasAttribute("disabled")) again.focus();
      }
    },
  };

  /**
   * The editor of heap `index`: steppers per coefficient, and a text field.
   * @param {Heap} heap
   * @param {string[]} powers
   * @param {number} index
   * @param {import("./game.js").View} view
   * @param {(draft: number[]) => void} setDraft
   * @param {(index: number, heap: string) => string[]} target
   */
  function editor(heap, powers, index, view, setDraft, target) {
    const draft = local.draft;
    const top = heap.coefficients.length - 1;
    const steppers = h("div", { class: "ordinal-steppers", role: "group", "aria-label": `Coefficients de la nouvelle valeur du tas ${index + 1}` });
    for (let exponent = top; exponent >= 0; exponent -= 1) {
      const current = exponent < draft.length ? draft[exponent] : 0;
      const label = exponent === 0 ? "entiers" : powers[exponent];
      const name = exponent === 0 ? "la partie finie" : powers[exponent];
      /** The draft with this coefficient changed by `delta`. */
      const stepped = (/** @type {number} */ delta) => {
        const next = [...draft];
        while (next.length <= exponent) next.push(0);
        next[exponent] = current + delta;
        return normal(next);
      };
      const step = (/** @type {number} */ delta) => () => setDraft(stepped(delta));
      steppers.append(
        h(
          "div",
          { class: "ordinal-stepper" },
          h("span", { class: "ordinal-stepper-label", text: label }),
          h("button", {
            type: "button",
            class: "ordinal-step",
            "data-key": `moins-${exponent}`,
            "aria-label": `Coefficient de ${name}\u00a0: ${current} moins 1`,
            // aria-disabled rather than disabled: the button keeps the focus.
            "aria-disabled": current <= 0 ? "true" : null,
            // The target this gesture proposes (nimcore checks it).
            "data-to": current > 0 ? JSON.stringify(target(index, asciiOf(stepped(-1)))) : null,
            text: "−",
            onclick: current <= 0 ? () => view.refuse(`Le coefficient de ${name} vaut déjà 0.`) : step(-1),
          }),
          h("output", { class: "ordinal-coefficient", text: String(current) }),
          h("button", {
            type: "button",
            class: "ordinal-step",
            "data-key": `plus-${exponent}`,
            "aria-label": `Coefficient de ${name}\u00a0: ${current} plus 1`,
            text: "+",
            onclick: step(1),
          }),
        ),
      );
    }
    const chosen = view.selection && view.selection.heap === index ? view.selection : null;
    const preview = h(
      "p",
      { class: "ordinal-preview" },
      "Nouvelle valeur\u00a0: ",
      h("strong", { text: chosen ? chosen.after.replace(/\^(\d+)/g, (/** @type {string} */ _, /** @type {string} */ digits) => superscript(digits)).replaceAll("+", " + ") : readable(asciiOf(draft)) }),
    );
    const inputId = `ordinal-nouveau-${index}-${Math.random().toString(36).slice(2, 8)}`;
    const input = h("input", {
      type: "text",
      id: inputId,
      name: "nouvelle-valeur",
      "data-key": "saisie",
      autocomplete: "off",
      spellcheck: "false",
      value: local.typed,
    });
    input.addEventListener("input", () => {
      local.typed = input.value;
    });
    const form = h(
      "form",
      { class: "ordinal-typed", novalidate: true },
      h("label", { for: inputId, text: `Ou écrivez la nouvelle valeur du tas ${index + 1}\u00a0:` }),
      input,
      h("button", { type: "submit", class: "ordinal-choose", "data-key": "choisir", text: "Choisir" }),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      view.attempt(target(index, input.value)); // nimcore reads it, and says why when it cannot
    });
    return h(
      "div",
      { class: "ordinal-editor" },
      h("p", { class: "ordinal-editor-title" }, `Nouvelle valeur du tas ${index + 1} (${heap.text})\u00a0:`),
      steppers,
      preview,
      form,
    );
  }

  return spec;
}

/**
 * Set up an ordinal Nim board.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountOrdinal(root, context) {
  mountGame(root, context, makeSpec(formOf(root)));
}
