"""Wythoff's game, as the registry knows it (rules in :mod:`nimcore.wythoff`).

A position is two heaps ``[a, b]``, its code ``"5-8"``. On the lattice of
positions a move goes left, down or diagonally down-left (the queen).

>>> from nimcore.games.wythoff import GAME
>>> GAME.play((6, 9), [3, 6], {}).text
'retirer 3 jetons de chaque tas (6 → 3 et 9 → 6)'
>>> GAME.play((4, 7), [3, 5], {})
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: Impossible d'aller en (3, 5) : ce serait retirer 1 jeton du tas 1 \
et 2 jetons du tas 2 ; on retire d'un seul tas, ou autant des deux (sur le quadrillage : à gauche, \
vers le bas ou en diagonale).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from nimcore import wythoff
from nimcore.errors import NimcoreError
from nimcore.french import numbered, plural, quoted, typeset
from nimcore.games.base import (
    Game,
    command_count,
    command_heaps,
    form_schema,
    setup_naturals,
)
from nimcore.games.heaps import heap_gesture, heaps_field

__all__ = ["BOARD_HEAP", "GAME", "WythoffGame"]

Heaps = tuple[int, int]
Options = dict[str, Any]

#: Random starts: two heaps of 3 to 15 tokens.
RANDOM_HEAPS = (3, 15)
#: The board's largest heap (its setup form, its drawing).
BOARD_HEAP = 20

_CODE = re.compile(r"([0-9]{1,1240})-([0-9]{1,1240})", re.ASCII)


class WythoffGame(Game[Heaps, Options]):
    """Two heaps: take from one, or the same amount from both (Wythoff 1907)."""

    id = "wythoff"
    title = "jeu de Wythoff"
    examples = ("7-9",)
    usage = "jeu de Wythoff : wythoff A B"

    def form(self) -> dict[str, Any]:
        """The two heaps; the caption of the lattice, ``{a}`` and ``{b}`` the heaps."""
        return form_schema(
            fields={
                "heaps": heaps_field(f"Les deux tas (0 à {BOARD_HEAP}) :", 0, BOARD_HEAP, (2, 2))
            },
            texts={
                "caption": "La dame est en ({a}, {b}) : le tas 1 se lit vers la droite,"
                " le tas 2 vers le haut."
            },
        )

    def read_setup(self, values: Mapping[str, Any]) -> tuple[Heaps, Options]:
        """The two heaps typed in the form ("5 8"), checked."""
        heaps = setup_naturals(values, "heaps", self.form()["fields"]["heaps"])
        return self.read_position(heaps, {}), {}

    def setup_values(self, position: Heaps, options: Options) -> dict[str, str]:
        return {"heaps": f"{position[0]} {position[1]}"}

    def board_refusal(self, position: Heaps, options: Options) -> str | None:
        """A heap beyond :data:`BOARD_HEAP` tokens: its tokens and the lattice would not fit.

        >>> print(GAME.board_refusal((3, 25), {}))
        Un tas de 25 jetons, c'est trop pour ce plateau : 20 au plus.
        """
        big = max(position)
        if big > BOARD_HEAP:
            return typeset(
                f"Un tas de {plural(big, 'jeton')}, c'est trop pour ce plateau : {BOARD_HEAP} au plus."
            )
        return None

    def read_position(self, raw: object, options: Options) -> Heaps:
        return wythoff.validate_heaps(raw)

    def encode(self, position: Heaps, options: Options) -> str:
        return f"{position[0]}-{position[1]}"

    def decode(self, text: str) -> tuple[Heaps, Options]:
        match = _CODE.fullmatch(text)
        if match is None:
            raise NimcoreError(typeset(f"« {text} » n'est pas une position de la forme 5-8."))
        return self.read_position((int(match.group(1)), int(match.group(2))), {}), {}

    def command(self, words: Sequence[str], flags: Mapping[str, Any]) -> tuple[str, str, str]:
        command_count(words, 2, "les deux tas A et B")
        return self.id, command_heaps(words), self.title

    def rule(self, options: Options) -> str:
        return typeset(
            "Deux tas : à chaque coup, on retire autant de jetons qu'on veut, au moins un, d'un"
            " seul tas, ou le même nombre des deux tas ; qui prend le dernier jeton gagne."
        )

    def describe(self, position: Heaps, options: Options) -> str:
        return f"deux tas de {numbered(list(position), 'jeton')}"

    def moves(self, position: Heaps, options: Options) -> Iterator[wythoff.WythoffMove]:
        return wythoff.moves(position)

    def terminal(self, position: Heaps, options: Options) -> bool:
        return position == (0, 0)

    def play(self, position: Heaps, to: object, options: Options) -> wythoff.WythoffMove:
        """The move to *to* = [x, y]: one heap smaller, or both smaller by the same amount."""
        if isinstance(to, (str, bytes)) or not isinstance(to, (list, tuple)) or len(to) != 2:
            raise NimcoreError(
                typeset(
                    f"La position d'arrivée doit être une paire de tas [x, y], pas {quoted(to)}."
                )
            )
        x, y = wythoff.validate_heaps(to)
        a, b = position
        if (x, y) == (a, b):
            raise NimcoreError(
                typeset(
                    f"Ce coup ne change rien : la position est déjà ({a}, {b}) ;"
                    " un coup retire au moins un jeton."
                )
            )
        if x > a or y > b:
            raise NimcoreError(
                typeset(
                    f"Impossible d'aller en ({x}, {y}) : un coup retire des jetons,"
                    " il n'en ajoute jamais."
                )
            )
        take_a, take_b = a - x, b - y
        if take_a and take_b and take_a != take_b:
            raise NimcoreError(
                typeset(
                    f"Impossible d'aller en ({x}, {y}) : ce serait retirer"
                    f" {plural(take_a, 'jeton')} du tas 1 et {plural(take_b, 'jeton')} du tas 2 ;"
                    " on retire d'un seul tas, ou autant des deux (sur le quadrillage : à gauche,"
                    " vers le bas ou en diagonale)."
                )
            )
        return wythoff.WythoffMove(take_a, take_b, position, wythoff.play(position, take_a, take_b))

    def gestures(self, move: wythoff.WythoffMove) -> list[dict[str, Any]]:
        """The queen sent to its cell ``{"cell": [x, y]}`` on the lattice; for a move in one heap,
        also its tokens touched, ``{"heap": i, "take": t}`` (the touched token and those after it).

        >>> GAME.gestures(GAME.play((5, 8), [5, 6], {}))
        [{'heap': 1, 'take': 2}, {'cell': [5, 6]}]
        >>> GAME.gestures(GAME.play((5, 8), [3, 6], {}))
        [{'cell': [3, 6]}]
        """
        cell = {"cell": list(move.to)}
        if move.kind == "heap 1":
            return [{"heap": 0, "take": move.take_a}, cell]
        if move.kind == "heap 2":
            return [{"heap": 1, "take": move.take_b}, cell]
        return [cell]

    def gesture_target(
        self, position: Heaps, gesture: Mapping[str, Any], options: Options
    ) -> object:
        """A cell of the lattice is the position it names; tokens are taken from their heap.

        Whether the queen may go there is :meth:`play`'s to say.

        >>> GAME.gesture_target((5, 8), {"cell": [3, 6]}, {})
        [3, 6]
        >>> GAME.gesture_target((5, 8), {"heap": 0, "take": 2}, {})
        [3, 8]
        >>> GAME.gesture_target((5, 8), {"heap": 0, "take": 0}, {})
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Il faut retirer au moins un jeton.
        """
        if set(gesture) == {"cell"}:
            cell = gesture["cell"]
            if (
                not isinstance(cell, list)
                or len(cell) != 2
                or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in cell)
            ):
                raise NimcoreError(typeset(f"Case illisible : {quoted(cell)}."))
            return list(cell)
        if set(gesture) != {"heap", "take"}:
            raise NimcoreError(typeset(f"Geste inconnu pour ce jeu : {quoted(dict(gesture))}."))
        take = gesture.get("take")
        if isinstance(take, int) and not isinstance(take, bool) and take < 1:
            raise NimcoreError(typeset("Il faut retirer au moins un jeton."))
        return heap_gesture(position, gesture, "jeton")

    def analyse(self, position: Heaps, options: Options) -> wythoff.WythoffAnalysis:
        return wythoff.analyse(position)

    def decide(self, position: Heaps, options: Options) -> wythoff.WythoffAnalysis:
        """The outcome and the recommended move, without the explanation (:meth:`analyse`'s)."""
        return wythoff.analyse(position, explain=False)

    def delaying_move(self, position: Heaps, options: Options) -> wythoff.WythoffMove:
        """One token from the larger heap (heap 2 when equal): the game kept long."""
        a, b = position
        return self.play(position, [a, b - 1] if b >= a else [a - 1, b], options)

    def draw_start(self, options: Options, like: Heaps | None, chance: random.Random) -> Heaps:
        return chance.randint(*RANDOM_HEAPS), chance.randint(*RANDOM_HEAPS)


GAME = WythoffGame()
