// « Un tas »: subtraction games. One heap (up to four), and a rule saying how
// many matches a move may take from one heap: from 1 to K, between m and M,
// or an amount from a set such as {1, 2, 4}; normal or misère play. The hint
// shows each heap's nimber and the period nimcore found.
//
// Markup: <div data-board="soustraction" data-heaps="21" data-min="1" data-max="3"></div>
//   or data-set="1 2 4" instead of data-min / data-max; data-misere="oui" for misère play.
// Engine options: {min, max, misere} or {set, misere} (nimcore/bridge.py).

import { candidates, h, parseNaturals, plural, randomInt } from "./kit.js";
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

const MAX_HEAPS = 4;
/** Largest heap when it is alone, and when there are several (the misère search stays fast). */
const MAX_ONE_HEAP = 40;
const MAX_SEVERAL = 20;
const MAX_AMOUNT = 40;
const MAX_SET_SIZE = 8;

/** @typedef {{min: number, max: number, misere: boolean} | {set: number[], misere: boolean}} Options */

const allows = (options) =>
  "set" in options ? (take) => options.set.includes(take) : (take) => take >= options.min && take <= options.max;

const lowest = (options) => ("set" in options ? options.set[0] : options.min);

/** The rule in French, as nimcore says it: "retirer 1, 2 ou 4 allumettes". */
function ruleText(options) {
  if ("set" in options) {
    const values = options.set.map(String);
    const last = values.pop();
    const list = values.length ? `${values.join(", ")} ou ${last}` : last;
    return `retirer ${list} allumette${options.set.length === 1 && options.set[0] === 1 ? "" : "s"}`;
  }
  if (options.min === options.max) {
    return `retirer ${plural(options.min, "allumette")}`;
  }
  return options.min === 1
    ? `retirer de 1 à ${options.max} allumettes`
    : `retirer entre ${options.min} et ${options.max} allumettes`;
}

/** Check heaps and a rule read from the form, the page or the URL. @returns {import("./game.js").Setup} */
function validate(heapsText, rule, misere) {
  const parsed = parseNaturals(heapsText, { max: MAX_ONE_HEAP, minCount: 1, maxCount: MAX_HEAPS, noun: "tas" });
  if (!parsed.ok) {
    return parsed;
  }
  const heaps = parsed.values;
  if (heaps.length > 1 && heaps.some((size) => size > MAX_SEVERAL)) {
    return {
      ok: false,
      message: `avec plusieurs tas, chaque tas compte au plus ${MAX_SEVERAL} allumettes (un tas seul peut aller jusqu’à ${MAX_ONE_HEAP}).`,
    };
  }
  if (!rule.ok) {
    return rule;
  }
  const options = { ...rule.options, misere };
  if (heaps.every((size) => size < lowest(options))) {
    return {
      ok: false,
      message: `aucun coup n’est possible\u00a0: il faut un tas d’au moins ${plural(lowest(options), "allumette")}.`,
    };
  }
  return { ok: true, position: heaps, options };
}

function amount(text, name) {
  const value = String(text).trim();
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_AMOUNT) {
    return { ok: false, message: `${name} doit être un nombre entier de 1 à ${MAX_AMOUNT}, pas «\u00a0${value}\u00a0».` };
  }
  return { ok: true, value: Number(value) };
}

/** A range rule "between low and high" (low = 1: "from 1 to K"). */
function rangeRule(lowText, highText, lowName, highName) {
  const low = amount(lowText, lowName);
  if (!low.ok) return low;
  const high = amount(highText, highName);
  if (!high.ok) return high;
  if (low.value > high.value) {
    return { ok: false, message: `le minimum ${low.value} dépasse le maximum ${high.value}.` };
  }
  return { ok: true, options: { min: low.value, max: high.value } };
}

function setRule(text) {
  const parsed = parseNaturals(text, { min: 1, max: MAX_AMOUNT, minCount: 1, maxCount: MAX_SET_SIZE, noun: "coup permis" });
  if (!parsed.ok) {
    const message = parsed.message.charAt(0).toLowerCase() + parsed.message.slice(1);
    return { ok: false, message: `coups permis\u00a0: ${message}` };
  }
  return { ok: true, options: { set: [...new Set(parsed.values)].sort((a, b) => a - b) } };
}

/** Rule in the URL: "1a3" (from 1 to 3), "3a5" (between 3 and 5), "s1.2.4" (a set). */
function encodeRule(options) {
  return "set" in options ? `s${options.set.join(".")}` : `${options.min}a${options.max}`;
}

function makeSpec() {
  /** The heaps input, read by `random` to keep the number of heaps. */
  let heapsInput = null;

  /** @type {import("./game.js").GameSpec} */
  return {
    game: "soustraction",
    title: "Un tas",
    initial(dataset) {
      const rule = dataset.set ? setRule(dataset.set) : rangeRule(dataset.min ?? "1", dataset.max ?? "3", "le minimum", "le maximum");
      return validate(dataset.heaps ?? "21", rule, isMisere(dataset.misere));
    },
    fields() {
      heapsInput = numberInput("tas");
      const kind = h(
        "select",
        { name: "regle" },
        h("option", { value: "jusqua", text: "Retirer de 1 à K allumettes" }),
        h("option", { value: "entre", text: "Retirer entre m et M allumettes" }),
        h("option", { value: "ensemble", text: "Retirer un nombre pris dans une liste" }),
      );
      const k = numberInput("k");
      const low = numberInput("m");
      const high = numberInput("M");
      const set = h("input", { type: "text", name: "coups", autocomplete: "off", spellcheck: "false" });
      const convention = conventionSelect();
      const groups = {
        jusqua: [setupField(`K (1 à ${MAX_AMOUNT})\u00a0:`, k)],
        entre: [setupField("Au moins m\u00a0:", low), setupField("Au plus M\u00a0:", high)],
        ensemble: [setupField(`Coups permis (jusqu’à ${MAX_SET_SIZE} nombres, par exemple 1 2 4)\u00a0:`, set)],
      };
      const showKind = () => {
        for (const [name, fields] of Object.entries(groups)) {
          fields.forEach((field) => {
            field.hidden = name !== kind.value;
          });
        }
      };
      kind.addEventListener("change", showKind);
      const element = h(
        "div",
        { class: "soustraction-fields" },
        setupField(
          `Le tas, ou les tas (${MAX_HEAPS} au plus\u202f; ${MAX_ONE_HEAP} allumettes au plus, ${MAX_SEVERAL} s’il y a plusieurs tas)\u00a0:`,
          heapsInput,
        ),
        setupField("Règle\u00a0:", kind),
        ...groups.jusqua,
        ...groups.entre,
        ...groups.ensemble,
        setupField("Convention\u00a0:", convention),
      );
      return {
        element,
        fill(position, options) {
          heapsInput.value = position.join(" ");
          // The rules not in play keep an example, so that switching rule gives a valid one.
          k.value = "3";
          low.value = "2";
          high.value = "5";
          set.value = "1 2 4";
          if ("set" in options) {
            kind.value = "ensemble";
            set.value = options.set.join(" ");
          } else if (options.min === 1) {
            kind.value = "jusqua";
            k.value = String(options.max);
          } else {
            kind.value = "entre";
            low.value = String(options.min);
            high.value = String(options.max);
          }
          convention.value = options.misere ? "misere" : "normale";
          showKind();
        },
        read() {
          const rule =
            kind.value === "ensemble"
              ? setRule(set.value)
              : kind.value === "entre"
                ? rangeRule(low.value, high.value, "le minimum m", "le maximum M")
                : rangeRule("1", k.value, "le minimum", "K");
          return validate(heapsInput.value, rule, convention.value === "misere");
        },
      };
    },
    random(options) {
      // As many heaps as typed; nimcore skips the draws where no move is possible.
      const typed = parseNaturals(heapsInput?.value ?? "", { max: MAX_ONE_HEAP, maxCount: MAX_HEAPS, noun: "tas" });
      const count = typed.ok ? typed.values.length : 1;
      const low = lowest(options);
      // Several heaps in misère play take nimcore a search each: fewer draws.
      return candidates(
        () =>
          count === 1
            ? [randomInt(Math.min(Math.max(low, 8), MAX_ONE_HEAP), MAX_ONE_HEAP)]
            : Array.from({ length: count }, () => randomInt(Math.min(low, MAX_SEVERAL), MAX_SEVERAL)),
        count > 1 && options.misere ? 8 : 32,
      );
    },
    encode: (position, options) => `${encodeHeaps(position)}_${encodeRule(options)}${options.misere ? "_misere" : ""}`,
    decode(text) {
      const match = /^([\d-]+)_(?:(\d{1,2})a(\d{1,2})|s(\d{1,2}(?:\.\d{1,2}){0,7}))(_misere)?$/.exec(text);
      const heaps = match && decodeHeaps(match[1], MAX_HEAPS);
      if (!heaps) {
        return { ok: false, message: `«\u00a0${text}\u00a0» n’est pas une position de la forme 21_1a3 ou 13_s1.2.4_misere` };
      }
      const rule = match[4] ? setRule(match[4].replaceAll(".", " ")) : rangeRule(match[2], match[3], "le minimum", "le maximum");
      return validate(heaps, rule, Boolean(match[5]));
    },
    describe: (position, options) =>
      `${describeHeaps(position)}, règle\u00a0: ${ruleText(options)}${options.misere ? ", version misère" : ""}`,
    misere: (options) => options.misere === true,
    draw(container, view) {
      const options = view.options;
      drawHeaps(container, view, {
        allows: allows(options),
        refusal: (take) =>
          `Retirer ${plural(take, "allumette")} n’est pas permis\u00a0: la règle est de ${ruleText(options)}.`,
        caption:
          `Règle\u00a0: ${ruleText(options)} à chaque coup${view.position.length > 1 ? ", dans un seul tas" : ""}. ` +
          (options.misere ? "Version misère\u00a0: qui prend la dernière allumette perd." : "Qui prend la dernière allumette gagne."),
      });
    },
    hint(analysis, position) {
      const parts = [];
      const rule = analysis.rule;
      const useNimbers = !analysis.misere || analysis.method === "misere-nim";
      if (useNimbers) {
        const heading =
          rule.kind === "up_to"
            ? `x mod ${rule.high + 1}`
            : rule.kind === "between"
              ? `⌊(x mod ${rule.low + rule.high}) / ${rule.low}⌋`
              : "g(x)";
        parts.push(
          nimberTable({
            heaps: position,
            nimbers: analysis.heap_nimbers,
            total: analysis.nim_sum,
            heading,
            best: analysis.recommended ? analysis.recommended.heap : null,
          }),
        );
      }
      // After a misère search (method "search") nimcore's own sentences say how many positions it explored.
      if (analysis.period !== null) {
        const what =
          analysis.misere && analysis.method !== "misere-nim"
            ? "Les issues (P ou N) d’un tas seul en version misère"
            : "Les nimbers d’un tas";
        const start = analysis.pre_period
          ? `, après une prépériode de ${plural(analysis.pre_period, "valeur")}`
          : " dès le début";
        const how =
          rule.kind === "set"
            ? " (trouvée par le moteur\u00a0: une fenêtre de valeurs qui revient)"
            : " (donnée par la formule)";
        parts.push(
          h("p", { class: "soustraction-period", text: `${what} se répètent avec la période ${analysis.period}${start}${how}.` }),
        );
      }
      return parts;
    },
  };
}

/** Set up a « Un tas » board (subtraction games). */
export function mountSoustraction(root, context) {
  mountGame(root, context, makeSpec());
}
