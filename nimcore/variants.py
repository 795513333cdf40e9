"""Two more Nims of the Belgian report, and the Grundy values of any one-heap rule.

**Nim « Parité »**: several heaps; a move takes an *even* number of tokens
(2, 4, 6, …) from one heap; a heap of one token can no longer be played.
**Nim « Pas tout »**: ordinary Nim, except that a heap may not be emptied in
one move unless it holds a single token. Both are sums of one-heap games, so a
position is lost for the player to move exactly when the nim-sum of the values
g(h) of its heaps is 0 (Sprague–Grundy), where

* for « Parité », g(h) = ⌊h/2⌋: the options of h are h − 2, h − 4, …, down
  to h mod 2, worth ⌊h/2⌋ − 1, …, 0 by induction;
* for « Pas tout », g(0) = 0, g(1) = 1, g(2) = 0 and g(h) = h − 1 for h ≥ 3:
  the options of h ≥ 2 are 1, 2, …, h − 1, worth 1, 0, 2, 3, …, h − 2.

:func:`heap_values` computes the values of any such rule from its definition
(the mex of the values of the options, each computed once), and the tests
check both formulas against it and against exhaustive search.

Reference: *Congrès Dédra-MATH-isons*, MATh.en.JEANS 2012 (the two rules,
stated without solution); Sprague (1935), Grundy (1939).
"""

from collections.abc import Callable, Iterable, Sequence
from typing import Literal

from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset
from nimcore.nimsum import mex, nim_sum

__all__ = [
    "MAX_VALUES",
    "VARIANTS",
    "heap_values",
    "not_all_options",
    "not_all_value",
    "parity_options",
    "parity_value",
    "variant_is_p_position",
]

#: Most values :func:`heap_values` computes (its cost grows like the square of the count).
MAX_VALUES = 2000

Variant = Literal["parite", "pas-tout"]


def parity_options(heap: int) -> range:
    """The heaps left by a move of Nim « Parité » from *heap*: take 2, 4, 6… tokens.

    >>> list(parity_options(5)), list(parity_options(1))
    ([3, 1], [])
    """
    return range(heap - 2, -1, -2)


def not_all_options(heap: int) -> range:
    """The heaps left by a move of Nim « Pas tout »: never empty a heap of two or more.

    >>> list(not_all_options(4)), list(not_all_options(1)), list(not_all_options(0))
    ([3, 2, 1], [0], [])
    """
    if heap == 1:
        return range(1)
    return range(heap - 1, 0, -1)


def heap_values(options: Callable[[int], Iterable[int]], count: int) -> list[int]:
    """Return the Grundy values g(0), …, g(count − 1) of a one-heap game, by the mex.

    *options(n)* lists the heaps a move may leave from a heap of n (all smaller
    than n). Each value is the mex of the values of the options, which are
    already in the list: every value is computed once (memoisation).

    >>> heap_values(parity_options, 10)
    [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    >>> heap_values(not_all_options, 8)
    [0, 1, 0, 2, 3, 4, 5, 6]

    Raises :class:`NimcoreError` unless 0 ≤ count ≤ :data:`MAX_VALUES`.
    Cost: one mex per heap, over its options.
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_VALUES:
        raise NimcoreError(
            typeset(
                f"Le nombre de valeurs vaut {quoted(count)} : il doit aller de 0 à {MAX_VALUES}."
            )
        )
    values: list[int] = []
    for heap in range(count):
        values.append(mex(values[smaller] for smaller in options(heap)))
    return values


def _check_heap(heap: object) -> int:
    if isinstance(heap, bool) or not isinstance(heap, int) or heap < 0:
        raise NimcoreError(typeset(f"Un tas est un entier naturel, pas {quoted(heap)}."))
    return heap


def parity_value(heap: int) -> int:
    """Return the Grundy value of a heap at Nim « Parité »: ⌊heap / 2⌋.

    >>> [parity_value(h) for h in range(7)]
    [0, 0, 1, 1, 2, 2, 3]

    Raises :class:`NimcoreError` for a heap that is not a natural number. Cost: one division.
    """
    return _check_heap(heap) // 2


def not_all_value(heap: int) -> int:
    """Return the Grundy value of a heap at Nim « Pas tout »: 0, 1, 0, then h − 1 from h = 3.

    >>> [not_all_value(h) for h in range(7)]
    [0, 1, 0, 2, 3, 4, 5]

    Raises :class:`NimcoreError` for a heap that is not a natural number. Cost: constant.
    """
    heap = _check_heap(heap)
    return heap if heap < 2 else (0 if heap == 2 else heap - 1)


#: Each variant's options and closed-form value, by the name the pages use.
VARIANTS: dict[str, tuple[Callable[[int], Iterable[int]], Callable[[int], int]]] = {
    "parite": (parity_options, parity_value),
    "pas-tout": (not_all_options, not_all_value),
}


def variant_is_p_position(variant: str, heaps: Sequence[int]) -> bool:
    """Return True when the player to move loses: the nim-sum of the heaps' values is 0.

    >>> variant_is_p_position("parite", [4, 5]), variant_is_p_position("pas-tout", [2, 2, 1])
    (True, False)
    >>> variant_is_p_position("tout", [1])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Variante inconnue : « tout » (parite ou pas-tout).

    Raises :class:`NimcoreError` for an unknown variant or a bad heap.
    Cost: linear in the number of heaps.
    """
    if variant not in VARIANTS:
        raise NimcoreError(typeset(f"Variante inconnue : {quoted(variant)} (parite ou pas-tout)."))
    value = VARIANTS[variant][1]
    return nim_sum(value(heap) for heap in heaps) == 0
