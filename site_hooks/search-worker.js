// The site's search worker, written by site_hooks/search.py beside the theme's
// own worker (whose file name replaces __THEME_WORKER__), and named in every
// page's configuration instead of it.
//
// mkdocs-material's worker searches every word typed as a prefix: « de »
// becomes "de*", which matches (and highlights) « deux », « dernier »,
// « delà ». Here each plain word of a query gets lunr's boost "^1" (a weight
// of one, the default): the theme then leaves it a whole word. A word the
// reader wrote with lunr's own syntax (+word, -word, word*, word~1, word^2)
// is left as written. The theme's worker does everything else.

let separator = /[\s\-]+/;
const rewritten = new WeakSet();

/**
 * @param {string} query
 * @returns {string}
 */
function wholeWords(query) {
  return query
    .replace(/"/g, " ")
    .split(/\s+/)
    .flatMap((word) => (/^[+-]|[*~^]/.test(word) ? [word] : word.split(separator)))
    .filter((word) => word !== "" && word !== "+" && word !== "-")
    .map((word) => (/^[+-]|[*~^]/.test(word) ? word : `${word}^1`))
    .join(" ");
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (rewritten.has(event) || !message) {
    return;
  }
  if (message.type === 0 && message.data && message.data.config) {
    // The index's configuration: the separator between words (mkdocs.yml).
    separator = new RegExp(message.data.config.separator);
  } else if (message.type === 2 && typeof message.data === "string") {
    event.stopImmediatePropagation();
    const copy = new MessageEvent("message", { data: { type: 2, data: wholeWords(message.data) } });
    rewritten.add(copy);
    self.dispatchEvent(copy);
  }
});

importScripts("__THEME_WORKER__");
