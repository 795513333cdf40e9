// « Nim à K maximum » (the Belgian report's « VanLoGo »): several heaps, a move
// takes from 1 to K matches from one heap. The hint reads each heap as its
// nimber x mod (K + 1) and adds them by nim-sum (Sprague–Grundy).
//
// Markup: <div data-board="nim-max" data-heaps="9 6 4" data-max="3"></div>
//   (data-misere="oui" for misère play).
// Engine: game "nim" with options {max: K, misere} (nimcore/bridge.py).
// URL: ?nim-max=9-6-4_k3 (the Nim board, also game "nim", keeps ?nim=…).

import { h, parseNaturals, plural } from "./kit.js";
import { mountGame } from "./game.js";
import {
  conventionSelect,
  decodeHeaps,
  describeHeaps,
  drawHeaps,
  encodeHeaps,
  isMisere,
  nimberTable,
  numberInput,
  randomHeaps,
  setupField,
} from "./heaps.js";

const MAX_HEAPS = 6;
const MAX_HEAP = 20;
const MAX_K = 20;

/** Check heaps and K read from the form, the page or the URL. @returns {import("./game.js").Setup} */
function validate(heapsText, kText, misere) {
  const parsed = parseNaturals(heapsText, { max: MAX_HEAP, minCount: 1, maxCount: MAX_HEAPS, noun: "tas" });
  if (!parsed.ok) {
    return parsed;
  }
  if (parsed.values.every((size) => size === 0)) {
    return { ok: false, message: "il faut au moins une allumette." };
  }
  const k = String(kText).trim();
  if (!/^\d+$/.test(k) || Number(k) < 1 || Number(k) > MAX_K) {
    return { ok: false, message: `K doit être un nombre entier de 1 à ${MAX_K}, pas «\u00a0${k}\u00a0».` };
  }
  return { ok: true, position: parsed.values, options: { max: Number(k), misere } };
}

function makeSpec() {
  let heapsInput = null;

  /** @type {import("./game.js").GameSpec} */
  return {
    game: "nim",
    key: "nim-max",
    title: "Nim à K maximum",
    initial: (dataset) => validate(dataset.heaps ?? "9 6 4", dataset.max ?? "3", isMisere(dataset.misere)),
    fields() {
      heapsInput = numberInput("tas");
      const k = numberInput("k");
      const convention = conventionSelect();
      return {
        element: h(
          "div",
          { class: "nim-max-fields" },
          setupField(`Les tas (${MAX_HEAPS} au plus, de 0 à ${MAX_HEAP} allumettes)\u00a0:`, heapsInput),
          setupField(`K, le plus grand nombre d’allumettes par coup (1 à ${MAX_K})\u00a0:`, k),
          setupField("Convention\u00a0:", convention),
        ),
        fill(position, options) {
          heapsInput.value = position.join(" ");
          k.value = String(options.max);
          convention.value = options.misere ? "misere" : "normale";
        },
        read: () => validate(heapsInput.value, k.value, convention.value === "misere"),
      };
    },
    random() {
      const typed = parseNaturals(heapsInput?.value ?? "", { max: MAX_HEAP, minCount: 2, maxCount: MAX_HEAPS, noun: "tas" });
      return randomHeaps(typed.ok ? typed.values.length : 3, { max: MAX_HEAP });
    },
    encode: (position, options) => `${encodeHeaps(position)}_k${options.max}${options.misere ? "_misere" : ""}`,
    decode(text) {
      const match = /^([\d-]+)_k(\d{1,2})(_misere)?$/.exec(text);
      const heaps = match && decodeHeaps(match[1], MAX_HEAPS);
      if (!heaps) {
        return { ok: false, message: `«\u00a0${text}\u00a0» n’est pas une position de la forme 9-6-4_k3` };
      }
      return validate(heaps, match[2], Boolean(match[3]));
    },
    describe: (position, options) =>
      `${describeHeaps(position)}, au plus ${plural(options.max, "allumette")} par coup${options.misere ? ", version misère" : ""}`,
    misere: (options) => options.misere === true,
    draw(container, view) {
      const k = view.options.max;
      drawHeaps(container, view, {
        allows: (take) => take >= 1 && take <= k,
        refusal: (take) =>
          `Retirer ${plural(take, "allumette")} n’est pas permis\u00a0: au plus ${plural(k, "allumette")} par coup.`,
        caption:
          `Règle\u00a0: ${k === 1 ? "retirer 1 allumette" : `retirer de 1 à ${k} allumettes`} dans un seul tas. ` +
          (view.options.misere ? "Version misère\u00a0: qui prend la dernière allumette perd." : "Qui prend la dernière allumette gagne."),
      });
    },
    hint(analysis, position, options) {
      return [
        nimberTable({
          heaps: position,
          nimbers: analysis.heap_nimbers,
          total: analysis.nim_sum,
          heading: `x mod ${options.max + 1}`,
          best: analysis.recommended ? analysis.recommended.heap : null,
        }),
      ];
    },
  };
}

/** Set up a « Nim à K maximum » board. */
export function mountNimMax(root, context) {
  mountGame(root, context, makeSpec());
}
