"""The laboratory (lab.js): a game defined by its address or its form, nimcore's values, a board."""

import itertools
import json
import re
from urllib.parse import parse_qs, urlparse

import pytest
from boardtest import (
    ENGINE_TIMEOUT,
    PAGE_TIMEOUT,
    expect_winner,
    follow_hints,
    force_click,
    hold_pyodide,
    wait_for_held,
)
from playwright.sync_api import Locator, Page, expect
from siteserver import guarded_context, serve

from nimcore import octal, subtraction

pytestmark = pytest.mark.browser

PAGE = "laboratoire/"


def open_lab(page: Page, url: str) -> Locator:
    page.goto(url)
    root = page.locator('[data-board="lab"]')
    expect(root.locator("form.lab-form")).to_be_visible(timeout=PAGE_TIMEOUT)
    return root


def answered(root: Locator, certified: str, period: str, preperiod: str) -> list[int]:
    """Wait for the engine's answer; return the values it shows."""
    result = root.locator("[data-lab-result]")
    expect(result).to_have_attribute("data-certified", certified, timeout=ENGINE_TIMEOUT)
    expect(result).to_have_attribute("data-period", period)
    expect(result).to_have_attribute("data-preperiod", preperiod)
    values: list[int] = json.loads(result.get_attribute("data-values") or "null")
    return values


def play(page: Page, url: str, answer: tuple[str, str, str], kind: str) -> tuple[Locator, Locator]:
    """Open the laboratory at *url*, wait for its *answer* (as :func:`answered` checks it), press
    « Jouer »: the laboratory and the board of *kind* it mounts."""
    root = open_lab(page, url)
    answered(root, *answer)
    root.get_by_role("button", name="Jouer").click()
    return root, root.locator(f'[data-lab-board="{kind}"]')


def test_the_flowers_by_their_address(site_page, site_url):
    root = open_lab(site_page, site_url + PAGE + "?octal=0.137")
    values = answered(root, "oui", "34", "52")
    assert values == list(octal.grundy_values("0.137", 100))
    result = root.locator("[data-lab-result]")
    expect(result.locator(".lab-certificate")).to_contain_text("Guy et Smith")
    expect(result.locator(".lab-certificate")).to_contain_text("2 × 52 + 34 + 3 = 141")
    expect(result.locator("td.is-p")).to_have_count(values.count(0))
    # The plot: the preperiod (52) and two periods (34), one window of 120 values.
    expect(result.locator("svg.nimcore-figure rect.fig-bar")).to_have_count(120)
    expect(result.locator("svg.nimcore-figure > title")).to_contain_text("0,137")
    expect(root.locator("input[name=code]")).to_have_value("0.137")
    expect(root.locator("input[value=octal]")).to_be_checked()


def test_a_subtraction_game_by_its_address(site_page, site_url):
    root = open_lab(site_page, site_url + PAGE + "?soustraction=1,2,4")
    values = answered(root, "oui", "3", "0")
    assert values == list(subtraction.grundy_sequence([1, 2, 4], 100))
    expect(root.locator(".lab-certificate")).to_contain_text("fenêtre")
    expect(root.locator("input[name=ensemble]")).to_have_value("1,2,4")


def test_a_misere_subtraction_game_shows_its_outcomes(site_page, site_url):
    root = open_lab(site_page, site_url + PAGE + "?soustraction=2,3,5,8&misere=1&valeurs=40")
    found = subtraction.misere_period([2, 3, 5, 8])
    values = answered(root, "oui", str(found.period), str(found.preperiod))
    outcomes = subtraction.misere_outcomes([2, 3, 5, 8], 40)
    assert values == [0 if outcome == "P" else 1 for outcome in outcomes]
    cells = root.locator("[data-lab-result] table.lab-values tbody td")
    expect(cells).to_have_text(list(outcomes))
    expect(root.locator("input[name=misere]")).to_be_checked()


#: Put *query* in the page's address and set up a fresh laboratory there, as built (read
#: again from the page's HTML) and as on a page load (site.js's setUpBoards); the page's
#: engine, already started, answers: no page load, no engine start.
REOPEN = """async (query) => {
  const html = await (await fetch(location.pathname)).text();
  const built = new DOMParser().parseFromString(html, "text/html").querySelector('[data-board="lab"]');
  history.replaceState(history.state, "", location.pathname + query);
  document.querySelector('[data-board="lab"]').replaceWith(document.importNode(built, true));
  window.nimJeux.setUpBoards();
}"""

#: Malformed addresses, and words of nimcore's message about each.
MALFORMED = [
    ("?octal=0.8", "contient"),
    ("?soustraction=1,deux", "deux"),
    ("?soustraction=1,2&misere=oui", "misere"),
    ("?octal=0.7&soustraction=1", "un seul"),
    ("?soustraction=1&valeurs=99999", "valeurs"),
    ("?graphe=a(1,1):b;b(2,2):a", "circuit"),
    ("?graphe=A((", "ne se lit pas"),
    ("?graphe=a(900,1)", "sort du dessin"),
    ("?graphe=a(1,1)&octal=0.7", "un seul"),
]


def test_a_malformed_address_gives_a_french_message_and_the_default_game(site_page, site_url):
    """The first address by a page load, the others by a fresh laboratory on the same page."""
    for index, (query, words) in enumerate(MALFORMED):
        if index == 0:
            root = open_lab(site_page, site_url + PAGE + query)
        else:
            site_page.evaluate(REOPEN, query)
        values = answered(root, "oui", "7", "0")  # the default game, {1, 3, 4}
        assert values == list(subtraction.grundy_sequence([1, 3, 4], 100)), query
        message = root.locator(".lab-message")
        expect(message).to_contain_text("Voici le jeu par défaut")
        expect(message).to_contain_text(words)
        expect(root.locator("input[value=soustraction]")).to_be_checked()
        expect(root.locator("input[name=ensemble]")).to_have_value("1, 3, 4")


def test_the_form_defines_a_game_and_writes_the_address(site_page, site_url):
    root = open_lab(site_page, site_url + PAGE)
    answered(root, "oui", "7", "0")
    root.locator("input[value=octal]").check()
    root.locator("input[name=code]").fill("0.77")
    root.locator("input[name=valeurs]").fill("200")
    root.get_by_role("button", name="Calculer").click()
    values = answered(root, "oui", "12", "71")
    assert values == list(octal.grundy_values("0.77", 200))
    query = parse_qs(urlparse(site_page.url).query)
    assert query == {"octal": ["0.77"], "valeurs": ["200"]}
    # An example button defines its game at once.
    root.get_by_role("button", name="quilles de Dawson 0,07").click()
    answered(root, "oui", "34", "53")
    # A bad definition is refused in French, by nimcore.
    root.locator("input[name=code]").fill("0.19")
    root.get_by_role("button", name="Calculer").click()
    expect(root.locator(".lab-message")).to_contain_text(
        "seuls les chiffres de 0 à 7", timeout=ENGINE_TIMEOUT
    )


def test_play_mounts_the_board_of_the_defined_game(site_page, site_url):
    url = site_url + PAGE + "?soustraction=1,3,4&misere=1"
    root, board = play(site_page, url, ("oui", "7", "0"), "heaps")
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".game-rule")).to_contain_text("retirer 1, 3 ou 4 allumettes")
    expect(root.locator(".lab-play")).to_be_hidden()
    # Its position goes to the address, and the address reopens it.
    board.locator('.heaps-match[data-take="1"]').click()
    board.locator(".game-play").click()
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    expect(site_page).to_have_url(re.compile(r"[?&]plateau="))
    code = parse_qs(urlparse(site_page.url).query)["plateau"][0]
    root = open_lab(site_page, site_page.url)
    board = root.locator('[data-lab-board="heaps"]')
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    assert code.endswith("_s1.3.4_misere")
    expect(board).to_have_attribute("data-position", f"[{code.split('_')[0]}]")


def test_a_game_defined_here_is_won_by_following_the_hints(site_page, site_url):
    url = site_url + PAGE + "?soustraction=1,2,4"
    root, board = play(site_page, url, ("oui", "3", "0"), "heaps")
    expect(board).to_have_attribute("data-position", "[21,13,8]", timeout=ENGINE_TIMEOUT)
    follow_hints(board, rounds=40)
    expect_winner(board, "humain")
    expect(root.locator(".lab-message")).to_be_empty()


def test_play_an_octal_game(site_page, site_url):
    _, board = play(site_page, site_url + PAGE + "?octal=0.07", ("oui", "34", "53"), "octal")
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".game-rule")).to_be_visible()


def test_stop_ends_a_long_computation(site_page, site_url):
    """0.16 needs half a million values: stopped on its way, then another game is computed and played."""
    root = open_lab(site_page, site_url + PAGE + "?octal=0.16")
    result = root.locator("[data-lab-result]")
    expect(result).to_have_attribute(
        "data-progress", re.compile(r"^\d+/\d+$"), timeout=ENGINE_TIMEOUT
    )
    root.get_by_role("button", name="Arrêter").click()
    expect(root.locator(".lab-message")).to_contain_text("Calcul arrêté")
    expect(root.locator(".lab-progress")).to_be_hidden()
    root.get_by_role("button", name="Kayles 0,77").click()
    answered(root, "oui", "12", "71")
    # The engine that stopped plays on: Kayles from (12, 7), G = 4 ⊕ 2 ≠ 0, won by the hints.
    root.get_by_role("button", name="Jouer").click()
    board = root.locator('[data-lab-board="octal"]')
    expect(board).to_have_attribute("data-position", "[12,7]", timeout=ENGINE_TIMEOUT)
    follow_hints(board, rounds=20)
    expect_winner(board, "humain")


def test_a_chapter_s_game_opens_from_the_list(site_page, site_url):
    """The laboratory's list of the chapters' games opens {1, 2, 4} (« Un seul tas ») in the
    page, even clicked before the engine is ready: the address is pushed and the laboratory
    reads it again (site.js), without reloading the page. Back brings the page's own game
    ({1, 3, 4}), Forward {1, 2, 4} again. (The chapters no longer link the laboratory: issue 29.)"""
    page = site_page
    held, release = hold_pyodide(page.context)
    try:
        page.goto(site_url + PAGE)
        wait_for_held(page, held)  # the engine is loading, and stays so until released
        # The page's own script is there (it sets the boards up; the engine is still loading):
        # a click before it would be the theme's or the browser's, not what this test checks.
        page.wait_for_function(
            "() => window.nimJeux !== undefined && window.nimJeux.liveBoards() > 0"
        )
        page.evaluate("() => { window.sameVisit = true; }")
        root = page.locator('[data-board="lab"]')
        result = root.locator("[data-lab-result]")
        expect(result).not_to_have_attribute("data-period", re.compile("."))
        page.locator('a[href$="?soustraction=1,2,4"]').click()
        expect(page).to_have_url(re.compile(r"\?soustraction=1,2,4$"))
        # The laboratory is a fresh one, its form as built, reading the new address.
        expect(root.locator("input[name=ensemble]")).to_have_value("1, 3, 4")
        # The reader is taken to the laboratory, not left in the list above it.
        expect(root).to_be_in_viewport()
        assert page.evaluate("() => window.sameVisit") is True, "the page was reloaded"
    finally:
        release()
    values = answered(root, "oui", "3", "0")
    assert values == list(subtraction.grundy_sequence([1, 2, 4], 100))
    page.go_back()
    answered(root, "oui", "7", "0")  # {1, 3, 4}: period 7
    page.go_forward()
    answered(root, "oui", "3", "0")
    assert page.evaluate("() => window.sameVisit") is True, "the page was reloaded"


def test_the_list_s_games_open_one_after_the_other_with_instant_navigation(browser, built_site):
    """With the theme's instant navigation (the service worker writes the sitemap it needs),
    two games of the list, one after the other, then Back: each shows the game of the address.
    (The theme fetched the page again for the first link only, and took the second for an
    anchor of the page, going back in the history: the laboratory stayed on the first game.)"""
    with serve(built_site, prefix="/jeux-de-nim/") as url:
        context, page, watcher = guarded_context(browser, url, service_workers="allow")
        page.set_default_timeout(60_000)
        page.goto(url + PAGE)
        page.wait_for_function(
            "() => navigator.serviceWorker.controller !== null", timeout=ENGINE_TIMEOUT
        )
        page.reload()  # the theme reads the sitemap when it starts
        page.evaluate("() => { window.sameVisit = true; }")
        root = page.locator('[data-board="lab"]')
        answered(root, "oui", "7", "0")
        page.locator('a[href$="?soustraction=1,2,4"]').click()
        answered(root, "oui", "3", "0")
        page.locator('a[href$="?soustraction=1,2,3"]').click()
        expect(page).to_have_url(re.compile(r"\?soustraction=1,2,3$"))
        answered(root, "oui", "4", "0")  # {1, 2, 3}: n mod 4
        page.go_back()
        expect(page).to_have_url(re.compile(r"\?soustraction=1,2,4$"))
        answered(root, "oui", "3", "0")
        assert page.evaluate("() => window.sameVisit") is True, "the page was reloaded"
        context.close()
        watcher.check()


def test_the_plot_window_reaches_the_preperiod_and_two_periods(site_page, site_url):
    """0.156's period (349) starts at n = 3 479: the plot's window moves there, marked."""
    page = site_page
    root = open_lab(page, site_url + PAGE + "?octal=0.156")
    answered(root, "oui", "349", "3479")
    figure = root.locator(".lab-plot")
    expect(figure.locator("rect.fig-bar")).to_have_count(400)
    before, after = root.locator(".lab-plot-before"), root.locator(".lab-plot-after")
    expect(before).to_be_disabled()
    expect(after).to_have_accessible_name("Valeurs suivantes")
    field = root.locator("input[name=depuis]")
    expect(field).to_have_accessible_name("À partir de n\u00a0:")
    field.fill("3300")
    field.press("Enter")
    expect(figure.locator("figcaption")).to_contain_text("n de 3\u202f300 à 3\u202f699")
    expect(figure.locator("line.fig-mark")).to_have_count(1)
    expect(figure.locator("svg")).to_contain_text("n = 3\u202f479")
    value = octal.grundy_values("0.156", 3301)[3300]
    expect(figure.locator("rect.fig-bar").first.locator("title")).to_have_text(
        f"n = 3300, valeur {value}"
    )
    after.click()  # half a window on
    expect(figure.locator("figcaption")).to_contain_text("n de 3\u202f500 à 3\u202f899")
    field.fill("99999")  # beyond the preperiod and two periods: the last window
    field.press("Enter")
    expect(figure.locator("figcaption")).to_contain_text("à 4\u202f176")
    expect(after).to_be_disabled()
    expect(figure.locator("line.fig-mark")).to_have_count(1)  # n = 3 828, the second period
    field.fill("douze")
    field.press("Enter")
    expect(root.locator(".lab-message")).to_contain_text("«\u00a0douze\u00a0»")
    expect(field).to_have_attribute("aria-invalid", "true")
    assert json.loads(root.locator("[data-lab-result]").get_attribute("data-values") or "[]")


def test_the_status_says_the_engine_computes(site_page, site_url):
    """While 0.16 is computed, the status line says « Calcul… », not « Moteur prêt. »."""
    root = open_lab(site_page, site_url + PAGE + "?octal=0.16")
    result = root.locator("[data-lab-result]")
    expect(result).to_have_attribute(
        "data-progress", re.compile(r"^\d+/\d+$"), timeout=ENGINE_TIMEOUT
    )
    expect(root.locator(":scope > .board-status")).to_have_text("Calcul…")
    root.get_by_role("button", name="Arrêter").click()  # the engine restarts, then is ready
    expect(root.locator(":scope > .board-status")).to_contain_text("Moteur prêt")


@pytest.mark.parametrize("width", [390, 1280])
def test_the_table_and_its_caption_fit(site_page, site_url, width):
    """The values' table and its whole caption fit the page, at 390 and 1280 px: the table
    scrolls in its box, with a cue, where it is wider."""
    page = site_page
    page.set_viewport_size({"width": width, "height": 900})
    root = open_lab(page, site_url + PAGE + "?octal=0.156&valeurs=1000")
    answered(root, "oui", "349", "3479")
    caption = root.locator(".lab-table .lab-caption")
    expect(caption).to_contain_text("perdantes pour qui doit jouer.")
    fits = caption.evaluate(
        """(element) => { const box = element.getBoundingClientRect();
            return box.left >= 0 && box.right <= window.innerWidth && element.scrollWidth <= element.clientWidth; }"""
    )
    assert fits
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    wrap = root.locator(".lab-table .scroll-cue-box")
    wider = wrap.evaluate("(box) => box.scrollWidth > box.clientWidth + 1")
    if wider:
        expect(root.locator(".lab-table .scroll-cue-note")).to_be_visible()
    assert not (wider and width == 1280)


# ---- « Graphe dessiné » (grapheditor.js, nimcore.graph.drawn) -----------------------------


def test_the_graph_editor_takes_a_finger_on_a_phone(site_page, site_url):
    """At 390 px the chapter's graph keeps its vertices a finger apart (44 px targets, no two
    overlapping): the drawing scrolls in its box, with a cue, and the page does not."""
    from boardtest import small_targets

    page = site_page
    page.set_viewport_size({"width": 390, "height": 844})
    root = open_lab(page, site_url + PAGE)
    answered(root, "oui", "7", "0")
    root.get_by_label("Graphe dessiné").check()
    assert graph_values(root) == [1, 3, 2, 0, 1, 0, 2, 1, 0]
    svg = editor(root)
    expect(root.locator(".lab-graph .scroll-cue-note")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    vertices = svg.locator(".lab-graph-vertex")
    assert [
        t for t in small_targets(root.locator(".lab-graph-editor")) if "vertex" in t["what"]
    ] == []
    boxes = [vertices.nth(index).bounding_box() for index in range(vertices.count())]
    for first, second in itertools.combinations(boxes, 2):
        assert first and second
        apart = abs(first["x"] - second["x"]) >= 44 or abs(first["y"] - second["y"]) >= 44
        assert apart, (first, second)


SMALL = "a(100,60):b,c;b(60,160):c;c(140,160)"


def graph_values(root: Locator) -> list[int]:
    """Wait for nimcore's answer on a drawn graph; return the values of its vertices, in order."""
    return answered(root, "oui", "", "")


def editor(root: Locator) -> Locator:
    return root.locator("svg.lab-graph-svg")


def click_at(svg: Locator, x: float, y: float) -> None:
    """A click at (x, y) of the drawing's coordinates (its viewBox is 640 × 400)."""
    box = svg.bounding_box()
    assert box is not None
    svg.click(position={"x": x * box["width"] / 640, "y": y * box["height"] / 400})


def wait_values(root: Locator, values: list[int]) -> None:
    result = root.locator("[data-lab-result]")
    written = json.dumps(values, separators=(",", ":"))
    expect(result).to_have_attribute("data-values", written, timeout=ENGINE_TIMEOUT)
    expect(result).to_have_attribute("data-certified", "oui")


def address_graph(page: Page) -> str:
    return parse_qs(urlparse(page.url).query)["graphe"][0]


def test_the_graph_kind_shows_the_chapters_graph_with_its_values(site_page, site_url):
    root = open_lab(site_page, site_url + PAGE)
    answered(root, "oui", "7", "0")
    root.get_by_label("Graphe dessiné").check()
    values = graph_values(root)
    assert values == [1, 3, 2, 0, 1, 0, 2, 1, 0]  # g(a) = 1, as « Graphes et Grundy » finds
    svg = editor(root)
    expect(svg.locator(".lab-graph-vertex")).to_have_count(9)
    expect(svg.locator(".lab-graph-vertex.is-p")).to_have_count(3)  # d, f, i
    expect(svg.locator('[data-value-of="a"]')).to_have_text("1")
    expect(root.locator("input[name=valeurs]")).to_be_hidden()
    # The labelling step by step, on demand: i first (no successor), a last.
    steps = root.locator("details.lab-steps")
    expect(steps.locator("li")).to_have_count(9)
    expect(steps.locator("li").first).not_to_be_visible()
    steps.locator("summary").click()
    expect(steps.locator("li").first).to_contain_text("g(i) = 0")
    expect(steps.locator("li").last).to_contain_text("g(a) = 1")
    assert address_graph(site_page).startswith("a(360,30):b,c,d;")


def test_a_graph_drawn_with_the_pointer(site_page, site_url):
    root = open_lab(site_page, site_url + PAGE + "?graphe=a(100,100)")
    wait_values(root, [0])
    svg = editor(root)
    click_at(svg, 300, 100)  # empty space: b
    wait_values(root, [0, 0])
    click_at(svg, 300, 300)  # c
    wait_values(root, [0, 0, 0])
    announcer = root.locator(".board-sr-only")
    # a, then b: the arrow a → b; b, then c: b → c.
    svg.locator('[data-vertex="a"]').click()
    expect(svg.locator('[data-vertex="a"]')).to_have_attribute("aria-pressed", "true")
    svg.locator('[data-vertex="b"]').click()
    wait_values(root, [1, 0, 0])
    expect(announcer).to_contain_text("Flèche de a vers b tracée.")
    svg.locator('[data-vertex="b"]').click()
    svg.locator('[data-vertex="c"]').click()
    wait_values(root, [0, 1, 0])
    expect(svg.locator('[data-value-of="a"]')).to_have_text("0")
    # c, then a would close the cycle a → b → c → a: refused, named, nothing changes.
    svg.locator('[data-vertex="c"]').click()
    svg.locator('[data-vertex="a"]').click()
    message = root.locator(".lab-message")
    expect(message).to_contain_text("circuit\u00a0: a → b → c → a", timeout=ENGINE_TIMEOUT)
    wait_values(root, [0, 1, 0])
    expect(svg.locator(".lab-graph-arc")).to_have_count(2)
    # Dragging c moves it: the address keeps its new place.
    box = svg.bounding_box()
    assert box is not None
    scale = box["width"] / 640
    site_page.mouse.move(box["x"] + 300 * scale, box["y"] + 300 * scale)
    site_page.mouse.down()
    site_page.mouse.move(box["x"] + 400 * scale, box["y"] + 320 * scale, steps=5)
    site_page.mouse.up()
    expect(announcer).to_contain_text("Sommet c déplacé", timeout=ENGINE_TIMEOUT)
    wait_values(root, [0, 1, 0])
    expect(site_page).to_have_url(re.compile(r"graphe=a\(100,100\):b;b\(\d+,\d+\):c;c\(\d+,\d+\)$"))
    moved = re.search(r"c\((\d+),(\d+)\)$", address_graph(site_page))
    assert moved and int(moved.group(1)) >= 390 and int(moved.group(2)) >= 310
    # An arrow is chosen by a click, then erased by « Supprimer ».
    force_click(svg.locator('[data-key="fleche-a-b"] .lab-graph-hit'))
    root.get_by_role("button", name="Supprimer la flèche de a vers b").click()
    wait_values(root, [0, 1, 0])
    expect(svg.locator(".lab-graph-arc")).to_have_count(1)
    expect(root.locator(".lab-message")).to_be_empty()


def test_a_graph_drawn_with_the_keyboard(site_page, site_url):
    page = site_page
    root = open_lab(page, site_url + PAGE + "?graphe=a(100,100)")
    wait_values(root, [0])
    svg = editor(root)
    announcer = root.locator(".board-sr-only")
    svg.focus()
    page.keyboard.press("n")  # b, where there is room
    wait_values(root, [0, 0])
    expect(announcer).to_contain_text("Sommet b ajouté.")
    expect(svg.locator('[data-vertex="b"]')).to_be_focused()
    page.keyboard.press("n")  # c
    wait_values(root, [0, 0, 0])
    # The drawing is one Tab stop: the arrow keys go from item to item.
    expect(svg.locator('[tabindex="0"]')).to_have_count(1)
    # Enter on a, the arrow key to b, Enter: the arrow a → b.
    svg.locator('[data-vertex="a"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    expect(svg.locator('[data-vertex="b"]')).to_be_focused()
    page.keyboard.press("Enter")
    wait_values(root, [1, 0, 0])
    expect(svg.locator('[data-vertex="a"]')).to_have_attribute(
        "aria-label", re.compile("Sommet a, valeur 1, flèches vers b")
    )
    # b → c by the keyboard too, then c moves down with Shift and the arrow keys.
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_values(root, [0, 1, 0])
    expect(svg.locator('[data-vertex="c"]')).to_be_focused()
    assert address_graph(page).endswith(";c(140,40)")  # N put it where there was room
    page.keyboard.press("Shift+ArrowDown")
    expect(announcer).to_contain_text("Sommet c déplacé en (140, 50).", timeout=ENGINE_TIMEOUT)
    expect(page).to_have_url(re.compile(r";c\(140,50\)"))
    wait_values(root, [0, 1, 0])
    # Escape gives a choice up; Delete erases the vertex with its arrow, then an arrow.
    page.keyboard.press("Enter")
    expect(svg.locator('[data-vertex="c"]')).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(svg.locator('[data-vertex="c"]')).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Delete")
    wait_values(root, [1, 0])
    expect(announcer).to_contain_text("Sommet c effacé, avec sa flèche.")
    svg.locator('[data-key="fleche-a-b"]').focus()
    page.keyboard.press("Delete")
    wait_values(root, [0, 0])
    # c → … → a cycle by the keyboard: refused, named.
    svg.locator('[data-vertex="a"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_values(root, [1, 0])
    page.keyboard.press("Enter")  # from b…
    page.keyboard.press("ArrowLeft")  # …to a
    page.keyboard.press("Enter")
    expect(root.locator(".lab-message")).to_contain_text("circuit\u00a0: ", timeout=ENGINE_TIMEOUT)
    expect(root.locator(".lab-message")).to_contain_text("a → b → a")
    wait_values(root, [1, 0])


def test_the_graph_address_round_trips(site_page, site_url):
    page = site_page
    root = open_lab(page, site_url + PAGE + "?graphe=a:b,c;b:c")  # no places: nimcore's
    assert graph_values(root) == [2, 1, 0]
    expect(root.locator("input[value=graphe]")).to_be_checked()
    line = address_graph(page)
    assert re.fullmatch(r"a\(\d+,\d+\):b,c;b\(\d+,\d+\):c;c\(\d+,\d+\)", line)
    places = [svg_place(root, name) for name in "abc"]
    root = open_lab(page, page.url)
    assert graph_values(root) == [2, 1, 0]
    assert address_graph(page) == line
    assert [svg_place(root, name) for name in "abc"] == places


def svg_place(root: Locator, name: str) -> tuple[str, str]:
    circle = editor(root).locator(f'[data-vertex="{name}"] circle.lab-graph-disc')
    return (circle.get_attribute("cx") or "", circle.get_attribute("cy") or "")


def test_play_tokens_on_the_drawn_graph(site_page, site_url):
    root = open_lab(site_page, site_url + PAGE + "?graphe=" + SMALL)
    assert graph_values(root) == [2, 1, 0]
    root.get_by_role("button", name="Jouer").click()
    board = root.locator('[data-lab-board="graph"]')
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    expect(board).to_have_attribute("data-position", '["a"]')
    expect(board.locator(".graph-svg .graph-vertex")).to_have_count(3)
    expect(board.locator(".game-rule")).to_contain_text("glisser un jeton")
    # The board's position is in the address with the graph's line, and the address reopens it.
    expect(site_page).to_have_url(re.compile(r"[?&]plateau="))
    code = parse_qs(urlparse(site_page.url).query)["plateau"][0]
    assert code == SMALL + "-a"
    root = open_lab(site_page, site_page.url)
    board = root.locator('[data-lab-board="graph"]')
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    expect(board).to_have_attribute("data-position", '["a"]')
    follow_hints(board, rounds=5)
    expect_winner(board, "humain")
    expect(site_page).to_have_url(re.compile(r"[?&]plateau="))


def test_the_list_opens_the_graphs_chapter_s_worked_graph(site_page, site_url):
    """The laboratory's list opens the nine-vertex graph of « Graphes et fonction de Grundy »."""
    site_page.goto(site_url + PAGE)
    site_page.locator('a[href*="?graphe=a(360,30)"]').click()
    root = site_page.locator('[data-board="lab"]')
    assert graph_values(root) == [1, 3, 2, 0, 1, 0, 2, 1, 0]
    expect(editor(root).locator(".lab-graph-arc")).to_have_count(18)


@pytest.mark.parametrize("palette", ["clair", "sombre"])
def test_the_drawn_graph_has_no_accessibility_violation(site_page, site_url, palette):
    """axe-core on the editor with its values, the labelling unfolded and the board open."""
    from test_accessibility import open_in_palette, violations

    open_in_palette(site_page, site_url + PAGE + "?graphe=" + SMALL, palette)
    root = site_page.locator('[data-board="lab"]')
    assert graph_values(root) == [2, 1, 0]
    editor(root).locator('[data-vertex="a"]').focus()
    site_page.keyboard.press("Enter")  # a chosen as an arrow's start: its outline shows
    root.locator("details.lab-steps summary").click()
    root.get_by_role("button", name="Jouer").click()
    board = root.locator('[data-lab-board="graph"]')
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    found = violations(site_page)
    assert found == [], json.dumps(found, indent=1, ensure_ascii=False)


# ---- keyboard only: no mouse at all ----------------------------------------------------------


#: The style of an element's focus outline (none when the focus would not be seen).
OUTLINE = "element => getComputedStyle(element).outlineStyle"


def focused(page: Page) -> Locator:
    return page.locator(":focus")


def tab_to(page: Page, target: Locator, most: int = 12, back: bool = False) -> None:
    """Press Tab (Shift+Tab when *back*) until *target* has the focus: at most *most* times."""
    for _ in range(most):
        if target.evaluate("element => element === document.activeElement"):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    expect(target).to_be_focused()


def arrow_to(page: Page, target: Locator, key: str = "ArrowRight", most: int = 12) -> None:
    """Press *key* (an arrow key, inside one Tab stop) until *target* has the focus."""
    for _ in range(most):
        if target.evaluate("element => element === document.activeElement"):
            return
        page.keyboard.press(key)
    expect(target).to_be_focused()


def test_the_graph_editor_and_its_board_by_the_keyboard_only(site_page, site_url):
    """Tab into the editor, draw, move, link, erase, get refused, then « Jouer » and win, all by keys:
    every change said in the live region, the focus never lost, every control named in French."""
    page = site_page
    root = open_lab(page, site_url + PAGE + "?graphe=a(100,100)")
    wait_values(root, [0])
    svg = editor(root)
    vertex = lambda name: svg.locator(f'[data-vertex="{name}"]')  # noqa: E731
    announcer = root.locator(":scope > .board-sr-only")
    message = root.locator(".lab-message")
    root.locator("input[value=graphe]").focus()
    page.keyboard.press("Tab")
    expect(focused(page)).to_have_accessible_name("Ajouter un sommet")
    expect(svg).to_have_accessible_name(re.compile(r"^Dessin du graphe\u00a0: 1 sommet, 0 flèche"))
    # « Supprimer » waits for a choice: disabled, skipped; the drawing is one Tab stop, its vertex.
    page.keyboard.press("Tab")
    expect(vertex("a")).to_be_focused()
    # Erasing the only vertex is refused by nimcore: the focus stays in the drawing.
    assert vertex("a").evaluate(OUTLINE) == "solid"  # the focus is seen
    page.keyboard.press("Delete")
    expect(message).to_contain_text("vide", timeout=ENGINE_TIMEOUT)
    expect(svg).to_be_focused()
    wait_values(root, [0])
    # The same by « Supprimer », named after what it erases (a, focused last).
    delete = root.get_by_role("button", name="Supprimer le sommet a")
    page.keyboard.press("Tab")
    tab_to(page, delete, back=True)
    page.keyboard.press("Enter")
    expect(message).to_contain_text("vide", timeout=ENGINE_TIMEOUT)
    expect(svg).to_be_focused()
    wait_values(root, [0])
    # N adds a vertex where there is room, focused; the arrow keys move it.
    page.keyboard.press("n")
    expect(announcer).to_contain_text("Sommet b ajouté.", timeout=ENGINE_TIMEOUT)
    expect(vertex("b")).to_be_focused()
    page.keyboard.press("n")
    wait_values(root, [0, 0, 0])
    expect(vertex("c")).to_be_focused()
    for key in "p,.s":  # the theme's shortcuts (the page before, the next, search) stay outside
        page.keyboard.press(key)
    page.keyboard.press("Shift+ArrowDown")
    expect(announcer).to_contain_text("Sommet c déplacé en (140, 50).", timeout=ENGINE_TIMEOUT)
    expect(page).to_have_title(re.compile("^Laboratoire"))
    expect(vertex("c")).to_be_focused()
    # Enter on a, the arrow key to b, Enter: a → b; then b → c.
    arrow_to(page, vertex("a"), "ArrowLeft")
    page.keyboard.press("Enter")
    expect(vertex("a")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(announcer).to_contain_text("Flèche de a vers b tracée.", timeout=ENGINE_TIMEOUT)
    wait_values(root, [1, 0, 0])
    expect(vertex("b")).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_values(root, [0, 1, 0])
    # c → a would close a cycle: refused, named, the focus stays on a.
    page.keyboard.press("Enter")
    arrow_to(page, vertex("a"), "ArrowLeft")
    page.keyboard.press("Enter")
    expect(message).to_contain_text("a → b → c → a", timeout=ENGINE_TIMEOUT)
    wait_values(root, [0, 1, 0])
    expect(vertex("a")).to_be_focused()
    # a → c, then the arrow a → b erased from its own focus: the focus goes to a.
    page.keyboard.press("Enter")
    arrow_to(page, vertex("c"))
    page.keyboard.press("Enter")
    wait_values(root, [2, 1, 0])
    arrow = svg.locator('[data-key="fleche-a-b"]')
    arrow_to(page, arrow)
    expect(arrow).to_have_accessible_name("Flèche de a vers b")
    page.keyboard.press("Delete")
    expect(announcer).to_contain_text("Flèche de a vers b effacée.", timeout=ENGINE_TIMEOUT)
    wait_values(root, [1, 1, 0])
    expect(vertex("a")).to_be_focused()
    # A vertex erased: the focus goes to its neighbour in the list.
    page.keyboard.press("n")
    expect(vertex("d")).to_be_focused(timeout=ENGINE_TIMEOUT)
    page.keyboard.press("Delete")
    expect(announcer).to_contain_text("Sommet d effacé.", timeout=ENGINE_TIMEOUT)
    wait_values(root, [1, 1, 0])
    expect(vertex("c")).to_be_focused()
    expect(vertex("c")).to_have_accessible_name(re.compile(r"^Sommet c, valeur 0, position P"))
    # « Jouer »: the focus goes to the board (« Jouer » is gone), whose token and target are keys too.
    play = root.get_by_role("button", name="Jouer")
    tab_to(page, play)
    page.keyboard.press("Enter")
    board = root.locator('[data-lab-board="graph"]')
    expect(board).to_be_focused()
    assert board.evaluate(OUTLINE) == "solid"
    expect(board).to_have_accessible_name(re.compile(r"^Partie\u00a0: le graphe dessiné"))
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    token = json.loads(board.get_attribute("data-position") or "null")[0]  # a or b: g = 1
    tab_to(page, board.locator(f'[data-key="jeton-{token}"]'))
    page.keyboard.press("Enter")
    arrow_to(page, board.locator('[data-key="cible-c"]'))
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # the same target again plays the move: c has no successor
    expect_winner(board, "humain")
    assert page.evaluate("() => document.activeElement !== document.body"), "focus lost"
    # Every control of the laboratory has a French name.
    unnamed = root.evaluate(
        """root => [...root.querySelectorAll('button, input, select, summary, [tabindex]')]
        .filter((element) => !element.closest('[hidden]'))
        .filter((element) => !(element.getAttribute('aria-label') || element.labels?.length
            || element.getAttribute('aria-labelledby') || element.textContent.trim()))
        .map((element) => element.outerHTML.slice(0, 80))"""
    )
    assert unnamed == []


def test_the_forms_and_stop_by_the_keyboard_only(site_page, site_url):
    """A subtraction set typed, the octal kind chosen by the arrow keys, « Arrêter » pressed,
    a bad code refused: all by keys, the focus kept (« Arrêter » gone: on « Calculer »)."""
    page = site_page
    root = open_lab(page, site_url + PAGE)
    answered(root, "oui", "7", "0")
    field = root.locator("input[name=ensemble]")
    root.locator("input[value=soustraction]").focus()
    tab_to(page, field)
    expect(field).to_have_accessible_name(re.compile("^Coups permis"))
    page.keyboard.press("Control+A")
    page.keyboard.type("1, 2, 4")
    page.keyboard.press("Enter")
    values = answered(root, "oui", "3", "0")
    assert values == list(subtraction.grundy_sequence([1, 2, 4], 100))
    expect(field).to_be_focused()
    # The kinds are one radio group: the arrow keys choose « Jeu octal ».
    tab_to(page, root.locator("input[value=soustraction]"), back=True)
    page.keyboard.press("ArrowDown")
    expect(root.locator("input[value=octal]")).to_be_checked()
    code = root.locator("input[name=code]")
    tab_to(page, code)
    expect(code).to_have_accessible_name(re.compile("^Code"))
    page.keyboard.press("Control+A")
    page.keyboard.type("0.16")
    page.keyboard.press("Enter")
    result = root.locator("[data-lab-result]")
    expect(result).to_have_attribute(
        "data-progress", re.compile(r"^\d+/\d+$"), timeout=ENGINE_TIMEOUT
    )
    stop = root.get_by_role("button", name="Arrêter")
    tab_to(page, stop)
    page.keyboard.press("Enter")
    expect(root.locator(".lab-message")).to_contain_text("Calcul arrêté")
    expect(root.get_by_role("button", name="Calculer")).to_be_focused()
    # A bad code: refused in French, the focus where it was.
    tab_to(page, code, back=True)
    page.keyboard.press("Control+A")
    page.keyboard.type("0.19")
    page.keyboard.press("Enter")
    expect(root.locator(".lab-message")).to_contain_text(
        "seuls les chiffres de 0 à 7", timeout=ENGINE_TIMEOUT
    )
    expect(code).to_be_focused()
