// The page's formulas are typeset at build time (site_hooks/math.py: KaTeX under
// Node, its style sheet in every page's head). Here, loaded by site.js on pages
// with math and run again after every instant-navigation swap, only what a
// reader's screen decides: a display formula wider than a phone's column
// scrolls sideways (the theme's `overflow: auto`), and the keyboard must reach
// it too, so it takes a Tab stop while, and only while, it overflows.

/** @type {ResizeObserver | null} */
let overflowObserver = null;

/** Watch every display formula under `root` that is not watched yet. */
export function typeset(root = document) {
  overflowObserver ??= new ResizeObserver((entries) => {
    for (const { target } of entries) {
      if (target.scrollWidth > target.clientWidth + 1) target.setAttribute("tabindex", "0");
      else target.removeAttribute("tabindex");
    }
  });
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("div.arithmatex:not([data-watched])"))) {
    element.dataset.watched = "";
    overflowObserver.observe(element);
  }
}
