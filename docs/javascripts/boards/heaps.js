// The heaps board: heaps of matches, a move takes matches from one heap. It
// plays every game of the registry whose positions are a row of heaps and
// whose moves take from a single heap: Nim ("nim", normal or misère) and the
// subtraction games ("subtraction": from 1 to K, between m and M, or an
// amount from a set, normal or misère). Which amounts may be taken, the words
// of each move, the rule and the hint are nimcore's (the view of each
// position): this file draws the heaps and reads the setup.
//
// A match is a <button>: choosing it takes it and every match after it in its
// heap. The matches whose move nimcore does not list are marked
// (aria-disabled); choosing one shows nimcore's refusal. The heaps are one Tab
// stop (a roving tabindex: the chosen move, else the match the keyboard was
// last on, else the nearest allowed one); arrow keys move between the allowed
// matches (Left / Right in a heap, Up / Down between heaps, Home / End), Enter
// chooses then plays, Escape forgets the chosen move.
//
// Markup: <!-- nimcore:board kind=heaps game=nim code=1-3-5-7 -->
//   (game=subtraction code=21_1a3, 13_s1.2.4_misere… : nimcore's codes).

import { choiceSelect, formField, formOf, h, heapsFit, naturalsOf } from "./kit.js";
import { mountGame } from "./game.js";

const MARIENBAD = [1, 3, 5, 7];

/** Where the keyboard was in each board's heaps: {heap, take, active}. */
const focusMemory = new WeakMap();

/**
 * Draw the heaps of `view.position` in `container` (game.js calls it on every change).
 * @param {HTMLElement} container
 * @param {import("./game.js").View} view
 */
function drawHeaps(container, view) {
  const heaps = /** @type {number[]} */ (view.position);
  const memory = rememberFocus(container);
  const group = h("div", { class: "heaps", role: "group", "aria-label": heaps.length === 1 ? "Le tas" : "Les tas" });
  const selected = view.selection ? view.selection.to : null;
  const hinted = view.highlight ? view.highlight.to : null;
  heaps.forEach((size, heap) => {
    const matches = h("div", { class: "heaps-matches" });
    for (let index = 0; index < size; index += 1) {
      const take = size - index;
      const to = heaps.map((other, at) => (at === heap ? index : other));
      const move = view.find(to); // nimcore's move, null when the rule forbids it, undefined when unknown
      const name = `Tas ${heap + 1}, ${take === 1 ? "la dernière allumette" : `les ${take} dernières allumettes`}`;
      matches.append(
        h("button", {
          type: "button",
          class: move === null ? "heaps-match is-forbidden" : "heaps-match",
          tabindex: "-1",
          "aria-disabled": move === null ? "true" : null,
          "aria-pressed": removes(selected, heap, index) ? "true" : "false",
          "data-hinted": removes(hinted, heap, index) ? "" : null,
          "data-heap": String(heap),
          "data-take": String(take),
          "data-to": JSON.stringify(to),
          "aria-label": move ? `Tas ${heap + 1}\u00a0: ${move.text}` : `${name}${move === null ? " (coup interdit)" : ""}`,
          disabled: !view.interactive,
          onclick: () => (move ? view.choose(move) : view.attempt(to)),
        }),
      );
    }
    if (size === 0) {
      matches.append(h("span", { class: "heaps-empty", text: "vide" }));
    }
    const left = Array.isArray(selected) ? selected[heap] : size;
    const count = left < size ? `${size}\u00a0→ ${left}` : String(size);
    group.append(
      h(
        "div",
        { class: "heaps-row", "data-heap": String(heap) },
        h("span", { class: "heaps-label", text: `Tas ${heap + 1}` }),
        matches,
        h("span", { class: "heaps-count", "aria-hidden": "true", text: count }),
      ),
    );
  });
  group.addEventListener("keydown", (event) => moveFocus(event, group, memory, view));
  container.replaceChildren(group);
  if (!view.interactive) {
    return;
  }
  const chosen = chosenMatch(heaps, view.selection);
  const stop = nearestAllowed(group, chosen && !memory.active ? chosen : memory);
  if (stop) {
    makeTabStop(group, stop);
    if (memory.active) {
      stop.focus({ preventScroll: true });
    }
  }
}

/** Does the move to `target` remove match `index` of heap `heap`? */
const removes = (/** @type {any} */ target, /** @type {number} */ heap, /** @type {number} */ index) => Array.isArray(target) && index >= target[heap];

/**
 * The heap and amount of the chosen move, if it takes from one heap.
 * @param {number[]} heaps
 * @param {import("./game.js").Move | null} selection
 */
function chosenMatch(heaps, selection) {
  const target = selection ? selection.to : null;
  if (!Array.isArray(target)) {
    return null;
  }
  const heap = heaps.findIndex((size, index) => target[index] < size);
  return heap === -1 ? null : { heap, take: heaps[heap] - target[heap] };
}

/**
 * Note the focused match before a redraw (focus on the page's body means the board took it away).
 * @param {HTMLElement} container
 * @returns {{heap: number, take: number, active: boolean}}
 */
function rememberFocus(container) {
  const memory = focusMemory.get(container) ?? { heap: 0, take: 1, active: false };
  focusMemory.set(container, memory);
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && container.contains(focused) && focused.dataset.take) {
    Object.assign(memory, { heap: Number(focused.dataset.heap), take: Number(focused.dataset.take), active: true });
  } else if (focused && focused !== document.body) {
    memory.active = false;
  }
  return memory;
}

const allowedMatches = (/** @type {HTMLElement} */ group) => [
  .../** @type {NodeListOf<HTMLElement>} */ (group.querySelectorAll(".heaps-match:not(.is-forbidden)")),
];

/**
 * The allowed match at {heap, take}, or the nearest one (same heap first); null when none is allowed.
 * @param {HTMLElement} group
 * @param {{heap: number, take: number}} at
 */
function nearestAllowed(group, { heap, take }) {
  const candidates = allowedMatches(group);
  if (candidates.length === 0) {
    return null;
  }
  const distance = (/** @type {HTMLElement} */ button) =>
    Math.abs(Number(button.dataset.heap) - heap) * 1000 + Math.abs(Number(button.dataset.take) - take);
  return candidates.reduce((a, b) => (distance(b) < distance(a) ? b : a));
}

/**
 * Make `button` the heaps' only Tab stop.
 * @param {HTMLElement} group
 * @param {HTMLElement} button
 */
function makeTabStop(group, button) {
  for (const other of /** @type {NodeListOf<HTMLElement>} */ (group.querySelectorAll('.heaps-match[tabindex="0"]'))) {
    other.tabIndex = -1;
  }
  button.tabIndex = 0;
}

/**
 * Arrow keys, Home and End between the allowed matches; Escape forgets the chosen move.
 * @param {KeyboardEvent} event
 * @param {HTMLElement} group
 * @param {{heap: number, take: number, active: boolean}} memory
 * @param {import("./game.js").View} view
 */
function moveFocus(event, group, memory, view) {
  /** @type {HTMLElement | null} */
  const current = event.target instanceof HTMLElement ? event.target.closest(".heaps-match") : null;
  if (!current) {
    return;
  }
  if (event.key === "Escape") {
    if (view.selection !== null) {
      event.preventDefault();
      view.deselect();
    }
    return;
  }
  const heap = Number(current.dataset.heap);
  const take = Number(current.dataset.take);
  const candidates = allowedMatches(group);
  const inHeap = (/** @type {number} */ index) => candidates.filter((button) => Number(button.dataset.heap) === index);
  const row = inHeap(heap);
  const position = row.indexOf(current);
  /** @type {HTMLElement | null} */
  let next = null;
  switch (event.key) {
    case "ArrowLeft":
      next = position > 0 ? row[position - 1] : null;
      if (position === -1) next = row.filter((b) => Number(b.dataset.take) > take).at(-1) ?? null;
      break;
    case "ArrowRight":
      next = position === -1 ? row.find((b) => Number(b.dataset.take) < take) ?? null : row[position + 1] ?? null;
      break;
    case "ArrowUp":
    case "ArrowDown": {
      const heapCount = group.querySelectorAll(".heaps-row").length;
      const step = event.key === "ArrowUp" ? -1 : 1;
      for (let other = heap + step; other >= 0 && other < heapCount; other += step) {
        const choices = inHeap(other);
        if (choices.length > 0) {
          next = choices.reduce((a, b) =>
            Math.abs(Number(b.dataset.take) - take) < Math.abs(Number(a.dataset.take) - take) ? b : a,
          );
          break;
        }
      }
      break;
    }
    case "Home":
      next = row[0] ?? null;
      break;
    case "End":
      next = row.at(-1) ?? null;
      break;
    default:
      return;
  }
  event.preventDefault();
  if (next) {
    makeTabStop(group, next);
    next.focus();
    Object.assign(memory, { heap: Number(next.dataset.heap), take: Number(next.dataset.take), active: true });
  }
}

// ---- setup fields (their labels, choices and limits: nimcore's form, data-form) ----

let fieldCount = 0;

/**
 * A labelled control of the setup form.
 * @param {import("./kit.js").FormField} field
 * @param {HTMLElement} control  an <input> or a <select> with a name
 */
function setupField(field, control) {
  fieldCount += 1;
  control.id = `heaps-${control.getAttribute("name")}-${fieldCount}`;
  return h("p", { class: "game-field" }, h("label", { for: control.id, text: field.label }), control);
}

/** A text input for whole numbers. */
const numberInput = (/** @type {string} */ name) =>
  h("input", { type: "text", name, inputmode: "numeric", autocomplete: "off", spellcheck: "false" });

/**
 * The rule's fields of a subtraction game: from 1 to K, between m and M, or a set.
 * @param {import("./kit.js").SetupForm} form
 * @returns {{elements: HTMLElement[], fill: (options: Record<string, any>) => void,
 *   read: () => {ok: true, options: Record<string, any>} | {ok: false, message: string}}}
 */
function ruleFields(form) {
  const kind = choiceSelect(formField(form, "rule"), "regle");
  const fields = {
    k: formField(form, "up_to"),
    m: formField(form, "low"),
    M: formField(form, "high"),
    coups: formField(form, "set"),
  };
  const k = numberInput("k");
  const low = numberInput("m");
  const high = numberInput("M");
  const set = h("input", { type: "text", name: "coups", autocomplete: "off", spellcheck: "false" });
  const groups = {
    jusqua: [setupField(fields.k, k)],
    entre: [setupField(fields.m, low), setupField(fields.M, high)],
    ensemble: [setupField(fields.coups, set)],
  };
  const showKind = () => {
    for (const [name, elements] of Object.entries(groups)) {
      for (const element of elements) {
        element.hidden = name !== kind.value;
      }
    }
  };
  /**
   * The numbers of one field, or why they cannot be read (prefixed with the field's name).
   * @param {HTMLInputElement} input
   * @returns {{ok: true, values: number[]} | {ok: false, message: string}}
   */
  const numbers = (input) => {
    const name = /** @type {keyof typeof fields} */ (input.name);
    const parsed = naturalsOf(input.value, fields[name]);
    return parsed.ok ? parsed : { ok: false, message: `${fields[name].label} ${parsed.message}` };
  };
  kind.addEventListener("change", showKind);
  return {
    elements: [setupField(formField(form, "rule"), kind), ...groups.jusqua, ...groups.entre, ...groups.ensemble],
    fill(options) {
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
      showKind();
    },
    read() {
      const inputs = { jusqua: [k], entre: [low, high], ensemble: [set] }[kind.value] ?? [];
      const values = [];
      for (const input of inputs) {
        const parsed = numbers(/** @type {HTMLInputElement} */ (input));
        if (!parsed.ok) return parsed;
        values.push(parsed.values);
      }
      if (kind.value === "ensemble") return { ok: true, options: { set: values[0] } };
      return kind.value === "entre"
        ? { ok: true, options: { min: values[0][0], max: values[1][0] } }
        : { ok: true, options: { min: 1, max: values[0][0] } };
    },
  };
}

/**
 * The spec of one heaps board, for the registry's game `game` ("nim" or "subtraction").
 * @param {string} game
 * @param {import("./kit.js").SetupForm} form  nimcore's setup form (data-form)
 */
function heapsSpec(game, form) {
  const heapsField = formField(form, "heaps");
  const heapsInput = numberInput("tas");
  const convention = choiceSelect(formField(form, "convention"), "convention");
  const rule = game === "subtraction" ? ruleFields(form) : null;

  /** @type {import("./game.js").GameSpec} */
  return {
    board: "heaps",
    fields() {
      const marienbad = h("button", {
        type: "button",
        class: "md-button heaps-marienbad",
        text: "Marienbad 1-3-5-7",
        onclick: () => {
          heapsInput.value = MARIENBAD.join(" ");
          heapsInput.removeAttribute("aria-invalid");
        },
      });
      return {
        element: h(
          "div",
          { class: "heaps-fields" },
          setupField(heapsField, heapsInput),
          game === "nim" ? h("p", { class: "game-presets" }, marienbad) : null,
          ...(rule ? rule.elements : []),
          setupField(formField(form, "convention"), convention),
        ),
        fill(position, options) {
          heapsInput.value = position.join(" ");
          heapsInput.removeAttribute("aria-invalid");
          convention.value = options.misere ? "misere" : "normale";
          rule?.fill(options);
        },
        read() {
          const parsed = naturalsOf(heapsInput.value, heapsField);
          if (!parsed.ok) {
            heapsInput.setAttribute("aria-invalid", "true");
            return parsed;
          }
          heapsInput.removeAttribute("aria-invalid");
          const ruleSetup = rule ? rule.read() : { ok: true, options: {} };
          if (!ruleSetup.ok) {
            return ruleSetup;
          }
          return { ok: true, position: parsed.values, options: { ...ruleSetup.options, misere: convention.value === "misere" } };
        },
      };
    },
    draw: drawHeaps,
    fits: ({ position }) => heapsFit(position, { maxCount: heapsField.max_count ?? 0, max: heapsField.max ?? 0 }),
  };
}

/**
 * Set up a heaps board (Nim, subtraction games).
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountHeaps(root, context) {
  mountGame(root, context, heapsSpec(root.dataset.game ?? "", formOf(root)));
}
