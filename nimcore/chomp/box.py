"""Every staircase of a box at once: ranked, solved by marking, and packed into the shipped table.

A box of *rows* × *columns* holds C(rows + columns, rows) staircases, the empty
one included. Each is numbered by its **rank**, its place in the lexicographic
order of the row lengths padded with zeros to *rows* entries: the empty bar is
0, ``(1,)`` is 1 and the full box is the last. The rank is a sum over the rows,
``rank = Σ C(rows − 1 − i + length_i, rows − i)`` (the staircases sharing the
rows below i that have a shorter row i), so ranking and unranking cost one step
a row.

That order is compatible with bites: a bite leaves a staircase contained in the
one bitten, so with every row shorter or equal and at least one shorter: a
smaller rank. :func:`solve_box` walks the ranks up. The first rank not yet marked is a
P-position: each of its bites has a smaller rank, so was decided before, and
none was a P-position, or this one would have been marked as its parent. Then
every staircase of the box that reaches it in one bite, each of its *parents*,
is marked as an N-position. Only the P-positions (under 1 % of the 13×13 box)
are visited one by one; ``bytearray.find`` skips the marked ones at C speed.

The parents of a P-position Q are listed without searching. A bite at (r, c)
keeps the rows below r and cuts the rows from r on to c squares at most; so a
parent agrees with Q below r, has rows r … s − 1 longer than c, where Q has c
(r being the first row of Q of length c), and agrees with Q from row s on. Its
rank is Q's plus the offsets of those longer rows, which depend only on
(r, s, c) and the bound the row below sets: they are computed once, kept, and
added to Q's rank. When c = 0 (rows added on top of Q), the parents are exactly
the staircases whose rows below r are Q's: a run of consecutive ranks, marked
by one slice assignment.

No bite of a P-position reaches another P-position, and two bites from one
position, one at (r, c) and one at (r′, c′) with r ≤ r′ and c ≤ c′, leave two
staircases of which the first is one bite away from the second: at most one
winning bite a row and one a column, at most min(rows, columns) in all.

Reference: A. E. Brouwer, *The game of Chomp* (tables of P-positions computed
by search, on his web pages); D. Zeilberger, « Three-rowed Chomp », *Advances
in Applied Mathematics* 26 (2001), 168–179.
"""

from __future__ import annotations

import sys
import zlib
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Set
from functools import cache
from importlib import resources
from itertools import accumulate
from math import comb

from nimcore.chomp.rule import Staircase
from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset

#: Side of the square whose staircases are all answered by the shipped table.
TABLE_SIZE = 13
#: Most staircases in a box that :func:`solve_box` solves: the 13×13 box's, C(26, 13).
MAX_BOX_STAIRCASES = comb(2 * TABLE_SIZE, TABLE_SIZE)
#: Name of the shipped table in ``nimcore/data``.
TABLE_FILE = f"chomp{TABLE_SIZE}.bin"

_MAGIC = b"NIMCHOMP\x01"
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class _Box:
    """The ranks of the staircases of one box (see the module's docstring)."""

    __slots__ = ("columns", "rows", "size", "weights")

    def __init__(self, rows: int, columns: int) -> None:
        self.rows = rows
        self.columns = columns
        self.size = comb(rows + columns, rows)
        # weights[i][v]: staircases sharing rows 0 … i − 1 whose row i is shorter than v.
        self.weights = tuple(
            tuple(comb(rows - 1 - i + v, rows - i) for v in range(columns + 1)) for i in range(rows)
        )

    def holds(self, position: Staircase) -> bool:
        return len(position) <= self.rows and (not position or position[0] <= self.columns)

    def rank(self, position: Staircase) -> int:
        return sum(weight[length] for weight, length in zip(self.weights, position, strict=False))

    def unrank(self, rank: int) -> Staircase:
        rows: list[int] = []
        longest = self.columns
        for weight in self.weights:
            length = bisect_right(weight, rank, 0, longest + 1) - 1
            if length == 0:
                break
            rows.append(length)
            rank -= weight[length]
            longest = length
        return tuple(rows)


@cache
def _box(rows: int, columns: int) -> _Box:
    return _Box(rows, columns)


def _check_box(rows: object, columns: object) -> tuple[int, int]:
    for name, value in (("lignes", rows), ("colonnes", columns)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 64:
            raise NimcoreError(
                typeset(f"Le nombre de {name} {quoted(value)} doit être un entier de 1 à 64.")
            )
    assert isinstance(rows, int) and isinstance(columns, int)
    count = comb(rows + columns, rows)
    if count > MAX_BOX_STAIRCASES:
        raise NimcoreError(
            typeset(
                f"La boîte de {rows} lignes sur {columns} colonnes contient {count} tablettes ;"
                f" la limite est de {MAX_BOX_STAIRCASES} (la boîte"
                f" {TABLE_SIZE}×{TABLE_SIZE})."
            )
        )
    return rows, columns


def staircase_rank(rows: Staircase, box_rows: int, box_columns: int) -> int:
    """Return the rank of the staircase *rows* among those of the box (lexicographic order).

    >>> staircase_rank((), 2, 2), staircase_rank((1,), 2, 2), staircase_rank((2, 2), 2, 2)
    (0, 1, 5)
    >>> [staircase_of_rank(rank, 2, 2) for rank in range(6)]
    [(), (1,), (1, 1), (2,), (2, 1), (2, 2)]

    *rows* must be a staircase of the box (checked by the caller). Cost: one
    step a row.
    """
    return _box(*_check_box(box_rows, box_columns)).rank(rows)


def staircase_of_rank(rank: int, box_rows: int, box_columns: int) -> Staircase:
    """Return the staircase of the box whose rank is *rank* (inverse of :func:`staircase_rank`).

    >>> staircase_of_rank(staircase_rank((5, 3, 1), 13, 13), 13, 13)
    (5, 3, 1)

    Cost: a binary search a row.
    """
    box = _box(*_check_box(box_rows, box_columns))
    if isinstance(rank, bool) or not isinstance(rank, int) or not 0 <= rank < box.size:
        raise NimcoreError(
            typeset(f"Le rang {quoted(rank)} doit être un entier de 0 à {box.size - 1}.")
        )
    return box.unrank(rank)


def _parent_offsets(
    weights: tuple[tuple[int, ...], ...], first: int, end: int, cut: int, longest: int
) -> array[int]:
    """Offsets of rank from a staircase whose rows first … end − 1 have *cut* squares.

    One offset for each way of making those rows longer than *cut*, never longer
    than *longest* and never increasing: Σ weights[i][length_i] − weights[i][cut].
    """
    # tops[v]: the offsets of rows first … i in which row i has v squares.
    lowest = cut + 1
    row = weights[first]
    tops = {v: [row[v] - row[cut]] for v in range(lowest, longest + 1)}
    for i in range(first + 1, end):
        row = weights[i]
        below: list[int] = []  # offsets whose row i − 1 is at least v
        grown: dict[int, list[int]] = {}
        for v in range(longest, lowest - 1, -1):
            below.extend(tops[v])
            step = row[v] - row[cut]
            grown[v] = [offset + step for offset in below]
        tops = grown
    found = array("I")
    for offsets in tops.values():
        found.extend(offsets)
    return found


def _solve_ranks(rows: int, columns: int) -> array[int]:
    """The ranks of the P-positions of the box, increasing (the empty bar left out)."""
    box = _box(rows, columns)
    weights = box.weights
    marked = bytearray(box.size)  # 1: an N-position, found one bite away from a P-position
    ones = memoryview(b"\x01" * box.size)
    offsets: dict[tuple[int, int, int, int], array[int]] = {}
    losing = array("I")
    rank = marked.find(0, 1)
    while rank > 0:
        losing.append(rank)
        position = box.unrank(rank)
        height = len(position)
        if height < rows:
            # Rows added on top (a bite at column 0 eats them): every staircase of the
            # box with these rows below, a run of ranks starting at this one.
            run = comb(rows - height + position[-1], rows - height)
            marked[rank + 1 : rank + run] = ones[: run - 1]
        first = 0
        while first < height:
            cut = position[first]
            last = first
            while last + 1 < height and position[last + 1] == cut:
                last += 1
            longest = position[first - 1] if first else columns
            if longest > cut:
                for end in range(first + 1, last + 2):
                    key = (first, end, cut, longest)
                    found = offsets.get(key)
                    if found is None:
                        found = offsets[key] = _parent_offsets(weights, first, end, cut, longest)
                    for offset in found:
                        marked[rank + offset] = 1
            first = last + 1
        rank = marked.find(0, rank + 1)
    return losing


def solve_box(rows: int, columns: int) -> frozenset[Staircase]:
    """Return every P-position with at most *rows* rows of at most *columns* squares.

    >>> sorted(solve_box(2, 3))
    [(1,), (2, 1), (3, 2)]
    >>> len(solve_box(10, 10))
    2612

    Outcome only (no nimbers), by marking the parents of each P-position found,
    in increasing rank (the module's docstring). Raises :class:`NimcoreError`
    for a box of more than :data:`MAX_BOX_STAIRCASES` staircases, the 13×13
    box's. Cost: one step per (position, winning bite) pair, about 0.06 s for
    the 10×10 box and 4 s for 13×13 in CPython (bench/results/chomp.md); memory:
    two bytes a staircase of the box and the offsets kept (some 150 MB for 13×13).
    """
    rows, columns = _check_box(rows, columns)
    box = _box(rows, columns)
    return frozenset(box.unrank(rank) for rank in _solve_ranks(rows, columns))


class ChompTable(Set[Staircase]):
    """The P-positions of a box, kept as their sorted ranks in an ``array`` (4 bytes each).

    A set of staircases: ``in``, ``len``, iteration (in increasing rank) and
    comparison with other sets. A staircase outside the box is never in it.
    """

    __slots__ = ("_box", "_ranks")

    def __init__(self, rows: int, columns: int, ranks: array[int]) -> None:
        self._box = _box(*_check_box(rows, columns))
        self._ranks = ranks

    @property
    def rows(self) -> int:
        """Rows of the box."""
        return self._box.rows

    @property
    def columns(self) -> int:
        """Columns of the box."""
        return self._box.columns

    def _has(self, rank: int) -> bool:
        index = bisect_left(self._ranks, rank)
        return index < len(self._ranks) and self._ranks[index] == rank

    def __contains__(self, position: object) -> bool:
        if not isinstance(position, tuple) or not self._box.holds(position):
            return False
        return self._has(self._box.rank(position))

    def __iter__(self) -> Iterator[Staircase]:
        return map(self._box.unrank, self._ranks)

    def __len__(self) -> int:
        return len(self._ranks)

    def losing_bites(self, position: Staircase) -> list[tuple[int, int]]:
        """The bites (row, column) from *position*, a staircase of the box, that reach the table.

        The rank of each bite's staircase is Q's rows below the bite plus the
        rows from the bite on, cut: 169 ranks at most, each found in one step,
        then looked up by bisection. Sorted by row, then column.
        """
        weights = self._box.weights
        height = len(position)
        below = [0]
        for weight, length in zip(weights, position, strict=False):
            below.append(below[-1] + weight[length])
        found = []
        for column in range(position[0]):
            above = 0  # the rows from *row* up, cut to *column* squares
            for row in range(height - 1, -1, -1):
                length = position[row]
                above += weights[row][min(length, column)]
                if length > column and (row or column) and self._has(below[row] + above):
                    found.append((row, column))
        found.sort()
        return found


def table_bytes(size: int = TABLE_SIZE) -> bytes:
    """Return the packed table of the P-positions of the size×size box, as shipped.

    The gaps between successive ranks (each below 2**24) are written as three
    planes of bytes (low, middle, high), after a header (``NIMCHOMP``, a version
    byte, the box's rows and columns, the count on four bytes), and the whole
    is compressed with zlib (level 9): 83 kB for the 85 555 P-positions of
    13×13.

    >>> read_table(table_bytes(3)) == solve_box(3, 3)
    True

    Cost: :func:`solve_box`.
    """
    rows, columns = _check_box(size, size)
    ranks = _solve_ranks(rows, columns)
    gaps = [after - before for before, after in zip([0, *ranks], ranks, strict=False)]
    header = _MAGIC + bytes([rows, columns]) + len(ranks).to_bytes(4, "little")
    planes = b"".join(bytes((gap >> shift) & 0xFF for gap in gaps) for shift in (0, 8, 16))
    return zlib.compress(header + planes, 9)


def read_table(data: bytes) -> ChompTable:
    """Read a table packed by :func:`table_bytes`, or raise :class:`NimcoreError`.

    Cost: decompression and one pass over the P-positions (milliseconds).
    """
    try:
        raw = zlib.decompress(data)
    except zlib.error:
        raw = b""
    start = len(_MAGIC) + 6
    if not raw.startswith(_MAGIC) or len(raw) < start:
        raise NimcoreError(typeset("La table de Chomp est illisible."))
    rows, columns = raw[len(_MAGIC)], raw[len(_MAGIC) + 1]
    count = int.from_bytes(raw[start - 4 : start], "little")
    if len(raw) != start + 3 * count:
        raise NimcoreError(typeset("La table de Chomp est illisible."))
    # The planes interleaved into little-endian 32-bit gaps, at C speed.
    words = bytearray(4 * count)
    for plane in range(3):
        words[plane::4] = raw[start + plane * count : start + (plane + 1) * count]
    gaps = array("I")
    gaps.frombytes(words)
    if sys.byteorder == "big":
        gaps.byteswap()
    return ChompTable(rows, columns, array("I", accumulate(gaps)))


@cache
def table_positions() -> ChompTable:
    """Return the shipped P-positions inside the 13×13 square (read once, then cached).

    >>> len(table_positions())
    85555
    >>> (3, 2) in table_positions(), (3, 3) in table_positions()
    (True, False)

    Read from ``nimcore/data/chomp13.bin``, written by ``tools/make_chomp_table.py``
    (:func:`table_bytes`). On the site, the engine's wheel comes without it and
    the worker writes it in place when a Chomp board first needs it; until then
    this raises :class:`NimcoreError`. Cost: a few milliseconds, the first time only.
    """
    try:
        data = resources.files("nimcore").joinpath("data").joinpath(TABLE_FILE).read_bytes()
    except FileNotFoundError:
        raise NimcoreError(
            typeset(
                f"La table des positions perdantes de Chomp (carré {TABLE_SIZE}×{TABLE_SIZE})"
                " n'est pas chargée."
            )
        ) from None
    return read_table(data)


def _encode(staircase: Staircase) -> str:
    return "".join(_DIGITS[length] for length in staircase)


def table_text(size: int = TABLE_SIZE) -> str:
    """Return the P-positions inside the size×size square as text, one a line.

    Each row length is written as one digit (``a`` for 10, ``d`` for 13), the
    poisoned row first, sorted by number of squares then lexicographically;
    lines starting with ``#`` are comments.

    >>> table_text(2).splitlines()[-2:]
    ['1', '21']

    Cost: :func:`solve_box`.
    """
    losing = solve_box(size, size)
    lines = [
        (
            f"# Chomp : les {len(losing)} positions P (perdantes pour qui doit jouer)"
            f" dans le carré {size}×{size}."
        ),
        "# Une position par ligne : longueurs des rangées depuis la rangée empoisonnée,",
        "# un chiffre par rangée (a = 10). Produit par nimcore.chomp.table_text().",
    ]
    lines.extend(_encode(staircase) for staircase in sorted(losing, key=lambda s: (sum(s), s)))
    return "\n".join(lines) + "\n"
