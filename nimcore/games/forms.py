"""A board's setup form: its fields and schema as JSON, and the reading of what is typed.

A game entry (:class:`nimcore.games.base.Game`) describes its form with
:func:`form_field` and :func:`form_schema`, written by the build in the page so
that a board draws it before the engine is ready; when a game starts, the entry
reads the fields as typed with :func:`setup_text`, :func:`setup_choice` and
:func:`setup_naturals`, which name the field in every French refusal.
:mod:`nimcore.games.base` re-exports these names, where the games ask for them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from nimcore.errors import NimcoreError
from nimcore.french import plural, typeset

__all__ = ["form_field", "form_schema", "setup_choice", "setup_naturals", "setup_text"]


def form_field(
    label: str,
    *,
    help: str | None = None,
    choices: Sequence[tuple[str, str]] = (),
    low: int | None = None,
    high: int | None = None,
    counts: tuple[int, int] | None = None,
    digits: int | None = None,
    noun: str | None = None,
    when: tuple[str, str] | None = None,
) -> dict[str, Any]:
    """One field of a setup form as JSON: its French label, and what a board may check.

    *choices* are the (value, French words) of a list; *low* and *high* bound
    each number typed (*digits*: its decimal digits, for numbers beyond a
    JavaScript number), *counts* how many numbers (or items) the field takes,
    *noun* names one of them in nimcore's messages (« indiquez au moins 1 tas »);
    *when* = (field, value): the field is shown only while that other field has that value.

    >>> form_field("K :", low=1, high=999)
    {'label': 'K\xa0:', 'min': 1, 'max': 999}
    """
    field: dict[str, Any] = {"label": typeset(label)}
    if help is not None:
        field["help"] = typeset(help)
    if choices:
        field["choices"] = [{"value": value, "text": typeset(text)} for value, text in choices]
    if low is not None:
        field["min"] = low
    if high is not None:
        field["max"] = high
    if counts is not None:
        field["min_count"], field["max_count"] = counts
    if digits is not None:
        field["max_digits"] = digits
    if noun is not None:
        field["noun"] = noun
    if when is not None:
        field["when"] = {"field": when[0], "value": when[1]}
    return field


def form_schema(
    fields: Mapping[str, dict[str, Any]] | None = None,
    limits: Mapping[str, int] | None = None,
    texts: Mapping[str, str] | None = None,
    presets: Sequence[tuple[str, Mapping[str, str]]] = (),
) -> dict[str, Any]:
    """The schema of a board's setup form (JSON), as the build writes it in the page.

    ``fields`` maps a field's id to :func:`form_field`'s JSON; ``limits`` are
    the board's drawing limits (numbers); ``texts`` the French sentences a
    board shows, where ``{name}`` is filled in by the board with a number of
    the position (a caption, a refusal). A board draws its form from it before
    the engine is ready; nimcore checks what is typed when the game starts.

    >>> form_schema(texts={"caption": "Le tas : {a} allumettes."})["texts"]
    {'caption': 'Le tas\xa0: {a} allumettes.'}
    """
    return {
        "fields": dict(fields or {}),
        "limits": dict(limits or {}),
        "texts": {name: typeset(text) for name, text in (texts or {}).items()},
        "presets": [{"label": typeset(label), "values": dict(values)} for label, values in presets],
    }


# ---- reading a setup form -----------------------------------------------------------


def _field_name(field: Mapping[str, Any]) -> str:
    """A field's label without its final colon, for the start of a message."""
    return str(field["label"]).rstrip(" \u00a0:")


def setup_text(values: Mapping[str, Any], name: str) -> str:
    """The text of the field *name* as the board sent it (a missing field reads as empty)."""
    text = values.get(name, "")
    if not isinstance(text, str) or len(text) > 4000:
        raise NimcoreError(typeset(f"Le champ {name} du formulaire est illisible."), field=name)
    return text


def setup_choice(values: Mapping[str, Any], name: str, field: Mapping[str, Any]) -> str:
    """The value chosen in the list field *name*, one of the field's choices."""
    text = setup_text(values, name)
    allowed = [choice["value"] for choice in field.get("choices", [])]
    if text not in allowed:
        raise NimcoreError(typeset(f"{_field_name(field)} : choix inconnu « {text} »."), field=name)
    return text


def setup_naturals(values: Mapping[str, Any], name: str, field: Mapping[str, Any]) -> list[int]:
    """The natural numbers typed in the field *name* ("1 3 5 7", "1, 3, 5, 7"), within its limits.

    The field's JSON (:func:`form_field`) gives the limits: ``min`` and ``max``
    for each number (or ``max_digits``), ``min_count`` and ``max_count`` for
    how many, ``noun`` to name one. Each refusal names the field, in its words
    and as the error's ``field``.

    >>> field = form_field("Les tas :", low=0, high=40, counts=(1, 8), noun="tas")
    >>> setup_naturals({"heaps": "1, 3 5"}, "heaps", field)
    [1, 3, 5]
    >>> setup_naturals({"heaps": "1 x"}, "heaps", field)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Les tas : « x » n'est pas un nombre entier positif ou nul.

    A field of one number says its bounds:

    >>> one = form_field("Nombre de points :", low=1, high=3, counts=(1, 1))
    >>> for typed in ("", "-1", "9"):
    ...     try:
    ...         setup_naturals({"spots": typed}, "spots", one)
    ...     except NimcoreError as error:
    ...         print(error, error.field)
    Nombre de points : indiquez un nombre entier entre 1 et 3. spots
    Nombre de points : « -1 » n'est pas un nombre entier entre 1 et 3. spots
    Nombre de points : « 9 » est hors limites ; le nombre doit être entre 1 et 3. spots
    """
    label = _field_name(field)
    parts = [part for part in re.split(r"[\s,;]+", setup_text(values, name)) if part]
    low = field.get("min", 0)
    high = field.get("max")
    least, most = field.get("min_count", 1), field.get("max_count")
    noun = field.get("noun", "nombre")
    single = least == most == 1
    bound = f"entre {low} et {high}" if high is not None else f"au moins {low}"

    def refused(message: str) -> NimcoreError:
        return NimcoreError(typeset(f"{label} : {message}"), field=name)

    if single and not parts:
        raise refused(f"indiquez un nombre entier {bound}.")
    if len(parts) < least:
        raise refused(f"indiquez au moins {plural(least, noun)}.")
    if most is not None and len(parts) > most:
        raise refused(
            f"indiquez un seul nombre entier {bound}."
            if single
            else f"{len(parts)} valeurs, c'est trop ({most} au plus)."
        )
    numbers: list[int] = []
    for part in parts:
        shown = part if len(part) <= 24 else part[:24] + "…"
        if not part.isascii() or not part.isdigit():
            kind = bound if single else "positif ou nul"
            raise refused(f"« {shown} » n'est pas un nombre entier {kind}.")
        digits = field.get("max_digits")
        if digits is not None and len(part.lstrip("0")) > digits:
            raise refused(f"nombre trop long ({digits} chiffres au plus).")
        if high is None and digits is None and len(part) > 18:
            raise refused(f"« {shown} » est bien trop grand.")
        value = int(part)
        if value < low or (high is not None and value > high):
            which = "le nombre" if single else "chaque valeur"
            raise refused(f"« {shown} » est hors limites ; {which} doit être {bound}.")
        numbers.append(value)
    return numbers
