"""The « Nim infini » board (ordinal heaps), on the shared game controller (game.js)."""

import json
import re

import pytest
from playwright.sync_api import expect

from test_nim_board import ENGINE_TIMEOUT

pytestmark = pytest.mark.browser


def open_board(page, url):
    page.goto(url)
    board = page.locator('[data-board="ordinal"]')
    expect(board.locator(".ordinal-pick").first).to_be_visible()
    return board


def new_game(board, heaps, *, mode="ordinateur", level="parfait", first="vous"):
    board.locator("input[name=tas]").fill(heaps)
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=niveau]").select_option(level)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    expected = [part.strip() for part in heaps.split(",")]
    expect(board).to_have_attribute("data-position", json.dumps(expected, separators=(",", ":")))


def position(board):
    return json.loads(board.get_attribute("data-position"))


def wait_for_my_turn(board):
    expect(board).to_have_attribute("data-turn", re.compile("humain|fin"), timeout=ENGINE_TIMEOUT)


def lower_first_heap(board):
    """A plain legal move: the top coefficient of the first non-empty heap, minus one."""
    heaps = position(board)
    index = next(number for number, heap in enumerate(heaps) if heap != "0")
    board.locator(".ordinal-pick").nth(index).click()
    board.locator(".ordinal-editor .ordinal-step").first.click()  # « − » of the top exponent
    expect(board.locator(".game-play")).to_contain_text(f"remplacer le tas {index + 1}")
    board.locator(".game-play").click()


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    board = open_board(site_page, site_url + "nim-infini/")
    new_game(board, "w*2+1, w*2+1")
    for _ in range(12):
        if board.get_attribute("data-turn") == "fin":
            break
        lower_first_heap(board)
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("L’ordinateur a gagné")


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    board = open_board(site_page, site_url + "nim-infini/")
    new_game(board, "w^2+3, w*2+5, 7")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    table = board.locator(".game-hint .ordinal-table")
    expect(table.locator("thead th")).to_have_text(["Tas", "ω²", "ω", "entiers"])
    expect(table.locator("tbody tr").nth(0).locator("th")).to_have_text("1\u00a0: ω²\u00a0+\u00a03")
    expect(table.locator("tbody tr").nth(0).locator("td")).to_have_text(["1", "0", "3"])
    expect(table.locator(".ordinal-sums td")).to_have_text(["1", "2", "1"])
    expect(board.locator(".game-hint")).to_contain_text("Somme de Nim de la position\u00a0: ω² + ω·2 + 1")
    # The hint's move opens heap 1 with its new value ω·2 + 2 in the steppers.
    expect(board.locator(".ordinal-editor .ordinal-coefficient")).to_have_text(["0", "2", "2"])
    expect(board.locator(".game-play")).to_have_text("Jouer\u00a0: remplacer le tas 1 (ω²\u00a0+\u00a03) par ω·2\u00a0+\u00a02")
    for _ in range(20):
        if board.get_attribute("data-turn") == "fin":
            break
        if board.get_attribute("data-hint") is None:
            board.get_by_role("button", name="Indice").click()
            expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
        board.locator(".game-play").click()
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text("Vous avez gagné")


def test_a_typed_value_is_checked_by_the_engine(site_page, site_url):
    board = open_board(site_page, site_url + "nim-infini/")
    new_game(board, "w^2+3, w*2+5, 7", mode="deux")
    message = board.locator(".board-message")
    board.locator(".ordinal-pick").nth(0).click()
    field = board.locator("input[name=nouvelle-valeur]")
    # Malformed: refused by the board, in French.
    field.fill("2*w")
    field.press("Enter")
    expect(message).to_contain_text("le coefficient s’écrit après la puissance de ω")
    # Larger than the heap: sent, and refused by nimcore.
    field.fill("w^2+5")
    field.press("Enter")
    expect(board.locator(".ordinal-preview")).to_contain_text("la règle l’interdit")
    board.locator(".game-play").click()
    expect(message).to_contain_text("Coup refusé", timeout=ENGINE_TIMEOUT)
    expect(message).to_contain_text(re.compile("n['’]est pas permis par la règle du jeu"))
    assert position(board) == ["w^2+3", "w*2+5", "7"]
    # Smaller, with coefficients that grow: allowed.
    board.locator(".ordinal-pick").nth(0).click()
    field = board.locator("input[name=nouvelle-valeur]")
    field.fill("ω·7 + 6")
    field.press("Enter")
    expect(board.locator(".game-play")).to_have_text("Jouer\u00a0: remplacer le tas 1 (ω²\u00a0+\u00a03) par ω·7\u00a0+\u00a06")
    field.press("Enter")  # the same value again plays it
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == ["w*7+6", "w*2+5", "7"]
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.")


def test_a_legal_move_outside_the_engine_check_is_explained(site_page, site_url):
    """nimcore lists moves with coefficients up to 2^b − 1 only: here 7 (see ordinal.js)."""
    board = open_board(site_page, site_url + "nim-infini/")
    new_game(board, "w^2+3, w*2+5, 7")
    board.locator(".ordinal-pick").nth(0).click()
    expect(board.locator(".ordinal-bound")).to_contain_text("de 0 à 7")
    field = board.locator("input[name=nouvelle-valeur]")
    field.fill("w*50")
    field.press("Enter")
    message = board.locator(".board-message")
    expect(message).to_contain_text("Ce coup est permis par la règle, mais ce plateau ne peut pas le faire vérifier")
    expect(message).to_contain_text("ne dépassent pas 7")
    assert position(board) == ["w^2+3", "w*2+5", "7"]
    expect(board.locator(".game-play")).to_have_text("Jouer")


def test_setup_limits_are_refused_in_french(site_page, site_url):
    board = open_board(site_page, site_url + "nim-infini/")
    new_game(board, "w, 12")
    message = board.locator(".board-message")
    for bad, fragment in [
        ("1, 2, 3, 4, 5", "4 tas au plus"),
        ("w^4, 1", "exposants vont de 0 à 3"),
        ("w*21, 3", "le coefficient 21 dépasse la limite de ce plateau, 20"),
        ("w+w^2", "exposants décroissants"),
        ("0, 0", "Tous les tas sont vides"),
        ("w^3*20, w^3*20", "Position trop grande pour ce plateau"),
    ]:
        board.locator("input[name=tas]").fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment)
        assert position(board) == ["w", "12"]
    expect(message).to_contain_text("la limite est de 1\u202f000")


def test_the_position_lives_in_the_url(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + "nim-infini/?ordinal=1.0.3_2.5_7")
    assert position(board) == ["w^2+3", "w*2+5", "7"]
    expect(board.locator(".ordinal-pick").nth(0)).to_contain_text("ω²+3")
    new_game(board, "w*3+1, w*2+1, w")
    assert "ordinal=3.1_2.1_1.0" in page.url
    board = open_board(page, page.url)
    assert position(board) == ["w*3+1", "w*2+1", "w"]
    # The ASCII writing is read too.
    board = open_board(page, site_url + "nim-infini/?ordinal=w%2B1,3")
    assert position(board) == ["w+1", "3"]
    for bad in ["w%2Bw%5E2", "1.2.3.4.5", "9.9.9.9"]:
        board = open_board(page, site_url + f"nim-infini/?ordinal={bad}")
        expect(board.locator(".board-message")).to_contain_text("Adresse ignorée")
        assert position(board) == ["w^2+3", "w*2+5", "7"]


def test_a_move_with_the_keyboard_only(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + "nim-infini/")
    new_game(board, "w^2+3, w*2+5, 7", mode="deux")
    board.locator(".ordinal-pick").nth(1).focus()
    page.keyboard.press("Enter")  # opens heap 2 (ω·2 + 5)
    expect(board.locator(".ordinal-editor")).to_be_visible()
    page.keyboard.press("Tab")  # « − » of ω
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Coefficient de ω\u00a0: 2 moins 1"
    page.keyboard.press("Enter")
    expect(board.locator(".game-play")).to_have_text("Jouer\u00a0: remplacer le tas 2 (ω·2\u00a0+\u00a05) par ω\u00a0+\u00a05")
    for _ in range(10):  # on to « Choisir », which chooses the same value again: it plays
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Choisir":
            break
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == ["w^2+3", "w+5", "7"]
