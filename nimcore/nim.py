"""Nim with any number of heaps, in normal and misère play.

A move takes one or more tokens from a single heap. In normal play whoever takes
the last token wins; in misère play whoever takes it loses.

Bouton's theorem: in normal play a position is a P-position (the player to move
loses) exactly when the nim-sum of its heaps is zero, that is when every column
of the binary table holds an even number of ones. In misère play the rule is the
same as long as some heap holds at least two tokens; when every heap holds at
most one token, the position is a P-position exactly when the number of heaps of
one token is odd.

Reference: C. L. Bouton, *Nim, a game with a complete mathematical theory*,
Annals of Mathematics 3 (1901–1902), 35–39.
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any, Literal

from nimcore.errors import NimcoreError
from nimcore.explain.nim import explain as _explain
from nimcore.french import plural, quoted, typeset
from nimcore.heaps import take_from_heap, validate_heap_list
from nimcore.nimsum import nim_sum
from nimcore.numeration import binary_digits

__all__ = [
    "MAX_HEAPS",
    "MAX_HEAP_BITS",
    "NimAnalysis",
    "NimMove",
    "analyse",
    "analyse_checked",
    "is_p_position",
    "misere_sum_counterexample",
    "moves",
    "moves_checked",
    "play",
    "validate_heaps",
    "winning_moves",
]

#: Largest number of heaps accepted: every answer stays instantaneous below it.
MAX_HEAPS = 1000
#: Largest heap size accepted, in bits (heaps below 2**MAX_HEAP_BITS).
MAX_HEAP_BITS = 4096

Outcome = Literal["P", "N"]


def validate_heaps(heaps: object) -> tuple[int, ...]:
    """Return *heaps* as a tuple of natural numbers, or raise :class:`NimcoreError`.

    >>> validate_heaps([3, 0, 5])
    (3, 0, 5)
    >>> validate_heaps([2, -1])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas 2 vaut -1 : un tas ne peut pas être négatif.

    Cost: one check per heap; nothing else is computed before the checks pass.
    """
    return validate_heap_list(heaps, max_heaps=MAX_HEAPS, max_bits=MAX_HEAP_BITS)


@dataclass(frozen=True, slots=True)
class NimMove:
    """Taking *take* tokens from heap number *heap* (counted from 0), which held *before*.

    ``to`` is the whole position reached, heaps in place and zeros kept (the
    shape the command line prints).
    """

    heap: int
    take: int
    before: int
    to: tuple[int, ...]

    @property
    def after(self) -> int:
        """Size of the heap once the move is played."""
        return self.before - self.take

    @property
    def text(self) -> str:
        """The move in French, heaps counted from 1.

        >>> NimMove(heap=1, take=3, before=11, to=(5, 8)).text
        'retirer 3 allumettes du tas 2 (11 → 8)'
        """
        return (
            f"retirer {plural(self.take, 'allumette')} du tas {self.heap + 1}"
            f" ({self.before} → {self.after})"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the move."""
        return {
            "heap": self.heap,
            "take": self.take,
            "before": self.before,
            "after": self.after,
            "to": list(self.to),
            "text": self.text,
        }


def moves(heaps: Sequence[int]) -> Iterator[NimMove]:
    """Yield every legal move from *heaps*, heap by heap, fewest tokens first.

    >>> [move.text for move in moves([2, 0, 1])]
    ['retirer 1 allumette du tas 1 (2 → 1)', 'retirer 2 allumettes du tas 1 (2 → 0)', \
'retirer 1 allumette du tas 3 (1 → 0)']

    Cost: one move per token on the table: use it on small positions only.
    """
    return moves_checked(validate_heaps(heaps))


def moves_checked(position: tuple[int, ...]) -> Iterator[NimMove]:
    """:func:`moves` from a position :func:`validate_heaps` has already checked (the game's)."""
    for index, heap in enumerate(position):
        for take in range(1, heap + 1):
            yield NimMove(index, take, heap, _replace(position, index, heap - take))


def play(heaps: Sequence[int], heap: int, take: int) -> tuple[int, ...]:
    """Return the position reached by taking *take* tokens from heap *heap* (from 0).

    >>> play([3, 4, 5], 2, 4)
    (3, 4, 1)
    >>> play([3, 4, 5], 0, 4)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Impossible de retirer 4 allumettes du tas 1 : il n'en contient que 3.

    The input is not modified.
    """
    return take_from_heap(validate_heaps(heaps), heap, take)


def _replace(position: tuple[int, ...], index: int, size: int) -> tuple[int, ...]:
    return position[:index] + (size,) + position[index + 1 :]


def _is_p(position: tuple[int, ...], misere: bool) -> bool:
    if misere and all(heap <= 1 for heap in position):
        return sum(position) % 2 == 1
    return nim_sum(position) == 0


def is_p_position(heaps: Sequence[int], misere: bool = False) -> bool:
    """Return True when the player to move loses against perfect play.

    >>> is_p_position([1, 2, 3])
    True
    >>> is_p_position([0, 0])
    True
    >>> is_p_position([0, 0], misere=True)
    False
    >>> is_p_position([1, 1, 1], misere=True)
    True

    Cost: linear in the number of bits of the position.
    """
    return _is_p(validate_heaps(heaps), misere)


def _winning_targets(position: tuple[int, ...], index: int, misere: bool) -> list[int]:
    """New sizes of heap *index* that leave a P-position, in decreasing order."""
    heap = position[index]
    others = nim_sum(position) ^ heap
    if not misere:
        return [others] if others < heap else []
    big_other = any(size >= 2 for i, size in enumerate(position) if i != index)
    ones_other = sum(1 for i, size in enumerate(position) if i != index and size == 1)
    targets = set()
    if others < heap and (big_other or others >= 2):
        targets.add(others)
    if not big_other:
        for target in (0, 1):
            if target < heap and (ones_other + target) % 2 == 1:
                targets.add(target)
    return sorted(targets, reverse=True)


def winning_moves(heaps: Sequence[int], misere: bool = False) -> tuple[NimMove, ...]:
    """Return every move to a P-position (none from a P-position).

    >>> [move.text for move in winning_moves([11, 9, 7])]
    ['retirer 5 allumettes du tas 3 (7 → 2)']
    >>> winning_moves([1, 2, 3])
    ()

    Cost: linear in the number of heaps times their number of bits.
    """
    return _winning_moves(validate_heaps(heaps), misere)


def _winning_moves(position: tuple[int, ...], misere: bool) -> tuple[NimMove, ...]:
    found = []
    for index, heap in enumerate(position):
        for target in _winning_targets(position, index, misere):
            found.append(NimMove(index, heap - target, heap, _replace(position, index, target)))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class NimAnalysis:
    """Everything the boards, the command line and the pages say about a Nim position.

    ``weights`` are the column headings of the binary table (powers of two, largest
    first), ``rows`` the binary digits of each heap under those headings, and
    ``column_ones`` the number of ones in each column; a column is odd when that
    number is. ``recommended`` is the winning move a hint shows (``None`` from a
    P-position), ``explanation`` the French sentences that justify it.
    """

    heaps: tuple[int, ...]
    misere: bool
    outcome: Outcome
    nim_sum: int
    nimber: int | None
    winning_moves: tuple[NimMove, ...]
    recommended: NimMove | None
    weights: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    column_ones: tuple[int, ...]
    explanation: tuple[str, ...]

    @property
    def terminal(self) -> bool:
        """True when no token is left."""
        return not any(self.heaps)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view, as the worker sends it to the boards."""
        return {
            "game": "nim",
            "heaps": list(self.heaps),
            "misere": self.misere,
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nim_sum": self.nim_sum,
            "nimber": self.nimber,
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "weights": list(self.weights),
            "rows": [list(row) for row in self.rows],
            "column_ones": list(self.column_ones),
            "explanation": list(self.explanation),
        }


def _binary_table(
    position: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    width = max(1, max(position).bit_length())
    weights = tuple(1 << bit for bit in reversed(range(width)))
    rows = tuple(binary_digits(heap, width) for heap in position)
    column_ones = tuple(sum(column) for column in zip(*rows, strict=True))
    return weights, rows, column_ones


def _recommended(total: int, found: tuple[NimMove, ...]) -> NimMove | None:
    """The winning move a human would find with the binary table."""
    if not found:
        return None
    if total:
        top = 1 << (total.bit_length() - 1)
        for move in found:
            if move.before & top and move.after == move.before ^ total:
                return move
    return found[0]


def analyse(heaps: Sequence[int], misere: bool = False) -> NimAnalysis:
    """Analyse a Nim position: outcome, nim-sum, every winning move and a hint.

    >>> result = analyse([12, 10, 6, 5])
    >>> result.outcome, result.nim_sum, result.column_ones
    ('N', 5, (2, 3, 2, 1))
    >>> [move.text for move in result.winning_moves]
    ['retirer 3 allumettes du tas 1 (12 → 9)', 'retirer 3 allumettes du tas 3 (6 → 3)', \
'retirer 5 allumettes du tas 4 (5 → 0)']
    >>> analyse([1, 3, 5, 7]).outcome
    'P'

    The nimber is the nim-sum in normal play and ``None`` in misère play, where
    nimbers do not add up. Raises :class:`NimcoreError` on an illegal position.
    Cost: linear in the number of heaps times their number of bits.
    """
    position = validate_heaps(heaps)
    if not isinstance(misere, bool):
        raise NimcoreError(
            typeset(f"La variante misère se règle par vrai ou faux, pas {quoted(misere)}.")
        )
    return analyse_checked(position, misere)


def analyse_checked(
    position: tuple[int, ...], misere: bool, *, explain: bool = True
) -> NimAnalysis:
    """:func:`analyse` of a position already checked (the game's, read once at the boundary).

    Without *explain*, only what the computer's move needs: the outcome and the
    winning moves, with no binary table and no French explanation (both empty).

    >>> analyse_checked((3, 4, 5), False, explain=False).explanation
    ()
    """
    total = nim_sum(position)
    found = _winning_moves(position, misere)
    recommended = _recommended(total, found)
    if explain:
        weights, rows, column_ones = _binary_table(position)
        explanation = _explain(position, misere, total, weights, column_ones, recommended)
    else:
        weights, rows, column_ones, explanation = (), (), (), ()
    return NimAnalysis(
        heaps=position,
        misere=misere,
        outcome="P" if _is_p(position, misere) else "N",
        nim_sum=total,
        nimber=None if misere else total,
        winning_moves=found,
        recommended=recommended,
        weights=weights,
        rows=rows,
        column_ones=column_ones,
        explanation=explanation,
    )


def _small_positions(max_heap: int, max_heaps: int) -> list[tuple[int, ...]]:
    """Every position of 1 to *max_heaps* non-empty heaps of at most *max_heap*, fewest tokens first."""
    found = [
        position
        for count in range(1, max_heaps + 1)
        for position in combinations_with_replacement(range(1, max_heap + 1), count)
    ]
    return sorted(found, key=lambda position: (sum(position), position))


def misere_sum_counterexample(
    max_heap: int = 3, max_heaps: int = 3
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None:
    """Find Nim positions A, B, X: A and B lost in misère play, A + X and B + X not alike.

    In normal play two P-positions are interchangeable in any sum: A + X and
    B + X have the same outcome as X, for every X (Sprague–Grundy: both are
    worth 0 ⊕ g(X)). In misère play this fails, so no theory of the
    Sprague–Grundy kind can work there. The search goes through the positions
    of 1 to *max_heaps* heaps of 1 to *max_heap* tokens, fewest tokens in all
    first, and returns the first triple found (None if there is none).

    >>> misere_sum_counterexample()
    ((1,), (2, 2), (2, 2))
    >>> is_p_position([1, 2, 2], misere=True), is_p_position([2, 2, 2, 2], misere=True)
    (False, True)

    Raises :class:`NimcoreError` unless both bounds lie between 1 and 4.
    Cost: about (positions)² outcome tests, a few thousand at the default bounds.
    References: Conway, *On Numbers and Games*, chapter 12; T. E. Plambeck and
    A. N. Siegel, *Misère quotients for impartial games*, Journal of
    Combinatorial Theory A 115 (2008), 593–622.
    """
    for name, bound in (("max_heap", max_heap), ("max_heaps", max_heaps)):
        if isinstance(bound, bool) or not isinstance(bound, int) or not 1 <= bound <= 4:
            raise NimcoreError(
                typeset(f"{name} vaut {quoted(bound)} : un entier de 1 à 4 est attendu.")
            )
    positions = _small_positions(max_heap, max_heaps)
    lost = [position for position in positions if _is_p(position, True)]
    found = [
        (first, second, other)
        for index, first in enumerate(lost)
        for second in lost[index + 1 :]
        for other in positions
        if _is_p(first + other, True) != _is_p(second + other, True)
    ]
    return min(found, key=lambda triple: (sum(map(sum, triple)), triple), default=None)
