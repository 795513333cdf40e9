// Entry point, loaded once per visit as a module. mkdocs-material's instant
// navigation swaps pages without reloading: on every new page (document$),
// boards that left the page are torn down, new [data-board] elements are set
// up, and math is typeset. The engine (one Web Worker) outlives page changes.

import { engine } from "./engine/client.js";
import { setUpOffline } from "./offline.js";

/**
 * Every board of the site: data-board value → [module, exported mount function].
 * A board's module is loaded only on pages that show it.
 */
/** @type {Record<string, [string, string]>} */
const BOARDS = {
  heaps: ["./boards/heaps.js", "mountHeaps"],
  wythoff: ["./boards/wythoff.js", "mountWythoff"],
  moore: ["./boards/moore.js", "mountMoore"],
  fibonacci: ["./boards/fibonacci.js", "mountFibonacci"],
  chomp: ["./boards/chomp.js", "mountChomp"],
  ordinal: ["./boards/ordinal.js", "mountOrdinal"],
  grundy: ["./boards/grundy.js", "mountGrundy"],
  octal: ["./boards/octal.js", "mountOctal"],
  flowers: ["./boards/flowers.js", "mountFlowers"],
  pawns: ["./boards/pawns.js", "mountPawns"],
  graph: ["./boards/graph.js", "mountGraph"],
  sprouts: ["./boards/sprouts.js", "mountSprouts"],
  stella: ["./boards/stella.js", "mountStella"],
  calculettes: ["./boards/calculettes.js", "mountCalculettes"],
  lab: ["./boards/lab.js", "mountLab"],
  fiche: ["./boards/fiche.js", "mountFiche"],
};

/** @type {Map<HTMLElement, AbortController>} */
const live = new Map();

/** Board modules the page's entry imported statically: board name → module. */
const handedModules = Object.create(null);

/**
 * Called by the inline entry of a page with boards (site_hooks/preload.py),
 * which imports site.js and the boards' modules: with the modules at hand, the
 * start-up below mounts the boards without a dynamic import's extra task.
 * @param {Record<string, object>} modules
 */
export function boardModules(modules) {
  Object.assign(handedModules, modules);
}

/** Typeset math, loading KaTeX only on pages that have some. */
function setUpMath() {
  if (document.querySelector(".arithmatex")) {
    import("./math.js").then((math) => math.typeset());
  }
}

function setUpBoards() {
  for (const [element, controller] of live) {
    if (!element.isConnected) {
      controller.abort();
      live.delete(element);
    }
  }
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-board]"))) {
    if (live.has(element)) {
      continue;
    }
    const controller = new AbortController();
    live.set(element, controller);
    const kind = element.dataset.board ?? "";
    const entry = BOARDS[kind];
    if (!entry) {
      element.textContent = `Plateau inconnu\u00a0: «\u00a0${element.dataset.board}\u00a0».`;
      continue;
    }
    const [path, name] = entry;
    const mount = (/** @type {Record<string, Function>} */ module) => {
      if (!controller.signal.aborted) {
        module[name](element, { engine, signal: controller.signal });
        performance.mark("plateau:utilisable"); // read by bench/
      }
    };
    const handed = handedModules[kind];
    if (handed) {
      mount(handed); // at once: the page's entry imported it (site_hooks/preload.py)
    } else {
      import(path).then(mount);
    }
  }
  if (live.size > 0) {
    engine.start();
  }
}

// For tests and the curious: how many boards are live, the engine's counters,
// and the set-up of the page's new boards (a test swaps a board for a fresh one).
window.nimJeux = { engine, liveBoards: () => live.size, setUpBoards };

/** mkdocs-material's search dialog has no accessible name: give it one. */
function nameSearchDialog() {
  document.querySelector(".md-search")?.setAttribute("aria-label", "Recherche dans le site");
}

/** The page's content, as the last page set up showed it (see releaseLeftPage). @type {Element | null} */
let shownContent = null;

/**
 * Empty the content of the page just left, once instant navigation has replaced it.
 * The theme (mkdocs-material 9.8) keeps, through a media-query listener of its
 * sidebar, a reference into every page left behind, and with it that page's
 * whole tree: about 50 kB a page change, for good (bench/results/soak.md).
 * Emptied, what it keeps is an empty shell.
 */
function releaseLeftPage() {
  const content = document.querySelector("[data-md-component=container]");
  if (shownContent !== null && shownContent !== content && !shownContent.isConnected) {
    // The sidebars out of their tree first: the one the theme keeps then holds its own nodes only.
    shownContent.querySelectorAll(".md-sidebar").forEach((sidebar) => {
      sidebar.remove();
      sidebar.replaceChildren();
    });
    shownContent.replaceChildren();
  }
  shownContent = content;
}

function setUpPage() {
  releaseLeftPage();
  nameSearchDialog();
  setUpBoards();
  setUpMath();
  setUpOffline(engine);
}

// Start-up. site_hooks/preload.py puts the page's entry (site.js, or an inline
// module importing site.js and the page's boards) just before the theme's
// script, both deferred: the entry runs first, once the page is read, and the
// page is set up at once. The theme's document$ (which replays the current
// page to a new subscriber) is followed from DOMContentLoaded, which comes
// after every deferred script, for the pages instant navigation brings next.
// Should the theme have run first, document$ is there already and brings the
// first page too.
function startUp() {
  if (window.document$) {
    window.document$.subscribe(setUpPage);
    return;
  }
  setUpPage();
  document.addEventListener(
    "DOMContentLoaded",
    () => {
      let first = true; // the page set up above
      window.document$?.subscribe(() => {
        if (!first) {
          setUpPage();
        }
        first = false;
      });
    },
    { once: true },
  );
}

// « Aller au plateau » (site_hooks/skip.py): the keyboard goes to the page's first board.
// The theme's instant navigation takes in-page links for itself and scrolls without
// moving the focus; this runs first (capture, on the window) and moves it.
window.addEventListener(
  "click",
  (event) => {
    const link = event.target instanceof Element ? event.target.closest('a.md-skip[href$="#plateau"]') : null;
    const board = document.getElementById("plateau");
    if (!link || !board) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    board.focus({ preventScroll: true });
    board.scrollIntoView({ block: "start" });
  },
  true,
);

// After this script's evaluation (a microtask): the page's entry has then
// handed its board modules over (boardModules).
queueMicrotask(startUp);
