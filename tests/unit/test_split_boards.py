"""What nimcore answers the boards of Grundy's game, the octal games, the flowers and Nim infini.

Each of these boards only draws and sends the reader's gesture or the setup form's
texts as typed (issue 27): every gesture of a listed move plays that move through
Game.gesture_target and the rule, a gesture of no move is refused in French (« »
around what was typed), the setup form reads back what it shows, and a position
too large for the board is refused by nimcore in French.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from nimcore import NimcoreError, games
from nimcore.games import base


def _french(message: str) -> None:
    """A reader's message: French typography, and no Python quotes around a value."""
    assert message and not re.search(r" [:;!?»]|« ", message), message
    assert not re.search(r"(^|[\s(\[{])'[^']*'", message), f"Python quotes: {message!r}"


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _walk(game_id: str, code: str, limit: int = 60) -> list[Any]:
    """Positions reached from *code* by the listed moves (a breadth-first walk), with its options."""
    game = games.get(game_id)
    start, options = game.decode(code)
    seen: dict[str, Any] = {}
    pending = [start]
    while pending and len(seen) < limit:
        position = pending.pop(0)
        key = _key(game.position_json(position))
        if key not in seen:
            seen[key] = position
            pending.extend(move.to for move in game.moves(position, options))
    return [(position, options) for position in seen.values()]


#: (game, a code) for each board of the group: every listed move's gestures are checked from there.
WALKS = [
    ("flowers", "fffffffff"),
    ("flowers", "ffxffffxff"),
]


@pytest.mark.parametrize(("game_id", "code"), WALKS)
def test_each_listed_move_is_played_by_its_gestures(game_id: str, code: str) -> None:
    """A listed move's gestures reach its target through gesture_target and play; no two
    moves share a gesture (a board finds the move by its gesture)."""
    game = games.get(game_id)
    for position, options in _walk(game_id, code):
        named: dict[str, str] = {}
        for move in game.moves(position, options):
            target = _key(game.position_json(move.to))
            gestures = game.gestures(move)
            assert gestures, (position, move.text)
            for gesture in json.loads(json.dumps(gestures)):
                assert named.setdefault(base.gesture_key(gesture), target) == target
                to = game.gesture_target(position, gesture, options)
                played = game.play(position, to, options)
                assert _key(game.position_json(played.to)) == target, (position, gesture)
                assert played.text == move.text


@pytest.mark.parametrize(("game_id", "code"), WALKS)
def test_the_setup_form_is_read_by_nimcore(game_id: str, code: str) -> None:
    """The setup fields of a view are texts, and nimcore reads them back into a game the
    board plays (the same position, where the form can write it)."""
    game = games.get(game_id)
    for position, options in _walk(game_id, code, limit=20):
        values = game.setup_values(position, options)
        assert values and all(isinstance(text, str) for text in values.values())
        read, read_options = game.read_setup(values)
        assert game.options_json(read_options) == game.options_json(options)
        assert game.board_refusal(read, read_options) is None


# ---- the flowers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("row", "gesture", "fragment"),
    [
        ("ffxff", {"flower": 2}, "La fleur 3 est déjà cueillie"),
        ("ffxff", {"flower": 9}, "Il n'y a pas de fleur 10"),
        ("ffxff", {"flower": "2"}, 'Geste illisible\u00a0: «\u00a0{"flower": "2"}\u00a0»'),
        ("ffxff", {}, "Geste illisible"),
    ],
)
def test_flowers_gestures_of_no_flower_are_refused(row: str, gesture: dict, fragment: str) -> None:
    game = games.get("flowers")
    with pytest.raises(NimcoreError, match=re.escape(fragment)) as refused:
        game.gesture_target(row, gesture, {})
    _french(str(refused.value))


def test_flowers_a_blocked_flower_is_refused_by_the_rule() -> None:
    game = games.get("flowers")
    to = game.gesture_target("ffxff", {"flower": 3}, {})
    with pytest.raises(NimcoreError, match="voisine d'une fleur cueillie"):
        game.play("ffxff", to, {})


@pytest.mark.parametrize(
    ("typed", "fragment"),
    [
        ("", "indiquez au moins 1 nombre de fleurs"),
        ("dix", "«\u00a0dix\u00a0» n'est pas un nombre entier"),
        ("31", "31 est hors limites"),
        ("0", "0 est hors limites"),
        ("4 5", "c'est trop"),
    ],
)
def test_flowers_setup_refusals_name_the_field(typed: str, fragment: str) -> None:
    game = games.get("flowers")
    with pytest.raises(NimcoreError, match=re.escape(fragment)) as refused:
        game.read_setup({"flowers": typed})
    assert str(refused.value).startswith("Nombre de fleurs de la rangée")
    _french(str(refused.value))
    assert game.read_setup({"flowers": " 12 "}) == ("f" * 12, {})


def test_flowers_board_refuses_a_row_it_cannot_draw() -> None:
    game = games.get("flowers")
    assert game.board_refusal("f" * 30, {}) is None
    refusal = game.board_refusal("f" * 31, {})
    assert refusal is not None and "30 au plus" in refusal
    _french(refusal)
    with pytest.raises(NimcoreError, match="pas «\u00a0ffyf\u00a0»"):
        game.read_position("ffyf", {})
