"""The board of Grundy's game (jeux-mysterieux), on the shared game controller (game.js)."""

import json
import re

import pytest
from boardtest import ENGINE_TIMEOUT, expect_losing_hint, position, wait_for_my_turn
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGE = "jeux-mysterieux/"


def open_board(page, url):
    page.goto(url)
    board = page.locator('[data-board="grundy"]')
    expect(board.locator(".grundy-heap").first).to_be_visible(timeout=30_000)
    return board


def new_game(board, heaps, *, mode="ordinateur", level="parfait", first="vous"):
    board.locator("input[name=tas]").fill(heaps)
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=niveau]").select_option(level)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute(
        "data-position", json.dumps([int(x) for x in heaps.split()]).replace(" ", "")
    )


def split_first(board):
    """Open the first heap that can be split, and play its first split (1 + the rest)."""
    board.locator(".grundy-heap:not(.is-stuck)").first.click()
    split = board.locator(".grundy-split").first
    split.click()
    split.click()  # choosing the same split again plays it


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "10")  # g(10) = 0
    # Why it is lost: G(10) = 0, and a split never keeps the value G(h) (the mex).
    expect_losing_hint(board, "G(10) = 0", "jamais G(h)")
    for _ in range(12):
        if board.get_attribute("data-turn") == "fin":
            break
        split_first(board)
        wait_for_my_turn(board)
        # Every heap is a whole number of matches, and none was lost.
        assert sum(position(board)) == 10
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("L’ordinateur a gagné")
    assert all(size <= 2 for size in position(board))


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "7 12")  # g(7) ⊕ g(12) = 0 ⊕ 1 = 1
    hint = board.locator(".game-hint")
    for turn in range(12):
        if board.get_attribute("data-turn") == "fin":
            break
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
        if turn == 0:
            # The table of values: g(7) = 0, g(12) = 1, their nim-sum 1; the split is shown.
            table = hint.locator(".grundy-nimbers")
            expect(table.locator("tbody tr").nth(0)).to_contain_text("7")
            expect(table.locator("tbody tr").nth(1)).to_have_text(re.compile(r"Tas 2\s*12\s*1"))
            expect(table.locator("tfoot")).to_contain_text("0 ⊕ 1 = 1")
            expect(board.locator(".grundy-split[data-hinted]")).to_have_text("12 → 2 + 10")
        board.locator(".game-play").click()
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text("Vous avez gagné")


def test_illegal_actions_change_nothing(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "2 1 7")
    message = board.locator(".board-message")
    board.locator(".game-play").dispatch_event("click")
    expect(message).to_contain_text("Choisissez d’abord un coup")
    # Heaps of 2 and 1 are marked aria-disabled: a real click still reaches them.
    board.locator(".grundy-heap").nth(0).click(force=True)
    expect(message).to_have_text(
        "Le tas 1 ne peut pas être partagé\u00a0: 2 = 1 + 1 donne deux tas égaux, ce qui est interdit."
    )
    board.locator(".grundy-heap").nth(1).click(force=True)
    expect(message).to_contain_text("n’a qu’une allumette")
    expect(board.locator(".grundy-split")).to_have_count(0)
    assert position(board) == [2, 1, 7]
    for bad, fragment in [
        ("", "au moins 1 tas"),
        ("7 x", "«\u00a0x\u00a0»"),
        ("7 31", "hors limites"),
        ("0 7", "hors limites"),
        ("1 2 3 4 5 6", "5 au plus"),
        ("1 2 2", "aucun tas ne peut être partagé"),
    ]:
        board.locator("input[name=tas]").fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment)
        assert position(board) == [2, 1, 7]


def test_the_position_lives_in_the_url(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE + "?grundy=3-9")
    assert position(board) == [3, 9]
    new_game(board, "5 8", mode="deux")
    assert "grundy=5-8" in page.url
    # A position reached in play may hold more than five heaps.
    board.locator(".grundy-heap").nth(1).click()
    board.get_by_role("button", name=re.compile(r"^8 → 3 \+ 5")).click()
    board.locator(".game-play").click()
    expect(board).to_have_attribute("data-position", "[5,3,5]")
    expect(board).to_have_attribute(
        "data-turn", "humain", timeout=ENGINE_TIMEOUT
    )  # checked by nimcore
    assert "grundy=5-3-5" in page.url
    board = open_board(page, page.url)
    assert position(board) == [5, 3, 5]
    board = open_board(page, site_url + PAGE + "?grundy=1-2-4-1-2-3-1")
    assert position(board) == [1, 2, 4, 1, 2, 3, 1]
    for bad in ("sept", "1-2-1", "7-31"):
        board = open_board(page, site_url + PAGE + f"?grundy={bad}")
        expect(board.locator(".board-message")).to_contain_text("Adresse ignorée")
        assert position(board) == [7, 12]


def test_a_move_with_the_keyboard_only(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE)
    new_game(board, "1 7", mode="deux")
    # The heap of 1 is not a Tab stop; the heap of 7 is.
    board.locator(".grundy-heap").nth(1).focus()
    expect(board.locator(".grundy-heap").nth(0)).to_have_attribute("tabindex", "-1")
    page.keyboard.press("Enter")  # open the heap: focus goes to its first split
    splits = board.locator(".grundy-split")
    expect(splits).to_have_text(["7 → 1 + 6", "7 → 2 + 5", "7 → 3 + 4"])
    expect(splits.nth(0)).to_be_focused()
    page.keyboard.press("Escape")  # close it again
    expect(splits).to_have_count(0)
    expect(board.locator(".grundy-heap").nth(1)).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    expect(splits.nth(1)).to_be_focused()
    page.keyboard.press("Enter")  # choose 7 → 2 + 5
    expect(splits.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(board.locator(".game-play")).to_contain_text("(7 → 2 + 5)")
    page.keyboard.press("Enter")  # and play it
    expect(board).to_have_attribute("data-position", "[1,2,5]")
    expect(board).to_have_attribute(
        "data-turn", "humain", timeout=ENGINE_TIMEOUT
    )  # checked by nimcore
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.")
