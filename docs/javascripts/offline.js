// Registers the site's service worker (sw.js at the site's root, written at
// build time by site_hooks/offline.py) and tells the reader, in French, when a
// new version is ready. Updating reloads the page as a whole, under the new
// version: never old HTML with new JavaScript.
//
// Two discreet signs besides: « Disponible hors ligne » in the footer once the
// offline copy is complete (a worker is active: it became so only after
// storing every file of its version, and that version's cache is there), and
// an « Installer » button in the header when, and only when, the browser
// offers to install the site (its beforeinstallprompt event).

const ROOT = new URL("../", import.meta.url);
const CHECK_EVERY_MS = 60_000;
/** The service worker's cache names: this prefix and the version (site_hooks/service-worker.js). */
const CACHE_PREFIX = "jeux-de-nim-";
/** How long an active worker may take to tell its version (one that never answers has no copy). */
const VERSION_WAIT_MS = 5_000;

/** Set once the offline copy is complete; shown again on every page instant navigation brings. */
let offlineReady = false;

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
  showInstall();
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    return;
  }
  showOfflineStatus();
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
      return navigator.serviceWorker.ready.then(copyComplete).then((complete) => {
        offlineReady = complete;
        showOfflineStatus();
      });
    })
    .catch(() => {
      // No offline copy: the site still works while the connection lasts.
    });
}

/**
 * Whether *registration*'s active worker holds a complete copy of its version:
 * it answers with its version (the worker of `mkdocs serve` does not: it only
 * removes itself), and the cache of that version is there. A worker becomes
 * active only once its install, which stores every file or none, has succeeded.
 * @param {ServiceWorkerRegistration} registration
 * @returns {Promise<boolean>}
 */
function copyComplete(registration) {
  const worker = registration.active;
  if (!worker) {
    return Promise.resolve(false);
  }
  /** @type {Promise<string | null>} */
  const version = new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), VERSION_WAIT_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(typeof event.data?.version === "string" ? event.data.version : null);
    };
    worker.postMessage({ type: "version" }, [channel.port2]);
  });
  return version.then((name) => (name === null ? false : caches.has(CACHE_PREFIX + name)));
}

/** « Disponible hors ligne » in the footer of the page shown, once the copy is complete. */
function showOfflineStatus() {
  const footer = document.querySelector(".md-footer-meta__inner");
  if (!offlineReady || !footer || footer.querySelector(".site-offline")) {
    return;
  }
  const status = document.createElement("p");
  status.className = "site-offline";
  status.setAttribute("role", "status");
  status.textContent = "Disponible hors ligne";
  footer.append(status);
}

/**
 * The browser's offer to install the site (Chromium's BeforeInstallPromptEvent,
 * not in the DOM's types), kept until the reader presses « Installer ».
 * @typedef {Event & {prompt: () => Promise<unknown>, userChoice: Promise<{outcome: string}>}} InstallOffer
 */
/** @type {InstallOffer | null} */
let installOffer = null;

window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault(); // the site shows its own button instead of the browser's banner
  installOffer = /** @type {InstallOffer} */ (event);
  showInstall();
});

window.addEventListener("appinstalled", () => {
  installOffer = null;
  showInstall();
});

/** The header's « Installer » button: there exactly while the browser offers installation. */
function showInstall() {
  const button = document.querySelector(".site-install");
  if (!installOffer) {
    button?.remove();
    return;
  }
  const header = document.querySelector(".md-header__inner");
  if (button || !header) {
    return;
  }
  const install = document.createElement("button");
  install.type = "button";
  install.className = "site-install";
  install.textContent = "Installer";
  install.addEventListener("click", () => {
    const offer = installOffer;
    if (!offer) {
      return;
    }
    installOffer = null; // an offer can be shown once only
    install.disabled = true;
    offer
      .prompt()
      .then(() => offer.userChoice)
      .catch(() => null)
      .finally(showInstall);
  });
  const palette = header.querySelector("[data-md-component=palette]");
  header.insertBefore(install, palette);
}
