"""Offline play after one visit, and atomic updates, through the service worker."""

import json
import re
import shutil
from urllib.parse import urljoin, urlsplit

import pytest
from boardtest import ENGINE_TIMEOUT, PAGE_TIMEOUT, wait_for_held, wait_for_my_turn
from playwright.sync_api import expect
from siteserver import FAILED_LOAD, Guard, guarded_context, serve
from test_chomp_board import BIG
from test_chomp_board import new_game as new_chomp_game
from test_heaps_board import heaps_now, new_game, take_one_match

from site_hooks.offline import write_service_worker
from site_hooks.runtime import ROOT

pytestmark = pytest.mark.browser

CHAPTERS = sorted(path.stem for path in (ROOT / "docs").glob("*.md"))
BOARD_PAGES = ["nim"]


def page_url(base, stem):
    return base if stem == "index" else f"{base}{stem}/"


def open_context(browser, url):
    context = browser.new_context(service_workers="allow")
    parts = urlsplit(url)
    watcher = Guard(f"{parts.scheme}://{parts.netloc}")
    watcher.watch_context(context)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.on("console", watcher.console)
    page.on("pageerror", watcher.page_error)
    return context, page, watcher


def wait_until_controlled(page):
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=ENGINE_TIMEOUT
    )


def worker_version(page):
    return page.evaluate(
        """() => new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (event) => resolve(event.data.version);
            navigator.serviceWorker.controller.postMessage({type: "version"}, [channel.port2]);
        })"""
    )


#: Fetch each page, then every same-origin file its HTML names (style sheets, scripts, module
#: preloads, images, icons); resolve with what failed or lacks its title, and how many files.
OFFLINE_FILES = """async (pages) => {
  const failed = [], seen = new Set();
  const get = async (address) => {
    const response = await fetch(address).catch(() => null);
    if (!response?.ok) failed.push(address);
    return response?.ok ? response.text() : "";
  };
  for (const address of pages) {
    const html = await get(address);
    const parsed = new DOMParser().parseFromString(html, "text/html");
    if (parsed.querySelector("article h1") === null) failed.push(`${address} (no h1)`);
    for (const element of parsed.querySelectorAll("link[href], script[src], img[src]")) {
      const named = new URL(element.getAttribute("href") ?? element.getAttribute("src"), address);
      if (named.origin !== location.origin || seen.has(named.pathname)) continue;
      seen.add(named.pathname);
      await get(named.href);
    }
  }
  return [failed, seen.size];
}"""


def test_every_page_and_board_works_offline_after_one_visit(browser, built_site):
    # Under a sub-path, as on GitHub Pages: the worker's scope is that sub-path.
    with serve(built_site, prefix="/jeux-de-nim/") as url:
        context, page, watcher = open_context(browser, url)
        page.goto(url)
        wait_until_controlled(page)
        scope = page.evaluate("() => navigator.serviceWorker.ready.then((r) => r.scope)")
        assert scope == url
        context.set_offline(True)
        # Every page and every file it names, as the page's own requests (the worker answers
        # them); pages are then opened for real below, boards, engine and data included.
        failed, files = page.evaluate(OFFLINE_FILES, [page_url(url, stem) for stem in CHAPTERS])
        assert failed == [] and files > 20, (failed, files)
        page.goto(page_url(url, "jeux-combinatoires"))
        expect(page.locator("article h1")).to_be_visible()
        for stem in BOARD_PAGES:
            page.goto(page_url(url, stem))
            board = page.locator("[data-board]").first
            new_game(board, "1 2 3")
            take_one_match(board)
            wait_for_my_turn(board)
            expect(board.locator(".board-status")).to_have_text(
                "Moteur prêt.", timeout=ENGINE_TIMEOUT
            )
            assert sum(heaps_now(board)) == 4  # the computer answered, offline
        # Chomp's table is served apart from the wheel: kept offline too.
        page.goto(page_url(url, "jeux-mysterieux"))
        board = page.locator('[data-key="chomp"]')
        new_chomp_game(board, " ".join(map(str, BIG)), BIG)
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", "N", timeout=ENGINE_TIMEOUT)
        board.locator(".game-play").click()
        expect(board.locator(".game-turn")).to_contain_text(
            "L’ordinateur a joué", timeout=ENGINE_TIMEOUT
        )
        # The laboratory computes a game given by its address, offline and under the sub-path.
        page.goto(page_url(url, "laboratoire") + "?octal=0.137")
        result = page.locator("[data-lab-result]")
        expect(result).to_have_attribute("data-certified", "oui", timeout=ENGINE_TIMEOUT)
        expect(result).to_have_attribute("data-period", "34")
        context.close()
    assert watcher.errors == []


def second_edition(site):
    """Change *site* in place as a second build of a changed project would: the home page's
    title and the board kit change, and so does sw.js, written by the build's own hook
    (site_hooks/offline.py) over the new files. A whole mkdocs build would make the same
    files at the cost of a minute of CPU on a busy machine."""
    home = site / "index.html"
    html = home.read_text(encoding="utf-8")
    changed = re.sub(r"(<h1[^>]*>[^<]*)", r"\1 — deuxième édition", html, count=1)
    assert changed != html
    home.write_text(changed, encoding="utf-8")
    with (site / "javascripts" / "boards" / "kit.js").open("a", encoding="utf-8") as script:
        script.write("\n// deuxième édition\n")
    write_service_worker(site)


def worker_version_of(site):
    return re.search(r'const VERSION = "([0-9a-f]+)"', (site / "sw.js").read_text()).group(1)


def test_the_offline_copy_waits_for_the_engine(browser, built_site):
    """The service worker downloads the whole site: it is registered only once the
    page's engine is ready, never while Pyodide downloads and compiles."""
    with serve(built_site) as url:
        context, page, watcher = open_context(browser, url)
        held = []
        context.route("**/pyodide.asm.wasm*", lambda route: held.append(route))
        page.goto(url + "nim/")
        status = page.locator("[data-board] .board-status").first
        expect(status).to_have_text("Moteur en cours de chargement…")
        # The snapshot's first bytes come before the wasm is asked for: wait for it.
        wait_for_held(page, held)
        registered = "() => navigator.serviceWorker.getRegistration().then((r) => r !== undefined)"
        assert page.evaluate(registered) is False
        for route in held:
            route.continue_()
        context.unroute("**/pyodide.asm.wasm*")  # the service worker will ask for it too
        expect(status).to_have_text("Moteur prêt.", timeout=ENGINE_TIMEOUT)
        wait_until_controlled(page)
        assert page.evaluate(registered) is True
        context.close()
    assert watcher.errors == []


def test_a_new_build_replaces_the_old_one_as_a_whole(browser, built_site, tmp_path):
    served = tmp_path / "site"
    shutil.copytree(built_site, served)
    with serve(served) as url:
        context, page, watcher = open_context(browser, url)
        page.goto(url)
        wait_until_controlled(page)
        first = worker_version(page)

        # A second build of a changed project: a page and a script change, and so does
        # sw.js. It replaces the served site in one go.
        second_site = tmp_path / "second"
        shutil.copytree(built_site, second_site)
        second_edition(second_site)
        shutil.rmtree(served)
        shutil.copytree(second_site, served)
        second = worker_version_of(served)
        assert second != first

        # Until the reader accepts, the old version is served as a whole.
        page.goto(url)
        banner = page.locator(".site-update")
        expect(banner).to_contain_text("nouvelle version", timeout=ENGINE_TIMEOUT)
        expect(page.locator("article h1")).not_to_contain_text("deuxième édition")
        assert worker_version(page) == first

        with page.expect_navigation():
            banner.get_by_role("button", name="Mettre à jour").click()
        expect(page.locator("article h1")).to_contain_text("deuxième édition")
        assert worker_version(page) == second
        kit = page.evaluate(
            "() => fetch('javascripts/boards/kit.js').then((response) => response.text())"
        )
        assert "deuxième édition" in kit
        context.close()
    assert watcher.errors == []


def test_without_service_worker_the_board_says_so(browser, site_url):
    context, page, watcher = guarded_context(browser, site_url)
    context.add_init_script("delete Navigator.prototype.serviceWorker;")
    page.goto(site_url + "nim/")
    note = page.locator(".board-offline-note")
    expect(note).to_contain_text("hors ligne")
    expect(page.locator(".heaps-match").first).to_be_visible()
    context.close()
    assert (watcher.foreign, watcher.errors) == ([], [])


def test_when_the_engine_cannot_start_the_board_says_so(browser, site_url):
    """Pyodide fails to load: a French status, the page still reads, nothing hangs."""
    context, page, watcher = guarded_context(browser, site_url, allow=(FAILED_LOAD,))
    context.route("**/pyodide.asm.wasm*", lambda route: route.abort())
    page.goto(site_url + "nim/")
    board = page.locator("[data-board]").first
    status = board.locator(".board-status")
    expect(status).to_contain_text("n’a pas pu démarrer", timeout=ENGINE_TIMEOUT)
    expect(status).to_have_attribute("data-state", "failed")
    # The page's start is drawn (nimcore's view, from the build). The opening book still
    # answers the moves it holds (nimcore's answers, written at build time); past it, a move
    # is refused, in French, and undone.
    message = board.locator(".board-message")
    for _ in range(12):
        before = heaps_now(board)
        take_one_match(board)
        page.wait_for_function(
            """([board, before]) => (board.dataset.turn === "humain" && board.dataset.position !== before)
                || board.querySelector(".board-message").textContent.includes("Coup refusé")""",
            arg=[board.element_handle(), json.dumps(before, separators=(",", ":"))],
        )
        if "Coup refusé" in (message.text_content() or ""):
            assert heaps_now(board) == before
            break
    expect(message).to_contain_text("Coup refusé")
    expect(message).to_contain_text("n’a pas pu démarrer")
    played = heaps_now(board)
    assert played != [1, 3, 5, 7]  # the book's exchanges were played
    # A new game the book does not hold needs nimcore to check its position: refused, in French.
    new_game(board, "1 2 3", first="autre")
    expect(board.locator(".board-message")).to_contain_text("Partie non lancée")
    assert heaps_now(board) == played
    expect(page.locator("article h1")).to_contain_text("Le jeu de Nim")
    context.close()
    assert (watcher.foreign, watcher.errors) == ([], [])


# --- the snapshot boot (issues 7 and 20) ---------------------------------------------


def engine_boot(page):
    """How the engine of the page booted: "snapshot", "plain" or "plain-after-snapshot"."""
    return engine_stats(page)["boot"]


def engine_stats(page):
    page.wait_for_function(
        "() => window.nimJeux && window.nimJeux.engine.status.state === 'ready'",
        timeout=ENGINE_TIMEOUT,
    )
    return page.evaluate("() => window.nimJeux.engine.stats()")


def play_wythoff_move(page):
    """Take one token of the first heap on the Wythoff board; the computer answers."""
    board = page.locator('[data-board="wythoff"]')
    board.locator(".wythoff-heap").first.locator(".wythoff-token").last.click()
    board.locator(".game-play").click()
    expect(board).to_have_attribute("data-turn", re.compile("humain|fin"), timeout=ENGINE_TIMEOUT)
    expect(board.locator(".game-turn")).to_contain_text("L’ordinateur a joué")


def test_a_first_visit_boots_from_the_snapshot(browser, built_site):
    """A first visit, served under a sub-path as on GitHub Pages, fetches the snapshot
    and boots from it, without Python's standard library; a second visit boots from
    the offline copy's snapshot."""
    with serve(built_site, prefix="/jeux-de-nim/") as url:
        context, page, watcher = open_context(browser, url)
        page.on("worker", watcher.watch_worker)
        received = []
        context.on("requestfinished", lambda request: received.append(request.url))
        page.goto(url + "wythoff/")
        stats = engine_stats(page)
        assert (stats["boot"], stats["bootFallback"]) == ("snapshot", None)
        play_wythoff_move(page)
        assert any("/jeux-de-nim/runtime/nimcore-snapshot-" in url for url in received)
        assert any(url.endswith("/runtime/empty.zip") for url in received)
        assert "snapshot_local" not in stats["bootTimings"]
        wait_until_controlled(page)  # the service worker activates once it holds every file
        wait_for_local_copy(page, 1)
        page.goto(url + "wythoff/")
        stats = engine_stats(page)
        assert stats["boot"] == "snapshot"
        # The snapshot inflated by the first visit, kept by the worker: not inflated again.
        assert "snapshot_local" in stats["bootTimings"]
        assert "snapshot_held" not in stats["bootTimings"]
        play_wythoff_move(page)
        context.close()
    assert watcher.errors == []


#: The worker's own cache of the inflated snapshot (worker.js, LOCAL_COPY).
LOCAL_COPY = "nim-instantane"


def wait_for_local_copy(page, count):
    """Wait until the worker's local copy of the inflated snapshot holds *count* entries."""
    page.wait_for_function(
        """async ([name, count]) => (await (await caches.open(name)).keys()).length === count""",
        arg=[LOCAL_COPY, count],
        timeout=ENGINE_TIMEOUT,
    )


def test_a_damaged_local_copy_of_the_snapshot_is_forgotten(browser, built_site):
    """The local copy of the inflated snapshot is only a shortcut: damaged, the page
    boots plainly and quietly, forgets it, and the next visit inflates the served one."""
    with serve(built_site) as url:
        context, page, watcher = guarded_context(browser, url)
        # A page of the origin without a board: the home page's engine would write
        # the genuine local copy, racing the damaged one written below.
        page.goto(url + "runtime/manifest.json")
        snapshot = url + "runtime/" + snapshot_of(built_site).name
        page.evaluate(
            """async ([name, url]) => {
                const cache = await caches.open(name);
                await cache.put(url, new Response(new Uint8Array(4096).fill(7)));
            }""",
            [LOCAL_COPY, snapshot],
        )
        page.goto(url + "wythoff/")
        stats = engine_stats(page)
        assert stats["boot"] == "plain-after-snapshot", (stats["boot"], stats["bootFallback"])
        assert "snapshot_local" in stats["bootTimings"]
        expect(page.locator('[data-board="wythoff"] .board-status')).to_have_text("Moteur prêt.")
        wait_for_local_copy(page, 0)
        page.goto(url + "wythoff/")
        stats = engine_stats(page)
        assert stats["boot"] == "snapshot" and "snapshot_local" not in stats["bootTimings"], (
            stats["boot"],
            stats["bootFallback"],
        )
        play_wythoff_move(page)
        context.close()
    assert (watcher.foreign, watcher.errors) == ([], [])


def test_the_snapshot_boot_never_downloads_the_standard_library(browser, site_url):
    """Nothing a page does not use: python_stdlib.zip (2.5 MB) is for the plain boot only."""
    context, page, watcher = guarded_context(browser, site_url)
    received = []
    context.on("requestfinished", lambda request: received.append(request.url))
    page.goto(site_url + "wythoff/")
    assert engine_boot(page) == "snapshot"
    play_wythoff_move(page)
    context.close()
    assert (watcher.foreign, watcher.errors) == ([], [])
    assert any("pyodide.asm.wasm" in url for url in received), "worker requests are seen"
    assert [url for url in received if "python_stdlib" in url] == []


def snapshot_of(site):
    (snapshot,) = (site / "runtime").glob("nimcore-snapshot-*")
    return snapshot


def garbage(site):
    snapshot_of(site).write_bytes(b"ceci n'est pas un instantane" * 1000)


def truncated(site):
    snapshot = snapshot_of(site)
    snapshot.write_bytes(snapshot.read_bytes()[: snapshot.stat().st_size // 2])


def from_another_pyodide(site):
    """The snapshot as if made by another build of Pyodide: the served Pyodide's build id changed."""
    script = site / "runtime" / "pyodide" / "pyodide.mjs"
    text, count = re.subn(
        r'BUILD_ID:"[0-9a-f]{64}"', 'BUILD_ID:"' + "0" * 64 + '"', script.read_text()
    )
    assert count == 1
    script.write_text(text)


@pytest.mark.parametrize(
    "damage", [garbage, truncated, from_another_pyodide], ids=lambda f: f.__name__
)
def test_a_snapshot_that_cannot_be_used_falls_back_to_the_plain_boot(
    browser, built_site, tmp_path, damage
):
    """Damaged, cut short, or made by another Pyodide: the page boots plainly, says
    nothing alarming (no console error, the usual « Moteur prêt. »), and the board plays;
    engine.stats() says why."""
    served = tmp_path / "site"
    shutil.copytree(built_site, served)
    damage(served)
    why = "build id" if damage is from_another_pyodide else "instantané endommagé"
    with serve(served) as url:
        context, page, watcher = guarded_context(browser, url)
        page.goto(url + "wythoff/")
        stats = engine_stats(page)
        assert stats["boot"] == "plain-after-snapshot"
        assert why in stats["bootFallback"], stats["bootFallback"]
        expect(page.locator('[data-board="wythoff"] .board-status')).to_have_text("Moteur prêt.")
        play_wythoff_move(page)
        context.close()
    assert (watcher.foreign, watcher.errors) == ([], [])


def test_a_missing_snapshot_falls_back_to_the_plain_boot(browser, site_url):
    context, page, watcher = guarded_context(browser, site_url, allow=(FAILED_LOAD,))
    context.route("**/nimcore-snapshot-*", lambda route: route.fulfill(status=404, body=""))
    page.goto(site_url + "wythoff/")
    stats = engine_stats(page)
    assert stats["boot"] == "plain-after-snapshot" and "404" in stats["bootFallback"], stats
    play_wythoff_move(page)
    context.close()
    assert (watcher.foreign, watcher.errors) == ([], [])


def test_instant_navigation_keeps_the_page_and_its_engine(browser, built_site):
    """Once the worker holds the site, it writes sitemap.xml for its own scope (here a
    sub-path, as on GitHub Pages), and mkdocs-material swaps pages without reloading
    them: the visit keeps one engine, already started, from page to page."""
    with serve(built_site, prefix="/jeux-de-nim/") as url:
        context, page, watcher = open_context(browser, url)
        page.goto(url)
        wait_until_controlled(page)
        sitemap = page.evaluate("() => fetch('sitemap.xml').then((r) => r.text())")
        assert f"<loc>{url}nim/</loc>" in sitemap and f"<loc>{url}</loc>" in sitemap
        page.reload()  # the theme reads the sitemap when it starts
        page.evaluate("() => { window.sameVisit = true; }")
        nav = page.locator("nav.md-nav--primary")
        for _ in range(2):
            nav.get_by_role("link", name="Le jeu de Nim").first.click()
            expect(page.locator("h1")).to_contain_text("Le jeu de Nim")  # not the home page's board
            board = page.locator('[data-key="nim"]')
            expect(board.locator(".heaps-match").first).to_be_visible(timeout=PAGE_TIMEOUT)
            expect(board.locator(".board-status")).to_have_text(
                "Moteur prêt.", timeout=ENGINE_TIMEOUT
            )
            nav.get_by_role("link", name="Accueil").first.click()
            expect(page.locator("h1")).to_contain_text("Jeux de Nim")
        page.evaluate(
            "() => { window.leftBehind = document.querySelector('[data-md-component=container]'); }"
        )
        nav.get_by_role("link", name="Le jeu de Nim").first.click()
        expect(page.locator("h1")).to_contain_text("Le jeu de Nim")
        board = page.locator('[data-key="nim"]')
        expect(board.locator(".heaps-match").first).to_be_visible(timeout=PAGE_TIMEOUT)
        assert page.evaluate("() => window.sameVisit") is True, "the page was reloaded"
        # The page left behind is emptied (the theme keeps a reference into it: site.js), once
        # the new one is in: a state to wait for (under load it came after the board showed).
        page.wait_for_function(
            "() => !window.leftBehind.isConnected && window.leftBehind.childElementCount === 0"
        )
        page.go_back()
        expect(page.locator("h1")).to_contain_text("Jeux de Nim")
        page.go_forward()
        # The address changes first; the Nim page comes in once the theme has it. Until then
        # the home page, whose board is a Nim board too (data-key="nim"), is still shown.
        expect(page.locator("h1")).to_contain_text("Le jeu de Nim")
        expect(board.locator(".heaps-match").first).to_be_visible(timeout=PAGE_TIMEOUT)
        assert page.evaluate("() => window.sameVisit") is True, "the page was reloaded"
        stats = page.evaluate(
            "() => ({...window.nimJeux.engine.stats(), boards: window.nimJeux.liveBoards()})"
        )
        # One worker for the whole visit; one board, whose status line and game each listen once.
        assert stats["workers"] == 1 and stats["boards"] == 1 and stats["listeners"] == 2, stats
        # The engine started on the first visit of the page is the one that answers now, at once.
        expect(board.locator(".board-status")).to_have_text("Moteur prêt.")
        new_game(board, "1 2 3")
        take_one_match(board)
        wait_for_my_turn(board)
        assert sum(heaps_now(board)) == 4
        context.close()
    assert watcher.errors == []


# --- an installable app (issue 19) -------------------------------------------------------


@pytest.mark.parametrize("prefix", ["/", "/jeux-de-nim/"])
def test_chromium_finds_the_site_installable_and_its_start_page_offline(
    playwright, browser_type_launch_args, built_site, tmp_path, prefix
):
    """Chromium itself, through the DevTools protocol, in a persistent profile (a throwaway
    context answers "in-incognito"): no installability error; the start page works offline."""
    with serve(built_site, prefix=prefix) as url:
        context = playwright.chromium.launch_persistent_context(
            tmp_path / "profil", service_workers="allow", **browser_type_launch_args
        )
        parts = urlsplit(url)
        watcher = Guard(f"{parts.scheme}://{parts.netloc}")
        watcher.watch_context(context)
        page = context.pages[0] if context.pages else context.new_page()
        page.on("console", watcher.console)
        page.set_default_timeout(60_000)
        page.goto(url)
        wait_until_controlled(page)
        devtools = context.new_cdp_session(page)
        assert devtools.send("Page.getAppManifest")["errors"] == []
        assert devtools.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
        manifest = page.evaluate(
            "() => fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())"
        )
        context.set_offline(True)
        page.goto(urljoin(url + "manifest.webmanifest", manifest["start_url"]))
        expect(page.locator("article h1")).to_contain_text("Jeux de Nim")
        context.close()
    assert watcher.errors == []


# --- what the reader sees of the offline copy and of installation -------------------


def test_the_offline_status_appears_once_the_copy_is_complete(browser, built_site):
    """« Disponible hors ligne » waits for the last file of the copy, then stays on every page."""
    with serve(built_site, prefix="/jeux-de-nim/") as url:
        context, page, watcher = open_context(browser, url)
        # A page the visit never opens: only the service worker's copy asks for it.
        held = []
        context.route("**/nim-infini/index.html", lambda route: held.append(route))
        page.goto(url + "bibliographie/")  # no board: the copy starts once the page is loaded
        wait_for_held(
            page, held, PAGE_TIMEOUT, "the service worker's copy never asked for the held page"
        )
        installing = "() => navigator.serviceWorker.getRegistration().then((r) => !!r?.installing)"
        assert page.evaluate(installing) is True
        status = page.locator(".md-footer .site-offline")
        expect(status).to_have_count(0)
        for route in held:
            route.continue_()
        context.unroute("**/nim-infini/index.html")
        expect(status).to_have_text("Disponible hors ligne", timeout=ENGINE_TIMEOUT)
        expect(status).to_have_attribute("role", "status")
        # Instant navigation brings a new footer: the status comes with it.
        page.locator(".md-footer__link--next").click()
        page.wait_for_url("**/glossaire/")
        expect(status).to_have_text("Disponible hors ligne")
        # A visit under the copy, offline: the status at once.
        context.set_offline(True)
        page.goto(url)
        expect(status).to_have_text("Disponible hors ligne", timeout=ENGINE_TIMEOUT)
        context.close()
    assert watcher.errors == []


#: A synthetic beforeinstallprompt, as Chromium fires it when it offers installation.
OFFER_INSTALLATION = """() => {
    window.nimOffres = 0;
    const offer = new Event("beforeinstallprompt", { cancelable: true });
    offer.prompt = () => { window.nimOffres += 1; return Promise.resolve(); };
    offer.userChoice = Promise.resolve({ outcome: "accepted", platform: "web" });
    window.dispatchEvent(offer);
    return offer.defaultPrevented;
}"""


def test_the_install_button_appears_only_when_the_browser_offers_it(site_page, site_url):
    page = site_page
    page.goto(site_url + "glossaire/")
    page.wait_for_load_state("load")
    page.wait_for_function("() => window.nimJeux !== undefined")
    install = page.get_by_role("button", name="Installer")
    # No offer, no button: not in the header, nor anywhere else.
    expect(install).to_have_count(0)
    page.locator(".md-footer__link--next").click()  # instant navigation: still none
    page.wait_for_url("**/enseignant/")
    expect(install).to_have_count(0)

    # The browser's offer: the site keeps it (no browser banner) and shows its own button.
    assert page.evaluate(OFFER_INSTALLATION) is True
    expect(install).to_be_visible()
    expect(page.locator(".md-header .site-install")).to_have_count(1)
    install.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.nimOffres === 1")
    # An offer is used once: the button goes with it.
    expect(install).to_have_count(0)


def test_the_install_button_fits_a_phone_header(site_page, site_url):
    page = site_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "glossaire/")
    page.wait_for_function("() => window.nimJeux !== undefined")
    page.evaluate(OFFER_INSTALLATION)
    install = page.get_by_role("button", name="Installer")
    expect(install).to_be_visible()
    box = install.bounding_box()
    assert box["x"] + box["width"] <= 390 and box["height"] >= 24
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    search = page.locator("label.md-header__button[for=__search]")
    expect(search).to_be_visible()
