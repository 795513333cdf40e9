// Make the engine's memory snapshot at build time, under Node:
//
//   node site_hooks/snapshot.mjs WHEEL OUT.gz
//
// Boots Pyodide from node_modules (the same files the site serves), installs
// nimcore's wheel exactly as the browser worker does, imports nimcore.bridge
// and loads every game's modules (not the data files left out of the wheel,
// which the worker fetches when a game first needs one), then
// writes Pyodide's memory snapshot to OUT.gz, without its empty pages
// (docs/javascripts/engine/sparse.js) and gzip-compressed. The worker
// restores it with loadPyodide({_loadSnapshot}) instead of starting Python and
// importing nimcore (docs/javascripts/engine/worker.js).
//
// The snapshot API is experimental (Pyodide's `_makeSnapshot`,
// `makeMemorySnapshot`): it is only valid for the exact Pyodide build that made
// it, which site_hooks/runtime.py records in the runtime manifest.
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";
import { packPages } from "../docs/javascripts/engine/sparse.js";

const [wheelPath, outPath] = process.argv.slice(2);
if (!wheelPath || !outPath) {
  console.error("usage : snapshot.mjs ROUE SORTIE.gz");
  process.exit(2);
}

const pyodide = await loadPyodide({ _makeSnapshot: true });
const purelib = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: purelib });
const check = pyodide.runPython(`
import json
import sys
import types

import nimcore.bridge
import nimcore.games

# A game's modules are loaded when it is first played, and the calculators'
# lazily: load them all here, so that the snapshot holds them, ready.
for game_id in nimcore.games.IDS:
    nimcore.games.get(game_id)
for value in list(vars(nimcore.bridge).values()):
    if isinstance(value, types.ModuleType):
        getattr(value, "__name__")
# Chomp's table is read through importlib.resources, whose helpers are imported
# on first use: use them once (the table itself is fetched by the worker).
from importlib import resources

resources.files("nimcore").joinpath("data").joinpath("absent").is_file()
answer = json.loads(nimcore.bridge.dispatch("nim.analyse", json.dumps({"position": [1, 3, 5, 7]})))
lazy = [name for name, module in sys.modules.items() if type(module).__name__ == "_LazyModule"]
ok = answer["ok"] and answer["result"]["outcome"] == "P" and lazy == []

# The worker restores the snapshot with an empty standard library (runtime/empty.zip):
# forget what the import system knows of python_stdlib.zip, so that a module the
# snapshot lacks fails to import plainly instead of being read at a stale offset.
import zipimport

zipimport._zip_directory_cache.clear()
sys.path_importer_cache.clear()
ok
`);
if (check !== true) {
  console.error("nimcore ne répond pas correctement avant l’instantané.");
  process.exit(1);
}
const snapshot = pyodide.makeMemorySnapshot();
const packed = packPages(snapshot);
writeFileSync(outPath, gzipSync(packed, { level: 9 }));
console.log(JSON.stringify({ pyodide: pyodide.version, bytes: snapshot.length, packed: packed.length }));
