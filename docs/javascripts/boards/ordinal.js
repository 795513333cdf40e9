// Nim with infinite heaps (nimcore's game "ordinal"): each heap is an ordinal
// below ω^ω; a move replaces one heap by any smaller ordinal. How each heap
// reads (ω²·3 + ω·2 + 5), its coefficients, the names of the powers of ω, the
// moves' words, the rule, the hint and the setup form are nimcore's (the view
// and its `drawing`): this file draws the heaps and turns a touch or a typed
// value into a gesture.
//
// A heap is chosen (a button), then its new value is set coefficient by
// coefficient with « − » and « + » (the gesture {heap, coefficients}, lowest
// exponent first, as many as the heap has) or typed in the field (the gesture
// {heap, value}, sent as typed). nimcore reads it, checks that the heap becomes
// a smaller ordinal, and names the move or says why not, at once.
//
// Keyboard: the heaps are one Tab stop (Up / Down, Home / End between them;
// Enter opens one), the « − » and « + » buttons another (the arrow keys, Home,
// End between them); then the field and « Choisir ». Enter on a button chooses
// its value, chosen again (or « Jouer ») it is played; Escape closes the heap.
//
// Markup: <!-- nimcore:board kind=ordinal game=ordinal code=1.0.3_2.5_7 key=ordinal -->

import { h, say } from "./kit.js";
import { mountGame } from "./game.js";

/**
 * What nimcore's view says about each heap (nimcore.games.ordinal.drawing).
 * @typedef {{text: string, coefficients: number[], terms: {exponent: number, text: string}[]}} Heap
 * @typedef {{heaps: Heap[], powers: string[], columns: {label: string, name: string}[]}} Drawing
 */

/** The heap and coefficients a move sets, from its gesture, or null. @param {import("./game.js").Move | null} move */
const columnsOf = (move) => {
  const gesture = move?.gestures?.[0];
  return gesture && Array.isArray(gesture.coefficients) ? { heap: Number(gesture.heap), coefficients: /** @type {number[]} */ (gesture.coefficients) } : null;
};

/** A board's own state between redraws: the heap being replaced and the draft of its new value. */
function makeSpec() {
  const local = {
    key: "",
    /** @type {number | null} */
    editing: null,
    /** @type {number[]} the draft's coefficients, lowest exponent first, as many as the heap has */
    draft: [],
    typed: "",
    selection: "null",
    /** nimcore's drawing of the position `drawnFor` (kept while a move is checked) */
    /** @type {Drawing | null} */
    drawing: null,
    /** @type {string[]} */
    drawnFor: [],
    /** the data-key of the element the keyboard was on, and whether the board had the focus */
    focus: "",
    active: false,
  };

  /** @param {HTMLElement} container */
  function rememberFocus(container) {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && container.contains(focused) && focused.dataset.key) {
      Object.assign(local, { focus: focused.dataset.key, active: true });
    } else if (focused && focused !== document.body) {
      local.active = false;
    }
  }

  /** @type {import("./game.js").GameSpec} */
  const spec = {
    board: "ordinal",
    draw(container, view) {
      const position = /** @type {string[]} */ (view.position);
      const key = JSON.stringify(position);
      if (key !== local.key) {
        Object.assign(local, { key, editing: null, draft: [], typed: "", selection: "null" });
      }
      if (view.drawing) {
        Object.assign(local, { drawing: view.drawing, drawnFor: position });
      }
      // A new selection (the hint's move, or a value nimcore accepted) opens its heap.
      const selectionKey = JSON.stringify(view.selection?.id ?? null);
      if (selectionKey !== local.selection) {
        local.selection = selectionKey;
        const chosen = columnsOf(view.selection);
        if (chosen && view.selection) {
          Object.assign(local, { editing: chosen.heap, draft: [...chosen.coefficients], typed: view.selection.after ?? "" });
        }
      }
      rememberFocus(container);
      /** nimcore's drawing of heap `index`: the view's, or (while a move is checked) the last one, where the heap has not changed. */
      const heapOf = (/** @type {number} */ index) =>
        view.drawing ? view.drawing.heaps[index] : local.drawnFor[index] === position[index] ? local.drawing?.heaps[index] ?? null : null;
      const hinted = columnsOf(view.highlight)?.heap ?? -1;

      const list = h("ol", { class: "ordinal-heaps", "aria-label": say(position.length === 1 ? "heaps_one" : "heaps_many") });
      position.forEach((ascii, index) => {
        const heap = heapOf(index);
        const terms = h("span", { class: "ordinal-terms", "aria-hidden": "true" });
        if (heap === null) {
          terms.append(h("span", { class: "ordinal-term", text: ascii })); // nimcore's writing, until its drawing comes
        } else if (heap.terms.length === 0) {
          terms.append(h("span", { class: "ordinal-term ordinal-term--empty", text: heap.text }));
        }
        for (const term of heap ? heap.terms : []) {
          if (terms.childElementCount > 0) {
            terms.append(h("span", { class: "ordinal-plus", text: "+" }));
          }
          terms.append(h("span", { class: `ordinal-term ordinal-term--${term.exponent}`, text: term.text }));
        }
        const empty = heap !== null && heap.terms.length === 0;
        const button = h(
          "button",
          {
            type: "button",
            class: "ordinal-pick",
            tabindex: "-1",
            "data-key": `tas-${index}`,
            "aria-pressed": index === local.editing ? "true" : "false",
            "aria-disabled": empty ? "true" : null,
            // An empty heap: touching it asks nimcore what to do ({heap}, no value).
            "data-gesture": empty ? JSON.stringify({ heap: index }) : null,
            disabled: !view.interactive || heap === null,
            onclick: () => {
              if (empty || heap === null) {
                view.gesture({ heap: index });
                return;
              }
              Object.assign(local, { editing: index, draft: [...heap.coefficients], typed: ascii, focus: `tas-${index}` });
              view.redraw();
            },
          },
          h("span", { class: "ordinal-label", text: say("heap_name", { heap: index + 1 }) }),
          heap ? h("span", { class: "board-sr-only", text: say(empty ? "ordinal_heap_empty" : "ordinal_heap_value", { value: heap.text }) }) : null,
          terms,
        );
        const classes = ["ordinal-heap", index === local.editing ? "is-editing" : "", index === hinted ? "is-hinted" : ""];
        const item = h("li", { class: classes.filter(Boolean).join(" ") }, button);
        const drawing = view.drawing;
        if (index === local.editing && view.interactive && heap !== null && drawing) {
          item.append(editor(heap, drawing, index, view));
        }
        list.append(item);
      });
      list.addEventListener("keydown", (event) => onKey(event, list, view));
      container.replaceChildren(list);
      if (!view.interactive) {
        return;
      }
      // One Tab stop among the heaps, one among the steppers: where the keyboard was, else the first.
      const picks = [.../** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll('.ordinal-pick:not([aria-disabled="true"]):not(:disabled)'))];
      const pick = picks.find((button) => button.dataset.key === local.focus) ?? picks.find((button) => button.dataset.key === `tas-${local.editing}`) ?? picks[0];
      if (pick) pick.tabIndex = 0;
      const steps = [.../** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll(".ordinal-step"))];
      const step = steps.find((button) => button.dataset.key === local.focus) ?? steps[0];
      if (step) step.tabIndex = 0;
      if (local.active) {
        const again = list.querySelector(`[data-key="${local.focus}"]`);
        if (again instanceof HTMLElement && !again.hasAttribute("disabled")) again.focus({ preventScroll: true });
      }
    },
  };

  /**
   * The draft of heap `index` changed: nimcore checks it (and names its move, or says why not).
   * @param {number} index
   * @param {Heap} heap
   * @param {number[]} draft
   * @param {import("./game.js").View} view
   */
  function setDraft(index, heap, draft, view) {
    local.draft = draft;
    view.deselect(); // until nimcore has checked the new draft
    view.redraw(); // the draft shown, whatever nimcore says of it
    if (JSON.stringify(draft) === JSON.stringify(heap.coefficients)) {
      return; // back to the heap's own value: no move to check
    }
    const gesture = { heap: index, coefficients: draft };
    const move = view.moveFor(gesture);
    if (move) {
      view.choose(move);
    } else {
      view.gesture(gesture);
    }
  }

  /**
   * The editor of heap `index`: « − » and « + » for each coefficient, and a field to type the value.
   * @param {Heap} heap
   * @param {Drawing} drawing
   * @param {number} index
   * @param {import("./game.js").View} view
   */
  function editor(heap, drawing, index, view) {
    const draft = local.draft;
    const steppers = h("div", { class: "ordinal-steppers", role: "toolbar", "aria-label": say("ordinal_steppers", { heap: index + 1 }) });
    for (let exponent = draft.length - 1; exponent >= 0; exponent -= 1) {
      const current = draft[exponent] ?? 0;
      const column = drawing.columns[exponent] ?? { label: "", name: "" };
      /** The gesture of the draft with this coefficient changed by `delta`. @param {number} delta */
      const stepped = (delta) => ({ heap: index, coefficients: draft.map((value, at) => (at === exponent ? value + delta : value)) });
      /** @param {number} delta @param {string} sign @param {string} words */
      const button = (delta, sign, words) => {
        const gesture = stepped(delta);
        const blocked = (delta < 0 && current <= 0) || view.moveFor(gesture) === null;
        return h("button", {
          type: "button",
          class: "ordinal-step",
          tabindex: "-1",
          "data-key": `${delta < 0 ? "moins" : "plus"}-${exponent}`,
          "data-gesture": JSON.stringify(gesture),
          "aria-label": say(words, { name: column.name, value: current }),
          // aria-disabled rather than disabled: the button keeps the focus; nimcore says why.
          "aria-disabled": blocked ? "true" : null,
          text: sign,
          // Where nimcore knows the gesture plays no move (a coefficient at 0, or listed moves
          // without it), it only says why; otherwise the draft follows the gesture, even past the
          // heap (ω² + ω + 3 on the way to ω + 3), and nimcore checks each draft.
          onclick: () => (blocked ? view.gesture(gesture) : setDraft(index, heap, gesture.coefficients, view)),
        });
      };
      steppers.append(
        h(
          "div",
          { class: "ordinal-stepper" },
          h("span", { class: "ordinal-stepper-label", "aria-hidden": "true", text: column.label }),
          button(-1, "−", "ordinal_minus"),
          h("output", { class: "ordinal-coefficient", text: String(current) }),
          button(1, "+", "ordinal_plus"),
        ),
      );
    }
    const chosen = view.selection && columnsOf(view.selection)?.heap === index ? view.selection : null;
    const preview = h("p", { class: "ordinal-preview", hidden: !chosen }, `${say("ordinal_new_value")} `, h("strong", { text: chosen?.after_shown ?? "" }));
    const inputId = `ordinal-nouveau-${index}-${Math.random().toString(36).slice(2, 8)}`;
    const input = h("input", {
      type: "text",
      id: inputId,
      name: "nouvelle-valeur",
      "data-key": "saisie",
      autocomplete: "off",
      spellcheck: "false",
      value: local.typed,
    });
    input.addEventListener("input", () => {
      local.typed = input.value;
    });
    const form = h(
      "form",
      { class: "ordinal-typed", novalidate: true },
      h("label", { for: inputId, text: say("ordinal_typed", { heap: index + 1 }) }),
      input,
      h("button", { type: "submit", class: "ordinal-choose", "data-key": "choisir", text: say("ordinal_choose") }),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      view.gesture({ heap: index, value: input.value }); // nimcore reads it, and says why when it cannot
    });
    return h(
      "div",
      { class: "ordinal-editor" },
      h("p", { class: "ordinal-editor-title", text: say("ordinal_editor_title", { heap: index + 1, value: heap.text }) }),
      steppers,
      preview,
      form,
    );
  }

  /**
   * Keys on the heaps and the steppers: arrows, Home and End move the focus; Escape closes the heap.
   * @param {KeyboardEvent} event
   * @param {HTMLElement} list
   * @param {import("./game.js").View} view
   */
  function onKey(event, list, view) {
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (!target) {
      return;
    }
    if (event.key === "Escape") {
      if (local.editing !== null) {
        event.preventDefault();
        Object.assign(local, { focus: `tas-${local.editing}`, editing: null, active: true });
        view.deselect();
        view.redraw();
      }
      return;
    }
    const kind = target.classList.contains("ordinal-pick") ? ".ordinal-pick:not([aria-disabled=\"true\"])" : target.classList.contains("ordinal-step") ? ".ordinal-step" : null;
    if (kind === null) {
      return;
    }
    const items = [.../** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll(kind))];
    const at = items.indexOf(target);
    const forward = kind === ".ordinal-step" ? ["ArrowRight", "ArrowDown"] : ["ArrowDown"];
    const back = kind === ".ordinal-step" ? ["ArrowLeft", "ArrowUp"] : ["ArrowUp"];
    /** @type {HTMLElement | undefined} */
    let next;
    if (forward.includes(event.key)) next = items[at + 1];
    else if (back.includes(event.key)) next = at > 0 ? items[at - 1] : undefined;
    else if (event.key === "Home") next = items[0];
    else if (event.key === "End") next = items.at(-1);
    else return;
    event.preventDefault();
    if (next) {
      target.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
      Object.assign(local, { focus: next.dataset.key ?? "", active: true });
    }
  }

  return spec;
}

/**
 * Set up an ordinal Nim board.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountOrdinal(root, context) {
  mountGame(root, context, makeSpec());
}
