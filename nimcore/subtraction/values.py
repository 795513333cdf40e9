"""One heap of a subtraction game: its nimbers and misère outcomes, and their periods."""

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.nim import validate_heaps as _validate_nim_heaps
from nimcore.periodicity import Periodic, PeriodSearch, by_windows, window_search
from nimcore.subtraction.rule import (
    MAX_PERIOD_LENGTH,
    MAX_PERIOD_SEARCH,
    SubtractionRule,
    _check_length,
    _coerce_rule,
)

# --- one heap: sequences and their periods -----------------------------------


def _amounts(rule: SubtractionRule, length: int) -> Sequence[int]:
    """The amounts a move may take from the heaps below *length*."""
    if rule.kind == "set":
        return rule.amounts
    return range(rule.low, min(rule.high, max(length - 1, 0)) + 1)


def grundy_sequence(rule: SubtractionRule | Iterable[int], length: int) -> tuple[int, ...]:
    """Return the nimbers g(0), …, g(length − 1) of one heap, by the mex loop.

    g(x) is the least natural number that is not the nimber of a heap reachable
    from x (the mex of the g(x − s)).

    >>> grundy_sequence([1, 2, 4], 10)
    (0, 1, 2, 0, 1, 2, 0, 1, 2, 0)
    >>> grundy_sequence(SubtractionRule.between(3, 5), 14)
    (0, 0, 0, 1, 1, 1, 2, 2, 0, 0, 0, 1, 1, 1)

    Cost: *length* times the number of amounts (no formula, no period): this is
    the baseline the period detection is measured against. Raises
    :class:`NimcoreError` above :data:`MAX_SEQUENCE` values.
    """
    length = _check_length(length)
    amounts = _amounts(_coerce_rule(rule), length)
    values: list[int] = []
    for size in range(length):
        seen = {values[size - amount] for amount in amounts if amount <= size}
        value = 0
        while value in seen:
            value += 1
        values.append(value)
    return tuple(values)


def misere_outcomes(rule: SubtractionRule | Iterable[int], length: int) -> str:
    """Return the misère outcomes ("P" or "N") of one heap of 0, …, length − 1 tokens.

    A heap with no move left is N in misère play (the opponent made the last move).

    >>> misere_outcomes(SubtractionRule.take_up_to(3), 10)
    'NPNNNPNNNP'

    Cost: *length* times the number of amounts. Raises :class:`NimcoreError`
    above :data:`MAX_SEQUENCE` values.
    """
    length = _check_length(length)
    amounts = _amounts(_coerce_rule(rule), length)
    losing: list[bool] = []
    for size in range(length):
        options = [losing[size - amount] for amount in amounts if amount <= size]
        losing.append(bool(options) and not any(options))
    return "".join("P" if lost else "N" for lost in losing)


def _next_value(amounts: tuple[int, ...], misere: bool) -> Callable[[bytearray], int]:
    """The next term of one heap's values (misère: 0 for P, 1 for N) from the terms so far."""

    def next_value(terms: bytearray) -> int:
        size = len(terms)
        if misere:
            options = [terms[size - amount] for amount in amounts if amount <= size]
            return 0 if options and all(options) else 1
        seen = {terms[size - amount] for amount in amounts if amount <= size}
        value = 0
        while value in seen:
            value += 1
        return value

    return next_value


def search_period(rule: SubtractionRule | Iterable[int], limit: int) -> PeriodSearch:
    """Look for the period of the nimbers within about *limit* values (by the window argument).

    >>> search_period([2, 3, 5, 8], 1000)
    PeriodSearch(preperiod=13, period=17, computed=38, max_value=4)
    >>> search_period([2, 3, 5, 8], 20).period is None
    True

    Cost: about s_max operations per value computed (at most *limit* + s_max).
    """
    checked = _coerce_rule(rule)
    amounts = checked.amounts or tuple(range(checked.low, checked.high + 1))
    start, period, terms = window_search(_next_value(amounts, False), amounts[-1], limit)
    return PeriodSearch(start, period, len(terms), max(terms, default=0))


def _detect_period(amounts: tuple[int, ...], misere: bool) -> tuple[int, int, bytes]:
    """Least (preperiod, period) and the first terms, by the window argument."""
    found = by_windows(_next_value(amounts, misere), amounts[-1], MAX_PERIOD_SEARCH)
    if found is None:
        raise NimcoreError(
            typeset(
                f"Aucune période trouvée dans les {MAX_PERIOD_SEARCH} premières valeurs ;"
                f" c'est la limite de recherche."
            )
        )
    return found


def _closed_term(rule: SubtractionRule, size: int, misere: bool) -> int:
    """Closed forms: nimber, or 0 (P) / 1 (N) in misère play."""
    if rule.kind == "up_to":
        residue = size % (rule.high + 1)
        if misere:
            return 0 if residue == 1 else 1
        return residue
    residue = size % (rule.low + rule.high)
    if misere:
        return 0 if rule.low <= residue < 2 * rule.low else 1
    return residue // rule.low


@lru_cache(maxsize=64)
def _periodicity(rule: SubtractionRule, misere: bool) -> Periodic:
    if rule.closed_form:
        period = rule.low + rule.high
        if period > MAX_PERIOD_LENGTH:
            raise NimcoreError(
                typeset(
                    f"La période vaut {period} ; la limite est de {MAX_PERIOD_LENGTH}"
                    " valeurs pour une table (la formule reste disponible)."
                )
            )
        values = tuple(_closed_term(rule, size, misere) for size in range(period))
        return Periodic(0, period, values)
    preperiod, period, terms = _detect_period(rule.amounts, misere)
    if preperiod + period > MAX_PERIOD_LENGTH:
        raise NimcoreError(
            typeset(
                f"La prépériode et la période totalisent {preperiod + period} valeurs ;"
                f" la limite est de {MAX_PERIOD_LENGTH}."
            )
        )
    return Periodic(preperiod, period, tuple(terms))


def grundy_period(rule: SubtractionRule | Iterable[int]) -> Periodic:
    """Return the least preperiod and period of the nimbers of one heap.

    For a finite subtraction set with largest amount s_max, g(x) depends only on
    the s_max values before it once x ≥ s_max. So as soon as a window of s_max
    consecutive values (starting anywhere, the first one at 0) appears a second
    time, the sequence repeats from the first window on, forever: this is a
    proof, not a guess. The first window to repeat gives the least preperiod
    and period (the windows follow a deterministic path, which first loops
    there). For a range of amounts the formulas give the period at once:
    K + 1 for "from 1 to K", m + M for "between m and M", with no preperiod.

    >>> found = grundy_period([1, 2, 4])
    >>> found.preperiod, found.period, found.values
    (0, 3, (0, 1, 2))
    >>> found = grundy_period([2, 3, 5, 8])
    >>> found.preperiod, found.period
    (13, 17)
    >>> grundy_period(SubtractionRule.between(3, 5)).values
    (0, 0, 0, 1, 1, 1, 2, 2)

    Raises :class:`NimcoreError` when no period shows within
    :data:`MAX_PERIOD_SEARCH` values, or when the table would exceed
    :data:`MAX_PERIOD_LENGTH` terms. Cost: about s_max operations per value
    computed until the first repeated window; results are cached.
    Reference: Berlekamp–Conway–Guy, *Winning Ways*, chapter 4.
    """
    return _periodicity(_coerce_rule(rule), misere=False)


def misere_period(rule: SubtractionRule | Iterable[int]) -> Periodic:
    """Return the least preperiod and period of the misère outcomes of one heap.

    The values are 0 for a P-position and 1 for an N-position. The same window
    argument as :func:`grundy_period` proves the period. Closed forms, proved
    by induction on the heap: "from 1 to K" is P exactly when
    x mod (K + 1) = 1; "between m and M" exactly when m ≤ x mod (m + M) < 2m
    (below m no move is left, so it is N; from m to 2m − 1 every move leaves
    fewer than m tokens; from 2m to 2m + M − 1 a move reaches that block; and
    the pattern repeats every m + M tokens).

    >>> found = misere_period([1, 2, 4])
    >>> found.preperiod, found.period, found.values
    (0, 3, (1, 0, 1))
    >>> misere_period(SubtractionRule.between(2, 3)).values
    (1, 1, 0, 0, 1)

    Raises :class:`NimcoreError` like :func:`grundy_period`; same cost.
    """
    return _periodicity(_coerce_rule(rule), misere=True)


def window_certificate(
    rule: SubtractionRule | Iterable[int], found: Periodic, *, misere: bool = False
) -> str:
    """Why the period *found* of one heap's values (or *misere* outcomes) holds, in French.

    The first window of w values (w the largest amount) that comes back names
    the values compared; each value depends only on the w before it, so the
    sequence repeats from there on (chapter « Un seul tas »).

    >>> print(window_certificate([1, 3, 4], grundy_period([1, 3, 4])))  # doctest: +NORMALIZE_WHITESPACE
    Les valeurs g(n) sont périodiques de période 7 dès n = 0 : les 4 valeurs consécutives
    de n = 0 à n = 3 se retrouvent, dans le même ordre, de n = 7 à n = 10. Chaque valeur ne
    dépend que des 4 précédentes (le plus grand retrait est 4) : après la seconde fenêtre, la
    suite refait donc exactement le même chemin qu'après la première, pour toujours (argument
    de la fenêtre, chapitre « Un seul tas »).

    Cost: constant (the text only; :func:`grundy_period` and
    :func:`misere_period` found the windows).
    """
    width = _coerce_rule(rule).high
    start, period = found.preperiod, found.period
    what = "Les issues (0 pour P, 1 pour N)" if misere else "Les valeurs g(n)"
    since = "dès n = 0" if start == 0 else f"à partir de n = {start}"
    if width == 1:
        compared = f"la valeur en n = {start} se retrouve en n = {start + period}"
        depends = "de la précédente (le seul retrait est 1)"
    else:
        compared = (
            f"les {width} valeurs consécutives de n = {start} à n = {start + width - 1} se"
            f" retrouvent, dans le même ordre, de n = {start + period} à"
            f" n = {start + period + width - 1}"
        )
        depends = f"des {width} précédentes (le plus grand retrait est {width})"
    return typeset(
        f"{what} sont périodiques de période {period} {since} : {compared}. Chaque valeur ne"
        f" dépend que {depends} : après la seconde fenêtre, la suite refait donc exactement le"
        " même chemin qu'après la première, pour toujours (argument de la fenêtre, chapitre"
        " « Un seul tas »)."
    )


def grundy_value(rule: SubtractionRule | Iterable[int], size: int) -> int:
    """Return the nimber of one heap of *size* tokens, at once whatever its size.

    >>> grundy_value(SubtractionRule.take_up_to(3), 10)
    2
    >>> grundy_value([1, 2, 4], 10**1000)
    1
    >>> grundy_value(SubtractionRule.between(3, 5), 13)
    1

    Raises :class:`NimcoreError` on a negative or non-integer size. Cost: one
    division for a range of amounts; a period search (cached) for a set.
    """
    chosen = _coerce_rule(rule)
    (heap,) = _validate_nim_heaps([size])
    return _nimber(chosen, heap)


def _nimber(rule: SubtractionRule, size: int) -> int:
    if rule.closed_form:
        return _closed_term(rule, size, misere=False)
    return _periodicity(rule, misere=False).at(size)


def _misere_single_is_p(rule: SubtractionRule, size: int) -> bool:
    if rule.closed_form:
        return _closed_term(rule, size, misere=True) == 0
    return _periodicity(rule, misere=True).at(size) == 0
