// Module Web Worker: loads Pyodide and nimcore from this site, then answers
// the page's requests, one at a time, in order. The message protocol is
// documented in client.js; the page replaces this worker when it dies, and
// stops a request by replacing it (terminate, then a fresh worker).
//
// Everything comes from the site's own `runtime/` folder, written at build
// time by site_hooks/runtime.py: no request ever leaves this origin.
//
// Two ways to start. The snapshot boot restores a memory snapshot of Pyodide
// with nimcore already imported (made at build time under Node by
// site_hooks/snapshot.mjs): it skips Python's start-up and nimcore's imports,
// and it needs no standard library (every module it uses is in the snapshot),
// so Pyodide is handed a tiny empty one instead of python_stdlib.zip. It is
// tried first, on a first visit too: the snapshot comes from the offline copy
// when the service worker holds it, else from this site. If it cannot be used
// (not found, damaged, made by another Pyodide, not enough memory — Pyodide's
// snapshot API is experimental), the plain boot starts Python and installs
// the wheel, quietly: the reason is kept for engine.stats(). The snapshot
// boot does not download the wheel: nimcore is all in memory, and the only
// files it reads are the data files below, written where it reads them.
//
// The largest data files are not in the wheel (site_hooks/runtime.py): the
// manifest lists them by game ("data"), and the first request of a game that
// has one (a "chomp.*" call for Chomp's table) waits while the worker fetches
// it and writes it where nimcore reads it; meanwhile the status says so.
//
// Size: one worker: its two boots (snapshot, plain) and its request pump share the
// Pyodide instance, the boot's status and the data files written for it.

const RUNTIME = new URL("../../runtime/", import.meta.url);

/** nimcore.bridge.dispatch. @type {((kind: string, payloadJson: string, progress?: (done: number, total: number) => void) => string) | null} */
let dispatch = null;
/** @type {string | null} French reason the engine could not start. */
let failure = null;
/** @type {{pyodide: any, sitePackages: string} | null} where nimcore's files are (or would be) */
let installed = null;
/** @type {Record<string, {file: string, path: string}>} data files by game (manifest "data") */
let dataFiles = {};
/** @type {Map<string, Promise<void>>} data files written, or being fetched, by game */
const dataLoads = new Map();

/** @param {object} message */
function post(message) {
  self.postMessage(message);
}

/** @param {URL} url */
async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${url.pathname} introuvable (HTTP ${response.status})`);
  }
  return response;
}

// ---- Pyodide's WebAssembly, gzip-compressed ----------------------------------
// Pyodide fetches pyodide.asm.wasm (9.6 MB) itself and compiles it as it
// arrives. The site also serves it gzip-compressed (pyodide.asm.wasm.gz,
// 3.5 MB, site_hooks/runtime.py): this worker's fetch answers Pyodide's
// request with that file, inflated as it arrives (DecompressionStream), so
// Pyodide still compiles while the bytes come. A host that sends files as they
// are (python3 -m http.server in a classroom, the bench) then sends 6 MB less;
// one that compresses sends the same. Only the raw file is asked for when the
// compressed one cannot be read; the service worker keeps only the compressed one.

const WASM = new URL("pyodide/pyodide.asm.wasm", RUNTIME).href;
/** Whether bytes start as gzip does (1f 8b); a host may have inflated a .gz file already. */
const isGzip = (/** @type {Uint8Array} */ bytes) => bytes[0] === 0x1f && bytes[1] === 0x8b;
const fetchAsUsual = self.fetch.bind(self);

/**
 * `fetch`, but Pyodide's WebAssembly comes from its gzip-compressed copy.
 * @param {RequestInfo | URL} input
 * @param {RequestInit} [init]
 * @returns {Promise<Response>}
 */
async function fetchWasmCompressed(input, init) {
  const url = input instanceof Request ? input.url : String(input);
  if (url !== WASM || typeof DecompressionStream !== "function") {
    return fetchAsUsual(input, init);
  }
  let response;
  try {
    response = await fetchAsUsual(`${WASM}.gz`);
  } catch {
    return fetchAsUsual(input, init);
  }
  if (!response.ok || response.body === null) {
    return fetchAsUsual(input, init);
  }
  // A host may already have inflated it (Content-Encoding: gzip for a .gz file):
  // its first bytes say which (gzip: 1f 8b; WebAssembly: 00 61 73 6d).
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.value ?? new Uint8Array(0);
  const body = new ReadableStream({
    start(controller) {
      if (head.length > 0) {
        controller.enqueue(head);
      }
      if (first.done) {
        controller.close();
      }
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
      } else {
        controller.enqueue(value);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const wasm = isGzip(head) ? body.pipeThrough(new DecompressionStream("gzip")) : body;
  return new Response(wasm, { headers: { "Content-Type": "application/wasm" } });
}

self.fetch = fetchWasmCompressed;

// ---- Pyodide's module, gzip-compressed ---------------------------------------
// pyodide.asm.mjs (1.25 MB) comes the same way, from its compressed copy
// (pyodide.asm.mjs.gz, 0.26 MB): inflated, then imported from a blob: URL.
// The page's Content-Security-Policy does not govern this worker (a worker's
// policy comes with its own response, and the site sends none). Where the copy
// cannot be read or imported, the module is imported from its own file.

const ASM = new URL("pyodide/pyodide.asm.mjs", RUNTIME).href;
/** @type {Promise<any> | null} */
let asmLoading = null;

/** Pyodide's module (its namespace, `default` the factory), imported once. */
function asmModule() {
  asmLoading ??= importCompressedAsm().catch(() => import(ASM));
  return asmLoading;
}

async function importCompressedAsm() {
  if (typeof DecompressionStream !== "function") {
    return import(ASM);
  }
  const response = await fetchAsUsual(`${ASM}.gz`);
  if (!response.ok) {
    throw new Error(`${ASM}.gz: HTTP ${response.status}`);
  }
  const packed = new Uint8Array(await response.arrayBuffer());
  const source = isGzip(packed)
    ? await new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()
    : packed;
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    return await import(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Longest wait for Pyodide to start before the board is told it failed. */
const BOOT_TIMEOUT_MS = 180_000;

/**
 * Pyodide 314 only logs "wasm instantiation failed!" (console.warn) when its
 * WebAssembly cannot be fetched or compiled, and its promise never settles.
 * Turn that warning, or a very long wait, into a failure the board can show.
 * @returns {{failed: Promise<never>, stop: (booted: boolean) => void}}
 */
function watchBoot() {
  const original = console.warn;
  let timer = 0;
  /** @type {(event: PromiseRejectionEvent) => void} */
  let onRejection = () => {};
  /** @type {Promise<never>} */
  const failed = new Promise((_, reject) => {
    // Pyodide's own fetches may also reject unobserved: that is a failed boot.
    onRejection = (event) => {
      event.preventDefault();
      reject(event.reason instanceof Error ? event.reason : new Error(String(event.reason)));
    };
    self.addEventListener("unhandledrejection", onRejection);
    console.warn = (...args) => {
      original.apply(console, args);
      if (typeof args[0] === "string" && args[0].startsWith("wasm instantiation failed")) {
        reject(new Error("le fichier WebAssembly de Pyodide n’a pas pu être chargé"));
      }
    };
    timer = setTimeout(() => reject(new Error("démarrage trop long")), BOOT_TIMEOUT_MS);
  });
  failed.catch(() => {}); // observed by Promise.race; never an unhandled rejection
  return {
    failed,
    /** @param {boolean} booted  false: keep later rejections of the failed boot quiet */
    stop(booted) {
      console.warn = original;
      clearTimeout(timer);
      if (booted) {
        self.removeEventListener("unhandledrejection", onRejection);
      }
    },
  };
}

/**
 * The snapshot named by the manifest. Its packed form, already inflated, from
 * this browser's own copy (readLocalCopy) when a boot has kept one; else
 * Zstandard-compressed, read from the offline copy when the service worker
 * holds it, else fetched from this site (the HTTP cache answers a second
 * visit), and inflated. Null when the manifest names none.
 * @param {{snapshot?: string, snapshot_bytes?: number, snapshot_packed?: number}} manifest
 * @param {(phase: string) => void} lap  notes where the bytes come from and when they are inflated
 * @returns {{url: URL, length: Promise<number>, packed: Promise<Uint8Array>, local: Promise<boolean>} | null}
 *   the length of the snapshot (the manifest's: Pyodide makes its module
 *   while the snapshot arrives), its packed form (sparse.js), once all of it
 *   is there, and whether it came from the local copy
 */
function findSnapshot(manifest, lap) {
  const { snapshot_bytes: length, snapshot_packed: packedBytes } = manifest;
  if (!manifest.snapshot) {
    return null;
  }
  const url = new URL(manifest.snapshot, RUNTIME);
  const kept = readLocalCopy(url);
  const response = kept.then(async (bytes) => {
    if (bytes !== null) {
      lap("snapshot_local");
      return null;
    }
    // The service worker's offline copy, read here directly rather than through
    // the service worker, which is busy serving the page's files at this moment.
    try {
      const held = await self.caches?.match(url);
      if (held?.ok && held.body !== null) {
        lap("snapshot_held");
        return held;
      }
    } catch {
      // Cache Storage refused (storage blocked): from the site.
    }
    return fetchOk(url);
  });
  // Compressed with Zstandard, inflated by zstd's own decoder in WebAssembly
  // (zstddec: ~4× faster than a decoder in JavaScript) once it is all there.
  const decoder = kept.then((bytes) => (bytes === null ? startDecoder() : null));
  decoder.catch(() => {}); // observed below
  const packed = Promise.all([kept, response, decoder, import("./sparse.js")]).then(
    async ([bytes, found, zstd, { packedLength }]) => {
      let form = bytes;
      if (form === null) {
        const compressed = new Uint8Array(await /** @type {Response} */ (found).arrayBuffer());
        lap("snapshot_found");
        form = /** @type {Uint8Array} */ (zstd.decode(compressed, packedBytes));
      }
      // A damaged file inflates to nothing, or to another snapshot than the manifest's.
      if (form.length !== packedBytes || form.length < 24 || packedLength(form) !== length) {
        throw new Error("instantané endommagé (il ne donne pas la mémoire annoncée)");
      }
      return form;
    },
  );
  packed.then(() => lap("snapshot_inflated"), () => {});
  const sized = Number.isSafeInteger(length) && Number.isSafeInteger(packedBytes) && Number(length) > 0;
  const known = sized ? Promise.resolve(Number(length)) : Promise.reject(new Error("le manifeste ne donne pas la taille de l’instantané"));
  known.catch(() => {}); // a missing or damaged file fails the snapshot boot, which falls back
  return { url, length: known, packed, local: kept.then((bytes) => bytes !== null) };
}

/** zstd's decoder (npm zstddec, WebAssembly), ready to use. */
async function startDecoder() {
  const { ZSTDDecoder } = await import(new URL("zstddec.mjs", RUNTIME).href);
  const decoder = new ZSTDDecoder();
  await decoder.init();
  return decoder;
}

// ---- the local copy of the inflated snapshot ----------------------------------
// Reading and inflating the served snapshot costs a visit its download and
// CPU shared with the page. After a boot from the snapshot, its packed form,
// inflated (12 MB), is kept in a cache of its own: the next visit reads it as
// it is. One entry, named by the snapshot's URL (which holds
// its hash): a new build's snapshot replaces it. Not the service worker's
// cache, which a new version empties, nor a file the page downloads: the
// first visit's bytes are unchanged.
const LOCAL_COPY = "nim-instantane";

/**
 * The packed snapshot kept by an earlier boot, or null.
 * @param {URL} url
 * @returns {Promise<Uint8Array | null>}
 */
async function readLocalCopy(url) {
  try {
    const cache = await self.caches?.open(LOCAL_COPY);
    const kept = await cache?.match(url);
    return kept?.ok ? new Uint8Array(await kept.arrayBuffer()) : null;
  } catch {
    return null; // storage blocked or full: the snapshot as it is served
  }
}

/**
 * After a boot from the snapshot: keep its packed form for the next visit if
 * it was inflated here; forget the local copy if the boot from it failed.
 * @param {{url: URL, packed: Promise<Uint8Array>, local: Promise<boolean>}} found
 * @param {boolean} used  the engine started from the snapshot
 */
async function keepLocalCopy(found, used) {
  const [local, packed] = await Promise.all([found.local, found.packed.catch(() => null)]);
  if (used && !local && packed !== null) {
    await writeLocalCopy(found.url, packed);
  } else if (!used && local) {
    await writeLocalCopy(found.url, null);
  }
}

/**
 * Keep `packed` for the next visits (and nothing else), or forget it (null:
 * the boot from it failed). Failures are silent: the copy only saves time.
 * @param {URL} url
 * @param {Uint8Array | null} packed
 */
async function writeLocalCopy(url, packed) {
  try {
    const cache = await self.caches?.open(LOCAL_COPY);
    if (!cache) {
      return;
    }
    for (const key of await cache.keys()) {
      if (packed === null || key.url !== url.href) {
        await cache.delete(key);
      }
    }
    if (packed !== null) {
      await cache.put(url, new Response(/** @type {Uint8Array<ArrayBuffer>} */ (packed), { headers: { "Content-Type": "application/octet-stream" } }));
    }
  } catch {
    // Storage blocked or full.
  }
}

/**
 * Start Pyodide, failing in French rather than waiting forever.
 * @param {object} options  extra loadPyodide options (`_loadSnapshot`)
 */
async function startPyodide(options) {
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", RUNTIME).href);
  const watcher = watchBoot();
  return Promise.race([
    loadPyodide({
      indexURL: new URL("pyodide/", RUNTIME).href,
      stdout: (/** @type {string} */ line) => console.log(line),
      stderr: (/** @type {string} */ line) => console.warn(line),
      // Pyodide's module from its compressed copy (asmModule), not its own import.
      createPyodideModule: async (/** @type {any} */ settings) => (await asmModule()).default(settings),
      ...options,
    }),
    watcher.failed,
  ]).then(
    (loaded) => {
      watcher.stop(true);
      return loaded;
    },
    (error) => {
      watcher.stop(false); // the reader is told in French; later echoes stay quiet
      throw error;
    },
  );
}

/**
 * Start downloading nimcore's wheel (named, with its hash, by the manifest).
 * @param {{wheel: string, wheel_sha256: string}} manifest
 */
function fetchWheel(manifest) {
  const wheelUrl = new URL(manifest.wheel, RUNTIME);
  wheelUrl.searchParams.set("v", manifest.wheel_sha256.slice(0, 16));
  const wheel = fetchOk(wheelUrl).then((response) => response.arrayBuffer());
  wheel.catch(() => {}); // observed by installNimcore
  return wheel;
}

/**
 * Install nimcore's wheel (its files), unless `wheelBytes` is null (nimcore is
 * already imported, from the snapshot), and return the bridge's dispatch function.
 * @param {any} pyodide
 * @param {Promise<ArrayBuffer> | null} wheelBytes
 */
async function installNimcore(pyodide, wheelBytes) {
  const wheel = await wheelBytes;
  // site-packages as the already imported `site` module gives it: importing
  // sysconfig to ask it would cost ~50 ms of the plain boot.
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  if (wheel !== null) {
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  }
  installed = { pyodide, sitePackages };
  return pyodide.pyimport("nimcore.bridge").dispatch;
}

/**
 * Before a request of `game`: its data file, fetched and written in place the
 * first time (the status says so meanwhile). A failed fetch is tried again at
 * the next request; nimcore answers what it can without the file, and says
 * in French what it cannot.
 * @param {string} game
 */
async function ensureData(game) {
  const entry = Object.hasOwn(dataFiles, game) ? dataFiles[game] : null;
  if (entry === null || installed === null) {
    return;
  }
  let loading = dataLoads.get(game);
  if (loading === undefined) {
    loading = writeData(installed, entry);
    dataLoads.set(game, loading);
    loading.catch(() => dataLoads.delete(game));
  }
  try {
    await loading;
  } catch {
    // Without the file: see above.
  }
}

/**
 * @param {{pyodide: any, sitePackages: string}} target
 * @param {{file: string, path: string}} entry
 */
async function writeData({ pyodide, sitePackages }, entry) {
  post({ type: "status", state: "loading", message: "Chargement des données de ce jeu…" });
  try {
    const bytes = new Uint8Array(await (await fetchOk(new URL(entry.file, RUNTIME))).arrayBuffer());
    const path = `${sitePackages}/${entry.path}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, bytes);
  } finally {
    post({ type: "status", state: "ready", message: "Moteur prêt." });
  }
}

/**
 * Restore the snapshot and check that nimcore answers.
 * @returns {Promise<{call: NonNullable<typeof dispatch>} | {refused: string}>}
 *   the bridge, or why the snapshot could not be used (kept for engine.stats())
 * @param {{length: Promise<number>, packed: Promise<Uint8Array>}} found
 * @param {(phase: string) => void} lap
 * @param {object | undefined} lockInfo  the `info` of Pyodide's lock file (manifest `pyodide_lock_info`)
 */
async function snapshotBoot(found, lap, lockInfo) {
  try {
    // Its length is known from its first bytes: Pyodide then makes its module
    // (instantiates the wasm) while the rest arrives, and restores it once it is
    // all there (restoringBase awaits `filled`).
    const bytes = new Uint8Array(await found.length);
    const filled = Promise.all([found.packed, import("./sparse.js")]).then(([packed, { unpackPages }]) => {
      unpackPages(packed, bytes);
      lap("snapshot_unpacked");
      return packed;
    });
    filled.catch(() => {}); // observed by createPyodideModule
    const pyodide = await startPyodide({
      _loadSnapshot: bytes,
      // Every module the engine uses is in the snapshot: no standard library to fetch,
      // and no package to load: a lock file that lists none (pyodide-lock.json, 119 kB, is
      // fetched only by the plain boot).
      stdLibURL: new URL("empty.zip", RUNTIME).href,
      lockFileContents: lockInfo ? { info: lockInfo, packages: {} } : undefined,
      // Pyodide's module as usual, but the snapshot's base pages are copied from
      // the module's fresh memory (sparse.js).
      createPyodideModule: async (/** @type {any} */ settings) => {
        const [{ default: create }, { restoringBase }] = await Promise.all([asmModule(), import("./sparse.js")]);
        return restoringBase(create, bytes, filled, () => lap("snapshot_base"))(settings);
      },
    });
    self.nimMoteur = { pyodide };
    lap("snapshot_restored");
    const call = await installNimcore(pyodide, null);
    const answer = JSON.parse(call("version", "{}"));
    return answer.ok ? { call } : { refused: "nimcore ne répond pas" };
  } catch (error) {
    installed = null;
    self.nimMoteur = undefined;
    return { refused: error instanceof Error && error.message ? error.message : String(error) };
  }
}

async function boot() {
  post({ type: "status", state: "loading", message: "Moteur en cours de chargement…" });
  /** Milliseconds since the worker started, at the end of each phase (read by bench/). */
  /** @type {Record<string, number>} */
  const timings = {};
  const lap = (/** @type {string} */ name) => {
    timings[name] = Math.round(performance.now());
  };
  try {
    // Pyodide's scripts, the manifest, then the snapshot (or the wheel): all at once.
    import(new URL("pyodide/pyodide.mjs", RUNTIME).href).catch(() => {}); // startPyodide awaits it
    asmModule().catch(() => {}); // so does Pyodide
    const manifest = await (await fetchOk(new URL("manifest.json", RUNTIME))).json();
    dataFiles = manifest.data ?? {};
    lap("manifest");
    const found = findSnapshot(manifest, lap);
    /** @type {Promise<ArrayBuffer> | null} */
    const wheel = found === null ? fetchWheel(manifest) : null;
    let how = "plain";
    /** @type {string | null} why the snapshot was not used */
    let fallback = found === null ? "le manifeste ne nomme pas d’instantané" : null;
    if (found !== null) {
      const restored = await snapshotBoot(found, lap, manifest.pyodide_lock_info);
      lap("snapshot_boot");
      if ("call" in restored) {
        dispatch = restored.call;
        how = "snapshot";
      } else {
        fallback = restored.refused;
        how = "plain-after-snapshot";
      }
    }
    if (dispatch === null) {
      const wheelBytes = wheel ?? fetchWheel(manifest);
      const pyodide = await startPyodide({});
      self.nimMoteur = { pyodide }; // for tests and the curious, in the worker only
      lap("pyodide");
      dispatch = await installNimcore(pyodide, wheelBytes);
    }
    const version = JSON.parse(/** @type {NonNullable<typeof dispatch>} */ (dispatch)("version", "{}"));
    lap("ready");
    post({
      type: "status",
      state: "ready",
      message: "Moteur prêt.",
      boot: how,
      fallback,
      timings,
      budgets: version.ok ? version.result.budget_ms : null,
    });
    if (found !== null) {
      // Not awaited: requests wait for the boot, not for this.
      keepLocalCopy(found, how === "snapshot");
    }
  } catch (error) {
    const detail = error instanceof Error && error.message ? error.message : String(error);
    failure = `Le moteur n’a pas pu démarrer\u00a0: vérifiez la connexion puis rechargez la page (détail technique\u00a0: ${detail}).`;
    post({ type: "status", state: "failed", message: failure });
  }
}

const booted = boot();

// ---- requests ------------------------------------------------------------------
// Requests wait in `queue` and run one per task, in order: a "cancel" message
// that arrives meanwhile takes a request out before it runs.

/** @type {{id: number, type: string, payload: any}[]} */
const queue = [];
let pumping = false;
/** The request running now (its progress messages carry its id). */
let running = 0;
/** Pyodide's interrupt buffer, shared with the page when it is cross-origin isolated. @type {Int32Array | null} */
let interrupt = null;
/** Set once Pyodide has failed fatally: nothing more runs in this worker. */
let dead = false;

const PROGRESS_EVERY_MS = 100;
let lastProgress = 0;

/**
 * The progress hook handed to nimcore with each request (nimcore.bridge.Progress):
 * at most one message every PROGRESS_EVERY_MS, and always the last one.
 * @param {number} done
 * @param {number} total
 */
function progress(done, total) {
  const now = performance.now();
  if (done < total && now - lastProgress < PROGRESS_EVERY_MS) {
    return;
  }
  lastProgress = now;
  post({ id: running, progress: { done: Number(done), total: Number(total) } });
}

/** True when Pyodide has failed fatally (its API then throws on every use). @param {unknown} error */
function fatal(error) {
  if (error && typeof error === "object" && "pyodide_fatal_error" in error) {
    return true;
  }
  if (self.nimMoteur === undefined) {
    return false; // not booted this way (never happens once dispatch exists)
  }
  try {
    return self.nimMoteur?.pyodide?.globals === undefined;
  } catch {
    return true;
  }
}

async function pump() {
  const request = queue.shift();
  if (request === undefined || dead) {
    pumping = false;
    return;
  }
  const { id, type, payload } = request;
  if (dispatch === null) {
    post({ id, ok: false, error: { code: "unavailable", message: failure } });
  } else {
    await ensureData(type.slice(0, Math.max(0, type.indexOf("."))));
    running = id;
    lastProgress = performance.now();
    try {
      if (fatal(null)) {
        throw new Error("Pyodide a déjà échoué");
      }
      if (interrupt !== null) {
        Atomics.store(interrupt, 0, 0); // an interrupt meant for an earlier request is void
      }
      let text;
      try {
        text = JSON.stringify(payload ?? {});
      } catch {
        text = "null"; // too deep, or a cycle: nimcore answers "bad-request"
      }
      // nimcore's JSON text as it is: the page parses it, faster than the two threads
      // would clone the object (a Chomp view lists up to 168 moves).
      post({ id, reply: dispatch(type, text, progress) });
    } catch (error) {
      if (error && typeof error === "object" && "type" in error && error.type === "KeyboardInterrupt") {
        post({ id, ok: false, error: { code: "cancelled", message: "Calcul arrêté." } });
        setTimeout(pump, 0);
        return;
      }
      if (fatal(error)) {
        dead = true;
        post({ type: "fatal", message: `${error}` });
        self.close();
        return;
      }
      post({
        id,
        ok: false,
        error: { code: "internal", message: `Erreur interne du moteur\u00a0: ${error}.` },
      });
    }
    running = 0;
  }
  setTimeout(pump, 0); // a task of its own: messages that came meanwhile are read first
}

// ---- warm-up -------------------------------------------------------------------
// V8 runs WebAssembly first with its baseline compiler, and recompiles a function
// with its optimising one only once that function has run a while ("dynamic
// tiering"). After a snapshot boot, nearly nothing has run: a board's first
// answers ran on baseline code, slower (Moore, a reader's first 8 moves: click →
// answer p50 59 ms without, 36 ms with; 96 → 58 ms for the first move after a
// 3-second pause; bench/results/warmup.md). So, while it is idle, the worker plays a
// board's usual requests from its start ({type: "warm", game, code}, sent by the
// page once per board): the computer's first move, a reply to a reader's move, a
// hint. One request per task, and only when no reader's request waits: a reader's
// request waits at most one of them. WARM_MS of worker time at most per board,
// measured (on a slow phone, fewer rounds: the cost stays bounded).

/** Worker time the warm-up of one board may take, in all (ms). */
const WARM_MS = 600;
/** Rounds of a board's requests at most (each round: three requests). */
const WARM_ROUNDS = 8;
/** @type {{game: string, code: string, step: number, ms: number, code2: string | null, move: string | null}[]} */
const warming = [];
let warmTimer = 0;

/** @param {string} game @param {string} code */
function warm(game, code) {
  if (warming.some((entry) => entry.game === game && entry.code === code)) return;
  warming.push({ game, code, step: 0, ms: 0, code2: null, move: null });
  void booted.then(() => scheduleWarm());
}

function scheduleWarm(delay = 0) {
  if (warmTimer === 0) warmTimer = setTimeout(warmStep, delay);
}

/** One request of the first board still warming; then the next, in a later task. */
function warmStep() {
  warmTimer = 0;
  const entry = warming[0];
  if (entry === undefined || dead || dispatch === null) return;
  if (pumping || queue.length > 0) {
    scheduleWarm(50); // readers first
    return;
  }
  const { game } = entry;
  if (Object.hasOwn(dataFiles, game)) {
    warming.shift(); // its first request fetches a data file: that is the reader's to ask for
    scheduleWarm();
    return;
  }
  const seed = Math.floor(entry.step / 3);
  const start = performance.now();
  try {
    const call = (/** @type {string} */ name, /** @type {object} */ payload) => {
      const answer = JSON.parse(dispatch?.(`${game}.${name}`, JSON.stringify(payload), () => {}) ?? "{}");
      if (!answer.ok) throw new Error(name);
      return answer.result;
    };
    const reply = { level: "perfect", seed };
    if (entry.step % 3 === 0) {
      // The computer's first move, and the position the reader then faces.
      const view = call("view", { code: entry.code, start: true, reply });
      const faced = view.reply?.view ?? view;
      const moves = faced.terminal ? [] : (faced.moves ?? []);
      entry.code2 = faced.code;
      entry.move = moves.length > 0 ? moves[seed % moves.length].id : null;
    } else if (entry.step % 3 === 1) {
      if (entry.move !== null) call("play", { code: entry.code2, move: entry.move, reply });
    } else {
      call("analyse", { code: entry.code2 });
    }
    entry.step += 1;
  } catch {
    entry.step = WARM_ROUNDS * 3; // a game this cannot warm (or an interrupt): leave it
  }
  entry.ms += performance.now() - start;
  if (entry.ms >= WARM_MS || entry.step >= WARM_ROUNDS * 3) warming.shift();
  if (warming.length > 0) scheduleWarm();
}

self.onmessage = async (event) => {
  const message = event.data ?? {};
  if (message.type === "lifeline" && typeof message.lock === "string") {
    // Held until this worker is gone: the page learns of its death by being granted the lock.
    navigator.locks.request(message.lock, () => {
      post({ type: "lifeline", lock: message.lock });
      return new Promise(() => {});
    });
    return;
  }
  if (message.type === "interrupt" && message.buffer instanceof Int32Array) {
    interrupt = message.buffer;
    await booted;
    self.nimMoteur?.pyodide.setInterruptBuffer(interrupt);
    return;
  }
  if (message.type === "warm" && typeof message.game === "string" && typeof message.code === "string") {
    warm(message.game, message.code);
    return;
  }
  if (message.type === "cancel") {
    const index = queue.findIndex((request) => request.id === message.id);
    if (index >= 0) {
      queue.splice(index, 1);
    }
    return;
  }
  const { id, type, payload } = message;
  if (typeof id !== "number" || typeof type !== "string") {
    return; // not a request of ours
  }
  queue.push({ id, type, payload });
  await booted;
  if (!pumping) {
    pumping = true;
    void pump();
  }
};
