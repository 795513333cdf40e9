"""The engine recovers and can be stopped: time budgets, cancellation, progress, a dying worker.

The page's engine (docs/javascripts/engine/client.js) runs one request at a
time in its worker. A request can be cancelled (AbortSignal), follows its
progress (onProgress), and has a time budget; a worker that dies is replaced,
the boards keep their positions, and the game goes on.
"""

import re

import pytest
from boardtest import ENGINE_TIMEOUT, wait_for_my_turn
from playwright.sync_api import expect
from siteserver import Guard, serve
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
    the next move is refused in French, the engine restarts, and the move then plays."""
    page = site_page
    page.goto(f"{site_url}nim/")
    board = page.locator(BOARD)
    wait_ready(page)
    guard.allow(re.compile(r"fatal error|The cause of the fatal error|essai fatal|Error: essai"))
    engine_worker(page).evaluate(
        """() => { try { self.nimMoteur.pyodide._api.fatal_error(new Error("essai fatal")); }
                   catch (error) { return String(error); } }"""
    )
    take_one_match(board)
    expect(board.locator(".board-message")).to_contain_text("Coup refusé", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".board-message")).to_contain_text("redémarre")
    assert heaps_now(board) == [1, 3, 5, 7]  # the move was undone, nothing else changed
    expect(board.locator(".board-status")).to_have_text(
        "Moteur prêt (il vient de redémarrer).", timeout=ENGINE_TIMEOUT
    )
    take_one_match(board)
    wait_for_my_turn(board)
    assert sum(heaps_now(board)) == 14
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
