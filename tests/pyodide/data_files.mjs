// Write nimcore's data files that the wheel leaves out where the browser worker
// writes them (docs/javascripts/engine/worker.js): under site-packages, at the
// path nimcore reads them from.
import { readFileSync } from "node:fs";

/**
 * @param {any} pyodide
 * @param {string} purelib  site-packages inside Pyodide
 * @param {Record<string, string>} files  path in site-packages → file on this machine
 */
export function writeDataFiles(pyodide, purelib, files) {
  for (const [path, source] of Object.entries(files)) {
    const target = `${purelib}/${path}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, new Uint8Array(readFileSync(source)));
  }
}
