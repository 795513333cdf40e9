// Moore's Nim_k: heaps of matches; a move takes at least one match from each of
// 1 to k heaps. The move being prepared is the selected target of game.js: a
// click on a match sets how many are taken from its heap (that match and every
// one after it), the « − » and « + » buttons of a heap take one match fewer or
// more; marking more than k heaps is refused (for k = 1, a new heap replaces
// the old one, as in Nim). Choosing the same match again, or « Jouer », plays.
// « Effacer la sélection », or Escape on the heaps, unmarks every heap.
// The matches have one Tab stop (roving tabindex): the arrow keys move between
// them, Enter chooses.
//
// Markup: <div data-board="moore" data-heaps="6 5 7 2" data-k="2"></div>

import { candidates, h, parseNaturals, plural, randomInt } from "./kit.js";
import { mountGame } from "./game.js";

const MIN_HEAPS = 2;
const MAX_HEAPS = 6;
const MAX_HEAP = 15;
const MAX_K = 5;

/** @returns {import("./game.js").Setup} */
function readGame(heapsText, kText) {
  const k = Number(kText);
  if (!/^\d+$/.test(String(kText).trim()) || k < 1 || k > MAX_K) {
    return { ok: false, message: `k doit être un entier de 1 à ${MAX_K} (le nombre de tas qu’un coup peut toucher).` };
  }
  const parts = String(heapsText).split(/[\s,;]+/).filter(Boolean);
  if (parts.length < MIN_HEAPS) {
    return { ok: false, message: `il faut au moins ${MIN_HEAPS} tas.` };
  }
  if (parts.length > MAX_HEAPS) {
    return { ok: false, message: `trop de tas (${parts.length})\u00a0: ${MAX_HEAPS} au plus.` };
  }
  const parsed = parseNaturals(parts.join(" "), { max: MAX_HEAP, minCount: MIN_HEAPS, maxCount: MAX_HEAPS, noun: "tas" });
  if (!parsed.ok) {
    return parsed;
  }
  if (parsed.values.every((heap) => heap === 0)) {
    return { ok: false, message: "il faut au moins une allumette." };
  }
  return { ok: true, position: parsed.values, options: { k } };
}

/** Candidate random starts: three to five heaps of 1 to MAX_HEAP matches (nimcore picks). */
const randomHeaps = () => candidates(() => Array.from({ length: randomInt(3, 5) }, () => randomInt(1, MAX_HEAP)));

/** The move from `before` to `to`, as nimcore writes it. */
function moveText(before, to) {
  const parts = before
    .map((heap, index) => [heap, to[index], index])
    .filter(([heap, after]) => after < heap)
    .map(([heap, after, index]) => `${plural(heap - after, "allumette")} du tas ${index + 1} (${heap} → ${after})`);
  const joined = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} et ${parts[parts.length - 1]}`;
  return `retirer ${joined}`;
}

const heapsWord = (count) => plural(count, "tas", "tas");

/** "2 à prendre sur 7", said by the « − » and « + » buttons. */
const takeWords = (take, size) => `${take} à prendre sur ${size}`;

/** The spec of one Moore board: each board keeps its own keyboard cursor. */
function mooreSpec() {
  /** The match that is in the Tab order. @type {{heap: number, index: number} | null} */
  let cursor = null;

  function clampCursor(heaps) {
    const filled = heaps.map((heap, index) => [heap, index]).filter(([heap]) => heap > 0);
    if (filled.length === 0) {
      cursor = null;
      return;
    }
    if (cursor === null || heaps[cursor.heap] === 0) {
      const wanted = cursor === null ? 0 : cursor.heap;
      const [size, heap] = filled.reduce((best, entry) => (Math.abs(entry[1] - wanted) < Math.abs(best[1] - wanted) ? entry : best));
      cursor = { heap, index: size - 1 };
      return;
    }
    cursor = { heap: cursor.heap, index: Math.min(cursor.index, heaps[cursor.heap] - 1) };
  }

  /** @type {import("./game.js").GameSpec} */
  return {
    game: "moore",
    title: "Jeu de Moore",
    initial: (dataset) => readGame(dataset.heaps ?? "6 5 7 2", dataset.k ?? "2"),
    fields() {
      const suffix = Math.random().toString(36).slice(2, 8);
      const kSelect = h(
        "select",
        { name: "k", id: `moore-k-${suffix}` },
        ...Array.from({ length: MAX_K }, (_, index) =>
          h("option", { value: String(index + 1), text: index === 0 ? "1 (le Nim ordinaire)" : String(index + 1) }),
        ),
      );
      const input = h("input", { type: "text", name: "tas", id: `moore-tas-${suffix}`, inputmode: "numeric", autocomplete: "off" });
      return {
        element: h(
          "div",
          {},
          h("p", { class: "game-field" }, h("label", { for: input.id, text: `Les tas (${MIN_HEAPS} à ${MAX_HEAPS} tas de 0 à ${MAX_HEAP} allumettes)\u00a0:` }), input),
          h("p", { class: "game-field" }, h("label", { for: kSelect.id, text: "k, le nombre de tas qu’un coup peut toucher\u00a0:" }), kSelect),
        ),
        fill: (position, options) => {
          input.value = position.join(" ");
          kSelect.value = String(options.k);
        },
        read: () => readGame(input.value, kSelect.value),
      };
    },
    random: randomHeaps,
    encode: (position, options) => `k${options.k}-${position.join("-")}`,
    decode: (text) => {
      const match = /^k(\d)-(\d{1,2}(?:-\d{1,2}){1,5})$/.exec(text);
      if (!match) {
        return { ok: false, message: `«\u00a0${text}\u00a0» n’est pas une position de la forme k2-6-5-7-2` };
      }
      return readGame(match[2].replaceAll("-", " "), match[1]);
    },
    describe: (position, options) =>
      `${heapsWord(position.length)} de ${position.join(", ")} allumettes, un coup touche au plus ${heapsWord(options.k)}`,
    hint(analysis) {
      const modulus = analysis.k + 1;
      const best = analysis.recommended;
      const touched = new Set(best ? best.heaps : []);
      const cell = (tag, text, attributes = {}) => h(tag, { text: String(text), ...attributes });
      const table = h(
        "table",
        { class: "moore-binary" },
        h("caption", { text: `Les tas en base 2, les 1 comptés modulo ${modulus}` }),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            cell("th", "Tas", { scope: "col" }),
            ...analysis.weights.map((weight) => cell("th", weight, { scope: "col" })),
            best ? cell("th", "Coup conseillé", { scope: "col" }) : null,
          ),
        ),
        h(
          "tbody",
          {},
          ...analysis.rows.map((digits, index) =>
            h(
              "tr",
              { class: touched.has(index) ? "is-touched" : null },
              cell("th", `Tas ${index + 1} (${analysis.heaps[index]})`, { scope: "row" }),
              ...digits.map((digit) => cell("td", digit)),
              best ? cell("td", touched.has(index) ? `${analysis.heaps[index]} → ${best.to[index]}` : "") : null,
            ),
          ),
        ),
        h(
          "tfoot",
          {},
          h(
            "tr",
            {},
            cell("th", "Nombre de 1", { scope: "row" }),
            ...analysis.column_ones.map((ones) => cell("td", ones)),
            best ? cell("td", "") : null,
          ),
          h(
            "tr",
            { class: "moore-residues" },
            cell("th", `Reste modulo ${modulus}`, { scope: "row" }),
            ...analysis.column_residues.map((residue) => cell("td", residue, { class: residue ? "is-nonzero" : null })),
            best ? cell("td", "") : null,
          ),
        ),
      );
      const reading =
        analysis.outcome === "P"
          ? h("p", { text: `Tous les restes sont nuls\u00a0: chaque colonne contient un multiple de ${modulus} chiffres 1.` })
          : h(
              "p",
              {},
              `Les restes, lus comme un nombre en base ${modulus}, forment la Nim`,
              h("sub", { text: "k" }),
              `-somme ${analysis.nim_k_sum}\u00a0: elle n’est pas nulle (restes non nuls en gras).`,
            );
      return [h("div", { class: "moore-binary-wrap" }, table), reading];
    },
    draw(container, view) {
      const heaps = view.position;
      const k = view.options.k;
      const target = Array.isArray(view.selection) ? view.selection : heaps;
      const takes = heaps.map((heap, index) => heap - target[index]);
      const marked = takes.filter((take) => take > 0).length;
      const active = document.activeElement;
      const focusKey = active instanceof HTMLElement && container.contains(active) ? active.dataset.key : undefined;
      clampCursor(heaps);

      /** Take `take` matches from heap `heap`, keeping the other heaps of the move. */
      const setTake = (heap, take) => {
        if (!view.interactive) {
          view.choose(heaps, ""); // game.js refuses, saying why (not your turn, game over)
          return;
        }
        const next = [...takes];
        if (next[heap] === 0 && take > 0 && marked >= k) {
          if (k > 1) {
            view.refuse(
              `Un coup touche au plus ${heapsWord(k)}\u00a0: ramenez d’abord à 0 le prélèvement d’un tas marqué (bouton «\u00a0−\u00a0»).`,
            );
            return;
          }
          next.fill(0); // k = 1: as in Nim, the new heap replaces the old one
        }
        next[heap] = take;
        if (next.every((value) => value === 0)) {
          view.refuse(
            "Un coup retire au moins une allumette\u00a0: pour changer de coup, choisissez une autre allumette ou marquez un autre tas.",
          );
          return;
        }
        const to = heaps.map((size, index) => size - next[index]);
        view.choose(to, moveText(heaps, to));
      };

      const list = h("div", {
        class: "moore-heaps",
        role: "group",
        "aria-label": `Les tas\u202f; un coup prend des allumettes dans 1 à ${heapsWord(k)}`,
      });
      /** @type {HTMLButtonElement[][]} */
      const matches = heaps.map(() => []);
      heaps.forEach((size, heap) => {
        const row = h("div", { class: `moore-heap${takes[heap] > 0 ? " is-marked" : ""}` });
        row.append(h("span", { class: "moore-label", text: `Tas ${heap + 1}` }));
        const line = h("span", { class: "moore-matches" });
        for (let index = 0; index < size; index += 1) {
          const isCursor = cursor !== null && cursor.heap === heap && cursor.index === index;
          const button = h("button", {
            type: "button",
            class: "moore-match",
            tabindex: isCursor ? "0" : "-1",
            "data-key": `m-${heap}-${index}`,
            "data-heap": heap,
            "data-index": index,
            "aria-pressed": index >= target[heap] ? "true" : "false",
            "aria-disabled": view.interactive ? null : "true",
            "data-hinted": Array.isArray(view.highlight) && index >= view.highlight[heap] ? "" : null,
            "aria-label": `Tas ${heap + 1}\u00a0: en prendre ${size - index} (${size} → ${index})`,
            onclick: () => {
              cursor = { heap, index };
              setTake(heap, size - index);
            },
          });
          matches[heap].push(button);
          line.append(button);
        }
        if (size === 0) {
          line.append(h("span", { class: "moore-empty", text: "vide" }));
        }
        row.append(line);
        const take = takes[heap];
        row.append(
          h(
            "span",
            { class: "moore-stepper" },
            h("button", {
              type: "button",
              class: "moore-step",
              "data-key": `less-${heap}`,
              text: "−",
              disabled: take === 0,
              "aria-disabled": view.interactive ? null : "true",
              "aria-label": `Tas ${heap + 1}\u00a0: prendre une allumette de moins (${takeWords(take, size)})`,
              onclick: () => setTake(heap, take - 1),
            }),
            h("span", { class: "moore-take", "aria-hidden": "true", text: take > 0 ? `−${take}` : "0" }),
            h("button", {
              type: "button",
              class: "moore-step",
              "data-key": `more-${heap}`,
              text: "+",
              disabled: take === size,
              "aria-disabled": view.interactive ? null : "true",
              "aria-label": `Tas ${heap + 1}\u00a0: prendre une allumette de plus (${takeWords(take, size)})`,
              onclick: () => setTake(heap, take + 1),
            }),
          ),
        );
        list.append(row);
      });

      list.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && marked > 0) {
          event.preventDefault();
          view.deselect();
          return;
        }
        if (cursor === null || !(event.target instanceof HTMLElement) || !event.target.classList.contains("moore-match")) {
          return;
        }
        let { heap, index } = cursor;
        if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
          index = Math.max(0, Math.min(heaps[heap] - 1, index + (event.key === "ArrowRight" ? 1 : -1)));
        } else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
          const step = event.key === "ArrowDown" ? 1 : -1;
          let next = heap + step;
          while (next >= 0 && next < heaps.length && heaps[next] === 0) {
            next += step;
          }
          if (next < 0 || next >= heaps.length) {
            return;
          }
          heap = next;
          index = Math.min(index, heaps[heap] - 1);
        } else if (event.key === "Home" || event.key === "End") {
          index = event.key === "Home" ? 0 : heaps[heap] - 1;
        } else {
          return;
        }
        event.preventDefault();
        matches[cursor.heap][cursor.index].tabIndex = -1;
        cursor = { heap, index };
        matches[heap][index].tabIndex = 0;
        matches[heap][index].focus();
      });

      const status = h("p", {
        class: "moore-status",
        text:
          marked === 0
            ? `Marquez de 1 à ${heapsWord(k)}\u00a0: cliquez sur la première allumette à prendre, ou utilisez «\u00a0+\u00a0».`
            : `${heapsWord(marked)} ${marked > 1 ? "marqués" : "marqué"} sur ${k} au plus.`,
      });
      const clear = h("button", {
        type: "button",
        class: "md-button moore-clear",
        "data-key": "effacer",
        text: "Effacer la sélection",
        disabled: marked === 0,
        onclick: () => view.deselect(),
      });
      container.replaceChildren(list, status, h("p", { class: "moore-tools" }, clear));
      if (focusKey) {
        const again = container.querySelector(`[data-key="${focusKey}"]`);
        const fallback = cursor === null ? null : matches[cursor.heap][cursor.index];
        const next = again instanceof HTMLButtonElement && !again.disabled ? again : fallback;
        next?.focus();
      }
    },
  };
}

/** Set up a Moore (Nim_k) board. */
export function mountMoore(root, context) {
  mountGame(root, context, mooreSpec());
}
