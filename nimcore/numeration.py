"""Writing natural numbers in base 2 (and base b), as the pages and hints show them."""

from nimcore.errors import NimcoreError
from nimcore.french import typeset

__all__ = ["base_digits", "binary_digits"]


def base_digits(value: int, base: int, width: int = 0) -> tuple[int, ...]:
    """Return the digits of *value* in *base*, most significant first.

    The result is padded on the left with zeros up to *width* digits; zero is
    written with a single digit ``0`` unless *width* asks for more.

    >>> base_digits(11, 2)
    (1, 0, 1, 1)
    >>> base_digits(5, 3, width=4)
    (0, 0, 1, 2)
    >>> base_digits(0, 10)
    (0,)

    Raises :class:`~nimcore.errors.NimcoreError` for a negative value or a base below 2.
    Cost: one division per digit.
    """
    if value < 0:
        raise NimcoreError(typeset(f"Un entier naturel est attendu, pas {value!r}."))
    if base < 2:
        raise NimcoreError(typeset(f"Une base doit valoir au moins 2, pas {base!r}."))
    digits: list[int] = []
    while value:
        value, digit = divmod(value, base)
        digits.append(digit)
    if not digits:
        digits.append(0)
    digits.extend([0] * (width - len(digits)))
    return tuple(reversed(digits))


def binary_digits(value: int, width: int = 0) -> tuple[int, ...]:
    """Return the binary digits of *value*, most significant first.

    >>> binary_digits(13)
    (1, 1, 0, 1)
    >>> binary_digits(6, width=4)
    (0, 1, 1, 0)
    """
    if value < 0:
        raise NimcoreError(typeset(f"Un entier naturel est attendu, pas {value!r}."))
    text = format(value, "b").rjust(width, "0")
    return tuple(int(bit) for bit in text)
