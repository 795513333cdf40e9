"""The registry: every game of nimcore by one id, as the CLI, the bridge and the hooks ask for it.

>>> from nimcore import games
>>> nim = games.get("nim")
>>> position = nim.read_position([1, 3, 5, 7], nim.read_options({}))
>>> nim.analyse(position, nim.read_options({})).outcome
'P'
>>> games.get("échecs")
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: Jeu inconnu : « échecs ».

An entry's module is imported on first use: a board page plays one game, and
the worker then loads only that game's modules. What the site and the engine
must know of every game before that (its board's kind, its time budget) is
the registry's own :class:`Entry`; everything else a game says of itself (its
French name, examples, command line) is its :class:`~nimcore.games.base.Game`'s.
Every other list of games (the command line, the bridge's calls and budgets,
the boards' modules, the tests, the soak, the worksheets) is made from this one.

>>> [entry.board for entry in ENTRIES if entry.board != entry.id]
['heaps', 'heaps']
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset
from nimcore.games.base import Game, Move, check_level, check_options, computer_move

__all__ = ["BOARDS", "DEFAULT_BUDGET_MS", "ENTRIES", "IDS", "Entry", "entry", "get", "perfect_move"]

#: Time budget of a game's calls, in milliseconds, unless its entry says otherwise:
#: a board's calls are refused up front when too large, and answer in well under a second.
DEFAULT_BUDGET_MS = 20_000


@dataclass(frozen=True)
class Entry:
    """A game of the registry, as the site and the engine know it before loading its module."""

    #: The game's id, named after the mathematics: its calls are "<id>.<call>".
    id: str
    #: The module whose ``GAME`` is the game's :class:`~nimcore.games.base.Game`.
    module: str
    #: The kind of its board: the pages' ``data-board``, site.js's ``BOARDS`` key,
    #: and ``docs/javascripts/boards/<board>.js``.
    board: str
    #: Time budget of each of its calls, in milliseconds (the page stops a call past it).
    budget_ms: int = DEFAULT_BUDGET_MS
    #: Most exchanges its boards' opening books go into (None: the book's own limit,
    #: :data:`nimcore.book.BOOK_DEPTH`).
    book_depth: int | None = None


#: Every game, in the order of the site's chapters. An octal game's first values, for a
#: heap past those known, may take seconds in Pyodide, up to the 2^20 values that leave
#: 0.454 uncertified (``node bench/pyodide_octal.mjs WHEEL 0.454 1048576``): its calls get
#: a minute, with their progress shown and a stop button on the board.
ENTRIES: tuple[Entry, ...] = (
    Entry("nim", "nimcore.games.nim", "heaps"),
    Entry("subtraction", "nimcore.games.subtraction", "heaps"),
    Entry("moore", "nimcore.games.moore", "moore"),
    Entry("fibonacci", "nimcore.games.fibonacci", "fibonacci"),
    Entry("wythoff", "nimcore.games.wythoff", "wythoff"),
    Entry("grundy", "nimcore.games.grundy", "grundy"),
    Entry("octal", "nimcore.games.octal", "octal", budget_ms=60_000),
    Entry("flowers", "nimcore.games.flowers", "flowers"),
    Entry("chomp", "nimcore.games.chomp", "chomp"),
    Entry("graph", "nimcore.games.graph", "graph"),
    Entry("pawns", "nimcore.games.pawns", "pawns"),
    # Sprouts' book stops after one exchange: its second (every reply to each of the
    # 9 first moves, each drawing routed and analysed) took minutes of the build, and
    # was then dropped for going past the book's 80 kB.
    Entry("sprouts", "nimcore.games.sprouts", "sprouts", book_depth=1),
    Entry("ordinal", "nimcore.games.ordinal", "ordinal"),
)
_BY_ID = {entry.id: entry for entry in ENTRIES}

#: The ids of every game, in the order of the site's chapters.
IDS: tuple[str, ...] = tuple(_BY_ID)
#: The kinds of the games' boards, each once.
BOARDS: tuple[str, ...] = tuple(dict.fromkeys(entry.board for entry in ENTRIES))


def entry(game_id: object) -> Entry:
    """The registry's entry of *game_id*, or :class:`NimcoreError` for an unknown id.

    >>> entry("octal").budget_ms
    60000
    """
    found = _BY_ID.get(game_id) if isinstance(game_id, str) else None
    if found is None:
        raise NimcoreError(typeset(f"Jeu inconnu : {quoted(game_id)}."))
    return found


def get(game_id: object) -> Game[Any, Any]:
    """The game *game_id*, or :class:`NimcoreError` for an unknown id."""
    game: Game[Any, Any] = importlib.import_module(entry(game_id).module).GAME
    return game


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
