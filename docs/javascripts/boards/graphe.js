// Tokens on a graph (nimcore's game "graph"): a small graph without circuits,
// one to four tokens on its vertices (several may share one); a move slides
// one token along an arc; the player who can move no token loses.
//
// The graphs are nimcore's worked graphs (nimcore.graph.EXAMPLES), or the one
// graph drawn in the laboratory (lab.js mounts this board with nimcore's layout
// of it, the option graph being its line, checked by nimcore.graph.drawn).
// The page's element carries, for each of them,
// the drawing and the steps of the Grundy function with their sentences,
// computed by nimcore at build time (placeholder « graph-board »,
// site_hooks/tables/graphs.py): the board is drawn, and the labelling
// works, before the engine is ready. The position is the list of the tokens'
// vertices, the options {graph}. Which token can move where, the words of
// each move and why a move is refused are nimcore's (the view's moves).
//
// A token is chosen by its vertex (a button over the drawing), then one of the
// successors nimcore lists for it (buttons too); choosing the same successor
// again, or « Jouer », plays the move. Tab or the arrow keys go from button to
// button; Escape gives the token up. « Étiqueter pas à pas » writes the
// Grundy value of one vertex at a time, successors first, saying why.
//
// Markup (written by <!-- nimcore:graph-board name=exemple tokens=b,c -->):
// <div data-board="graphe" data-game="graph" data-view='{…}' data-graphs="{…}"></div>
// URL: ?graphe=exemple-b-c (nimcore's code: the graph, then each token's vertex).

import { FocusKeeper, followChosen, formField, formOf, h, svg as s } from "./kit.js";
import { mountGame } from "./game.js";


/**
 * @typedef {{name: string, at: number[], label: number[], badge: number[], successors: string[]}} Vertex
 * @typedef {{vertex: string, successors: string[], values: number[], seen: number[], value: number, explanation: string}} Step
 * @typedef {{title: string, width: number, height: number, radius: number, vertices: Vertex[],
 *   arcs: {source: string, target: string, curve: string, head: string}[], steps: Step[],
 *   labelling: {start: string, done: string}, arcs_text: string}} WorkedGraph
 */

/**
 * SVG text centred on a point [x, y] of the drawing.
 * @param {number[]} point
 * @param {Record<string, any>} attributes
 */
function textAt([x, y], attributes) {
  return s("text", { x, y, dy: "0.35em", "text-anchor": "middle", ...attributes });
}

/** French enumeration of names: "a", "a et b", "a, b et c". @param {(string | number)[]} items */
function listed(items) {
  const words = items.map(String);
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} et ${words[words.length - 1]}`;
}

const capitalised = (/** @type {string} */ text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Read the tokens typed by the reader ("b c", "b, c"): syntax only, nimcore checks them.
 * @param {string} name
 * @param {string} text
 * @param {import("./kit.js").SetupForm} form  nimcore's setup form (its sentence for no token)
 * @returns {import("./game.js").Setup}
 */
function readSetup(name, text, form) {
  const tokens = String(text).split(/[\s,;]+/).filter(Boolean).map((part) => part.toLowerCase());
  if (tokens.length === 0) {
    return { ok: false, message: form.texts.no_token ?? "" };
  }
  return { ok: true, position: tokens, options: { graph: name } };
}

/**
 * The spec of one board: it keeps its chosen token and its labelling.
 * @param {Record<string, WorkedGraph>} graphs
 * @param {import("./kit.js").SetupForm} form  nimcore's setup form (data-form)
 */
function grapheSpec(graphs, form) {
  const tokensField = formField(form, "tokens");
  /** The token whose successors are shown. @type {number | null} */
  let chosen = null;
  const following = { shownFor: "", lastSelection: "null" }; // for followChosen
  /** The step-by-step labelling: on which graph, shown or not, how many steps revealed. */
  const labelling = { graph: "", open: false, revealed: 0, history: false };
  /** Where the focus goes after the next drawing (keyboard use). */
  const focus = new FocusKeeper();

  /** @type {import("./game.js").GameSpec} */
  return {
    board: "graphe",
    fields() {
      const uid = Math.random().toString(36).slice(2, 8);
      const which = h(
        "select",
        { name: "graphe", id: `graphe-graphe-${uid}` },
        ...Object.entries(graphs).map(([name, graph]) => h("option", { value: name, text: capitalised(graph.title) })),
      );
      const tokens = h("input", { type: "text", name: "jetons", autocomplete: "off", spellcheck: "false", id: `graphe-jetons-${uid}` });
      const help = h("span", {
        class: "graphe-field-help",
        id: `graphe-aide-${uid}`,
        text: tokensField.help ?? "",
      });
      tokens.setAttribute("aria-describedby", help.id);
      // Another graph: keep the tokens if they are its vertices, else one token on its first vertex.
      which.addEventListener("change", () => {
        const names = graphs[which.value].vertices.map((vertex) => vertex.name);
        const typed = readSetup(which.value, tokens.value, form);
        if (!typed.ok || !("position" in typed) || typed.position.some((/** @type {string} */ name) => !names.includes(name))) {
          tokens.value = names[0];
        }
      });
      return {
        element: h(
          "div",
          {},
          h("p", { class: "game-field" }, h("label", { for: which.id, text: formField(form, "graph").label }), which),
          h("p", { class: "game-field graphe-field" }, h("label", { for: tokens.id, text: tokensField.label }), tokens, help),
        ),
        fill(position, options) {
          which.value = options.graph;
          tokens.value = position.join(" ");
        },
        read: () => readSetup(which.value, tokens.value, form),
      };
    },
    draw(container, view) {
      const graph = graphs[view.options.graph];
      const tokens = /** @type {string[]} */ (view.position);
      const byName = new Map(graph.vertices.map((vertex) => [vertex.name, vertex]));
      const moves = view.moves ?? [];
      /** nimcore's moves of token `index`. */
      const movesOf = (/** @type {number} */ index) => moves.filter((move) => move.token === index);
      const stuckAt = (/** @type {number} */ index) => view.known && movesOf(index).length === 0;
      // A move chosen on the board or by the hint shows its token's successors.
      const selected = view.selection ? { index: view.selection.token, vertex: view.selection.target } : null;
      chosen = followChosen(following, chosen, {
        key: JSON.stringify([view.options.graph, tokens]),
        selection: view.selection ? view.selection.to : null,
        selected,
        movable: (index) => index < tokens.length && !stuckAt(index),
      });
      if (labelling.graph !== view.options.graph) {
        Object.assign(labelling, { graph: view.options.graph, revealed: 0 });
      }
      const hinted = view.highlight ? { index: view.highlight.token, vertex: view.highlight.target } : null;
      focus.remember(container);

      const source = chosen === null ? null : tokens[chosen];
      const targetMoves = chosen === null ? [] : movesOf(chosen);
      const targets = targetMoves.map((move) => move.target);
      const shown = labelling.open ? graph.steps.slice(0, labelling.revealed) : [];
      const value = new Map(shown.map((step) => [step.vertex, step.value]));
      const current = shown.length > 0 ? shown[shown.length - 1] : null;
      const onVertex = (/** @type {string} */ name) => tokens.flatMap((vertex, index) => (vertex === name ? [index] : []));

      // ---- the drawing ------------------------------------------------------
      const arcs = graph.arcs.map((arc) => {
        const classes = ["graphe-arc"];
        if (arc.source === source && targets.includes(arc.target)) classes.push("is-move");
        if (hinted && arc.source === tokens[hinted.index] && arc.target === hinted.vertex) classes.push("is-hinted");
        if (current && arc.source === current.vertex) classes.push("is-step");
        return s("g", { class: classes.join(" ") }, s("path", { d: arc.curve }), s("path", { d: arc.head }));
      });
      const vertices = graph.vertices.map((vertex) => {
        const here = onVertex(vertex.name);
        const classes = ["graphe-vertex"];
        if (here.length > 0) classes.push("is-occupied");
        if (vertex.name === source) classes.push("is-chosen");
        if (targets.includes(vertex.name)) classes.push("is-target");
        if (value.get(vertex.name) === 0) classes.push("is-kernel");
        if (current && current.vertex === vertex.name) classes.push("is-current");
        if (current && current.successors.includes(vertex.name)) classes.push("is-step-successor");
        if (hinted && hinted.vertex === vertex.name) classes.push("is-hinted");
        const [x, y] = vertex.at;
        const group = s(
          "g",
          { class: classes.join(" "), "data-vertex": vertex.name },
          s("circle", { cx: x, cy: y, r: graph.radius }),
          textAt(vertex.at, { class: "graphe-name", text: vertex.name }),
        );
        if (value.has(vertex.name)) {
          group.append(
            textAt(vertex.label, {
              class: "graphe-value",
              "data-value-of": vertex.name,
              text: String(value.get(vertex.name)),
            }),
          );
        }
        if (here.length > 0) {
          group.append(textAt(vertex.badge, { class: "graphe-badge", text: here.map((index) => index + 1).join("·") }));
        }
        return group;
      });
      // The arcs and the tokens in words are nimcore's (the graph's `arcs_text`, the view's `describe`).
      const tokenText = view.describe ? ` ${capitalised(view.describe)}.` : "";
      const valueText = shown.length > 0 ? ` Valeurs écrites\u00a0: ${shown.map((step) => `g(${step.vertex}) = ${step.value}`).join(", ")}.` : "";
      const svg = s(
        "svg",
        {
          class: "graphe-svg",
          viewBox: `0 0 ${graph.width} ${graph.height}`,
          role: "img",
          "aria-label": `${capitalised(graph.title)}. ${graph.arcs_text}${tokenText}${valueText}`,
        },
        s("g", { class: "graphe-arcs" }, ...arcs),
        ...vertices,
      );
      svg.addEventListener("click", (event) => {
        const group = event.target instanceof Element ? event.target.closest("[data-vertex]") : null;
        if (!group) return;
        const name = group.getAttribute("data-vertex");
        if (!view.interactive || chosen !== null) {
          // nimcore says why (not the reader's turn, or no arc from the token's vertex to this one)
          view.attempt(tokens.map((vertex, index) => (index === chosen ? name : vertex)));
        } else {
          view.refuse(`Aucun jeton en ${name}\u00a0: choisissez d’abord un jeton (un sommet plein), puis l’un de ses successeurs.`);
        }
      });

      // ---- the buttons over the drawing ------------------------------------
      const place = (/** @type {Vertex} */ vertex) => {
        const [x, y] = vertex.at;
        const size = ((2 * graph.radius + 4) / graph.width) * 100;
        return `left: ${(x / graph.width) * 100}%; top: ${(y / graph.height) * 100}%; width: ${size}%`;
      };
      const buttons = [];
      for (const vertex of graph.vertices) {
        const here = onVertex(vertex.name);
        if (here.length === 0 || targets.includes(vertex.name)) continue;
        const first = here[0];
        const stuck = stuckAt(first);
        const isChosen = chosen !== null && here.includes(chosen);
        const who = here.length === 1 ? `Jeton ${first + 1} en ${vertex.name}` : `Jetons ${listed(here.map((i) => i + 1))} en ${vertex.name}`;
        const label = stuck
          ? who
          : isChosen
            ? `${who}\u00a0: jeton ${Number(chosen) + 1} choisi, ses successeurs sont marqués (choisir de nouveau pour y renoncer)`
            : `${who}\u00a0: choisir ${here.length === 1 ? "ce jeton" : `le jeton ${first + 1}`}`;
        buttons.push(
          h("button", {
            type: "button",
            class: ["graphe-token", isChosen ? "is-chosen" : "", hinted && here.includes(hinted.index) ? "is-hinted" : "", stuck ? "is-stuck" : ""].filter(Boolean).join(" "),
            style: place(vertex),
            "data-key": `jeton-${vertex.name}`,
            "data-vertex": vertex.name,
            "aria-pressed": isChosen ? "true" : "false",
            "aria-disabled": view.interactive && !stuck ? null : "true",
            "aria-label": label,
            title: label,
            onclick: () => {
              if (!view.interactive || stuck) {
                // nimcore says why (not the reader's turn, or a token that cannot move)
                view.attempt(tokens.map((name, index) => (index === first ? null : name)));
                return;
              }
              if (isChosen) {
                chosen = null;
                focus.next = `jeton-${vertex.name}`;
                view.redraw();
                view.announce(`Jeton ${first + 1} laissé en ${vertex.name}.`);
                return;
              }
              chosen = first;
              const reachable = movesOf(first).map((move) => move.target);
              focus.next = reachable.length > 0 ? `cible-${reachable[0]}` : `jeton-${vertex.name}`;
              view.redraw();
              view.announce(
                reachable.length > 0
                  ? `Jeton ${first + 1} choisi en ${vertex.name}\u00a0: choisissez l’un de ses successeurs, ${listed(reachable)}.`
                  : `Jeton ${first + 1} choisi en ${vertex.name}.`,
              );
            },
          }),
        );
      }
      for (const move of targetMoves) {
        const target = move.target;
        const isSelected = selected !== null && selected.index === chosen && selected.vertex === target;
        const label = `Jeton ${move.token + 1}\u00a0: de ${source} vers ${target}`;
        buttons.push(
          h("button", {
            type: "button",
            class: ["graphe-target", isSelected ? "is-selected" : "", hinted && hinted.vertex === target ? "is-hinted" : ""].filter(Boolean).join(" "),
            style: place(/** @type {Vertex} */ (byName.get(target))),
            "data-key": `cible-${target}`,
            "data-vertex": target,
            "data-to": JSON.stringify(move.to),
            "aria-pressed": isSelected ? "true" : "false",
            "aria-label": label,
            title: move.text,
            onclick: () => {
              focus.next = `cible-${target}`;
              focus.fallback = `jeton-${target}`; // once the move is played, the token is there
              view.choose(move);
            },
          }),
        );
      }
      const layer = h("div", { class: "graphe-buttons", role: "group", "aria-label": `Jetons et coups\u00a0: ${view.describe ?? ""}` }, ...buttons);
      layer.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && chosen !== null) {
          event.preventDefault();
          focus.next = `jeton-${tokens[chosen]}`;
          chosen = null;
          view.deselect();
          view.redraw();
          return;
        }
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
        const all = [...layer.querySelectorAll("button")];
        const at = all.indexOf(/** @type {any} */ (event.target));
        if (step && at >= 0 && all.length > 0) {
          event.preventDefault();
          all[(at + step + all.length) % all.length].focus();
        }
      });
      const drawing = h(
        "div",
        {
          class: `graphe-drawing${view.interactive ? "" : " is-waiting"}`,
          style: `aspect-ratio: ${graph.width} / ${graph.height}; max-width: ${Math.round(graph.width * 1.3)}px`,
        },
        svg,
        layer,
      );
      const legend = h("p", {
        class: "graphe-legend",
        text:
          chosen === null
            ? "Choisissez un jeton (un sommet plein, avec son numéro à côté), puis l’un de ses successeurs\u00a0: le jeton suit une flèche. Un jeton sur un sommet sans successeur ne bouge plus."
            : `Jeton ${chosen + 1} choisi en ${source}\u00a0: ses successeurs sont entourés. Choisissez-en un, puis «\u00a0Jouer\u00a0» (ou le même une seconde fois). Échap change de jeton.`,
      });

      container.replaceChildren(drawing, legend, labellingPanel(graph, shown, view));
      focus.restore(container, chosen !== null ? `jeton-${tokens[chosen]}` : null);
    },
  };

  /**
   * « Étiqueter pas à pas »: the steps of nimcore's Grundy function, one vertex at a time.
   * @param {WorkedGraph} graph
   * @param {Step[]} shown
   * @param {import("./game.js").View} view
   */
  function labellingPanel(graph, shown, view) {
    const total = graph.steps.length;
    // After the change, the focus goes to `keyName`, or to « Effacer » when that button is now
    // disabled (the last step), or to « Suivant » (after « Effacer »).
    /** @param {string} keyName @param {() => void} change @param {() => string} [announce] */
    const act = (keyName, change, announce) => () => {
      change();
      const ended = labelling.revealed >= total && (keyName === "suivant" || keyName === "tout");
      focus.next = ended ? "effacer" : keyName === "effacer" ? "suivant" : keyName;
      view.redraw();
      if (announce) view.announce(announce());
    };
    const kernelText = () => graph.labelling.done;
    const toggle = h("button", {
      type: "button",
      class: "md-button graphe-label-toggle",
      "data-key": "etiqueter",
      "aria-expanded": labelling.open ? "true" : "false",
      text: "Étiqueter pas à pas",
      onclick: act("etiqueter", () => {
        labelling.open = !labelling.open;
      }),
    });
    if (!labelling.open) {
      return h("div", { class: "graphe-labelling" }, h("p", { class: "graphe-labelling-actions" }, toggle));
    }
    const done = labelling.revealed >= total;
    const next = h("button", {
      type: "button",
      class: "md-button md-button--primary graphe-next",
      "data-key": "suivant",
      disabled: done,
      text: "Suivant",
      onclick: act(
        "suivant",
        () => {
          labelling.revealed = Math.min(total, labelling.revealed + 1);
        },
        () => (labelling.revealed >= total ? `${graph.steps[total - 1].explanation} ${kernelText()}` : graph.steps[labelling.revealed - 1].explanation),
      ),
    });
    const all = h("button", {
      type: "button",
      class: "md-button graphe-all",
      "data-key": "tout",
      disabled: done,
      text: "Tout afficher",
      onclick: act("tout", () => {
        labelling.revealed = total;
      }, kernelText),
    });
    const clear = h("button", {
      type: "button",
      class: "md-button graphe-clear",
      "data-key": "effacer",
      disabled: labelling.revealed === 0,
      text: "Effacer",
      onclick: act("effacer", () => {
        labelling.revealed = 0;
      }, () => "Valeurs effacées."),
    });
    const progress =
      shown.length === 0
        ? graph.labelling.start
        : done
          ? kernelText()
          : `Étape ${shown.length} sur ${total}\u00a0: g(${shown[shown.length - 1].vertex}) = ${shown[shown.length - 1].value}. Le sommet traité est cerclé d’orange, ses successeurs de tirets.`;
    // The latest step in full; the earlier ones folded, so the game's buttons stay near.
    const earlier = shown.slice(0, -1);
    const history = h(
      "details",
      { class: "graphe-history", open: labelling.history },
      h("summary", { text: `Étapes précédentes (${earlier.length})` }),
      h("ol", { class: "graphe-steps" }, ...earlier.map((step) => h("li", { "data-vertex": step.vertex, text: step.explanation }))),
    );
    history.addEventListener("toggle", () => {
      labelling.history = history.open;
    });
    return h(
      "div",
      { class: "graphe-labelling", "data-revealed": String(shown.length) },
      h("p", { class: "graphe-labelling-actions" }, toggle, next, all, clear),
      h("p", { class: "graphe-progress", text: progress }),
      shown.length > 0
        ? h("p", { class: "graphe-step", "data-vertex": shown[shown.length - 1].vertex, text: shown[shown.length - 1].explanation })
        : "",
      earlier.length > 0 ? history : "",
    );
  }
}

/**
 * Set up a board of tokens on a graph.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountGraphe(root, context) {
  const graphs = JSON.parse(root.dataset.graphs ?? "{}");
  mountGame(root, context, grapheSpec(graphs, formOf(root)));
}
