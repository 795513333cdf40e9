"""What the games played on a row of heaps share: words, short codes, reading a move.

>>> describe_heaps((7, 9, 12))
'3 tas de 7, 9 et 12 allumettes'
>>> decode_heaps("1-3-5-7")
[1, 3, 5, 7]
>>> single_change((3, 4, 5), [3, 1, 5])
(1, 4, 1)
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from nimcore.errors import NimcoreError
from nimcore.french import numbered, plural, quoted, typeset
from nimcore.games.base import form_field, form_schema, setup_choice, setup_naturals, table

__all__ = [
    "BOARD_HEAPS",
    "BOARD_MATCHES",
    "HeapValues",
    "changed_heaps",
    "decode_heaps",
    "describe_heaps",
    "draw_heaps",
    "encode_heaps",
    "heap_gesture",
    "heap_gestures",
    "heap_value_table",
    "heaps_board_refusal",
    "heaps_field",
    "heaps_form",
    "heaps_setup_values",
    "largest_heap",
    "last_move_words",
    "read_heaps_setup",
    "single_change",
    "taken",
]

#: The heaps board's drawing limits: heaps, and matches in a heap.
BOARD_HEAPS = 8
BOARD_MATCHES = 40

#: Heaps in a code: a heap's size and count are the game's to check (read_position), in
#: French; the code's limits only keep a text from being read at all when it is absurd.
_HEAPS = re.compile(r"[0-9]{1,1240}(?:-[0-9]{1,1240}){0,63}", re.ASCII)


def last_move_words(misere: bool) -> str:
    """How the game ends, in French: who wins with the last move."""
    return "qui joue le dernier coup perd" if misere else "qui joue le dernier coup gagne"


def describe_heaps(heaps: Sequence[int]) -> str:
    """The heaps in French words: 'un tas de 21 allumettes', '3 tas de 7, 9 et 12 allumettes', '2 tas de 4 allumettes et 1 allumette'."""
    if len(heaps) == 1:
        return f"un tas de {plural(heaps[0], 'allumette')}"
    return f"{len(heaps)} tas de {numbered(list(heaps), 'allumette')}"


def encode_heaps(heaps: Sequence[int]) -> str:
    """Heaps in a short code: '9-6-4'."""
    return "-".join(str(heap) for heap in heaps)


def decode_heaps(text: str) -> list[int]:
    """Read :func:`encode_heaps`'s code back, or raise :class:`NimcoreError`."""
    if not _HEAPS.fullmatch(text):
        raise NimcoreError(typeset(f"« {text} » n'est pas une suite de tas comme 1-3-5-7."))
    return [int(part) for part in text.split("-")]


def changed_heaps(position: Sequence[int], to: object) -> tuple[list[int], tuple[int, ...]]:
    """The heaps a move from *position* to *to* changes, each made smaller, and *to* as a tuple.

    Raises :class:`NimcoreError` in French when *to* is not a list of as many
    natural numbers, when nothing changes, or when a heap grows.
    """
    if not isinstance(to, (list, tuple)) or len(to) != len(position):
        raise NimcoreError(
            typeset(
                f"La position d'arrivée doit être une liste de {plural(len(position), 'tas', 'tas')},"
                f" pas {quoted(to)}."
            )
        )
    target: list[int] = []
    for index, heap in enumerate(to, start=1):
        if isinstance(heap, bool) or not isinstance(heap, int) or heap < 0:
            raise NimcoreError(
                typeset(
                    f"Le tas {index} de la position d'arrivée vaut {quoted(heap)} : un entier naturel est attendu."
                )
            )
        target.append(heap)
    changed = [index for index, (a, b) in enumerate(zip(position, target, strict=True)) if a != b]
    if not changed:
        raise NimcoreError(
            typeset("Ce coup ne change rien : il faut retirer au moins une allumette.")
        )
    for index in changed:
        if target[index] > position[index]:
            raise NimcoreError(
                typeset(
                    f"On ne peut pas ajouter d'allumettes : le tas {index + 1} passerait"
                    f" de {position[index]} à {target[index]}."
                )
            )
    return changed, tuple(target)


def single_change(position: Sequence[int], to: object) -> tuple[int, int, int]:
    """(heap, before, after) of a move that takes from one heap only, or :class:`NimcoreError`.

    >>> single_change((3, 4), [1, 2])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Un coup ne touche qu'un seul tas : ici les tas 1 et 2 changent.
    """
    changed, target = changed_heaps(position, to)
    if len(changed) > 1:
        names = ", ".join(str(index + 1) for index in changed[:-1]) + f" et {changed[-1] + 1}"
        raise NimcoreError(
            typeset(f"Un coup ne touche qu'un seul tas : ici les tas {names} changent.")
        )
    index = changed[0]
    return index, position[index], target[index]


def heap_gestures(move: Any) -> list[dict[str, Any]]:
    """The heaps board's gesture for a move taking from one heap: the heap (from 0) and the amount.

    On the board, touching a match takes it and every match after it in its heap.
    """
    return [{"heap": move.heap, "take": move.take}]


def heap_gesture(
    position: Sequence[int], gesture: Mapping[str, Any], noun: str = "allumette"
) -> list[int]:
    """The heaps after a gesture ``{"heap": i, "take": t}`` (i from 0), or :class:`NimcoreError`.

    The gesture must name a heap of the position and take at least one of its
    *noun*s, at most all of them; whether the game allows that amount is the
    game's rule to say (its :meth:`~nimcore.games.base.Game.play`).

    >>> heap_gesture((3, 4), {"heap": 1, "take": 2})
    [3, 2]
    >>> heap_gesture((3, 4), {"heap": 0, "take": 5})
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas 1 n'a que 3 allumettes : on ne peut pas en retirer 5.
    """
    heap, take = gesture.get("heap"), gesture.get("take")
    for value in (heap, take):
        if isinstance(value, bool) or not isinstance(value, int):
            raise NimcoreError(typeset(f"Geste illisible : {quoted(dict(gesture))}."))
    assert isinstance(heap, int) and isinstance(take, int)
    if not 0 <= heap < len(position):
        raise NimcoreError(
            typeset(f"Il n'y a pas de tas {heap + 1} : la position en compte {len(position)}.")
        )
    if take < 1:
        raise NimcoreError(typeset(f"Il faut retirer au moins une {noun}."))
    if take > position[heap]:
        have = plural(position[heap], noun)
        raise NimcoreError(
            typeset(f"Le tas {heap + 1} n'a que {have} : on ne peut pas en retirer {take}.")
        )
    return taken(position, heap, take)


def draw_heaps(count: int, low: int, high: int, chance: random.Random) -> tuple[int, ...]:
    """*count* heaps of *low* to *high* tokens each."""
    return tuple(chance.randint(low, high) for _ in range(count))


def largest_heap(heaps: Sequence[int], low: int = 1) -> int:
    """The index of the largest heap of at least *low* tokens, the first of the largest.

    Where a perfect player's move from a P-position takes from: the game kept long.

    >>> largest_heap((3, 7, 7)), largest_heap((3, 1), low=2)
    (1, 0)
    """
    return max(
        (index for index, heap in enumerate(heaps) if heap >= low),
        key=lambda index: (heaps[index], -index),
    )


def taken(heaps: Sequence[int], index: int, amount: int) -> list[int]:
    """The heaps once *amount* tokens are taken from heap *index*.

    >>> taken((3, 7), 1, 2)
    [3, 5]
    """
    return [heap - amount if at == index else heap for at, heap in enumerate(heaps)]


def read_heaps_setup(form: Mapping[str, Any], values: Mapping[str, Any]) -> tuple[list[int], bool]:
    """The heaps and the convention (True: misère) of a heaps board's setup form, checked.

    >>> read_heaps_setup(heaps_form(), {"heaps": "1 3 5", "convention": "misere"})
    ([1, 3, 5], True)
    """
    fields = form["fields"]
    heaps = setup_naturals(values, "heaps", fields["heaps"])
    return heaps, setup_choice(values, "convention", fields["convention"]) == "misere"


def heaps_setup_values(position: Sequence[int], misere: bool) -> dict[str, str]:
    """A heaps board's setup fields for *position*: the heaps and the convention."""
    return {
        "heaps": " ".join(str(heap) for heap in position),
        "convention": "misere" if misere else "normale",
    }


def heaps_board_refusal(
    position: Sequence[int], most_heaps: int = BOARD_HEAPS, most_matches: int = BOARD_MATCHES
) -> str | None:
    """Why the heaps board cannot draw *position*, in French, or None.

    >>> print(heaps_board_refusal([1, 50]))
    Un tas de 50 allumettes, c'est trop pour ce plateau : 40 au plus.
    """
    if len(position) > most_heaps:
        return typeset(f"{len(position)} tas, c'est trop pour ce plateau : {most_heaps} au plus.")
    big = max(position, default=0)
    if big > most_matches:
        return typeset(
            f"Un tas de {plural(big, 'allumette')}, c'est trop pour ce plateau :"
            f" {most_matches} au plus."
        )
    return None


def heaps_field(label: str, low: int, high: int, counts: tuple[int, int]) -> dict[str, Any]:
    """A setup form's field of heaps: *counts* (fewest, most) heaps of *low* to *high* tokens.

    >>> heaps_field("Les tas :", 0, 9, (1, 3))["noun"]
    'tas'
    """
    return form_field(label, low=low, high=high, counts=counts, noun="tas")


def heaps_form(
    rule_fields: Sequence[tuple[str, dict[str, Any]]] = (),
    presets: Sequence[tuple[str, Mapping[str, str]]] = (),
) -> dict[str, Any]:
    """The heaps board's setup form: the heaps, the game's own *rule_fields*, the convention.

    >>> heaps_form()["fields"]["heaps"]["max"] == BOARD_MATCHES
    True
    """
    return form_schema(
        fields={
            "heaps": heaps_field(
                f"Les tas ({BOARD_HEAPS} au plus, de 0 à {BOARD_MATCHES} allumettes) :",
                0,
                BOARD_MATCHES,
                (1, BOARD_HEAPS),
            ),
            **dict(rule_fields),
            "convention": form_field(
                "Convention :",
                choices=[
                    ("normale", f"Normale ({last_move_words(False)})"),
                    ("misere", f"Misère ({last_move_words(True)})"),
                ],
            ),
        },
        presets=presets,
    )


class HeapValues(Protocol):
    """An analysis of heaps with a value each (octal games, Grundy's game): what its table shows."""

    @property
    def heaps(self) -> tuple[int, ...]: ...
    @property
    def nimbers(self) -> tuple[int, ...]: ...
    @property
    def nim_sum(self) -> int: ...
    @property
    def recommended(self) -> Any: ...


def heap_value_table(
    analysis: HeapValues,
    kind: str,
    names: list[str],
    head: tuple[str, str] = ("Taille n", "Valeur G(n)"),
) -> dict[str, Any]:
    """The hint's table of heaps with values: each heap (*names*), its value, the nim-sum,
    the heap to play marked; *head* names the size and value columns."""
    best = None if analysis.recommended is None else analysis.recommended.heap
    values = analysis.nimbers
    total = (
        " ⊕ ".join(map(str, values)) + f" = {analysis.nim_sum}"
        if len(values) > 1
        else str(analysis.nim_sum)
    )
    return table(
        kind=kind,
        head=[["Tas", *head]],
        body=[
            {
                "cells": [names[index], heap, values[index]],
                "mark": "best" if index == best else None,
            }
            for index, heap in enumerate(analysis.heaps)
        ],
        foot=[["Somme de Nim", {"text": total, "span": 2}]],
    )
