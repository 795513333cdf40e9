"""The board of Grundy's game: what is its own (test_boards.py checks the contract of every board)."""

import json

import pytest
from boardtest import ENGINE_TIMEOUT, force_click, position
from boardtest import open_board as open_any_board
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGE = "jeux-mysterieux/"


def open_board(page, url):
    return open_any_board(page, url, "grundy", ".grundy-heap", key="grundy")


def new_game(board, heaps, *, mode="ordinateur"):
    board.locator("input[name=heaps]").fill(heaps)
    board.locator("select[name=adversaire]").select_option(mode)
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute(
        "data-position",
        json.dumps([int(x) for x in heaps.split()]).replace(" ", ""),
        timeout=ENGINE_TIMEOUT,
    )


def test_a_heap_opens_nimcores_splits(file_page, site_url):
    board = open_board(file_page, site_url + PAGE)
    new_game(board, "7 2", mode="deux")
    board.locator(".grundy-heap").first.click()
    splits = board.locator(".grundy-split")
    expect(splits).to_have_text(["7 → 1 + 6", "7 → 2 + 5", "7 → 3 + 4"])
    splits.nth(1).click()
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: partager le tas 1 en deux tas inégaux (7 → 2 + 5)"
    )
    board.locator(".game-play").click()
    expect(board).to_have_attribute("data-position", "[2,5,2]", timeout=ENGINE_TIMEOUT)
    # A heap of 2 has no split: nimcore says why.
    force_click(board.locator(".grundy-heap.is-stuck").first)  # aria-disabled
    expect(board.locator(".board-message")).to_contain_text(
        "Le tas 1 n'a que 2 allumettes\u00a0: il ne se partage pas en deux tas inégaux."
    )
    assert position(board) == [2, 5, 2]


def test_the_hint_gives_each_heaps_value(file_page, site_url):
    board = open_board(file_page, site_url + PAGE)
    new_game(board, "7 5", mode="deux")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    table = board.locator("table.grundy-nimbers")
    expect(table.locator("tbody td")).to_have_text(["7", "0", "5", "2"])
    expect(table.locator("tfoot")).to_contain_text("0 ⊕ 2 = 2")
    expect(board.locator(".grundy-split[data-hinted]")).to_have_count(1)


def test_the_setup_is_read_by_the_board_and_checked_by_nimcore(file_page, site_url):
    board = open_board(file_page, site_url + PAGE)
    message = board.locator(".board-message")
    for bad, fragment in [
        ("31", "hors limites"),
        ("1 2 3 4 5 6", "6 valeurs, c'est trop (5 au plus)"),
        ("2 1", "déjà finie"),
    ]:
        board.locator("input[name=heaps]").fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment, timeout=ENGINE_TIMEOUT)
        assert position(board) == [7, 12]


def test_the_heaps_and_splits_are_one_tab_stop_played_with_the_arrows(file_page, site_url):
    """Tab reaches the heaps once; Down goes to the next heap, Right opens it and walks its
    splits, Left goes back; Enter chooses, Enter again plays; Escape closes and forgets."""
    page = file_page
    board = open_board(page, site_url + PAGE)
    new_game(board, "2 7 12", mode="deux")
    expect(board.locator('.game-area [tabindex="0"]')).to_have_count(1)
    board.locator(".game-rule").click()
    for _ in range(6):
        page.keyboard.press("Tab")
        if board.locator(".grundy-heaps").evaluate(
            "group => group.contains(document.activeElement)"
        ):
            break
    key = "document.activeElement.dataset.key"
    assert page.evaluate(key) == "tas-1"  # the heap of 2 does not split: skipped
    page.keyboard.press("ArrowDown")
    assert page.evaluate(key) == "tas-2"
    page.keyboard.press("ArrowRight")  # opens heap 3, on its first split
    expect(board.locator(".grundy-split")).to_have_count(5)
    assert page.evaluate(key) == "partage-2-0"
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.textContent") == "12 → 4 + 8"
    page.keyboard.press("Enter")
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: partager le tas 3 en deux tas inégaux (12 → 4 + 8)"
    )
    expect(board.locator(".grundy-heap.is-open .grundy-count")).to_have_text("4 + 8")
    page.keyboard.press("Escape")  # closes the splits, forgets the split, back on the heap
    expect(board.locator(".grundy-split")).to_have_count(0)
    expect(board.locator(".game-play")).to_be_disabled()
    assert page.evaluate(key) == "tas-2"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")  # opens heap 2
    assert page.evaluate(key) == "partage-1-0"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("data-position", "[2,2,5,12]", timeout=ENGINE_TIMEOUT)
    expect(board.locator('.game-area [tabindex="0"]')).to_have_count(1)
    assert board.locator(".grundy-heaps").evaluate(
        "group => group.contains(document.activeElement)"
    )
    page.keyboard.press("Tab")
    assert not board.locator(".grundy-heaps").evaluate(
        "group => group.contains(document.activeElement)"
    )
