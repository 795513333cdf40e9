"""Exhaustive search of Chomp: the Grundy value of every position inside a small staircase."""

from collections.abc import Mapping, Sequence

from nimcore.chomp.rule import Staircase, _children, _short, validate_rows
from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.nimsum import mex

#: Largest work of an exhaustive search, counted as (positions reachable) × (squares of
#: the bar), an upper bound of the bites examined: a few hundredths of a second in
#: CPython, a fraction of a second in the browser.
MAX_SEARCH_WORK = 150_000
#: Largest work of a search made only for the nimber of a position that a family's
#: rule or the table already answers: a few milliseconds in CPython, so that the
#: computer's move stays within a board's latency target in the browser.
MAX_NIMBER_WORK = 20_000


def sub_staircase_count(rows: Sequence[int]) -> int:
    """Return the number of positions reachable from *rows*, itself included.

    They are the staircases inside *rows* that keep the poisoned square.

    >>> sub_staircase_count([2, 1])
    4
    >>> sub_staircase_count([13] * 13)
    10400599

    There are at least rows × (length of the first row) of them: the L-shapes
    inside *rows* alone. Raises :class:`NimcoreError` when that product exceeds
    10**6. Cost: rows × length of the first row.
    """
    position = validate_rows(rows)
    if len(position) * position[0] > 10**6:
        raise NimcoreError(
            typeset(
                f"Trop de positions à compter : {len(position)} rangées de {position[0]} carrés"
                " au plus ; la limite est de 10**6 pour ce produit."
            )
        )
    return _count(position)


def _count(position: Staircase) -> int:
    # ways[v]: the number of choices of the rows so far whose last row has length v
    # (0: empty, then every row above is empty too); the first row keeps the poison.
    ways = [0] + [1] * position[0]
    for bound in position[1:]:
        suffix = sum(ways[bound + 1 :])
        new = [0] * (bound + 1)
        for value in range(bound, -1, -1):
            suffix += ways[value]
            new[value] = suffix
        ways = new
    return sum(ways)


def _search_work(position: Staircase) -> tuple[int, bool]:
    """Positions × squares, the work of a search, and whether that product is exact.

    When the cheap lower bound (rows × first row) × squares already exceeds
    MAX_SEARCH_WORK, the count is not computed and the bound is returned.
    """
    squares = sum(position)
    bound = len(position) * position[0] * squares
    if bound > MAX_SEARCH_WORK:
        return bound, False
    return _count(position) * squares, True


def _searchable(position: Staircase, limit: int = MAX_SEARCH_WORK) -> bool:
    """True when an exhaustive search from *position* is within *limit*."""
    return _search_work(position)[0] <= limit


def _too_big(position: Staircase, reason: str = "") -> NimcoreError:
    """The refusal of a search beyond MAX_SEARCH_WORK (*reason*: what else was tried)."""
    work, exact = _search_work(position)
    return NimcoreError(
        typeset(
            f"La tablette {_short(position)} est trop grande pour une recherche exhaustive :"
            f" {'' if exact else 'au moins '}{work} bouchées à examiner (positions × carrés),"
            f" la limite est de {MAX_SEARCH_WORK}{reason}."
        )
    )


def _sub_staircases(rows: Staircase) -> list[Staircase]:
    """Every staircase inside *rows* keeping the poison, fewest squares first."""
    found: list[Staircase] = []
    stack: list[Staircase] = [()]
    while stack:
        prefix = stack.pop()
        if prefix:
            found.append(prefix)
        depth = len(prefix)
        if depth < len(rows):
            top = rows[depth] if not prefix else min(rows[depth], prefix[-1])
            for length in range(1, top + 1):
                stack.append(prefix + (length,))
    found.sort(key=sum)
    return found


def grundy_values(rows: Sequence[int]) -> dict[Staircase, int]:
    """Return the Grundy value of every position reachable from *rows*, by search.

    >>> values = grundy_values([3, 3])
    >>> values[(1,)], values[(2, 1)], values[(3, 3)]
    (0, 0, 4)

    The search is iterative: positions are solved in increasing number of squares,
    each from its already solved bites (rule of the mex). Raises
    :class:`NimcoreError` when positions × squares exceeds :data:`MAX_SEARCH_WORK`.
    Cost: positions × squares.
    """
    position = validate_rows(rows)
    if not _searchable(position):
        raise _too_big(position)
    return _grundy_search(position)


def _grundy_search(position: Staircase) -> dict[Staircase, int]:
    values: dict[Staircase, int] = {}
    for staircase in _sub_staircases(position):
        values[staircase] = mex({values[child] for child in _children(staircase)})
    return values


#: The values of the last search made for an analysis: those of every staircase inside it.
_last_search: list[dict[Staircase, int]] = [{}]


def _search_values(position: Staircase, limit: int) -> Mapping[Staircase, int] | None:
    """Grundy values of every staircase inside *position* (and maybe more), or None.

    A game's positions all lie inside its first one: when *position* lies inside the
    last search, so does every staircase inside it, and the search is not redone.
    Otherwise the search is made when its work is within *limit*.
    """
    if position not in _last_search[0]:
        if not _searchable(position, limit):
            return None
        _last_search[0] = _grundy_search(position)
    return _last_search[0]
