"""Numeration: binary and base b, Zeckendorf's numeration, the Beatty sequences of φ."""

import itertools
import math
from decimal import Decimal, localcontext

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimcore import NimcoreError
from nimcore.numeration import (
    base_digits,
    beatty_index,
    beatty_lower,
    beatty_pair,
    beatty_upper,
    binary_digits,
    fibonacci_numbers,
    zeckendorf,
    zeckendorf_digits,
    zeckendorf_shift,
    zeckendorf_trailing_zeros,
)

# OEIS A000201 (⌊nφ⌋, n ≥ 1) and A001950 (⌊nφ²⌋, n ≥ 1), first terms as published.
A000201 = [
    1,
    3,
    4,
    6,
    8,
    9,
    11,
    12,
    14,
    16,
    17,
    19,
    21,
    22,
    24,
    25,
    27,
    29,
    30,
    32,
    33,
    35,
    37,
    38,
    40,
    42,
    43,
    45,
    46,
    48,
    50,
    51,
    53,
    55,
    56,
    58,
    59,
    61,
    63,
    64,
    66,
    67,
    69,
    71,
    72,
    74,
    76,
    77,
    79,
    80,
    82,
    84,
    85,
    87,
    88,
    90,
    92,
    93,
    95,
    97,
    98,
    100,
    101,
    103,
    105,
    106,
    108,
    110,
    111,
    113,
    114,
    116,
    118,
    119,
    121,
    122,
    124,
]
A001950 = [
    2,
    5,
    7,
    10,
    13,
    15,
    18,
    20,
    23,
    26,
    28,
    31,
    34,
    36,
    39,
    41,
    44,
    47,
    49,
    52,
    54,
    57,
    60,
    62,
    65,
    68,
    70,
    73,
    75,
    78,
    81,
    83,
    86,
    89,
    91,
    94,
    96,
    99,
    102,
    104,
    107,
    109,
    112,
    115,
    117,
    120,
    123,
    125,
    128,
    130,
    133,
    136,
    138,
    141,
    143,
    146,
    149,
    151,
    154,
    157,
    159,
    162,
    164,
    167,
    170,
    172,
    175,
    178,
    180,
    183,
    185,
    188,
    191,
    193,
    196,
    198,
    201,
    204,
]

BEATTY_BOUND = 10**5


def exact_floor_phi(k: int) -> int:
    """⌊kφ⌋ with decimal arithmetic precise enough for *k* (an independent reference)."""
    with localcontext() as context:
        context.prec = max(60, 2 * len(str(k)) + 40)
        phi = (1 + Decimal(5).sqrt()) / 2
        return int((k * phi).to_integral_value(rounding="ROUND_FLOOR"))


# --- Zeckendorf ----------------------------------------------------------------------------


def test_fibonacci_numbers_follow_the_recurrence():
    numbers = fibonacci_numbers(10**1000)
    assert numbers[:8] == (1, 2, 3, 5, 8, 13, 21, 34)
    assert all(c == a + b for a, b, c in zip(numbers, numbers[1:], numbers[2:], strict=False))
    assert numbers[-1] <= 10**1000 < numbers[-1] + numbers[-2]
    assert fibonacci_numbers(0) == () and fibonacci_numbers(1) == (1,)
    assert fibonacci_numbers(7) == (1, 2, 3, 5)


def test_zeckendorf_exhaustive_below_ten_thousand():
    fib = fibonacci_numbers(10**4)
    position = {value: index for index, value in enumerate(fib)}
    for n in range(1, 10**4):
        terms = zeckendorf(n)
        assert sum(terms) == n, n
        indices = [position[term] for term in terms]  # KeyError if a term is not Fibonacci
        assert all(high - low >= 2 for high, low in itertools.pairwise(indices)), (n, terms)
        word = zeckendorf_digits(n)
        assert word[0] == 1 and "11" not in "".join(map(str, word))
        weights = fib[: len(word)][::-1]
        assert sum(w for w, d in zip(weights, word, strict=True) if d) == n
    assert zeckendorf(0) == () and zeckendorf_digits(0) == (0,)


def test_zeckendorf_shift_appends_a_zero_to_the_word():
    for n in range(1, 3000):
        word = zeckendorf_digits(n)
        assert zeckendorf_digits(zeckendorf_shift(n)) == (*word, 0), n
        trailing = len(word) - 1 - max(i for i, digit in enumerate(word) if digit)
        assert zeckendorf_trailing_zeros(n) == trailing, n
    assert zeckendorf_shift(0) == 0
    with pytest.raises(NimcoreError, match="au moins égal à 1"):
        zeckendorf_trailing_zeros(0)
    with pytest.raises(NimcoreError, match="entier naturel"):
        zeckendorf_shift(-2)


def test_zeckendorf_uniqueness_by_counting_every_writing():
    """Every set of non-consecutive Fibonacci numbers below 10**4 sums to a different number."""
    fib = fibonacci_numbers(10**4)
    sums: dict[int, int] = {}
    # Non-consecutive subsets, built iteratively as (sum, index of the last term used).
    frontier = [(0, -2)]
    while frontier:
        total, last = frontier.pop()
        sums[total] = sums.get(total, 0) + 1
        for index in range(last + 2, len(fib)):
            frontier.append((total + fib[index], index))
    below = {total: count for total, count in sums.items() if total < 10**4}
    assert sorted(below) == list(range(10**4))
    assert set(below.values()) == {1}
    # and the writing found is that one
    for n in (1, 4, 100, 9999):
        assert sum(zeckendorf(n)) == n


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 10**1000))
def test_zeckendorf_of_huge_numbers(n):
    terms = zeckendorf(n)
    assert sum(terms) == n
    fib = fibonacci_numbers(n)
    position = {value: index for index, value in enumerate(fib)}
    indices = [position[term] for term in terms]
    assert all(high - low >= 2 for high, low in itertools.pairwise(indices))
    assert terms[0] == fib[-1]  # greedy: the largest Fibonacci number that fits
    word = zeckendorf_digits(n)
    assert len(word) == len(fib) and sum(word) == len(terms)


def test_seed_zeckendorf_examples():
    # Belgian report (seed 000): 24 = 21 + 3 = 1000100_Z, 30 = 21 + 8 + 1,
    # 74 = 55 + 13 + 5 + 1 = 100101001_Z, 33 = 21 + 8 + 3 + 1 = 1010101_Z.
    assert zeckendorf(24) == (21, 3) and zeckendorf_digits(24) == (1, 0, 0, 0, 1, 0, 0)
    assert zeckendorf(30) == (21, 8, 1)
    assert zeckendorf(74) == (55, 13, 5, 1)
    assert zeckendorf_digits(74) == (1, 0, 0, 1, 0, 1, 0, 0, 1)
    assert zeckendorf_digits(33) == (1, 0, 1, 0, 1, 0, 1)
    # The game from 24: 15 = 100010, 16 = 100100, 17 = 100101, 18 = 101000,
    # 19 = 101001, 20 = 101010 in Zeckendorf's numeration.
    words = {15: "100010", 16: "100100", 17: "100101", 18: "101000", 19: "101001", 20: "101010"}
    for n, word in words.items():
        assert "".join(map(str, zeckendorf_digits(n))) == word


def test_seed_float_fibonacci_formula_is_not_reproduced():
    """Seed 000 computes F(n) as ⌊(φ**n + φ**-n)/√5⌋ in floating point; it breaks down."""
    phi = (math.sqrt(5) + 1) / 2
    exact = [0, 1]
    while len(exact) < 1400:
        exact.append(exact[-1] + exact[-2])
    first_wrong = None
    for index in range(1, 1400):
        try:
            value = math.floor((1 / math.sqrt(5)) * (phi**index + phi ** (-index)))
        except OverflowError:
            first_wrong = first_wrong or index
            break
        if value != exact[index]:
            first_wrong = index
            break
    # F(72) = 498454011879264, the float formula gives 498454011879265.
    assert first_wrong == 72
    assert fibonacci_numbers(exact[1399])[-1] == exact[1399]


# --- Beatty ---------------------------------------------------------------------------------


def test_oeis_a000201_and_a001950():
    assert [beatty_lower(k) for k in range(1, len(A000201) + 1)] == A000201
    assert [beatty_upper(k) for k in range(1, len(A001950) + 1)] == A001950
    assert [beatty_pair(k) for k in range(4)] == [(0, 0), (1, 2), (3, 5), (4, 7)]


def test_beatty_partition_of_the_naturals_up_to_ten_to_the_five():
    lower, upper = set(), set()
    k = 1
    while beatty_lower(k) <= BEATTY_BOUND:
        lower.add(beatty_lower(k))
        upper.add(beatty_upper(k))
        k += 1
    upper = {n for n in upper if n <= BEATTY_BOUND}
    assert not lower & upper
    assert lower | upper == set(range(1, BEATTY_BOUND + 1))
    assert all(beatty_upper(j) == beatty_lower(j) + j for j in range(1, 1000))


@pytest.mark.slow  # an exhaustive check of pure Python: not repeated inside Pyodide
def test_beatty_index_exhaustive_below_ten_to_the_five():
    for k in range(1, BEATTY_BOUND):
        low, high = beatty_pair(k)
        if low < BEATTY_BOUND:
            assert beatty_index(low) == (k, "lower"), low
        if high < BEATTY_BOUND:
            assert beatty_index(high) == (k, "upper"), high
    for n in range(1, BEATTY_BOUND):
        k, side = beatty_index(n)
        assert (beatty_lower(k) if side == "lower" else beatty_upper(k)) == n
    assert beatty_index(0) == (0, "lower")


def test_beatty_lower_against_decimal_arithmetic():
    for k in itertools.chain(range(2000), [10**8, 102334155, 165580141, 10**15 + 7]):
        assert beatty_lower(k) == exact_floor_phi(k), k


@settings(max_examples=80, deadline=None)
@given(k=st.integers(0, 10**1000))
def test_beatty_on_huge_indices(k):
    low, high = beatty_pair(k)
    assert high == low + k
    if k:
        assert beatty_index(low) == (k, "lower")
        assert beatty_index(high) == (k, "upper")
    if k < 10**60:
        assert low == exact_floor_phi(k)


@settings(max_examples=80, deadline=None)
@given(n=st.integers(1, 10**1000))
def test_beatty_index_on_huge_numbers(n):
    k, side = beatty_index(n)
    assert (beatty_lower(k) if side == "lower" else beatty_upper(k)) == n
    # Beatty's partition: the k terms of one sequence up to n leave n − k terms of the
    # other, whose last is below n and whose next is above it (n is in one sequence only).
    other = beatty_upper if side == "lower" else beatty_lower
    assert other(n - k) < n < other(n - k + 1)


def test_floating_point_phi_goes_wrong_and_integers_do_not():
    """Floating-point ⌊kφ⌋ is first wrong at k = 102334155 = F(40) (bench/fibonacci_wythoff.py)."""
    phi = (1 + math.sqrt(5)) / 2
    k = 102334155
    assert int(k * phi) == 165580141  # the float product rounds up to F(41)
    assert beatty_lower(k) == 165580140 == exact_floor_phi(k)
    assert int(10**30 * phi) != beatty_lower(10**30)


# --- base b (kept from the walking skeleton) -------------------------------------------------


def test_base_digits():
    assert base_digits(11, 2) == (1, 0, 1, 1) == binary_digits(11)
    assert base_digits(0, 7) == (0,)
    assert base_digits(5, 3, width=4) == (0, 0, 1, 2)


# --- French errors -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: zeckendorf(-1), "-1"),
        (lambda: zeckendorf(2.5), "2.5"),
        (lambda: zeckendorf(True), "«\u00a0true\u00a0»"),
        (lambda: zeckendorf_digits(-7), "-7"),
        (lambda: fibonacci_numbers("30"), "«\u00a030\u00a0»"),
        (lambda: beatty_lower(-1), "-1"),
        (lambda: beatty_upper(-2), "-2"),
        (lambda: beatty_pair(1.5), "1.5"),
        (lambda: beatty_index(-4), "-4"),
        (lambda: beatty_index(None), "«\u00a0null\u00a0»"),
    ],
)
def test_errors_are_french(call, fragment):
    with pytest.raises(NimcoreError) as caught:
        call()
    message = str(caught.value)
    assert fragment in message
    assert "entier" in message
