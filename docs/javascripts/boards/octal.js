// Octal games (take-and-break games 0.d1d2…), any code nimcore reads and any
// heap it can analyse: millions of tokens once the game's period is certified.
// The board knows no rule: the reader chooses a heap, then one of nimcore's
// moves of that heap (listed when the position has few), or, when they are not
// listed, types how many tokens to take and what to leave in its place
// (nothing, one heap, or two heaps and the first one's size). The typed fields are sent as typed, as the
// gesture {heap, take, leave, first}; nimcore reads them, writes the position
// they reach and names the move, or says why not. The rule, the heaps' names,
// the moves' words, the hint and the setup form (with its example, the heap of
// 9 999 999 tokens of 0.156) are nimcore's.
//
// Heaps are written as numbers with French digit grouping; small heaps are also
// drawn as tokens. A heap beyond 2^53 − 1 travels as a decimal string (nimcore's
// bridge writes it so, and reads it back): the board never computes with it.
//
// Keyboard: the heaps are one Tab stop (arrows, Home, End; Enter chooses one),
// its listed moves another (arrows, Home, End; Enter chooses, then plays), then
// the fields and « Choisir ce coup » (Enter in a field chooses the typed move,
// Enter again plays it); Escape forgets the chosen move (and, on the heaps, the heap).
//
// Markup: <!-- nimcore:board kind=octal game=octal code=13-8-5_0.156 -->

import { grouped, h, say } from "./kit.js";
import { mountGame } from "./game.js";
import { KeyedFocus } from "./roving.js";

/** nimcore's moves are offered as buttons up to this many for one heap (small positions). */
const MAX_LISTED = 60;
/** Tokens are drawn for heaps up to this size. */
const MAX_DRAWN = 40n;
/** More heaps than this are drawn as a compact grid of numbers, without tokens. */
const MANY_HEAPS = 8;
/** A heap written with more characters than this may wrap (a heap of a thousand digits). */
const LONG_COUNT = 15;

/**
 * What nimcore's view adds for drawing (nimcore.games.octal.drawing): each heap's size (a number,
 * or its decimal digits beyond 2^53 − 1) and its name.
 * @typedef {{heaps: {size: number | string, label: string}[]}} OctalDrawing
 */

/**
 * What the reader prepares: the heap (its index), the tokens taken and the first heap left, as
 * typed, and how many heaps are left in its place.
 * @typedef {{heap: number | null, take: string, leave: number, first: string}} Draft
 */

/** The draft of a move nimcore named (its gesture: the reader's choice, or the hint's). @param {import("./game.js").Move} move */
const draftOf = (move) => {
  const gesture = move.gestures?.[0] ?? {};
  return { heap: Number(gesture.heap), take: String(gesture.take), leave: Number(gesture.leave), first: String(gesture.first ?? "1") };
};

/** The heap a move takes from (its gesture's), or -1. @param {import("./game.js").Move | null} move */
const heapOf = (move) => (move?.gestures?.[0] ? Number(move.gestures[0].heap) : -1);

/** A board's own state between redraws. */
function makeSpec() {
  /** @type {Draft} */
  let draft = { heap: null, take: "1", leave: 1, first: "1" };
  let draftFor = "";
  let selectionFor = "null";
  /** nimcore's drawing of the position `drawnFor` (kept while a move is checked). */
  /** @type {OctalDrawing | null} */
  let drawing = null;
  let drawnFor = "";
  /** Where the keyboard is: a data-key, whether the board has the focus, and where it goes next. */
  const focus = new KeyedFocus({ nextTakesFocus: true });

  /** @type {import("./game.js").GameSpec} */
  return {
    board: "octal",
    draw(container, view) {
      const key = JSON.stringify(view.position);
      if (view.drawing) {
        drawing = /** @type {OctalDrawing} */ (view.drawing);
        drawnFor = key;
      }
      // nimcore's heaps (a finished game has none); while a move is checked, the position's numbers.
      const heaps =
        drawing && drawnFor === key
          ? drawing.heaps
          : /** @type {(number | string)[]} */ (view.position).map((size, index) => ({ size, label: say("octal_heap", { heap: index + 1, count: grouped(size) }) }));
      if (key !== draftFor) {
        draftFor = key;
        draft = { heap: heaps.length === 1 ? 0 : null, take: "1", leave: 1, first: "1" };
      }
      const selectionKey = JSON.stringify(view.selection?.id ?? null);
      if (selectionKey !== selectionFor) {
        selectionFor = selectionKey;
        if (view.selection && heapOf(view.selection) >= 0) {
          draft = draftOf(view.selection);
        }
      }
      focus.note(container);
      const hinted = heapOf(view.highlight);

      // ---- the heaps -------------------------------------------------------------
      const many = heaps.length > MANY_HEAPS;
      const group = h("div", { class: many ? "octal-heaps is-many" : "octal-heaps", role: "group", "aria-label": say(heaps.length === 1 ? "heaps_one" : "heaps_many") });
      heaps.forEach(({ size, label }, index) => {
        const count = grouped(size);
        const small = !many && BigInt(size) <= MAX_DRAWN;
        group.append(
          h(
            "button",
            {
              type: "button",
              class: ["octal-heap", index === draft.heap ? "is-chosen" : "", index === hinted ? "is-hinted" : ""].filter(Boolean).join(" "),
              tabindex: "-1",
              "aria-pressed": index === draft.heap ? "true" : "false",
              "aria-label": label,
              "data-key": `tas-${index}`,
              disabled: !view.interactive,
              onclick: () => {
                draft = { ...draft, heap: index };
                const listed = listedOf(view, index);
                focus.next = listed.length > 0 ? "coup-0" : "retirer";
                view.redraw();
              },
            },
            // The visible words, « Tas 2 » then the count, apart: they start the button's name.
            h("span", { class: "octal-label", text: say("heap_name", { heap: index + 1 }) }),
            " ",
            small ? h("span", { class: "octal-tokens", "aria-hidden": "true" }, ...Array.from({ length: Number(size) }, () => h("span", { class: "octal-token" }))) : null,
            " ",
            h("span", { class: count.length > LONG_COUNT ? "octal-count is-long" : "octal-count", text: count }),
          ),
        );
      });

      // ---- nimcore's moves of the chosen heap, when it lists them ------------------------
      const chosenHeap = draft.heap;
      const size = chosenHeap === null ? null : heaps[chosenHeap]?.size ?? null;
      const listed = chosenHeap === null ? [] : listedOf(view, chosenHeap);
      /** @type {HTMLElement | null} */
      let picks = null;
      if (listed.length > 0 && chosenHeap !== null) {
        picks = h("div", { class: "octal-listed", role: "group", "aria-label": say("octal_listed", { heap: chosenHeap + 1 }) });
        listed.forEach((move, index) => {
          /** @type {HTMLElement} */ (picks).append(
            h("button", {
              type: "button",
              class: "octal-pick",
              tabindex: "-1",
              text: move.text,
              "aria-pressed": view.same(view.selection, move) ? "true" : "false",
              "data-hinted": view.same(view.highlight, move) ? "" : null,
              "data-key": `coup-${index}`,
              "data-gesture": JSON.stringify(move.gestures?.[0] ?? null),
              disabled: !view.interactive,
              onclick: () => view.choose(move),
            }),
          );
        });
      }

      // ---- the move typed ------------------------------------------------------------
      const uid = `octal-${Math.random().toString(36).slice(2, 8)}`;
      const off = !view.interactive || size === null;
      /** A field of the move typed, named `name` (its data-key too), holding `value`. */
      const numberField = (/** @type {string} */ name, /** @type {string} */ value, readonly = false) =>
        h("input", {
          type: "text",
          name,
          id: `${uid}-${name}`,
          inputmode: "numeric",
          autocomplete: "off",
          spellcheck: "false",
          value,
          readonly,
          "data-key": name,
          disabled: off,
        });
      // Nothing left: the whole heap is taken, as its size is written.
      const takeInput = numberField("retirer", draft.leave === 0 && size !== null ? String(size) : draft.take, draft.leave === 0);
      const leaveSelect = h(
        "select",
        { name: "laisser", id: `${uid}-laisser`, "data-key": "laisser", disabled: off },
        h("option", { value: "0", text: say("octal_leave_none") }),
        h("option", { value: "1", text: say("octal_leave_one") }),
        h("option", { value: "2", text: say("octal_leave_two") }),
      );
      leaveSelect.value = String(draft.leave);
      const firstInput = numberField("premier", draft.first);
      takeInput.addEventListener("input", () => {
        draft.take = takeInput.value;
      });
      firstInput.addEventListener("input", () => {
        draft.first = firstInput.value;
      });
      leaveSelect.addEventListener("change", () => {
        draft.leave = Number(leaveSelect.value);
        focus.next = "laisser";
        view.redraw();
      });
      const form = h(
        "form",
        { class: "octal-move", novalidate: true, "aria-label": say("octal_prepare") },
        h(
          "p",
          { class: "octal-move-fields" },
          h("span", { class: "octal-move-heap", text: chosenHeap === null ? say("octal_no_heap") : say("heap_name", { heap: chosenHeap + 1 }) }),
          h("label", { for: takeInput.id, text: say("octal_take") }),
          takeInput,
          h("label", { for: leaveSelect.id, text: say("octal_leave") }),
          leaveSelect,
          draft.leave === 2 ? h("label", { for: firstInput.id, text: say("octal_first") }) : null,
          draft.leave === 2 ? firstInput : null,
        ),
        h("button", { type: "submit", class: "md-button octal-choose", text: say("octal_choose"), "data-key": "choisir", disabled: off }),
      );
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        if (draft.heap === null) {
          view.refuse(say("octal_choose_heap"));
          return;
        }
        const gesture = { heap: draft.heap, take: draft.leave === 0 ? String(size) : draft.take, leave: draft.leave, ...(draft.leave === 2 ? { first: draft.first } : {}) };
        view.gesture(gesture); // as typed: nimcore reads the numbers and names the move, or says why not
      });

      group.addEventListener("keydown", (event) => onKey(event, group, ".octal-heap", view, true));
      picks?.addEventListener("keydown", (event) => onKey(event, /** @type {HTMLElement} */ (picks), ".octal-pick", view, false));
      form.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && view.selection !== null) {
          event.preventDefault();
          view.deselect();
        }
      });
      // The heap's listed moves are all its moves: the form is for the heaps whose moves are not listed.
      container.replaceChildren(
        view.describe ? h("p", { class: "octal-describe", text: view.describe }) : "",
        group,
        picks ? h("p", { class: "octal-listed-title", text: say("octal_listed_title") }) : "",
        picks ?? form,
      );
      if (!view.interactive) {
        return;
      }
      for (const [area, selector] of /** @type {[HTMLElement | null, string][]} */ ([[group, ".octal-heap"], [picks, ".octal-pick"]])) {
        if (!area) continue;
        const items = [.../** @type {NodeListOf<HTMLElement>} */ (area.querySelectorAll(selector))];
        const stop = items.find((item) => item.dataset.key === focus.key) ?? items.find((item) => item.getAttribute("aria-pressed") === "true") ?? items[0];
        if (stop) stop.tabIndex = 0;
      }
      if (focus.active) {
        const again = container.querySelector(`[data-key="${focus.key}"]`);
        if (again instanceof HTMLElement && !again.hasAttribute("disabled")) again.focus();
      }
    },
  };

  /**
   * The arrow keys, Home and End within the heaps or the listed moves; Escape forgets the chosen
   * move (and, on the heaps, the chosen heap).
   * @param {KeyboardEvent} event
   * @param {HTMLElement} area
   * @param {string} selector
   * @param {import("./game.js").View} view
   * @param {boolean} heaps
   */
  function onKey(event, area, selector, view, heaps) {
    const current = event.target instanceof HTMLElement ? event.target.closest(selector) : null;
    if (!(current instanceof HTMLElement)) {
      return;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      if (heaps && draft.heap !== null) {
        focus.next = `tas-${draft.heap}`;
        draft = { ...draft, heap: null };
        view.redraw();
      }
      view.deselect();
      return;
    }
    const items = [.../** @type {NodeListOf<HTMLElement>} */ (area.querySelectorAll(selector))];
    const at = items.indexOf(current);
    /** @type {HTMLElement | undefined} */
    let next;
    if (event.key === "ArrowDown" || event.key === "ArrowRight") next = items[at + 1];
    else if (event.key === "ArrowUp" || event.key === "ArrowLeft") next = at > 0 ? items[at - 1] : undefined;
    else if (event.key === "Home") next = items[0];
    else if (event.key === "End") next = items.at(-1);
    else return;
    event.preventDefault();
    if (next) {
      current.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
      Object.assign(focus, { key: next.dataset.key ?? "", active: true });
    }
  }
}

/**
 * nimcore's listed moves that take from heap `heap` (none when the moves are not listed, or too many).
 * @param {import("./game.js").View} view
 * @param {number} heap
 */
function listedOf(view, heap) {
  const moves = (view.moves ?? []).filter((move) => heapOf(move) === heap);
  return moves.length <= MAX_LISTED ? moves : [];
}

/**
 * Set up a board of an octal game.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountOctal(root, context) {
  mountGame(root, context, makeSpec());
}
