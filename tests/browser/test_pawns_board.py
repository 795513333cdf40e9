"""The pawns on Delahaye's board: what is its own (test_boards.py checks the contract of every board)."""

import re

import pytest
from boardtest import ENGINE_TIMEOUT, force_click, open_board, position, start, wait_for_address
from playwright.sync_api import expect

from nimcore.graph import pawn_board_grundy

pytestmark = pytest.mark.browser

PAGE = "sprague-grundy/"
DELAHAYE = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]


def open_pawns(page, url):
    return open_board(page, url, "pawns", ".pawns-pawn")


def new_game(board, cells, *, size=5, **common):
    typed = " ".join(f"{row + 1}-{column + 1}" for row, column in cells)
    start(board, {"size": str(size), "pawns": typed}, cells, **common)


def test_the_hint_and_the_cell_values_are_nimcores(file_page, site_url):
    board = open_pawns(file_page, site_url + PAGE)
    board.get_by_role("button", name="Écrire la valeur de Grundy de chaque case").click()
    expected = [str(value) for row in pawn_board_grundy(5) for value in row]
    expect(board.locator(".pawns-value")).to_have_text(expected)  # in the page's view already
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    table = board.locator(".game-hint table.tokens")
    # Each pawn's nimber (0, 1, 3, 0, 1 down the left column) and the nim-sum 3.
    expect(table.locator("tbody td:nth-child(3)")).to_have_text(["0", "1", "3", "0", "1"])
    expect(table.locator("tfoot td").first).to_have_text("3")
    new_game(board, [[0, 0]], size=7)
    expected = [str(value) for row in pawn_board_grundy(7) for value in row]
    expect(board.locator(".pawns-value")).to_have_text(expected, timeout=ENGINE_TIMEOUT)


def test_refusals_are_nimcores(file_page, site_url):
    board = open_pawns(file_page, site_url + PAGE)
    new_game(board, [[4, 4], [0, 2]])
    message = board.locator(".board-message")
    force_click(board.locator('.pawns-pawn[data-pawn="0"]'))  # aria-disabled: it cannot move
    expect(message).to_contain_text("Le pion 1 est arrivé dans la case en bas à droite")
    expect(board.locator(".pawns-target")).to_have_count(0)
    # A cell with no pawn, no pawn chosen: nimcore says so.
    force_click(board.locator('.pawns-cell[data-row="1"][data-column="1"]'))
    expect(message).to_contain_text("Aucun pion en ligne 2, colonne 2")
    # The pawn in (1, 3), then a cell it cannot reach: nimcore's reason.
    board.locator('.pawns-pawn[data-pawn="1"]').click()
    force_click(board.locator('.pawns-cell[data-row="1"][data-column="3"]'))
    expect(message).to_contain_text("Le pion 2 ne peut pas aller de ligne 1, colonne 3 à ligne 2")
    for side, cells, fragment in [
        ("5", "1-1 9-9", "hors du damier 5×5"),
        ("5", "1-1 x", "«\u00a0x\u00a0» n'est pas une case"),
        ("12", "1-1", "entre 2 et 9"),
        ("5", "5-5 5-5", "déjà finie"),
        ("5", " ".join(["1-1"] * 13), "Trop de pions"),
        ("5", "", "au moins un pion"),
    ]:
        board.locator("input[name=size]").fill(side)
        board.locator("input[name=pawns]").fill(cells)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment, timeout=ENGINE_TIMEOUT)
        assert position(board) == [[4, 4], [0, 2]]


def test_the_position_lives_in_the_url(file_page, site_url):
    page = file_page
    board = open_pawns(page, site_url + PAGE + "?pions=4-11-23")
    expect(board).to_have_attribute("data-position", "[[0,0],[1,2]]", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".pawns-cell")).to_have_count(16)
    new_game(board, [[0, 1], [2, 2], [2, 2]], size=6)
    wait_for_address(page, "pions=6-12-33-33")  # malformed addresses: test_boards.py


def test_a_move_with_the_keyboard_only(file_page, site_url):
    page = file_page
    board = open_pawns(page, site_url + PAGE)
    new_game(board, DELAHAYE, mode="deux")
    board.locator('.pawns-pawn[data-pawn="2"]').focus()
    page.keyboard.press("Enter")  # chooses pawn 3: its four targets appear
    expect(board.locator(".pawns-target")).to_have_count(4)
    page.keyboard.press("Escape")  # changes one's mind: back to the pawn
    expect(board.locator(".pawns-target")).to_have_count(0)
    expect(page.locator(":focus")).to_have_attribute("data-pawn", "2")
    page.keyboard.press("Enter")  # chooses pawn 3 again: the focus goes to its first target
    expect(page.locator(":focus")).to_have_attribute(
        "aria-label", re.compile("avancer le pion 3 d.une case vers la droite")
    )
    # The board is one Tab stop; the arrow keys go from cell to cell.
    expect(board.locator('.pawns-cell[tabindex="0"]')).to_have_count(1)
    page.keyboard.press("ArrowRight")  # the next target: two cells to the right
    expect(page.locator(":focus")).to_have_attribute(
        "aria-label", re.compile("pion 3 de 2 cases vers la droite")
    )
    page.keyboard.press("Enter")  # choose
    expect(board.locator(".game-play")).to_contain_text("avancer le pion 3 de 2 cases")
    page.keyboard.press("Enter")  # the same move again: played
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.", timeout=ENGINE_TIMEOUT)
    assert position(board) == [[0, 0], [1, 0], [2, 2], [3, 0], [4, 0]]
