// Registers the site's service worker (sw.js at the site's root, written at
// build time by site_hooks/offline.py) and tells the reader, in French, when a
// new version is ready. Updating reloads the page as a whole, under the new
// version: never old HTML with new JavaScript.

const ROOT = new URL("../", import.meta.url);
const CHECK_EVERY_MS = 60_000;

/** @type {ServiceWorkerRegistration | null} */
let registration = null;
let lastCheck = 0;
let updateAccepted = false;

/** @param {ServiceWorker} worker */
function showUpdate(worker) {
  if (document.querySelector(".site-update")) {
    return;
  }
  const banner = document.createElement("div");
  banner.className = "site-update";
  banner.setAttribute("role", "status");
  const text = document.createElement("span");
  text.textContent = "Une nouvelle version du site est disponible.";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button md-button--primary";
  button.textContent = "Mettre à jour";
  button.addEventListener("click", () => {
    updateAccepted = true;
    button.disabled = true;
    worker.postMessage({ type: "skip-waiting" });
  });
  banner.append(text, " ", button);
  document.body.append(banner);
}

/** @param {ServiceWorker} worker */
function watch(worker) {
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) {
      showUpdate(worker);
    }
  });
}

/**
 * Resolves once the page no longer waits for anything of its own: loaded and,
 * if it started the engine, with the engine ready (or failed). The offline
 * copy (the whole site, some 15 MB) would otherwise be downloaded and stored
 * while the engine downloads and compiles Pyodide: the reader's wait first.
 * @param {{onStatus: (listener: (status: {state: string}) => void) => () => void}} engine
 */
function pageSettled(engine) {
  const loaded =
    document.readyState === "complete"
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener("load", () => resolve(undefined), { once: true }));
  let stop = () => {};
  const engineSettled = new Promise((resolve) => {
    stop = engine.onStatus(({ state }) => state !== "loading" && resolve(undefined));
  });
  engineSettled.then(() => stop());
  return Promise.all([loaded, engineSettled]);
}

/** @type {Promise<void> | null} the first registration, once the page has settled */
let registering = null;

/**
 * Register once, when the page has settled; on later page changes, look for a
 * new version now and then.
 * @param {{onStatus: (listener: (status: {state: string}) => void) => () => void}} engine  the boards' engine
 */
export function setUpOffline(engine) {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    return;
  }
  if (registration) {
    if (Date.now() - lastCheck > CHECK_EVERY_MS) {
      lastCheck = Date.now();
      registration.update().catch(() => {});
    }
    return;
  }
  registering ??= pageSettled(engine).then(register);
}

function register() {
  lastCheck = Date.now();
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (updateAccepted) {
      window.location.reload();
    }
  });
  navigator.serviceWorker
    .register(new URL("sw.js", ROOT), { scope: ROOT.pathname })
    .then((registered) => {
      registration = registered;
      if (registered.waiting && navigator.serviceWorker.controller) {
        showUpdate(registered.waiting);
      }
      if (registered.installing) {
        watch(registered.installing);
      }
      registered.addEventListener("updatefound", () => {
        if (registered.installing) {
          watch(registered.installing);
        }
      });
    })
    .catch(() => {
      // No offline copy: the site still works while the connection lasts.
    });
}
