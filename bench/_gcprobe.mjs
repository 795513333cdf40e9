import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
import { writeDataFiles } from "../tests/pyodide/data_files.mjs";
const [wheelPath, dataJson, freeze] = process.argv.slice(2);
const pyodide = await loadPyodide();
const purelib = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: purelib });
writeDataFiles(pyodide, purelib, JSON.parse(dataJson));
const dispatch = pyodide.pyimport("nimcore.bridge").dispatch;
dispatch("chomp.analyse", JSON.stringify({ position: [13, 12, 11] }));
for (const g of ["moore", "octal", "heaps"]) { try { dispatch(`${g}.view`, JSON.stringify({start: true})); } catch (e) {} }
if (freeze === "1") pyodide.runPython("import gc; gc.collect(); gc.freeze()");
pyodide.runPython("import gc; print(gc.get_count(), gc.get_threshold(), len(gc.get_objects()))");
const BIG = [13,13,13,13,13,12,12,12,12,12,9,9,9];
const after = [12,12,12,12,12,12,12,12,12,12,9,9,9];
const times = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  const r = JSON.parse(dispatch("chomp.play", JSON.stringify({position: BIG, to: after, reply: {}})));
  dispatch("chomp.view", JSON.stringify({position: BIG, start: true}));
  dispatch("chomp.analyse", JSON.stringify({position: after}));
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log("p50", times[100].toFixed(2), "p95", times[190].toFixed(2), "max", times[199].toFixed(2));
