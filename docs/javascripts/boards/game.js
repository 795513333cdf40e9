// The game controller every game board is built on: turns, the computer and
// its two levels, two players on one screen, who starts, new game and random
// start, undo, the end-of-game message, the hint panel, the position in the
// URL, and the engine calls. It knows no rule and writes no sentence about a
// game: nimcore says, for each position, which moves can be played and in
// which words (a "view"), and explains it in the hint. A game's own file only
// draws a position and its moves, turns gestures into moves, and reads its
// setup fields.
//
// Engine calls (nimcore/calls/games.py), for the registry's game `data-game`:
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
//
// Size: one controller, mountGame, whose parts (turns, the computer, undo, the
// address, the hint, the engine calls) share one board's state in one closure; a
// game's own drawing is in its own file.

import { AddressWriter, BoardFrame, formOf, gestureKey, grouped, h, hintTable, say, setupForm } from "./kit.js";

/**
 * A move as nimcore lists it (nimcore.games.base.move_json): its opaque `id`, which the board
 * sends back to play it, its French words, the `gestures` that play it on the board (in the
 * board's drawing vocabulary: {heap, take}, {cell}…), the position it reaches (`to`, drawn while
 * nimcore checks the move), and the game's own fields.
 * @typedef {{id?: string, to: any, text: string, gestures?: Record<string, any>[], [field: string]: any}} Move
 */
/**
 * nimcore's view of a position (nimcore.games.base.view).
 * @typedef {{
 *   game: string, position: any, options: Record<string, any>, code: string, terminal: boolean,
 *   rule: string, describe: string, last_mover_wins: boolean, moves: Move[] | null, drawing: any,
 *   reply?: any, setup?: Record<string, string>, end?: Record<string, {winner: string, text: string}>
 * }} PositionView
 *   `moves` is null when the moves are too many to list (or without end):
 *   the board then sends nimcore the reader's gesture. `reply`: the
 *   computer's first move, asked for with a new game's view. `end` (a finished
 *   position): the end-of-game message and the winner, by who played last.
 *   `setup`: the setup form's fields for this position.
 */
/**
 * What a game's `draw` receives.
 * @typedef {{
 *   position: any, options: Record<string, any>, rule: string | null, describe: string | null,
 *   drawing: any, moves: Move[] | null, known: boolean, interactive: boolean, over: boolean,
 *   highlight: Move | null, selection: Move | null,
 *   choose: (move: Move) => void, play: (move: Move) => void,
 *   moveFor: (gesture: Record<string, any>) => Move | null | undefined,
 *   gesture: (gesture: Record<string, any>) => void, same: (a: Move | null, b: Move | null) => boolean,
 *   deselect: () => void, refuse: (message: string) => void, announce: (text: string) => void,
 *   redraw: () => void
 * }} View
 *   `over`: the game has ended (nothing more to play until a new game).
 *   `drawing` is what nimcore adds for drawing the position (the game's
 *   `drawing`, null while a move is being checked or when the game has none).
 *   `moves` are nimcore's legal moves from the position (null while unknown,
 *   or when too many to list: `known` tells which). `moveFor(gesture)` is the listed move a
 *   gesture plays (null: none; undefined: the moves are not listed);
 *   `gesture(gesture)` chooses it, or asks nimcore for the move or its refusal.
 *   `choose(move)` selects a move (choosing it again, or « Jouer », plays it);
 *   `play(move)` plays at once; `same(a, b)`: the same move?
 * @typedef {{
 *   board: string,
 *   draw: (container: HTMLElement, view: View) => void,
 * }} GameSpec
 *   The setup form is drawn from nimcore's schema (data-form) and its texts are sent to
 *   nimcore as typed (`setup`); nimcore refuses a position too large for the board.
 */

/**
 * The same move? (nimcore's ids)
 * @param {Move | null} a
 * @param {Move | null} b
 */
export const sameMove = (a, b) => a !== null && b !== null && a.id === b.id;

/** The moves of each view by gesture (gestureKey → move), built once per view. */
const byGesture = new WeakMap();

/**
 * The listed move of `view` that a gesture plays: null when none, undefined when not listed.
 * @param {PositionView} view
 * @param {Record<string, any>} gesture
 * @returns {Move | null | undefined}
 */
function listedFor(view, gesture) {
  if (view.moves === null) return undefined;
  let table = byGesture.get(view);
  if (!table) {
    table = new Map();
    for (const move of view.moves) {
      for (const one of move.gestures ?? []) table.set(gestureKey(one), move);
    }
    byGesture.set(view, table);
  }
  return table.get(gestureKey(gesture)) ?? null;
}

/** The test hook data-winner's value for a winner (a role of nimcore.games.base.ROLES). */
const WINNER_HOOK = /** @type {Record<string, string>} */ ({
  reader: "humain",
  computer: "ordinateur",
  player1: "joueur1",
  player2: "joueur2",
});

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
    throw new Error(`${spec.board}: data-view missing, or of another game than "${game}"`);
  }
  const frame = new BoardFrame(root, { engine, signal });
  // The opening book of the board's start (data-book): the first exchanges answered at once.
  if (root.dataset.book) engine.useBook(root.dataset.book);
  if (typeof initial.code === "string") engine.warm(game, initial.code);
  const urlKey = urlKeyOf(root, spec);
  // ---- progress of long calls ----------------------------------------------------
  // Any call may report progress (nimcore.progress): the bar shows the latest
  // report, and hides when no call is running.
  const progressBar = h("progress", { class: "game-progress-bar", max: "1", value: "0" });
  const progressText = h("span", { class: "game-progress-text" });
  const stopButton = h("button", { type: "button", class: "md-button game-stop", text: say("stop") });
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
    progressText.textContent = say("progress", { done: grouped(done), total: grouped(total) });
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
    /** who moved first in this game (data-first): "reader" or "computer" (the reader, or player 1, or not) */
    firstRole: "reader",
  };
  let generation = 0;
  // A position in the page's address is read by nimcore (its code); the page's start is shown meanwhile.
  const address = new URL(window.location.href).searchParams;
  const fromUrl = address.get(urlKey);
  let urlPending = fromUrl !== null && fromUrl !== initial.code;
  // On a page with one game board, the address also holds the game's settings (SETTINGS).
  const ownsSettings = document.querySelectorAll("[data-board][data-game]").length === 1;
  if (ownsSettings) {
    if (address.get(SETTINGS.level) === "debutant") state.level = "beginner";
    if (address.get(SETTINGS.level) === "parfait") state.level = "perfect";
    if (address.get(SETTINGS.mode) === "deux") state.vsComputer = false;
  }
  const firstFromUrl = ownsSettings && address.get(SETTINGS.first) === "ordinateur";

  // ---- structure ------------------------------------------------------------
  const turnLine = h("p", { class: "game-turn", "aria-live": "polite" });
  const ruleLine = h("p", { class: "game-rule" });
  const area = h("div", { class: "game-area" });
  const playButton = h("button", { type: "button", class: "md-button md-button--primary game-play", text: say("play") });
  const hintButton = h("button", { type: "button", class: "md-button game-hint-button", text: say("hint") });
  const undoButton = h("button", { type: "button", class: "md-button game-undo", text: say("undo") });
  const hintPanel = h("div", { class: "game-hint", hidden: true });
  // The setup form: drawn from nimcore's schema, its texts sent as typed.
  const schema = setupForm(formOf(root));
  const modeSelect = select("adversaire", [
    ["ordinateur", say("opponent_computer")],
    ["deux", say("opponent_two")],
  ]);
  const levelSelect = select("niveau", [
    ["perfect", say("level_perfect")],
    ["beginner", say("level_beginner")],
  ]);
  const starterSelect = select("premier", [
    ["vous", say("first_reader")],
    ["autre", say("first_computer")],
  ]);
  modeSelect.value = state.vsComputer ? "ordinateur" : "deux";
  levelSelect.value = state.level;
  const uid = `${spec.board}-${Math.random().toString(36).slice(2, 9)}`;
  /** @param {string} label @param {HTMLInputElement | HTMLSelectElement} control */
  const field = (label, control) => {
    control.id = `${uid}-${control.name}`;
    return h("p", { class: "game-field" }, h("label", { for: control.id, text: label }), control);
  };
  const randomButton = h("button", { type: "button", class: "md-button game-random", text: say("random") });
  const form = h(
    "form",
    { class: "game-setup", novalidate: true },
    h(
      "fieldset",
      {},
      h("legend", { text: say("new_game_legend") }),
      schema.element,
      h("p", { class: "game-presets" }, randomButton),
      field(say("opponent"), modeSelect),
      field(say("level"), levelSelect),
      field(say("first"), starterSelect),
      h("button", { type: "submit", class: "md-button md-button--primary", text: say("new_game") }),
    ),
  );
  schema.fill(initial.setup ?? {});
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
  /** Who played as `player` (0: the reader or player 1), as nimcore names the roles (base.ROLES). @param {number} player */
  const roleOf = (player) => (state.vsComputer ? (player === 0 ? "reader" : "computer") : `player${player + 1}`);
  /** The listed moves of the position shown, or null (a move is being checked, or too many to list). */
  const listedMoves = () => (state.position === state.view.position ? state.view.moves : null);

  function render() {
    const moves = listedMoves();
    const focused = document.activeElement;
    const hadFocus = focused instanceof HTMLElement && area.contains(focused);
    const onPlay = focused === playButton;
    spec.draw(area, {
      position: state.position,
      options: state.view.options,
      rule: state.view.rule,
      describe: state.position === state.view.position ? state.view.describe : null,
      drawing: state.position === state.view.position ? state.view.drawing : null,
      moves,
      known: moves !== null,
      interactive: humanToMove(),
      over: state.over,
      highlight: state.highlight,
      selection: state.selection,
      moveFor: (gesture) => (state.position === state.view.position ? listedFor(state.view, gesture) : null),
      gesture: tryGesture,
      same: sameMove,
      choose,
      play: humanMove,
      deselect,
      refuse: (message) => frame.refuse(message),
      announce: (text) => frame.announce(text),
      redraw: () => {
        frame.clearRefusal(); // the reader has moved on: an old refusal no longer applies
        render();
      },
    });
    const lost = () => document.activeElement === null || document.activeElement === document.body;
    ruleLine.replaceChildren(h("strong", { text: say("rule") }), ` ${state.view.rule}`);
    playButton.textContent = computerStalled()
      ? say("computer_play")
      : state.selection
        ? say("play_move", { move: state.selection.text })
        : say("play");
    playButton.disabled = !computerStalled() && (state.selection === null || !humanToMove());
    // The focused control left with the redraw (a listed move played, a list closed), or was
    // « Jouer », now disabled: the keyboard stays on the board, on its first gesture area's
    // stop, not on the page's body.
    if ((hadFocus && lost()) || (onPlay && playButton.disabled)) {
      /** @type {HTMLElement | null} */ (area.querySelector('[tabindex="0"]'))?.focus({ preventScroll: true });
    }
    hintButton.disabled = !humanToMove();
    undoButton.disabled = state.history.length === 0;
    const ready = engine.status.state === "ready";
    if (state.over) {
      turnLine.textContent = `${state.lastText}${say("game_over")}`; // the computer's last move too
    } else if (state.busy && state.vsComputer && state.turn === 1) {
      turnLine.textContent = say(ready ? "thinking" : "thinking_waiting");
    } else if (state.busy) {
      turnLine.textContent = say(ready ? "checking" : "checking_waiting");
    } else if (computerStalled()) {
      turnLine.textContent = say("computer_stalled");
    } else if (state.vsComputer) {
      turnLine.textContent = `${state.lastText}${say("your_turn")}`;
    } else {
      turnLine.textContent = say("player_turn", { player: state.turn + 1 });
    }
    root.dataset.level = state.level;
    root.dataset.first = state.firstRole;
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
  const addressWriter = new AddressWriter();
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
    const before = url.search;
    const value = state.view.code;
    const written = url.searchParams.get(urlKey);
    // The page's own start is the page's address: written only to replace another
    // position, unless the board is not the page's own (data-address-start, lab.js).
    const start = value === initial.code && root.dataset.addressStart !== "written";
    if (written !== value && (written !== null || !start)) {
      url.searchParams.set(urlKey, value);
    }
    if (ownsSettings) {
      // The game's settings, beside the position, when they are not the defaults: who is to
      // move from the position written (the computer, or player 2), the level, two players.
      const settings = {
        [SETTINGS.level]: state.level === "beginner" ? "debutant" : null,
        // Once the game is over, state.turn is who played last: the other is to move.
        [SETTINGS.first]: (state.over ? state.turn === 0 : state.turn === 1) ? "ordinateur" : null,
        [SETTINGS.mode]: state.vsComputer ? null : "deux",
      };
      for (const [name, setting] of Object.entries(settings)) {
        if (setting === null) url.searchParams.delete(name);
        else url.searchParams.set(name, setting);
      }
    }
    if (url.search !== before) {
      addressWriter.replace(url);
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
      firstRole: humanFirst ? "reader" : "computer",
    });
    delete root.dataset.winner;
    schema.fill(view.setup ?? {});
    modeSelect.value = vsComputer ? "ordinateur" : "deux";
    levelSelect.value = level;
    starterSelect.value = humanFirst ? "vous" : "autre";
    hideHint();
    frame.clearMessage();
    if (view.terminal) {
      // A game that ended, reopened from its address: the side to move cannot, so the other
      // played last; nimcore says who won by that.
      const last = humanFirst ? 1 : 0;
      const end = view.end?.[roleOf(last)];
      Object.assign(state, { over: true, busy: false, turn: last }); // over: turn is who played last
      starterSelect.value = "vous"; // the next game: the form's own default, from the page's start
      schema.fill(initial.setup ?? {});
      render();
      if (end) showEnd(end, say("started", { position: view.describe }));
      return;
    }
    render();
    frame.announce(say("started", { position: view.describe }));
    if (vsComputer && !humanFirst) {
      if (first) {
        computerMoved(view, first);
      } else {
        computerTurn(again);
      }
    }
  }

  /**
   * The end of the game as nimcore says it: the winner's hook, the message, and `sentence` (the
   * last move, or the game reopened) read with it.
   * @param {{winner: string, text: string}} end @param {string} sentence
   */
  function showEnd(end, sentence) {
    root.dataset.winner = WINNER_HOOK[end.winner] ?? end.winner;
    frame.inform(end.text);
    frame.announce(`${sentence} ${end.text}`);
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
    const role = roleOf(player);
    const sentence =
      role === "reader"
        ? say("reader_moved", { move: text })
        : role === "computer"
          ? say("computer_moved", { move: text })
          : say("player_moved", { player: player + 1, move: text });
    state.lastText = role === "computer" ? `${say("computer_played", { move: text })} ` : "";
    if (answer.terminal) {
      state.over = true;
      // nimcore says who won and why, by who played the last move.
      const end = answer.view.end?.[role];
      if (end) showEnd(end, sentence);
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

  /**
   * What computer_move needs besides the position: the level, and a seed for the beginner's
   * errors (the perfect computer needs none: its requests are the opening book's).
   */
  const computerLevel = () => (state.level === "beginner" ? { level: state.level, seed: randomSeed() } : { level: state.level });
  /** The current position, as the engine reads it. */
  const current = () => ({ position: state.view.position, options: state.view.options });

  /** Select a move; choosing the selected move again plays it. @param {Move} move */
  function choose(move) {
    if (!humanToMove()) {
      frame.refuse(say(state.over ? "over_start_again" : "wait_turn"));
      return;
    }
    if (sameMove(state.selection, move)) {
      humanMove(move);
      return;
    }
    state.selection = move;
    frame.clearMessage();
    render();
    frame.announce(say("chosen", { move: move.text }));
  }

  /**
   * A reader's gesture on the board: the listed move it plays is chosen; otherwise nimcore is
   * asked ("<game>.move"), and its move is chosen or its refusal shown.
   * @param {Record<string, any>} gesture
   */
  function tryGesture(gesture) {
    if (!humanToMove()) {
      frame.refuse(say(state.over ? "over_start_again" : "wait_turn"));
      return;
    }
    const listed = listedFor(state.view, gesture);
    if (listed) {
      choose(listed);
      return;
    }
    const ticket = generation;
    call("move", { ...current(), gesture })
      .then((answer) => {
        if (!signal.aborted && ticket === generation) {
          choose(answer.move);
        }
      })
      .catch((error) => {
        if (!signal.aborted && ticket === generation) {
          frame.refuse(say("refused", { reason: error.message }));
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
    frame.announce(say("deselected"));
  }

  /** A move of the player to move (nimcore's, from the view or from "<game>.move"). @param {Move} move */
  function humanMove(move) {
    if (!humanToMove()) {
      frame.refuse(say(state.over ? "over_start_again" : "wait_turn"));
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
    const named = move.id !== undefined ? { move: move.id } : { to: move.to };
    call("play", { position: before.position, options: before.options, ...named, ...reply })
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
        frame.refuse(say("refused", { reason: error.message }));
      });
  }

  /** Whether the engine restarts after *error* (it stopped, or took too long). @param {any} error */
  const restarts = (error) => error.code === "crashed" || error.code === "timeout";
  /** What the board says when the computer's move is asked again after *error*. @param {any} error */
  const restarting = (error) => say(error.code === "crashed" ? "engine_crashed" : "engine_slow");

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
        frame.refuse(say("computer_cannot", { reason: error.message }));
      });
  }

  function undo() {
    if (state.history.length === 0) {
      frame.refuse(say("nothing_to_undo"));
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
    frame.hush();
    frame.inform(say("undone"));
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
      frame.refuse(say(state.over ? "game_is_over" : "wait_turn"));
      return;
    }
    const ticket = generation;
    delete root.dataset.hint; // the verdict shown is the new one's, once it comes
    hintPanel.hidden = false;
    hintPanel.replaceChildren(
      h("p", {
        text: say(engine.status.state === "ready" ? "hint_computing" : "hint_waiting"),
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
          best ? h("p", { class: "game-hint-note", text: say("hint_chosen") }) : "",
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
          frame.refuse(say("hint_unavailable", { reason: error.message }));
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
      frame.refuse(say("choose_first"));
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
    // Drawn like the form's position, with its options (nimcore reads the form).
    const like = { setup: schema.read() };
    const ticket = ++drawing;
    randomButton.disabled = true;
    const waiting = engine.status.state !== "ready";
    if (waiting) {
      frame.inform(say("random_waiting"));
    }
    call("random_start", { ...like, seed: Math.floor(Math.random() * 2 ** 31) })
      .then((answer) => {
        if (signal.aborted || ticket !== drawing) {
          return;
        }
        schema.fill(answer.setup ?? {});
        // Said on screen (an older message goes): what was drawn waits for « Nouvelle partie ».
        frame.inform(say("random_drawn"));
      })
      .catch((error) => {
        if (!signal.aborted && ticket === drawing) {
          frame.refuse(say("random_failed", { reason: error.message }));
        }
      })
      .finally(() => {
        if (!signal.aborted && ticket === drawing) {
          randomButton.disabled = false;
        }
      });
  });
  let starting = 0;
  // A field edited after a refusal: the refusal and the field's mark no longer apply.
  on(form, "input", () => {
    schema.mark(false);
    frame.clearRefusal();
  });
  on(form, "submit", (event) => {
    event.preventDefault();
    const choice = {
      vsComputer: modeSelect.value === "ordinateur",
      level: levelSelect.value,
      humanFirst: starterSelect.value === "vous",
    };
    const ticket = ++starting;
    if (engine.status.state !== "ready") {
      frame.inform(say("start_waiting"));
    }
    root.dataset.setup = "en-attente";
    const asked = { setup: schema.read(), start: true };
    const computerFirst = choice.vsComputer && !choice.humanFirst;
    /** @type {any} the error of a first try, when the engine stopped under it */
    let failed = null;
    // The computer's first move comes with the view: one round trip, not two. Should the
    // engine stop under it, the view is asked alone, then the move once more, as computerTurn does.
    const firstReply = choice.level === "beginner" ? { level: choice.level, seed: randomSeed() } : { level: choice.level };
    call("view", computerFirst ? { ...asked, reply: firstReply } : asked)
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
        schema.mark(false);
        startGame(view, choice, first, failed !== null);
        if (failed !== null) {
          frame.inform(restarting(failed));
        }
      })
      .catch((error) => {
        if (!signal.aborted && ticket === starting) {
          const field = schema.mark(error.code === "invalid", error.field ?? null);
          frame.refuse(say("not_started", { reason: error.message }));
          // The field to correct takes the focus: on a phone, it comes into view, with the refusal
          // just above the form.
          field?.focus();
        }
      });
  });
  const unsubscribe = engine.onStatus(() => {
    if (state.busy) {
      render();
    }
  });
  signal.addEventListener("abort", unsubscribe, { once: true });

  startGame(initial, { vsComputer: state.vsComputer, level: state.level, humanFirst: urlPending || !firstFromUrl });
  if (urlPending) {
    root.dataset.address = "en-attente";
    const ticket = ++starting;
    // A finished game reopens only where the address says who is to move (a page with one
    // board): elsewhere who played last, and so who won, is unknown.
    call("view", { code: fromUrl, start: true, finished: ownsSettings })
      .then((view) => {
        urlPending = false;
        delete root.dataset.address;
        if (!signal.aborted && ticket === starting && state.history.length === 0) {
          startGame(view, { vsComputer: state.vsComputer, level: state.level, humanFirst: !firstFromUrl });
        }
      })
      .catch((error) => {
        urlPending = false;
        delete root.dataset.address;
        if (!signal.aborted && ticket === starting) {
          frame.refuse(say("address_ignored", { reason: error.message.replace(/\.$/, "") }));
        }
      });
  }
}

/**
 * The address's parameters for a game's settings, on a page with one game board:
 * `?nim=1-3-5-7&niveau=debutant&commence=ordinateur` (and `adversaire=deux` for two players).
 * `commence=ordinateur`: the computer (or player 2) is to move from the position in the address.
 */
const SETTINGS = { level: "niveau", first: "commence", mode: "adversaire" };

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
