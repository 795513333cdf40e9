"""The calls every game of the registry answers, named ``"<game>.<call>"``.

Every game of the registry (:mod:`nimcore.games`) answers them under its id
(``"nim.view"``, ``"wythoff.play"``…). A position travels as ``{"position": P, "options": O}`` in the game's JSON, or as
``{"code": "1-3-5-7_misere"}``, the short text of an address or a page:

- ``view``: what a board draws and lets a reader play — the position and its
  options as nimcore reads them, its ``code``, ``terminal``, the ``rule`` and
  the position in words (``describe``), ``last_mover_wins``, and ``moves``:
  every legal move (an opaque ``id``, its ``text``, the ``gestures`` that play
  it on the board, ``to`` and the game's own fields), or null when they are
  too many to list; a finished position's ``end``, the end-of-game message by
  who played last. With ``"start": true``, a finished position is
  refused (a new game must have a move) unless ``"finished": true`` too (an
  address reopening a game that ended), and so is one too large for the
  board (:meth:`base.Game.board_refusal`); the position may come as the setup
  form's fields (``setup``); with ``reply: {level, seed}`` as well,
  the computer's first move comes in the same round trip (``reply``, as
  ``computer_move`` answers it).
- ``move`` (+ ``gesture``, the reader's gesture on the board, or ``to``, a
  target position): the legal move it plays, checked by the game's own rule,
  or a French refusal.
- ``play`` (+ ``move``: a move's id from a view, or ``gesture``, or ``to``;
  and ``reply: {level, seed}`` against the computer): the
  move checked, the ``view`` of the position reached, and the computer's
  ``reply`` (as ``computer_move`` answers it, or null when the game is over).
  With ``reply``, that view's ``moves`` is null: the computer plays from it.
- ``computer_move`` (+ ``level``: "perfect" or "beginner", ``seed``): the
  computer's move and the ``view`` of the position reached.
- ``analyse``: the game's analysis (outcome, nimber, winning moves…) and the
  ``hint`` a board shows: verdict, tables, sentences, recommended move.
- ``random_start`` (``options``, ``like``: a position to resemble, ``seed``;
  or ``setup``, the setup form's fields, for both, the game's defaults
  standing for the fields that do not read: :func:`base.random_setup`): a
  random start, a P-position one time in two, with its ``code`` and its
  ``setup`` fields.

Each request analyses a position at most once. The bridge (:mod:`nimcore.bridge`)
names these calls, checks their payload and writes their answers (with integers
beyond 2**53 − 1 as decimal strings, which the octal games read back).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

from nimcore import games
from nimcore.calls import Call
from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset
from nimcore.games import base
from nimcore.progress import Progress, reporting

__all__ = ["GAME_CALLS", "MAX_MOVE_CHARS", "game_call"]

#: Longest move id a request may name, in characters: a quarter of the
#: bridge's longest payload (:data:`nimcore.bridge.MAX_JSON_CHARS`).
MAX_MOVE_CHARS = 1_000_000 // 4


def _seed(payload: Mapping[str, Any]) -> random.Random:
    seed = payload.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise NimcoreError(typeset(f"La graine doit être un nombre entier, pas {quoted(seed)}."))
    return random.Random(seed)


def _setup(payload: Mapping[str, Any]) -> Mapping[str, Any]:
    """The setup form's fields of a request (``setup``), by id."""
    setup = payload["setup"]
    if not isinstance(setup, dict):
        raise NimcoreError(typeset("Le formulaire de départ doit former un objet."))
    return setup


def _read(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> tuple[Any, Any]:
    """The checked position and options of a request.

    From ``setup`` (the setup form's fields as typed: :meth:`base.Game.read_setup`),
    ``code`` (an address's), or ``position`` and ``options`` (JSON).
    """
    if "setup" in payload:
        return game.read_setup(_setup(payload))
    if "code" in payload:
        code = payload["code"]
        if not isinstance(code, str) or len(code) > 2000:
            raise NimcoreError(typeset(f"Code de position illisible : {quoted(code)}."))
        return game.decode(code)
    options = game.read_options(base.check_options(game, payload.get("options")))
    return game.read_position(payload.get("position"), options), options


def _reached(
    game: base.Game[Any, Any], move: base.Move, options: Any, *, listed: bool = True
) -> dict[str, Any]:
    """A move as the boards receive it, with the view of the position it reaches.

    Not *listed*: the view's ``moves`` is null (unless the game is over, ``[]``),
    for a position the computer plays from at once: no board chooses among them.
    """
    seen = base.view(game, move.to, options, limit=base.MAX_VIEW_MOVES if listed else 0)
    return {
        "move": base.move_json(game, move),
        "position": seen["position"],
        "terminal": seen["terminal"],
        "view": seen,
    }


def _view(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    position, options = _read(game, payload)
    start = payload.get("start", False)
    finished = payload.get("finished", False)
    for name, value in (("start", start), ("finished", finished)):
        if not isinstance(value, bool):
            raise NimcoreError(
                typeset(f"L'option {name} se règle par vrai ou faux, pas {quoted(value)}.")
            )
    reply = _reply_request(payload)
    if reply is not None and not start:
        raise NimcoreError(
            typeset("Le premier coup de l'ordinateur ne se demande qu'au début d'une partie.")
        )
    if start:
        refusal = game.board_refusal(position, options)
        if refusal is not None:
            raise NimcoreError(refusal)
    seen = base.view(game, position, options)
    if start and seen["terminal"] and not finished:
        raise NimcoreError(
            typeset("Cette position est déjà finie : aucun coup n'est possible pour commencer.")
        )
    if reply is not None:
        return {**seen, "reply": _computer(game, position, options, reply)}
    return seen


def _reply_request(payload: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The computer's level and seed asked for with a request (``reply``), or None."""
    reply = payload.get("reply")
    if reply is not None and not isinstance(reply, dict):
        raise NimcoreError(typeset(f"La réponse demandée doit être un objet, pas {quoted(reply)}."))
    return reply


def _target(
    game: base.Game[Any, Any], position: Any, options: Any, payload: Mapping[str, Any]
) -> object:
    """The target of the move a request names: by its ``move`` id, by a ``gesture``, or ``to``.

    A move's id is the JSON of the position it reaches (:func:`base.move_id`);
    a gesture is turned into its target by the game (:meth:`base.Game.gesture_target`).
    Either way, :meth:`base.Game.play` then checks the move by the game's rule.
    """
    if "move" in payload:
        named = payload["move"]
        if not isinstance(named, str) or len(named) > MAX_MOVE_CHARS:
            raise NimcoreError(typeset(f"Coup illisible : {quoted(named)}."))
        try:
            return json.loads(named)
        except ValueError:
            raise NimcoreError(typeset(f"Coup illisible : {quoted(named)}.")) from None
    if "gesture" in payload:
        gesture = payload["gesture"]
        if not isinstance(gesture, dict):
            raise NimcoreError(typeset(f"Geste illisible : {quoted(gesture)}."))
        return game.gesture_target(position, gesture, options)
    return payload.get("to")


def _move(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    position, options = _read(game, payload)
    played = game.play(position, _target(game, position, options, payload), options)
    return {"move": base.move_json(game, played)}


def _computer(
    game: base.Game[Any, Any],
    position: Any,
    options: Any,
    request: Mapping[str, Any],
    analysis: Any = None,
) -> dict[str, Any]:
    level = base.check_level(request.get("level", "perfect"))
    move = base.computer_move(game, position, options, level, _seed(request), analysis)
    return _reached(game, move, options)


def _computer_move(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    position, options = _read(game, payload)
    return _computer(game, position, options, payload)


def _play(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    """Check a reader's move; with ``reply``, the computer's answer in the same round trip."""
    position, options = _read(game, payload)
    reply = _reply_request(payload)
    played = game.play(position, _target(game, position, options, payload), options)
    answer = _reached(game, played, options, listed=reply is None)
    if reply is not None:
        answer["reply"] = None
        if not answer["terminal"]:  # from the checked move's position, not its JSON read back
            answer["reply"] = _computer(game, played.to, options, reply)
    return answer


def _analyse(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    position, options = _read(game, payload)
    analysis = game.analyse(position, options)
    return {
        **analysis.to_dict(),
        "position": game.position_json(position),
        "terminal": analysis.terminal,
        "hint": base.hint(game, analysis, options),
    }


def _random_start(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    chance = _seed(payload)
    # Drawn like the setup form's position, with its options, where they read.
    if "setup" in payload:
        shape, options = base.random_setup(game, _setup(payload), chance)
    else:
        options = game.read_options(base.check_options(game, payload.get("options")))
        like = payload.get("like")
        shape = None if like is None else game.read_position(like, options)
    position, analysis = base.random_start(game, options, shape, chance)
    return {
        "position": game.position_json(position),
        "options": game.options_json(options),
        "code": game.encode(position, options),
        "setup": game.setup_values(position, options),
        "outcome": analysis.outcome,
    }


GAME_CALLS: dict[str, Callable[[base.Game[Any, Any], Mapping[str, Any]], Any]] = {
    "view": _view,
    "move": _move,
    "play": _play,
    "computer_move": _computer_move,
    "analyse": _analyse,
    "random_start": _random_start,
}


def game_call(
    game_id: str, handler: Callable[[base.Game[Any, Any], Mapping[str, Any]], Any]
) -> Call:
    """The bridge's call *handler* for *game_id*: the game reports its progress (if it
    has long work, as an octal game's first values) through :mod:`nimcore.progress`."""

    def call(payload: Mapping[str, Any], progress: Progress) -> Any:
        with reporting(progress):
            return handler(games.get(game_id), payload)

    return call
