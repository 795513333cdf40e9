"""Subtraction games: one heap of 10**6 or 10**1000 tokens, by period against the mex loop.

Run: ``.venv/bin/python bench/subtraction.py``. For a few subtraction sets, the
baseline of each row is the naive mex loop (``subtraction.grundy_sequence`` or
``subtraction.misere_outcomes``, every value from 0 up to the heap), measured in
the same run; the other columns are ratios to it: the period detection plus one
look-up (cache emptied first), for a heap of 10**6 and of 10**1000 (the naive
loop cannot reach 10**1000), and the look-up alone once the period is known.
Prints a French Markdown table and writes the same numbers to
``bench/results/subtraction.json``. Each time is the best of a few repetitions.
"""

import argparse
import json
import math
import platform
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nimcore import subtraction

MILLION = 10**6
HUGE = 10**1000
RULES = [
    ([1, 2, 4], False),
    ([1, 3, 4], False),
    ([2, 3, 5, 8], False),
    ([3, 7, 10], False),
    ([9, 20, 21, 23, 30], False),
    ([1, 2, 4], True),
    ([2, 3, 5, 8], True),
]
RESULTS = Path(__file__).resolve().parent / "results" / "subtraction.json"


def best_time(function, repeat):
    best = math.inf
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def thousands(value):
    """A whole number with French thin spaces between thousands."""
    return f"{value:,.0f}".replace(",", "\u202f")


def by_period(rule, size, misere, fresh):
    if fresh:
        subtraction.values._periodicity.cache_clear()
    found = (subtraction.misere_period if misere else subtraction.grundy_period)(rule)
    return found.at(size)


def naive(rule, size, misere):
    if misere:
        return 0 if subtraction.misere_outcomes(rule, size + 1)[size] == "P" else 1
    return subtraction.grundy_sequence(rule, size + 1)[size]


def main():
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    rows = []
    for amounts, misere in RULES:
        rule = subtraction.SubtractionRule.from_set(amounts)
        baseline, slow = best_time(partial(naive, rule, MILLION, misere), repeat=2)
        detect, fast = best_time(partial(by_period, rule, MILLION, misere, True), repeat=5)
        assert slow == fast, f"{amounts}: the mex loop and the period disagree"
        detect_huge, _ = best_time(partial(by_period, rule, HUGE, misere, True), repeat=5)
        by_period(rule, HUGE, misere, True)
        lookup_huge, _ = best_time(partial(by_period, rule, HUGE, misere, False), repeat=50)
        found = (subtraction.misere_period if misere else subtraction.grundy_period)(rule)
        rows.append(
            {
                "rule": amounts,
                "misere": misere,
                "preperiod": found.preperiod,
                "period": found.period,
                "naive_seconds_1e6": baseline,
                "period_seconds_1e6": detect,
                "period_seconds_1e1000": detect_huge,
                "lookup_seconds_1e1000": lookup_huge,
                "naive_over_period_1e6": baseline / detect,
                "naive_1e6_over_period_1e1000": baseline / detect_huge,
                "naive_1e6_over_lookup_1e1000": baseline / lookup_huge,
            }
        )
    print("# Jeux de soustraction : un tas de 10^6 ou 10^1000 allumettes\n")
    print(
        "Référence de chaque ligne : la boucle du mex naïve, qui calcule toutes les valeurs"
        " de 0 à 10^6 (elle ne peut pas atteindre 10^1000), mesurée dans cette exécution"
        f" (Python {platform.python_version()}). Les autres colonnes disent combien de fois"
        " la méthode par période est plus rapide.\n"
    )
    print(
        "| ensemble | version | prépériode, période | boucle naïve 10^6 |"
        " période, tas 10^6 | période, tas 10^1000 | période déjà connue, tas 10^1000 |"
    )
    print("|---|---|---:|---:|---:|---:|---:|")
    for row in rows:
        rule = "{" + ", ".join(str(a) for a in row["rule"]) + "}"
        version = "misère" if row["misere"] else "normale"
        print(
            f"| {rule} | {version} | {row['preperiod']}, {row['period']} |"
            f" 1 × ({row['naive_seconds_1e6'] * 1000:.0f} ms) |"
            f" {thousands(row['naive_over_period_1e6'])} × plus rapide |"
            f" {thousands(row['naive_1e6_over_period_1e1000'])} × plus rapide |"
            f" {thousands(row['naive_1e6_over_lookup_1e1000'])} × plus rapide |"
        )
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(
        json.dumps(
            {
                "bench": "subtraction",
                "python": platform.python_version(),
                "baseline": "boucle du mex naïve jusqu'à 10^6 (par ligne)",
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
