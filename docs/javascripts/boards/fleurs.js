// The flowers game: a row of flowers; a player cuts a flower none of whose
// neighbours is cut. It is the octal game 0.137 (Dawson's chess): nimcore's
// game "flowers" plays the row itself — its moves are flowers, its words,
// rule, runs and hint are nimcore's, the translation to 0.137 is written once
// there (nimcore/games/flowers.py). This file draws the row and reads the setup.
//
// Markup: <!-- nimcore:board kind=fleurs game=flowers code=ffffffffff -->
// URL: ?fleurs=ffxfffffff (the row: f a flower standing, x a flower cut).

import { fillText, formField, formOf, h, naturalsOf } from "./kit.js";
import { mountGame } from "./game.js";

/**
 * A spec per board: the keyboard focus is this board's own.
 * @param {import("./kit.js").SetupForm} form  nimcore's setup form (data-form): its label and the longest row drawn
 */
function makeSpec(form) {
  const flowers = formField(form, "flowers");
  const focus = { index: 0, active: false };

  /** @param {HTMLElement} container */
  function rememberFocus(container) {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && container.contains(focused) && focused.dataset.flower) {
      Object.assign(focus, { index: Number(focused.dataset.flower), active: true });
    } else if (focused && focused !== document.body) {
      focus.active = false;
    }
  }

  /** Focus the remembered flower, or the nearest one that may be cut. @param {HTMLElement} row */
  function restoreFocus(row) {
    const free = [.../** @type {NodeListOf<HTMLElement>} */ (row.querySelectorAll(".fleurs-flower.is-free"))];
    if (free.length === 0) {
      return;
    }
    const distance = (/** @type {HTMLElement} */ button) => Math.abs(Number(button.dataset.flower) - focus.index);
    free.reduce((a, b) => (distance(b) < distance(a) ? b : a)).focus({ preventScroll: true });
  }

  /**
   * Left / Right, Home / End between the flowers that may be cut; Escape forgets the chosen one.
   * @param {KeyboardEvent} event
   * @param {HTMLElement} row
   * @param {import("./game.js").View} view
   */
  function moveFocus(event, row, view) {
    const current = event.target instanceof HTMLElement ? event.target.closest(".fleurs-flower") : null;
    if (!current) {
      return;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      view.deselect();
      return;
    }
    const free = [.../** @type {NodeListOf<HTMLElement>} */ (row.querySelectorAll(".fleurs-flower.is-free"))];
    const here = Number(/** @type {HTMLElement} */ (current).dataset.flower);
    /** @type {HTMLElement | null} */
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
    board: "fleurs",
    fields() {
      const input = h("input", { type: "text", name: "fleurs", inputmode: "numeric", autocomplete: "off", spellcheck: "false" });
      input.id = `fleurs-nombre-${Math.random().toString(36).slice(2, 8)}`;
      return {
        element: h(
          "p",
          { class: "game-field" },
          h("label", { for: input.id, text: flowers.label }),
          input,
        ),
        fill: (position) => {
          input.value = String(position.length);
        },
        read() {
          const parsed = naturalsOf(input.value, flowers);
          return parsed.ok ? { ok: true, position: "f".repeat(parsed.values[0]), options: {} } : parsed;
        },
      };
    },
    fits: ({ position }) =>
      position.length > (flowers.max ?? 0) ? fillText(form.texts.too_many ?? "", { count: position.length }) : null,
    draw(container, view) {
      const row = /** @type {string} */ (view.position);
      rememberFocus(container);
      /** nimcore's moves, by flower. */
      const cuts = new Map((view.moves ?? []).map((move) => [move.flower, move]));
      const chosen = view.selection ? view.selection.flower : -1;
      const hinted = view.highlight ? view.highlight.flower : -1;
      const flowers = h("div", { class: "fleurs-row", role: "group", "aria-label": "La rangée de fleurs" });
      for (let i = 0; i < row.length; i += 1) {
        const move = cuts.get(i) ?? null;
        const free = move !== null || !view.known;
        const cut = row[i] === "x";
        const state = move ? "is-free" : cut ? "is-cut" : view.known ? "is-blocked" : "";
        const classes = ["fleurs-flower", state].filter(Boolean);
        if (chosen >= 0 && Math.abs(i - chosen) === 1 && !cut) classes.push("will-block");
        const to = row.slice(0, i) + "x" + row.slice(i + 1);
        flowers.append(
          h(
            "button",
            {
              type: "button",
              class: classes.join(" "),
              "data-flower": String(i),
              "data-to": cut ? null : JSON.stringify(to),
              tabindex: move && view.interactive ? "0" : "-1",
              "aria-disabled": free ? null : "true",
              "aria-pressed": move ? (i === chosen ? "true" : "false") : null,
              "data-hinted": i === hinted ? "" : null,
              "aria-label": move ? move.text : `Fleur ${i + 1}${cut ? ", cueillie" : ""}`,
              disabled: !view.interactive,
              onclick: () => (move ? view.choose(move) : view.attempt(to)),
            },
            h("span", { class: "fleurs-drawing", "aria-hidden": "true" }),
            h("span", { class: "fleurs-number", "aria-hidden": "true", text: String(i + 1) }),
          ),
        );
      }
      flowers.addEventListener("keydown", (event) => moveFocus(event, flowers, view));
      container.replaceChildren(flowers, h("p", { class: "fleurs-runs", text: view.describe ? `Ici\u00a0: ${view.describe}.` : "" }));
      if (focus.active && view.interactive) {
        restoreFocus(flowers);
      }
    },
  };
}

/**
 * Set up a board of the flowers game.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountFleurs(root, context) {
  mountGame(root, context, makeSpec(formOf(root)));
}
