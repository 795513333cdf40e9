"""Nim with infinite heaps: heaps are ordinals below ω^ω.

Every ordinal below ω^ω has one Cantor normal form
ω^k·a_k + … + ω^2·a_2 + ω·a_1 + a_0, with natural coefficients: it is the
finite list of its coefficients, exponent by exponent. Two ordinals compare like
their coefficient lists read from the highest exponent down. A move replaces one
heap by any smaller ordinal: from ω one may leave any natural number, from ω·2
any ω + n or any n, from ω^2 any ω·a + b.

Why every game ends: the ordinals are well ordered, that is every non-empty set
of ordinals has a least element, so no infinite strictly decreasing sequence
exists. A move decreases one heap and leaves the others alone; a game without
end would decrease some heap infinitely often (there are finitely many heaps),
giving such a sequence. Yet no bound on the length of a game exists: from ω the
first move may leave any n, and n more moves follow.

Bouton's theorem extends (Conway): the nim-sum of such ordinals is taken
exponent by exponent, the coefficients of each power of ω being added in nim
(exclusive or), and a position is a P-position exactly when that sum is 0, that
is when for every exponent the coefficients have nim-sum 0. The winning moves
are as in Nim: heap h, with s the nim-sum of the position, is replaced by
h ⊕ s when this ordinal is smaller than h, and any smaller ordinal can be left
(a coefficient may be lowered while every lower one is set to any value).

Reference: J. H. Conway, *On Numbers and Games* (1976), chapter 6; J.-P.
Delahaye, *Stratégies magiques au pays de Nim*, Interstices (2009), whose rule
"la somme de Nim exposant par exposant" is the one implemented here; G. Cantor,
*Beiträge zur Begründung der transfiniten Mengenlehre* (1897).

The package is split by concern: :mod:`~nimcore.ordinal.numbers` (the
ordinals themselves) and :mod:`~nimcore.ordinal.game` (the game on them).
Everything public is importable from here.
"""

from nimcore.ordinal.game import (
    OrdinalAnalysis,
    OrdinalMove,
    analyse,
    is_p_position,
    move_to,
    moves,
    play,
    random_move,
    winning_moves,
)
from nimcore.ordinal.numbers import (
    MAX_COEFFICIENT_DIGITS,
    MAX_EXPONENT,
    MAX_HEAPS,
    MAX_LISTED_MOVES,
    MAX_TEXT_LENGTH,
    Ordinal,
    ordinal_nim_sum,
    parse_ordinal,
    validate_heaps,
)

__all__ = [
    "MAX_COEFFICIENT_DIGITS",
    "MAX_EXPONENT",
    "MAX_HEAPS",
    "MAX_LISTED_MOVES",
    "MAX_TEXT_LENGTH",
    "Ordinal",
    "OrdinalAnalysis",
    "OrdinalMove",
    "analyse",
    "is_p_position",
    "move_to",
    "moves",
    "ordinal_nim_sum",
    "parse_ordinal",
    "play",
    "random_move",
    "validate_heaps",
    "winning_moves",
]
