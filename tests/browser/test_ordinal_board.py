"""The « Nim infini » board: what is its own (test_boards.py checks the contract of every board)."""

import pytest
from boardtest import (
    ENGINE_TIMEOUT,
    expect_refused,
    force_click,
    keyboard_path,
    open_board,
    position,
    remount,
    start,
    wait_for_address,
    wait_for_my_turn,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGE = "nim-infini/"
DEFAULT = ["w^2+3", "w*2+5", "7"]


def open_ordinal(page, url):
    return open_board(page, url, "ordinal", ".ordinal-pick")


def new_game(board, heaps, expected, **common):
    start(board, {"heaps": heaps}, expected, **common)


def type_value(board, heap, text):
    """Open heap *heap* (from 0) and choose the value *text* typed in its field."""
    board.locator(".ordinal-pick").nth(heap).click()
    field = board.locator("input[name=nouvelle-valeur]")
    field.fill(text)
    field.press("Enter")
    return field


def test_the_hint_table_and_its_move(file_page, site_url):
    board = open_ordinal(file_page, site_url + PAGE)
    expect(board.locator(".ordinal-pick").nth(0)).to_contain_text("ω²")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    table = board.locator(".game-hint table.ordinal")
    expect(table.locator("thead th")).to_have_text(["Tas", "ω²", "ω", "entiers"])
    expect(table.locator("tbody tr").nth(0).locator("th")).to_have_text("1\u00a0: ω² + 3")
    expect(table.locator("tbody tr").nth(0).locator("td")).to_have_text(["1", "0", "3"])
    expect(table.locator("tfoot td")).to_have_text(["1", "2", "1"])
    expect(board.locator(".game-hint")).to_contain_text(
        "Somme de Nim de la position\u00a0: ω² + ω·2 + 1"
    )
    # The hint's move opens heap 1 with its new value ω·2 + 2 in the steppers.
    expect(board.locator(".ordinal-editor .ordinal-coefficient")).to_have_text(["0", "2", "2"])
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: remplacer le tas 1 (ω² + 3) par ω·2 + 2"
    )


def test_a_typed_value_is_read_and_checked_by_nimcore(file_page, site_url):
    board = open_ordinal(file_page, site_url + PAGE)
    new_game(board, "w^2+3, w*2+5, 7", DEFAULT, mode="deux")
    message = board.locator(".board-message")
    field = type_value(board, 0, "2*w")
    expect(message).to_contain_text("le coefficient s'écrit après la puissance de ω")
    field.fill("w^2+5")
    field.press("Enter")
    expect(message).to_contain_text(
        "il faut le remplacer par un ordinal plus petit, pas par ω² + 5"
    )
    expect(board.locator(".game-play")).to_have_text("Jouer")
    assert position(board) == DEFAULT
    # Smaller, with coefficients that grow, typed with raised exponents or not: allowed.
    field.fill("ω·1000 + 6")
    field.press("Enter")
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: remplacer le tas 1 (ω² + 3) par ω·1000 + 6"
    )
    field.press("Enter")  # the same value again plays it
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.", timeout=ENGINE_TIMEOUT)
    assert position(board) == ["w*1000+6", "w*2+5", "7"]


def test_large_positions_are_played(file_page, site_url):
    """Six heaps up to ω³·1023 + … + 1023: no enumeration, the moves are checked at once."""
    big = "w^3*1023+w^2*1023+w*1023+1023"
    board = open_ordinal(file_page, site_url + PAGE)
    new_game(board, ", ".join([big] * 5 + ["w^3*7+5"]), [big] * 5 + ["w^3*7+5"], level="beginner")
    type_value(board, 0, "w^3*1022+w^2*1000")
    board.locator(".game-play").click()
    wait_for_my_turn(board)
    expect(board.locator(".game-turn")).to_contain_text("L’ordinateur a joué")
    mine = ["w^3*1022+w^2*1000"] + [big] * 4 + ["w^3*7+5"]
    changed = [index for index, heap in enumerate(position(board)) if heap != mine[index]]
    assert len(changed) == 1, position(board)  # the computer's move, after the reader's


def test_setups_are_read_by_nimcore_and_fit_the_board(file_page, site_url):
    board = open_ordinal(file_page, site_url + PAGE)
    new_game(board, "w, 12", ["w", "12"])
    for bad, fragment in [
        ("1, 2, 3, 4, 5, 6, 7", "6 tas au plus"),
        ("w^4, 1", "exposants de 0 à 3"),
        ("w+w^2", "exposants décroissants"),
        ("0, 0", "déjà finie"),
        ("w, ", "écrivez 0 pour un tas vide"),
    ]:
        board.locator("input[name=heaps]").fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect_refused(board, fragment, ["w", "12"])
        expect(board.locator(".board-message")).to_contain_text("Partie non lancée")


def test_the_position_lives_in_the_url(file_page, site_url):
    page = file_page
    board = open_ordinal(page, site_url + PAGE + "?ordinal=3.1_2.1_1.0")
    expect(board).to_have_attribute(
        "data-position", '["w*3+1","w*2+1","w"]', timeout=ENGINE_TIMEOUT
    )
    # The ASCII writing is read too (a fresh board, the address set as ?ordinal=w%2B1,3).
    board = remount(page, "ordinal", "w+1,3")
    expect(board).to_have_attribute("data-position", '["w+1","3"]', timeout=ENGINE_TIMEOUT)
    wait_for_address(page, query="ordinal=1.1_3")  # nimcore's code replaces the ASCII writing
    # Malformed addresses: test_boards.py (nimcore's refusals are unit-tested).


def test_a_move_with_the_keyboard_only(file_page, site_url):
    page = file_page
    board = open_ordinal(page, site_url + PAGE)
    new_game(board, "w^2+3, w*2+5, 7", DEFAULT, mode="deux")
    # The heaps are one Tab stop: Tab comes in on heap 1, Down goes to heap 2.
    expect(board.locator('.ordinal-pick[tabindex="0"]')).to_have_count(1)
    board.locator(".game-rule").click()
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('ordinal-pick')"):
            break
    assert page.evaluate("document.activeElement.dataset.key") == "tas-0"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # opens heap 2 (ω·2 + 5)
    expect(board.locator(".ordinal-editor")).to_be_visible()
    expect(board.locator(".ordinal-editor-title")).to_have_text(
        "Nouvelle valeur du tas 2 (ω·2 + 5)\u00a0:"
    )
    # The steppers, one Tab stop: « − » of ω first.
    keyboard_path(
        page,
        "document.activeElement.getAttribute('aria-label')",
        [
            ("Tab", "Coefficient de ω\u00a0: 2 moins 1"),
            ("ArrowRight", "Coefficient de ω\u00a0: 2 plus 1"),
            ("ArrowRight", "Coefficient de la partie finie\u00a0: 5 moins 1"),
        ],
    )
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: remplacer le tas 2 (ω·2 + 5) par ω + 5", timeout=ENGINE_TIMEOUT
    )
    for _ in range(10):  # on to « Choisir », which chooses the same value again: it plays
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == "Choisir":
            break
    page.keyboard.press("Enter")
    # Two players: the turn stays « humain », so wait for the position the move reaches.
    expect(board).to_have_attribute("data-position", '["w^2+3","w+5","7"]', timeout=ENGINE_TIMEOUT)
    expect(board).to_have_attribute("data-turn", "humain")


def test_a_coefficient_at_zero_and_an_empty_heap_are_refused_by_nimcore(file_page, site_url):
    board = open_ordinal(file_page, site_url + PAGE)
    new_game(board, "w^2+3, 0", ["w^2+3", "0"], mode="deux")
    message = board.locator(".board-message")
    force_click(board.locator(".ordinal-pick").nth(1))  # aria-disabled: nimcore says why
    expect(message).to_contain_text("Le tas 2 est vide\u00a0: choisissez un autre tas.")
    board.locator(".ordinal-pick").nth(0).click()
    minus = board.locator('.ordinal-step[data-key="moins-1"]')
    expect(minus).to_have_attribute("aria-disabled", "true")
    force_click(minus)
    expect(message).to_contain_text(
        "Le coefficient de ω vaut déjà 0\u00a0: il ne descend pas plus bas."
    )
    expect(board.locator(".game-play")).to_have_text("Jouer")
    # Up a coefficient past the heap, then down the top one: each draft checked by nimcore.
    board.locator('.ordinal-step[data-key="plus-1"]').click()
    expect(message).to_contain_text("il faut le remplacer par un ordinal plus petit")
    board.locator('.ordinal-step[data-key="moins-2"]').click()
    expect(board.locator(".ordinal-preview strong")).to_have_text("ω + 3")
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: remplacer le tas 1 (ω² + 3) par ω + 3", timeout=ENGINE_TIMEOUT
    )
    assert position(board) == ["w^2+3", "0"]
