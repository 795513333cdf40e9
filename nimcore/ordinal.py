"""Nim with infinite heaps: heaps are ordinals below ω^ω.

Every ordinal below ω^ω has one Cantor normal form
ω^k·a_k + … + ω^2·a_2 + ω·a_1 + a_0, with natural coefficients: it is the
finite list of its coefficients, exponent by exponent. Two ordinals compare like
their coefficient lists read from the highest exponent down. A move replaces one
heap by any smaller ordinal: from ω one may leave any natural number, from ω·2
any ω + n or any n, from ω^2 any ω·a + b.

Why every game ends: the ordinals are well ordered, that is every non-empty set
of ordinals has a least element, so no infinite strictly decreasing sequence
exists. A move decreases one heap and leaves the others alone; a game without
end would decrease some heap infinitely often (there are finitely many heaps),
giving such a sequence. Yet no bound on the length of a game exists: from ω the
first move may leave any n, and n more moves follow.

Bouton's theorem extends (Conway): the nim-sum of such ordinals is taken
exponent by exponent, the coefficients of each power of ω being added in nim
(exclusive or), and a position is a P-position exactly when that sum is 0, that
is when for every exponent the coefficients have nim-sum 0. The winning moves
are as in Nim: heap h, with s the nim-sum of the position, is replaced by
h ⊕ s when this ordinal is smaller than h, and any smaller ordinal can be left
(a coefficient may be lowered while every lower one is set to any value).

Reference: J. H. Conway, *On Numbers and Games* (1976), chapter 6; J.-P.
Delahaye, *Stratégies magiques au pays de Nim*, Interstices (2009), whose rule
"la somme de Nim exposant par exposant" is the one implemented here; G. Cantor,
*Beiträge zur Begründung der transfiniten Mengenlehre* (1897).
"""

import random
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal

from nimcore.errors import NimcoreError
from nimcore.french import typeset

__all__ = [
    "MAX_COEFFICIENT_DIGITS",
    "MAX_EXPONENT",
    "MAX_HEAPS",
    "MAX_LISTED_MOVES",
    "MAX_TEXT_LENGTH",
    "Ordinal",
    "OrdinalAnalysis",
    "OrdinalMove",
    "analyse",
    "computer_move",
    "delaying_move",
    "is_p_position",
    "move_to",
    "moves",
    "ordinal_nim_sum",
    "parse_ordinal",
    "play",
    "random_move",
    "validate_heaps",
    "winning_moves",
]

#: Largest number of heaps accepted.
MAX_HEAPS = 100
#: Largest exponent of ω accepted (heaps below ω^(MAX_EXPONENT + 1)).
MAX_EXPONENT = 100
#: Longest coefficient accepted, in decimal digits.
MAX_COEFFICIENT_DIGITS = 1000
#: Longest heap accepted, as text.
MAX_TEXT_LENGTH = 20_000
#: Largest number of moves :func:`moves` agrees to list.
MAX_LISTED_MOVES = 100_000

Outcome = Literal["P", "N"]

_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True, slots=True)
class Ordinal:
    """An ordinal below ω^ω: ``coefficients[e]`` is the coefficient of ω^e.

    The tuple has no trailing zero (zero is the empty tuple); build ordinals
    with :meth:`from_coefficients` or :func:`parse_ordinal`. Ordinals compare
    with ``<``, ``<=``, ``>``, ``>=`` in the ordinal order.

    >>> a = parse_ordinal("w^2*3+w*2+5")
    >>> a.coefficients, a.text, a.ascii
    ((5, 2, 3), 'ω^2·3+ω·2+5', 'w^2*3+w*2+5')
    >>> parse_ordinal("w+7") < parse_ordinal("w*2") < parse_ordinal("w^2")
    True
    """

    coefficients: tuple[int, ...]

    @classmethod
    def from_coefficients(cls, coefficients: Iterable[int]) -> "Ordinal":
        """Return the ordinal with these coefficients, lowest exponent first.

        >>> Ordinal.from_coefficients([3, 0, 1, 0, 0]).text
        'ω^2+3'
        >>> Ordinal.from_coefficients([1, -2])
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Le coefficient de ω^1 vaut -2 : un coefficient est un entier naturel.
        """
        values = list(coefficients)
        for exponent, value in enumerate(values):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise NimcoreError(
                    typeset(
                        f"Le coefficient de ω^{exponent} vaut {value!r} :"
                        " un coefficient est un entier naturel."
                    )
                )
        while values and values[-1] == 0:
            values.pop()
        if len(values) > MAX_EXPONENT + 1:
            raise NimcoreError(
                typeset(
                    f"Exposant trop grand : {len(values) - 1} ; la limite est ω^{MAX_EXPONENT}."
                )
            )
        return cls(tuple(values))

    @property
    def degree(self) -> int:
        """The largest exponent with a non-zero coefficient (0 for a natural number)."""
        return max(0, len(self.coefficients) - 1)

    @property
    def is_finite(self) -> bool:
        """True for a natural number."""
        return len(self.coefficients) <= 1

    def coefficient(self, exponent: int) -> int:
        """The coefficient of ω^exponent (0 beyond the degree)."""
        return self.coefficients[exponent] if exponent < len(self.coefficients) else 0

    def __post_init__(self) -> None:
        values = self.coefficients
        if (
            not isinstance(values, tuple)
            or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values)
            or (values and values[-1] == 0)
        ):
            raise NimcoreError(
                typeset(
                    f"Coefficients invalides {values!r} : un tuple d'entiers naturels sans 0"
                    " final est attendu (voir Ordinal.from_coefficients)."
                )
            )

    def _key(self) -> tuple[int, tuple[int, ...]]:
        return len(self.coefficients), tuple(reversed(self.coefficients))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Ordinal):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Ordinal):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Ordinal):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Ordinal):
            return NotImplemented
        return self._key() >= other._key()

    def _terms(self, omega: str, power: str, times: str) -> str:
        terms = []
        for exponent in range(len(self.coefficients) - 1, -1, -1):
            value = self.coefficients[exponent]
            if value == 0:
                continue
            if exponent == 0:
                terms.append(str(value))
                continue
            base = omega if exponent == 1 else f"{omega}{power}{exponent}"
            terms.append(base if value == 1 else f"{base}{times}{value}")
        return "+".join(terms) or "0"

    @property
    def text(self) -> str:
        """The ordinal as the pages write it: ``ω^2·3+ω·2+5``."""
        return self._terms("ω", "^", "·")

    @property
    def ascii(self) -> str:
        """The ordinal as the command line writes it: ``w^2*3+w*2+5``."""
        return self._terms("w", "^", "*")

    @property
    def superscript(self) -> str:
        """The ordinal with exponents raised: ``ω²·3+ω·2+5``."""
        terms = self.text.split("+")
        return "+".join(
            re.sub(r"\^(\d+)", lambda match: match.group(1).translate(_SUPERSCRIPTS), term)
            for term in terms
        )

    def __str__(self) -> str:
        return self.text


_TOKEN = re.compile(r"\s*(?:(?P<number>[0-9]+)|(?P<omega>[wWω])|(?P<op>[\^*·×+])|(?P<other>\S))")


_FROM_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def _tokens(text: str) -> list[tuple[str, str]]:
    # Raised exponents, as the pages and the board write them (ω²), read as ^2.
    text = re.sub("[⁰¹²³⁴⁵⁶⁷⁸⁹]+", lambda m: "^" + m.group().translate(_FROM_SUPERSCRIPTS), text)
    found = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        if kind is None:
            continue
        found.append((kind, match.group(kind)))
    return found


def _malformed(text: str, reason: str) -> NimcoreError:
    return NimcoreError(typeset(f"L'ordinal « {text} » est mal écrit : {reason}"))


def _number(text: str, digits: str, what: str) -> int:
    if len(digits) > MAX_COEFFICIENT_DIGITS:
        raise NimcoreError(
            typeset(
                f"L'ordinal « {text[:40]}… » a un {what} trop long ({len(digits)} chiffres) ;"
                f" la limite est de {MAX_COEFFICIENT_DIGITS} chiffres."
            )
        )
    return int(digits)


def parse_ordinal(text: str) -> Ordinal:
    """Read an ordinal below ω^ω written in Cantor normal form.

    Terms ``ω^e·c`` (or ``w^e*c``), ``ω·c``, ``ω^e``, ``ω`` and a natural number,
    joined by ``+`` with decreasing exponents; spaces are ignored; ``ω`` and
    ``w`` are the same letter, ``*``, ``·`` and ``×`` the same product; an
    exponent may be raised (``ω²``).

    >>> parse_ordinal("w^2*3 + w*2 + 5").text
    'ω^2·3+ω·2+5'
    >>> parse_ordinal("ω+1").coefficients, parse_ordinal("12").coefficients
    ((1, 1), (12,))
    >>> parse_ordinal("ω²·3 + 5").ascii
    'w^2*3+5'
    >>> parse_ordinal("2*w")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: L'ordinal « 2*w » n'est pas en forme normale de Cantor : le coefficient s'écrit après la puissance de ω, comme dans « w*2 » (ω·2, ω deux fois) ; à gauche, 2·ω vaudrait ω.
    >>> parse_ordinal("w+w^2")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: L'ordinal « w+w^2 » n'est pas en forme normale de Cantor : les termes s'écrivent par exposants décroissants, et ω est suivi de ω^2, plus grand (ω + ω^2 vaut d'ailleurs ω^2). Écrivez « w^2+w ».

    Raises :class:`NimcoreError` with a French sentence for malformed text, a
    minus sign, an exponent above :data:`MAX_EXPONENT` or coefficients longer
    than :data:`MAX_COEFFICIENT_DIGITS` digits. Cost: linear in the text.
    """
    if not isinstance(text, str):
        raise NimcoreError(typeset(f"Un ordinal s'écrit comme un texte, pas {text!r}."))
    if len(text) > MAX_TEXT_LENGTH:
        raise NimcoreError(
            typeset(
                f"Ordinal trop long ({len(text)} caractères) ;"
                f" la limite est de {MAX_TEXT_LENGTH} caractères."
            )
        )
    shown = text.strip()
    tokens = _tokens(text)
    if not tokens:
        raise NimcoreError(
            typeset("Un ordinal vide ne veut rien dire : écrivez 0 pour un tas vide.")
        )
    for kind, value in tokens:
        if kind == "other":
            if value in "-−":
                raise NimcoreError(
                    typeset(
                        f"L'ordinal « {shown} » contient un signe moins : un tas n'est jamais"
                        " négatif, et les ordinaux s'écrivent ici sans soustraction."
                    )
                )
            raise _malformed(shown, f"le caractère « {value} » est inattendu.")
    terms: list[tuple[int, int]] = []  # (exponent, coefficient)
    position = 0

    def peek(offset: int = 0) -> tuple[str, str] | None:
        index = position + offset
        return tokens[index] if index < len(tokens) else None

    while True:
        token = peek()
        if token is None:
            raise _malformed(shown, "il manque un terme après « + ».")
        kind, value = token
        if kind == "number":
            following = peek(1)
            after = peek(2)
            omega_at = None
            if following is not None and following[0] == "omega":
                omega_at = 1
            elif (
                following is not None
                and following[1] in "*·×"
                and after is not None
                and after[0] == "omega"
            ):
                omega_at = 2
            if omega_at is not None:
                power, base = "w", "ω"
                caret, exponent_token = peek(omega_at + 1), peek(omega_at + 2)
                if caret is not None and caret[1] == "^" and exponent_token is not None:
                    power = f"w^{exponent_token[1]}"
                    base = f"ω^{exponent_token[1]}"
                raise NimcoreError(
                    typeset(
                        f"L'ordinal « {shown} » n'est pas en forme normale de Cantor : le"
                        f" coefficient s'écrit après la puissance de ω, comme dans"
                        f" « {power}*{value} » ({base}·{value}, {base} {_times(value)}) ;"
                        f" à gauche, {value}·{base} vaudrait {base}."
                    )
                )
            terms.append((0, _number(shown, value, "coefficient")))
            position += 1
        elif kind == "omega":
            exponent, coefficient = 1, 1
            position += 1
            token = peek()
            if token is not None and token[1] == "^":
                token = peek(1)
                if token is not None and token[0] == "omega":
                    raise NimcoreError(
                        typeset(
                            f"L'ordinal « {shown} » atteint ω^ω : seuls les ordinaux plus"
                            f" petits que ω^ω sont traités (exposants entiers, jusqu'à"
                            f" {MAX_EXPONENT})."
                        )
                    )
                if token is None or token[0] != "number":
                    raise _malformed(shown, "il manque un exposant entier après « ^ ».")
                exponent = _number(shown, token[1], "exposant")
                if exponent > MAX_EXPONENT:
                    raise NimcoreError(
                        typeset(
                            f"L'ordinal « {shown} » a un exposant trop grand ({exponent}) ;"
                            f" la limite est ω^{MAX_EXPONENT}."
                        )
                    )
                position += 2
            token = peek()
            if token is not None and token[1] in "*·×":
                token = peek(1)
                if token is not None and token[0] == "omega":
                    raise _malformed(
                        shown,
                        "un produit de puissances de ω s'écrit avec un exposant : ω·ω = ω^2.",
                    )
                if token is not None and token[1] in "*·×":
                    raise _malformed(shown, "une puissance de ω s'écrit avec ^, comme w^2.")
                if token is None or token[0] != "number":
                    raise _malformed(shown, "il manque un coefficient entier après le signe ×.")
                coefficient = _number(shown, token[1], "coefficient")
                position += 2
            terms.append((exponent, coefficient))
        else:
            raise _malformed(shown, f"un terme ne peut pas commencer par « {value} ».")
        token = peek()
        if token is None:
            break
        if token[1] != "+":
            if terms[-1][0] >= 1 and token[0] == "number":
                raise _malformed(
                    shown,
                    f"« {token[1]} » suit ω sans signe : écrivez w*{token[1]} (ω·{token[1]}),"
                    f" w+{token[1]} ou w^{token[1]}.",
                )
            raise _malformed(shown, f"« {token[1]} » est inattendu ici.")
        position += 1
    return _normal_form(shown, terms)


def _times(value: str) -> str:
    names = {"2": "deux fois", "3": "trois fois", "4": "quatre fois"}
    return names.get(value, f"{value} fois")


def _term_text(exponent: int, coefficient: int) -> str:
    return Ordinal.from_coefficients([0] * exponent + [coefficient]).text


def _term_ascii(exponent: int, coefficient: int) -> str:
    return Ordinal.from_coefficients([0] * exponent + [coefficient]).ascii


def _normal_form(shown: str, terms: list[tuple[int, int]]) -> Ordinal:
    if terms == [(0, 0)]:
        return Ordinal(())
    for _exponent, coefficient in terms:
        if coefficient == 0:
            raise _malformed(
                shown,
                "un terme de coefficient 0 ne s'écrit pas (0 seul désigne le tas vide).",
            )
    for (first, a), (second, b) in pairwise(terms):
        if second == first:
            merged = sorted(terms, key=lambda term: -term[0])
            total: dict[int, int] = {}
            for exponent, coefficient in merged:
                total[exponent] = total.get(exponent, 0) + coefficient
            fixed = "+".join(_term_ascii(e, c) for e, c in sorted(total.items(), reverse=True))
            raise NimcoreError(
                typeset(
                    f"L'ordinal « {shown} » n'est pas en forme normale de Cantor : deux termes"
                    f" ont le même exposant ({_term_text(first, a)} et {_term_text(second, b)}) ;"
                    f" regroupez-les, par exemple « {fixed} »."
                )
            )
        if second > first:
            fixed = "+".join(_term_ascii(e, c) for e, c in sorted(terms, key=lambda term: -term[0]))
            small, large = _term_text(first, a), _term_text(second, b)
            raise NimcoreError(
                typeset(
                    f"L'ordinal « {shown} » n'est pas en forme normale de Cantor : les termes"
                    f" s'écrivent par exposants décroissants, et {small} est suivi de {large},"
                    f" plus grand ({small} + {large} vaut d'ailleurs {large})."
                    f" Écrivez « {fixed} »."
                )
            )
    coefficients = [0] * (terms[0][0] + 1)
    for exponent, coefficient in terms:
        coefficients[exponent] = coefficient
    return Ordinal.from_coefficients(coefficients)


def _as_ordinal(value: object, index: int) -> Ordinal:
    if isinstance(value, Ordinal):
        return value
    if isinstance(value, str):
        return parse_ordinal(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise NimcoreError(
            typeset(
                f"Le tas {index} vaut {value!r} : un ordinal est attendu,"
                " écrit comme « w^2*3+w*2+5 »."
            )
        )
    if value < 0:
        raise NimcoreError(
            typeset(f"Le tas {index} vaut {value} : un tas ne peut pas être négatif.")
        )
    if len(str(value)) > MAX_COEFFICIENT_DIGITS:
        raise NimcoreError(
            typeset(
                f"Le tas {index} est trop grand ; la limite est de"
                f" {MAX_COEFFICIENT_DIGITS} chiffres par coefficient."
            )
        )
    return Ordinal.from_coefficients([value])


def validate_heaps(heaps: object) -> tuple[Ordinal, ...]:
    """Return *heaps* as a tuple of ordinals, or raise :class:`NimcoreError`.

    Each heap is a text (``"w^2*3+5"``), a natural number or an :class:`Ordinal`.

    >>> [heap.text for heap in validate_heaps(["w", 12, "w^2*2+1"])]
    ['ω', '12', 'ω^2·2+1']
    >>> validate_heaps(["w", -1])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas 2 vaut -1 : un tas ne peut pas être négatif.

    Cost: linear in the length of the texts, before anything else is computed.
    """
    if isinstance(heaps, (str, bytes)) or not isinstance(heaps, Sequence):
        raise NimcoreError(typeset(f"Une liste de tas est attendue, pas {heaps!r}."))
    if not heaps:
        raise NimcoreError(typeset("Il faut au moins un tas."))
    if len(heaps) > MAX_HEAPS:
        raise NimcoreError(
            typeset(f"Trop de tas : {len(heaps)} ; la limite est de {MAX_HEAPS} tas.")
        )
    return tuple(_as_ordinal(heap, index) for index, heap in enumerate(heaps, start=1))


def ordinal_nim_sum(ordinals: Iterable[Ordinal]) -> Ordinal:
    """Return the nim-sum of ordinals: exclusive or of the coefficients, exponent by exponent.

    >>> ordinal_nim_sum([parse_ordinal("w*3+1"), parse_ordinal("w*2+1")]).text
    'ω'
    >>> ordinal_nim_sum([parse_ordinal("w^2"), parse_ordinal("w^2")]).text
    '0'

    Cost: linear in the total number of coefficients.
    """
    total: list[int] = []
    for value in ordinals:
        if len(value.coefficients) > len(total):
            total.extend([0] * (len(value.coefficients) - len(total)))
        for exponent, coefficient in enumerate(value.coefficients):
            total[exponent] ^= coefficient
    return Ordinal.from_coefficients(total)


def _xor(a: Ordinal, b: Ordinal) -> Ordinal:
    return ordinal_nim_sum((a, b))


@dataclass(frozen=True, slots=True)
class OrdinalMove:
    """Replacing heap number *heap* (counted from 0), which was *before*, by *after*.

    ``to`` is the whole position reached, each heap in the command line's ASCII
    writing (``w^2*3+5``); ``text`` says the move in French with ω.
    """

    heap: int
    before: Ordinal
    after: Ordinal
    to: tuple[str, ...]

    @property
    def text(self) -> str:
        """The move in French, heaps counted from 1.

        >>> OrdinalMove(0, parse_ordinal("w"), parse_ordinal("12"), ("12", "12")).text
        'remplacer le tas 1 (ω) par 12'
        """
        return f"remplacer le tas {self.heap + 1} ({self.before.text}) par {self.after.text}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the move."""
        return {
            "heap": self.heap,
            "before": self.before.text,
            "after": self.after.text,
            "coefficients": list(self.after.coefficients),
            "to": list(self.to),
            "text": self.text,
        }


def _move(position: tuple[Ordinal, ...], index: int, after: Ordinal) -> OrdinalMove:
    to = tuple((after if number == index else heap).ascii for number, heap in enumerate(position))
    return OrdinalMove(index, position[index], after, to)


def _smaller(heap: Ordinal, bound: int) -> list[Ordinal]:
    """Every ordinal below *heap* whose coefficients are all at most *bound*, largest first."""
    coefficients = heap.coefficients
    width = bound + 1
    # A smaller ordinal first differs from heap at some exponent e, with a smaller
    # coefficient there and the same ones above: those above must be within the bound.
    exponents = []
    for exponent in range(len(coefficients) - 1, -1, -1):
        exponents.append(exponent)
        if coefficients[exponent] > bound:
            break
    found: list[Ordinal] = []
    for exponent in reversed(exponents):  # differing lower down means larger
        above = list(coefficients[exponent + 1 :])
        for lower in range(min(coefficients[exponent], width) - 1, -1, -1):
            for rest in range(width**exponent - 1, -1, -1):
                digits = []
                for _ in range(exponent):
                    rest, digit = divmod(rest, width)
                    digits.append(digit)
                found.append(Ordinal.from_coefficients(digits + [lower] + above))
    return found


def _count_smaller(heap: Ordinal, bound: int) -> int:
    count, width = 0, bound + 1
    coefficients = heap.coefficients
    for exponent in range(len(coefficients) - 1, -1, -1):
        count += min(coefficients[exponent], width) * width**exponent
        if coefficients[exponent] > bound:
            break
    return count


def _default_bound(position: tuple[Ordinal, ...]) -> int:
    """2^b − 1, b the largest number of binary digits of a coefficient (at least 1)."""
    bits = max((c.bit_length() for heap in position for c in heap.coefficients), default=1)
    return (1 << max(bits, 1)) - 1


def moves(heaps: Sequence[object], max_coefficient: int | None = None) -> Iterator[OrdinalMove]:
    """Yield the moves to every smaller ordinal whose coefficients are at most *max_coefficient*.

    A heap of ω or more has infinitely many moves (ω → 0, 1, 2, …): only those
    whose coefficients stay within the bound are listed. The default bound is
    2^b − 1, b the largest number of binary digits of a coefficient of the
    position: it includes every winning move, and for natural heaps it lists
    all moves, as in Nim. Heap by heap, largest ordinal first.

    >>> [move.after.text for move in moves(["w", 2])]
    ['3', '2', '1', '0', '1', '0']
    >>> [move.after.text for move in moves(["w+1"], max_coefficient=1)]
    ['ω', '1', '0']

    Raises :class:`NimcoreError` when more than :data:`MAX_LISTED_MOVES` moves
    would be listed (counted before any is built).
    """
    position = validate_heaps(heaps)
    if max_coefficient is None:
        bound = _default_bound(position)
    elif (
        isinstance(max_coefficient, bool)
        or not isinstance(max_coefficient, int)
        or max_coefficient < 0
    ):
        raise NimcoreError(
            typeset(
                f"La borne des coefficients doit être un entier naturel, pas {max_coefficient!r}."
            )
        )
    else:
        bound = max_coefficient
    total = sum(_count_smaller(heap, bound) for heap in position)
    if total > MAX_LISTED_MOVES:
        raise NimcoreError(
            typeset(
                f"Trop de coups à énumérer : {total} ; la limite est de {MAX_LISTED_MOVES}."
                " Choisissez une borne plus petite pour les coefficients."
            )
        )
    for index, heap in enumerate(position):
        for after in _smaller(heap, bound):
            yield _move(position, index, after)


def play(heaps: Sequence[object], heap: int, after: object) -> tuple[Ordinal, ...]:
    """Return the position reached by replacing heap *heap* (from 0) by the ordinal *after*.

    >>> [value.text for value in play(["w^2", 3], 0, "w*7+2")]
    ['ω·7+2', '3']
    >>> play(["w", 3], 0, "w")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas 1 vaut ω : il faut le remplacer par un ordinal plus petit, pas par ω.

    The input is not modified.
    """
    position = validate_heaps(heaps)
    if isinstance(heap, bool) or not isinstance(heap, int) or not 0 <= heap < len(position):
        raise NimcoreError(
            typeset(f"Le tas {heap!r} n'existe pas : les tas vont de 0 à {len(position) - 1}.")
        )
    target = _as_ordinal(after, heap + 1)
    if not target < position[heap]:
        raise NimcoreError(
            typeset(
                f"Le tas {heap + 1} vaut {position[heap].text} : il faut le remplacer par un"
                f" ordinal plus petit, pas par {target.text}."
            )
        )
    return position[:heap] + (target,) + position[heap + 1 :]


def move_to(heaps: Sequence[object], to: Sequence[object]) -> OrdinalMove:
    """Return the move from *heaps* to the position *to*, or raise if no move reaches it.

    A move changes exactly one heap, into a smaller ordinal; the other heaps
    stay as they are. Unlike a search through :func:`moves`, this answers for
    every legal move, whatever its coefficients (ω^2 → ω·1000 included).

    >>> move_to(["w^2+3", "w*2+5", 7], ["w*1000", "w*2+5", "7"]).text
    'remplacer le tas 1 (ω^2+3) par ω·1000'
    >>> move_to(["w", 3], ["w", "3"])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Aucun tas n'a changé : un coup remplace un tas par un ordinal plus petit.
    >>> move_to(["w", 3], ["5", "2"])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Les tas 1 et 2 ont changé : un coup ne touche qu'un seul tas.

    Raises :class:`NimcoreError` on an illegal position (either one), a
    different number of heaps, no heap or several heaps changed, or a heap
    that does not decrease (the message of :func:`play`). The input is not
    modified. Cost: linear in the length of the two positions.
    """
    position = validate_heaps(heaps)
    if isinstance(to, (str, bytes)) or not isinstance(to, Sequence):
        raise NimcoreError(
            typeset(f"La position d'arrivée doit être une liste de tas, pas {to!r}.")
        )
    if len(to) != len(position):
        raise NimcoreError(
            typeset(
                f"La position d'arrivée a {len(to)} tas au lieu de {len(position)} :"
                " un coup ne change pas le nombre de tas."
            )
        )
    target = validate_heaps(to)
    changed = [index for index, (a, b) in enumerate(zip(position, target, strict=True)) if a != b]
    if not changed:
        raise NimcoreError(
            typeset("Aucun tas n'a changé : un coup remplace un tas par un ordinal plus petit.")
        )
    if len(changed) > 1:
        names = ", ".join(str(index + 1) for index in changed[:-1])
        raise NimcoreError(
            typeset(
                f"Les tas {names} et {changed[-1] + 1} ont changé :"
                " un coup ne touche qu'un seul tas."
            )
        )
    index = changed[0]
    play(position, index, target[index])  # raises unless the heap decreases
    return _move(position, index, target[index])


def random_move(heaps: Sequence[object], chance: random.Random) -> OrdinalMove:
    """Return a random legal move: a random non-empty heap, lowered at a random exponent.

    The heap is drawn among the non-empty ones, then an exponent among those
    where it has a non-zero coefficient; that coefficient is lowered to a
    random smaller value, the ones above are kept and the ones below are drawn
    from 0 to 2^b − 1 (the bound of :func:`moves`). Every move :func:`moves`
    lists can come out; no listing is built, so a position of any size
    answers at once (the beginner's mistakes on the boards).

    >>> move = random_move(["w^2+3", "w*2+5", 7], random.Random(1))
    >>> move.after < move.before
    True
    >>> random_move([0, "0"], random.Random(1))
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La partie est finie : tous les tas sont vides.

    Cost: linear in the number of coefficients.
    """
    position = validate_heaps(heaps)
    filled = [index for index, heap in enumerate(position) if heap.coefficients]
    if not filled:
        raise NimcoreError(typeset("La partie est finie : tous les tas sont vides."))
    bound = _default_bound(position)
    index = chance.choice(filled)
    coefficients = list(position[index].coefficients)
    exponent = chance.choice([e for e, value in enumerate(coefficients) if value])
    lowered = [chance.randint(0, bound) for _ in range(exponent)]
    lowered.append(chance.randrange(coefficients[exponent]))
    after = Ordinal.from_coefficients(lowered + coefficients[exponent + 1 :])
    return _move(position, index, after)


def _winning(position: tuple[Ordinal, ...], total: Ordinal) -> tuple[OrdinalMove, ...]:
    if not total.coefficients:
        return ()
    found = []
    for index, heap in enumerate(position):
        target = _xor(heap, total)
        if target < heap:
            found.append(_move(position, index, target))
    return tuple(found)


def winning_moves(heaps: Sequence[object]) -> tuple[OrdinalMove, ...]:
    """Return every move to a P-position (none from a P-position).

    >>> [move.text for move in winning_moves(["w", 12])]
    ['remplacer le tas 1 (ω) par 12']
    >>> [move.to for move in winning_moves(["w", "w", "w"])]
    [('0', 'w', 'w'), ('w', '0', 'w'), ('w', 'w', '0')]

    Heap h can only be replaced by h ⊕ s (s the nim-sum) to reach nim-sum 0,
    so there is at most one winning move per heap. Cost: linear in the
    coefficients.
    """
    position = validate_heaps(heaps)
    return _winning(position, ordinal_nim_sum(position))


def is_p_position(heaps: Sequence[object]) -> bool:
    """Return True when the player to move loses against perfect play.

    >>> is_p_position(["w", "w"]), is_p_position(["w", 12]), is_p_position(["w*3+1", "w*2+1", "w"])
    (True, False, True)
    """
    return not ordinal_nim_sum(validate_heaps(heaps)).coefficients


@dataclass(frozen=True, slots=True)
class OrdinalAnalysis:
    """Everything the boards, the command line and the pages say about an ordinal Nim position.

    ``exponents`` are the column headings (largest first), ``rows`` the
    coefficients of each heap under them and ``column_sums`` the nim-sum of each
    column; ``nim_sum`` is the value of the position as an ordinal (``nimber``
    is None: an ordinal nimber is not a natural number unless all heaps are).
    """

    heaps: tuple[Ordinal, ...]
    outcome: Outcome
    nimber: int | None
    nim_sum: Ordinal
    winning_moves: tuple[OrdinalMove, ...]
    recommended: OrdinalMove | None
    exponents: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    column_sums: tuple[int, ...]
    explanation: tuple[str, ...]

    @property
    def terminal(self) -> bool:
        """True when every heap is empty."""
        return not any(heap.coefficients for heap in self.heaps)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view, as the worker sends it to the boards."""
        return {
            "game": "ordinal",
            "heaps": [heap.text for heap in self.heaps],
            "heaps_ascii": [heap.ascii for heap in self.heaps],
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nimber": self.nimber,
            "nim_sum": self.nim_sum.text,
            "nim_sum_ascii": self.nim_sum.ascii,
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "exponents": list(self.exponents),
            "rows": [list(row) for row in self.rows],
            "column_sums": list(self.column_sums),
            "explanation": list(self.explanation),
        }


def _grouped(value: Ordinal) -> str:
    """The ordinal's text, in parentheses when it is a sum."""
    return f"({value.text})" if "+" in value.text else value.text


def _power(exponent: int) -> str:
    return "la partie finie" if exponent == 0 else f"ω^{exponent}" if exponent > 1 else "ω"


def _recommended(found: tuple[OrdinalMove, ...], total: Ordinal) -> OrdinalMove | None:
    """The heap whose coefficient, at the top exponent of the nim-sum, has its top bit."""
    if not found:
        return None
    top_exponent = total.degree
    top_bit = 1 << (total.coefficient(top_exponent).bit_length() - 1)
    for move in found:
        if move.before.coefficient(top_exponent) & top_bit:
            return move
    return found[0]


def _explain(
    position: tuple[Ordinal, ...],
    total: Ordinal,
    exponents: tuple[int, ...],
    column_sums: tuple[int, ...],
    recommended: OrdinalMove | None,
) -> tuple[str, ...]:
    if not any(heap.coefficients for heap in position):
        return (typeset("Tous les tas sont vides : le joueur qui doit jouer a perdu."),)
    sentences = [
        (
            "Chaque tas s'écrit en forme normale de Cantor, une somme de puissances de ω"
            " multipliées par des entiers ; la somme de Nim se fait exposant par exposant,"
            " en additionnant en Nim (ou exclusif) les coefficients d'une même puissance de ω."
        )
    ]
    columns = []
    for exponent, value in zip(exponents, column_sums, strict=True):
        listed = ", ".join(str(heap.coefficient(exponent)) for heap in position)
        label = "la partie finie" if exponent == 0 else _power(exponent)
        columns.append(f"coefficients de {label} : {listed}, somme de Nim {value}")
    sentences.append("Exposant par exposant, " + " ; ".join(columns) + ".")
    if recommended is None:
        sentences.append(
            "Toutes les colonnes ont une somme de Nim nulle : la position est perdante pour qui"
            " doit jouer. Un coup remplace un tas par un ordinal plus petit : le coefficient du"
            " premier exposant où il change est modifié, et la somme de cette colonne devient"
            " non nulle ; l'adversaire peut alors rééquilibrer."
        )
        return tuple(typeset(sentence) for sentence in sentences)
    top = total.degree
    before, after = recommended.before, recommended.after
    sentences.append(
        f"La somme de Nim vaut {total.text}, non nulle : la position est gagnante. La plus haute"
        f" colonne non nulle est celle de {_power(top)}."
    )
    sentences.append(
        f"Le tas {recommended.heap + 1} ({before.text}) y a le coefficient"
        f" {before.coefficient(top)}, qui baisse à {after.coefficient(top)} quand on le remplace"
        f" par {_grouped(before)} ⊕ {_grouped(total)} = {after.text} ; les exposants plus"
        " hauts ne changent pas, donc ce nouvel ordinal est plus petit : le coup est permis,"
        " et toutes les colonnes redeviennent nulles."
    )
    return tuple(typeset(sentence) for sentence in sentences)


def analyse(heaps: Sequence[object]) -> OrdinalAnalysis:
    """Analyse an ordinal Nim position: outcome, nim-sum, every winning move and a hint.

    >>> result = analyse(["w", 12])
    >>> result.outcome, result.nim_sum.text, result.nimber
    ('N', 'ω+12', None)
    >>> [move.to for move in result.winning_moves]
    [('12', '12')]
    >>> analyse(["w", "w"]).outcome, analyse(["w^2*3+w*2+5", "w^2*3+w*2+5"]).outcome
    ('P', 'P')

    Raises :class:`NimcoreError` on an illegal position. Cost: linear in the
    number of coefficients.
    """
    position = validate_heaps(heaps)
    total = ordinal_nim_sum(position)
    found = _winning(position, total)
    top = max(heap.degree for heap in position)
    exponents = tuple(range(top, -1, -1))
    rows = tuple(tuple(heap.coefficient(e) for e in exponents) for heap in position)
    column_sums = tuple(total.coefficient(e) for e in exponents)
    recommended = _recommended(found, total)
    return OrdinalAnalysis(
        heaps=position,
        outcome="N" if found else "P",
        nimber=None,
        nim_sum=total,
        winning_moves=found,
        recommended=recommended,
        exponents=exponents,
        rows=rows,
        column_sums=column_sums,
        explanation=_explain(position, total, exponents, column_sums, recommended),
    )


def computer_move(heaps: Sequence[object]) -> OrdinalMove:
    """Return a winning move whenever one exists, otherwise a move that keeps the game long.

    From a P-position the computer lowers the largest heap as little as it can:
    by one when its last coefficient is a natural number, otherwise it lowers the
    lowest power of ω by one and puts back as many of the next power down as the
    largest coefficient on the table.

    >>> computer_move(["w", 12]).text
    'remplacer le tas 1 (ω) par 12'
    >>> computer_move(["w*2", "w*2"]).text
    'remplacer le tas 1 (ω·2) par ω+2'
    >>> computer_move([0, "0"])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La partie est finie : tous les tas sont vides.
    """
    analysis = analyse(heaps)
    if analysis.terminal:
        raise NimcoreError(typeset("La partie est finie : tous les tas sont vides."))
    if analysis.recommended is not None:
        return analysis.recommended
    return delaying_move(analysis.heaps)


def delaying_move(heaps: Sequence[object]) -> OrdinalMove:
    """The move of :func:`computer_move` from a P-position: the largest heap lowered as little as it can.

    >>> delaying_move(["w*2", "w*2"]).text
    'remplacer le tas 1 (ω·2) par ω+2'
    """
    position = validate_heaps(heaps)
    if not any(heap.coefficients for heap in position):
        raise NimcoreError(typeset("La partie est finie : tous les tas sont vides."))
    largest = max(range(len(position)), key=lambda index: (position[index], -index))
    coefficients = list(position[largest].coefficients)
    lowest = next(exponent for exponent, value in enumerate(coefficients) if value)
    coefficients[lowest] -= 1
    if lowest > 0:
        refill = max(value for heap in position for value in heap.coefficients)
        coefficients[lowest - 1] = max(1, refill)
    return _move(position, largest, Ordinal.from_coefficients(coefficients))
