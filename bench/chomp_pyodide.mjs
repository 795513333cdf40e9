// The engine's share of a Chomp turn, inside Pyodide under Node (bench/chomp.py runs it):
//
//   node bench/chomp_pyodide.mjs WHEEL DATA REQUESTS.json
//
// Installs nimcore's wheel and its data files as the browser worker does
// (tests/pyodide/data_files.mjs), then answers each request of REQUESTS.json
// ([name, type, payload], …) a few times through nimcore.bridge.dispatch and
// prints one JSON line: for each name, the CPU milliseconds of one answer (the
// median of the repetitions; CPU time, which the other jobs of a shared machine
// disturb less than wall-clock time), and the time of the first Chomp request
// (which reads the table).
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
import { writeDataFiles } from "../tests/pyodide/data_files.mjs";

const [wheelPath, dataJson, requestsPath] = process.argv.slice(2);
const pyodide = await loadPyodide();
const purelib = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: purelib });
writeDataFiles(pyodide, purelib, JSON.parse(dataJson));
const dispatch = pyodide.pyimport("nimcore.bridge").dispatch;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const result = {};
const first = cpuMs();
dispatch("chomp.analyse", JSON.stringify({ position: [1] }));
dispatch("chomp.analyse", JSON.stringify({ position: [13, 12, 11] })); // reads the table
result.first_table_request_ms = cpuMs() - first;
for (const [name, type, payload] of JSON.parse(readFileSync(requestsPath, "utf8"))) {
  const times = [];
  for (let round = 0; round < 15; round += 1) {
    const start = cpuMs();
    const answer = JSON.parse(dispatch(type, JSON.stringify(payload)));
    times.push(cpuMs() - start);
    if (!answer.ok) {
      throw new Error(`${name}: ${answer.error.message}`);
    }
  }
  times.sort((a, b) => a - b);
  result[name] = times[times.length >> 1];
}
console.log(JSON.stringify(result));
