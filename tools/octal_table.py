"""Every three-digit octal game 0.d1d2d3: its certified period, or how far it stays unsolved.

Run: ``.venv/bin/python tools/octal_table.py [--limit N] [--direct D] [--codes 0.16,0.56]``.

For each of the 512 codes, nimcore searches for a period certified by the
periodicity theorem (:func:`nimcore.octal.periodicity`) within N values
(2**20 by default), the direct method stopping at D values (2**15) when the
sparse-space method does not take over. Codes that name the same game (0.160
and 0.16) or games with the same values are grouped: for a solved game its
values are known for every heap, and two solved games are grouped when their
preperiods, periods and first n0 + p values agree; two unsolved games when all
the values computed agree.

The result is written to ``site_hooks/data/octal_games.json`` (the page
« Jeux mystérieux » lays it out, the build never computes it again). The
tests regenerate a sample of it (tests/unit/test_octal_table.py). With
``--codes``, only those codes are computed and printed, nothing is written;
with ``--codes`` and ``--refresh``, those codes are computed again and their
entries replaced in the data file (the others kept, the groups made again,
and nimcore's list of unsettled games, nimcore/octal/unsettled.py, written again):
after a change of the engine that alters some entries only, they alone are
computed again.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nimcore import octal

DATA = Path(__file__).resolve().parent.parent / "site_hooks" / "data" / "octal_games.json"
#: The games nimcore refuses up front for heaps beyond its search (nimcore.octal.unsettled).
UNSETTLED = Path(__file__).resolve().parent.parent / "nimcore" / "octal" / "unsettled.py"
LIMIT = 1 << 20
DIRECT = 1 << 15

#: Who first found the period of the games whose certificate needs many values
#: (T. Czajka's table of solved games, github.com/tczajka/octal-games,
#: SolvedGames.md, which credits each; Gangolli and Plambeck, Int. J. Game Theory
#: 18 (1989), 311–320; A. Flammenkamp's tables of octal games).
DISCOVERERS = {
    "0.156": "Jack Kenyon (1967)",
    "0.165": "Richard Austin (1976)",
    "0.356": "Richard Austin (1976)",
    "0.644": "Richard Austin (1976)",
    "0.16": "Anil Gangolli et Thane Plambeck (1989)",
    "0.56": "Anil Gangolli et Thane Plambeck (1989)",
    "0.127": "Anil Gangolli et Thane Plambeck (1989)",
    "0.376": "Anil Gangolli et Thane Plambeck (1989)",
    "0.354": "Achim Flammenkamp (2002)",
}
#: Games certified by nimcore within LIMIT values only with a longer --values
#: (their certificates need 2·n0 + 2·p + t values): the preperiod and period
#: the literature gives, which ``period --code … --values N`` certifies.
LONG_CERTIFICATES = {"0.376": (2_268_248, 4), "0.354": (10_061_916, 1_180)}


def source(game: str, certified: bool) -> str:
    """Who the table credits for a game's values (French, for the page).

    Games known to need a long computation have their discoverer; other games
    whose period shows within a few hundred values are credited to the first
    tables: Guy and Smith (1956) for codes of at most two digits, Winning Ways'
    and Flammenkamp's tables for three digits (the first finder of each is not
    recorded there). A game without a certified period is open.
    """
    if game in DISCOVERERS:
        return DISCOVERERS[game]
    if not certified:
        return "non résolu (tables de Flammenkamp et de Czajka)"
    digits = len(game.split(".")[1]) if "." in game else 0
    if digits <= 2 and game != "0.45":
        return "Guy et Smith (1956)"
    return "Winning Ways (1982), tables de Flammenkamp"


def every_code() -> list[str]:
    """The 511 codes 0.d1d2d3 that allow a move (0.000 allows none)."""
    codes = ("0." + "".join(map(str, digits)) for digits in itertools.product(range(8), repeat=3))
    return [code for code in codes if code != "0.000"]


_DONE: dict[str, dict[str, object]] = {}  # by game: what a first code of it found


def entry(code: str, limit: int, direct: int) -> dict[str, object]:
    """What nimcore finds for *code*: the certificate, or how many values it looked at."""
    game = octal.Octal(code)
    if game.code not in _DONE:
        octal.values._SEQUENCES.pop(game.code, None)
        sequence = octal.values._sequence(game)
        if game.code in LONG_CERTIFICATES:
            start, period = LONG_CERTIFICATES[game.code]
            limit = max(limit, 2 * start + 2 * period + len(game.digits))
        sequence.search(limit, direct=direct)
        values = sequence.values
        if sequence.period is not None:
            start, period = sequence.period
            known = values[: start + period]
            key = f"{start}/{period}/"
        else:
            known = values[: sequence.searched]
            key = f"?/{sequence.searched}/"
        digest = hashlib.sha256(key.encode() + b",".join(str(v).encode() for v in known))
        _DONE[game.code] = {
            "certified": sequence.period is not None,
            "preperiod": None if sequence.period is None else sequence.period[0],
            "period": None if sequence.period is None else sequence.period[1],
            "values": sequence.searched,
            "max_value": max(known, default=0),
            "rare_mask": sequence.engine.mask,
            "rare_phase": sequence.engine.phase,
            "first_values": list(values[:12]),
            "key": digest.hexdigest()[:16],
        }
        octal.values._SEQUENCES.pop(game.code, None)  # memory: one game at a time
    found = _DONE[game.code]
    return {
        "code": code,
        "game": game.code,
        **found,
        "source": source(game.code, bool(found["certified"])),
    }


def groups(entries: list[dict[str, object]]) -> list[list[str]]:
    """The codes grouped by equal values (first code of each group in increasing order)."""
    by_key: dict[object, list[str]] = {}
    for item in entries:
        by_key.setdefault(item["key"], []).append(str(item["code"]))
    return sorted(by_key.values())


def write_unsettled(entries: list[dict[str, object]], limit: int) -> None:
    """Write the games without a period within *limit* values, for nimcore's refusals."""
    if limit != octal.SEARCH_LIMIT:
        return  # what nimcore would search differs: its list stays as it is
    unsettled = sorted(
        {
            str(item["game"])
            for item in entries
            if (not item["certified"] and item["values"] == limit) or int(item["values"]) > limit
        }
    )
    lines = ",\n".join(f'        "{code}"' for code in unsettled)
    UNSETTLED.write_text(
        f'''"""The three-digit octal games with no period certified within SEARCH_LIMIT values.

Written by tools/octal_table.py from its table (site_hooks/data/octal_games.json):
do not edit. A heap of SEARCH_LIMIT tokens or more of one of these games is refused
at once (:func:`nimcore.octal.values._ensure`), not after searching every value
again: a period that fewer values certify, more values certify as well.
"""

UNSETTLED: frozenset[str] = frozenset(
    {{
{lines},
    }}
)
'''
    )


def write(entries: list[dict[str, object]], limit: int, direct: int) -> None:
    """Write *entries* (every code, in order) and their groups to the data file."""
    write_unsettled(entries, limit)
    entries = [
        {**item, "source": source(str(item["game"]), bool(item["certified"]))} for item in entries
    ]
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(
        json.dumps(
            {
                "generated_by": "tools/octal_table.py",
                "limit": limit,
                "direct": direct,
                "games": entries,
                "groups": groups(entries),
            },
            indent=1,
            ensure_ascii=False,
        )
        + "\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=LIMIT, help="values searched at most")
    parser.add_argument("--direct", type=int, default=DIRECT, help="values of the direct method")
    parser.add_argument("--codes", help="only these codes, printed (comma-separated)")
    parser.add_argument(
        "--refresh",
        action="store_true",
        help="with --codes: replace their entries in the data file, keep the others",
    )
    options = parser.parse_args()
    if options.refresh and not options.codes:
        parser.error("--refresh needs --codes")
    codes = options.codes.split(",") if options.codes else every_code()
    if options.refresh and not set(codes) <= set(every_code()):
        parser.error("--refresh takes three-digit codes 0.d1d2d3, as the table lists them")
    entries = []
    for code in codes:
        began = time.process_time()
        item = entry(code, options.limit, options.direct)
        entries.append(item)
        spent = time.process_time() - began
        print(code, item["preperiod"], item["period"], item["values"], f"{spent:.1f} s", flush=True)
    if options.refresh:
        data = json.loads(DATA.read_text())
        if (data["limit"], data["direct"]) != (options.limit, options.direct):
            parser.error("--limit and --direct must be those of the data file")
        fresh = {item["code"]: item for item in entries}
        write(
            [fresh.get(item["code"], item) for item in data["games"]],
            options.limit,
            options.direct,
        )
    elif not options.codes:
        write(entries, options.limit, options.direct)


if __name__ == "__main__":
    main()
