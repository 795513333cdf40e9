"""The Moore (Nim_k) board (moore.js), on the shared game controller (game.js).

Its own: moves in several heaps prepared match by match (and with « − » and
« + »), each prepared move a gesture nimcore accepts or refuses (one that
touches too many heaps), k = 1 where a new heap replaces the old one, the
binary hint table modulo k + 1, the setup form, the keyboard, and the moves a
reader can prepare with k = 1 and k = 3 (k = 2: test_boards.py).
"""

import json

import pytest
from boardtest import (
    ENGINE_TIMEOUT,
    GESTURES,
    expect_losing_hint,
    expect_refused,
    expect_setup_refused,
    force_click,
    position,
    prepared_targets,
    remount,
    start,
    wait_for_address,
    wait_for_my_turn,
)
from boardtest import open_board as open_any_board
from playwright.sync_api import expect

from nimcore import games
from nimcore.games import base

pytestmark = pytest.mark.browser

PAGE = "moore/"
DEFAULT = [6, 5, 7, 2]


def open_board(page, url, shows=None):
    return open_any_board(page, url, "moore", ".moore-match", shows)


def new_game(board, heaps, k, **common):
    start(board, {"heaps": heaps, "k": str(k)}, [int(x) for x in heaps.split()], **common)


def match(board, heap, index):
    return board.locator(f'.moore-match[data-heap="{heap}"][data-index="{index}"]')


def take_one_from_the_largest(board):
    heaps = position(board)
    largest = max(range(len(heaps)), key=lambda index: heaps[index])
    last = match(board, largest, heaps[largest] - 1)
    last.click()
    last.click()  # choosing the same move again plays it


def target_of(code):
    """The target, as compact JSON, of a gesture at *code*, as nimcore reads it."""
    entry = games.get("moore")
    position, options = entry.decode(code)
    return lambda gesture: json.dumps(
        entry.gesture_target(position, gesture, options), separators=(",", ":")
    )


def offered(board, code):
    """The targets of the gestures a reader can make now, as compact JSON texts."""
    found = board.locator(GESTURES).evaluate_all(
        "elements => elements.map((e) => e.dataset.gesture)"
    )
    return {target_of(code)(json.loads(gesture)) for gesture in found}


def nimcore_moves(code):
    entry = games.get("moore")
    position, options = entry.decode(code)
    moves = base.view(entry, position, options)["moves"]
    assert moves is not None, code
    return {json.dumps(move["to"], separators=(",", ":")) for move in moves}


def test_the_hint_of_a_p_position_says_why_it_loses(file_page, site_url):
    board = open_board(file_page, site_url + PAGE)
    new_game(board, "7 7 7", 2)
    # Why it is lost: every base-2 column holds a multiple of k + 1 = 3 ones, and a move breaks one.
    expect_losing_hint(
        board, "Sommes des colonnes modulo k + 1 = 3", "cesse d'être un multiple de 3"
    )


def test_the_hint_shows_the_columns_modulo_k_plus_one(file_page, site_url):
    board = open_board(file_page, site_url + PAGE)
    new_game(board, "11 9 7", 2, mode="deux")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
    table = board.locator("table.moore-binary")
    expect(table.locator("caption")).to_have_text("Les tas en base 2, les 1 comptés modulo 3")
    expect(table.locator("thead th")).to_have_text(["Tas", "8", "4", "2", "1", "Coup conseillé"])
    expect(table.locator("tbody tr").nth(0)).to_contain_text("1011")
    expect(table.locator("tfoot tr").nth(0).locator("td")).to_have_text(["2", "1", "2", "3", ""])
    expect(table.locator("tfoot tr").nth(1).locator("td")).to_have_text(["2", "1", "2", "0", ""])
    expect(table.locator(".is-nonzero")).to_have_count(3)
    expect(table.locator("tr.is-touched")).to_have_count(2)
    expect(board.locator(".game-hint")).to_contain_text("Nimₖ-somme 2120")
    # The hint's move is the one prepared: 4 from heap 1 and 2 from heap 2, to (7, 7, 7).
    expect(board.locator(".game-play")).to_contain_text(
        "4 allumettes du tas 1 (11 → 7) et 2 allumettes du tas 2 (9 → 7)"
    )
    expect(board.locator('.moore-match[aria-pressed="true"]')).to_have_count(6)
    expect(board.locator(".moore-match[data-hinted]")).to_have_count(6)
    new_game(board, "2 3 3 1", 2, mode="deux")
    board.get_by_role("button", name="Indice").click()
    expect(board).to_have_attribute("data-hint", "P", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".moore-binary tfoot tr").nth(1).locator("td")).to_have_text(["0", "0"])
    expect(board.locator(".game-hint")).to_contain_text("Tous les restes sont nuls")


def test_a_move_in_several_heaps(file_page, site_url):
    board = open_board(file_page, site_url + PAGE)
    new_game(board, "6 5 7 2", 2, mode="deux")
    match(board, 0, 2).click()  # 4 from heap 1
    match(board, 2, 5).click()  # 2 from heap 3
    play = board.locator(".game-play")
    expect(play).to_contain_text(
        "retirer 4 allumettes du tas 1 (6 → 2) et 2 allumettes du tas 3 (7 → 5)"
    )
    stepper = board.locator(".moore-heap").nth(2).locator(".moore-step")
    stepper.nth(1).click()  # « + »: one more from heap 3
    expect(play).to_contain_text("3 allumettes du tas 3 (7 → 4)")
    board.locator(".moore-heap").nth(0).locator(".moore-step").nth(
        0
    ).click()  # « − »: one fewer from heap 1
    expect(play).to_contain_text(
        "retirer 3 allumettes du tas 1 (6 → 3) et 3 allumettes du tas 3 (7 → 4)"
    )
    expect(board.locator(".moore-heap.is-marked")).to_have_count(2)
    play.click()
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [3, 5, 4, 2]
    expect(board.locator(".game-turn")).to_have_text("Au tour du joueur 2.")


def test_illegal_actions_change_nothing(file_page, site_url):
    board = open_board(file_page, site_url + PAGE)
    new_game(board, "6 5 7 2", 2)
    message = board.locator(".board-message")
    play = board.locator(".game-play")  # « Jouer » with nothing chosen: test_boards.py
    match(board, 0, 5).click()
    match(board, 1, 4).click()
    expect(play).to_contain_text("du tas 1 (6 → 5) et 1 allumette du tas 2 (5 → 4)")
    # A third heap, with k = 2: marked as refused, and refused in nimcore's words.
    third = match(board, 2, 6)
    expect(third).to_have_attribute("aria-disabled", "true")
    force_click(third)
    expect(message).to_contain_text(
        "Coup refusé\u00a0: Un coup touche au plus 2 tas\u00a0: celui-ci en change 3"
    )
    expect(play).to_contain_text("du tas 1 (6 → 5) et 1 allumette du tas 2 (5 → 4)")
    expect(board.locator(".moore-heap.is-marked")).to_have_count(2)
    assert position(board) == [6, 5, 7, 2]
    # Taking nothing is refused too (« − » on the only marked heap).
    board.locator(".moore-clear").click()
    match(board, 3, 1).click()
    force_click(board.locator(".moore-heap").nth(3).locator(".moore-step").nth(0))
    expect(message).to_contain_text("Ce coup ne change rien")
    expect(play).to_contain_text("retirer 1 allumette du tas 4 (2 → 1)")
    for bad, fragment in [
        ("5", "au moins 2 tas"),  # the form as typed, read by nimcore
        ("1 2 3 4 5 6 7", "7 valeurs, c'est trop (6 au plus)"),
        ("3 16", "entre 0 et 15"),
        ("3 x", "«\u00a0x\u00a0»"),
        ("0 0 0", "déjà finie"),  # no move from there
    ]:
        expect_setup_refused(board, {"heaps": bad}, fragment, [6, 5, 7, 2])


def test_with_k_equal_to_one_a_new_heap_replaces_the_old(file_page, site_url):
    board = open_board(file_page, site_url + PAGE)
    new_game(board, "3 4 5", 1, mode="deux")
    expect(board.locator(".game-rule")).to_contain_text("d'un seul tas")
    match(board, 0, 1).click()
    match(board, 2, 0).click()
    expect(board.locator(".game-play")).to_have_text(
        "Jouer\u00a0: retirer 5 allumettes du tas 3 (5 → 0)"
    )
    expect(board.locator(".moore-heap.is-marked")).to_have_count(1)


def test_the_position_lives_in_the_url(file_page, site_url):
    page = file_page
    board = open_board(page, site_url + PAGE + "?moore=k3-1-2-3-4", shows=[1, 2, 3, 4])
    expect(board.locator("select[name=k]")).to_have_value("3")
    new_game(board, "9 0 4", 2)
    wait_for_address(page, query="moore=k2-9-0-4")
    # A fresh board reads it back (malformed addresses: test_boards.py).
    board = remount(page, "moore", "k2-9-0-4")
    expect(board).to_have_attribute("data-position", "[9,0,4]", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".moore-empty")).to_have_text("vide")


def test_the_selection_can_be_cleared(file_page, site_url):
    page = file_page
    board = open_board(page, site_url + PAGE)
    new_game(board, "6 5 7 2", 2, mode="deux")
    clear = board.get_by_role("button", name="Effacer la sélection")
    expect(clear).to_be_disabled()  # nothing to clear yet
    play = board.locator(".game-play")
    match(board, 0, 2).click()
    match(board, 2, 5).click()
    expect(board.locator(".moore-heap.is-marked")).to_have_count(2)
    # A third heap is refused (k = 2)…
    force_click(match(board, 3, 1))
    expect_refused(board, "Un coup touche au plus 2 tas", DEFAULT)
    # …but once the selection is cleared, any heap can be marked.
    clear.click()
    expect(board.locator(".moore-heap.is-marked")).to_have_count(0)
    expect(board.locator('.moore-match[aria-pressed="true"]')).to_have_count(0)
    expect(play).to_have_text("Jouer")
    expect(play).to_be_disabled()
    expect(clear).to_be_disabled()
    expect(board.locator(".board-message")).to_have_text("")
    expect(board.locator(".moore-status")).to_contain_text("Marquez les tas où prendre")
    assert position(board) == DEFAULT and board.get_attribute("data-turn") == "humain"
    match(board, 3, 1).click()
    expect(play).to_have_text("Jouer\u00a0: retirer 1 allumette du tas 4 (2 → 1)")
    # Escape clears too, from the keyboard; the focus stays on the match.
    match(board, 1, 0).focus()
    page.keyboard.press("Enter")
    expect(play).to_contain_text("5 allumettes du tas 2 (5 → 0) et 1 allumette du tas 4 (2 → 1)")
    page.keyboard.press("Escape")
    expect(board.locator(".moore-heap.is-marked")).to_have_count(0)
    expect(play).to_have_text("Jouer")
    expect(board.locator(".moore-match").and_(page.locator(":focus"))).to_have_count(1)
    assert position(board) == DEFAULT
    # Playing after a cleared selection plays the new one only.
    match(board, 2, 6).click()
    play.click()
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [6, 5, 6, 2]


def test_a_move_with_the_keyboard_only(file_page, site_url):
    page = file_page
    board = open_board(page, site_url + PAGE)
    new_game(board, "6 5 7 2", 2, mode="deux")
    board.locator("input[name=heaps]").focus()  # where Tab would bring the reader
    for _ in range(30):
        if page.evaluate("document.activeElement.classList.contains('moore-match')"):
            break
        page.keyboard.press("Shift+Tab")
    expect(board.locator('.moore-match[tabindex="0"]')).to_have_count(1)

    def cursor():
        return page.evaluate(
            "() => { const e = document.activeElement;"
            " return e.classList.contains('moore-match') ? [Number(e.dataset.heap), Number(e.dataset.index)] : null; }"
        )

    assert cursor() == [0, 5]  # the last match of the first heap
    page.keyboard.press("ArrowDown")
    assert cursor() == [1, 4]  # heap 2 has only 5 matches
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert cursor() == [2, 5]
    page.keyboard.press("Enter")  # 2 from heap 3
    expect(board.locator(".game-play")).to_contain_text("retirer 2 allumettes du tas 3 (7 → 5)")
    assert cursor() == [2, 5]  # the focus stays on the match
    page.keyboard.press("Tab")  # the steppers' Tab stop: « + » of the heap the keyboard is on
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == (
        "Tas 3\u00a0: en prendre une de plus (2 sur 7)"
    )
    page.keyboard.press("Enter")
    expect(board.locator(".game-play")).to_contain_text("retirer 3 allumettes du tas 3 (7 → 4)")
    page.keyboard.press("ArrowLeft")  # « − » of heap 3
    assert page.evaluate("document.activeElement.textContent") == "−"
    page.keyboard.press("ArrowUp")  # heap 2 takes nothing: its « − » is disabled, its « + » reached
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == (
        "Tas 2\u00a0: en prendre une de plus (0 sur 5)"
    )
    page.keyboard.press("ArrowDown")  # « − » of heap 3 again
    page.keyboard.press("Shift+Tab")  # back to the matches of that heap: the first one taken
    assert cursor() == [2, 4]
    page.keyboard.press("Home")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # the same move twice: played
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert position(board) == [6, 5, 0, 2]


@pytest.mark.parametrize("code", ["k1-3-0-2", "k3-1-1-2-1"])
def test_the_moves_a_reader_can_prepare_are_nimcores(file_page, site_url, code):
    """With k = 1 and k = 3 too (test_boards.py explores k = 2 at drawn positions):
    every move reachable by gestures is nimcore's, and all of them are."""
    entry = games.get("moore")
    start = entry.position_json(entry.decode(code)[0])
    board = open_board(file_page, f"{site_url}{PAGE}?moore={code}", shows=start)
    wait_for_my_turn(board)
    assert set(prepared_targets(board, ".moore-clear", target_of(code))) == nimcore_moves(code)
    assert position(board) == start  # nothing was played


def test_unlisted_moves_are_checked_by_nimcore(file_page, site_url):
    """Six heaps of 15, k = 2: too many moves to list; each gesture's target is asked of nimcore."""
    code = "k2-15-15-15-15-15-15"
    entry = games.get("moore")
    start, options = entry.decode(code)
    assert base.view(entry, start, options)["moves"] is None
    board = open_board(file_page, f"{site_url}{PAGE}?moore={code}", shows=list(start))
    wait_for_my_turn(board)
    expect(board.locator('.game-area [aria-disabled="true"]')).to_have_count(0)
    # With nothing prepared, the gestures reach exactly nimcore's moves from one heap.
    single = {
        json.dumps(list(move.to), separators=(",", ":"))
        for move in entry.moves(start, options)
        if len(move.heaps) == 1
    }
    assert offered(board, code) == single
    play = board.locator(".game-play")
    match(board, 0, 10).click()
    expect(play).to_have_text("Jouer\u00a0: retirer 5 allumettes du tas 1 (15 → 10)")
    match(board, 4, 0).click()
    expect(play).to_contain_text("et 15 allumettes du tas 5 (15 → 0)")
    match(board, 5, 14).click()  # a third heap: nimcore says no
    expect_refused(board, "Un coup touche au plus 2 tas\u00a0: celui-ci en change 3", list(start))
    expect(play).to_contain_text("et 15 allumettes du tas 5 (15 → 0)")
    play.click()
    wait_for_my_turn(board)
    assert sum(position(board)) < sum(start) - 20  # the move (and the computer's reply) played


def test_a_phone_shows_heaps_by_fives_and_the_arrows_follow_the_lines(site_page, site_url):
    """At 390 px a heap of 15 matches is three lines of five, in columns, on the screen; Up and
    Down go to the line drawn above or below (in the heap, then the next)."""
    page = site_page
    page.set_viewport_size({"width": 390, "height": 844})
    board = open_board(page, f"{site_url}{PAGE}?moore=k2-15-7", shows=[15, 7])
    width = page.evaluate("document.documentElement.clientWidth")
    boxes = board.locator('.moore-match[data-heap="0"]').evaluate_all(
        "matches => matches.map(m => { const b = m.getBoundingClientRect(); return [b.left, b.top, b.right]; })"
    )
    assert len({top for _, top, _ in boxes}) == 3
    assert [left for left, _, _ in boxes[5:10]] == [left for left, _, _ in boxes[:5]]
    assert max(right for _, _, right in boxes) <= width
    board.locator('.moore-match[tabindex="0"]').focus()

    def cursor():
        return page.evaluate(
            "() => [Number(document.activeElement.dataset.heap), Number(document.activeElement.dataset.index)]"
        )

    assert cursor() == [0, 14]  # the last match of the first heap, at the end of its third line
    for key, expected in [
        ("ArrowUp", [0, 9]),
        ("ArrowUp", [0, 4]),
        ("ArrowDown", [0, 9]),
        ("ArrowDown", [0, 14]),
        ("ArrowDown", [1, 4]),  # the next heap's first line
        ("ArrowDown", [1, 6]),  # its second line holds two matches: the nearer one
        ("ArrowLeft", [1, 5]),
        ("ArrowLeft", [1, 4]),  # the end of the line above
        ("ArrowUp", [0, 14]),
    ]:
        page.keyboard.press(key)
        assert cursor() == expected, key
    page.keyboard.press("Enter")
    expect(board.locator(".game-play")).to_contain_text("retirer 1 allumette du tas 1 (15 → 14)")
