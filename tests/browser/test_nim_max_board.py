"""The « Nim à K maximum » board (VanLoGo), on game.js and the shared heaps drawing (heaps.js)."""

import json

import pytest
from boardtest import ENGINE_TIMEOUT, draw_random, expect_losing_hint, position, wait_for_my_turn
from playwright.sync_api import expect

from nimcore import subtraction

pytestmark = pytest.mark.browser

PAGE_TIMEOUT = 30_000
PAGE = "sprague-grundy/"


def open_board(page, url):
    page.goto(url)
    board = page.locator('[data-board="nim-max"]')
    # The board needs no engine to be drawn; the margin is for a busy machine loading the page.
    expect(board.locator(".heaps-match").first).to_be_visible(timeout=PAGE_TIMEOUT)
    return board


def new_game(
    board, heaps, k="3", *, misere=False, mode="ordinateur", level="parfait", first="vous"
):
    board.locator("input[name=tas]").fill(heaps)
    board.locator("input[name=k]").fill(k)
    board.locator("select[name=convention]").select_option("misere" if misere else "normale")
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=niveau]").select_option(level)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    if first == "vous":
        expect(board).to_have_attribute(
            "data-position", json.dumps([int(x) for x in heaps.split()]).replace(" ", "")
        )


def take_one(board):
    heap = next(i for i, size in enumerate(position(board)) if size > 0)
    match = board.locator(f'.heaps-row[data-heap="{heap}"] .heaps-match[data-take="1"]')
    match.click()
    match.click()  # choosing the same move again plays it


def follow_hints(board, rounds=40):
    for _ in range(rounds):
        if board.get_attribute("data-turn") == "fin":
            break
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
        board.locator(".game-play").click()
        wait_for_my_turn(board)


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    assert subtraction.nim_max_analyse([5, 3, 2], 2).outcome == "P"  # 2 ⊕ 0 ⊕ 2 = 0
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "5 3 2", "2")
    # Why it is lost: the nimbers x mod (K + 1) = x mod 3 have nim-sum 0, and every move changes one.
    expect_losing_hint(board, "5 mod 3 = 2", "2 ⊕ 0 ⊕ 2 = 0", "Un coup change le nimber")
    for _ in range(12):
        if board.get_attribute("data-turn") == "fin":
            break
        take_one(board)
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("L’ordinateur a gagné")


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    assert position(board) == [9, 6, 4]  # the chapter's exercise, K = 3
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    table = board.locator(".game-hint table.heaps-nimbers")
    expect(table).to_contain_text("x mod 4")
    expect(table.locator("tfoot")).to_contain_text("1 ⊕ 2 ⊕ 0 = 3")
    # The recommended heap is the one whose nimber has the leading bit of the sum.
    expect(table.locator("tr.is-best th")).to_have_text("Tas 2")
    expect(board.locator(".heaps-match[data-hinted]")).to_have_count(1)
    follow_hints(board)
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text("Vous avez gagné")


def test_misere_with_the_computer_first(site_page, site_url):
    """(9, 8, 6), K = 3, misère: the computer starts from an N-position and wins."""
    assert subtraction.nim_max_analyse([9, 8, 6], 3, misere=True).outcome == "N"
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "9 8 6", "3", misere=True, first="autre")
    for _ in range(20):
        wait_for_my_turn(board)
        if board.get_attribute("data-turn") == "fin":
            break
        take_one(board)
    wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("variante misère")


def test_illegal_actions_change_nothing(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "7 5", "3")
    message = board.locator(".board-message")
    too_many = board.locator('.heaps-row[data-heap="0"] .heaps-match[data-take="4"]')
    expect(too_many).to_have_attribute("aria-disabled", "true")
    # aria-disabled: Playwright would wait for it to be enabled. Centre it first,
    # out of the way of the sticky header, since a forced click skips that check.
    too_many.evaluate("button => button.scrollIntoView({block: 'center'})")
    too_many.click(force=True)
    expect(message).to_contain_text(
        "Retirer 4 allumettes n’est pas permis\u00a0: au plus 3 allumettes par coup."
    )
    assert position(board) == [7, 5]
    expect(board.locator(".heaps-match[aria-pressed=true]")).to_have_count(0)
    for heaps, k, fragment in [
        ("1 2 3 4 5 6 7", "3", "6 au plus"),
        ("21 3", "3", "hors limites"),
        ("0 0", "3", "au moins une allumette"),
        ("4 5", "0", "K doit être un nombre entier de 1 à 20"),
        ("4 5", "trois", "«\u00a0trois\u00a0»"),
    ]:
        board.locator("input[name=tas]").fill(heaps)
        board.locator("input[name=k]").fill(k)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text("Partie non lancée")
        expect(message).to_contain_text(fragment)
        assert position(board) == [7, 5]


def test_the_position_lives_in_the_url(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE + "?nim-max=10-8-6_k3_misere")
    assert position(board) == [10, 8, 6]
    expect(board.locator("input[name=k]")).to_have_value("3")
    expect(board.locator("select[name=convention]")).to_have_value("misere")
    new_game(board, "4 0 11 2", "5")
    assert "nim-max=4-0-11-2_k5" in page.url and "misere" not in page.url
    board = open_board(page, page.url)
    assert position(board) == [4, 0, 11, 2]
    expect(board.locator("input[name=k]")).to_have_value("5")
    for bad in ["dix_k3", "10-8-6", "10-8-6_k0", "1-2-3-4-5-6-7_k3"]:
        board = open_board(page, site_url + PAGE + "?nim-max=" + bad)
        expect(board.locator(".board-message")).to_contain_text("Adresse ignorée")
        assert position(board) == [9, 6, 4]


def test_a_move_with_the_keyboard_only(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE)
    new_game(board, "6 5", "2", mode="deux")
    expect(board.locator('.heaps-match[tabindex="0"]')).to_have_count(
        1
    )  # the heaps are one Tab stop
    board.locator('.heaps-row[data-heap="0"] .heaps-match[data-take="2"]').focus()
    page.keyboard.press("ArrowDown")  # to the second heap, same amount
    expect(page.locator(":focus")).to_have_attribute("data-heap", "1")
    page.keyboard.press("End")  # the last match: take 1
    expect(page.locator(":focus")).to_have_attribute("data-take", "1")
    page.keyboard.press("Home")  # back to the first allowed one: take 2
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [6, 3]
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.")


def test_random_starts_are_sometimes_p_and_sometimes_n(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    outcomes = set()
    for _ in range(30):
        draw_random(board)
        heaps = [int(x) for x in board.locator("input[name=tas]").input_value().split()]
        assert len(heaps) == 3 and all(0 <= size <= 20 for size in heaps)
        outcomes.add(subtraction.nim_max_analyse(heaps, 3).outcome)
        if outcomes == {"P", "N"}:
            break
    assert outcomes == {"P", "N"}
