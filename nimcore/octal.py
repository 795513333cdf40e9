"""Octal games: take-and-break games given by a code 0.d1d2d3….

A move takes k tokens from one heap, and the digit d_k (0 to 7) of the code
says what may be left of that heap: bit 1 (value 1) nothing, that is the whole
heap of exactly k tokens; bit 2 (value 2) one non-empty heap; bit 4 (value 4)
two non-empty heaps, of any sizes (equal ones too). Whoever cannot move loses.
Games are data: ``KAYLES = Octal("0.77")`` (knock down one pin or two adjacent
ones in a row), ``DAWSONS_KAYLES = Octal("0.07")`` (always two adjacent pins).

The flowers game of seed 004 (a row of flowers; each player cuts a flower none
of whose neighbours is cut) is Dawson's chess, ``FLOWERS = Octal("0.137")``,
with no offset: group the flowers that may still be cut into maximal runs; a run
of h flowers is a heap of h tokens. Cutting the only flower of a run of 1 empties
it (d1 = 1); cutting an end flower takes it and its neighbour (2 tokens: the
whole run of 2, or one run of h − 2 left, d2 = 1 + 2); cutting any other flower
takes it and both neighbours (3 tokens: the whole run of 3, one run of h − 3
for the second flower, or two runs, d3 = 1 + 2 + 4). The tests check this
correspondence by brute force on the rows themselves. The values of 0.137 are
those of Dawson's Kayles shifted by one: G₀.₁₃₇(n) = G₀.₀₇(n + 1) (OEIS A002187).

A position is worth the nim-sum of the values G(h) of its heaps (Sprague–Grundy),
G(n) being the mex of the values of the options of a heap of n. Values are
computed iteratively, the values of all the splits of a heap at once in
``bytes`` arithmetic (still n²/4 exclusive ors, but at C speed: the first 10**5
values of 0.16 take about 6 s, those of 0.6, which pass 255, about 20 s), and
the sequence is searched for a period, certified by the periodicity theorem:

    **Theorem** (Guy and Smith 1956; *Winning Ways*, chapter 4; Siegel,
    *Combinatorial Game Theory*, chapter IV). Let t be the index of the last
    non-zero digit of the code. If G(n + p) = G(n) for every n with
    n0 ≤ n < 2·n0 + p + t, then G(n + p) = G(n) for every n ≥ n0.

This module checks exactly that inequality, on values computed up to
2·n0 + 2·p + t − 1, and reports the least period p and, for it, the least
preperiod n0. Once certified, any heap (even 10**1000 tokens) is answered at
once: G(h) = G(n0 + (h − n0) mod p). Known facts, all checked by the tests:
Kayles has period 12 from n0 = 71 (OEIS A002186), 0.137 period 34 from n0 = 52
and Dawson's Kayles 0.07 period 34 from n0 = 53. When no period is certified
within the values computed, the module says so and refuses larger heaps.

References: R. K. Guy and C. A. B. Smith, *The G-values of various games*,
Proc. Cambridge Philos. Soc. 52 (1956), 514–526; E. R. Berlekamp, J. H. Conway
and R. K. Guy, *Winning Ways for your Mathematical Plays*, chapter 4;
A. N. Siegel, *Combinatorial Game Theory* (AMS, 2013), chapter IV.
"""

import re
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from nimcore.errors import NimcoreError
from nimcore.french import plural, typeset
from nimcore.heaps import validate_heap_list
from nimcore.nimsum import mex, nim_sum
from nimcore.periodicity import certified

__all__ = [
    "DAWSONS_KAYLES",
    "FLOWERS",
    "KAYLES",
    "MAX_CODE_DIGITS",
    "MAX_HEAPS",
    "MAX_HEAP_BITS",
    "MAX_LISTED_MOVES",
    "MAX_VALUES",
    "SEARCH_LIMIT",
    "Octal",
    "OctalAnalysis",
    "OctalMove",
    "Periodicity",
    "analyse",
    "computer_move",
    "delaying_move",
    "grundy_value",
    "grundy_values",
    "is_p_position",
    "moves",
    "parse_code",
    "periodicity",
    "validate_heaps",
    "winning_moves",
]

#: Longest code accepted, in digits after the point.
MAX_CODE_DIGITS = 32
#: Values computed (at most) when a heap beyond those known is asked: a period
#: must be certified within them, otherwise the heap is refused.
SEARCH_LIMIT = 4096
#: Most values ever computed for one code (on explicit request).
MAX_VALUES = 100_000
#: Largest number of heaps accepted.
MAX_HEAPS = 1000
#: Largest heap accepted for a game certified periodic, in bits.
MAX_HEAP_BITS = 4096
#: Most winning moves listed one by one; beyond, the analysis lists the first
#: move of each family and gives the exact count.
MAX_LISTED_MOVES = 1000

Outcome = Literal["P", "N"]

_CODE = re.compile(r"0?\.([0-7]*)", re.ASCII)
_NAMES = {
    "0.77": "Kayles",
    "0.07": "Kayles de Dawson",
    "0.137": "jeu des fleurs, ou échecs de Dawson",
}


def _normalise(code: object) -> str:
    if not isinstance(code, str):
        raise NimcoreError(
            typeset(f"Un code octal est attendu (par exemple « 0.137 »), pas {code!r}.")
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
                    f"Le code octal {code!r} est mal formé : il s'écrit 0.d1d2d3…"
                    " (un 0, un point, puis des chiffres de 0 à 7)."
                )
            )
        bad = next(char for char in tail if char not in "01234567")
        raise NimcoreError(
            typeset(
                f"Le code octal {code!r} contient {bad!r} : après le point, seuls les"
                " chiffres de 0 à 7 sont permis."
            )
        )
    digits = match.group(1)
    if len(digits) > MAX_CODE_DIGITS:
        raise NimcoreError(
            typeset(
                f"Le code octal {code!r} est trop long ({len(digits)} chiffres) ; la limite"
                f" est de {MAX_CODE_DIGITS} chiffres après le point."
            )
        )
    digits = digits.rstrip("0")
    if not digits:
        raise NimcoreError(typeset(f"Le code octal {code!r} n'autorise aucun coup."))
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
    nimcore.errors.NimcoreError: Le code octal '0.1x7' contient 'x' : après le point, \
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
        """The code, followed by the name when there is one: ``'0.77 (Kayles)'``."""
        return f"{self.code} ({self.name})" if self.name else self.code

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
    nimcore.errors.NimcoreError: Le code octal '1.2' est mal formé : il s'écrit 0.d1d2d3… \
(un 0, un point, puis des chiffres de 0 à 7).
    >>> parse_code("0.8")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le code octal '0.8' contient '8' : après le point, seuls \
les chiffres de 0 à 7 sont permis.

    Cost: linear in the length of the code (at most :data:`MAX_CODE_DIGITS` digits).
    """
    if isinstance(code, Octal):
        return code
    return Octal(code)  # type: ignore[arg-type]


class _Sequence:
    """The values of one game computed so far, and its certified period if any.

    Values below 256 are kept in a ``bytearray``. From the first value of 256
    on, ``values`` becomes a list, and two copies of it, one little-endian and
    one big-endian on two bytes a value, keep the splits at C speed (up to
    65 535; beyond, plain sets take over).
    """

    __slots__ = (
        "big",
        "last",
        "little",
        "period",
        "searched",
        "single",
        "split",
        "values",
        "whole",
    )

    def __init__(self, digits: tuple[int, ...]) -> None:
        self.whole = tuple(k for k, digit in enumerate(digits, 1) if digit & 1)
        self.single = tuple(k for k, digit in enumerate(digits, 1) if digit & 2)
        self.split = tuple(k for k, digit in enumerate(digits, 1) if digit & 4)
        self.last = len(digits)  # t, the index of the last non-zero digit
        self.values: bytearray | list[int] = bytearray()
        self.little: bytearray | None = None  # two bytes a value, once values reach 256
        self.big: bytearray | None = None
        self.period: tuple[int, int] | None = None  # (n0, p) once certified
        self.searched = 0  # values examined by the last search for a period

    def extend(self, count: int) -> None:
        """Compute the values up to G(count − 1)."""
        for n in range(len(self.values), count):
            values = self.values
            if isinstance(values, bytearray):
                value = self._next_byte(n, values)
                if value < 256:
                    values.append(value)
                    continue
                self.values = list(values)
                self.little = bytearray(b"".join(v.to_bytes(2, "little") for v in values))
                self.big = bytearray(b"".join(v.to_bytes(2, "big") for v in values))
            value = self._next_wide(n)
            self.values.append(value)
            if self.little is not None and self.big is not None:
                if value < 65536:
                    self.little += value.to_bytes(2, "little")
                    self.big += value.to_bytes(2, "big")
                else:
                    self.little = self.big = None

    def _next_byte(self, n: int, values: bytearray) -> int:
        parts = [b"\0" if n in self.whole else b""]
        parts.append(bytes([values[n - k] for k in self.single if k < n]))
        for k in self.split:
            parts.append(_split_values(values, n - k))
        options = b"".join(parts)
        value = 0
        while value < 256 and value in options:
            value += 1
        return value

    def _next_wide(self, n: int) -> int:
        values = self.values
        options = {0} if n in self.whole else set()
        options.update(values[n - k] for k in self.single if k < n)
        little, big = self.little, self.big
        if little is None or big is None:
            for k in self.split:
                rest = n - k
                options.update(values[a] ^ values[rest - a] for a in range(1, rest // 2 + 1))
            return mex(options)
        return _wide_mex(b"".join(_split_pairs(little, big, n - k) for k in self.split), options)

    def value(self, n: int) -> int:
        """G(n), from the values computed or, beyond them, from the period."""
        if n < len(self.values):
            return self.values[n]
        assert self.period is not None
        start, period = self.period
        return self.values[start + (n - start) % period]

    def search(self, limit: int) -> None:
        """Compute up to *limit* values, doubling, until a period is certified."""
        size = 64
        while self.period is None:
            size = min(max(size, len(self.values)), limit)
            self.extend(size)
            if len(self.values) > self.searched:
                self.period = certified(self.values, self.last)
                self.searched = len(self.values)
            if size >= limit:
                break
            size *= 2


def _split_pairs(little: bytearray, big: bytearray, rest: int) -> bytes:
    """Like :func:`_split_values`, for values kept on two bytes (little-endian)."""
    half = rest // 2
    if half <= 0:
        return b""
    low = int.from_bytes(little[2 : 2 * half + 2], "little")
    high = int.from_bytes(big[2 * (rest - half) : 2 * rest], "big")
    return (low ^ high).to_bytes(2 * half, "little")


_KEEP = tuple(bytes(0 if byte == high else 255 for byte in range(256)) for high in range(256))


def _wide_mex(splits: bytes, options: set[int]) -> int:
    """The least value neither in *options* nor among the two-byte values of *splits*.

    The high bytes are searched first; for each one present, the low bytes of
    the values that have it are kept (the others become 255) and searched.
    """
    lows, highs = splits[0::2], splits[1::2]
    for high in range(256):
        base = high << 8
        if high not in highs:
            low = 0
            while base + low in options:
                low += 1
            return base + low
        mask = int.from_bytes(highs.translate(_KEEP[high]), "little")
        kept = (int.from_bytes(lows, "little") | mask).to_bytes(len(lows), "little")
        for low in range(256):
            if base + low in options:
                continue
            if low < 255:
                if low not in kept:
                    return base + low
            elif not _has_pair(splits, base + low):
                return base + low
    return mex(options | set(array("H", splits)))  # pragma: no cover - values above 65535


def _has_pair(splits: bytes, value: int) -> bool:
    """True when *value* is one of the two-byte values of *splits* (aligned matches only)."""
    pattern = value.to_bytes(2, "little")
    at = splits.find(pattern)
    while at >= 0 and at % 2:
        at = splits.find(pattern, at + 1)
    return at >= 0


def _split_values(values: bytearray, rest: int) -> bytes:
    """Byte i is G(1 + i) ⊕ G(rest − 1 − i): every split (a, rest − a) with a ≤ rest − a."""
    half = rest // 2
    if half <= 0:
        return b""
    low = int.from_bytes(values[1 : half + 1], "little")
    high = int.from_bytes(values[rest - half : rest], "big")
    return (low ^ high).to_bytes(half, "little")


_SEQUENCES: dict[str, _Sequence] = {}


def _sequence(game: Octal) -> _Sequence:
    sequence = _SEQUENCES.get(game.code)
    if sequence is None:
        sequence = _SEQUENCES[game.code] = _Sequence(game.digits)
    return sequence


def _check_limit(limit: object) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_VALUES:
        raise NimcoreError(
            typeset(f"La limite de calcul doit aller de 1 à {MAX_VALUES} valeurs, pas {limit!r}.")
        )
    return limit


@dataclass(frozen=True, slots=True)
class Periodicity:
    """What is known of the period of a game's values.

    When ``certified``, G(n + ``period``) = G(n) for every n ≥ ``preperiod``,
    proved by the periodicity theorem from the first ``computed`` values (at
    least 2·n0 + 2·p + t of them). Otherwise no period could be certified from
    the ``computed`` values: nothing is claimed.
    """

    code: str
    certified: bool
    preperiod: int | None
    period: int | None
    computed: int
    last_digit: int
    explanation: str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view."""
        return {
            "code": self.code,
            "certified": self.certified,
            "preperiod": self.preperiod,
            "period": self.period,
            "computed": self.computed,
            "last_digit": self.last_digit,
            "explanation": self.explanation,
        }


def periodicity(game: Octal | str, limit: int = SEARCH_LIMIT) -> Periodicity:
    """Search the values of *game* for a period certified by the periodicity theorem.

    >>> result = periodicity(KAYLES)
    >>> result.certified, result.preperiod, result.period
    (True, 71, 12)
    >>> print(periodicity("0.106", limit=500).explanation)  # doctest: +NORMALIZE_WHITESPACE
    Aucune période n'est certifiée par les 500 premières valeurs du jeu octal 0.106 :
    rien n'est affirmé au-delà.

    Raises :class:`NimcoreError` for a malformed code or a *limit* outside
    1 … :data:`MAX_VALUES`. Cost: the values up to *limit* at worst (6 to 20 s
    for 10**5 values per digit that splits), plus a cheap test of each period.
    """
    octal = parse_code(game)
    limit = _check_limit(limit)
    sequence = _sequence(octal)
    sequence.search(limit)
    t = sequence.last
    if sequence.period is None:
        return Periodicity(
            octal.code,
            False,
            None,
            None,
            sequence.searched,
            t,
            typeset(
                f"Aucune période n'est certifiée par les {sequence.searched} premières valeurs"
                f" du jeu octal {octal.label} : rien n'est affirmé au-delà."
            ),
        )
    start, period = sequence.period
    return Periodicity(
        octal.code,
        True,
        start,
        period,
        len(sequence.values),
        t,
        typeset(
            f"Les valeurs du jeu octal {octal.label} sont périodiques de période {period}"
            f" à partir de n = {start} : G(n + {period}) = G(n) a été vérifié pour {start} ≤ n <"
            f" 2 × {start} + {period} + {t} = {2 * start + period + t}, ce qui suffit d'après"
            f" le théorème de périodicité de Guy et Smith (t = {t}, rang du dernier chiffre"
            " du code)."
        ),
    )


def grundy_values(game: Octal | str, count: int) -> tuple[int, ...]:
    """Return G(0), …, G(count − 1) for *game*.

    >>> grundy_values(FLOWERS, 12)
    (0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2)
    >>> grundy_values(KAYLES, 8)
    (0, 1, 2, 3, 1, 4, 3, 2)

    Values beyond a certified period are read from it; otherwise they are
    computed, up to :data:`MAX_VALUES`. Cost: linear in *count* once the
    period is known, else quadratic (at C speed, 6 to 20 s for 10**5 values).
    """
    octal = parse_code(game)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise NimcoreError(typeset(f"Un nombre de valeurs est attendu, pas {count!r}."))
    sequence = _sequence(octal)
    if count > len(sequence.values) and sequence.period is None:
        sequence.search(min(max(count, 64), SEARCH_LIMIT))
        if sequence.period is None and count > MAX_VALUES:
            raise NimcoreError(
                typeset(
                    f"Aucune période n'est certifiée pour le jeu octal {octal.label} : au plus"
                    f" {MAX_VALUES} valeurs sont calculées, pas {count}."
                )
            )
        if sequence.period is None:
            sequence.extend(count)
    return tuple(sequence.value(n) for n in range(count))


def _ensure(game: Octal, heap: int, limit: int) -> _Sequence:
    """The sequence of *game*, able to answer *heap*, or a French refusal."""
    sequence = _sequence(game)
    if heap < len(sequence.values) or sequence.period is not None:
        return sequence
    sequence.search(min(limit, max(64, heap + 1)))
    if sequence.period is not None:
        return sequence
    if heap >= limit:
        raise NimcoreError(
            typeset(
                f"Aucune période n'est certifiée par les {sequence.searched} premières valeurs"
                f" du jeu octal {game.label} : un tas de {heap} ne peut pas être analysé"
                f" (la limite est de {limit - 1} jetons)."
            )
        )
    sequence.extend(heap + 1)
    return sequence


def grundy_value(game: Octal | str, heap: int, limit: int = SEARCH_LIMIT) -> int:
    """Return G(heap) for *game*; any heap once the period is certified.

    >>> grundy_value(KAYLES, 10**1000)
    1
    >>> grundy_value("0.454", 5000, limit=200)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Aucune période n'est certifiée par les 200 premières valeurs \
du jeu octal 0.454 : un tas de 5000 ne peut pas être analysé (la limite est de 199 jetons).

    Cost: see :func:`periodicity`; constant once the period is known.
    """
    octal = parse_code(game)
    (heap,) = validate_heaps([heap], octal)
    return _ensure(octal, heap, _check_limit(limit)).value(heap)


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


@dataclass(frozen=True, slots=True)
class OctalMove:
    """Taking *take* tokens from heap number *heap* (from 0), which held *before*.

    ``parts`` are the heaps left in its place (none, one, or two in increasing
    order); ``to`` is the whole position reached, empty heaps dropped.
    """

    heap: int
    take: int
    before: int
    parts: tuple[int, ...]
    to: tuple[int, ...]

    @property
    def text(self) -> str:
        """The move in French, heaps counted from 1.

        >>> OctalMove(heap=0, take=3, before=10, parts=(1, 6), to=(1, 6)).text
        'retirer 3 jetons du tas 1 et partager le reste en deux tas (10 → 1 + 6)'
        >>> OctalMove(heap=1, take=2, before=2, parts=(), to=(5,)).text
        'retirer les 2 jetons du tas 2 (2 → 0)'
        """
        heap = self.heap + 1
        if not self.parts:
            taken = "le jeton" if self.take == 1 else f"les {self.take} jetons"
            return f"retirer {taken} du tas {heap} ({self.before} → 0)"
        if len(self.parts) == 1:
            return (
                f"retirer {plural(self.take, 'jeton')} du tas {heap}"
                f" ({self.before} → {self.parts[0]})"
            )
        small, large = self.parts
        return (
            f"retirer {plural(self.take, 'jeton')} du tas {heap} et partager le reste en deux"
            f" tas ({self.before} → {small} + {large})"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the move."""
        return {
            "heap": self.heap,
            "take": self.take,
            "before": self.before,
            "parts": list(self.parts),
            "to": list(self.to),
            "text": self.text,
        }


def _after(position: tuple[int, ...], index: int, parts: tuple[int, ...]) -> tuple[int, ...]:
    reached = position[:index] + parts + position[index + 1 :]
    return tuple(heap for heap in reached if heap)


def _heap_moves(sequence: _Sequence, position: tuple[int, ...], index: int) -> Iterator[OctalMove]:
    heap = position[index]
    for take in range(1, min(heap, sequence.last) + 1):
        rest = heap - take
        options: list[tuple[int, ...]] = []
        if take == heap and take in sequence.whole:
            options.append(())
        if rest >= 1 and take in sequence.single:
            options.append((rest,))
        if rest >= 2 and take in sequence.split:
            options.extend((small, rest - small) for small in range(1, rest // 2 + 1))
        for parts in options:
            yield OctalMove(index, take, heap, parts, _after(position, index, parts))


def moves(heaps: Sequence[int], game: Octal | str) -> Iterator[OctalMove]:
    """Yield every legal move: heap by heap, fewest tokens first, smaller part first.

    >>> [move.text for move in moves([4], FLOWERS)]
    ['retirer 2 jetons du tas 1 (4 → 2)', 'retirer 3 jetons du tas 1 (4 → 1)']

    Cost: one move per split: use it on small positions only.
    """
    octal = parse_code(game)
    position = validate_heaps(heaps, octal)
    sequence = _sequence(octal)
    for index in range(len(position)):
        yield from _heap_moves(sequence, position, index)


def _has_move(sequence: _Sequence, heap: int) -> bool:
    return (
        heap in sequence.whole
        or any(k < heap for k in sequence.single)
        or any(k + 2 <= heap for k in sequence.split)
    )


class _Winning:
    """Every move to a P-position: listed up to a cap, counted exactly."""

    def __init__(self) -> None:
        self.listed: list[OctalMove] = []
        self.count = 0

    @property
    def room(self) -> int:
        return MAX_LISTED_MOVES - len(self.listed)


def _split_winners(sequence: _Sequence, rest: int, target: int) -> Iterator[tuple[int, int]]:
    """Pairs (a, size): the splits (a', rest − a') worth *target*, a family at a time.

    Within the computed values every such a comes alone (size 1). Beyond them a
    ≥ n0 stands for the family a, a + p, a + 2p, … ≤ rest // 2 (``size``
    members, all worth the same since both parts are at least n0).
    """
    half = rest // 2
    values = sequence.values
    if rest < len(values):
        if isinstance(values, bytearray):
            splits = _split_values(values, rest)
            at = splits.find(target)
            while at >= 0:
                yield at + 1, 1
                at = splits.find(target, at + 1)
        else:
            for small in range(1, half + 1):
                if values[small] ^ values[rest - small] == target:
                    yield small, 1
        return
    assert sequence.period is not None
    start, period = sequence.period
    for small in range(1, min(half, start + period - 1) + 1):
        if sequence.value(small) ^ sequence.value(rest - small) == target:
            yield small, (1 if small < start else (half - small) // period + 1)


def _members(families: list[tuple[int, int]], period: int, room: int) -> list[int]:
    """The smallest *room* members of the union of the families, in increasing order."""
    members: list[int] = []
    for first, size in families:
        members.extend(range(first, first + period * min(size, room), period))
    members.sort()
    return members[:room]


def _find_winning(
    sequence: _Sequence, position: tuple[int, ...], nimbers: tuple[int, ...], total: int
) -> _Winning:
    found = _Winning()
    if total == 0:
        return found
    step = sequence.period[1] if sequence.period else 1
    for index, heap in enumerate(position):
        target = total ^ nimbers[index]
        for take in range(1, min(heap, sequence.last) + 1):
            rest = heap - take
            options: list[tuple[int, ...]] = []
            if take == heap and take in sequence.whole and target == 0:
                options.append(())
            if rest >= 1 and take in sequence.single and sequence.value(rest) == target:
                options.append((rest,))
            found.count += len(options)
            if rest >= 2 and take in sequence.split:
                families = list(_split_winners(sequence, rest, target))
                found.count += sum(size for _, size in families)
                room = max(0, found.room - len(options))
                options.extend((small, rest - small) for small in _members(families, step, room))
            for parts in options[: max(0, found.room)]:
                move = OctalMove(index, take, heap, parts, _after(position, index, parts))
                found.listed.append(move)
    return found


@dataclass(frozen=True, slots=True)
class OctalAnalysis:
    """Everything the boards, the command line and the pages say about a position.

    ``nimbers`` holds G(h) for each heap and ``readings`` the heap whose
    computed value it is (h itself, or n0 + (h − n0) mod p beyond the values
    computed); ``targets`` the value that must replace each heap for a winning
    move. ``winning_moves`` lists every winning move when there are at most
    :data:`MAX_LISTED_MOVES` of them (``complete``), otherwise the first ones;
    ``winning_move_count`` is always exact. ``preperiod`` and ``period`` are
    those certified (None when no period is certified yet).
    """

    code: str
    name: str | None
    heaps: tuple[int, ...]
    outcome: Outcome
    terminal: bool
    nimbers: tuple[int, ...]
    readings: tuple[int, ...]
    nim_sum: int
    nimber: int
    targets: tuple[int, ...]
    winning_moves: tuple[OctalMove, ...]
    winning_move_count: int
    complete: bool
    recommended: OctalMove | None
    preperiod: int | None
    period: int | None
    explanation: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view, as the worker sends it to the boards."""
        return {
            "game": "octal",
            "code": self.code,
            "name": self.name,
            "heaps": list(self.heaps),
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nimbers": list(self.nimbers),
            "readings": list(self.readings),
            "nim_sum": self.nim_sum,
            "nimber": self.nimber,
            "targets": list(self.targets),
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "winning_move_count": self.winning_move_count,
            "complete": self.complete,
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "preperiod": self.preperiod,
            "period": self.period,
            "explanation": list(self.explanation),
        }


def _option_value(sequence: _Sequence, move: OctalMove) -> str:
    if not move.parts:
        return "0 (plus rien)"
    if len(move.parts) == 1:
        (rest,) = move.parts
        return f"G({rest}) = {sequence.value(rest)}"
    small, large = move.parts
    left, right = sequence.value(small), sequence.value(large)
    return f"G({small}) ⊕ G({large}) = {left} ⊕ {right} = {left ^ right}"


def _explain(
    game: Octal,
    sequence: _Sequence,
    position: tuple[int, ...],
    nimbers: tuple[int, ...],
    total: int,
    terminal: bool,
    recommended: OctalMove | None,
    reduced: tuple[int, ...],
    period: tuple[int, int] | None,
) -> tuple[str, ...]:
    if terminal:
        return (
            typeset(
                f"Aucun coup n'est possible dans le jeu octal {game.label} : le joueur qui doit"
                " jouer a perdu."
            ),
        )
    readings = []
    for heap, read, value in zip(position, reduced, nimbers, strict=True):
        if read == heap:
            readings.append(f"G({heap}) = {value}")
        else:
            readings.append(f"G({heap}) = G({read}) = {value}")
    sentences = [f"Valeurs de Grundy des tas (jeu octal {game.label}) : {', '.join(readings)}."]
    if period is not None and reduced != position:
        start, length = period
        sentences.append(
            f"Les {_certificate(period, sequence.last)} premières valeurs certifient la période"
            f" (théorème de Guy et Smith) : à partir de n = {start}, G(n) ne dépend que du reste"
            f" de n − {start} dans la division par {length}. Au-delà, on la lit : G(h) ="
            f" G({start} + (h − {start}) mod {length})."
        )
    if len(position) > 1:
        sentences.append(
            "La valeur de la position est leur somme de Nim : "
            + " ⊕ ".join(str(value) for value in nimbers)
            + f" = {total}."
        )
    else:
        sentences.append(f"La valeur de la position est celle de son unique tas : {total}.")
    if recommended is None:
        sentences.append(
            "Elle est nulle : la position est perdante pour qui doit jouer. Un coup remplace"
            " un seul tas par des tas dont la valeur totale diffère de la sienne (G(h) est le"
            " plus petit entier absent des valeurs de ses options) : la somme de Nim devient"
            " non nulle, et l'adversaire pourra la ramener à 0."
        )
    else:
        index = recommended.heap
        target = total ^ nimbers[index]
        sentences.append(
            f"Elle n'est pas nulle : la position est gagnante. On joue sur le tas {index + 1}"
            f" ({recommended.before} jetons, de valeur {nimbers[index]}) : ce qu'il en reste doit"
            f" valoir {target}, la somme de Nim des autres tas."
        )
        sentences.append(
            f"Coup gagnant : {recommended.text}, car il laisse"
            f" {_option_value(sequence, recommended)}."
        )
    return tuple(typeset(sentence) for sentence in sentences)


def _certificate(period: tuple[int, int], last: int) -> int:
    """How many values the periodicity theorem needs to certify *period*: 2·n0 + 2·p + t."""
    start, length = period
    return 2 * start + 2 * length + last


def _stated_period(sequence: _Sequence, top: int) -> tuple[int, int] | None:
    """The certified period that an answer about heaps up to *top* states.

    The one a first search for those heaps finds: certified within
    max(64, top + 1) values (or needed to answer). So what an answer says never
    depends on what earlier requests happened to compute.
    """
    if sequence.period is None or _certificate(sequence.period, sequence.last) > max(64, top + 1):
        return None
    return sequence.period


def _reading(heap: int, period: tuple[int, int] | None, last: int) -> int:
    """The heap whose value G(*heap*) is read from: itself, or beyond the certificate, by the period."""
    if period is None or heap < _certificate(period, last):
        return heap
    start, length = period
    return start + (heap - start) % length


def analyse(heaps: Sequence[int], game: Octal | str, limit: int = SEARCH_LIMIT) -> OctalAnalysis:
    """Analyse a position of an octal game: outcome, values, every winning move, a hint.

    >>> result = analyse([10], FLOWERS)
    >>> result.nimbers, result.outcome
    ((3,), 'N')
    >>> [move.to for move in result.winning_moves]
    [(8,), (1, 6)]
    >>> analyse([2, 5], FLOWERS).nim_sum
    2
    >>> analyse([10**1000], KAYLES).readings
    (76,)

    Heaps up to *limit* − 1 are computed directly; larger ones need a period
    certified within *limit* values (see :func:`periodicity`), otherwise a
    :class:`NimcoreError` says so. Cost: the values needed (kept afterwards),
    then linear in the splits of each heap (bounded by n0 + p beyond the
    values computed).
    """
    octal = parse_code(game)
    position = validate_heaps(heaps, octal)
    limit = _check_limit(limit)
    sequence = _ensure(octal, max(position), limit)
    nimbers = tuple(sequence.value(heap) for heap in position)
    total = nim_sum(nimbers)
    terminal = not any(_has_move(sequence, heap) for heap in position)
    found = _find_winning(sequence, position, nimbers, total)
    listed = tuple(found.listed)
    # The hint plays on the largest heap it can, taking as few tokens as possible.
    recommended = (
        min(listed, key=lambda move: (-move.before, move.heap, move.take, move.parts))
        if listed
        else None
    )
    period = _stated_period(sequence, max(position))
    readings = tuple(_reading(heap, period, sequence.last) for heap in position)
    return OctalAnalysis(
        code=octal.code,
        name=octal.name,
        heaps=position,
        outcome="N" if total else "P",
        terminal=terminal,
        nimbers=nimbers,
        readings=readings,
        nim_sum=total,
        nimber=total,
        targets=tuple(total ^ value for value in nimbers),
        winning_moves=listed,
        winning_move_count=found.count,
        complete=found.count == len(listed),
        recommended=recommended,
        preperiod=None if period is None else period[0],
        period=None if period is None else period[1],
        explanation=_explain(
            octal, sequence, position, nimbers, total, terminal, recommended, readings, period
        ),
    )


def is_p_position(heaps: Sequence[int], game: Octal | str, limit: int = SEARCH_LIMIT) -> bool:
    """Return True when the player to move loses against perfect play.

    >>> is_p_position([8], FLOWERS), is_p_position([1, 6], FLOWERS), is_p_position([3], KAYLES)
    (True, True, False)
    """
    return analyse(heaps, game, limit).outcome == "P"


def winning_moves(
    heaps: Sequence[int], game: Octal | str, limit: int = SEARCH_LIMIT
) -> tuple[OctalMove, ...]:
    """Return every move to a P-position (the first :data:`MAX_LISTED_MOVES` of them).

    >>> [move.text for move in winning_moves([5], KAYLES)]
    ['retirer 1 jeton du tas 1 et partager le reste en deux tas (5 → 2 + 2)']
    """
    return analyse(heaps, game, limit).winning_moves


def computer_move(heaps: Sequence[int], game: Octal | str, limit: int = SEARCH_LIMIT) -> OctalMove:
    """Return the move a perfect player makes: a winning move whenever one exists.

    From a P-position every move loses against perfect play; the computer then
    takes as few tokens as it can from the largest heap it can play on, leaving
    one heap if the code allows it, which keeps the game long.

    >>> computer_move([10], FLOWERS).text
    'retirer 2 jetons du tas 1 (10 → 8)'
    >>> computer_move([8], FLOWERS).text
    'retirer 2 jetons du tas 1 (8 → 6)'
    >>> computer_move([1, 1], DAWSONS_KAYLES)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La partie est finie : aucun coup n'est possible dans \
le jeu octal 0.07 (Kayles de Dawson).
    """
    octal = parse_code(game)
    analysis = analyse(heaps, octal, limit)
    if analysis.terminal:
        raise NimcoreError(
            typeset(
                f"La partie est finie : aucun coup n'est possible dans le jeu octal {octal.label}."
            )
        )
    if analysis.recommended is not None:
        return analysis.recommended
    return delaying_move(analysis.heaps, octal)


def delaying_move(heaps: Sequence[int], game: Octal | str) -> OctalMove:
    """As few tokens as possible from the largest heap that allows a move, one heap left if allowed.

    The move of a perfect player from a P-position: it keeps the game long.

    >>> delaying_move([8], FLOWERS).text
    'retirer 2 jetons du tas 1 (8 → 6)'
    """
    octal = parse_code(game)
    position = validate_heaps(heaps, octal)
    sequence = _sequence(octal)
    playable = [i for i, heap in enumerate(position) if _has_move(sequence, heap)]
    if not playable:
        raise NimcoreError(
            typeset(
                f"La partie est finie : aucun coup n'est possible dans le jeu octal {octal.label}."
            )
        )
    index = max(playable, key=lambda i: (position[i], -i))
    heap = position[index]
    for take in range(1, min(heap, sequence.last) + 1):
        rest = heap - take
        for parts, allowed in (
            ((rest,), rest >= 1 and take in sequence.single),
            ((1, rest - 1), rest >= 2 and take in sequence.split),
            ((), take == heap and take in sequence.whole),
        ):
            if allowed:
                return OctalMove(index, take, heap, parts, _after(position, index, parts))
    raise AssertionError("a playable heap has a move")  # pragma: no cover
