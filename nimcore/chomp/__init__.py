"""Chomp: bite a chocolate bar without eating the poisoned square.

The bar is a staircase of squares given by its row lengths, from the poisoned
row upwards, never increasing: ``[4, 4, 4]`` is a rectangle of 3 rows and 4
columns, ``[5, 3, 1]`` a staircase. The poisoned square is the bottom-left one
(row 0, column 0). A bite at (row r, column c), any remaining square, eats every
square (r', c') with r' ≥ r and c' ≥ c: the square chosen and all those above it
and to its right. Whoever is left with the poisoned square alone must eat it and
loses; here eating the poison is not a move, so ``[1]`` is the terminal
position, a P-position of normal play (the player to move cannot move).

>>> from nimcore import chomp
>>> chomp.analyse([4, 4, 4, 4]).recommended.text
'croquer le carré ligne 2, colonne 2 (9 carrés mangés)'

Strategy stealing (Gale): every rectangle other than 1×1 is an N-position.
Suppose a rectangle were a P-position, and bite its top-right square alone. That
bite must leave an N-position, from which some bite B wins. But B eats the
top-right square too, so B was also a legal first bite from the rectangle, and
it leaves the very same position: the first player could have won with B, a
contradiction. The argument proves that a winning bite exists without saying
which one, and nobody knows a rule for general rectangles.

Known families, answered at any size:

* two rows ``[a, b]``: a P-position exactly when a = b + 1 (the bottom row
  exceeds the top one by one square); from ``[b + 1, b]`` every bite leaves two
  equal rows or a shorter top row, and the opponent restores the shape;
* the L-shape ``[a, 1, 1, …, 1]`` (a bottom row of length a and a column of
  height k + 1): two heaps of Nim, the horizontal arm a − 1 and the vertical arm
  k; a P-position exactly when the arms are equal, nimber (a − 1) ⊕ k;
* the n×n square (n ≥ 2): the only winning bite is (1, 1), which leaves an L
  with equal arms. Any other bite either leaves a rectangle (an N-position by
  strategy stealing) or keeps the whole bottom row, the whole left column and
  the square (1, 1): the opponent then bites (1, 1) and wins.

Every staircase inside the 13×13 square (C(26, 13) − 1 = 10 400 599 of them,
the empty bar left out) is answered from a table shipped with the package,
``nimcore/data/chomp13.bin``: the 85 555 P-positions, packed in 83 kB. It is
computed by :func:`solve_box`, which marks, from each P-position found in an
order compatible with bites, every staircase one bite away from it
(:mod:`nimcore.chomp.box`): the 13×13 box in about 4 s of CPython, the 12×12
box some 30 times faster than a plain retrograde search (bench/chomp.py,
bench/results/chomp.md). Other positions are solved by an exhaustive search
over their sub-staircases when the work (positions × squares) stays within
:data:`MAX_SEARCH_WORK`, and refused otherwise; the nimber of a position that a
family or the table answers is searched for only within :data:`MAX_NIMBER_WORK`.
To rebuild the table::

    python tools/make_chomp_table.py

References: D. Gale, *A curious Nim-type game*, American Mathematical Monthly 81
(1974), 876–879; D. Zeilberger, « Three-rowed Chomp », Advances in Applied
Mathematics 26 (2001), 168–179; A. E. Brouwer, *The game of Chomp* (his tables
of P-positions, computed by search); Berlekamp–Conway–Guy, *Winning Ways*,
chapter 18.

The package is split by concern: :mod:`~nimcore.chomp.rule` (positions, bites
and their words), :mod:`~nimcore.chomp.search` (exhaustive search of small
positions), :mod:`~nimcore.chomp.box` (a whole box solved at once, the shipped
table) and :mod:`~nimcore.chomp.analysis` (families, the answer and its
explanation, the computer's bite). Everything public is importable from here.
"""

from nimcore.chomp.analysis import (
    ChompAnalysis,
    analyse,
    family,
    is_p_position,
    winning_moves,
)
from nimcore.chomp.box import (
    MAX_BOX_STAIRCASES,
    TABLE_FILE,
    TABLE_SIZE,
    ChompTable,
    read_table,
    solve_box,
    staircase_of_rank,
    staircase_rank,
    table_bytes,
    table_positions,
    table_text,
)
from nimcore.chomp.rule import MAX_ROW_LENGTH, MAX_ROWS, ChompMove, moves, play, validate_rows
from nimcore.chomp.search import (
    MAX_NIMBER_WORK,
    MAX_SEARCH_WORK,
    grundy_values,
    sub_staircase_count,
)

__all__ = [
    "MAX_BOX_STAIRCASES",
    "MAX_NIMBER_WORK",
    "MAX_ROWS",
    "MAX_ROW_LENGTH",
    "MAX_SEARCH_WORK",
    "TABLE_FILE",
    "TABLE_SIZE",
    "ChompAnalysis",
    "ChompMove",
    "ChompTable",
    "analyse",
    "family",
    "grundy_values",
    "is_p_position",
    "moves",
    "play",
    "read_table",
    "solve_box",
    "staircase_of_rank",
    "staircase_rank",
    "sub_staircase_count",
    "table_bytes",
    "table_positions",
    "table_text",
    "validate_rows",
    "winning_moves",
]
