// The Nim board: heaps of matches, a move takes as many matches as one likes
// from a single heap; normal or misère play, « Marienbad 1-3-5-7 » or a random
// start. The hint writes the heaps in base 2, counts the 1s of each column and
// marks the heap to play (Bouton 1902).
//
// Markup: <div data-board="nim" data-heaps="1 3 5 7"></div>
//   (data-misere="oui" for misère play; data-mode="deux" and
//   data-niveau="debutant" as on every board of game.js).
// Engine: game "nim" with options {misere} (nimcore/bridge.py).
// URL: ?nim=1-3-5-7, or ?nim=1-3-5-7_misere.

import { h, parseNaturals } from "./kit.js";
import { mountGame } from "./game.js";
import {
  conventionSelect,
  decodeHeaps,
  describeHeaps,
  drawHeaps,
  encodeHeaps,
  isMisere,
  numberInput,
  randomHeaps,
  setupField,
} from "./heaps.js";

/** Display limits of the board (nimcore itself accepts far larger positions). */
const MAX_HEAPS = 8;
const MAX_MATCHES = 31;
const MARIENBAD = [1, 3, 5, 7];
/** Random starts draw heaps of 1 to RANDOM_MAX matches. */
const RANDOM_MAX = 15;

/** Check heaps read from the form, the page or the URL. @returns {import("./game.js").Setup} */
function validate(heapsText, misere) {
  const parsed = parseNaturals(heapsText, { max: MAX_MATCHES, minCount: 1, maxCount: MAX_HEAPS, noun: "tas" });
  if (!parsed.ok) {
    return parsed;
  }
  if (parsed.values.every((size) => size === 0)) {
    return { ok: false, message: "il faut au moins une allumette." };
  }
  return { ok: true, position: parsed.values, options: { misere } };
}

/** The hint's table: the heaps in base 2, the 1s of each column and their parity, the heap to play marked. */
function binaryTable(analysis) {
  const best = analysis.recommended ? analysis.recommended.heap : null;
  const odd = analysis.column_ones.map((ones) => ones % 2 === 1);
  const parity = (column) => (odd[column] ? "is-odd" : null);
  return h(
    "table",
    { class: "nim-binary" },
    h("caption", { text: "Les tas écrits en base 2, colonne par colonne" }),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", text: "Tas" }),
        ...analysis.weights.map((weight, column) =>
          h("th", { scope: "col", class: parity(column), text: String(weight) }),
        ),
      ),
    ),
    h(
      "tbody",
      {},
      ...analysis.rows.map((digits, heap) =>
        h(
          "tr",
          { class: heap === best ? "is-best" : null },
          h("th", { scope: "row", text: `Tas ${heap + 1}\u00a0: ${analysis.heaps[heap]}` }),
          ...digits.map((digit, column) => h("td", { class: parity(column), text: String(digit) })),
        ),
      ),
    ),
    h(
      "tfoot",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "row", text: "Nombre de 1" }),
        ...analysis.column_ones.map((ones, column) =>
          h("td", { class: parity(column), text: `${ones} (${odd[column] ? "impair" : "pair"})` }),
        ),
      ),
    ),
  );
}

function makeSpec() {
  let heapsInput = null;
  let convention = null;

  /** @type {import("./game.js").GameSpec} */
  return {
    game: "nim",
    title: "Nim",
    initial: (dataset) => validate(dataset.heaps ?? MARIENBAD.join(" "), isMisere(dataset.misere)),
    fields() {
      heapsInput = numberInput("tas");
      convention = conventionSelect();
      const marienbad = h("button", {
        type: "button",
        class: "md-button nim-marienbad",
        text: "Marienbad 1-3-5-7",
        onclick: () => {
          heapsInput.value = MARIENBAD.join(" ");
          heapsInput.removeAttribute("aria-invalid");
        },
      });
      return {
        element: h(
          "div",
          { class: "nim-fields" },
          setupField(`Les tas (${MAX_HEAPS} au plus, de 0 à ${MAX_MATCHES} allumettes)\u00a0:`, heapsInput),
          h("p", { class: "game-presets" }, marienbad),
          setupField("Variante\u00a0:", convention),
        ),
        fill(position, options) {
          heapsInput.value = position.join(" ");
          heapsInput.removeAttribute("aria-invalid");
          convention.value = options.misere ? "misere" : "normale";
        },
        read() {
          const setup = validate(heapsInput.value, convention.value === "misere");
          if (setup.ok) {
            heapsInput.removeAttribute("aria-invalid");
          } else {
            heapsInput.setAttribute("aria-invalid", "true");
          }
          return setup;
        },
      };
    },
    random() {
      const typed = parseNaturals(heapsInput?.value ?? "", { max: MAX_MATCHES, minCount: 2, maxCount: MAX_HEAPS, noun: "tas" });
      return randomHeaps(typed.ok ? typed.values.length : MARIENBAD.length, { max: RANDOM_MAX });
    },
    encode: (position, options) => `${encodeHeaps(position)}${options.misere ? "_misere" : ""}`,
    decode(text) {
      const match = /^([\d-]+)(_misere)?$/.exec(text);
      // More heaps than the board shows get validate's own message.
      const heaps = match && decodeHeaps(match[1], 64);
      if (!heaps) {
        return { ok: false, message: `«\u00a0${text}\u00a0» n’est pas une position de la forme 1-3-5-7 ou 1-3-5-7_misere` };
      }
      return validate(heaps, Boolean(match[2]));
    },
    describe: (position, options) => `${describeHeaps(position)}${options.misere ? ", version misère" : ""}`,
    misere: (options) => options.misere === true,
    draw(container, view) {
      drawHeaps(container, view, {
        allows: (take) => take >= 1,
        refusal: () => "Retirez au moins une allumette.",
        caption:
          "Règle\u00a0: retirer autant d’allumettes qu’on veut, au moins une, dans un seul tas. " +
          (view.options.misere
            ? "Version misère\u00a0: qui prend la dernière allumette perd."
            : "Qui prend la dernière allumette gagne."),
      });
    },
    // On a phone, eight heaps of up to 31 matches may need the table to scroll: a named, focusable region.
    hint: (analysis) => [
      h("div", { class: "nim-binary-wrap", role: "region", tabindex: "0", "aria-label": "Tableau binaire" }, binaryTable(analysis)),
    ],
  };
}

/** Set up a Nim board. */
export function mountNim(root, context) {
  mountGame(root, context, makeSpec());
}
