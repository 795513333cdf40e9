"""The board of the flowers game: what is its own (test_boards.py checks the contract of every board)."""

import pytest
from boardtest import ENGINE_TIMEOUT, force_click, keyboard_path, position, wait_for_my_turn
from boardtest import open_board as open_any_board
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PAGE = "jeux-mysterieux/"


def open_board(page, url):
    return open_any_board(page, url, "fleurs", ".flowers-flower", key="fleurs")


def flower(board, number):
    return board.locator(f'.flowers-flower[data-flower="{number - 1}"]')


def test_a_cut_blocks_its_neighbours(file_page, site_url):
    board = open_board(file_page, site_url + PAGE)
    board.locator("select[name=adversaire]").select_option("deux")
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 1.", timeout=ENGINE_TIMEOUT)
    flower(board, 3).click()
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: cueillir la fleur 3 (paquet de 10 fleurs → 1 + 6)"
    )
    expect(board.locator(".flowers-flower.will-block")).to_have_count(2)
    board.locator(".game-play").click()
    expect(board).to_have_attribute("data-position", '"ffxfffffff"', timeout=ENGINE_TIMEOUT)
    expect(board.locator(".flowers-flower.is-cut")).to_have_count(1)
    expect(board.locator(".flowers-flower.is-blocked")).to_have_count(2)
    expect(board.locator(".flowers-runs")).to_contain_text(
        "paquets de fleurs cueillables\u00a0: 1 + 6"
    )
    force_click(flower(board, 4))  # aria-disabled: nimcore says why
    expect(board.locator(".board-message")).to_contain_text(
        "voisine d’une fleur cueillie".replace("’", "'")
    )
    assert position(board) == "ffxfffffff"


def test_the_hint_reads_each_run_as_a_heap(file_page, site_url):
    board = open_board(file_page, site_url + PAGE + "?fleurs=ffffxfffff")
    expect(board).to_have_attribute("data-position", '"ffffxfffff"', timeout=ENGINE_TIMEOUT)
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    hint = board.locator(".game-hint")
    expect(hint.locator("table.flowers-nimbers tbody th")).to_have_text(
        ["Paquet 1 (fleurs 1 à 3)", "Paquet 2 (fleurs 7 à 10)"]
    )
    expect(hint).to_contain_text("« tas » veut dire paquet".replace(" ", "\u00a0", 0))
    expect(board.locator(".flowers-flower[data-hinted]")).to_have_count(1)


def test_the_row_is_one_tab_stop_played_with_the_arrows(file_page, site_url):
    """Tab reaches the row once; the arrows skip the flowers that cannot be cut; Enter
    chooses, Enter again plays; Escape forgets the chosen flower."""
    page = file_page
    board = open_board(page, site_url + PAGE + "?fleurs=ffxfffffff")
    expect(board).to_have_attribute("data-position", '"ffxfffffff"', timeout=ENGINE_TIMEOUT)
    stops = board.locator('.flowers-flower[tabindex="0"]')
    expect(stops).to_have_count(1)
    board.locator(".game-rule").click()
    for _ in range(6):
        page.keyboard.press("Tab")
        if board.locator(".flowers-row").evaluate("row => row.contains(document.activeElement)"):
            break
    focused = "document.activeElement.dataset.flower"
    assert page.evaluate(focused) == "0"
    # flowers 2 to 4 are cut or next to a cut one
    keyboard_path(page, focused, [("ArrowRight", "4"), ("End", "9")])
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: cueillir la fleur 9 (paquet de 6 fleurs → 3)"
    )
    page.keyboard.press("Escape")
    expect(board.locator(".game-play")).to_be_disabled()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # played; the computer answers
    wait_for_my_turn(board)
    assert position(board)[8] == "x"
    assert page.evaluate(focused) is not None  # the keyboard stays in the row
    expect(stops).to_have_count(1)
    page.keyboard.press("Tab")  # out of the row at once
    assert page.evaluate(focused) is None


def test_the_setup_takes_a_number_or_a_row_and_nimcore_reads_it(file_page, site_url):
    """The form's one field: a number of flowers, or the row itself (a shared position is
    started again as it stands); what nimcore cannot read is refused, naming the field."""
    board = open_board(file_page, site_url + PAGE + "?fleurs=ffxfffffff")
    expect(board).to_have_attribute("data-position", '"ffxfffffff"', timeout=ENGINE_TIMEOUT)
    field = board.locator("input[name=flowers]")
    message = board.locator(".board-message")
    for typed, fragment in [
        ("douze", "«\u00a0douze\u00a0» n'est ni un nombre de fleurs ni une rangée"),
        ("31", "«\u00a031\u00a0» est hors limites"),
        ("fxxf", "Deux fleurs voisines ne peuvent pas être cueillies"),
    ]:
        field.fill(typed)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment, timeout=ENGINE_TIMEOUT)
        expect(message).to_contain_text("Partie non lancée")
        assert position(board) == "ffxfffffff"
    field.fill("ffffxff")
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute("data-position", '"ffffxff"', timeout=ENGINE_TIMEOUT)
    field.fill("6")
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute("data-position", '"ffffff"', timeout=ENGINE_TIMEOUT)


def test_a_finished_game_in_the_address_of_a_page_of_several_boards_is_refused(file_page, site_url):
    """On a page of several boards the address holds no « commence » (who is to move), so
    who played last, and won, is unknown: a finished position there is refused in French
    and the board shows its start, rather than a winner made up."""
    board = open_board(file_page, site_url + PAGE + "?fleurs=xfxfxfxffx")
    expect(board.locator(".board-message")).to_contain_text(
        "Adresse ignorée", timeout=ENGINE_TIMEOUT
    )
    expect(board).not_to_have_attribute("data-turn", "fin")
    assert "x" not in position(board)
