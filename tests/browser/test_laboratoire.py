"""The laboratory (lab.js): a game defined by its address or its form, nimcore's values, a board."""

import json
import re
from urllib.parse import parse_qs, urlparse

import pytest
from boardtest import ENGINE_TIMEOUT, PAGE_TIMEOUT, expect_winner, follow_hints
from playwright.sync_api import Locator, Page, expect

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


def test_the_flowers_by_their_address(site_page, site_url):
    root = open_lab(site_page, site_url + PAGE + "?octal=0.137")
    values = answered(root, "oui", "34", "52")
    assert values == list(octal.grundy_values("0.137", 100))
    result = root.locator("[data-lab-result]")
    expect(result.locator(".lab-certificate")).to_contain_text("Guy et Smith")
    expect(result.locator(".lab-certificate")).to_contain_text("2 × 52 + 34 + 3 = 141")
    expect(result.locator("td.is-p")).to_have_count(values.count(0))
    expect(result.locator("svg.nimcore-figure rect.fig-bar")).to_have_count(100)
    expect(result.locator("svg.nimcore-figure > title")).to_contain_text("0.137")
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


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("?octal=0.8", "contient"),
        ("?soustraction=1,deux", "deux"),
        ("?soustraction=1,2&misere=oui", "misere"),
        ("?octal=0.7&soustraction=1", "un seul"),
        ("?soustraction=1&valeurs=99999", "valeurs"),
    ],
)
def test_a_malformed_address_gives_a_french_message_and_the_default_game(
    site_page, site_url, query, words
):
    root = open_lab(site_page, site_url + PAGE + query)
    values = answered(root, "oui", "7", "0")  # the default game, {1, 3, 4}
    assert values == list(subtraction.grundy_sequence([1, 3, 4], 100))
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
    root.get_by_role("button", name="Kayles de Dawson 0,07").click()
    answered(root, "oui", "34", "53")
    # A bad definition is refused in French, by nimcore.
    root.locator("input[name=code]").fill("0.19")
    root.get_by_role("button", name="Calculer").click()
    expect(root.locator(".lab-message")).to_contain_text(
        "seuls les chiffres de 0 à 7", timeout=ENGINE_TIMEOUT
    )


def test_play_mounts_the_board_of_the_defined_game(site_page, site_url):
    root = open_lab(site_page, site_url + PAGE + "?soustraction=1,3,4&misere=1")
    answered(root, "oui", "7", "0")
    root.get_by_role("button", name="Jouer").click()
    board = root.locator('[data-lab-board="heaps"]')
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
    root = open_lab(site_page, site_url + PAGE + "?soustraction=1,2,4")
    answered(root, "oui", "3", "0")
    root.get_by_role("button", name="Jouer").click()
    board = root.locator('[data-lab-board="heaps"]')
    expect(board).to_have_attribute("data-position", "[21,13,8]", timeout=ENGINE_TIMEOUT)
    follow_hints(board, rounds=40)
    expect_winner(board, "humain")
    expect(root.locator(".lab-message")).to_be_empty()


def test_play_an_octal_game(site_page, site_url):
    root = open_lab(site_page, site_url + PAGE + "?octal=0.07")
    answered(root, "oui", "34", "53")
    root.get_by_role("button", name="Jouer").click()
    board = root.locator('[data-lab-board="octal"]')
    expect(board).to_have_attribute("data-turn", "humain", timeout=ENGINE_TIMEOUT)
    expect(board.locator(".game-rule")).to_be_visible()


def test_stop_ends_a_long_computation(site_page, site_url):
    """0.16 needs half a million values: stopped on its way, then another game is computed."""
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


def test_a_chapter_link_opens_its_game(site_page, site_url):
    """« Un seul tas » links to {1, 2, 4}: reached by the theme's instant navigation."""
    site_page.goto(site_url + "un-seul-tas/")
    site_page.locator('a[href$="laboratoire/?soustraction=1,2,4"]').click()
    root = site_page.locator('[data-board="lab"]')
    values = answered(root, "oui", "3", "0")
    assert values == list(subtraction.grundy_sequence([1, 2, 4], 100))
