"""What nimcore answers the boards of Grundy's game, the octal games, the flowers and Nim infini.

Each of these boards only draws and sends the reader's gesture or the setup form's
texts as typed (issue 27): every gesture of a listed move plays that move through
Game.gesture_target and the rule, a gesture of no move is refused in French (« »
around what was typed), the setup form reads back what it shows, and a position
too large for the board is refused by nimcore in French.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
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
    ("grundy", "9-7"),
    ("grundy", "12"),
    ("flowers", "fffffffff"),
    ("flowers", "ffxffffxff"),
    ("ordinal", "3_2_1"),
    ("ordinal", "1.1_2"),
    ("octal", "13-8-5_0.156"),
    ("octal", "10_0.137"),
    ("octal", "7-3_0.77"),
]


@pytest.mark.parametrize(("game_id", "code"), WALKS)
def test_each_listed_move_is_played_by_its_gestures(game_id: str, code: str) -> None:
    """A listed move's gestures reach its target through gesture_target and play; no two
    moves share a gesture (a board finds the move by its gesture)."""
    game = games.get(game_id)
    for position, options in _walk(game_id, code):
        named: dict[str, str] = {}
        moves = list(game.moves(position, options))
        # Two moves may reach the same position (emptying either of two equal heaps): play names one.
        words: dict[str, set[str]] = {}
        for move in moves:
            words.setdefault(_key(game.position_json(move.to)), set()).add(move.text)
        for move in moves:
            target = _key(game.position_json(move.to))
            gestures = game.gestures(move)
            assert gestures, (position, move.text)
            for gesture in json.loads(json.dumps(gestures)):
                assert named.setdefault(base.gesture_key(gesture), target) == target
                to = game.gesture_target(position, gesture, options)
                played = game.play(position, to, options)
                assert _key(game.position_json(played.to)) == target, (position, gesture)
                assert played.text in words[target]


@pytest.mark.parametrize(("game_id", "code"), WALKS)
def test_the_setup_form_reads_back_what_it_shows(game_id: str, code: str) -> None:
    """A view's setup fields are texts, and nimcore reads them back into the same game; a
    position the form cannot hold (Grundy's game: more heaps than its 5) is refused, naming
    the field."""
    game = games.get(game_id)
    most = game.form()["fields"].get("heaps", {}).get("max_count")
    for position, options in _walk(game_id, code, limit=200):
        if game.terminal(position, options):
            continue  # a finished position starts no game
        values = game.setup_values(position, options)
        assert values and all(isinstance(text, str) for text in values.values())
        if most is not None and len(position) > most:
            with pytest.raises(NimcoreError, match="c'est trop") as refused:
                game.read_setup(values)
            _french(str(refused.value))
            continue
        read, read_options = game.read_setup(values)
        assert _key(game.position_json(read)) == _key(game.position_json(position))
        assert game.options_json(read_options) == game.options_json(options)


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
        ("", "indiquez un nombre entier entre 1 et 30"),
        ("dix", "«\u00a0dix\u00a0» n'est ni un nombre de fleurs ni une rangée"),
        ("31", "«\u00a031\u00a0» est hors limites"),
        ("0", "«\u00a00\u00a0» est hors limites"),
        ("4 5", "indiquez un seul nombre entier entre 1 et 30"),
        ("f" * 31, "une rangée de 31 fleurs, c'est trop (30 au plus)"),
        ("fxxf", "Deux fleurs voisines ne peuvent pas être cueillies"),
    ],
)
def test_flowers_setup_refusals_name_the_field(typed: str, fragment: str) -> None:
    game = games.get("flowers")
    with pytest.raises(NimcoreError, match=re.escape(fragment)) as refused:
        game.read_setup({"flowers": typed})
    if fragment[0].islower() or fragment[0].isdigit():
        assert str(refused.value).startswith("Les fleurs (1 à 30)")
    _french(str(refused.value))
    assert game.read_setup({"flowers": " 12 "}) == ("f" * 12, {})
    assert game.read_setup({"flowers": "ffXff"}) == ("ffxff", {})
    assert game.setup_values("ffxff", {}) == {"flowers": "ffxff"}
    assert game.setup_values("fffff", {}) == {"flowers": "5"}


def test_flowers_board_refuses_a_row_it_cannot_draw() -> None:
    game = games.get("flowers")
    assert game.board_refusal("f" * 30, {}) is None
    refusal = game.board_refusal("f" * 31, {})
    assert refusal is not None and "30 au plus" in refusal
    _french(refusal)
    with pytest.raises(NimcoreError, match="pas «\u00a0ffyf\u00a0»"):
        game.read_position("ffyf", {})


# ---- Grundy's game ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heaps", "gesture", "fragment"),
    [
        ((7, 2), {"heap": 1}, "Le tas 2 n'a que 2 allumettes\u00a0: il ne se partage pas"),
        ((7, 1), {"heap": 1}, "Le tas 2 n'a que 1 allumette\u00a0:"),
        ((7, 2), {"heap": 0}, "Choisissez en deux tas de quelles tailles partager le tas 1"),
        ((7, 2), {"heap": 2, "parts": [1, 1]}, "Il n'y a pas de tas 3"),
        ((7, 2), {"heap": 0, "parts": [3, 3]}, "3 + 3 n'en fait pas 7"),
        ((7, 2), {"heap": 0, "parts": [7, 0]}, "partagé en 0 + 7"),
        (
            (7, 2),
            {"heap": 0, "parts": "2+5"},
            'Geste illisible\u00a0: «\u00a0{"heap": 0, "parts": "2+5"}\u00a0»',
        ),
        ((7, 2), {"heap": "0", "parts": [2, 5]}, "Geste illisible"),
    ],
)
def test_grundy_gestures_of_no_split_are_refused(heaps, gesture, fragment) -> None:
    game = games.get("grundy")
    options = game.read_options({})
    with pytest.raises(NimcoreError, match=re.escape(fragment)) as refused:
        game.gesture_target(heaps, gesture, options)
    _french(str(refused.value))


def test_grundy_parts_in_either_order_and_equal_parts_refused_by_the_rule() -> None:
    game = games.get("grundy")
    options = game.read_options({})
    assert game.gesture_target((7, 0, 12), {"heap": 2, "parts": [9, 3]}, options) == [7, 3, 9]
    move = game.play((7, 0, 12), [7, 3, 9], options)
    assert game.gestures(move) == [{"heap": 2, "parts": [3, 9]}]
    to = game.gesture_target((6,), {"heap": 0, "parts": [3, 3]}, options)
    with pytest.raises(NimcoreError, match="inégaux") as refused:
        game.play((6,), to, options)
    _french(str(refused.value))


@pytest.mark.parametrize(
    ("typed", "fragment"),
    [
        ("31", "«\u00a031\u00a0» est hors limites"),
        ("1 2 3 4 5 6", "6 valeurs, c'est trop (5 au plus)"),
        ("", "indiquez au moins 1 tas"),
        ("7 douze", "«\u00a0douze\u00a0» n'est pas un nombre entier"),
        ("0 3", "«\u00a00\u00a0» est hors limites"),
    ],
)
def test_grundy_setup_refusals_name_the_field(typed: str, fragment: str) -> None:
    game = games.get("grundy")
    with pytest.raises(NimcoreError, match=re.escape(fragment)) as refused:
        game.read_setup({"heaps": typed})
    assert str(refused.value).startswith("Les tas (1 à 5 tas")
    _french(str(refused.value))
    assert game.read_setup({"heaps": "7, 12"})[0] == (7, 12)


def test_grundy_board_refuses_what_it_cannot_draw_and_says_allumettes() -> None:
    game = games.get("grundy")
    options = game.read_options({})
    assert game.board_refusal((30,) * 5, options) is None
    for position, fragment in [((31,), "Un tas de 31 allumettes"), ((1,) * 151, "151 tas")]:
        refusal = game.board_refusal(position, options)
        assert refusal is not None and fragment in refusal
        _french(refusal)
    # One noun for the tokens of Grundy's game, in its hint as in its rule: allumettes.
    for heaps in [(7, 5), (2, 1), (9,)]:
        analysis = game.analyse(heaps, options)
        words = " ".join([*analysis.explanation, game.rule(options), game.describe(heaps, options)])
        assert "jeton" not in words


# ---- Nim infini ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gesture", "fragment"),
    [
        ({"heap": 1}, "Le tas 2 est vide\u00a0: choisissez un autre tas."),
        ({"heap": 0}, "Choisissez la nouvelle valeur du tas 1, plus petite que ω²·2 + 3."),
        ({"heap": 0, "coefficients": [3, -1, 2]}, "Le coefficient de ω vaut déjà 0"),
        ({"heap": 0, "coefficients": [-1, 0, 2]}, "La partie finie vaut déjà 0\u00a0: elle"),
        ({"heap": 0, "coefficients": "3"}, "Geste illisible"),
        ({"heap": 0, "value": "2*w"}, "L'ordinal «\u00a02*w\u00a0» n'est pas en forme normale"),
        ({"heap": 0, "value": 3}, 'Geste illisible\u00a0: «\u00a0{"heap": 0, "value": 3}\u00a0»'),
        ({"heap": 5, "value": "1"}, "Il n'y a pas de tas 6"),
    ],
)
def test_ordinal_gestures_of_no_value_are_refused(gesture: dict, fragment: str) -> None:
    game = games.get("ordinal")
    position = game.read_position(["w^2*2+3", "0"], {})
    with pytest.raises(NimcoreError, match=re.escape(fragment)) as refused:
        game.gesture_target(position, gesture, {})
    _french(str(refused.value))


def test_ordinal_a_typed_value_and_columns_reach_the_same_move() -> None:
    """The board sends what was typed, or its columns with their zeros: nimcore writes the
    normal form, and the rule refuses a value that is not smaller."""
    game = games.get("ordinal")
    position = game.read_position(["w^2*2+3", "5"], {})
    typed = game.gesture_target(position, {"heap": 0, "value": " ω² + ω·7 "}, {})
    columns = game.gesture_target(position, {"heap": 0, "coefficients": [0, 7, 1]}, {})
    assert typed == columns == ["w^2+w*7", "5"]
    move = game.play(position, typed, {})
    assert game.gestures(move) == [{"heap": 0, "coefficients": [0, 7, 1]}]
    assert move.to_dict()["after_shown"] == "ω² + ω·7"
    down = game.play(position, game.gesture_target(position, {"heap": 1, "value": "0"}, {}), {})
    assert game.gestures(down) == [{"heap": 1, "coefficients": [0]}]
    larger = game.gesture_target(position, {"heap": 0, "coefficients": [4, 0, 2]}, {})
    with pytest.raises(NimcoreError, match="plus petit") as refused:
        game.play(position, larger, {})
    _french(str(refused.value))


@pytest.mark.parametrize(
    ("typed", "fragment"),
    [
        ("", "Les tas (1 à 6), séparés par des virgules\u00a0: indiquez au moins un tas."),
        ("1, 2, 3, 4, 5, 6, 7", "7 tas, c'est trop (6 tas au plus)"),
        ("w, ", "écrivez 0 pour un tas vide"),
        ("w+w^2", "exposants décroissants"),
        ("w; x", "le caractère «\u00a0x\u00a0» est inattendu"),
    ],
)
def test_ordinal_setup_refusals(typed: str, fragment: str) -> None:
    game = games.get("ordinal")
    with pytest.raises(NimcoreError, match=re.escape(fragment)) as refused:
        game.read_setup({"heaps": typed})
    _french(str(refused.value))


def test_ordinal_board_refuses_what_it_cannot_draw() -> None:
    game = games.get("ordinal")
    for heaps, fragment in [
        (["1"] * 7, "7 tas, c'est trop pour ce plateau\u00a0: 6 tas au plus."),
        (["3", "w^4+1"], "exposants de 0 à 3\u00a0: le tas 2 (ω⁴ + 1) n'y tient pas."),
    ]:
        refusal = game.board_refusal(game.read_position(heaps, {}), {})
        assert refusal == fragment or (refusal is not None and fragment in refusal)
        _french(refusal)
    assert game.board_refusal(game.read_position(["w^3*9+1"] * 6, {}), {}) is None


# ---- octal games ---------------------------------------------------------------------------------

OCTAL_PAGE = Path(__file__).resolve().parents[2] / "docs" / "jeux-mysterieux.md"


@pytest.mark.parametrize(
    ("gesture", "fragment"),
    [
        ({"heap": 1, "take": "9", "leave": 1}, "Jetons retirés\u00a0: le tas 2 n'a que 8 jetons"),
        ({"heap": 1, "take": "0", "leave": 1}, "un coup retire au moins un jeton"),
        (
            {"heap": 1, "take": "trois", "leave": 1},
            "Jetons retirés\u00a0: «\u00a0trois\u00a0» n'est pas",
        ),
        (
            {"heap": 1, "take": "", "leave": 1},
            "Jetons retirés\u00a0: indiquez un nombre de jetons.",
        ),
        ({"heap": 1, "take": "9" * 2000, "leave": 1}, "nombre trop long"),
        (
            {"heap": 1, "take": "8", "leave": 1},
            "il ne reste rien\u00a0: pas de quoi laisser un tas",
        ),
        ({"heap": 1, "take": "7", "leave": 2, "first": "1"}, "il ne reste qu'un jeton"),
        (
            {"heap": 1, "take": "3", "leave": 0},
            "Pour ne rien laisser, il faut retirer tout le tas 2",
        ),
        ({"heap": 1, "take": "2", "leave": 2, "first": "6"}, "Premier tas\u00a0: de 1 à 5 jetons"),
        ({"heap": 1, "take": "2", "leave": 2, "first": "x"}, "Premier tas\u00a0: «\u00a0x\u00a0»"),
        ({"heap": 1, "take": "2", "leave": 2}, "Premier tas\u00a0: «\u00a0null\u00a0»"),
        ({"heap": 3, "take": "1", "leave": 0}, "Il n'y a pas de tas 4"),
        ({"heap": 1, "take": "1", "leave": 3}, 'Geste illisible\u00a0: «\u00a0{"heap": 1'),
    ],
)
def test_octal_gestures_that_do_not_fit_the_heap_are_refused(gesture: dict, fragment: str) -> None:
    game = games.get("octal")
    options = game.read_options({"code": "0.156"})
    with pytest.raises(NimcoreError, match=re.escape(fragment)) as refused:
        game.gesture_target((13, 8, 5), gesture, options)
    _french(str(refused.value))


def test_octal_typed_moves_reach_nimcore_s_positions() -> None:
    """The fields as typed: parts put in order, empty heaps dropped, huge heaps exact; the code's
    rule is play's (0.156: taking 1 token never leaves a heap)."""
    game = games.get("octal")
    options = game.read_options({"code": "0.156"})
    target = game.gesture_target
    assert target((13, 8, 5), {"heap": 0, "take": " 2 ", "leave": 2, "first": "9"}, options) == [
        2,
        9,
        8,
        5,
    ]
    assert target((13, 8, 5), {"heap": 2, "take": "5", "leave": 0}, options) == [13, 8]
    assert target((13, 8, 5), {"heap": 2, "leave": 0}, options) == [13, 8]
    assert target((1,), {"heap": 0, "take": 1, "leave": 0}, options) == [0]
    with pytest.raises(NimcoreError, match="son chiffre d1 vaut 1") as refused:
        game.play(
            (13, 8, 5), target((13, 8, 5), {"heap": 1, "take": "1", "leave": 1}, options), options
        )
    _french(str(refused.value))
    huge = 10**30 + 7
    big = game.read_options({"code": "0.137"})
    move = game.play((huge,), target((huge,), {"heap": 0, "take": "3", "leave": 1}, big), big)
    assert move.to == (huge - 3,)
    assert game.gestures(move) == [{"heap": 0, "take": 3, "leave": 1}]


@pytest.mark.parametrize(
    ("values", "fragment"),
    [
        (
            {"code": " ", "heaps": "5"},
            "Code du jeu (par exemple 0.156)\u00a0: indiquez le code du jeu.",
        ),
        (
            {"code": "0.1x", "heaps": "5"},
            "Le code octal «\u00a00.1x\u00a0» contient «\u00a0x\u00a0»",
        ),
        ({"code": "0.156", "heaps": ""}, "indiquez au moins 1 tas"),
        ({"code": "0.156", "heaps": "5 cinq"}, "«\u00a0cinq\u00a0» n'est pas un nombre entier"),
        ({"code": "0.156", "heaps": "1 2 3 4 5 6 7 8 9"}, "9 valeurs, c'est trop (8 au plus)"),
        ({"code": "0.156", "heaps": "0"}, "«\u00a00\u00a0» est hors limites"),
    ],
)
def test_octal_setup_refusals_name_the_field(values: dict, fragment: str) -> None:
    game = games.get("octal")
    with pytest.raises(NimcoreError, match=re.escape(fragment)) as refused:
        game.read_setup(values)
    _french(str(refused.value))


@pytest.mark.skipif(sys.platform == "emscripten", reason="reads the chapter's page")
def test_octal_board_starts_from_a_game_a_reader_finishes_and_keeps_the_record_heap() -> None:
    """The chapter's board starts from a few small heaps (its moves listed, a game of a few
    dozen moves at most); the record-scale heap, 9 999 999 tokens of 0.156, is the setup
    form's example, and nimcore reads it."""
    game = games.get("octal")
    (code,) = re.findall(
        r"<!-- nimcore:board kind=octal game=octal code=(\S+) -->", OCTAL_PAGE.read_text()
    )
    start, options = game.decode(code)
    assert sum(start) <= 40 and game.board_refusal(start, options) is None
    assert base.view(game, start, options)["moves"], "the start's moves are listed"
    chance = random.Random(27)
    for level in ("perfect", "beginner"):
        position, played = start, 0
        while not game.terminal(position, options):
            position = base.computer_move(game, position, options, level, chance).to
            played += 1
        assert played <= 30
    (preset,) = game.form()["presets"]
    assert preset["values"] == {"code": "0.156", "heaps": "9999999"}
    record, record_options = game.read_setup(preset["values"])
    assert record == (9_999_999,) and game.board_refusal(record, record_options) is None
    refusal = game.board_refusal((1,) * 201, options)
    assert refusal is not None
    _french(refusal)


def test_octal_drawing_names_each_heap() -> None:
    game = games.get("octal")
    options = game.read_options({"code": "0.156"})
    drawing = game.drawing((9_999_999, 1), options)
    assert drawing["heaps"] == [
        {"size": 9_999_999, "label": "Tas 1\u00a0: 9\u202f999\u202f999 jetons"},
        {"size": 1, "label": "Tas 2\u00a0: 1 jeton"},
    ]
    assert game.drawing((0,), options) == {"heaps": []}
