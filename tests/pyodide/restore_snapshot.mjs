// Restore the engine's memory snapshot under Node, as the browser worker does
// (with an empty standard library: the snapshot must hold every module the
// engine uses), and answer a list of bridge requests.
//
//   node tests/pyodide/restore_snapshot.mjs SNAPSHOT.zst DATA REQUESTS.json
//
// DATA is a JSON object {path in site-packages: file}: the data files the site
// serves apart, written as the worker writes them. REQUESTS.json is a list of
// [type, payload]; the output is one JSON line: the list of
// nimcore.bridge.dispatch answers, parsed.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decompress } from "fzstd";
import { loadPyodide } from "pyodide";
import { restoringBase, unpackPages } from "../../docs/javascripts/engine/sparse.js";
import { writeDataFiles } from "./data_files.mjs";

const [snapshotPath, dataJson, requestsPath] = process.argv.slice(2);
const packed = decompress(new Uint8Array(readFileSync(snapshotPath)));
const snapshot = unpackPages(packed);
const { default: create } = await import(new URL("pyodide.asm.mjs", import.meta.resolve("pyodide")).href);
// site_hooks/runtime.py's EMPTY_ZIP: the end-of-central-directory record alone.
const emptyZip = join(mkdtempSync(join(tmpdir(), "nim-")), "empty.zip");
writeFileSync(emptyZip, Uint8Array.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]));
const pyodide = await loadPyodide({
  _loadSnapshot: snapshot,
  stdLibURL: emptyZip,
  createPyodideModule: restoringBase(create, snapshot, packed),
});
// What the worker does after a restore: no wheel (nimcore is all in memory), only
// the data files it fetches apart, written where nimcore reads them.
const purelib = pyodide.runPython("import site; site.getsitepackages()[0]");
writeDataFiles(pyodide, purelib, JSON.parse(dataJson));
const dispatch = pyodide.pyimport("nimcore.bridge").dispatch;
const requests = JSON.parse(readFileSync(requestsPath, "utf8"));
const answers = requests.map(([type, payload]) => JSON.parse(dispatch(type, JSON.stringify(payload))));
console.log(JSON.stringify(answers));
