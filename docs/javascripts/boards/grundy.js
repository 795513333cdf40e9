// Grundy's game: a move splits one heap into two non-empty heaps of different
// sizes; heaps of 1 and 2 matches can no longer be split.
//
// The reader chooses a heap (a button), then one of its allowed splits
// (buttons « 7 → 2 + 5 » shown under the heap). The position is the list of
// heaps, as nimcore.grundy keeps it: a split puts its two parts, smaller first,
// in place of the heap (the engine compares sorted lists anyway).
//
// Markup: <div data-board="grundy" data-heaps="7 12"></div>
// URL: ?grundy=7-12 (the heaps, in order).

import { candidates, h, parseNaturals, plural, randomInt } from "./kit.js";
import { mountGame } from "./game.js";

/** Largest heap of the setup and the URL (the engine itself goes to 4096). */
const MAX_HEAP = 30;
/** Most heaps of the setup. */
const MAX_SETUP_HEAPS = 5;
/** Most matches in all: a position reached from the largest setup (5 × 30). */
const MAX_TOKENS = MAX_SETUP_HEAPS * MAX_HEAP;

const canSplit = (size) => size >= 3;

/** Check heaps already parsed: at least one of them can be split. */
function setup(heaps) {
  if (!heaps.some(canSplit)) {
    return {
      ok: false,
      message: "aucun tas ne peut être partagé (il faut au moins un tas de 3\u00a0allumettes ou plus).",
    };
  }
  return { ok: true, position: heaps, options: {} };
}

/** The setup field: 1 to 5 heaps of 1 to 30 matches. */
function readHeaps(text) {
  const parsed = parseNaturals(text, { min: 1, max: MAX_HEAP, minCount: 1, maxCount: MAX_SETUP_HEAPS, noun: "tas" });
  return parsed.ok ? setup(parsed.values) : parsed;
}

/** The URL: any position reached from a setup (heaps of 1 to 30, 150 matches in all). */
function decode(text) {
  if (!/^\d{1,2}(?:-\d{1,2}){0,149}$/.test(text)) {
    return { ok: false, message: `«\u00a0${text}\u00a0» n’est pas une liste de tas de la forme 7-12` };
  }
  const heaps = text.split("-").map(Number);
  const bad = heaps.find((size) => size < 1 || size > MAX_HEAP);
  if (bad !== undefined) {
    return { ok: false, message: `un tas de ${bad} est hors limites (de 1 à ${MAX_HEAP}\u00a0allumettes)` };
  }
  if (heaps.reduce((a, b) => a + b, 0) > MAX_TOKENS) {
    return { ok: false, message: `plus de ${MAX_TOKENS}\u00a0allumettes en tout` };
  }
  return setup(heaps);
}

/** The position reached by splitting heap `heap` into `small` + the rest. */
function split(heaps, heap, small) {
  return [...heaps.slice(0, heap), small, heaps[heap] - small, ...heaps.slice(heap + 1)];
}

/** The move in nimcore's words (GrundyMove.text). */
function splitText(heaps, heap, small) {
  const size = heaps[heap];
  return `partager le tas ${heap + 1} en deux tas inégaux (${size} → ${small} + ${size - small})`;
}

/** Which split of `heaps` reaches `target` (in place, smaller part first)? */
function splitOf(heaps, target) {
  if (!Array.isArray(target) || target.length !== heaps.length + 1) {
    return null;
  }
  for (let heap = 0; heap < heaps.length; heap += 1) {
    const [small, large] = [target[heap], target[heap + 1]];
    const same =
      heaps.slice(0, heap).every((size, i) => target[i] === size) &&
      heaps.slice(heap + 1).every((size, i) => target[heap + 2 + i] === size);
    if (same && small + large === heaps[heap] && small >= 1 && small < large) {
      return { heap, small };
    }
  }
  return null;
}

/** Why a heap cannot be split, in French. */
function stuckText(heap, size) {
  return size === 1
    ? `Le tas ${heap + 1} n’a qu’une allumette\u00a0: il ne peut pas être partagé.`
    : `Le tas ${heap + 1} ne peut pas être partagé\u00a0: 2 = 1 + 1 donne deux tas égaux, ce qui est interdit.`;
}

function describe(heaps) {
  if (heaps.length === 1) {
    return `un tas de ${plural(heaps[0], "allumette")}`;
  }
  return `${heaps.length} tas de ${heaps.slice(0, -1).join(", ")} et ${heaps.at(-1)} allumettes`;
}

/** Candidate random starts: one to three heaps of 3 to 20 matches (nimcore picks). */
const random = () => candidates(() => Array.from({ length: randomInt(1, 3) }, () => randomInt(3, 20)));

/** The table of the hint: each heap's Grundy value, the nim-sum, the heap to split. */
function nimberTable(analysis) {
  const best = analysis.recommended ? analysis.recommended.heap : null;
  const body = h("tbody");
  analysis.heaps.forEach((size, heap) => {
    body.append(
      h(
        "tr",
        { class: heap === best ? "is-best" : null },
        h("th", { scope: "row", text: `Tas ${heap + 1}` }),
        h("td", { text: String(size) }),
        h("td", { text: String(analysis.nimbers[heap]) }),
      ),
    );
  });
  return h(
    "table",
    { class: "grundy-nimbers" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", text: "Tas" }),
        h("th", { scope: "col", text: "Allumettes n" }),
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
          colspan: "2",
          text: analysis.nimbers.length > 1 ? `${analysis.nimbers.join(" ⊕ ")} = ${analysis.nim_sum}` : String(analysis.nim_sum),
        }),
      ),
    ),
  );
}

/** A spec per board: the heap whose splits are shown is this board's own. */
function makeSpec() {
  /** The heap whose splits are shown, for the position `openFor` and the selection `selectionFor`. */
  let open = null;
  let openFor = "";
  let selectionFor = "null";
  /** Keyboard focus to give back after a redraw: a data-key, and whether the board had it. */
  const focus = { key: "", active: false, next: "" };

  function rememberFocus(container) {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && container.contains(focused) && focused.dataset.key) {
      Object.assign(focus, { key: focused.dataset.key, active: true });
    } else if (focused && focused !== document.body) {
      focus.active = false;
    }
    if (focus.next) {
      focus.key = focus.next;
      focus.next = "";
    }
  }

  function restoreFocus(container) {
    if (!focus.active) {
      return;
    }
    const target =
      container.querySelector(`[data-key="${focus.key}"]:not(:disabled)`) ??
      container.querySelector(".grundy-split:not(:disabled)") ??
      container.querySelector(".grundy-heap:not(.is-stuck):not(:disabled)");
    if (target) {
      target.focus({ preventScroll: true });
    }
  }

  /** @type {import("./game.js").GameSpec} */
  return {
    game: "grundy",
    title: "Jeu de Grundy",
    initial: (dataset) => readHeaps(dataset.heaps ?? "7 12"),
    fields() {
      const input = h("input", { type: "text", name: "tas", inputmode: "numeric", autocomplete: "off", spellcheck: "false" });
      input.id = `grundy-tas-${Math.random().toString(36).slice(2, 8)}`;
      return {
        element: h(
          "p",
          { class: "game-field" },
          h("label", { for: input.id, text: `Les tas (1 à ${MAX_SETUP_HEAPS} tas, de 1 à ${MAX_HEAP}\u00a0allumettes)\u00a0:` }),
          input,
        ),
        fill: (position) => {
          input.value = position.join(" ");
        },
        read: () => readHeaps(input.value),
      };
    },
    random,
    encode: (position) => position.join("-"),
    decode,
    describe,
    hint: (analysis) => [nimberTable(analysis)],
    draw(container, view) {
      const heaps = /** @type {number[]} */ (view.position);
      const key = JSON.stringify(heaps);
      const chosen = splitOf(heaps, view.selection);
      const hinted = splitOf(heaps, view.highlight);
      if (openFor !== key) {
        open = null;
        openFor = key;
      }
      if (JSON.stringify(view.selection) !== selectionFor) {
        // A new choice (the reader's or the hint's) opens its heap.
        selectionFor = JSON.stringify(view.selection);
        open = chosen ? chosen.heap : open;
      }
      const shown = open;
      rememberFocus(container);

      const group = h("div", { class: "grundy-heaps", role: "group", "aria-label": heaps.length === 1 ? "Le tas" : "Les tas" });
      heaps.forEach((size, heap) => {
        const stuck = !canSplit(size);
        const matches = h("span", { class: "grundy-matches", "aria-hidden": "true" });
        const cut = chosen && chosen.heap === heap ? chosen.small : null;
        for (let index = 0; index < size; index += 1) {
          matches.append(h("span", { class: index === cut ? "grundy-match is-cut" : "grundy-match" }));
        }
        // The name starts with the visible text (« Tas 2 », then the count) for speech input.
        const label = stuck
          ? `Tas ${heap + 1}\u00a0: ${plural(size, "allumette")}, ne peut pas être partagé`
          : cut === null
            ? `Tas ${heap + 1}\u00a0: ${plural(size, "allumette")}, choisir un partage`
            : `Tas ${heap + 1}\u00a0: ${cut} + ${size - cut} (${plural(size, "allumette")}, partage choisi)`;
        group.append(
          h(
            "button",
            {
              type: "button",
              class: ["grundy-heap", stuck ? "is-stuck" : "", heap === shown ? "is-open" : "", hinted && hinted.heap === heap ? "is-hinted" : ""]
                .filter(Boolean)
                .join(" "),
              "aria-label": label,
              "aria-expanded": stuck ? null : heap === shown ? "true" : "false",
              "aria-disabled": stuck ? "true" : null,
              tabindex: stuck ? "-1" : null,
              disabled: !view.interactive,
              "data-key": `tas-${heap}`,
              onclick: () => {
                if (stuck) {
                  view.refuse(stuckText(heap, size));
                  return;
                }
                open = heap === open ? null : heap;
                focus.next = open === null ? `tas-${heap}` : `partage-${heap}-1`;
                view.redraw();
              },
            },
            h("span", { class: "grundy-label", text: `Tas ${heap + 1}` }),
            " ",
            matches,
            " ",
            h("span", { class: "grundy-count", text: cut === null ? String(size) : `${cut} + ${size - cut}` }),
          ),
        );
        if (heap === shown && !stuck) {
          const splits = h("div", { class: "grundy-splits", role: "group", "aria-label": `Partages du tas ${heap + 1}` });
          for (let small = 1; 2 * small < size; small += 1) {
            const to = split(heaps, heap, small);
            const text = splitText(heaps, heap, small);
            splits.append(
              h("button", {
                type: "button",
                class: "grundy-split",
                text: `${size} → ${small} + ${size - small}`,
                "aria-label": `${size} → ${small} + ${size - small}\u00a0: partager le tas ${heap + 1} en deux tas inégaux`,
                "aria-pressed": chosen && chosen.heap === heap && chosen.small === small ? "true" : "false",
                "data-hinted": hinted && hinted.heap === heap && hinted.small === small ? "" : null,
                "data-key": `partage-${heap}-${small}`,
                disabled: !view.interactive,
                onclick: () => view.choose(to, text),
              }),
            );
          }
          group.append(splits);
        }
      });
      group.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && open !== null) {
          event.preventDefault();
          focus.next = `tas-${open}`;
          open = null;
          view.redraw();
        }
      });
      container.replaceChildren(
        h("p", { class: "grundy-rule", text: "Choisissez un tas, puis la façon de le partager en deux tas inégaux." }),
        group,
      );
      if (view.interactive) {
        restoreFocus(container);
      }
    },
  };
}

/** Set up a board of Grundy's game. */
export function mountGrundy(root, context) {
  mountGame(root, context, makeSpec());
}
