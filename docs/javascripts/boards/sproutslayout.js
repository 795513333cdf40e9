// Where the numbers and dots of a sprouts drawing go (sprouts.js draws them): each number
// on the side of its dot away from curves, dots and other numbers, and a dot smaller where
// another spot is near. Geometry only: nimcore placed the spots and routed the curves
// (nimcore.sprouts.drawing, nimcore.games.sprouts).

/**
 * What nimcore draws (SproutsGame.drawing): points are [x, y] in a 100 × 100 square.
 * @typedef {{spot: number, at: [number, number], lives: number, text: string}} Spot
 * @typedef {{spots: Spot[], curves: [number, number][][]}} Drawing
 */

/** Room around the 100 × 100 square, in its units: a spot on the edge is drawn whole. */
export const MARGIN = 8;
export const SIDE = 100 + 2 * MARGIN;
/** A spot's dot, in the square's units, and at most this part of the way to its nearest spot. */
const DOT = 2.6;
const DOT_SHARE = 0.4;
/** A number's font size (5, or less in a narrow region if that fits), its line's height and each
 *  digit's width for a font size of 1 (as the browser measures them), and its gap from its dot,
 *  in the square's units. */
const FONTS = [5, 4.2, 3.6];
const LABEL_HEIGHT = 5.8 / 5;
const DIGIT_WIDTH = 2.8 / 5;
const LABEL_GAP = 0.6;

/** A box: left, top, right, bottom. @typedef {[number, number, number, number]} Box */

/** The area two boxes share. @param {Box} one @param {Box} two */
const overlap = (one, two) =>
  Math.max(0, Math.min(one[2], two[2]) - Math.max(one[0], two[0])) *
  Math.max(0, Math.min(one[3], two[3]) - Math.max(one[1], two[1]));

/**
 * The length of the segment from p to q inside a box (Liang–Barsky clipping).
 * @param {number[]} p @param {number[]} q @param {Box} box
 */
function lengthInside([x0, y0], [x1, y1], [left, top, right, bottom]) {
  const dx = x1 - x0;
  const dy = y1 - y0;
  let low = 0;
  let high = 1;
  for (const [step, room] of [
    [-dx, x0 - left],
    [dx, right - x0],
    [-dy, y0 - top],
    [dy, bottom - y0],
  ]) {
    if (step === 0) {
      if (room < 0) return 0;
    } else {
      const at = room / step;
      if (step < 0) low = Math.max(low, at);
      else high = Math.min(high, at);
    }
  }
  return high > low ? (high - low) * Math.hypot(dx, dy) : 0;
}

/**
 * Where each spot's dot and number go: the dot smaller than DOT when another spot is near
 * (so that no two dots touch), the number on the side of its dot that meets the fewest
 * dots, numbers and curves (up and right first, as it is read), inside the sheet. Only
 * geometry: nimcore placed the spots and the curves.
 * @param {Drawing} drawing
 * @returns {{radius: number, gap: number, label: [number, number], font: number}[]}
 */
export function layout(drawing) {
  const spots = drawing.spots;
  const gaps = spots.map(({ at }, index) =>
    Math.min(Infinity, ...spots.filter((_, other) => other !== index).map((other) => Math.hypot(other.at[0] - at[0], other.at[1] - at[1]))),
  );
  const radii = gaps.map((gap) => Math.min(DOT, DOT_SHARE * gap));
  /** @type {Box[]} */
  const dots = spots.map(({ at: [x, y] }, index) => [x - radii[index], y - radii[index], x + radii[index], y + radii[index]]);
  // A curve's segments, from corner to corner (its points are a grid's, mostly in straight runs).
  const segments = drawing.curves.flatMap((curve) => {
    const corners = curve.filter((point, index) => {
      if (index === 0 || index === curve.length - 1) return true;
      const [before, after] = [curve[index - 1], curve[index + 1]];
      return (point[0] - before[0]) * (after[1] - point[1]) !== (point[1] - before[1]) * (after[0] - point[0]);
    });
    return corners.slice(1).map((point, index) => [corners[index], point]);
  });
  /** @type {Box[]} */
  const placed = [];
  /** Up-right first, then round the dot; then the same, a little farther. */
  const sides = [[1, -1], [1, 0], [0, -1], [-1, -1], [1, 1], [-1, 0], [0, 1], [-1, 1]].map(([x, y]) => [
    x / Math.hypot(x, y),
    y / Math.hypot(x, y),
  ]);
  const out = spots.map(() => ({ radius: 0, gap: 0, label: /** @type {[number, number]} */ ([0, 0]), font: FONTS[0] }));
  // The most crowded spots choose first.
  const order = spots.map((_, index) => index).sort((one, two) => gaps[one] - gaps[two] || one - two);
  for (const index of order) {
    const [x, y] = spots[index].at;
    const digits = String(spots[index].spot + 1).length;
    let best = { score: Infinity, box: /** @type {Box} */ ([x, y, x, y]), centre: /** @type {[number, number]} */ ([x, y]), font: FONTS[0] };
    for (const [smaller, font] of FONTS.entries()) {
      const width = (DIGIT_WIDTH * digits + 0.08) * font;
      const height = LABEL_HEIGHT * font;
      for (const [farther, cost] of [[0, 0], [2.5, 0.5]]) {
        for (const [rank, [dx, dy]] of sides.entries()) {
          const away = radii[index] + LABEL_GAP + farther + Math.abs(dx) * (width / 2) + Math.abs(dy) * (height / 2);
          /** @type {[number, number]} */
          const centre = [x + dx * away, y + dy * away];
          /** @type {Box} */
          const box = [centre[0] - width / 2, centre[1] - height / 2, centre[0] + width / 2, centre[1] + height / 2];
          // Over a dot or a number is worst; over a curve, the number's halo keeps it readable.
          let score = smaller * 0.4 + cost + rank * 0.01;
          for (const dot of dots) score += 200 * overlap(box, dot);
          for (const label of placed) score += 200 * overlap(box, label);
          for (const [p, q] of segments) score += 4 * lengthInside(p, q, box);
          const outside = Math.max(0, -MARGIN - box[0], -MARGIN - box[1], box[2] - 100 - MARGIN, box[3] - 100 - MARGIN);
          score += 50 * outside;
          if (score < best.score) best = { score, box, centre, font };
        }
      }
      if (best.score < 1) break; // it fits: no smaller font
    }
    placed.push(best.box);
    out[index] = { radius: radii[index], gap: gaps[index], label: best.centre, font: best.font };
  }
  return out;
}
