"""Chomp: whole boxes solved by marking, against a plain retrograde search, and the 13×13 table.

Run: ``.venv/bin/python bench/chomp.py [--no-browser]`` (``make bench`` runs it).

Baseline (measured in the same run): the plain retrograde search, the one
nimcore used until the 13×13 table: every staircase of the n×n box as a tuple
of row lengths, fewest squares first; a staircase is a P-position when none of
its bites (computed by the rule, tuples too) is one of the P-positions found so
far (a set: the memo). Compared with it, on the same boxes: ``solve_box``
(nimcore.chomp.box: ranks, and marking from each P-position every staircase one
bite away). Both must find the same P-positions. Then the 13×13 box: its solving
time, the shipped table regenerated and compared byte for byte with
``nimcore/data/chomp13.bin``, its size (raw and gzip, as a server sends it), and
the time of one analysis (winning bites from the table) on a sample of its
positions.

Times are CPU seconds of this process (``time.process_time``: the other jobs
of a shared machine disturb it less than wall-clock time); the 12×12 baseline
runs once (about half a minute), the others keep the best of a few runs.

Unless ``--no-browser`` is given, the site is also built and served, and
Chromium measures (bench/browser.py's helpers) on the Chomp board: the worker's first Chomp
request (which fetches the table, served apart from the wheel) against the
second, and click → answer shown, p50 and p95, from a 13-row bar of 150 squares
whose analysis needs the table, and from the page's own start (7-7-7-7, the
size bench/browser.py measures) in the same run.

The engine's share is also measured alone, inside Pyodide under Node
(``bench/chomp_pyodide.mjs``), in CPU time: each kind of request a turn makes,
for the 13-row bar and for the page's start.

Writes ``bench/results/chomp.json`` and the French report ``bench/results/chomp.md``.
"""

import argparse
import gzip
import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nimcore import chomp  # noqa: E402
from nimcore.chomp.rule import _children  # noqa: E402
from nimcore.chomp.search import _sub_staircases  # noqa: E402
from nimcore.french import french_number as french  # noqa: E402

RESULTS = ROOT / "bench" / "results"
SIZES = (10, 11, 12)
#: Browser: a 13-row bar, not a family; its winning bite leaves a 147-square P-position.
BIG = [13, 13, 13, 13, 13, 12, 12, 12, 12, 12, 9, 9, 9]


def cpu(function):
    """Run *function*; return (CPU seconds, result)."""
    start = time.process_time()
    result = function()
    return time.process_time() - start, result


def best_of(function, repeat):
    best, result = math.inf, None
    for _ in range(repeat):
        seconds, result = cpu(function)
        best = min(best, seconds)
    return best, result


def plain_search(size):
    """The P-positions of the size×size box by plain retrograde search (the baseline)."""
    losing = set()
    for staircase in _sub_staircases((size,) * size):  # fewest squares first
        for child in _children(staircase):
            if child in losing:
                break
        else:
            losing.add(staircase)
    return frozenset(losing)


def analysis_times(count=2000, seed=2026):
    """CPU seconds of chomp.analyse on random staircases of the 13×13 box (not families)."""
    chance = random.Random(seed)
    chomp.table_positions()  # read once, as on a first request
    times = []
    while len(times) < count:
        rows = sorted((chance.randint(1, 13) for _ in range(chance.randint(3, 13))), reverse=True)
        if chomp.family(rows) is not None:
            continue
        seconds, _ = cpu(lambda rows=rows: chomp.analyse(rows))
        times.append(seconds)
    return times


def solve_sizes():
    rows = []
    for size in SIZES:
        baseline, plain = best_of(lambda size=size: plain_search(size), 1 if size >= 12 else 2)
        marking, losing = best_of(lambda size=size: chomp.solve_box(size, size), 3)
        assert losing == plain, f"the two searches disagree on the {size}×{size} box"
        rows.append(
            {
                "n": size,
                "positions": math.comb(2 * size, size) - 1,
                "p_positions": len(losing),
                "plain_seconds": baseline,
                "marking_seconds": marking,
                "ratio": baseline / marking,
            }
        )
        print(f"{size}×{size} : {baseline:.2f} s / {marking:.3f} s = {baseline / marking:.0f}")
    return rows


def table_figures():
    size = chomp.TABLE_SIZE
    seconds, losing = best_of(lambda: chomp.solve_box(size, size), 2)
    packing, data = best_of(lambda: chomp.table_bytes(size), 1)
    shipped = (ROOT / "nimcore" / "data" / chomp.TABLE_FILE).read_bytes()
    assert data == shipped, "the shipped table differs from a fresh solve"
    reading, table = best_of(lambda: chomp.read_table(shipped), 5)
    assert table == losing
    times = analysis_times()
    return {
        "n": size,
        "positions": math.comb(2 * size, size) - 1,
        "p_positions": len(losing),
        "solve_seconds": seconds,
        "table_bytes_seconds": packing,
        "file": f"nimcore/data/{chomp.TABLE_FILE}",
        "file_bytes": len(shipped),
        "file_gzip_bytes": len(gzip.compress(shipped, 9)),
        "read_seconds": reading,
        "analyse_ms": {
            "count": len(times),
            "mean": statistics.mean(times) * 1000,
            "p95": sorted(times)[round(0.95 * (len(times) - 1))] * 1000,
        },
    }


def pyodide_figures():
    """CPU milliseconds of the engine's answers inside Pyodide under Node: BIG against 7-7-7-7."""
    from site_hooks.runtime import build_wheel, data_sources

    after = [12] * 10 + BIG[10:]  # BIG's winning bite: a 147-square P-position
    requests = []
    for label, rows, to in (("big", BIG, after), ("default", [7, 7, 7, 7], [7, 7, 7, 6])):
        requests += [
            [f"{label}_view", "chomp.view", {"position": rows, "start": True}],
            [f"{label}_computer_move", "chomp.computer_move", {"position": rows}],
            [f"{label}_play_reply", "chomp.play", {"position": rows, "to": to, "reply": {}}],
            [f"{label}_analyse", "chomp.analyse", {"position": rows}],
        ]
    with tempfile.TemporaryDirectory() as scratch:
        wheel = build_wheel(Path(scratch))
        listing = Path(scratch) / "requests.json"
        listing.write_text(json.dumps(requests), encoding="utf-8")
        completed = subprocess.run(
            [
                "node",
                str(ROOT / "bench" / "chomp_pyodide.mjs"),
                str(wheel),
                json.dumps(data_sources()),
                str(listing),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
    return json.loads(completed.stdout.strip().splitlines()[-1])


def browser_figures(samples):
    """The Chomp board in Chromium: the table's first load, and click → answer from BIG."""
    sys.path.insert(0, str(ROOT / "bench"))
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    import browser as bench_browser  # bench/browser.py
    from playwright.sync_api import sync_playwright
    from siteserver import serve

    from tools import chromium

    launch = chromium.launch_args()
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        bench_browser.build(site)
        with serve(site) as url, sync_playwright() as playwright:
            bench_browser.URL = url
            browser = playwright.chromium.launch(**launch)
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            page.goto(url + "jeux-mysterieux/")
            bench_browser.mark(page, "moteur:ready")
            first, second = page.evaluate(
                """async (rows) => {
                    const engine = window.nimJeux.engine;
                    const times = [];
                    for (const _ of [1, 2]) {
                      const start = performance.now();
                      await engine.request("chomp.analyse", { position: rows });
                      times.push(performance.now() - start);
                    }
                    return times;
                }""",
                BIG,
            )
            context.close()
            found = bench_browser.board_latencies(
                browser, "chomp", "jeux-mysterieux/", samples, {"bar": " ".join(map(str, BIG))}
            )
            # The page's own start (7-7-7-7), in the same run: what bench/browser.py measures.
            default = bench_browser.board_latencies(browser, "chomp", "jeux-mysterieux/", samples)
            browser.close()
    assert found is not None and default is not None

    def summary(found):
        return {
            kind: {
                "p50": bench_browser.percentile(values, 0.5),
                "p95": bench_browser.percentile(values, 0.95),
                "count": len(values),
            }
            for kind, values in found.items()
            if values
        }

    return {
        "position": BIG,
        "first_request_ms": first,
        "second_request_ms": second,
        "moves_ms": summary(found),
        "default_moves_ms": summary(default),
        "load_average": os.getloadavg()[0],
    }


def report(results):
    lines = [
        "# Chomp : des boîtes entières résolues par marquage",
        "",
        f"Python {results['python']}, temps CPU de ce processus. Référence : la recherche"
        " rétrograde simple (chaque tablette de la boîte, de la plus petite à la plus grande,"
        " est perdante si aucune de ses bouchées ne mène à une perdante déjà trouvée),"
        " mesurée dans la même exécution ; les deux trouvent les mêmes positions P.",
        "",
        "| boîte | tablettes | positions P | recherche simple | marquage (nimcore) | rapport |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for row in results["boxes"]:
        lines.append(
            f"| {row['n']}×{row['n']} | {french(row['positions'])} | {french(row['p_positions'])}"
            f" | {french(row['plain_seconds'], 2)} s | {french(row['marking_seconds'], 3)} s"
            f" | {french(row['ratio'], 0)} × |"
        )
    table = results["table"]
    lines += [
        "",
        f"| boîte {table['n']}×{table['n']} | valeur |",
        "|---|---:|",
        f"| tablettes (la tablette vide exclue) | {french(table['positions'])} |",
        f"| positions P | {french(table['p_positions'])} |",
        f"| résolution par marquage | {french(table['solve_seconds'], 2)} s |",
        f"| table livrée ({table['file']}) | {french(table['file_bytes'])} octets |",
        f"| la même, gzip | {french(table['file_gzip_bytes'])} octets |",
        f"| lecture de la table | {french(table['read_seconds'] * 1000, 1)} ms |",
        f"| une analyse (table), moyenne / p95 sur {table['analyse_ms']['count']} tablettes"
        f" | {french(table['analyse_ms']['mean'], 3)} / {french(table['analyse_ms']['p95'], 3)} ms |",
    ]
    cpu = results["pyodide_cpu_ms"]
    lines += [
        "",
        "Le moteur seul dans Pyodide (sous Node), temps CPU d’une réponse (médiane),"
        f" tablette {'-'.join(map(str, BIG))} contre le départ de la page (7-7-7-7) :",
        "",
        "| requête | tablette de 13 rangées | 7-7-7-7 |",
        "|---|---:|---:|",
    ]
    for call, label in (
        ("view", "vue d’une nouvelle partie (coups et leurs mots)"),
        ("computer_move", "coup de l’ordinateur (analyse et vue atteinte)"),
        ("play_reply", "coup du lecteur et réponse (une vue : celle que laisse la réponse)"),
        ("analyse", "indice"),
    ):
        lines.append(
            f"| {label} | {french(cpu['big_' + call], 1)} ms | {french(cpu['default_' + call], 1)} ms |"
        )
    lines.append(
        f"| 1re requête qui lit la table | {french(cpu['first_table_request_ms'], 0)} ms | |"
    )
    if "browser" in results:
        browser = results["browser"]
        moves = browser["moves_ms"]
        lines += [
            "",
            f"Dans Chromium, plateau de Chomp, tablette {'-'.join(map(str, browser['position']))}"
            " (cible de bench/browser.py : clic → réponse, p95 ≤ 50 ms) :",
            "",
            "| mesure | valeur |",
            "|---|---:|",
            f"| 1re requête Chomp du worker (charge la table) | {french(browser['first_request_ms'], 1)} ms |",
            f"| 2e requête Chomp | {french(browser['second_request_ms'], 1)} ms |",
        ]
        names = {
            "computer_first": "nouvelle partie, l’ordinateur commence",
            "human_move": "coup du lecteur → réponse",
            "engine": "aller-retour du moteur seul",
        }
        for kind, values in moves.items():
            default = browser["default_moves_ms"][kind]
            lines.append(
                f"| {names[kind]} : p50 / p95 ({values['count']})"
                f" | {french(values['p50'], 1)} / {french(values['p95'], 1)} ms"
                f" (départ de la page, 7-7-7-7 : {french(default['p50'], 1)} /"
                f" {french(default['p95'], 1)} ms) |"
            )
        lines += [
            "",
            f"Charge moyenne de la machine pendant la mesure : {french(browser['load_average'], 1)}"
            " (sur 2 cœurs).",
        ]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description="Chomp : marquage contre recherche simple.")
    parser.add_argument("--no-browser", action="store_true", help="sans les mesures dans Chromium")
    parser.add_argument("--samples", type=int, default=20, help="coups mesurés dans Chromium")
    args = parser.parse_args()
    results = {"bench": "chomp", "python": platform.python_version()}
    results["boxes"] = solve_sizes()
    results["table"] = table_figures()
    results["pyodide_cpu_ms"] = pyodide_figures()
    if not args.no_browser:
        results["browser"] = browser_figures(args.samples)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "chomp.json").write_text(
        json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    text = report(results)
    (RESULTS / "chomp.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
