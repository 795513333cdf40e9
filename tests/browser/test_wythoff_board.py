"""The Wythoff board, on the shared game controller (game.js)."""

import json
import re

import pytest
from boardtest import (
    ENGINE_TIMEOUT,
    ask_hint,
    expect_losing_hint,
    expect_refused,
    expect_url_refused,
    expect_winner,
    follow_hints,
    position,
    wait_for_my_turn,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def open_board(page, url):
    page.goto(url)
    board = page.locator('[data-board="wythoff"]')
    expect(board.locator(".wythoff-token").first).to_be_visible()
    return board


def new_game(board, heaps, *, mode="ordinateur", level="parfait", first="vous"):
    board.locator("input[name=tas]").fill(heaps)
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=niveau]").select_option(level)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute(
        "data-position", json.dumps([int(x) for x in heaps.split()]).replace(" ", "")
    )


def take_one(board):
    a, b = position(board)
    heap, size = (0, a) if a else (1, b)
    token = board.locator(".wythoff-heap").nth(heap).locator(".wythoff-token").nth(size - 1)
    token.click()
    token.click()  # choosing the same move again plays it


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    board = open_board(site_page, site_url + "wythoff/")
    new_game(board, "3 5")
    # Why it is lost: (3, 5) is Beatty's pair number 2, alone on its line, column and diagonal.
    expect_losing_hint(
        board, "(3, 5) est la paire n° 2", "chaque ligne, chaque colonne et chaque diagonale"
    )
    for _ in range(12):
        if board.get_attribute("data-turn") == "fin":
            break
        take_one(board)
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("L’ordinateur a gagné")


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    board = open_board(site_page, site_url + "wythoff/")
    new_game(board, "9 4")
    # Why 9 → 7 wins, in the chapter's words: each heap's Beatty pair, and the pair reached.
    hint = ask_hint(board, "N")
    expect(hint.locator(".game-verdict")).to_contain_text("retirer 2 jetons du tas 1 (9 → 7)")
    expect(hint).to_contain_text("(⌊kφ⌋, ⌊kφ²⌋) = (⌊kφ⌋, ⌊kφ⌋ + k)")
    expect(hint).to_contain_text(
        "Le tas 1 (9) vaut ⌊6φ⌋\u00a0: il appartient à la paire n° 6, (9, 15)"
    )
    expect(hint).to_contain_text(
        "le tas 2 (4) vaut ⌊3φ⌋\u00a0: il appartient à la paire n° 3, (4, 7)"
    )
    expect(hint).to_contain_text("vous atteignez la paire n° 3, (4, 7)")
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: retirer 2 jetons du tas 1 (9 → 7)"
    )
    follow_hints(board, rounds=12)
    expect_winner(board, "humain")


def test_the_queen_moves_on_the_lattice(site_page, site_url):
    board = open_board(site_page, site_url + "wythoff/")
    new_game(board, "6 9", mode="deux")
    cell = board.get_by_role("button", name=re.compile(r"aller en \(3, 6\)"))
    cell.click()
    board.locator(".game-play").click()
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [3, 6]
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.")


def test_illegal_actions_change_nothing(site_page, site_url):
    board = open_board(site_page, site_url + "wythoff/")
    new_game(board, "4 7")
    message = board.locator(".board-message")
    board.locator(".game-play").dispatch_event("click")
    expect(message).to_contain_text("Choisissez d’abord un coup")
    # Cells the queen cannot reach: a click says why, and chooses nothing.
    for (x, y), fragment in [
        (
            (3, 5),
            "Impossible d’aller en (3, 5)\u00a0: ce serait retirer 1 jeton du tas 1 et 2 jetons du tas 2",
        ),
        ((5, 7), "il n’en ajoute jamais"),
        ((4, 7), "La dame est déjà en (4, 7)"),
    ]:
        board.locator(f'.wythoff-cell[data-x="{x}"][data-y="{y}"]').click()
        expect_refused(board, fragment, [4, 7])
        expect(board.locator(".game-play")).to_have_text("Jouer")
    for bad, fragment in [
        ("4", "au moins 2"),
        ("4 x", "«\u00a0x\u00a0»"),
        ("4 99", "hors limites"),
        ("0 0", "au moins un jeton"),
    ]:
        board.locator("input[name=tas]").fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment)
        assert position(board) == [4, 7]


def test_the_position_lives_in_the_url(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + "wythoff/?wythoff=2-7")
    assert position(board) == [2, 7]
    new_game(board, "6 11")
    assert "wythoff=6-11" in page.url
    board = open_board(page, page.url)
    assert position(board) == [6, 11]
    # Malformed, too large, three heaps, nothing to play: refused, the page's own position instead.
    for bad in ("deux-sept", "25-3", "2-7-9", "0-0"):
        expect_url_refused(
            page, site_url + f"wythoff/?wythoff={bad}", "wythoff", ".wythoff-token", [5, 8]
        )


def test_the_beginner_can_be_beaten_from_a_losing_start(site_page, site_url):
    """From a P-position against the beginner, hints eventually let the human win."""
    board = open_board(site_page, site_url + "wythoff/")
    for _attempt in range(6):
        new_game(board, "8 13", level="debutant")
        for _ in range(20):
            if board.get_attribute("data-turn") == "fin":
                break
            board.get_by_role("button", name="Indice").click()
            expect(board).to_have_attribute("data-hint", re.compile("P|N"), timeout=ENGINE_TIMEOUT)
            if board.get_attribute("data-hint") == "P":
                take_one(board)
            else:
                board.locator(".game-play").click()
            wait_for_my_turn(board)
        if board.get_attribute("data-winner") == "humain":
            return
    pytest.fail("the beginner never erred in six games")
