"""The « Un tas » board (subtraction games), on game.js and the shared heaps drawing (heaps.js)."""

import json
import re

import pytest
from boardtest import ENGINE_TIMEOUT, draw_random, expect_losing_hint, position, wait_for_my_turn
from playwright.sync_api import expect

from nimcore import subtraction

pytestmark = pytest.mark.browser

PAGE_TIMEOUT = 30_000
PAGE = "un-seul-tas/"


def open_board(page, url):
    page.goto(url)
    board = page.locator('[data-board="soustraction"]')
    # The board needs no engine to be drawn; the margin is for a busy machine loading the page.
    expect(board.locator(".heaps-match").first).to_be_visible(timeout=PAGE_TIMEOUT)
    return board


def new_game(
    board,
    heaps,
    *,
    rule=("jusqua", "3"),
    misere=False,
    mode="ordinateur",
    level="parfait",
    first="vous",
):
    """Start a game; `rule` is ("jusqua", K), ("entre", m, M) or ("ensemble", "1 2 4")."""
    board.locator("input[name=tas]").fill(heaps)
    board.locator("select[name=regle]").select_option(rule[0])
    if rule[0] == "jusqua":
        board.locator("input[name=k]").fill(rule[1])
    elif rule[0] == "entre":
        board.locator("input[name=m]").fill(rule[1])
        board.locator("input[name=M]").fill(rule[2])
    else:
        board.locator("input[name=coups]").fill(rule[1])
    board.locator("select[name=convention]").select_option("misere" if misere else "normale")
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=niveau]").select_option(level)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute(
        "data-position", json.dumps([int(x) for x in heaps.split()]).replace(" ", "")
    )


def take_least(board, least=1):
    """Take the smallest allowed amount from the first heap that allows it."""
    heap = next(i for i, size in enumerate(position(board)) if size >= least)
    match = board.locator(f'.heaps-row[data-heap="{heap}"] .heaps-match[data-take="{least}"]')
    match.click()
    match.click()  # choosing the same move again plays it


def follow_hints(board, rounds=30):
    for _ in range(rounds):
        if board.get_attribute("data-turn") == "fin":
            break
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
        board.locator(".game-play").click()
        wait_for_my_turn(board)


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "12")  # a multiple of 4, with 1 to 3 per move
    # Why it is lost: the nimber is x mod 4, here 0, and every move changes it.
    expect_losing_hint(board, "12 mod 4 = 0", "Un coup change le nimber")
    for _ in range(12):
        if board.get_attribute("data-turn") == "fin":
            break
        take_least(board)
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("L’ordinateur a gagné")


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "21")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    hint = board.locator(".game-hint")
    expect(hint.locator("table.heaps-nimbers")).to_contain_text("x mod 4")
    expect(hint).to_contain_text("période 4 dès le début")
    follow_hints(board)
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text("Vous avez gagné")


def test_a_set_of_moves_with_a_pre_period(site_page, site_url):
    """{2, 3, 5, 8}: the hint gives the pre-period and period nimcore found; hints win."""
    assert subtraction.analyse([30], [2, 3, 5, 8]).outcome == "N"
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "30", rule=("ensemble", "2 3 5 8"))
    expect(board.locator(".heaps-match.is-forbidden")).to_have_count(30 - 4)
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".game-hint")).to_contain_text(
        "période 17, après une prépériode de 13 valeurs"
    )
    follow_hints(board)
    expect(board).to_have_attribute("data-winner", "humain")


def test_misere_with_several_heaps_follows_the_hints(site_page, site_url):
    """Misère play, {1, 2, 4}, three heaps: nimcore's exhaustive search answers; hints win."""
    heaps = [5, 7, 4]
    analysis = subtraction.analyse(heaps, [1, 2, 4], misere=True)
    assert analysis.outcome == "N" and analysis.method == "search"
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "5 7 4", rule=("ensemble", "1 2 4"), misere=True)
    expect(board.locator(".heaps-rule")).to_contain_text("qui prend la dernière allumette perd")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".game-hint")).to_contain_text("recherche exhaustive")
    follow_hints(board, rounds=40)
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text("variante misère")


def test_illegal_actions_change_nothing(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, "10", rule=("ensemble", "1 2 4"))
    message = board.locator(".board-message")
    board.locator(".game-play").dispatch_event("click")
    expect(message).to_contain_text("Choisissez d’abord un coup")
    forbidden = board.locator('.heaps-match[data-take="3"]')
    expect(forbidden).to_have_attribute("aria-disabled", "true")
    # aria-disabled: Playwright would wait for it to be enabled. Centre it first,
    # out of the way of the sticky header, since a forced click skips that check.
    forbidden.evaluate("button => button.scrollIntoView({block: 'center'})")
    forbidden.click(force=True)
    expect(message).to_contain_text(
        "Retirer 3 allumettes n’est pas permis\u00a0: la règle est de retirer 1, 2 ou 4 allumettes."
    )
    assert position(board) == [10]
    expect(board).to_have_attribute("data-turn", "humain")
    for heaps, rule, fragment in [
        ("1 2 3 4 5", ("jusqua", "3"), "4 au plus"),
        ("41", ("jusqua", "3"), "hors limites"),
        ("25 3", ("jusqua", "3"), "au plus 20 allumettes"),
        ("x", ("jusqua", "3"), "«\u00a0x\u00a0»"),
        ("10", ("jusqua", "0"), "K doit être un nombre entier de 1 à 40"),
        ("10", ("entre", "5", "3"), "le minimum 5 dépasse le maximum 3"),
        ("10", ("ensemble", "1 x"), "coups permis"),
        ("2", ("entre", "3", "5"), "aucun coup n’est possible"),
    ]:
        board.locator("select[name=regle]").select_option(rule[0])
        board.locator("input[name=tas]").fill(heaps)
        if rule[0] == "jusqua":
            board.locator("input[name=k]").fill(rule[1])
        elif rule[0] == "entre":
            board.locator("input[name=m]").fill(rule[1])
            board.locator("input[name=M]").fill(rule[2])
        else:
            board.locator("input[name=coups]").fill(rule[1])
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text("Partie non lancée")
        expect(message).to_contain_text(fragment)
        assert position(board) == [10]


def test_the_position_lives_in_the_url(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE + "?soustraction=13_s1.2.4_misere")
    assert position(board) == [13]
    expect(board.locator("select[name=regle]")).to_have_value("ensemble")
    expect(board.locator("input[name=coups]")).to_have_value("1 2 4")
    expect(board.locator("select[name=convention]")).to_have_value("misere")
    new_game(board, "9 14", rule=("entre", "2", "5"))
    assert "soustraction=9-14_2a5" in page.url
    board = open_board(page, page.url)
    assert position(board) == [9, 14]
    expect(board.locator("input[name=m]")).to_have_value("2")
    expect(board.locator("input[name=M]")).to_have_value("5")
    for bad in ["vingt_1a3", "21_1a3_extra", "50_1a3", "21_0a3"]:
        board = open_board(page, site_url + PAGE + "?soustraction=" + bad)
        expect(board.locator(".board-message")).to_contain_text("Adresse ignorée")
        assert position(board) == [21]


def test_a_move_with_the_keyboard_only(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE)
    new_game(board, "10", rule=("ensemble", "1 2 4"), mode="deux")
    # The heap is one Tab stop, on an allowed move; the arrows go through the
    # allowed moves only: take 4, 2, 1 (in the heap's order).
    stop = board.locator('.heaps-match[tabindex="0"]')
    expect(stop).to_have_count(1)
    expect(stop).not_to_have_class(re.compile("is-forbidden"))
    stop.focus()
    page.keyboard.press("Home")  # the first allowed move
    expect(page.locator(":focus")).to_have_attribute("data-take", "4")
    page.keyboard.press("ArrowRight")
    expect(page.locator(":focus")).to_have_attribute("data-take", "2")
    page.keyboard.press("Enter")  # chooses the move…
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: retirer 2 allumettes du tas 1 (10\u00a0→\u00a08)"
    )
    expect(page.locator(":focus")).to_have_attribute("data-take", "2")
    page.keyboard.press("Enter")  # …and plays it
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [8]
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.")
    # The keyboard stays on the heap, on an allowed move, for the next player.
    expect(page.locator(":focus")).to_have_attribute("data-take", "2")


def test_random_starts_are_sometimes_p_and_sometimes_n(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    outcomes = set()
    for _ in range(30):
        draw_random(board)
        heaps = [int(x) for x in board.locator("input[name=tas]").input_value().split()]
        assert len(heaps) == 1 and 1 <= heaps[0] <= 40
        outcomes.add(subtraction.analyse(heaps, subtraction.SubtractionRule.take_up_to(3)).outcome)
        if outcomes == {"P", "N"}:
            break
    assert outcomes == {"P", "N"}
