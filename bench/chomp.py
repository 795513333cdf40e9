"""Chomp: solving every staircase inside the n×n square by search, against reading the table.

Run: ``.venv/bin/python bench/chomp.py``. Prints a French Markdown table of the
search times for n = 5..10 as ratios to the time of loading the shipped table
(``nimcore/data/chomp10.txt``, which answers every position inside 10×10),
measured in the same run, and writes the same numbers to
``bench/results/chomp.json``. Each time is the best of a few repetitions.
"""

import json
import math
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nimcore import chomp

SIZES = range(5, 11)
RESULTS = Path(__file__).resolve().parent / "results" / "chomp.json"


def best_time(function, repeat):
    best = math.inf
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def load_table():
    chomp.table_positions.cache_clear()
    return chomp.table_positions()


def main():
    baseline, table = best_time(load_table, repeat=20)
    rows = []
    for size in SIZES:
        repeat = 5 if size <= 8 else 2
        seconds, losing = best_time(lambda size=size: chomp.solve_box(size, size), repeat)
        inside = {rows for rows in table if len(rows) <= size and rows[0] <= size}
        assert losing == inside, f"the search and the table disagree inside {size}×{size}"
        rows.append(
            {
                "n": size,
                "positions": math.comb(2 * size, size) - 1,
                "p_positions": len(losing),
                "search_seconds": seconds,
                "ratio_to_table": seconds / baseline,
            }
        )
    print("# Chomp : recherche exhaustive contre table précalculée\n")
    print(
        f"Référence : lecture de la table 10×10 livrée avec nimcore"
        f" ({len(table)} positions P), {baseline * 1000:.1f} ms dans cette exécution"
        f" (Python {platform.python_version()}).\n"
    )
    print("| n | positions dans n×n | positions P | recherche / lecture de la table |")
    print("|---:|---:|---:|---:|")
    for row in rows:
        print(
            f"| {row['n']} | {row['positions']:,} | {row['p_positions']:,} |"
            f" {row['ratio_to_table']:.1f} × |".replace(",", "\u202f")
        )
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(
        json.dumps(
            {
                "bench": "chomp",
                "python": platform.python_version(),
                "baseline": "chargement de nimcore/data/chomp10.txt",
                "baseline_seconds": baseline,
                "rows": rows,
            },
            indent=2,
            ensure_ascii=False,
        )
        + "\n",
        encoding="utf-8",
    )
    print(f"\nRésultats écrits dans {RESULTS}.")


if __name__ == "__main__":
    main()
