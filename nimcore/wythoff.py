"""Wythoff's game: two heaps; take from one heap, or the same amount from both.

A move takes any positive number of tokens from one heap, or the same positive
number from both heaps. Taking the last token wins. On the lattice of positions
(a, b) a move goes left, down, or diagonally down-left.

Wythoff's theorem: the P-positions (the player to move loses) are (0, 0) and
the pairs (⌊kφ⌋, ⌊kφ²⌋) = (⌊kφ⌋, ⌊kφ⌋ + k) for k ≥ 1, and their mirror images,
where φ = (1 + √5)/2 is the golden ratio: (1, 2), (3, 5), (4, 7), (6, 10),
(8, 13), (9, 15), (11, 18)… By Beatty's theorem (1/φ + 1/φ² = 1) every
integer n ≥ 1 lies in exactly one pair, and the k-th pair is the only one
whose heaps differ by k: every row, column and diagonal of the lattice holds
exactly one P-position, so no move joins two of them, and from any other
position one of the three directions reaches one.

All the numbers here are computed with integers only (``isqrt``), never with a
floating-point φ, so the answers stay exact for heaps of any size.

Reference: W. A. Wythoff, *A modification of the game of Nim*, Nieuw Archief
voor Wiskunde 7 (1907), 199–202; S. Beatty, American Mathematical Monthly 33
(1926), 159; A. Satabin, *Les jeux à stratégie gagnante (seconde partie)*,
Petit Vert; Berlekamp–Conway–Guy, *Winning Ways*, chapter 3.

Size: one game's mathematics: the rule, the Beatty pairs in exact integers, the
nimbers' table and the analysis. Its wording is apart
(:mod:`nimcore.explain.wythoff`).
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from nimcore.errors import NimcoreError
from nimcore.explain.wythoff import explain as _explain
from nimcore.french import grouped, plural, quoted, typeset
from nimcore.heaps import check_between, validate_heap
from nimcore.numeration import (
    beatty_index,
    beatty_lower,
    beatty_pair,
    zeckendorf_shift,
    zeckendorf_trailing_zeros,
)

__all__ = [
    "MAX_GRUNDY_SIDE",
    "MAX_HEAP_BITS",
    "MAX_P_POSITIONS",
    "NIMBER_BOUND",
    "WythoffAnalysis",
    "WythoffMove",
    "analyse",
    "grundy_table",
    "is_p_position",
    "moves",
    "nimber",
    "p_positions",
    "pair_index",
    "partner",
    "play",
    "validate_heaps",
    "winning_moves",
    "zeckendorf_p_positions",
]

#: Largest heap accepted, in bits (heaps below 2**MAX_HEAP_BITS, about 1233 decimal digits).
MAX_HEAP_BITS = 4096
#: Nimbers of N-positions are read from a table for heaps below this bound.
NIMBER_BOUND = 64
#: Largest side of a table built by :func:`grundy_table`.
MAX_GRUNDY_SIDE = 100
#: Largest number of pairs listed by :func:`p_positions`.
MAX_P_POSITIONS = 100_000

Outcome = Literal["P", "N"]
Heaps = tuple[int, int]
Side = Literal["lower", "upper"]


def validate_heaps(heaps: object) -> Heaps:
    """Return *heaps* as a pair of natural numbers (a, b), or raise :class:`NimcoreError`.

    >>> validate_heaps([3, 5])
    (3, 5)
    >>> validate_heaps([3, -5])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas 2 vaut -5 : un tas ne peut pas être négatif.

    Cost: a few checks; nothing is computed before they pass.
    """
    if isinstance(heaps, (str, bytes)) or not isinstance(heaps, Sequence):
        raise NimcoreError(typeset(f"Deux tas sont attendus, pas {quoted(heaps)}."))
    if len(heaps) != 2:
        raise NimcoreError(
            typeset(
                f"Le jeu de Wythoff se joue avec deux tas, pas {len(heaps)} : {quoted(list(heaps))}."
            )
        )
    a, b = (validate_heap(heap, index, MAX_HEAP_BITS) for index, heap in enumerate(heaps, start=1))
    return a, b


@dataclass(frozen=True, slots=True)
class WythoffMove:
    """Taking *take_a* tokens from heap 1 and *take_b* from heap 2 (equal when both are taken).

    ``to`` is the position reached, (a − take_a, b − take_b).
    """

    take_a: int
    take_b: int
    before: Heaps
    to: Heaps

    @property
    def kind(self) -> Literal["heap 1", "heap 2", "both"]:
        """Direction on the lattice: left (heap 1), down (heap 2) or diagonal (both)."""
        if self.take_a and self.take_b:
            return "both"
        return "heap 1" if self.take_a else "heap 2"

    @property
    def text(self) -> str:
        """The move in French.

        >>> WythoffMove(3, 0, (11, 18), (8, 18)).text
        'retirer 3 jetons du tas 1 (11 → 8)'
        >>> WythoffMove(2, 2, (5, 8), (3, 6)).text
        'retirer 2 jetons de chaque tas (5 → 3 et 8 → 6)'
        """
        (a, b), (after_a, after_b) = (map(grouped, pair) for pair in (self.before, self.to))
        take = self.take_b if self.kind == "heap 2" else self.take_a
        tokens = f"{grouped(take)} jeton{'s' if take > 1 else ''}"
        if self.kind == "both":
            return f"retirer {tokens} de chaque tas ({a} → {after_a} et {b} → {after_b})"
        if self.kind == "heap 1":
            return f"retirer {tokens} du tas 1 ({a} → {after_a})"
        return f"retirer {tokens} du tas 2 ({b} → {after_b})"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the move."""
        return {
            "kind": self.kind,
            "take_a": self.take_a,
            "take_b": self.take_b,
            "before": list(self.before),
            "to": list(self.to),
            "text": self.text,
        }


def _move(heaps: Heaps, take_a: int, take_b: int) -> WythoffMove:
    return WythoffMove(take_a, take_b, heaps, (heaps[0] - take_a, heaps[1] - take_b))


def moves(heaps: Sequence[int]) -> Iterator[WythoffMove]:
    """Yield every legal move: from heap 1, from heap 2, then from both, fewest tokens first.

    >>> [move.to for move in moves([1, 2])]
    [(0, 2), (1, 1), (1, 0), (0, 1)]

    Cost: one move per token on the table: use it on small positions only.
    """
    a, b = validate_heaps(heaps)
    for take in range(1, a + 1):
        yield _move((a, b), take, 0)
    for take in range(1, b + 1):
        yield _move((a, b), 0, take)
    for take in range(1, min(a, b) + 1):
        yield _move((a, b), take, take)


def play(heaps: Sequence[int], take_a: int, take_b: int) -> Heaps:
    """Return the position reached by taking *take_a* from heap 1 and *take_b* from heap 2.

    One of the two takes must be 0, or both must be equal.

    >>> play([11, 18], 0, 7)
    (11, 11)
    >>> play([11, 18], 2, 3)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Un coup retire d'un seul tas, ou autant des deux tas : \
pas 2 et 3.

    The input is not modified.
    """
    a, b = validate_heaps(heaps)
    for take in (take_a, take_b):
        if isinstance(take, bool) or not isinstance(take, int) or take < 0:
            raise NimcoreError(
                typeset(f"Un retrait est un nombre entier positif ou nul, pas {quoted(take)}.")
            )
    if take_a == take_b == 0:
        raise NimcoreError(typeset("Il faut retirer au moins un jeton."))
    if take_a and take_b and take_a != take_b:
        raise NimcoreError(
            typeset(
                f"Un coup retire d'un seul tas, ou autant des deux tas : pas {take_a} et {take_b}."
            )
        )
    for index, (take, heap) in enumerate(((take_a, a), (take_b, b)), start=1):
        if take > heap:
            raise NimcoreError(
                typeset(
                    f"Impossible de retirer {plural(take, 'jeton')} du tas {index} :"
                    f" il n'en contient que {heap}."
                )
            )
    return a - take_a, b - take_b


def partner(heap: int) -> int:
    """Return the other heap of the only P-position containing *heap* (0 for 0).

    >>> partner(11), partner(18), partner(0)
    (18, 11, 0)

    Cost: two integer square roots (see :func:`~nimcore.numeration.beatty_index`).
    """
    k, side = beatty_index(heap)
    return heap + k if side == "lower" else heap - k


def pair_index(heaps: Sequence[int]) -> int | None:
    """Return k when *heaps* is the k-th P-position (⌊kφ⌋, ⌊kφ²⌋) in some order, else None.

    >>> pair_index([18, 11]), pair_index([0, 0]), pair_index([11, 8])
    (7, 0, None)

    Cost: two integer square roots.
    """
    a, b = validate_heaps(heaps)
    k = abs(b - a)
    return k if beatty_pair(k) == (min(a, b), max(a, b)) else None


def is_p_position(heaps: Sequence[int]) -> bool:
    """Return True when the player to move loses: the heaps form a Beatty pair.

    >>> is_p_position([11, 18]), is_p_position([11, 8]), is_p_position([10**1000, 10**1000])
    (True, False, False)

    Cost: two integer square roots, whatever the size of the heaps.
    """
    return pair_index(heaps) is not None


def _check_count(count: object) -> None:
    """Refuse, in French, a number of pairs that is not an integer from 0 to MAX_P_POSITIONS."""
    check_between(count, "Le nombre de paires", 0, MAX_P_POSITIONS, kind="un entier")


def p_positions(count: int) -> tuple[Heaps, ...]:
    """Return the first *count* P-positions (⌊kφ⌋, ⌊kφ²⌋), k = 0, 1, …, smaller heap first.

    Their mirror images (b, a) are P-positions too.

    >>> p_positions(9)
    ((0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20))

    Raises :class:`NimcoreError` for a negative count or one above
    :data:`MAX_P_POSITIONS`. Cost: one integer square root per pair.
    """
    _check_count(count)
    return tuple(beatty_pair(k) for k in range(count))


def zeckendorf_p_positions(count: int) -> tuple[Heaps, ...]:
    """Return the first *count* P-positions read off Zeckendorf writings, with no φ at all.

    The smaller heaps a₁ < a₂ < … of the P-positions are the numbers whose
    Zeckendorf word ends with an even number of zeros (1, 3, 4, 6, 8, 9, 11…);
    the larger heap of each is the same word followed by one more zero
    (:func:`~nimcore.numeration.zeckendorf_shift`). Listing these pairs in
    order gives exactly :func:`p_positions` (a theorem proved on the site's
    Wythoff page, and checked by the tests).

    >>> zeckendorf_p_positions(8)
    ((0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18))

    Raises :class:`NimcoreError` for a negative count or one above
    :data:`MAX_P_POSITIONS`. Cost: one Zeckendorf writing per integer up to the
    last smaller heap, about 0.62 × *count* of them.
    References: R. Silber, *A Fibonacci property of Wythoff pairs*, Fibonacci
    Quarterly 14 (1976), 380–384; A. S. Fraenkel, *How to beat your Wythoff
    games' opponent on three fronts*, American Mathematical Monthly 89 (1982),
    353–361.
    """
    _check_count(count)
    pairs: list[Heaps] = [(0, 0)][:count]
    n = 0
    while len(pairs) < count:
        n += 1
        if zeckendorf_trailing_zeros(n) % 2 == 0:
            pairs.append((n, zeckendorf_shift(n)))
    return tuple(pairs)


def _winning(heaps: Heaps) -> tuple[tuple[WythoffMove, int], ...]:
    """Every winning move with the index k of the pair it reaches: heap 1, heap 2, diagonal."""
    a, b = heaps
    found: list[tuple[WythoffMove, int]] = []
    # Left along the row: heap 2 stays, heap 1 must become the partner of b.
    k, _ = beatty_index(b)
    target = partner(b)
    if target < a:
        found.append((_move(heaps, a - target, 0), k))
    # Down the column: heap 1 stays, heap 2 must become the partner of a.
    k, _ = beatty_index(a)
    target = partner(a)
    if target < b:
        found.append((_move(heaps, 0, b - target), k))
    # Along the diagonal: the difference stays, only the pair of that difference fits.
    k = abs(b - a)
    smaller = beatty_lower(k)
    if smaller < min(a, b):
        take = min(a, b) - smaller
        found.append((_move(heaps, take, take), k))
    return tuple(found)


def winning_moves(heaps: Sequence[int]) -> tuple[WythoffMove, ...]:
    """Return every move to a P-position: at most one per direction, so at most three.

    >>> [move.text for move in winning_moves([5, 7])]
    ['retirer 1 jeton du tas 1 (5 → 4)', 'retirer 4 jetons du tas 2 (7 → 3)', \
'retirer 2 jetons de chaque tas (5 → 3 et 7 → 5)']
    >>> [move.to for move in winning_moves([10, 12])]
    [(10, 6), (3, 5)]
    >>> winning_moves([11, 18])
    ()

    Proof that this is the whole set: a move keeps b (left, along the row),
    keeps a (down, along the column) or keeps b − a (along the diagonal). By
    Beatty's theorem the row of height b ≥ 1 holds exactly one P-position, the
    one pairing b with its partner (⌊kφ²⌋ if b = ⌊kφ⌋, ⌊kφ⌋ if b = ⌊kφ²⌋), and
    the row of height 0 only (0, 0); likewise for a column. The diagonal of
    difference d holds only the d-th pair (⌊dφ⌋, ⌊dφ⌋ + d), or its mirror. So
    each direction offers at most one target, reachable exactly when it lies
    strictly below the position; the three targets are distinct. Checked
    against exhaustive search for every a, b ≤ 30.

    Cost: a few integer square roots, instant for heaps of 10**1000.
    """
    return tuple(move for move, _ in _winning(validate_heaps(heaps)))


@cache
def _grundy_rows(side: int) -> tuple[tuple[int, ...], ...]:
    """The sieve of Satabin's program: g(a, b) = mex of the row, the column and the diagonal."""
    rows: list[list[int]] = []
    columns: list[set[int]] = [set() for _ in range(side)]
    diagonals: dict[int, set[int]] = {}
    for a in range(side):
        row: list[int] = []
        row_seen: set[int] = set()
        for b in range(side):
            column_seen = columns[b]
            diagonal_seen = diagonals.setdefault(b - a, set())
            value = 0
            while value in row_seen or value in column_seen or value in diagonal_seen:
                value += 1
            row.append(value)
            row_seen.add(value)
            column_seen.add(value)
            diagonal_seen.add(value)
        rows.append(row)
    return tuple(tuple(row) for row in rows)


def grundy_table(side: int) -> tuple[tuple[int, ...], ...]:
    """Return the Grundy values g(a, b) for 0 ≤ a, b < *side*, as rows indexed by a.

    Each value is the mex (smallest natural number missing) of the values to its
    left in the row, below it in the column and below-left on the diagonal: the
    sieve of the lattice picture; its zeros are the P-positions.

    >>> for row in grundy_table(5):
    ...     print(row)
    (0, 1, 2, 3, 4)
    (1, 2, 0, 4, 5)
    (2, 0, 1, 5, 3)
    (3, 4, 5, 6, 2)
    (4, 5, 3, 2, 7)

    Raises :class:`NimcoreError` beyond :data:`MAX_GRUNDY_SIDE`. Cost: of order
    side³ set look-ups in the worst case (the mex search); tables are cached.
    Reference: A. Satabin, *Petit Vert* (§ 4.3).
    """
    side = check_between(
        side, "La taille du tableau", 0, MAX_GRUNDY_SIDE, kind="un entier", feminine=True
    )
    return _grundy_rows(side)


def _nimber(heaps: Heaps, is_p: bool) -> int | None:
    a, b = heaps
    if is_p:
        return 0
    if a == 0 or b == 0:
        return a + b
    if a < NIMBER_BOUND and b < NIMBER_BOUND:
        return _grundy_rows(NIMBER_BOUND)[a][b]
    return None


def nimber(heaps: Sequence[int]) -> int | None:
    """Return the Grundy value of (a, b) when it is known cheaply, else None.

    It is 0 at the P-positions, the other heap when one heap is empty, and read
    from :func:`grundy_table` when both heaps are below :data:`NIMBER_BOUND`;
    elsewhere no formula is known and the answer is None.

    >>> nimber([4, 4]), nimber([0, 9]), nimber([10**100, 10**100])
    (7, 9, None)

    Cost: two integer square roots, and the table of side :data:`NIMBER_BOUND`
    the first time it is needed.
    """
    checked = validate_heaps(heaps)
    return _nimber(checked, is_p_position(checked))


@dataclass(frozen=True, slots=True)
class WythoffAnalysis:
    """Everything the boards, the command line and the pages say about a Wythoff position.

    ``heap_indices`` gives, for each heap n, the pair (k, side) with n = ⌊kφ⌋
    (side "lower") or n = ⌊kφ²⌋ (side "upper"); ``partners`` the other heap of
    the P-position containing each heap; ``difference_pair`` the only P-pair whose
    heaps differ by |a − b|. ``pair_index`` is k when the position is the k-th
    P-pair, and ``reached_pairs`` the index of the pair each winning move
    reaches. ``recommended`` follows Satabin's recipe: along the diagonal when
    possible, else down the larger heap.
    """

    heaps: Heaps
    outcome: Outcome
    nimber: int | None
    pair_index: int | None
    heap_indices: tuple[tuple[int, Side], tuple[int, Side]]
    partners: Heaps
    difference: int
    difference_pair: Heaps
    winning_moves: tuple[WythoffMove, ...]
    reached_pairs: tuple[int, ...]
    recommended: WythoffMove | None
    explanation: tuple[str, ...]

    @property
    def terminal(self) -> bool:
        """True when both heaps are empty."""
        return self.heaps == (0, 0)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view, as the worker sends it to the boards."""
        return {
            "game": "wythoff",
            "heaps": list(self.heaps),
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nimber": self.nimber,
            "pair_index": self.pair_index,
            "heap_indices": [[k, side] for k, side in self.heap_indices],
            "partners": list(self.partners),
            "difference": self.difference,
            "difference_pair": list(self.difference_pair),
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "reached_pairs": list(self.reached_pairs),
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "explanation": list(self.explanation),
        }


def analyse(heaps: Sequence[int], *, explain: bool = True) -> WythoffAnalysis:
    """Analyse a Wythoff position: outcome, Beatty indices, every winning move and a hint.

    >>> result = analyse([7, 12])
    >>> result.outcome, result.heap_indices, result.difference_pair
    ('N', ((3, 'upper'), (8, 'lower')), (8, 13))
    >>> [move.text for move in result.winning_moves]
    ['retirer 8 jetons du tas 2 (12 → 4)']
    >>> analyse([11, 18]).outcome, analyse([11, 18]).pair_index
    ('P', 7)
    >>> analyse([10**1000, 2 * 10**1000]).outcome
    'N'

    Raises :class:`NimcoreError` on an illegal position. Cost: a few integer
    square roots, instant for heaps of 10**1000.
    """
    checked = validate_heaps(heaps)
    a, b = checked
    index = pair_index(checked)
    found = _winning(checked)
    recommended: tuple[WythoffMove, int] | None = None
    if found:
        diagonal = [item for item in found if item[0].kind == "both"]
        down_larger = [item for item in found if item[0].kind == ("heap 2" if b >= a else "heap 1")]
        recommended = (diagonal or down_larger or list(found))[0]
    indices = (beatty_index(a), beatty_index(b))
    partners = (partner(a), partner(b))
    low, high = beatty_pair(abs(b - a))
    return WythoffAnalysis(
        heaps=checked,
        outcome="P" if index is not None else "N",
        nimber=_nimber(checked, index is not None),
        pair_index=index,
        heap_indices=indices,
        partners=partners,
        difference=abs(b - a),
        difference_pair=(low, high) if a <= b else (high, low),
        winning_moves=tuple(move for move, _ in found),
        reached_pairs=tuple(k for _, k in found),
        recommended=None if recommended is None else recommended[0],
        explanation=_explain(checked, indices, partners, found, recommended) if explain else (),
    )
