"""One list of games: every place that names the games names exactly the registry's.

The registry (nimcore.games) holds each game once, with its metadata: id, French
name, board kind, examples, command line and time budget. The lists below are
made from it or, where a list must hold what is particular to each game (a test's
positions, a worksheet's levels, site.js's modules), checked against it here: a
game the registry does not know, or one of its games missing, fails.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from nimcore import bridge, cli, games, worksheet

ROOT = Path(__file__).resolve().parents[2]
#: Boards of the site that play no game of the registry.
SITE_BOARDS = {"stella", "calculettes", "lab", "fiche"}

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten", reason="reads the repository's tests, bench and scripts"
)


def _module(folder: str, name: str) -> Any:
    """A module of the repository's tests or bench, imported as its own folder's tests import it."""
    path = str(ROOT / folder)
    if path not in sys.path:
        sys.path.insert(0, path)
    return importlib.import_module(name)


def test_every_game_has_its_metadata():
    """Id, French name, board kind, examples (each decoded), command line and budget."""
    assert [entry.id for entry in games.ENTRIES] == list(games.IDS)
    for entry in games.ENTRIES:
        game = games.get(entry.id)
        assert game.id == entry.id and game.title and game.usage
        assert (ROOT / "docs" / "javascripts" / "boards" / f"{entry.board}.js").is_file()
        assert game.examples, entry.id
        for code in game.examples:
            position, options = game.decode(code)
            assert game.encode(position, options) == code
        for name in ("view", "play", "analyse"):
            assert bridge.budget_ms(f"{entry.id}.{name}") == entry.budget_ms


def test_the_engine_s_calls_and_the_command_line_are_the_registry_s():
    prefixes = {kind.split(".")[0] for kind in bridge.CALLS}
    assert prefixes - {"version", "engine", "worksheet", "lab", "calc"} == set(games.IDS)
    assert set(cli.COMMANDS) == set(games.IDS)


def test_site_js_mounts_every_board_kind_and_no_other():
    from site_hooks.preload import board_modules

    table = board_modules()
    assert set(table) - SITE_BOARDS == set(games.BOARDS)
    for kind in games.BOARDS:
        assert table[kind] == f"javascripts/boards/{kind}.js"


def test_the_laboratory_opens_the_registry_s_boards():
    """lab.js mounts the boards nimcore.lab names by the registry's kinds."""
    text = (ROOT / "docs" / "javascripts" / "boards" / "lab.js").read_text(encoding="utf-8")
    mounts = re.search(r"const MOUNTS = \{([^}]*)\}", text)
    assert mounts is not None
    kinds = set(re.findall(r"(\w+): mount", mounts.group(1)))
    assert kinds == {games.entry(game).board for game in ("subtraction", "octal", "graph")}


def test_the_tests_and_the_soak_name_every_game():
    contract = _module("tests/unit", "test_games")
    assert {case.game for case in contract.CASES} == set(games.IDS)
    assert set(contract.BAD_POSITIONS) == set(games.IDS)
    assert set(contract.DEFINITIONS) <= set(games.IDS)
    forms = _module("tests/unit", "test_setup_forms")
    assert set(forms.FORMS) == set(games.IDS)
    boards = _module("tests/browser", "test_boards")
    assert {board.game for board in boards.BOARDS} == set(games.IDS)
    soak = _module("bench", "soak")
    assert set(soak.STARTS) == set(games.IDS)


def test_the_small_screens_test_draws_every_board_at_its_largest():
    """Every game's first board (its address key) is drawn at its largest, but the graph's
    (its graphs are nimcore's fixed examples)."""
    from site_hooks.tables.worksheets import chapter_boards

    screens = _module("tests/browser", "test_small_screens")
    keys = {
        key for query in screens.LARGEST.values() for key in re.findall(r"(?:^|&)([\w-]+)=", query)
    }
    for game, (_, board) in chapter_boards().items():
        assert game == "graph" or board.key in keys, game


def test_the_worksheets_have_a_family_for_every_game():
    assert {family.game for family in worksheet.FAMILIES.values()} == set(games.IDS)


def test_every_game_has_a_board_in_the_chapters():
    from site_hooks.tables.worksheets import chapter_boards

    placed = chapter_boards()
    assert set(placed) == set(games.IDS)
    for game, (_, board) in placed.items():
        assert games.get(game).decode(board.code)
