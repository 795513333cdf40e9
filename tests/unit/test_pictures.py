"""Pictures of positions (nimcore.pictures): every game of the registry drawn as accessible SVG.

Each picture must parse as XML, be an image with a French title and a
description, and show what the position is (the pieces counted in the drawing
are the position's), never more: drawing decides no rule.
"""

import random
import xml.etree.ElementTree as ET

import pytest

from nimcore import NimcoreError, games, pictures
from nimcore.french import typeset
from nimcore.games import base

SVG = "{http://www.w3.org/2000/svg}"

try:
    from site_hooks.tables.worksheets import chapter_boards
except ModuleNotFoundError:  # inside Pyodide, where only nimcore is installed
    chapter_boards = None

#: A position of every game, by its code: the start of its first board in the chapters (inside
#: Pyodide, which has no chapters, the registry's first example).
STARTS = (
    {game: board.code for game, (_, board) in chapter_boards().items()}
    if chapter_boards is not None
    else {game: games.get(game).examples[0] for game in games.IDS}
)


def parsed(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    title, description = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and title.text and description is not None and description.text
    labelled = root.get("aria-labelledby", "").split()
    assert labelled == [title.get("id"), description.get("id")]
    # Readable in both palettes and in black and white: no colour but currentColor.
    for element in root.iter():
        for name in ("fill", "stroke"):
            assert element.get(name) in (None, "none", "currentColor"), (element.tag, name)
    return root


def count(root: ET.Element, css: str) -> int:
    return sum(1 for element in root.iter() if css in (element.get("class") or "").split())


def test_every_game_of_the_registry_has_a_drawing():
    assert set(pictures.DRAWERS) == set(games.IDS) == set(STARTS)


@pytest.mark.parametrize("game_id", games.IDS)
def test_the_start_of_every_board_is_drawn_with_its_words(game_id):
    game = games.get(game_id)
    position, options = game.decode(STARTS[game_id])
    svg = pictures.picture_of_code(game_id, STARTS[game_id])
    root = parsed(svg)
    description = root.find(f"{SVG}desc").text
    assert typeset(game.describe(position, options))[1:] in root.find(f"{SVG}title").text
    assert game.rule(options) in description
    # The same picture from the position as JSON, as a board sends it.
    assert (
        pictures.picture(game_id, game.position_json(position), game.options_json(options)) == svg
    )


@pytest.mark.parametrize("game_id", games.IDS)
def test_random_positions_of_every_game_are_valid_pictures(game_id):
    game = games.get(game_id)
    _, options = game.decode(STARTS[game_id])
    chance = random.Random(game_id)
    for _ in range(15):
        position, analysis = base.random_start(game, options, None, chance)
        parsed(pictures.draw(game, position, options))
        # Positions reached by a move (a worksheet's answer) are drawn too.
        if analysis.recommended is not None:
            parsed(pictures.draw(game, analysis.recommended.to, options))


@pytest.mark.parametrize(
    ("game_id", "code", "css", "expected"),
    [
        ("nim", "1-3-5-7", "fig-match", 16),
        ("nim", "0-4", "fig-match", 4),
        ("grundy", "7-12", "fig-match", 19),
        ("subtraction", "21_1a3", "fig-match", 21),
        ("octal", "3-10_0.137", "fig-token", 13),
        ("fibonacci", "21-6", "fig-token", 21),
        ("flowers", "ffxfffxf", "fig-flower", 6),
        ("flowers", "ffxfffxf", "fig-cut", 2),
        ("chomp", "6-4-1", "fig-square", 10),
        ("chomp", "6-4-1", "fig-poison", 1),
        ("wythoff", "5-8", "fig-queen", 1),
        ("pawns", "5-11-11-55", "fig-piece", 2),
        ("graph", "exemple-b-b-i", "fig-piece", 2),
        ("graph", "exemple-b-b-i", "fig-occupied", 2),
        ("ordinal", "1.0.3_2.5_7", "fig-omega", 3),
    ],
)
def test_the_drawing_shows_what_the_position_is(game_id, code, css, expected):
    assert count(parsed(pictures.picture_of_code(game_id, code)), css) == expected


def test_large_heaps_and_lattices_stay_small_and_say_their_numbers():
    svg = pictures.picture("nim", [70, 3])
    assert "70 allumettes" in svg and count(parsed(svg), "fig-match") == 3
    assert "500 jetons" in pictures.picture("fibonacci", 500)
    big = parsed(pictures.picture("wythoff", [60, 97]))
    assert count(big, "fig-cell") == 1 and count(big, "fig-queen") == 1
    huge = pictures.picture("wythoff", [10**30, 2])
    assert "dame est en" in huge and count(parsed(huge), "fig-queen") == 0


def test_a_drawn_graph_of_the_laboratory_is_drawn_at_its_places():
    line = "a(0,0):b,c;b(60,100):c;c(140,100)"
    root = parsed(pictures.picture("graph", ["a", "c"], {"graph": line}))
    assert count(root, "fig-node") == 3 and count(root, "fig-piece") == 2


def test_width_sets_the_displayed_size():
    assert 'width="300"' in pictures.picture("nim", [3, 4], width=300)


@pytest.mark.parametrize(
    ("game_id", "position", "options", "fragment"),
    [
        ("échecs", [1], None, "Jeu inconnu"),
        ("nim", [1, -2], None, "-2"),
        ("nim", [1], {"misère": True}, "Option inconnue"),
        ("chomp", [3, 4], None, "plus longue"),
        ("wythoff", [1, 2, 3], None, "deux tas"),
        ("pawns", [[9, 9]], None, "hors du damier"),
    ],
)
def test_bad_input_is_refused_in_french_before_drawing(game_id, position, options, fragment):
    with pytest.raises(NimcoreError, match=fragment):
        pictures.picture(game_id, position, options)
