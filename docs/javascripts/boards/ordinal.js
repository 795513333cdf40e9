// Nim with infinite heaps: each heap is an ordinal below ω^ω, written in
// Cantor normal form (ω²·3 + ω·2 + 5). A move replaces one heap by any smaller
// ordinal. The engine speaks ASCII ("w^2*3+w*2+5"); the board shows ω.
//
// Markup: <div data-board="ordinal" data-heaps="w^2+3, w*2+5, 7"></div>
//
// nimcore checks each move directly (bridge.py, "ordinal.play", which calls
// ordinal.move_to): the one heap that changed must have become a smaller
// ordinal, whatever its new coefficients (ω² → ω·1000 included). This board's
// limits are only those of a readable board: MAX_HEAPS heaps, exponents up to
// MAX_EXPONENT, coefficients up to MAX_COEFFICIENT.

import { candidates, h, plural } from "./kit.js";
import { mountGame } from "./game.js";

const MAX_HEAPS = 6;
const MAX_EXPONENT = 3;
/**
 * Largest coefficient, in a new game, a move, a URL: 2^10 − 1, so that the
 * engine's moves stay within it too (a nim-sum of coefficients up to 1 023 is
 * at most 1 023, and from a losing position the computer puts back at most the
 * largest coefficient on the table).
 */
const MAX_COEFFICIENT = 1023;

const SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";
const FORMAT = new Intl.NumberFormat("fr-FR");

// ---- ordinals as coefficient lists, lowest exponent first, no trailing zero ----

/** Drop trailing zeros. @param {number[]} values */
function normal(values) {
  const result = [...values];
  while (result.length > 0 && result[result.length - 1] === 0) {
    result.pop();
  }
  return result;
}

const coefficient = (value, exponent) => (exponent < value.length ? value[exponent] : 0);

/** -1, 0 or 1 as a is below, equal to or above b (the dictionary order from the top). */
function compare(a, b) {
  if (a.length !== b.length) {
    return a.length < b.length ? -1 : 1;
  }
  for (let exponent = a.length - 1; exponent >= 0; exponent -= 1) {
    if (a[exponent] !== b[exponent]) {
      return a[exponent] < b[exponent] ? -1 : 1;
    }
  }
  return 0;
}

const same = (a, b) => compare(a, b) === 0;

/** The ASCII writing nimcore reads: "w^2*3+w*2+5". */
function ascii(value) {
  const terms = [];
  for (let exponent = value.length - 1; exponent >= 0; exponent -= 1) {
    const c = value[exponent];
    if (c === 0) continue;
    if (exponent === 0) {
      terms.push(String(c));
    } else {
      const base = exponent === 1 ? "w" : `w^${exponent}`;
      terms.push(c === 1 ? base : `${base}*${c}`);
    }
  }
  return terms.join("+") || "0";
}

const superscript = (n) => [...String(n)].map((digit) => SUPERSCRIPTS[Number(digit)]).join("");
const power = (exponent) => (exponent === 0 ? "1" : exponent === 1 ? "ω" : `ω${superscript(exponent)}`);

/** The writing readers see: "ω²·3 + ω·2 + 5". */
function pretty(value) {
  const terms = [];
  for (let exponent = value.length - 1; exponent >= 0; exponent -= 1) {
    const c = value[exponent];
    if (c === 0) continue;
    if (exponent === 0) {
      terms.push(String(c));
    } else {
      terms.push(c === 1 ? power(exponent) : `${power(exponent)}·${c}`);
    }
  }
  return terms.join(" + ") || "0";
}

/** The same, with non-breaking spaces, for sentences. */
const inline = (value) => pretty(value).replaceAll(" ", "\u00a0");

/**
 * Read an ordinal in Cantor normal form: "w^2*3 + w*2 + 5", "ω²·3+ω·2+5", "12", "0".
 * @returns {{ok: true, value: number[]} | {ok: false, message: string}}
 */
export function parseOrdinal(text) {
  const shown = String(text).trim();
  const bad = (reason) => ({ ok: false, message: `«\u00a0${shown}\u00a0» n’est pas un ordinal bien écrit\u00a0: ${reason}` });
  if (shown === "") {
    return { ok: false, message: "Un tas vide s’écrit 0." };
  }
  /** @type {{kind: string, value: string}[]} */
  const tokens = [];
  const pattern = /\s*(?:(\d+)|([wWω])|([⁰¹²³⁴⁵⁶⁷⁸⁹]+)|([\^*·×+])|(\S))/gy;
  for (let match = pattern.exec(shown); match !== null && match[0] !== ""; match = pattern.exec(shown)) {
    if (match[5] !== undefined) {
      return match[5] === "-" || match[5] === "−"
        ? bad("un tas n’est jamais négatif, et l’on n’écrit pas de soustraction.")
        : bad(`le caractère «\u00a0${match[5]}\u00a0» est inattendu (écrivez w pour ω, ^ pour l’exposant, * pour le coefficient).`);
    }
    const kind = match[1] !== undefined ? "number" : match[2] !== undefined ? "omega" : match[3] !== undefined ? "sup" : "op";
    tokens.push({ kind, value: match[1] ?? match[2] ?? match[3] ?? match[4] });
  }
  const isTimes = (token) => token && token.kind === "op" && "*·×".includes(token.value);
  /** @type {[number, number][]} */
  const terms = []; // [exponent, coefficient]
  let at = 0;
  while (true) {
    const token = tokens[at];
    if (token === undefined) {
      return bad("il manque un terme après «\u00a0+\u00a0».");
    }
    if (token.kind === "number") {
      const next = tokens[at + 1];
      if ((next && next.kind === "omega") || (isTimes(next) && tokens[at + 2] && tokens[at + 2].kind === "omega")) {
        return bad(`le coefficient s’écrit après la puissance de ω, comme dans w*${token.value} (ω·${token.value})\u202f; à gauche, ${token.value}·ω vaudrait ω.`);
      }
      if (token.value.length > 6) {
        return bad(`le nombre ${token.value} est beaucoup trop grand.`);
      }
      terms.push([0, Number(token.value)]);
      at += 1;
    } else if (token.kind === "omega") {
      let exponent = 1;
      let times = 1;
      at += 1;
      if (tokens[at] && tokens[at].value === "^") {
        const next = tokens[at + 1];
        if (next && next.kind === "omega") {
          return bad("ω^ω dépasse ce jeu\u00a0: les exposants sont des entiers.");
        }
        if (!next || next.kind !== "number") {
          return bad("il manque un exposant entier après «\u00a0^\u00a0».");
        }
        exponent = Number(next.value.slice(0, 6));
        at += 2;
      } else if (tokens[at] && tokens[at].kind === "sup") {
        exponent = Number([...tokens[at].value].map((digit) => SUPERSCRIPTS.indexOf(digit)).join(""));
        at += 1;
      }
      if (isTimes(tokens[at])) {
        const next = tokens[at + 1];
        if (next && next.kind === "omega") {
          return bad("un produit de puissances de ω s’écrit avec un exposant\u00a0: ω·ω = ω², écrit w^2.");
        }
        if (!next || next.kind !== "number") {
          return bad("il manque un coefficient entier après le signe de multiplication.");
        }
        if (next.value.length > 6) {
          return bad(`le nombre ${next.value} est beaucoup trop grand.`);
        }
        times = Number(next.value);
        at += 2;
      }
      if (exponent > MAX_EXPONENT) {
        return {
          ok: false,
          message: `«\u00a0${shown}\u00a0»\u00a0: ω${superscript(exponent)} dépasse ce plateau, dont les exposants vont de 0 à ${MAX_EXPONENT}.`,
        };
      }
      terms.push([exponent, times]);
    } else {
      return bad(`un terme ne peut pas commencer par «\u00a0${token.value}\u00a0».`);
    }
    const next = tokens[at];
    if (next === undefined) {
      break;
    }
    if (next.value !== "+") {
      return next.kind === "number"
        ? bad(`«\u00a0${next.value}\u00a0» suit ω sans signe\u00a0: écrivez w*${next.value} (ω·${next.value}) ou w+${next.value}.`)
        : bad(`«\u00a0${next.value}\u00a0» est inattendu ici.`);
    }
    at += 1;
  }
  if (terms.length === 1 && terms[0][1] === 0) {
    return { ok: true, value: [] };
  }
  for (let index = 0; index < terms.length; index += 1) {
    const [exponent, times] = terms[index];
    if (times === 0) {
      return bad("un terme de coefficient 0 ne s’écrit pas (0 seul désigne le tas vide).");
    }
    if (index > 0 && exponent >= terms[index - 1][0]) {
      return bad(
        exponent === terms[index - 1][0]
          ? "deux termes ont le même exposant\u00a0: regroupez-les (ω + ω s’écrit w*2)."
          : "les termes s’écrivent par exposants décroissants (ω² d’abord, puis ω, puis le nombre).",
      );
    }
  }
  const value = new Array(terms[0][0] + 1).fill(0);
  for (const [exponent, times] of terms) {
    value[exponent] = times;
  }
  return { ok: true, value: normal(value) };
}

// ---- setup -------------------------------------------------------------------

/**
 * Heaps separated by commas (or semicolons), each in Cantor normal form.
 * @returns {import("./game.js").Setup}
 */
function readHeaps(text) {
  const parts = String(text).split(/[,;]/).map((part) => part.trim());
  if (parts.length === 1 && parts[0] === "") {
    return { ok: false, message: "Indiquez au moins un tas." };
  }
  if (parts.length > MAX_HEAPS) {
    return { ok: false, message: `${parts.length} tas, c’est trop pour ce plateau\u00a0: ${MAX_HEAPS} tas au plus.` };
  }
  const heaps = [];
  for (const [index, part] of parts.entries()) {
    if (part === "") {
      return { ok: false, message: `Le tas ${index + 1} est vide\u00a0: écrivez 0 pour un tas vide.` };
    }
    const parsed = parseOrdinal(part);
    if (!parsed.ok) {
      return { ok: false, message: `Tas ${index + 1}\u00a0: ${parsed.message}` };
    }
    const largest = Math.max(0, ...parsed.value);
    if (largest > MAX_COEFFICIENT) {
      return {
        ok: false,
        message: `Tas ${index + 1}\u00a0: le coefficient ${FORMAT.format(largest)} dépasse la limite de ce plateau, ${FORMAT.format(MAX_COEFFICIENT)}.`,
      };
    }
    heaps.push(parsed.value);
  }
  if (heaps.every((heap) => heap.length === 0)) {
    return { ok: false, message: "Tous les tas sont vides\u00a0: il n’y a rien à jouer." };
  }
  return { ok: true, position: heaps.map(ascii), options: {} };
}

/** The URL's writing: heaps separated by "_", coefficients from the top by ".": ω²+3, 7 → "1.0.3_7". */
const encode = (position) => position.map((text) => [...toValue(text)].reverse().join(".") || "0").join("_");

function decode(text) {
  if (/^[\d._]+$/.test(text)) {
    const heaps = text.split("_");
    if (heaps.some((heap) => !new RegExp(`^\\d{1,4}(\\.\\d{1,4}){0,${MAX_EXPONENT}}$`).test(heap))) {
      return { ok: false, message: `«\u00a0${text}\u00a0» n’est pas une position de la forme 1.0.3_2.5_7 (ω²+3, ω·2+5, 7)` };
    }
    const values = heaps.map((heap) => normal(heap.split(".").map(Number).reverse()));
    return readHeaps(values.map(ascii).join(","));
  }
  return readHeaps(text);
}

/** A heap of the position (ASCII, from the engine or this board) as coefficients. */
function toValue(text) {
  const parsed = parseOrdinal(text);
  return parsed.ok ? parsed.value : [];
}

function randomHeap(largest) {
  const degree = Math.random() < 0.15 ? 0 : Math.random() < 0.7 ? 1 : Math.random() < 0.85 ? 2 : 3;
  const value = [];
  for (let exponent = 0; exponent <= degree; exponent += 1) {
    value.push(Math.floor(Math.random() * (largest + 1)));
  }
  if (value[degree] === 0) value[degree] = 1;
  return normal(value);
}

/** Candidate random starts: two to MAX_HEAPS heaps, at least two of them not empty (nimcore picks). */
function randomStart() {
  const draw = () => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const count = 2 + Math.floor(Math.random() * (MAX_HEAPS - 1));
      const largest = Math.random() < 0.5 ? 3 : 7 + Math.floor(Math.random() * 9);
      const heaps = Array.from({ length: count }, () => randomHeap(largest));
      if (heaps.filter((heap) => heap.length > 0).length >= 2 && readHeaps(heaps.map(ascii).join(",")).ok) {
        return heaps.map(ascii);
      }
    }
    return ["w*3+1", "w*2+1", "w"];
  };
  return candidates(draw);
}

// ---- the hint: coefficients exponent by exponent -------------------------------

function hintTable(analysis) {
  const exponents = analysis.exponents;
  const head = h(
    "tr",
    {},
    h("th", { scope: "col", text: "Tas" }),
    ...exponents.map((exponent) => h("th", { scope: "col", text: exponent === 0 ? "entiers" : power(exponent) })),
  );
  const rows = analysis.rows.map((row, index) =>
    h(
      "tr",
      { class: analysis.recommended && analysis.recommended.heap === index ? "is-best" : null },
      h("th", { scope: "row", text: `${index + 1}\u00a0: ${inline(toValue(analysis.heaps_ascii[index]))}` }),
      ...row.map((value) => h("td", { text: String(value) })),
    ),
  );
  const sums = h(
    "tr",
    { class: "ordinal-sums" },
    h("th", { scope: "row", text: "Somme de Nim" }),
    ...analysis.column_sums.map((value) => h("td", { class: value ? "is-odd" : null, text: String(value) })),
  );
  const total = toValue(analysis.nim_sum_ascii);
  return [
    h(
      "div",
      { class: "ordinal-table-wrap" },
      h(
        "table",
        { class: "ordinal-table" },
        h("caption", { text: "Les coefficients, exposant par exposant" }),
        h("thead", {}, head),
        h("tbody", {}, ...rows, sums),
      ),
    ),
    h("p", {}, "Somme de Nim de la position\u00a0: ", h("strong", { text: inline(total) }), total.length ? "" : " (toutes les colonnes sont nulles)"),
  ];
}

// ---- the board -------------------------------------------------------------------

function moveText(heaps, index, value) {
  return `remplacer le tas ${index + 1} (${inline(heaps[index])}) par ${inline(value)}`;
}

/** The heap a target position changes, or -1 (none, or several). */
function changedHeap(position, target) {
  if (!Array.isArray(target) || target.length !== position.length) return -1;
  const changed = position.flatMap((text, index) => (same(toValue(text), toValue(target[index])) ? [] : [index]));
  return changed.length === 1 ? changed[0] : -1;
}

function makeSpec() {
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
    game: "ordinal",
    title: "Nim infini",
    initial: (dataset) => readHeaps(dataset.heaps ?? "w^2+3, w*2+5, 7"),
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
            h("label", { for: input.id, text: `Les tas (1 à ${MAX_HEAPS}), séparés par des virgules\u00a0:` }),
            input,
          ),
          h("p", {
            class: "ordinal-help",
            text:
              `Écrivez w pour ω, ^ pour l’exposant et * pour le coefficient\u00a0: w^2*3+w+5 est ω²·3 + ω + 5. ` +
              `Exposants de 0 à ${MAX_EXPONENT}, coefficients de 0 à ${FORMAT.format(MAX_COEFFICIENT)}.`,
          }),
        ),
        fill: (position) => {
          input.value = position.join(", ");
        },
        read: () => readHeaps(input.value),
      };
    },
    random: randomStart,
    encode,
    decode,
    describe: (position) =>
      `${plural(position.length, "tas", "tas")}\u00a0: ${position.map((text) => inline(toValue(text))).join(", ")}`,
    hint: (analysis) => hintTable(analysis),
    // The engine's positions are this board's; only its words change: ω² rather than ω^2.
    fromEngine: (move, before) => ({
      position: move.to,
      text: moveText(before.map(toValue), move.heap, toValue(move.to[move.heap])),
    }),
    draw(container, view) {
      const heaps = view.position.map(toValue);
      const key = JSON.stringify(view.position);
      if (key !== local.key) {
        Object.assign(local, { key, editing: null, draft: [], typed: "", selection: "null" });
      }
      // A new selection (the hint's move, or a draft just chosen) opens its heap.
      const selectionKey = JSON.stringify(view.selection);
      if (selectionKey !== local.selection) {
        local.selection = selectionKey;
        const selected = changedHeap(view.position, view.selection);
        if (selected >= 0) {
          const value = toValue(view.selection[selected]);
          Object.assign(local, { editing: selected, draft: value, typed: ascii(value) });
        }
      }
      const hinted = changedHeap(view.position, view.highlight);

      /** Make the draft the chosen move (the engine checks it when played). */
      const setDraft = (value) => {
        const index = local.editing;
        local.draft = value;
        local.typed = ascii(value);
        if (same(value, heaps[index])) {
          view.redraw();
          return;
        }
        const to = view.position.map((text, number) => (number === index ? ascii(value) : text));
        view.choose(to, moveText(heaps, index, value));
      };

      const focused = document.activeElement instanceof HTMLElement && container.contains(document.activeElement)
        ? document.activeElement.dataset.key
        : undefined;

      const list = h("ol", { class: "ordinal-heaps", "aria-label": "Les tas" });
      heaps.forEach((value, index) => {
        const classes = ["ordinal-heap"];
        if (index === local.editing) classes.push("is-editing");
        if (index === hinted) classes.push("is-hinted");
        const terms = h("span", { class: "ordinal-terms" });
        for (let exponent = value.length - 1; exponent >= 0; exponent -= 1) {
          if (value[exponent] === 0) continue;
          if (terms.childElementCount > 0) {
            terms.append(h("span", { class: "ordinal-plus", text: "+" }));
          }
          terms.append(
            h("span", {
              class: `ordinal-term ordinal-term--${exponent}`,
              text: exponent === 0 ? String(value[exponent]) : value[exponent] === 1 ? power(exponent) : `${power(exponent)}·${value[exponent]}`,
            }),
          );
        }
        if (value.length === 0) {
          terms.append(h("span", { class: "ordinal-term ordinal-term--empty", text: "0" }));
        }
        // The name is the visible text (axe: label-content-name-mismatch), plus hidden words.
        const button = h(
          "button",
          {
            type: "button",
            class: "ordinal-pick",
            "data-key": `tas-${index}`,
            "aria-pressed": index === local.editing ? "true" : "false",
            disabled: !view.interactive,
            onclick: () => {
              if (value.length === 0) {
                view.refuse(`Le tas ${index + 1} est vide\u00a0: aucun ordinal n’est plus petit que 0.`);
                return;
              }
              Object.assign(local, { editing: index, draft: [...value], typed: ascii(value) });
              view.redraw();
            },
          },
          h("span", { class: "ordinal-label", text: `Tas ${index + 1}` }),
          h("span", { class: "board-sr-only", text: "\u00a0: " }),
          terms,
          h("span", {
            class: "board-sr-only",
            text: value.length === 0 ? " (vide)" : ". Le remplacer par un ordinal plus petit",
          }),
        );
        const item = h("li", { class: classes.join(" ") }, button);
        if (index === local.editing && view.interactive) {
          item.append(editor(heaps, index, view, setDraft));
        }
        list.append(item);
      });
      container.replaceChildren(list);
      if (focused) {
        const again = container.querySelector(`[data-key="${focused}"]`);
        if (again instanceof HTMLElement && !again.hasAttribute("disabled")) again.focus();
      }
    },
  };

  /** The editor of heap `index`: steppers per coefficient, and a text field. */
  function editor(heaps, index, view, setDraft) {
    const value = heaps[index];
    const draft = local.draft;
    const top = value.length - 1;
    const steppers = h("div", { class: "ordinal-steppers", role: "group", "aria-label": `Coefficients de la nouvelle valeur du tas ${index + 1}` });
    for (let exponent = top; exponent >= 0; exponent -= 1) {
      const current = coefficient(draft, exponent);
      const name = exponent === 0 ? "la partie finie" : power(exponent);
      const step = (delta) => () => {
        const next = [...draft];
        while (next.length <= exponent) next.push(0);
        next[exponent] = current + delta;
        setDraft(normal(next));
      };
      steppers.append(
        h(
          "div",
          { class: "ordinal-stepper" },
          h("span", { class: "ordinal-stepper-label", text: exponent === 0 ? "entiers" : power(exponent) }),
          h("button", {
            type: "button",
            class: "ordinal-step",
            "data-key": `moins-${exponent}`,
            "aria-label": `Coefficient de ${name}\u00a0: ${current} moins 1`,
            // aria-disabled rather than disabled: the button keeps the focus.
            "aria-disabled": current <= 0 ? "true" : null,
            text: "−",
            onclick: current <= 0 ? () => view.refuse(`Le coefficient de ${name} vaut déjà 0.`) : step(-1),
          }),
          h("output", { class: "ordinal-coefficient", text: String(current) }),
          h("button", {
            type: "button",
            class: "ordinal-step",
            "data-key": `plus-${exponent}`,
            "aria-label": `Coefficient de ${name}\u00a0: ${current} plus 1`,
            "aria-disabled": current >= MAX_COEFFICIENT ? "true" : null,
            text: "+",
            onclick:
              current >= MAX_COEFFICIENT
                ? () => view.refuse(`Le coefficient de ${name} ne peut pas dépasser ${FORMAT.format(MAX_COEFFICIENT)} sur ce plateau.`)
                : step(1),
          }),
        ),
      );
    }
    const comparison = compare(draft, value);
    const preview = h(
      "p",
      { class: "ordinal-preview" },
      "Nouvelle valeur\u00a0: ",
      h("strong", { text: pretty(draft) }),
      comparison < 0
        ? " (plus petite que le tas\u00a0: « Jouer » la joue)"
        : comparison === 0
          ? " (la même valeur\u00a0: ce n’est pas un coup)"
          : ` (plus grande que ${inline(value)}\u00a0: la règle l’interdit)`,
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
      const parsed = parseOrdinal(input.value);
      if (!parsed.ok) {
        view.refuse(parsed.message);
        return;
      }
      const largest = Math.max(0, ...parsed.value);
      if (largest > MAX_COEFFICIENT) {
        view.refuse(
          `Le coefficient ${FORMAT.format(largest)} dépasse la limite de ce plateau, ${FORMAT.format(MAX_COEFFICIENT)}\u00a0: ` +
            "la règle permet n’importe quel entier, mais le plateau s’en tient à des nombres lisibles.",
        );
        return;
      }
      setDraft(parsed.value);
    });
    return h(
      "div",
      { class: "ordinal-editor" },
      h("p", { class: "ordinal-editor-title" }, `Remplacer le tas ${index + 1} (${inline(value)}) par un ordinal plus petit.`),
      steppers,
      preview,
      form,
      h("p", {
        class: "ordinal-bound",
        text:
          "La règle permet n’importe quel entier comme coefficient, pourvu que le nouvel ordinal soit plus petit\u00a0: " +
          `ω² peut devenir ω·1\u202f000. Ce plateau va jusqu’à ${FORMAT.format(MAX_COEFFICIENT)} par coefficient.`,
      }),
    );
  }

  return spec;
}

/** Set up an ordinal Nim board. */
export function mountOrdinal(root, context) {
  mountGame(root, context, makeSpec());
}
