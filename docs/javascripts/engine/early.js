// Start the engine's worker from the head of a page that shows a board. Never
// loaded as a file: site_hooks/preload.py inlines it into the head of those
// pages, with WORKER_URL replaced by the worker's address relative to the page.
//
// Pyodide's start-up is the longest wait of such a page, and the page's own
// scripts run only once the page is read (and the theme's script has run):
// an inline script starts the worker while the head is being read. The
// worker's messages are kept until engine/client.js adopts it (Engine.start),
// so no status, and no failure, is lost.
window.nimMoteurPrecoce = (() => {
  let worker;
  try {
    worker = new Worker(new URL("WORKER_URL", document.baseURI), { type: "module" });
  } catch {
    return null; // client.js will try again, and say so if it fails
  }
  const early = { worker, messages: /** @type {any[]} */ ([]), failed: false };
  worker.onmessage = (event) => early.messages.push(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    early.failed = true;
  };
  performance.mark("moteur:demarrage"); // read by bench/
  return early;
})();

// The theme's search builds its index in a worker of its own as soon as a page
// opens: ~350 ms of CPU, spent while this page's engine restores or compiles
// Pyodide, which it slows down on a machine with few cores. On a page with a
// board, the theme's search worker is handed its messages (the index first)
// only once the engine has answered, ready or failed, or as soon as the reader
// turns to the search box, or after a while in any case. The search works
// exactly as before; only its index is built later.
(() => {
  const Native = window.Worker;
  if (/** @type {any} */ (Native).nimRecherchePatiente) {
    return; // already in place
  }
  let released = false;
  /** @type {Array<() => void>} messages held, in order */
  const held = [];
  const release = () => {
    if (!released) {
      released = true;
      held.splice(0).forEach((send) => send());
    }
  };
  class PatientWorker extends Native {
    /** @param {string | URL} url @param {WorkerOptions} [options] */
    constructor(url, options) {
      super(url, options);
      const path = new URL(String(url), document.baseURI).pathname;
      if (!released && /\/assets\/javascripts\/workers\/search\.[^/]*\.js$/.test(path)) {
        const send = Native.prototype.postMessage;
        /** @param {...any} args */
        this.postMessage = (...args) => {
          if (released) {
            send.apply(this, /** @type {any} */ (args));
          } else {
            held.push(() => send.apply(this, /** @type {any} */ (args)));
          }
        };
      }
    }
  }
  /** @type {any} */ (PatientWorker).nimRecherchePatiente = true;
  window.Worker = PatientWorker;
  // The index itself (search/search_index.json: 0.5 MB, 0.15 MB gzip), which the theme
  // requests as soon as the page opens, is requested at the same moment: on a slow link
  // its bytes no longer share it with Pyodide's. The theme asks for it with XMLHttpRequest.
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  /** @type {WeakSet<XMLHttpRequest>} requests of the index */
  const indexRequests = new WeakSet();
  /**
   * @this {XMLHttpRequest}
   * @param {string} method
   * @param {string | URL} url
   * @param {...any} rest
   */
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    if (!released && /\/search\/search_index\.json$/.test(new URL(String(url), document.baseURI).pathname)) {
      indexRequests.add(this);
    }
    return /** @type {any} */ (open).call(this, method, url, ...rest);
  };
  /**
   * @this {XMLHttpRequest}
   * @param {...any} args
   */
  XMLHttpRequest.prototype.send = function (...args) {
    if (!released && indexRequests.has(this)) {
      held.push(() => send.apply(this, /** @type {any} */ (args)));
    } else {
      send.apply(this, /** @type {any} */ (args));
    }
  };
  const early = window.nimMoteurPrecoce;
  if (!early) {
    release();
    return;
  }
  early.worker.addEventListener("message", (event) => {
    if (event.data?.type === "status" && event.data.state !== "loading") {
      release();
    }
  });
  early.worker.addEventListener("error", release);
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof Element && event.target.matches("[data-md-component=search-query]")) {
      release();
    }
  });
  setTimeout(release, 20_000);
})();
