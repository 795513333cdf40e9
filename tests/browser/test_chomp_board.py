"""The Chomp board, on the shared game controller (game.js)."""

import json
import re

import pytest
from boardtest import ENGINE_TIMEOUT, expect_losing_hint, position, wait_for_my_turn
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGE = "jeux-mysterieux/"


def open_board(page, url):
    page.goto(url)
    board = page.locator('[data-board="chomp"]')
    expect(board.locator(".chomp-square").first).to_be_visible(
        timeout=20_000
    )  # three boards on the page
    return board


def new_game(board, bar, rows, *, mode="ordinateur", level="parfait", first="vous"):
    board.locator("input[name=tablette]").fill(bar)
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=niveau]").select_option(level)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute("data-position", json.dumps(rows).replace(" ", ""))


def square(board, row, column):
    return board.locator(f'.chomp-square[data-row="{row}"][data-column="{column}"]')


def two_row_bite(rows):
    """The winning bite of the two-row family (or of a single row)."""
    if len(rows) == 1:
        return 0, 1
    bottom, top = rows
    assert bottom != top + 1, "a P-position: no winning bite"
    return (0, top + 1) if bottom > top + 1 else (1, top - 1)


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "5 4", [5, 4])
    # Why it is lost: two rows one square apart, and every bite breaks that gap.
    expect_losing_hint(
        board,
        "la rangée du bas dépasse celle du haut d",
        "chaque bouchée mène à une position gagnante",
    )
    for _ in range(12):
        if board.get_attribute("data-turn") == "fin":
            break
        rows = position(board)
        top_right = square(board, len(rows) - 1, rows[-1] - 1)
        top_right.click()
        expect(board.locator(".game-play")).to_contain_text("croquer le carré")
        top_right.click()  # choosing the same bite again plays it
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("L’ordinateur a gagné")
    assert position(board) == [1]


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "4×6", [6, 6, 6, 6])
    for _ in range(15):
        if board.get_attribute("data-turn") == "fin":
            break
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
        board.locator(".game-play").click()
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text("Vous avez gagné")


def test_the_hint_names_the_family(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    hint = board.locator(".game-hint")
    for bar, rows, outcome, family in [
        ("5×5", [5, 5, 5, 5, 5], "N", "carré"),
        ("6 5", [6, 5], "P", "deux rangées"),
        ("4 1 1", [4, 1, 1], "N", "équerre"),
    ]:
        new_game(board, bar, rows, mode="deux")
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", outcome, timeout=ENGINE_TIMEOUT)
        expect(hint.locator(".chomp-family")).to_contain_text(f"«\u00a0{family}\u00a0»")
    # The square's only winning bite is (2, 2): it is chosen and shown eaten.
    new_game(board, "5×5", [5, 5, 5, 5, 5], mode="deux")
    board.get_by_role("button", name="Indice").click()
    expect(board.locator(".game-play")).to_contain_text(
        "ligne 2, colonne 2 (16 carrés mangés)", timeout=ENGINE_TIMEOUT
    )
    expect(board.locator(".chomp-square.is-chosen")).to_have_count(16)
    new_game(board, "5 3 1", [5, 3, 1], mode="deux")
    board.get_by_role("button", name="Indice").click()
    expect(hint.locator(".chomp-family")).to_contain_text("Aucune famille", timeout=ENGINE_TIMEOUT)


def test_hovering_previews_the_bite(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "4×7", [7, 7, 7, 7], mode="deux")
    square(board, 2, 4).hover()
    expect(board.locator(".chomp-square.is-previewed")).to_have_count(6)  # rows 3–4, columns 5–7
    expect(board.locator(".chomp-square.is-poisoned")).to_have_text("☠")
    expect(board.locator(".chomp-square.is-poisoned")).to_have_attribute(
        "aria-label", re.compile("empoisonné")
    )
    square(board, 2, 4).click()
    board.locator(".game-play").click()
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [7, 7, 4, 4]
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.")


def test_illegal_actions_change_nothing(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "3×4", [4, 4, 4])
    message = board.locator(".board-message")
    board.locator(".game-play").dispatch_event("click")
    expect(message).to_contain_text("Choisissez d’abord un coup")
    square(board, 0, 0).click()
    expect(message).to_contain_text("Le carré empoisonné ne se croque pas")
    assert position(board) == [4, 4, 4]
    expect(board).to_have_attribute("data-turn", "humain")
    for bad, fragment in [
        ("11×3", "10 lignes et 10 colonnes au plus"),
        ("3 5", "plus longue que la rangée 1"),
        ("12 3", "10 au plus"),
        ("1 1 1 1 1 1 1 1 1 1 1", "trop de rangées (11)"),
        ("1×1", "rien à jouer"),
        ("3 0", "au moins un carré"),
        ("trois", "«\u00a0trois\u00a0»"),
        ("", "indiquez la tablette"),
    ]:
        board.locator("input[name=tablette]").fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment)
        assert position(board) == [4, 4, 4]


def test_the_position_lives_in_the_url(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE + "?chomp=5-3-1")
    assert position(board) == [5, 3, 1]
    expect(board.locator("input[name=tablette]")).to_have_value("5 3 1")
    new_game(board, "3×8", [8, 8, 8])
    assert "chomp=8-8-8" in page.url
    board = open_board(page, page.url)
    assert position(board) == [8, 8, 8]
    expect(board.locator("input[name=tablette]")).to_have_value("3×8")
    for bad in ("4-x", "3-5", "11-11"):
        board = open_board(page, site_url + PAGE + f"?chomp={bad}")
        expect(board.locator(".board-message")).to_contain_text("Adresse ignorée")
        assert position(board) == [7, 7, 7, 7]


def test_a_whole_game_with_the_keyboard_only(site_page, site_url):
    """Set up, aim with the arrow keys, bite with Enter: the human wins [4, 4] with no click."""
    page = site_page
    board = open_board(page, site_url + PAGE)
    field = board.locator("input[name=tablette]")
    field.focus()  # where Tab would bring the reader
    page.keyboard.press("Control+A")
    page.keyboard.type("2×4")
    page.keyboard.press("Enter")  # submits the form
    expect(board).to_have_attribute("data-position", "[4,4]")
    for _ in range(12):
        if page.evaluate("document.activeElement.classList.contains('chomp-square')"):
            break
        page.keyboard.press("Shift+Tab")
    squares_in_tab_order = board.locator('.chomp-square[tabindex="0"]')
    expect(squares_in_tab_order).to_have_count(1)  # roving tabindex: one Tab stop for the bar

    def cursor():
        return page.evaluate(
            "() => { const e = document.activeElement;"
            " return e.classList.contains('chomp-square') ? [Number(e.dataset.row), Number(e.dataset.column)] : null; }"
        )

    for _ in range(10):
        if board.get_attribute("data-turn") == "fin":
            break
        row, column = two_row_bite(position(board))
        for _ in range(20):
            here = cursor()
            assert here is not None, "the keyboard focus left the bar"
            if here == [row, column]:
                break
            key = (
                "ArrowUp"
                if here[0] < row
                else "ArrowDown"
                if here[0] > row
                else "ArrowRight"
                if here[1] < column
                else "ArrowLeft"
            )
            page.keyboard.press(key)
        assert cursor() == [row, column]
        expect(board.locator(".chomp-square.is-previewed").first).to_be_visible()
        page.keyboard.press("Enter")
        expect(board.locator(".game-play")).to_contain_text(
            f"ligne {row + 1}, colonne {column + 1}"
        )
        page.keyboard.press("Enter")
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text("Vous avez gagné")
