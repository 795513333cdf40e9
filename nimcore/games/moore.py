"""Moore's Nim_k, as the registry knows it (rules in :mod:`nimcore.moore`).

The option ``{"k": k}`` is the most heaps a move may take from. A move's
target is the whole position reached; it is checked by the rule (at most k
heaps changed, each made smaller), never by listing moves: from six heaps of
15 with k = 5 there are more than five million. A view lists the moves only
when they are few enough (:data:`~nimcore.games.base.MAX_VIEW_MOVES`,
counted before any is built); otherwise a board asks nimcore for each move it
prepares.

>>> from nimcore.games.moore import GAME
>>> options = GAME.read_options({"k": 2})
>>> GAME.play((6, 5, 7, 2), [2, 5, 5, 2], options).text
'retirer 4 allumettes du tas 1 (6 → 2) et 2 allumettes du tas 3 (7 → 5)'
>>> GAME.play((6, 5, 7, 2), [5, 4, 6, 2], options)
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: Un coup touche au plus 2 tas : celui-ci en change 3 (les tas 1, 2 et 3).
>>> GAME.decode("k2-6-5-7-2")
((6, 5, 7, 2), {'k': 2})
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from nimcore import moore
from nimcore.errors import NimcoreError
from nimcore.french import plural, quoted, typeset
from nimcore.games.base import (
    Flag,
    Game,
    Move,
    command_heaps,
    command_integer,
    form_field,
    form_schema,
    setup_choice,
    setup_naturals,
    table,
)
from nimcore.games.heaps import (
    changed_heaps,
    decode_heaps,
    describe_heaps,
    encode_heaps,
    heaps_board_refusal,
    heaps_field,
    largest_heap,
    taken,
)

__all__ = ["BOARD_HEAP", "BOARD_HEAPS", "BOARD_K", "GAME", "MooreGame"]

Heaps = tuple[int, ...]
Options = dict[str, Any]

#: Random starts: as many heaps as the current position (else 3 to 5), of 1 to 15 matches.
RANDOM_HEAPS = (3, 5)
RANDOM_MAX = 15
#: The board's drawing limits: 2 to 6 heaps of at most 15 matches, k at most 5.
BOARD_HEAPS = (2, 6)
BOARD_HEAP = 15
BOARD_K = 5

_CODE = re.compile(r"k([0-9]{1,4})-(.*)", re.ASCII | re.DOTALL)


def _heap_names(indices: list[int]) -> str:
    names = [str(index + 1) for index in indices]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" et {names[-1]}"


class MooreGame(Game[Heaps, Options]):
    """Moore's Nim_k: take from 1 to k heaps at once, any positive amount from each (Moore 1910)."""

    id = "moore"
    title = "Nim de Moore"
    examples = ("k2-3-2-2", "k3-2-2-2-1")
    usage = "Nim de Moore (jusqu'à k tas par coup) : moore 11 9 7 --k 2"
    flags = (Flag("--k", "nombre maximal de tas par coup", "K", required=True),)
    option_names = frozenset({"k"})

    def form(self) -> dict[str, Any]:
        """The heaps and k (a list of 1 to :data:`BOARD_K`)."""
        low, high = BOARD_HEAPS
        return form_schema(
            fields={
                "heaps": heaps_field(
                    f"Les tas ({low} à {high} tas de 0 à {BOARD_HEAP} allumettes) :",
                    0,
                    BOARD_HEAP,
                    BOARD_HEAPS,
                ),
                "k": form_field(
                    "k, le nombre de tas qu’un coup peut toucher :",
                    choices=[
                        (str(k), "1 (le Nim ordinaire)" if k == 1 else str(k))
                        for k in range(1, BOARD_K + 1)
                    ],
                ),
            },
            limits={"k": BOARD_K},
        )

    def read_setup(self, values: Mapping[str, Any]) -> tuple[Heaps, Options]:
        """The heaps typed and k chosen.

        >>> GAME.read_setup({"heaps": "6 5 7 2", "k": "2"})
        ((6, 5, 7, 2), {'k': 2})
        """
        fields = self.form()["fields"]
        heaps = setup_naturals(values, "heaps", fields["heaps"])
        options = self.read_options({"k": int(setup_choice(values, "k", fields["k"]))})
        return self.read_position(heaps, options), options

    def setup_values(self, position: Heaps, options: Options) -> dict[str, str]:
        return {"heaps": " ".join(map(str, position)), "k": str(options["k"])}

    def board_refusal(self, position: Heaps, options: Options) -> str | None:
        """Heaps or a k beyond the board's drawing (:data:`BOARD_HEAPS`, :data:`BOARD_HEAP`, :data:`BOARD_K`).

        >>> print(GAME.board_refusal((3, 4), {"k": 7}))
        k = 7, c'est trop pour ce plateau : 5 au plus.
        """
        refusal = heaps_board_refusal(position, BOARD_HEAPS[1], BOARD_HEAP)
        if refusal is not None:
            return refusal
        if options["k"] > BOARD_K:
            return typeset(f"k = {options['k']}, c'est trop pour ce plateau : {BOARD_K} au plus.")
        return None

    def read_options(self, raw: Mapping[str, Any]) -> Options:
        if "k" not in raw:
            raise NimcoreError(
                typeset("L'option k manque : le nombre de tas qu'un coup peut toucher.")
            )
        return {"k": moore.validate_k(raw["k"])}

    def read_position(self, raw: object, options: Options) -> Heaps:
        return moore.validate_heaps(raw)

    def encode(self, position: Heaps, options: Options) -> str:
        return f"k{options['k']}-{encode_heaps(position)}"

    def decode(self, text: str) -> tuple[Heaps, Options]:
        match = _CODE.fullmatch(text)
        if match is None:
            raise NimcoreError(
                typeset(f"« {text} » n'est pas une position de la forme k2-6-5-7-2.")
            )
        options = self.read_options({"k": int(match.group(1))})
        return self.read_position(decode_heaps(match.group(2)), options), options

    def command(self, words: Sequence[str], flags: Mapping[str, Any]) -> tuple[str, str, str]:
        k = command_integer(flags["k"], "--k")
        label = f"Nim de Moore, jusqu'à {flags['k']} tas par coup"
        return self.id, f"k{k}-{command_heaps(words)}", label

    def rule(self, options: Options) -> str:
        k = options["k"]
        if k == 1:
            how = "autant d'allumettes qu'on veut, au moins une, d'un seul tas"
        else:
            how = (
                f"des allumettes dans 1 à {k} tas, au moins une et autant qu'on veut"
                " dans chaque tas touché"
            )
        return typeset(f"À chaque coup, on retire {how} ; qui joue le dernier coup gagne.")

    def describe(self, position: Heaps, options: Options) -> str:
        return f"{describe_heaps(position)}, un coup touche au plus {plural(options['k'], 'tas', 'tas')}"

    def moves(self, position: Heaps, options: Options) -> Iterator[moore.MooreMove]:
        return moore.moves(position, options["k"])

    def listed_moves(self, position: Heaps, options: Options, limit: int) -> list[Move] | None:
        """Every legal move when there are at most *limit* (counted first), else None."""
        if moore.count_moves(position, options["k"]) > limit:
            return None
        return list(self.moves(position, options))

    def terminal(self, position: Heaps, options: Options) -> bool:
        return not any(position)

    def play(self, position: Heaps, to: object, options: Options) -> moore.MooreMove:
        changed, target = changed_heaps(position, to)
        k = options["k"]
        if len(changed) > k:
            raise NimcoreError(
                typeset(
                    f"Un coup touche au plus {plural(k, 'tas', 'tas')} : celui-ci en change"
                    f" {len(changed)} (les tas {_heap_names(changed)})."
                )
            )
        return moore.MooreMove(position, target)

    def gestures(self, move: moore.MooreMove) -> list[dict[str, Any]]:
        """The whole move as it is prepared on the board: the matches taken from each heap.

        >>> GAME.gestures(GAME.play((6, 5, 7, 2), [2, 5, 5, 2], {"k": 2}))
        [{'takes': [4, 0, 2, 0]}]
        """
        return [{"takes": [a - b for a, b in zip(move.before, move.to, strict=True)]}]

    def gesture_target(
        self, position: Heaps, gesture: Mapping[str, Any], options: Options
    ) -> object:
        """The heaps left after ``takes`` (one amount per heap); how many heaps a move
        may touch is :meth:`play`'s to check.

        >>> GAME.gesture_target((6, 5, 7, 2), {"takes": [4, 0, 2, 0]}, {"k": 2})
        [2, 5, 5, 2]
        >>> GAME.gesture_target((6, 5), {"takes": [0, 6]}, {"k": 2})
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Le tas 2 n'a que 5 allumettes : on ne peut pas en retirer 6.
        """
        takes = gesture.get("takes")
        if (
            set(gesture) != {"takes"}
            or not isinstance(takes, list)
            or len(takes) != len(position)
            or any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in takes)
        ):
            raise NimcoreError(typeset(f"Geste illisible : {quoted(dict(gesture))}."))
        for index, (heap, take) in enumerate(zip(position, takes, strict=True)):
            if take > heap:
                raise NimcoreError(
                    typeset(
                        f"Le tas {index + 1} n'a que {plural(heap, 'allumette')} :"
                        f" on ne peut pas en retirer {take}."
                    )
                )
        return [heap - take for heap, take in zip(position, takes, strict=True)]

    def analyse(self, position: Heaps, options: Options) -> moore.MooreAnalysis:
        return moore.analyse(position, options["k"])

    def decide(self, position: Heaps, options: Options) -> moore.MooreAnalysis:
        """The outcome and the recommended move, without the explanation (:meth:`analyse`'s)."""
        return moore.analyse(position, options["k"], explain=False)

    def delaying_move(self, position: Heaps, options: Options) -> moore.MooreMove:
        """One match from the largest heap (the first of the largest): the game kept long."""
        return self.play(position, taken(position, largest_heap(position), 1), options)

    def draw_start(self, options: Options, like: Heaps | None, chance: random.Random) -> Heaps:
        count = len(like) if like else chance.randint(*RANDOM_HEAPS)
        return tuple(chance.randint(1, RANDOM_MAX) for _ in range(count))

    def hint_tables(self, analysis: moore.MooreAnalysis, options: Options) -> list[dict[str, Any]]:
        """The heaps in base 2, the ones of each column counted and reduced modulo k + 1 (Moore).

        The heaps the recommended move takes from are marked, with their new size.
        """
        if analysis.terminal:
            return []
        modulus = analysis.k + 1
        best = analysis.recommended
        touched = set(best.heaps) if best is not None else set()
        extra = 1 if best is not None else 0

        def after(index: int) -> list[str]:
            if best is None:
                return []
            return [f"{analysis.heaps[index]} → {best.to[index]}" if index in touched else ""]

        return [
            table(
                kind="moore-binary",
                caption=f"Les tas en base 2, les 1 comptés modulo {modulus}",
                label="Tableau binaire",
                head=[["Tas", *analysis.weights, *(["Coup conseillé"] * extra)]],
                body=[
                    {
                        "cells": [f"Tas {index + 1} ({heap})", *digits, *after(index)],
                        "mark": "touched" if index in touched else None,
                    }
                    for index, (heap, digits) in enumerate(
                        zip(analysis.heaps, analysis.rows, strict=True)
                    )
                ],
                foot=[
                    ["Nombre de 1", *analysis.column_ones, *([""] * extra)],
                    [
                        f"Reste modulo {modulus}",
                        *(
                            {"text": residue, "mark": "nonzero" if residue else None}
                            for residue in analysis.column_residues
                        ),
                        *([""] * extra),
                    ],
                ],
            )
        ]

    def hint_notes(self, analysis: moore.MooreAnalysis, options: Options) -> list[str]:
        """How to read the residues: all zero at a P-position, else the Nim_k-sum in base k + 1."""
        if analysis.terminal:
            return []
        modulus = analysis.k + 1
        if analysis.outcome == "P":
            sentence = (
                f"Tous les restes sont nuls : chaque colonne contient un multiple de {modulus}"
                " chiffres 1."
            )
        else:
            sentence = (
                f"Les restes, lus comme un nombre en base {modulus}, forment la Nimₖ-somme"
                f" {analysis.nim_k_sum} : elle n'est pas nulle (restes non nuls en gras)."
            )
        return [typeset(sentence)]


GAME = MooreGame()
