// Service worker of the site, written into the built site's root by
// site_hooks/offline.py, which replaces the two constants below.
//
// It precaches every file of the build (pages, search index, Pyodide, the
// nimcore wheel, KaTeX and its fonts) into a cache named after the build's
// content hash, and answers from that cache: after one visit the whole site
// works offline. A new build is a new cache, filled completely before it is
// used, and used only once every open page has been reloaded: never old HTML
// with new JavaScript.

const VERSION = "__VERSION__";
const FILES = __FILES__;
const PREFIX = "jeux-de-nim-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // addAll is all-or-nothing: a failed download leaves the old version in place.
      // "no-cache": each file is checked with the server, so the copy is this
      // build's, but a file the visit has just loaded comes back as a 304,
      // without its body, rather than downloaded twice.
      cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" }))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") {
    self.skipWaiting();
  } else if (event.data && event.data.type === "version" && event.ports[0]) {
    event.ports[0].postMessage({ version: VERSION, files: FILES.length });
  }
});

// mkdocs-material's instant navigation (pages swapped without a reload, so the
// engine keeps running) follows only the links its sitemap.xml lists, as
// absolute URLs of where the site is served. The build cannot know that place
// (a fork's sub-path, a local port); this worker does: its scope. It answers
// sitemap.xml with the site's pages under it.
const SITEMAP = new URL("sitemap.xml", self.registration.scope).href;
const SITEMAP_XML = (() => {
  const escape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const urls = FILES.filter((file) => file.endsWith("/"))
    .map((page) => `<url><loc>${escape(new URL(page, self.registration.scope).href)}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
})();

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  if (request.url.split(/[?#]/)[0] === SITEMAP) {
    event.respondWith(new Response(SITEMAP_XML, { headers: { "Content-Type": "application/xml; charset=utf-8" } }));
    return;
  }
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
