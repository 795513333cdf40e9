"""The registry: every game of nimcore by one id, as the CLI, the bridge and the hooks ask for it.

>>> from nimcore import games
>>> nim = games.get("nim")
>>> position = nim.read_position([1, 3, 5, 7], nim.read_options({}))
>>> nim.analyse(position, nim.read_options({})).outcome
'P'
>>> games.get("échecs")
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: Jeu inconnu : 'échecs'.

An entry's module is imported on first use: a board page plays one game, and
the worker then loads only that game's modules.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from typing import Any

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.games.base import Game, Move, check_level, check_options, computer_move

__all__ = ["IDS", "get", "perfect_move"]

#: Every game id → the module of its entry (which defines ``GAME``).
_ENTRIES: dict[str, str] = {
    "nim": "nimcore.games.nim",
    "subtraction": "nimcore.games.subtraction",
    "moore": "nimcore.games.moore",
    "fibonacci": "nimcore.games.fibonacci",
    "wythoff": "nimcore.games.wythoff",
    "grundy": "nimcore.games.grundy",
    "octal": "nimcore.games.octal",
    "flowers": "nimcore.games.flowers",
    "chomp": "nimcore.games.chomp",
    "graph": "nimcore.games.graph",
    "pawns": "nimcore.games.pawns",
    "ordinal": "nimcore.games.ordinal",
}

#: The ids of every game, in the order of the site's chapters.
IDS: tuple[str, ...] = tuple(_ENTRIES)


def get(game_id: object) -> Game[Any, Any]:
    """The entry of the game *game_id*, or :class:`NimcoreError` for an unknown id."""
    module = _ENTRIES.get(game_id) if isinstance(game_id, str) else None
    if module is None:
        raise NimcoreError(typeset(f"Jeu inconnu : {game_id!r}."))
    entry: Game[Any, Any] = importlib.import_module(module).GAME
    return entry


def perfect_move(
    game_id: str, position: object, options: Mapping[str, Any] | None = None, level: str = "perfect"
) -> Move:
    """The computer's move in *game_id* from *position* (JSON), as the boards play it.

    The one choice of the computer's move (:func:`nimcore.games.base.computer_move`),
    for the build hooks and the tests: position and options are read and
    checked as a board's request. At "beginner" the random errors are drawn
    with a fixed seed (0).

    >>> perfect_move("nim", [3, 4, 5]).text
    'retirer 2 allumettes du tas 1 (3 → 1)'
    >>> perfect_move("wythoff", [0, 0])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La partie est finie : plus aucun coup n'est possible.
    """
    game = get(game_id)
    checked = game.read_options(check_options(game, options))
    return computer_move(
        game, game.read_position(position, checked), checked, check_level(level), random.Random(0)
    )
