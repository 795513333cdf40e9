"""The largest positions of every board, on a 360 px wide phone: nothing runs off the side of
the screen. (Every board page's default start is checked the same way during its light-palette
visit in test_accessibility.py.)

The page itself must not scroll sideways (document scrollWidth ≤ viewport
width), and no element of a board may reach past the viewport unless it sits
in one of the board's own scroll containers (the wide tables of the hints, for
instance, scroll inside their frame). Checked when the board is drawn, then
once the engine has answered: hints open, calculators with long numbers.
"""

import json
import re

import pytest
from boardtest import ENGINE_TIMEOUT
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
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
    "pousses": "pousses=3",
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


@pytest.mark.parametrize(("stem", "query"), sorted(LARGEST.items()))
def test_the_largest_positions_fit_a_360_px_phone(site_page, site_url, stem, query):
    page = site_page
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}{stem}/?{query}")
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


#: Playwright's devices["Pixel 5"]: a touch screen 393 px wide; then the narrowest phones, 320 px.
PIXEL_5 = {
    "viewport": {"width": 393, "height": 727},
    "device_scale_factor": 2.75,
    "is_mobile": True,
    "has_touch": True,
}
NARROWEST = {"width": 320, "height": 640}

#: The graph editor's vertices and arrows too small for a finger (less than 24 px across).
SMALL_TARGETS = """
(svg) => {
  const small = [];
  for (const target of svg.querySelectorAll(".lab-graph-target")) {
    const box = target.getBoundingClientRect();
    if (Math.min(box.width, box.height) < 24) small.push(`${target.parentElement.dataset.key}: ${box.width}`);
  }
  for (const hit of svg.querySelectorAll(".lab-graph-hit")) {
    const box = hit.getBoundingClientRect();  // a band along the arrow: its box is at least as wide
    if (Math.min(box.width, box.height) < 24) small.push(`${hit.parentElement.dataset.key}: ${box.width}`);
  }
  return small;
}
"""


def touch_drag(page, start, end, steps=8):
    """A finger pressed at *start*, slid to *end*, lifted (pointer events of type touch)."""
    session = page.context.new_cdp_session(page)
    touch = lambda kind, x, y: session.send(  # noqa: E731
        "Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y}]}
    )
    touch("touchStart", *start)
    for step in range(1, steps + 1):
        touch(
            "touchMove",
            start[0] + (end[0] - start[0]) * step / steps,
            start[1] + (end[1] - start[1]) * step / steps,
        )
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()


@pytest.mark.browser_context_args(**PIXEL_5)
def test_the_laboratory_on_a_touch_phone(site_page, site_url):
    """The graph editor drawn with a finger on a 320 px screen, its vertices and arrows big enough
    to touch (the drawing keeps them a finger apart and scrolls sideways in its box, with a cue,
    the page does not), its board played by taps; the values table and the plot inside the screen."""
    page = site_page
    page.goto(f"{site_url}laboratoire/?graphe=a(100,100)")
    root = page.locator('[data-board="lab"]')
    result = root.locator("[data-lab-result]")
    announcer = root.locator(":scope > .board-sr-only")
    svg = root.locator("svg.lab-graph-svg")

    def values(expected):
        expect(result).to_have_attribute(
            "data-values", json.dumps(expected, separators=(",", ":")), timeout=ENGINE_TIMEOUT
        )

    def at(x, y, *more):
        """The screen point of the drawing's point (x, y) (its viewBox is 640 × 400), once its
        box is scrolled to show it (and the points in *more*, for a drag)."""
        xs = [x, *more[::2]]
        svg.evaluate(
            """(svg, [low, high]) => {
                const box = svg.parentElement, scale = svg.getBoundingClientRect().width / 640;
                box.scrollLeft = Math.max(0, ((low + high) / 2) * scale - box.clientWidth / 2);
            }""",
            [min(xs), max(xs)],
        )
        box = svg.bounding_box()
        return (box["x"] + x * box["width"] / 640, box["y"] + y * box["height"] / 400)

    values([0])
    expect_no_sideways_overflow(page, "Pixel 5")
    page.set_viewport_size(NARROWEST)
    svg.scroll_into_view_if_needed()
    expect(root.locator(".lab-graph .scroll-cue-note")).to_be_visible()
    expect_no_sideways_overflow(page, "graph editor at 320 px")
    # Taps on empty space add b and c; a tap near a (inside its target), then on b: a → b.
    page.touchscreen.tap(*at(300, 100))
    values([0, 0])
    page.touchscreen.tap(*at(300, 300))
    values([0, 0, 0])
    page.touchscreen.tap(*at(110, 92))
    expect(svg.locator('[data-vertex="a"]')).to_have_attribute("aria-pressed", "true")
    page.touchscreen.tap(*at(300, 100))
    values([1, 0, 0])
    page.touchscreen.tap(*at(100, 100))
    page.touchscreen.tap(*at(300, 300))
    expect(svg.locator(".lab-graph-arc")).to_have_count(2, timeout=ENGINE_TIMEOUT)
    values([1, 0, 0])
    assert svg.evaluate(SMALL_TARGETS) == []
    # A finger drags c; a tap on the arrow a → b chooses it, « Supprimer » erases it.
    touch_drag(page, at(300, 300, 450, 330), at(450, 330, 300, 300))
    expect(announcer).to_contain_text("Sommet c déplacé", timeout=ENGINE_TIMEOUT)
    expect(page).to_have_url(re.compile(r"c\(4[4-5]\d,3[23]\d\)"))
    page.touchscreen.tap(*at(200, 100))
    expect(announcer).to_contain_text("Flèche de a vers b choisie")
    root.get_by_role("button", name="Supprimer la flèche de a vers b").tap()
    expect(svg.locator(".lab-graph-arc")).to_have_count(1, timeout=ENGINE_TIMEOUT)
    values([1, 0, 0])
    expect_no_sideways_overflow(page, "graph drawn at 320 px")
    # « Jouer »: the token a slides to c by taps, and the computer cannot move.
    root.get_by_role("button", name="Jouer").tap()
    board = root.locator('[data-lab-board="graph"]')
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    expect(board).to_have_attribute("data-position", '["a"]')
    board.locator('.graph-token[data-vertex="a"]').tap()
    board.locator('.graph-target[data-vertex="c"]').tap()
    board.locator('.graph-target[data-vertex="c"]').tap()
    expect(board).to_have_attribute("data-winner", "humain", timeout=ENGINE_TIMEOUT)
    expect_no_sideways_overflow(page, "board played at 320 px")
    # Kayles: its values table and its plot stay inside the screen.
    root.locator("label").filter(has_text="Jeu octal").tap()
    root.get_by_role("button", name="Kayles 0,77").tap()
    expect(result).to_have_attribute("data-period", "12", timeout=ENGINE_TIMEOUT)
    expect(result.locator("svg.nimcore-figure")).to_be_visible()
    expect_no_sideways_overflow(page, "Kayles at 320 px")
