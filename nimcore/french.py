"""French typography for every sentence nimcore hands to a reader.

Messages are written in the source with ordinary spaces; :func:`typeset` puts
the non-breaking spaces French typography asks for before ``: ; ! ?``, inside
« guillemets » and after « n° », so no caller has to remember them.
"""

import json
import re
from collections.abc import Sequence

__all__ = ["french_number", "grouped", "numbered", "plural", "quoted", "typeset"]

NBSP = "\u00a0"  # before a colon and inside guillemets
NNBSP = "\u202f"  # narrow, before ; ! ?

_BEFORE_COLON = re.compile(r" (?=:)")
_BEFORE_HIGH = re.compile(r" (?=[;!?])")
#: « 7 → 0 » in a move's words: a line never breaks inside it.
_ARROW = re.compile(r"(?<=\d) → (?=\d)")
_AFTER_NUMERO = re.compile(r"\bn° ")


def typeset(text: str) -> str:
    """Return *text* with French non-breaking spaces.

    >>> typeset("Attention : « tas » vide !") == (
    ...     "Attention\\u00a0: «\\u00a0tas\\u00a0» vide\\u202f!")
    True
    >>> typeset("la paire n° 7") == "la paire n°\\u00a07"
    True
    >>> typeset("(7 → 0)") == "(7\\u00a0→\\u00a00)"
    True
    """
    text = _BEFORE_COLON.sub(NBSP, text)
    text = _BEFORE_HIGH.sub(NNBSP, text)
    text = _AFTER_NUMERO.sub("n°" + NBSP, text)
    text = unbroken_arrows(text)
    return text.replace("« ", "«" + NBSP).replace(" »", NBSP + "»")


def unbroken_arrows(text: str) -> str:
    """*text* with no line break possible inside « 7 → 0 » (a move's words).

    >>> unbroken_arrows("retirer 7 allumettes (7 → 0)") == "retirer 7 allumettes (7\\u00a0→\\u00a00)"
    True
    """
    return _ARROW.sub(NBSP + "→" + NBSP, text) if " → " in text else text


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """Return ``"<count> <noun>"`` with the noun agreed in number (French rule: 0 and 1 are singular).

    >>> plural(1, "allumette")
    '1 allumette'
    >>> plural(3, "allumette")
    '3 allumettes'
    >>> plural(0, "tas", "tas")
    '0 tas'

    A noun ending in s, x or z does not change:

    >>> plural(2, "tas")
    '2 tas'
    """
    regular = singular if singular.endswith(("s", "x", "z")) else singular + "s"
    noun = singular if abs(count) < 2 else (plural_form or regular)
    return f"{count} {noun}"


def numbered(counts: Sequence[int], singular: str, plural_form: str | None = None) -> str:
    """Several counts of one noun in a list, the noun agreed with what it follows.

    The noun is written once, after the last count, when that count takes a
    plural; otherwise each count gets its own noun (never « 10 et 1 jetons »).

    >>> numbered([7, 9, 12], "allumette")
    '7, 9 et 12 allumettes'
    >>> numbered([10, 1], "jeton")
    '10 jetons et 1 jeton'
    >>> numbered([6, 4, 1], "carré")
    '6 carrés, 4 carrés et 1 carré'
    >>> numbered([5], "jeton")
    '5 jetons'
    """
    if len(counts) == 1:
        return plural(counts[0], singular, plural_form)
    if abs(counts[-1]) >= 2:
        words = [str(count) for count in counts[:-1]] + [plural(counts[-1], singular, plural_form)]
    else:
        words = [plural(count, singular, plural_form) for count in counts]
    return ", ".join(words[:-1]) + " et " + words[-1]


def grouped(value: int) -> str:
    """An integer with narrow non-breaking spaces between groups of three digits (French style).

    >>> grouped(763622) == "763\u202f622"
    True
    >>> grouped(999)
    '999'
    """
    text = str(abs(value))
    head = len(text) % 3 or 3
    groups = [text[:head]] + [text[index : index + 3] for index in range(head, len(text), 3)]
    return ("-" if value < 0 else "") + NNBSP.join(groups)


def french_number(value: float, digits: int = 0) -> str:
    """*value* with *digits* decimals, a decimal comma and narrow spaces between thousands.

    >>> french_number(1234567.891, 2) == "1\u202f234\u202f567,89"
    True
    >>> french_number(0.5, 1)
    '0,5'
    """
    return f"{value:,.{digits}f}".replace(",", NNBSP).replace(".", ",")


def quoted(value: object, limit: int = 40) -> str:
    """*value* as a reader typed or sent it, between guillemets: text as it stands, anything else as JSON.

    Long values are cut at *limit* characters. The spaces inside the guillemets
    are ordinary: :func:`typeset` makes them non-breaking with the rest of the message.

    >>> quoted("dix"), quoted([1, 2]), quoted(None)
    ('« dix »', '« [1, 2] »', '« null »')
    >>> quoted("x" * 50, limit=5)
    '« xxxxx… »'
    """
    if isinstance(value, str):
        text = value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):  # not JSON, or an integer of thousands of digits
            text = "…"
    if len(text) > limit:
        text = text[:limit] + "…"
    return f"« {text} »"
