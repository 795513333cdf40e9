"""Subtraction games: heaps from which a move takes an allowed number of tokens.

A rule says how many tokens a move may take from one heap: a finite
subtraction set such as {1, 2, 4}, "from 1 to K" (Nim with at most K tokens per
move, the "VanLoGo" game of the Belgian report when there are several heaps)
or "between m and M". A position is a list of heaps; a move plays in one heap.
In normal play whoever cannot move has lost; in misère play whoever makes the
last move loses (so whoever cannot move has won).

Normal play is solved by Sprague–Grundy: the nimber of a position is the
nim-sum of the nimbers of its heaps, and the nimbers of one heap,
g(x) = mex {g(x − s)}, form an eventually periodic sequence. Closed forms:
from 1 to K, g(x) = x mod (K + 1); between m and M, g(x) = ⌊(x mod (m + M)) / m⌋.
Once the period is known any heap, even 10**1000 tokens, is answered at once.

Misère play has no nim-sum rule in general. One heap alone follows its own
eventually periodic sequence of outcomes; "from 1 to K" follows misère Nim on
the values x mod (K + 1) (proved in :func:`is_p_position`); any other sum of
several heaps is solved by an exhaustive search, refused up front when its
state space is too large.

References: E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your
Mathematical Plays*, chapter 4 (subtraction games) and chapter 13 (misère);
A. N. Siegel, *Combinatorial Game Theory* (2013), chapters IV (impartial games)
and V (misère play).
"""

from bisect import insort
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from nimcore.errors import NimcoreError
from nimcore.french import plural, typeset
from nimcore.nim import MAX_HEAP_BITS, NimMove
from nimcore.nim import validate_heaps as _validate_nim_heaps
from nimcore.nimsum import nim_sum
from nimcore.periodicity import Periodic, by_windows

__all__ = [
    "MAX_LISTED_MOVES",
    "MAX_MISERE_MOVES",
    "MAX_MISERE_STATES",
    "MAX_PERIOD_LENGTH",
    "MAX_PERIOD_SEARCH",
    "MAX_SEQUENCE",
    "MAX_SUBTRACTION",
    "Periodicity",
    "SubtractionAnalysis",
    "SubtractionRule",
    "analyse",
    "computer_move",
    "delaying_move",
    "grundy_period",
    "grundy_sequence",
    "grundy_value",
    "is_p_position",
    "misere_outcomes",
    "misere_period",
    "moves",
    "nim_max_analyse",
    "play",
    "validate_position",
    "winning_moves",
]

#: Largest amount in a subtraction set given element by element (its period is searched for).
MAX_SUBTRACTION = 100
#: Most values computed while looking for a period before giving up.
MAX_PERIOD_SEARCH = 200_000
#: Longest sequence (preperiod plus period) handed out as a table.
MAX_PERIOD_LENGTH = 100_000
#: Longest prefix computed by :func:`grundy_sequence` and :func:`misere_outcomes`.
MAX_SEQUENCE = 2_000_000
#: Most candidate moves examined for the list of winning moves (heaps times amounts).
MAX_LISTED_MOVES = 100_000
#: Most positions of the exhaustive misère search (about 0.2 s in CPython, 3 times more in Pyodide).
MAX_MISERE_STATES = 12_000
#: Most moves (positions times moves from each) the exhaustive misère search may examine.
MAX_MISERE_MOVES = 1_000_000

Outcome = Literal["P", "N"]
Kind = Literal["set", "up_to", "between"]
Method = Literal["formula", "period", "misere-nim", "search"]


def _check_amount(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise NimcoreError(typeset(f"{name} vaut {value!r} : un nombre entier est attendu."))
    if value < 1:
        raise NimcoreError(
            typeset(f"{name} vaut {value} : on doit retirer au moins une allumette.")
        )
    if value.bit_length() > MAX_HEAP_BITS:
        raise NimcoreError(
            typeset(
                f"{name} est trop grand ({value.bit_length()} chiffres binaires) ;"
                f" la limite est de {MAX_HEAP_BITS} chiffres binaires."
            )
        )
    return value


def _french_list(items: Sequence[str]) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " ou " + items[-1]


@dataclass(frozen=True, slots=True)
class SubtractionRule:
    """How many tokens a move may take from one heap.

    Build it with :meth:`from_set`, :meth:`take_up_to` or :meth:`between`. A
    set of consecutive amounts is stored as a range (``{1, 2, 3}`` is "from 1
    to 3"), so that the closed forms apply to it. ``kind`` is ``"set"``,
    ``"up_to"`` (from 1 to ``high``) or ``"between"`` (from ``low`` to
    ``high``); ``amounts`` lists the set of a ``"set"`` rule and is empty for
    a range.

    >>> SubtractionRule.from_set([4, 1, 2]).text
    'retirer 1, 2 ou 4 allumettes'
    >>> SubtractionRule.from_set([1, 2, 3]) == SubtractionRule.take_up_to(3)
    True
    >>> SubtractionRule.between(3, 5).text
    'retirer entre 3 et 5 allumettes'
    """

    kind: Kind
    amounts: tuple[int, ...]
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.kind == "set":
            ok = (
                bool(self.amounts)
                and list(self.amounts) == sorted(set(self.amounts))
                and self.low == self.amounts[0]
                and self.high == self.amounts[-1]
            )
        else:
            ok = not self.amounts and 1 <= self.low <= self.high
            ok = ok and (self.kind == "between" or self.low == 1)
        if not ok:
            raise NimcoreError(
                typeset(
                    "Règle de soustraction incohérente : utilisez from_set, take_up_to ou between."
                )
            )

    @classmethod
    def from_set(cls, amounts: Iterable[int]) -> "SubtractionRule":
        """The rule "take one of these amounts", e.g. ``{1, 2, 4}``.

        >>> SubtractionRule.from_set({2, 3})
        SubtractionRule(kind='between', amounts=(), low=2, high=3)
        >>> SubtractionRule.from_set([1, 0])
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Le coup 0 vaut 0 : on doit retirer au moins une allumette.

        Raises :class:`NimcoreError` for an empty set, an amount that is not a
        positive integer, or a largest amount above :data:`MAX_SUBTRACTION`
        (unless the amounts are consecutive, where a closed form applies).
        """
        if isinstance(amounts, (str, bytes)) or not isinstance(amounts, Iterable):
            raise NimcoreError(
                typeset(f"Un ensemble de coups permis est attendu, pas {amounts!r}.")
            )
        values = list(amounts)
        if not values:
            raise NimcoreError(typeset("L'ensemble des coups permis est vide."))
        for value in values:
            _check_amount(value, f"Le coup {value!r}")
        chosen = sorted(set(values))
        low, high = chosen[0], chosen[-1]
        if high - low + 1 == len(chosen):
            return cls.take_up_to(high) if low == 1 else cls.between(low, high)
        if high > MAX_SUBTRACTION:
            raise NimcoreError(
                typeset(
                    f"Le plus grand coup permis vaut {high} ; la limite est de"
                    f" {MAX_SUBTRACTION} pour un ensemble donné coup par coup."
                )
            )
        return cls("set", tuple(chosen), low, high)

    @classmethod
    def take_up_to(cls, k: int) -> "SubtractionRule":
        """The rule "take from 1 to *k* tokens" (Nim with at most *k* tokens per move).

        >>> SubtractionRule.take_up_to(3).text
        'retirer de 1 à 3 allumettes'
        >>> SubtractionRule.take_up_to(0)
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Le maximum K vaut 0 : on doit retirer au moins une allumette.
        """
        _check_amount(k, "Le maximum K")
        return cls("up_to", (), 1, k)

    @classmethod
    def between(cls, low: int, high: int) -> "SubtractionRule":
        """The rule "take between *low* and *high* tokens" (m ≤ M).

        >>> SubtractionRule.between(1, 4) == SubtractionRule.take_up_to(4)
        True
        >>> SubtractionRule.between(5, 3)
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Le minimum 5 dépasse le maximum 3.
        """
        _check_amount(low, "Le minimum m")
        _check_amount(high, "Le maximum M")
        if low > high:
            raise NimcoreError(typeset(f"Le minimum {low} dépasse le maximum {high}."))
        if low == 1:
            return cls("up_to", (), 1, high)
        return cls("between", (), low, high)

    @property
    def closed_form(self) -> bool:
        """True for a range of amounts, whose nimbers have a formula."""
        return self.kind != "set"

    @property
    def text(self) -> str:
        """The rule in French."""
        if self.kind == "up_to":
            if self.high == 1:
                return "retirer 1 allumette"
            return f"retirer de 1 à {self.high} allumettes"
        if self.kind == "between":
            return f"retirer entre {self.low} et {self.high} allumettes"
        words = [str(amount) for amount in self.amounts]
        return f"retirer {_french_list(words)} allumettes"

    def allows(self, take: int) -> bool:
        """True when a move may take *take* tokens.

        >>> SubtractionRule.from_set([1, 2, 4]).allows(3)
        False
        """
        if self.kind == "set":
            return take in self.amounts
        return self.low <= take <= self.high

    def amounts_from(self, size: int) -> Iterator[int]:
        """Yield every amount a move may take from a heap of *size* tokens, smallest first.

        >>> list(SubtractionRule.from_set([1, 2, 4]).amounts_from(3))
        [1, 2]
        """
        if self.kind == "set":
            for amount in self.amounts:
                if amount > size:
                    return
                yield amount
        else:
            yield from range(self.low, min(self.high, size) + 1)

    def count_from(self, size: int) -> int:
        """Number of moves from a heap of *size* tokens (without listing them)."""
        if self.kind == "set":
            return sum(1 for amount in self.amounts if amount <= size)
        return max(0, min(self.high, size) - self.low + 1)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the rule."""
        return {
            "kind": self.kind,
            "amounts": list(self.amounts),
            "low": self.low,
            "high": self.high,
            "text": self.text,
        }


def _coerce_rule(rule: object) -> SubtractionRule:
    if isinstance(rule, SubtractionRule):
        return rule
    if isinstance(rule, Iterable) and not isinstance(rule, (str, bytes)):
        return SubtractionRule.from_set(rule)
    raise NimcoreError(typeset(f"Une règle de soustraction est attendue, pas {rule!r}."))


def _check_misere(misere: object) -> bool:
    if not isinstance(misere, bool):
        raise NimcoreError(
            typeset(f"La variante misère se règle par vrai ou faux, pas {misere!r}.")
        )
    return misere


def _check_length(length: object) -> int:
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise NimcoreError(typeset(f"Une longueur entière positive est attendue, pas {length!r}."))
    if length > MAX_SEQUENCE:
        raise NimcoreError(
            typeset(f"Suite trop longue : {length} valeurs ; la limite est de {MAX_SEQUENCE}.")
        )
    return length


# --- one heap: sequences and their periods -----------------------------------


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
    chosen = _coerce_rule(rule)
    length = _check_length(length)
    if chosen.kind == "set":
        amounts: Sequence[int] = chosen.amounts
    else:
        amounts = range(chosen.low, min(chosen.high, max(length - 1, 0)) + 1)
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
    chosen = _coerce_rule(rule)
    length = _check_length(length)
    if chosen.kind == "set":
        amounts: Sequence[int] = chosen.amounts
    else:
        amounts = range(chosen.low, min(chosen.high, max(length - 1, 0)) + 1)
    losing: list[bool] = []
    for size in range(length):
        options = [losing[size - amount] for amount in amounts if amount <= size]
        losing.append(bool(options) and not any(options))
    return "".join("P" if lost else "N" for lost in losing)


@dataclass(frozen=True, slots=True)
class Periodicity(Periodic):
    """The values of one heap, eventually periodic (see :class:`nimcore.periodicity.Periodic`).

    For the nimbers of one heap they are the Grundy values; for misère play
    they are 0 for a P-position and 1 for an N-position (outcomes, not
    nimbers). ``preperiod`` and ``period`` are the least possible.

    >>> grundy_period([2, 3, 5, 8]).at(10**1000)
    3
    """

    misere: bool

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view."""
        return {**Periodic.to_dict(self), "misere": self.misere}


def _detect_period(amounts: tuple[int, ...], misere: bool) -> tuple[int, int, bytes]:
    """Least (preperiod, period) and the first terms, by the window argument."""

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

    found = by_windows(next_value, amounts[-1], MAX_PERIOD_SEARCH)
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
def _periodicity(rule: SubtractionRule, misere: bool) -> Periodicity:
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
        return Periodicity(0, period, values, misere)
    preperiod, period, terms = _detect_period(rule.amounts, misere)
    if preperiod + period > MAX_PERIOD_LENGTH:
        raise NimcoreError(
            typeset(
                f"La prépériode et la période totalisent {preperiod + period} valeurs ;"
                f" la limite est de {MAX_PERIOD_LENGTH}."
            )
        )
    return Periodicity(preperiod, period, tuple(terms), misere)


def grundy_period(rule: SubtractionRule | Iterable[int]) -> Periodicity:
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


def misere_period(rule: SubtractionRule | Iterable[int]) -> Periodicity:
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


# --- positions ----------------------------------------------------------------


def _candidate_count(position: tuple[int, ...], rule: SubtractionRule) -> int:
    if rule.kind == "up_to":
        return 0  # at most a few winning moves per heap, found by formula
    return sum(rule.count_from(heap) for heap in position)


def _dominated_states(live: list[int], limit: int) -> int:
    """Number of multisets y_1 ≤ … ≤ y_n with y_i ≤ h_i (h sorted), or limit + 1 if more."""
    live = sorted(live)
    if not live:
        return 1
    if live[-1] + 1 > limit:
        return limit + 1
    counts = [1] * (live[0] + 1)
    for bound in live[1:]:
        running, extended = 0, []
        for value in range(bound + 1):
            if value < len(counts):
                running += counts[value]
            extended.append(running)
        counts = extended
        if sum(counts) > limit:
            return limit + 1
    return sum(counts)


def _live(position: Sequence[int], rule: SubtractionRule) -> list[int]:
    return [heap for heap in position if heap >= rule.low]


def validate_position(
    heaps: object, rule: SubtractionRule | Iterable[int], misere: bool = False
) -> tuple[tuple[int, ...], SubtractionRule]:
    """Check a position and a rule before any work; return them normalised.

    >>> validate_position([3, 0, 5], [1, 2, 4])[0]
    (3, 0, 5)
    >>> validate_position([30, 30, 30, 30], [1, 3, 4], misere=True)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Version misère à plusieurs tas : 46376 positions à explorer ; la limite est de 12000.

    Raises :class:`NimcoreError` for a bad heap (see :func:`nimcore.nim.validate_heaps`),
    a bad rule, more than :data:`MAX_LISTED_MOVES` candidate moves to examine,
    or, in misère play with several heaps (other than "from 1 to K"), a search
    over more than :data:`MAX_MISERE_STATES` positions or
    :data:`MAX_MISERE_MOVES` moves (the positions are counted, not searched:
    multisets of heap sizes, each at most the current one). These limits keep
    the search under about 0.2 s in CPython; Pyodide, in the browser, is about
    3 times slower. Cost: at most ten times :data:`MAX_MISERE_STATES`
    additions for the count of positions.
    """
    position = _validate_nim_heaps(heaps)
    chosen = _coerce_rule(rule)
    misere = _check_misere(misere)
    candidates = _candidate_count(position, chosen)
    if candidates > MAX_LISTED_MOVES:
        raise NimcoreError(
            typeset(
                f"Trop de coups à examiner : {candidates} ; la limite est de {MAX_LISTED_MOVES}."
            )
        )
    if misere and chosen.kind != "up_to":
        live = _live(position, chosen)
        if len(live) > 1:
            states = _dominated_states(live, 10 * MAX_MISERE_STATES)
            if states > MAX_MISERE_STATES:
                if states <= 10 * MAX_MISERE_STATES:
                    shown = str(states)
                else:
                    shown = f"plus de {10 * MAX_MISERE_STATES}"
                raise NimcoreError(
                    typeset(
                        f"Version misère à plusieurs tas : {shown} positions à explorer ;"
                        f" la limite est de {MAX_MISERE_STATES}."
                    )
                )
            examined = states * sum(chosen.count_from(heap) for heap in live)
            if examined > MAX_MISERE_MOVES:
                raise NimcoreError(
                    typeset(
                        f"Version misère à plusieurs tas : {examined} coups à examiner ;"
                        f" la limite est de {MAX_MISERE_MOVES}."
                    )
                )
        if not chosen.closed_form and len(live) <= 1:
            _periodicity(chosen, misere=True)
    if (not misere or chosen.kind == "up_to") and not chosen.closed_form:
        _periodicity(chosen, misere=False)
    return position, chosen


def _replace(position: tuple[int, ...], index: int, size: int) -> tuple[int, ...]:
    return position[:index] + (size,) + position[index + 1 :]


def moves(heaps: Sequence[int], rule: SubtractionRule | Iterable[int]) -> Iterator[NimMove]:
    """Yield every legal move, heap by heap, fewest tokens first.

    >>> [move.text for move in moves([3, 5], [2, 4])]
    ['retirer 2 allumettes du tas 1 (3 → 1)', 'retirer 2 allumettes du tas 2 (5 → 3)', \
'retirer 4 allumettes du tas 2 (5 → 1)']

    Cost: one move per allowed amount and heap: use it on small positions only.
    """
    position = _validate_nim_heaps(heaps)
    chosen = _coerce_rule(rule)
    for index, heap in enumerate(position):
        for take in chosen.amounts_from(heap):
            yield NimMove(index, take, heap, _replace(position, index, heap - take))


def play(
    heaps: Sequence[int], rule: SubtractionRule | Iterable[int], heap: int, take: int
) -> tuple[int, ...]:
    """Return the position reached by taking *take* tokens from heap *heap* (from 0).

    >>> play([7, 8, 6], SubtractionRule.take_up_to(3), 1, 3)
    (7, 5, 6)
    >>> play([7, 8, 6], [1, 2, 4], 0, 3)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Coup interdit : la règle est de retirer 1, 2 ou 4 allumettes, pas 3.

    The input is not modified.
    """
    position = _validate_nim_heaps(heaps)
    chosen = _coerce_rule(rule)
    if isinstance(heap, bool) or not isinstance(heap, int) or not 0 <= heap < len(position):
        raise NimcoreError(
            typeset(f"Le tas {heap!r} n'existe pas : les tas vont de 0 à {len(position) - 1}.")
        )
    if isinstance(take, bool) or not isinstance(take, int) or take < 1:
        raise NimcoreError(typeset(f"Il faut retirer au moins une allumette, pas {take!r}."))
    if not chosen.allows(take):
        raise NimcoreError(typeset(f"Coup interdit : la règle est de {chosen.text}, pas {take}."))
    if take > position[heap]:
        raise NimcoreError(
            typeset(
                f"Impossible de retirer {plural(take, 'allumette')} du tas {heap + 1} :"
                f" il n'en contient que {position[heap]}."
            )
        )
    return _replace(position, heap, position[heap] - take)


def _misere_nim_is_p(values: Sequence[int]) -> bool:
    """Misère Nim on nimbers: Bouton's rule unless every value is 0 or 1."""
    if any(value >= 2 for value in values):
        return nim_sum(values) == 0
    return sum(values) % 2 == 1


def _amounts_reaching(rule: SubtractionRule, size: int, target: int) -> Iterator[int]:
    """Amounts a move may take from a heap of *size* to leave a heap of nimber *target*."""
    if rule.kind == "up_to":
        modulus = rule.high + 1
        take = (size - target) % modulus
        if target < modulus and 1 <= take <= min(rule.high, size):
            yield take
        return
    if rule.kind == "between":
        modulus = rule.low + rule.high
        start, stop = target * rule.low, min((target + 1) * rule.low, modulus)
        if start >= stop:
            return
        lowest, highest = max(size - rule.high, 0), size - rule.low
        if highest < 0:
            return
        base = lowest - lowest % modulus
        found = []
        while base <= highest:
            for after in range(max(lowest, base + start), min(highest, base + stop - 1) + 1):
                found.append(size - after)
            base += modulus
        yield from sorted(found)
        return
    for take in rule.amounts_from(size):
        if _nimber(rule, size - take) == target:
            yield take


class _MisereSearch:
    """Exact misère search over multisets of live heaps (iterative, memoised)."""

    def __init__(self, rule: SubtractionRule) -> None:
        self.rule = rule
        self.losing: dict[tuple[int, ...], bool] = {}

    def canonical(self, position: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted(heap for heap in position if heap >= self.rule.low))

    def options(self, state: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        low = self.rule.low
        for index, heap in enumerate(state):
            if index and state[index - 1] == heap:
                continue
            rest = state[:index] + state[index + 1 :]
            for take in self.rule.amounts_from(heap):
                after = heap - take
                if after < low:
                    yield rest
                else:
                    option = list(rest)
                    insort(option, after)
                    yield tuple(option)

    def is_p(self, root: tuple[int, ...]) -> bool:
        """Depth-first search with an explicit stack; each option is examined once."""
        losing = self.losing
        if root in losing:
            return losing[root]
        # A frame: [position, its options still to examine, whether it has a move,
        # the option being solved deeper in the stack].
        stack: list[list[Any]] = [[root, self.options(root), False, None]]
        while stack:
            frame = stack[-1]
            state, followers = frame[0], frame[1]
            waiting = frame[3]
            if waiting is not None and losing[waiting]:
                losing[state] = False
                stack.pop()
                continue
            frame[3] = None
            for follower in followers:
                frame[2] = True
                known = losing.get(follower)
                if known is None:
                    frame[3] = follower
                    stack.append([follower, self.options(follower), False, None])
                    break
                if known:
                    losing[state] = False
                    stack.pop()
                    break
            else:
                # Every option is an N-position: P, unless there was no move at all
                # (misère: the player who cannot move has won).
                losing[state] = frame[2]
                stack.pop()
        return losing[root]


@dataclass(frozen=True, slots=True)
class _Solution:
    outcome: Outcome
    method: Method
    winning: tuple[NimMove, ...]
    searched: int | None


def _solve(position: tuple[int, ...], rule: SubtractionRule, misere: bool) -> _Solution:
    nimbers = [_nimber(rule, heap) for heap in position]
    total = nim_sum(nimbers)
    live = _live(position, rule)
    method: Method = "formula" if rule.closed_form else "period"
    found: list[NimMove] = []

    def add(index: int, take: int) -> None:
        heap = position[index]
        found.append(NimMove(index, take, heap, _replace(position, index, heap - take)))

    if not misere:
        if total:
            for index, heap in enumerate(position):
                for take in _amounts_reaching(rule, heap, total ^ nimbers[index]):
                    add(index, take)
        return _Solution("N" if total else "P", method, tuple(found), None)
    if rule.kind == "up_to":
        big = sum(1 for value in nimbers if value >= 2)
        ones = sum(1 for value in nimbers if value == 1)
        for index, heap in enumerate(position):
            value = nimbers[index]
            targets = {total ^ value, 0, 1} - {value}
            other_big = big - (value >= 2)
            other_ones = ones - (value == 1)
            for target in sorted(targets):
                if other_big or target >= 2:
                    winning = total ^ value ^ target == 0
                else:
                    winning = (other_ones + target) % 2 == 1
                if winning:
                    for take in _amounts_reaching(rule, heap, target):
                        add(index, take)
        found.sort(key=lambda move: (move.heap, move.take))
        method = "formula" if len(live) <= 1 else "misere-nim"
        return _Solution("P" if _misere_nim_is_p(nimbers) else "N", method, tuple(found), None)
    if len(live) <= 1:
        if not live:
            return _Solution("N", method, (), None)
        index = next(i for i, heap in enumerate(position) if heap >= rule.low)
        heap = position[index]
        for take in rule.amounts_from(heap):
            if _misere_single_is_p(rule, heap - take):
                add(index, take)
        outcome: Outcome = "P" if _misere_single_is_p(rule, heap) else "N"
        return _Solution(outcome, method, tuple(found), None)
    search = _MisereSearch(rule)
    root = search.canonical(position)
    lost = search.is_p(root)
    for index, heap in enumerate(position):
        for take in rule.amounts_from(heap):
            after = _replace(position, index, heap - take)
            if search.is_p(search.canonical(after)):
                add(index, take)
    return _Solution("P" if lost else "N", "search", tuple(found), len(search.losing))


def is_p_position(
    heaps: Sequence[int], rule: SubtractionRule | Iterable[int], misere: bool = False
) -> bool:
    """Return True when the player to move loses against perfect play.

    Normal play: the nim-sum of the heaps' nimbers is 0 (Sprague–Grundy).
    Misère play, one heap: its own periodic sequence of outcomes.

    Misère play, "from 1 to K", any number of heaps: write v = x mod (K + 1)
    for each heap. When some v is at least 2 the position is P exactly when the
    nim-sum of the v is 0; when every v is 0 or 1, exactly when the number of
    v equal to 1 is odd (misère Nim on the v). Proof: from such a P-position a
    move changes one v (it takes 1 to K tokens), so it either breaks a zero
    nim-sum while some v ≥ 2 remains (a zero nim-sum with some v ≥ 2 needs two
    of them), or, when all v ≤ 1, either flips the parity of the ones or
    creates a single v ≥ 2, whose nim-sum with 0s and 1s is not 0. From any
    other position with a move: with two v ≥ 2, Bouton's move on the v is
    legal; with one v ≥ 2, bring it to 0 or 1 to leave an odd number of ones;
    with all v ≤ 1 and an even number of ones, take 1 token from a heap with
    v = 1, or K tokens from a non-empty heap with v = 0 (it gets v = 1). The
    terminal position (every v = 0, no one) is N, as misère play wants. It is
    also checked against exhaustive search in the tests.

    Misère play, several heaps, other rules: exhaustive search.

    >>> is_p_position([10, 8, 6], SubtractionRule.take_up_to(3))
    True
    >>> is_p_position([5], SubtractionRule.take_up_to(3), misere=True)
    True
    >>> is_p_position([6, 2], SubtractionRule.take_up_to(3), misere=True)
    True
    >>> is_p_position([4, 4], [2, 3], misere=True)
    True

    Raises :class:`NimcoreError` as :func:`validate_position`.
    """
    position, chosen = validate_position(heaps, rule, misere)
    return _solve(position, chosen, misere).outcome == "P"


def winning_moves(
    heaps: Sequence[int], rule: SubtractionRule | Iterable[int], misere: bool = False
) -> tuple[NimMove, ...]:
    """Return every move to a P-position (none from a P-position), heap by heap.

    >>> [move.text for move in winning_moves([7, 8, 6], SubtractionRule.take_up_to(3))]
    ['retirer 1 allumette du tas 1 (7 → 6)', 'retirer 3 allumettes du tas 2 (8 → 5)', \
'retirer 3 allumettes du tas 3 (6 → 3)']

    Cost: a few divisions per heap for "from 1 to K"; otherwise one nimber per
    allowed amount and heap (or the misère search). Raises
    :class:`NimcoreError` as :func:`validate_position`.
    """
    position, chosen = validate_position(heaps, rule, misere)
    return _solve(position, chosen, misere).winning


@dataclass(frozen=True, slots=True)
class SubtractionAnalysis:
    """Everything the boards, the command line and the pages say about a position.

    ``heap_nimbers`` are the normal-play nimbers of the heaps and ``nim_sum``
    their nim-sum (the ``nimber`` of the position in normal play, ``None`` in
    misère play). ``preperiod`` and ``period`` describe the sequence the
    answer used: the nimbers of one heap, or in misère play with one heap its
    outcomes; they are ``None`` after a misère search. ``method`` says how the
    answer was found: ``"formula"`` (closed form), ``"period"`` (periodic
    sequence), ``"misere-nim"`` (misère Nim on x mod (K + 1)) or
    ``"search"`` (exhaustive search over ``searched`` positions).
    """

    heaps: tuple[int, ...]
    rule: SubtractionRule
    misere: bool
    outcome: Outcome
    nimber: int | None
    heap_nimbers: tuple[int, ...]
    nim_sum: int
    preperiod: int | None
    period: int | None
    method: Method
    searched: int | None
    winning_moves: tuple[NimMove, ...]
    recommended: NimMove | None
    explanation: tuple[str, ...]

    @property
    def terminal(self) -> bool:
        """True when no move is left."""
        return all(heap < self.rule.low for heap in self.heaps)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view, as the worker sends it to the boards."""
        return {
            "game": "subtraction",
            "heaps": list(self.heaps),
            "rule": self.rule.to_dict(),
            "misere": self.misere,
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nimber": self.nimber,
            "heap_nimbers": list(self.heap_nimbers),
            "nim_sum": self.nim_sum,
            "preperiod": self.preperiod,
            "period": self.period,
            "method": self.method,
            "searched": self.searched,
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "explanation": list(self.explanation),
        }


#: Above this many heaps the explanation sums the nimbers up instead of listing them.
_LISTED_HEAPS = 8


def _nimber_formula(rule: SubtractionRule, size: int) -> str:
    """How the nimber of one heap is read, e.g. '10 mod 4 = 2' or 'g(13) = g(1) = 1'."""
    value = _nimber(rule, size)
    if rule.kind == "up_to":
        return f"{size} mod {rule.high + 1} = {value}"
    if rule.kind == "between":
        return f"⌊({size} mod {rule.low + rule.high}) / {rule.low}⌋ = {value}"
    index = _periodicity(rule, misere=False).index(size)
    if index == size:
        return f"g({size}) = {value}"
    return f"g({size}) = g({index}) = {value}"


def _nimber_rule_sentence(rule: SubtractionRule) -> str:
    if rule.kind == "up_to":
        modulus = rule.high + 1
        return (
            f"Le nimber d'un tas de x allumettes est x mod {modulus}, le reste de la division"
            f" de x par {modulus} : un coup retire de 1 à {rule.high} allumettes, il mène donc"
            f" à tous les restes sauf celui de x (à tous les tas plus petits si x < {modulus})."
        )
    if rule.kind == "between":
        return (
            f"Le nimber d'un tas de x allumettes est ⌊(x mod {rule.low + rule.high}) /"
            f" {rule.low}⌋ : la suite des nimbers se répète avec la période"
            f" {rule.low} + {rule.high} = {rule.low + rule.high}."
        )
    found = _periodicity(rule, misere=False)
    start = "dès le début" if found.preperiod == 0 else f"à partir de g({found.preperiod})"
    return (
        f"La suite des nimbers g(x) = mex des g(x − s) est périodique de période"
        f" {found.period} {start} : deux fenêtres de {rule.high} valeurs consécutives"
        f" identiques le prouvent, car chaque valeur ne dépend que des {rule.high} précédentes."
    )


def _heap_sentences(position: tuple[int, ...], rule: SubtractionRule) -> list[str]:
    sentences = [_nimber_rule_sentence(rule)]
    if len(position) <= _LISTED_HEAPS:
        parts = [
            f"tas {index + 1} : {_nimber_formula(rule, heap)}"
            for index, heap in enumerate(position)
        ]
        sentences.append("Nimbers des tas : " + " ; ".join(parts) + ".")
    return sentences


def _explain_normal(
    position: tuple[int, ...],
    rule: SubtractionRule,
    nimbers: tuple[int, ...],
    total: int,
    recommended: NimMove | None,
) -> list[str]:
    sentences = _heap_sentences(position, rule)
    if len(position) <= _LISTED_HEAPS:
        written = " ⊕ ".join(str(value) for value in nimbers)
        sum_text = f"{written} = {total}" if len(position) > 1 else str(total)
    else:
        sum_text = str(total)
    if total == 0:
        sentences.append(
            f"La somme de Nim des nimbers vaut {sum_text} : la position est perdante pour qui"
            " doit jouer (théorème de Sprague et Grundy)."
        )
        sentences.append(
            "Un coup change le nimber d'un seul tas (un tas n'atteint jamais un tas de même"
            " nimber), donc la somme devient non nulle, et l'adversaire pourra toujours la"
            " ramener à 0."
        )
        return sentences
    sentences.append(
        f"La somme de Nim des nimbers vaut {sum_text}, non nulle : la position est gagnante"
        " pour qui doit jouer."
    )
    if recommended is not None:
        value = nimbers[recommended.heap]
        target = value ^ total
        sentences.append(
            f"Jouer dans le tas {recommended.heap + 1} : son nimber {value} doit devenir"
            f" {value} ⊕ {total} = {target}. En retirant {plural(recommended.take, 'allumette')}"
            f" ({recommended.before} → {recommended.after}) on atteint un tas de nimber"
            f" {target}, et la somme de Nim redevient 0."
        )
    return sentences


def _explain_misere(
    position: tuple[int, ...],
    rule: SubtractionRule,
    solution: _Solution,
    nimbers: tuple[int, ...],
    recommended: NimMove | None,
) -> list[str]:
    sentences: list[str] = []
    live = [index for index, heap in enumerate(position) if heap >= rule.low]
    if solution.method == "misere-nim":
        sentences.extend(_heap_sentences(position, rule))
        sentences.append(
            "En version misère on joue au Nim misère sur ces nimbers : tant que l'un d'eux"
            " vaut au moins 2, la position est perdante exactement quand leur somme de Nim"
            " est nulle ; quand tous valent 0 ou 1, exactement quand le nombre de nimbers"
            " égaux à 1 est impair."
        )
        big = any(value >= 2 for value in nimbers)
        if big:
            sentences.append(f"Somme de Nim des nimbers : {nim_sum(nimbers)}.")
        else:
            ones = sum(1 for value in nimbers if value == 1)
            sentences.append(f"Tous les nimbers valent 0 ou 1, dont {ones} égal à 1.")
    elif solution.method == "search":
        sentences.append(
            "En version misère les nimbers ne s'additionnent pas : la position a été résolue"
            f" par une recherche exhaustive sur {solution.searched} positions."
        )
    else:
        heap = position[live[0]]
        if rule.kind == "up_to":
            sentences.append(
                f"En version misère un tas seul est perdant exactement quand son nombre"
                f" d'allumettes vaut 1 modulo {rule.high + 1} : ici {heap} mod"
                f" {rule.high + 1} = {heap % (rule.high + 1)}."
            )
        elif rule.kind == "between":
            modulus = rule.low + rule.high
            sentences.append(
                f"En version misère un tas seul est perdant exactement quand son reste modulo"
                f" {modulus} est compris entre {rule.low} et {2 * rule.low - 1} : ici"
                f" {heap} mod {modulus} = {heap % modulus}."
            )
        else:
            found = _periodicity(rule, misere=True)
            start = "dès le début" if found.preperiod == 0 else f"à partir de {found.preperiod}"
            index = found.index(heap)
            verdict = "perdant" if found.at(heap) == 0 else "gagnant"
            if index == heap:
                reading = f"un tas de {heap} est {verdict}"
            else:
                reading = (
                    f"un tas de {heap} se comporte comme un tas de {index}, il est donc {verdict}"
                )
            sentences.append(
                f"En version misère, les issues (P ou N) d'un tas seul se répètent avec la"
                f" période {found.period} {start} : {reading}."
            )
    if solution.outcome == "P":
        sentences.append(
            "La position est perdante pour qui doit jouer : chaque coup laisse à l'adversaire"
            " une position gagnante."
        )
    elif recommended is not None:
        sentences.append(
            f"La position est gagnante : retirer {plural(recommended.take, 'allumette')} du"
            f" tas {recommended.heap + 1} ({recommended.before} → {recommended.after}) laisse"
            " à l'adversaire une position perdante."
        )
    return sentences


def analyse(
    heaps: Sequence[int], rule: SubtractionRule | Iterable[int], misere: bool = False
) -> SubtractionAnalysis:
    """Analyse a position of a subtraction game: outcome, nimbers, every winning move, a hint.

    >>> result = analyse([13], [1, 2, 4])
    >>> result.outcome, result.nimber, result.preperiod, result.period
    ('N', 1, 0, 3)
    >>> [move.text for move in result.winning_moves]
    ['retirer 1 allumette du tas 1 (13 → 12)', 'retirer 4 allumettes du tas 1 (13 → 9)']
    >>> analyse([13], SubtractionRule.between(3, 5)).heap_nimbers
    (1,)
    >>> analyse([10**1000], [2, 3, 5, 8]).nimber
    3

    The nimber is the nim-sum of the heaps' nimbers in normal play and ``None``
    in misère play. Raises :class:`NimcoreError` as :func:`validate_position`.
    Cost: see :func:`winning_moves`.
    Reference: R. P. Sprague (1935), P. M. Grundy (1939); Berlekamp–Conway–Guy,
    *Winning Ways*, chapters 4 and 13.
    """
    position, chosen = validate_position(heaps, rule, misere)
    solution = _solve(position, chosen, misere)
    nimbers = tuple(_nimber(chosen, heap) for heap in position)
    total = nim_sum(nimbers)
    recommended = solution.winning[0] if solution.winning else None
    if not misere and total:
        # The move a human finds: the heap whose nimber has the highest bit of the sum.
        top = 1 << (total.bit_length() - 1)
        for move in solution.winning:
            if nimbers[move.heap] & top:
                recommended = move
                break
    preperiod: int | None = None
    period: int | None = None
    if solution.method in ("formula", "period", "misere-nim"):
        single_misere = misere and chosen.kind != "up_to"
        if chosen.closed_form:
            preperiod, period = 0, chosen.low + chosen.high
        else:
            found = _periodicity(chosen, misere=single_misere)
            preperiod, period = found.preperiod, found.period
    if all(heap < chosen.low for heap in position):
        if misere:
            explanation = [
                "Aucun coup n'est possible : en version misère, celui qui ne peut plus jouer"
                " a gagné (l'adversaire a joué le dernier coup)."
            ]
        else:
            explanation = ["Aucun coup n'est possible : celui qui doit jouer a perdu."]
    elif misere:
        explanation = _explain_misere(position, chosen, solution, nimbers, recommended)
    else:
        explanation = _explain_normal(position, chosen, nimbers, total, recommended)
    return SubtractionAnalysis(
        heaps=position,
        rule=chosen,
        misere=misere,
        outcome=solution.outcome,
        nimber=None if misere else total,
        heap_nimbers=nimbers,
        nim_sum=total,
        preperiod=preperiod,
        period=period,
        method=solution.method,
        searched=solution.searched,
        winning_moves=solution.winning,
        recommended=recommended,
        explanation=tuple(typeset(sentence) for sentence in explanation),
    )


def nim_max_analyse(heaps: Sequence[int], k: int, misere: bool = False) -> SubtractionAnalysis:
    """Analyse Nim with at most *k* tokens per move (the report's "VanLoGo" game).

    It is the sum of "from 1 to k" games: each heap of x tokens has nimber
    x mod (k + 1), and the position is lost for the player to move exactly when
    the nim-sum of these nimbers is 0 (in misère play: misère Nim on them).
    Heaps stay in place and empty heaps are kept in ``to``.

    >>> result = nim_max_analyse([10, 8, 6], 3)
    >>> result.heap_nimbers, result.outcome
    ((2, 0, 2), 'P')
    >>> [move.to for move in nim_max_analyse([7, 8, 6], 3).winning_moves]
    [(6, 8, 6), (7, 5, 6), (7, 8, 3)]

    Raises :class:`NimcoreError` for a bad position or a *k* below 1.
    Cost: a few divisions per heap.
    """
    return analyse(heaps, SubtractionRule.take_up_to(k), misere)


def computer_move(
    heaps: Sequence[int], rule: SubtractionRule | Iterable[int], misere: bool = False
) -> NimMove:
    """Return the move a perfect player makes: a winning move whenever one exists.

    From a P-position every move loses against perfect play; the computer then
    takes the smallest allowed amount from the largest heap that allows a move,
    which keeps the game long.

    >>> computer_move([7, 8, 6], SubtractionRule.take_up_to(3)).text
    'retirer 1 allumette du tas 1 (7 → 6)'
    >>> computer_move([10, 8, 6], SubtractionRule.take_up_to(3)).text
    'retirer 1 allumette du tas 1 (10 → 9)'
    >>> computer_move([1, 1], [2, 3])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La partie est finie : aucun coup n'est possible.
    """
    analysis = analyse(heaps, rule, misere)
    if analysis.terminal:
        raise NimcoreError(typeset("La partie est finie : aucun coup n'est possible."))
    if analysis.recommended is not None:
        return analysis.recommended
    return delaying_move(analysis.heaps, analysis.rule)


def delaying_move(heaps: Sequence[int], rule: SubtractionRule | Iterable[int]) -> NimMove:
    """The smallest allowed amount from the largest heap that allows a move: it keeps the game long.

    >>> delaying_move([7, 8, 6], SubtractionRule.take_up_to(3)).text
    'retirer 1 allumette du tas 2 (8 → 7)'
    """
    position = _validate_nim_heaps(heaps)
    chosen = _coerce_rule(rule)
    if all(heap < chosen.low for heap in position):
        raise NimcoreError(typeset("La partie est finie : aucun coup n'est possible."))
    largest = max(
        (index for index, heap in enumerate(position) if heap >= chosen.low),
        key=lambda index: (position[index], -index),
    )
    size = position[largest]
    return NimMove(largest, chosen.low, size, _replace(position, largest, size - chosen.low))
