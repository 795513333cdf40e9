"""The Grundy values of an octal game, computed once and kept, and their certified period."""

from array import array
from dataclasses import dataclass
from typing import Any

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.nimsum import mex
from nimcore.octal.rule import (  # noqa: F401 (in the examples)
    DAWSONS_KAYLES,
    FLOWERS,
    KAYLES,
    MAX_VALUES,
    SEARCH_LIMIT,
    Octal,
    parse_code,
    validate_heaps,
)
from nimcore.periodicity import certified


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
