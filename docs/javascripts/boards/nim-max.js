// « Nim à K maximum » (the Belgian report's « VanLoGo »): several heaps, a move
// takes from 1 to K matches from one heap. The hint reads each heap as its
// nimber x mod (K + 1) and adds them by nim-sum (Sprague–Grundy).
//
// Markup: <div data-board="nim-max" data-heaps="9 6 4" data-max="3"></div>
//   (data-misere="oui" for misère play).
// Engine: game "nim" with options {max: K, misere} (nimcore/bridge.py).

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

const randomInt = (low, high) => low + Math.floor(Math.random() * (high - low + 1));

/**
 * Random heaps, a P-position about one time in two: the last heap is then
 * chosen so that the nim-sum of the x mod (K + 1) is 0 (normal play), or so
 * that misère Nim on them is lost (misère play).
 */
function randomHeaps(count, k, misere) {
  const modulus = k + 1;
  const wantP = Math.random() < 0.5;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const heaps = Array.from({ length: count }, () => randomInt(1, MAX_HEAP));
    if (!wantP) {
      return heaps;
    }
    const values = heaps.slice(0, -1).map((size) => size % modulus);
    const big = values.some((value) => value >= 2);
    const target = values.reduce((a, b) => a ^ b, 0);
    // Misère Nim with no value ≥ 2 among the others: the last value makes the count of 1s odd.
    const last = !misere || big || target >= 2 ? target : 1 - (values.filter((v) => v === 1).length % 2);
    if (last >= modulus) {
      continue;
    }
    const sizes = [];
    for (let size = last; size <= MAX_HEAP; size += modulus) {
      if (size > 0) sizes.push(size);
    }
    if (sizes.length > 0) {
      heaps[count - 1] = sizes[randomInt(0, sizes.length - 1)];
      return heaps;
    }
  }
  return Array.from({ length: count }, () => randomInt(1, MAX_HEAP));
}

function makeSpec() {
  let heapsInput = null;

  /** @type {import("./game.js").GameSpec} */
  return {
    game: "nim",
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
    random(options) {
      const typed = parseNaturals(heapsInput?.value ?? "", { max: MAX_HEAP, minCount: 2, maxCount: MAX_HEAPS, noun: "tas" });
      return randomHeaps(typed.ok ? typed.values.length : 3, options.max, options.misere);
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
