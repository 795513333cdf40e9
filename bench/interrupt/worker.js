import { loadPyodide } from "../runtime/pyodide/pyodide.mjs";

const loading = loadPyodide({ indexURL: new URL("../runtime/pyodide/", import.meta.url).href });
self.onmessage = async (event) => {
  const pyodide = await loading;
  if (event.data.buffer) {
    pyodide.setInterruptBuffer(event.data.buffer);
    self.postMessage("ready");
    return;
  }
  const { id, code } = event.data;
  try {
    self.postMessage({ id, ok: true, value: String(pyodide.runPython(code)) });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String(error).split("\n").slice(-2).join(" ") });
  }
};
