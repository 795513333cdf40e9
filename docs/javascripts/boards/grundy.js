// Grundy's game: a move splits one heap into two non-empty heaps of different
// sizes. Which splits are allowed, their words, the heaps' names, the rule, the
// hint and the setup form are nimcore's (the view's moves carry their gesture
// {heap, parts}, its drawing the heaps' names): this file draws the heaps and
// their splits, and turns a touch into a gesture.
//
// The reader opens a heap (a button), then chooses one of nimcore's splits of it
// (buttons « 7 → 2 + 5 » shown under the heap). A heap nimcore has no split for
// is marked (aria-disabled): touching it, the gesture {heap}, shows nimcore's
// reason. The heaps and their splits are one Tab stop (a roving tabindex: the
// chosen split, else where the keyboard was, else the first heap that splits):
// Up / Down go from heap to heap, Right opens a heap and goes along its splits,
// Left goes back, Home / End; Enter opens a heap, chooses a split, then plays it;
// Escape closes the splits and forgets the chosen one.
//
// Markup: <!-- nimcore:board kind=grundy game=grundy code=7-12 -->

import { h, say } from "./kit.js";
import { mountGame } from "./game.js";
import { KeyedFocus } from "./roving.js";

/**
 * What nimcore adds to a view for drawing the heaps: each heap's name, and its
 * name once each split is chosen (`chosen[a - 1]` for the split a + (h − a)).
 * @typedef {{ heaps: { label: string, chosen: string[] }[] }} GrundyDrawing
 */

/**
 * The split a move makes: its heap and its two parts (from its gesture), or null.
 * @param {import("./game.js").Move | null} move
 * @returns {{heap: number, parts: number[]} | null}
 */
const splitOf = (move) => {
  const gesture = move?.gestures?.[0];
  return gesture && Array.isArray(gesture.parts) ? { heap: gesture.heap, parts: gesture.parts } : null;
};

/** A board's own state between redraws. */
function makeSpec() {
  /** The heap whose splits are shown, for the position `openFor` and the selection `selectionFor`. */
  /** @type {number | null} */
  let open = null;
  let openFor = "";
  let selectionFor = "null";
  /** nimcore's words for the heaps of the position `drawingFor` (kept while a move is checked). */
  /** @type {GrundyDrawing | null} */
  let drawing = null;
  let drawingFor = "";
  /** Where the keyboard is: a data-key, whether the board has the focus, and where it goes next. */
  const focus = new KeyedFocus();

  /** @type {import("./game.js").GameSpec} */
  return {
    board: "grundy",
    draw(container, view) {
      const heaps = /** @type {number[]} */ (view.position);
      const key = JSON.stringify(heaps);
      const chosen = splitOf(view.selection);
      const hinted = splitOf(view.highlight);
      if (openFor !== key) {
        open = null;
        openFor = key;
      }
      const selectionKey = JSON.stringify(view.selection?.id ?? null);
      if (selectionKey !== selectionFor) {
        // A new choice (the reader's or the hint's) opens its heap.
        selectionFor = selectionKey;
        open = chosen ? chosen.heap : open;
      }
      if (view.drawing) {
        drawing = /** @type {GrundyDrawing} */ (view.drawing);
        drawingFor = key;
      } else if (drawingFor !== key) {
        drawing = null;
      }
      focus.note(container);
      /** nimcore's splits of a heap (the moves whose gesture names it). */
      const splitsOf = (/** @type {number} */ heap) => (view.moves ?? []).filter((move) => splitOf(move)?.heap === heap);

      const group = h("div", { class: "grundy-heaps", role: "group", "aria-label": say(heaps.length === 1 ? "heaps_one" : "heaps_many") });
      heaps.forEach((size, heap) => {
        const splits = splitsOf(heap);
        const stuck = view.known && splits.length === 0;
        const cut = chosen && chosen.heap === heap ? chosen.parts : null;
        const matches = h("span", { class: "grundy-matches", "aria-hidden": "true" });
        for (let index = 0; index < size; index += 1) {
          matches.append(h("span", { class: cut && index === cut[0] ? "grundy-match is-cut" : "grundy-match" }));
        }
        // The name starts with the visible text (« Tas 2 », then the count) for speech input;
        // nimcore's words (the view's drawing), the visible text alone until they come.
        const count = cut ? cut.join(" + ") : String(size);
        const words = drawing ? drawing.heaps[heap] : null;
        const label = !words ? `${say("heap_name", { heap: heap + 1 })} ${count}` : cut ? (words.chosen[cut[0] - 1] ?? words.label) : words.label;
        group.append(
          h(
            "button",
            {
              type: "button",
              class: ["grundy-heap", stuck ? "is-stuck" : "", heap === open ? "is-open" : "", hinted?.heap === heap ? "is-hinted" : ""]
                .filter(Boolean)
                .join(" "),
              "aria-label": label,
              "aria-expanded": stuck ? null : heap === open ? "true" : "false",
              "aria-disabled": stuck ? "true" : null,
              // A heap that cannot split: touching it asks nimcore why ({heap}, no parts).
              "data-gesture": stuck ? JSON.stringify({ heap }) : null,
              tabindex: "-1",
              disabled: !view.interactive,
              "data-key": `tas-${heap}`,
              onclick: () => {
                if (stuck) {
                  view.gesture({ heap });
                  return;
                }
                open = heap === open ? null : heap;
                focus.next = open === null ? `tas-${heap}` : `partage-${heap}-0`;
                view.redraw();
              },
            },
            h("span", { class: "grundy-label", text: say("heap_name", { heap: heap + 1 }) }),
            " ",
            matches,
            " ",
            h("span", { class: "grundy-count", text: count }),
          ),
        );
        if (heap === open && !stuck) {
          const row = h("div", { class: "grundy-splits", role: "group", "aria-label": say("grundy_splits", { heap: heap + 1 }) });
          splits.forEach((move, index) => {
            const parts = splitOf(move)?.parts ?? [];
            const split = `${size} → ${parts.join(" + ")}`;
            row.append(
              h("button", {
                type: "button",
                class: "grundy-split",
                text: split,
                // The visible split first (speech input), then nimcore's words.
                "aria-label": say("grundy_split", { split, move: move.text }),
                "aria-pressed": view.same(view.selection, move) ? "true" : "false",
                "data-hinted": view.same(view.highlight, move) ? "" : null,
                "data-key": `partage-${heap}-${index}`,
                "data-gesture": JSON.stringify(move.gestures?.[0] ?? null),
                tabindex: "-1",
                disabled: !view.interactive,
                onclick: () => view.choose(move),
              }),
            );
          });
          group.append(row);
        }
      });
      group.addEventListener("keydown", (event) => moveFocus(event, group, view));
      container.replaceChildren(h("p", { class: "grundy-help", text: say("grundy_help") }), group);
      if (!view.interactive) {
        return;
      }
      const pressed = /** @type {HTMLElement | null} */ (group.querySelector('.grundy-split[aria-pressed="true"]'));
      const stop = tabStop(group, pressed && !focus.active ? pressed.dataset.key ?? "" : focus.key);
      if (stop) {
        stop.tabIndex = 0;
        if (focus.active) {
          stop.focus({ preventScroll: true });
        }
      }
    },
  };

  /**
   * The element that keeps the Tab stop: the one keyed `key` if it can take the focus, else the
   * open heap's first split, else the first heap that splits.
   * @param {HTMLElement} group
   * @param {string} key
   * @returns {HTMLElement | null}
   */
  function tabStop(group, key) {
    return (
      group.querySelector(`[data-key="${key}"]:not([aria-disabled="true"])`) ??
      group.querySelector(".grundy-split") ??
      group.querySelector('.grundy-heap:not([aria-disabled="true"])')
    );
  }

  /**
   * The arrow keys, Home and End between the heaps and the open heap's splits; Escape closes.
   * @param {KeyboardEvent} event
   * @param {HTMLElement} group
   * @param {import("./game.js").View} view
   */
  function moveFocus(event, group, view) {
    const current = event.target instanceof HTMLElement ? event.target.closest(".grundy-heap, .grundy-split") : null;
    if (!(current instanceof HTMLElement)) {
      return;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      if (open !== null) {
        focus.next = `tas-${open}`;
        open = null;
        view.redraw();
      }
      view.deselect();
      return;
    }
    const heaps = [.../** @type {NodeListOf<HTMLElement>} */ (group.querySelectorAll('.grundy-heap:not([aria-disabled="true"])'))];
    const splits = [.../** @type {NodeListOf<HTMLElement>} */ (group.querySelectorAll(".grundy-split"))];
    const onSplit = current.classList.contains("grundy-split");
    const heapButton = onSplit ? group.querySelector(`[data-key="tas-${open}"]`) : current;
    const at = heaps.indexOf(/** @type {HTMLElement} */ (heapButton));
    /** @type {HTMLElement | null} */
    let next = null;
    switch (event.key) {
      case "ArrowUp":
        next = onSplit ? /** @type {HTMLElement | null} */ (heapButton) : heaps[at - 1] ?? null;
        break;
      case "ArrowDown":
        next = heaps[at + 1] ?? null;
        break;
      case "ArrowRight":
        if (!onSplit) {
          const heap = Number(current.dataset.key?.slice("tas-".length));
          if (open !== heap) {
            // Open the heap; its first split takes the focus once drawn.
            event.preventDefault();
            open = heap;
            focus.next = `partage-${heap}-0`;
            view.redraw();
            return;
          }
          next = splits[0] ?? null;
        } else {
          next = splits[splits.indexOf(current) + 1] ?? null;
        }
        break;
      case "ArrowLeft":
        next = onSplit ? splits[splits.indexOf(current) - 1] ?? /** @type {HTMLElement | null} */ (heapButton) : null;
        break;
      case "Home":
        next = onSplit ? splits[0] ?? null : heaps[0] ?? null;
        break;
      case "End":
        next = onSplit ? splits.at(-1) ?? null : heaps.at(-1) ?? null;
        break;
      default:
        return;
    }
    event.preventDefault();
    if (next) {
      for (const other of /** @type {NodeListOf<HTMLElement>} */ (group.querySelectorAll('[tabindex="0"]'))) {
        other.tabIndex = -1;
      }
      next.tabIndex = 0;
      next.focus();
      Object.assign(focus, { key: next.dataset.key ?? "", active: true });
    }
  }
}

/**
 * Set up a board of Grundy's game.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountGrundy(root, context) {
  mountGame(root, context, makeSpec());
}
