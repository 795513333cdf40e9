"""The « Nim infini » board (ordinal heaps), on the shared game controller (game.js)."""

import pytest
from boardtest import (
    ENGINE_TIMEOUT,
    expect_losing_hint,
    expect_refused,
    expect_url_refused,
    expect_winner,
    follow_hints,
    play_out,
    position,
    start,
    wait_for_my_turn,
)
from boardtest import open_board as open_any_board
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGE = "nim-infini/"
DEFAULT = ["w^2+3", "w*2+5", "7"]


def open_board(page, url):
    return open_any_board(page, url, "ordinal", ".ordinal-pick")


def new_game(board, heaps, *, mode="ordinateur", level="parfait", first="vous"):
    expected = [part.strip() for part in heaps.split(",")]
    start(board, {"tas": heaps}, expected, mode=mode, level=level, first=first)


def lower_first_heap(board):
    """A plain legal move: the top coefficient of the first non-empty heap, minus one."""
    heaps = position(board)
    index = next(number for number, heap in enumerate(heaps) if heap != "0")
    board.locator(".ordinal-pick").nth(index).click()
    board.locator(".ordinal-editor .ordinal-step").first.click()  # « − » of the top exponent
    expect(board.locator(".game-play")).to_contain_text(f"remplacer le tas {index + 1}")
    board.locator(".game-play").click()


def type_value(board, heap, text):
    """Open heap *heap* (from 0) and choose the value *text* typed in its field."""
    board.locator(".ordinal-pick").nth(heap).click()
    field = board.locator("input[name=nouvelle-valeur]")
    field.fill(text)
    field.press("Enter")
    return field


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "w*2+1, w*2+1")
    expect_losing_hint(
        board,
        "Toutes les colonnes ont une somme de Nim nulle",
        "le coefficient du premier exposant où il change est modifié",
    )
    play_out(board, lower_first_heap, rounds=12)
    expect_winner(board, "ordinateur")


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "w^2+3, w*2+5, 7")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    table = board.locator(".game-hint .ordinal-table")
    expect(table.locator("thead th")).to_have_text(["Tas", "ω²", "ω", "entiers"])
    expect(table.locator("tbody tr").nth(0).locator("th")).to_have_text("1\u00a0: ω²\u00a0+\u00a03")
    expect(table.locator("tbody tr").nth(0).locator("td")).to_have_text(["1", "0", "3"])
    expect(table.locator(".ordinal-sums td")).to_have_text(["1", "2", "1"])
    expect(board.locator(".game-hint")).to_contain_text(
        "Somme de Nim de la position\u00a0: ω² + ω·2 + 1"
    )
    # The hint's move opens heap 1 with its new value ω·2 + 2 in the steppers.
    expect(board.locator(".ordinal-editor .ordinal-coefficient")).to_have_text(["0", "2", "2"])
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: remplacer le tas 1 (ω²\u00a0+\u00a03) par ω·2\u00a0+\u00a02"
    )
    board.locator(".game-play").click()
    wait_for_my_turn(board)
    follow_hints(board, rounds=20)
    expect_winner(board, "humain")


def test_a_typed_value_is_checked_by_the_engine(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
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
    expect_refused(board, "il faut le remplacer par un ordinal plus petit, pas par ω^2+5", DEFAULT)
    # Smaller, with coefficients that grow: allowed.
    board.locator(".ordinal-pick").nth(0).click()
    field = board.locator("input[name=nouvelle-valeur]")
    field.fill("ω·7 + 6")
    field.press("Enter")
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: remplacer le tas 1 (ω²\u00a0+\u00a03) par ω·7\u00a0+\u00a06"
    )
    field.press("Enter")  # the same value again plays it
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == ["w*7+6", "w*2+5", "7"]
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.")


def test_any_smaller_ordinal_is_a_move(site_page, site_url):
    """nimcore checks the move itself: ω²+3 → ω·1000 is played, whatever the coefficients."""
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "w^2+3, w*2+5, 7")
    board.locator(".ordinal-pick").nth(0).click()
    expect(board.locator(".ordinal-bound")).to_contain_text("jusqu’à 1\u202f023 par coefficient")
    field = type_value(board, 0, "w*1024")
    expect_refused(
        board, "Le coefficient 1\u202f024 dépasse la limite de ce plateau, 1\u202f023", DEFAULT
    )
    expect(board.locator(".game-play")).to_have_text("Jouer")
    field.fill("w*1000")
    field.press("Enter")
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: remplacer le tas 1 (ω²\u00a0+\u00a03) par ω·1000"
    )
    board.locator(".game-play").click()
    wait_for_my_turn(board)
    # (ω·1000, ω·2 + 5, 7) has nim-sum ω·1002 + 2: the computer takes heap 1 down to ω·2 + 2.
    expect(board.locator(".game-turn")).to_contain_text(
        "L’ordinateur a joué\u00a0: remplacer le tas 1 (ω·1000) par ω·2\u00a0+\u00a02"
    )
    assert position(board) == ["w*2+2", "w*2+5", "7"]


def test_large_positions_are_played(site_page, site_url):
    """Six heaps up to ω³·1023 + … + 1023: no enumeration, the moves are checked at once."""
    big = "w^3*1023+w^2*1023+w*1023+1023"
    board = open_board(site_page, site_url + PAGE)
    new_game(board, ", ".join([big] * 5 + ["w^3*7+5"]), level="debutant")
    type_value(board, 0, "w^3*1022+w^2*1000")
    board.locator(".game-play").click()
    wait_for_my_turn(board)
    expect(board.locator(".game-turn")).to_contain_text("L’ordinateur a joué")
    mine = ["w^3*1022+w^2*1000"] + [big] * 4 + ["w^3*7+5"]
    changed = [index for index, heap in enumerate(position(board)) if heap != mine[index]]
    assert len(changed) == 1, position(board)  # the computer's move, after the reader's


def test_setup_limits_are_refused_in_french(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "w, 12")
    for bad, fragment in [
        ("1, 2, 3, 4, 5, 6, 7", "6 tas au plus"),
        ("w^4, 1", "exposants vont de 0 à 3"),
        ("w*1024, 3", "le coefficient 1\u202f024 dépasse la limite de ce plateau, 1\u202f023"),
        ("w+w^2", "exposants décroissants"),
        ("0, 0", "Tous les tas sont vides"),
        ("w*1234567", "beaucoup trop grand"),
    ]:
        board.locator("input[name=tas]").fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect_refused(board, "Partie non lancée", ["w", "12"])
        expect(board.locator(".board-message")).to_contain_text(fragment)


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
    # Coefficients up to 1023 come back from the URL, as they were played.
    board = open_board(page, site_url + "nim-infini/?ordinal=1023.0.1023_9.9.9.9")
    assert position(board) == ["w^2*1023+1023", "w^3*9+w^2*9+w*9+9"]
    for bad in ["w%2Bw%5E2", "1.2.3.4.5", "1024.0", "1.2_x", "1_2_3_4_5_6_7"]:
        expect_url_refused(
            page, site_url + f"{PAGE}?ordinal={bad}", "ordinal", ".ordinal-pick", DEFAULT
        )


def test_a_move_with_the_keyboard_only(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE)
    new_game(board, "w^2+3, w*2+5, 7", mode="deux")
    board.locator(".ordinal-pick").nth(1).focus()
    page.keyboard.press("Enter")  # opens heap 2 (ω·2 + 5)
    expect(board.locator(".ordinal-editor")).to_be_visible()
    page.keyboard.press("Tab")  # « − » of ω
    assert (
        page.evaluate("document.activeElement.getAttribute('aria-label')")
        == "Coefficient de ω\u00a0: 2 moins 1"
    )
    page.keyboard.press("Enter")
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: remplacer le tas 2 (ω·2\u00a0+\u00a05) par ω\u00a0+\u00a05"
    )
    for _ in range(10):  # on to « Choisir », which chooses the same value again: it plays
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Choisir":
            break
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == ["w^2+3", "w+5", "7"]
