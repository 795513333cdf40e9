"""axe-core, from npm and injected from the local disk, on every page, in both palettes:
no violation at all, whatever its impact.

The site's palette follows the reader's system (mkdocs.yml: one palette per
`prefers-color-scheme`), so emulating a dark system gives mkdocs-material's
`slate` scheme, as a first visit would.
"""

import json
import re

import pytest
from playwright.sync_api import expect
from test_small_screens import FORTY_DIGITS, expect_no_sideways_overflow
from test_small_screens import PHONE as NARROW  # 360 px: checked here at the default starts

from site_hooks.runtime import ROOT
from site_hooks.tables.boards import page_boards

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PAGES = sorted(path.stem for path in (ROOT / "docs").glob("*.md"))
PALETTES = {"clair": ("light", "default"), "sombre": ("dark", "slate")}
BOARD_PAGES = sorted(
    path.stem
    for path in (ROOT / "docs").glob("*.md")
    if page_boards(path.read_text(encoding="utf-8"))
)
ENGINE_TIMEOUT = 120_000
#: A phone's width (the default viewport is 1280 px wide).
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 720}


def violations(page, include=None):
    """Run axe-core in the page and return all its violations, whatever their impact, summarised.

    *include*: a CSS selector; only the elements it matches (and their content) are
    scanned, as after the engine's answers, which change the boards alone.

    Every block is rendered first: the site lets the browser skip off-screen
    blocks (``content-visibility: auto``, boards.css), and axe, which finds a
    text's background by hit-testing, then reads colours that no reader sees.
    Both go in through the DevTools protocol and the CSSOM, which the site's
    Content-Security-Policy does not restrict (an injected script or style tag
    would be refused).
    """
    page.evaluate(
        """() => document.querySelectorAll(".md-typeset > *").forEach((element) =>
            element.style.setProperty("content-visibility", "visible", "important"))"""
    )
    # Every formula typeset, and every display formula that scrolls sideways
    # (a phone's column) reachable by the keyboard (math.js): states, not a delay.
    page.wait_for_function(
        """() => document.querySelectorAll(".arithmatex:not([data-katex])").length === 0
            && [...document.querySelectorAll("div.arithmatex")].every((element) =>
                !element.checkVisibility() ||
                (element.scrollWidth > element.clientWidth + 1) === element.hasAttribute("tabindex"))"""
    )
    # No colour caught mid-transition (a resized page's navigation drawer fades its title).
    page.wait_for_function(
        """() => document.getAnimations().every((animation) => animation.playState !== "running"
            || animation.effect?.getTiming().iterations === Infinity)"""
    )
    if not page.evaluate("() => typeof axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    results = page.evaluate(
        """(include) => axe.run(include ? {include: [...document.querySelectorAll(include)]}
            : document, {resultTypes: ['violations']}).then((r) => r.violations)""",
        include,
    )
    return [
        {
            "id": violation["id"],
            "impact": violation["impact"],
            "help": violation["help"],
            "nodes": [
                {"target": node["target"], "summary": node.get("failureSummary", "")[:300]}
                for node in violation["nodes"][:8]
            ],
        }
        for violation in results
    ]


def open_in_palette(page, url, palette):
    color_scheme, scheme = PALETTES[palette]
    page.emulate_media(color_scheme=color_scheme)
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", scheme)
    expect(page.locator("article h1")).to_be_visible()


def expect_none(found, where: str) -> None:
    assert found == [], where + json.dumps(found, indent=1, ensure_ascii=False)


#: « Le livre » (every chapter on one page, for print) is scanned in the light palette
#: only: its text and tables are the chapters', each scanned in both palettes, under the same
#: style rules (its own, print.css, apply to print alone); a board becomes a figure and a
#: sentence. Its 140 000 elements make it the longest scan of all.
CASES = [
    (stem, palette)
    for stem in PAGES
    for palette in sorted(PALETTES)
    if not (stem == "livre" and palette == "sombre")
]


@pytest.mark.parametrize(("stem", "palette"), CASES)
def test_no_accessibility_violation(site_page, site_url, stem, palette):
    """A page without boards, at 1280 px as it loads. A board page opens on a phone and is
    scanned at 390 px as it loads (its engine starting); then come the states only the
    engine's answers show (hint panels and their tables, results, refusals, focus): the
    boards are scanned again at 390 px, and the whole page at 1280 px.

    In the light palette a board page opens 360 px wide, and nothing may run off that
    screen's side, as drawn and once the engine has answered: test_small_screens.py's check
    of the default starts, made in this visit rather than in one more of every board page."""
    page = site_page
    narrow = stem in BOARD_PAGES and palette == "clair"
    if stem in BOARD_PAGES:
        page.set_viewport_size(NARROW if narrow else PHONE)
    open_in_palette(page, site_url if stem == "index" else f"{site_url}{stem}/", palette)
    boards = page.locator("[data-board]")
    for index in range(boards.count()):
        expect(boards.nth(index).locator(".board-status")).to_be_visible()
    if stem not in BOARD_PAGES:
        expect_none(violations(page), "")
        return
    if narrow:
        expect_no_sideways_overflow(page, "360 px, board drawn")
    # The page on a 390 px phone as it loads (the engine still starting).
    page.set_viewport_size(PHONE)
    expect_none(violations(page), "390 px : ")
    for index in range(boards.count()):
        expect(boards.nth(index).locator(".board-status")).to_have_attribute(
            "data-state", "ready", timeout=ENGINE_TIMEOUT
        )
    games = page.locator(".game-board")
    for index in range(games.count()):
        board = games.nth(index)
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", re.compile("P|N"), timeout=ENGINE_TIMEOUT)
        # A refused set-up: the message in the error colour, the focus on the button.
        board.locator("form.game-setup input[type=text]").first.fill("zz")
        board.get_by_role("button", name="Nouvelle partie").click()
        expect(board.locator(".board-message")).to_have_attribute("data-kind", "error")
    for calc in page.locator(".calc").all():
        expect(calc).to_have_attribute("data-result", re.compile("."), timeout=ENGINE_TIMEOUT)
    if narrow:
        for calc in page.locator(".calc-nim-sum").all():
            calc.locator("input[name=nombres]").fill(FORTY_DIGITS)
            calc.locator("input[name=nombres]").press("Enter")
            expect(calc).to_have_attribute(
                "data-result", re.compile(r"^\d{39,41}$"), timeout=ENGINE_TIMEOUT
            )
    for table in page.locator('[data-board="stella"]').all():
        expect(table).to_have_attribute("data-table", "pret", timeout=ENGINE_TIMEOUT)
    if narrow:
        page.set_viewport_size(NARROW)
        expect_no_sideways_overflow(page, "360 px, engine answered")
    # The boards after the engine's answers at 390 px (the rest of the page is as scanned
    # above), then the whole page at 1280 px.
    page.set_viewport_size(PHONE)
    expect_none(violations(page, "[data-board]"), "390 px, après les réponses du moteur : ")
    page.set_viewport_size(DESKTOP)
    expect_none(violations(page), "Après les réponses du moteur : ")
