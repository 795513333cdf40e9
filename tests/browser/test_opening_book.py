"""A reader plays at once: the first exchanges are answered from the board's opening book,
before the engine is ready (Pyodide's WebAssembly held back), and the rest waits for it."""

import gzip
import json
import re

import pytest
from boardtest import ENGINE_TIMEOUT, PAGE_TIMEOUT, hold_pyodide, wait_for_held
from playwright.sync_api import expect

from nimcore.book import request_key

pytestmark = pytest.mark.browser


def play_one_match(board):
    """Choose, then play, a move taking one match from the last heap that has some."""
    match = board.locator(".heaps-match:not(.is-forbidden):not([disabled])").last  # one match
    match.click()
    expect(board.locator(".game-play")).to_be_enabled()
    board.locator(".game-play").click()


def test_the_first_exchanges_need_no_engine(site_page, context, site_url):
    page = site_page
    held, release = hold_pyodide(context)
    page.goto(site_url + "nim/")
    board = page.locator('[data-key="nim"]')
    status = board.locator(".board-status")
    expect(board.locator(".heaps-match").first).to_be_visible(timeout=PAGE_TIMEOUT)
    wait_for_held(page, held)
    book = json.loads(
        gzip.decompress(
            page.request.get(site_url + "books/" + board.get_attribute("data-book")).body()
        )
    )
    answers = book["answers"]
    assert book["depth"] >= 2
    # The hint, then every exchange the book holds: each answered while the engine is still
    # loading, with the book's answer (nimcore's, written at build time).
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "P", timeout=PAGE_TIMEOUT)
    turn = board.locator(".game-turn")
    exchanges = 0
    while True:
        heaps = json.loads(board.get_attribute("data-position"))
        last = max(index for index, heap in enumerate(heaps) if heap)
        target = [heap - (index == last) for index, heap in enumerate(heaps)]
        payload = {
            "position": heaps,
            "options": {"misere": False},
            "move": json.dumps(target, separators=(",", ":")),
            "reply": {"level": "perfect"},
        }
        booked = answers.get(request_key("nim.play", payload))
        if booked is None or booked["reply"] is None:
            break
        play_one_match(board)
        expected = json.dumps(booked["reply"]["view"]["position"], separators=(",", ":"))
        expect(board).to_have_attribute("data-position", expected, timeout=PAGE_TIMEOUT)
        expect(board).to_have_attribute("data-turn", "humain")
        expect(status).to_have_attribute("data-state", "loading")
        exchanges += 1
    assert exchanges >= 2
    assert page.evaluate("() => window.nimJeux.engine.stats().fromBook") == 1 + exchanges
    # Beyond the book, a move waits for the engine, and says so; released, the engine answers it.
    play_one_match(board)
    expect(turn).to_contain_text("en attente du moteur")
    expect(status).to_have_attribute("data-state", "loading")
    release()
    expect(status).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT)
    expect(board).to_have_attribute("data-turn", re.compile("humain|fin"), timeout=ENGINE_TIMEOUT)


def test_the_book_is_fetched_once_the_board_is_usable(site_page, site_url):
    """The book answers the reader's first move, which cannot come before the board is
    usable: its request starts after the mark bench/browser.py reads (plateau:utilisable)."""
    page = site_page
    page.goto(site_url + "nim/")
    page.wait_for_function(
        """() => performance.getEntriesByName("plateau:utilisable").length > 0
              && performance.getEntriesByType("resource").some((e) => e.name.includes("/books/"))""",
        timeout=PAGE_TIMEOUT,
    )
    usable, requested = page.evaluate(
        """() => [performance.getEntriesByName("plateau:utilisable")[0].startTime,
                  performance.getEntriesByType("resource").find((e) => e.name.includes("/books/")).startTime]"""
    )
    assert requested >= usable
