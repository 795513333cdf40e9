// The game controller every game board is built on: turns,
// the computer and its two levels, two players on one screen, who starts, new
// game and random start, undo, the end-of-game message, the hint panel, the
// position in the URL, and the engine calls. A game's own file only draws its
// position, turns clicks and keys into a target position, and reads its setup.
//
// Engine calls (nimcore/bridge.py): "<game>.analyse", "<game>.computer_move",
// "<game>.play", each with {position, options}; against the computer, "play"
// also asks for the computer's reply, so a move costs one round trip;
// "<game>.random_start" picks a random start among the board's candidates. A move
// is known by the position it reaches (`to`); nimcore checks every move
// against its rules.
//
// Test hooks on the board element: data-turn ("humain" | "ordinateur" | "fin"),
// data-position (JSON), data-winner, data-hint ("P" | "N").
//
// The position lives in the URL as ?<key>=<spec.encode(…)>, the key being
// `spec.key` (by default `spec.game`). Two games sharing an engine name (Nim
// and « Nim à K maximum » are both "nim") give different keys; a second board
// of the same kind on one page gets "<key>-2", so no board overwrites another's.

import { BoardFrame, h } from "./kit.js";

/**
 * @typedef {{ok: true, position: any, options: object} | {ok: false, message: string}} Setup
 * @typedef {{
 *   position: any, options: object, interactive: boolean, highlight: any, selection: any,
 *   choose: (to: any, text: string) => void, play: (to: any) => void, deselect: () => void,
 *   refuse: (message: string) => void, announce: (text: string) => void, redraw: () => void
 * }} View
 *   `choose(to, text)` selects a move (a second choice of the same move plays
 *   it, as does the « Jouer » button); `play(to)` plays at once; `deselect()`
 *   forgets the selected move.
 * @typedef {{
 *   game: string,
 *   key?: string,
 *   title: string,
 *   initial: (dataset: DOMStringMap) => Setup,
 *   fields: () => {element: HTMLElement, fill: (position: any, options: object) => void, read: () => Setup},
 *   random: (options: object) => any[],
 *   freshStartsOnly?: boolean,
 *   encode: (position: any, options: object) => string,
 *   decode: (text: string) => Setup,
 *   draw: (container: HTMLElement, view: View) => void,
 *   describe: (position: any, options: object) => string,
 *   misere?: (options: object) => boolean,
 *   hint?: (analysis: object, position: any, options: object) => (HTMLElement | string)[],
 *   toEngine?: (position: any, options: object) => any,
 *   fromEngine?: (move: {to: any, text: string}, before: any, to: any, options: object) => {position: any, text: string},
 * }} GameSpec
 *   A board whose own position is not the engine's (the flowers' row, whose
 *   free runs are the heaps of the octal game 0.137) gives both: `toEngine`
 *   turns the board's position into the one sent to the engine, `fromEngine`
 *   turns an engine move from `before` (its `to` in the engine's terms) into
 *   the position the board keeps and the words it shows; `to` is the board's
 *   own target when the move is the reader's (undefined for the computer's
 *   move and the hint's). Without them, the engine's positions are the board's.
 *   `random(options)` draws candidate starts, shapes only (1 to 64; the first
 *   not over is the fallback): nimcore picks one, a P-position one time in
 *   two, or plays a winning move from one to reach a P-position — unless
 *   `freshStartsOnly` says that the setup holds only fresh games (Fibonacci
 *   Nim's: a number of tokens), not every position.
 */

/**
 * Set up one board of `spec`'s game inside `root`.
 * @param {HTMLElement} root
 * @param {{engine: any, signal: AbortSignal}} context
 * @param {GameSpec} spec
 */
export function mountGame(root, { engine, signal }, spec) {
  const frame = new BoardFrame(root, { engine, signal });
  const urlKey = urlKeyOf(root, spec);
  const fromUrl = readUrl(urlKey, spec);
  const start = fromUrl && fromUrl.ok ? fromUrl : spec.initial(root.dataset);
  if (!start.ok) {
    throw new Error(`${spec.game}: position de départ invalide (${start.message})`);
  }

  const state = {
    position: start.position,
    options: start.options,
    vsComputer: root.dataset.mode !== "deux",
    level: root.dataset.niveau === "debutant" ? "debutant" : "parfait",
    turn: /** @type {0 | 1} */ (0),
    history: /** @type {{position: any, turn: 0 | 1}[]} */ ([]),
    over: false,
    busy: false, // a move is being checked or the computer is thinking
    highlight: null,
    selection: /** @type {{to: any, text: string} | null} */ (null),
    lastText: "",
  };
  let generation = 0;
  const toEngine = (position) => (spec.toEngine ? spec.toEngine(position, state.options) : position);
  const fromEngine = (move, before, to) =>
    spec.fromEngine ? spec.fromEngine(move, before, to, state.options) : { position: move.to, text: move.text };

  // ---- structure ------------------------------------------------------------
  const turnLine = h("p", { class: "game-turn", "aria-live": "polite" });
  const area = h("div", { class: "game-area" });
  const playButton = h("button", { type: "button", class: "md-button md-button--primary game-play", text: "Jouer" });
  const hintButton = h("button", { type: "button", class: "md-button game-hint-button", text: "Indice" });
  const undoButton = h("button", { type: "button", class: "md-button game-undo", text: "Annuler le coup" });
  const hintPanel = h("div", { class: "game-hint", hidden: true });
  const own = spec.fields();
  const modeSelect = select("adversaire", [
    ["ordinateur", "Contre l’ordinateur"],
    ["deux", "À deux joueurs"],
  ]);
  const levelSelect = select("niveau", [
    ["parfait", "Parfait (ne laisse rien passer)"],
    ["debutant", "Débutant (se trompe parfois)"],
  ]);
  const starterSelect = select("premier", [
    ["vous", "Vous (ou le joueur 1)"],
    ["autre", "L’ordinateur (ou le joueur 2)"],
  ]);
  modeSelect.value = state.vsComputer ? "ordinateur" : "deux";
  levelSelect.value = state.level;
  const uid = `${spec.game}-${Math.random().toString(36).slice(2, 9)}`;
  const field = (label, control) => {
    control.id = `${uid}-${control.name}`;
    return h("p", { class: "game-field" }, h("label", { for: control.id, text: label }), control);
  };
  const randomButton = h("button", { type: "button", class: "md-button game-random", text: "Position au hasard" });
  const form = h(
    "form",
    { class: "game-setup", novalidate: true },
    h(
      "fieldset",
      {},
      h("legend", { text: "Nouvelle partie" }),
      own.element,
      h("p", { class: "game-presets" }, randomButton),
      field("Adversaire\u00a0:", modeSelect),
      field("Niveau de l’ordinateur\u00a0:", levelSelect),
      field("Qui commence\u202f?", starterSelect),
      h("button", { type: "submit", class: "md-button md-button--primary", text: "Nouvelle partie" }),
    ),
  );
  own.fill(state.position, state.options);
  root.replaceChildren(
    frame.status,
    frame.offlineNote ?? "",
    turnLine,
    area,
    h("p", { class: "game-actions" }, playButton, hintButton, undoButton),
    frame.message,
    hintPanel,
    form,
    frame.announcer,
  );
  root.classList.add("game-board", `game-board--${spec.game}`);

  function select(name, choices) {
    return h(
      "select",
      { name },
      ...choices.map(([value, text]) => h("option", { value, text })),
    );
  }

  // ---- drawing --------------------------------------------------------------
  const humanToMove = () => !state.over && !state.busy && (!state.vsComputer || state.turn === 0);
  const playerName = (player) =>
    state.vsComputer ? (player === 0 ? "Vous" : "L’ordinateur") : `Le joueur ${player + 1}`;

  function render() {
    spec.draw(area, {
      position: state.position,
      options: state.options,
      interactive: humanToMove(),
      highlight: state.highlight,
      selection: state.selection ? state.selection.to : null,
      choose,
      play: humanMove,
      deselect,
      refuse: (message) => frame.refuse(message),
      announce: (text) => frame.announce(text),
      redraw: render,
    });
    playButton.textContent = state.selection ? `Jouer\u00a0: ${state.selection.text}` : "Jouer";
    playButton.disabled = state.selection === null || !humanToMove();
    hintButton.disabled = !humanToMove();
    undoButton.disabled = state.history.length === 0;
    if (state.over) {
      turnLine.textContent = "Partie terminée.";
    } else if (state.busy && state.vsComputer && state.turn === 1) {
      turnLine.textContent =
        engine.status.state === "ready"
          ? "L’ordinateur réfléchit…"
          : "L’ordinateur attend que le moteur soit prêt…";
    } else if (state.busy) {
      turnLine.textContent =
        engine.status.state === "ready" ? "Vérification du coup…" : "Coup noté, en attente du moteur…";
    } else if (state.vsComputer) {
      turnLine.textContent = `${state.lastText}À vous de jouer.`;
    } else {
      turnLine.textContent = `Au tour du joueur ${state.turn + 1}.`;
    }
    root.dataset.turn = state.over
      ? "fin"
      : state.busy
        ? "ordinateur"
        : state.vsComputer && state.turn === 1
          ? "ordinateur"
          : "humain";
    root.dataset.position = JSON.stringify(state.position);
    if (!state.busy) {
      writeUrl(); // a move being checked, or the computer's turn, is settled within milliseconds
    }
  }

  // ---- URL ------------------------------------------------------------------
  // history.replaceState costs the main thread milliseconds in Chromium: only when the value changes.
  function writeUrl() {
    const url = new URL(window.location.href);
    const value = spec.encode(state.position, state.options);
    if (url.searchParams.get(urlKey) !== value) {
      url.searchParams.set(urlKey, value);
      window.history.replaceState(window.history.state, "", url);
    }
  }

  // ---- game flow --------------------------------------------------------------
  function startGame(position, options, { vsComputer, level, humanFirst }) {
    generation += 1;
    Object.assign(state, {
      position,
      options,
      vsComputer,
      level,
      turn: humanFirst ? 0 : 1,
      history: [],
      over: false,
      busy: vsComputer && !humanFirst, // the computer's turn: no URL write before its move
      highlight: null,
      selection: null,
      lastText: "",
    });
    delete root.dataset.winner;
    own.fill(position, options);
    hideHint();
    frame.clearMessage();
    render();
    frame.announce(`Nouvelle partie\u00a0: ${spec.describe(position, options)}.`);
    if (vsComputer && !humanFirst) {
      computerTurn();
    }
  }

  /** Finish a checked move (`reached`: the board's position and words for it): end of game, or hand over. */
  function afterMove(player, answer, reached, reply = null) {
    state.position = reached.position;
    state.busy = false;
    const sentence = `${playerName(player)}\u00a0: ${reached.text}.`;
    state.lastText = player === 1 && state.vsComputer ? `L’ordinateur a joué\u00a0: ${reached.text}. ` : "";
    if (answer.terminal) {
      state.over = true;
      const moverWins = !(spec.misere && spec.misere(state.options));
      const winner = moverWins ? player : 1 - player;
      const verdict = state.vsComputer
        ? winner === 0
          ? "Vous avez gagné\u202f!"
          : "L’ordinateur a gagné."
        : `Le joueur ${winner + 1} a gagné\u202f!`;
      root.dataset.winner = state.vsComputer ? (winner === 0 ? "humain" : "ordinateur") : `joueur${winner + 1}`;
      frame.inform(`${verdict} ${playerName(player)} ${player === 0 && state.vsComputer ? "avez" : "a"} joué le dernier coup${moverWins ? "" : " (variante misère)"}.`);
      frame.announce(`${sentence} ${verdict}`);
      render();
      return;
    }
    state.turn = /** @type {0 | 1} */ (1 - player);
    frame.announce(sentence);
    if (state.vsComputer && state.turn === 1 && reply) {
      computerMoved(state.position, reply); // the engine answered with the move: no second request
      return;
    }
    render();
    if (state.vsComputer && state.turn === 1) {
      computerTurn();
    }
  }

  /** The computer's move from `before` (an answer of computer_move): note it, then hand over. */
  function computerMoved(before, answer) {
    state.history.push({ position: before, turn: 1 });
    afterMove(1, answer, fromEngine(answer.move, before, undefined));
  }

  /** What computer_move needs besides the position: the level and a seed for the beginner's errors. */
  const computerLevel = () => ({ level: state.level, seed: Math.floor(Math.random() * 2 ** 31) });

  /** Select a move; choosing the selected move again plays it. */
  function choose(to, text) {
    if (!humanToMove()) {
      frame.refuse(state.over ? "La partie est terminée\u00a0: lancez une nouvelle partie." : "Patientez\u00a0: ce n’est pas encore à vous de jouer.");
      return;
    }
    if (state.selection && JSON.stringify(state.selection.to) === JSON.stringify(to)) {
      humanMove(to);
      return;
    }
    state.selection = { to, text };
    frame.clearMessage();
    render();
    frame.announce(`Coup choisi\u00a0: ${text}. Choisissez-le encore, ou « Jouer », pour le jouer.`);
  }

  /** Forget the selected move; nothing else changes. */
  function deselect() {
    if (state.selection === null) {
      return;
    }
    state.selection = null;
    frame.clearMessage();
    render();
    frame.announce("Sélection effacée\u00a0: aucun coup n’est choisi.");
  }

  /** A move of the player to move, given by the position it reaches. */
  function humanMove(to) {
    if (state.over) {
      frame.refuse("La partie est terminée\u00a0: lancez une nouvelle partie.");
      return;
    }
    if (!humanToMove()) {
      frame.refuse("Patientez\u00a0: ce n’est pas encore à vous de jouer.");
      return;
    }
    const before = state.position;
    const player = state.turn;
    const ticket = ++generation;
    state.history.push({ position: before, turn: player });
    state.position = to; // shown at once; nimcore checks it
    state.busy = true;
    state.highlight = null;
    state.selection = null;
    hideHint();
    frame.clearMessage();
    render();
    // Against the computer, its reply comes back with the checked move: one round trip.
    const reply = state.vsComputer ? { reply: computerLevel() } : {};
    engine
      .request(`${spec.game}.play`, { position: toEngine(before), options: state.options, to: toEngine(to), ...reply })
      .then((answer) => {
        if (!signal.aborted && ticket === generation) {
          afterMove(player, answer, fromEngine(answer.move, before, to), answer.reply ?? null);
        }
      })
      .catch((error) => {
        if (signal.aborted || ticket !== generation) {
          return;
        }
        state.history.pop();
        state.position = before;
        state.busy = false;
        render();
        frame.refuse(`Coup refusé\u00a0: ${error.message}`);
      });
  }

  function computerTurn() {
    state.busy = true;
    render();
    const ticket = ++generation;
    const before = state.position;
    engine
      .request(`${spec.game}.computer_move`, { position: toEngine(before), options: state.options, ...computerLevel() })
      .then((answer) => {
        if (!signal.aborted && ticket === generation) {
          computerMoved(before, answer);
        }
      })
      .catch((error) => {
        if (signal.aborted || ticket !== generation) {
          return;
        }
        state.busy = false;
        render();
        frame.refuse(`L’ordinateur ne peut pas jouer\u00a0: ${error.message}`);
      });
  }

  function undo() {
    if (state.history.length === 0) {
      frame.refuse("Rien à annuler.");
      return;
    }
    generation += 1;
    let previous = state.history.pop();
    while (state.vsComputer && previous.turn === 1 && state.history.length > 0) {
      previous = state.history.pop();
    }
    Object.assign(state, {
      position: previous.position,
      turn: previous.turn,
      over: false,
      busy: false,
      highlight: null,
      selection: null,
      lastText: "",
    });
    delete root.dataset.winner;
    hideHint();
    frame.inform("Coup annulé.");
    render();
    if (state.vsComputer && state.turn === 1) {
      computerTurn();
    }
  }

  // ---- hint -----------------------------------------------------------------
  function hideHint() {
    hintPanel.hidden = true;
    hintPanel.replaceChildren();
    delete root.dataset.hint;
  }

  function showHint() {
    if (!humanToMove()) {
      frame.refuse(state.over ? "La partie est terminée." : "Patientez\u00a0: ce n’est pas à vous de jouer.");
      return;
    }
    const ticket = generation;
    const position = state.position;
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
      .request(`${spec.game}.analyse`, { position: toEngine(position), options: state.options })
      .then((analysis) => {
        if (signal.aborted || ticket !== generation) {
          return;
        }
        const best = analysis.recommended ? fromEngine(analysis.recommended, position, undefined) : null;
        const verdict = h("p", {
          class: "game-verdict",
          text:
            analysis.outcome === "N" && best
              ? `Position gagnante pour vous\u00a0: ${best.text}.`
              : "Position perdante\u00a0: aucun coup ne gagne contre un adversaire parfait.",
        });
        const extra = spec.hint ? spec.hint(analysis, position, state.options) : [];
        hintPanel.replaceChildren(
          verdict,
          ...extra,
          ...analysis.explanation.map((sentence) => h("p", { text: sentence })),
          best ? h("p", { class: "game-hint-note", text: "Le coup conseillé est choisi\u00a0: « Jouer » le joue." }) : "",
        );
        root.dataset.hint = analysis.outcome;
        state.highlight = best ? best.position : null;
        state.selection = best ? { to: best.position, text: best.text } : state.selection;
        render();
        frame.announce(verdict.textContent);
      })
      .catch((error) => {
        if (!signal.aborted && ticket === generation) {
          hideHint();
          frame.refuse(`Indice indisponible\u00a0: ${error.message}`);
        }
      });
  }

  // ---- events -----------------------------------------------------------------
  const on = (target, type, handler) => target.addEventListener(type, handler, { signal });
  on(playButton, "click", () => {
    if (state.selection === null) {
      frame.refuse("Choisissez d’abord un coup sur le plateau.");
      return;
    }
    humanMove(state.selection.to);
  });
  on(hintButton, "click", showHint);
  on(undoButton, "click", undo);
  // A random start: the board draws candidate positions (shapes only), nimcore
  // picks one — a P-position one time in two — by its rules.
  let drawing = 0;
  on(randomButton, "click", () => {
    const setup = own.read();
    const options = setup.ok ? setup.options : state.options;
    const candidates = spec.random(options);
    const ticket = ++drawing;
    randomButton.disabled = true;
    const waiting = engine.status.state !== "ready";
    if (waiting) {
      frame.inform("Tirage au hasard dès que le moteur sera prêt…");
    }
    engine
      .request(`${spec.game}.random_start`, {
        candidates: candidates.map((position) => toEngine(position)),
        options,
        moves: !spec.freshStartsOnly,
        seed: Math.floor(Math.random() * 2 ** 31),
      })
      .then((answer) => {
        if (signal.aborted || ticket !== drawing) {
          return;
        }
        const chosen = candidates[answer.index];
        own.fill(answer.move ? fromEngine(answer.move, chosen, undefined).position : chosen, options);
        if (waiting) {
          frame.clearMessage();
        }
        frame.announce("Position tirée au hasard\u00a0: «\u00a0Nouvelle partie\u00a0» la lance.");
      })
      .catch((error) => {
        if (!signal.aborted && ticket === drawing) {
          frame.refuse(`Tirage impossible\u00a0: ${error.message}`);
        }
      })
      .finally(() => {
        if (!signal.aborted && ticket === drawing) {
          randomButton.disabled = false;
        }
      });
  });
  on(form, "submit", (event) => {
    event.preventDefault();
    const setup = own.read();
    if (!setup.ok) {
      frame.refuse(`Partie non lancée\u00a0: ${setup.message}`);
      return;
    }
    startGame(setup.position, setup.options, {
      vsComputer: modeSelect.value === "ordinateur",
      level: levelSelect.value,
      humanFirst: starterSelect.value === "vous",
    });
  });
  const unsubscribe = engine.onStatus(() => {
    if (state.busy) {
      render();
    }
  });
  signal.addEventListener("abort", unsubscribe, { once: true });

  startGame(state.position, state.options, {
    vsComputer: state.vsComputer,
    level: state.level,
    humanFirst: true,
  });
  if (fromUrl && !fromUrl.ok) {
    frame.refuse(`Adresse ignorée (${fromUrl.message})\u00a0: position par défaut.`);
  }
}

/**
 * The URL parameter of this board: `spec.key` (or `spec.game`), with "-2", "-3"…
 * for the second, third… board of the same kind on the page.
 */
function urlKeyOf(root, spec) {
  const key = spec.key ?? spec.game;
  const kind = root.dataset.board;
  const same = [...document.querySelectorAll("[data-board]")].filter((board) => board.dataset.board === kind);
  const rank = same.indexOf(root);
  return rank > 0 ? `${key}-${rank + 1}` : key;
}

/** The position in the page's URL for this board, if any. @returns {Setup | null} */
function readUrl(key, spec) {
  const text = new URL(window.location.href).searchParams.get(key);
  return text === null ? null : spec.decode(text);
}
