"""Sprouts board: the time of the request a reader's click sends (a curve played, the computer's answer), in CPython.

Run: ``nice .venv/bin/python bench/sprouts_board.py [--games G] [--spots 2 3 4]
[--misere-spots 2 3] [--pyodide]`` (normal play from each of --spots, misère from
each of --misere-spots; with --pyodide, the same games inside Pyodide under Node,
bench/sprouts_board_pyodide.mjs, as the board's worker runs them, written to
``sprouts_board_pyodide.json`` and ``.md``).
One process, one core. For each start it plays G games (seeded: the same games
each run) as the board does, through the bridge (:func:`nimcore.bridge.dispatch`):
the start's view (``sprouts.view``, or ``sprouts.computer_move`` when the
computer plays first, in odd games; the board's setup form refuses 4 spots),
then, at each of the reader's turns, a random move of the last view sent back
with the perfect computer's reply (``sprouts.play``): the reader's move checked,
the moves of the drawing reached routed, the computer's answer and the moves
after it routed for the reader. Each game is a fresh session (a new solver, no
routed moves or canonical lands kept), as a reader who opens the page.
Processor time (``process_time``) per click, which the machine's other loads
change little. The board's first exchange is answered by the page's opening
book (:mod:`nimcore.book`); every later one by the engine. Writes
``bench/results/sprouts_board.json`` and ``bench/results/sprouts_board.md``
(French), with the machine and its load.
"""

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nimcore import bridge
from nimcore.french import french_number, plural
from nimcore.games import sprouts as board
from nimcore.sprouts import position as lands
from nimcore.sprouts.solver import Solver

RESULTS = Path(__file__).resolve().parent / "results"


def ask(kind, payload):
    """The bridge's result for one request, and its processor time in milliseconds."""
    cpu = time.process_time()
    answer = bridge.dispatch(kind, json.dumps(payload))
    spent = 1000 * (time.process_time() - cpu)
    answer = json.loads(answer)
    if not answer["ok"]:
        raise SystemExit(f"{kind} {payload}: {answer['error']}")
    return answer["result"], spent


def play(spots, seed, misere=False):
    """One game from *spots* spots in a fresh session; the time of each of the reader's clicks."""
    code = f"{spots}_misere" if misere else str(spots)
    chance = random.Random(seed)
    board._SOLVER = Solver()
    board._LISTED.clear()
    lands.forget()
    reply = {"level": "perfect", "seed": seed}
    if seed % 2:  # the computer first in odd games
        view = ask("sprouts.computer_move", {"code": code, **reply})[0]["view"]
    else:
        view = ask("sprouts.view", {"code": code})[0]
    clicks = []
    while not view["terminal"]:
        move = chance.choice(view["moves"])
        payload = {
            "position": view["position"],
            "options": view["options"],
            "move": move["id"],
            "reply": reply,
        }
        answer, spent = ask("sprouts.play", payload)
        after = answer["reply"]["view"] if answer["reply"] is not None else answer["view"]
        clicks.append(
            {
                "code": view["code"],
                "played": json.loads(move["id"]).rpartition(",")[2],
                "exchange": len(clicks) + 1,
                "moves_after": len(after["moves"]),
                "ms": round(spent, 1),
            }
        )
        view = after
    return clicks


def quantile(values, share):
    """The value below which *share* of the sorted *values* lie (nearest rank)."""
    return values[min(len(values) - 1, max(0, round(share * len(values) + 0.5) - 1))]


def summary(spots, games, misere=False):
    clicks = [click for seed in range(games) for click in play(spots, seed, misere)]
    later = sorted(click["ms"] for click in clicks if click["exchange"] > 1)
    every = sorted(click["ms"] for click in clicks)
    slowest = max(clicks, key=lambda click: click["ms"])
    return {
        "spots": spots,
        "misere": misere,
        "games": games,
        "clicks": len(clicks),
        "median_ms": round(statistics.median(every), 1),
        "p95_ms": quantile(every, 0.95),
        "max_ms": every[-1],
        "later_median_ms": round(statistics.median(later), 1) if later else None,
        "later_p95_ms": quantile(later, 0.95) if later else None,
        "over_50_ms": sum(value > 50 for value in every),
        "slowest": slowest,
    }


def french(value, digits=1):
    return french_number(value, digits)


def _version(row):
    return "misère" if row.get("misere") else "normale"


def markdown(result):
    lines = [
        "# Le jeu des pousses : temps d'un clic sur le plateau",
        "",
        f"Mesure du {result['date']}, `bench/sprouts_board.py{result.get('flag', '')}`,"
        f" {result.get('runtime', 'CPython ' + result['python'] + ' pur')},"
        f" un seul processus (sous `nice`), sur {result['machine']}"
        f" ({result['cpus']} cœurs partagés ; charge moyenne {result['load_before']}"
        f" au début, {result['load_after']} à la fin).",
        "",
        "Parties de l'ordinateur parfait contre des coups au hasard, chacune dans une"
        " session neuve, par le pont du moteur comme le plateau. Un clic : la requête"
        " `sprouts.play` qui vérifie le coup du lecteur, trace toutes les courbes du"
        " dessin atteint, choisit la réponse de l'ordinateur et trace toutes les courbes"
        " du dessin suivant. Temps processeur (`process_time`) par clic, en"
        f" millisecondes{result.get('note', ' ; dans Pyodide : sprouts_board_pyodide.md')}."
        " Le premier"
        " échange est servi par le livre d'ouverture de la page ; « après » compte les"
        " suivants.",
        "",
        "| points | version | parties | clics | médiane | 95ᵉ centile | maximum"
        " | médiane après | 95ᵉ centile après | clics de plus de 50 ms |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in result["rows"]:
        later = [
            "—" if row[key] is None else french(row[key])
            for key in ("later_median_ms", "later_p95_ms")
        ]
        lines.append(
            f"| {row['spots']} | {_version(row)} | {row['games']} | {row['clicks']}"
            f" | {french(row['median_ms'])}"
            f" | {french(row['p95_ms'])} | {french(row['max_ms'])} | {later[0]} | {later[1]}"
            f" | {row['over_50_ms']} |"
        )
    lines += [""]
    for row in result["rows"]:
        slow = row["slowest"]
        lines.append(
            f"- {row['spots']} points, version {_version(row)}, clic le plus lent : `{slow['played']}` joué sur"
            f" `{slow['code']}` ({french(slow['ms'])} ms, échange {slow['exchange']} ;"
            f" {plural(slow['moves_after'], 'coup')} ensuite)."
        )
    lines.append("")
    return "\n".join(lines)


def pyodide_rows(args):
    """The same games inside Pyodide under Node (bench/sprouts_board_pyodide.mjs)."""
    root = Path(__file__).resolve().parent.parent
    command = [
        "node",
        str(root / "bench" / "sprouts_board_pyodide.mjs"),
        str(root),
        str(args.games),
        ",".join(map(str, args.spots)),
        ",".join(map(str, args.misere_spots)),
    ]
    rows = []
    with subprocess.Popen(command, cwd=root, stdout=subprocess.PIPE, text=True) as run:
        assert run.stdout is not None
        for line in run.stdout:
            if line.startswith("{"):
                rows.append(json.loads(line))
                print(line.rstrip(), flush=True)
    if run.returncode != 0:
        raise SystemExit(f"Pyodide : échec ({run.returncode}).")
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--spots", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--misere-spots", type=int, nargs="*", default=[2, 3])
    parser.add_argument("--pyodide", action="store_true", help="inside Pyodide, under Node")
    args = parser.parse_args()
    load_before = os.getloadavg()
    rows = []
    runs = [(spots, False) for spots in args.spots]
    runs += [(spots, True) for spots in args.misere_spots]
    extra = {}
    name = "sprouts_board"
    if args.pyodide:
        rows = pyodide_rows(args)
        name = "sprouts_board_pyodide"
        extra = {
            "flag": " --pyodide",
            "runtime": "Pyodide (Python 3.14 compilé en wasm) sous Node, comme le moteur du"
            " plateau dans le navigateur",
            "note": "",
        }
    else:
        for spots, misere in runs:
            rows.append(summary(spots, args.games, misere))
            print(json.dumps(rows[-1]), flush=True)
    result = {
        **extra,
        "date": time.strftime("%Y-%m-%d"),
        "python": platform.python_version(),
        "machine": f"{platform.machine()} {platform.processor() or platform.system()}",
        "cpus": os.cpu_count(),
        "load_before": french(load_before[0], 2),
        "load_after": french(os.getloadavg()[0], 2),
        "rows": rows,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{name}.json").write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n")
    (RESULTS / f"{name}.md").write_text(markdown(result))
    print(markdown(result))


if __name__ == "__main__":
    main()
