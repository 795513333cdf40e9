// The Moore board ("moore", Moore's Nim_k): heaps of matches, a move takes
// from several heaps at once. How many heaps a move may touch, the words of
// each move, the rule and the hint are nimcore's (the view of each position):
// this file draws the heaps and turns gestures into targets.
//
// The move being prepared is game.js's selection (nimcore's move). A click on
// a match aims at the position where its heap keeps the matches before it and
// the other heaps keep what the prepared move leaves them; « − » and « + »
// take one match fewer or more from their heap. Each such target is nimcore's
// to check: a listed move is chosen at once, an unlisted one is marked
// (aria-disabled) and refused in nimcore's words when tried, and when the
// moves are too many to list nimcore is asked about each target. When the
// prepared move takes from one heap and nimcore does not list it together
// with another heap (k = 1, as in Nim), a click in that other heap starts a
// new move there. Choosing the same match again, or « Jouer », plays;
// « Effacer la sélection », or Escape on the heaps, forgets the move.
// The matches have one Tab stop (roving tabindex): the arrow keys move
// between them, Home and End to the ends of a heap, Enter chooses.
//
// Markup: <!-- nimcore:board kind=moore game=moore code=k2-6-5-7-2 -->

import { choiceSelect, fillText, formField, formOf, h, heapsFit, naturalsOf, plural } from "./kit.js";
import { mountGame } from "./game.js";

const heapsWord = (/** @type {number} */ count) => plural(count, "tas", "tas");

/** "2 à prendre sur 7", said by the « − » and « + » buttons. */
const takeWords = (/** @type {number} */ take, /** @type {number} */ size) => `${take} à prendre sur ${size}`;

/**
 * The spec of one Moore board: each board keeps its own keyboard cursor.
 * @param {import("./kit.js").SetupForm} form  nimcore's setup form (data-form): labels, k's choices, the board's limits
 */
function mooreSpec(form) {
  const heapsField = formField(form, "heaps");
  const kField = formField(form, "k");
  /** The match that is in the Tab order. @type {{heap: number, index: number} | null} */
  let cursor = null;

  /** @param {number[]} heaps */
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

  /**
   * @param {HTMLElement} container
   * @param {import("./game.js").View} view
   */
  function draw(container, view) {
    const heaps = /** @type {number[]} */ (view.position);
    const prepared = view.selection && Array.isArray(view.selection.to) ? view.selection.to : heaps;
    const hinted = view.highlight && Array.isArray(view.highlight.to) ? view.highlight.to : null;
    const takes = heaps.map((size, index) => size - prepared[index]);
    const marked = takes.filter((take) => take > 0).length;
    const active = document.activeElement;
    const focusKey = active instanceof HTMLElement && container.contains(active) ? active.dataset.key : undefined;
    clampCursor(heaps);
    // view.find, indexed once per drawing: a position may list up to 2000 moves, and each
    // of its matches and buttons looks one up.
    const listed = view.moves === null ? null : new Map(view.moves.map((move) => [JSON.stringify(move.to), move]));
    /** @returns {import("./game.js").Move | null | undefined} */
    const find = (/** @type {any} */ to) => (listed === null ? undefined : (listed.get(JSON.stringify(to)) ?? null));

    /**
     * What taking `take` matches from heap `heap` aims at: the target, and
     * nimcore's listed move for it (null: not listed, undefined: moves not listed).
     * @param {number} heap
     * @param {number} take
     */
    function gesture(heap, take) {
      const to = heaps.map((size, index) => (index === heap ? size - take : prepared[index]));
      const move = find(to);
      if (move === null && takes[heap] === 0 && marked === 1) {
        const alone = heaps.map((size, index) => (index === heap ? size - take : size));
        const fresh = find(alone);
        if (fresh) {
          return { to: alone, move: fresh };
        }
      }
      return { to, move };
    }

    /** The attributes every gesture element carries, and its click. @param {number} heap @param {number} take */
    function gestureAttributes(heap, take) {
      const { to, move } = gesture(heap, take);
      return {
        move,
        attributes: {
          "data-to": JSON.stringify(to),
          "aria-disabled": !view.interactive || move === null ? "true" : null,
          onclick: () => (move ? view.choose(move) : view.attempt(to)),
        },
      };
    }

    const list = h("div", { class: "moore-heaps", role: "group", "aria-label": "Les tas" });
    /** @type {HTMLButtonElement[][]} */
    const matches = heaps.map(() => []);
    heaps.forEach((size, heap) => {
      const row = h("div", { class: `moore-heap${takes[heap] > 0 ? " is-marked" : ""}`, "data-heap": String(heap) });
      row.append(h("span", { class: "moore-label", text: `Tas ${heap + 1}` }));
      const line = h("span", { class: "moore-matches" });
      for (let index = 0; index < size; index += 1) {
        const isCursor = cursor !== null && cursor.heap === heap && cursor.index === index;
        const { move, attributes } = gestureAttributes(heap, size - index);
        const button = /** @type {HTMLButtonElement} */ (
          h("button", {
            type: "button",
            class: move === null ? "moore-match is-forbidden" : "moore-match",
            tabindex: isCursor ? "0" : "-1",
            "data-key": `m-${heap}-${index}`,
            "data-heap": String(heap),
            "data-index": String(index),
            "aria-pressed": index >= prepared[heap] ? "true" : "false",
            "data-hinted": hinted && index >= hinted[heap] ? "" : null,
            "aria-label": move
              ? `Tas ${heap + 1}\u00a0: ${move.text}`
              : `Tas ${heap + 1}\u00a0: en prendre ${size - index} (${size} → ${index})${move === null ? " (coup refusé)" : ""}`,
            ...attributes,
            onclick: () => {
              cursor = { heap, index };
              attributes.onclick();
            },
          })
        );
        matches[heap].push(button);
        line.append(button);
      }
      if (size === 0) {
        line.append(h("span", { class: "moore-empty", text: "vide" }));
      }
      row.append(line);
      const take = takes[heap];
      /** @param {string} key @param {string} text @param {number} change @param {string} words */
      const step = (key, text, change, words) =>
        h("button", {
          type: "button",
          class: "moore-step",
          "data-key": `${key}-${heap}`,
          text,
          disabled: take + change < 0 || take + change > size,
          "aria-label": `Tas ${heap + 1}\u00a0: ${words} (${takeWords(take, size)})`,
          ...(take + change < 0 || take + change > size ? {} : gestureAttributes(heap, take + change).attributes),
        });
      row.append(
        h(
          "span",
          { class: "moore-stepper" },
          step("less", "−", -1, "prendre une allumette de moins"),
          h("span", { class: "moore-take", "aria-hidden": "true", text: take > 0 ? `−${take}` : "0" }),
          step("more", "+", 1, "prendre une allumette de plus"),
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
        const direction = event.key === "ArrowDown" ? 1 : -1;
        let next = heap + direction;
        while (next >= 0 && next < heaps.length && heaps[next] === 0) {
          next += direction;
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
          ? "Marquez les tas où prendre\u00a0: cliquez sur la première allumette à prendre, ou utilisez «\u00a0+\u00a0»."
          : `${heapsWord(marked)} ${marked > 1 ? "marqués" : "marqué"}.`,
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
  }

  /** @type {import("./game.js").GameSpec} */
  return {
    board: "moore",
    fields() {
      const suffix = Math.random().toString(36).slice(2, 8);
      const kSelect = choiceSelect(kField, "k");
      kSelect.id = `moore-k-${suffix}`;
      const input = h("input", { type: "text", name: "tas", id: `moore-tas-${suffix}`, inputmode: "numeric", autocomplete: "off" });
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
          h("p", { class: "game-field" }, h("label", { for: kSelect.id, text: kField.label }), kSelect),
        ),
        fill(position, options) {
          input.value = position.join(" ");
          input.removeAttribute("aria-invalid");
          const k = String(options.k);
          if (![...kSelect.querySelectorAll("option")].some((option) => option.value === k)) {
            kSelect.append(h("option", { value: k, text: k })); // a k from the address, beyond the form's choices
          }
          kSelect.value = k;
        },
        read() {
          const parsed = naturalsOf(input.value, heapsField);
          if (!parsed.ok) {
            input.setAttribute("aria-invalid", "true");
            return parsed;
          }
          input.removeAttribute("aria-invalid");
          return { ok: true, position: parsed.values, options: { k: Number(kSelect.value) } };
        },
      };
    },
    draw,
    fits: ({ position, options }) =>
      heapsFit(position, { maxCount: heapsField.max_count ?? 0, max: heapsField.max ?? 0 }) ??
      (options.k > (form.limits.k ?? 0) ? fillText(form.texts.too_large_k ?? "", { k: options.k }) : null),
  };
}

/**
 * Set up a Moore (Nim_k) board.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountMoore(root, context) {
  mountGame(root, context, mooreSpec(formOf(root)));
}
