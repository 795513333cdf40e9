// The page's side of the engine: one module Web Worker per visit, shared by
// every board of every page (instant navigation keeps this module alive).
//
// Protocol
//   page → worker  {id: number, type: string, payload: object}
//                  `type` names a call of nimcore.bridge.CALLS, e.g. "nim.analyse".
//   page → worker  {type: "cancel", id}      drop a request that has not started
//   page → worker  {type: "warm", game, code}  while idle, the worker runs the usual
//                  requests of a board of `game` started from `code`, a few times,
//                  for nothing but V8's optimising tier (see worker.js, warm-up)
//   page → worker  {type: "interrupt", buffer}  Pyodide's interrupt buffer (an Int32Array
//                  on a SharedArrayBuffer), on cross-origin isolated pages only
//   page → worker  {type: "lifeline", lock}  the worker takes the Web Lock `lock`
//                  and holds it while it lives; it answers {type: "lifeline", lock}
//                  once it holds it, and the page then asks for the same lock:
//                  granted when the worker dies, however it dies (closed,
//                  crashed, out of memory) — the one signal a dead worker gives.
//   worker → page  {id, ok: true, result}                      one answer…
//                  {id, ok: false, error: {code, message}}     …or one error,
//                  `message` being a French sentence for the reader; nimcore's
//                  answers come as their JSON text, {id, reply: "{\"ok\": …}"},
//                  parsed here into the same two shapes.
//   worker → page  {id, progress: {done, total}}   while a long call runs (at most
//                  one every 100 ms), routed to the request's `onProgress`.
//   worker → page  {type: "status", state: "loading" | "ready" | "failed", message}
//                  (no id) as the engine boots; the "ready" one also says how it
//                  booted (boot = "snapshot" | "plain" | "plain-after-snapshot",
//                  and fallback: why the snapshot was not used, or null)
//                  and the calls' time budgets (nimcore.bridge.BUDGET_MS).
//                  Later, "loading" then "ready" again while the worker fetches a
//                  game's data file (Chomp's table), before that game's first answer.
//   worker → page  {type: "fatal", message}   Pyodide failed fatally; the worker closes.
//
// Opening books (nimcore/book.py). A board names the book of its start
// (data-book): nimcore's answers, written at build time, to the requests a
// reader can make in the first exchanges. `useBook` fetches it; a request found
// in a book (by `bookKey`: its call and payload, keys sorted) is answered from
// it at once, exactly as the engine would, whether the engine is booting,
// ready or failed; any other goes to the engine. The book holds no rule: one
// lookup, of nimcore's own answers.
//
// Each request gets exactly one answer or one error; `request` resolves with
// `result` or rejects with an EngineError. Never test `if (result)`: a nimber
// of 0 is a result.
//
// Recovery. The worker runs one request at a time. The one running has a time
// budget (its own `budget`, else nimcore's for its call); past it, or when its
// caller aborts it (`signal`), the worker is stopped and replaced by a fresh
// one — from the memory snapshot, as every worker first tries — and the other
// requests in flight are sent again to the new worker. A request not yet
// started is simply dropped. A worker that dies (Pyodide's fatal error, a
// crash, memory) is replaced the same way, and every request it held is
// answered with an error ("crashed"): the boards keep their positions, and
// say so. Stopping by Pyodide's interrupt buffer would keep the worker, but
// needs a cross-origin isolated page (COOP/COEP headers, which GitHub Pages
// cannot send): bench/stopping.py measures both, and README.md says why the
// restart is the rule. Where the page is cross-origin isolated, the running
// request is stopped by Pyodide's interrupt buffer instead (the worker stays:
// tens of milliseconds rather than a boot), and the worker answers it
// "cancelled".
//
// Size: the page's half of one protocol: the Engine's requests, budgets, cancelling
// and replacing of its one worker share that worker's state; a third of the file
// is the protocol's documentation and JSDoc types.

/** @typedef {"idle" | "loading" | "ready" | "failed"} EngineState */
/** @typedef {{state: EngineState, message: string}} EngineStatus */
/**
 * @typedef {{
 *   signal?: AbortSignal,
 *   onProgress?: (done: number, total: number) => void,
 *   budget?: number,
 * }} RequestOptions
 *   `signal` cancels the request (it rejects with code "cancelled");
 *   `onProgress(done, total)` follows a long call; `budget` (ms) replaces the
 *   call's time budget.
 */
/**
 * @typedef {{
 *   id: number, type: string, payload: object, options: RequestOptions, start: number,
 *   resolve: (value: any) => void, reject: (error: EngineError) => void,
 *   timer: number, forget: () => void,
 * }} Pending
 */

export class EngineError extends Error {
  /**
   * @param {string} code  "invalid", "unknown-call", "bad-request", "unavailable",
   *   "cancelled", "timeout", "crashed" or "internal"
   * @param {string} message  French, shown to the reader as is
   * @param {string | null} [field]  the setup form's field an "invalid" refusal is about, if one
   */
  constructor(code, message, field = null) {
    super(message);
    this.name = "EngineError";
    this.code = code;
    this.field = field;
  }
}

/** Time budget of a call when nimcore has not said it yet (nimcore.bridge.BUDGET_MS). */
const DEFAULT_BUDGET_MS = 20_000;
/** More deaths of the worker than this within RESTART_WINDOW_MS, and the engine gives up. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;
/** Round-trip measures kept in the page's performance timeline (bench/browser.py reads them). */
const MAX_MEASURES = 1000;

const CRASHED =
  "Le moteur s’est arrêté pendant le calcul\u00a0; il redémarre, la position est gardée\u00a0: rejouez le coup.";
const RESTARTING = "Le moteur s’est arrêté\u00a0: il redémarre, les positions des plateaux sont gardées…";

class Engine {
  /** @type {Worker | null} */
  #worker = null;
  /** @type {string} name of the Web Lock the worker holds while it lives */
  #lifeline = "";
  #nextId = 1;
  /** Requests sent and not answered, in the order the worker runs them. @type {Map<number, Pending>} */
  #pending = new Map();
  /** @type {Set<(status: EngineStatus) => void>} */
  #listeners = new Set();
  /** @type {EngineStatus} */
  #status = { state: "idle", message: "Moteur en attente." };
  #workersCreated = 0;
  /** @type {number[]} when each restart happened */
  #restarts = [];
  /** @type {number[]} when each worker died, within the last RESTART_WINDOW_MS */
  #crashes = [];
  #ready = false;
  /** @type {string | null} how the engine booted, once ready */
  #boot = null;
  /** @type {string | null} why the snapshot boot was not used (its error), once ready */
  #bootFallback = null;
  /** @type {Record<string, number> | null} the worker's boot phases (ms since it started) */
  #bootTimings = null;
  /** @type {Record<string, number>} nimcore's time budgets, by call ("default" for the others) */
  #budgets = { default: DEFAULT_BUDGET_MS };
  /** @type {number | null} id of the request whose budget is running */
  #timed = null;
  /** Round trips measured so far (see #receive). */
  #measured = 0;
  /** @type {Int32Array | null} Pyodide's interrupt buffer, shared with the worker (cross-origin isolated pages only) */
  #interrupt = null;
  /** The opening books' answers, by request key (bookKey). @type {Map<string, any>} */
  #book = new Map();
  /** The books asked for, by file name: each settles once its answers are in #book. @type {Map<string, Promise<void>>} */
  #books = new Map();
  /** Answers given from a book (for tests and bench/). */
  #fromBook = 0;
  /** The boards' starts the worker warms up on, by "game code": each new worker gets them too. @type {Map<string, {game: string, code: string}>} */
  #warm = new Map();

  /**
   * Let the worker warm up, while idle, on the usual requests of a board of `game` started from
   * `code` (worker.js: V8 optimises the code a board's answers run once it has run a while).
   * Once per board start; nothing is answered.
   * @param {string} game
   * @param {string} code
   */
  warm(game, code) {
    const key = `${game} ${code}`;
    if (this.#warm.has(key)) return;
    this.#warm.set(key, { game, code });
    this.#worker?.postMessage({ type: "warm", game, code });
  }

  /**
   * Fetch the opening book `name` (a file of the site's books/), once; its answers are then
   * given at once. A book that cannot be fetched is simply not used.
   *
   * A board asks for its book while it is set up; the fetch starts in the next task,
   * after the board is drawn and marked usable (site.js, in this task). The book
   * answers the reader's first move, which cannot come sooner: nothing of it, its
   * request included, comes before the board. A request made meanwhile waits for
   * the book, as before (`request`).
   * @param {string} name
   * @returns {Promise<void>}
   */
  useBook(name) {
    let loading = this.#books.get(name);
    if (loading === undefined) {
      loading = new Promise((resolve) => setTimeout(resolve, 0))
        .then(() => fetch(new URL(`../../books/${name}`, import.meta.url)))
        .then((response) => (response.ok ? readBook(response) : { answers: {} }))
        .then((book) => {
          for (const [key, answer] of Object.entries(book.answers ?? {})) this.#book.set(key, answer);
        })
        .catch(() => {});
      this.#books.set(name, loading);
    }
    return loading;
  }

  /**
   * Start the worker, once; later calls do nothing. A page that shows a board
   * has already started it from its head (engine/early.js): it is adopted,
   * with the messages it sent meanwhile.
   */
  start() {
    if (this.#worker !== null || this.#status.state === "failed") {
      return;
    }
    const early = window.nimMoteurPrecoce ?? null;
    window.nimMoteurPrecoce = null; // adopted once: a later page gets its own start
    if (early === null) {
      performance.mark("moteur:demarrage"); // read by bench/
    }
    this.#launch(early, "Moteur en cours de chargement…");
  }

  /**
   * Make (or adopt) a worker and follow it.
   * @param {{worker: Worker, messages: any[], failed: boolean} | null} early
   * @param {string} message  the status shown while it boots
   */
  #launch(early, message) {
    this.#workersCreated += 1;
    this.#ready = false;
    this.#setStatus({ state: "loading", message });
    const worker = early?.worker ?? new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.onmessage = (event) => this.#receive(worker, event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== this.#worker) {
        return;
      }
      if (this.#ready || this.#restarts.length > 0) {
        this.#replace("crashed");
      } else {
        this.#fail("Le moteur n’a pas pu démarrer\u00a0: le navigateur a refusé son script.");
      }
    };
    // The worker holds a Web Lock for as long as it lives (see #receive, "lifeline").
    this.#lifeline = `nim-moteur-${Math.random().toString(36).slice(2)}-${this.#workersCreated}`;
    if (navigator.locks) {
      worker.postMessage({ type: "lifeline", lock: this.#lifeline });
    }
    this.#worker = worker;
    this.#interrupt = null;
    if (window.crossOriginIsolated && typeof SharedArrayBuffer === "function") {
      this.#interrupt = new Int32Array(new SharedArrayBuffer(4));
      worker.postMessage({ type: "interrupt", buffer: this.#interrupt });
    }
    for (const pending of this.#pending.values()) {
      this.#send(pending); // sent again to a fresh worker
    }
    for (const { game, code } of this.#warm.values()) {
      worker.postMessage({ type: "warm", game, code });
    }
    for (const early_message of early?.messages ?? []) {
      this.#receive(worker, early_message);
    }
    if (early?.failed) {
      this.#fail("Le moteur n’a pas pu démarrer\u00a0: le navigateur a refusé son script.");
    }
  }

  /** @returns {EngineStatus} */
  get status() {
    return this.#status;
  }

  /**
   * Call nimcore. Requests made while the engine boots wait for it.
   * @param {string} type  a name of nimcore.bridge.CALLS
   * @param {object} payload
   * @param {RequestOptions} [options]
   * @returns {Promise<any>}
   */
  request(type, payload, options = {}) {
    this.start();
    if (this.#books.size > 0) {
      // The books asked for are fetched from the site itself: wait for them (milliseconds),
      // then answer from them or from the engine.
      return Promise.all(this.#books.values()).then(() => this.#answer(type, payload, options));
    }
    return this.#answer(type, payload, options);
  }

  /**
   * A request's answer: from a book, or from the engine.
   * @param {string} type
   * @param {object} payload
   * @param {RequestOptions} options
   * @returns {Promise<any>}
   */
  #answer(type, payload, options) {
    const booked = this.#book.get(bookKey(type, payload));
    if (booked !== undefined) {
      this.#fromBook += 1;
      return Promise.resolve(structuredClone(booked));
    }
    if (this.#status.state === "failed") {
      return Promise.reject(new EngineError("unavailable", this.#status.message));
    }
    const { signal } = options;
    if (signal?.aborted) {
      return Promise.reject(cancelled());
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => this.#cancel(id);
      signal?.addEventListener("abort", onAbort, { once: true });
      /** @type {Pending} */
      const pending = {
        id,
        type,
        payload,
        options,
        start: performance.now(),
        resolve,
        reject,
        timer: 0,
        forget: () => signal?.removeEventListener("abort", onAbort),
      };
      this.#pending.set(id, pending);
      this.#send(pending);
      this.#timeHead();
    });
  }

  /**
   * Follow the engine's status; the listener is called at once with the current one.
   * @param {(status: EngineStatus) => void} listener
   * @returns {() => void} unsubscribe
   */
  onStatus(listener) {
    this.#listeners.add(listener);
    listener(this.#status);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Counters for tests and curious readers: workers created, listeners, requests
   * in flight, how it booted ("snapshot", "plain" or "plain-after-snapshot") and
   * why it did not boot from the snapshot (`bootFallback`, null if it did).
   */
  stats() {
    return {
      workers: this.#workersCreated,
      restarts: this.#restarts.length,
      listeners: this.#listeners.size,
      pending: this.#pending.size,
      boot: this.#boot,
      bootFallback: this.#bootFallback,
      bootTimings: this.#bootTimings,
      fromBook: this.#fromBook,
    };
  }

  /** @param {Pending} pending */
  #send(pending) {
    this.#worker?.postMessage({ id: pending.id, type: pending.type, payload: pending.payload });
  }

  /**
   * Settle a request: it leaves the queue, and the next one's budget starts.
   * @param {Pending} pending
   */
  #settle(pending) {
    this.#pending.delete(pending.id);
    clearTimeout(pending.timer);
    pending.forget();
    if (this.#timed === pending.id) {
      this.#timed = null;
    }
    this.#timeHead();
  }

  /** Start the budget of the request the worker runs now (the oldest), once the engine is ready. */
  #timeHead() {
    if (!this.#ready || this.#timed !== null) {
      return;
    }
    const head = this.#pending.values().next().value;
    if (head === undefined) {
      return;
    }
    this.#timed = head.id;
    const budget = head.options.budget ?? this.#budgets[head.type] ?? this.#budgets.default ?? DEFAULT_BUDGET_MS;
    head.timer = window.setTimeout(() => {
      if (this.#pending.get(head.id) !== head || this.#timed !== head.id) {
        return; // answered, or its worker replaced, meanwhile
      }
      const seconds = Math.round(budget / 1000);
      this.#settle(head);
      head.reject(
        new EngineError(
          "timeout",
          `Le moteur n’a pas répondu dans le temps permis (${seconds}\u00a0s)\u00a0: calcul abandonné, le moteur redémarre.`,
        ),
      );
      this.#replace("stopped");
    }, budget);
  }

  /** A caller aborted request `id`. @param {number} id */
  #cancel(id) {
    const pending = this.#pending.get(id);
    if (pending === undefined) {
      return;
    }
    const running = this.#ready && this.#timed === id;
    this.#settle(pending);
    pending.reject(cancelled());
    if (running && this.#interrupt !== null) {
      Atomics.store(this.#interrupt, 0, 2); // SIGINT: Python stops, the worker stays
    } else if (running) {
      this.#replace("stopped"); // the worker is busy with it: only a new worker stops it
    } else {
      this.#worker?.postMessage({ type: "cancel", id });
    }
  }

  /**
   * Replace the worker by a fresh one. "stopped": a request was stopped on
   * purpose, the others in flight are sent again; "crashed": the worker died,
   * every request it held is answered with an error.
   * @param {"stopped" | "crashed"} why
   */
  #replace(why) {
    const old = this.#worker;
    this.#worker = null;
    this.#ready = false;
    if (old !== null) {
      old.onmessage = null;
      old.onerror = null;
      old.terminate();
    }
    if (this.#timed !== null) {
      clearTimeout(this.#pending.get(this.#timed)?.timer); // its budget starts again on the new worker
    }
    this.#timed = null;
    if (why === "crashed") {
      for (const pending of [...this.#pending.values()]) {
        this.#settle(pending);
        pending.reject(new EngineError("crashed", CRASHED));
      }
    }
    const now = performance.now();
    this.#restarts.push(now);
    if (why === "crashed") {
      this.#crashes = [...this.#crashes.filter((time) => now - time < RESTART_WINDOW_MS), now];
    }
    if (this.#crashes.length > MAX_RESTARTS) {
      this.#fail("Le moteur s’est arrêté plusieurs fois de suite\u00a0: rechargez la page.");
      return;
    }
    this.#launch(null, why === "crashed" ? RESTARTING : "Calcul arrêté\u00a0: le moteur redémarre…");
  }

  /**
   * @param {Worker} worker  the worker the message came from
   * @param {any} message
   */
  #receive(worker, message) {
    if (worker !== this.#worker) {
      return; // a replaced worker's last words
    }
    if (message && message.type === "fatal") {
      this.#replace("crashed");
      return;
    }
    if (message && message.type === "lifeline") {
      // The worker holds the lock now: the page is granted it once the worker is gone.
      navigator.locks.request(message.lock, () => {
        if (worker === this.#worker) {
          this.#replace("crashed");
        }
      });
      return;
    }
    if (message && message.type === "status") {
      if (message.state === "ready") {
        this.#ready = true;
        // A "ready" after a game's data file was fetched says nothing of the boot.
        if (message.boot) {
          this.#boot = message.boot;
          this.#bootFallback = message.fallback ?? null;
        }
        this.#bootTimings = message.timings ?? this.#bootTimings;
        if (message.budgets) {
          this.#budgets = { default: DEFAULT_BUDGET_MS, ...message.budgets };
        }
      }
      const restarted = message.state === "ready" && this.#restarts.length > 0;
      this.#setStatus({
        state: message.state,
        message: restarted ? "Moteur prêt (il vient de redémarrer)." : message.message,
      });
      if (message.state === "failed") {
        this.#fail(message.message);
      }
      this.#timeHead();
      return;
    }
    const waiting = message && this.#pending.get(message.id);
    if (!waiting) {
      return;
    }
    if (message.progress) {
      waiting.options.onProgress?.(message.progress.done, message.progress.total);
      return;
    }
    if (!message.ok && message.error?.code === "cancelled") {
      // Stopped by an interrupt meant for the request before it, which had just ended: again.
      this.#worker?.postMessage({ id: waiting.id, type: waiting.type, payload: waiting.payload });
      return;
    }
    this.#settle(waiting);
    // Round trips are measured for bench/ (performance.getEntriesByType("measure")); the
    // timeline keeps every entry for the page's life: the last MAX_MEASURES at most.
    if (++this.#measured % MAX_MEASURES === 0) {
      performance.clearMeasures();
    }
    performance.measure(`moteur:${waiting.type}`, { start: waiting.start });
    const answer = typeof message.reply === "string" ? JSON.parse(message.reply) : message;
    if (answer.ok) {
      waiting.resolve(answer.result);
    } else {
      const error = answer.error ?? {};
      waiting.reject(new EngineError(error.code ?? "internal", error.message ?? "Erreur du moteur.", error.field ?? null));
    }
  }

  /** @param {string} message */
  #fail(message) {
    this.#setStatus({ state: "failed", message });
    for (const pending of [...this.#pending.values()]) {
      this.#settle(pending);
      pending.reject(new EngineError("unavailable", message));
    }
  }

  /** @param {EngineStatus} status */
  #setStatus(status) {
    this.#status = status;
    if (status.state === "ready" || status.state === "failed") {
      performance.mark(`moteur:${status.state}`); // read by bench/
    }
    for (const listener of [...this.#listeners]) {
      listener(status);
    }
  }
}

const cancelled = () => new EngineError("cancelled", "Calcul arrêté.");

/**
 * An opening book's JSON from its file, gzip-compressed (site_hooks/books.py): inflated
 * here, unless the host already did (Content-Encoding: gzip; the first bytes say which).
 * Without DecompressionStream, the book is not used.
 * @param {Response} response
 * @returns {Promise<any>}
 */
async function readBook(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    return JSON.parse(new TextDecoder().decode(bytes));
  }
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(inflated).json();
}

/**
 * A request as an opening book's key: its call and payload as JSON, object keys sorted at every
 * level (nimcore.book.request_key writes the same).
 * @param {string} type
 * @param {object} payload
 */
export function bookKey(type, payload) {
  /** @param {any} value @returns {string} */
  const canonical = (value) => {
    if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
    if (value !== null && typeof value === "object") {
      return `{${Object.keys(value)
        .sort()
        .filter((key) => value[key] !== undefined)
        .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
        .join(",")}}`;
    }
    return JSON.stringify(value);
  };
  return canonical([type, payload]);
}

/** The one engine of the page. */
export const engine = new Engine();
