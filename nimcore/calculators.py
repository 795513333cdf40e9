"""The French words of the calculators' page: what each calculator does, and what its answer says.

The numbers come from :mod:`nimcore.nim` and :mod:`nimcore.numeration`; this
module only says them, once, for the bridge's "calc.nim_sum", "calc.digits"
and "calc.zeckendorf" answers (a board draws the tables and writes these
sentences as they come).
"""

from __future__ import annotations

from collections.abc import Sequence

from nimcore.errors import NimcoreError
from nimcore.french import grouped, plural, typeset
from nimcore.numeration import fibonacci_numbers

__all__ = [
    "DIGITS_INTRO",
    "NIM_SUM_INTRO",
    "STELLA_LARGEST",
    "ZECKENDORF_INTRO",
    "digits_words",
    "nim_sum_words",
    "read_stella_cell",
    "zeckendorf_weights",
    "zeckendorf_words",
]

NIM_SUM_INTRO = typeset(
    "Les nombres sont écrits en base 2 les uns sous les autres ; on compte les chiffres 1"
    " de chaque colonne, et la somme de Nim a un 1 dans les colonnes impaires."
)
DIGITS_INTRO = typeset(
    "La base 2 sert au jeu de Nim ; au jeu de Moore Nimₖ, on lit les restes des colonnes"
    " comme un nombre écrit en base k\u00a0+\u00a01."
)
ZECKENDORF_INTRO = typeset(
    "Tout entier est, d’une seule façon, une somme de nombres de Fibonacci 1, 2, 3, 5, 8…"
    " dont deux ne se suivent jamais. Au Fibonacci-Nim, le plus petit terme dit combien prendre."
)


def nim_sum_words(count: int, total: int) -> dict[str, str]:
    """The nim-sum calculator's words for *count* numbers of nim-sum *total*.

    >>> nim_sum_words(3, 0)["verdict"].startswith("Somme nulle")
    True
    """
    if count == 1:
        verdict = "Avec un seul nombre, la somme de Nim est ce nombre."
    elif total == 0:
        verdict = (
            "Somme nulle : au Nim, ces tas forment une position perdante"
            " pour le joueur qui doit jouer."
        )
    else:
        verdict = (
            "Somme non nulle : au Nim, ces tas forment une position gagnante"
            " pour le joueur qui doit jouer."
        )
    return {
        "intro": NIM_SUM_INTRO,
        "verdict": typeset(verdict),
        "note": typeset(
            "Le tableau binaire : en orange, les colonnes qui ont un nombre impair de chiffres 1."
        ),
    }


def digits_words() -> dict[str, str]:
    """The base-b calculator's words."""
    return {"intro": DIGITS_INTRO}


def zeckendorf_weights(value: int) -> list[int]:
    """The Fibonacci numbers over the digits of *value*'s Zeckendorf word, the largest first.

    >>> zeckendorf_weights(24)
    [21, 13, 8, 5, 3, 2, 1]
    >>> zeckendorf_weights(0)
    [1]
    """
    return list(fibonacci_numbers(max(value, 1)))[::-1]


def zeckendorf_words(value: int, terms: Sequence[int], digits: Sequence[int]) -> dict[str, str]:
    """The Zeckendorf calculator's words for *value*, its *terms* (largest first) and its word.

    >>> zeckendorf_words(24, (21, 3), (1, 0, 0, 0, 1, 0, 0))["summary"]
    '2 termes, le plus petit est 3. Le mot de Zeckendorf est 1000100.'
    >>> zeckendorf_words(0, (), ())["sum"]
    '0 (la somme vide)'
    """
    word = "".join(map(str, digits))
    if not terms:
        summary = "Zéro ne s’écrit avec aucun nombre de Fibonacci."
    elif len(terms) == 1:
        summary = (
            f"{grouped(value)} est lui-même un nombre de Fibonacci."
            f" Son mot de Zeckendorf est {word}."
        )
    else:
        summary = (
            f"{plural(len(terms), 'terme')}, le plus petit est {grouped(terms[-1])}."
            f" Le mot de Zeckendorf est {word}."
        )
    smallest = "" if not terms else " ; en orange, le plus petit terme"
    return {
        "intro": ZECKENDORF_INTRO,
        "sum": " + ".join(map(grouped, terms)) if terms else "0 (la somme vide)",
        "summary": typeset(summary),
        "note": typeset(
            "Le mot de Zeckendorf : un 1 sous chaque nombre de Fibonacci utilisé,"
            f" jamais deux 1 côte à côte{smallest}."
        ),
    }


#: The largest row or column of Stella's table on its board (its largest table: 0 … 31).
STELLA_LARGEST = 31


def read_stella_cell(a: object, b: object) -> tuple[int, int]:
    """The row *a* and the column *b* of Stella's table, as the reader typed them, checked.

    >>> read_stella_cell(" 12", "7")
    (12, 7)
    >>> read_stella_cell("40", "3")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Ligne a : 40 dépasse 31 ; la plus grande table va de 0 à 31.
    """
    found = []
    for name, label, text in (("a", "Ligne a", a), ("b", "Colonne b", b)):
        typed = str(text).strip() if isinstance(text, (str, int)) else ""
        if not typed:
            which = "la ligne a" if name == "a" else "la colonne b"
            raise NimcoreError(typeset(f"Indiquez {which}, un entier de 0 à {STELLA_LARGEST}."))
        if not typed.isascii() or not typed.isdigit():
            shown = typed if len(typed) <= 20 else typed[:20] + "…"
            raise NimcoreError(
                typeset(
                    f"{label} : « {shown} » n'est pas un entier naturel ;"
                    f" écrivez un entier de 0 à {STELLA_LARGEST}."
                )
            )
        if len(typed) > 4 or int(typed) > STELLA_LARGEST:
            shown = typed if len(typed) <= 20 else typed[:20] + "…"
            raise NimcoreError(
                typeset(
                    f"{label} : {shown} dépasse {STELLA_LARGEST} ;"
                    f" la plus grande table va de 0 à {STELLA_LARGEST}."
                )
            )
        found.append(int(typed))
    return found[0], found[1]
