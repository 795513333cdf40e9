"""Octal games certified and Grundy's game to 2**22 in pure CPython, against naive C programs.

Run: ``.venv/bin/python bench/octal_grundy.py [--stretch] [--no-pyodide]``.

Baselines, compiled with ``gcc -O2`` into a temporary directory (no binary is
kept) and run in the same run: ``bench/naive_octal.c`` and
``bench/naive_grundy.c``, the plain O(n²) mex, every option of every heap
marked in a table. Measured against them:

* **octal games** 0.127, 0.56 and 0.16 (Gangolli and Plambeck 1989): nimcore
  searches for the period and certifies it (:func:`nimcore.octal.periodicity`,
  cache emptied first); the C program computes the same number of values.
  The mask of the rare values is reported, with its phase when the rare set
  depends on the heap's parity (0.127). The
  two must give the same values. Figure: C time / nimcore time (above 1:
  nimcore is faster).
* **the longest certificates** of three-digit games, 0.376 (Gangolli and
  Plambeck 1989: preperiod 2 268 248, period 4) and 0.354 (Flammenkamp 2002:
  preperiod 10 061 916, period 1 180): nimcore certifies them (2·n0 + 2·p + 3
  values, about 4.5 and 20.1 million); nimcore's time alone, beside the naive C
  program's time extrapolated from its 0.56 run as the square of the values (its
  mex scans every move of every heap: hours for 0.376, more than a day for 0.354;
  ``--no-long``: skipped).
* **Grundy's game**: nimcore computes G(0) … G(2**22 − 1) (with ``--stretch``,
  2**23), the C program 2**20 values; the first 2**20 must agree. Figure:
  nimcore's time for 2**22 / C's time for 2**20 (target: below 0.5). The
  published facts are checked: the largest value below 2**21 is 231, first
  reached at 763 622 (A. Flammenkamp; tczajka/octal-games); the count of rare
  heaps and the last one are reported.
* **inside Pyodide** (Node, ``bench/pyodide_octal.mjs``, nimcore from its
  wheel as the site's worker installs it): the time to certify 0.127, beside
  CPython's.

Times are CPU seconds (of this process, of the child for C), which the other
jobs of a shared machine disturb less than wall-clock time (the load average,
at the start and at the end, is written with them); both are written
to ``bench/results/octal_grundy.json``, the French summary to
``bench/results/octal_grundy.md``.
"""

import argparse
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from array import array
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nimcore import grundy, octal, takebreak
from nimcore.french import french_number
from site_hooks.runtime import ROOT, build_wheel
from tools import octal_table

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
OCTAL_CODES = ("0.127", "0.56", "0.16")
# Gangolli and Plambeck (1989): (preperiod, period).
PUBLISHED_OCTAL = {"0.127": (46_578, 4), "0.56": (326_640, 144), "0.16": (105_351, 149_459)}
# The longest certificates of three-digit games the literature solved: (preperiod, period),
# as the table's tool knows them.
PUBLISHED_LONG = octal_table.LONG_CERTIFICATES
GRUNDY_C = 1 << 20
GRUNDY_N = 1 << 22
GRUNDY_STRETCH = 1 << 23
# The largest value below 2**21 and where it first appears.
PUBLISHED_GRUNDY = {"below": 1 << 21, "max": 231, "first_max": 763_622}


def cpu_timed(function):
    """Run *function*; return (CPU seconds, wall seconds, result)."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = function()
    return time.process_time() - cpu, time.perf_counter() - wall, result


def compile_c(folder, name):
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        raise SystemExit("Aucun compilateur C (gcc ou cc) n'est installé.")
    binary = Path(folder) / name
    subprocess.run([compiler, "-O2", "-o", str(binary), str(HERE / f"{name}.c")], check=True)
    return binary


def run_child(argv):
    """Run a C program; return (CPU seconds of the child, wall seconds, its standard output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    done = subprocess.run(argv, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout


def bench_octal(folder, binary, code):
    octal.values._SEQUENCES.pop(code, None)  # cache emptied
    cpu, wall, found = cpu_timed(lambda: octal.periodicity(code, limit=octal.MAX_VALUES))
    assert found.certified, code
    assert (found.preperiod, found.period) == PUBLISHED_OCTAL[code], found
    sequence = octal.values._sequence(octal.Octal(code))
    computed = found.computed
    output = Path(folder) / f"{code}.bin"
    c_cpu, c_wall, _ = run_child([str(binary), code[2:], str(computed), str(output)])
    c_values = array("H")
    c_values.frombytes(output.read_bytes())
    assert list(c_values) == list(sequence.values[:computed]), f"{code}: C and nimcore disagree"
    engine = sequence.engine
    return {
        "code": code,
        "preperiod": found.preperiod,
        "period": found.period,
        "values": computed,
        "max_value": found.max_value,
        "rare_mask": found.rare_mask,
        "rare_phase": engine.phase,
        "rare_heaps": len(engine.rare),
        "last_rare_heap": engine.rare[-1] if engine.rare else None,
        "nimcore_cpu_seconds": cpu,
        "nimcore_wall_seconds": wall,
        "c_cpu_seconds": c_cpu,
        "c_wall_seconds": c_wall,
        "c_over_nimcore": c_cpu / cpu,
    }


def bench_long(code):
    """nimcore alone certifies *code* (cache emptied first, emptied again after: memory)."""
    octal.values._SEQUENCES.pop(code, None)
    cpu, wall, found = cpu_timed(lambda: octal.periodicity(code, limit=octal.MAX_VALUES))
    octal.values._SEQUENCES.pop(code, None)
    assert found.certified, code
    assert (found.preperiod, found.period) == PUBLISHED_LONG[code], found
    return {
        "code": code,
        "preperiod": found.preperiod,
        "period": found.period,
        "values": found.computed,
        "max_value": found.max_value,
        "rare_mask": found.rare_mask,
        "nimcore_cpu_seconds": cpu,
        "nimcore_wall_seconds": wall,
        "max_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def bench_grundy(folder, binary, stretch):
    output = Path(folder) / "grundy.bin"
    c_cpu, c_wall, _ = run_child([str(binary), str(GRUNDY_C), str(output)])
    c_values = output.read_bytes()
    grundy.reset()  # cache emptied
    cpu, wall, values = cpu_timed(lambda: grundy.grundy_values(GRUNDY_N))
    assert values[:GRUNDY_C] == c_values, "Grundy's game: C and nimcore disagree"
    below = values[: PUBLISHED_GRUNDY["below"]]
    top = max(below)
    facts = {"below": PUBLISHED_GRUNDY["below"], "max": top, "first_max": below.index(top)}
    assert facts == PUBLISHED_GRUNDY, facts
    rare = [n for n in range(1, GRUNDY_N) if grundy.is_rare(values[n])]
    result = {
        "c_values": GRUNDY_C,
        "c_cpu_seconds": c_cpu,
        "c_wall_seconds": c_wall,
        "values": GRUNDY_N,
        "nimcore_cpu_seconds": cpu,
        "nimcore_wall_seconds": wall,
        "nimcore_over_c": cpu / c_cpu,
        "facts": facts,
        "max_value": max(values),
        "rare_heaps": len(rare),
        "last_rare_heap": rare[-1],
        "stretch": None,
    }
    if stretch:
        more_cpu, more_wall, more = cpu_timed(lambda: grundy.grundy_values(GRUNDY_STRETCH))
        rare = [n for n in range(1, GRUNDY_STRETCH) if grundy.is_rare(more[n])]
        result["stretch"] = {
            "values": GRUNDY_STRETCH,
            "nimcore_cpu_seconds": cpu + more_cpu,
            "nimcore_wall_seconds": wall + more_wall,
            "nimcore_over_c": (cpu + more_cpu) / c_cpu,
            "max_value": max(more),
            "rare_heaps": len(rare),
            "last_rare_heap": rare[-1],
        }
    return result


def bench_pyodide(folder, code):
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        return None
    wheel = build_wheel(Path(folder) / "wheel")
    done = subprocess.run(
        [node, str(HERE / "pyodide_octal.mjs"), str(wheel), code],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def french(value, decimals=2):
    """A number written the French way, two decimals unless told."""
    return french_number(value, decimals)


def sparse_row(run):
    """The table's row of nimcore's sparse method on a *run* of Grundy's game."""
    return (
        f"| nimcore (méthode creuse) | {french(run['values'], 0)} |"
        f" {french(run['nimcore_cpu_seconds'])} |"
    )


def ratio_sentence(power, ratio, target):
    """nimcore's time for 2^*power* values over C's for 2^20, against its *target*."""
    held = "tenue" if ratio <= target else "non tenue"
    return (
        f"nimcore pour 2^{power} valeurs / C pour 2^20 : **{french(ratio, 3)}**"
        f" (cible ≤ {str(target).replace('.', ',')} : {held})."
    )


def reach_sentence(power, run, mask=""):
    """What a *run* of Grundy's game up to 2^*power* found: its largest value, its rare heaps."""
    return (
        f"Jusqu'à 2^{power} : plus grande valeur {run['max_value']} ;"
        f" {french(run['rare_heaps'], 0)} tas de valeur rare{mask}, le dernier en"
        f" n = {french(run['last_rare_heap'], 0)}."
    )


def report(result):
    lines = [
        "# Jeux octaux certifiés et jeu de Grundy jusqu'à 2^22, contre des programmes C naïfs",
        "",
        f"Python {result['python']} (CPython, {result['machine']}), programmes C"
        f" compilés par {result['compiler']} (-O2) et lancés dans la même exécution."
        " Temps en secondes de processeur.",
        "",
        "Machine partagée : charge moyenne (1, 5, 15 min) "
        + " ; ".join(
            f"{moment} {' / '.join(french(load) for load in result['load'][key])}"
            for key, moment in (("before", "au début"), ("after", "à la fin"))
        )
        + f" ({result['cpus']} processeurs).",
        "",
        "## Jeux octaux : période certifiée par nimcore, mêmes valeurs calculées par le C naïf",
        "",
        "| code | prépériode | période | valeurs | masque | tas rares (dernier) | nimcore (s)"
        " | C naïf (s) | C / nimcore | cible > 1 |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for row in result["octal"]:
        mask = "—" if row["rare_mask"] is None else f"{row['rare_mask']:b}"
        if row.get("rare_phase") is not None:
            mask += f" (parité de n + {row['rare_phase']})"
        last = "—" if row["last_rare_heap"] is None else french(row["last_rare_heap"], 0)
        lines.append(
            f"| {row['code']} | {french(row['preperiod'], 0)} | {french(row['period'], 0)} |"
            f" {french(row['values'], 0)} | {mask} | {french(row['rare_heaps'], 0)} ({last}) |"
            f" {french(row['nimcore_cpu_seconds'])} | {french(row['c_cpu_seconds'])} |"
            f" {french(row['c_over_nimcore'])} | {'oui' if row['c_over_nimcore'] > 1 else 'non'} |"
        )
    if result.get("long"):
        lines += [
            "",
            "## Les plus longs certificats : nimcore seul",
            "",
            "Le programme C naïf calcule chaque valeur en parcourant tous les coups, soit un"
            " temps qui croît comme le carré du nombre de valeurs : il n'est pas lancé ici, et"
            " la dernière colonne extrapole son temps pour 0.56 ci-dessus (temps × carré du"
            " rapport des nombres de valeurs). nimcore certifie la période publiée avec la"
            " méthode de l'espace clairsemé. La mémoire est le pic du processus du banc"
            " jusqu'à la fin de chaque calcul (ceux qui précèdent compris).",
            "",
            "| code | prépériode | période | valeurs | masque | nimcore (s) | mémoire (Mio)"
            " | C naïf, extrapolé (h) |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        base = next(row for row in result["octal"] if row["code"] == "0.56")
        for row in result["long"]:
            mask = "—" if row["rare_mask"] is None else f"{row['rare_mask']:b}"
            naive = base["c_cpu_seconds"] * (row["values"] / base["values"]) ** 2 / 3600
            lines.append(
                f"| {row['code']} | {french(row['preperiod'], 0)} | {french(row['period'], 0)} |"
                f" {french(row['values'], 0)} | {mask} | {french(row['nimcore_cpu_seconds'])} |"
                f" {french(row['max_rss_mib'], 0)} | {french(naive, 0)} |"
            )
    g, stretch = result["grundy"], result["grundy"]["stretch"]
    lines += [
        "",
        "## Jeu de Grundy",
        "",
        "| calcul | valeurs | temps (s) |",
        "|---|---:|---:|",
        f"| C naïf | {french(g['c_values'], 0)} | {french(g['c_cpu_seconds'])} |",
        sparse_row(g),
    ]
    if stretch:
        lines.append(sparse_row(stretch))
    lines += ["", ratio_sentence(22, g["nimcore_over_c"], 0.5)]
    if stretch:
        lines.append(ratio_sentence(23, stretch["nimcore_over_c"], 1))
    facts = g["facts"]
    lines += [
        "",
        f"Faits publiés vérifiés : jusqu'à 2^21, la plus grande valeur est {facts['max']},"
        f" atteinte d'abord en n = {french(facts['first_max'], 0)}. Les 2^20 premières valeurs"
        " de nimcore sont celles du programme C.",
        reach_sentence(22, g, " (masque ...11111110)"),
    ]
    if stretch:
        lines.append(reach_sentence(23, stretch))
    p = result["pyodide"]
    if p is not None:
        cpython = next(row for row in result["octal"] if row["code"] == p["code"])
        lines += [
            "",
            "## Dans Pyodide",
            "",
            f"Certifier {p['code']} (prépériode {french(p['preperiod'], 0)}, période"
            f" {p['period']}, {french(p['values'], 0)} valeurs) : {french(p['wall_seconds'])} s"
            f" dans Pyodide (Python {p['python']}, WebAssembly, sous Node), contre"
            f" {french(cpython['nimcore_wall_seconds'])} s en CPython (temps écoulé).",
        ]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stretch", action="store_true", help="Grundy's game to 2**23 too")
    parser.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide figure")
    parser.add_argument(
        "--no-long", action="store_true", help="skip 0.376 and 0.354 (about ten minutes)"
    )
    options = parser.parse_args()
    load_before = os.getloadavg()
    compiler = shutil.which("gcc") or shutil.which("cc") or "cc"
    version = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=False)
    with tempfile.TemporaryDirectory() as folder:
        naive_octal = compile_c(folder, "naive_octal")
        naive_grundy = compile_c(folder, "naive_grundy")
        rows = [bench_octal(folder, naive_octal, code) for code in OCTAL_CODES]
        pyodide = None if options.no_pyodide else bench_pyodide(folder, "0.127")
        grundy_result = bench_grundy(folder, naive_grundy, options.stretch)
    # Last: the peak memory they report is theirs (0.354 keeps 20 million values).
    long_rows = [] if options.no_long else [bench_long(code) for code in PUBLISHED_LONG]
    result = {
        "bench": "octal_grundy",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "compiler": version.stdout.splitlines()[0] if version.stdout else compiler,
        "cpus": os.cpu_count(),
        "load": {"before": list(load_before), "after": list(os.getloadavg())},
        "takebreak": {
            "block": takebreak.BLOCK,
            "heads": takebreak.HEADS,
            "chunk": takebreak.CHUNK,
        },
        "octal": rows,
        "grundy": grundy_result,
        "long": long_rows,
        "pyodide": pyodide,
    }
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "octal_grundy.json").write_text(
        json.dumps(result, indent=2, ensure_ascii=False) + "\n"
    )
    summary = report(result)
    (RESULTS / "octal_grundy.md").write_text(summary)
    print(summary)


if __name__ == "__main__":
    main()
