"""Stella's table to explore (stella.js): the engine's nim-addition table, cells to choose."""

import re

import pytest
from boardtest import ENGINE_TIMEOUT, visit, wait_for_held
from playwright.sync_api import expect

from nimcore.nimsum import nim_sum_table

pytestmark = pytest.mark.browser


def open_board(page, url):
    visit(page, url)
    board = page.locator('[data-board="stella"]')
    expect(board.locator(".stella-cell").first).to_be_visible(timeout=30_000)
    return board


def ready(board):
    expect(board).to_have_attribute("data-table", "pret", timeout=ENGINE_TIMEOUT)


def cell(board, a, b):
    return board.locator(f'.stella-cell[data-row="{a}"][data-column="{b}"]')


def test_the_table_is_nimcore_s_at_every_size(file_page, site_url):
    board = open_board(file_page, site_url + "stella/")
    ready(board)
    for size in (16, 8, 32):
        board.locator("select[name=taille]").select_option(str(size))
        expect(board).to_have_attribute("data-size", str(size))
        ready(board)
        expected = [str(value) for row in nim_sum_table(size) for value in row]
        expect(board.locator(".stella-cell")).to_have_text(expected)
    # Coloured by the power of two just below the entry: 13 is in the 8–15 level.
    expect(cell(board, 9, 4)).to_have_class(re.compile(r"stella-level-3"))
    expect(cell(board, 20, 4)).to_have_class(re.compile(r"stella-level-4"))


def test_choosing_a_cell_shows_its_losing_triple(file_page, site_url):
    board = open_board(file_page, site_url + "stella/")
    ready(board)
    expect(board).to_have_attribute("data-triple", "5,3,6")  # the page's example
    cell(board, 12, 7).click()
    expect(board).to_have_attribute("data-triple", "12,7,11")
    result = board.locator(".stella-result")
    expect(result).to_contain_text("12 ⋆ 7 = 11")
    expect(result).to_contain_text("le triplet (12, 7, 11) est perdant")
    expect(result).to_contain_text("1100 ⊕ 0111 = 1011")
    expect(cell(board, 12, 7)).to_have_class(re.compile("is-chosen"))
    expect(board.locator(".stella-cell.is-line")).to_have_count(2 * 15)
    expect(board.locator(".stella-cell.is-chosen")).to_have_count(1)


def test_the_keyboard_moves_and_chooses(file_page, site_url):
    page = file_page
    board = open_board(page, site_url + "stella/")
    ready(board)
    cell(board, 5, 3).focus()
    for key in ("ArrowRight", "ArrowRight", "ArrowDown", "ArrowUp", "ArrowUp", "ArrowUp"):
        page.keyboard.press(key)
    expect(cell(board, 3, 5)).to_be_focused()
    expect(board.locator('.stella-cell[tabindex="0"]')).to_have_count(1)
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("data-triple", "3,5,6")
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("data-triple", "3,15,12")


def test_typed_cells_and_french_refusals(file_page, site_url):
    board = open_board(file_page, site_url + "stella/")
    ready(board)
    message = board.locator(".board-message")
    field_a = board.get_by_label("Ligne a")
    field_b = board.get_by_label("Colonne b")
    for a, b, fragment in [
        ("x", "3", "Ligne a\u00a0: «\u00a0x\u00a0» n'est pas un entier naturel"),
        ("40", "3", "Ligne a\u00a0: 40 dépasse 31"),
        ("4", "", "Indiquez la colonne b"),
        ("-2", "1", "«\u00a0-2\u00a0» n'est pas un entier naturel"),
    ]:
        field_a.fill(a)
        field_b.fill(b)
        board.get_by_role("button", name="Afficher").click()
        expect(message).to_contain_text(fragment)  # nimcore's words for what was typed
        expect(field_a).to_have_attribute("aria-invalid", "true")
        expect(board).to_have_attribute("data-triple", "5,3,6")
    field_a.fill("6")
    field_b.fill("13")
    field_b.press("Enter")
    expect(board).to_have_attribute("data-triple", "6,13,11")
    expect(message).to_have_text("")
    # Beyond the table shown: it grows to 0 … 31.
    field_a.fill("20")
    field_b.fill("9")
    field_b.press("Enter")
    expect(board).to_have_attribute("data-size", "32")
    expect(message).to_contain_text("Table agrandie jusqu’à 31")
    ready(board)
    expect(board).to_have_attribute("data-triple", "20,9,29")


def test_the_wide_table_scrolls_in_its_box_with_a_cue(file_page, site_url):
    """At 390 px the table of 0 … 15 is wider than the page: it scrolls in its box, a note says
    so and a shadow marks the edge where more is hidden; the page itself does not scroll."""
    page = file_page
    page.set_viewport_size({"width": 390, "height": 844})
    board = open_board(page, site_url + "stella/")
    ready(board)
    board.locator(".stella-wrap").scroll_into_view_if_needed()  # as a reader comes to it
    note = board.locator(".scroll-cue-note")
    expect(note).to_be_visible()
    expect(note).to_have_text("Faites défiler le tableau de côté pour le voir en entier.")
    frame = board.locator(".scroll-cue-frame")
    expect(frame).to_have_attribute("data-more", "right")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    cell(board, 3, 15).click()  # the far right: the shadow moves to the left edge
    expect(frame).to_have_attribute("data-more", re.compile("left"))
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(note).to_be_hidden()


def test_drawn_and_usable_before_the_engine_is_ready(site_page, site_url, context):
    held = []
    context.route("**/pyodide.asm.wasm*", lambda route: held.append(route))
    board = open_board(site_page, site_url + "stella/")
    expect(board.locator(".board-status")).to_have_text("Moteur en cours de chargement…")
    expect(board.locator(".stella-cell")).to_have_count(256)
    cell(board, 9, 4).click()
    expect(board.locator(".stella-result")).to_contain_text("dès que le moteur sera prêt")
    expect(cell(board, 9, 4)).to_have_class(re.compile("is-chosen"))
    wait_for_held(site_page, held)
    for route in held:
        route.continue_()
    ready(board)
    expect(board).to_have_attribute("data-triple", "9,4,13")
