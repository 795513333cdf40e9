"""The pages around the boards: a board mounted once before the theme, math offline, what a page loads."""

import contextlib
import http.server
import re
import threading

import pytest
from boardtest import ENGINE_TIMEOUT, PAGE_TIMEOUT, wait_for_my_turn
from playwright.sync_api import expect
from siteserver import Guard, serve
from test_heaps_board import heaps_now, new_game, take_one_match

pytestmark = pytest.mark.browser

BOARD = '[data-key="nim"]'


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
                  areas: document.querySelectorAll('[data-key="nim"] .game-area').length};
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


def test_the_guard_catches_foreign_requests(browser, site_url):
    """The guard itself works. The site's policy refuses a request elsewhere before it leaves
    (connect-src 'self'): the guard records the violation; without the policy, the guard
    records the request and aborts it."""
    for bypass_csp, caught in ((False, "errors"), (True, "foreign")):
        context = browser.new_context(bypass_csp=bypass_csp, service_workers="block")
        watcher = Guard(site_url.rstrip("/"))
        watcher.watch_context(context)
        watcher.watch_requests(context)
        page = context.new_page()
        page.goto(site_url)
        page.evaluate("() => fetch('https://example.com/x').catch(() => null)")
        if caught == "errors":
            for _ in range(100):  # the violation is reported by an event, soon after
                if watcher.errors:
                    break
                page.wait_for_timeout(50)
            assert any("https://example.com/x" in error for error in watcher.errors), watcher.errors
            assert any(error.startswith("CSP: connect-src") for error in watcher.errors)
        else:
            assert watcher.foreign == ["https://example.com/x"]
        context.close()


@contextlib.contextmanager
def another_origin():
    """A second local server (another port: another origin); yields its URL and the paths asked."""
    asked: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            asked.append(self.path)
            self.send_response(204)
            self.end_headers()

        def log_message(self, format, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", asked
    finally:
        server.shutdown()
        server.server_close()


#: A request to another origin, from wherever it runs: "sent" or the error.
FETCH_ELSEWHERE = """async (url) => {
  try { await fetch(url, {mode: "no-cors"}); return "sent"; } catch (error) { return String(error); }
}"""


def test_the_meta_policy_governs_the_document_not_the_workers(browser, built_site):
    """What ARCHITECTURE.md says of the policy: a `<meta http-equiv>` policy applies to its document
    only. The engine's worker and the service worker take their policy from their own response
    headers, and GitHub Pages (like this test's server) sends none: a request to another
    origin is refused in the page, and leaves from either worker."""
    with serve(built_site) as url, another_origin() as (elsewhere, asked):
        context = browser.new_context(service_workers="allow")
        page = context.new_page()
        page.goto(f"{url}nim/")
        page.wait_for_function(
            "() => window.nimJeux.engine.status.state === 'ready'", timeout=ENGINE_TIMEOUT
        )
        page.wait_for_function(
            "() => navigator.serviceWorker.ready.then(() => true)", timeout=ENGINE_TIMEOUT
        )
        engine = next(worker for worker in page.workers if "engine/worker.js" in worker.url)
        service = next(
            (worker for worker in context.service_workers if "sw.js" in worker.url), None
        ) or context.wait_for_event("serviceworker", timeout=ENGINE_TIMEOUT)
        assert "Failed to fetch" in page.evaluate(FETCH_ELSEWHERE, f"{elsewhere}/page")
        assert engine.evaluate(FETCH_ELSEWHERE, f"{elsewhere}/moteur") == "sent"
        assert service.evaluate(FETCH_ELSEWHERE, f"{elsewhere}/sw") == "sent"
        assert sorted(asked) == ["/moteur", "/sw"]
        context.close()


def test_math_is_typeset_offline(site_page, site_url):
    page = site_page
    page.goto(site_url + "nim/")
    # KaTeX typesets the whole page in one pass: the margin is for a busy machine.
    expect(page.locator(".arithmatex .katex").first).to_be_visible(timeout=PAGE_TIMEOUT)
    assert page.locator(".arithmatex:not([data-katex])").count() == 0
    # The computed table of the page is there, with its odd columns marked.
    table = page.locator("table.nim-binary").first
    expect(table).to_contain_text("nombre de 1")
    assert table.locator(".is-odd").count() > 0
    # KaTeX's fonts come from the site itself (once they have come: on a busy machine they
    # may still be on their way when the math shows).
    page.wait_for_function(
        "() => performance.getEntriesByType('resource').some((e) => e.name.includes('KaTeX_'))",
        timeout=PAGE_TIMEOUT,
    )
    fonts = page.evaluate(
        "() => performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('KaTeX_'))"
    )
    assert fonts and all(name.startswith(site_url) for name in fonts)


def test_pages_load_only_what_they_use(site_page, site_url):
    """No engine without a board; no KaTeX without math."""
    page = site_page
    for path in ("histoire/", "bibliographie/"):  # pages without a board (the home page has one)
        page.goto(site_url + path)
        expect(page.locator("article h1")).to_be_visible()
        page.wait_for_timeout(500)
        loaded = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
        assert not any("pyodide" in name or "worker.js" in name for name in loaded), loaded
        if page.locator(".arithmatex").count() == 0:
            assert not any("katex" in name for name in loaded), loaded
