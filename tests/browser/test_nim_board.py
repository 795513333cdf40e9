"""The Nim page, played by a person: against the computer, with hints, badly."""

import re

import pytest
from playwright.sync_api import expect
from siteserver import Guard

pytestmark = pytest.mark.browser

ENGINE_TIMEOUT = 120_000  # a cold Pyodide boot on a slow machine


def open_nim(page, site_url):
    page.goto(site_url + "nim/")
    board = page.locator('[data-board="nim"]')
    expect(board.locator(".nim-match").first).to_be_visible()
    return board


def new_game(board, heaps, *, variant="normale", mode="ordinateur", first="vous"):
    board.locator("input[name=tas]").fill(heaps)
    board.locator("select[name=variante]").select_option(variant)
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute("data-heaps-now", heaps)


def heaps_now(board):
    return [int(size) for size in board.get_attribute("data-heaps-now").split()]


def wait_for_my_turn(board):
    expect(board).to_have_attribute("data-turn", re.compile("humain|fin"), timeout=ENGINE_TIMEOUT)


def take_one_match(board):
    """A plain legal move: one match from the first non-empty heap."""
    heaps = heaps_now(board)
    heap = next(index for index, size in enumerate(heaps) if size)
    match = board.locator(f'.nim-match[data-heap="{heap}"][data-index="{heaps[heap] - 1}"]')
    match.click()
    board.locator(".nim-take").click()


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    board = open_nim(site_page, site_url)
    new_game(board, "1 2 3")
    moves = 0
    while board.get_attribute("data-turn") != "fin":
        take_one_match(board)
        wait_for_my_turn(board)
        moves += 1
        assert moves < 10
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("L’ordinateur a gagné")


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    board = open_nim(site_page, site_url)
    new_game(board, "3 4 5")
    moves = 0
    while board.get_attribute("data-turn") != "fin":
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
        expect(board.locator(".nim-binary")).to_be_visible()
        expect(board.locator(".nim-hint")).to_contain_text("Position gagnante")
        board.locator(".nim-take").click()
        wait_for_my_turn(board)
        moves += 1
        assert moves < 15
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text("Vous avez gagné")


def test_hint_on_a_losing_position_says_why(site_page, site_url):
    board = open_nim(site_page, site_url)
    new_game(board, "1 3 5 7")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "P", timeout=ENGINE_TIMEOUT)
    hint = board.locator(".nim-hint")
    expect(hint).to_contain_text("Position perdante")
    expect(hint).to_contain_text("équilibrée")
    expect(hint.locator("tfoot")).to_contain_text("4 (pair)")


def test_illegal_actions_are_refused_and_change_nothing(site_page, site_url):
    board = open_nim(site_page, site_url)
    new_game(board, "2 3")
    message = board.locator(".board-message")
    # Nothing selected: "Retirer" is disabled; the keyboard path says why.
    board.locator(".nim-take").dispatch_event("click")
    expect(message).to_contain_text("Choisissez d’abord des allumettes")
    assert heaps_now(board) == [2, 3]
    # A malformed new game is refused, the game in progress is kept.
    for bad, fragment in [("3 -1", "«\u00a0-1\u00a0»"), ("3 x", "«\u00a0x\u00a0»"),
                          ("0 0", "au moins une allumette"), ("40", "hors limites"),
                          ("1 2 3 4 5 6 7 8 9", "Trop de valeurs")]:
        board.locator("input[name=tas]").fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text(fragment)
        assert heaps_now(board) == [2, 3]
        expect(board.locator("input[name=tas]")).to_have_attribute("aria-invalid", "true")


def test_misere_game_against_the_computer(site_page, site_url):
    board = open_nim(site_page, site_url)
    # (1, 1, 1) misère is a P-position: whoever moves ends up taking the last match.
    new_game(board, "1 1 1", variant="misere")
    while board.get_attribute("data-turn") != "fin":
        take_one_match(board)
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("variante misère")


def test_two_players_and_undo(site_page, site_url):
    board = open_nim(site_page, site_url)
    new_game(board, "2 2", mode="deux")
    expect(board.locator(".nim-turn")).to_have_text("Au tour du joueur 1.")
    take_one_match(board)
    expect(board.locator(".nim-turn")).to_have_text("Au tour du joueur 2.")
    assert heaps_now(board) == [1, 2]
    board.get_by_role("button", name="Annuler le coup").click()
    assert heaps_now(board) == [2, 2]
    expect(board.locator(".nim-turn")).to_have_text("Au tour du joueur 1.")


def test_keyboard_only_game(site_page, site_url):
    board = open_nim(site_page, site_url)
    new_game(board, "1 2")  # N-position: take 1 from the second heap
    first = board.locator(".nim-match[tabindex='0']")
    first.focus()
    page = site_page
    page.keyboard.press("ArrowDown")  # heap 2, first match
    page.keyboard.press("ArrowRight")  # heap 2, second match: take 1
    page.keyboard.press("Enter")  # select
    expect(board.locator(".nim-take")).to_have_text("Retirer 1 allumette du tas 2")
    page.keyboard.press("Enter")  # play
    expect(board).to_have_attribute("data-heaps-now", re.compile(r"^0 1$|^1 1$"))
    wait_for_my_turn(board)
    assert sum(heaps_now(board)) == 1


def test_board_is_usable_before_the_engine_is_ready(site_page, site_url, context):
    held = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    board = open_nim(site_page, site_url)
    status = board.locator(".board-status")
    expect(status).to_have_text("Moteur en cours de chargement…")
    new_game(board, "1 2 3")
    take_one_match(board)  # the human can play at once
    expect(board).to_have_attribute("data-heaps-now", "0 2 3")
    expect(board.locator(".nim-turn")).to_contain_text("attend que le moteur soit prêt")
    site_page.wait_for_timeout(300)
    assert held, "the wasm request should be waiting"
    for route in held:
        route.continue_()
    expect(status).to_have_text("Moteur prêt.", timeout=ENGINE_TIMEOUT)
    wait_for_my_turn(board)
    assert sum(heaps_now(board)) == 4


def test_instant_navigation_keeps_one_worker_and_no_leak(site_page, site_url):
    page = site_page
    page.goto(site_url)
    for _ in range(3):
        page.locator("nav.md-nav--primary").get_by_role("link", name="Le jeu de Nim").first.click()
        expect(page.locator('[data-board="nim"] .nim-match').first).to_be_visible()
        page.locator("nav.md-nav--primary").get_by_role("link", name="Accueil").first.click()
        expect(page.locator("h1")).to_contain_text("Jeux de Nim")
    page.locator("nav.md-nav--primary").get_by_role("link", name="Le jeu de Nim").first.click()
    board = page.locator('[data-board="nim"]')
    expect(board.locator(".nim-match").first).to_be_visible()
    stats = page.evaluate("() => ({...window.nimJeux.engine.stats(), boards: window.nimJeux.liveBoards()})")
    # One worker for the whole visit; one board, whose status line and game each listen once.
    assert stats["workers"] == 1, stats
    assert stats["boards"] == 1, stats
    assert stats["listeners"] == 2, stats
    # And the board still plays against the computer.
    new_game(board, "1 2 3")
    take_one_match(board)
    wait_for_my_turn(board)
    assert sum(heaps_now(board)) == 4


def test_the_guard_catches_foreign_requests(page, site_url, context):
    """The origin guard itself works: a request elsewhere is recorded and aborted."""
    watcher = Guard(site_url.rstrip("/"))
    context.route("**/*", watcher.route)
    page.goto(site_url)
    page.evaluate("() => fetch('https://example.com/x').catch(() => null)")
    assert watcher.foreign == ["https://example.com/x"]


def test_math_is_typeset_offline(site_page, site_url):
    page = site_page
    page.goto(site_url + "nim/")
    expect(page.locator(".arithmatex .katex").first).to_be_visible()
    assert page.locator(".arithmatex:not([data-katex])").count() == 0
    # The computed table of the page is there, with its odd columns marked.
    table = page.locator("table.nim-binary").first
    expect(table).to_contain_text("nombre de 1")
    assert table.locator(".is-odd").count() > 0
    # KaTeX's fonts come from the site itself.
    fonts = page.evaluate(
        "() => performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('KaTeX_'))"
    )
    assert fonts and all(name.startswith(site_url) for name in fonts)


def test_pages_load_only_what_they_use(site_page, site_url):
    """No engine without a board; no KaTeX without math."""
    page = site_page
    for path in ("", "bibliographie/"):
        page.goto(site_url + path)
        expect(page.locator("article h1")).to_be_visible()
        page.wait_for_timeout(500)
        loaded = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
        assert not any("pyodide" in name or "worker.js" in name for name in loaded), loaded
        if page.locator(".arithmatex").count() == 0:
            assert not any("katex" in name for name in loaded), loaded
