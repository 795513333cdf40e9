"""The Wythoff board, on the shared game controller (game.js)."""

import json
import re

import pytest
from playwright.sync_api import expect

from test_nim_board import ENGINE_TIMEOUT

pytestmark = pytest.mark.browser


def open_board(page, url):
    page.goto(url)
    board = page.locator('[data-board="wythoff"]')
    expect(board.locator(".wythoff-token").first).to_be_visible()
    return board


def new_game(board, heaps, *, mode="ordinateur", level="parfait", first="vous"):
    board.locator("input[name=tas]").fill(heaps)
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=niveau]").select_option(level)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute("data-position", json.dumps([int(x) for x in heaps.split()]).replace(" ", ""))


def position(board):
    return json.loads(board.get_attribute("data-position"))


def wait_for_my_turn(board):
    expect(board).to_have_attribute("data-turn", re.compile("humain|fin"), timeout=ENGINE_TIMEOUT)


def take_one(board):
    a, b = position(board)
    heap, size = (0, a) if a else (1, b)
    token = board.locator(".wythoff-heap").nth(heap).locator(".wythoff-token").nth(size - 1)
    token.click()
    token.click()  # choosing the same move again plays it


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    board = open_board(site_page, site_url + "wythoff/")
    new_game(board, "3 5")
    for _ in range(12):
        if board.get_attribute("data-turn") == "fin":
            break
        take_one(board)
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("L’ordinateur a gagné")


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    board = open_board(site_page, site_url + "wythoff/")
    new_game(board, "9 4")
    for _ in range(12):
        if board.get_attribute("data-turn") == "fin":
            break
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
        board.locator(".game-play").click()
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text("Vous avez gagné")


def test_the_queen_moves_on_the_lattice(site_page, site_url):
    board = open_board(site_page, site_url + "wythoff/")
    new_game(board, "6 9", mode="deux")
    cell = board.get_by_role("button", name=re.compile(r"aller en \(3, 6\)"))
    cell.click()
    board.locator(".game-play").click()
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [3, 6]
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.")


def test_illegal_actions_change_nothing(site_page, site_url):
    board = open_board(site_page, site_url + "wythoff/")
    new_game(board, "4 7")
    message = board.locator(".board-message")
    board.locator(".game-play").dispatch_event("click")
    expect(message).to_contain_text("Choisissez d’abord un coup")
    for bad, fragment in [("4", "au moins 2"), ("4 x", "«\u00a0x\u00a0»"), ("4 99", "hors limites"),
                          ("0 0", "au moins un jeton")]:
        board.locator("input[name=tas]").fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment)
        assert position(board) == [4, 7]


def test_the_position_lives_in_the_url(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + "wythoff/?wythoff=2-7")
    assert position(board) == [2, 7]
    new_game(board, "6 11")
    assert "wythoff=6-11" in page.url
    board = open_board(page, page.url)
    assert position(board) == [6, 11]
    board = open_board(page, site_url + "wythoff/?wythoff=deux-sept")
    expect(board.locator(".board-message")).to_contain_text("Adresse ignorée")
    assert position(board) == [5, 8]


def test_the_beginner_can_be_beaten_from_a_losing_start(site_page, site_url):
    """From a P-position against the beginner, hints eventually let the human win."""
    board = open_board(site_page, site_url + "wythoff/")
    for _attempt in range(6):
        new_game(board, "8 13", level="debutant")
        for _ in range(20):
            if board.get_attribute("data-turn") == "fin":
                break
            board.get_by_role("button", name="Indice").click()
            expect(board).to_have_attribute("data-hint", re.compile("P|N"), timeout=ENGINE_TIMEOUT)
            if board.get_attribute("data-hint") == "P":
                take_one(board)
            else:
                board.locator(".game-play").click()
            wait_for_my_turn(board)
        if board.get_attribute("data-winner") == "humain":
            return
    pytest.fail("the beginner never erred in six games")
