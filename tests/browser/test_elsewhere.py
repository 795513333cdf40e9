"""The same build elsewhere: under a GitHub Pages sub-path, and as a downloaded copy."""

import zipfile
from urllib.parse import urlsplit

import pytest
from boardtest import ENGINE_TIMEOUT, wait_for_my_turn
from playwright.sync_api import expect
from siteserver import Guard, serve
from test_heaps_board import heaps_now, new_game, take_one_match

from tools.make_dist import make_dist

pytestmark = pytest.mark.browser


def play_one_exchange(page, url):
    page.goto(url + "nim/")
    board = page.locator('[data-key="nim"]')
    new_game(board, "1 2 3")
    take_one_match(board)
    wait_for_my_turn(board)
    expect(board.locator(".board-status")).to_have_text("Moteur prêt.", timeout=ENGINE_TIMEOUT)
    assert sum(heaps_now(board)) == 4  # the computer answered


def guarded(page, context, url):
    parts = urlsplit(url)
    watcher = Guard(f"{parts.scheme}://{parts.netloc}")
    watcher.watch_context(context)
    watcher.watch_requests(context)
    page.on("console", watcher.console)
    page.on("pageerror", watcher.page_error)
    page.set_default_timeout(60_000)
    return watcher


def test_under_a_sub_path(page, context, built_site):
    with serve(built_site, prefix="/jeux-de-nim/") as url:
        watcher = guarded(page, context, url)
        play_one_exchange(page, url)
        page.goto(url)  # the home page and its navigation work too
        expect(page.locator("h1")).to_contain_text("Jeux de Nim")
    assert watcher.foreign == [] and watcher.errors == []


def test_the_downloaded_copy_plays(page, context, built_site, tmp_path):
    archive = make_dist(built_site, tmp_path / "jeux-de-nim.zip")
    with zipfile.ZipFile(archive) as bundle:
        assert "jeux-de-nim/LISEZMOI.txt" in bundle.namelist()
        note = bundle.read("jeux-de-nim/LISEZMOI.txt").decode("utf-8")
        bundle.extractall(tmp_path / "copie")
    assert "python3 -m http.server" in note and "file://" in note
    with serve(tmp_path / "copie" / "jeux-de-nim") as url:
        watcher = guarded(page, context, url)
        play_one_exchange(page, url)
    assert watcher.foreign == [] and watcher.errors == []
