// The page's side of the engine: one module Web Worker per visit, shared by
// every board of every page (instant navigation keeps this module alive).
//
// Protocol
//   page → worker  {id: number, type: string, payload: object}
//                  `type` names a call of nimcore.bridge.CALLS, e.g. "nim.analyse".
//   worker → page  {id, ok: true, result}                      one answer…
//                  {id, ok: false, error: {code, message}}     …or one error,
//                  `message` being a French sentence for the reader; nimcore's
//                  answers come as their JSON text, {id, reply: "{\"ok\": …}"},
//                  parsed here into the same two shapes.
//   worker → page  {type: "status", state: "loading" | "ready" | "failed", message}
//                  (no id) as the engine boots; the first "ready" one also says how
//                  it booted: boot = "snapshot" | "plain" | "plain-after-snapshot".
//                  Later, "loading" then "ready" again while the worker fetches a
//                  game's data file (Chomp's table), before that game's first answer.
// Each request gets exactly one answer or one error; `request` resolves with
// `result` or rejects with an EngineError. Never test `if (result)`: a nimber
// of 0 is a result.

/** @typedef {"idle" | "loading" | "ready" | "failed"} EngineState */
/** @typedef {{state: EngineState, message: string}} EngineStatus */

export class EngineError extends Error {
  /**
   * @param {string} code  "invalid", "unknown-call", "bad-request", "unavailable" or "internal"
   * @param {string} message  French, shown to the reader as is
   */
  constructor(code, message) {
    super(message);
    this.name = "EngineError";
    this.code = code;
  }
}

class Engine {
  /** @type {Worker | null} */
  #worker = null;
  #nextId = 1;
  /** @type {Map<number, {resolve: (value: any) => void, reject: (error: EngineError) => void, type: string, start: number}>} */
  #pending = new Map();
  /** @type {Set<(status: EngineStatus) => void>} */
  #listeners = new Set();
  /** @type {EngineStatus} */
  #status = { state: "idle", message: "Moteur en attente." };
  #workersCreated = 0;
  /** @type {string | null} how the engine booted, once ready */
  #boot = null;
  /** @type {Record<string, number> | null} the worker's boot phases (ms since it started) */
  #bootTimings = null;

  /**
   * Start the worker, once; later calls do nothing. A page that shows a board
   * has already started it from its head (engine/early.js): it is adopted,
   * with the messages it sent meanwhile.
   */
  start() {
    if (this.#worker !== null) {
      return;
    }
    this.#workersCreated += 1;
    const early = window.nimMoteurPrecoce ?? null;
    window.nimMoteurPrecoce = null; // adopted once: a later page gets its own start
    if (early === null) {
      performance.mark("moteur:demarrage"); // read by bench/
    }
    this.#setStatus({ state: "loading", message: "Moteur en cours de chargement…" });
    const worker = early?.worker ?? new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    const refused = () => this.#fail("Le moteur n’a pas pu démarrer\u00a0: le navigateur a refusé son script.");
    worker.onmessage = (event) => this.#receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      refused();
    };
    this.#worker = worker;
    for (const message of early?.messages ?? []) {
      this.#receive(message);
    }
    if (early?.failed) {
      refused();
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
   * @returns {Promise<any>}
   */
  request(type, payload) {
    this.start();
    if (this.#status.state === "failed") {
      return Promise.reject(new EngineError("unavailable", this.#status.message));
    }
    const id = this.#nextId++;
    const start = performance.now();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, type, start });
      this.#worker?.postMessage({ id, type, payload }); // start() made it
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

  /** Counters for tests and curious readers: workers created, listeners, requests in flight, how it booted. */
  stats() {
    return {
      workers: this.#workersCreated,
      listeners: this.#listeners.size,
      pending: this.#pending.size,
      boot: this.#boot,
      bootTimings: this.#bootTimings,
    };
  }

  #receive(message) {
    if (message && message.type === "status") {
      if (message.state === "ready") {
        this.#boot = message.boot ?? this.#boot;
        this.#bootTimings = message.timings ?? this.#bootTimings;
      }
      this.#setStatus({ state: message.state, message: message.message });
      if (message.state === "failed") {
        this.#fail(message.message);
      }
      return;
    }
    const waiting = message && this.#pending.get(message.id);
    if (!waiting) {
      return;
    }
    this.#pending.delete(message.id);
    // Round trips are measured for bench/ (performance.getEntriesByType("measure")).
    performance.measure(`moteur:${waiting.type}`, { start: waiting.start });
    const answer = typeof message.reply === "string" ? JSON.parse(message.reply) : message;
    if (answer.ok) {
      waiting.resolve(answer.result);
    } else {
      const error = answer.error ?? {};
      waiting.reject(new EngineError(error.code ?? "internal", error.message ?? "Erreur du moteur."));
    }
  }

  #fail(message) {
    this.#setStatus({ state: "failed", message });
    for (const { reject } of this.#pending.values()) {
      reject(new EngineError("unavailable", message));
    }
    this.#pending.clear();
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

/** The one engine of the page. */
export const engine = new Engine();
