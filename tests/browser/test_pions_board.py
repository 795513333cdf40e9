"""The pawns on Delahaye's board (Sprague–Grundy page), on the shared game controller."""

import json
import re

import pytest
from boardtest import ENGINE_TIMEOUT, expect_losing_hint, position, wait_for_my_turn
from playwright.sync_api import expect

from nimcore.graph import pawn_board_grundy

pytestmark = pytest.mark.browser

DELAHAYE = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]


def open_board(page, url):
    page.goto(url)
    board = page.locator('[data-board="pions"]')
    expect(board.locator(".pions-pawn").first).to_be_visible(timeout=30_000)
    return board


def cells_text(cells):
    return " ".join(f"{row + 1}-{column + 1}" for row, column in cells)


def new_game(board, cells, *, size=5, mode="ordinateur", level="parfait", first="vous"):
    board.locator("input[name=cote]").fill(str(size))
    board.locator("input[name=pions]").fill(cells_text(cells))
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=niveau]").select_option(level)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute("data-position", json.dumps(cells).replace(" ", ""))


def advance_one_pawn(board, size=5):
    """A plain legal move: the first pawn that can move goes to its first target, chosen twice."""
    index = next(i for i, cell in enumerate(position(board)) if cell != [size - 1, size - 1])
    board.locator(f'.pions-pawn[data-pawn="{index}"]').click()
    target = board.locator(".pions-target").first
    target.click()
    expect(target).to_have_attribute("aria-pressed", "true")
    target.click()  # choosing the same move again plays it


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    board = open_board(site_page, site_url + "sprague-grundy/")
    new_game(board, [[0, 0], [1, 1]])  # two cells of value 0: nim-sum 0
    # Why it is lost: the pawns' nimbers have nim-sum 0, and every move changes one nimber.
    expect_losing_hint(
        board, "Les nimbers des cases occupées sont 0, 0", "Tout coup change le nimber"
    )
    for _ in range(20):
        if board.get_attribute("data-turn") == "fin":
            break
        advance_one_pawn(board)
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("L’ordinateur a gagné")
    assert position(board) == [[4, 4], [4, 4]]


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    board = open_board(site_page, site_url + "sprague-grundy/")
    new_game(board, DELAHAYE)
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    hint = board.locator(".game-hint")
    # Each pawn's nimber (0, 1, 3, 0, 1 down the left column) and the nim-sum 3.
    expect(hint.locator(".pions-nimbers tbody td:nth-child(3)")).to_have_text(
        ["0", "1", "3", "0", "1"]
    )
    expect(hint.locator(".pions-nimbers tfoot td").first).to_have_text("3")
    for _ in range(25):
        if board.get_attribute("data-turn") == "fin":
            break
        if board.get_attribute("data-hint") is None:
            board.get_by_role("button", name="Indice").click()
            expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
        board.locator(".game-play").click()
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text("Vous avez gagné")


def test_the_cell_values_come_from_the_engine(site_page, site_url):
    board = open_board(site_page, site_url + "sprague-grundy/")
    board.get_by_label("Écrire la valeur de Grundy de chaque case").check()
    expected = [str(value) for row in pawn_board_grundy(5) for value in row]
    expect(board.locator(".pions-value")).to_have_text(expected, timeout=ENGINE_TIMEOUT)
    new_game(board, [[0, 0]], size=7)
    expected = [str(value) for row in pawn_board_grundy(7) for value in row]
    expect(board.locator(".pions-value")).to_have_text(expected, timeout=ENGINE_TIMEOUT)


def test_illegal_actions_change_nothing(site_page, site_url):
    board = open_board(site_page, site_url + "sprague-grundy/")
    new_game(board, [[4, 4], [0, 2]])
    message = board.locator(".board-message")
    board.locator(".game-play").dispatch_event("click")
    expect(message).to_contain_text("Choisissez d’abord un coup")
    board.locator('.pions-pawn[data-pawn="0"]').click(force=True)  # aria-disabled: it cannot move
    expect(message).to_contain_text("Le pion 1 est arrivé dans la case en bas à droite")
    expect(board.locator(".pions-target")).to_have_count(0)
    for side, cells, fragment in [
        ("5", "1-1 9-9", "hors du damier 5×5"),
        ("5", "1-1 x", "«\u00a0x\u00a0» n’est pas une case"),
        ("9", "1-1", "de 3 à 8 cases de côté"),
        ("5", "5-5 5-5", "rien à jouer"),
        ("5", " ".join(["1-1"] * 11), "trop de pions (11)"),
        ("5", "", "au moins un pion"),
    ]:
        board.locator("input[name=cote]").fill(side)
        board.locator("input[name=pions]").fill(cells)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment)
        assert position(board) == [[4, 4], [0, 2]]


def test_the_position_lives_in_the_url(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + "sprague-grundy/?pions=4-11-23")
    assert position(board) == [[0, 0], [1, 2]]
    expect(board.locator(".pions-cell")).to_have_count(16)
    new_game(board, [[0, 1], [2, 2], [2, 2]], size=6)
    assert "pions=6-12-33-33" in page.url
    board = open_board(page, page.url)
    assert position(board) == [[0, 1], [2, 2], [2, 2]]
    expect(board.locator(".pions-cell")).to_have_count(36)
    for bad in ("damier", "5-19"):
        board = open_board(page, site_url + f"sprague-grundy/?pions={bad}")
        expect(board.locator(".board-message")).to_contain_text("Adresse ignorée")
        assert position(board) == DELAHAYE


def test_a_move_with_the_keyboard_only(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + "sprague-grundy/")
    new_game(board, DELAHAYE, mode="deux")
    board.locator('.pions-pawn[data-pawn="2"]').focus()
    page.keyboard.press("Enter")  # chooses pawn 3: its four targets appear
    expect(board.locator(".pions-target")).to_have_count(4)
    page.keyboard.press("Escape")  # changes one's mind: back to the pawn
    expect(board.locator(".pions-target")).to_have_count(0)
    expect(page.locator(":focus")).to_have_attribute("data-pawn", "2")
    page.keyboard.press("Enter")  # chooses pawn 3 again: the focus goes to its first target
    expect(page.locator(":focus")).to_have_attribute(
        "aria-label", re.compile("avancer le pion 3 d’une case vers la droite")
    )
    page.keyboard.press("Tab")  # the next target: two cells to the right
    expect(page.locator(":focus")).to_have_attribute(
        "aria-label", re.compile("pion 3 de 2 cases vers la droite")
    )
    page.keyboard.press("Enter")  # choose
    expect(board.locator(".game-play")).to_contain_text("avancer le pion 3 de 2 cases")
    page.keyboard.press("Enter")  # the same move again: played
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.", timeout=ENGINE_TIMEOUT)
    assert position(board) == [[0, 0], [1, 0], [2, 2], [3, 0], [4, 0]]
