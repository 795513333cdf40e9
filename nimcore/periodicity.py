"""Eventually periodic values of one-heap games: one naming, ``preperiod`` and ``period``.

A sequence G(0), G(1), … is *eventually periodic* with preperiod n0 and period
p when G(n + p) = G(n) for every n ≥ n0; the site always gives the least p,
and for it the least n0. Two arguments prove such a period from finitely many
values, one per family of games:

* **The window argument** (subtraction games, chapter « Un seul tas »). When
  the largest amount allowed is w, G(n) depends only on the w values before
  it. As soon as a window of w consecutive values comes back, everything after
  repeats: :func:`by_windows` finds the first repeat, which gives the least
  preperiod and period at once.
* **The periodicity theorem of Guy and Smith** (octal games). When the code's
  last digit is at place t, G(n + p) = G(n) for n0 ≤ n < 2·n0 + p + t implies
  it for every n ≥ n0: :func:`certified` reads the least such (n0, p) off the
  values computed.

Grundy's game is not an octal game with a finite code, and no period of its
values is known (:mod:`nimcore.grundy`): neither argument applies.

References: R. K. Guy and C. A. B. Smith, *The G-values of various games*,
Proc. Cambridge Philos. Soc. 52 (1956), 514–526; Berlekamp–Conway–Guy,
*Winning Ways*, chapter 4.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "PeriodSearch",
    "Periodic",
    "by_windows",
    "certified",
    "likely_certificate",
    "window_search",
]


@dataclass(frozen=True, slots=True)
class Periodic:
    """An eventually periodic sequence: ``values[n + period] == values[n]`` for n ≥ ``preperiod``.

    ``values`` holds the first ``preperiod + period`` terms, enough for any rank.

    >>> Periodic(1, 3, (0, 1, 2, 0)).at(10**1000)
    1
    """

    preperiod: int
    period: int
    values: tuple[int, ...]

    def index(self, size: int) -> int:
        """The index in ``values`` of the term of rank *size*, at once whatever its size."""
        if size < self.preperiod + self.period:
            return size
        return self.preperiod + (size - self.preperiod) % self.period

    def at(self, size: int) -> int:
        """The term of rank *size*."""
        return self.values[self.index(size)]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view."""
        return {"preperiod": self.preperiod, "period": self.period, "values": list(self.values)}


@dataclass(frozen=True, slots=True)
class PeriodSearch:
    """What a search for a period found within the first ``computed`` values.

    ``preperiod`` and ``period`` are the least ones proved (by the window
    argument, or by the periodicity theorem), or None when none was proved
    within those values: nothing is then claimed. ``max_value`` is the largest
    value computed. The subtraction games answer with it as it is
    (:func:`nimcore.subtraction.search_period`), the octal games with what
    their certificate says besides (:class:`nimcore.octal.Periodicity`).

    >>> PeriodSearch(13, 17, 38, 4).period
    17
    """

    preperiod: int | None
    period: int | None
    computed: int
    max_value: int


def by_windows(
    next_value: Callable[[bytearray], int], width: int, limit: int
) -> tuple[int, int, bytes] | None:
    """The least (preperiod, period) of a sequence whose terms depend on the *width* before.

    *next_value* gives the next term from the terms so far (each below 256).
    The first window of *width* terms that comes back, at ranks s and s + p,
    makes the sequence periodic from s with period p, and no smaller s or p
    works. Returns (s, p, the first s + p terms), or None when no window comes
    back among the first *limit* terms.

    >>> def mex_of_1_2(terms):  # the subtraction game {1, 2}: 0, 1, 2, 0, 1, 2…
    ...     seen = {terms[-k] for k in (1, 2) if k <= len(terms)}
    ...     return min(set(range(3)) - seen)
    >>> by_windows(mex_of_1_2, 2, 100)
    (0, 3, b'\\x00\\x01\\x02')
    """
    start, period, terms = window_search(next_value, width, limit)
    if start is None or period is None:
        return None
    return start, period, bytes(terms[: start + period])


def window_search(
    next_value: Callable[[bytearray], int], width: int, limit: int
) -> tuple[int | None, int | None, bytearray]:
    """Like :func:`by_windows`, with every term computed: (s, p, terms), or (None, None, terms).

    At most *limit* terms are computed (the windows lie among them).

    >>> window_search(lambda terms: len(terms) % 2, 1, 10)
    (0, 2, bytearray(b'\\x00\\x01\\x00'))
    """
    terms = bytearray()
    first_seen: dict[bytes, int] = {}
    for size in range(limit + 1):
        if size >= width:
            window = bytes(terms[size - width : size])
            start = first_seen.setdefault(window, size - width)
            if start != size - width:
                return start, size - width - start, terms
        if size < limit:
            terms.append(next_value(terms))
    return None, None, terms


def certified(values: Sequence[int] | bytearray, last: int) -> tuple[int, int] | None:
    """The least (n0, p) that the periodicity theorem certifies from *values* (an octal game).

    *last* is the place t of the code's last digit. With N values known, a
    period p with preperiod n0 is certified when 2·n0 + 2·p + t ≤ N and
    G(n + p) = G(n) for n0 ≤ n < N − p, which holds exactly when no break
    G(m) ≠ G(m − p) occurs at m > (N − t − 2) // 2. Returns None when no
    period is certified.

    >>> certified([0, 1, 2] * 10, 2)
    (0, 3)
    >>> certified([0, 1, 2] * 2, 2) is None
    True
    """
    count = len(values)
    top = (count - last - 2) // 2  # the last place a break may sit
    for period in range(1, (count - last) // 2 + 1):
        start = max(top + 1, period)
        if not _repeats(values, period, start, count):
            continue
        m = start - 1
        while m >= period and values[m] == values[m - period]:
            m -= 1
        return (m - period + 1 if m >= period else 0), period
    return None


def likely_certificate(values: Sequence[int] | bytearray, last: int) -> int | None:
    """How many values would certify the period that the last values seem to have.

    The least p such that the last quarter of *values* repeats with period p
    (p at most an eighth of them, so that it repeats at least twice) gives,
    with the least n0 from which the values seen are p-periodic, the count
    2·n0 + 2·p + t the periodicity theorem needs. None when the last quarter
    has no such period. Nothing is claimed: :func:`certified` decides, once
    those values are computed.

    >>> likely_certificate([5, 4] + [0, 1, 2] * 40, 2)
    12
    """
    count = len(values)
    tail = count - count // 4
    for period in range(1, count // 8 + 1):
        if not _repeats(values, period, tail, count):
            continue
        m = tail - 1
        while m >= period and values[m] == values[m - period]:
            m -= 1
        start = m - period + 1 if m >= period else 0
        return 2 * start + 2 * period + last
    return None


def _repeats(values: Sequence[int] | bytearray, period: int, start: int, stop: int) -> bool:
    """True when values[n] == values[n − period] for start ≤ n < stop.

    The last 64 places are compared first: most wrong periods fail there,
    before the whole range is copied and compared.
    """
    if start >= stop:
        return True
    if values[stop - 1] != values[stop - 1 - period]:
        return False
    near = max(start, stop - 64)
    if values[near:stop] != values[near - period : stop - period]:
        return False
    return values[start:near] == values[start - period : near - period]
