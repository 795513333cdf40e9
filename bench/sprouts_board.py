"""Sprouts board: the time of one turn (the moves listed and drawn, the computer's answer), in CPython.

Run: ``nice .venv/bin/python bench/sprouts_board.py [--games G] [--spots 2 3 4]``.
One process, one core. For each start it plays G games (seeded: the same games
each run) where the computer plays perfectly against random moves, from a fresh
solver and an empty list of routed moves each game, as a reader who opens the
page does. At every position of a game it times what the board's worker does
for one turn: routing every move of the drawing (:meth:`SproutsGame.moves`,
with the list of routed moves emptied first) and the computer's answer
(:func:`nimcore.games.base.computer_move`). Processor time (``process_time``),
which the machine's other loads change little; wall time beside it. Writes
``bench/results/sprouts_board.json`` and ``bench/results/sprouts_board.md``
(French), with the machine and its load.
"""

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nimcore.french import french_number, plural
from nimcore.games import base
from nimcore.games import sprouts as board
from nimcore.sprouts.solver import Solver

RESULTS = Path(__file__).resolve().parent / "results"


def play(spots, seed):
    """One game from *spots* spots; the time of each of its turns."""
    chance = random.Random(seed)
    board._SOLVER = Solver()
    board._LISTED.clear()
    position, options = board.GAME.decode(str(spots))
    turns = []
    computer = seed % 2  # who the computer is: first player in even games
    mover = 0
    while True:
        board._LISTED.clear()
        cpu, wall = time.process_time(), time.perf_counter()
        listed = list(board.GAME.moves(position, options))
        if not listed:
            break
        move = base.computer_move(board.GAME, position, options, "perfect", chance)
        turns.append(
            {
                "code": board.GAME.encode(position, options),
                "moves": len(listed),
                "grid": position.size,
                "refinements": max(m.route.refinements for m in listed),
                "cpu_seconds": round(time.process_time() - cpu, 3),
                "wall_seconds": round(time.perf_counter() - wall, 3),
            }
        )
        position = move.to if mover == computer else chance.choice(listed).to
        mover = 1 - mover
    return turns


def summary(spots, games):
    turns = [turn for seed in range(games) for turn in play(spots, seed)]
    cpu = sorted(turn["cpu_seconds"] for turn in turns)
    slowest = max(turns, key=lambda turn: turn["cpu_seconds"])
    return {
        "spots": spots,
        "games": games,
        "turns": len(turns),
        "median": round(statistics.median(cpu), 3),
        "p90": cpu[int(0.9 * (len(cpu) - 1))],
        "max": cpu[-1],
        "over_one_second": sum(value > 1 for value in cpu),
        "slowest": slowest,
    }


def french(value, digits=2):
    return french_number(value, digits)


def markdown(result):
    lines = [
        "# Le jeu des pousses : temps d'un tour du plateau",
        "",
        f"Mesure du {result['date']}, `bench/sprouts_board.py`, CPython {result['python']}"
        f" pur, un seul processus (sous `nice`), sur {result['machine']}"
        f" ({result['cpus']} cœurs partagés ; charge moyenne {result['load_before']}"
        f" au début, {result['load_after']} à la fin).",
        "",
        "Parties de l'ordinateur parfait contre des coups au hasard, chacune avec un"
        " solveur neuf. Un tour : toutes les courbes du dessin tracées, puis la réponse"
        " de l'ordinateur. Temps processeur (`process_time`) par tour, en secondes ;"
        " Pyodide est environ deux à trois fois plus lent. Une courbe qui ne trouve pas"
        " de place sur la grille est cherchée sur une grille deux fois plus fine, où"
        " se jouent ensuite tous les coups suivants.",
        "",
        "| points | parties | tours | médiane | 9ᵉ décile | maximum | tours de plus d'1 s |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in result["rows"]:
        lines.append(
            f"| {row['spots']} | {row['games']} | {row['turns']} | {french(row['median'])}"
            f" | {french(row['p90'])} | {french(row['max'])} | {row['over_one_second']} |"
        )
    lines += [""]
    for row in result["rows"]:
        slow = row["slowest"]
        lines.append(
            f"- {row['spots']} points, tour le plus lent : `{slow['code']}`"
            f" ({plural(slow['moves'], 'coup')} ; dessin sur une grille de {slow['grid']}"
            f" cases de côté, affinée encore {slow['refinements']} fois pour ce tour)."
        )
    lines.append("")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--spots", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args()
    load_before = os.getloadavg()
    rows = []
    for spots in args.spots:
        rows.append(summary(spots, args.games))
        print(json.dumps(rows[-1]), flush=True)
    result = {
        "date": time.strftime("%Y-%m-%d"),
        "python": platform.python_version(),
        "machine": f"{platform.machine()} {platform.processor() or platform.system()}",
        "cpus": os.cpu_count(),
        "load_before": french(load_before[0]),
        "load_after": french(os.getloadavg()[0]),
        "rows": rows,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "sprouts_board.json").write_text(
        json.dumps(result, ensure_ascii=False, indent=1) + "\n"
    )
    (RESULTS / "sprouts_board.md").write_text(markdown(result))
    print(markdown(result))


if __name__ == "__main__":
    main()
