// Typesets the page's math with KaTeX, served by the site itself
// (vendor/katex, copied from npm at build time). Loaded by site.js only on
// pages that have math, and run again after every instant-navigation swap.

import katex from "../vendor/katex/katex.mjs";

const STYLE_ID = "katex-style";
/** @type {Promise<void> | null} KaTeX's style sheet, loaded once per visit. */
let styleLoaded = null;

/**
 * KaTeX's style sheet, added once; resolves when it is in force. Rendering
 * before it would show KaTeX's markup unstyled (wide, and doubled by its
 * MathML) for a moment.
 */
function ensureStyle() {
  if (styleLoaded === null || !document.getElementById(STYLE_ID)) {
    const link = document.createElement("link");
    link.id = STYLE_ID;
    link.rel = "stylesheet";
    link.href = new URL("../vendor/katex/katex.min.css", import.meta.url).href;
    // An unloadable sheet still lets the math render (unstyled rather than raw TeX).
    styleLoaded = new Promise((resolve) => {
      link.addEventListener("load", () => resolve(), { once: true });
      link.addEventListener("error", () => resolve(), { once: true });
    });
    document.head.append(link);
  }
  return styleLoaded;
}

/** Strip pymdownx.arithmatex's generic delimiters: \( … \) inline, \[ … \] display. */
/** @param {string} text */
function source(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith("\\(") && trimmed.endsWith("\\)")) {
    return { tex: trimmed.slice(2, -2), display: false };
  }
  if (trimmed.startsWith("\\[") && trimmed.endsWith("\\]")) {
    return { tex: trimmed.slice(2, -2), display: true };
  }
  return { tex: trimmed, display: false };
}

/** Render every not-yet-rendered `.arithmatex` element under `root`, once KaTeX's style is in force. */
export async function typeset(root = document) {
  await ensureStyle();
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".arithmatex:not([data-katex])"))) {
    const { tex, display } = source(element.textContent);
    element.dataset.katex = "";
    katex.render(tex, element, {
      displayMode: display || element.tagName === "DIV",
      throwOnError: false,
      strict: "ignore",
      output: "htmlAndMathml",
    });
    if (element.tagName === "DIV") watchOverflow(element);
  }
}

/** @type {ResizeObserver | null} */
let overflowObserver = null;

/**
 * A display formula wider than a phone's column scrolls sideways (the theme's
 * `overflow: auto`); the keyboard must reach it too, so it takes a tab stop
 * while, and only while, it overflows.
 * @param {HTMLElement} element
 */
function watchOverflow(element) {
  overflowObserver ??= new ResizeObserver((entries) => {
    for (const { target } of entries) {
      if (target.scrollWidth > target.clientWidth + 1) target.setAttribute("tabindex", "0");
      else target.removeAttribute("tabindex");
    }
  });
  overflowObserver.observe(element);
}
