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
const BOARDS = {
  nim: ["./boards/nim.js", "mountNim"],
  wythoff: ["./boards/wythoff.js", "mountWythoff"],
  soustraction: ["./boards/soustraction.js", "mountSoustraction"],
  "nim-max": ["./boards/nim-max.js", "mountNimMax"],
  moore: ["./boards/moore.js", "mountMoore"],
  fibonacci: ["./boards/fibonacci.js", "mountFibonacci"],
  chomp: ["./boards/chomp.js", "mountChomp"],
  ordinal: ["./boards/ordinal.js", "mountOrdinal"],
  grundy: ["./boards/grundy.js", "mountGrundy"],
  fleurs: ["./boards/fleurs.js", "mountFleurs"],
  pions: ["./boards/pions.js", "mountPions"],
  graphe: ["./boards/graphe.js", "mountGraphe"],
  stella: ["./boards/stella.js", "mountStella"],
  calculettes: ["./boards/calculettes.js", "mountCalculettes"],
};

/** @type {Map<HTMLElement, AbortController>} */
const live = new Map();

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
  for (const element of document.querySelectorAll("[data-board]")) {
    if (live.has(element)) {
      continue;
    }
    const controller = new AbortController();
    live.set(element, controller);
    const entry = BOARDS[element.dataset.board];
    if (!entry) {
      element.textContent = `Plateau inconnu\u00a0: «\u00a0${element.dataset.board}\u00a0».`;
      continue;
    }
    const [path, name] = entry;
    import(path).then((module) => {
      if (!controller.signal.aborted) {
        module[name](element, { engine, signal: controller.signal });
        performance.mark("plateau:utilisable"); // read by bench/
      }
    });
  }
  if (live.size > 0) {
    engine.start();
  }
}

// For tests and the curious: how many boards are live, and the engine's counters.
window.nimJeux = { engine, liveBoards: () => live.size };

/** mkdocs-material's search dialog has no accessible name: give it one. */
function nameSearchDialog() {
  document.querySelector(".md-search")?.setAttribute("aria-label", "Recherche dans le site");
}

function setUpPage() {
  nameSearchDialog();
  setUpBoards();
  setUpMath();
  setUpOffline();
}

if (window.document$) {
  window.document$.subscribe(setUpPage);
} else {
  setUpPage();
}
