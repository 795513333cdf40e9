"""Soak: what the engine withstands, over many games and a long browser session.

    .venv/bin/python bench/soak.py [--games 10000] [--moves 1000] [--only bridge|browser]

`make soak` (not part of `make test`). Two parts, results in
bench/results/soak.json and, in French, bench/results/soak.md:

* **through the bridge** (nimcore.bridge.dispatch, JSON in and out, as the
  worker calls it): for every game of the registry, ``--games`` games from
  random starts, a third each of perfect against random, perfect against
  perfect and beginner against random. Every move a player makes is checked
  by the game's own rule ("<game>.move"); every time the perfect player moves
  from a winning position, the position it leaves must be losing for the
  other ("<game>.analyse"). Counted: games, moves, illegal moves, winning
  positions let go by the perfect player (both must be 0).
* **in the browser**: one session of headless Chromium on the built site, with
  the service worker (instant navigation: one page, one engine for the whole
  visit), plays ``--moves`` moves at least on every game board, going from
  page to page; at the start (after one round of every board, so that each
  game's modules are loaded) and at the end it measures the page's JavaScript
  heap (after a garbage collection), the worker's memory (Pyodide's
  WebAssembly memory, Python's objects tracked after a collection) and
  ``engine.stats()`` (listeners, requests in flight, workers).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from nimcore import bridge, games  # noqa: E402

RESULTS = ROOT / "bench" / "results"

#: Small starts of every game (its registry examples), from which random starts are drawn alike.
STARTS: dict[str, list[str]] = {game: list(games.get(game).examples) for game in games.IDS}
PAIRINGS = (("parfait", "hasard"), ("parfait", "parfait"), ("debutant", "hasard"))
MAX_MOVES = 400


def call(kind: str, payload: dict[str, Any]) -> Any:
    answer = json.loads(bridge.dispatch(kind, json.dumps(payload)))
    if not answer["ok"]:
        raise RuntimeError(f"{kind} {payload}: {answer['error']}")
    return answer["result"]


def play_game(game: str, pairing: tuple[str, str], chance: random.Random) -> dict[str, int]:
    """One game from a random start; the counts of what happened."""
    entry = games.get(game)
    position, options = entry.decode(chance.choice(STARTS[game]))
    like = entry.position_json(position)
    start = call(
        f"{game}.random_start",
        {"options": entry.options_json(options), "like": like, "seed": chance.randrange(2**31)},
    )
    current = {"position": start["position"], "options": start["options"]}
    counts = {
        "moves": 0,
        "illegal": 0,
        "let_go": 0,
        "perfect_won_from_n": 0,
        "perfect_n": 0,
        "unfinished": 0,
    }
    mover = chance.randrange(2)  # who starts
    perfect_had_n = False  # the perfect player (player 0) was once to move at an N-position
    analysed: dict[str, Any] = {}

    def analyse(position: Any) -> Any:
        key = json.dumps(position)
        if key not in analysed:
            analysed[key] = call(
                f"{game}.analyse", {"position": position, "options": current["options"]}
            )
        return analysed[key]

    for _ in range(MAX_MOVES):
        player = pairing[mover]
        if player == "parfait":
            before = analyse(current["position"])
            if before["terminal"]:
                break
            move = call(
                f"{game}.computer_move",
                {**current, "level": "perfect", "seed": chance.randrange(2**31)},
            )
            to = move["move"]["to"]
            if before["outcome"] == "N":
                perfect_had_n |= mover == 0
                counts["let_go"] += analyse(to)["outcome"] != "P"
        else:
            seen = call(f"{game}.view", current)
            if seen["terminal"]:
                break
            if player == "debutant" or seen["moves"] is None:
                # The beginner; or, when the moves are not listed (a heap of ω), a random one of nimcore's.
                move = call(
                    f"{game}.computer_move",
                    {**current, "level": "beginner", "seed": chance.randrange(2**31)},
                )
                to = move["move"]["to"]
            else:
                to = chance.choice(seen["moves"])["to"]
        # Every move, whoever chose it, checked by the game's own rule.
        checked = json.loads(bridge.dispatch(f"{game}.move", json.dumps({**current, "to": to})))
        counts["illegal"] += not checked["ok"]
        counts["moves"] += 1
        current = {"position": to, "options": current["options"]}
        mover = 1 - mover
    else:
        # Not over after MAX_MOVES moves (from a heap of ω the perfect player's delaying
        # move may leave a heap as large as it likes): counted apart, every move checked.
        counts["unfinished"] = 1
        return counts
    # Over: `mover` has no move; the last mover won in normal play, lost in misère.
    last_mover_wins = entry.last_mover_wins(options)
    winner = (1 - mover) if last_mover_wins else mover
    if pairing == ("parfait", "hasard") and perfect_had_n:
        counts["perfect_n"] += 1
        counts["perfect_won_from_n"] += winner == 0
    return counts


def soak_game(args: tuple[str, int]) -> dict[str, Any]:
    game, total = args
    chance = random.Random(f"soak-{game}")
    started = time.perf_counter()
    summary: dict[str, Any] = {"game": game, "pairings": {}}
    for index, pairing in enumerate(PAIRINGS):
        count = total // len(PAIRINGS) + (index < total % len(PAIRINGS))
        sums = {
            "unfinished": 0,
            "games": 0,
            "moves": 0,
            "illegal": 0,
            "let_go": 0,
            "perfect_n": 0,
            "perfect_won_from_n": 0,
        }
        for _ in range(count):
            for key, value in play_game(game, pairing, chance).items():
                sums[key] += value
            sums["games"] += 1
        summary["pairings"][" contre ".join(pairing)] = sums
    summary["seconds"] = round(time.perf_counter() - started, 1)
    summary["total"] = total
    return summary


def soak_bridge(total: int, processes: int, results: dict[str, Any], path: Path) -> None:
    """Every game of the registry, *total* games each; written to *path* as each one ends.

    Games already soaked in *path* with at least *total* games are kept, not played again.
    """
    done = {summary["game"]: summary for summary in results.get("bridge", [])}
    done = {game: summary for game, summary in done.items() if summary.get("total", 0) >= total}
    todo = [(game, total) for game in games.IDS if game not in done]
    with multiprocessing.Pool(processes) as pool:
        for summary in pool.imap_unordered(soak_game, todo):
            done[summary["game"]] = summary
            save({"bridge": [done[game] for game in games.IDS if game in done]}, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per game of the registry")
    parser.add_argument("--moves", type=int, default=1000, help="moves of the browser session")
    parser.add_argument("--only", choices=("bridge", "browser"))
    parser.add_argument("--processes", type=int, default=2)
    options = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / "soak.json"
    results: dict[str, Any] = json.loads(path.read_text()) if path.is_file() else {}
    if options.only in (None, "bridge"):
        soak_bridge(options.games, options.processes, results, path)
    if options.only in (None, "browser"):
        from soak_browser import soak_browser

        save({"browser": soak_browser(options.moves)}, path)
    print(markdown(json.loads(path.read_text(encoding="utf-8"))))


def save(results: dict[str, Any], path: Path) -> None:
    """The results so far, in JSON and in French (a long soak can be resumed: finished games stay).

    Read again first: the bridge and the browser parts may run at once, each writing its own part.
    """
    merged = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    merged.update(results)
    path.write_text(json.dumps(merged, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (path.parent / "soak.md").write_text(markdown(merged), encoding="utf-8")


def markdown(results: dict[str, Any]) -> str:
    lines = ["# Endurance (`make soak`)", ""]
    if "bridge" in results:
        lines += [
            "## Parties jouées par le pont (nimcore.bridge)",
            "",
            "Chaque coup est vérifié par la règle du jeu ; chaque coup du joueur parfait depuis"
            " une position gagnante doit laisser une position perdante. Le nombre de parties de"
            " chaque jeu est dans la colonne « parties » (`make soak` en joue 10 000 par jeu ;"
            " une exécution interrompue reprend là où elle s'est arrêtée).",
            "",
            "| jeu | appariement | parties | coups | coups illégaux | positions gagnantes lâchées"
            " | parfait gagnant depuis N | non finies |",
            "|---|---|---:|---:|---:|---:|---:|---:|",
        ]
        for summary in results["bridge"]:
            for pairing, sums in summary["pairings"].items():
                won = (
                    f"{sums['perfect_won_from_n']} / {sums['perfect_n']}"
                    if pairing != "parfait contre parfait" and pairing.startswith("parfait")
                    else "—"
                )
                lines.append(
                    f"| {summary['game']} | {pairing} | {sums['games']} | {sums['moves']} |"
                    f" {sums['illegal']} | {sums['let_go']} | {won} | {sums.get('unfinished', 0)} |"
                )
        games_total = sum(
            sums["games"] for summary in results["bridge"] for sums in summary["pairings"].values()
        )
        illegal = sum(
            sums["illegal"]
            for summary in results["bridge"]
            for sums in summary["pairings"].values()
        )
        let_go = sum(
            sums["let_go"] for summary in results["bridge"] for sums in summary["pairings"].values()
        )
        lines += [
            "",
            f"Total : {games_total} parties, {illegal} coup illégal, {let_go} position gagnante lâchée.",
            "",
        ]
    if "browser" in results:
        browser = results["browser"]
        lines += [
            "## Une longue visite dans Chromium",
            "",
            f"{browser['moves']} coups sur {len(browser['boards'])} plateaux, {browser['page_changes']}"
            f" changements de page (navigation instantanée), {browser['games']} parties, en"
            f" {browser['seconds']} s.",
            "",
            "| mesure | début | fin |",
            "|---|---:|---:|",
        ]
        for key, label in (
            ("page_heap_bytes", "tas JavaScript de la page (octets, après ramasse-miettes)"),
            ("wasm_bytes", "mémoire WebAssembly du worker (octets)"),
            ("python_objects", "objets Python suivis par le ramasse-miettes du worker (après gc)"),
            ("listeners", "abonnés à l'état du moteur"),
            ("pending", "requêtes en cours"),
            ("workers", "workers créés"),
        ):
            lines.append(f"| {label} | {browser['start'][key]} | {browser['end'][key]} |")
        lines += ["", browser["verdict"], ""]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
