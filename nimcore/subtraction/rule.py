"""A subtraction game's rule: which amounts a move may take, its French words and its checks."""

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset
from nimcore.heaps import check_bits, check_integer
from nimcore.nim import MAX_HEAP_BITS

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
    value = check_integer(value, name)
    if value < 1:
        raise NimcoreError(
            typeset(f"{name} vaut {value} : on doit retirer au moins une allumette.")
        )
    return check_bits(value, name, MAX_HEAP_BITS)


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
        nimcore.errors.NimcoreError: Un coup de l'ensemble vaut 0 : on doit retirer au moins une allumette.

        Raises :class:`NimcoreError` for an empty set, an amount that is not a
        positive integer, or a largest amount above :data:`MAX_SUBTRACTION`
        (unless the amounts are consecutive, where a closed form applies).
        """
        if isinstance(amounts, (str, bytes)) or not isinstance(amounts, Iterable):
            raise NimcoreError(
                typeset(f"Un ensemble de coups permis est attendu, pas {quoted(amounts)}.")
            )
        values = list(amounts)
        if not values:
            raise NimcoreError(typeset("L'ensemble des coups permis est vide."))
        for value in values:
            _check_amount(value, "Un coup de l'ensemble")
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
    raise NimcoreError(typeset(f"Une règle de soustraction est attendue, pas {quoted(rule)}."))


def _check_misere(misere: object) -> bool:
    if not isinstance(misere, bool):
        raise NimcoreError(
            typeset(f"La variante misère se règle par vrai ou faux, pas {quoted(misere)}.")
        )
    return misere


def _check_length(length: object) -> int:
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise NimcoreError(
            typeset(f"Une longueur entière positive est attendue, pas {quoted(length)}.")
        )
    if length > MAX_SEQUENCE:
        raise NimcoreError(
            typeset(f"Suite trop longue : {length} valeurs ; la limite est de {MAX_SEQUENCE}.")
        )
    return length
