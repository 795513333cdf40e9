"""Sprouts: time and positions kept to decide the p-spot game, normal and misère, in pure CPython.

Run: ``nice .venv/bin/python bench/sprouts.py [--normal N] [--misere M] [--budget S]``.
One process, one core. For p = 1, 2, … it decides the p-spot game with a fresh
:class:`nimcore.sprouts.Solver` (nothing kept from one p to the next) and notes
the outcome, the positions the solver kept, the processor time (``process_time``,
which the machine's other loads barely change) and the wall time. It goes on up
to ``--normal`` (default 11, the record of Applegate, Jacobson and Sleator 1991)
and ``--misere`` (default 20, the last value of OEIS A164950) spots, but stops a
play convention as soon as the next p would probably pass ``--budget`` seconds of
processor time (default 1 200): each p has cost about ten times the one before.
Every outcome is checked against the known one. Writes
``bench/results/sprouts.json`` and ``bench/results/sprouts.md`` (French), with
the machine and its load.
"""

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nimcore.sprouts import Solver, start

RESULTS = Path(__file__).resolve().parent / "results"
#: Known outcomes: normal play, first player wins iff p ≡ 3, 4, 5 (mod 6) (checked
#: to p = 44 and beyond by Lemoine and Viennot); misère, OEIS A164950.
NORMAL = {p: "N" if p % 6 in (3, 4, 5) else "P" for p in range(1, 48)}
MISERE = dict(enumerate("NPPPNNPPPNNNPPPNNNPP", start=1))
#: Ratio of one p's processor time to the previous one's assumed when deciding to stop.
GROWTH = 10


def decide(spots, misere):
    solver = Solver()
    cpu, wall = time.process_time(), time.perf_counter()
    outcome = solver.outcome(start(spots), misere=misere)
    return {
        "spots": spots,
        "misere": misere,
        "outcome": outcome,
        "known": (MISERE if misere else NORMAL).get(spots),
        "positions": solver.positions,
        "cpu_seconds": round(time.process_time() - cpu, 3),
        "wall_seconds": round(time.perf_counter() - wall, 3),
    }


def run(limit, misere, budget):
    rows = []
    for spots in range(1, limit + 1):
        if rows and rows[-1]["cpu_seconds"] * GROWTH > budget:
            break
        row = decide(spots, misere)
        rows.append(row)
        print(json.dumps(row), flush=True)
        if row["known"] is not None and row["outcome"] != row["known"]:
            raise SystemExit(f"wrong outcome: {row}")
    return rows


def french(value, digits=2):
    return f"{value:,.{digits}f}".replace(",", "\u202f").replace(".", ",")


def markdown(result):
    lines = [
        "# Le jeu des pousses : temps de la recherche",
        "",
        f"Mesure du {result['date']}, `bench/sprouts.py`, CPython {result['python']}"
        f" pur, un seul processus (sous `nice`), sur {result['machine']}"
        f" ({result['cpus']} cœurs partagés ; charge moyenne {result['load_before']}"
        f" au début, {result['load_after']} à la fin).",
        "",
        "Chaque ligne part d'un solveur neuf. « Positions » : les positions dont la"
        " réponse est gardée (terres avec leur nimber, terre + tas trouvées N,"
        " positions misère). Temps processeur (`process_time`), peu sensible à la"
        " charge ; temps écoulé à côté.",
        "",
        "| points | version | issue | attendue | positions | temps processeur (s) | temps écoulé (s) |",
        "|---:|---|:-:|:-:|---:|---:|---:|",
    ]
    for row in result["rows"]:
        lines.append(
            f"| {row['spots']} | {'misère' if row['misere'] else 'normale'} | {row['outcome']}"
            f" | {row['known']} | {french(row['positions'], 0)} | {french(row['cpu_seconds'])}"
            f" | {french(row['wall_seconds'])} |"
        )
    lines += ["", result["note"], ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--normal", type=int, default=11)
    parser.add_argument("--misere", type=int, default=20)
    parser.add_argument("--budget", type=float, default=1200.0)
    args = parser.parse_args()
    load_before = os.getloadavg()
    rows = run(args.normal, False, args.budget) + run(args.misere, True, args.budget)
    normal_top = max(row["spots"] for row in rows if not row["misere"])
    misere_top = max(row["spots"] for row in rows if row["misere"])
    result = {
        "date": time.strftime("%Y-%m-%d"),
        "python": platform.python_version(),
        "machine": f"{platform.machine()} {platform.processor() or platform.system()}",
        "cpus": os.cpu_count(),
        "load_before": french(load_before[0]),
        "load_after": french(os.getloadavg()[0]),
        "budget_seconds": args.budget,
        "rows": rows,
        "note": (
            f"Arrêt : version normale après {normal_top} points, misère après {misere_top}"
            f" points, le point suivant dépassant probablement {french(args.budget, 0)} s"
            " de processeur (chaque point coûte environ dix fois le précédent). Toutes les"
            " issues calculées sont les issues connues."
        ),
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "sprouts.json").write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n")
    (RESULTS / "sprouts.md").write_text(markdown(result))
    print(markdown(result))


if __name__ == "__main__":
    main()
