// The flowers game: a row of flowers; a player cuts a flower none of whose
// neighbours is cut. It is the octal game 0.137 (Dawson's chess): the flowers
// that may still be cut form maximal runs, and a run of h flowers is a heap of
// h tokens (nimcore/octal.py). Cutting the only flower of a run of 1 empties
// it; cutting an end flower takes it and its neighbour (h → h − 2); cutting
// any other flower takes it and both neighbours (h → h − 3, in one or two runs).
//
// The board keeps the ROW as its position, a string of "f" (a flower standing)
// and "x" (a flower cut), e.g. "ffxfffffff"; game.js sends the engine its
// heaps through spec.toEngine (the lengths of the runs, left to right), and
// spec.fromEngine turns the engine's moves (the computer's and the hint's)
// back into a flower of the row.
//
// Markup: <div data-board="fleurs" data-fleurs="10"></div>
// URL: ?octal=ffxfffffff (the row, as above; the key is the engine's game).

import { candidates, h, parseNaturals, plural, randomInt } from "./kit.js";
import { mountGame } from "./game.js";

const MAX_FLOWERS = 30;
const OPTIONS = Object.freeze({ code: "0.137" });

const STANDING = "f";
const CUT = "x";

/** Can flower `i` be cut: standing, and no neighbour cut? */
function isFree(row, i) {
  return row[i] === STANDING && row[i - 1] !== CUT && row[i + 1] !== CUT;
}

/** The maximal runs of flowers that may be cut, left to right. @returns {{start: number, length: number}[]} */
function runs(row) {
  const found = [];
  for (let i = 0; i < row.length; i += 1) {
    if (!isFree(row, i)) {
      continue;
    }
    const last = found.at(-1);
    if (last && last.start + last.length === i) {
      last.length += 1;
    } else {
      found.push({ start: i, length: 1 });
    }
  }
  return found;
}

/** The heaps of 0.137 for a row: the lengths of its runs ([0] when none is left). */
function heapsOf(row) {
  const lengths = runs(row).map((run) => run.length);
  return lengths.length > 0 ? lengths : [0];
}

const cutAt = (row, i) => row.slice(0, i) + CUT + row.slice(i + 1);

/** The flower cut between two rows (-1 if none). */
const cutBetween = (before, after) => [...before].findIndex((flower, i) => flower === STANDING && after[i] === CUT);

/** The move in words: the flower, and what becomes of its run. */
function cutText(row, i) {
  const run = runs(row).find(({ start, length }) => start <= i && i < start + length);
  const left = Math.max(0, i - 1 - run.start);
  const right = Math.max(0, run.start + run.length - i - 2);
  const parts = [left, right].filter((size) => size > 0);
  return `cueillir la fleur ${i + 1} (paquet de ${plural(run.length, "fleur")}\u00a0→ ${parts.length ? parts.join(" + ") : "0"})`;
}

const sortedHeaps = (heaps) => heaps.filter((size) => size > 0).sort((a, b) => a - b).join(",");

/**
 * The flower an engine move cuts: in run `move.heap`, taking `move.take`
 * flowers and leaving `move.parts` (smaller first). An end flower is cut on
 * the left. Checked against the heaps the move reaches; a search over the
 * row's flowers is the fallback.
 */
function flowerOf(row, move) {
  const run = runs(row)[move.heap];
  let i = -1;
  if (run) {
    if (move.take === 3) {
      i = move.parts.length === 2 ? run.start + move.parts[0] + 1 : run.start + 1;
    } else {
      i = run.start;
    }
  }
  const reaches = (flower) => flower >= 0 && isFree(row, flower) && sortedHeaps(heapsOf(cutAt(row, flower))) === sortedHeaps(move.to);
  if (reaches(i)) {
    return i;
  }
  return [...row].findIndex((_, flower) => reaches(flower));
}

/** Check a row: 1 to 30 flowers, no two neighbours cut, one flower at least that may be cut. */
function checkRow(row) {
  if (row.includes(CUT + CUT)) {
    return { ok: false, message: "deux fleurs voisines ne peuvent pas être cueillies toutes les deux" };
  }
  if (runs(row).length === 0) {
    return { ok: false, message: "aucune fleur ne peut plus être cueillie\u00a0: la partie serait déjà finie" };
  }
  return { ok: true, position: row, options: { ...OPTIONS } };
}

function readCount(text) {
  const parsed = parseNaturals(text, { min: 1, max: MAX_FLOWERS, minCount: 1, maxCount: 1, noun: "nombre de fleurs" });
  return parsed.ok ? checkRow(STANDING.repeat(parsed.values[0])) : parsed;
}

function decode(text) {
  if (!new RegExp(`^[${STANDING}${CUT}]{1,${MAX_FLOWERS}}$`).test(text)) {
    return {
      ok: false,
      message: `«\u00a0${text}\u00a0» n’est pas une rangée de 1 à ${MAX_FLOWERS}\u00a0fleurs écrite comme ffxfff (f\u00a0: debout, x\u00a0: cueillie)`,
    };
  }
  return checkRow(text);
}

/** Candidate random starts: a row of 4 to MAX_FLOWERS standing flowers (nimcore picks). */
const random = () => candidates(() => STANDING.repeat(randomInt(4, MAX_FLOWERS)));

function describe(row) {
  const cut = [...row].filter((flower) => flower === CUT).length;
  return `une rangée de ${plural(row.length, "fleur")}${cut ? `, dont ${cut} cueillie${cut > 1 ? "s" : ""}` : ""}`;
}

/** The hint's table: each run (a heap of 0.137), its Grundy value, the nim-sum. */
function runTable(analysis, row) {
  const found = runs(row);
  const best = analysis.recommended ? analysis.recommended.heap : null;
  const body = h("tbody");
  found.forEach((run, index) => {
    const where =
      run.length === 1 ? `fleur ${run.start + 1}` : `fleurs ${run.start + 1} à ${run.start + run.length}`;
    body.append(
      h(
        "tr",
        { class: index === best ? "is-best" : null },
        h("th", { scope: "row", text: `Paquet ${index + 1}` }),
        h("td", { text: where }),
        h("td", { text: String(run.length) }),
        h("td", { text: String(analysis.nimbers[index]) }),
      ),
    );
  });
  return h(
    "table",
    { class: "fleurs-nimbers" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", text: "Paquet" }),
        h("th", { scope: "col", text: "Fleurs" }),
        h("th", { scope: "col", text: "Taille n" }),
        h("th", { scope: "col", text: "Valeur g(n)" }),
      ),
    ),
    body,
    h(
      "tfoot",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "row", text: "Somme de Nim" }),
        h("td", {
          colspan: "3",
          text: analysis.nimbers.length > 1 ? `${analysis.nimbers.join(" ⊕ ")} = ${analysis.nim_sum}` : String(analysis.nim_sum),
        }),
      ),
    ),
  );
}

/** A spec per board: the keyboard focus is this board's own. */
function makeSpec() {
  const focus = { index: 0, active: false };

  function rememberFocus(container) {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && container.contains(focused) && focused.dataset.flower) {
      Object.assign(focus, { index: Number(focused.dataset.flower), active: true });
    } else if (focused && focused !== document.body) {
      focus.active = false;
    }
  }

  /** Focus the remembered flower, or the nearest one that may be cut. */
  function restoreFocus(row) {
    const free = [...row.querySelectorAll(".fleurs-flower.is-free")];
    if (free.length === 0) {
      return;
    }
    const distance = (button) => Math.abs(Number(button.dataset.flower) - focus.index);
    free.reduce((a, b) => (distance(b) < distance(a) ? b : a)).focus({ preventScroll: true });
  }

  /** Left / Right, Home / End between the flowers that may be cut. */
  function moveFocus(event, row) {
    const current = event.target.closest?.(".fleurs-flower");
    if (!current) {
      return;
    }
    const free = [...row.querySelectorAll(".fleurs-flower.is-free")];
    const here = Number(current.dataset.flower);
    let next = null;
    switch (event.key) {
      case "ArrowLeft":
      case "ArrowUp":
        next = free.filter((button) => Number(button.dataset.flower) < here).at(-1) ?? null;
        break;
      case "ArrowRight":
      case "ArrowDown":
        next = free.find((button) => Number(button.dataset.flower) > here) ?? null;
        break;
      case "Home":
        next = free[0] ?? null;
        break;
      case "End":
        next = free.at(-1) ?? null;
        break;
      default:
        return;
    }
    event.preventDefault();
    if (next) {
      next.focus();
      Object.assign(focus, { index: Number(next.dataset.flower), active: true });
    }
  }

  /** @type {import("./game.js").GameSpec} */
  return {
    game: "octal",
    title: "Le jeu des fleurs",
    initial: (dataset) => readCount(dataset.fleurs ?? "10"),
    fields() {
      const input = h("input", { type: "text", name: "fleurs", inputmode: "numeric", autocomplete: "off", spellcheck: "false" });
      input.id = `fleurs-nombre-${Math.random().toString(36).slice(2, 8)}`;
      return {
        element: h(
          "p",
          { class: "game-field" },
          h("label", { for: input.id, text: `Nombre de fleurs de la rangée (1 à ${MAX_FLOWERS})\u00a0:` }),
          input,
        ),
        fill: (position) => {
          input.value = String(position.length);
        },
        read: () => readCount(input.value),
      };
    },
    random,
    encode: (position) => position,
    decode,
    describe,
    toEngine: (row) => heapsOf(row),
    fromEngine(move, before, to) {
      const after = to ?? cutAt(before, flowerOf(before, move));
      return { position: after, text: cutText(before, cutBetween(before, after)) };
    },
    hint: (analysis, row) => [
      runTable(analysis, row),
      h("p", {
        class: "fleurs-hint-note",
        text: "Chaque paquet de fleurs cueillables est un tas du jeu octal 0,137\u00a0: dans les phrases ci-dessous, «\u00a0tas\u00a0» veut dire paquet et «\u00a0jeton\u00a0» fleur.",
      }),
    ],
    draw(container, view) {
      const row = /** @type {string} */ (view.position);
      rememberFocus(container);
      const chosen = typeof view.selection === "string" ? cutBetween(row, view.selection) : -1;
      const hinted = typeof view.highlight === "string" ? cutBetween(row, view.highlight) : -1;
      const flowers = h("div", { class: "fleurs-row", role: "group", "aria-label": "La rangée de fleurs" });
      for (let i = 0; i < row.length; i += 1) {
        const free = isFree(row, i);
        const cut = row[i] === CUT;
        const state = free ? "is-free" : cut ? "is-cut" : "is-blocked";
        const text = free ? cutText(row, i) : "";
        const classes = ["fleurs-flower", state];
        if (chosen >= 0 && Math.abs(i - chosen) === 1 && row[i] === STANDING) classes.push("will-block");
        flowers.append(
          h(
            "button",
            {
              type: "button",
              class: classes.join(" "),
              "data-flower": String(i),
              tabindex: free && view.interactive ? "0" : "-1",
              "aria-disabled": free ? null : "true",
              "aria-pressed": free ? (i === chosen ? "true" : "false") : null,
              "data-hinted": i === hinted ? "" : null,
              "aria-label": free
                ? text
                : cut
                  ? `Fleur ${i + 1}\u00a0: déjà cueillie`
                  : `Fleur ${i + 1}\u00a0: voisine d’une fleur cueillie, elle ne peut plus être cueillie`,
              disabled: !view.interactive,
              onclick: () => {
                if (free) {
                  view.choose(cutAt(row, i), text);
                } else if (cut) {
                  view.refuse(`La fleur ${i + 1} est déjà cueillie.`);
                } else {
                  view.refuse(`La fleur ${i + 1} est voisine d’une fleur cueillie\u00a0: on ne peut plus la cueillir.`);
                }
              },
            },
            h("span", { class: "fleurs-drawing", "aria-hidden": "true" }),
            h("span", { class: "fleurs-number", "aria-hidden": "true", text: String(i + 1) }),
          ),
        );
      }
      flowers.addEventListener("keydown", (event) => moveFocus(event, flowers));
      const lengths = runs(row).map((run) => run.length);
      const blocked = [...row].some((flower, i) => flower === STANDING && !isFree(row, i));
      const caption = lengths.length
        ? `Paquets de fleurs cueillables\u00a0: ${lengths.join(" + ")}${blocked ? " (les fleurs grisées, voisines d’une fleur cueillie, ne peuvent plus l’être)" : ""}.`
        : "Plus aucune fleur ne peut être cueillie.";
      container.replaceChildren(flowers, h("p", { class: "fleurs-runs", text: caption }));
      if (focus.active && view.interactive) {
        restoreFocus(flowers);
      }
    },
  };
}

/** Set up a board of the flowers game. */
export function mountFleurs(root, context) {
  mountGame(root, context, makeSpec());
}
