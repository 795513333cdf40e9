// The laboratory's graph editor (docs/laboratoire.md, kind « Graphe dessiné »):
// the reader adds, moves and deletes vertices and arrows, with the pointer or
// the keyboard. This file only draws and turns a gesture into the next list of
// vertices; lab.js sends that list to the engine ("lab.analyse", kind "graph",
// nimcore/graph/drawn.py), which checks it (limits, cycles), computes each
// vertex's Grundy value, and the editor shows what nimcore answered — or, when
// nimcore refuses the change, the graph it last accepted.
//
// Pointer: a click on empty space adds a vertex; dragging a vertex moves it; a
// click on a vertex chooses it as the start of an arrow, a click on another
// draws the arrow (or erases it when it exists), on the same one gives the
// choice up; a click on an arrow chooses it; « Supprimer » erases what was
// chosen. Keyboard: the drawing is one Tab stop (a roving tabindex); the arrow
// keys go from vertex to vertex, then from arrow to arrow (Home, End: the
// first, the last); Shift with an arrow key moves a vertex (Ctrl as well:
// farther); Enter or Space does what a click does; Delete or Backspace erases;
// N adds a vertex; Escape gives the choice up. Every change is said in the live
// region, in nimcore's words (nimcore/games/words.py).
//
// On a phone, the drawing keeps at least MIN_SCALE of its size (it then
// scrolls sideways in its box, with a cue: lab.js), so that every vertex is a
// finger's target (44 px) apart from its neighbours in the layouts nimcore gives.
//
// Size: one editor, the class GraphEditor: the pointer, the keyboard and the
// drawing act on the same vertices and the same choice, its fields.

import { h, say, scrollCue, svg as s } from "./kit.js";

/** A vertex's radius in the drawing (the same as the boards'), on a drawing shown at its own size. */
const RADIUS = 16;
/**
 * On a narrow screen the drawing shrinks: its vertices and their names grow in
 * the drawing's units so that, on the screen, a vertex keeps at least
 * SCREEN_DISC as radius and its name stays legible (never more than MAX_GROWTH
 * times their size); its hit area, invisible, at least SCREEN_RADIUS (a target
 * of 44 px).
 */
const SCREEN_DISC = 14;
const SCREEN_RADIUS = 22;
const MAX_GROWTH = 2;
/** An arrow's hit area, across, on the screen (px). */
const SCREEN_HIT = 44;
/** How far the arrow keys move a vertex (with Shift: BIG_STEP). */
const STEP = 10;
const BIG_STEP = 40;
/** A press that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD = 4;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/**
 * A vertex as the editor sends it to nimcore.
 * @typedef {{name: string, x: number, y: number, successors: string[]}} EditorVertex
 */
/**
 * nimcore's view of an accepted graph (nimcore.graph.drawn.DrawnGraph.to_dict).
 * @typedef {{code: string, width: number, height: number,
 *   vertices: {name: string, x: number, y: number, successors: string[], value: number}[]}} GraphView
 */
/**
 * @typedef {{
 *   onEdit: (vertices: EditorVertex[], said: string) => void,
 *   announce: (text: string) => void,
 *   describedBy?: string,
 *   signal: AbortSignal,
 * }} EditorOptions
 */

/** A count and its noun, from nimcore's words ("editor_vertices_one"…). @param {number} count @param {string} key */
const counted = (count, key) => `${count} ${say(`${key}_${Math.abs(count) < 2 ? "one" : "many"}`)}`;

/** @param {EditorVertex[]} vertices @returns {EditorVertex[]} a copy to change */
const copy = (vertices) => vertices.map((vertex) => ({ ...vertex, successors: [...vertex.successors] }));

export class GraphEditor {
  /**
   * @param {HTMLElement} place  where the editor goes (its toolbar, drawing and legend)
   * @param {EditorOptions} options
   */
  constructor(place, options) {
    this.options = options;
    this.width = 640;
    this.height = 400;
    /** @type {EditorVertex[]} the graph drawn */
    this.vertices = [];
    /** @type {Map<string, number>} nimcore's values of the graph drawn (empty while it computes) */
    this.values = new Map();
    /** @type {GraphView | null} the graph nimcore last accepted */
    this.accepted = null;
    /** @type {string | null} the vertex chosen as the start of an arrow */
    this.source = null;
    /** @type {string | null} the data-key of the vertex or arrow « Supprimer » erases */
    this.chosen = null;
    /** @type {string | null} the data-key to focus after the next drawing */
    this.focusNext = null;
    /** @type {{key: string | null, vertex: EditorVertex | null, start: number[], from: number[], moved: boolean, id: number} | null} */
    this.press = null;
    /** How much the vertices grow on a narrow screen (1: not at all), and the screen's px per unit of the drawing. */
    this.growth = 1;
    this.scale = 1;

    this.svg = /** @type {SVGSVGElement} */ (s("svg", {
      class: "lab-graph-svg",
      viewBox: `0 0 ${this.width} ${this.height}`,
      role: "application",
      tabindex: "0",
      "aria-roledescription": say("editor_role"),
      "aria-describedby": options.describedBy,
    }));
    this.addButton = h("button", { type: "button", class: "md-button lab-graph-add", text: say("editor_add") });
    this.deleteButton = h("button", { type: "button", class: "md-button lab-graph-delete", text: say("editor_delete"), disabled: true });
    /** @type {string | null} the data-key of the drawing's one Tab stop */
    this.tabStop = null;
    this.legend = h("p", { class: "lab-graph-legend" });
    place.replaceChildren(
      h("p", { class: "lab-graph-tools" }, this.addButton, " ", this.deleteButton),
      scrollCue(/** @type {any} */ (this.svg), { note: "editor_scroll", signal: options.signal }),
      this.legend,
    );

    /** @param {EventTarget} target @param {string} type @param {(event: any) => void} handler */
    const on = (target, type, handler) => target.addEventListener(type, handler, { signal: options.signal });
    on(this.addButton, "click", () => this.addVertex(this.freeSpot()));
    on(this.deleteButton, "click", () => this.chosen && this.erase(this.chosen));
    on(this.svg, "pointerdown", (event) => this.pointerDown(event));
    on(this.svg, "pointermove", (event) => this.pointerMove(event));
    on(this.svg, "pointerup", (event) => this.pointerUp(event));
    on(this.svg, "pointercancel", () => this.cancelPress());
    // A finger on a vertex drags it: the drawing's box must not take the gesture for a
    // sideways scroll (touch-action on an SVG shape is not honoured; the box scrolls on a phone).
    this.svg.addEventListener(
      "touchstart",
      (event) => {
        const key = this.keyOf(event.target);
        if (key && key.startsWith("sommet-")) event.preventDefault();
      },
      { passive: false, signal: options.signal },
    );
    on(this.svg, "keydown", (event) => this.keyDown(event));
    on(this.svg, "focusin", (event) => {
      const key = this.keyOf(event.target);
      if (key) {
        this.choose(key);
        this.rove(key);
      }
    });
    // A narrower or wider drawing (a phone turned, the editor shown): its vertices keep their size on the screen.
    const resizing = new ResizeObserver(() => {
      if (this.press === null && this.measure()) this.draw();
    });
    resizing.observe(this.svg);
    options.signal.addEventListener("abort", () => resizing.disconnect());
    this.draw();
  }

  /** A vertex's radius, in the drawing's units. */
  get radius() {
    return RADIUS * this.growth;
  }

  /** A vertex's hit area's radius, in the drawing's units: its disc, or SCREEN_RADIUS on the screen. */
  reach() {
    return Math.max(this.radius, SCREEN_RADIUS / this.scale);
  }

  /** Read the drawing's size on the screen; true when the vertices' size must change. */
  measure() {
    const shown = this.svg.getBoundingClientRect().width;
    if (shown <= 0) return false; // hidden: keep the last size
    this.scale = shown / this.width;
    const growth = Math.min(MAX_GROWTH, Math.max(1, SCREEN_DISC / (RADIUS * this.scale)));
    const changed = Math.abs(growth - this.growth) > 0.01;
    this.growth = growth;
    return changed;
  }

  // ---- what nimcore said ---------------------------------------------------------

  /** Show the graph nimcore accepted, with its values. @param {GraphView} view */
  show(view) {
    this.accepted = view;
    this.width = view.width;
    this.height = view.height;
    this.svg.setAttribute("viewBox", `0 0 ${this.width} ${this.height}`);
    this.vertices = view.vertices.map(({ name, x, y, successors }) => ({ name, x, y, successors: [...successors] }));
    this.values = new Map(view.vertices.map((vertex) => [vertex.name, vertex.value]));
    const names = new Set(this.vertices.map((vertex) => vertex.name));
    if (this.source && !names.has(this.source)) this.source = null;
    if (this.chosen && !this.keyExists(this.chosen)) this.chosen = null;
    this.draw();
  }

  /** Nimcore refused the last change: back to the graph it last accepted. */
  restore() {
    if (this.accepted) this.show(this.accepted);
  }

  // ---- changes -----------------------------------------------------------------------

  /** @param {EditorVertex[]} next @param {string} said */
  edit(next, said) {
    this.vertices = next;
    this.values = new Map();
    this.draw();
    this.options.onEdit(copy(next), said);
  }

  /** A name no vertex has: the first free letter, then a letter and a digit. */
  freeName() {
    const used = new Set(this.vertices.map((vertex) => vertex.name));
    for (const letter of LETTERS) if (!used.has(letter)) return letter;
    for (let digit = 1; ; digit += 1) {
      for (const letter of LETTERS) if (!used.has(`${letter}${digit}`)) return `${letter}${digit}`;
    }
  }

  /** A place away from every vertex (for the keyboard and the button), scanned row by row. */
  freeSpot() {
    for (let y = 40; y <= this.height - 40; y += 80) {
      for (let x = 60; x <= this.width - 60; x += 80) {
        if (this.vertices.every((vertex) => Math.hypot(vertex.x - x, vertex.y - y) >= 3 * this.radius)) return [x, y];
      }
    }
    return [Math.round(this.width / 2), Math.round(this.height / 2)];
  }

  /** @param {number[]} at */
  addVertex([x, y]) {
    const name = this.freeName();
    this.source = null;
    this.focusNext = `sommet-${name}`;
    this.edit([...copy(this.vertices), { name, x, y, successors: [] }], say("editor_added", { name }));
  }

  /** Draw the arrow source → target, or erase it when it exists. @param {string} source @param {string} target */
  toggleArc(source, target) {
    const next = copy(this.vertices);
    const from = next.find((vertex) => vertex.name === source);
    if (!from) return;
    this.source = null;
    if (from.successors.includes(target)) {
      from.successors = from.successors.filter((name) => name !== target);
      this.edit(next, say("editor_arrow_erased", { source, target }));
    } else {
      from.successors.push(target);
      this.edit(next, say("editor_arrow_drawn", { source, target }));
    }
  }

  /** Erase a vertex (with its arrows) or an arrow, by its data-key. @param {string} key */
  erase(key) {
    const [kind, first, second] = key.split("-");
    if (kind === "fleche") {
      this.focusNext = `sommet-${first}`;
      this.toggleArc(first, second);
      return;
    }
    const arrows = this.vertices.reduce(
      (count, vertex) => count + (vertex.name === first ? vertex.successors.length : vertex.successors.filter((name) => name === first).length),
      0,
    );
    const next = copy(this.vertices)
      .filter((vertex) => vertex.name !== first)
      .map((vertex) => ({ ...vertex, successors: vertex.successors.filter((name) => name !== first) }));
    if (this.source === first) this.source = null;
    this.chosen = null;
    const at = this.vertices.findIndex((vertex) => vertex.name === first);
    const neighbour = next[Math.min(at, next.length - 1)];
    this.focusNext = neighbour ? `sommet-${neighbour.name}` : ""; // "": the drawing itself
    const said = arrows === 0 ? "editor_erased" : arrows === 1 ? "editor_erased_arrow" : "editor_erased_arrows";
    this.edit(next, say(said, { name: first, count: arrows }));
  }

  /** A click (or Enter) on a vertex: choose it, draw an arrow from the chosen one, or give up. @param {string} name */
  activate(name) {
    if (this.source === null) {
      this.source = name;
      this.focusNext = `sommet-${name}`;
      this.draw();
      this.options.announce(say("editor_source", { name }));
    } else if (this.source === name) {
      this.source = null;
      this.draw();
      this.options.announce(say("editor_source_cancelled", { name }));
    } else {
      this.focusNext = `sommet-${name}`;
      this.toggleArc(this.source, name);
    }
  }

  /** @param {string} key */
  choose(key) {
    this.chosen = key;
    this.deleteButton.disabled = false;
    const [kind, first, second] = key.split("-");
    this.deleteButton.setAttribute(
      "aria-label",
      kind === "fleche" ? say("editor_delete_arrow", { source: first, target: second }) : say("editor_delete_vertex", { name: first }),
    );
  }

  // ---- gestures ------------------------------------------------------------------------

  /** The editor's data-key of an event's target (a vertex or an arrow), or null. @param {EventTarget | null} target */
  keyOf(target) {
    const item = target instanceof Element ? target.closest("[data-key]") : null;
    return item && this.svg.contains(item) ? item.getAttribute("data-key") : null;
  }

  /** @param {string} key */
  keyExists(key) {
    const [kind, first, second] = key.split("-");
    const vertex = this.vertices.find((candidate) => candidate.name === first);
    return Boolean(vertex) && (kind === "sommet" || Boolean(vertex?.successors.includes(second)));
  }

  /** The drawing's coordinates of a pointer event, rounded and kept inside. @param {PointerEvent} event */
  point(event) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return [0, 0];
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return [Math.round(Math.min(this.width, Math.max(0, at.x))), Math.round(Math.min(this.height, Math.max(0, at.y)))];
  }

  /** @param {PointerEvent} event */
  pointerDown(event) {
    if (event.button !== 0) return;
    const key = this.keyOf(event.target);
    const vertex = key && key.startsWith("sommet-") ? this.vertices.find((candidate) => `sommet-${candidate.name}` === key) ?? null : null;
    const start = this.point(event);
    this.press = { key, vertex, start, from: vertex ? [vertex.x, vertex.y] : start, moved: false, id: event.pointerId };
    if (vertex) {
      event.preventDefault(); // no text selection while dragging
      this.svg.setPointerCapture(event.pointerId);
    }
  }

  /** @param {PointerEvent} event */
  pointerMove(event) {
    const press = this.press;
    if (!press || !press.vertex || press.id !== event.pointerId) return;
    const [x, y] = this.point(event);
    const dx = x - press.start[0];
    const dy = y - press.start[1];
    if (!press.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    press.moved = true;
    press.vertex.x = Math.min(this.width, Math.max(0, press.from[0] + dx));
    press.vertex.y = Math.min(this.height, Math.max(0, press.from[1] + dy));
    this.draw();
  }

  /** @param {PointerEvent} event */
  pointerUp(event) {
    const press = this.press;
    this.press = null;
    if (!press || press.id !== event.pointerId) return;
    if (this.svg.hasPointerCapture(event.pointerId)) this.svg.releasePointerCapture(event.pointerId);
    if (press.vertex && press.moved) {
      const { name, x, y } = press.vertex;
      this.focusNext = `sommet-${name}`;
      this.edit(copy(this.vertices), say("editor_moved", { name, x, y }));
    } else if (press.vertex) {
      this.activate(press.vertex.name);
    } else if (press.key) {
      this.focusNext = press.key;
      this.choose(press.key);
      this.draw();
      const [, source, target] = press.key.split("-");
      this.options.announce(say("editor_arrow_chosen", { source, target }));
    } else if (this.source !== null) {
      const name = this.source;
      this.source = null;
      this.draw();
      this.options.announce(say("editor_source_cancelled", { name }));
    } else {
      this.addVertex(this.point(event));
    }
  }

  cancelPress() {
    if (this.press?.vertex && this.press.moved) {
      this.press.vertex.x = this.press.from[0];
      this.press.vertex.y = this.press.from[1];
      this.draw();
    }
    this.press = null;
  }

  /** Make the item `key` the drawing's one Tab stop. @param {string} key */
  rove(key) {
    this.tabStop = key;
    for (const item of this.svg.querySelectorAll("[data-key][tabindex]")) {
      item.setAttribute("tabindex", item.getAttribute("data-key") === key ? "0" : "-1");
    }
    this.svg.setAttribute("tabindex", this.svg.querySelector('[data-key][tabindex="0"]') ? "-1" : "0");
  }

  /** @param {KeyboardEvent} event */
  keyDown(event) {
    if (event.metaKey || event.altKey) return;
    const key = this.keyOf(event.target);
    const [kind, first] = key ? key.split("-") : ["", ""];
    if (event.key.length === 1 || event.key.startsWith("Arrow")) {
      // The theme's own shortcuts (N or « . »: next page, P or « , »: the page before, S: search)
      // stay outside the drawing: a key pressed in it never takes the reader away from the graph.
      event.stopPropagation();
    }
    const items = /** @type {SVGElement[]} */ ([...this.svg.querySelectorAll("[data-key][tabindex]")]);
    const at = key ? items.findIndex((item) => item.getAttribute("data-key") === key) : -1;
    /** @type {Record<string, number>} */
    const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.ctrlKey && !event.shiftKey) return;
    if ((event.key === "n" || event.key === "N") && !event.ctrlKey) {
      event.preventDefault();
      this.addVertex(this.freeSpot());
    } else if (event.key === "Escape" && this.source !== null) {
      event.preventDefault();
      const name = this.source;
      this.source = null;
      this.draw();
      this.options.announce(say("editor_source_cancelled", { name }));
    } else if (key && (event.key === "Delete" || event.key === "Backspace")) {
      event.preventDefault();
      this.erase(key);
    } else if (kind === "sommet" && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      this.activate(first);
    } else if (kind === "sommet" && event.shiftKey && event.key in steps) {
      event.preventDefault();
      const step = event.ctrlKey ? BIG_STEP : STEP;
      const [dx, dy] = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key] ?? [0, 0];
      const next = copy(this.vertices);
      const vertex = next.find((candidate) => candidate.name === first);
      if (!vertex) return;
      vertex.x = Math.min(this.width, Math.max(0, vertex.x + dx));
      vertex.y = Math.min(this.height, Math.max(0, vertex.y + dy));
      this.focusNext = key;
      this.edit(next, say("editor_moved", { name: first, x: vertex.x, y: vertex.y }));
    } else if (!event.shiftKey && items.length > 0 && (event.key in steps || event.key === "Home" || event.key === "End")) {
      // From item to item: the vertices, then the arrows, in the order they were drawn.
      event.preventDefault();
      const index = event.key === "Home" ? 0 : event.key === "End" ? items.length - 1 : (Math.max(at, 0) + (at < 0 ? 0 : steps[event.key]) + items.length) % items.length;
      const next = items[index];
      this.rove(next.getAttribute("data-key") ?? "");
      next.focus();
    }
  }

  // ---- the drawing ---------------------------------------------------------------------

  draw() {
    const active = this.keyOf(document.activeElement);
    const focus = this.focusNext ?? active;
    /** The focus was in the drawing, or is asked there: it stays there, on the drawing itself when its element is gone. */
    const focusHere = this.focusNext !== null || this.svg.contains(document.activeElement);
    this.focusNext = null;
    this.measure();
    const radius = this.radius;
    const byName = new Map(this.vertices.map((vertex) => [vertex.name, vertex]));
    const valued = this.values.size > 0;
    const vertices = this.vertices.map((vertex) => {
      const value = this.values.get(vertex.name);
      const classes = ["lab-graph-vertex"];
      if (value === 0) classes.push("is-p");
      if (this.source === vertex.name) classes.push("is-source");
      if (this.chosen === `sommet-${vertex.name}`) classes.push("is-chosen");
      const said = [say("editor_vertex", { name: vertex.name })];
      if (value !== undefined) said.push(say(value === 0 ? "editor_value_p" : "editor_value", { value }));
      said.push(vertex.successors.length > 0 ? say("editor_arrows_to", { targets: vertex.successors.join(", ") }) : say("editor_no_arrow"));
      if (this.source === vertex.name) said.push(say("editor_is_source"));
      const group = s(
        "g",
        {
          class: classes.join(" "),
          "data-key": `sommet-${vertex.name}`,
          "data-vertex": vertex.name,
          tabindex: "-1",
          role: "button",
          "aria-pressed": this.source === vertex.name ? "true" : "false",
          "aria-label": said.join(", "),
        },
        // The hit area, invisible: at least SCREEN_RADIUS on the screen (the arrows' hit areas stop at its edge).
        s("circle", { class: "lab-graph-target", cx: vertex.x, cy: vertex.y, r: this.reach().toFixed(1) }),
        s("circle", { class: "lab-graph-disc", cx: vertex.x, cy: vertex.y, r: radius }),
        s("text", {
          class: "lab-graph-name",
          x: vertex.x,
          y: vertex.y,
          dy: "0.35em",
          "text-anchor": "middle",
          "font-size": (14 * this.growth).toFixed(1),
          text: vertex.name,
        }),
      );
      return group;
    });
    // The values beside the vertices, apart from them: each vertex's name says its value.
    const values = this.vertices.flatMap((vertex) => {
      const value = this.values.get(vertex.name);
      return value === undefined
        ? []
        : [
            s("text", {
              class: "lab-graph-value",
              "data-value-of": vertex.name,
              x: vertex.x + radius + 4,
              y: vertex.y - radius + 2,
              "font-size": (13 * this.growth).toFixed(1),
              text: String(value),
            }),
          ];
    });

    const arcs = [];
    for (const vertex of this.vertices) {
      for (const name of vertex.successors) {
        const target = byName.get(name);
        if (!target) continue;
        arcs.push(this.arc(vertex, target));
      }
    }
    const arcCount = arcs.length;
    this.svg.setAttribute(
      "aria-label",
      say(valued ? "editor_drawing_valued" : "editor_drawing", { vertices: counted(this.vertices.length, "editor_vertices"), arrows: counted(arcCount, "editor_arrows") }),
    );
    this.svg.replaceChildren(
      s("g", { class: "lab-graph-values", "aria-hidden": "true" }, ...values),
      s("g", { class: "lab-graph-vertices" }, ...vertices),
      s("g", { class: "lab-graph-arcs" }, ...arcs),
    );
    this.legend.textContent =
      this.source !== null ? say("editor_legend_source", { name: this.source }) : this.vertices.length === 0 ? say("editor_legend_empty") : "";
    if (this.chosen && !this.keyExists(this.chosen)) this.chosen = null;
    this.deleteButton.disabled = this.chosen === null;
    // One Tab stop: the item to be focused, else the last one, else the first vertex.
    const keys = [...this.svg.querySelectorAll("[data-key][tabindex]")].map((item) => item.getAttribute("data-key"));
    const stop = [focus, this.tabStop].find((key) => key && keys.includes(key)) ?? keys[0] ?? null;
    if (stop) this.rove(stop);
    else this.svg.setAttribute("tabindex", "0");
    if (focus || focusHere) {
      const element = focus ? this.svg.querySelector(`[tabindex][data-key="${CSS.escape(focus)}"]`) : null;
      if (element instanceof SVGElement) element.focus();
      else if (focusHere) this.svg.focus(); // the focused vertex is gone (erased, or its addition refused)
    }
  }

  /**
   * An arrow from `source` to `target`: a segment between the circles, an open head, a wide hit area.
   * @param {EditorVertex} source
   * @param {EditorVertex} target
   */
  arc(source, target) {
    const dx = target.x - source.x;
    const dy = target.y - source.y;
    const length = Math.hypot(dx, dy) || 1;
    const ux = dx / length;
    const uy = dy / length;
    const radius = this.radius;
    const start = [source.x + ux * radius, source.y + uy * radius];
    const end = [target.x - ux * radius, target.y - uy * radius];
    const head = 8 * this.growth;
    const left = [end[0] - head * (ux * 0.87 - uy * 0.5), end[1] - head * (uy * 0.87 + ux * 0.5)];
    const right = [end[0] - head * (ux * 0.87 + uy * 0.5), end[1] - head * (uy * 0.87 - ux * 0.5)];
    const f = (/** @type {number[]} */ point) => `${point[0].toFixed(1)} ${point[1].toFixed(1)}`;
    const key = `fleche-${source.name}-${target.name}`;
    // The hit area, a band SCREEN_HIT wide on the screen (so that the arrow's box is a finger's
    // size across), runs between the vertices' hit areas (or along the whole arrow when they are
    // that close).
    const reach = Math.min(this.reach(), length / 3);
    const half = Math.max(5, SCREEN_HIT / this.scale / 2);
    const [nx, ny] = [-uy * half, ux * half];
    const [from, to] = [[source.x + ux * reach, source.y + uy * reach], [target.x - ux * reach, target.y - uy * reach]];
    const band = [[from[0] + nx, from[1] + ny], [to[0] + nx, to[1] + ny], [to[0] - nx, to[1] - ny], [from[0] - nx, from[1] - ny]];
    return s(
      "g",
      {
        class: `lab-graph-arc${this.chosen === key ? " is-chosen" : ""}`,
        "data-key": key,
        tabindex: "-1",
        role: "button",
        "aria-label": say("editor_arrow", { source: source.name, target: target.name }),
      },
      s("polygon", { class: "lab-graph-hit", points: band.map(f).join(", ") }),
      s("path", { d: `M${f(start)} L${f(end)}` }),
      s("path", { d: `M${f(left)} L${f(end)} L${f(right)}` }),
    );
  }
}
