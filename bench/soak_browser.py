"""The browser part of `make soak` (bench/soak.py): one long visit, its memory at the start and the end.

Headless Chromium on the built site with the service worker, as readers have
it: once the worker holds the site, pages are changed by instant navigation
(one document, one engine for the whole visit). Every game board of the site
is visited in turn, page after page, and played against the computer (a
legal move chosen as a reader chooses it, then « Jouer »; a new game when one
ends) until the moves are counted; the calculators' and Stella's pages are
visited on the way.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT))

from browser import build  # noqa: E402
from siteserver import guarded_context, serve  # noqa: E402
from test_boards import BOARDS, gestures  # noqa: E402

from tools import chromium  # noqa: E402

TIMEOUT = 120_000
#: Moves per board before the visit goes on to the next page.
MOVES_PER_VISIT = 12
#: Waits on the board of a data-key, found by selector: a handle to the element, one per
#: wait, would keep every page left behind alive in the page's heap (a first soak did).
STARTED = """(key) => { const board = document.querySelector(`[data-key="${key}"]`);
  return board.dataset.turn === "humain" && board.dataset.setup === undefined; }"""
ANSWERED = """(key) => ["humain", "fin"].includes(
  document.querySelector(`[data-key="${key}"]`).dataset.turn)"""
#: Pages without a game board visited on the way.
OTHER_PAGES = ["calculettes/", "stella/", "", "fiches/"]


def memory(page, devtools) -> dict[str, Any]:
    """The page's JS heap after a collection, the worker's memory, and engine.stats()."""
    devtools.send("HeapProfiler.collectGarbage")
    heap = devtools.send("Runtime.getHeapUsage")["usedSize"]
    worker = next(w for w in page.workers if "engine/worker.js" in w.url)
    wasm, objects = worker.evaluate(
        """() => { const py = self.nimMoteur.pyodide;
                   const objects = py.runPython("import gc\\ngc.collect()\\nlen(gc.get_objects())");
                   return [py._module.HEAP8.length, objects]; }"""
    )
    stats = page.evaluate("() => window.nimJeux.engine.stats()")
    return {
        "page_heap_bytes": int(heap),
        "wasm_bytes": int(wasm),
        "python_objects": int(objects),
        "listeners": stats["listeners"],
        "pending": stats["pending"],
        "workers": stats["workers"],
        "boards": page.evaluate("() => window.nimJeux.liveBoards()"),
    }


def go(page, target: str) -> None:
    """Change page as a reader does: a link of the navigation (instant navigation, no reload)."""
    page.evaluate(
        """(target) => [...document.querySelectorAll("nav.md-nav--primary a")]
             .find((link) => link.href === target).click()""",
        target,
    )
    page.wait_for_function("(target) => location.href.split('?')[0] === target", arg=target)
    page.locator("article h1").first.wait_for()


def choose_a_move(board, case) -> None:
    """Choose a legal move as a reader does: a piece (trying each in turn), then a gesture."""
    if case.piece is not None and gestures(board).count() == 0:
        pieces = board.locator(f'{case.piece}:not([aria-disabled="true"]):not([disabled])')
        for index in range(pieces.count()):
            pieces.nth(index).click()
            if gestures(board).count() > 0:
                break
    if gestures(board).count() > 0:
        gestures(board).first.click()
    if board.locator(".game-play").is_disabled():
        # No gesture offered one at once (a move prepared in several steps): the hint's
        # move, or failing that the first listed target.
        board.get_by_role("button", name="Indice").click()
        board.locator(".game-hint .game-verdict").wait_for()
    board.locator(".game-play:not([disabled])").wait_for()


def play(page, case, moves: int) -> tuple[int, int]:
    """Play *moves* moves on the board of *case* against the computer; (moves, games finished)."""
    board = page.locator(f'[data-key="{case.key}"]')
    board.locator(".game-area").first.wait_for()
    played = finished = 0
    while played < moves:
        turn = board.get_attribute("data-turn")
        if turn == "fin":
            finished += 1
            board.get_by_role("button", name="Nouvelle partie").click()
            page.wait_for_function(
                STARTED,
                arg=case.key,
                timeout=TIMEOUT,
            )
            continue
        choose_a_move(board, case)
        board.locator(".game-play").click()
        played += 1
        page.wait_for_function(ANSWERED, arg=case.key, timeout=TIMEOUT)
    return played, finished


def soak_browser(moves: int) -> dict[str, Any]:
    site = Path(tempfile.mkdtemp(prefix="soak-site-"))
    build(site)  # as bench/browser.py builds it
    cases = [case for case in BOARDS if case.name != "nim-misere"]  # one visit per board
    started = time.perf_counter()
    with serve(site, prefix="/jeux-de-nim/") as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium.launch_args())
        context, page, guard = guarded_context(browser, url, service_workers="allow")
        page.set_default_timeout(TIMEOUT)
        page.goto(url)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
        page.reload()  # the theme reads the service worker's sitemap as it starts: instant navigation
        page.evaluate("() => { window.sameVisit = true; }")
        devtools = context.new_cdp_session(page)
        total = finished = changes = 0
        start: dict[str, Any] | None = None
        rounds = 0
        while total < moves:
            for case in cases:
                go(page, url + case.path)
                changes += 1
                page.wait_for_function(
                    "() => window.nimJeux.engine.status.state === 'ready'", timeout=TIMEOUT
                )
                played, ended = play(page, case, MOVES_PER_VISIT)
                total += played
                finished += ended
            for other in OTHER_PAGES:
                go(page, url + other)
                changes += 1
            rounds += 1
            if start is None:
                start = memory(
                    page, devtools
                )  # every board's modules loaded, every game played once
                total_at_start = total
        end = memory(page, devtools)
        same_visit = page.evaluate("() => window.sameVisit === true")
        context.close()
        browser.close()
    assert start is not None
    growth = {
        key: round(end[key] / start[key], 3) if start[key] else None
        for key in ("page_heap_bytes", "wasm_bytes", "python_objects")
    }
    steady = (
        end["listeners"] == start["listeners"]
        and end["pending"] == 0
        and end["workers"] == start["workers"] == 1
        and end["wasm_bytes"] == start["wasm_bytes"]
        and growth["python_objects"] is not None
        and growth["python_objects"] <= 1.05
        and growth["page_heap_bytes"] is not None
        and growth["page_heap_bytes"] <= 1.25
    )
    verdict = (
        f"Entre la mesure de début (après {total_at_start} coups, un tour de chaque plateau) et"
        f" celle de fin ({total} coups) : tas de la page ×{growth['page_heap_bytes']}, objets"
        f" Python ×{growth['python_objects']}, mémoire WebAssembly ×{growth['wasm_bytes']} ; "
        + ("pas de croissance." if steady else "croissance constatée : voir les chiffres.")
        + ("" if same_visit else " (La page a été rechargée en cours de visite.)")
        + (f" Erreurs : {guard.errors + guard.foreign}" if guard.errors or guard.foreign else "")
    )
    return {
        "moves": total,
        "games": finished,
        "page_changes": changes,
        "rounds": rounds,
        "boards": [case.name for case in cases],
        "seconds": round(time.perf_counter() - started, 1),
        "same_visit": same_visit,
        "start": start,
        "end": end,
        "growth": growth,
        "steady": steady,
        "errors": guard.errors + guard.foreign,
        "verdict": verdict,
    }
