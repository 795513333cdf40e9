// The laboratory (docs/laboratoire.md): the reader defines a subtraction game
// (a set of amounts, normal or misère), an octal game (a code 0.d1d2…) or
// draws a graph (grapheditor.js), and the engine answers ("lab.analyse",
// nimcore/lab.py) with its values, their period and the French certificate
// that proves it, a plot (nimcore's SVG) — for a graph, each vertex's value,
// the kernel and the labelling step by step — and a board to play the game.
// This file only reads the form, shows the answer, and mounts the site's
// existing board (heaps.js, octal.js or graph.js) on the view nimcore gives:
// no rule, no sentence about a game is written here.
//
// Markup (written by <!-- nimcore:lab -->, site_hooks/tables/lab.py): the form
// and the limits inside <div data-board="lab">.
//
// The definition lives in the address: ?octal=0.137, or
// ?soustraction=1,3,4&misere=1 (and &valeurs=N), or ?graphe=<nimcore's line
// of the drawn graph, a(100,60):b,c;b(60,160):c;c(140,160)>; read by nimcore
// on load (the address's texts, nimcore.lab.read_address), written on each
// computation (a graph's line once nimcore has written it). An address nimcore
// cannot read gives its French message and the default game (the form's first
// values). The board's position is ?plateau=<nimcore's code>, as on any board
// (game.js).
//
// For the readers: the values' table has ten columns and scrolls sideways in
// its box with a cue where it is wider (kit.js scrollCue); the plot shows a
// window of nimcore's values the reader moves along (« ← », « → », or a first
// n typed), as far as the preperiod and two periods, which it marks; while
// the engine computes, the status line says so. Every word is nimcore's (the
// answer's, and the laboratory's block of nimcore/games/words.py).
//
// Test hooks: the results element [data-lab-result] carries, once the engine
// has answered, data-values (JSON list from G(0)), data-period,
// data-preperiod (empty when no period is certified), data-certified
// ("oui" | "non"); data-progress ("done/total") while the engine reports its
// progress. The laboratory's messages are .lab-message; the board mounted by
// « Jouer » is [data-lab-board].
//
// Size: one page's controller, mountLab: the form, the address and the answer's
// display share the laboratory's state in one closure; the board and the graph
// editor are apart.

import { AddressWriter, BoardFrame, grouped, h, say, scrollCue } from "./kit.js";
import { GraphEditor } from "./grapheditor.js";
import { mountGraph } from "./graph.js";
import { mountHeaps } from "./heaps.js";
import { mountOctal } from "./octal.js";

/** The site's boards that play a laboratory game: nimcore's board kind → mount function. */
const MOUNTS = { heaps: mountHeaps, octal: mountOctal, graph: mountGraph };
/** The board's parameter in the address. */
const BOARD_KEY = "plateau";
/** The laboratory's parameters in the address. */
const URL_KEYS = ["octal", "soustraction", "misere", "valeurs", "graphe"];
/** Values per row of the table: ten, read as decimal numbers are (row 30, column +7: 37). */
const ROW = 10;

/**
 * A game as the engine reads it ("lab.analyse"); `values` may be the text
 * typed, which nimcore then refuses in French.
 * @typedef {{kind: "subtraction", set: string | number[], misere: boolean, values: number | string, from?: number | string}
 *   | {kind: "octal", code: string, values: number | string, from?: number | string}
 *   | {kind: "graph", graph: string | import("./grapheditor.js").EditorVertex[]}} Definition
 */
/**
 * The engine's answer (nimcore.lab.analyse).
 * @typedef {{
 *   kind: string, title: string, values: number[], outcomes: string, misere: boolean,
 *   period: number | null, preperiod: number | null, certified: boolean, verdict: string, certificate: string,
 *   rare_text?: string, plot?: string, plot_text?: string, definition: Record<string, any>,
 *   plot_window?: {from: number, size: number, limit: number}, table_caption?: string, no_board?: string,
 *   asked?: Definition,
 *   graph?: import("./grapheditor.js").GraphView, kernel?: string[], drawing_text?: string,
 *   steps?: {vertex: string, value: number, explanation: string}[], labelling?: {start: string, done: string},
 *   board: {kind: "heaps" | "octal" | "graph", game: string, code: string, view: any, form: any, graphs?: any} | null,
 * }} Analysis
 */

/** A count typed by the reader: a number when it is one, else the text (nimcore refuses it). */
const count = (/** @type {string} */ text) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : text.trim());

/**
 * The laboratory's parameters in the address, as written (nimcore reads them): null when none.
 * @param {URLSearchParams} params
 * @returns {Record<string, string> | null}
 */
function fromAddress(params) {
  const found = Object.fromEntries(URL_KEYS.flatMap((key) => (params.has(key) ? [[key, params.get(key) ?? ""]] : [])));
  return Object.keys(found).length > 0 ? found : null;
}

/**
 * Set up the laboratory inside `root` (its form is the page's).
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountLab(root, { engine, signal }) {
  const form = /** @type {HTMLFormElement | null} */ (root.querySelector("form.lab-form"));
  if (!form) {
    throw new Error("lab: the page has no form.lab-form");
  }
  const address = new AddressWriter();
  const input = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.querySelector(`input[name="${name}"]`));
  const kinds = /** @type {HTMLInputElement[]} */ ([...form.querySelectorAll('input[name="nature"]')]);
  const setInput = input("ensemble");
  const misereInput = input("misere");
  const codeInput = input("code");
  const valuesInput = input("valeurs");
  const submitButton = /** @type {HTMLButtonElement} */ (form.querySelector('button[type="submit"]'));
  const subtractionPart = /** @type {HTMLElement} */ (form.querySelector(".lab-subtraction"));
  const octalPart = /** @type {HTMLElement} */ (form.querySelector(".lab-octal"));
  const graphPart = /** @type {HTMLElement} */ (form.querySelector(".lab-graph"));
  const countPart = /** @type {HTMLElement} */ (form.querySelector(".lab-count"));
  const editorPlace = /** @type {HTMLElement} */ (form.querySelector(".lab-graph-editor"));
  /** The graph drawn first: nimcore's line of the chapter's graph (nimcore.lab.DEFAULT_GRAPH). */
  const defaultGraph = editorPlace.dataset.graph ?? "";
  /** @param {EventTarget} target @param {string} type @param {(event: any) => void} handler */
  const on = (target, type, handler) => target.addEventListener(type, handler, { signal });

  const frame = new BoardFrame(root, { engine, signal });
  const progressBar = h("progress", { class: "game-progress-bar" });
  const progressText = h("span", { class: "game-progress-text", text: say("lab_computing") });
  const stopButton = h("button", { type: "button", class: "md-button game-stop", text: say("lab_stop") });
  const progressLine = h("p", { class: "game-progress lab-progress", hidden: true }, h("label", {}, progressText, " ", progressBar), " ", stopButton);
  const result = h("div", { class: "lab-result", "data-lab-result": "" });
  const boardPlace = h("div", { class: "lab-board" });
  frame.message.classList.add("lab-message");
  root.append(frame.status, frame.offlineNote ?? "", progressLine, frame.message, result, boardPlace, frame.announcer);
  root.classList.add("lab-board-root");

  /** @type {AbortController | null} the computation under way */
  let stopper = null;
  /** @type {AbortController | null} the board mounted by « Jouer » */
  let boardLife = null;
  let generation = 0;
  /** @type {Analysis | null} the drawn graph nimcore last accepted, shown again after a refused change */
  let lastGraph = null;
  /** @type {Analysis | null} the answer shown (its plot's window is moved by asking it again) */
  let shownAnswer = null;
  // While the engine computes, the status line says so (« Calcul… »), not « Moteur prêt. ».
  let computing = false;
  const showStatus = () => {
    if (computing && engine.status.state === "ready") {
      frame.status.textContent = say("lab_status_computing");
      frame.status.dataset.state = "busy";
    } else {
      frame.status.textContent = engine.status.message;
      frame.status.dataset.state = engine.status.state;
    }
  };
  signal.addEventListener("abort", engine.onStatus(showStatus), { once: true });
  const editor = new GraphEditor(editorPlace, {
    signal,
    describedBy: "lab-graph-aide",
    announce: (text) => frame.announce(text),
    onEdit: (vertices, said) => compute({ kind: "graph", graph: vertices }, { said }),
  });
  signal.addEventListener("abort", () => {
    stopper?.abort();
    boardLife?.abort();
  });

  // ---- the form ---------------------------------------------------------------
  // The three kinds of definition (nimcore.lab's `kind`), each with its radio and its part of
  // the form: which is checked says what the form defines.
  const radio = (/** @type {string} */ value) => /** @type {HTMLInputElement} */ (kinds.find((one) => one.value === value));
  const radioOf = { subtraction: radio("soustraction"), octal: radio("octal"), graph: radio("graphe") };
  const isGraph = () => radioOf.graph.checked;
  const isOctal = () => radioOf.octal.checked;
  function showKind() {
    octalPart.hidden = !isOctal();
    graphPart.hidden = !isGraph();
    subtractionPart.hidden = isOctal() || isGraph();
    countPart.hidden = isGraph();
  }
  /** @returns {Definition} */
  function readForm() {
    const values = count(valuesInput.value);
    if (isGraph()) {
      return { kind: "graph", graph: editor.vertices.length > 0 ? editor.vertices : defaultGraph };
    }
    return isOctal()
      ? { kind: "octal", code: codeInput.value.trim(), values }
      : { kind: "subtraction", set: setInput.value.trim(), misere: misereInput.checked, values };
  }
  /** @param {Definition} definition */
  function fillForm(definition) {
    radioOf[definition.kind].checked = true;
    if ("code" in definition) {
      codeInput.value = definition.code;
    }
    if ("set" in definition) {
      setInput.value = String(definition.set);
      misereInput.checked = definition.misere;
    }
    if ("values" in definition) {
      valuesInput.value = String(definition.values);
    }
    showKind();
  }
  /** The form's own first values: the default game (nimcore.lab.DEFAULT). @returns {Definition} */
  function defaultGame() {
    const values = count(valuesInput.defaultValue);
    return radioOf.octal.defaultChecked
      ? { kind: "octal", code: codeInput.defaultValue, values }
      : { kind: "subtraction", set: setInput.defaultValue, misere: misereInput.defaultChecked, values };
  }

  // ---- the address --------------------------------------------------------------
  /** @param {Definition} definition */
  function writeAddress(definition) {
    const url = new URL(window.location.href);
    for (const key of [...URL_KEYS, BOARD_KEY]) {
      url.searchParams.delete(key);
    }
    if ("graph" in definition) {
      url.searchParams.set("graphe", String(definition.graph));
    } else if ("code" in definition) {
      url.searchParams.set("octal", definition.code);
    } else {
      url.searchParams.set("soustraction", String(definition.set).replace(/[\s,;]+/g, ","));
      if (definition.misere) {
        url.searchParams.set("misere", "1");
      }
    }
    if ("values" in definition) {
      url.searchParams.set("valeurs", String(definition.values));
    }
    // Commas, colons, semicolons and parentheses may stay as they are in a query: the link reads better.
    url.search = url.search.replace(/%2C/gi, ",").replace(/%3A/gi, ":").replace(/%3B/gi, ";").replace(/%28/gi, "(").replace(/%29/gi, ")");
    address.replace(url);
  }

  // ---- computing ------------------------------------------------------------------
  /** @param {number} done @param {number} total */
  function showProgress(done, total) {
    progressBar.max = Math.max(1, total);
    progressBar.value = Math.min(done, total);
    progressText.textContent = say("lab_progress", { done: grouped(done), total: grouped(total) });
    result.dataset.progress = `${done}/${total}`;
  }

  /**
   * Ask the engine for `definition`'s game and show it.
   * @param {Definition | {address: Record<string, string>}} definition
   * @param {{fromAddress?: boolean, board?: string | null, said?: string}} [how]  `fromAddress`: a refusal
   *   falls back to the default game; `board`: a position code to open the board at; `said`:
   *   the change of the drawn graph that asked for it (a refusal then keeps the graph before).
   */
  function compute(definition, how = {}) {
    generation += 1;
    const mine = generation;
    stopper?.abort();
    stopper = new AbortController();
    closeBoard();
    frame.clearMessage();
    for (const name of ["values", "period", "preperiod", "certified", "progress"]) {
      delete result.dataset[name];
    }
    result.replaceChildren();
    progressBar.removeAttribute("value");
    progressText.textContent = say(engine.status.state === "ready" ? "lab_computing" : "lab_waiting");
    progressLine.hidden = false;
    computing = true;
    showStatus();
    engine
      .request("lab.analyse", definition, { onProgress: (done, total) => mine === generation && showProgress(done, total), signal: stopper.signal })
      .then((/** @type {Analysis} */ answer) => {
        if (mine === generation && !signal.aborted) {
          if (answer.asked) {
            fillForm(answer.asked); // the address's game, as nimcore read it (the address stays)
          }
          if (answer.graph) {
            lastGraph = answer;
            editor.show(answer.graph);
            writeAddress({ kind: "graph", graph: answer.graph.code });
          }
          show(answer, how.said);
          if (how.board && answer.board && sameRule(how.board, answer.board.code)) {
            openBoard(answer.board, answer.title);
          }
        }
      })
      .catch((error) => {
        if (mine !== generation || signal.aborted) {
          return;
        }
        if (error.code === "cancelled") {
          frame.inform(say("lab_stopped"));
        } else if (how.said && error.code === "invalid") {
          // The change is refused (a cycle, a limit): the graph nimcore last accepted comes back.
          editor.restore();
          if (lastGraph) {
            show(lastGraph);
          }
          frame.refuse(say("lab_edit_refused", { reason: error.message }));
        } else if (how.fromAddress && error.code === "invalid") {
          const fallback = defaultGame();
          fillForm(fallback);
          compute(fallback);
          frame.refuse(say("lab_address_refused", { reason: error.message }));
        } else {
          frame.refuse(error.message); // nimcore's words: what is wrong, or the engine's (too long, restarted…)
        }
      })
      .finally(() => {
        if (mine === generation) {
          computing = false;
          showStatus();
          if (progressLine.contains(document.activeElement)) {
            submitButton.focus(); // « Arrêter » disappears: the focus goes to « Calculer », which starts again
          }
          progressLine.hidden = true;
          delete result.dataset.progress;
        }
      });
  }

  /**
   * Do two position codes play the same game: the same rule after the heaps, or the same
   * drawn graph (its line, written with its places, before the tokens)?
   * @param {string} code
   */
  const rulePart = (code) => (code.includes("(") ? code.slice(0, code.indexOf("-")) : code.slice(code.indexOf("_")));
  const sameRule = (/** @type {string} */ a, /** @type {string} */ b) => rulePart(a) === rulePart(b);

  // ---- the answer -----------------------------------------------------------------
  /** @param {Analysis} answer @param {string} [said] the change of the drawn graph, said first */
  function show(answer, said) {
    const { values, period, preperiod, certified } = answer;
    shownAnswer = answer;
    /** @type {HTMLElement[]} */
    const parts = [
      h("p", { class: "lab-title" }, h("strong", { text: capitalise(answer.title) }), ` — ${answer.verdict}`),
      h("p", { class: "lab-certificate" }, h("strong", { text: say("lab_certificate") }), ` ${answer.certificate}`),
    ];
    if (answer.rare_text) {
      parts.push(h("p", { class: "lab-rare" }, h("strong", { text: say("lab_sparse") }), ` ${answer.rare_text}`));
    }
    if (answer.graph) {
      parts.push(vertexTable(answer), labelling(answer));
    } else {
      parts.push(valuesTable(answer), plot(answer));
    }
    if (answer.board) {
      const board = answer.board;
      const play = h("button", { type: "button", class: "md-button md-button--primary lab-play", text: say("lab_play") });
      play.addEventListener("click", () => openBoard(board, answer.title, true));
      parts.push(h("p", { class: "lab-actions" }, play, ` ${say("lab_play_against")}`));
    } else {
      parts.push(h("p", { class: "lab-actions", text: answer.no_board ?? "" }));
    }
    result.replaceChildren(...parts);
    result.dataset.values = JSON.stringify(values);
    result.dataset.period = period === null ? "" : String(period);
    result.dataset.preperiod = preperiod === null ? "" : String(preperiod);
    result.dataset.certified = certified ? "oui" : "non";
    const told = say("lab_said", { title: capitalise(answer.title), verdict: answer.verdict });
    frame.announce(said ? `${said} ${told}` : told);
  }

  /**
   * A drawn graph's vertices: successors and value, the P-positions marked (the text
   * alternative of the drawing, whose values are written beside the vertices).
   * @param {Analysis} answer
   */
  function vertexTable(answer) {
    const rows = (answer.graph?.vertices ?? []).map((vertex) =>
      h(
        "tr",
        {},
        h("th", { scope: "row", text: vertex.name }),
        h("td", { text: vertex.successors.length > 0 ? vertex.successors.join(", ") : say("lab_no_successor") }),
        h("td", { class: vertex.value === 0 ? "is-p" : null, text: String(vertex.value) }),
      ),
    );
    const caption = h("p", { class: "lab-caption", id: `lab-sommets-${generation}`, text: answer.drawing_text ?? "" });
    const table = h(
      "table",
      { class: "nimcore-table lab-vertices", "aria-describedby": caption.id },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: say("lab_vertex") }), h("th", { scope: "col", text: say("lab_successors") }), h("th", { scope: "col", text: "g(x)" }))),
      h("tbody", {}, ...rows),
    );
    return h("div", { class: "lab-table" }, caption, scrollCue(table, { label: say("lab_vertices_table"), focusable: true, signal }));
  }

  /** nimcore's labelling of the drawn graph, one vertex per step, folded until asked for. @param {Analysis} answer */
  function labelling(answer) {
    const steps = answer.steps ?? [];
    return h(
      "details",
      { class: "lab-steps" },
      h("summary", { text: say("lab_labelling") }),
      h("p", { text: answer.labelling?.start ?? "" }),
      h("ol", {}, ...steps.map((step) => h("li", { "data-vertex": step.vertex }, h("strong", { text: `g(${step.vertex}) = ${step.value}.` }), ` ${step.explanation}`))),
      h("p", { text: answer.labelling?.done ?? "" }),
    );
  }

  /**
   * The values in one table, ROW to a row (row n, column +k: the value of n + k), the
   * P-positions marked; in misère play, the outcomes P and N. It scrolls sideways in its box
   * where it is wider than the page, with a cue; its caption (nimcore's) wraps above it.
   * @param {Analysis} answer
   */
  function valuesTable(answer) {
    const width = Math.min(ROW, answer.values.length);
    const rows = [];
    for (let start = 0; start < answer.values.length; start += ROW) {
      const block = answer.values.slice(start, start + ROW);
      rows.push(
        h(
          "tr",
          {},
          h("th", { scope: "row", text: String(start) }),
          ...block.map((value, index) =>
            h("td", { class: value === 0 ? "is-p" : null, text: answer.misere ? answer.outcomes[start + index] : String(value) }),
          ),
        ),
      );
    }
    const caption = h("p", { class: "lab-caption", id: `lab-legende-${generation}`, text: answer.table_caption ?? "" });
    const headers = Array.from({ length: width }, (_, index) => h("th", { scope: "col", text: `+${index}` }));
    const table = h(
      "table",
      { class: "nimcore-table lab-values", "aria-describedby": caption.id },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "n" }), ...headers)),
      h("tbody", {}, ...rows),
    );
    return h("div", { class: "lab-table" }, caption, scrollCue(table, { label: say("lab_values_table"), focusable: true, signal }));
  }

  /**
   * nimcore's SVG plot (parsed as SVG, never run), with its caption and the controls that move
   * its window along the values (nimcore draws each window: "lab.analyse" with `from`).
   * @param {Analysis} answer
   */
  function plot(answer) {
    const figure = h("figure", { class: "nimcore-figure-box lab-plot" });
    const window = answer.plot_window ?? { from: 0, size: answer.values.length, limit: answer.values.length };
    const draw = (/** @type {Analysis} */ drawn) => {
      const parsed = new DOMParser().parseFromString(drawn.plot ?? "", "image/svg+xml").documentElement;
      const svg = parsed.nodeName === "svg" ? document.importNode(parsed, true) : "";
      figure.replaceChildren(svg, h("figcaption", { text: drawn.plot_text }));
    };
    draw(answer);
    if (window.limit <= window.size) {
      return figure;
    }
    let at = window.from;
    const before = h("button", { type: "button", class: "md-button lab-plot-before", "aria-label": say("lab_plot_before"), text: "←" });
    const after = h("button", { type: "button", class: "md-button lab-plot-after", "aria-label": say("lab_plot_after"), text: "→" });
    const field = h("input", { type: "text", name: "depuis", inputmode: "numeric", autocomplete: "off", id: `lab-depuis-${generation}`, value: String(at) });
    const controls = h(
      "form",
      { class: "lab-plot-window", novalidate: true },
      before,
      after,
      h("label", { for: field.id, text: say("lab_plot_from") }),
      field,
      h("button", { type: "submit", class: "md-button", text: say("lab_plot_show") }),
    );
    const settle = () => {
      before.disabled = at <= 0;
      after.disabled = at + window.size >= window.limit;
      field.value = String(at);
    };
    settle();
    /** Ask nimcore for the window from `first` (a number, or the text typed). @param {number | string} first */
    const move = (first) => {
      const shown = shownAnswer;
      if (shown === null) return;
      const count = shown.values.length;
      const definition = "code" in shown.definition
        ? { kind: "octal", code: shown.definition.code, values: count, from: first }
        : { kind: "subtraction", set: shown.definition.set, misere: shown.definition.misere, values: count, from: first };
      const mine = generation;
      engine
        .request("lab.analyse", definition, { signal })
        .then((/** @type {Analysis} */ moved) => {
          if (mine !== generation || signal.aborted) return;
          at = moved.plot_window?.from ?? 0;
          field.removeAttribute("aria-invalid");
          frame.clearMessage();
          draw(moved);
          settle();
          frame.announce(moved.plot_text ?? "");
        })
        .catch((error) => {
          if (mine !== generation || signal.aborted) return;
          field.setAttribute("aria-invalid", "true");
          frame.refuse(error.message);
        });
    };
    before.addEventListener("click", () => move(Math.max(0, at - window.size / 2)));
    after.addEventListener("click", () => move(at + window.size / 2));
    controls.addEventListener("submit", (event) => {
      event.preventDefault();
      move(field.value);
    });
    return h("div", { class: "lab-plot-area" }, figure, controls);
  }

  // ---- the board ------------------------------------------------------------------
  /**
   * Mount the site's board of the defined game below the results.
   * @param {NonNullable<Analysis["board"]>} board
   * @param {string} title  the game's name (nimcore's), which names the board
   * @param {boolean} [focus]  asked for by « Jouer »: the focus goes to the board, « Jouer » being gone
   */
  function openBoard(board, title, focus = false) {
    closeBoard();
    // The board is below, with its own « Nouvelle partie »: « Jouer » leaves.
    const actions = result.querySelector(".lab-actions");
    if (actions instanceof HTMLElement) {
      actions.hidden = true;
    }
    // A position of another game in the address must not start this board (game.js reads it).
    const url = new URL(window.location.href);
    const kept = url.searchParams.get(BOARD_KEY);
    if (kept !== null && !sameRule(kept, board.code)) {
      url.searchParams.delete(BOARD_KEY);
      address.replace(url);
    }
    boardLife = new AbortController();
    const element = h("div", {
      role: "region",
      "aria-label": say("lab_board", { title }),
      tabindex: "-1",
      // addressStart: the address reopens the game defined here, from its start (game.js).
      dataset: {
        labBoard: board.kind,
        game: board.game,
        key: BOARD_KEY,
        view: JSON.stringify(board.view),
        form: JSON.stringify(board.form),
        addressStart: "written",
      },
    });
    if (board.graphs) {
      element.dataset.graphs = JSON.stringify(board.graphs); // the drawn graph's layout (graph.js)
    }
    boardPlace.replaceChildren(element);
    MOUNTS[board.kind](element, { engine, signal: boardLife.signal });
    if (focus) {
      element.focus({ preventScroll: true });
    }
    element.scrollIntoView({ block: "nearest" });
  }
  function closeBoard() {
    boardLife?.abort();
    boardLife = null;
    boardPlace.replaceChildren();
  }

  // ---- set-up -----------------------------------------------------------------------
  for (const one of kinds) {
    on(one, "change", () => {
      showKind();
      if (isGraph()) {
        compute(readForm()); // a drawn graph is computed at once, and after each change
      }
    });
  }
  for (const button of /** @type {HTMLButtonElement[]} */ ([...form.querySelectorAll("button.lab-example")])) {
    on(button, "click", () => {
      radioOf.octal.checked = true;
      codeInput.value = button.dataset.code ?? "";
      showKind();
      form.requestSubmit();
    });
  }
  on(form, "submit", (event) => {
    event.preventDefault();
    const definition = readForm();
    if (!("graph" in definition)) {
      writeAddress(definition); // a graph's line is nimcore's, written with its answer
    }
    compute(definition);
  });
  on(stopButton, "click", () => stopper?.abort());

  const params = new URL(window.location.href).searchParams;
  const wanted = fromAddress(params);
  if (wanted) {
    compute({ address: wanted }, { fromAddress: true, board: params.get(BOARD_KEY) });
  } else {
    showKind();
    compute(readForm());
  }
}

/** The first letter in capitals: "le jeu…" → "Le jeu…". @param {string} text */
const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);
