// Certify an octal game's period inside Pyodide under Node, as the site's worker would.
//
//   node bench/pyodide_octal.mjs WHEEL CODE [LIMIT]
//
// WHEEL is nimcore's wheel, installed as the worker installs it
// (pyodide.unpackArchive); LIMIT, the values searched at most (by default
// nimcore.octal.MAX_VALUES; 1048576 is what a board's heap may cost). Prints one JSON line: the certificate and the
// seconds Python spent (time.process_time inside Pyodide, and wall time).
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [wheelPath, code, limit = ""] = process.argv.slice(2);
if (!wheelPath || !code) {
  console.error("usage : pyodide_octal.mjs WHEEL CODE [LIMIT]");
  process.exit(2);
}
const pyodide = await loadPyodide();
const purelib = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: purelib });
pyodide.globals.set("code", code);
pyodide.globals.set("limit", limit);
const answer = pyodide.runPython(`
import json, sys, time
from nimcore import octal
cpu, wall = time.process_time(), time.perf_counter()
found = octal.periodicity(code, limit=int(limit) if limit else octal.MAX_VALUES)
json.dumps({
    "python": sys.version.split()[0],
    "platform": sys.platform,
    "code": found.code,
    "certified": found.certified,
    "preperiod": found.preperiod,
    "period": found.period,
    "values": found.computed,
    "cpu_seconds": time.process_time() - cpu,
    "wall_seconds": time.perf_counter() - wall,
})
`);
console.log(answer);
