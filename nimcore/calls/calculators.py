"""The calculators' calls (``"calc.…"``): nim-sum, bases, Zeckendorf, Stella's table.

Their numbers come as JSON numbers or as the decimal strings the reader typed,
and go back as numbers up to :data:`~nimcore.calls.MAX_SAFE_INTEGER`, as decimal
strings beyond. The modules they use are loaded on first use: a board page
never asks for them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from nimcore.calls import Call, lazy
from nimcore.calls import exact as _exact
from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset
from nimcore.games import base
from nimcore.progress import Progress

calculators = lazy("calculators")
nim = lazy("nim")
nimsum = lazy("nimsum")
numeration = lazy("numeration")

__all__ = [
    "CALCULATOR_BASES",
    "CALCULATOR_CALLS",
    "MAX_CALCULATOR_COUNT",
    "MAX_CALCULATOR_DIGITS",
    "calculator_form",
]

#: Largest value the calculators accept, in decimal digits.
MAX_CALCULATOR_DIGITS = 300
#: Most numbers the nim-sum calculator takes at once.
MAX_CALCULATOR_COUNT = 12
#: The bases the base calculator writes in (digits 0–9, then A = 10 … Z = 35).
CALCULATOR_BASES = (2, 36)


def calculator_form() -> dict[str, Any]:
    """The calculators' form, as the build writes it in their page (``data-form``).

    Labels, help and the limits the page checks at once, before the engine
    is ready; the calls check them again.

    >>> calculator_form()["fields"]["numbers"]["max_count"]
    12
    """
    low, high = CALCULATOR_BASES
    return base.form_schema(
        fields={
            "numbers": base.form_field(
                "Nombres :",
                help=f"De 1 à {MAX_CALCULATOR_COUNT} entiers naturels séparés par des espaces,"
                " comme « 11 9 7 ».",
                counts=(1, MAX_CALCULATOR_COUNT),
                digits=MAX_CALCULATOR_DIGITS,
                noun="nombre",
            ),
            "value": base.form_field("Nombre :", digits=MAX_CALCULATOR_DIGITS),
            "base": base.form_field(
                "Base b :",
                help=f"De {low} à {high} ; au-delà de 9, les chiffres sont des lettres"
                " (A = 10, B = 11… Z = 35).",
                low=low,
                high=high,
            ),
        }
    )


def _calculator_value(payload: Mapping[str, Any], name: str = "value") -> int:
    """A natural number given as a JSON number or as a string of decimal digits (as typed).

    JavaScript numbers are exact only up to 2^53 − 1: a page sends larger
    numbers as decimal strings, up to MAX_CALCULATOR_DIGITS digits (checked
    before any conversion).
    """
    value = payload.get(name)
    if isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_CALCULATOR_DIGITS:
            raise NimcoreError(
                typeset(
                    f"Nombre trop long ({len(text)} chiffres) :"
                    f" {MAX_CALCULATOR_DIGITS} chiffres au plus."
                )
            )
        if not text:
            raise NimcoreError(typeset("Indiquez un entier naturel, écrit avec des chiffres."))
        if not text.isascii() or not text.isdigit():
            shown = text if len(text) <= 40 else text[:40] + "…"
            raise NimcoreError(
                typeset(
                    f"« {shown} » n'est pas un entier naturel écrit avec des chiffres de 0 à 9."
                )
            )
        return int(text)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise NimcoreError(typeset(f"Un entier naturel est attendu, pas « {value} »."))
    if value >= 10**MAX_CALCULATOR_DIGITS:
        raise NimcoreError(typeset(f"Nombre trop long : {MAX_CALCULATOR_DIGITS} chiffres au plus."))
    return value


def _calculator_values(values: object) -> list[int]:
    """The nim-sum calculator's numbers: a JSON list, or the field's text as typed ("11 9 7")."""
    if isinstance(values, str):
        values = [part for part in re.split(r"[\s,;]+", values) if part]
        if not values:
            raise NimcoreError(typeset("Indiquez au moins un nombre, comme « 11 9 7 »."))
    if not isinstance(values, list) or not 1 <= len(values) <= MAX_CALCULATOR_COUNT:
        many = f" ({len(values)} ici)" if isinstance(values, list) and values else ""
        raise NimcoreError(typeset(f"Donnez de 1 à {MAX_CALCULATOR_COUNT} nombres{many}."))
    return [_calculator_value({"value": value}) for value in values]


def _calculator_base(base: object) -> int:
    """The base calculator's base: a JSON number, or the field's text as typed."""
    low, high = CALCULATOR_BASES
    if isinstance(base, str):
        text = base.strip()
        if not text:
            raise NimcoreError(typeset(f"Indiquez la base b, un entier de {low} à {high}."))
        if not text.isascii() or not text.isdigit() or len(text) > 4:
            shown = text if len(text) <= 20 else text[:20] + "…"
            raise NimcoreError(
                typeset(
                    f"« {shown} » ne convient pas comme base : la base b est un entier"
                    f" de {low} à {high}."
                )
            )
        base = int(text)
    if isinstance(base, bool) or not isinstance(base, int) or not low <= base <= high:
        raise NimcoreError(typeset(f"La base b est un entier de {low} à {high}, pas « {base} »."))
    return base


def _calc_nim_sum(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    """Nim-sum of several numbers, with their binary table (the « calculette »)."""
    numbers = _calculator_values(payload.get("values"))
    analysis = nim.analyse(numbers)
    return {
        "values": [_exact(number) for number in numbers],
        "nim_sum": _exact(analysis.nim_sum),
        "weights": [_exact(weight) for weight in analysis.weights],
        "rows": [list(row) for row in analysis.rows],
        "column_ones": list(analysis.column_ones),
        "words": calculators.nim_sum_words(len(numbers), analysis.nim_sum),
    }


def _calc_digits(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    value = _calculator_value(payload)
    base = _calculator_base(payload.get("base", 2))
    digits = numeration.base_digits(value, base)
    return {
        "value": _exact(value),
        "base": base,
        "digits": list(digits),
        "words": calculators.digits_words(),
    }


def _calc_zeckendorf(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    value = _calculator_value(payload)
    terms = numeration.zeckendorf(value)
    digits = numeration.zeckendorf_digits(value)
    return {
        "value": _exact(value),
        "terms": [_exact(term) for term in terms],
        "digits": list(digits),
        "weights": [_exact(weight) for weight in calculators.zeckendorf_weights(value)],
        "words": calculators.zeckendorf_words(value, terms, digits),
    }


def _calc_stella(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    size = payload.get("size", 16)
    if (
        isinstance(size, bool)
        or not isinstance(size, int)
        or not 1 <= size <= nimsum.MAX_TABLE_SIZE
    ):
        raise NimcoreError(
            typeset(f"La table va de 1 à {nimsum.MAX_TABLE_SIZE} lignes, pas {quoted(size)}.")
        )
    return {"size": size, "table": [list(row) for row in nimsum.nim_sum_table(size)]}


def _calc_stella_cell(payload: Mapping[str, Any], progress: Progress) -> dict[str, object]:
    """A cell of Stella's table: ``a`` and ``b`` as numbers, or as the reader typed them (texts)."""
    a, b = payload.get("a"), payload.get("b")
    if isinstance(a, str) or isinstance(b, str):
        a, b = calculators.read_stella_cell(a, b)
    cell: dict[str, object] = nimsum.stella_cell(a, b)
    return cell


#: The calculators' calls, by name.
CALCULATOR_CALLS: dict[str, Call] = {
    "calc.nim_sum": _calc_nim_sum,
    "calc.digits": _calc_digits,
    "calc.zeckendorf": _calc_zeckendorf,
    "calc.stella": _calc_stella,
    "calc.stella_cell": _calc_stella_cell,
}
