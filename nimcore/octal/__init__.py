"""Octal games: take-and-break games given by a code 0.d1d2d3….

A move takes k tokens from one heap, and the digit d_k (0 to 7) of the code
says what may be left of that heap: bit 1 (value 1) nothing, that is the whole
heap of exactly k tokens; bit 2 (value 2) one non-empty heap; bit 4 (value 4)
two non-empty heaps, of any sizes (equal ones too). Whoever cannot move loses.
Games are data: ``KAYLES = Octal("0.77")`` (knock down one pin or two adjacent
ones in a row), ``DAWSONS_KAYLES = Octal("0.07")`` (always two adjacent pins).

The flowers game of seed 004 (a row of flowers; each player cuts a flower none
of whose neighbours is cut) is Dawson's chess, ``FLOWERS = Octal("0.137")``,
with no offset: group the flowers that may still be cut into maximal runs; a run
of h flowers is a heap of h tokens. Cutting the only flower of a run of 1 empties
it (d1 = 1); cutting an end flower takes it and its neighbour (2 tokens: the
whole run of 2, or one run of h − 2 left, d2 = 1 + 2); cutting any other flower
takes it and both neighbours (3 tokens: the whole run of 3, one run of h − 3
for the second flower, or two runs, d3 = 1 + 2 + 4). The tests check this
correspondence by brute force on the rows themselves. The values of 0.137 are
those of Dawson's Kayles shifted by one: G₀.₁₃₇(n) = G₀.₀₇(n + 1) (OEIS A002187).

A position is worth the nim-sum of the values G(h) of its heaps (Sprague–Grundy),
G(n) being the mex of the values of the options of a heap of n. Values are
computed iteratively, the values of all the splits of a heap at once in
``bytes`` arithmetic (still n²/4 exclusive ors, but at C speed: the first 10**5
values of 0.16 take about 6 s, those of 0.6, which pass 255, about 20 s), and
the sequence is searched for a period, certified by the periodicity theorem:

    **Theorem** (Guy and Smith 1956; *Winning Ways*, chapter 4; Siegel,
    *Combinatorial Game Theory*, chapter IV). Let t be the index of the last
    non-zero digit of the code. If G(n + p) = G(n) for every n with
    n0 ≤ n < 2·n0 + p + t, then G(n + p) = G(n) for every n ≥ n0.

This module checks exactly that inequality, on values computed up to
2·n0 + 2·p + t − 1, and reports the least period p and, for it, the least
preperiod n0. Once certified, any heap (even 10**1000 tokens) is answered at
once: G(h) = G(n0 + (h − n0) mod p). Known facts, all checked by the tests:
Kayles has period 12 from n0 = 71 (OEIS A002186), 0.137 period 34 from n0 = 52
and Dawson's Kayles 0.07 period 34 from n0 = 53. When no period is certified
within the values computed, the module says so and refuses larger heaps.

References: R. K. Guy and C. A. B. Smith, *The G-values of various games*,
Proc. Cambridge Philos. Soc. 52 (1956), 514–526; E. R. Berlekamp, J. H. Conway
and R. K. Guy, *Winning Ways for your Mathematical Plays*, chapter 4;
A. N. Siegel, *Combinatorial Game Theory* (AMS, 2013), chapter IV.

The package is split by concern: :mod:`~nimcore.octal.rule` (the code),
:mod:`~nimcore.octal.values` (the values and their period) and
:mod:`~nimcore.octal.game` (positions, moves, analysis and explanation).
Everything public is importable from here.
"""

from nimcore.octal.game import (
    OctalAnalysis,
    OctalMove,
    analyse,
    delaying_move,
    is_p_position,
    move_count,
    moves,
    winning_moves,
)
from nimcore.octal.rule import (
    DAWSONS_KAYLES,
    DIRECT_LIMIT,
    FLOWERS,
    KAYLES,
    MAX_CODE_DIGITS,
    MAX_HEAP_BITS,
    MAX_HEAPS,
    MAX_LISTED_DIGITS,
    MAX_LISTED_MOVES,
    MAX_VALUES,
    SEARCH_LIMIT,
    Octal,
    parse_code,
    validate_heaps,
)
from nimcore.octal.values import Periodicity, grundy_value, grundy_values, periodicity

__all__ = [
    "DAWSONS_KAYLES",
    "DIRECT_LIMIT",
    "FLOWERS",
    "KAYLES",
    "MAX_CODE_DIGITS",
    "MAX_HEAPS",
    "MAX_HEAP_BITS",
    "MAX_LISTED_DIGITS",
    "MAX_LISTED_MOVES",
    "MAX_VALUES",
    "SEARCH_LIMIT",
    "Octal",
    "OctalAnalysis",
    "OctalMove",
    "Periodicity",
    "analyse",
    "delaying_move",
    "grundy_value",
    "grundy_values",
    "is_p_position",
    "move_count",
    "moves",
    "parse_code",
    "periodicity",
    "validate_heaps",
    "winning_moves",
]
