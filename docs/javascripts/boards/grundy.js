// Grundy's game: a move splits one heap into two non-empty heaps of different
// sizes. Which splits are allowed, their words, the heaps' names, the rule and
// the hint are nimcore's (the view's moves carry their heap and parts, its
// drawing the heaps' names): this file draws the heaps and reads the setup.
//
// The reader chooses a heap (a button), then one of nimcore's splits of it
// (buttons « 7 → 2 + 5 » shown under the heap). A heap nimcore has no split
// for is marked, and choosing it shows nimcore's refusal. Escape closes the
// splits; Tab goes from button to button.
//
// Markup: <!-- nimcore:board kind=grundy game=grundy code=7-12 -->

import { formField, formOf, h, heapsFit, naturalsOf } from "./kit.js";
import { mountGame, sameTarget } from "./game.js";

/**
 * The split of `move`, if it is one of `heaps` at `heap`.
 * @param {import("./game.js").Move | null} move
 * @param {number} heap
 * @returns {number | null}
 */
const splitAt = (move, heap) => (move && move.heap === heap ? move.parts[0] : null);

/**
 * What nimcore adds to a view for drawing the heaps: each heap's name, and its
 * name once each split is chosen (`chosen[a - 1]` for the split a + (h − a)).
 * @typedef {{ heaps: { label: string, chosen: string[] }[] }} GrundyDrawing
 */

/**
 * A spec per board: the heap whose splits are shown is this board's own.
 * @param {import("./kit.js").SetupForm} form  nimcore's setup form (data-form): its label and the board's limits
 */
function makeSpec(form) {
  const heapsField = formField(form, "heaps");
  /** The heap whose splits are shown, for the position `openFor` and the selection `selectionFor`. */
  /** @type {number | null} */
  let open = null;
  let openFor = "";
  let selectionFor = "null";
  /** nimcore's words for the heaps of the position `drawingFor` (kept while a move is checked). */
  /** @type {GrundyDrawing | null} */
  let drawing = null;
  let drawingFor = "";
  /** Keyboard focus to give back after a redraw: a data-key, and whether the board had it. */
  const focus = { key: "", active: false, next: "" };

  /** @param {HTMLElement} container */
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

  /** @param {HTMLElement} container */
  function restoreFocus(container) {
    if (!focus.active) {
      return;
    }
    /** @type {HTMLElement | null} */
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
    board: "grundy",
    fields() {
      const input = h("input", { type: "text", name: "tas", inputmode: "numeric", autocomplete: "off", spellcheck: "false" });
      input.id = `grundy-tas-${Math.random().toString(36).slice(2, 8)}`;
      return {
        element: h(
          "p",
          { class: "game-field" },
          h("label", { for: input.id, text: heapsField.label }),
          input,
        ),
        fill: (position) => {
          input.value = position.join(" ");
        },
        read() {
          const parsed = naturalsOf(input.value, heapsField);
          return parsed.ok ? { ok: true, position: parsed.values, options: {} } : parsed;
        },
      };
    },
    fits: ({ position }) => heapsFit(position, { maxCount: form.limits.heaps ?? 0, max: heapsField.max ?? 0 }),
    draw(container, view) {
      const heaps = /** @type {number[]} */ (view.position);
      const key = JSON.stringify(heaps);
      const chosen = view.selection;
      const hinted = view.highlight;
      if (openFor !== key) {
        open = null;
        openFor = key;
      }
      if (JSON.stringify(chosen) !== selectionFor) {
        // A new choice (the reader's or the hint's) opens its heap.
        selectionFor = JSON.stringify(chosen);
        open = chosen ? chosen.heap : open;
      }
      const shown = open;
      if (view.drawing) {
        drawing = /** @type {GrundyDrawing} */ (view.drawing);
        drawingFor = key;
      } else if (drawingFor !== key) {
        drawing = null;
      }
      rememberFocus(container);
      /** nimcore's splits, heap by heap. */
      const splitsOf = (/** @type {number} */ heap) => (view.moves ?? []).filter((move) => move.heap === heap);

      const group = h("div", { class: "grundy-heaps", role: "group", "aria-label": heaps.length === 1 ? "Le tas" : "Les tas" });
      heaps.forEach((size, heap) => {
        const stuck = view.known && splitsOf(heap).length === 0;
        const matches = h("span", { class: "grundy-matches", "aria-hidden": "true" });
        const cut = splitAt(chosen, heap);
        for (let index = 0; index < size; index += 1) {
          matches.append(h("span", { class: index === cut ? "grundy-match is-cut" : "grundy-match" }));
        }
        // The name starts with the visible text (« Tas 2 », then the count) for speech input;
        // nimcore's words (the view's drawing), the visible text alone until they come.
        const words = drawing ? drawing.heaps[heap] : null;
        const label = !words
          ? `Tas ${heap + 1}\u00a0: ${cut === null ? size : `${cut} + ${size - cut}`}`
          : cut === null
            ? words.label
            : (words.chosen[cut - 1] ?? words.label);
        group.append(
          h(
            "button",
            {
              type: "button",
              class: ["grundy-heap", stuck ? "is-stuck" : "", heap === shown ? "is-open" : "", splitAt(hinted, heap) !== null ? "is-hinted" : ""]
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
                  // The split 1 + (size − 1), which the rule forbids here: nimcore says why.
                  view.attempt([...heaps.slice(0, heap), 1, size - 1, ...heaps.slice(heap + 1)]);
                  return;
                }
                open = heap === open ? null : heap;
                focus.next = open === null ? `tas-${heap}` : `partage-${heap}-0`;
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
          splitsOf(heap).forEach((move, index) => {
            const [small, large] = move.parts;
            splits.append(
              h("button", {
                type: "button",
                class: "grundy-split",
                text: `${size} → ${small} + ${large}`,
                "aria-label": `${size} → ${small} + ${large}\u00a0: ${move.text}`,
                "aria-pressed": chosen && sameTarget(chosen.to, move.to) ? "true" : "false",
                "data-hinted": hinted && sameTarget(hinted.to, move.to) ? "" : null,
                "data-key": `partage-${heap}-${index}`,
                "data-to": JSON.stringify(move.to),
                disabled: !view.interactive,
                onclick: () => view.choose(move),
              }),
            );
          });
          group.append(splits);
        }
      });
      group.addEventListener("keydown", (event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          if (open !== null) {
            focus.next = `tas-${open}`;
            open = null;
            view.redraw();
          }
          view.deselect();
        }
      });
      container.replaceChildren(
        h("p", { class: "grundy-help", text: "Choisissez un tas, puis la façon de le partager." }),
        group,
      );
      if (view.interactive) {
        restoreFocus(container);
      }
    },
  };
}

/**
 * Set up a board of Grundy's game.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountGrundy(root, context) {
  mountGame(root, context, makeSpec(formOf(root)));
}
