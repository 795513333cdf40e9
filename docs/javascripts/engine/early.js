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
  const early = { worker: null, messages: [], failed: false };
  try {
    early.worker = new Worker(new URL("WORKER_URL", document.baseURI), { type: "module" });
  } catch {
    return null; // client.js will try again, and say so if it fails
  }
  early.worker.onmessage = (event) => early.messages.push(event.data);
  early.worker.onerror = (event) => {
    event.preventDefault();
    early.failed = true;
  };
  performance.mark("moteur:demarrage"); // read by bench/
  return early;
})();
