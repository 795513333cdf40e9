"""Subtraction games: heaps from which a move takes an allowed number of tokens.

A rule says how many tokens a move may take from one heap: a finite
subtraction set such as {1, 2, 4}, "from 1 to K" (Nim with at most K tokens per
move, the "VanLoGo" game of the Belgian report when there are several heaps)
or "between m and M". A position is a list of heaps; a move plays in one heap.
In normal play whoever cannot move has lost; in misère play whoever makes the
last move loses (so whoever cannot move has won).

Normal play is solved by Sprague–Grundy: the nimber of a position is the
nim-sum of the nimbers of its heaps, and the nimbers of one heap,
g(x) = mex {g(x − s)}, form an eventually periodic sequence. Closed forms:
from 1 to K, g(x) = x mod (K + 1); between m and M, g(x) = ⌊(x mod (m + M)) / m⌋.
Once the period is known any heap, even 10**1000 tokens, is answered at once.

Misère play has no nim-sum rule in general. One heap alone follows its own
eventually periodic sequence of outcomes; "from 1 to K" follows misère Nim on
the values x mod (K + 1) (proved in :func:`is_p_position`); any other sum of
several heaps is solved by an exhaustive search, refused up front when its
state space is too large.

References: E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your
Mathematical Plays*, chapter 4 (subtraction games) and chapter 13 (misère);
A. N. Siegel, *Combinatorial Game Theory* (2013), chapters IV (impartial games)
and V (misère play).

The package is split by concern: :mod:`~nimcore.subtraction.rule` (the rule and
its checks), :mod:`~nimcore.subtraction.values` (one heap: nimbers, outcomes,
periods), :mod:`~nimcore.subtraction.positions` (moves and who wins) and
:mod:`~nimcore.subtraction.analysis` (the analysis, its French explanation and
the computer's move). Everything public is importable from here.
"""

from nimcore.subtraction.analysis import (
    SubtractionAnalysis,
    analyse,
    nim_max_analyse,
)
from nimcore.subtraction.positions import (
    is_p_position,
    moves,
    play,
    validate_position,
    winning_moves,
)
from nimcore.subtraction.rule import (
    MAX_LISTED_MOVES,
    MAX_MISERE_MOVES,
    MAX_MISERE_STATES,
    MAX_PERIOD_LENGTH,
    MAX_PERIOD_SEARCH,
    MAX_SEQUENCE,
    MAX_SUBTRACTION,
    SubtractionRule,
)
from nimcore.subtraction.values import (
    grundy_period,
    grundy_sequence,
    grundy_value,
    misere_outcomes,
    misere_period,
    search_period,
    window_certificate,
)

__all__ = [
    "MAX_LISTED_MOVES",
    "MAX_MISERE_MOVES",
    "MAX_MISERE_STATES",
    "MAX_PERIOD_LENGTH",
    "MAX_PERIOD_SEARCH",
    "MAX_SEQUENCE",
    "MAX_SUBTRACTION",
    "SubtractionAnalysis",
    "SubtractionRule",
    "analyse",
    "grundy_period",
    "grundy_sequence",
    "grundy_value",
    "is_p_position",
    "misere_outcomes",
    "misere_period",
    "moves",
    "nim_max_analyse",
    "play",
    "search_period",
    "validate_position",
    "window_certificate",
    "winning_moves",
]
