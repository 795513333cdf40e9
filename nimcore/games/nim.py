"""Nim, in normal and misère play, as the registry knows it (rules in :mod:`nimcore.nim`).

>>> from nimcore.games.nim import GAME
>>> options = GAME.read_options({"misere": False})
>>> GAME.play((3, 4, 5), [3, 4, 1], options).text
'retirer 4 allumettes du tas 3 (5 → 1)'
>>> GAME.rule(options)
"À chaque coup, on retire autant d'allumettes qu'on veut, au moins une, d'un seul tas\u202f; qui joue le dernier coup gagne."
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from nimcore import nim
from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.games.base import Flag, Game, check_flag, command_heaps, command_integer, table
from nimcore.games.heaps import (
    decode_heaps,
    describe_heaps,
    draw_heaps,
    encode_heaps,
    heap_gesture,
    heap_gestures,
    heaps_board_refusal,
    heaps_form,
    heaps_setup_values,
    largest_heap,
    last_move_words,
    read_heaps_setup,
    single_change,
    taken,
)

__all__ = ["GAME", "NimGame"]

Heaps = tuple[int, ...]

#: Random starts: as many heaps as the current position (4 without one), of 1 to 15 matches.
RANDOM_HEAPS = 4
RANDOM_MAX = 15


class NimGame(Game[Heaps, dict[str, Any]]):
    """Nim: take one or more matches from one heap (Bouton 1902)."""

    id = "nim"
    title = "Nim"
    examples = ("3-2-1", "2-2-0", "3-2-1_misere", "1-1-1-1_misere")
    usage = "Nim à plusieurs tas : nim 3 4 5 [--misere] [--max K]"
    flags = (Flag("--misere", "version misère"), Flag("--max", "au plus K jetons par coup", "K"))
    option_names = frozenset({"misere"})

    def read_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return {"misere": check_flag(raw, "misere")}

    def form(self) -> dict[str, Any]:
        return heaps_form(presets=[("Marienbad 1-3-5-7", {"heaps": "1 3 5 7"})])

    def read_setup(self, values: Mapping[str, Any]) -> tuple[Heaps, dict[str, Any]]:
        heaps, misere = read_heaps_setup(self.form(), values)
        options = {"misere": misere}
        return self.read_position(heaps, options), options

    def setup_values(self, position: Heaps, options: dict[str, Any]) -> dict[str, str]:
        return heaps_setup_values(position, options["misere"])

    def board_refusal(self, position: Heaps, options: dict[str, Any]) -> str | None:
        return heaps_board_refusal(position)

    def read_position(self, raw: object, options: dict[str, Any]) -> Heaps:
        return nim.validate_heaps(raw)

    def encode(self, position: Heaps, options: dict[str, Any]) -> str:
        return encode_heaps(position) + ("_misere" if options["misere"] else "")

    def decode(self, text: str) -> tuple[Heaps, dict[str, Any]]:
        heaps, _, variant = text.partition("_")
        if variant not in ("", "misere"):
            raise NimcoreError(
                typeset(f"« {text} » n'est pas une position de la forme 1-3-5-7 ou 1-3-5-7_misere.")
            )
        options = {"misere": variant == "misere"}
        return self.read_position(decode_heaps(heaps), options), options

    def command(self, words: Sequence[str], flags: Mapping[str, Any]) -> tuple[str, str, str]:
        """Nim; with --max K, the subtraction game "from 1 to K" (Nim with at most K per move)."""
        variant = "version misère" if flags["misere"] else "version normale"
        misere = "_misere" if flags["misere"] else ""
        if flags["max"] is None:
            return self.id, command_heaps(words) + misere, f"Nim, {variant}"
        most = command_integer(flags["max"], "--max")
        label = f"Nim, au plus {flags['max']} par coup, {variant}"
        return "subtraction", f"{command_heaps(words)}_1a{most}{misere}", label

    def rule(self, options: dict[str, Any]) -> str:
        return typeset(
            "À chaque coup, on retire autant d'allumettes qu'on veut, au moins une, d'un seul tas ;"
            f" {last_move_words(options['misere'])}."
        )

    def describe(self, position: Heaps, options: dict[str, Any]) -> str:
        return describe_heaps(position) + (", version misère" if options["misere"] else "")

    def last_mover_wins(self, options: dict[str, Any]) -> bool:
        return not options["misere"]

    def moves(self, position: Heaps, options: dict[str, Any]) -> Iterator[nim.NimMove]:
        return nim.moves_checked(position)

    def terminal(self, position: Heaps, options: dict[str, Any]) -> bool:
        return not any(position)

    def play(self, position: Heaps, to: object, options: dict[str, Any]) -> nim.NimMove:
        heap, before, after = single_change(position, to)
        return nim.NimMove(
            heap, before - after, before, (*position[:heap], after, *position[heap + 1 :])
        )

    def gestures(self, move: nim.NimMove) -> list[dict[str, Any]]:
        return heap_gestures(move)

    def gesture_target(
        self, position: Heaps, gesture: Mapping[str, Any], options: dict[str, Any]
    ) -> object:
        return heap_gesture(position, gesture)

    def analyse(self, position: Heaps, options: dict[str, Any]) -> nim.NimAnalysis:
        return nim.analyse_checked(position, options["misere"])

    def decide(self, position: Heaps, options: dict[str, Any]) -> nim.NimAnalysis:
        """The outcome and winning moves, without the binary table and the explanation."""
        return nim.analyse_checked(position, options["misere"], explain=False)

    def delaying_move(self, position: Heaps, options: dict[str, Any]) -> nim.NimMove:
        """One match from the largest heap (the first of the largest): the game kept long."""
        return self.play(position, taken(position, largest_heap(position), 1), options)

    def draw_start(
        self, options: dict[str, Any], like: Heaps | None, chance: random.Random
    ) -> Heaps:
        return draw_heaps(len(like) if like else RANDOM_HEAPS, 1, RANDOM_MAX, chance)

    def hint_tables(
        self, analysis: nim.NimAnalysis, options: dict[str, Any]
    ) -> list[dict[str, Any]]:
        """The heaps in base 2, the ones of each column counted, the heap to play marked (Bouton)."""
        odd = [ones % 2 == 1 for ones in analysis.column_ones]
        best = None if analysis.recommended is None else analysis.recommended.heap

        def cell(text: object, column: int) -> dict[str, Any]:
            return {"text": text, "mark": "odd" if odd[column] else None}

        return [
            table(
                kind="nim-binary",
                caption="Les tas écrits en base 2, colonne par colonne",
                label="Tableau binaire",
                head=[
                    [
                        "Tas",
                        *(cell(weight, column) for column, weight in enumerate(analysis.weights)),
                    ]
                ],
                body=[
                    {
                        "cells": [
                            f"Tas {index + 1} : {analysis.heaps[index]}",
                            *(cell(digit, column) for column, digit in enumerate(digits)),
                        ],
                        "mark": "best" if index == best else None,
                    }
                    for index, digits in enumerate(analysis.rows)
                ],
                foot=[
                    [
                        "Nombre de 1",
                        *(
                            cell(f"{ones} ({'impair' if odd[column] else 'pair'})", column)
                            for column, ones in enumerate(analysis.column_ones)
                        ),
                    ]
                ],
            )
        ]


GAME = NimGame()
