"""Browser tests: the built site, served on 127.0.0.1, driven in headless Chromium.

Every page opened through the `site_page` fixture fails its test on any request
to another origin, on any console error, in the page or in its worker, and on
any Content-Security-Policy violation (securitypolicyviolation).
"""

import json

import pytest
from playwright.sync_api import expect
from siteserver import Guard, serve

from tools import chromium

pytestmark = pytest.mark.browser

# An expectation waits for its state up to a minute, not Playwright's default 5 s: on a busy
# machine (two test processes and more on two cores) a worker's restart or a page's script
# can take longer than 5 s, and a test must wait on the state, not race it. A passing
# expectation returns as soon as its state holds; only a failing one waits the whole minute.
expect.set_options(timeout=60_000)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, **chromium.launch_args(shell=True)}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # The service worker is tested on its own (test_offline.py); elsewhere it
    # would answer from its cache, out of sight of the request guard.
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def site_url(built_site) -> str:
    with serve(built_site) as url:
        yield url


@pytest.fixture
def guard(site_url, context):
    origin = site_url.rstrip("/")
    watcher = Guard(origin)
    watcher.watch_context(context)
    watcher.watch_requests(context)
    yield watcher
    assert watcher.foreign == [], f"Requêtes vers une autre origine : {watcher.foreign}"
    assert watcher.errors == [], (
        f"Erreurs dans la console ou violations de la CSP : {watcher.errors}"
    )


@pytest.fixture(scope="session")
def snapshot_url(built_site, site_url) -> str:
    """The address of the engine's memory snapshot, as the runtime's manifest names it."""
    manifest = json.loads((built_site / "runtime" / "manifest.json").read_text(encoding="utf-8"))
    return f"{site_url}runtime/{manifest['snapshot']}"


@pytest.fixture
def site_page(page, guard, site_url, snapshot_url):
    """A page whose console and requests are watched by `guard`.

    Its browser already holds the engine's snapshot in Cache Storage, as a
    reader's does after a first visit: the boards' engine starts from it in
    about a quarter of the plain start's time (bench/results/browser.json).
    The first visit's plain start and the offline copy are test_offline.py's.
    """
    page.on("console", guard.console)
    page.on("pageerror", guard.page_error)
    page.on("worker", guard.watch_worker)
    page.set_default_timeout(60_000)
    page.goto(f"{site_url}runtime/manifest.json")
    page.evaluate(
        "async (url) => { const cache = await caches.open('tests'); await cache.add(url); }",
        snapshot_url,
    )
    return page
