// Octal games (take-and-break games 0.d1d2…), any code nimcore reads and any
// heap it can analyse: millions of tokens once the game's period is certified.
// The board does not know the rule: the reader chooses a heap, types how many
// tokens to take and what to leave in its place (nothing, one heap, or two
// heaps), and the board sends the position this reaches to nimcore, which
// names the move or refuses it (game.js's `attempt`). When nimcore lists the
// moves (small positions), they can also be picked from its list. The rule,
// the moves' words and the hint are nimcore's.
//
// Heaps are written as numbers with French digit grouping; small heaps are
// also drawn as tokens. Any heap nimcore answers is played, 10^1000 tokens too:
// the board counts in BigInt, and heaps beyond 2^53 − 1 travel as decimal
// strings (nimcore's bridge writes them so, and reads them back). Keyboard: every control is a button, a list or a
// number field (Tab, Enter); Escape forgets the chosen heap.
//
// Markup: <!-- nimcore:board kind=octal game=octal code=9999999_0.156 -->

import { FocusKeeper, formField, formOf, grouped, h, heapsFit, parseBigNaturals } from "./kit.js";
import { mountGame, sameTarget } from "./game.js";

/** Display limit: tokens drawn up to this size (the form's limits are nimcore's, data-form). */
const MAX_DRAWN = 40;
/** nimcore's moves are offered as buttons up to this many (small positions). */
const MAX_LISTED = 60;

/** "9 999 999 jetons", French grouping (narrow no-break spaces). @param {bigint} count */
const tokens = (count) => `${grouped(count)}\u00a0${count < 2n ? "jeton" : "jetons"}`;

/** A heap as nimcore sends it (a number, or a decimal string beyond 2^53 − 1), exactly. */
const exact = (/** @type {number | string} */ size) => BigInt(size);
/** A heap as nimcore reads it: a number while JavaScript holds it exactly, a decimal string beyond. */
const sent = (/** @type {bigint} */ size) => (size <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(size) : size.toString());

/**
 * What the reader prepares: the heap (index), tokens taken, parts left (0, 1 or 2), the first part.
 * @typedef {{heap: number | null, take: string, leave: 0 | 1 | 2, first: string}} Draft
 */

/**
 * A whole number typed in a field, within [min, max], or a French refusal.
 * @param {string} text @param {bigint} min @param {bigint} max @param {string} what
 * @returns {{ok: true, value: bigint} | {ok: false, message: string}}
 */
function readCount(text, min, max, what) {
  const parsed = parseBigNaturals(text, { min, max, minCount: 1, maxCount: 1, noun: what });
  return parsed.ok ? { ok: true, value: parsed.values[0] } : { ok: false, message: `${what}\u00a0: ${parsed.message}` };
}

/**
 * The spec of an octal board.
 * @param {import("./kit.js").SetupForm} form  nimcore's setup form (data-form): labels and limits
 */
function makeSpec(form) {
  const codeField = formField(form, "code");
  const heapsField = formField(form, "heaps");
  /** @type {Draft} */
  let draft = { heap: null, take: "1", leave: 1, first: "1" };
  let draftFor = "";
  let selectionFor = "null";
  const focus = new FocusKeeper();

  /** The draft of a move nimcore named (the reader's choice, or the hint's). */
  const draftOf = (/** @type {import("./game.js").Move} */ move) => ({
    heap: move.heap,
    take: String(move.take),
    leave: /** @type {0 | 1 | 2} */ (move.parts.length),
    first: String(move.parts[0] ?? 1),
  });

  /**
   * The parts left in place of heap `size`, as the draft says, or a French refusal of the typing.
   * @param {bigint} size
   * @returns {{ok: true, parts: bigint[], take: bigint} | {ok: false, message: string}}
   */
  function partsOf(size) {
    if (draft.leave === 0) {
      return { ok: true, parts: [], take: size };
    }
    const take = readCount(draft.take, 1n, size, "Jetons retirés");
    if (!take.ok) return take;
    if (draft.leave === 1) {
      return { ok: true, parts: [size - take.value], take: take.value };
    }
    const rest = size - take.value;
    const first = readCount(draft.first, 1n, rest > 2n ? rest - 1n : 1n, "Premier tas");
    if (!first.ok) return first;
    const parts = [first.value, rest - first.value].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { ok: true, parts, take: take.value };
  }

  /** @type {import("./game.js").GameSpec} */
  return {
    board: "octal",
    fields() {
      const uid = Math.random().toString(36).slice(2, 8);
      const code = h("input", { type: "text", name: "code", id: `octal-code-${uid}`, autocomplete: "off", spellcheck: "false", size: "10" });
      const heaps = h("input", { type: "text", name: "tas", id: `octal-tas-${uid}`, inputmode: "numeric", autocomplete: "off", spellcheck: "false" });
      return {
        element: h(
          "div",
          {},
          h("p", { class: "game-field" }, h("label", { for: code.id, text: codeField.label }), code),
          h(
            "p",
            { class: "game-field" },
            h("label", { for: heaps.id, text: heapsField.label }),
            heaps,
          ),
        ),
        fill: (position, options) => {
          code.value = String(options.code ?? "");
          heaps.value = position.join(" ");
        },
        read() {
          const text = code.value.trim();
          if (!text) {
            return { ok: false, message: form.texts.missing_code ?? "" };
          }
          const parsed = parseBigNaturals(heaps.value, {
            min: BigInt(heapsField.min ?? 0),
            max: null,
            maxDigits: heapsField.max_digits,
            minCount: heapsField.min_count,
            maxCount: heapsField.max_count ?? 0,
            noun: heapsField.noun ?? "tas",
          });
          return parsed.ok ? { ok: true, position: parsed.values.map(sent), options: { code: text } } : parsed;
        },
      };
    },
    fits: ({ position }) => heapsFit(position, { maxCount: form.limits.heaps ?? 0, max: Number.MAX_SAFE_INTEGER }),
    draw(container, view) {
      const heaps = /** @type {(number | string)[]} */ (view.position).map(exact).filter((size) => size > 0n);
      const key = JSON.stringify(view.position);
      if (key !== draftFor) {
        draftFor = key;
        draft = { heap: heaps.length === 1 ? 0 : null, take: "1", leave: 1, first: "1" };
      }
      const chosen = view.selection;
      if (JSON.stringify(chosen) !== selectionFor) {
        selectionFor = JSON.stringify(chosen);
        if (chosen && Array.isArray(chosen.parts)) {
          draft = draftOf(chosen);
        }
      }
      focus.remember(container);
      const hinted = view.highlight;

      // ---- the heaps -------------------------------------------------------------
      const group = h("div", { class: "octal-heaps", role: "group", "aria-label": heaps.length === 1 ? "Le tas" : "Les tas" });
      heaps.forEach((size, index) => {
        const drawn =
          size <= BigInt(MAX_DRAWN)
            ? h("span", { class: "octal-tokens", "aria-hidden": "true" }, ...Array.from({ length: Number(size) }, () => h("span", { class: "octal-token" })))
            : null;
        group.append(
          h(
            "button",
            {
              type: "button",
              class: ["octal-heap", index === draft.heap ? "is-chosen" : "", hinted && hinted.heap === index ? "is-hinted" : ""].filter(Boolean).join(" "),
              "aria-pressed": index === draft.heap ? "true" : "false",
              "aria-label": `Tas ${index + 1}\u00a0: ${tokens(size)}`,
              "data-key": `tas-${index}`,
              disabled: !view.interactive,
              onclick: () => {
                draft = { ...draft, heap: index };
                focus.next = "retirer";
                view.redraw();
              },
            },
            h("span", { class: "octal-label", text: `Tas ${index + 1}` }),
            " ",
            drawn,
            " ",
            h("span", { class: "octal-count", text: grouped(size) }),
          ),
        );
      });

      // ---- the move being prepared -----------------------------------------------------
      const size = draft.heap === null ? null : heaps[draft.heap] ?? null;
      const uid = `octal-${Math.random().toString(36).slice(2, 8)}`;
      // A number field rounds beyond 2^53: huge heaps take a text field.
      const huge = size !== null && size > BigInt(Number.MAX_SAFE_INTEGER);
      const takeInput = h("input", {
        type: huge ? "text" : "number",
        name: "retirer",
        id: `${uid}-retirer`,
        min: "1",
        max: size === null ? null : String(size),
        step: "1",
        inputmode: "numeric",
        value: draft.leave === 0 && size !== null ? String(size) : draft.take,
        readonly: draft.leave === 0,
        "data-key": "retirer",
        disabled: !view.interactive || size === null,
      });
      const leaveSelect = h(
        "select",
        { name: "laisser", id: `${uid}-laisser`, "data-key": "laisser", disabled: !view.interactive || size === null },
        h("option", { value: "0", text: "rien" }),
        h("option", { value: "1", text: "un tas" }),
        h("option", { value: "2", text: "deux tas" }),
      );
      leaveSelect.value = String(draft.leave);
      const firstInput = h("input", {
        type: huge ? "text" : "number",
        name: "premier",
        id: `${uid}-premier`,
        min: "1",
        step: "1",
        inputmode: "numeric",
        value: draft.first,
        "data-key": "premier",
        disabled: !view.interactive || size === null,
      });
      const left = h("output", { class: "octal-left", for: `${uid}-retirer ${uid}-premier`, "aria-live": "polite" });
      const showLeft = () => {
        if (size === null) {
          left.textContent = "";
          return;
        }
        const result = partsOf(size);
        left.textContent = result.ok
          ? `${grouped(size)} → ${result.parts.length ? result.parts.map((part) => grouped(part)).join(" + ") : "0"}`
          : "";
      };
      showLeft();
      takeInput.addEventListener("input", () => {
        draft.take = takeInput.value;
        showLeft();
      });
      firstInput.addEventListener("input", () => {
        draft.first = firstInput.value;
        showLeft();
      });
      leaveSelect.addEventListener("change", () => {
        draft.leave = /** @type {0 | 1 | 2} */ (Number(leaveSelect.value));
        focus.next = "laisser";
        view.redraw();
      });
      const form = h(
        "form",
        { class: "octal-move", novalidate: true, "aria-label": "Préparer un coup" },
        h(
          "p",
          { class: "octal-move-fields" },
          h("span", { class: "octal-move-heap", text: size === null ? "Choisissez un tas." : `Tas ${Number(draft.heap) + 1}` }),
          h("label", { for: takeInput.id, text: "Jetons retirés\u00a0:" }),
          takeInput,
          h("label", { for: leaveSelect.id, text: "À la place, laisser\u00a0:" }),
          leaveSelect,
          draft.leave === 2 ? h("label", { for: firstInput.id, text: "Premier tas\u00a0:" }) : null,
          draft.leave === 2 ? firstInput : null,
          left,
        ),
        h("button", {
          type: "submit",
          class: "md-button octal-choose",
          text: "Choisir ce coup",
          "data-key": "choisir",
          disabled: !view.interactive || size === null,
        }),
      );
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        if (draft.heap === null || size === null) {
          view.refuse("Choisissez d’abord un tas.");
          return;
        }
        const result = partsOf(size);
        if (!result.ok) {
          view.refuse(result.message);
          return;
        }
        const at = draft.heap;
        view.attempt([...heaps.slice(0, at), ...result.parts, ...heaps.slice(at + 1)].filter((heap) => heap > 0n).map(sent));
      });

      // ---- nimcore's list, when it gives one -----------------------------------------------
      /** @type {HTMLElement | null} */
      let listed = null;
      if (view.moves && view.moves.length > 0 && view.moves.length <= MAX_LISTED) {
        listed = h("div", { class: "octal-listed", role: "group", "aria-label": "Coups possibles" });
        view.moves.forEach((move, index) => {
          /** @type {HTMLElement} */ (listed).append(
            h("button", {
              type: "button",
              class: "octal-pick",
              text: move.text,
              "aria-pressed": chosen && sameTarget(chosen.to, move.to) ? "true" : "false",
              "data-hinted": hinted && sameTarget(hinted.to, move.to) ? "" : null,
              "data-key": `coup-${index}`,
              "data-to": JSON.stringify(move.to),
              disabled: !view.interactive,
              onclick: () => view.choose(move),
            }),
          );
        });
        listed.addEventListener("keydown", (event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            view.deselect();
          }
        });
      }

      group.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && draft.heap !== null) {
          event.preventDefault();
          focus.next = `tas-${draft.heap}`;
          draft = { ...draft, heap: null };
          view.deselect();
          view.redraw();
        }
      });
      container.replaceChildren(
        view.describe ? h("p", { class: "octal-describe", text: view.describe }) : "",
        group,
        form,
        listed ? h("p", { class: "octal-listed-title", text: "Ou l’un des coups possibles\u00a0:" }) : "",
        listed ?? "",
      );
      if (view.interactive) {
        focus.restore(container, null);
      }
    },
  };
}

/**
 * Set up a board of an octal game.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountOctal(root, context) {
  mountGame(root, context, makeSpec(formOf(root)));
}
