"""Exhaustive search: the reference every strategy of nimcore is checked against.

Positions are solved by memoised backward induction from the definitions only
(a P-position is one whose every option is an N-position), with no theory at
all. The definitions of the moves (``*_options``) are written here once, from
the rules alone, for the contract (test_games.py) and the games' own files. Kept iterative-friendly and small: it runs inside Pyodide too.
"""

from collections.abc import Callable, Hashable, Iterable, Iterator
from functools import cache
from typing import Any

Position = tuple[int, ...]


def take_options(
    amounts: Callable[[int], Iterable[int]],
) -> Callable[[Position], Iterable[Position]]:
    """The options of a game that takes an allowed amount (*amounts* of the heap) from one heap."""

    def options(position: Position) -> Iterable[Position]:
        for index, heap in enumerate(position):
            for take in amounts(heap):
                yield position[:index] + (heap - take,) + position[index + 1 :]

    return options


#: Nim: any number of tokens from one heap.
nim_options = take_options(lambda heap: range(1, heap + 1))


def wythoff_options(position: Position) -> Iterable[Position]:
    """Wythoff's game: left along the row, down the column, or down the diagonal."""
    a, b = position
    for after in range(a):
        yield (after, b)
    for after in range(b):
        yield (a, after)
    for take in range(1, min(a, b) + 1):
        yield (a - take, b - take)


def grundy_options(position: Position) -> Iterable[Position]:
    """Grundy's game: one heap split, in place, into two unequal non-empty heaps."""
    for index, heap in enumerate(position):
        for small in range(1, (heap + 1) // 2):
            reached = position[:index] + (small, heap - small) + position[index + 1 :]
            yield tuple(size for size in reached if size)


def chomp_options(rows: Position) -> Iterable[Position]:
    """Chomp's bites from the definition: the squares as a set, a bite removes a quadrant."""
    squares = {(r, c) for r, length in enumerate(rows) for c in range(length)}
    for row, column in sorted(squares):
        if (row, column) == (0, 0):
            continue  # eating the poison is not a move
        left = {(r, c) for r, c in squares if not (r >= row and c >= column)}
        lengths = [sum(1 for r, _ in left if r == index) for index in range(len(rows))]
        yield tuple(length for length in lengths if length)


def make_solver(
    options: Callable[[Hashable], Iterable[Hashable]], misere: bool = False
) -> Callable[[Hashable], bool]:
    """Return is_p(position) by exhaustive search over *options*."""

    @cache
    def is_p(position: Hashable) -> bool:
        followers = list(options(position))
        if not followers:
            # No move: in normal play the player to move has lost (P);
            # in misère play the previous player took the last token and lost.
            return not misere
        return all(not is_p(follower) for follower in followers)

    return is_p


def make_grundy(options: Callable[[Hashable], Iterable[Hashable]]) -> Callable[[Hashable], int]:
    """Return the Grundy function (normal play) by exhaustive search."""

    @cache
    def grundy(position: Hashable) -> int:
        seen = {grundy(follower) for follower in options(position)}
        value = 0
        while value in seen:
            value += 1
        return value

    return grundy


def checked_against_search(
    module: Any,
    positions: Iterable[Hashable],
    is_p: Callable[[Hashable], bool],
    grundy: Callable[[Hashable], int],
) -> Iterator[tuple[Any, Any]]:
    """Each position with a solver *module*'s analysis of it, once what every solver owes is
    checked: its outcome and ``is_p_position`` as *is_p* says, its nimber (the analysis's and
    ``nimber``'s) as *grundy* says. The caller checks what is its game's own."""
    for position in positions:
        analysis = module.analyse(position)
        expected_p = is_p(position)
        assert (analysis.outcome == "P") == expected_p, position
        assert module.is_p_position(position) == expected_p, position
        assert analysis.nimber == grundy(position) == module.nimber(position), position
        yield position, analysis


nim_is_p = make_solver(nim_options)
nim_misere_is_p = make_solver(nim_options, misere=True)
nim_grundy = make_grundy(nim_options)
