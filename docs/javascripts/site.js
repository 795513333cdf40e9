// Entry point, loaded once per visit as a module. mkdocs-material's instant
// navigation swaps pages without reloading: on every new page (document$),
// boards that left the page are torn down, new [data-board] elements are set
// up, and math is typeset. The engine (one Web Worker) outlives page changes.
//
// A link to the page shown with another query (the laboratory's list of games,
// ?soustraction=1,2,4) is this file's, not the theme's: the theme takes a link to
// its own page for an anchor (it fetches the page again the first time only, and
// afterwards goes back in the history), and without its instant navigation the
// link reloads the page and the engine. Here the address is pushed and each board
// of the page is set up again from its built markup, reading the new address as
// on a page load, at once, whether or not the engine or the page's first answer
// is there yet. Back and Forward between such addresses do the same.

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
/** Each live board's markup as the page brought it, before it was set up. @type {Map<HTMLElement, Node>} */
const built = new Map();
/** The address the live boards were set up from: its path and query. */
let boardsAddress = { path: "", search: "" };

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
      built.delete(element);
    }
  }
  boardsAddress = { path: location.pathname, search: location.search };
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-board]"))) {
    if (live.has(element)) {
      continue;
    }
    const controller = new AbortController();
    live.set(element, controller);
    built.set(element, element.cloneNode(true));
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

/**
 * The page's boards read the address again: each is replaced by a copy of its built markup,
 * set up as on a page load (the engine, already started, answers them).
 */
function rereadAddress() {
  for (const [element, markup] of built) {
    if (element.isConnected) {
      element.replaceWith(markup.cloneNode(true));
    }
  }
  setUpBoards();
}

/**
 * A link followed to the page shown, with another query: the address is pushed and the boards
 * read it (see the top of this file). Captured on the window, before the theme's instant
 * navigation, which never sees it. Other links, and links opened elsewhere, are left alone;
 * a link to the page shown with the same query (an anchor) notes the boards' address as it
 * stands, which Back will bring again.
 * @param {MouseEvent} event
 */
function followPageLink(event) {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || live.size === 0) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (link.target || link.hasAttribute("download")) return;
  const url = new URL(link.href);
  if (url.origin !== location.origin || url.pathname !== location.pathname) return;
  if (url.search === location.search) {
    boardsAddress.search = location.search;
    return;
  }
  event.preventDefault();
  event.stopPropagation();
  history.pushState(null, "", url);
  rereadAddress();
  // The focus leaves the link, and the reader is taken to the link's anchor, or else to the
  // page's first board, which shows the game asked for (not left in the list above it).
  if (document.activeElement instanceof HTMLElement) {
    document.activeElement.blur();
  }
  const anchor = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  const target = anchor ?? document.querySelector("[data-board]");
  if (target) {
    target.scrollIntoView({ block: "start" });
  } else {
    window.scrollTo(0, 0);
  }
}
window.addEventListener("click", followPageLink, true);
// Back or Forward to another query of the page shown: its boards read it. (To another page,
// the theme brings the page in, and document$ sets its boards up.)
window.addEventListener("popstate", () => {
  if (live.size > 0 && location.pathname === boardsAddress.path && location.search !== boardsAddress.search) {
    rereadAddress();
  }
});

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
