"""Positions of a subtraction game: their checks, their moves, and who wins (by nimbers or by search)."""

from bisect import insort
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.heaps import take_from_heap
from nimcore.nim import NimMove
from nimcore.nim import validate_heaps as _validate_nim_heaps
from nimcore.nimsum import nim_sum
from nimcore.subtraction.rule import (
    MAX_LISTED_MOVES,
    MAX_MISERE_MOVES,
    MAX_MISERE_STATES,
    Method,
    Outcome,
    SubtractionRule,
    _check_misere,
    _coerce_rule,
)
from nimcore.subtraction.values import _misere_single_is_p, _nimber, _periodicity

# --- positions ----------------------------------------------------------------


def _candidate_count(position: tuple[int, ...], rule: SubtractionRule) -> int:
    if rule.kind == "up_to":
        return 0  # at most a few winning moves per heap, found by formula
    return sum(rule.count_from(heap) for heap in position)


def _dominated_states(live: list[int], limit: int) -> int:
    """Number of multisets y_1 ≤ … ≤ y_n with y_i ≤ h_i (h sorted), or limit + 1 if more."""
    live = sorted(live)
    if not live:
        return 1
    if live[-1] + 1 > limit:
        return limit + 1
    counts = [1] * (live[0] + 1)
    for bound in live[1:]:
        running, extended = 0, []
        for value in range(bound + 1):
            if value < len(counts):
                running += counts[value]
            extended.append(running)
        counts = extended
        if sum(counts) > limit:
            return limit + 1
    return sum(counts)


def _live(position: Sequence[int], rule: SubtractionRule) -> list[int]:
    return [heap for heap in position if heap >= rule.low]


def validate_position(
    heaps: object, rule: SubtractionRule | Iterable[int], misere: bool = False
) -> tuple[tuple[int, ...], SubtractionRule]:
    """Check a position and a rule before any work; return them normalised.

    >>> validate_position([3, 0, 5], [1, 2, 4])[0]
    (3, 0, 5)
    >>> validate_position([30, 30, 30, 30], [1, 3, 4], misere=True)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Version misère à plusieurs tas : 46376 positions à explorer ; la limite est de 12000.

    Raises :class:`NimcoreError` for a bad heap (see :func:`nimcore.nim.validate_heaps`),
    a bad rule, more than :data:`MAX_LISTED_MOVES` candidate moves to examine,
    or, in misère play with several heaps (other than "from 1 to K"), a search
    over more than :data:`MAX_MISERE_STATES` positions or
    :data:`MAX_MISERE_MOVES` moves (the positions are counted, not searched:
    multisets of heap sizes, each at most the current one). These limits keep
    the search under about 0.2 s in CPython; Pyodide, in the browser, is about
    3 times slower. Cost: at most ten times :data:`MAX_MISERE_STATES`
    additions for the count of positions.
    """
    position = _validate_nim_heaps(heaps)
    chosen = _coerce_rule(rule)
    misere = _check_misere(misere)
    candidates = _candidate_count(position, chosen)
    if candidates > MAX_LISTED_MOVES:
        raise NimcoreError(
            typeset(
                f"Trop de coups à examiner : {candidates} ; la limite est de {MAX_LISTED_MOVES}."
            )
        )
    if misere and chosen.kind != "up_to":
        live = _live(position, chosen)
        if len(live) > 1:
            states = _dominated_states(live, 10 * MAX_MISERE_STATES)
            if states > MAX_MISERE_STATES:
                if states <= 10 * MAX_MISERE_STATES:
                    shown = str(states)
                else:
                    shown = f"plus de {10 * MAX_MISERE_STATES}"
                raise NimcoreError(
                    typeset(
                        f"Version misère à plusieurs tas : {shown} positions à explorer ;"
                        f" la limite est de {MAX_MISERE_STATES}."
                    )
                )
            examined = states * sum(chosen.count_from(heap) for heap in live)
            if examined > MAX_MISERE_MOVES:
                raise NimcoreError(
                    typeset(
                        f"Version misère à plusieurs tas : {examined} coups à examiner ;"
                        f" la limite est de {MAX_MISERE_MOVES}."
                    )
                )
        if not chosen.closed_form and len(live) <= 1:
            _periodicity(chosen, misere=True)
    if (not misere or chosen.kind == "up_to") and not chosen.closed_form:
        _periodicity(chosen, misere=False)
    return position, chosen


def _replace(position: tuple[int, ...], index: int, size: int) -> tuple[int, ...]:
    return position[:index] + (size,) + position[index + 1 :]


def moves(heaps: Sequence[int], rule: SubtractionRule | Iterable[int]) -> Iterator[NimMove]:
    """Yield every legal move, heap by heap, fewest tokens first.

    >>> [move.text for move in moves([3, 5], [2, 4])]
    ['retirer 2 allumettes du tas 1 (3 → 1)', 'retirer 2 allumettes du tas 2 (5 → 3)', \
'retirer 4 allumettes du tas 2 (5 → 1)']

    Cost: one move per allowed amount and heap: use it on small positions only.
    """
    position = _validate_nim_heaps(heaps)
    chosen = _coerce_rule(rule)
    for index, heap in enumerate(position):
        for take in chosen.amounts_from(heap):
            yield NimMove(index, take, heap, _replace(position, index, heap - take))


def play(
    heaps: Sequence[int], rule: SubtractionRule | Iterable[int], heap: int, take: int
) -> tuple[int, ...]:
    """Return the position reached by taking *take* tokens from heap *heap* (from 0).

    >>> play([7, 8, 6], SubtractionRule.take_up_to(3), 1, 3)
    (7, 5, 6)
    >>> play([7, 8, 6], [1, 2, 4], 0, 3)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Coup interdit : la règle est de retirer 1, 2 ou 4 allumettes, pas 3.

    The input is not modified.
    """
    position = _validate_nim_heaps(heaps)
    chosen = _coerce_rule(rule)

    def allowed(take: int) -> None:
        if not chosen.allows(take):
            raise NimcoreError(
                typeset(f"Coup interdit : la règle est de {chosen.text}, pas {take}.")
            )

    return take_from_heap(position, heap, take, allowed)


def _misere_nim_is_p(values: Sequence[int]) -> bool:
    """Misère Nim on nimbers: Bouton's rule unless every value is 0 or 1."""
    if any(value >= 2 for value in values):
        return nim_sum(values) == 0
    return sum(values) % 2 == 1


def _amounts_reaching(rule: SubtractionRule, size: int, target: int) -> Iterator[int]:
    """Amounts a move may take from a heap of *size* to leave a heap of nimber *target*."""
    if rule.kind == "up_to":
        modulus = rule.high + 1
        take = (size - target) % modulus
        if target < modulus and 1 <= take <= min(rule.high, size):
            yield take
        return
    if rule.kind == "between":
        modulus = rule.low + rule.high
        start, stop = target * rule.low, min((target + 1) * rule.low, modulus)
        if start >= stop:
            return
        lowest, highest = max(size - rule.high, 0), size - rule.low
        if highest < 0:
            return
        base = lowest - lowest % modulus
        found = []
        while base <= highest:
            for after in range(max(lowest, base + start), min(highest, base + stop - 1) + 1):
                found.append(size - after)
            base += modulus
        yield from sorted(found)
        return
    for take in rule.amounts_from(size):
        if _nimber(rule, size - take) == target:
            yield take


class _MisereSearch:
    """Exact misère search over multisets of live heaps (iterative, memoised)."""

    def __init__(self, rule: SubtractionRule) -> None:
        self.rule = rule
        self.losing: dict[tuple[int, ...], bool] = {}

    def canonical(self, position: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted(heap for heap in position if heap >= self.rule.low))

    def options(self, state: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        low = self.rule.low
        for index, heap in enumerate(state):
            if index and state[index - 1] == heap:
                continue
            rest = state[:index] + state[index + 1 :]
            for take in self.rule.amounts_from(heap):
                after = heap - take
                if after < low:
                    yield rest
                else:
                    option = list(rest)
                    insort(option, after)
                    yield tuple(option)

    def is_p(self, root: tuple[int, ...]) -> bool:
        """Depth-first search with an explicit stack; each option is examined once."""
        losing = self.losing
        if root in losing:
            return losing[root]
        # A frame: [position, its options still to examine, whether it has a move,
        # the option being solved deeper in the stack].
        stack: list[list[Any]] = [[root, self.options(root), False, None]]
        while stack:
            frame = stack[-1]
            state, followers = frame[0], frame[1]
            waiting = frame[3]
            if waiting is not None and losing[waiting]:
                losing[state] = False
                stack.pop()
                continue
            frame[3] = None
            for follower in followers:
                frame[2] = True
                known = losing.get(follower)
                if known is None:
                    frame[3] = follower
                    stack.append([follower, self.options(follower), False, None])
                    break
                if known:
                    losing[state] = False
                    stack.pop()
                    break
            else:
                # Every option is an N-position: P, unless there was no move at all
                # (misère: the player who cannot move has won).
                losing[state] = frame[2]
                stack.pop()
        return losing[root]


@dataclass(frozen=True, slots=True)
class _Solution:
    outcome: Outcome
    method: Method
    winning: tuple[NimMove, ...]
    searched: int | None


def _solve(position: tuple[int, ...], rule: SubtractionRule, misere: bool) -> _Solution:
    nimbers = [_nimber(rule, heap) for heap in position]
    total = nim_sum(nimbers)
    live = _live(position, rule)
    method: Method = "formula" if rule.closed_form else "period"
    found: list[NimMove] = []

    def add(index: int, take: int) -> None:
        heap = position[index]
        found.append(NimMove(index, take, heap, _replace(position, index, heap - take)))

    if not misere:
        if total:
            for index, heap in enumerate(position):
                for take in _amounts_reaching(rule, heap, total ^ nimbers[index]):
                    add(index, take)
        return _Solution("N" if total else "P", method, tuple(found), None)
    if rule.kind == "up_to":
        big = sum(1 for value in nimbers if value >= 2)
        ones = sum(1 for value in nimbers if value == 1)
        for index, heap in enumerate(position):
            value = nimbers[index]
            targets = {total ^ value, 0, 1} - {value}
            other_big = big - (value >= 2)
            other_ones = ones - (value == 1)
            for target in sorted(targets):
                if other_big or target >= 2:
                    winning = total ^ value ^ target == 0
                else:
                    winning = (other_ones + target) % 2 == 1
                if winning:
                    for take in _amounts_reaching(rule, heap, target):
                        add(index, take)
        found.sort(key=lambda move: (move.heap, move.take))
        method = "formula" if len(live) <= 1 else "misere-nim"
        return _Solution("P" if _misere_nim_is_p(nimbers) else "N", method, tuple(found), None)
    if len(live) <= 1:
        if not live:
            return _Solution("N", method, (), None)
        index = next(i for i, heap in enumerate(position) if heap >= rule.low)
        heap = position[index]
        for take in rule.amounts_from(heap):
            if _misere_single_is_p(rule, heap - take):
                add(index, take)
        outcome: Outcome = "P" if _misere_single_is_p(rule, heap) else "N"
        return _Solution(outcome, method, tuple(found), None)
    search = _MisereSearch(rule)
    root = search.canonical(position)
    lost = search.is_p(root)
    for index, heap in enumerate(position):
        for take in rule.amounts_from(heap):
            after = _replace(position, index, heap - take)
            if search.is_p(search.canonical(after)):
                add(index, take)
    return _Solution("P" if lost else "N", "search", tuple(found), len(search.losing))


def is_p_position(
    heaps: Sequence[int], rule: SubtractionRule | Iterable[int], misere: bool = False
) -> bool:
    """Return True when the player to move loses against perfect play.

    Normal play: the nim-sum of the heaps' nimbers is 0 (Sprague–Grundy).
    Misère play, one heap: its own periodic sequence of outcomes.

    Misère play, "from 1 to K", any number of heaps: write v = x mod (K + 1)
    for each heap. When some v is at least 2 the position is P exactly when the
    nim-sum of the v is 0; when every v is 0 or 1, exactly when the number of
    v equal to 1 is odd (misère Nim on the v). Proof: from such a P-position a
    move changes one v (it takes 1 to K tokens), so it either breaks a zero
    nim-sum while some v ≥ 2 remains (a zero nim-sum with some v ≥ 2 needs two
    of them), or, when all v ≤ 1, either flips the parity of the ones or
    creates a single v ≥ 2, whose nim-sum with 0s and 1s is not 0. From any
    other position with a move: with two v ≥ 2, Bouton's move on the v is
    legal; with one v ≥ 2, bring it to 0 or 1 to leave an odd number of ones;
    with all v ≤ 1 and an even number of ones, take 1 token from a heap with
    v = 1, or K tokens from a non-empty heap with v = 0 (it gets v = 1). The
    terminal position (every v = 0, no one) is N, as misère play wants. It is
    also checked against exhaustive search in the tests.

    Misère play, several heaps, other rules: exhaustive search.

    >>> is_p_position([10, 8, 6], SubtractionRule.take_up_to(3))
    True
    >>> is_p_position([5], SubtractionRule.take_up_to(3), misere=True)
    True
    >>> is_p_position([6, 2], SubtractionRule.take_up_to(3), misere=True)
    True
    >>> is_p_position([4, 4], [2, 3], misere=True)
    True

    Raises :class:`NimcoreError` as :func:`validate_position`.
    """
    position, chosen = validate_position(heaps, rule, misere)
    return _solve(position, chosen, misere).outcome == "P"


def winning_moves(
    heaps: Sequence[int], rule: SubtractionRule | Iterable[int], misere: bool = False
) -> tuple[NimMove, ...]:
    """Return every move to a P-position (none from a P-position), heap by heap.

    >>> [move.text for move in winning_moves([7, 8, 6], SubtractionRule.take_up_to(3))]
    ['retirer 1 allumette du tas 1 (7 → 6)', 'retirer 3 allumettes du tas 2 (8 → 5)', \
'retirer 3 allumettes du tas 3 (6 → 3)']

    Cost: a few divisions per heap for "from 1 to K"; otherwise one nimber per
    allowed amount and heap (or the misère search). Raises
    :class:`NimcoreError` as :func:`validate_position`.
    """
    position, chosen = validate_position(heaps, rule, misere)
    return _solve(position, chosen, misere).winning
