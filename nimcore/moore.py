"""Moore's Nim_k: a move takes tokens from at least one and at most k heaps.

Any positive number of tokens may be taken from each chosen heap. Nim_1 is
ordinary Nim. In normal play whoever takes the last token wins.

Moore's theorem: write every heap in base 2, one under the other; the position
is a P-position (the player to move loses) exactly when every binary column
holds a number of ones divisible by k + 1. The column sums reduced modulo
k + 1 are the "Nim_k-sum" of the Belgian report (a number written in base
k + 1): the position is lost exactly when it is 0.

Reference: E. H. Moore, *A generalization of the game called Nim*, Annals of
Mathematics 11 (1910), 93–94.

Size: one game's mathematics: the rule, Moore's theorem and the automaton that finds
the winning moves across k heaps without listing every move. Its wording is
apart (:mod:`nimcore.explain.moore`).
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from math import comb
from typing import Any, Literal

from nimcore.errors import NimcoreError
from nimcore.explain.moore import explain as _explain
from nimcore.french import plural, quoted, typeset
from nimcore.heaps import check_integer, validate_heap_list
from nimcore.nimsum import nim_sum
from nimcore.numeration import binary_digits

__all__ = [
    "MAX_HEAPS",
    "MAX_HEAP_BITS",
    "MAX_WINNING_MOVES",
    "MooreAnalysis",
    "MooreMove",
    "analyse",
    "column_ones",
    "count_moves",
    "count_winning_moves",
    "is_p_position",
    "moves",
    "play",
    "validate_heaps",
    "validate_k",
    "winning_moves",
]

#: Largest number of heaps accepted: every winning move is listed quickly below it.
MAX_HEAPS = 8
#: Largest heap size accepted, in bits (heaps below 2**MAX_HEAP_BITS).
MAX_HEAP_BITS = 16
#: Most winning moves listed; a position with more is refused (they are counted first).
MAX_WINNING_MOVES = 10_000

Outcome = Literal["P", "N"]


def validate_heaps(heaps: object) -> tuple[int, ...]:
    """Return *heaps* as a tuple of natural numbers, or raise :class:`NimcoreError`.

    >>> validate_heaps([3, 5, 4, 2])
    (3, 5, 4, 2)
    >>> validate_heaps([1] * 9)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Trop de tas : 9 ; la limite est de 8 tas.

    Cost: one check per heap; nothing else is computed before the checks pass.
    """
    return validate_heap_list(heaps, max_heaps=MAX_HEAPS, max_bits=MAX_HEAP_BITS)


def validate_k(k: object) -> int:
    """Return *k*, the most heaps a move may touch, or raise :class:`NimcoreError`.

    >>> validate_k(2)
    2
    >>> validate_k(0)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: k vaut 0 : un coup touche au moins un tas, il faut k ≥ 1.
    """
    k = check_integer(k, "k")
    if k < 1:
        raise NimcoreError(typeset(f"k vaut {k} : un coup touche au moins un tas, il faut k ≥ 1."))
    return k


def _french_join(parts: Sequence[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " et " + parts[-1]


@dataclass(frozen=True, slots=True)
class MooreMove:
    """A move from *before* to *to*: the heaps that shrink are the ones touched.

    ``to`` is the whole position reached, heaps in place and zeros kept.
    """

    before: tuple[int, ...]
    to: tuple[int, ...]

    @property
    def heaps(self) -> tuple[int, ...]:
        """Indices (from 0) of the heaps the move takes from."""
        return tuple(i for i, (a, b) in enumerate(zip(self.before, self.to, strict=True)) if b < a)

    @property
    def takes(self) -> tuple[int, ...]:
        """Tokens taken from each touched heap, in the order of :attr:`heaps`."""
        return tuple(self.before[i] - self.to[i] for i in self.heaps)

    @property
    def text(self) -> str:
        """The move in French, heaps counted from 1.

        >>> MooreMove((3, 5, 4, 2), (3, 3, 1, 2)).text
        'retirer 2 allumettes du tas 2 (5 → 3) et 3 allumettes du tas 3 (4 → 1)'
        """
        return self._touched()[2]

    def _touched(self) -> tuple[list[int], list[int], str]:
        """The heaps touched, what is taken from each, and the move's words: one pass
        over the heaps (a view lists up to :data:`~nimcore.games.base.MAX_VIEW_MOVES`
        moves, and their words are most of its cost)."""
        heaps: list[int] = []
        takes: list[int] = []
        parts: list[str] = []
        for i, (a, b) in enumerate(zip(self.before, self.to, strict=True)):
            if b < a:
                heaps.append(i)
                takes.append(a - b)
                parts.append(f"{plural(a - b, 'allumette')} du tas {i + 1} ({a} → {b})")
        return heaps, takes, "retirer " + _french_join(parts)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the move.

        >>> MooreMove((3, 5, 4, 2), (3, 3, 1, 2)).to_dict()["takes"]
        [2, 3]
        """
        heaps, takes, text = self._touched()
        return {
            "heaps": heaps,
            "takes": takes,
            "before": list(self.before),
            "to": list(self.to),
            "text": text,
        }


def column_ones(heaps: Sequence[int]) -> tuple[int, ...]:
    """Number of ones in each binary column, most significant column first.

    >>> column_ones([11, 9, 7])
    (2, 1, 2, 3)

    Cost: linear in the number of heaps times their number of bits.
    """
    position = validate_heaps(heaps)
    return _column_ones(position, _width(position))


def _width(position: Sequence[int]) -> int:
    return max(1, max(position).bit_length())


def _column_ones(position: Sequence[int], width: int) -> tuple[int, ...]:
    return tuple(sum((heap >> bit) & 1 for heap in position) for bit in reversed(range(width)))


def _is_p(position: Sequence[int], k: int) -> bool:
    return all(ones % (k + 1) == 0 for ones in _column_ones(position, _width(position)))


def _is_p_misere(position: Sequence[int], k: int) -> bool:
    if all(heap <= 1 for heap in position):
        return sum(position) % (k + 1) == 1
    return _is_p(position, k)


def is_p_position(heaps: Sequence[int], k: int, misere: bool = False) -> bool:
    """Return True when the player to move loses: every column sum is a multiple of k + 1.

    In misère play (whoever takes the last token loses) the rule changes only
    when no heap holds two tokens or more: the position is then lost exactly
    when the number of heaps of one token is 1 more than a multiple of k + 1.

    Proof (Moore). From such a position, look at the highest column where a
    touched heap changes: every heap changing there loses a 1 (its size
    decreases), between 1 and k of them, so that column stops being a multiple
    of k + 1. From any other position, go down the columns from the highest
    one that is not a multiple: with c ones in the heaps not yet touched and f
    heaps already touched (free to take any digit), one may clear the 1 of up
    to min(c, k − f) untouched heaps and give the touched heaps from 0 to f
    ones, so the column can hold any count from c − min(c, k − f) to c + f: k + 1
    consecutive numbers, or all of 0 … c + f; a multiple of k + 1 is always
    among them, and at most k heaps are ever touched.

    >>> is_p_position([2, 3, 3, 1], 2)
    True
    >>> is_p_position([11, 9, 7], 2)
    False
    >>> is_p_position([7, 7, 7], 2)
    True
    >>> is_p_position([1, 1, 1, 1], 2, misere=True), is_p_position([1, 1, 1], 2, misere=True)
    (True, False)
    >>> is_p_position([3, 3, 3], 2, misere=True), is_p_position([2, 2, 1], 2, misere=True)
    (True, False)

    Proof of the misère rule. Call *big* a heap of two tokens or more. (a) The
    empty position is not of the kind described (0 ones). (b) From a position
    of the kind described every move leaves one of the other kind: with no big
    heap, a move takes from 1 to k heaps of one token, so the count of ones
    stops being 1 more than a multiple of k + 1; with a big heap, its highest
    binary column of weight 2 or more holds a non-zero multiple of k + 1 ones,
    so there are at least k + 1 big heaps, a move leaves one of them untouched,
    and the columns stop being multiples (normal rule). (c) From any other
    non-empty position a move reaches the kind described: with no big heap,
    remove (ones − 1) mod (k + 1) heaps of one token, or k of them when that is
    0; with b big heaps, 1 ≤ b ≤ k, touch all of them, leaving each with 0 or 1
    token, and remove up to k − b heaps of one token: the number of ones left
    ranges over an interval holding a number 1 more than a multiple of k + 1;
    with more than k big heaps, the normal rebalancing move touches at most k
    heaps and leaves a big heap.

    Cost: linear in the number of heaps times their number of bits.
    Reference: Moore (1910).
    """
    position, k = validate_heaps(heaps), validate_k(k)
    return _is_p_misere(position, k) if misere else _is_p(position, k)


def moves(heaps: Sequence[int], k: int) -> Iterator[MooreMove]:
    """Yield every legal move: fewest heaps touched first, then fewest tokens taken.

    >>> [move.to for move in moves([1, 2], 2)]
    [(0, 2), (1, 1), (1, 0), (0, 1), (0, 0)]

    Cost: one move per target position, up to the product of the heaps: use it
    on small positions only.
    """
    position = validate_heaps(heaps)
    k = validate_k(k)
    nonempty = [i for i, heap in enumerate(position) if heap]
    for count in range(1, min(k, len(nonempty)) + 1):
        for chosen in combinations(nonempty, count):
            ranges = [range(position[i] - 1, -1, -1) for i in chosen]
            for sizes in product(*ranges):
                after = list(position)
                for i, size in zip(chosen, sizes, strict=True):
                    after[i] = size
                yield MooreMove(position, tuple(after))


def count_moves(heaps: Sequence[int], k: int) -> int:
    """Return how many legal moves there are, without listing them.

    A move chooses 1 to k non-empty heaps and a smaller size for each: the
    count is the sum of the elementary symmetric polynomials e_1, …, e_k of
    the heaps.

    >>> count_moves([1, 2], 2), len(list(moves([1, 2], 2)))
    (5, 5)
    >>> count_moves([15] * 6, 5)
    5386590

    Cost: k passes over the heaps (no move is built).
    """
    position = validate_heaps(heaps)
    k = validate_k(k)
    # symmetric[j] = e_j of the heaps seen so far.
    symmetric = [1] + [0] * min(k, len(position))
    for heap in position:
        for j in range(len(symmetric) - 1, 0, -1):
            symmetric[j] += symmetric[j - 1] * heap
    return sum(symmetric[1:])


def play(heaps: Sequence[int], takes: Sequence[int], k: int) -> tuple[int, ...]:
    """Return the position reached by taking ``takes[i]`` tokens from heap i (0 leaves it alone).

    >>> play([3, 5, 4, 2], [0, 2, 3, 0], 2)
    (3, 3, 1, 2)
    >>> play([3, 5, 4, 2], [1, 1, 1, 0], 2)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Ce coup touche 3 tas ; on ne peut en toucher que 2 au plus.

    The input is not modified.
    """
    position = validate_heaps(heaps)
    k = validate_k(k)
    if isinstance(takes, (str, bytes)) or not isinstance(takes, Sequence):
        raise NimcoreError(typeset(f"Une liste de prélèvements est attendue, pas {quoted(takes)}."))
    if len(takes) != len(position):
        raise NimcoreError(
            typeset(
                f"Il faut un prélèvement par tas : {len(takes)} donnés pour"
                f" {plural(len(position), 'tas', 'tas')}."
            )
        )
    for index, (take, heap) in enumerate(zip(takes, position, strict=True), start=1):
        if isinstance(take, bool) or not isinstance(take, int) or take < 0:
            raise NimcoreError(
                typeset(
                    f"Le prélèvement du tas {index} vaut {quoted(take)} :"
                    " un entier positif ou nul est attendu."
                )
            )
        if take > heap:
            raise NimcoreError(
                typeset(
                    f"Impossible de retirer {plural(take, 'allumette')} du tas {index} :"
                    f" il n'en contient que {heap}."
                )
            )
    touched = sum(1 for take in takes if take)
    if touched == 0:
        raise NimcoreError(typeset("Il faut retirer au moins une allumette."))
    if touched > k:
        raise NimcoreError(
            typeset(f"Ce coup touche {touched} tas ; on ne peut en toucher que {k} au plus.")
        )
    return tuple(heap - take for heap, take in zip(position, takes, strict=True))


# --- every winning move ---------------------------------------------------------------
#
# Read the columns from the most significant one. Each heap is either still equal to
# the prefix of its old size ("tight": it keeps its bit, or drops a 1 to 0 and
# becomes "free", i.e. already smaller) or free (any bit). The heaps a move touches
# are exactly the free ones at the end, so at most k heaps may ever become free. In
# each column the number of ones must be a multiple of k + 1: the tight heaps that
# keep a 1 give `kept` ones, and the free heaps must give r ≡ −kept (mod k + 1) with
# 0 ≤ r ≤ (number of free heaps) ≤ k: at most one r fits, so the free heaps choose
# which r of them get a 1. An automaton on the set of tight heaps counts the targets
# (every final state except "all tight", which is no move) and then lists them,
# following only states that lead somewhere, so the listing costs time in
# proportion to its output.


def _submasks(mask: int) -> Iterator[int]:
    sub = mask
    while True:
        yield sub
        if sub == 0:
            return
        sub = (sub - 1) & mask


class _MoveAutomaton:
    """Every target of a move from *position* (at most k heaps touched) that is a P-position."""

    def __init__(self, position: tuple[int, ...], k: int) -> None:
        self.position = position
        self.k = k
        self.size = len(position)
        self.width = _width(position)
        self.full = (1 << self.size) - 1
        self.bit_masks = [
            sum(1 << i for i, heap in enumerate(position) if (heap >> bit) & 1)
            for bit in reversed(range(self.width))
        ]
        # transitions[column][tight] = [(dropped, ones_from_free, ways, next_tight)]
        self.transitions: list[dict[int, list[tuple[int, int, int, int]]]] = []
        layer = {self.full}
        modulus = k + 1
        for column in range(self.width):
            ones = self.bit_masks[column]
            table: dict[int, list[tuple[int, int, int, int]]] = {}
            following: set[int] = set()
            for tight in layer:
                free_count = self.size - tight.bit_count()
                tight_ones = tight & ones
                kept_total = tight_ones.bit_count()
                edges = []
                for dropped in _submasks(tight_ones):
                    dropped_count = dropped.bit_count()
                    if free_count + dropped_count > k:
                        continue
                    from_free = -(kept_total - dropped_count) % modulus
                    if from_free <= free_count:
                        after = tight & ~dropped
                        edges.append((dropped, from_free, comb(free_count, from_free), after))
                        following.add(after)
                table[tight] = edges
            self.transitions.append(table)
            layer = following
        # Count completions backwards; every final state but "nothing touched" counts.
        counts = {tight: 1 for tight in layer if tight != self.full}
        self.completions = [counts]
        for column in reversed(range(self.width)):
            previous: dict[int, int] = {}
            for tight, edges in self.transitions[column].items():
                total = sum(ways * counts.get(after, 0) for _, _, ways, after in edges)
                if total:
                    previous[tight] = total
            counts = previous
            self.completions.append(counts)
        self.completions.reverse()

    def count(self) -> int:
        return self.completions[0].get(self.full, 0)

    def targets(self) -> Iterator[tuple[int, ...]]:
        """Every position reached (explicit stack, no recursion)."""
        if not self.count():
            return
        size = self.size
        stack: list[tuple[int, int, tuple[int, ...]]] = [(0, self.full, (0,) * size)]
        while stack:
            column, tight, values = stack.pop()
            if column == self.width:
                yield values
                continue
            ones = self.bit_masks[column]
            free = [i for i in range(size) if not (tight >> i) & 1]
            for dropped, from_free, _, after in self.transitions[column][tight]:
                if not self.completions[column + 1].get(after):
                    continue
                kept = tight & ones & ~dropped
                for picked in combinations(free, from_free):
                    bits = kept
                    for i in picked:
                        bits |= 1 << i
                    stack.append(
                        (
                            column + 1,
                            after,
                            tuple((values[i] << 1) | ((bits >> i) & 1) for i in range(size)),
                        )
                    )


def count_winning_moves(heaps: Sequence[int], k: int) -> int:
    """Return how many moves lead to a P-position, without listing them.

    >>> count_winning_moves([11, 9, 7], 2)
    1
    >>> count_winning_moves([3, 5, 4, 2], 2)
    2
    >>> count_winning_moves([1000, 2000, 3000, 4000], 2)
    16

    Cost: one pass over the columns with one state per set of at most k heaps
    already made smaller; at most 3**n steps per column for n heaps, in
    practice far fewer.
    """
    position = validate_heaps(heaps)
    k = validate_k(k)
    return _MoveAutomaton(position, k).count()


def winning_moves(heaps: Sequence[int], k: int) -> tuple[MooreMove, ...]:
    """Return every move to a P-position (none from a P-position).

    Moves come by number of heaps touched, then by heaps, then by position
    reached (largest first).

    >>> [move.to for move in winning_moves([3, 5, 4, 2], 2)]
    [(3, 3, 1, 2), (3, 1, 3, 2)]
    >>> [move.text for move in winning_moves([11, 9, 7], 2)]
    ['retirer 4 allumettes du tas 1 (11 → 7) et 2 allumettes du tas 2 (9 → 7)']

    The moves are counted before they are listed: raises :class:`NimcoreError`
    when there are more than :data:`MAX_WINNING_MOVES`. Cost: the count (see
    :func:`count_winning_moves`), then in proportion to the moves listed.
    """
    position = validate_heaps(heaps)
    k = validate_k(k)
    return _winning_moves(position, k)


def _winning_moves(position: tuple[int, ...], k: int) -> tuple[MooreMove, ...]:
    automaton = _MoveAutomaton(position, k)
    total = automaton.count()
    if total > MAX_WINNING_MOVES:
        raise NimcoreError(
            typeset(
                f"Trop de coups gagnants à énumérer : {total} ; la limite est de"
                f" {MAX_WINNING_MOVES}."
            )
        )
    found = [MooreMove(position, after) for after in automaton.targets()]
    found.sort(key=lambda move: (len(move.heaps), move.heaps, [-size for size in move.to]))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class MooreAnalysis:
    """Everything the boards, the command line and the pages say about a Nim_k position.

    ``weights`` are the column headings of the binary table (powers of two,
    largest first), ``rows`` the binary digits of each heap, ``column_ones``
    the number of ones in each column and ``column_residues`` those numbers
    modulo k + 1 (the "Nim_k-sum", a number in base k + 1, zero exactly at a
    P-position). ``nimber`` is the nim-sum for k = 1 (ordinary Nim) and
    ``None`` otherwise: Nim_k is not a sum of games, its Grundy value is not a
    nim-sum.
    """

    heaps: tuple[int, ...]
    k: int
    outcome: Outcome
    nimber: int | None
    weights: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    column_ones: tuple[int, ...]
    column_residues: tuple[int, ...]
    winning_moves: tuple[MooreMove, ...]
    recommended: MooreMove | None
    explanation: tuple[str, ...]

    @property
    def terminal(self) -> bool:
        """True when no token is left."""
        return not any(self.heaps)

    @property
    def nim_k_sum(self) -> str:
        """The column sums modulo k + 1 read as a number in base k + 1, e.g. ``'222'``."""
        return "".join(
            str(residue) if residue < 10 else f"({residue})" for residue in self.column_residues
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view, as the worker sends it to the boards."""
        return {
            "game": "moore",
            "heaps": list(self.heaps),
            "k": self.k,
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nimber": self.nimber,
            "weights": list(self.weights),
            "rows": [list(row) for row in self.rows],
            "column_ones": list(self.column_ones),
            "column_residues": list(self.column_residues),
            "nim_k_sum": self.nim_k_sum,
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "explanation": list(self.explanation),
        }


def _recommended(found: tuple[MooreMove, ...]) -> MooreMove | None:
    """Fewest heaps touched, then fewest tokens taken, then the largest position left."""
    if not found:
        return None
    return min(found, key=lambda move: (len(move.heaps), sum(move.takes), [-h for h in move.to]))


def analyse(heaps: Sequence[int], k: int, *, explain: bool = True) -> MooreAnalysis:
    """Analyse a Nim_k position: column sums modulo k + 1, every winning move and a hint.

    >>> result = analyse([11, 9, 7], 2)
    >>> result.column_ones, result.column_residues, result.outcome
    ((2, 1, 2, 3), (2, 1, 2, 0), 'N')
    >>> [move.to for move in result.winning_moves]
    [(7, 7, 7)]
    >>> analyse([3, 5, 4, 2], 2).nim_k_sum
    '222'
    >>> analyse([1, 2, 3], 1).nimber
    0

    Raises :class:`NimcoreError` on an illegal position, a bad *k* or too many
    winning moves to list. Cost: see :func:`winning_moves`.
    Reference: Moore (1910).
    """
    position = validate_heaps(heaps)
    k = validate_k(k)
    width = _width(position)
    weights = tuple(1 << bit for bit in reversed(range(width)))
    rows = tuple(binary_digits(heap, width) for heap in position)
    ones = _column_ones(position, width)
    residues = tuple(count % (k + 1) for count in ones)
    found = _winning_moves(position, k)
    recommended = _recommended(found)
    return MooreAnalysis(
        heaps=position,
        k=k,
        outcome="N" if any(residues) else "P",
        nimber=nim_sum(position) if k == 1 else None,
        weights=weights,
        rows=rows,
        column_ones=ones,
        column_residues=residues,
        winning_moves=found,
        recommended=recommended,
        explanation=(
            _explain(
                position,
                k,
                weights,
                ones,
                residues,
                recommended,
                None if recommended is None else _column_ones(recommended.to, width),
            )
            if explain
            else ()
        ),
    )
