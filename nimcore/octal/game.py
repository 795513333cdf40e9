"""Positions of an octal game: moves, the winning ones, the analysis, its French words and the computer's move."""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from nimcore.errors import NimcoreError
from nimcore.explain.octal import explain as _explain
from nimcore.french import grouped, plural, typeset
from nimcore.heaps import replace_heap
from nimcore.nimsum import nim_sum
from nimcore.octal.rule import (  # noqa: F401 (in the examples)
    DAWSONS_KAYLES,
    FLOWERS,
    KAYLES,
    MAX_LISTED_DIGITS,
    MAX_LISTED_MOVES,
    SEARCH_LIMIT,
    Octal,
    Outcome,
    parse_code,
    validate_heaps,
)
from nimcore.octal.values import (
    _certificate,
    _check_limit,
    _ensure,
    _Sequence,
    _sequence,
    _split_values,
)


def _size(heap: int) -> str:
    """A heap's size in a sentence: grouped by threes from five digits on (French style)."""
    return grouped(heap) if heap >= 10_000 else str(heap)


@dataclass(frozen=True, slots=True)
class OctalMove:
    """Taking *take* tokens from heap number *heap* (from 0), which held *before*.

    ``parts`` are the heaps left in its place (none, one, or two in increasing
    order); ``to`` is the whole position reached, empty heaps dropped.
    """

    heap: int
    take: int
    before: int
    parts: tuple[int, ...]
    to: tuple[int, ...]

    @property
    def text(self) -> str:
        """The move in French, heaps counted from 1.

        >>> OctalMove(heap=0, take=3, before=10, parts=(1, 6), to=(1, 6)).text
        'retirer 3 jetons du tas 1 et partager le reste en deux tas (10 → 1 + 6)'
        >>> OctalMove(heap=1, take=2, before=2, parts=(), to=(5,)).text
        'retirer les 2 jetons du tas 2 (2 → 0)'

        Sizes of five digits or more are grouped by threes (« 9 999 999 »).
        """
        heap = self.heap + 1
        if not self.parts:
            taken = "le jeton" if self.take == 1 else f"les {self.take} jetons"
            return f"retirer {taken} du tas {heap} ({_size(self.before)} → 0)"
        if len(self.parts) == 1:
            return (
                f"retirer {plural(self.take, 'jeton')} du tas {heap}"
                f" ({_size(self.before)} → {_size(self.parts[0])})"
            )
        small, large = self.parts
        return (
            f"retirer {plural(self.take, 'jeton')} du tas {heap} et partager le reste en deux"
            f" tas ({_size(self.before)} → {_size(small)} + {_size(large)})"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the move."""
        return {
            "heap": self.heap,
            "take": self.take,
            "before": self.before,
            "parts": list(self.parts),
            "to": list(self.to),
            "text": self.text,
        }


def _heap_moves(sequence: _Sequence, position: tuple[int, ...], index: int) -> Iterator[OctalMove]:
    heap = position[index]
    # One move at a time: a heap of millions has millions of splits, and a view
    # stops after the first MAX_VIEW_MOVES of them.
    for take in range(1, min(heap, sequence.last) + 1):
        rest = heap - take
        if take == heap and take in sequence.whole:
            yield OctalMove(index, take, heap, (), replace_heap(position, index, ()))
        if rest >= 1 and take in sequence.single:
            yield OctalMove(index, take, heap, (rest,), replace_heap(position, index, (rest,)))
        if rest >= 2 and take in sequence.split:
            for small in range(1, rest // 2 + 1):
                parts = (small, rest - small)
                yield OctalMove(index, take, heap, parts, replace_heap(position, index, parts))


def moves(heaps: Sequence[int], game: Octal | str) -> Iterator[OctalMove]:
    """Yield every legal move: heap by heap, fewest tokens first, smaller part first.

    >>> [move.text for move in moves([4], FLOWERS)]
    ['retirer 2 jetons du tas 1 (4 → 2)', 'retirer 3 jetons du tas 1 (4 → 1)']

    Cost: one move per split: use it on small positions only.
    """
    octal = parse_code(game)
    position = validate_heaps(heaps, octal)
    sequence = _sequence(octal)
    for index in range(len(position)):
        yield from _heap_moves(sequence, position, index)


def move_count(heaps: Sequence[int], game: Octal | str) -> int:
    """How many moves :func:`moves` yields, none of them built.

    >>> move_count([10, 4], "0.137")  # 10 → 8, 7, 1 + 6, 2 + 5, 3 + 4; 4 → 2, 1
    7

    Cost: one step per heap and digit of the code.
    """
    octal = parse_code(game)
    sequence = _sequence(octal)
    count = 0
    for heap in validate_heaps(heaps, octal):
        for take in range(1, min(heap, sequence.last) + 1):
            rest = heap - take
            count += take == heap and take in sequence.whole
            count += rest >= 1 and take in sequence.single
            if rest >= 2 and take in sequence.split:
                count += rest // 2
    return count


def _has_move(sequence: _Sequence, heap: int) -> bool:
    return (
        heap in sequence.whole
        or any(k < heap for k in sequence.single)
        or any(k + 2 <= heap for k in sequence.split)
    )


class _Winning:
    """Every move to a P-position: listed up to a cap, counted exactly, the best one kept.

    The cap is MAX_LISTED_MOVES, and fewer for a position of many digits
    (MAX_LISTED_DIGITS): at least one move is listed. ``best`` is the move
    the hint recommends, whatever the cap: on the largest heap it can,
    taking as few tokens as possible, leaving the smallest parts.
    """

    def __init__(self, position: tuple[int, ...], cap: int = MAX_LISTED_MOVES) -> None:
        self.position = position
        self.listed: list[OctalMove] = []
        self.count = 0
        digits = sum(len(str(heap)) for heap in position)
        self.cap = min(cap, max(1, MAX_LISTED_DIGITS // digits))
        self.best: OctalMove | None = None

    @property
    def room(self) -> int:
        return self.cap - len(self.listed)

    def consider(self, index: int, take: int, parts: tuple[int, ...]) -> None:
        """Keep the winning move (*index*, *take*, *parts*) if the hint prefers it."""
        heap = self.position[index]
        best = self.best
        if best is None or (-heap, index, take, parts) < (
            -best.before,
            best.heap,
            best.take,
            best.parts,
        ):
            self.best = OctalMove(
                index, take, heap, parts, replace_heap(self.position, index, parts)
            )


def _split_winners(sequence: _Sequence, rest: int, target: int) -> Iterator[tuple[int, int]]:
    """Pairs (a, size): the splits (a', rest − a') worth *target*, a family at a time.

    Within the computed values every such a comes alone (size 1). Beyond them a
    ≥ n0 stands for the family a, a + p, a + 2p, … ≤ rest // 2 (``size``
    members, all worth the same since both parts are at least n0).
    """
    half = rest // 2
    values = sequence.values
    if rest < len(values):
        if isinstance(values, bytearray):
            splits = _split_values(values, rest)
            at = splits.find(target)
            while at >= 0:
                yield at + 1, 1
                at = splits.find(target, at + 1)
        else:
            for small in range(1, half + 1):
                if values[small] ^ values[rest - small] == target:
                    yield small, 1
        return
    assert sequence.period is not None
    start, period = sequence.period
    width = min(half, start + period - 1)
    if isinstance(values, bytearray):
        # The larger parts rest − width … rest − 1 are read by the period: one
        # rotation of the period's block, repeated, then one XOR of big integers.
        block = values[start : start + period]
        turn = (rest - width - start) % period
        far = ((block[turn:] + block[:turn]) * (width // period + 2))[:width]
        low = int.from_bytes(values[1 : width + 1], "little")
        splits = (low ^ int.from_bytes(far, "big")).to_bytes(width, "little")
        at = splits.find(target)
        while at >= 0:
            small = at + 1
            yield small, (1 if small < start else (half - small) // period + 1)
            at = splits.find(target, small)
        return
    for small in range(1, width + 1):
        if sequence.value(small) ^ sequence.value(rest - small) == target:
            yield small, (1 if small < start else (half - small) // period + 1)


def _members(families: list[tuple[int, int]], period: int, room: int) -> list[int]:
    """The smallest *room* members of the union of the families, in increasing order."""
    members: list[int] = []
    for first, size in families:
        members.extend(range(first, first + period * min(size, room), period))
    members.sort()
    return members[:room]


def _find_winning(
    sequence: _Sequence,
    position: tuple[int, ...],
    nimbers: tuple[int, ...],
    total: int,
    cap: int = MAX_LISTED_MOVES,
) -> _Winning:
    found = _Winning(position, cap)
    if total == 0:
        return found
    step = sequence.period[1] if sequence.period else 1
    for index, heap in enumerate(position):
        target = total ^ nimbers[index]
        for take in range(1, min(heap, sequence.last) + 1):
            rest = heap - take
            options: list[tuple[int, ...]] = []
            if take == heap and take in sequence.whole and target == 0:
                options.append(())
            if rest >= 1 and take in sequence.single and sequence.value(rest) == target:
                options.append((rest,))
            found.count += len(options)
            if options:
                found.consider(index, take, min(options))
            if rest >= 2 and take in sequence.split:
                families = list(_split_winners(sequence, rest, target))
                found.count += sum(size for _, size in families)
                if families:  # the smallest split first
                    found.consider(index, take, (families[0][0], rest - families[0][0]))
                room = max(0, found.room - len(options))
                options.extend((small, rest - small) for small in _members(families, step, room))
            for parts in options[: max(0, found.room)]:
                move = OctalMove(index, take, heap, parts, replace_heap(position, index, parts))
                found.listed.append(move)
    return found


@dataclass(frozen=True, slots=True)
class OctalAnalysis:
    """Everything the boards, the command line and the pages say about a position.

    ``nimbers`` holds G(h) for each heap and ``readings`` the heap whose
    computed value it is (h itself, or n0 + (h − n0) mod p beyond the values
    computed); ``targets`` the value that must replace each heap for a winning
    move. ``winning_moves`` lists every winning move when there are at most
    :data:`MAX_LISTED_MOVES` of them (``complete``), otherwise the first ones;
    fewer for a position of thousands of digits (:data:`MAX_LISTED_DIGITS`:
    about ten for a heap of a thousand digits, at least one), so that its JSON
    stays small. ``winning_move_count`` is always exact. ``preperiod`` and ``period`` are
    those certified (None when no period is certified yet).
    """

    code: str
    name: str | None
    heaps: tuple[int, ...]
    outcome: Outcome
    terminal: bool
    nimbers: tuple[int, ...]
    readings: tuple[int, ...]
    nim_sum: int
    nimber: int
    targets: tuple[int, ...]
    winning_moves: tuple[OctalMove, ...]
    winning_move_count: int
    complete: bool
    recommended: OctalMove | None
    preperiod: int | None
    period: int | None
    explanation: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view, as the worker sends it to the boards."""
        return {
            "game": "octal",
            "code": self.code,
            "name": self.name,
            "heaps": list(self.heaps),
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nimbers": list(self.nimbers),
            "readings": list(self.readings),
            "nim_sum": self.nim_sum,
            "nimber": self.nimber,
            "targets": list(self.targets),
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "winning_move_count": self.winning_move_count,
            "complete": self.complete,
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "preperiod": self.preperiod,
            "period": self.period,
            "explanation": list(self.explanation),
        }


def _stated_period(sequence: _Sequence, top: int) -> tuple[int, int] | None:
    """The certified period that an answer about heaps up to *top* states.

    The one a first search for those heaps finds: certified within
    max(64, top + 1) values (or needed to answer). So what an answer says never
    depends on what earlier requests happened to compute.
    """
    if sequence.period is None or _certificate(sequence.period, sequence.last) > max(64, top + 1):
        return None
    return sequence.period


def _reading(heap: int, period: tuple[int, int] | None, last: int) -> int:
    """The heap whose value G(*heap*) is read from: itself, or beyond the certificate, by the period."""
    if period is None or heap < _certificate(period, last):
        return heap
    start, length = period
    return start + (heap - start) % length


def analyse(
    heaps: Sequence[int],
    game: Octal | str,
    limit: int = SEARCH_LIMIT,
    *,
    listed: int = MAX_LISTED_MOVES,
    explain: bool = True,
) -> OctalAnalysis:
    """Analyse a position of an octal game: outcome, values, every winning move, a hint.

    >>> result = analyse([10], FLOWERS)
    >>> result.nimbers, result.outcome
    ((3,), 'N')
    >>> [move.to for move in result.winning_moves]
    [(8,), (1, 6)]
    >>> analyse([2, 5], FLOWERS).nim_sum
    2
    >>> analyse([10**1000], KAYLES).readings
    (76,)

    Heaps up to *limit* − 1 are computed directly; larger ones need a period
    certified within *limit* values (see :func:`periodicity`), otherwise a
    :class:`NimcoreError` says so. Cost: the values needed (kept afterwards),
    then linear in the splits of each heap (bounded by n0 + p beyond the
    values computed). *listed* caps the winning moves listed (0: none, they
    are only counted, and the recommended one is kept), as the computer's
    move needs no list.

    >>> quick = analyse([10], FLOWERS, listed=0)
    >>> quick.winning_moves, quick.winning_move_count, quick.recommended.to
    ((), 2, (8,))
    """
    octal = parse_code(game)
    position = validate_heaps(heaps, octal)
    limit = _check_limit(limit)
    sequence = _ensure(octal, max(position), limit)
    nimbers = tuple(sequence.value(heap) for heap in position)
    total = nim_sum(nimbers)
    terminal = not any(_has_move(sequence, heap) for heap in position)
    found = _find_winning(sequence, position, nimbers, total, listed)
    moves = tuple(found.listed)
    recommended = found.best
    period = _stated_period(sequence, max(position))
    readings = tuple(_reading(heap, period, sequence.last) for heap in position)
    return OctalAnalysis(
        code=octal.code,
        name=octal.name,
        heaps=position,
        outcome="N" if total else "P",
        terminal=terminal,
        nimbers=nimbers,
        readings=readings,
        nim_sum=total,
        nimber=total,
        targets=tuple(total ^ value for value in nimbers),
        winning_moves=moves,
        winning_move_count=found.count,
        complete=found.count == len(moves),
        recommended=recommended,
        preperiod=None if period is None else period[0],
        period=None if period is None else period[1],
        explanation=_explain(
            octal,
            sequence,
            position,
            nimbers,
            total,
            terminal,
            recommended,
            readings,
            period,
            0 if period is None else _certificate(period, sequence.last),
        )
        if explain
        else (),
    )


def is_p_position(heaps: Sequence[int], game: Octal | str, limit: int = SEARCH_LIMIT) -> bool:
    """Return True when the player to move loses against perfect play.

    >>> is_p_position([8], FLOWERS), is_p_position([1, 6], FLOWERS), is_p_position([3], KAYLES)
    (True, True, False)
    """
    return analyse(heaps, game, limit).outcome == "P"


def winning_moves(
    heaps: Sequence[int], game: Octal | str, limit: int = SEARCH_LIMIT
) -> tuple[OctalMove, ...]:
    """Return every move to a P-position (the first ones when there are too many, see
    :class:`OctalAnalysis`).

    >>> [move.text for move in winning_moves([5], KAYLES)]
    ['retirer 1 jeton du tas 1 et partager le reste en deux tas (5 → 2 + 2)']
    """
    return analyse(heaps, game, limit).winning_moves


def delaying_move(heaps: Sequence[int], game: Octal | str) -> OctalMove:
    """As few tokens as possible from the largest heap that allows a move, one heap left if allowed.

    The move of a perfect player from a P-position: it keeps the game long.

    >>> delaying_move([8], FLOWERS).text
    'retirer 2 jetons du tas 1 (8 → 6)'
    """
    octal = parse_code(game)
    position = validate_heaps(heaps, octal)
    sequence = _sequence(octal)
    playable = [i for i, heap in enumerate(position) if _has_move(sequence, heap)]
    if not playable:
        raise NimcoreError(
            typeset(
                f"La partie est finie : aucun coup n'est possible dans le jeu octal {octal.label}."
            )
        )
    index = max(playable, key=lambda i: (position[i], -i))
    heap = position[index]
    for take in range(1, min(heap, sequence.last) + 1):
        rest = heap - take
        for parts, allowed in (
            ((rest,), rest >= 1 and take in sequence.single),
            ((1, rest - 1), rest >= 2 and take in sequence.split),
            ((), take == heap and take in sequence.whole),
        ):
            if allowed:
                return OctalMove(index, take, heap, parts, replace_heap(position, index, parts))
    raise AssertionError("a playable heap has a move")  # pragma: no cover
