"""Checking heaps of tokens, the position of most games here.

Every game that plays on heaps checks them the same way, with the same French
messages: a list (not a string), at least one heap, not too many, each heap a
natural number (not a bool) below a size limit. The limits are each game's.
"""

from collections.abc import Sequence

from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset

__all__ = ["validate_heap", "validate_heap_list"]


def validate_heap(heap: object, index: int, max_bits: int) -> int:
    """Return *heap* (number *index*, counted from 1) if it is a natural number below ``2**max_bits``.

    >>> validate_heap(7, 1, 8)
    7
    >>> validate_heap(-1, 2, 8)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas 2 vaut -1 : un tas ne peut pas être négatif.
    >>> validate_heap(2.5, 1, 8)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas 1 vaut « 2.5 » : un nombre entier est attendu.
    """
    if isinstance(heap, bool) or not isinstance(heap, int):
        raise NimcoreError(
            typeset(f"Le tas {index} vaut {quoted(heap)} : un nombre entier est attendu.")
        )
    if heap < 0:
        raise NimcoreError(
            typeset(f"Le tas {index} vaut {heap} : un tas ne peut pas être négatif.")
        )
    if heap.bit_length() > max_bits:
        raise NimcoreError(
            typeset(
                f"Le tas {index} est trop grand ({heap.bit_length()} chiffres binaires) ;"
                f" la limite est de {max_bits} chiffres binaires."
            )
        )
    return heap


def validate_heap_list(heaps: object, *, max_heaps: int, max_bits: int) -> tuple[int, ...]:
    """Return *heaps* as a tuple of natural numbers, or raise :class:`NimcoreError`.

    >>> validate_heap_list([3, 0, 5], max_heaps=10, max_bits=8)
    (3, 0, 5)
    >>> validate_heap_list("3 5", max_heaps=10, max_bits=8)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Une liste de tas est attendue, pas « 3 5 ».
    >>> validate_heap_list([1, 2, 3], max_heaps=2, max_bits=8)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Trop de tas : 3 ; la limite est de 2 tas.

    Cost: one check per heap; nothing else is computed before the checks pass.
    """
    if isinstance(heaps, (str, bytes)) or not isinstance(heaps, Sequence):
        raise NimcoreError(typeset(f"Une liste de tas est attendue, pas {quoted(heaps)}."))
    if not heaps:
        raise NimcoreError(typeset("Il faut au moins un tas."))
    if len(heaps) > max_heaps:
        raise NimcoreError(
            typeset(f"Trop de tas : {len(heaps)} ; la limite est de {max_heaps} tas.")
        )
    return tuple(validate_heap(heap, index, max_bits) for index, heap in enumerate(heaps, start=1))
