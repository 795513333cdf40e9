"""The Moore (Nim_k) board, on the shared game controller (game.js)."""

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
)
from boardtest import open_board as open_any_board
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGE = "moore/"
DEFAULT = [6, 5, 7, 2]


def open_board(page, url):
    return open_any_board(page, url, "moore", ".moore-match")


def new_game(board, heaps, k, *, mode="ordinateur", level="parfait", first="vous"):
    expected = [int(x) for x in heaps.split()]
    start(board, {"tas": heaps, "k": str(k)}, expected, mode=mode, level=level, first=first)


def match(board, heap, index):
    return board.locator(f'.moore-match[data-heap="{heap}"][data-index="{index}"]')


def take_one_from_the_largest(board):
    heaps = position(board)
    largest = max(range(len(heaps)), key=lambda index: heaps[index])
    last = match(board, largest, heaps[largest] - 1)
    last.click()
    last.click()  # choosing the same move again plays it


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "7 7 7", 2)
    # Why it is lost: every base-2 column holds a multiple of k + 1 = 3 ones, and a move breaks one.
    expect_losing_hint(
        board, "Sommes des colonnes modulo k + 1 = 3", "cesse d'être un multiple de 3"
    )
    play_out(board, take_one_from_the_largest, rounds=25)
    expect_winner(board, "ordinateur")


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "6 5 7 2", 2)
    follow_hints(board, rounds=20)
    expect_winner(board, "humain")


def test_the_hint_shows_the_columns_modulo_k_plus_one(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "11 9 7", 2, mode="deux")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    table = board.locator(".moore-binary")
    expect(table.locator("thead th")).to_have_text(["Tas", "8", "4", "2", "1", "Coup conseillé"])
    expect(table.locator("tbody tr").nth(0)).to_contain_text("1011")
    expect(table.locator("tfoot tr").nth(0).locator("td")).to_have_text(["2", "1", "2", "3", ""])
    expect(table.locator("tfoot tr").nth(1).locator("td")).to_have_text(["2", "1", "2", "0", ""])
    expect(table.locator(".is-nonzero")).to_have_count(3)
    expect(table.locator("tr.is-touched")).to_have_count(2)
    expect(board.locator(".game-hint")).to_contain_text("2120")
    # The hint's move is the one prepared: 4 from heap 1 and 2 from heap 2, to (7, 7, 7).
    expect(board.locator(".game-play")).to_contain_text(
        "4 allumettes du tas 1 (11 → 7) et 2 allumettes du tas 2 (9 → 7)"
    )
    expect(board.locator('.moore-match[aria-pressed="true"]')).to_have_count(6)
    new_game(board, "2 3 3 1", 2, mode="deux")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "P", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".moore-binary tfoot tr").nth(1).locator("td")).to_have_text(["0", "0"])


def test_a_move_in_several_heaps(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "6 5 7 2", 2, mode="deux")
    match(board, 0, 2).click()  # 4 from heap 1
    match(board, 2, 5).click()  # 2 from heap 3
    play = board.locator(".game-play")
    expect(play).to_contain_text(
        "retirer 4 allumettes du tas 1 (6 → 2) et 2 allumettes du tas 3 (7 → 5)"
    )
    stepper = board.locator(".moore-heap").nth(2).locator(".moore-step")
    stepper.nth(1).click()  # « + »: one more from heap 3
    expect(play).to_contain_text("3 allumettes du tas 3 (7 → 4)")
    board.locator(".moore-heap").nth(0).locator(".moore-step").nth(
        0
    ).click()  # « − »: one fewer from heap 1
    expect(play).to_contain_text(
        "retirer 3 allumettes du tas 1 (6 → 3) et 3 allumettes du tas 3 (7 → 4)"
    )
    expect(board.locator(".moore-heap.is-marked")).to_have_count(2)
    play.click()
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [3, 5, 4, 2]
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.")


def test_illegal_actions_change_nothing(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "6 5 7 2", 2)
    message = board.locator(".board-message")
    play = board.locator(".game-play")
    play.dispatch_event("click")
    expect(message).to_contain_text("Choisissez d’abord un coup")
    match(board, 0, 5).click()
    match(board, 1, 4).click()
    expect(play).to_contain_text("du tas 1 (6 → 5) et 1 allumette du tas 2 (5 → 4)")
    match(board, 2, 6).click()  # a third heap, with k = 2
    expect(message).to_contain_text("Un coup touche au plus 2 tas")
    expect(play).to_contain_text("du tas 1 (6 → 5) et 1 allumette du tas 2 (5 → 4)")
    expect(board.locator(".moore-heap.is-marked")).to_have_count(2)
    assert position(board) == [6, 5, 7, 2]
    for bad, fragment in [
        ("5", "au moins 2 tas"),
        ("1 2 3 4 5 6 7", "trop de tas (7)\u00a0: 6 au plus"),
        ("3 16", "entre 0 et 15"),
        ("3 x", "«\u00a0x\u00a0»"),
        ("0 0 0", "au moins une allumette"),
    ]:
        board.locator("input[name=tas]").fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment)
        assert position(board) == [6, 5, 7, 2]


def test_with_k_equal_to_one_a_new_heap_replaces_the_old(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "3 4 5", 1, mode="deux")
    match(board, 0, 1).click()
    match(board, 2, 0).click()
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: retirer 5 allumettes du tas 3 (5 → 0)"
    )
    expect(board.locator(".moore-heap.is-marked")).to_have_count(1)


def test_the_position_lives_in_the_url(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE + "?moore=k3-1-2-3-4")
    assert position(board) == [1, 2, 3, 4]
    expect(board.locator("select[name=k]")).to_have_value("3")
    new_game(board, "9 0 4", 2)
    assert "moore=k2-9-0-4" in page.url
    board = open_board(page, page.url)
    assert position(board) == [9, 0, 4]
    expect(board.locator(".moore-empty")).to_have_text("vide")
    for bad in ("k9-1-2", "k2-1", "trois-tas", "k2-20-1"):
        expect_url_refused(
            page, site_url + PAGE + f"?moore={bad}", "moore", ".moore-match", DEFAULT
        )


def test_the_selection_can_be_cleared(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE)
    new_game(board, "6 5 7 2", 2, mode="deux")
    clear = board.get_by_role("button", name="Effacer la sélection")
    expect(clear).to_be_disabled()  # nothing to clear yet
    play = board.locator(".game-play")
    match(board, 0, 2).click()
    match(board, 2, 5).click()
    expect(board.locator(".moore-heap.is-marked")).to_have_count(2)
    # A third heap is refused (k = 2)…
    match(board, 3, 1).click()
    expect_refused(board, "Un coup touche au plus 2 tas", DEFAULT)
    # …but once the selection is cleared, any heap can be marked.
    clear.click()
    expect(board.locator(".moore-heap.is-marked")).to_have_count(0)
    expect(board.locator('.moore-match[aria-pressed="true"]')).to_have_count(0)
    expect(play).to_have_text("Jouer")
    expect(play).to_be_disabled()
    expect(clear).to_be_disabled()
    expect(board.locator(".board-message")).to_have_text("")
    expect(board.locator(".moore-status")).to_contain_text("Marquez de 1 à 2 tas")
    assert position(board) == DEFAULT and board.get_attribute("data-turn") == "humain"
    match(board, 3, 1).click()
    expect(play).to_have_text("Jouer\u00a0: retirer 1 allumette du tas 4 (2 → 1)")
    # Escape clears too, from the keyboard; the focus stays on the match.
    match(board, 1, 0).focus()
    page.keyboard.press("Enter")
    expect(play).to_contain_text("5 allumettes du tas 2 (5 → 0) et 1 allumette du tas 4 (2 → 1)")
    page.keyboard.press("Escape")
    expect(board.locator(".moore-heap.is-marked")).to_have_count(0)
    expect(play).to_have_text("Jouer")
    expect(board.locator(".moore-match").and_(page.locator(":focus"))).to_have_count(1)
    assert position(board) == DEFAULT
    # Playing after a cleared selection plays the new one only.
    match(board, 2, 6).click()
    play.click()
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [6, 5, 6, 2]


def test_a_move_with_the_keyboard_only(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE)
    new_game(board, "6 5 7 2", 2, mode="deux")
    board.locator("input[name=tas]").focus()  # where Tab would bring the reader
    for _ in range(30):
        if page.evaluate("document.activeElement.classList.contains('moore-match')"):
            break
        page.keyboard.press("Shift+Tab")
    expect(board.locator('.moore-match[tabindex="0"]')).to_have_count(1)

    def cursor():
        return page.evaluate(
            "() => { const e = document.activeElement;"
            " return e.classList.contains('moore-match') ? [Number(e.dataset.heap), Number(e.dataset.index)] : null; }"
        )

    assert cursor() == [0, 5]  # the last match of the first heap
    page.keyboard.press("ArrowDown")
    assert cursor() == [1, 4]  # heap 2 has only 5 matches
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert cursor() == [2, 5]
    page.keyboard.press("Enter")  # 2 from heap 3
    expect(board.locator(".game-play")).to_contain_text("retirer 2 allumettes du tas 3 (7 → 5)")
    assert cursor() == [2, 5]  # the focus stays on the match
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # « − » then « + » of heap 3
    page.keyboard.press("Enter")
    expect(board.locator(".game-play")).to_contain_text("retirer 3 allumettes du tas 3 (7 → 4)")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    assert cursor() == [2, 5]
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # the same move twice: played
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [6, 5, 0, 2]
