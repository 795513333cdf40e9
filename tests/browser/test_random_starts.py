"""« Position au hasard » on every game board: nimcore picks the start, P about one time in two.

The boards only draw candidate shapes; the rules that make a start P or N live
in nimcore (bridge "G.random_start"). Here each board's draws are started as
new games and the hint says P or N: both must come up, and each start must be
a game the board plays. (Nim, Nim à K maximum, the subtraction games and the
graphs have their own tests of this, against nimcore in Python.)
"""

import re

import pytest
from boardtest import ENGINE_TIMEOUT, PAGE_TIMEOUT, draw_random
from playwright.sync_api import expect

from nimcore import games
from site_hooks.tables.worksheets import chapter_boards

pytestmark = pytest.mark.browser

#: page → the boards on it whose random starts are checked here: every game's first board
#: in the chapters (nimcore.games, the pages' placeholders), but the heaps and graph boards.
BOARDS: dict[str, list[str]] = {}
#: page → every board with a random start on it: every game's first board in the chapters.
EVERY_BOARD: dict[str, list[str]] = {}
for _game, (_stem, _board) in chapter_boards().items():
    _kind = games.entry(_game).board
    _page = "" if _stem == "index" else f"{_stem}/"
    EVERY_BOARD.setdefault(_page, []).append(_kind)
    if _kind not in ("heaps", "graph"):
        BOARDS.setdefault(_page, []).append(_kind)


@pytest.mark.parametrize("page_path", sorted(BOARDS))
def test_random_starts_are_picked_by_nimcore_p_or_n(site_page, site_url, page_path):
    site_page.goto(site_url + page_path)
    for game in BOARDS[page_path]:
        board = site_page.locator(f'[data-board="{game}"]').first
        expect(board.locator(".game-random")).to_be_visible(timeout=PAGE_TIMEOUT)
        seen = set()
        for _ in range(24):
            draw_random(board)
            expect(board.locator(".board-message")).not_to_have_attribute("data-kind", "error")
            board.get_by_role("button", name="Nouvelle partie").click()
            # The new game has started (nimcore's view came back); only then is the hint its own.
            expect(board).not_to_have_attribute("data-setup", "en-attente", timeout=ENGINE_TIMEOUT)
            expect(board).to_have_attribute("data-turn", "humain")
            board.get_by_role("button", name="Indice").click()
            expect(board).to_have_attribute(
                "data-hint", re.compile("^[PN]$"), timeout=ENGINE_TIMEOUT
            )
            seen.add(board.get_attribute("data-hint"))
            if seen == {"P", "N"}:
                break
        assert seen == {"P", "N"}, game


@pytest.mark.parametrize("page_path", sorted(EVERY_BOARD))
def test_a_random_start_needs_nothing_typed(site_page, site_url, page_path):
    """A random start with the form's text fields emptied, then mistyped: nimcore's
    defaults stand for them, the form is filled with the start drawn, and that game starts."""
    site_page.goto(site_url + page_path)
    for game in EVERY_BOARD[page_path]:
        board = site_page.locator(f'[data-board="{game}"]').first
        expect(board.locator(".game-random")).to_be_visible(timeout=PAGE_TIMEOUT)
        fields = board.locator('form.game-setup input[type="text"]:visible')
        for typed in ("", "x"):
            for index in range(fields.count()):
                fields.nth(index).fill(typed)
            draw_random(board)
            expect(board.locator(".board-message")).not_to_have_attribute("data-kind", "error")
            # What comes next is said on screen, not only to screen readers.
            expect(board.locator(".board-message")).to_contain_text("« Nouvelle partie » la lance")
            for index in range(fields.count()):
                expect(fields.nth(index)).not_to_have_value(re.compile("^x?$"))
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(board).not_to_have_attribute("data-setup", "en-attente", timeout=ENGINE_TIMEOUT)
        expect(board.locator(".board-message")).not_to_have_attribute("data-kind", "error")
        expect(board).to_have_attribute("data-turn", "humain")
