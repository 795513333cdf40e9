"""An octal game's code: its digits, what they allow, its name, and the checks of a code."""

import re
from dataclasses import dataclass
from typing import Literal

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.heaps import validate_heap_list

#: Longest code accepted, in digits after the point.
MAX_CODE_DIGITS = 32
#: Values computed (at most) when a heap beyond those known is asked: a period
#: must be certified within them, otherwise the heap is refused.
SEARCH_LIMIT = 1 << 20
#: Values computed at most by the direct method for such a heap (its cost grows
#: as the square; the sparse-space method goes on to SEARCH_LIMIT).
DIRECT_LIMIT = 1 << 14
#: Most values ever computed for one code (on explicit request): enough for the
#: longest certificate of a three-digit game the literature solved, 0.354's
#: 2·10 061 916 + 2·1 180 + 3 values (Flammenkamp 2002). CPython computes about
#: 50 000 values a second of such games, in about 150 bytes each.
MAX_VALUES = 1 << 25
#: Largest number of heaps accepted.
MAX_HEAPS = 1000
#: Largest heap accepted for a game certified periodic, in bits.
MAX_HEAP_BITS = 4096
#: Most winning moves listed one by one; beyond, the analysis lists the first
#: move of each family and gives the exact count.
MAX_LISTED_MOVES = 1000
#: Most digits the listed moves write in all, counting each as many as its
#: position's: a heap of a thousand digits lists its first ten winning moves
#: (at least one is always listed), so that an analysis sent to a board stays
#: small; the count stays exact.
MAX_LISTED_DIGITS = 10_000

Outcome = Literal["P", "N"]

_CODE = re.compile(r"0?\.([0-7]*)", re.ASCII)
_NAMES = {
    "0.77": "Kayles",
    "0.07": "quilles de Dawson",
    "0.137": "jeu des fleurs, ou échecs de Dawson",
}


def _normalise(code: object) -> str:
    if not isinstance(code, str):
        raise NimcoreError(
            typeset(f"Un code octal est attendu (par exemple « 0.137 »), pas « {code} ».")
        )
    text = code.strip()
    if not text:
        raise NimcoreError(
            typeset("Le code octal est vide : il s'écrit 0.d1d2d3…, par exemple « 0.137 ».")
        )
    match = _CODE.fullmatch(text)
    if match is None:
        head, dot, tail = text.partition(".")
        if not dot or head not in ("", "0"):
            raise NimcoreError(
                typeset(
                    f"Le code octal « {text} » est mal formé : il s'écrit 0.d1d2d3…"
                    " (un 0, un point, puis des chiffres de 0 à 7)."
                )
            )
        bad = next(char for char in tail if char not in "01234567")
        raise NimcoreError(
            typeset(
                f"Le code octal « {text} » contient « {bad} » : après le point, seuls les"
                " chiffres de 0 à 7 sont permis."
            )
        )
    digits = match.group(1)
    if len(digits) > MAX_CODE_DIGITS:
        raise NimcoreError(
            typeset(
                f"Le code octal « {text[:40]}… » est trop long ({len(digits)} chiffres) ; la limite"
                f" est de {MAX_CODE_DIGITS} chiffres après le point."
            )
        )
    digits = digits.rstrip("0")
    if not digits:
        raise NimcoreError(typeset(f"Le code octal « {text} » n'autorise aucun coup."))
    return "0." + digits


@dataclass(frozen=True, slots=True)
class Octal:
    """An octal game, given by its code; the code is checked and normalised.

    >>> Octal("0.77") == KAYLES, Octal(".137").code, Octal("0.0700").digits
    (True, '0.137', (0, 7))
    >>> KAYLES.name, Octal("0.6").name
    ('Kayles', None)
    >>> Octal("0.1x7")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le code octal « 0.1x7 » contient « x » : après le point, \
seuls les chiffres de 0 à 7 sont permis.

    Equal codes give equal games; trailing zeros are dropped.
    """

    code: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", _normalise(self.code))

    @property
    def digits(self) -> tuple[int, ...]:
        """The digits d1, d2, …, dt after the point (dt is not zero)."""
        return tuple(int(digit) for digit in self.code[2:])

    @property
    def name(self) -> str | None:
        """The French name of a well-known game, else None."""
        return _NAMES.get(self.code)

    @property
    def label(self) -> str:
        """The code as French writes it (a decimal comma), followed by the name when there
        is one: ``'0,77 (Kayles)'``; :attr:`code` keeps the point, for addresses and JSON."""
        written = self.code.replace(".", ",", 1)
        return f"{written} ({self.name})" if self.name else written

    def __str__(self) -> str:
        return self.code


KAYLES = Octal("0.77")
DAWSONS_KAYLES = Octal("0.07")
FLOWERS = Octal("0.137")


def parse_code(code: object) -> Octal:
    """Return the game of *code* (a string such as ``"0.137"`` or an :class:`Octal`).

    >>> parse_code("0.137") is not None, parse_code(KAYLES) is KAYLES
    (True, True)
    >>> parse_code("1.2")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le code octal « 1.2 » est mal formé : il s'écrit 0.d1d2d3… \
(un 0, un point, puis des chiffres de 0 à 7).
    >>> parse_code("0.8")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le code octal « 0.8 » contient « 8 » : après le point, seuls \
les chiffres de 0 à 7 sont permis.

    Cost: linear in the length of the code (at most :data:`MAX_CODE_DIGITS` digits).
    """
    if isinstance(code, Octal):
        return code
    return Octal(code)  # type: ignore[arg-type]


def validate_heaps(heaps: object, game: Octal | str) -> tuple[int, ...]:
    """Return *heaps* as a tuple of natural numbers, or raise :class:`NimcoreError`.

    >>> validate_heaps([10, 0, 3], FLOWERS)
    (10, 0, 3)
    >>> validate_heaps([4, -1], FLOWERS)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas 2 vaut -1 : un tas ne peut pas être négatif.

    The code is checked first. Cost: one check per heap; nothing is computed.
    """
    parse_code(game)
    return validate_heap_list(heaps, max_heaps=MAX_HEAPS, max_bits=MAX_HEAP_BITS)
