"""The flowers game board (jeux-mysterieux): a row of flowers; the engine plays 0.137 on its runs."""

import json
import re

import pytest
from boardtest import ENGINE_TIMEOUT, expect_losing_hint, wait_for_my_turn
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGE = "jeux-mysterieux/"


def open_board(page, url):
    page.goto(url)
    board = page.locator('[data-board="fleurs"]')
    expect(board.locator(".fleurs-flower").first).to_be_visible(timeout=30_000)
    return board


def new_game(board, flowers, *, mode="ordinateur", level="parfait", first="vous"):
    board.locator("input[name=fleurs]").fill(str(flowers))
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=niveau]").select_option(level)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute("data-position", json.dumps("f" * flowers))


def row(board):
    return json.loads(board.get_attribute("data-position"))


def free(flowers, i):
    """Can flower i be cut: standing, and no neighbour cut?"""
    return flowers[i] == "f" and "x" not in flowers[max(0, i - 1) : i + 2]


def cut_first(board):
    """Cut the first flower that may be cut (choosing it twice plays it)."""
    flower = board.locator(".fleurs-flower.is-free").first
    flower.click()
    flower.click()


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, 8)  # g(8) = 0 in 0.137
    # Why it is lost: one run of 8 flowers, of value G(8) = 0, which every cut changes.
    expect_losing_hint(board, "G(8) = 0", "la somme de Nim devient non nulle")
    for _ in range(8):
        if board.get_attribute("data-turn") == "fin":
            break
        before = row(board)
        cut_first(board)
        wait_for_my_turn(board)
        after = row(board)
        # Two flowers were cut, one each, both allowed when cut.
        cut = [i for i in range(len(before)) if before[i] != after[i]]
        assert len(cut) == 2 or board.get_attribute("data-turn") == "fin", (before, after)
        assert all(after[i] == "x" for i in cut) and "xx" not in after
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("L’ordinateur a gagné")
    expect(board.locator(".fleurs-flower.is-free")).to_have_count(0)
    expect(board.locator(".fleurs-runs")).to_have_text("Plus aucune fleur ne peut être cueillie.")


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    board = open_board(site_page, site_url + PAGE)
    new_game(board, 10)  # g(10) = 3: cut an end flower, leaving 8
    hint = board.locator(".game-hint")
    for turn in range(8):
        if board.get_attribute("data-turn") == "fin":
            break
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
        if turn == 0:
            table = hint.locator(".fleurs-nimbers")
            expect(table.locator("tbody tr")).to_have_text(
                [re.compile(r"Paquet 1\s*fleurs 1 à 10\s*10\s*3")]
            )
            expect(hint.locator(".game-verdict")).to_contain_text(
                "cueillir la fleur 1 (paquet de 10 fleurs\u00a0→ 8)"
            )
            expect(board.locator(".fleurs-flower[data-hinted]")).to_have_attribute(
                "data-flower", "0"
            )
        board.locator(".game-play").click()
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text("Vous avez gagné")


def test_the_hint_reads_the_runs_of_a_row(site_page, site_url):
    board = open_board(site_page, site_url + PAGE + "?octal=ffxfffffffff")
    # Flower 3 is cut: flowers 2 and 4 are blocked; the runs are 1 (flower 1) and 8 (flowers 5 to 12).
    expect(board.locator(".fleurs-runs")).to_contain_text("1 + 8")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    table = board.locator(".fleurs-nimbers")
    expect(table.locator("tbody tr")).to_have_text(
        [re.compile(r"Paquet 1\s*fleur 1\s*1\s*1"), re.compile(r"Paquet 2\s*fleurs 5 à 12\s*8\s*0")]
    )
    expect(table.locator("tfoot")).to_contain_text("1 ⊕ 0 = 1")
    # The hint plays on the largest run: its end flower, leaving a run of 6 (g(6) = 1).
    expect(board.locator(".game-verdict")).to_contain_text(
        "cueillir la fleur 5 (paquet de 8 fleurs\u00a0→ 6)"
    )
    expect(board.locator(".fleurs-flower[data-hinted]")).to_have_attribute("data-flower", "4")
    board.locator(".game-play").click()
    wait_for_my_turn(board)
    assert row(board).startswith("ffxfx")


def test_illegal_actions_change_nothing(site_page, site_url):
    board = open_board(site_page, site_url + PAGE + "?octal=ffxfffff")
    message = board.locator(".board-message")
    board.locator(".game-play").dispatch_event("click")
    expect(message).to_contain_text("Choisissez d’abord un coup")
    # Cut and blocked flowers are marked aria-disabled: a real click still reaches them.
    flowers = board.locator(".fleurs-flower")
    flowers.nth(2).click(force=True)
    expect(message).to_have_text("La fleur 3 est déjà cueillie.")
    flowers.nth(3).click(force=True)
    expect(message).to_have_text(
        "La fleur 4 est voisine d’une fleur cueillie\u00a0: on ne peut plus la cueillir."
    )
    expect(flowers.nth(1)).to_have_attribute("aria-disabled", "true")
    expect(flowers.nth(1)).to_have_attribute("aria-label", re.compile("ne peut plus être cueillie"))
    assert row(board) == "ffxfffff"
    for bad, fragment in [
        ("", "Indiquez au moins"),
        ("dix", "«\u00a0dix\u00a0»"),
        ("0", "hors limites"),
        ("31", "hors limites"),
        ("4 5", "1 au plus"),
    ]:
        board.locator("input[name=fleurs]").fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment)
        assert row(board) == "ffxfffff"


def test_the_position_lives_in_the_url(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE + "?octal=fxffff")
    assert row(board) == "fxffff"
    expect(board.locator("input[name=fleurs]")).to_have_value("6")
    new_game(board, 7, mode="deux")
    assert "octal=fffffff" in page.url
    board.locator(".fleurs-flower").nth(3).click()
    board.locator(".game-play").click()
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert row(board) == "fffxfff" and "octal=fffxfff" in page.url
    board = open_board(page, page.url)
    assert row(board) == "fffxfff"
    for bad in ("ffxxf", "xfx", "fleurs", "f" * 31):
        board = open_board(page, site_url + PAGE + f"?octal={bad}")
        expect(board.locator(".board-message")).to_contain_text("Adresse ignorée")
        assert row(board) == "f" * 10


def test_a_move_with_the_keyboard_only(site_page, site_url):
    page = site_page
    board = open_board(page, site_url + PAGE + "?octal=fxfffff")
    flowers = board.locator(".fleurs-flower")
    # Only the flowers that may be cut are Tab stops (flower 4 on, here).
    expect(flowers.nth(0)).to_have_attribute("tabindex", "-1")
    expect(flowers.nth(3)).to_have_attribute("tabindex", "0")
    flowers.nth(3).focus()
    page.keyboard.press("ArrowLeft")  # no flower that may be cut on the left: stay
    expect(flowers.nth(3)).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(flowers.nth(5)).to_be_focused()
    page.keyboard.press("Enter")  # choose flower 6
    expect(flowers.nth(5)).to_have_attribute("aria-pressed", "true")
    expect(board.locator(".game-play")).to_contain_text(
        "cueillir la fleur 6 (paquet de 4 fleurs\u00a0→ 1)"
    )
    page.keyboard.press("Enter")  # and cut it
    expect(board).to_have_attribute("data-position", json.dumps("fxfffxf"))
    wait_for_my_turn(board)
    assert not free(row(board), 5)
