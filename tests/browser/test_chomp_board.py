"""The Chomp board: what is its own (test_boards.py checks the contract of every board).

Its own: the poisoned square where nimcore's drawing puts it and refused in nimcore's words,
the bite previewed, the end (who must eat the poisoned square), the setup field (a rectangle
or row lengths, read by nimcore), the keyboard, and the 13×13 table.
"""

import json
import re

import pytest
from boardtest import ENGINE_TIMEOUT, force_click, position, small_targets, visit, wait_for_address
from playwright.sync_api import expect
from siteserver import FAILED_LOAD, guarded_context

pytestmark = pytest.mark.browser

PAGE = "jeux-mysterieux/"


def open_board(page, url):
    visit(page, url)
    board = page.locator('[data-key="chomp"]')
    # three boards on the page; the squares beyond the bar shown are hidden
    expect(board.locator(".chomp-square:not([hidden])").first).to_be_visible(timeout=20_000)
    return board


def new_game(board, bar, rows, *, mode="ordinateur"):
    board.locator("input[name=bar]").fill(bar)
    board.locator("select[name=adversaire]").select_option(mode)
    board.get_by_role("button", name="Nouvelle partie").click()
    # nimcore's view of the new game has come back (the page's start may be the same bar)
    expect(board).not_to_have_attribute("data-setup", "en-attente", timeout=ENGINE_TIMEOUT)
    expect(board).to_have_attribute(
        "data-position", json.dumps(rows).replace(" ", ""), timeout=ENGINE_TIMEOUT
    )


def square(board, row, column):
    return board.locator(f'.chomp-square[data-row="{row}"][data-col="{column}"]')


def test_the_hint_names_the_family(file_page, site_url):
    board = open_board(file_page, site_url + PAGE)
    hint = board.locator(".game-hint")
    for bar, rows, outcome, family in [
        ("5×5", [5, 5, 5, 5, 5], "N", "carré"),
        ("6 5", [6, 5], "P", "deux rangées"),
        ("4 1 1", [4, 1, 1], "N", "équerre"),
    ]:
        new_game(board, bar, rows, mode="deux")
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", outcome, timeout=ENGINE_TIMEOUT)
        expect(hint).to_contain_text(f"Famille reconnue\u00a0: «\u00a0{family}\u00a0»")
    # The square's only winning bite is (2, 2): it is chosen and shown eaten.
    new_game(board, "5×5", [5, 5, 5, 5, 5], mode="deux")
    board.get_by_role("button", name="Indice").click()
    expect(board.locator(".game-play")).to_contain_text(
        "ligne 2, colonne 2 (16 carrés mangés)", timeout=ENGINE_TIMEOUT
    )
    expect(board.locator(".chomp-square.is-chosen")).to_have_count(16)
    new_game(board, "5 3 1", [5, 3, 1], mode="deux")
    board.get_by_role("button", name="Indice").click()
    expect(hint).to_contain_text("Aucune famille", timeout=ENGINE_TIMEOUT)


def test_hovering_previews_the_bite(file_page, site_url):
    board = open_board(file_page, site_url + PAGE)
    new_game(board, "4×7", [7, 7, 7, 7], mode="deux")
    square(board, 2, 4).hover()
    expect(board.locator(".chomp-square.is-previewed")).to_have_count(6)  # rows 3–4, columns 5–7
    expect(board.locator(".chomp-square.is-poisoned")).to_have_text("☠")
    square(board, 2, 4).click()
    board.locator(".game-play").click()
    expect(board).to_have_attribute("data-position", "[7,7,4,4]", timeout=ENGINE_TIMEOUT)


def test_the_poison_and_bad_bars_are_refused_in_french(file_page, site_url):
    board = open_board(file_page, site_url + PAGE)
    new_game(board, "3×4", [4, 4, 4])
    message = board.locator(".board-message")
    force_click(square(board, 0, 0))  # aria-disabled: Playwright would wait for it
    expect(message).to_contain_text(
        "Le carré empoisonné (ligne\u00a01, colonne\u00a01) ne se croque pas".replace("\u00a0", " ")
    )
    assert position(board) == [4, 4, 4]
    for bad, fragment in [
        ("14×3", "13 rangées de 13 carrés au plus"),  # the board's drawing, said by nimcore
        ("14 3", "13 rangées de 13 carrés au plus"),
        ("trois", "Tablette\u00a0: «\u00a0trois\u00a0» n'est ni un rectangle"),
        ("3 5", "plus longue que la rangée 1"),  # the rule
        ("1×1", "déjà finie"),
    ]:
        board.locator("input[name=bar]").fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment, timeout=ENGINE_TIMEOUT)
        assert position(board) == [4, 4, 4]


def test_the_setup_field_shows_rectangles_as_rows_by_columns(file_page, site_url):
    page = file_page
    board = open_board(page, site_url + PAGE + "?chomp=5-3-1")
    expect(board).to_have_attribute("data-position", "[5,3,1]", timeout=ENGINE_TIMEOUT)
    expect(board.locator("input[name=bar]")).to_have_value("5 3 1")
    new_game(board, "3×8", [8, 8, 8])
    wait_for_address(page, "chomp=8-8-8")
    expect(board.locator("input[name=bar]")).to_have_value("3×8")
    expect(square(board, 2, 7)).to_have_attribute(
        "aria-label", re.compile("^croquer le carré ligne 3, colonne 8")
    )


def test_the_end_says_who_must_eat_the_poisoned_square(file_page, site_url):
    board = open_board(file_page, site_url + PAGE)
    new_game(board, "1 1", [1, 1], mode="deux")
    square(board, 1, 0).click()
    board.locator(".game-play").click()
    expect(board).to_have_attribute("data-turn", "fin", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".board-message")).to_have_text(
        "Le joueur 1 a gagné\u202f! Il ne reste que le carré empoisonné,"
        " et le joueur 2 doit le manger."
    )


def test_a_bite_with_the_keyboard_only(file_page, site_url):
    """The bar is one Tab stop; the arrows go from square to square, Up going up the bar."""
    page = file_page
    board = open_board(page, site_url + PAGE)
    new_game(board, "3×4", [4, 4, 4], mode="deux")
    board.locator(".game-rule").click()  # a starting point for Tab
    page.keyboard.press("Tab")

    def focused():
        return page.evaluate("document.activeElement.getAttribute('aria-label')")

    assert focused().startswith("croquer le carré ligne 3, colonne 4")  # the top row's last
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")
    assert focused() == "Carré ligne 1, colonne 1, empoisonné"
    expect(board.locator(".chomp-square.is-previewed")).to_have_count(0)  # no bite there
    page.keyboard.press("Enter")
    expect(board.locator(".board-message")).to_contain_text("ne se croque pas")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    assert focused().startswith("croquer le carré ligne 2, colonne 2")
    expect(board.locator(".chomp-square.is-previewed")).to_have_count(6)
    page.keyboard.press("Enter")
    expect(board.locator(".chomp-square.is-chosen")).to_have_count(6)
    page.keyboard.press("Escape")
    expect(board.locator(".chomp-square.is-chosen")).to_have_count(0)
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("data-position", "[4,1,1]", timeout=ENGINE_TIMEOUT)


def test_the_largest_bar_keeps_24_px_squares_on_a_phone(file_page, site_url):
    """13 × 13 is where a square may be under 44 px: at 390 px each stays 24 px or more
    (WCAG 2.5.8), and the page does not scroll sideways; the page's 4 × 7 has 44 px squares."""
    page = file_page
    page.set_viewport_size({"width": 390, "height": 844})
    board = open_board(page, site_url + PAGE)
    assert small_targets(board.locator(".chomp-bar")) == []
    new_game(board, "13×13", [13] * 13, mode="deux")
    assert small_targets(board.locator(".chomp-bar"), 24) == []
    expect(board.locator(".chomp-scroll-cue")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


#: A bar of 13 rows (the last of 12 squares): no family, answered from nimcore's 13×13 table.
BIG = [13] * 12 + [12]


def table_requests(page):
    """Requests of Chomp's table (served apart from the wheel), recorded from now on."""
    seen = []
    page.on("request", lambda request: "/runtime/chomp13-" in request.url and seen.append(request))
    return seen


def test_the_13x13_table_is_fetched_by_the_first_chomp_request_only(site_page, site_url):
    page = site_page
    seen = table_requests(page)
    page.goto(site_url + "nim/")
    expect(page.locator("[data-board] .board-status").first).to_have_attribute(
        "data-state", "ready", timeout=ENGINE_TIMEOUT
    )
    board = open_board(page, site_url + PAGE)
    expect(board.locator(".board-status")).to_have_attribute(
        "data-state", "ready", timeout=ENGINE_TIMEOUT
    )
    assert seen == []  # a page with a Chomp board, but no request for Chomp yet
    new_game(board, " ".join(map(str, BIG)), BIG)
    expect(board.locator(".chomp-square:visible")).to_have_count(13 * 12 + 12)
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".game-hint")).to_contain_text("carré 13×13")
    board.locator(".game-play").click()  # the hinted bite; the computer answers
    expect(board).to_have_attribute("data-turn", re.compile("humain|fin"), timeout=ENGINE_TIMEOUT)
    expect(board.locator(".game-turn")).to_contain_text("L’ordinateur a joué")
    assert len(seen) == 1


def test_without_its_table_chomp_says_so_and_tries_again(browser, site_url):
    """The table cannot be fetched: families still answer, the rest is refused in French."""
    context, page, watcher = guarded_context(browser, site_url, allow=(FAILED_LOAD,))
    blocked = {"on": True}

    def table(route):
        if blocked["on"]:
            route.abort()
        else:
            route.continue_()

    context.route("**/runtime/chomp13-*", table)
    board = open_board(page, site_url + PAGE)
    new_game(board, "5×5", [5, 5, 5, 5, 5], mode="deux")  # a family: no table needed
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    bar = [13, 13, 12, 11, 9, 7, 5, 3]  # too large for a search: only the table answers
    new_game(board, " ".join(map(str, bar)), bar, mode="deux")
    board.get_by_role("button", name="Indice").click()
    expect(board.locator(".board-message")).to_contain_text(
        "Indice indisponible", timeout=ENGINE_TIMEOUT
    )
    expect(board.locator(".board-message")).to_contain_text("pas encore chargée")
    expect(board.locator(".board-status")).to_have_attribute("data-state", "ready")
    blocked["on"] = False
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", re.compile("^[PN]$"), timeout=ENGINE_TIMEOUT)
    context.close()
    assert (watcher.foreign, watcher.errors) == ([], [])
