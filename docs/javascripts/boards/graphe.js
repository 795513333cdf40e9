// Jeton sur un graphe: a small graph without cycles, one to four tokens on its
// vertices (several may share one); a move slides one token along an arc; the
// player who can move no token loses.
//
// The graphs are nimcore's worked graphs (nimcore.graph.EXAMPLES), never one
// sent by a page or an address. The page's element carries, for each of them,
// the drawing and the steps of the Grundy function, computed by nimcore at
// build time (placeholder « graph-board », site_hooks/tables/foundations.py):
// the board is drawn, and the labelling works, before the engine is ready.
// The position is the list of the tokens' vertices (tokens stay in place: a
// move changes one of them), the options {graph}; nimcore checks every move
// ("graphe.play"), plays for the computer and gives the hint.
//
// A token is chosen by its vertex (a button over the drawing), then one of the
// successors of that vertex (buttons too); choosing the same successor again,
// or « Jouer », plays the move. Tab or the arrow keys go from button to
// button; Escape gives the token up. « Étiqueter pas à pas » writes the
// Grundy value of one vertex at a time, successors first, saying why (the
// sentences are nimcore's).
//
// Markup (written by <!-- nimcore:graph-board name=exemple tokens=b,c -->):
// <div data-board="graphe" data-graph="exemple" data-tokens="b c" data-graphs='{…}'></div>
// URL: ?graphe=exemple-b-c (the graph, then the vertex of each token).

import { candidates, followChosen, h, plural, randomInt, tokenNimberTable } from "./kit.js";
import { mountGame } from "./game.js";

/** Most tokens on the board (nimcore.bridge.MAX_GRAPH_TOKENS). */
const MAX_TOKENS = 4;
const SVG = "http://www.w3.org/2000/svg";

/**
 * @typedef {{name: string, at: number[], label: number[], badge: number[], successors: string[]}} Vertex
 * @typedef {{vertex: string, successors: string[], values: number[], seen: number[], value: number, explanation: string}} Step
 * @typedef {{title: string, width: number, height: number, radius: number, vertices: Vertex[],
 *   arcs: {source: string, target: string, curve: string, head: string}[], steps: Step[]}} WorkedGraph
 */

/** An SVG element. */
function s(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") element.setAttribute("class", value);
    else if (name === "text") element.textContent = value;
    else element.setAttribute(name, String(value));
  }
  element.append(...children.filter(Boolean));
  return element;
}

/** SVG text centred on a point [x, y] of the drawing. */
function textAt([x, y], attributes) {
  return s("text", { x, y, dy: "0.35em", "text-anchor": "middle", ...attributes });
}

/** French enumeration: "a", "a et b", "a, b et c". */
function listed(items) {
  const words = items.map(String);
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} et ${words[words.length - 1]}`;
}

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The move of token `index` from `source` to `target`, in nimcore's words (TokenMove.text). */
const moveText = (index, source, target) => `déplacer le jeton ${index + 1} de ${source} vers ${target}`;

/** The position after token `index` moves to `target`: the other tokens stay in place. */
const moved = (tokens, index, target) => tokens.map((vertex, i) => (i === index ? target : vertex));

/** Which token moves, and where, on the way to `target` (null when it is not one token's move). */
function moveTo(tokens, target) {
  if (!Array.isArray(target) || target.length !== tokens.length) return null;
  const changed = tokens.flatMap((vertex, i) => (target[i] !== vertex ? [i] : []));
  return changed.length === 1 ? { index: changed[0], vertex: target[changed[0]] } : null;
}

/**
 * Read a graph's name and the tokens typed by the reader ("b c", "b, c").
 * @param {Record<string, WorkedGraph>} graphs
 * @returns {import("./game.js").Setup}
 */
function readSetup(graphs, name, text) {
  const graph = Object.hasOwn(graphs, name) ? graphs[name] : null;
  if (graph === null) {
    return { ok: false, message: `le graphe «\u00a0${name}\u00a0» n’existe pas (graphes proposés\u00a0: ${listed(Object.keys(graphs))}).` };
  }
  const names = graph.vertices.map((vertex) => vertex.name);
  const parts = String(text).split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) {
    return { ok: false, message: "indiquez au moins un jeton, par le nom de son sommet, comme «\u00a0b c\u00a0»." };
  }
  if (parts.length > MAX_TOKENS) {
    return { ok: false, message: `trop de jetons (${parts.length})\u00a0: ${MAX_TOKENS} au plus.` };
  }
  const tokens = [];
  for (const part of parts) {
    const vertex = part.toLowerCase();
    if (!names.includes(vertex)) {
      return { ok: false, message: `«\u00a0${part}\u00a0» n’est pas un sommet de ce graphe (ses sommets\u00a0: ${listed(names)}).` };
    }
    tokens.push(vertex);
  }
  const stuck = (vertex) => graph.vertices.find((v) => v.name === vertex).successors.length === 0;
  if (tokens.every(stuck)) {
    return { ok: false, message: "tous les jetons sont sur des sommets sans successeur\u00a0: il n’y a rien à jouer." };
  }
  return { ok: true, position: tokens, options: { graph: name } };
}

/** One to four tokens at random on vertices of `graph` that have a successor. */
function drawTokens(graph) {
  const free = graph.vertices.filter((vertex) => vertex.successors.length > 0).map((vertex) => vertex.name);
  return Array.from({ length: randomInt(1, MAX_TOKENS) }, () => free[randomInt(0, free.length - 1)]).sort();
}

function describe(graphs, tokens, { graph }) {
  return `${plural(tokens.length, "jeton")} sur ${graphs[graph].title}, en ${listed(tokens)}`;
}

/** The spec of one board: it keeps its chosen token and its labelling. */
function grapheSpec(graphs) {
  /** The token whose successors are shown. @type {number | null} */
  let chosen = null;
  const following = { shownFor: "", lastSelection: "null" }; // for followChosen
  /** The step-by-step labelling: on which graph, shown or not, how many steps revealed. */
  const labelling = { graph: "", open: false, revealed: 0, history: false };
  /** A focus to give after the next drawing, by data-key, and where to go if it is gone. */
  let focusNext = null;
  let focusFallback = null;

  /** @type {import("./game.js").GameSpec} */
  return {
    game: "graphe",
    title: "Jeton sur un graphe",
    initial: (dataset) => readSetup(graphs, dataset.graph ?? "exemple", dataset.tokens ?? "a"),
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
        text: `Le sommet de chaque jeton, comme «\u00a0b c\u00a0» (de 1 à ${MAX_TOKENS} jetons, plusieurs sur un même sommet si l’on veut).`,
      });
      tokens.setAttribute("aria-describedby", help.id);
      // Another graph: keep the tokens if they fit it, else draw a start on it.
      which.addEventListener("change", () => {
        if (!readSetup(graphs, which.value, tokens.value).ok) {
          tokens.value = drawTokens(graphs[which.value]).join(" ");
        }
      });
      return {
        element: h(
          "div",
          {},
          h("p", { class: "game-field" }, h("label", { for: which.id, text: "Graphe\u00a0:" }), which),
          h("p", { class: "game-field graphe-field" }, h("label", { for: tokens.id, text: "Jetons\u00a0:" }), tokens, help),
        ),
        fill(position, options) {
          which.value = options.graph;
          tokens.value = position.join(" ");
        },
        read: () => readSetup(graphs, which.value, tokens.value),
      };
    },
    random: (options) => candidates(() => drawTokens(graphs[options.graph])), // nimcore picks
    encode: (position, options) => `${options.graph}-${position.join("-")}`,
    decode(text) {
      const match = /^([a-z]+)((?:-[a-z0-9]+){1,8})$/.exec(text);
      if (!match) {
        return { ok: false, message: `«\u00a0${text}\u00a0» n’est pas une position de la forme exemple-b-c (le graphe, puis le sommet de chaque jeton)` };
      }
      return readSetup(graphs, match[1], match[2].slice(1).split("-").join(" "));
    },
    describe: (position, options) => describe(graphs, position, options),
    hint(analysis, position) {
      return [
        tokenNimberTable({
          kind: "graphe",
          piece: "Jeton",
          place: "Sommet x",
          label: "Le nimber du sommet de chaque jeton, et leur somme de Nim",
          places: position,
          nimbers: analysis.token_nimbers,
          nimber: analysis.nimber,
          best: analysis.recommended ? analysis.recommended.token : null,
        }),
      ];
    },
    draw(container, view) {
      const graph = graphs[view.options.graph];
      const tokens = view.position;
      const byName = new Map(graph.vertices.map((vertex) => [vertex.name, vertex]));
      const successors = (name) => byName.get(name).successors;
      // A move chosen on the board or by the hint shows its token's successors.
      const selected = moveTo(tokens, view.selection);
      chosen = followChosen(following, chosen, {
        key: JSON.stringify([view.options.graph, tokens]),
        selection: view.selection,
        selected,
        movable: (index) => index < tokens.length && successors(tokens[index]).length > 0,
      });
      if (labelling.graph !== view.options.graph) {
        Object.assign(labelling, { graph: view.options.graph, revealed: 0 });
      }
      const hinted = moveTo(tokens, view.highlight);
      const active = document.activeElement;
      const focusedKey = active instanceof HTMLElement && container.contains(active) ? active.dataset.key ?? null : null;

      const source = chosen === null ? null : tokens[chosen];
      const targets = source === null ? [] : successors(source);
      const shown = labelling.open ? graph.steps.slice(0, labelling.revealed) : [];
      const value = new Map(shown.map((step) => [step.vertex, step.value]));
      const current = shown.length > 0 ? shown[shown.length - 1] : null;
      const onVertex = (name) => tokens.flatMap((vertex, index) => (vertex === name ? [index] : []));

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
      const arcText = graph.vertices
        .filter((vertex) => vertex.successors.length > 0)
        .map((vertex) => `${vertex.name} vers ${listed(vertex.successors)}`)
        .join("\u202f; ");
      const tokenText = tokens.map((vertex, index) => `jeton ${index + 1} en ${vertex}`).join(", ");
      const valueText = shown.length > 0 ? ` Valeurs écrites\u00a0: ${shown.map((step) => `g(${step.vertex}) = ${step.value}`).join(", ")}.` : "";
      const svg = s(
        "svg",
        {
          class: "graphe-svg",
          viewBox: `0 0 ${graph.width} ${graph.height}`,
          role: "img",
          "aria-label": `${capitalised(graph.title)}. Arcs\u00a0: ${arcText}. ${capitalised(tokenText)}.${valueText}`,
        },
        s("g", { class: "graphe-arcs" }, ...arcs),
        ...vertices,
      );
      svg.addEventListener("click", (event) => {
        const group = event.target instanceof Element ? event.target.closest("[data-vertex]") : null;
        if (!group) return;
        const name = group.getAttribute("data-vertex");
        if (!view.interactive) {
          view.choose(view.position, ""); // game.js says why it is not the reader's turn
        } else if (source !== null) {
          view.refuse(`Pas d’arc de ${source} vers ${name}\u00a0: le jeton ${chosen + 1} ne peut pas y aller.`);
        } else {
          view.refuse(`Aucun jeton en ${name}\u00a0: choisissez d’abord un jeton (un sommet plein), puis l’un de ses successeurs.`);
        }
      });

      // ---- the buttons over the drawing ------------------------------------
      const place = (vertex) => {
        const [x, y] = vertex.at;
        const size = ((2 * graph.radius + 4) / graph.width) * 100;
        return `left: ${(x / graph.width) * 100}%; top: ${(y / graph.height) * 100}%; width: ${size}%`;
      };
      const buttons = [];
      for (const vertex of graph.vertices) {
        const here = onVertex(vertex.name);
        if (here.length === 0 || targets.includes(vertex.name)) continue;
        const first = here[0];
        const stuck = vertex.successors.length === 0;
        const isChosen = chosen !== null && here.includes(chosen);
        const who = here.length === 1 ? `Jeton ${first + 1} en ${vertex.name}` : `Jetons ${listed(here.map((i) => i + 1))} en ${vertex.name}`;
        const label = stuck
          ? `${who}\u00a0: ${vertex.name} n’a pas de successeur, ${here.length === 1 ? "ce jeton ne bouge" : "ces jetons ne bougent"} plus`
          : isChosen
            ? `${who}\u00a0: jeton ${chosen + 1} choisi, ses successeurs sont marqués (choisir de nouveau pour y renoncer)`
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
              if (!view.interactive) {
                view.choose(view.position, ""); // game.js says why it is not the reader's turn
                return;
              }
              if (stuck) {
                view.refuse(`Le sommet ${vertex.name} n’a pas de successeur\u00a0: ${here.length === 1 ? `le jeton ${first + 1} ne peut plus bouger` : "ses jetons ne peuvent plus bouger"}. Choisissez un autre jeton.`);
                return;
              }
              if (isChosen) {
                chosen = null;
                focusNext = `jeton-${vertex.name}`;
                view.redraw();
                view.announce(`Jeton ${first + 1} laissé en ${vertex.name}.`);
                return;
              }
              chosen = first;
              focusNext = `cible-${vertex.successors[0]}`;
              view.redraw();
              view.announce(`Jeton ${first + 1} choisi en ${vertex.name}\u00a0: choisissez l’un de ses successeurs, ${listed(vertex.successors)}.`);
            },
          }),
        );
      }
      for (const target of targets) {
        const to = moved(tokens, chosen, target);
        const text = moveText(chosen, source, target);
        const isSelected = selected !== null && selected.index === chosen && selected.vertex === target;
        const label = `Jeton ${chosen + 1}\u00a0: de ${source} vers ${target}`;
        buttons.push(
          h("button", {
            type: "button",
            class: ["graphe-target", isSelected ? "is-selected" : "", hinted && hinted.vertex === target ? "is-hinted" : ""].filter(Boolean).join(" "),
            style: place(byName.get(target)),
            "data-key": `cible-${target}`,
            "data-vertex": target,
            "aria-pressed": isSelected ? "true" : "false",
            "aria-label": label,
            title: label,
            onclick: () => {
              focusNext = `cible-${target}`;
              focusFallback = `jeton-${target}`; // once the move is played, the token is there
              view.choose(to, text);
            },
          }),
        );
      }
      const layer = h("div", { class: "graphe-buttons", role: "group", "aria-label": `Jetons et coups\u00a0: ${describe(graphs, tokens, view.options)}` }, ...buttons);
      layer.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && chosen !== null) {
          event.preventDefault();
          focusNext = `jeton-${tokens[chosen]}`;
          chosen = null;
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
      const wanted = focusNext ?? focusedKey;
      const fallback = focusFallback;
      focusNext = null;
      focusFallback = null;
      if (wanted !== null) {
        const target =
          container.querySelector(`[data-key="${wanted}"]`) ??
          (fallback ? container.querySelector(`[data-key="${fallback}"]`) : null) ??
          (chosen !== null ? container.querySelector(`[data-key="jeton-${tokens[chosen]}"]`) : null);
        if (target instanceof HTMLElement) target.focus();
      }
    },
  };

  /** « Étiqueter pas à pas »: the steps of nimcore's Grundy function, one vertex at a time. */
  function labellingPanel(graph, shown, view) {
    const total = graph.steps.length;
    // After the change, the focus goes to `keyName`, or to « Effacer » when that button is now
    // disabled (the last step), or to « Suivant » (after « Effacer »).
    const act = (keyName, change, announce) => () => {
      change();
      const ended = labelling.revealed >= total && (keyName === "suivant" || keyName === "tout");
      focusNext = ended ? "effacer" : keyName === "effacer" ? "suivant" : keyName;
      view.redraw();
      if (announce) view.announce(announce());
    };
    const kernelText = () => {
      const zeros = graph.steps.filter((step) => step.value === 0).map((step) => step.vertex);
      zeros.sort((p, q) => graph.vertices.findIndex((v) => v.name === p) - graph.vertices.findIndex((v) => v.name === q));
      return `Tous les sommets sont étiquetés. Les sommets de valeur 0 (${listed(zeros)}), colorés, forment le noyau\u00a0: un jeton seul sur l’un d’eux est perdant pour qui doit le jouer.`;
    };
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
        ? `Aucun sommet étiqueté. On traite chaque sommet après ses successeurs\u00a0: «\u00a0Suivant\u00a0» commence par un sommet sans successeur (${total} sommets en tout).`
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

/** Set up a board of tokens on a graph. */
export function mountGraphe(root, context) {
  const graphs = JSON.parse(root.dataset.graphs ?? "{}");
  mountGame(root, context, grapheSpec(graphs));
}
