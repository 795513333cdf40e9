// Entry point, loaded once per visit as a module. mkdocs-material's instant
// navigation swaps pages without reloading: on every new page (document$),
// boards that left the page are torn down and new [data-board] elements are
// set up, and math is typeset. The engine (one Web Worker) outlives page changes.

import { engine } from "./engine/client.js";
import { mountNim } from "./boards/nim.js";
import { setUpOffline } from "./offline.js";

/** Every board of the site, by the value of its data-board attribute. */
const BOARDS = {
  nim: mountNim,
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
    const mount = BOARDS[element.dataset.board];
    const controller = new AbortController();
    live.set(element, controller);
    if (!mount) {
      element.textContent = `Plateau inconnu\u00a0: «\u00a0${element.dataset.board}\u00a0».`;
      continue;
    }
    mount(element, { engine, signal: controller.signal });
    performance.mark("plateau:utilisable"); // read by bench/
  }
  if (live.size > 0) {
    engine.start();
  }
}

// For tests and the curious: how many boards are live, and the engine's counters.
window.nimJeux = { engine, liveBoards: () => live.size };

function setUpPage() {
  setUpBoards();
  setUpMath();
  setUpOffline();
}

if (window.document$) {
  window.document$.subscribe(setUpPage);
} else {
  setUpPage();
}
