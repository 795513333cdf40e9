// Make the engine's memory snapshot at build time, under Node:
//
//   node site_hooks/snapshot.mjs WHEEL OUT.zst
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
import { decompress } from "fzstd";
import { loadPyodide } from "pyodide";
import { packPages, restoringBase, unpackPages } from "../docs/javascripts/engine/sparse.js";

const [wheelPath, outPath] = process.argv.slice(2);
if (!wheelPath || !outPath) {
  console.error("usage : snapshot.mjs ROUE SORTIE.zst");
  process.exit(2);
}

// Docstrings and asserts left out of the snapshot (PYTHONOPTIMIZE=2, as `python -OO`): the
// browser never reads nimcore's documentation, and its docstrings are ~100 kB of the compressed
// snapshot. The doctests run in CPython (tests/unit) and from the wheel in Pyodide (tests/pyodide).
const pyodide = await loadPyodide({ _makeSnapshot: true, env: { PYTHONOPTIMIZE: "2" } });
const purelib = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: purelib });
const check = pyodide.runPython(`
import json
import sys

import nimcore.bridge
import nimcore.games

# A game's modules are loaded when it is first played, and the calculators'
# and the laboratory's lazily: import every module of nimcore here (the
# snapshot boot has no wheel to import one from later), and load each game.
import importlib
import pkgutil

for module in pkgutil.walk_packages(nimcore.__path__, "nimcore."):
    if module.name != "nimcore.__main__":
        importlib.import_module(module.name)
for game_id in nimcore.games.IDS:
    nimcore.games.get(game_id)
for value in list(sys.modules.values()):  # the calls' lazy modules (nimcore.calls.lazy)
    if type(value).__name__ == "_LazyModule":
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

// Let go of what a board never needs (the snapshot holds the whole memory).
pyodide.runPython(`
import gc
import linecache
import re
import sys

linecache.clearcache()
re.purge()
sys._clear_internal_caches()
gc.collect()
`);
const zeroed = zeroFreeMemory(pyodide._module);

const snapshot = pyodide.makeMemorySnapshot();
// Pyodide's snapshot: its header (length in its second word), then the memory.
const header = new DataView(snapshot.buffer, snapshot.byteOffset, 8).getUint32(4, true);
const packed = packPages(snapshot, 4096, staticData(header));
pyodide.FS.writeFile("/tmp/snapshot.pages", packed);
pyodide.runPython(`
from compression import zstd

with open("/tmp/snapshot.pages", "rb") as source, open("/tmp/snapshot.zst", "wb") as target:
    target.write(zstd.compress(source.read(), level=19))
`);
const compressed = pyodide.FS.readFile("/tmp/snapshot.zst");
writeFileSync(outPath, compressed);
await checkRestore(snapshot, packed, compressed);
console.log(
  JSON.stringify({
    pyodide: pyodide.version,
    bytes: snapshot.length,
    packed: packed.length,
    compressed: compressed.length,
    zeroed,
  }),
);

/**
 * Set to zero every byte malloc holds free: take all of it, in blocks as large
 * as it gives without growing the memory, fill them with zeros, give them back.
 * @returns {number} the bytes set to zero
 */
function zeroFreeMemory(module) {
  const limit = module._malloc_footprint_limit();
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const blocks = [];
  let zeroed = 0;
  for (let size = 1 << 24; size >= 8; size >>= 1) {
    for (;;) {
      const pointer = module._malloc(size);
      if (pointer === 0) {
        break;
      }
      const usable = module._malloc_usable_size(pointer);
      module.HEAPU8.fill(0, pointer, pointer + usable);
      zeroed += usable;
      blocks.push(pointer);
    }
  }
  for (const pointer of blocks) {
    module._free(pointer);
  }
  module._malloc_set_footprint_limit(limit);
  return zeroed;
}

/**
 * The memory as Pyodide's wasm file declares it (its active data segments),
 * shifted by `header` bytes to the snapshot's places: what a fresh module holds.
 */
function staticData(header) {
  const wasm = readFileSync(new URL("pyodide.asm.wasm", import.meta.resolve("pyodide")));
  let at = 8;
  const uleb = () => {
    let result = 0;
    let shift = 0;
    let byte = 0;
    do {
      byte = wasm[at++];
      result += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return result;
  };
  const sleb = () => {
    let result = 0;
    let shift = 0;
    let byte = 0;
    do {
      byte = wasm[at++];
      result |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return shift < 32 && byte & 0x40 ? result | (-1 << shift) : result;
  };
  /** @type {[number, Uint8Array][]} */
  const segments = [];
  while (at < wasm.length) {
    const id = wasm[at++];
    const size = uleb();
    const end = at + size;
    if (id === 11) {
      for (let count = uleb(); count > 0; count -= 1) {
        const flags = uleb();
        if (flags === 2) {
          uleb(); // memory index
        }
        let offset = -1;
        if (flags !== 1) {
          if (wasm[at++] !== 0x41) {
            throw new Error("segment de données à l’adresse non constante");
          }
          offset = sleb();
          at += 1; // end
        }
        const length = uleb();
        if (offset >= 0) {
          segments.push([offset, wasm.subarray(at, at + length)]);
        }
        at += length;
      }
    }
    at = end;
  }
  const top = Math.max(...segments.map(([offset, bytes]) => offset + bytes.length));
  const base = new Uint8Array(header + top);
  for (const [offset, bytes] of segments) {
    base.set(bytes, header + offset);
  }
  return base;
}

/** Restore the packed snapshot as the worker does; exit if anything differs. */
async function checkRestore(original, packedForm, compressed) {
  const inflated = decompress(compressed);
  if (inflated.length !== packedForm.length || !inflated.every((byte, index) => byte === packedForm[index])) {
    console.error("l’instantané compressé ne redonne pas les mêmes octets.");
    process.exit(1);
  }
  const bytes = unpackPages(inflated);
  const { default: create } = await import(new URL("pyodide.asm.mjs", import.meta.resolve("pyodide")).href);
  const restored = await loadPyodide({
    _loadSnapshot: bytes,
    createPyodideModule: restoringBase(create, bytes, inflated),
  });
  const same = bytes.length === original.length && bytes.every((byte, index) => byte === original[index]);
  const answer = restored.runPython(`
import json
import nimcore.bridge
json.loads(nimcore.bridge.dispatch("nim.analyse", json.dumps({"position": [1, 2, 3]})))["ok"]
`);
  if (!same || answer !== true) {
    console.error("l’instantané restauré ne redonne pas la même mémoire, ou nimcore n’y répond pas.");
    process.exit(1);
  }
}
