"""Nim with infinite heaps, as the registry knows it (rules in :mod:`nimcore.ordinal`).

Each heap is an ordinal below ω^ω, in Cantor normal form; a move replaces one
heap by any smaller ordinal (ω by 0, 1, 2… or by a million). A position is the
list of the heaps, each written as the command line writes it
(``"w^2*3+w*2+5"``); a reader may type ``ω²·3 + ω·2 + 5`` as well, and nimcore
reads it. Its code lists the heaps' coefficients from the top, separated by
dots, the heaps by underscores: ω² + 3, ω·2 + 5, 7 is ``"1.0.3_2.5_7"``.

A move is checked by comparing the one heap that changed with what it was
(:func:`nimcore.ordinal.move_to`), whatever its coefficients: the moves of a
heap of ω or more are never listed, there are infinitely many.

>>> from nimcore.games.ordinal import GAME
>>> start, options = GAME.decode("1.0.3_2.5_7")
>>> GAME.play(start, ["w*1000", "w*2+5", "7"], options).text
'remplacer le tas 1 (ω² + 3) par ω·1000'
>>> print(GAME.describe(start, options))
3 tas : ω² + 3, ω·2 + 5, 7
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from nimcore import ordinal
from nimcore.errors import NimcoreError
from nimcore.french import plural, typeset
from nimcore.games.base import Game, form_field, form_schema, setup_text, table
from nimcore.ordinal import Ordinal, OrdinalAnalysis, OrdinalMove

__all__ = ["BOARD_EXPONENT", "BOARD_HEAPS", "GAME", "OrdinalGame"]

Heaps = tuple[Ordinal, ...]
Options = dict[str, Any]

#: The board's drawing limits: heaps side by side, and columns of coefficients (exponents 0 to 3).
BOARD_HEAPS = 6
BOARD_EXPONENT = 3
#: Random starts: 2 to 6 heaps, exponents up to 3 (as the board draws them).
RANDOM_HEAPS = (2, BOARD_HEAPS)
RANDOM_DEGREE = BOARD_EXPONENT
#: Longest code read.
MAX_CODE_LENGTH = 2000

_CODE = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,6})*(?:_[0-9]{1,6}(?:\.[0-9]{1,6})*)*", re.ASCII)
_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def power(exponent: int) -> str:
    """ω to the *exponent*, as a reader reads it: 1, ω, ω², ω³…"""
    if exponent == 0:
        return "1"
    return "ω" if exponent == 1 else "ω" + str(exponent).translate(_SUPERSCRIPTS)


def shown(heap: Ordinal) -> str:
    """A heap as the board and the sentences show it: ``ω²·3 + ω·2 + 5``."""
    return heap.shown


class OrdinalGame(Game[Heaps, Options]):
    """Heaps that are ordinals below ω^ω; a move replaces one by a smaller ordinal."""

    id = "ordinal"
    title = "Nim infini"
    examples = ("3_2_1", "1.0_5", "1.2_3")
    usage = "Nim à tas ordinaux : ordinal 'w^2*3+w*2+5' w 12"

    def form(self) -> dict[str, Any]:
        """The heaps as typed (nimcore reads them) and how to write them."""
        return form_schema(
            fields={
                "heaps": form_field(
                    f"Les tas (1 à {BOARD_HEAPS}), séparés par des virgules :",
                    help="Écrivez w pour ω, ^ pour l’exposant et * pour le coefficient :"
                    f" w^2*3+w+5 est ω²·3 + ω + 5. Exposants de 0 à {BOARD_EXPONENT} sur ce plateau.",
                    counts=(1, BOARD_HEAPS),
                    noun="tas",
                )
            },
        )

    def read_setup(self, values: Mapping[str, Any]) -> tuple[Heaps, Options]:
        """The heaps typed in the form, separated by commas, each read as nimcore reads an ordinal.

        >>> [heap.text for heap in GAME.read_setup({"heaps": "ω²·3 + 5, w, 12"})[0]]
        ['ω^2·3+5', 'ω', '12']
        >>> GAME.read_setup({"heaps": "w, 1, 2, 3, 4, 5, 6"})
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Les tas (1 à 6), séparés par des virgules : 7 tas, c'est trop (6 tas au plus).
        """
        label = str(self.form()["fields"]["heaps"]["label"]).rstrip(" \u00a0:")
        text = setup_text(values, "heaps")
        if not text.strip():
            raise NimcoreError(typeset(f"{label} : indiquez au moins un tas."))
        parts = [part.strip() for part in re.split("[,;]", text)]
        if len(parts) > BOARD_HEAPS:
            raise NimcoreError(
                typeset(f"{label} : {len(parts)} tas, c'est trop ({BOARD_HEAPS} tas au plus).")
            )
        return self.read_position(parts, {}), {}

    def setup_values(self, position: Heaps, options: Options) -> dict[str, str]:
        """The form's field: the heaps as the help writes them (w^2*3+5), separated by commas."""
        return {"heaps": ", ".join(self.position_json(position))}

    def board_refusal(self, position: Heaps, options: Options) -> str | None:
        """More heaps than the board draws side by side, or a power of ω it has no column for.

        >>> print(GAME.board_refusal(GAME.read_position(["w^4", "1"], {}), {}))
        Ce plateau écrit les exposants de 0 à 3 : le tas 1 (ω⁴) n'y tient pas.
        """
        if len(position) > BOARD_HEAPS:
            return typeset(
                f"{len(position)} tas, c'est trop pour ce plateau : {BOARD_HEAPS} tas au plus."
            )
        heaps = ordinal.validate_heaps(list(position))
        for index, heap in enumerate(heaps):
            if heap.degree > BOARD_EXPONENT:
                return typeset(
                    f"Ce plateau écrit les exposants de 0 à {BOARD_EXPONENT} :"
                    f" le tas {index + 1} ({shown(heap)}) n'y tient pas."
                )
        return None

    def read_position(self, raw: object, options: Options) -> Heaps:
        return ordinal.validate_heaps(raw)

    def position_json(self, position: Any) -> Any:
        # Positions reached by a move hold the heaps' texts already.
        return [heap if isinstance(heap, str) else heap.ascii for heap in position]

    def encode(self, position: Heaps, options: Options) -> str:
        heaps = ordinal.validate_heaps(list(position))
        return "_".join(".".join(map(str, reversed(heap.coefficients))) or "0" for heap in heaps)

    def decode(self, text: str) -> tuple[Heaps, Options]:
        if len(text) > MAX_CODE_LENGTH:
            raise NimcoreError(
                typeset(f"Position trop longue : {MAX_CODE_LENGTH} caractères au plus.")
            )
        if _CODE.fullmatch(text):
            heaps = [
                Ordinal.from_coefficients(int(part) for part in reversed(heap.split(".")))
                for heap in text.split("_")
            ]
            return self.read_position(heaps, {}), {}
        parts = [part.strip() for part in re.split("[,;]", text)]
        if not all(parts):
            raise NimcoreError(
                typeset(
                    f"« {text} » n'est pas une position de la forme 1.0.3_2.5_7"
                    " (ω² + 3, ω·2 + 5, 7), ni une liste d'ordinaux séparés par des virgules."
                )
            )
        return self.read_position(parts, {}), {}

    def command(self, words: Sequence[str], flags: Mapping[str, Any]) -> tuple[str, str, str]:
        """The heaps as ordinals written in words ("w^2*3+w*2+5"), one a word."""
        return self.id, ", ".join(words), "Nim à tas ordinaux"

    def rule(self, options: Options) -> str:
        return typeset(
            "Chaque tas est un ordinal plus petit que ω^ω ; à chaque coup, on remplace un tas par"
            " n'importe quel ordinal plus petit (ω peut devenir 0, 1, 2… ou un million) ; qui ne"
            " peut plus jouer, tous les tas étant vides, a perdu."
        )

    def describe(self, position: Heaps, options: Options) -> str:
        heaps = ", ".join(shown(heap) for heap in ordinal.validate_heaps(list(position)))
        return typeset(f"{plural(len(position), 'tas', 'tas')} : {heaps}")

    def moves(self, position: Heaps, options: Options) -> Iterator[OrdinalMove]:
        """The moves whose coefficients stay within :func:`nimcore.ordinal.moves`' bound."""
        return ordinal.moves(list(position))

    def listed_moves(self, position: Heaps, options: Options, limit: int) -> list[Any] | None:
        """Every move when all heaps are natural numbers and few; None otherwise (without end)."""
        heaps = ordinal.validate_heaps(list(position))
        if not all(heap.is_finite for heap in heaps):
            return None
        if sum(heap.coefficient(0) for heap in heaps) > limit:
            return None
        return list(ordinal.moves(list(heaps)))

    def terminal(self, position: Heaps, options: Options) -> bool:
        return not any(heap.coefficients for heap in ordinal.validate_heaps(list(position)))

    def play(self, position: Heaps, to: object, options: Options) -> OrdinalMove:
        return ordinal.move_to(list(position), to)  # type: ignore[arg-type]

    def gestures(self, move: OrdinalMove) -> list[dict[str, Any]]:
        """The board's gesture: the heap (from 0) and its new coefficients, lowest exponent first.

        As many coefficients as the heap had (the board's columns), zeros included:
        ω² + 3 → ω·2 + 2 is ``{"heap": 0, "coefficients": [2, 2, 0]}``.
        """
        size = max(len(move.before.coefficients), len(move.after.coefficients), 1)
        coefficients = [move.after.coefficient(exponent) for exponent in range(size)]
        return [{"heap": move.heap, "coefficients": coefficients}]

    def gesture_target(
        self, position: Heaps, gesture: Mapping[str, Any], options: Options
    ) -> object:
        """The heaps once heap ``heap`` (from 0) takes a new value; :meth:`play` checks it is smaller.

        The value comes as the board's coefficients (``coefficients``, lowest
        exponent first, trailing zeros allowed) or as the reader typed it
        (``value``, read as :func:`nimcore.ordinal.parse_ordinal` reads it). A
        heap touched without a value (``{"heap": i}``) says what to do.

        >>> start, options = GAME.decode("1.0.3_2.5_7")
        >>> GAME.gesture_target(start, {"heap": 1, "value": "ω·1000 + 6"}, options)
        ['w^2+3', 'w*1000+6', '7']
        >>> GAME.gesture_target(start, {"heap": 0, "coefficients": [2, 2, 0]}, options)
        ['w*2+2', 'w*2+5', '7']
        """
        heaps = ordinal.validate_heaps(list(position))
        heap = gesture.get("heap")
        if isinstance(heap, bool) or not isinstance(heap, int):
            raise NimcoreError(typeset(f"Geste illisible : « {_shown(gesture)} »."))
        if not 0 <= heap < len(heaps):
            raise NimcoreError(
                typeset(f"Il n'y a pas de tas {heap + 1} : la position en compte {len(heaps)}.")
            )
        if "value" in gesture:
            value = gesture["value"]
            if not isinstance(value, str):
                raise NimcoreError(typeset(f"Geste illisible : « {_shown(gesture)} »."))
            after = ordinal.parse_ordinal(value)
        elif "coefficients" in gesture:
            after = _from_columns(gesture["coefficients"], gesture)
        elif not heaps[heap].coefficients:
            raise NimcoreError(typeset(f"Le tas {heap + 1} est vide : choisissez un autre tas."))
        else:
            raise NimcoreError(
                typeset(
                    f"Choisissez la nouvelle valeur du tas {heap + 1}, plus petite que {shown(heaps[heap])}."
                )
            )
        return [after.ascii if index == heap else old.ascii for index, old in enumerate(heaps)]

    def random_move(self, position: Heaps, options: Options, chance: random.Random) -> OrdinalMove:
        return ordinal.random_move(list(position), chance)

    def analyse(self, position: Heaps, options: Options) -> OrdinalAnalysis:
        return ordinal.analyse(list(position))

    def decide(self, position: Heaps, options: Options) -> OrdinalAnalysis:
        """The outcome and the recommended move, without the explanation (:meth:`analyse`'s)."""
        return ordinal.analyse(list(position), explain=False)

    def delaying_move(self, position: Heaps, options: Options) -> OrdinalMove:
        """The largest heap lowered as little as it can: the game kept long.

        By one when its last coefficient is a natural number; otherwise its
        lowest power of ω loses one, and the next power down gets as many as
        the largest coefficient on the table.
        """
        heaps = ordinal.validate_heaps(list(position))
        largest = max(range(len(heaps)), key=lambda index: (heaps[index], -index))
        coefficients = list(heaps[largest].coefficients)
        lowest = next(exponent for exponent, value in enumerate(coefficients) if value)
        coefficients[lowest] -= 1
        if lowest > 0:
            refill = max(value for heap in heaps for value in heap.coefficients)
            coefficients[lowest - 1] = max(1, refill)
        to = [heap.ascii for heap in heaps]
        to[largest] = Ordinal.from_coefficients(coefficients).ascii
        return self.play(position, to, options)

    def hint_tables(self, analysis: OrdinalAnalysis, options: Options) -> list[dict[str, Any]]:
        """The coefficients, exponent by exponent, and the nim-sum of each column."""
        best = None if analysis.recommended is None else analysis.recommended.heap
        labels = [
            "entiers" if exponent == 0 else power(exponent) for exponent in analysis.exponents
        ]
        body: list[Any] = [
            {
                "cells": [f"{index + 1} : {shown(heap)}", *row],
                "mark": "best" if index == best else None,
            }
            for index, (heap, row) in enumerate(zip(analysis.heaps, analysis.rows, strict=True))
        ]
        sums = [{"text": value, "mark": "odd" if value else None} for value in analysis.column_sums]
        return [
            table(
                kind="ordinal",
                caption="Les coefficients, exposant par exposant",
                head=[["Tas", *labels]],
                body=body,
                foot=[["Somme de Nim", *sums]],
            )
        ]

    def hint_notes(self, analysis: OrdinalAnalysis, options: Options) -> list[str]:
        total = analysis.nim_sum
        zero = "" if total.coefficients else " (toutes les colonnes sont nulles)"
        return [typeset(f"Somme de Nim de la position : {shown(total)}{zero}.")]

    def drawing(self, position: Heaps, options: Options) -> Any:
        """Each heap as a reader reads it, its coefficients (lowest exponent first), the powers of ω.

        ``columns`` names each power for the board's coefficient columns: its
        ``label`` (« entiers », ω, ω²…) and its ``name`` in a sentence.
        """
        heaps = ordinal.validate_heaps(list(position))
        top = max(heap.degree for heap in heaps)
        return {
            "columns": [
                {
                    "label": "entiers" if exponent == 0 else power(exponent),
                    "name": "la partie finie" if exponent == 0 else power(exponent),
                }
                for exponent in range(top + 1)
            ],
            "heaps": [
                {
                    "text": shown(heap),
                    "coefficients": list(heap.coefficients),
                    "terms": [
                        {
                            "exponent": exponent,
                            "text": shown(Ordinal.from_coefficients([0] * exponent + [value])),
                        }
                        for exponent, value in reversed(list(enumerate(heap.coefficients)))
                        if value
                    ],
                }
                for heap in heaps
            ],
            "powers": [power(exponent) for exponent in range(top + 1)],
        }

    def draw_start(self, options: Options, like: Heaps | None, chance: random.Random) -> Heaps:
        count = len(like) if like else chance.randint(*RANDOM_HEAPS)
        largest = 3 if chance.random() < 0.5 else chance.randint(7, 15)
        while True:
            heaps = []
            for _ in range(count):
                draw = chance.random()
                degree = 0 if draw < 0.15 else 1 if draw < 0.75 else 2 if draw < 0.9 else 3
                degree = min(degree, RANDOM_DEGREE)
                values = [chance.randint(0, largest) for _ in range(degree + 1)]
                values[degree] = max(values[degree], 1)
                heaps.append(Ordinal.from_coefficients(values))
            if count == 1 or sum(1 for heap in heaps if heap.coefficients) >= 2:
                return tuple(heaps)


GAME = OrdinalGame()


def _shown(value: object) -> str:
    """What a board sent (as JSON), cut short when long, for « » in a message."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:60] + "…"


def _from_columns(raw: object, gesture: Mapping[str, Any]) -> Ordinal:
    """The ordinal of a board's coefficient columns (lowest exponent first), or a French refusal.

    >>> _from_columns([3, 0, 1, 0], {}).text
    'ω^2+3'
    >>> _from_columns([3, -1], {})
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le coefficient de ω vaut déjà 0 : il ne descend pas plus bas.
    """
    if not isinstance(raw, list) or any(
        isinstance(value, bool) or not isinstance(value, int) for value in raw
    ):
        raise NimcoreError(typeset(f"Geste illisible : « {_shown(dict(gesture))} »."))
    for exponent, value in enumerate(raw):
        if value < 0:
            said = (
                "La partie finie vaut déjà 0 : elle"
                if exponent == 0
                else f"Le coefficient de {power(exponent)} vaut déjà 0 : il"
            )
            raise NimcoreError(typeset(f"{said} ne descend pas plus bas."))
    return Ordinal.from_coefficients(raw)
