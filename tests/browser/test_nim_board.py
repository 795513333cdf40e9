"""The Nim page, played by a person: against the computer, with hints, badly, with the keyboard only.

The board is a GameSpec on the shared controller (game.js) drawn by heaps.js:
its test hooks are data-position (JSON), data-turn, data-winner and data-hint.
Other test files import ENGINE_TIMEOUT and the helpers new_game, take_one_match,
heaps_now and wait_for_my_turn from here.
"""

import json
import re
from urllib.parse import urlsplit

import pytest
from boardtest import draw_random
from playwright.sync_api import expect
from siteserver import Guard

from nimcore import nim

pytestmark = pytest.mark.browser

ENGINE_TIMEOUT = 120_000  # a cold Pyodide boot on a slow machine
PAGE_TIMEOUT = (
    30_000  # the board needs no engine to be drawn; this is for a busy machine loading the page
)
BOARD = '[data-board="nim"]'


def open_nim(page, site_url, query=""):
    page.goto(site_url + "nim/" + query)
    board = page.locator(BOARD)
    expect(board.locator(".heaps-match").first).to_be_visible(timeout=PAGE_TIMEOUT)
    return board


def new_game(board, heaps, *, variant="normale", mode="ordinateur", level="parfait", first="vous"):
    board.locator("input[name=tas]").fill(heaps)
    board.locator("select[name=convention]").select_option(variant)
    board.locator("select[name=adversaire]").select_option(mode)
    board.locator("select[name=niveau]").select_option(level)
    board.locator("select[name=premier]").select_option(first)
    board.get_by_role("button", name="Nouvelle partie").click()
    if first == "vous":
        expect(board).to_have_attribute(
            "data-position", json.dumps([int(x) for x in heaps.split()]).replace(" ", "")
        )


def heaps_now(board):
    return json.loads(board.get_attribute("data-position"))


def wait_for_my_turn(board):
    expect(board).to_have_attribute("data-turn", re.compile("humain|fin"), timeout=ENGINE_TIMEOUT)


def match(board, heap, take):
    """The match whose choice takes `take` matches from heap `heap` (from 0)."""
    return board.locator(f'.heaps-row[data-heap="{heap}"] .heaps-match[data-take="{take}"]')


def take_one_match(board):
    """A plain legal move: one match from the first non-empty heap, chosen then played with « Jouer »."""
    heaps = heaps_now(board)
    heap = next(index for index, size in enumerate(heaps) if size)
    match(board, heap, 1).click()
    board.locator(".game-play").click()


def test_from_a_p_position_the_computer_wins(site_page, site_url):
    assert nim.analyse([1, 2, 3]).outcome == "P"
    board = open_nim(site_page, site_url)
    new_game(board, "1 2 3")
    for _ in range(10):
        if board.get_attribute("data-turn") == "fin":
            break
        take_one_match(board)
        wait_for_my_turn(board)
        if board.get_attribute("data-turn") == "humain":
            # The computer's move is said in words, so that it can be followed.
            expect(board.locator(".game-turn")).to_contain_text(
                "L’ordinateur a joué\u00a0: retirer"
            )
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("L’ordinateur a gagné")


def test_following_the_hints_wins_from_an_n_position(site_page, site_url):
    assert nim.analyse([3, 4, 5]).outcome == "N"
    board = open_nim(site_page, site_url)
    new_game(board, "3 4 5")
    hint = board.locator(".game-hint")
    for _ in range(15):
        if board.get_attribute("data-turn") == "fin":
            break
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
        expect(hint).to_contain_text("Position gagnante")
        # The binary table, the heap to play marked, and that move chosen on the heaps.
        best = nim.analyse(heaps_now(board)).recommended
        table = hint.locator("table.nim-binary")
        expect(table).to_be_visible()
        expect(table.locator("tr.is-best th")).to_have_text(
            f"Tas {best.heap + 1}\u00a0: {best.before}"
        )
        expect(board.locator(".heaps-match[data-hinted]")).to_have_count(best.take)
        expect(board.locator(".game-play")).to_contain_text(f"du tas {best.heap + 1}")
        board.locator(".game-play").click()
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text("Vous avez gagné")


def test_hint_on_a_losing_position_says_why(site_page, site_url):
    board = open_nim(site_page, site_url)
    new_game(board, "1 3 5 7")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "P", timeout=ENGINE_TIMEOUT)
    hint = board.locator(".game-hint")
    expect(hint).to_contain_text("Position perdante")
    expect(hint).to_contain_text("équilibrée")
    table = hint.locator("table.nim-binary")
    expect(table.locator("thead")).to_contain_text("4")
    expect(table.locator("tfoot")).to_contain_text("4 (pair)")
    expect(table.locator(".is-odd")).to_have_count(0)
    expect(table.locator("tr.is-best")).to_have_count(0)
    expect(board.locator(".heaps-match[data-hinted]")).to_have_count(0)


def test_illegal_actions_are_refused_and_change_nothing(site_page, site_url):
    page = site_page
    board = open_nim(page, site_url)
    new_game(board, "2 3")
    message = board.locator(".board-message")
    # Nothing chosen: « Jouer » is disabled; a click that reaches it anyway says why.
    board.locator(".game-play").dispatch_event("click")
    expect(message).to_contain_text("Choisissez d’abord un coup")
    assert heaps_now(board) == [2, 3]
    # A choice forgotten with Escape: nothing is played.
    match(board, 1, 2).click()
    expect(board.locator(".heaps-match[aria-pressed=true]")).to_have_count(2)
    page.keyboard.press("Escape")
    expect(board.locator(".heaps-match[aria-pressed=true]")).to_have_count(0)
    expect(board.locator(".game-play")).to_be_disabled()
    assert heaps_now(board) == [2, 3]
    # A malformed or too large new game is refused up front, the game in progress is kept.
    heaps_field = board.locator("input[name=tas]")
    for bad, fragment in [
        ("3 -1", "«\u00a0-1\u00a0»"),
        ("3 x", "«\u00a0x\u00a0»"),
        ("", "au moins 1 tas"),
        ("0 0", "au moins une allumette"),
        ("32", "hors limites\u00a0: chaque valeur doit être comprise entre 0 et 31"),
        ("1 2 3 4 5 6 7 8 9", "Trop de valeurs (9)\u00a0: 8 au plus"),
    ]:
        heaps_field.fill(bad)
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(message).to_contain_text("Partie non lancée")
        expect(message).to_contain_text(fragment)
        expect(heaps_field).to_have_attribute("aria-invalid", "true")
        assert heaps_now(board) == [2, 3]
    # The largest board is accepted.
    new_game(board, "31 31 31 31 31 31 31 30")
    expect(heaps_field).not_to_have_attribute("aria-invalid", "true")
    expect(board.locator(".heaps-match")).to_have_count(31 * 7 + 30)


def test_misere_game_against_the_computer(site_page, site_url):
    # (1, 1, 1) misère is a P-position: whoever moves ends up taking the last match.
    assert nim.analyse([1, 1, 1], misere=True).outcome == "P"
    board = open_nim(site_page, site_url)
    new_game(board, "1 1 1", variant="misere")
    expect(board.locator(".heaps-rule")).to_contain_text("qui prend la dernière allumette perd")
    for _ in range(5):
        if board.get_attribute("data-turn") == "fin":
            break
        take_one_match(board)
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "ordinateur")
    expect(board.locator(".board-message")).to_contain_text("L’ordinateur a gagné")
    expect(board.locator(".board-message")).to_contain_text(
        "Vous avez joué le dernier coup (variante misère)"
    )


def test_misere_following_the_hints_wins(site_page, site_url):
    """(2, 2, 1) misère is an N-position; the hints lead the reader to leave the last match to the computer."""
    assert nim.analyse([2, 2, 1], misere=True).outcome == "N"
    board = open_nim(site_page, site_url)
    new_game(board, "2 2 1", variant="misere")
    for _ in range(6):
        if board.get_attribute("data-turn") == "fin":
            break
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
        expect(board.locator(".game-hint table.nim-binary")).to_be_visible()
        board.locator(".game-play").click()
        wait_for_my_turn(board)
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text(
        "L’ordinateur a joué le dernier coup (variante misère)"
    )


def test_two_players_and_undo(site_page, site_url):
    board = open_nim(site_page, site_url)
    new_game(board, "2 2", mode="deux")
    turn = board.locator(".game-turn")
    expect(turn).to_have_text("Au tour du joueur 1.")
    take_one_match(board)
    expect(turn).to_have_text("Au tour du joueur 2.", timeout=ENGINE_TIMEOUT)
    assert heaps_now(board) == [1, 2]
    board.get_by_role("button", name="Annuler le coup").click()
    assert heaps_now(board) == [2, 2]
    expect(turn).to_have_text("Au tour du joueur 1.")


def focus_is(page, selector):
    return page.evaluate(
        "(selector) => document.activeElement?.matches(selector) ?? false", selector
    )


def tab_to(page, selector, *, backwards=False, limit=400):
    """Press Tab (or Shift+Tab) until the element matching `selector` has the focus."""
    key = "Shift+Tab" if backwards else "Tab"
    for _ in range(limit):
        if focus_is(page, selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{selector} never got the focus with {key}")


def test_keyboard_only_whole_game(site_page, site_url):
    """No mouse at all: Tab to the form, type the heaps, start, Tab back to the heaps, arrows and Enter."""
    page = site_page
    board = open_nim(page, site_url)
    tab_to(page, f"{BOARD} input[name=tas]")
    page.keyboard.press("Control+A")
    page.keyboard.type("3 4 5")
    tab_to(page, f"{BOARD} button[type=submit]")
    page.keyboard.press("Enter")
    expect(board).to_have_attribute("data-position", "[3,4,5]")
    # The heaps are a single Tab stop; the arrows move between the matches.
    expect(board.locator('.heaps-match[tabindex="0"]')).to_have_count(1)
    tab_to(page, f"{BOARD} .heaps-match", backwards=True)
    focused = page.locator(":focus")
    for _ in range(12):
        heaps = heaps_now(board)
        best = nim.analyse(heaps).recommended
        for _ in range(len(heaps)):
            heap = int(focused.get_attribute("data-heap"))
            if heap == best.heap:
                break
            page.keyboard.press("ArrowDown" if heap < best.heap else "ArrowUp")
        expect(focused).to_have_attribute("data-heap", str(best.heap))
        page.keyboard.press("Home")  # the first match: take the whole heap
        expect(focused).to_have_attribute("data-take", str(heaps[best.heap]))
        for _ in range(heaps[best.heap] - best.take):
            page.keyboard.press("ArrowRight")
        expect(focused).to_have_attribute("data-take", str(best.take))
        page.keyboard.press("Enter")  # chooses the move…
        expect(board.locator(".game-play")).to_have_text(
            f"Jouer\u00a0: {best.text}".replace(" → ", "\u00a0→\u00a0")
        )
        page.keyboard.press("Enter")  # …and plays it
        wait_for_my_turn(board)
        if board.get_attribute("data-turn") == "fin":
            break
        # The keyboard is back on the heaps for the next move.
        expect(focused).to_have_class(re.compile("heaps-match"))
    expect(board).to_have_attribute("data-winner", "humain")
    expect(board.locator(".board-message")).to_contain_text("Vous avez gagné")


def test_the_position_lives_in_the_url(site_page, site_url):
    page = site_page
    board = open_nim(page, site_url, "?nim=2-0-9_misere")
    assert heaps_now(board) == [2, 0, 9]
    expect(board.locator("input[name=tas]")).to_have_value("2 0 9")
    expect(board.locator("select[name=convention]")).to_have_value("misere")
    expect(board.locator(".heaps-empty")).to_have_text("vide")
    new_game(board, "4 0 11 2")
    query = "?" + urlsplit(page.url).query
    assert query == "?nim=4-0-11-2"
    board = open_nim(page, site_url, query)
    assert heaps_now(board) == [4, 0, 11, 2]
    expect(board.locator("select[name=convention]")).to_have_value("normale")
    for bad, fragment in [
        ("dix", "«\u00a0dix\u00a0» n’est pas une position de la forme 1-3-5-7"),
        ("1-3_k3", "«\u00a01-3_k3\u00a0»"),
        ("40-1", "hors limites"),
        ("1-2-3-4-5-6-7-8-9", "8 au plus"),
        ("0-0", "au moins une allumette"),
    ]:
        board = open_nim(page, site_url, "?nim=" + bad)
        message = board.locator(".board-message")
        expect(message).to_contain_text("Adresse ignorée")
        expect(message).to_contain_text(fragment)
        assert heaps_now(board) == [1, 3, 5, 7]  # the page's data-heaps


def test_random_starts_and_marienbad(site_page, site_url):
    board = open_nim(site_page, site_url)
    field = board.locator("input[name=tas]")
    convention = board.locator("select[name=convention]")
    for misere in (False, True):
        convention.select_option("misere" if misere else "normale")
        outcomes = set()
        for _ in range(40):
            draw_random(board)
            heaps = [int(x) for x in field.input_value().split()]
            assert len(heaps) == 4 and all(0 <= size <= 31 for size in heaps), heaps
            outcomes.add(nim.analyse(heaps, misere=misere).outcome)
            if outcomes == {"P", "N"}:
                break
        assert outcomes == {"P", "N"}, misere
    board.get_by_role("button", name="Marienbad 1-3-5-7").click()
    expect(field).to_have_value("1 3 5 7")
    board.get_by_role("button", name="Nouvelle partie").click()
    expect(board).to_have_attribute("data-position", "[1,3,5,7]")
    expect(board.locator(".game-turn")).to_contain_text("À vous de jouer")


def test_nim_and_nim_max_keep_their_own_url_parameters(site_page, site_url):
    """Both are game "nim" for the engine: the Nim board keeps ?nim=, « Nim à K maximum » ?nim-max=,
    and a second Nim board on one page ?nim-2=."""
    page = site_page
    page.goto(site_url + "sprague-grundy/?nim=1-2-3")
    other = page.locator('[data-board="nim-max"]')
    expect(other).to_have_attribute("data-position", "[9,6,4]")
    expect(other.locator(".board-message")).not_to_contain_text("Adresse ignorée")
    assert "nim=1-2-3" in page.url and "nim-max=9-6-4_k3" in page.url

    open_nim(page, site_url, "?nim=2-2")
    page.evaluate(
        """async () => {
            const second = document.createElement("div");
            second.dataset.board = "nim";
            second.dataset.heaps = "5 6";
            second.id = "second-nim";
            document.querySelector('[data-board="nim"]').after(second);
            const module = await import(new URL("../javascripts/boards/nim.js", document.baseURI).href);
            module.mountNim(second, {engine: window.nimJeux.engine, signal: new AbortController().signal});
        }"""
    )
    first = page.locator(BOARD).first  # the page's own board, now that there are two
    second = page.locator("#second-nim")
    expect(second).to_have_attribute("data-position", "[5,6]")
    assert "nim=2-2" in page.url and "nim-2=5-6" in page.url
    new_game(second, "7 1", mode="deux")
    assert "nim=2-2" in page.url and "nim-2=7-1" in page.url
    assert heaps_now(first) == [2, 2]


def test_board_is_usable_before_the_engine_is_ready(site_page, site_url, context):
    held = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    board = open_nim(site_page, site_url)
    status = board.locator(".board-status")
    expect(status).to_have_text("Moteur en cours de chargement…")
    new_game(board, "1 2 3")
    take_one_match(board)  # the human can play at once: the move is shown, nimcore checks it later
    expect(board).to_have_attribute("data-position", "[0,2,3]")
    expect(board.locator(".game-turn")).to_contain_text("en attente du moteur")
    site_page.wait_for_timeout(300)
    assert held, "the wasm request should be waiting"
    for route in held:
        route.continue_()
    expect(status).to_have_text("Moteur prêt.", timeout=ENGINE_TIMEOUT)
    wait_for_my_turn(board)
    assert sum(heaps_now(board)) == 4


def test_a_board_page_mounts_its_board_once_before_the_theme_runs(site_page, site_url):
    """Opened directly, the Nim page mounts its board from its own entry, once, before
    the theme's (deferred) script; the theme still starts, and document$ brings no second mount."""
    page = site_page
    page.goto(f"{site_url}nim/")
    expect(page.locator(f"{BOARD} .heaps-match").first).to_be_visible(timeout=PAGE_TIMEOUT)
    page.wait_for_function(
        "() => window.document$ !== undefined && document.readyState === 'complete'"
    )
    order = page.evaluate(
        """() => {
          const mark = performance.getEntriesByName("plateau:utilisable")[0].startTime;
          const dcl = performance.getEntriesByType("navigation")[0].domContentLoadedEventStart;
          return {before: mark < dcl, boards: window.nimJeux.liveBoards(),
                  areas: document.querySelectorAll('[data-board="nim"] .game-area').length};
        }"""
    )
    assert order == {"before": True, "boards": 1, "areas": 1}, order
    # The theme is running: its header reacts to scrolling, and the board plays.
    page.mouse.wheel(0, 3000)
    expect(page.locator(".md-header")).to_have_class(
        re.compile("md-header--shadow"), timeout=PAGE_TIMEOUT
    )
    board = page.locator(BOARD)
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
