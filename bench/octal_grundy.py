"""Octal games to n = 10**5 and Grundy's game to 2**20, against the naive mex.

Run: ``.venv/bin/python bench/octal_grundy.py [--c]``.

Baseline (measured in the same run): the naive mex in pure Python, every option
of every heap put in a set, run for a few seconds; the size it reaches is
extrapolated to the target as O(n²) (the work up to n is about n²/4 exclusive
ors for Grundy's game, n²/4 per splitting digit for an octal game: time × (N/n)²).
Compared with it:

* Grundy's game up to 2**20 by the sparse-space method of nimcore.grundy (cache
  emptied first), checked against the published facts (largest value 231, first
  reached at n = 763 622);
* the naive mex again, its inner loop in ``bytes`` (C speed, still O(n²)), also
  run for a few seconds and extrapolated;
* octal games 0.6 (Officers: values pass 255 at n = 10 344) and 0.16 (period
  149 459 from far out, out of reach here) up to 10**5 by nimcore.octal;
* with ``--c`` only: the naive O(n²) C program ``bench/naive_grundy.c``, compiled
  with ``gcc -O2`` into a temporary directory (no binary is kept) and run to 2**20
  on this machine; its results must equal nimcore's.

Times are CPU seconds of this process (of the child for the C program), which
the other jobs of a shared machine disturb less than wall-clock time; both are
written to ``bench/results/octal_grundy.json``. Ratios say how many times faster
than the baseline each method is.
"""

import argparse
import json
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nimcore import grundy, octal

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "octal_grundy.json"
GRUNDY_N = 1 << 20
OCTAL_N = 10**5
OCTAL_CODES = ["0.6", "0.16"]
BUDGET = 4.0  # seconds of CPU for each naive baseline
# Flammenkamp's table: the largest value below 2**20 and where it first appears.
PUBLISHED = {1 << 20: {"max": 231, "first_max": 763_622}}


def timed(function):
    """Run *function*; return (CPU seconds, wall seconds, result)."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = function()
    return time.process_time() - cpu, time.perf_counter() - wall, result


def naive_python_grundy(budget):
    """The naive mex, pure Python: values until *budget* CPU seconds are spent."""
    values = [0, 0, 0]
    start = time.process_time()
    n = 3
    while True:
        seen = {values[a] ^ values[n - a] for a in range(1, (n + 1) // 2)}
        value = 0
        while value in seen:
            value += 1
        values.append(value)
        n += 1
        if n % 64 == 0 and time.process_time() - start > budget:
            return values


def naive_bytes_grundy(budget):
    """The naive mex with every split of a heap read at once as bytes (C speed, O(n²))."""
    values = bytearray(3)
    start = time.process_time()
    n = 3
    while True:
        half = (n - 1) // 2
        low = int.from_bytes(values[1 : half + 1], "little")
        high = int.from_bytes(values[n - half : n], "big")
        splits = (low ^ high).to_bytes(half, "little")
        value = 0
        while value in splits:
            value += 1
        values.append(value)
        n += 1
        if n % 64 == 0 and time.process_time() - start > budget:
            return bytes(values)


def naive_python_octal(code, budget):
    digits = octal.Octal(code).digits
    values = []
    start = time.process_time()
    n = 0
    while True:
        seen = set()
        for take, digit in enumerate(digits, 1):
            rest = n - take
            if rest < 0:
                break
            if digit & 1 and rest == 0:
                seen.add(0)
            if digit & 2 and rest >= 1:
                seen.add(values[rest])
            if digit & 4:
                seen.update(values[a] ^ values[rest - a] for a in range(1, rest // 2 + 1))
        value = 0
        while value in seen:
            value += 1
        values.append(value)
        n += 1
        if n % 64 == 0 and time.process_time() - start > budget:
            return values


def extrapolate(seconds, reached, target):
    """O(n²): the time to *target* from the time to *reached*."""
    return seconds * (target / reached) ** 2


def run_c(values):
    """Compile and run bench/naive_grundy.c to 2**20; check it against *values*."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        raise SystemExit("--c : aucun compilateur C (gcc ou cc) n'est installé.")
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "naive_grundy"
        output = Path(folder) / "values.bin"
        subprocess.run(
            [compiler, "-O2", "-o", str(binary), str(HERE / "naive_grundy.c")], check=True
        )
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall = time.perf_counter()
        done = subprocess.run(
            [str(binary), str(GRUNDY_N), str(output)], check=True, capture_output=True, text=True
        )
        wall = time.perf_counter() - wall
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        assert output.read_bytes() == values, "the C program and nimcore disagree"
    count, top, first, checksum = (int(word) for word in done.stdout.split())
    version = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=False)
    return {
        "n": count,
        "cpu_seconds": cpu,
        "wall_seconds": wall,
        "max": top,
        "first_max": first,
        "checksum": checksum,
        "compiler": version.stdout.splitlines()[0] if version.stdout else compiler,
    }


def french(value, decimals=2):
    """A number written the French way: thin spaces between thousands, decimal comma."""
    return f"{value:,.{decimals}f}".replace(",", "\u202f").replace(".", ",")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--c", action="store_true", help="compile and time naive_grundy.c too")
    options = parser.parse_args()

    rows = []
    # Grundy's game: the pure-Python naive baseline first.
    cpu, wall, naive = timed(lambda: naive_python_grundy(BUDGET))
    reached = len(naive)
    baseline = extrapolate(cpu, reached, GRUNDY_N)
    rows.append(("grundy", "mex naïf, Python pur", reached, cpu, wall, baseline, True))

    cpu, wall, naive_bytes = timed(lambda: naive_bytes_grundy(BUDGET))
    assert list(naive_bytes[:reached]) == naive, "the two naive methods disagree"
    reached_bytes = len(naive_bytes)
    rows.append(
        (
            "grundy",
            "mex naïf, boucle intérieure en bytes",
            reached_bytes,
            cpu,
            wall,
            extrapolate(cpu, reached_bytes, GRUNDY_N),
            True,
        )
    )

    grundy._SEQUENCE = grundy._SparseSequence()  # cache emptied
    cpu, wall, values = timed(lambda: grundy.grundy_values(GRUNDY_N))
    common = min(reached_bytes, len(values))
    assert values[:common] == naive_bytes[:common], "sparse and naive methods disagree"
    top = max(values)
    facts = {"max": top, "first_max": values.index(top)}
    if GRUNDY_N in PUBLISHED:
        assert facts == PUBLISHED[GRUNDY_N], facts
    rows.append(("grundy", "méthode creuse (nimcore.grundy)", GRUNDY_N, cpu, wall, cpu, False))

    c_result = None
    if options.c:
        c_result = run_c(values)
        rows.append(
            (
                "grundy",
                "mex naïf en C (gcc -O2)",
                GRUNDY_N,
                c_result["cpu_seconds"],
                c_result["wall_seconds"],
                c_result["cpu_seconds"],
                False,
            )
        )

    octal_rows = []
    for code in OCTAL_CODES:
        cpu, wall, naive_octal = timed(lambda code=code: naive_python_octal(code, BUDGET))
        reached_octal = len(naive_octal)
        octal_baseline = extrapolate(cpu, reached_octal, OCTAL_N)
        octal.values._SEQUENCES.pop(code, None)  # cache emptied
        fast_cpu, fast_wall, fast = timed(lambda code=code: octal.grundy_values(code, OCTAL_N))
        common = min(reached_octal, len(fast))
        assert list(fast[:common]) == naive_octal[:common], f"{code}: methods disagree"
        found = octal.periodicity(code, limit=OCTAL_N)
        octal_rows.append(
            {
                "code": code,
                "naive_reached": reached_octal,
                "naive_cpu_seconds": cpu,
                "naive_extrapolated_seconds": octal_baseline,
                "nimcore_cpu_seconds": fast_cpu,
                "nimcore_wall_seconds": fast_wall,
                "speedup": octal_baseline / fast_cpu,
                "max_value": max(fast),
                "period_certified": found.certified,
            }
        )

    grundy_rows = [
        {
            "method": method,
            "n": n,
            "cpu_seconds": cpu,
            "wall_seconds": wall,
            "seconds_at_2_20": at_target,
            "extrapolated": extrapolated,
            "speedup": baseline / at_target,
        }
        for _, method, n, cpu, wall, at_target, extrapolated in rows
    ]

    print("# Jeu de Grundy jusqu'à 2^20 et jeux octaux jusqu'à 10^5\n")
    print(
        f"Référence : le mex naïf en Python pur, mesuré dans cette exécution (Python"
        f" {platform.python_version()}, {platform.machine()}), pendant {french(BUDGET, 1)} s de"
        " calcul, puis extrapolé en O(n²) jusqu'à la taille visée. Temps en secondes de"
        " processeur ; « plus rapide » compare au temps extrapolé de la référence.\n"
    )
    print("## Jeu de Grundy, valeurs G(0) … G(2^20 − 1)\n")
    print("| méthode | n atteint | temps mesuré (s) | temps pour 2^20 (s) | rapport |")
    print("|---|---:|---:|---:|---:|")
    for row in grundy_rows:
        mark = " (extrapolé)" if row["extrapolated"] else ""
        ratio = (
            "1 × (référence)"
            if row is grundy_rows[0]
            else f"{french(row['speedup'], 1)} × plus rapide"
        )
        print(
            f"| {row['method']} | {french(row['n'], 0)} | {french(row['cpu_seconds'])} |"
            f" {french(row['seconds_at_2_20'])}{mark} | {ratio} |"
        )
    checked = "Faits publiés vérifiés" if GRUNDY_N in PUBLISHED else "Résultat"
    print(
        f"\n{checked} : la plus grande valeur jusqu'à 2^20 est {facts['max']},"
        f" atteinte d'abord en n = {french(facts['first_max'], 0)}."
    )
    if c_result is not None:
        ratio = c_result["cpu_seconds"] / grundy_rows[2]["cpu_seconds"]
        verdict = (
            f"{french(ratio)} fois plus rapide"
            if ratio >= 1
            else f"{french(1 / ratio)} fois plus lente"
        )
        print(
            f"Le programme C naïf ({c_result['compiler']}) donne les mêmes valeurs ;"
            f" sur cette machine la méthode creuse en CPython est {verdict} que lui."
        )
    print("\n## Jeux octaux, valeurs G(0) … G(10^5 − 1)\n")
    print(
        "| code | mex naïf : n atteint | mex naïf extrapolé à 10^5 (s) | nimcore.octal (s)"
        " | rapport | plus grande valeur |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for row in octal_rows:
        print(
            f"| {row['code']} | {french(row['naive_reached'], 0)} |"
            f" {french(row['naive_extrapolated_seconds'])} |"
            f" {french(row['nimcore_cpu_seconds'])} | {french(row['speedup'], 1)} × plus rapide |"
            f" {row['max_value']} |"
        )
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(
        json.dumps(
            {
                "bench": "octal_grundy",
                "python": platform.python_version(),
                "machine": platform.machine(),
                "baseline": "mex naïf en Python pur, extrapolé en O(n²)",
                "budget_seconds": BUDGET,
                "grundy": {"n": GRUNDY_N, "facts": facts, "rows": grundy_rows, "c": c_result},
                "octal": {"n": OCTAL_N, "rows": octal_rows},
            },
            indent=2,
            ensure_ascii=False,
        )
        + "\n"
    )


if __name__ == "__main__":
    main()
