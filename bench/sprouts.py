"""Sprouts: time and positions kept to decide the p-spot game, normal and misère, in pure CPython.

Run: ``nice .venv/bin/python bench/sprouts.py [--normal N] [--misere M] [--budget S]``.
One process, one core. For p = 1, 2, … it decides the p-spot game with a fresh
:class:`nimcore.sprouts.Solver` and an empty cache of canonical lands
(``position.forget()``: nothing kept from one p to the next) and notes
the outcome, the positions the solver kept, the processor time (``process_time``,
which the machine's other loads barely change) and the wall time. It goes on up
to ``--normal`` (default 11, the record of Applegate, Jacobson and Sleator 1991)
and ``--misere`` (default 20, the last value of OEIS A164950) spots, but stops a
play convention as soon as the next p would probably pass ``--budget`` seconds of
processor time (default 1 200), guessing the next p's time from the growth of
the last two. Every outcome is checked against the known one. Writes
``bench/results/sprouts.json`` and ``bench/results/sprouts.md`` (French), with
the machine, its load and the growth factor per spot, after every p (a run
stopped early keeps what it measured).
"""

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nimcore.french import french_number
from nimcore.sprouts import Solver, position, start

RESULTS = Path(__file__).resolve().parent / "results"
#: Known outcomes: normal play, first player wins iff p ≡ 3, 4, 5 (mod 6) (checked
#: to p = 44 and beyond by Lemoine and Viennot); misère, OEIS A164950.
NORMAL = {p: "N" if p % 6 in (3, 4, 5) else "P" for p in range(1, 48)}
MISERE = dict(enumerate("NPPPNNPPPNNNPPPNNNPP", start=1))
#: Ratio of one p's processor time to the previous one's assumed when deciding to
#: stop, until two p's of the same play convention have cost more than a second.
GROWTH = 5


def decide(spots, misere):
    position.forget()
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


def growth(rows):
    """The ratio of the last p's processor time to the one before, once both pass 1 s."""
    if len(rows) >= 2 and rows[-2]["cpu_seconds"] >= 1:
        return rows[-1]["cpu_seconds"] / rows[-2]["cpu_seconds"]
    return None


def run(limit, misere, budget, done, save):
    rows = []
    for spots in range(1, limit + 1):
        if rows and rows[-1]["cpu_seconds"] * (growth(rows) or GROWTH) > budget:
            break
        row = decide(spots, misere)
        rows.append(row)
        print(json.dumps(row), flush=True)
        save(done + rows)
        if row["known"] is not None and row["outcome"] != row["known"]:
            raise SystemExit(f"wrong outcome: {row}")
    return rows


def french(value, digits=2):
    return french_number(value, digits)


def markdown(result):
    lines = [
        "# Le jeu des pousses : temps de la recherche",
        "",
        f"Mesure du {result['date']}, `bench/sprouts.py`, CPython {result['python']}"
        f" pur, un seul processus (sous `nice`), sur {result['machine']}"
        f" ({result['cpus']} cœurs partagés ; charge moyenne {result['load_before']}"
        f" au début, {result['load_after']} à la fin).",
        "",
        "Chaque ligne part d'un solveur neuf et d'un cache de formes canoniques"
        " vide. « Positions » : les positions dont la"
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


def summary(rows, budget, finished):
    """The French note under the table: where each play convention stopped, and why."""
    parts = []
    for misere, name in ((False, "version normale"), (True, "misère")):
        own = [row for row in rows if row["misere"] == misere]
        if not own:
            continue
        factor = growth(own)
        text = f"{name} jusqu'à {own[-1]['spots']} points"
        if factor is not None:
            text += f" (le dernier point a coûté {french(factor, 1)} fois le précédent)"
        parts.append(text)
    note = "Arrêt : " + " ; ".join(parts) + "."
    if finished:
        note += (
            f" Le point suivant dépasserait probablement {french(budget, 0)} s de"
            " processeur, ou la limite demandée est atteinte."
        )
    else:
        note += " Mesure en cours ou interrompue."
    return note + " Toutes les issues calculées sont les issues connues."


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--normal", type=int, default=11)
    parser.add_argument("--misere", type=int, default=20)
    parser.add_argument("--budget", type=float, default=1200.0)
    args = parser.parse_args()
    load_before = os.getloadavg()
    result = {
        "date": time.strftime("%Y-%m-%d"),
        "python": platform.python_version(),
        "machine": f"{platform.machine()} {platform.processor() or platform.system()}",
        "cpus": os.cpu_count(),
        "load_before": french(load_before[0]),
        "budget_seconds": args.budget,
    }

    def save(rows, finished=False):
        result["load_after"] = french(os.getloadavg()[0])
        result["rows"] = rows
        result["note"] = summary(rows, args.budget, finished)
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "sprouts.json").write_text(
            json.dumps(result, ensure_ascii=False, indent=1) + "\n"
        )
        (RESULTS / "sprouts.md").write_text(markdown(result))

    rows = run(args.normal, False, args.budget, [], save)
    rows += run(args.misere, True, args.budget, rows, save)
    save(rows, finished=True)
    print(markdown(result))


if __name__ == "__main__":
    main()
