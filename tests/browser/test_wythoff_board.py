"""The Wythoff board (wythoff.js), on the shared game controller (game.js).

Its own: the two heaps and the queen on the lattice, both played by touch and
by arrow keys, nimcore's refusals of the cells the queen cannot reach, the hint
in Beatty's pairs, the setup form, the address, and the moves offered, which
are exactly nimcore's.
"""

import re

import pytest
from boardtest import (
    ENGINE_TIMEOUT,
    ask_hint,
    expect_losing_hint,
    expect_refused,
    expect_setup_refused,
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
    return open_any_board(page, url, "wythoff", ".wythoff-token", shows)


def new_game(board, heaps, **common):
    start(board, {"heaps": heaps}, [int(x) for x in heaps.split()], **common)


def take_one(board):
    a, b = position(board)
    heap, size = (0, a) if a else (1, b)
    token = board.locator(".wythoff-heap").nth(heap).locator(".wythoff-token").nth(size - 1)
    token.click()
    token.click()  # choosing the same move again plays it


def test_the_hint_of_a_p_position_names_its_beatty_pair(file_page, site_url):
    board = open_board(file_page, site_url + "wythoff/")
    new_game(board, "3 5")
    # Why it is lost: (3, 5) is Beatty's pair number 2, alone on its line, column and diagonal.
    expect_losing_hint(
        board, "(3, 5) est la paire n° 2", "chaque ligne, chaque colonne et chaque diagonale"
    )


def test_the_hint_reads_each_heap_as_a_beatty_pair(file_page, site_url):
    board = open_board(file_page, site_url + "wythoff/")
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
    expect(board.locator(".wythoff-token[data-hinted]")).to_have_count(2)
    expect(board.locator(".wythoff-cell.is-hinted")).to_have_count(1)


def test_the_queen_moves_on_the_lattice(file_page, site_url):
    board = open_board(file_page, site_url + "wythoff/")
    new_game(board, "6 9", mode="deux")
    # The lattice shows where the queen may go: x up to heap 1, y up to heap 2.
    expect(board.locator(".wythoff-cell")).to_have_count(7 * 10)
    cell = board.get_by_role("button", name=re.compile(r"Aller en \(3, 6\)"))
    expect(cell).to_have_accessible_name(
        "Aller en (3, 6)\u00a0: retirer 3 jetons de chaque tas (6 → 3 et 9 → 6)"
    )
    cell.click()
    expect(board.locator(".wythoff-cell.is-selected")).to_have_count(1)
    board.locator(".game-play").click()
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [3, 6]
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.")


def test_illegal_actions_change_nothing(file_page, site_url):
    board = open_board(file_page, site_url + "wythoff/")
    new_game(board, "4 7")
    # « Jouer » with nothing chosen: test_boards.py
    # Cells the queen cannot reach: a click shows nimcore's refusal, and chooses nothing.
    for (x, y), fragment in [
        (
            (3, 5),
            "Impossible d'aller en (3, 5)\u00a0: ce serait retirer 1 jeton du tas 1 et 2 jetons du tas 2",
        ),
        ((4, 7), "la position est déjà (4, 7)"),
    ]:
        cell = board.locator(f'.wythoff-cell[data-x="{x}"][data-y="{y}"]')
        expect(cell).to_have_attribute("aria-disabled", "true")
        force_click(cell)  # aria-disabled: Playwright would wait for it
        expect_refused(board, fragment, [4, 7])
        expect(board.locator(".game-play")).to_have_text("Jouer")
    for bad, fragment in [
        ("4", "au moins 2 tas"),  # the form as typed, read by nimcore
        ("4 x", "«\u00a0x\u00a0»"),
        ("4 99", "hors limites"),
        ("0 0", "déjà finie"),  # no move from there
    ]:
        expect_setup_refused(board, {"heaps": bad}, fragment, [4, 7])


def test_the_position_lives_in_the_url(file_page, site_url):
    page = file_page
    board = open_board(page, site_url + "wythoff/?wythoff=2-7", shows=[2, 7])
    new_game(board, "6 11")
    wait_for_address(page, "wythoff=6-11")
    # A fresh board reads it back (malformed addresses: test_boards.py).
    board = remount(page, "wythoff", "6-11")
    expect(board).to_have_attribute("data-position", "[6,11]", timeout=ENGINE_TIMEOUT)


def focused_label(page):
    return page.evaluate("document.activeElement.getAttribute('aria-label')")


def test_a_move_with_the_keyboard_only(file_page, site_url):
    """The tokens are one Tab stop and the lattice another; arrows move inside each."""
    page = file_page
    board = open_board(page, site_url + "wythoff/")
    new_game(board, "2 3", mode="deux")
    board.locator(".game-rule").click()  # a starting point for Tab
    page.keyboard.press("Tab")
    assert focused_label(page) == "Tas 1\u00a0: retirer 1 jeton du tas 1 (2\u00a0→\u00a01)"
    page.keyboard.press("ArrowLeft")
    assert focused_label(page) == "Tas 1\u00a0: retirer 2 jetons du tas 1 (2\u00a0→\u00a00)"
    page.keyboard.press("ArrowDown")  # to heap 2, the token under the focus
    assert focused_label(page) == "Tas 2\u00a0: retirer 3 jetons du tas 2 (3\u00a0→\u00a00)"
    page.keyboard.press("End")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    assert focused_label(page) == "Tas 1\u00a0: retirer 1 jeton du tas 1 (2\u00a0→\u00a01)"
    page.keyboard.press("Enter")
    play = board.locator(".game-play")
    expect(play).to_have_text("Jouer\u00a0: retirer 1 jeton du tas 1 (2 → 1)")
    page.keyboard.press("Escape")  # forgotten…
    expect(play).to_have_text("Jouer")
    page.keyboard.press("Enter")  # …chosen again, the focus still on the token
    expect(play).to_have_text("Jouer\u00a0: retirer 1 jeton du tas 1 (2 → 1)")
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [1, 3]
    # The lattice is the next Tab stop: from (1, 3), its stop is the cell next to the queen.
    board.locator(".game-rule").click()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert (
        focused_label(page) == "Aller en (0, 3)\u00a0: retirer 1 jeton du tas 1 (1\u00a0→\u00a00)"
    )
    page.keyboard.press("ArrowDown")  # (0, 2): along the diagonal from the queen
    assert focused_label(page).startswith("Aller en (0, 2)")
    page.keyboard.press("Enter")
    expect(play).to_have_text("Jouer\u00a0: retirer 1 jeton de chaque tas (1 → 0 et 3 → 2)")
    expect(board.locator(".wythoff-cell.is-selected")).to_have_attribute("data-y", "2")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")  # the queen's own cell: not a move, nimcore says why
    assert focused_label(page) == "Case (1, 3), celle de la dame"
    page.keyboard.press("Enter")
    expect(board.locator(".board-message")).to_contain_text("la position est déjà (1, 3)")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # the chosen cell again: played
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [0, 2]


def test_the_beginner_can_be_beaten_from_a_losing_start(file_page, site_url):
    """From a P-position against the beginner, hints eventually let the human win."""
    board = open_board(file_page, site_url + "wythoff/")
    for _attempt in range(6):
        new_game(board, "8 13", level="beginner")
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


def test_a_lattice_wider_than_a_phone_scrolls_and_says_so(file_page, site_url):
    """At 390 px the page's 5-8 fits with 44 px cells; 20-20 scrolls inside its frame, with a cue."""
    page = file_page
    page.set_viewport_size({"width": 390, "height": 844})
    board = open_board(page, site_url + "wythoff/")
    cell = board.locator(".wythoff-cell").first.bounding_box()
    assert cell is not None and min(cell["width"], cell["height"]) >= 44
    expect(board.locator(".wythoff-scroll-cue")).to_be_hidden()
    board = remount(page, "wythoff", "20-20")
    expect(board).to_have_attribute("data-position", "[20,20]", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".wythoff-scroll-cue")).to_be_visible()
    frame = board.locator(".wythoff-lattice-frame")
    assert frame.evaluate("frame => frame.scrollWidth > frame.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_on_a_phone_the_arrows_follow_the_lines_of_tokens(site_page, site_url):
    """At 390 px a heap of 9 tokens wraps: Up and Down go to the line drawn above or below,
    in the same heap first, to the token under the focus."""
    page = site_page
    page.set_viewport_size({"width": 390, "height": 844})
    board = open_board(page, site_url + "wythoff/?wythoff=9-9", shows=[9, 9])
    tops = board.locator('.wythoff-token[data-row="0"]').evaluate_all(
        "tokens => tokens.map(t => Math.round(t.getBoundingClientRect().top))"
    )
    per_line = tops.count(tops[0])
    assert 1 < per_line < 9  # the heap wraps
    board.locator('.wythoff-token[data-row="0"][data-col="1"]').focus()

    def cursor():
        return page.evaluate(
            "() => [Number(document.activeElement.dataset.row), Number(document.activeElement.dataset.col)]"
        )

    for key, expected in [
        ("ArrowDown", [0, 1 + per_line]),  # the heap's second line
        ("ArrowDown", [1, 1]),  # then the next heap
        ("ArrowUp", [0, 1 + per_line]),
        ("ArrowUp", [0, 1]),
    ]:
        page.keyboard.press(key)
        assert cursor() == expected, key
