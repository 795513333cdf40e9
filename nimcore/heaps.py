"""Checking heaps of tokens, the position of most games here.

Every game that plays on heaps checks them the same way, with the same French
messages: a list (not a string), at least one heap, not too many, each heap a
natural number (not a bool) below a size limit. The limits are each game's.
A move that takes from one heap, or splits it, is checked and applied here too.
"""

from collections.abc import Callable, Sequence

from nimcore.errors import NimcoreError
from nimcore.french import plural, quoted, typeset

__all__ = [
    "check_between",
    "check_bits",
    "check_integer",
    "check_sequence",
    "replace_heap",
    "take_from_heap",
    "validate_heap",
    "validate_heap_list",
]


def check_integer(value: object, what: str, kind: str = "un nombre entier") -> int:
    """Return *value* if it is an integer (not a bool); *what* names it, *kind* what is expected.

    >>> check_integer(3, "k")
    3
    >>> check_integer("3", "Le tas 1")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas 1 vaut « 3 » : un nombre entier est attendu.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise NimcoreError(typeset(f"{what} vaut {quoted(value)} : {kind} est attendu."))
    return value


def check_between(
    value: object,
    what: str,
    low: int,
    high: int,
    *,
    kind: str = "un nombre entier",
    feminine: bool = False,
    bound: str = "",
) -> int:
    """Return *value* if it is an integer from *low* to *high*, else refuse it in French.

    *what* names it (*feminine* for « La limite »), *kind* says what is expected of its type,
    *bound* what *high* is, after a comma.

    >>> check_between(3, "La limite", 0, 5, feminine=True)
    3
    >>> check_between(9, "La limite", 0, 5, feminine=True, bound="le nombre de jetons")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La limite vaut 9 : elle doit être comprise entre 0 et 5, le nombre de jetons.
    """
    number = check_integer(value, what, kind)
    if not low <= number <= high:
        agreed = "elle doit être comprise" if feminine else "il doit être compris"
        named = f", {bound}" if bound else ""
        raise NimcoreError(
            typeset(f"{what} vaut {number} : {agreed} entre {low} et {high}{named}.")
        )
    return number


def check_bits(value: int, what: str, max_bits: int) -> int:
    """Return *value* if it has at most *max_bits* binary digits; *what* names it in the refusal.

    >>> check_bits(2**8, "Le tas", 8)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas est trop grand (9 chiffres binaires) ; la limite est de 8 chiffres binaires.
    """
    if value.bit_length() > max_bits:
        raise NimcoreError(
            typeset(
                f"{what} est trop grand ({value.bit_length()} chiffres binaires) ;"
                f" la limite est de {max_bits} chiffres binaires."
            )
        )
    return value


def check_sequence(heaps: object, max_heaps: int) -> Sequence[object]:
    """Return *heaps* if it is a list (not a text) of one to *max_heaps* items, still unchecked.

    >>> check_sequence([], 3)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Il faut au moins un tas.
    """
    if isinstance(heaps, (str, bytes)) or not isinstance(heaps, Sequence):
        raise NimcoreError(typeset(f"Une liste de tas est attendue, pas {quoted(heaps)}."))
    if not heaps:
        raise NimcoreError(typeset("Il faut au moins un tas."))
    if len(heaps) > max_heaps:
        raise NimcoreError(
            typeset(f"Trop de tas : {len(heaps)} ; la limite est de {max_heaps} tas.")
        )
    return heaps


def replace_heap(position: tuple[int, ...], index: int, parts: tuple[int, ...]) -> tuple[int, ...]:
    """The heaps once heap *index* is replaced by *parts*, empty heaps left out.

    >>> replace_heap((5, 7, 2), 1, (0, 3))
    (5, 3, 2)
    """
    reached = position[:index] + parts + position[index + 1 :]
    return tuple(heap for heap in reached if heap)


def take_from_heap(
    position: tuple[int, ...],
    heap: object,
    take: object,
    allowed: Callable[[int], None] | None = None,
) -> tuple[int, ...]:
    """The heaps once *take* matches are taken from heap *heap* (from 0), empty heaps kept.

    *position* has been checked; *heap* and *take* are checked here, and *allowed*
    (a game's rule) may refuse the amount before it is compared with the heap.

    >>> take_from_heap((3, 4), 1, 4)
    (3, 0)
    >>> take_from_heap((3, 4), 0, 4)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Impossible de retirer 4 allumettes du tas 1 : il n'en contient que 3.
    """
    if isinstance(heap, bool) or not isinstance(heap, int) or not 0 <= heap < len(position):
        raise NimcoreError(
            typeset(
                f"Le tas {quoted(heap)} n'existe pas : les tas vont de 0 à {len(position) - 1}."
            )
        )
    if isinstance(take, bool) or not isinstance(take, int) or take < 1:
        raise NimcoreError(typeset(f"Il faut retirer au moins une allumette, pas {quoted(take)}."))
    if allowed is not None:
        allowed(take)
    if take > position[heap]:
        raise NimcoreError(
            typeset(
                f"Impossible de retirer {plural(take, 'allumette')} du tas {heap + 1} :"
                f" il n'en contient que {position[heap]}."
            )
        )
    return position[:heap] + (position[heap] - take,) + position[heap + 1 :]


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
    heap = check_integer(heap, f"Le tas {index}")
    if heap < 0:
        raise NimcoreError(
            typeset(f"Le tas {index} vaut {heap} : un tas ne peut pas être négatif.")
        )
    return check_bits(heap, f"Le tas {index}", max_bits)


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
    checked = check_sequence(heaps, max_heaps)
    return tuple(
        validate_heap(heap, index, max_bits) for index, heap in enumerate(checked, start=1)
    )
