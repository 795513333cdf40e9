"""Exhaustive search: the reference every strategy of nimcore is checked against.

Positions are solved by memoised backward induction from the definitions only
(a P-position is one whose every option is an N-position), with no theory at
all. Kept iterative-friendly and small: it runs inside Pyodide too.
"""

from collections.abc import Callable, Hashable, Iterable
from functools import cache

Position = tuple[int, ...]


def nim_options(position: Position) -> Iterable[Position]:
    for index, heap in enumerate(position):
        for after in range(heap):
            yield position[:index] + (after,) + position[index + 1 :]


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


nim_is_p = make_solver(nim_options)
nim_misere_is_p = make_solver(nim_options, misere=True)
nim_grundy = make_grundy(nim_options)
