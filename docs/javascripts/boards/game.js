// The game controller every game board is built on: turns, the computer and
// its two levels, two players on one screen, who starts, new game and random
// start, undo, the end-of-game message, the hint panel, the position in the
// URL, and the engine calls. It knows no rule and writes no sentence about a
// game: nimcore says, for each position, which moves can be played and in
// which words (a "view"), and explains it in the hint. A game's own file only
// draws a position and its moves, turns gestures into moves, and reads its
// setup fields.
//
// Engine calls (nimcore/bridge.py), for the registry's game `data-game`:
// "<game>.view" (a position's view; with `start`, a finished position is
// refused), "<game>.move" (the move reaching a target, or nimcore's refusal),
// "<game>.play" (a move checked, the view reached and, against the computer,
// its reply: one round trip), "<game>.computer_move", "<game>.analyse" (the
// hint) and "<game>.random_start".
//
// Markup (written by <!-- nimcore:board … -->, site_hooks/tables/boards.py):
//   <div data-board="heaps" data-game="nim" data-view='{…}'></div>
// `data-view` is nimcore's view of the start, computed at build time: the
// board is drawn and its moves can be chosen before the engine is ready (the
// first move is then checked as soon as it is). Optional: data-mode="deux",
// data-level="beginner" (the protocol's level ids: "perfect", "beginner"), data-key (the URL parameter, by default data-board).
//
// Test hooks on the board element: data-turn ("humain" | "ordinateur" | "fin"),
// data-position (JSON), data-winner, data-hint ("P" | "N"), data-address
// ("en-attente" while nimcore reads the position in the address), data-setup
// ("en-attente" while nimcore checks the setup form's new game), data-progress
// ("done/total" while a long call reports its progress, e.g. an octal game's
// first values: shown by a <progress> bar under the turn line).
//
// The position lives in the URL as ?<key>=<nimcore's code of the position>,
// once it is not the page's start (data-address-start="written": the start
// too, for a board the page does not hold, the laboratory's);
// a second board of the same kind on one page gets "<key>-2", so no board
// overwrites another's.

import { BoardFrame, grouped, h, hintTable } from "./kit.js";

/**
 * A move as nimcore lists it: the position it reaches, its French words, and
 * the game's own fields (heap, take… see each game's `to_dict`).
 * @typedef {{to: any, text: string, [field: string]: any}} Move
 */
/**
 * nimcore's view of a position (nimcore.games.base.view).
 * @typedef {{
 *   game: string, position: any, options: Record<string, any>, code: string, terminal: boolean,
 *   rule: string, describe: string, last_mover_wins: boolean, moves: Move[] | null, drawing: any,
 *   reply?: any
 * }} PositionView
 *   `moves` is null when the moves are too many to list (or without end):
 *   the board then asks nimcore for each move it prepares. `reply`: the
 *   computer's first move, asked for with a new game's view.
 */
/** @typedef {{ok: true, position: any, options: Record<string, any>} | {ok: false, message: string}} Setup */
/**
 * What a game's `draw` receives.
 * @typedef {{
 *   position: any, options: Record<string, any>, rule: string | null, describe: string | null,
 *   drawing: any, moves: Move[] | null, known: boolean, interactive: boolean,
 *   highlight: Move | null, selection: Move | null,
 *   find: (to: any) => Move | null | undefined,
 *   attempt: (to: any) => void, choose: (move: Move) => void, play: (move: Move) => void,
 *   deselect: () => void, refuse: (message: string) => void, announce: (text: string) => void,
 *   redraw: () => void
 * }} View
 *   `drawing` is what nimcore adds for drawing the position (the game's
 *   `drawing`, null while a move is being checked or when the game has none).
 *   `moves` are nimcore's legal moves from the position (null while unknown,
 *   or when too many to list: `known` tells which). `find(to)` is the listed
 *   move reaching `to`, null when none does, undefined when the moves are
 *   not listed. `attempt(to)` is a gesture reaching `to`: it chooses nimcore's
 *   move, or shows nimcore's refusal. `choose(move)` selects a move (choosing
 *   it again, or « Jouer », plays it); `play(move)` plays at once.
 * @typedef {{
 *   board: string,
 *   fields: () => {element: HTMLElement, fill: (position: any, options: Record<string, any>) => void, read: () => Setup},
 *   draw: (container: HTMLElement, view: View) => void,
 *   fits?: (view: PositionView) => string | null,
 * }} GameSpec
 *   `fields().read()` reads the setup form (syntax only: nimcore checks the
 *   position and its options when the game starts). `fits` says, in French,
 *   why a position (nimcore's view of a setup or an address) is too large for
 *   the board's drawing.
 */

/**
 * The same target position? (nimcore's JSON, compared as text)
 * @param {any} a
 * @param {any} b
 */
export const sameTarget = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Set up one board of `spec`'s kind inside `root`.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 * @param {GameSpec} spec
 */
export function mountGame(root, { engine, signal }, spec) {
  const game = root.dataset.game ?? "";
  /** @type {PositionView} */
  const initial = JSON.parse(root.dataset.view ?? "null");
  if (!initial || initial.game !== game) {
    throw new Error(`${spec.board}: data-view manquant ou d’un autre jeu que « ${game} »`);
  }
  const frame = new BoardFrame(root, { engine, signal });
  const urlKey = urlKeyOf(root, spec);
  // ---- progress of long calls ----------------------------------------------------
  // Any call may report progress (nimcore.progress): the bar shows the latest
  // report, and hides when no call is running.
  const progressBar = h("progress", { class: "game-progress-bar", max: "1", value: "0" });
  const progressText = h("span", { class: "game-progress-text" });
  const stopButton = h("button", { type: "button", class: "md-button game-stop", text: "Arrêter le calcul" });
  const progressLine = h("p", { class: "game-progress", hidden: true }, h("label", {}, progressText, " ", progressBar), " ", stopButton);
  let running = 0;
  // « Arrêter le calcul » stops every call under way (the engine answers them "cancelled").
  let stopper = new AbortController();
  /** @param {number} done @param {number} total */
  function showProgress(done, total) {
    if (signal.aborted || running === 0) {
      return;
    }
    progressBar.max = Math.max(1, total);
    progressBar.value = Math.min(done, total);
    progressText.textContent = `Calcul en cours\u00a0: ${grouped(done)} sur ${grouped(total)}`;
    progressLine.hidden = false;
    root.dataset.progress = `${done}/${total}`;
  }
  /** @param {string} name @param {Record<string, any>} payload @returns {Promise<any>} */
  const call = (name, payload) => {
    running += 1;
    return engine.request(`${game}.${name}`, payload, { onProgress: showProgress, signal: stopper.signal }).finally(() => {
      running -= 1;
      if (running === 0) {
        progressLine.hidden = true;
        delete root.dataset.progress;
      }
    });
  };

  const state = {
    /** @type {PositionView} the current position's view (position, options, moves…) */
    view: initial,
    /** the position shown: the view's, or the target of a move being checked */
    position: initial.position,
    vsComputer: root.dataset.mode !== "deux",
    level: root.dataset.level === "beginner" ? "beginner" : "perfect",
    turn: /** @type {0 | 1} */ (0),
    /** @type {{view: PositionView, turn: 0 | 1}[]} */
    history: [],
    over: false,
    busy: false, // a move is being checked or the computer is thinking
    /** @type {Move | null} */
    highlight: null,
    /** @type {Move | null} */
    selection: null,
    lastText: "",
  };
  let generation = 0;
  // A position in the page's address is read by nimcore (its code); the page's start is shown meanwhile.
  const fromUrl = new URL(window.location.href).searchParams.get(urlKey);
  let urlPending = fromUrl !== null && fromUrl !== initial.code;

  // ---- structure ------------------------------------------------------------
  const turnLine = h("p", { class: "game-turn", "aria-live": "polite" });
  const ruleLine = h("p", { class: "game-rule" });
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
    ["perfect", "Parfait (ne laisse rien passer)"],
    ["beginner", "Débutant (se trompe parfois)"],
  ]);
  const starterSelect = select("premier", [
    ["vous", "Vous (ou le joueur 1)"],
    ["autre", "L’ordinateur (ou le joueur 2)"],
  ]);
  modeSelect.value = state.vsComputer ? "ordinateur" : "deux";
  levelSelect.value = state.level;
  const uid = `${spec.board}-${Math.random().toString(36).slice(2, 9)}`;
  /** @param {string} label @param {HTMLInputElement | HTMLSelectElement} control */
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
  own.fill(initial.position, initial.options);
  root.replaceChildren(
    frame.status,
    frame.offlineNote ?? "",
    ruleLine,
    turnLine,
    progressLine,
    area,
    h("p", { class: "game-actions" }, playButton, hintButton, undoButton),
    frame.message,
    hintPanel,
    form,
    frame.announcer,
  );
  root.classList.add("game-board", `game-board--${spec.board}`);

  /** @param {string} name @param {[string, string][]} choices */
  function select(name, choices) {
    return h("select", { name }, ...choices.map(([value, text]) => h("option", { value, text })));
  }

  // ---- drawing --------------------------------------------------------------
  const humanToMove = () => !state.over && !state.busy && (!state.vsComputer || state.turn === 0);
  /** The computer's turn, and its move failed (the engine stopped twice, or its call was stopped). */
  const computerStalled = () => !state.over && !state.busy && state.vsComputer && state.turn === 1;
  /** @param {number} player */
  const playerName = (player) =>
    state.vsComputer ? (player === 0 ? "Vous" : "L’ordinateur") : `Le joueur ${player + 1}`;
  /** The listed moves of the position shown, or null (a move is being checked, or too many to list). */
  const listedMoves = () => (state.position === state.view.position ? state.view.moves : null);

  /** @param {any} to @returns {Move | null | undefined} */
  function find(to) {
    const moves = listedMoves();
    if (moves === null) {
      return undefined;
    }
    return moves.find((move) => sameTarget(move.to, to)) ?? null;
  }

  function render() {
    const moves = listedMoves();
    spec.draw(area, {
      position: state.position,
      options: state.view.options,
      rule: state.view.rule,
      describe: state.position === state.view.position ? state.view.describe : null,
      drawing: state.position === state.view.position ? state.view.drawing : null,
      moves,
      known: moves !== null,
      interactive: humanToMove(),
      highlight: state.highlight,
      selection: state.selection,
      find,
      attempt,
      choose,
      play: humanMove,
      deselect,
      refuse: (message) => frame.refuse(message),
      announce: (text) => frame.announce(text),
      redraw: render,
    });
    ruleLine.replaceChildren(h("strong", { text: "Règle." }), ` ${state.view.rule}`);
    playButton.textContent = computerStalled()
      ? "Faire jouer l’ordinateur"
      : state.selection
        ? `Jouer\u00a0: ${state.selection.text}`
        : "Jouer";
    playButton.disabled = !computerStalled() && (state.selection === null || !humanToMove());
    hintButton.disabled = !humanToMove();
    undoButton.disabled = state.history.length === 0;
    if (state.over) {
      turnLine.textContent = "Partie terminée.";
    } else if (state.busy && state.vsComputer && state.turn === 1) {
      turnLine.textContent =
        engine.status.state === "ready" ? "L’ordinateur réfléchit…" : "L’ordinateur attend que le moteur soit prêt…";
    } else if (state.busy) {
      turnLine.textContent =
        engine.status.state === "ready" ? "Vérification du coup…" : "Coup noté, en attente du moteur…";
    } else if (computerStalled()) {
      turnLine.textContent = "L’ordinateur n’a pas joué\u00a0: «\u00a0Faire jouer l’ordinateur\u00a0» le relance.";
    } else if (state.vsComputer) {
      turnLine.textContent = `${state.lastText}À vous de jouer.`;
    } else {
      turnLine.textContent = `Au tour du joueur ${state.turn + 1}.`;
    }
    root.dataset.turn = state.over
      ? "fin"
      : state.busy || (state.vsComputer && state.turn === 1)
        ? "ordinateur"
        : "humain";
    root.dataset.position = JSON.stringify(state.position);
    if (!state.busy && !urlPending) {
      scheduleUrl(); // a move being checked, or the computer's turn, is settled within milliseconds
    }
  }

  // ---- URL ------------------------------------------------------------------
  // history.replaceState makes Chromium recalculate the whole page's style from
  // the new address: 17 ms of a 13-row Chomp answer, ~30 ms on a page of
  // formulas. Written only when the value changes, and after the frame that
  // shows the answer is painted (a task queued from an animation frame runs
  // after that frame), so the reader does not wait for it. One write per frame
  // at most; it reads the state of its own time.
  let urlScheduled = false;
  function scheduleUrl() {
    if (urlScheduled) {
      return;
    }
    urlScheduled = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        urlScheduled = false;
        if (!signal.aborted && !state.busy && !urlPending) {
          writeUrl();
        }
      }, 0),
    );
  }
  function writeUrl() {
    const url = new URL(window.location.href);
    const value = state.view.code;
    const written = url.searchParams.get(urlKey);
    // The page's own start is the page's address: written only to replace another
    // position, unless the board is not the page's own (data-address-start, lab.js).
    const start = value === initial.code && root.dataset.addressStart !== "written";
    if (written !== value && (written !== null || !start)) {
      url.searchParams.set(urlKey, value);
      window.history.replaceState(window.history.state, "", url);
    }
  }

  // ---- game flow --------------------------------------------------------------
  /**
   * @param {PositionView} view
   * @param {{vsComputer: boolean, level: string, humanFirst: boolean}} how
   * @param {any} [first]  the computer's first move, when the engine sent it with the view
   * @param {boolean} [again]  the computer's first move was asked for once already, in vain
   */
  function startGame(view, { vsComputer, level, humanFirst }, first = null, again = false) {
    generation += 1;
    Object.assign(state, {
      view,
      position: view.position,
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
    own.fill(view.position, view.options);
    hideHint();
    frame.clearMessage();
    render();
    frame.announce(`Nouvelle partie\u00a0: ${view.describe}.`);
    if (vsComputer && !humanFirst) {
      if (first) {
        computerMoved(view, first);
      } else {
        computerTurn(again);
      }
    }
  }

  /**
   * Finish a checked move: end of game, or hand over.
   * @param {0 | 1} player
   * @param {{move: Move, view: PositionView, terminal: boolean}} answer
   * @param {any} [reply]  the computer's reply, when the engine sent it with the move
   */
  function afterMove(player, answer, reply = null) {
    state.view = answer.view;
    state.position = answer.view.position;
    state.busy = false;
    const text = answer.move.text;
    const sentence = `${playerName(player)}\u00a0: ${text}.`;
    state.lastText = player === 1 && state.vsComputer ? `L’ordinateur a joué\u00a0: ${text}. ` : "";
    if (answer.terminal) {
      state.over = true;
      const moverWins = answer.view.last_mover_wins;
      const winner = moverWins ? player : 1 - player;
      const verdict = state.vsComputer
        ? winner === 0
          ? "Vous avez gagné\u202f!"
          : "L’ordinateur a gagné."
        : `Le joueur ${winner + 1} a gagné\u202f!`;
      root.dataset.winner = state.vsComputer ? (winner === 0 ? "humain" : "ordinateur") : `joueur${winner + 1}`;
      const who = `${playerName(player)} ${player === 0 && state.vsComputer ? "avez" : "a"} joué le dernier coup`;
      frame.inform(`${verdict} ${who}${moverWins ? "" : " (variante misère)"}.`);
      frame.announce(`${sentence} ${verdict}`);
      render();
      return;
    }
    state.turn = /** @type {0 | 1} */ (1 - player);
    frame.announce(sentence);
    if (state.vsComputer && state.turn === 1 && reply) {
      computerMoved(answer.view, reply); // the engine answered with the move: no second request
      return;
    }
    render();
    if (state.vsComputer && state.turn === 1) {
      computerTurn();
    }
  }

  /**
   * The computer's move from `before` (an answer of computer_move): note it, then hand over.
   * @param {PositionView} before
   * @param {any} answer
   */
  function computerMoved(before, answer) {
    state.history.push({ view: before, turn: 1 });
    afterMove(1, answer);
  }

  /** What computer_move needs besides the position: the level and a seed for the beginner's errors. */
  const computerLevel = () => ({ level: state.level, seed: randomSeed() });
  /** The current position, as the engine reads it. */
  const current = () => ({ position: state.view.position, options: state.view.options });

  /** Select a move; choosing the selected move again plays it. @param {Move} move */
  function choose(move) {
    if (!humanToMove()) {
      frame.refuse(
        state.over ? "La partie est terminée\u00a0: lancez une nouvelle partie." : "Patientez\u00a0: ce n’est pas encore à vous de jouer.",
      );
      return;
    }
    if (state.selection && sameTarget(state.selection.to, move.to)) {
      humanMove(move);
      return;
    }
    state.selection = move;
    frame.clearMessage();
    render();
    frame.announce(`Coup choisi\u00a0: ${move.text}. Choisissez-le encore, ou « Jouer », pour le jouer.`);
  }

  /**
   * A gesture that reaches `to`: nimcore's move is chosen, or nimcore's refusal shown.
   * When the moves are not listed, nimcore is asked ("<game>.move").
   */
  /** @param {any} to */
  function attempt(to) {
    if (!humanToMove()) {
      choose({ to, text: "" }); // refused, saying why
      return;
    }
    const listed = find(to);
    if (listed) {
      choose(listed);
      return;
    }
    const ticket = generation;
    call("move", { ...current(), to })
      .then((answer) => {
        if (!signal.aborted && ticket === generation) {
          choose(answer.move);
        }
      })
      .catch((error) => {
        if (!signal.aborted && ticket === generation) {
          frame.refuse(`Coup refusé\u00a0: ${error.message}`);
        }
      });
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

  /** A move of the player to move (nimcore's, from the view or from "<game>.move"). @param {Move} move */
  function humanMove(move) {
    if (state.over) {
      frame.refuse("La partie est terminée\u00a0: lancez une nouvelle partie.");
      return;
    }
    if (!humanToMove()) {
      frame.refuse("Patientez\u00a0: ce n’est pas encore à vous de jouer.");
      return;
    }
    const before = state.view;
    const player = state.turn;
    const ticket = ++generation;
    state.history.push({ view: before, turn: player });
    state.position = move.to; // shown at once; nimcore checks it
    state.busy = true;
    state.highlight = null;
    state.selection = null;
    hideHint();
    frame.clearMessage();
    render();
    // Against the computer, its reply comes back with the checked move: one round trip.
    const reply = state.vsComputer ? { reply: computerLevel() } : {};
    call("play", { position: before.position, options: before.options, to: move.to, ...reply })
      .then((answer) => {
        if (!signal.aborted && ticket === generation) {
          afterMove(player, answer, answer.reply ?? null);
        }
      })
      .catch((error) => {
        if (signal.aborted || ticket !== generation) {
          return;
        }
        state.history.pop();
        state.position = before.position;
        state.busy = false;
        render();
        frame.refuse(`Coup refusé\u00a0: ${error.message}`);
      });
  }

  /** Whether the engine restarts after *error* (it stopped, or took too long). @param {any} error */
  const restarts = (error) => error.code === "crashed" || error.code === "timeout";
  /** What the board says when the computer's move is asked again after *error*. @param {any} error */
  const restarting = (error) =>
    `${error.code === "crashed" ? "Le moteur s’est arrêté" : "Le moteur a mis trop de temps"} : il redémarre, et l’ordinateur rejoue depuis la même position.`;

  /** The computer plays; if the engine stopped meanwhile (it restarts by itself), it asks once more. */
  function computerTurn(again = false) {
    state.busy = true;
    render();
    const ticket = ++generation;
    const before = state.view;
    call("computer_move", { ...current(), ...computerLevel() })
      .then((answer) => {
        if (!signal.aborted && ticket === generation) {
          computerMoved(before, answer);
        }
      })
      .catch((error) => {
        if (signal.aborted || ticket !== generation) {
          return;
        }
        if (!again && restarts(error)) {
          frame.inform(restarting(error));
          computerTurn(true);
          return;
        }
        state.busy = false; // not waiting for good: « Faire jouer l’ordinateur » asks again
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
    let previous = /** @type {{view: PositionView, turn: 0 | 1}} */ (state.history.pop());
    while (state.vsComputer && previous.turn === 1 && state.history.length > 0) {
      previous = /** @type {{view: PositionView, turn: 0 | 1}} */ (state.history.pop());
    }
    Object.assign(state, {
      view: previous.view,
      position: previous.view.position,
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
    delete root.dataset.hint; // the verdict shown is the new one's, once it comes
    hintPanel.hidden = false;
    hintPanel.replaceChildren(
      h("p", {
        text: engine.status.state === "ready" ? "Calcul de l’indice…" : "L’indice sera calculé dès que le moteur sera prêt…",
      }),
    );
    call("analyse", current())
      .then((analysis) => {
        if (signal.aborted || ticket !== generation) {
          return;
        }
        const hint = analysis.hint;
        /** @type {Move | null} */
        const best = hint.move;
        const verdict = h("p", { class: "game-verdict", text: hint.verdict });
        hintPanel.replaceChildren(
          verdict,
          ...hint.tables.map((/** @type {any} */ table) => hintTable(table, state.view.describe)),
          ...hint.sentences.map((/** @type {string} */ sentence) => h("p", { text: sentence })),
          best ? h("p", { class: "game-hint-note", text: "Le coup conseillé est choisi\u00a0: « Jouer » le joue." }) : "",
        );
        root.dataset.hint = analysis.outcome;
        state.highlight = best;
        state.selection = best ?? state.selection;
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
  /** @param {EventTarget} target @param {string} type @param {(event: Event) => void} handler */
  const on = (target, type, handler) => target.addEventListener(type, handler, { signal });
  // The theme's one-key shortcuts (N or « . »: the next page, P or « , »: the page before,
  // S, F or « / »: search) stay outside the board: a key pressed on one of its controls
  // never takes the reader away from the game. The board's own keys act first, below.
  on(root, "keydown", (event) => {
    const key = /** @type {KeyboardEvent} */ (event);
    if (key.key.length === 1 && !key.ctrlKey && !key.metaKey && !key.altKey) {
      event.stopPropagation();
    }
  });
  on(playButton, "click", () => {
    if (computerStalled()) {
      frame.clearMessage();
      computerTurn();
      return;
    }
    if (state.selection === null) {
      frame.refuse("Choisissez d’abord un coup sur le plateau.");
      return;
    }
    humanMove(state.selection);
  });
  on(hintButton, "click", showHint);
  on(stopButton, "click", () => {
    stopper.abort();
    stopper = new AbortController();
  });
  on(undoButton, "click", undo);
  // A random start, drawn by nimcore like the setup's position: a P-position one time in two.
  let drawing = 0;
  on(randomButton, "click", () => {
    const setup = own.read();
    const like = setup.ok ? setup : current();
    const ticket = ++drawing;
    randomButton.disabled = true;
    const waiting = engine.status.state !== "ready";
    if (waiting) {
      frame.inform("Tirage au hasard dès que le moteur sera prêt…");
    }
    call("random_start", { options: like.options, like: like.position, seed: Math.floor(Math.random() * 2 ** 31) })
      .then((answer) => {
        if (signal.aborted || ticket !== drawing) {
          return;
        }
        own.fill(answer.position, answer.options);
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
  let starting = 0;
  on(form, "submit", (event) => {
    event.preventDefault();
    const setup = own.read();
    if (!setup.ok) {
      frame.refuse(`Partie non lancée\u00a0: ${setup.message}`);
      return;
    }
    const choice = {
      vsComputer: modeSelect.value === "ordinateur",
      level: levelSelect.value,
      humanFirst: starterSelect.value === "vous",
    };
    const ticket = ++starting;
    if (engine.status.state !== "ready") {
      frame.inform("La partie commencera dès que le moteur sera prêt…");
    }
    root.dataset.setup = "en-attente";
    const asked = { position: setup.position, options: setup.options, start: true };
    const computerFirst = choice.vsComputer && !choice.humanFirst;
    /** @type {any} the error of a first try, when the engine stopped under it */
    let failed = null;
    // The computer's first move comes with the view: one round trip, not two. Should the
    // engine stop under it, the view is asked alone, then the move once more, as computerTurn does.
    call("view", computerFirst ? { ...asked, reply: { level: choice.level, seed: randomSeed() } } : asked)
      .catch((error) => {
        if (!computerFirst || !restarts(error) || signal.aborted || ticket !== starting) {
          throw error;
        }
        failed = error;
        frame.inform(restarting(error));
        return call("view", asked);
      })
      .finally(() => {
        if (ticket === starting) delete root.dataset.setup;
      })
      .then((answer) => {
        if (signal.aborted || ticket !== starting) {
          return;
        }
        const { reply: first = null, ...view } = answer;
        const tooLarge = spec.fits ? spec.fits(view) : null;
        if (tooLarge !== null) {
          frame.refuse(`Partie non lancée\u00a0: ${tooLarge}.`);
          return;
        }
        startGame(view, choice, first, failed !== null);
        if (failed !== null) {
          frame.inform(restarting(failed));
        }
      })
      .catch((error) => {
        if (!signal.aborted && ticket === starting) {
          frame.refuse(`Partie non lancée\u00a0: ${error.message}`);
        }
      });
  });
  const unsubscribe = engine.onStatus(() => {
    if (state.busy) {
      render();
    }
  });
  signal.addEventListener("abort", unsubscribe, { once: true });

  startGame(initial, { vsComputer: state.vsComputer, level: state.level, humanFirst: true });
  if (urlPending) {
    root.dataset.address = "en-attente";
    const ticket = ++starting;
    call("view", { code: fromUrl, start: true })
      .then((view) => {
        urlPending = false;
        delete root.dataset.address;
        const tooLarge = spec.fits ? spec.fits(view) : null;
        if (tooLarge !== null) {
          frame.refuse(`Adresse ignorée (${tooLarge})\u00a0: position par défaut.`);
          render();
          return;
        }
        if (!signal.aborted && ticket === starting && state.history.length === 0) {
          startGame(view, { vsComputer: state.vsComputer, level: state.level, humanFirst: true });
        }
      })
      .catch((error) => {
        urlPending = false;
        delete root.dataset.address;
        if (!signal.aborted && ticket === starting) {
          frame.refuse(`Adresse ignorée (${error.message})\u00a0: position par défaut.`);
        }
      });
  }
}

/** A seed for the beginner's random errors (nimcore draws them from it). */
function randomSeed() {
  return Math.floor(Math.random() * 2 ** 31);
}

/**
 * The URL parameter of this board: data-key (or data-board), with "-2", "-3"…
 * for the second, third… board of the same kind on the page.
 * @param {HTMLElement} root
 * @param {GameSpec} spec
 */
function urlKeyOf(root, spec) {
  const key = root.dataset.key ?? root.dataset.board ?? spec.board;
  const same = [...document.querySelectorAll("[data-board]")].filter(
    (board) => board instanceof HTMLElement && (board.dataset.key ?? board.dataset.board) === key,
  );
  const rank = same.indexOf(root);
  return rank > 0 ? `${key}-${rank + 1}` : key;
}
