// The laboratory (docs/laboratoire.md): the reader defines a subtraction game
// (a set of amounts, normal or misère), an octal game (a code 0.d1d2…) or
// draws a graph (grapheditor.js), and the engine answers ("lab.analyse",
// nimcore/lab.py) with its values, their period and the French certificate
// that proves it, a plot (nimcore's SVG) — for a graph, each vertex's value,
// the kernel and the labelling step by step — and a board to play the game.
// This file only reads the form, shows the answer, and mounts the site's
// existing board (heaps.js, octal.js or graphe.js) on the view nimcore gives:
// no rule, no sentence about a game is written here.
//
// Markup (written by <!-- nimcore:lab -->, site_hooks/tables/lab.py): the form
// and the limits inside <div data-board="lab">.
//
// The definition lives in the address: ?octal=0.137, or
// ?soustraction=1,3,4&misere=1 (and &valeurs=N), or ?graphe=<nimcore's line
// of the drawn graph, a(100,60):b,c;b(60,160):c;c(140,160)>; read on load,
// written on each computation (a graph's line once nimcore has written it). An address nimcore cannot read gives a French message and
// the default game (the form's first values). The board's position is
// ?plateau=<nimcore's code>, as on any board (game.js).
//
// Test hooks: the results element [data-lab-result] carries, once the engine
// has answered, data-values (JSON list from G(0)), data-period,
// data-preperiod (empty when no period is certified), data-certified
// ("oui" | "non"); data-progress ("done/total") while the engine reports its
// progress. The laboratory's messages are .lab-message; the board mounted by
// « Jouer » is [data-lab-board].

import { BoardFrame, grouped, h } from "./kit.js";
import { GraphEditor } from "./grapheditor.js";
import { mountGraphe } from "./graphe.js";
import { mountHeaps } from "./heaps.js";
import { mountOctal } from "./octal.js";

/** The site's boards that play a laboratory game: nimcore's board kind → mount function. */
const MOUNTS = { heaps: mountHeaps, octal: mountOctal, graphe: mountGraphe };
/** The board's parameter in the address. */
const BOARD_KEY = "plateau";
/** The laboratory's parameters in the address. */
const URL_KEYS = ["octal", "soustraction", "misere", "valeurs", "graphe"];
/** Values per row of the table. */
const ROW = 20;

/**
 * A game as the engine reads it ("lab.analyse"); `values` may be the text
 * typed, which nimcore then refuses in French.
 * @typedef {{kind: "subtraction", set: string, misere: boolean, values: number | string}
 *   | {kind: "octal", code: string, values: number | string}
 *   | {kind: "graph", graph: string | import("./grapheditor.js").EditorVertex[]}} Definition
 */
/**
 * The engine's answer (nimcore.lab.analyse).
 * @typedef {{
 *   kind: string, title: string, values: number[], outcomes: string, misere: boolean,
 *   period: number | null, preperiod: number | null, certified: boolean, verdict: string, certificate: string,
 *   rare_text?: string, plot?: string, plot_text?: string, definition: Record<string, any>,
 *   graph?: import("./grapheditor.js").GraphView, kernel?: string[], drawing_text?: string,
 *   steps?: {vertex: string, value: number, explanation: string}[], labelling?: {start: string, done: string},
 *   board: {kind: "heaps" | "octal" | "graphe", game: string, code: string, view: any, form: any, graphs?: any} | null,
 * }} Analysis
 */

/** A count typed by the reader: a number when it is one, else the text (nimcore refuses it). */
const count = (/** @type {string} */ text) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : text.trim());

/**
 * The game the address defines: null when it defines none, a French message when malformed.
 * @param {URLSearchParams} params
 * @returns {Definition | null | string}
 */
function fromAddress(params) {
  const code = params.get("octal");
  const set = params.get("soustraction");
  const graph = params.get("graphe");
  if (graph !== null) {
    if (code !== null || set !== null) {
      return "L’adresse donne à la fois un graphe et un autre jeu\u00a0: il en faut un seul.";
    }
    if (params.get("misere") !== null) {
      return "Dans l’adresse, misere ne s’applique qu’à un jeu de soustraction.";
    }
    return { kind: "graph", graph };
  }
  if (code === null && set === null) {
    return null;
  }
  if (code !== null && set !== null) {
    return "L’adresse donne à la fois un jeu octal et un jeu de soustraction\u00a0: il en faut un seul.";
  }
  const misere = params.get("misere");
  if (misere !== null && misere !== "0" && misere !== "1") {
    return `Dans l’adresse, misere vaut «\u00a0${misere.slice(0, 20)}\u00a0»\u00a0: il vaut 1 (version misère) ou 0.`;
  }
  if (code !== null && misere !== null) {
    return "Dans l’adresse, misere ne s’applique qu’à un jeu de soustraction.";
  }
  const values = count(params.get("valeurs") ?? "100");
  return code !== null ? { kind: "octal", code, values } : { kind: "subtraction", set: set ?? "", misere: misere === "1", values };
}

/**
 * Set up the laboratory inside `root` (its form is the page's).
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountLab(root, { engine, signal }) {
  const form = /** @type {HTMLFormElement | null} */ (root.querySelector("form.lab-form"));
  if (!form) {
    throw new Error("lab: le formulaire manque");
  }
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
  const progressText = h("span", { class: "game-progress-text", text: "Calcul en cours…" });
  const stopButton = h("button", { type: "button", class: "md-button game-stop", text: "Arrêter" });
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
  const editor = new GraphEditor(editorPlace, {
    signal,
    describedBy: "lab-graphe-aide",
    announce: (text) => frame.announce(text),
    onEdit: (vertices, said) => compute({ kind: "graph", graph: vertices }, { said }),
  });
  signal.addEventListener("abort", () => {
    stopper?.abort();
    boardLife?.abort();
  });

  // ---- the form ---------------------------------------------------------------
  /** The radio's value for each kind of game. */
  const RADIO = { subtraction: "soustraction", octal: "octal", graph: "graphe" };
  /** @returns {"subtraction" | "octal" | "graph"} */
  function kind() {
    const value = kinds.find((radio) => radio.checked)?.value;
    return value === "octal" ? "octal" : value === "graphe" ? "graph" : "subtraction";
  }
  function showKind() {
    subtractionPart.hidden = kind() !== "subtraction";
    octalPart.hidden = kind() !== "octal";
    graphPart.hidden = kind() !== "graph";
    countPart.hidden = kind() === "graph";
  }
  /** @returns {Definition} */
  function readForm() {
    const values = count(valuesInput.value);
    if (kind() === "graph") {
      return { kind: "graph", graph: editor.vertices.length > 0 ? editor.vertices : defaultGraph };
    }
    return kind() === "octal"
      ? { kind: "octal", code: codeInput.value.trim(), values }
      : { kind: "subtraction", set: setInput.value.trim(), misere: misereInput.checked, values };
  }
  /** @param {Definition} definition */
  function fillForm(definition) {
    for (const radio of kinds) {
      radio.checked = radio.value === RADIO[definition.kind];
    }
    if (definition.kind === "octal") {
      codeInput.value = definition.code;
    } else if (definition.kind === "subtraction") {
      setInput.value = definition.set;
      misereInput.checked = definition.misere;
    }
    if (definition.kind !== "graph") {
      valuesInput.value = String(definition.values);
    }
    showKind();
  }
  /** The form's own first values: the default game (nimcore.lab.DEFAULT). @returns {Definition} */
  function defaultGame() {
    const values = count(valuesInput.defaultValue);
    return kinds.find((radio) => radio.defaultChecked)?.value === "octal"
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
    if (definition.kind === "graph") {
      url.searchParams.set("graphe", String(definition.graph));
    } else if (definition.kind === "octal") {
      url.searchParams.set("octal", definition.code);
    } else {
      url.searchParams.set("soustraction", definition.set.replace(/[\s,;]+/g, ","));
      if (definition.misere) {
        url.searchParams.set("misere", "1");
      }
    }
    if (definition.kind !== "graph") {
      url.searchParams.set("valeurs", String(definition.values));
    }
    // Commas, colons, semicolons and parentheses may stay as they are in a query: the link reads better.
    url.search = url.search.replace(/%2C/gi, ",").replace(/%3A/gi, ":").replace(/%3B/gi, ";").replace(/%28/gi, "(").replace(/%29/gi, ")");
    if (url.href !== window.location.href) {
      window.history.replaceState(window.history.state, "", url);
    }
  }

  // ---- computing ------------------------------------------------------------------
  /** @param {number} done @param {number} total */
  function showProgress(done, total) {
    progressBar.max = Math.max(1, total);
    progressBar.value = Math.min(done, total);
    progressText.textContent = `Calcul en cours\u00a0: ${grouped(done)} valeurs sur ${grouped(total)}`;
    result.dataset.progress = `${done}/${total}`;
  }

  /**
   * Ask the engine for `definition`'s game and show it.
   * @param {Definition} definition
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
    progressText.textContent = engine.status.state === "ready" ? "Calcul en cours…" : "Le calcul sera fait dès que le moteur sera prêt…";
    progressLine.hidden = false;
    engine
      .request("lab.analyse", definition, { onProgress: (done, total) => mine === generation && showProgress(done, total), signal: stopper.signal })
      .then((/** @type {Analysis} */ answer) => {
        if (mine === generation && !signal.aborted) {
          if (answer.kind === "graph" && answer.graph) {
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
          frame.inform("Calcul arrêté. Définissez un autre jeu, ou relancez celui-ci avec «\u00a0Calculer\u00a0».");
        } else if (how.said && error.code === "invalid") {
          // The change is refused (a cycle, a limit): the graph nimcore last accepted comes back.
          editor.restore();
          if (lastGraph) {
            show(lastGraph);
          }
          frame.refuse(`Modification refusée\u00a0: ${error.message}`);
        } else if (how.fromAddress && error.code === "invalid") {
          const fallback = defaultGame();
          fillForm(fallback);
          compute(fallback);
          frame.refuse(`L’adresse de la page ne définit pas un jeu\u00a0: ${error.message} Voici le jeu par défaut.`);
        } else if (error.code === "invalid") {
          frame.refuse(`Le moteur refuse ce jeu\u00a0: ${error.message}`);
        } else {
          frame.refuse(error.message); // the engine's own words: too long, restarted…
        }
      })
      .finally(() => {
        if (mine === generation) {
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
    /** @type {HTMLElement[]} */
    const parts = [
      h("p", { class: "lab-title" }, h("strong", { text: capitalise(answer.title) }), ` — ${answer.verdict}`),
      h("p", { class: "lab-certificate" }, h("strong", { text: "Certificat." }), ` ${answer.certificate}`),
    ];
    if (answer.rare_text) {
      parts.push(h("p", { class: "lab-rare" }, h("strong", { text: "Espace creux." }), ` ${answer.rare_text}`));
    }
    if (answer.kind === "graph") {
      parts.push(vertexTable(answer), labelling(answer));
    } else {
      parts.push(valuesTable(answer), plot(answer));
    }
    const play = h("button", { type: "button", class: "md-button md-button--primary lab-play", text: "Jouer" });
    if (answer.board) {
      const board = answer.board;
      play.addEventListener("click", () => openBoard(board, answer.title, true));
      parts.push(h("p", { class: "lab-actions" }, play, " contre l’ordinateur parfait ou débutant, ou à deux."));
    } else if (answer.kind === "graph") {
      parts.push(h("p", { class: "lab-actions", text: "Pas de plateau pour ce graphe\u00a0: sans flèche, aucun jeton ne peut bouger." }));
    } else {
      parts.push(h("p", { class: "lab-actions", text: "Pas de plateau pour ce jeu\u00a0: le plateau dessine au plus 40\u00a0allumettes par tas, et aucun coup n’y serait possible." }));
    }
    result.replaceChildren(...parts);
    result.dataset.values = JSON.stringify(values);
    result.dataset.period = period === null ? "" : String(period);
    result.dataset.preperiod = preperiod === null ? "" : String(preperiod);
    result.dataset.certified = certified ? "oui" : "non";
    frame.announce(`${said ? `${said} ` : ""}${capitalise(answer.title)}\u00a0: ${answer.verdict}`);
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
        h("td", { text: vertex.successors.length > 0 ? vertex.successors.join(", ") : "aucun" }),
        h("td", { class: vertex.value === 0 ? "is-p" : null, text: String(vertex.value) }),
      ),
    );
    return h(
      "table",
      { class: "nimcore-table lab-vertices", tabindex: "0" },
      h("caption", { text: answer.drawing_text ?? "" }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Sommet x" }), h("th", { scope: "col", text: "Successeurs" }), h("th", { scope: "col", text: "g(x)" }))),
      h("tbody", {}, ...rows),
    );
  }

  /** nimcore's labelling of the drawn graph, one vertex per step, folded until asked for. @param {Analysis} answer */
  function labelling(answer) {
    const steps = answer.steps ?? [];
    return h(
      "details",
      { class: "lab-steps" },
      h("summary", { text: "Étiquetage pas à pas" }),
      h("p", { text: answer.labelling?.start ?? "" }),
      h("ol", {}, ...steps.map((step) => h("li", { "data-vertex": step.vertex }, h("strong", { text: `g(${step.vertex}) = ${step.value}.` }), ` ${step.explanation}`))),
      h("p", { text: answer.labelling?.done ?? "" }),
    );
  }

  /**
   * The values in one table, ROW to a row (row n, column +k: the value of n + k), the
   * P-positions marked; in misère play, the outcomes P and N. One Tab stop, like the
   * chapters' tables (it scrolls on a narrow screen).
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
    const caption = answer.misere
      ? "Issue d’un tas de n allumettes en version misère (ligne n, colonne +k\u00a0: le tas de n + k)\u00a0; en vert, les positions P, perdantes pour qui doit jouer."
      : "Valeur de Grundy g(n) d’un tas de n (ligne n, colonne +k\u00a0: g(n + k))\u00a0; en vert, les positions P (g(n) = 0), perdantes pour qui doit jouer.";
    const headers = Array.from({ length: width }, (_, index) => h("th", { scope: "col", text: `+${index}` }));
    return h(
      "table",
      { class: "nimcore-table lab-values", tabindex: "0" },
      h("caption", { text: caption }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "n" }), ...headers)),
      h("tbody", {}, ...rows),
    );
  }

  /** nimcore's SVG plot (parsed as SVG, never run), with its caption. @param {Analysis} answer */
  function plot(answer) {
    const parsed = new DOMParser().parseFromString(answer.plot ?? "", "image/svg+xml").documentElement;
    const svg = parsed.nodeName === "svg" ? document.importNode(parsed, true) : "";
    return h("figure", { class: "nimcore-figure-box lab-plot" }, svg, h("figcaption", { text: answer.plot_text }));
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
      window.history.replaceState(window.history.state, "", url);
    }
    boardLife = new AbortController();
    const element = h("div", {
      role: "region",
      "aria-label": `Partie\u00a0: ${title}`,
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
      element.dataset.graphs = JSON.stringify(board.graphs); // the drawn graph's layout (graphe.js)
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
  for (const radio of kinds) {
    on(radio, "change", () => {
      showKind();
      if (kind() === "graph") {
        compute(readForm()); // a drawn graph is computed at once, and after each change
      }
    });
  }
  for (const button of /** @type {HTMLButtonElement[]} */ ([...form.querySelectorAll("button.lab-example")])) {
    on(button, "click", () => {
      for (const radio of kinds) {
        radio.checked = radio.value === "octal";
      }
      codeInput.value = button.dataset.code ?? "";
      showKind();
      form.requestSubmit();
    });
  }
  on(form, "submit", (event) => {
    event.preventDefault();
    const definition = readForm();
    if (definition.kind !== "graph") {
      writeAddress(definition); // a graph's line is nimcore's, written with its answer
    }
    compute(definition);
  });
  on(stopButton, "click", () => stopper?.abort());

  const params = new URL(window.location.href).searchParams;
  const wanted = fromAddress(params);
  if (typeof wanted === "string") {
    const fallback = defaultGame();
    fillForm(fallback);
    compute(fallback);
    frame.refuse(`${wanted} Voici le jeu par défaut.`);
  } else if (wanted) {
    fillForm(wanted);
    compute(wanted, { fromAddress: true, board: params.get(BOARD_KEY) });
  } else {
    showKind();
    compute(readForm());
  }
}

/** The first letter in capitals: "le jeu…" → "Le jeu…". @param {string} text */
const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);
