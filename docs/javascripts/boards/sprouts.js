// The game of sprouts (nimcore's game "sprouts"): spots on a sheet; a move joins
// two spots (or one spot to itself) by a curve that crosses nothing, and puts a
// new spot on it. Every curve is routed by nimcore (nimcore.sprouts.drawing):
// the view's drawing gives the spots (where, their lives, their words) and the
// curves, in a square of 100 × 100 units, and each listed move its curve and
// its new spot, so that this file only draws them. Which spots may be joined,
// in how many ways, the words of each move, every refusal, the rule, the end,
// the hint and the setup form are nimcore's.
//
// A gesture is {spots: [a, b], split: i}: the two spots joined (a ≤ b, from 0)
// and which of the moves joining them (the split of the region they cut). A
// spot is touched first (a piece, as a token on other boards): every move from
// it is then listed under the drawing, in nimcore's words (buttons carrying
// their gestures), and the spots it can be joined to are ringed. Touching one
// of them (or the same spot again, for a loop) keeps the moves joining the
// two: when there is one, it is chosen, and its curve drawn dashed. As on
// every board, choosing a move again, or « Jouer », plays it. A curve drawn
// with the pointer, pressed on a spot and released on another (or back on the
// same one, for a loop), plays its move at once when only one move joins the
// two spots, and lists them otherwise. Hovering or focusing a listed move
// draws its curve. Spots with no move left are still reached: touching one
// shows nimcore's refusal. The spots are one Tab stop (roving tabindex): the
// arrow keys go from one spot to the next, Enter or Space touches, Escape
// forgets; the list of moves is a second stop, with the same keys.
//
// nimcore keeps the spots apart where it can (it stretches the drawing's axes); the board
// puts each number on the side of its dot away from curves and other spots, draws a dot
// smaller where another spot is still near, and a touch picks the nearest spot (the 44 px
// buttons of near spots overlap): geometry only, the spots' places are nimcore's.
//
// Markup: <!-- nimcore:board kind=sprouts game=sprouts code=3 key=pousses -->
// URL: ?pousses=3,0-1 (nimcore's code: the spots at the start, then each move's token).

import { h, say, svg as s } from "./kit.js";
import { mountGame } from "./game.js";
import { Roving } from "./roving.js";
import { MARGIN, SIDE, layout } from "./sproutslayout.js";

/** What nimcore draws (SproutsGame.drawing). @typedef {import("./sproutslayout.js").Drawing} Drawing */

/** How far (in the square's units) a pointer must go for a press to be a curve, not a touch. */
const DRAG_MOVED = 6;
/** How far (CSS px) from a spot a touch still picks it: half a finger (44 px). */
const REACH = 22;

/** The two spots a move joins (its gesture's), or null. */
const spotsOf = (/** @type {import("./game.js").Move | null} */ move) =>
  /** @type {[number, number] | null} */ (move?.gestures?.[0]?.spots ?? null);

/** A polyline's points attribute. */
const pointsOf = (/** @type {number[][]} */ points) => points.map(([x, y]) => `${x},${y}`).join(" ");

/** Where a point of the square sits over the drawing, as CSS percentages. */
const placed = (/** @type {number[]} */ [x, y]) =>
  `left: ${(((x + MARGIN) / SIDE) * 100).toFixed(2)}%; top: ${(((y + MARGIN) / SIDE) * 100).toFixed(2)}%`;

/**
 * The spec of one sprouts board: it keeps the spot chosen, the pair whose splits are
 * listed, the last drawing nimcore sent (shown while a move is checked) and its keyboard.
 * @returns {import("./game.js").GameSpec}
 */
function sproutsSpec() {
  const spotKeys = new Roving(".sprouts-spot", { skipForbidden: true });
  const splitKeys = new Roving(".sprouts-move-button");
  /** The spot chosen first, or null. @type {number | null} */
  let chosen = null;
  /** The two spots whose moves are kept in the list (the spot chosen, then the one it goes to). */
  /** @type {[number, number] | null} */
  let pair = null;
  /** The position the choices above belong to (JSON). */
  let shownFor = "";
  /** The last drawing and moves nimcore sent (a move being checked has none yet). */
  /** @type {Drawing | null} */
  let lastDrawing = null;
  /** @type {import("./game.js").Move[]} */
  let lastMoves = [];
  /** The move whose curve is shown while its button is hovered or focused. @type {import("./game.js").Move | null} */
  let previewed = null;
  /** Whether the next drawing gives the focus to the list of moves (narrowed by keyboard). */
  let focusSplits = false;
  /** Whether the spot chosen was chosen from the keyboard (its caption tells the keys). */
  let chosenByKeys = false;
  /** A click that ends a curve drawn with the pointer is not a touch (the curve was handled). */
  let swallowClick = false;

  /**
   * @param {HTMLElement} container
   * @param {import("./game.js").View} view
   */
  function draw(container, view) {
    spotKeys.note(container);
    splitKeys.note(container);
    const key = JSON.stringify(view.position);
    if (key !== shownFor || !view.interactive) {
      chosen = null;
      pair = null;
      previewed = null;
    }
    shownFor = key;
    if (view.drawing) {
      lastDrawing = view.drawing;
      lastMoves = view.moves ?? [];
    }
    const drawing = /** @type {Drawing | null} */ (lastDrawing);
    if (drawing === null) {
      return;
    }
    // A move being checked: its curve is drawn from the last view's list until nimcore answers.
    const pending = view.drawing ? null : lastMoves.find((move) => JSON.stringify(move.to) === key) ?? null;
    const moves = view.moves ?? [];
    /** The listed moves joining spots a and b. */
    const joining = (/** @type {number} */ a, /** @type {number} */ b) =>
      moves.filter((move) => {
        const spots = spotsOf(move);
        return spots !== null && spots[0] === Math.min(a, b) && spots[1] === Math.max(a, b);
      });
    const partners = new Set(
      chosen === null
        ? []
        : moves.flatMap((move) => {
            const spots = spotsOf(move);
            if (spots === null || !spots.includes(/** @type {number} */ (chosen))) return [];
            return [spots[0] === chosen ? spots[1] : spots[0]];
          }),
    );
    const joinable = new Set(moves.flatMap((move) => spotsOf(move) ?? []));

    // ---- the drawing ------------------------------------------------------------
    /** A move's curve and new spot, drawn with `className`. */
    const moveCurve = (/** @type {import("./game.js").Move} */ move, /** @type {string} */ className) =>
      s(
        "g",
        { class: className },
        s("polyline", { class: "sprouts-curve", points: pointsOf(move.curve) }),
        s("circle", { class: "sprouts-sprout", cx: move.sprout[0], cy: move.sprout[1], r: 2.4 }),
      );
    const curves = drawing.curves.map((curve, index) =>
      s("polyline", {
        class: `sprouts-curve${index === drawing.curves.length - 1 ? " is-last" : ""}`,
        points: pointsOf(curve),
      }),
    );
    const shown = [
      view.highlight ? moveCurve(view.highlight, "sprouts-move is-hinted") : null,
      view.selection && !view.same(view.selection, view.highlight) ? moveCurve(view.selection, "sprouts-move is-selected") : null,
      previewed ? moveCurve(previewed, "sprouts-move is-previewed") : null,
      pending ? moveCurve(pending, "sprouts-move is-pending") : null,
    ];
    const places = layout(drawing);
    const dots = drawing.spots.map((spot, index) => {
      const classes = ["sprouts-dot"];
      if (spot.lives === 0) classes.push("is-dead");
      if (spot.spot === chosen) classes.push("is-chosen");
      if (partners.has(spot.spot)) classes.push("is-partner");
      const [x, y] = spot.at;
      return s(
        "g",
        { class: classes.join(" ") },
        s("circle", { cx: x, cy: y, r: places[index].radius }),
        s("text", {
          class: "sprouts-number",
          x: places[index].label[0],
          y: places[index].label[1],
          "font-size": places[index].font, // an attribute: the site's CSP refuses style attributes
          text: String(spot.spot + 1),
        }),
      );
    });
    const trail = s("polyline", { class: "sprouts-trail", points: "", hidden: true });
    const picture = s(
      "svg",
      {
        class: "sprouts-svg",
        viewBox: `${-MARGIN} ${-MARGIN} ${SIDE} ${SIDE}`,
        role: "img",
        "aria-label": say("sprouts_drawing", { position: view.describe ?? "" }),
      },
      s("rect", { class: "sprouts-sheet", x: -MARGIN, y: -MARGIN, width: SIDE, height: SIDE, rx: 3 }),
      s("g", { class: "sprouts-curves" }, ...curves),
      ...shown,
      trail,
      ...dots,
    );

    // ---- the spots' buttons ---------------------------------------------------------
    const buttons = drawing.spots.map((spot, index) => {
      const playable = view.interactive && (joinable.has(spot.spot) || !view.known);
      // A spot is a piece to start from, or, once a spot is chosen, one the curve may go to.
      const partner = partners.has(spot.spot);
      return h("button", {
        type: "button",
        class: [
          "sprouts-spot",
          partner ? "sprouts-to is-partner" : "sprouts-from",
          spot.spot === chosen ? "is-chosen" : "",
          spot.lives === 0 ? "is-dead" : "",
        ]
          .filter(Boolean)
          .join(" "),
        // Its rings (CSS) a little narrower than the way to the nearest spot: --near, in the board's width.
        style: `${placed(spot.at)}; --near: ${((Math.min(0.9 * places[index].gap, SIDE) / SIDE) * 100).toFixed(2)}cqw`,
        tabindex: "-1",
        "data-row": "0",
        "data-col": String(spot.spot),
        "data-spot": String(spot.spot),
        "data-key": `point-${spot.spot}`,
        "aria-pressed": spot.spot === chosen ? "true" : "false",
        "aria-disabled": playable ? null : "true",
        "aria-label": spot.text,
        title: spot.text,
      });
    });
    const layer = h("div", { class: "sprouts-spots", role: "group", "aria-label": say("sprouts_spots") }, ...buttons);
    const board = h("div", { class: `sprouts-drawing${view.interactive ? "" : " is-waiting"}` }, picture, layer);

    /** Forget the spot chosen, the moves listed and the move chosen. */
    const forget = () => {
      const was = chosen;
      chosen = null;
      pair = null;
      previewed = null;
      if (view.selection !== null) {
        view.deselect();
      } else {
        view.redraw();
        if (was !== null) view.announce(say("sprouts_spot_left", { spot: was + 1 }));
      }
    };

    /**
     * The reader joins spots a and b: the one move that does is chosen (played at once when
     * the curve was drawn); several are listed; none, and nimcore says why (its refusal).
     * @param {number} a @param {number} b @param {{drawn?: boolean, byKeyboard?: boolean}} how
     */
    const join = (a, b, { drawn = false, byKeyboard = false }) => {
      const found = joining(a, b);
      previewed = null;
      if (found.length === 0) {
        chosen = null;
        pair = null;
        view.redraw();
        view.gesture({ spots: [Math.min(a, b), Math.max(a, b)], split: 0 });
        return;
      }
      chosen = a;
      pair = [a, b];
      if (found.length === 1) {
        if (drawn) {
          view.play(found[0]);
        } else {
          view.choose(found[0]); // chosen again (the same spot, the same move): played
        }
        return;
      }
      focusSplits = byKeyboard;
      view.redraw();
    };

    /** A touch (or Enter) on spot `spot`. @param {number} spot @param {boolean} byKeyboard */
    const touch = (spot, byKeyboard) => {
      if (!view.interactive || (view.known && !joinable.has(spot))) {
        view.gesture({ spots: [spot, spot], split: 0 }); // nimcore says why: not your turn, or no curve
        return;
      }
      if (chosen === null || (!partners.has(spot) && spot !== pair?.[1])) {
        chosen = spot;
        chosenByKeys = byKeyboard;
        pair = null;
        previewed = null;
        view.redraw();
        view.announce(say(byKeyboard ? "sprouts_spot_chosen_keys" : "sprouts_spot_chosen", { spot: spot + 1 }));
        return;
      }
      join(chosen, spot, { byKeyboard });
    };

    const spotOf = (/** @type {EventTarget | null} */ target) => {
      const button = target instanceof Element ? target.closest(".sprouts-spot") : null;
      return button instanceof HTMLElement ? Number(button.dataset.spot) : null;
    };
    /**
     * The spot a touch or a click at (x, y) picks: the nearest one, if within REACH px. The spots'
     * buttons overlap where spots are nearer than a finger's width: each one's share is then the
     * part of the plane nearer to it than to any other spot.
     * @param {number} x @param {number} y
     */
    const pickAt = (x, y) => {
      const matrix = picture instanceof SVGGraphicsElement ? picture.getScreenCTM() : null;
      if (matrix === null) return null;
      let found = null;
      let nearest = REACH;
      for (const spot of drawing.spots) {
        const on = new DOMPoint(spot.at[0], spot.at[1]).matrixTransform(matrix);
        const away = Math.hypot(on.x - x, on.y - y);
        if (away <= nearest) {
          nearest = away;
          found = spot.spot;
        }
      }
      return found;
    };
    layer.addEventListener("click", (event) => {
      // Enter or Space (no pointer: detail 0) touches the focused spot; a pointer, the nearest.
      const pointed = /** @type {MouseEvent} */ (event).detail !== 0;
      const spot = pointed ? pickAt(event.clientX, event.clientY) ?? spotOf(event.target) : spotOf(event.target);
      if (swallowClick) {
        swallowClick = false;
        return;
      }
      if (spot !== null) touch(spot, !pointed);
    });
    layer.addEventListener("keydown", (event) => spotKeys.keys(event, layer, { escape: forget }));

    // A curve drawn with the pointer: pressed on a spot, released on a spot.
    /** @type {{from: number, pointer: number, moved: boolean, start: DOMPoint} | null} */
    let stroke = null;
    /** A pointer event's place in the square's units. @param {PointerEvent} event */
    const inSquare = (event) => {
      const matrix = picture instanceof SVGGraphicsElement ? picture.getScreenCTM() : null;
      const point = new DOMPoint(event.clientX, event.clientY);
      return matrix ? point.matrixTransform(matrix.inverse()) : point;
    };
    layer.addEventListener("pointerdown", (event) => {
      const spot = pickAt(event.clientX, event.clientY) ?? spotOf(event.target);
      if (spot === null || !view.interactive || event.button !== 0 || (view.known && !joinable.has(spot))) return;
      stroke = { from: spot, pointer: event.pointerId, moved: false, start: inSquare(event) };
      /** @type {Element} */ (event.target).releasePointerCapture?.(event.pointerId);
    });
    board.addEventListener("pointermove", (event) => {
      if (stroke === null || event.pointerId !== stroke.pointer) return;
      const here = inSquare(event);
      if (Math.hypot(here.x - stroke.start.x, here.y - stroke.start.y) >= DRAG_MOVED) stroke.moved = true;
      if (!stroke.moved) return;
      const from = drawing.spots[stroke.from].at;
      trail.setAttribute("points", pointsOf([from, [here.x, here.y]]));
      trail.removeAttribute("hidden");
    });
    const endStroke = (/** @type {PointerEvent} */ event, /** @type {boolean} */ cancelled) => {
      if (stroke === null || event.pointerId !== stroke.pointer) return;
      const { from, moved } = stroke;
      stroke = null;
      trail.setAttribute("hidden", "");
      if (!moved) return; // a touch: the click that follows chooses the spot
      swallowClick = true;
      setTimeout(() => {
        swallowClick = false;
      }, 0);
      const to = cancelled
        ? null
        : pickAt(event.clientX, event.clientY) ?? spotOf(document.elementFromPoint(event.clientX, event.clientY));
      if (to !== null) {
        join(from, to, { drawn: true });
      } else if (!cancelled) {
        view.refuse(say("sprouts_stroke_nowhere")); // released away from every spot
      }
    };
    board.addEventListener("pointerup", (event) => endStroke(event, false));
    board.addEventListener("pointercancel", (event) => endStroke(event, true));

    // ---- the moves from the spot chosen (joining the pair, once a second spot is touched) ----
    /** @type {HTMLElement | string} */
    let listing = "";
    if (chosen !== null && view.interactive) {
      const from = chosen;
      const listed = pair !== null ? joining(pair[0], pair[1]) : moves.filter((move) => spotsOf(move)?.includes(from));
      const caption =
        pair !== null && listed.length > 1
          ? say(pair[0] === pair[1] ? "sprouts_loops" : "sprouts_splits", { one: Math.min(...pair) + 1, two: Math.max(...pair) + 1 })
          : pair !== null && view.selection !== null
            ? say("sprouts_curve_chosen")
            : say(chosenByKeys ? "sprouts_spot_chosen_keys" : "sprouts_spot_chosen", { spot: from + 1 });
      const list = h(
        "div",
        { class: "sprouts-moves", role: "group", "aria-label": caption },
        ...listed.map((move, index) => {
          const selected = view.same(move, view.selection);
          const button = h("button", {
            type: "button",
            class: [
              "md-button sprouts-move-button",
              selected ? "is-selected" : "",
              view.same(move, view.highlight) ? "is-hinted" : "",
            ]
              .filter(Boolean)
              .join(" "),
            tabindex: "-1",
            "data-row": String(index),
            "data-col": "0",
            "data-gesture": JSON.stringify(move.gestures?.[0]),
            "aria-pressed": selected ? "true" : "false",
            text: move.text,
          });
          button.addEventListener("click", () => view.choose(move));
          const show = (/** @type {boolean} */ on) => () => {
            previewed = on ? move : null;
            picture.querySelector(".sprouts-move.is-previewed")?.remove();
            if (on) picture.insertBefore(moveCurve(move, "sprouts-move is-previewed"), trail);
          };
          button.addEventListener("pointerenter", show(true));
          button.addEventListener("pointerleave", show(false));
          button.addEventListener("focus", show(true));
          button.addEventListener("blur", show(false));
          return button;
        }),
      );
      list.addEventListener("keydown", (event) => splitKeys.keys(event, list, { escape: forget }));
      listing = h(
        "div",
        { class: "sprouts-choice" },
        h(
          "p",
          { class: "sprouts-legend" },
          caption,
          " ",
          h("button", { type: "button", class: "md-button sprouts-forget", text: say("sprouts_forget"), onclick: forget }),
        ),
        list,
      );
    }
    const legend = chosen === null && !view.over ? h("p", { class: "sprouts-legend", text: say(chosenByKeys ? "sprouts_legend_keys" : "sprouts_legend") }) : "";
    container.replaceChildren(board, legend, listing);

    // One Tab stop in each group: the spot chosen, else where the keyboard was.
    const chosenButton = chosen === null ? null : buttons[chosen] ?? null;
    spotKeys.settle(layer, { preferred: chosenButton });
    const list = container.querySelector(".sprouts-moves");
    if (list instanceof HTMLElement) {
      splitKeys.settle(list, { preferred: list.querySelector("[aria-pressed=true]") });
      if (focusSplits) {
        focusSplits = false;
        list.querySelector("button")?.focus();
      }
    }
  }

  return { board: "sprouts", draw };
}

/**
 * Set up a board of the game of sprouts.
 * @param {HTMLElement} root
 * @param {import("./kit.js").BoardContext} context
 */
export function mountSprouts(root, context) {
  mountGame(root, context, sproutsSpec());
}
