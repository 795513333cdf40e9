"""The Fibonacci-Nim board (fibonacci.js), on the shared game controller (game.js).

Its own: the heap of tokens, the takes nimcore lists and refuses, the limit
line, the Zeckendorf hint table, the setup form (a fresh heap of N tokens),
the short codes of its address, the keyboard, and the moves offered, which
are exactly nimcore's.
"""

import pytest
from boardtest import (
    ENGINE_TIMEOUT,
    expect_losing_hint,
    force_click,
    position,
    remount,
    start,
    wait_for_address,
    wait_for_my_turn,
)
from boardtest import open_board as open_any_board
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def open_board(page, url, shows=None):
    return open_any_board(page, url, "fibonacci", ".fibonacci-token", shows)


def new_game(board, tokens, **common):
    start(board, {"tokens": str(tokens)}, [tokens, tokens - 1], **common)


def token(board, take):
    """The token that takes *take* tokens (it and those after it)."""
    return board.locator(f".fibonacci-token[data-gesture='{{\"take\":{take}}}']")


def take(board, amount):
    button = token(board, amount)
    button.click()
    button.click()  # choosing the same move again plays it


def test_the_hint_of_a_fibonacci_number_says_why_it_loses(file_page, site_url):
    board = open_board(file_page, site_url + "fibonacci/")
    new_game(board, 13)
    # Why it is lost: 13 is its own Zeckendorf writing, too big to take, and every move leaves a takeable term.
    expect_losing_hint(
        board,
        "13 est un nombre de Fibonacci\u00a0: son écriture de Zeckendorf est ce seul terme"
        " (mot 100000)",
        "Quel que soit le retrait x",
    )
    # Said once: no note before the explanation repeats the writing.
    expect(board.locator(".game-hint")).not_to_contain_text("le plus petit terme est 13")
    expect(board.locator(".fibonacci-limit")).to_have_text(
        "Un tas de 13 jetons, au plus 12 jetons à prendre"
    )


def test_the_hint_writes_the_heap_in_zeckendorf_form(file_page, site_url):
    board = open_board(file_page, site_url + "fibonacci/")
    new_game(board, 24)
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    hint = board.locator(".game-hint")
    expect(hint).to_contain_text("24 = 21 + 3\u00a0: c'est l'écriture de Zeckendorf de 24")
    expect(hint).to_contain_text("Son plus petit terme est 3")
    word = hint.locator("table.fibonacci-word")
    expect(word.locator("caption")).to_have_text("Écriture de Zeckendorf de 24")
    expect(word.locator("thead th")).to_have_text(
        ["Fibonacci", "21", "13", "8", "5", "3", "2", "1"]
    )
    expect(word.locator("td")).to_have_text(["1", "0", "0", "0", "1", "0", "0"])
    expect(word.locator("td.is-smallest")).to_have_text("1")
    expect(word.locator("th.is-smallest")).to_have_text("3")
    # The hint's move is chosen: three tokens are marked, and « Jouer » plays it.
    expect(board.locator(".fibonacci-token[data-hinted]")).to_have_count(3)
    expect(board.locator(".game-play")).to_have_text("Jouer\u00a0: retirer 3 jetons (24 → 21)")


def test_tokens_take_from_the_end_and_the_position_follows(file_page, site_url):
    board = open_board(file_page, site_url + "fibonacci/")
    new_game(board, 24, mode="deux")
    tokens = board.locator(".fibonacci-token")
    expect(tokens).to_have_count(24)
    tokens.nth(21).click()  # the third token from the end: take 3
    expect(board.locator('.fibonacci-token[aria-pressed="true"]')).to_have_count(3)
    board.locator(".game-play").click()
    # Shown at once, then checked by nimcore: 21 tokens, at most 2 × 3 = 6 to take.
    expect(board).to_have_attribute("data-position", "[21,6]")
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".fibonacci-limit")).to_have_text(
        "Un tas de 21 jetons, au plus 6 jetons à prendre"
    )
    expect(board.locator(".fibonacci-token:not(.is-forbidden)")).to_have_count(6)
    expect(board.locator(".fibonacci-token.is-forbidden")).to_have_count(15)
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.")
    take(board, 6)
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [15, 12]


def test_illegal_actions_change_nothing(file_page, site_url):
    board = open_board(file_page, site_url + "fibonacci/")
    new_game(board, 24)
    message = board.locator(".board-message")
    # « Jouer » with nothing chosen: test_boards.py. The first move may not take the whole heap: marked, and refused in nimcore's words.
    first = board.locator(".fibonacci-token").first
    expect(first).to_have_attribute("aria-disabled", "true")
    force_click(first)
    expect(message).to_have_text(
        "Coup refusé\u00a0: Impossible de retirer 24 jetons\u00a0: la limite est de 23."
    )
    assert position(board) == [24, 23]
    for bad, fragment in [
        ("101", "hors limites"),  # the form as typed, read by nimcore
        ("douze", "«\u00a0douze\u00a0» n'est pas un nombre entier"),
        ("1", "déjà finie"),  # one token: nothing may be taken
        ("0", "au moins un jeton"),
    ]:
        board.locator("input[name=tokens]").fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text("Partie non lancée")
        expect(message).to_contain_text(fragment, timeout=ENGINE_TIMEOUT)
        assert position(board) == [24, 23]
    # After taking 3, at most 6: the seventh token from the end is refused.
    take(board, 3)
    wait_for_my_turn(board)
    n, p = position(board)
    force_click(board.locator(".fibonacci-token").nth(n - p - 1))
    expect(message).to_contain_text(f"la limite est de {p}")
    assert position(board) == [n, p]


def test_the_position_lives_in_the_url(file_page, site_url):
    page = file_page
    board = open_board(page, site_url + "fibonacci/?fibonacci=21-6", shows=[21, 6])
    expect(board.locator(".fibonacci-limit")).to_have_text(
        "Un tas de 21 jetons, au plus 6 jetons à prendre"
    )
    new_game(board, 30)
    wait_for_address(page, query="fibonacci=30")  # a fresh heap: its number of tokens
    # A fresh board reads it back (malformed addresses: test_boards.py).
    board = remount(page, "fibonacci", "30")
    expect(board).to_have_attribute("data-position", "[30,29]", timeout=ENGINE_TIMEOUT)


def test_a_move_with_the_keyboard_only(file_page, site_url):
    """The heap is one Tab stop; the arrows go from token to token among those that may be taken."""
    page = file_page
    board = open_board(page, site_url + "fibonacci/")
    new_game(board, 24)
    board.locator(".fibonacci-limit").click()  # a starting point for Tab
    page.keyboard.press("Tab")

    def focused():
        return page.evaluate("document.activeElement.getAttribute('aria-label')")

    assert focused() == "retirer 1 jeton (24\u00a0→\u00a023)"  # the last token
    page.keyboard.press("ArrowLeft")
    assert focused() == "retirer 2 jetons (24\u00a0→\u00a022)"
    # The heap wraps (two lines here): Up goes to the line drawn above, Down back.
    page.keyboard.press("ArrowUp")
    assert focused() != "retirer 2 jetons (24\u00a0→\u00a022)"
    page.keyboard.press("ArrowDown")
    assert focused() == "retirer 2 jetons (24\u00a0→\u00a022)"
    page.keyboard.press("ArrowLeft")
    assert focused() == "retirer 3 jetons (24\u00a0→\u00a021)"
    page.keyboard.press("Home")
    assert focused() == "retirer 23 jetons (24\u00a0→\u00a01)"  # the first token may not be taken
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(board.locator(".game-play")).to_have_text("Jouer\u00a0: retirer 3 jetons (24 → 21)")
    page.keyboard.press("Escape")  # forgotten…
    expect(board.locator(".game-play")).to_have_text("Jouer")
    page.keyboard.press("Enter")  # …chosen again, the focus still on the token
    expect(board.locator(".game-play")).to_have_text("Jouer\u00a0: retirer 3 jetons (24 → 21)")
    page.keyboard.press("Enter")
    wait_for_my_turn(board)
    assert position(board)[0] < 21  # the computer has answered
    # Back to the reader: the heap's Tab stop is on a token that may be taken.
    assert board.locator('.fibonacci-token[tabindex="0"]').get_attribute("aria-disabled") is None


def test_on_a_phone_the_arrows_follow_the_lines_of_the_heap(site_page, site_url):
    """At 390 px a heap of 30 tokens wraps: Up and Down go to the line drawn above or below,
    to the token under the focus (Left and Right along the heap)."""
    page = site_page
    page.set_viewport_size({"width": 390, "height": 844})
    board = open_board(page, site_url + "fibonacci/?fibonacci=30", shows=[30, 29])
    tokens = board.locator(".fibonacci-token")
    tops = tokens.evaluate_all("all => all.map(t => Math.round(t.getBoundingClientRect().top))")
    per_line = tops.count(tops[0])
    assert 1 < per_line < 30  # the heap wraps
    tokens.nth(2).focus()

    def index():
        return page.evaluate(
            "() => [...document.querySelectorAll('.fibonacci-token')].indexOf(document.activeElement)"
        )

    for key, expected in [
        ("ArrowDown", 2 + per_line),
        ("ArrowDown", 2 + 2 * per_line),
        ("ArrowUp", 2 + per_line),
        ("ArrowRight", 3 + per_line),
        ("ArrowUp", 3),
    ]:
        page.keyboard.press(key)
        assert index() == expected, key
