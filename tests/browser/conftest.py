"""Browser tests: the built site, served on 127.0.0.1, driven in headless Chromium.

Every page opened through the `site_page` fixture fails its test on any request
to another origin, on any console error, in the page or in its worker, and on
any Content-Security-Policy violation (securitypolicyviolation).
"""

import json

import pytest
from playwright.sync_api import expect
from siteserver import Guard, keep_snapshot, reader_tab, serve

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
    watcher.check()


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
    keep_snapshot(page, site_url, snapshot_url)
    return page


@pytest.fixture(scope="module")
def file_tab(browser, site_url, snapshot_url):
    """One reader's tab for all the tests of a file that take `file_page`: its pages load
    once and its engine starts once (from the snapshot, as with site_page) instead of once a
    test. Returns (page, guard)."""
    context, page, watcher = reader_tab(browser, site_url, snapshot_url)
    yield page, watcher
    context.close()


@pytest.fixture
def file_page(file_tab):
    """The tab of the test file (file_tab), at the default window size; the test fails on
    any request to another origin, console error or CSP violation during it, as with
    site_page. A test opens its page with boardtest.visit: where the tab shows that page
    already, its boards are set up afresh from the new address, without a page load."""
    page, watcher = file_tab
    page.set_viewport_size({"width": 1280, "height": 720})
    yield page
    watcher.check()
