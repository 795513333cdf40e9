"""Nim-addition and the minimum excludant: the two operations behind every nimber.

The nim-sum ``a ⊕ b`` is binary addition without carries (exclusive or); the mex
of a set of natural numbers is the smallest natural number it does not contain.
Reference: C. L. Bouton, *Nim, a game with a complete mathematical theory*,
Annals of Mathematics 3 (1901–1902), 35–39.
"""

from collections.abc import Iterable

__all__ = ["mex", "nim_sum"]


def nim_sum(values: Iterable[int]) -> int:
    """Return the nim-sum (bitwise exclusive or) of natural numbers.

    >>> nim_sum([11, 9, 7])
    5
    >>> nim_sum([1, 3, 5, 7])
    0
    >>> nim_sum([])
    0

    Cost: one exclusive or per value, linear in the total number of bits.
    """
    total = 0
    for value in values:
        total ^= value
    return total


def mex(values: Iterable[int]) -> int:
    """Return the minimum excludant: the least natural number not in *values*.

    >>> mex([0, 1, 3])
    2
    >>> mex([])
    0
    >>> mex({1, 2})
    0

    Cost: linear in the number of values (a set is built once).
    """
    seen = set(values)
    candidate = 0
    while candidate in seen:
        candidate += 1
    return candidate
