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
from collections.abc import Iterator, Mapping
from typing import Any

from nimcore import wythoff
from nimcore.errors import NimcoreError
from nimcore.french import numbered, plural, typeset
from nimcore.games.base import Game, form_field, form_schema

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

    def read_options(self, raw: Mapping[str, Any]) -> Options:
        return {}

    def form(self) -> dict[str, Any]:
        """The two heaps; the caption of the lattice, ``{a}`` and ``{b}`` the heaps."""
        return form_schema(
            fields={
                "heaps": form_field(
                    f"Les deux tas (0 à {BOARD_HEAP}) :",
                    low=0,
                    high=BOARD_HEAP,
                    counts=(2, 2),
                    noun="tas",
                )
            },
            texts={
                "caption": "La dame est en ({a}, {b}) : le tas 1 se lit vers la droite,"
                " le tas 2 vers le haut."
            },
        )

    def read_position(self, raw: object, options: Options) -> Heaps:
        return wythoff.validate_heaps(raw)

    def position_json(self, position: Heaps) -> Any:
        return list(position)

    def encode(self, position: Heaps, options: Options) -> str:
        return f"{position[0]}-{position[1]}"

    def decode(self, text: str) -> tuple[Heaps, Options]:
        match = _CODE.fullmatch(text)
        if match is None:
            raise NimcoreError(typeset(f"« {text} » n'est pas une position de la forme 5-8."))
        return self.read_position((int(match.group(1)), int(match.group(2))), {}), {}

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
                typeset(f"La position d'arrivée doit être une paire de tas [x, y], pas {to!r}.")
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

    def analyse(self, position: Heaps, options: Options) -> wythoff.WythoffAnalysis:
        return wythoff.analyse(position)

    def delaying_move(self, position: Heaps, options: Options) -> wythoff.WythoffMove:
        """One token from the larger heap (heap 2 when equal): the game kept long."""
        a, b = position
        return self.play(position, [a, b - 1] if b >= a else [a - 1, b], options)

    def draw_start(self, options: Options, like: Heaps | None, chance: random.Random) -> Heaps:
        return chance.randint(*RANDOM_HEAPS), chance.randint(*RANDOM_HEAPS)


GAME = WythoffGame()
