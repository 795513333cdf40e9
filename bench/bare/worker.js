import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";

await loadPyodide({ indexURL: new URL("../runtime/pyodide/", import.meta.url).href });
self.postMessage("ready");
