"""Ordinals below ω^ω: Cantor normal form, reading what a reader types, comparison, nim-sum."""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset
from nimcore.heaps import check_sequence

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
        nimcore.errors.NimcoreError: Le coefficient de ω^1 vaut « -2 » : un coefficient est un entier naturel.
        """
        values = list(coefficients)
        for exponent, value in enumerate(values):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise NimcoreError(
                    typeset(
                        f"Le coefficient de ω^{exponent} vaut « {value} » :"
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
                    f"Coefficients invalides {quoted(values)} : un tuple d'entiers naturels sans 0"
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

    @property
    def shown(self) -> str:
        """The ordinal as a reader reads it, on the board and in sentences: ``ω²·3 + ω·2 + 5``.

        >>> parse_ordinal("w^2*3+w*2+5").shown
        'ω²·3 + ω·2 + 5'
        """
        return self.superscript.replace("+", " + ")

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
        raise NimcoreError(typeset(f"Un ordinal s'écrit comme un texte, pas « {text} »."))
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
                f"Le tas {index} vaut « {value} » : un ordinal est attendu,"
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
    checked = check_sequence(heaps, MAX_HEAPS)
    return tuple(_as_ordinal(heap, index) for index, heap in enumerate(checked, start=1))


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
