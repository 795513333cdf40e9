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

__all__ = ["Periodic", "by_windows", "certified"]


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
    terms = bytearray()
    first_seen: dict[bytes, int] = {}
    for size in range(limit + width + 1):
        if size >= width:
            window = bytes(terms[size - width : size])
            start = first_seen.setdefault(window, size - width)
            if start != size - width:
                return start, size - width - start, bytes(terms[: size - width])
        terms.append(next_value(terms))
    return None


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
        if values[count - 1] != values[count - 1 - period]:
            continue
        start = max(top + 1, period)
        if values[start:count] != values[start - period : count - period]:
            continue
        m = start - 1
        while m >= period and values[m] == values[m - period]:
            m -= 1
        return (m - period + 1 if m >= period else 0), period
    return None
