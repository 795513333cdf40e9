// What the site's scripts add to the page's window, for the type check of
// their JSDoc (jsconfig.json). Not served: TypeScript reads it, browsers never.

interface Window {
  /** The engine's worker started from the page's head (engine/early.js), adopted by client.js. */
  nimMoteurPrecoce: { worker: Worker; messages: any[]; failed: boolean } | null;
  /** For tests and curious readers (site.js). */
  nimJeux: { engine: any; liveBoards: () => number; setUpBoards: () => void };
  /** In the engine's worker (typed as a window here): its Pyodide, for tests and the curious. */
  nimMoteur?: { pyodide: any };
  /** mkdocs-material's page observable (instant navigation). */
  document$?: { subscribe: (next: () => void) => unknown };
}

/** KaTeX, served by the site (vendor/katex, copied from npm at build time). */
declare module "*katex.mjs" {
  const katex: { render(tex: string, element: HTMLElement, options: Record<string, unknown>): void };
  export default katex;
}
