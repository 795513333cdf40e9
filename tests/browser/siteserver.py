"""Helpers of the browser tests: a static server with the right MIME types, and the origin guard."""

import contextlib
import http.server
import re
from typing import ClassVar
from urllib.parse import urlsplit

from tools.serve import served


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def log_message(self, format, *args):
        pass


#: Reports every Content-Security-Policy violation of a page to the guard (see Guard.watch_context).
CSP_LISTENER = """
addEventListener("securitypolicyviolation", (event) => {
  window.nimGardeCsp?.(`${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
}, true);
"""


class Guard:
    """Records requests to other origins, console errors and CSP violations."""

    def __init__(self, origin: str):
        self.origin = origin
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.allowed: list[re.Pattern[str]] = []

    def allow(self, pattern: re.Pattern[str]) -> None:
        """Console errors matching *pattern* are expected by the test (e.g. a simulated crash)."""
        self.allowed.append(pattern)

    def watch_context(self, context) -> None:
        """Every page of *context* reports its CSP violations (securitypolicyviolation) here."""
        context.expose_binding("nimGardeCsp", lambda source, text: self.csp(text))
        context.add_init_script(CSP_LISTENER)

    def watch_requests(self, context) -> None:
        """Every request of *context* to another origin comes to `route`: recorded, aborted.

        The pattern is matched by Playwright's driver, so a request to the site itself goes
        on without a round trip to this process (which, busy with a test's own work, would
        hold every script, page and wasm of the site on the way).
        """
        allowed = "|".join(["data:", "blob:", re.escape(self.origin + "/")])
        context.route(re.compile(f"^(?!{allowed})"), self.route)

    def csp(self, text: str) -> None:
        self.errors.append(f"CSP: {text}")

    def route(self, route):
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob") or f"{parts.scheme}://{parts.netloc}" == self.origin:
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()

    def console(self, message):
        if message.type == "error" and not any(
            pattern.search(message.text) for pattern in self.allowed
        ):
            self.errors.append(f"console: {message.text}")

    def page_error(self, error):
        self.errors.append(f"exception: {error}")

    def check(self) -> None:
        """Fail on any request to another origin, console error or CSP violation recorded
        since the last check (forgotten then: a page shared by several tests is checked
        after each)."""
        foreign, errors = [*self.foreign], [*self.errors]
        self.foreign.clear()
        self.errors.clear()
        assert foreign == [], f"Requêtes vers une autre origine : {foreign}"
        assert errors == [], f"Erreurs dans la console ou violations de la CSP : {errors}"

    def watch_worker(self, worker):
        if hasattr(worker, "on"):
            # An older Playwright raises: worker consoles then come through the page.
            with contextlib.suppress(Exception):
                worker.on("console", self.console)


#: The console error of a request a test blocks on purpose.
FAILED_LOAD = r"Failed to load resource|net::ERR_FAILED"


def guarded_context(browser, site_url: str, *, allow: tuple[str, ...] = (), **options):
    """A new context and page of *browser* under a Guard, for a test that makes its own
    context (a blocked request, a failing engine): no request leaves the site's origin,
    and the console and the policy are watched as on every page. Console errors matching
    *allow* are the failure the test provokes. The test's own routes, registered after,
    take precedence over the guard's. Returns (context, page, guard)."""
    parts = urlsplit(site_url)
    watcher = Guard(f"{parts.scheme}://{parts.netloc}")
    for pattern in allow:
        watcher.allow(re.compile(pattern))
    context = browser.new_context(**{"service_workers": "block", **options})
    watcher.watch_context(context)
    watcher.watch_requests(context)
    page = context.new_page()
    page.on("console", watcher.console)
    page.on("pageerror", watcher.page_error)
    page.on("worker", watcher.watch_worker)
    return context, page, watcher


def keep_snapshot(page, site_url: str, snapshot_url: str) -> None:
    """Put the engine's snapshot in the Cache Storage of *page*'s browser, as a reader's
    browser holds it after a first visit (see conftest.site_page)."""
    page.goto(f"{site_url}runtime/manifest.json")
    page.evaluate(
        "async (url) => { const cache = await caches.open('tests'); await cache.add(url); }",
        snapshot_url,
    )


def reader_tab(browser, site_url: str, snapshot_url: str):
    """A guarded context and page (guarded_context) shared by several tests, as a reader's
    tab after a first visit: the snapshot kept (keep_snapshot), a minute's default wait.
    Returns (context, page, guard); each test checks the guard (Guard.check)."""
    context, page, watcher = guarded_context(browser, site_url)
    page.set_default_timeout(60_000)
    keep_snapshot(page, site_url, snapshot_url)
    return context, page, watcher


class PrefixHandler(QuietHandler):
    """Serves the site under a sub-path, as GitHub Pages serves a project site."""

    prefix = "/"

    def translate_path(self, path):
        if not path.startswith(self.prefix):
            return "/nonexistent-outside-prefix"
        return super().translate_path("/" + path[len(self.prefix) :])


class IsolatedHandler(PrefixHandler):
    """Adds the headers that make a page cross-origin isolated (SharedArrayBuffer, Pyodide's
    interrupt buffer), which GitHub Pages does not send."""

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()


def serve(directory, prefix: str = "/", isolated: bool = False):
    """Serve *directory* on 127.0.0.1 under *prefix*; yield the site's URL (ending with /).

    *isolated*: with COOP/COEP headers, so that pages are cross-origin isolated.
    """
    base = IsolatedHandler if isolated else PrefixHandler
    handler_class = type("Handler", (base,), {"prefix": prefix})
    return served(directory, handler_class, prefix)
