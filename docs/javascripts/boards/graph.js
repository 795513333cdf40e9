// Tokens on a graph (nimcore's game "graph"): a small graph without circuits,
// one to four tokens on its vertices (several may share one); a move slides
// one token along an arc; the player who can move no token loses.
//
// The graphs are nimcore's worked graphs (nimcore.graph.EXAMPLES), or the one
// graph drawn in the laboratory (lab.js mounts this board with nimcore's layout
// of it). The page's element carries, for each of them, the drawing and the
// steps of the Grundy function with their sentences, computed by nimcore at
// build time (placeholder « graph-board », site_hooks/tables/graphs.py): the
// board is drawn, and the labelling works, before the engine is ready. Which
// token can move where, the words of each move, every refusal and the setup
// form are nimcore's (the view's moves and their gestures, the form's schema).
//
// A gesture is {token: place, to: place}: the token touched by the vertex it
// stands on, then the vertex it goes to. A token that can move is a button
// over its vertex; touching it shows its arrivals (buttons too, each carrying
// its gesture as data-gesture); choosing an arrival again, or « Jouer », plays
// the move. Touching any other vertex is a gesture as well ({token: chosen,
// to: vertex}, or {token: vertex} with no token chosen), which nimcore refuses
// with its reason. The buttons over the drawing are one Tab stop (a roving
// tabindex): the arrow keys go from one to the next, Enter chooses, Escape
// gives the token up. « Étiqueter pas à pas » writes the Grundy value of one
// vertex at a time, successors first, in nimcore's sentences.
//
// Markup (written by <!-- nimcore:graph-board name=exemple tokens=b,c -->):
// <div data-board="graph" data-game="graph" data-view='{…}' data-graphs="{…}"></div>
// URL: ?graphe=exemple-b-c (nimcore's code: the graph, then each token's vertex).

import { followChosen, h, say, svg as s } from "./kit.js";
import { FocusKeeper } from "./roving.js";
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

const capitalised = (/** @type {string} */ text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The place a move's gesture starts from and the place it goes to (null for none). */
const gestureOf = (/** @type {import("./game.js").Move | null} */ move) => {
  const gesture = move?.gestures?.[0];
  return gesture ? { from: String(gesture.token), to: String(gesture.to) } : null;
};

/**
 * The spec of one board: it keeps its chosen token, its Tab stop and its labelling.
 * @param {Record<string, WorkedGraph>} graphs
 */
function graphSpec(graphs) {
  /** The index of the token whose arrivals are shown. @type {number | null} */
  let chosen = null;
  const following = { shownFor: "", lastSelection: "null" }; // for followChosen
  /** The step-by-step labelling: on which graph, shown or not, how many steps revealed. */
  const labelling = { graph: "", open: false, revealed: 0, history: false };
  /** Where the focus goes after the next drawing (keyboard use), and the buttons' Tab stop. */
  const focus = new FocusKeeper();
  /** @type {string | null} */
  let tabStop = null;

  /** @type {import("./game.js").GameSpec} */
  return {
    board: "graph",
    draw(container, view) {
      const graph = graphs[view.options.graph];
      const tokens = /** @type {string[]} */ (view.position);
      const byName = new Map(graph.vertices.map((vertex) => [vertex.name, vertex]));
      const moves = view.moves ?? [];
      /** nimcore's moves of the token(s) on `place`, by their gestures. */
      const movesFrom = (/** @type {string} */ place) => moves.filter((move) => gestureOf(move)?.from === place);
      const stuckAt = (/** @type {number} */ index) => view.known && movesFrom(tokens[index]).length === 0;
      // A move chosen on the board or by the hint shows its token's arrivals.
      const selectedGesture = gestureOf(view.selection);
      const selected = selectedGesture ? { index: tokens.indexOf(selectedGesture.from), vertex: selectedGesture.to } : null;
      chosen = followChosen(following, chosen, {
        key: JSON.stringify([view.options.graph, tokens]),
        selection: view.selection ? view.selection.id ?? view.selection.to : null,
        selected: selected && selected.index >= 0 ? selected : null,
        movable: (index) => index < tokens.length && !stuckAt(index),
      });
      if (labelling.graph !== view.options.graph) {
        Object.assign(labelling, { graph: view.options.graph, revealed: 0 });
      }
      const hinted = gestureOf(view.highlight);
      focus.remember(container);

      const source = chosen === null ? null : tokens[chosen];
      const targetMoves = source === null ? [] : movesFrom(source);
      const targets = targetMoves.map((move) => gestureOf(move)?.to);
      const shown = labelling.open ? graph.steps.slice(0, labelling.revealed) : [];
      const value = new Map(shown.map((step) => [step.vertex, step.value]));
      const current = shown.length > 0 ? shown[shown.length - 1] : null;
      const onVertex = (/** @type {string} */ name) => tokens.flatMap((vertex, index) => (vertex === name ? [index] : []));

      // ---- the drawing ------------------------------------------------------
      const arcs = graph.arcs.map((arc) => {
        const classes = ["graph-arc"];
        if (arc.source === source && targets.includes(arc.target)) classes.push("is-move");
        if (hinted && arc.source === hinted.from && arc.target === hinted.to) classes.push("is-hinted");
        if (current && arc.source === current.vertex) classes.push("is-step");
        return s("g", { class: classes.join(" ") }, s("path", { d: arc.curve }), s("path", { d: arc.head }));
      });
      const vertices = graph.vertices.map((vertex) => {
        const here = onVertex(vertex.name);
        const classes = ["graph-vertex"];
        if (here.length > 0) classes.push("is-occupied");
        if (vertex.name === source) classes.push("is-chosen");
        if (targets.includes(vertex.name)) classes.push("is-target");
        if (value.get(vertex.name) === 0) classes.push("is-kernel");
        if (current && current.vertex === vertex.name) classes.push("is-current");
        if (current && current.successors.includes(vertex.name)) classes.push("is-step-successor");
        if (hinted && hinted.to === vertex.name) classes.push("is-hinted");
        const [x, y] = vertex.at;
        const group = s(
          "g",
          { class: classes.join(" "), "data-vertex": vertex.name },
          s("circle", { cx: x, cy: y, r: graph.radius }),
          textAt(vertex.at, { class: "graph-name", text: vertex.name }),
        );
        if (value.has(vertex.name)) {
          group.append(
            textAt(vertex.label, {
              class: "graph-value",
              "data-value-of": vertex.name,
              text: String(value.get(vertex.name)),
            }),
          );
        }
        if (here.length > 0) {
          group.append(textAt(vertex.badge, { class: "graph-badge", text: here.map((index) => index + 1).join("·") }));
        }
        return group;
      });
      // The arcs and the tokens in words are nimcore's (the graph's `arcs_text`, the view's `describe`).
      const words = [`${capitalised(graph.title)}.`, graph.arcs_text];
      if (view.describe) words.push(`${capitalised(view.describe)}.`);
      if (shown.length > 0) {
        words.push(say("graph_values_written", { values: shown.map((step) => `g(${step.vertex}) = ${step.value}`).join(", ") }));
      }
      const svg = s(
        "svg",
        { class: "graph-svg", viewBox: `0 0 ${graph.width} ${graph.height}`, role: "img", "aria-label": words.join(" ") },
        s("g", { class: "graph-arcs" }, ...arcs),
        ...vertices,
      );
      // A touch on a vertex without a button: a gesture nimcore refuses, saying why
      // (no token there, or no arc from the chosen token's vertex to it).
      svg.addEventListener("click", (event) => {
        const group = event.target instanceof Element ? event.target.closest("[data-vertex]") : null;
        const name = group?.getAttribute("data-vertex");
        if (name) view.gesture(source === null ? { token: name } : { token: source, to: name });
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
        const numbers = here.map((index) => index + 1).join(", ");
        const who = say(here.length === 1 ? "graph_token_one" : "graph_token_many", { tokens: numbers, vertex: vertex.name });
        const label = stuck
          ? who
          : say(isChosen ? "graph_token_chosen" : "graph_token_choose", { who, token: first + 1 });
        const gesture = { token: vertex.name };
        buttons.push(
          h("button", {
            type: "button",
            class: ["graph-token", isChosen ? "is-chosen" : "", hinted && hinted.from === vertex.name ? "is-hinted" : "", stuck ? "is-stuck" : ""].filter(Boolean).join(" "),
            style: place(vertex),
            tabindex: "-1",
            "data-key": `jeton-${vertex.name}`,
            "data-vertex": vertex.name,
            // A token that cannot move is a gesture nimcore refuses, with its reason.
            "data-gesture": stuck ? JSON.stringify(gesture) : null,
            "aria-pressed": isChosen ? "true" : "false",
            "aria-disabled": view.interactive && !stuck ? null : "true",
            "aria-label": label,
            title: label,
            onclick: () => {
              if (!view.interactive || stuck) {
                view.gesture(gesture); // nimcore says why (not the reader's turn, or a token that cannot move)
                return;
              }
              if (isChosen) {
                chosen = null;
                focus.next = `jeton-${vertex.name}`;
                view.redraw();
                view.announce(say("graph_token_left", { token: first + 1, vertex: vertex.name }));
                return;
              }
              chosen = first;
              const reachable = movesFrom(vertex.name).map((move) => gestureOf(move)?.to);
              focus.next = reachable.length > 0 ? `cible-${reachable[0]}` : `jeton-${vertex.name}`;
              view.redraw();
              view.announce(say("graph_token_taken", { token: first + 1, vertex: vertex.name, targets: reachable.join(", ") }));
            },
          }),
        );
      }
      for (const move of targetMoves) {
        const gesture = /** @type {{from: string, to: string}} */ (gestureOf(move));
        const target = gesture.to;
        const isSelected = selected !== null && selected.index === chosen && selected.vertex === target;
        buttons.push(
          h("button", {
            type: "button",
            class: ["graph-target", isSelected ? "is-selected" : "", hinted && hinted.to === target ? "is-hinted" : ""].filter(Boolean).join(" "),
            style: place(/** @type {Vertex} */ (byName.get(target))),
            tabindex: "-1",
            "data-key": `cible-${target}`,
            "data-vertex": target,
            "data-gesture": JSON.stringify(move.gestures?.[0]),
            "aria-pressed": isSelected ? "true" : "false",
            "aria-disabled": view.interactive ? null : "true",
            "aria-label": move.text,
            title: move.text,
            onclick: () => {
              focus.next = `cible-${target}`;
              focus.fallback = `jeton-${target}`; // once the move is played, the token is there
              view.choose(move);
            },
          }),
        );
      }
      // One Tab stop: the button asked for, else the last one, else the chosen token, else the first.
      const keys = buttons.map((button) => button.dataset.key ?? "");
      const stop = [focus.next, tabStop, chosen !== null ? `jeton-${tokens[chosen]}` : null].find((key) => key && keys.includes(key)) ?? keys[0];
      for (const button of buttons) button.tabIndex = button.dataset.key === stop ? 0 : -1;
      tabStop = stop ?? null;
      const layer = h("div", { class: "graph-buttons", role: "group", "aria-label": say("graph_layer", { position: view.describe ?? "" }) }, ...buttons);
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
        let next = null;
        if (step && at >= 0) next = all[(at + step + all.length) % all.length];
        if (event.key === "Home") next = all[0];
        if (event.key === "End") next = all[all.length - 1];
        if (next) {
          event.preventDefault();
          for (const button of all) button.tabIndex = button === next ? 0 : -1;
          tabStop = next.dataset.key ?? null;
          next.focus();
        }
      });
      const drawing = h(
        "div",
        {
          class: `graph-drawing${view.interactive ? "" : " is-waiting"}`,
          style: `aspect-ratio: ${graph.width} / ${graph.height}; max-width: ${Math.round(graph.width * 1.3)}px`,
        },
        svg,
        layer,
      );
      const legend = h("p", {
        class: "graph-legend",
        text: chosen === null ? say("graph_legend") : say("graph_legend_chosen", { token: chosen + 1, vertex: source ?? "" }),
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
      class: "md-button graph-label-toggle",
      "data-key": "etiqueter",
      "aria-expanded": labelling.open ? "true" : "false",
      text: say("graph_labelling"),
      onclick: act("etiqueter", () => {
        labelling.open = !labelling.open;
      }),
    });
    if (!labelling.open) {
      return h("div", { class: "graph-labelling" }, h("p", { class: "graph-labelling-actions" }, toggle));
    }
    const done = labelling.revealed >= total;
    const next = h("button", {
      type: "button",
      class: "md-button md-button--primary graph-next",
      "data-key": "suivant",
      disabled: done,
      text: say("graph_next"),
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
      class: "md-button graph-all",
      "data-key": "tout",
      disabled: done,
      text: say("graph_all"),
      onclick: act("tout", () => {
        labelling.revealed = total;
      }, kernelText),
    });
    const clear = h("button", {
      type: "button",
      class: "md-button graph-clear",
      "data-key": "effacer",
      disabled: labelling.revealed === 0,
      text: say("graph_clear"),
      onclick: act("effacer", () => {
        labelling.revealed = 0;
      }, () => say("graph_cleared")),
    });
    const last = shown[shown.length - 1];
    const progress =
      shown.length === 0
        ? graph.labelling.start
        : done
          ? kernelText()
          : say("graph_step", { step: shown.length, total, vertex: last.vertex, value: last.value });
    // The latest step in full; the earlier ones folded, so the game's buttons stay near.
    const earlier = shown.slice(0, -1);
    const history = h(
      "details",
      { class: "graph-history", open: labelling.history },
      h("summary", { text: say("graph_history", { count: earlier.length }) }),
      h("ol", { class: "graph-steps" }, ...earlier.map((step) => h("li", { "data-vertex": step.vertex, text: step.explanation }))),
    );
    history.addEventListener("toggle", () => {
      labelling.history = history.open;
    });
    return h(
      "div",
      { class: "graph-labelling", "data-revealed": String(shown.length) },
      h("p", { class: "graph-labelling-actions" }, toggle, next, all, clear),
      h("p", { class: "graph-progress", text: progress }),
      last ? h("p", { class: "graph-step", "data-vertex": last.vertex, text: last.explanation }) : "",
      earlier.length > 0 ? history : "",
    );
  }
}

/**
 * Set up a board of tokens on a graph.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountGraph(root, context) {
  const graphs = JSON.parse(root.dataset.graphs ?? "{}");
  mountGame(root, context, graphSpec(graphs));
}
