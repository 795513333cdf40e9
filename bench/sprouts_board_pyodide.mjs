// The Sprouts board's clicks inside Pyodide under Node (bench/sprouts_board.py --pyodide runs it):
//
//   node bench/sprouts_board_pyodide.mjs REPO GAMES SPOTS MISERE_SPOTS
//
// Mounts the repository (REPO) and plays bench/sprouts_board.py's seeded games
// with nimcore's own sources, in Python 3.14 compiled to wasm, as the board's
// worker runs it: the same requests through nimcore.bridge.dispatch, timed by
// Python's process_time. SPOTS and MISERE_SPOTS are comma-separated lists
// (possibly empty). Prints one JSON line per start (bench/sprouts_board.py's
// summary), then nothing else.
import { loadPyodide } from "pyodide";

const [repo, games, spots, misereSpots] = process.argv.slice(2);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/host/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/host/repo");
pyodide.globals.set("games", Number(games));
pyodide.globals.set("spots", pyodide.toPy((spots || "").split(",").filter(Boolean).map(Number)));
pyodide.globals.set("misere_spots", pyodide.toPy((misereSpots || "").split(",").filter(Boolean).map(Number)));
pyodide.runPython(`
import json, sys
sys.path[:0] = ["/host/repo", "/host/repo/bench"]
import sprouts_board
for count, misere in [(n, False) for n in spots] + [(n, True) for n in misere_spots]:
    print(json.dumps(sprouts_board.summary(count, games, misere)), flush=True)
`);
