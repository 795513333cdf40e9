"""The engine recovers and can be stopped: time budgets, cancellation, progress, a dying worker.

The page's engine (docs/javascripts/engine/client.js) runs one request at a
time in its worker. A request can be cancelled (AbortSignal), follows its
progress (onProgress), and has a time budget; a worker that dies is replaced,
the boards keep their positions, and the game goes on.
"""

import json
import re

import pytest
from boardtest import ENGINE_TIMEOUT, wait_for_my_turn
from playwright.sync_api import expect
from siteserver import Guard, serve
from test_boards import BOARDS, board_of, play_any_move
from test_heaps_board import heaps_now, take_one_match

pytestmark = pytest.mark.browser

BOARD = '[data-key="nim"]'

#: A request of `engine.spin` (a call that lasts as long as asked, for tests), run from the page.
SPIN = """async ([ms, options]) => {
  const seen = [];
  const controller = new AbortController();
  const request = window.nimJeux.engine.request("engine.spin", {ms, step: 20}, {
    signal: controller.signal, budget: options.budget,
    onProgress: (done, total) => seen.push([done, total]),
  });
  window.nimEssai = {controller, seen, request: request.then(
    (result) => ({ok: true, result}), (error) => ({ok: false, code: error.code, message: error.message}))};
}"""


def engine_worker(page):
    """The engine's worker (not the theme's search worker)."""
    for worker in page.workers:
        if "engine/worker.js" in worker.url:
            return worker
    raise AssertionError(f"no engine worker among {[w.url for w in page.workers]}")


def stats(page):
    return page.evaluate("() => window.nimJeux.engine.stats()")


def wait_ready(page):
    page.wait_for_function(
        "() => window.nimJeux.engine.status.state === 'ready'", timeout=ENGINE_TIMEOUT
    )


def outcome(page):
    return page.evaluate("() => window.nimEssai.request")


def test_cancel_time_budget_and_progress(site_page, site_url):
    page = site_page
    page.goto(f"{site_url}nim/")
    wait_ready(page)
    assert stats(page)["workers"] == 1

    # A request not started yet is dropped: the worker keeps running the one before.
    page.evaluate(SPIN, [600, {}])
    dropped = page.evaluate(
        """() => { const c = new AbortController();
          const p = window.nimJeux.engine.request("nim.analyse", {position: [1, 2]}, {signal: c.signal});
          c.abort(); return p.then(() => "answered", (error) => error.code); }"""
    )
    assert dropped == "cancelled"
    assert outcome(page)["ok"] is True
    assert stats(page)["workers"] == 1 and stats(page)["pending"] == 0

    # A running request: progress comes, then « Arrêter » stops it within the cancel call,
    # and a fresh engine answers the next request.
    page.evaluate(SPIN, [30_000, {}])
    page.wait_for_function("() => window.nimEssai.seen.length >= 3", timeout=ENGINE_TIMEOUT)
    seen = page.evaluate("() => window.nimEssai.seen")
    assert all(total == 1500 and 0 < done <= total for done, total in seen), seen
    # A request waiting behind it goes to the new worker, its budget counted from there.
    page.evaluate(
        """() => { window.nimSuivante = window.nimJeux.engine.request(
              'nim.analyse', {position: [1, 2, 3]}, {budget: 1500}); }"""
    )
    page.evaluate("() => window.nimEssai.controller.abort()")
    stopped = outcome(page)
    assert stopped == {"ok": False, "code": "cancelled", "message": "Calcul arrêté."}
    assert page.evaluate("() => window.nimSuivante")["outcome"] == "P"
    page.wait_for_timeout(1600)  # the budget of the first worker's time, had it been kept
    assert stats(page)["workers"] == 2 and stats(page)["boot"] == "snapshot"

    # Past its budget, a request is answered with a French error and the engine comes back.
    page.evaluate(SPIN, [30_000, {"budget": 300}])
    late = outcome(page)
    assert late["code"] == "timeout" and "temps permis" in late["message"], late
    wait_ready(page)
    board = page.locator(BOARD)
    expect(board.locator(".board-status")).to_have_text("Moteur prêt (il vient de redémarrer).")
    take_one_match(board)
    wait_for_my_turn(board)
    assert sum(heaps_now(board)) == 14  # 1-3-5-7 less one match, then the computer's move
    assert stats(page)["workers"] == 3 and stats(page)["pending"] == 0


def test_a_worker_that_dies_is_replaced_and_the_game_goes_on(site_page, site_url):
    page = site_page
    page.goto(f"{site_url}nim/?nim=3-5-7")
    board = page.locator(BOARD)
    expect(board).to_have_attribute("data-position", "[3,5,7]", timeout=ENGINE_TIMEOUT)
    wait_ready(page)
    take_one_match(board)
    wait_for_my_turn(board)
    position = board.get_attribute("data-position")

    # A request in flight when the worker dies is answered with an error, in French.
    # (The worker stops reading requests, one is sent, then the worker closes itself.)
    worker = engine_worker(page)
    worker.evaluate("() => { self.onmessage = null; }")
    page.evaluate(SPIN, [100, {}])
    assert stats(page)["pending"] == 1
    worker.evaluate("() => self.close()")
    died = outcome(page)
    assert died["code"] == "crashed" and "redémarre" in died["message"], died
    expect(board.locator(".board-status")).to_have_text(
        "Moteur prêt (il vient de redémarrer).", timeout=ENGINE_TIMEOUT
    )
    assert board.get_attribute("data-position") == position  # the board kept its game
    take_one_match(board)
    wait_for_my_turn(board)
    expect(board.locator(".game-turn")).to_contain_text("L’ordinateur a joué")
    assert stats(page)["workers"] == 2


def test_a_fatal_pyodide_error_is_recovered(site_page, site_url, guard):
    """Pyodide fails fatally (its own fatal-error path, which logs to the console):
    the next move is refused in French, the engine restarts, and the move then plays.
    (From 2-3-4, which the page's opening book does not hold: the moves go to the engine.)"""
    page = site_page
    page.goto(f"{site_url}nim/?nim=2-3-4")
    board = page.locator(BOARD)
    wait_ready(page)
    expect(board).to_have_attribute("data-position", "[2,3,4]", timeout=ENGINE_TIMEOUT)
    guard.allow(re.compile(r"fatal error|The cause of the fatal error|essai fatal|Error: essai"))
    engine_worker(page).evaluate(
        """() => { try { self.nimMoteur.pyodide._api.fatal_error(new Error("essai fatal")); }
                   catch (error) { return String(error); } }"""
    )
    take_one_match(board)
    expect(board.locator(".board-message")).to_contain_text("Coup refusé", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".board-message")).to_contain_text("redémarre")
    assert heaps_now(board) == [2, 3, 4]  # the move was undone, nothing else changed
    expect(board.locator(".board-status")).to_have_text(
        "Moteur prêt (il vient de redémarrer).", timeout=ENGINE_TIMEOUT
    )
    take_one_match(board)
    wait_for_my_turn(board)
    assert sum(heaps_now(board)) < 8  # the reader's match, then the computer's move
    assert stats(page)["workers"] == 2 and stats(page)["restarts"] == 1


def test_a_cross_origin_isolated_page_stops_by_the_interrupt_buffer(browser, built_site):
    """Where the page is cross-origin isolated (COOP/COEP headers, not on GitHub Pages), a
    running request is stopped by Pyodide's interrupt buffer: the same worker goes on."""
    with serve(built_site, isolated=True) as url:
        context = browser.new_context(service_workers="block")
        watcher = Guard(url.rstrip("/"))
        watcher.watch_context(context)
        page = context.new_page()
        page.on("console", watcher.console)
        page.on("pageerror", watcher.page_error)
        page.on("worker", watcher.watch_worker)
        page.goto(f"{url}nim/")
        assert page.evaluate("() => crossOriginIsolated") is True
        wait_ready(page)
        page.evaluate(SPIN, [30_000, {}])
        page.wait_for_function("() => window.nimEssai.seen.length >= 2", timeout=ENGINE_TIMEOUT)
        page.evaluate("() => window.nimEssai.controller.abort()")
        assert outcome(page)["code"] == "cancelled"
        answer = page.evaluate(
            "() => window.nimJeux.engine.request('nim.analyse', {position: [1, 2, 3]})"
        )
        assert answer["outcome"] == "P"
        assert stats(page)["workers"] == 1 and stats(page)["restarts"] == 0
        context.close()
    assert watcher.errors == [] and watcher.foreign == []


#: Every board's engine status line, as it changes (the page's own record, kept by data-key).
WATCH_STATUS = """() => {
  window.nimStatuts = {};
  for (const board of document.querySelectorAll("[data-board][data-key]")) {
    const line = board.querySelector(".board-status");
    const seen = (window.nimStatuts[board.dataset.key] = [line.textContent]);
    new MutationObserver(() => seen.push(line.textContent)).observe(
      line, {childList: true, characterData: true, subtree: true});
  }
}"""


def test_a_page_of_several_boards_keeps_every_game_when_the_worker_dies(site_page, site_url):
    """The worker dies in the middle of the games of a page of four boards: each keeps its
    position and says what happened, the move in flight is refused in French, play goes on."""
    page = site_page
    cases = [case for case in BOARDS if case.path == "jeux-mysterieux/"]
    assert len(cases) >= 3
    page.goto(f"{site_url}jeux-mysterieux/?" + "&".join(f"{c.key}={c.n_code}" for c in cases))
    boards = [board_of(page, case) for case in cases]
    for case, board in zip(cases, boards, strict=True):
        expect(board).to_have_attribute(
            "data-position",
            json.dumps(case.position(case.n_code), separators=(",", ":")),
            timeout=ENGINE_TIMEOUT,
        )
    wait_ready(page)
    for case, board in zip(cases, boards, strict=True):  # every game under way
        play_any_move(board, case)
        wait_for_my_turn(board)
    before = [board.get_attribute("data-position") for board in boards]
    page.evaluate(WATCH_STATUS)

    # A move is in flight on the first board when the worker dies.
    worker = engine_worker(page)
    worker.evaluate("() => { self.onmessage = null; }")
    play_any_move(boards[0], cases[0])
    page.wait_for_function("() => window.nimJeux.engine.stats().pending === 1")
    worker.evaluate("() => self.close()")
    expect(boards[0].locator(".board-message")).to_contain_text(
        "Coup refusé", timeout=ENGINE_TIMEOUT
    )
    expect(boards[0].locator(".board-message")).to_contain_text("la position est gardée")
    for board in boards:
        expect(board.locator(".board-status")).to_have_text(
            "Moteur prêt (il vient de redémarrer).", timeout=ENGINE_TIMEOUT
        )
    statuses = page.evaluate("() => window.nimStatuts")
    for case in cases:
        assert any(
            "Le moteur s’est arrêté" in text and "positions des plateaux sont gardées" in text
            for text in statuses[case.key]
        ), (case.key, statuses[case.key])
    assert [board.get_attribute("data-position") for board in boards] == before
    assert [board.get_attribute("data-turn") for board in boards] == ["humain"] * len(boards)

    # The games go on, on every board, with the new worker.
    for case, board in zip(cases, boards, strict=True):
        play_any_move(board, case)
        wait_for_my_turn(board)
        assert board.get_attribute("data-position") != before[boards.index(board)]
    assert stats(page)["workers"] == 2 and stats(page)["pending"] == 0


#: The board's computer moves, under the test's control: while window.nimPanne
#: lists failures to come, the next computer_move (or a new game's view that
#: carries the computer's first move, "reply") either waits until the test
#: calls window.nimLacher() ("hold": the test makes the worker deaf first, so
#: that it dies with the request in flight), or runs as a long engine.spin that
#: its time budget (a number, in ms) stops.
BREAK_COMPUTER_MOVES = """() => {
  const engine = window.nimJeux.engine;
  const request = engine.request.bind(engine);
  window.nimPanne = [];
  engine.request = (type, payload, options = {}) => {
    const moves = type.endsWith(".computer_move") || (type.endsWith(".view") && payload?.reply);
    if (!moves || window.nimPanne.length === 0) {
      return request(type, payload, options);
    }
    const failure = window.nimPanne.shift();
    if (failure === "hold") {
      return new Promise((go) => { window.nimLacher = go; }).then(() => request(type, payload, options));
    }
    return request("engine.spin", {ms: 30000, step: 1000}, {...options, budget: failure});
  };
}"""


def test_when_the_computers_move_request_dies_the_board_says_so_and_plays_on(site_page, site_url):
    """The computer's own move (it starts the game) dies with its worker: the board says so
    and the computer plays from the same position; when it fails again, the board is not
    left waiting: it says so in French, and « Faire jouer l’ordinateur » tries again."""
    page = site_page
    page.goto(f"{site_url}nim/?nim=3-4-5")
    board = page.locator(BOARD)
    expect(board).to_have_attribute("data-position", "[3,4,5]", timeout=ENGINE_TIMEOUT)
    wait_ready(page)
    page.evaluate(BREAK_COMPUTER_MOVES)

    # Once: the worker dies under the computer's move; it restarts and the computer plays.
    page.evaluate("() => { window.nimPanne = ['hold']; }")
    board.locator("select[name=premier]").select_option("autre")
    board.get_by_role("button", name="Nouvelle partie").click()
    page.wait_for_function("() => window.nimLacher !== undefined", timeout=ENGINE_TIMEOUT)
    # The new game's view comes with the computer's first move: the board waits for both.
    expect(board).to_have_attribute("data-setup", "en-attente")
    worker = engine_worker(page)
    worker.evaluate("() => { self.onmessage = null; }")
    page.evaluate("() => window.nimLacher()")
    page.wait_for_function("() => window.nimJeux.engine.stats().pending === 1")
    worker.evaluate("() => self.close()")
    expect(board.locator(".board-message")).to_contain_text(
        "Le moteur s’est arrêté\u00a0: il redémarre, et l’ordinateur rejoue depuis la même position.",
        timeout=ENGINE_TIMEOUT,
    )
    # While the new game waits for its view, the board still shows the old game, the
    # reader's turn included: wait for the new game first, then for the reader's turn.
    expect(board).not_to_have_attribute("data-setup", "en-attente", timeout=ENGINE_TIMEOUT)
    wait_for_my_turn(board)
    expect(board.locator(".game-turn")).to_contain_text("L’ordinateur a joué")
    assert sum(heaps_now(board)) < 12

    # Twice: its move and the retry outlast their budget. The board says so, does not wait
    # for good, and the reader has the computer try again.
    page.evaluate("() => { window.nimPanne = [1000, 1000]; }")
    board.get_by_role("button", name="Nouvelle partie").click()
    message = board.locator(".board-message")
    expect(message).to_contain_text("L’ordinateur ne peut pas jouer", timeout=ENGINE_TIMEOUT)
    expect(message).to_contain_text("temps permis")
    assert heaps_now(board) == [3, 4, 5]
    turn = board.locator(".game-turn")
    expect(turn).not_to_contain_text("À vous de jouer")
    expect(turn).not_to_contain_text("réfléchit")
    expect(turn).to_contain_text("L’ordinateur n’a pas joué")
    retry = board.get_by_role("button", name="Faire jouer l’ordinateur")
    expect(retry).to_be_enabled()
    wait_ready(page)
    retry.click()
    wait_for_my_turn(board)
    expect(board.locator(".game-turn")).to_contain_text("L’ordinateur a joué")
    take_one_match(board)
    wait_for_my_turn(board)
    assert stats(page)["pending"] == 0
