"""Every page with a board, on a 360 px wide phone: nothing runs off the side of the screen.

The page itself must not scroll sideways (document scrollWidth ≤ viewport
width), and no element of a board may reach past the viewport unless it sits
in one of the board's own scroll containers (the wide tables of the hints, for
instance, scroll inside their frame). Checked when the board is drawn, then
once the engine has answered: hints open, calculators with long numbers.
"""

import re

import pytest
from boardtest import ENGINE_TIMEOUT
from playwright.sync_api import expect

from site_hooks.runtime import ROOT
from site_hooks.tables.boards import page_boards

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
BOARD_PAGES = sorted(
    path.stem
    for path in (ROOT / "docs").glob("*.md")
    if page_boards(path.read_text(encoding="utf-8"))
)
#: The largest positions each board draws, in its URL.
LARGEST = {
    "nim": "nim=" + "-".join(["40"] * 8),
    "un-seul-tas": "soustraction=" + "-".join(["40"] * 8) + "_1a40_misere",
    "sprague-grundy": "nim-max="
    + "-".join(["40"] * 8)
    + "_1a3&pions=9-11-12-13-14-15-16-17-18-19-21-22-23",
    "moore": "moore=k5-15-15-15-15-15-15",
    "fibonacci": "fibonacci=100-99",
    "wythoff": "wythoff=20-20",
    "jeux-mysterieux": "grundy=30-30-30-30-30&fleurs="
    + "f" * 30
    + "&chomp="
    + "-".join(["13"] * 13)
    + "&octal="
    + "-".join(["9999999"] * 4 + ["40"] * 4)
    + "_0.156",
    "nim-infini": "ordinal=" + "_".join(["1023.1023.1023.1023"] * 5 + ["1.2.3.4"]),
}
FORTY_DIGITS = "1234567890123456789012345678901234567890 9876543210987654321098765432109876543211"

#: Elements of the boards that reach past the viewport outside any scroll container.
OVERFLOWING = """
() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (element) => ["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(element).overflowX);
  const found = [];
  for (const board of document.querySelectorAll("[data-board]")) {
    for (const element of board.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if ((box.width === 0 && box.height === 0) || (box.left >= -0.5 && box.right <= width + 0.5)) {
        continue;
      }
      let contained = false;
      for (let above = element.parentElement; above && above !== board.parentElement; above = above.parentElement) {
        if (scrolls(above)) {
          contained = true;
          break;
        }
      }
      if (!contained) {
        const name = element.tagName.toLowerCase() + (element.className ? "." + String(element.className).trim().replaceAll(/\\s+/g, ".") : "");
        found.push(`${name} [${Math.round(box.left)}, ${Math.round(box.right)}] «${element.textContent.trim().slice(0, 40)}»`);
      }
    }
  }
  return found.slice(0, 12);
}
"""


def expect_no_sideways_overflow(page, when):
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], (
        f"{when}: the page scrolls sideways ({widths[0]} px > {widths[1]} px)"
    )
    overflowing = page.evaluate(OVERFLOWING)
    assert overflowing == [], f"{when}: " + "\n".join(overflowing)


@pytest.mark.parametrize(
    ("stem", "query"),
    [(stem, "") for stem in BOARD_PAGES] + sorted(LARGEST.items()),
)
def test_boards_fit_a_360_px_phone(site_page, site_url, stem, query):
    page = site_page
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}{stem}/" + (f"?{query}" if query else ""))
    if query:
        expect(page.locator(".board-message").filter(has_text="Adresse ignorée")).to_have_count(0)
    boards = page.locator("[data-board]")
    expect(boards.first.locator(".board-status")).to_be_visible()
    for index in range(boards.count()):
        expect(boards.nth(index).locator(".board-status")).to_be_visible()
    expect_no_sideways_overflow(page, "board drawn")
    for index in range(boards.count()):
        expect(boards.nth(index).locator(".board-status")).to_have_attribute(
            "data-state", "ready", timeout=ENGINE_TIMEOUT
        )
    expect(page.locator("[data-address]")).to_have_count(0, timeout=ENGINE_TIMEOUT)
    if query:
        expect(page.locator(".board-message").filter(has_text="Adresse ignorée")).to_have_count(0)
    for board in page.locator(".game-board").all():
        board.get_by_role("button", name="Indice").click()
        expect(board).to_have_attribute("data-hint", re.compile("P|N"), timeout=ENGINE_TIMEOUT)
    for board in page.locator('[data-board="calculettes"]').all():
        calc = board.locator(".calc-nim-sum")
        expect(calc).to_have_attribute("data-result", "5", timeout=ENGINE_TIMEOUT)
        calc.locator("input[name=nombres]").fill(FORTY_DIGITS)
        calc.locator("input[name=nombres]").press("Enter")
        expect(calc).to_have_attribute(
            "data-result", re.compile(r"^\d{39,41}$"), timeout=ENGINE_TIMEOUT
        )
    for board in page.locator('[data-board="stella"]').all():
        expect(board).to_have_attribute("data-table", "pret", timeout=ENGINE_TIMEOUT)
    expect_no_sideways_overflow(page, "engine answered")
