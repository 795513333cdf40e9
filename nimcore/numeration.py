"""Writing natural numbers as the pages and hints show them.

Base 2 and base b (Nim, Moore's Nim), Zeckendorf's numeration over the
Fibonacci numbers 1, 2, 3, 5, 8, … (Fibonacci Nim), and the two Beatty
sequences ⌊kφ⌋ and ⌊kφ²⌋ of the golden ratio φ = (1 + √5)/2 (Wythoff's game),
computed with integers only so that they stay exact for numbers of any size.
"""

from math import isqrt
from typing import Literal

from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset

__all__ = [
    "base_digits",
    "beatty_index",
    "beatty_lower",
    "beatty_pair",
    "beatty_upper",
    "binary_digits",
    "fibonacci_numbers",
    "zeckendorf",
    "zeckendorf_digits",
    "zeckendorf_shift",
    "zeckendorf_trailing_zeros",
]


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
        raise NimcoreError(typeset(f"Un entier naturel est attendu, pas {quoted(value)}."))
    if base < 2:
        raise NimcoreError(typeset(f"Une base doit valoir au moins 2, pas {quoted(base)}."))
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
        raise NimcoreError(typeset(f"Un entier naturel est attendu, pas {quoted(value)}."))
    text = format(value, "b").rjust(width, "0")
    return tuple(int(bit) for bit in text)


# --- Zeckendorf's numeration and the Beatty sequences of the golden ratio -------------


def _check_natural(value: object, what: str) -> int:
    """Return *value* if it is a natural number, else raise NimcoreError naming it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise NimcoreError(typeset(f"{what} doit être un nombre entier, pas {quoted(value)}."))
    if value < 0:
        raise NimcoreError(typeset(f"{what} doit être un entier naturel, pas {quoted(value)}."))
    return value


def fibonacci_numbers(limit: int) -> tuple[int, ...]:
    """Return the Fibonacci numbers of Zeckendorf's numeration up to *limit*, in increasing order.

    They are F(2), F(3), F(4), … = 1, 2, 3, 5, 8, …: the value 1 appears once,
    as Zeckendorf's theorem asks.

    >>> fibonacci_numbers(30)
    (1, 2, 3, 5, 8, 13, 21)
    >>> fibonacci_numbers(0)
    ()
    >>> fibonacci_numbers(-3)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La borne doit être un entier naturel, pas « -3 ».

    Cost: about 2.1 additions per decimal digit of *limit* (the numbers grow like
    φ**k). Reference: E. Zeckendorf, *Représentation des nombres naturels par une
    somme de nombres de Fibonacci ou de nombres de Lucas*, Bull. Soc. Roy. Sci.
    Liège 41 (1972), 179–182.
    """
    _check_natural(limit, "La borne")
    numbers: list[int] = []
    smaller, current = 1, 1
    while current <= limit:
        numbers.append(current)
        smaller, current = current, smaller + current
    return tuple(numbers)


def zeckendorf(n: int) -> tuple[int, ...]:
    """Return the Zeckendorf writing of *n*: non-consecutive Fibonacci numbers, largest first.

    Zeckendorf's theorem: every natural number is, in exactly one way, a sum of
    Fibonacci numbers from 1, 2, 3, 5, 8, … no two of them consecutive in that
    list. The greedy algorithm finds it: take the largest Fibonacci number that
    fits, and go on with the rest. Zero is the empty sum.

    >>> zeckendorf(24)
    (21, 3)
    >>> zeckendorf(74)
    (55, 13, 5, 1)
    >>> zeckendorf(21)
    (21,)
    >>> zeckendorf(0)
    ()
    >>> len(zeckendorf(10**1000))
    1316
    >>> zeckendorf(-1)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le nombre à écrire doit être un entier naturel, pas « -1 ».

    Cost: two passes over the Fibonacci numbers up to *n*, that is a few
    thousand big-integer additions and comparisons for n = 10**1000 (a few
    milliseconds); iterative.
    """
    _check_natural(n, "Le nombre à écrire")
    terms: list[int] = []
    rest = n
    for number in reversed(fibonacci_numbers(n)):
        if number <= rest:
            terms.append(number)
            rest -= number
    return tuple(terms)


def zeckendorf_digits(n: int) -> tuple[int, ...]:
    """Return the Zeckendorf word of *n*: 0/1 digits over …, 8, 5, 3, 2, 1, largest weight first.

    No two ones are adjacent. Zero is written ``(0,)``.

    >>> zeckendorf_digits(24)
    (1, 0, 0, 0, 1, 0, 0)
    >>> zeckendorf_digits(30)
    (1, 0, 1, 0, 0, 0, 1)
    >>> zeckendorf_digits(0)
    (0,)

    Raises :class:`~nimcore.errors.NimcoreError` for a negative number.
    Cost: that of :func:`zeckendorf`.
    """
    _check_natural(n, "Le nombre à écrire")
    numbers = fibonacci_numbers(n)
    if not numbers:
        return (0,)
    digits: list[int] = []
    rest = n
    for number in reversed(numbers):
        if number <= rest:
            digits.append(1)
            rest -= number
        else:
            digits.append(0)
    return tuple(digits)


def zeckendorf_shift(n: int) -> int:
    """Return the number whose Zeckendorf word is that of *n* followed by a 0.

    Each term F(i) of the writing of *n* becomes the next Fibonacci number
    F(i + 1): no two terms become consecutive, so the result is written by the
    shifted word. For the Zeckendorf pairs of Wythoff's game, see
    :func:`nimcore.wythoff.zeckendorf_p_positions`.

    >>> zeckendorf_shift(4), zeckendorf_digits(4), zeckendorf_digits(7)
    (7, (1, 0, 1), (1, 0, 1, 0))
    >>> zeckendorf_shift(0), zeckendorf_shift(11)
    (0, 18)

    Raises :class:`~nimcore.errors.NimcoreError` for a negative number.
    Cost: that of :func:`zeckendorf`.
    """
    _check_natural(n, "Le nombre à décaler")
    if n == 0:
        return 0
    numbers = fibonacci_numbers(n)
    beyond = numbers[-1] + numbers[-2] if n > 1 else 2
    following = dict(zip(numbers, (*numbers[1:], beyond), strict=True))
    return sum(following[term] for term in zeckendorf(n))


def zeckendorf_trailing_zeros(n: int) -> int:
    """Return how many zeros end the Zeckendorf word of *n* ≥ 1 (0 when it ends with 1).

    >>> [zeckendorf_trailing_zeros(n) for n in range(1, 10)]
    [0, 1, 2, 0, 3, 0, 1, 4, 0]

    Raises :class:`~nimcore.errors.NimcoreError` unless *n* ≥ 1.
    Cost: that of :func:`zeckendorf`.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise NimcoreError(typeset(f"Un entier au moins égal à 1 est attendu, pas {quoted(n)}."))
    return fibonacci_numbers(n).index(zeckendorf(n)[-1])


def beatty_lower(k: int) -> int:
    """Return ⌊kφ⌋, the lower Beatty sequence of the golden ratio φ = (1 + √5)/2, in integers only.

    Since kφ = (k + k√5)/2 and ⌊k√5⌋ = isqrt(5k²), ⌊kφ⌋ = (k + isqrt(5k²)) // 2,
    exact for every k (floating point fails from k = 102334155 on; see the bench).

    >>> [beatty_lower(k) for k in range(10)]
    [0, 1, 3, 4, 6, 8, 9, 11, 12, 14]
    >>> beatty_lower(102334155)
    165580140
    >>> beatty_lower(-1)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: L'indice k doit être un entier naturel, pas « -1 ».

    Cost: one integer square root. Reference: S. Beatty, problem 3173,
    American Mathematical Monthly 33 (1926), 159; OEIS A000201.
    """
    _check_natural(k, "L'indice k")
    return (k + isqrt(5 * k * k)) // 2


def beatty_upper(k: int) -> int:
    """Return ⌊kφ²⌋ = ⌊kφ⌋ + k, the upper Beatty sequence of the golden ratio, in integers only.

    >>> [beatty_upper(k) for k in range(10)]
    [0, 2, 5, 7, 10, 13, 15, 18, 20, 23]

    Raises :class:`~nimcore.errors.NimcoreError` for a negative *k*.
    Cost: one integer square root. Reference: OEIS A001950.
    """
    return beatty_lower(k) + k


def beatty_pair(k: int) -> tuple[int, int]:
    """Return (⌊kφ⌋, ⌊kφ²⌋): the k-th pair of the Beatty partition, also Wythoff's k-th P-position.

    >>> beatty_pair(7)
    (11, 18)
    >>> [beatty_pair(k) for k in range(4)]
    [(0, 0), (1, 2), (3, 5), (4, 7)]

    Raises :class:`~nimcore.errors.NimcoreError` for a negative *k*.
    Cost: one integer square root. Reference: W. A. Wythoff, *A modification of
    the game of Nim*, Nieuw Archief voor Wiskunde 7 (1907), 199–202.
    """
    lower = beatty_lower(k)
    return lower, lower + k


def beatty_index(n: int) -> tuple[int, Literal["lower", "upper"]]:
    """Return (k, side): *n* = ⌊kφ⌋ when side is ``"lower"``, *n* = ⌊kφ²⌋ when it is ``"upper"``.

    Beatty's theorem (1/φ + 1/φ² = 1, φ irrational): every n ≥ 1 lies in exactly
    one of the two sequences, at exactly one index k ≥ 1. Zero is ⌊0φ⌋ = ⌊0φ²⌋
    and is reported as ``(0, "lower")``.

    If n = ⌊kφ⌋ then n < kφ < n + 1, so k = ⌊(n + 1)/φ⌋ = ⌊(m√5 − m)/2⌋ with
    m = n + 1, that is (isqrt(5m²) − m) // 2. If that k does not give n back,
    n is in the upper sequence at j = ⌊m/φ²⌋ = ⌊(3m − m√5)/2⌋ =
    (3m − isqrt(5m²) − 1) // 2 (m√5 is irrational).

    >>> beatty_index(11), beatty_index(18)
    ((7, 'lower'), (7, 'upper'))
    >>> beatty_index(0), beatty_index(1), beatty_index(2)
    ((0, 'lower'), (1, 'lower'), (1, 'upper'))
    >>> beatty_index(-4)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le nombre à situer doit être un entier naturel, pas « -4 ».

    Cost: two integer square roots, whatever the size of *n*.
    Reference: S. Beatty (1926); A. Satabin, *Petit Vert* (the rule
    ⌊x/φ⌋ ≠ ⌊(x + 1)/φ⌋ for the lower sequence).
    """
    _check_natural(n, "Le nombre à situer")
    if n == 0:
        return 0, "lower"
    m = n + 1
    root = isqrt(5 * m * m)
    k = (root - m) // 2
    if beatty_lower(k) == n:
        return k, "lower"
    return (3 * m - root - 1) // 2, "upper"
