// One Tab stop per gesture area, arrow keys inside: the roving tabindex of the
// WAI-ARIA Authoring Practices' grid and toolbar patterns, for the boards whose
// gestures are laid out in rows (Wythoff's tokens and lattice, Fibonacci's
// tokens, Chomp's bar, Moore's matches and its « − » / « + », the flowers of a row,
// the heaps of Nim and the subtraction games).
//
// A board redraws its area on every change; a Roving kept by the board between
// redraws remembers where the keyboard was. Each item of the area carries
// data-row and data-col (numbers: its row, and its place in the row). Before a
// redraw, `note` reads whether the focus is in the area and on which item; after
// it, `settle` makes one item the area's only Tab stop (tabindex 0, the others
// -1) and gives it the focus back if the focus was there. `keys` handles the
// arrow keys, Home and End on the area; Enter and Space are the buttons' own.
// Where a row wraps onto several lines on a narrow screen (a heap of 40 matches
// on a phone), `lines` makes Up and Down follow the lines as drawn: the line
// above or below, the item nearest across, whichever row it belongs to; Left
// and Right still go along the row, from the end of one line to the start of
// the next, as in reading.
//
// The boards whose focusable elements are named rather than laid out in rows keep
// the keyboard's place by those names: KeyedFocus (Grundy's heaps and splits, the
// octal games' heaps and amounts) and FocusKeeper (the graph's and the pawns' boards).

/**
 * @typedef {{row: number, col: number}} Place
 */

/** An item's place in its area. @param {HTMLElement} item @returns {Place} */
const placeOf = (item) => ({ row: Number(item.dataset.row), col: Number(item.dataset.col) });

export class Roving {
  /**
   * @param {string} selector  the area's items (every one, forbidden ones included)
   * @param {{skipForbidden?: boolean, lines?: boolean}} [how]  skipForbidden: the arrows pass over
   *   items marked aria-disabled (moves nimcore does not list), as on a heap of matches; otherwise
   *   every item is reached (a grid's cells: Enter on a forbidden one shows nimcore's refusal).
   *   lines: Up and Down follow the lines as drawn, not the rows (rows that wrap on a narrow screen)
   */
  constructor(selector, { skipForbidden = false, lines = false } = {}) {
    this.selector = selector;
    this.skipForbidden = skipForbidden;
    this.lines = lines;
    /** @type {Place | null} the item the keyboard was last on */
    this.at = null;
    /** whether the focus was in the area before the redraw */
    this.active = false;
  }

  /**
   * The items the arrow keys may reach in `group`, enabled ones only.
   * @param {ParentNode} group
   * @param {{forbidden?: boolean}} [how]  forbidden: items marked aria-disabled too
   * @returns {HTMLElement[]}
   */
  items(group, { forbidden = false } = {}) {
    return [.../** @type {NodeListOf<HTMLElement>} */ (group.querySelectorAll(this.selector))].filter(
      (item) =>
        !(item instanceof HTMLButtonElement && item.disabled) &&
        !item.closest("[hidden]") &&
        !(this.skipForbidden && !forbidden && item.getAttribute("aria-disabled") === "true"),
    );
  }

  /**
   * Before redrawing `container`: note whether the focus is on one of this area's items.
   * Focus on the page's body means the board took it away (a button disabled while nimcore
   * answered): the area keeps what it knew.
   * @param {HTMLElement} container
   */
  note(container) {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && container.contains(focused) && focused.matches(this.selector)) {
      this.at = placeOf(focused);
      this.active = true;
    } else if (focused && focused !== document.body) {
      this.active = false;
    }
  }

  /**
   * After a redraw: one item of `group` becomes the Tab stop — where the keyboard was when the
   * focus is in the area, else `preferred` (the chosen move's item), else the item nearest to
   * where the keyboard was, or to `start`. It takes the focus back if the area had it.
   * @param {HTMLElement} group
   * @param {{preferred?: HTMLElement | null, start?: Place}} [where]
   */
  settle(group, { preferred = null, start = { row: 0, col: 0 } } = {}) {
    // While no item may be played (the other side's turn), the area stays a Tab stop all the same,
    // on an item marked aria-disabled: the keyboard keeps its place on the board.
    const items = this.items(group, { forbidden: !this.items(group).length });
    for (const item of /** @type {NodeListOf<HTMLElement>} */ (group.querySelectorAll(this.selector))) {
      item.tabIndex = -1;
    }
    const stop = preferred && !this.active && items.includes(preferred) ? preferred : nearest(items, this.at ?? start);
    if (stop === null) {
      return;
    }
    stop.tabIndex = 0;
    if (this.active) {
      stop.focus({ preventScroll: true });
    }
  }

  /**
   * Arrow keys, Home and End inside `group`; Escape calls `escape`.
   * @param {KeyboardEvent} event
   * @param {HTMLElement} group
   * @param {{up?: number, escape?: () => void}} [how]  up: the row step of ArrowUp (-1 when rows
   *   are numbered from the top, 1 when they count upwards, as a lattice's y)
   */
  keys(event, group, { up = -1, escape } = {}) {
    const current = event.target instanceof HTMLElement ? event.target.closest(this.selector) : null;
    if (!(current instanceof HTMLElement) || !group.contains(current)) {
      return;
    }
    if (event.key === "Escape") {
      if (escape) {
        event.preventDefault();
        escape();
      }
      return;
    }
    const items = this.items(group);
    const { row, col } = placeOf(current);
    const rows = [...new Set(items.map((item) => placeOf(item).row))].sort((a, b) => a - b);
    const inRow = (/** @type {number} */ r) =>
      items.filter((item) => placeOf(item).row === r).sort((a, b) => placeOf(a).col - placeOf(b).col);
    const line = inRow(row);
    /** @type {HTMLElement | null | undefined} */
    let next;
    // One row (one line, when the lines are followed): Up and Down move along it, as a toolbar's arrows.
    const single = this.lines ? linesOf(items).length <= 1 : rows.length <= 1;
    switch (event.key) {
      case "ArrowLeft":
        next = line.filter((item) => placeOf(item).col < col).at(-1);
        break;
      case "ArrowRight":
        next = line.find((item) => placeOf(item).col > col);
        break;
      case "ArrowUp":
      case "ArrowDown": {
        const step = event.key === "ArrowUp" ? up : -up;
        if (single) {
          next = step < 0 ? line.filter((item) => placeOf(item).col < col).at(-1) : line.find((item) => placeOf(item).col > col);
          break;
        }
        if (this.lines) {
          next = acrossLines(items, current, event.key === "ArrowUp" ? -1 : 1);
          break;
        }
        const others = rows.filter((r) => (step < 0 ? r < row : r > row));
        const target = step < 0 ? others.at(-1) : others[0];
        next = target === undefined ? null : nearest(inRow(target), { row: target, col });
        break;
      }
      case "Home":
        next = line[0];
        break;
      case "End":
        next = line.at(-1);
        break;
      default:
        return;
    }
    event.preventDefault();
    if (next) {
      for (const item of /** @type {NodeListOf<HTMLElement>} */ (group.querySelectorAll(this.selector))) {
        item.tabIndex = -1;
      }
      next.tabIndex = 0;
      next.focus();
      this.at = placeOf(next);
      this.active = true;
    }
  }
}

/**
 * The lines `items` are drawn on, from the top: the vertical middles of their items, an item
 * being on a line when its middle is within half its height of the line's (a match lifted
 * by a chosen move stays on its line).
 * @param {HTMLElement[]} items
 * @returns {number[]}
 */
function linesOf(items) {
  /** @type {number[]} */
  const lines = [];
  for (const item of items) {
    const box = item.getBoundingClientRect();
    const middle = box.top + box.height / 2;
    if (!lines.some((line) => Math.abs(line - middle) < box.height / 2)) {
      lines.push(middle);
    }
  }
  return lines.sort((a, b) => a - b);
}

/**
 * The item of the line drawn above (`step` -1) or below (1) `current`'s, nearest across;
 * null on the first or last line.
 * @param {HTMLElement[]} items
 * @param {HTMLElement} current
 * @param {number} step
 * @returns {HTMLElement | null}
 */
function acrossLines(items, current, step) {
  const box = current.getBoundingClientRect();
  const middle = box.top + box.height / 2;
  const centre = box.left + box.width / 2;
  const lines = linesOf(items).filter((line) => (step < 0 ? line < middle - box.height / 2 : line > middle + box.height / 2));
  const target = step < 0 ? lines.at(-1) : lines[0];
  if (target === undefined) {
    return null;
  }
  /** @type {HTMLElement | null} */
  let best = null;
  let distance = Infinity;
  for (const item of items) {
    const other = item.getBoundingClientRect();
    if (Math.abs(other.top + other.height / 2 - target) < other.height / 2) {
      const across = Math.abs(other.left + other.width / 2 - centre);
      if (across < distance) {
        best = item;
        distance = across;
      }
    }
  }
  return best;
}

/**
 * The item nearest to `place` (its row first, then its place in the row), or null when none.
 * @param {HTMLElement[]} items
 * @param {Place} place
 */
function nearest(items, place) {
  /** @param {HTMLElement} item */
  const distance = (item) => {
    const at = placeOf(item);
    return Math.abs(at.row - place.row) * 10000 + Math.abs(at.col - place.col);
  };
  return items.reduce((/** @type {HTMLElement | null} */ best, item) => (best === null || distance(item) < distance(best) ? item : best), null);
}

/**
 * Where the keyboard is on a board whose focusable elements are named by a data-key (Grundy's
 * heaps and splits, the octal games' heaps and amounts), kept by the board between redraws.
 * Before a redraw, `note` reads which element has the focus, if the board has it; `next`, when
 * set, names the element that gets the focus once drawn (a heap just opened, its first split).
 */
export class KeyedFocus {
  /**
   * @param {{nextTakesFocus?: boolean}} [how]  nextTakesFocus: `next` also gives the board the
   *   focus (the octal board's fields), rather than only the place where the keyboard will be
   */
  constructor({ nextTakesFocus = false } = {}) {
    /** the data-key of the element the keyboard was on */
    this.key = "";
    /** whether the board had the focus before the redraw */
    this.active = false;
    /** the data-key of the element the keyboard goes to once drawn, or "" */
    this.next = "";
    this.nextTakesFocus = nextTakesFocus;
  }

  /**
   * Before redrawing `container`: note the focused element's key (focus on the page's body means
   * the board took it away: the board keeps what it knew), then move on to `next` if set.
   * @param {HTMLElement} container
   */
  note(container) {
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && container.contains(focused) && focused.dataset.key) {
      this.key = focused.dataset.key;
      this.active = true;
    } else if (focused && focused !== document.body) {
      this.active = false;
    }
    if (this.next) {
      this.key = this.next;
      this.next = "";
      this.active = this.active || this.nextTakesFocus;
    }
  }
}

/**
 * Where the keyboard focus goes when a board redraws: to the element asked for (`next`), else to
 * the one that had it, else to `fallback`, else to the last resort given to `restore`. Elements
 * are found by their data-key.
 */
export class FocusKeeper {
  constructor() {
    /** @type {string | null} */
    this.next = null;
    /** @type {string | null} */
    this.fallback = null;
    /** @type {string | null} */
    this.had = null;
  }

  /** Before redrawing *container*: note which of its keyed elements has the focus. @param {HTMLElement} container */
  remember(container) {
    const active = document.activeElement;
    this.had = active instanceof HTMLElement && container.contains(active) ? active.dataset.key ?? null : null;
  }

  /**
   * After redrawing *container*: give the focus back (nothing when no keyed element had it and
   * none was asked for).
   * @param {HTMLElement} container
   * @param {string | null} lastResort
   */
  restore(container, lastResort) {
    const wanted = this.next ?? this.had;
    const keys = [wanted, this.fallback, lastResort];
    this.next = null;
    this.fallback = null;
    this.had = null;
    if (wanted === null) return;
    for (const key of keys) {
      const target = key === null ? null : container.querySelector(`[data-key="${key}"]`);
      if (target instanceof HTMLElement) {
        target.focus();
        return;
      }
    }
  }
}
