"""Teachers' worksheets (fiches/): made by nimcore, regenerated from the page, printed on A4."""

import json
import re

import pytest
from boardtest import ENGINE_TIMEOUT
from playwright.sync_api import expect

from nimcore.worksheet import FAMILIES, LEVELS

pytestmark = pytest.mark.browser

#: How many A4 pages Chromium's PDF has.
PAGE = re.compile(rb"/Type\s*/Page\b")

#: Hide one part of the sheet (through the CSSOM: the site's CSP refuses style tags).
HIDE = """(selector) => document.querySelectorAll(selector).forEach(
  (element) => element.style.setProperty("display", "none", "important"))"""


def pages(page) -> int:
    return len(PAGE.findall(page.pdf(format="A4")))


def test_a_worksheet_is_regenerated_and_prints_cleanly_on_a4(site_page, site_url):
    page = site_page
    page.goto(f"{site_url}fiches/")
    sheet = page.locator('[data-board="fiche"]')
    expect(sheet).to_have_attribute("data-sheet-key", "nim/easy/1")
    expect(sheet.locator(".fiche-exercises li")).to_have_count(8)
    expect(sheet.locator(".fiche-solutions li")).to_have_count(8)
    # Every exercise drawn, with its text alternative.
    expect(sheet.locator(".fiche-exercises li svg[role=img]")).to_have_count(8)
    assert sheet.locator(".fiche-exercises li svg title").first.text_content()
    # The page's start leaves the address alone.
    assert "tirage=" not in page.url

    # Another family, level and seed, from the page; the same seed gives the same sheet.
    sheet.locator("select[name=famille]").select_option("wythoff")
    sheet.locator("select[name=niveau]").select_option("medium")
    sheet.get_by_role("button", name="Autre tirage").click()
    expect(sheet).to_have_attribute(
        "data-sheet-key", re.compile(r"^wythoff/medium/\d+$"), timeout=ENGINE_TIMEOUT
    )
    sheet.locator("input[name=graine]").fill("12")
    sheet.get_by_role("button", name="Nouvelle fiche").click()
    expect(sheet).to_have_attribute("data-sheet-key", "wythoff/medium/12", timeout=ENGINE_TIMEOUT)
    first = sheet.locator(".fiche-exercises").text_content()
    assert "Deux tas de" in first
    expect(sheet.locator(".fiche-exercises li svg .fig-queen")).to_have_count(8)
    # The sheet is in the address: a link reopens the same sheet.
    assert re.search(r"[?&]jeu=wythoff&niveau=medium&tirage=12\b", page.url), page.url
    shared = page.url
    sheet.locator("input[name=graine]").fill("douze")
    sheet.get_by_role("button", name="Nouvelle fiche").click()
    expect(sheet.locator(".board-message")).to_contain_text("n’est pas un numéro de tirage")
    assert sheet.locator(".fiche-exercises").text_content() == first

    page.goto(shared)
    sheet = page.locator('[data-board="fiche"]')
    expect(sheet).to_have_attribute("data-sheet-key", "wythoff/medium/12", timeout=ENGINE_TIMEOUT)
    assert sheet.locator(".fiche-exercises").text_content() == first

    # Printed: the sheet alone, no control of the page or of the board.
    page.emulate_media(media="print")
    expect(sheet.locator(".fiche-exercises")).to_be_visible()
    for hidden in ("button", "select", "input", ".board-status", ".md-header", "article > h1"):
        assert page.locator(f"{hidden} >> visible=true").count() == 0, hidden
    assert_questions_on_one_page_and_answers_apart(page)


def assert_questions_on_one_page_and_answers_apart(page) -> None:
    """The questions hold on one A4 page; the answers begin on a page of their own."""
    whole = pages(page)
    page.evaluate(HIDE, ".fiche-answers")
    assert pages(page) == 1
    page.evaluate(HIDE, ".fiche-questions")
    page.evaluate(
        """() => { const answers = document.querySelector(".fiche-answers");
                   answers.style.removeProperty("display");
                   answers.style.setProperty("break-before", "auto", "important"); }"""
    )
    assert whole == 1 + pages(page) and whole >= 2


#: Show again what HIDE hid.
SHOW = """(selector) => document.querySelectorAll(selector).forEach(
  (element) => element.style.removeProperty("display"))"""


def test_every_family_prints_on_a4_at_the_hardest_level(site_page, site_url):
    """The largest positions (level "hard", « Difficile ») of every family, as the page draws
    them: one visit of the page, the families one after the other."""
    page = site_page
    page.goto(f"{site_url}fiches/")
    sheet = page.locator('[data-board="fiche"]')
    expect(sheet).to_have_attribute("data-sheet-key", "nim/easy/1", timeout=ENGINE_TIMEOUT)
    for family in sorted(FAMILIES):
        page.emulate_media(media="screen")
        sheet.locator("select[name=famille]").select_option(family)
        sheet.locator("select[name=niveau]").select_option(LEVELS[-1])
        sheet.locator("input[name=graine]").fill("7")
        sheet.get_by_role("button", name="Nouvelle fiche").click()
        expect(sheet).to_have_attribute(
            "data-sheet-key", f"{family}/{LEVELS[-1]}/7", timeout=ENGINE_TIMEOUT
        )
        expect(sheet.locator(".fiche-exercises li")).to_have_count(8)
        page.emulate_media(media="print")
        # The answers begin a page of their own by the print style sheet (the printed proof,
        # three PDFs, is the regenerated sheet's test above): here, one PDF of the questions.
        assert (
            page.evaluate(
                "() => getComputedStyle(document.querySelector('.fiche-answers')).breakBefore"
            )
            == "page"
        ), family
        page.evaluate(HIDE, ".fiche-answers")
        assert pages(page) == 1, family
        page.evaluate(SHOW, ".fiche-answers")


def test_an_address_that_names_no_sheet_is_refused_in_french(site_page, site_url):
    page = site_page
    page.goto(f"{site_url}fiches/?jeu=echecs&niveau=easy&tirage=3")
    sheet = page.locator('[data-board="fiche"]')
    expect(sheet.locator(".board-message")).to_contain_text(
        "Famille de jeux inconnue", timeout=ENGINE_TIMEOUT
    )
    expect(sheet).to_have_attribute("data-sheet-key", "nim/easy/1")
    expect(sheet.locator(".fiche-exercises li")).to_have_count(8)


def test_a_chomp_answer_without_a_short_reason_opens_its_position_on_the_board(site_page, site_url):
    page = site_page
    page.goto(f"{site_url}fiches/?jeu=chomp&niveau=hard&tirage=3")
    sheet = page.locator('[data-board="fiche"]')
    expect(sheet).to_have_attribute("data-sheet-key", "chomp/hard/3", timeout=ENGINE_TIMEOUT)
    # The answers that can be checked line by line hold the table of replies and parries.
    assert sheet.locator(".fiche-solutions .chomp-replies").count() >= 1
    link = sheet.locator(".fiche-solutions .fiche-link a").first
    expect(link).to_have_attribute("href", re.compile(r"/jeux-mysterieux/\?chomp=[0-9-]+$"))
    code = link.get_attribute("href").rsplit("=", 1)[1]
    link.click()
    board = page.locator('[data-board="chomp"]')
    expect(board).to_have_attribute(
        "data-position",
        json.dumps([int(row) for row in code.split("-")]).replace(" ", ""),
        timeout=ENGINE_TIMEOUT,
    )
