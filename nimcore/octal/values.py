"""The Grundy values of an octal game, computed once and kept, and their certified period."""

from dataclasses import dataclass
from typing import Any

from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset
from nimcore.octal.rule import (  # noqa: F401 (in the examples)
    DAWSONS_KAYLES,
    DIRECT_LIMIT,
    FLOWERS,
    KAYLES,
    MAX_VALUES,
    SEARCH_LIMIT,
    Octal,
    parse_code,
    validate_heaps,
)
from nimcore.octal.unsettled import UNSETTLED
from nimcore.periodicity import PeriodSearch, certified, likely_certificate
from nimcore.progress import Progress, current
from nimcore.takebreak import Rules, Values
from nimcore.takebreak import splits as _splits


def _split_values(values: bytearray, rest: int) -> bytes:
    """Byte i is G(1 + i) ⊕ G(rest − 1 − i): every split (a, rest − a) with a ≤ rest − a."""
    return _splits(values, rest, True)


class _Sequence:
    """The values of one game computed so far (:class:`~nimcore.takebreak.Values`), and its period.

    ``period`` is (n0, p) once certified; ``searched`` how many values the
    last search for a period looked at.
    """

    __slots__ = ("engine", "last", "period", "searched", "single", "split", "whole")

    def __init__(self, digits: tuple[int, ...]) -> None:
        self.whole = frozenset(k for k, digit in enumerate(digits, 1) if digit & 1)
        self.single = tuple(k for k, digit in enumerate(digits, 1) if digit & 2)
        self.split = tuple(k for k, digit in enumerate(digits, 1) if digit & 4)
        self.last = len(digits)  # t, the index of the last non-zero digit
        self.engine = Values(Rules(self.whole, self.single, self.split))
        self.period: tuple[int, int] | None = None  # (n0, p) once certified
        self.searched = 0

    @property
    def values(self) -> bytearray | list[int]:
        """G(0), G(1), … as computed so far."""
        return self.engine.values

    def extend(self, count: int, progress: Progress | None = None) -> None:
        """Compute the values up to G(count − 1), telling *progress* (by default the
        request's, :func:`nimcore.progress.current`) how far they are."""
        self.engine.extend(count, progress if progress is not None else current())

    def value(self, n: int) -> int:
        """G(n), from the values computed or, beyond them, from the period."""
        values = self.engine.values
        if n < len(values):
            return values[n]
        assert self.period is not None
        start, period = self.period
        return values[start + (n - start) % period]

    def search(
        self, limit: int, progress: Progress | None = None, direct: int | None = None
    ) -> None:
        """Compute values, up to *limit*, until a period is certified.

        The values are doubled from 1024 on; whenever the last values look
        periodic, the values the certificate of that period needs are computed
        at once (:func:`~nimcore.periodicity.likely_certificate`), so that a
        period is certified with no more values than it needs. With *direct*,
        the search also stops at *direct* values unless the sparse-space
        method runs (the direct method's cost grows as the square).
        """
        size = max(1024, len(self.engine.values))
        while self.period is None:
            size = min(size, limit)
            if direct is not None and self.engine.mask is None and size > direct:
                limit = size = max(direct, len(self.engine.values))
            self.extend(size, progress)
            values = self.engine.values
            if len(values) > self.searched:
                self.period = certified(values, self.last)
                self.searched = len(values)
            if self.period is not None or size >= limit:
                break
            needed = likely_certificate(values, self.last)
            size = needed if needed is not None and needed > size else 2 * size


_SEQUENCES: dict[str, _Sequence] = {}


def _sequence(game: Octal) -> _Sequence:
    sequence = _SEQUENCES.get(game.code)
    if sequence is None:
        sequence = _SEQUENCES[game.code] = _Sequence(game.digits)
    return sequence


def _check_limit(limit: object) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_VALUES:
        raise NimcoreError(
            typeset(
                f"La limite de calcul doit aller de 1 à {MAX_VALUES} valeurs, pas {quoted(limit)}."
            )
        )
    return limit


def _certificate(period: tuple[int, int], last: int) -> int:
    """How many values the periodicity theorem needs to certify *period*: 2·n0 + 2·p + t."""
    start, length = period
    return 2 * start + 2 * length + last


@dataclass(frozen=True, slots=True, kw_only=True)
class Periodicity(PeriodSearch):
    """What is known of the period of a game's values (a :class:`~nimcore.periodicity.PeriodSearch`).

    When ``certified``, G(n + ``period``) = G(n) for every n ≥ ``preperiod``,
    proved by the periodicity theorem from the first ``computed`` values (at
    least 2·n0 + 2·p + t of them). Otherwise no period could be certified from
    the ``computed`` values: nothing is claimed.
    """

    code: str
    certified: bool
    last_digit: int
    explanation: str
    #: the mask of the sparse-space method (:mod:`nimcore.takebreak`) when it ran, else None
    rare_mask: int | None = None
    #: with a mask, None when the rare set is fixed, else the parity tied to the heap
    #: (:func:`nimcore.takebreak.is_rare`)
    rare_phase: int | None = None

    @property
    def needed(self) -> int | None:
        """How many values the certificate uses (2·n0 + 2·p + t), or None without one."""
        if not self.certified or self.preperiod is None or self.period is None:
            return None
        return _certificate((self.preperiod, self.period), self.last_digit)

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
            "max_value": self.max_value,
            "rare_mask": self.rare_mask,
            "rare_phase": self.rare_phase,
        }


def periodicity(
    game: Octal | str,
    limit: int = SEARCH_LIMIT,
    progress: Progress | None = None,
    direct: int | None = None,
) -> Periodicity:
    """Search the values of *game* for a period certified by the periodicity theorem.

    >>> result = periodicity(KAYLES)
    >>> result.certified, result.preperiod, result.period
    (True, 71, 12)
    >>> print(periodicity("0.106", limit=500).explanation)  # doctest: +NORMALIZE_WHITESPACE
    Aucune période n'est certifiée par les 500 premières valeurs du jeu octal 0,106 :
    rien n'est affirmé au-delà.

    *progress*, when given, is called now and then with (values computed,
    values aimed at); what it raises stops the search (the values computed
    are kept for the next one). With *direct*, the direct method stops at
    *direct* values (its cost grows as the square): only the sparse-space
    method goes on to *limit*.

    Raises :class:`NimcoreError` for a malformed code or a *limit* outside
    1 … :data:`MAX_VALUES`. Cost: the values up to *limit* at worst, plus a
    cheap test of each period. The values come from
    :class:`nimcore.takebreak.Values`: by the direct method, O(n²) at C
    speed, or by the sparse-space method, about linear, when its rare values
    thin out (0.16's 524 288 values in under 3 s of CPython,
    ``bench/results/octal_grundy.md``).
    """
    octal = parse_code(game)
    limit = _check_limit(limit)
    sequence = _sequence(octal)
    sequence.search(limit, progress, direct)
    t = sequence.last
    values = sequence.values
    found = sequence.period
    if found is not None and _certificate(found, t) > limit:
        found = None  # certified by an earlier, longer search, not within *limit*
    if found is None:
        # An earlier, longer search may have gone past *limit*: the answer
        # speaks of the values asked for, whatever was computed before.
        searched = min(sequence.searched, limit)
        return Periodicity(
            None,
            None,
            searched,
            max(values[:searched], default=0),
            code=octal.code,
            certified=False,
            last_digit=t,
            explanation=typeset(
                f"Aucune période n'est certifiée par les {searched} premières valeurs"
                f" du jeu octal {octal.label} : rien n'est affirmé au-delà."
            ),
            rare_mask=sequence.engine.mask,
            rare_phase=sequence.engine.phase,
        )
    start, period = found
    computed = min(len(values), limit)  # an earlier search may have computed more
    return Periodicity(
        start,
        period,
        computed,
        max(values[:computed]),
        code=octal.code,
        certified=True,
        last_digit=t,
        explanation=typeset(
            f"Les valeurs du jeu octal {octal.label} sont périodiques de période {period}"
            f" à partir de n = {start} : g(n + {period}) = g(n) a été vérifié pour {start} ≤ n <"
            f" 2 × {start} + {period} + {t} = {2 * start + period + t}, ce qui suffit d'après"
            f" le théorème de périodicité de Guy et Smith (t = {t}, rang du dernier chiffre"
            " du code)."
        ),
        rare_mask=sequence.engine.mask,
        rare_phase=sequence.engine.phase,
    )


def grundy_values(game: Octal | str, count: int) -> tuple[int, ...]:
    """Return G(0), …, G(count − 1) for *game*.

    >>> grundy_values(FLOWERS, 12)
    (0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2)
    >>> grundy_values(KAYLES, 8)
    (0, 1, 2, 3, 1, 4, 3, 2)

    Values beyond a certified period are read from it; otherwise they are
    computed, up to :data:`MAX_VALUES`. Cost: linear in *count* once the
    period is known; else that of :func:`periodicity` for *count* values.
    """
    octal = parse_code(game)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise NimcoreError(typeset(f"Un nombre de valeurs est attendu, pas {quoted(count)}."))
    sequence = _sequence(octal)
    if count > len(sequence.values) and sequence.period is None:
        if count > MAX_VALUES:
            sequence.search(SEARCH_LIMIT, direct=DIRECT_LIMIT)
        else:
            sequence.search(max(count, 64))
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
    if heap >= limit and limit <= SEARCH_LIMIT and game.code in UNSETTLED:
        raise _unsettled(game, heap, limit)  # known: the search would find no period
    sequence.search(min(limit, max(64, heap + 1)), direct=DIRECT_LIMIT)
    if sequence.period is not None:
        return sequence
    if heap >= sequence.searched:
        raise _unsettled(game, heap, sequence.searched)
    sequence.extend(heap + 1)
    return sequence


def _unsettled(game: Octal, heap: int, searched: int) -> NimcoreError:
    """The refusal of a heap beyond the *searched* values of a game without a certified period.

    >>> print(_unsettled(parse_code("0.104"), 10**7, SEARCH_LIMIT))
    Aucune période n'est certifiée par les 1048576 premières valeurs du jeu octal 0,104 : un tas de 10000000 ne peut pas être analysé (la limite est de 1048575 jetons).
    """
    return NimcoreError(
        typeset(
            f"Aucune période n'est certifiée par les {searched} premières valeurs"
            f" du jeu octal {game.label} : un tas de {heap} ne peut pas être analysé"
            f" (la limite est de {searched - 1} jetons)."
        )
    )


def grundy_value(game: Octal | str, heap: int, limit: int = SEARCH_LIMIT) -> int:
    """Return G(heap) for *game*; any heap once the period is certified.

    >>> grundy_value(KAYLES, 10**1000)
    1
    >>> grundy_value("0.454", 5000, limit=200)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Aucune période n'est certifiée par les 200 premières valeurs \
du jeu octal 0,454 : un tas de 5000 ne peut pas être analysé (la limite est de 199 jetons).

    Cost: see :func:`periodicity`; constant once the period is known.
    """
    octal = parse_code(game)
    (heap,) = validate_heaps([heap], octal)
    return _ensure(octal, heap, _check_limit(limit)).value(heap)
