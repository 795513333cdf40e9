// The Nim board: heaps of matches, against the computer or between two players,
// normal or misère play, with a hint that shows the binary table.
//
// Markup: <div data-board="nim" data-heaps="1 3 5 7" data-misere="false"></div>
// The rules and the strategy live in nimcore (nim.analyse, nim.computer_move);
// this file only draws the position and moves matches.

import { BoardFrame, h, parseNaturals, plural } from "./kit.js";

/** Display limits of the board (nimcore itself accepts far larger positions). */
const MAX_HEAPS = 8;
const MAX_MATCHES = 31;
const MARIENBAD = [1, 3, 5, 7];

/**
 * @typedef {{heap: number, take: number}} Move
 * @typedef {{
 *   heaps: number[], misere: boolean, vsComputer: boolean, humanFirst: boolean,
 *   turn: 0 | 1, history: {heaps: number[], turn: 0 | 1}[], selection: Move | null,
 *   focus: {heap: number, index: number}, over: boolean, thinking: boolean,
 *   lastMove: (Move & {player: 0 | 1}) | null
 * }} NimState
 */

/**
 * Set up one Nim board inside `root`.
 * @param {HTMLElement} root
 * @param {{engine: any, signal: AbortSignal}} context
 */
export function mountNim(root, { engine, signal }) {
  const frame = new BoardFrame(root, { engine, signal });
  const initial = parseNaturals(root.dataset.heaps ?? "1 3 5 7", {
    max: MAX_MATCHES,
    maxCount: MAX_HEAPS,
    noun: "tas",
  });

  /** @type {NimState} */
  const state = {
    heaps: initial.ok ? initial.values : [...MARIENBAD],
    misere: root.dataset.misere === "true",
    vsComputer: root.dataset.mode !== "deux",
    humanFirst: true,
    turn: 0,
    history: [],
    selection: null,
    focus: { heap: 0, index: 0 },
    over: false,
    thinking: false,
    lastMove: null,
  };
  /** Incremented to forget answers to requests that no longer matter. */
  let generation = 0;

  // ---- static structure -------------------------------------------------
  const turnLine = h("p", { class: "nim-turn", "aria-live": "polite" });
  const heapsBox = h("div", { class: "nim-heaps", role: "group", "aria-label": "Tas d’allumettes" });
  const takeButton = h("button", { type: "button", class: "md-button md-button--primary nim-take" });
  const hintButton = h("button", { type: "button", class: "md-button nim-hint-button", text: "Indice" });
  const undoButton = h("button", { type: "button", class: "md-button nim-undo", text: "Annuler le coup" });
  const hintPanel = h("div", { class: "nim-hint", hidden: true });

  const heapsInput = h("input", {
    type: "text",
    name: "tas",
    class: "nim-heaps-input",
    inputmode: "numeric",
    autocomplete: "off",
    value: state.heaps.join(" "),
  });
  const variantSelect = h(
    "select",
    { name: "variante", class: "nim-variant" },
    h("option", { value: "normale", text: "Normale\u00a0: qui prend la dernière allumette gagne" }),
    h("option", { value: "misere", text: "Misère\u00a0: qui prend la dernière allumette perd" }),
  );
  const modeSelect = h(
    "select",
    { name: "adversaire", class: "nim-mode" },
    h("option", { value: "ordinateur", text: "Contre l’ordinateur" }),
    h("option", { value: "deux", text: "À deux joueurs" }),
  );
  const starterSelect = h(
    "select",
    { name: "premier", class: "nim-starter" },
    h("option", { value: "vous", text: "Vous (ou le joueur 1)" }),
    h("option", { value: "autre", text: "L’ordinateur (ou le joueur 2)" }),
  );
  variantSelect.value = state.misere ? "misere" : "normale";
  modeSelect.value = state.vsComputer ? "ordinateur" : "deux";

  const uid = `nim-${Math.random().toString(36).slice(2, 9)}`;
  const field = (label, control) => {
    control.id = `${uid}-${control.name}`;
    return h("p", { class: "nim-field" }, h("label", { for: control.id, text: label }), control);
  };
  const form = h(
    "form",
    { class: "nim-setup", novalidate: true },
    h(
      "fieldset",
      {},
      h("legend", { text: "Nouvelle partie" }),
      field("Tas (nombres d’allumettes)\u00a0:", heapsInput),
      h(
        "p",
        { class: "nim-presets" },
        h("button", { type: "button", class: "md-button nim-preset-marienbad", text: "Marienbad 1-3-5-7" }),
        h("button", { type: "button", class: "md-button nim-preset-random", text: "Au hasard" }),
      ),
      field("Variante\u00a0:", variantSelect),
      field("Adversaire\u00a0:", modeSelect),
      field("Qui commence\u202f?", starterSelect),
      h("button", { type: "submit", class: "md-button md-button--primary", text: "Nouvelle partie" }),
    ),
  );

  root.replaceChildren(
    frame.status,
    frame.offlineNote ?? "",
    turnLine,
    heapsBox,
    h("p", { class: "nim-actions" }, takeButton, hintButton, undoButton),
    frame.message,
    hintPanel,
    form,
    frame.announcer,
  );
  root.classList.add("nim-board");

  // ---- naming -----------------------------------------------------------
  const playerName = (player) =>
    state.vsComputer ? (player === 0 ? "Vous" : "L’ordinateur") : `Joueur ${player + 1}`;
  const humanToMove = () => !state.over && (!state.vsComputer || state.turn === 0);

  // ---- drawing ----------------------------------------------------------
  function render() {
    const hadFocus = heapsBox.contains(document.activeElement);
    heapsBox.replaceChildren();
    state.heaps.forEach((size, heap) => {
      const touched = state.lastMove && state.lastMove.player === 1 && state.lastMove.heap === heap;
      const row = h("div", {
        class: touched && state.vsComputer ? "nim-heap is-last-move" : "nim-heap",
        dataset: { heap: String(heap) },
      });
      row.append(h("span", { class: "nim-heap-label", text: `Tas ${heap + 1}` }));
      const matches = h("span", { class: "nim-matches" });
      for (let index = 0; index < size; index += 1) {
        const take = size - index;
        const selected =
          state.selection !== null && state.selection.heap === heap && index >= size - state.selection.take;
        const isFocus = state.focus.heap === heap && state.focus.index === index;
        matches.append(
          h("button", {
            type: "button",
            class: "nim-match",
            tabindex: isFocus ? "0" : "-1",
            "aria-pressed": selected ? "true" : "false",
            "aria-label": `Tas ${heap + 1}, allumette ${index + 1} sur ${size}\u00a0: retirer ${plural(take, "allumette")}`,
            dataset: { heap: String(heap), index: String(index), take: String(take) },
          }),
        );
      }
      if (size === 0) {
        matches.append(h("span", { class: "nim-empty", text: "vide" }));
      }
      row.append(matches, h("span", { class: "nim-heap-count", text: String(size) }));
      heapsBox.append(row);
    });
    ensureFocusable();
    if (hadFocus) {
      focusMatch();
    }

    const selection = state.selection;
    takeButton.textContent = selection
      ? `Retirer ${plural(selection.take, "allumette")} du tas ${selection.heap + 1}`
      : "Retirer";
    takeButton.disabled = selection === null || !humanToMove();
    hintButton.disabled = !humanToMove();
    undoButton.disabled = state.history.length === 0;

    if (state.over) {
      turnLine.textContent = "Partie terminée.";
    } else if (state.thinking) {
      turnLine.textContent =
        engine.status.state === "ready"
          ? "L’ordinateur réfléchit…"
          : "L’ordinateur attend que le moteur soit prêt…";
    } else if (state.vsComputer) {
      // The computer answers at once: say what it just did, so it can be followed.
      const last = state.lastMove;
      const before =
        last && last.player === 1
          ? `L’ordinateur a retiré ${plural(last.take, "allumette")} du tas ${last.heap + 1}. `
          : "";
      turnLine.textContent = `${before}À vous de jouer\u00a0: choisissez des allumettes dans un tas.`;
    } else {
      turnLine.textContent = `Au tour du joueur ${state.turn + 1}.`;
    }
    root.dataset.turn = state.over ? "fin" : state.vsComputer && state.turn === 1 ? "ordinateur" : "humain";
    root.dataset.heapsNow = state.heaps.join(" ");
  }

  /** Keep the roving tab stop on an existing match (or nowhere if none is left). */
  function ensureFocusable() {
    const { heap, index } = state.focus;
    if (state.heaps[heap] > index) {
      return;
    }
    if (state.heaps[heap] > 0) {
      state.focus = { heap, index: state.heaps[heap] - 1 };
      return;
    }
    const next = state.heaps.findIndex((size) => size > 0);
    state.focus = { heap: Math.max(next, 0), index: 0 };
  }

  function focusMatch() {
    const button = heapsBox.querySelector(
      `.nim-match[data-heap="${state.focus.heap}"][data-index="${state.focus.index}"]`,
    );
    button?.focus();
  }

  // ---- game flow ------------------------------------------------------
  function startGame(heaps, { misere, vsComputer, humanFirst }) {
    generation += 1;
    Object.assign(state, {
      heaps: [...heaps],
      misere,
      vsComputer,
      humanFirst,
      turn: humanFirst ? 0 : 1,
      history: [],
      selection: null,
      focus: { heap: 0, index: 0 },
      over: false,
      thinking: false,
      lastMove: null,
    });
    hideHint();
    frame.clearMessage();
    render();
    const variant = misere ? "misère" : "normale";
    frame.announce(`Nouvelle partie, variante ${variant}, tas\u00a0: ${heaps.join(", ")}.`);
    if (vsComputer && !humanFirst) {
      computerTurn();
    }
  }

  /** Apply a legal move for the player to move, then hand over. @param {Move} move */
  function applyMove(move) {
    const player = state.turn;
    state.history.push({ heaps: [...state.heaps], turn: state.turn });
    state.heaps[move.heap] -= move.take;
    state.selection = null;
    state.lastMove = { ...move, player };
    hideHint();
    const sentence = `${playerName(player)} ${player === 0 && state.vsComputer ? "retirez" : "retire"} ${plural(
      move.take,
      "allumette",
    )} du tas ${move.heap + 1}.`;
    if (state.heaps.every((size) => size === 0)) {
      state.over = true;
      const moverWins = !state.misere;
      const winner = moverWins ? player : 1 - player;
      const verdict = state.vsComputer
        ? winner === 0
          ? "Vous avez gagné\u202f!"
          : "L’ordinateur a gagné."
        : `Le joueur ${winner + 1} a gagné\u202f!`;
      const why = state.misere
        ? `${playerName(player)} ${player === 0 && state.vsComputer ? "avez" : "a"} pris la dernière allumette (variante misère).`
        : `${playerName(player)} ${player === 0 && state.vsComputer ? "avez" : "a"} pris la dernière allumette.`;
      frame.inform(`${verdict} ${why}`);
      root.dataset.winner = state.vsComputer ? (winner === 0 ? "humain" : "ordinateur") : `joueur${winner + 1}`;
      frame.announce(`${sentence} ${verdict}`);
      render();
      return;
    }
    state.turn = /** @type {0 | 1} */ (1 - state.turn);
    frame.announce(sentence);
    render();
    if (state.vsComputer && state.turn === 1) {
      computerTurn();
    }
  }

  function computerTurn() {
    state.thinking = true;
    render();
    const ticket = ++generation;
    const heaps = [...state.heaps];
    engine
      .request("nim.computer_move", { position: heaps, options: { misere: state.misere } })
      .then((answer) => {
        if (signal.aborted || ticket !== generation) {
          return;
        }
        state.thinking = false;
        applyMove({ heap: answer.move.heap, take: answer.move.take });
      })
      .catch((error) => {
        if (signal.aborted || ticket !== generation) {
          return;
        }
        state.thinking = false;
        render();
        frame.refuse(`L’ordinateur ne peut pas jouer\u00a0: ${error.message}`);
      });
  }

  function humanMove() {
    if (state.over) {
      frame.refuse("La partie est terminée\u00a0: lancez une nouvelle partie.");
      return;
    }
    if (!humanToMove()) {
      frame.refuse("Patientez\u00a0: c’est au tour de l’ordinateur.");
      return;
    }
    if (state.selection === null) {
      frame.refuse("Choisissez d’abord des allumettes\u00a0: cliquez sur une allumette d’un tas.");
      return;
    }
    frame.clearMessage();
    applyMove(state.selection);
  }

  /** Select (or, if already selected, play) taking `take` from `heap`. */
  function chooseMatches(heap, index) {
    const size = state.heaps[heap];
    const take = size - index;
    state.focus = { heap, index };
    if (state.over) {
      render();
      frame.refuse("La partie est terminée\u00a0: lancez une nouvelle partie.");
      return;
    }
    if (!humanToMove()) {
      render();
      frame.refuse("Patientez\u00a0: c’est au tour de l’ordinateur.");
      return;
    }
    if (state.selection && state.selection.heap === heap && state.selection.take === take) {
      humanMove();
      return;
    }
    state.selection = { heap, take };
    frame.clearMessage();
    render();
    frame.announce(`${plural(take, "allumette")} du tas ${heap + 1} sélectionnée${take > 1 ? "s" : ""}.`);
  }

  function undo() {
    if (state.history.length === 0) {
      frame.refuse("Rien à annuler.");
      return;
    }
    generation += 1; // forget a computer move in flight
    let previous = state.history.pop();
    // Against the computer, go back to the last position where the human had to move.
    while (state.vsComputer && previous.turn === 1 && state.history.length > 0) {
      previous = state.history.pop();
    }
    state.heaps = [...previous.heaps];
    state.turn = previous.turn;
    state.over = false;
    state.thinking = false;
    state.selection = null;
    delete root.dataset.winner;
    hideHint();
    frame.inform("Coup annulé.");
    render();
    if (state.vsComputer && state.turn === 1) {
      computerTurn();
    }
  }

  // ---- hint -------------------------------------------------------------
  function hideHint() {
    hintPanel.hidden = true;
    hintPanel.replaceChildren();
    delete root.dataset.hint;
  }

  function showHint() {
    if (!humanToMove()) {
      frame.refuse(state.over ? "La partie est terminée." : "Patientez\u00a0: c’est au tour de l’ordinateur.");
      return;
    }
    const ticket = generation;
    const heaps = [...state.heaps];
    hintPanel.hidden = false;
    hintPanel.replaceChildren(
      h("p", {
        text:
          engine.status.state === "ready"
            ? "Calcul de l’indice…"
            : "L’indice sera calculé dès que le moteur sera prêt…",
      }),
    );
    engine
      .request("nim.analyse", { position: heaps, options: { misere: state.misere } })
      .then((analysis) => {
        if (signal.aborted || ticket !== generation || state.heaps.join() !== heaps.join()) {
          return;
        }
        renderHint(analysis);
      })
      .catch((error) => {
        if (signal.aborted || ticket !== generation) {
          return;
        }
        hideHint();
        frame.refuse(`Indice indisponible\u00a0: ${error.message}`);
      });
  }

  function renderHint(analysis) {
    const best = analysis.recommended;
    const odd = analysis.column_ones.map((ones) => ones % 2 === 1);
    const table = h(
      "table",
      { class: "nim-binary" },
      h("caption", { text: "Les tas écrits en base 2, colonne par colonne" }),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col", text: "Tas" }),
          ...analysis.weights.map((weight, column) =>
            h("th", { scope: "col", class: odd[column] ? "is-odd" : "", text: String(weight) }),
          ),
        ),
      ),
      h(
        "tbody",
        {},
        ...analysis.rows.map((digits, heap) =>
          h(
            "tr",
            { class: best && best.heap === heap ? "is-best" : "" },
            h("th", { scope: "row", text: `${analysis.heaps[heap]}` }),
            ...digits.map((digit, column) =>
              h("td", { class: odd[column] ? "is-odd" : "", text: String(digit) }),
            ),
          ),
        ),
      ),
      h(
        "tfoot",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "row", text: "Nombre de 1" }),
          ...analysis.column_ones.map((ones, column) =>
            h("td", {
              class: odd[column] ? "is-odd" : "",
              text: `${ones} (${odd[column] ? "impair" : "pair"})`,
            }),
          ),
        ),
      ),
    );
    const verdict = h("p", {
      class: "nim-verdict",
      text:
        analysis.outcome === "N"
          ? `Position gagnante pour vous\u00a0: ${best.text}.`
          : "Position perdante\u00a0: aucun coup ne gagne contre un adversaire parfait.",
    });
    hintPanel.replaceChildren(
      verdict,
      table,
      ...analysis.explanation.map((sentence) => h("p", { text: sentence })),
    );
    hintPanel.hidden = false;
    root.dataset.hint = analysis.outcome;
    if (best) {
      state.selection = { heap: best.heap, take: best.take };
      state.focus = { heap: best.heap, index: state.heaps[best.heap] - best.take };
      render();
      frame.inform("L’indice a sélectionné le coup gagnant\u00a0: appuyez sur «\u00a0Retirer\u00a0» pour le jouer.");
    }
    frame.announce(verdict.textContent);
  }

  // ---- events -------------------------------------------------------------
  const on = (target, type, handler) => target.addEventListener(type, handler, { signal });

  on(heapsBox, "click", (event) => {
    const button = event.target.closest(".nim-match");
    if (button) {
      chooseMatches(Number(button.dataset.heap), Number(button.dataset.index));
    }
  });
  on(heapsBox, "keydown", (event) => {
    const button = event.target.closest(".nim-match");
    if (!button) {
      return;
    }
    let { heap, index } = state.focus;
    const rows = state.heaps;
    const step = (direction) => {
      for (let next = heap + direction; next >= 0 && next < rows.length; next += direction) {
        if (rows[next] > 0) {
          return next;
        }
      }
      return heap;
    };
    switch (event.key) {
      case "ArrowLeft":
        index = Math.max(0, index - 1);
        break;
      case "ArrowRight":
        index = Math.min(rows[heap] - 1, index + 1);
        break;
      case "ArrowUp":
        heap = step(-1);
        index = Math.min(index, rows[heap] - 1);
        break;
      case "ArrowDown":
        heap = step(1);
        index = Math.min(index, rows[heap] - 1);
        break;
      case "Home":
        index = 0;
        break;
      case "End":
        index = rows[heap] - 1;
        break;
      case "Escape":
        state.selection = null;
        render();
        return;
      default:
        return;
    }
    event.preventDefault();
    state.focus = { heap, index };
    render();
    focusMatch();
  });
  on(takeButton, "click", humanMove);
  on(hintButton, "click", showHint);
  on(undoButton, "click", undo);
  on(form.querySelector(".nim-preset-marienbad"), "click", () => {
    heapsInput.value = MARIENBAD.join(" ");
  });
  on(form.querySelector(".nim-preset-random"), "click", () => {
    const count = 3 + Math.floor(Math.random() * 3);
    heapsInput.value = Array.from({ length: count }, () => 1 + Math.floor(Math.random() * 9)).join(" ");
  });
  on(form, "submit", (event) => {
    event.preventDefault();
    const parsed = parseNaturals(heapsInput.value, { max: MAX_MATCHES, maxCount: MAX_HEAPS, noun: "tas" });
    if (!parsed.ok) {
      frame.refuse(`Partie non lancée\u00a0: ${parsed.message}`);
      heapsInput.setAttribute("aria-invalid", "true");
      return;
    }
    if (parsed.values.every((size) => size === 0)) {
      frame.refuse("Partie non lancée\u00a0: il faut au moins une allumette.");
      heapsInput.setAttribute("aria-invalid", "true");
      return;
    }
    heapsInput.removeAttribute("aria-invalid");
    startGame(parsed.values, {
      misere: variantSelect.value === "misere",
      vsComputer: modeSelect.value === "ordinateur",
      humanFirst: starterSelect.value === "vous",
    });
  });
  // Redraw the turn line when the engine becomes ready while the computer waits.
  const unsubscribe = engine.onStatus(() => {
    if (state.thinking) {
      render();
    }
  });
  signal.addEventListener("abort", unsubscribe, { once: true });

  startGame(state.heaps, { misere: state.misere, vsComputer: state.vsComputer, humanFirst: true });
  if (!initial.ok) {
    frame.refuse(`Position de départ invalide (${initial.message})\u00a0: Marienbad 1-3-5-7 à la place.`);
  }
}
