"""Fibonacci Nim and Wythoff's game: exact winning moves on huge heaps, against the seeds' methods.

Run: ``.venv/bin/python bench/fibonacci_wythoff.py``. In one run it times

* nimcore's winning move (integers only: Zeckendorf's greedy writing, ``isqrt``
  for the Beatty pairs) for heaps of 10**10, 10**100 and 10**1000;
* the seeds' methods on the same heaps: a floating-point golden ratio (the
  Belgian report's "Binet-like" formula for Fibonacci Nim, Satabin's recipe
  with ⌊x/φ⌋ for Wythoff), checked for exactness against nimcore;
* the exhaustive tables as far as they go in a few seconds: Satabin's O(N³)
  Grundy sieve for Wythoff, backward induction over all (n, p) for Fibonacci Nim;

and finds the first k for which a floating-point ⌊k·φ⌋ (and ⌊k·φ²⌋) is wrong.
It prints French Markdown tables of times as ratios to nimcore's time on heaps
of 10**10 measured in the same run, and writes the same numbers to
``bench/results/fibonacci_wythoff.json``.
"""

import argparse
import json
import math
import platform
import sys
import time
from decimal import Decimal, localcontext
from fractions import Fraction
from math import isqrt
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nimcore import fibonacci, wythoff
from nimcore.numeration import beatty_lower, fibonacci_numbers

RESULTS = Path(__file__).resolve().parent / "results" / "fibonacci_wythoff.json"
EXPONENTS = (10, 100, 1000)
PHI = (1 + math.sqrt(5)) / 2
#: Stop growing an exhaustive table once one size takes longer than this.
TABLE_BUDGET = 2.0


def timed(function, minimum=0.2):
    """Best time per call over three rounds of enough calls to last *minimum* seconds."""
    start = time.perf_counter()
    result = function()
    once = time.perf_counter() - start
    calls = max(1, int(minimum / max(once, 1e-7)))
    best = once
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        best = min(best, (time.perf_counter() - start) / calls)
    return best, result


def french(value, digits=1):
    """A number in French typography: decimal comma, narrow spaces between thousands."""
    if isinstance(value, float) and 0 < value < 0.1:
        text = f"{value:.2g}"
    else:
        text = f"{value:,.{digits}f}" if isinstance(value, float) else f"{value:,}"
    return text.replace(",", "\u202f").replace(".", ",")


def power(exponent):
    return f"10^{exponent}"


# --- Wythoff -----------------------------------------------------------------------------------


def wythoff_position(exponent):
    """An N-position with heaps of the given size (10**e and 2·10**e + 12345)."""
    return 10**exponent, 2 * 10**exponent + 12345


def wythoff_nimcore(heaps):
    return wythoff.analyse(heaps).recommended.to


def wythoff_float_recipe(heaps):
    """Satabin's recipe (seed 004) computed with a floating-point φ, as a program would."""
    x, y = sorted(heaps)
    n = y - x
    low = math.floor(n * PHI)
    if x > low:
        target = (low, low + n)
    elif math.floor(x / PHI) != math.floor((x + 1) / PHI):
        p = math.floor((x + 1) / PHI)
        target = (x, x + p)
    else:
        p = math.floor((x + 1) / PHI**2)
        target = (x, x - p)
    return target if heaps[0] <= heaps[1] else target[::-1]


def wythoff_sieve(size):
    """Seed 004's program: the Grundy table of the size × size square, successors one by one."""
    table = [[0] * size for _ in range(size)]
    for x in range(size):
        for y in range(size):
            seen = set()
            for i in range(1, x + 1):
                seen.add(table[x - i][y])
            for j in range(1, y + 1):
                seen.add(table[x][y - j])
            for k in range(1, min(x, y) + 1):
                seen.add(table[x - k][y - k])
            value = 0
            while value in seen:
                value += 1
            table[x][y] = value
    return table


def wythoff_sieve_move(heaps):
    """Winning move read from the sieve: build the table, then look for a successor of value 0."""
    a, b = heaps
    table = wythoff_sieve(max(a, b) + 1)
    for after in range(a):
        if table[after][b] == 0:
            return after, b
    for after in range(b):
        if table[a][after] == 0:
            return a, after
    for take in range(1, min(a, b) + 1):
        if table[a - take][b - take] == 0:
            return a - take, b - take
    return None


# --- Fibonacci Nim -----------------------------------------------------------------------------


def fibonacci_nimcore(tokens):
    return fibonacci.analyse(fibonacci.start_position(tokens)).recommended.take


def seed_fibonacci(index):
    """Seed 000's "Binet-like" formula, floor((φ**i + φ**-i)/√5), in floating point."""
    phi = (math.sqrt(5) + 1) / 2
    return math.floor((1 / math.sqrt(5)) * (phi**index + phi ** (-index)))


def seed_highest_fibnumber(remaining):
    """The largest seed_fibonacci(i) ≤ remaining, searched from i = 2 upwards as the seed does.

    The seed's own loop stops one step too early when *remaining* is itself a
    Fibonacci number (it returns 0 for 1, and its greedy loop then never ends):
    that off-by-one is corrected here, so that only the floating point is measured.
    """
    index = 2
    while seed_fibonacci(index + 1) <= remaining:
        index += 1
    return seed_fibonacci(index)


def fibonacci_float_seed(tokens):
    """Seed 000's greedy Zeckendorf writing with that float formula: its smallest term."""
    matches, number = tokens, 0
    while matches > 0:
        number = seed_highest_fibnumber(matches)
        matches -= number
    return number


def fibonacci_induction(size):
    """Backward induction over every (n, p), n ≤ size: lost[n][p] from the rules only."""
    lost = [[True]]
    for tokens in range(1, size + 1):
        row = [True]
        for limit in range(1, tokens + 1):
            rest = tokens - limit
            row.append(row[-1] and not lost[rest][min(2 * limit, rest)])
        lost.append(row)
    return lost


def fibonacci_induction_move(tokens):
    lost = fibonacci_induction(tokens)
    for take in range(1, tokens):
        rest = tokens - take
        if lost[rest][min(2 * take, rest)]:
            return take
    return None


# --- where floating point goes wrong ---------------------------------------------------------


def float_error_bound(constant, exact_decimal, bound):
    """An upper bound of |fl(k·c) − k·x| for k ≤ bound, c the float approximating x."""
    with localcontext() as context:
        context.prec = 60
        delta = abs(
            Decimal(Fraction(constant).numerator) / Decimal(Fraction(constant).denominator)
            - exact_decimal
        )
        top = bound * exact_decimal
    half_ulp = 2.0 ** (math.floor(math.log2(float(top))) - 53)
    return float(delta) * bound + half_ulp


def near_integer(k, scale_bits, threshold):
    """True when k·φ lies within threshold / 2**(scale_bits + 1) of an integer (exact)."""
    scaled = (k << scale_bits) + isqrt((5 * k * k) << (2 * scale_bits))  # ⌊2**(s+1)·kφ⌋
    modulus = 1 << (scale_bits + 1)
    rest = scaled % modulus
    return min(rest, modulus - rest) < threshold


def returns_near_integers(limit, epsilon, scale_bits=200):
    """Every k ≤ limit with ‖kφ‖ < epsilon, in increasing order.

    Three-gap theorem (Slater): the returns of k·φ mod 1 to an interval are
    separated by at most three gap lengths, which for φ are Fibonacci numbers;
    so from one return the next is k + g for the least Fibonacci number g that
    lands in the interval. The caller checks this against a plain scan.
    """
    threshold = int(epsilon * 2 ** (scale_bits + 1))
    gaps = (1,) + fibonacci_numbers(limit)
    found, k = [], 0
    while True:
        for gap in gaps:
            if near_integer(k + gap, scale_bits, threshold):
                k += gap
                break
        else:
            return found
        if k > limit:
            return found
        found.append(k)


def first_float_failures(limit=2**32):
    with localcontext() as context:
        context.prec = 60
        phi = (1 + Decimal(5).sqrt()) / 2
    phi2_float = PHI * PHI
    epsilon = 4 * max(
        float_error_bound(PHI, phi, limit), float_error_bound(phi2_float, phi * phi, limit)
    )
    # The return-time enumeration agrees with a plain scan on a small range.
    check_limit, check_epsilon = 50_000, 2.0**-9
    threshold = int(check_epsilon * 2**201)
    scan = [k for k in range(1, check_limit + 1) if near_integer(k, 200, threshold)]
    assert returns_near_integers(check_limit, check_epsilon) == scan, "three-gap walk is wrong"
    lower_failure = upper_failure = None
    candidates = returns_near_integers(limit, epsilon)
    for k in candidates:
        exact = beatty_lower(k)
        if lower_failure is None and int(k * PHI) != exact:
            lower_failure = (k, int(k * PHI), exact)
        if upper_failure is None and int(k * phi2_float) != exact + k:
            upper_failure = (k, int(k * phi2_float), exact + k)
        if lower_failure and upper_failure:
            break
    # The seed's float "Binet-like" formula for Fibonacci numbers.
    exact_fib, formula_failure, overflow = [0, 1], None, None
    for index in range(1, 2000):
        while len(exact_fib) <= index:
            exact_fib.append(exact_fib[-1] + exact_fib[-2])
        try:
            value = math.floor((1 / math.sqrt(5)) * (PHI**index + PHI ** (-index)))
        except OverflowError:
            overflow = index
            break
        if formula_failure is None and value != exact_fib[index]:
            formula_failure = (index, value, exact_fib[index])
    return {
        "search_limit": limit,
        "epsilon": epsilon,
        "candidates": len(candidates),
        "lower": lower_failure,
        "upper": upper_failure,
        "binet_like": formula_failure,
        "binet_like_overflow": overflow,
    }


# --- the run -----------------------------------------------------------------------------------


def run_method(function, argument, check):
    """Time *function*; return (seconds, answer, status) with status 'exact', 'FAUX' or an error."""
    try:
        seconds, answer = timed(lambda: function(argument))
    except (OverflowError, ArithmeticError, ValueError) as error:
        return None, None, f"échec : {type(error).__name__}"
    try:
        right = check(answer)
    except ValueError:  # the answer is not even a position (NimcoreError)
        right = False
    return seconds, answer, "exact" if right else "FAUX"


def wythoff_winning_target(heaps, target):
    """True when *target* is reachable from *heaps* in one move and is a P-position."""
    (a, b), (c, d) = heaps, target
    legal = (c == a and 0 <= d < b) or (d == b and 0 <= c < a) or (0 < a - c == b - d)
    return legal and wythoff.is_p_position(target)


def grow_table(build, start, largest):
    """Run build(size) for sizes start, 2·start, … until one run exceeds TABLE_BUDGET.

    *largest* caps the size (memory: the Fibonacci table holds size²/2 entries).
    """
    rows, size = [], start
    while size <= largest:
        begin = time.perf_counter()
        answer = build(size)
        seconds = time.perf_counter() - begin
        rows.append((size, seconds, answer))
        if seconds > TABLE_BUDGET:
            break
        size *= 2
    return rows


def section(methods, huge, exhaustive, cost):
    """One game's part of the report: *methods* on huge heaps, then its exhaustive table.

    *methods*: (name, function) pairs, the first (nimcore's) on heaps of 10**10 the
    baseline. *huge(exponent)*: the argument for heaps of 10**exponent and the check of an
    answer. *exhaustive*: the table's name, a function growing its rows (grow_table), and
    *same_heaps(size, answer)*: nimcore's time on the table's position of that size and
    whether the table's answer is right. *cost*: the table's cost in words ("N³") and as a
    power of N, to extrapolate it to 10**10.
    """
    rows, base = [], None
    for exponent in EXPONENTS:
        argument, check = huge(exponent)
        for name, function in methods:
            seconds, answer, status = run_method(function, argument, check)
            if base is None:
                base = seconds
            rows.append(
                {
                    "method": name,
                    "heaps": power(exponent),
                    "seconds": seconds,
                    "ratio": None if seconds is None else seconds / base,
                    "status": status,
                }
            )
    name, grow, same_heaps = exhaustive
    table_rows = grow()
    for size, seconds, answer in table_rows:
        ours, right = same_heaps(size, answer)
        rows.append(
            {
                "method": name,
                "heaps": f"N = {size}",
                "seconds": seconds,
                "ratio": seconds / base,
                "status": "exact" if right else "FAUX",
                "nimcore_same_heaps_ratio": ours / base,
            }
        )
    size, seconds, _ = table_rows[-1]
    words, order = cost
    return {
        "baseline_seconds": base,
        "rows": rows,
        "extrapolation": {
            "method": words,
            "from_size": size,
            "to_size": 10**10,
            "seconds": seconds * (10**10 / size) ** order,
        },
    }


def wythoff_huge(exponent):
    heaps = wythoff_position(exponent)
    return heaps, lambda target: wythoff_winning_target(heaps, target)


def wythoff_same_heaps(size, answer):
    heaps = (size - 1, size // 2)
    ours, _ = timed(lambda: wythoff_nimcore(heaps))
    return ours, answer is not None and wythoff_winning_target(heaps, answer)


def fibonacci_huge(exponent):
    tokens = 10**exponent
    right = fibonacci.analyse(fibonacci.start_position(tokens)).smallest_term
    return tokens, lambda take: take == right


def fibonacci_same_heaps(size, answer):
    ours, right = timed(lambda: fibonacci_nimcore(size))
    return ours, answer == right


def main():
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    report = {"bench": "fibonacci_wythoff", "python": platform.python_version()}
    report["wythoff"] = section(
        (
            ("nimcore (entiers, isqrt)", wythoff_nimcore),
            ("φ flottant (recette de Satabin)", wythoff_float_recipe),
        ),
        wythoff_huge,
        (
            "crible de Grundy N × N (seed 004)",
            lambda: grow_table(lambda size: wythoff_sieve_move((size - 1, size // 2)), 16, 512),
            wythoff_same_heaps,
        ),
        ("N³", 3),
    )
    report["fibonacci"] = section(
        (
            ("nimcore (Zeckendorf exact)", fibonacci_nimcore),
            ("formule flottante « de Binet » (seed 000)", fibonacci_float_seed),
        ),
        fibonacci_huge,
        (
            "induction sur tous les (n, p) (exhaustive)",
            lambda: grow_table(fibonacci_induction_move, 250, 4000),
            fibonacci_same_heaps,
        ),
        ("N²", 2),
    )

    # Floating point ----------------------------------------------------------------------------
    begin = time.perf_counter()
    failures = first_float_failures()
    failures["search_seconds"] = time.perf_counter() - begin
    report["float_failures"] = failures

    print_report(report)
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nRésultats écrits dans {RESULTS.relative_to(RESULTS.parent.parent.parent)}.")


def print_table(title, section):
    baseline, rows = section["baseline_seconds"], section["rows"]
    print(f"## {title}\n")
    print(
        f"Référence (1 ×) : nimcore sur des tas de 10^10, {baseline * 1e6:.0f} µs dans cette"
        f" exécution (Python {platform.python_version()}).\n"
    )
    print("| méthode | tas | temps / référence | nimcore sur les mêmes tas | résultat |")
    print("|---|---:|---:|---:|---|")
    for row in rows:
        ratio = "—" if row["ratio"] is None else f"{french(row['ratio'])} ×"
        same = row.get("nimcore_same_heaps_ratio")
        same_text = "" if same is None else f"{french(same)} ×"
        print(f"| {row['method']} | {row['heaps']} | {ratio} | {same_text} | {row['status']} |")
    guess = section["extrapolation"]
    years = guess["seconds"] / (365.25 * 24 * 3600)
    print(
        f"\nExtrapolation (coût en {guess['method']}) de la table exhaustive à N = 10^10 :"
        f" environ 10^{math.floor(math.log10(years))} années, contre"
        f" {french(baseline * 1e6, 0)} µs pour nimcore.\n"
    )


def print_report(report):
    print("# Fibonacci-Nim et jeu de Wythoff : coup gagnant exact sur de très grands tas\n")
    print_table(
        "Wythoff : tas (10^e, 2·10^e + 12345), puis le crible sur (N − 1, N/2)",
        report["wythoff"],
    )
    print_table(
        "Fibonacci-Nim : position de départ (n, n − 1), puis l'induction jusqu'à N",
        report["fibonacci"],
    )
    failures = report["float_failures"]
    print("## Où le nombre d'or flottant se trompe\n")
    lower, upper, binet = failures["lower"], failures["upper"], failures["binet_like"]
    if lower:
        k, wrong, right = lower
        print(
            f"- ⌊k·φ⌋ avec φ flottant : premier k faux = {french(k)}"
            f" (flottant {french(wrong)}, exact {french(right)})."
        )
    else:
        print(
            f"- ⌊k·φ⌋ avec φ flottant : aucune erreur jusqu'à {french(failures['search_limit'])}."
        )
    if upper:
        k, wrong, right = upper
        print(
            f"- ⌊k·φ²⌋ avec φ² = φ·φ flottant : premier k faux = {french(k)}"
            f" (flottant {french(wrong)}, exact {french(right)})."
        )
    else:
        print(f"- ⌊k·φ²⌋ flottant : aucune erreur jusqu'à {french(failures['search_limit'])}.")
    if binet:
        index, wrong, right = binet
        print(
            f"- Formule du seed 000, ⌊(φ^i + φ^−i)/√5⌋ en flottants : premier F(i) faux"
            f" pour i = {index} (flottant {french(wrong)}, exact {french(right)}) ;"
            f" dépassement de capacité à i = {failures['binet_like_overflow']}."
        )
    print(
        f"- Recherche exacte (théorème des trois distances, {french(failures['candidates'])}"
        f" candidats jusqu'à {french(failures['search_limit'])}) :"
        f" {french(failures['search_seconds'], 2)} s."
    )


if __name__ == "__main__":
    main()
