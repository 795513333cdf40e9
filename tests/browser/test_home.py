"""The home page: its first screen says what the site is and lets the reader play at
once (at 1280 × 800 and at 390 × 844), its gallery leads to every game's board, and
the theme's search matches whole French words and shows math as text."""

import pytest
from boardtest import ENGINE_TIMEOUT, PAGE_TIMEOUT, wait_for_my_turn
from playwright.sync_api import expect
from test_heaps_board import heaps_now, take_one_match
from test_search import search_for

from nimcore import games

pytestmark = pytest.mark.browser

SCREENS = {"ordinateur": (1280, 800), "téléphone": (390, 844)}


def on_first_screen(page, locator, width, height):
    """Whether *locator* lies wholly inside the first screen, page not scrolled."""
    box = locator.bounding_box()
    assert page.evaluate("() => window.scrollY") == 0
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width
        and box["y"] + box["height"] <= height
    )


@pytest.mark.parametrize("screen", SCREENS)
def test_the_first_screen_says_what_the_site_is_and_plays(site_page, site_url, screen):
    width, height = SCREENS[screen]
    page = site_page
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site_url)
    board = page.locator('[data-board="heaps"]')
    expect(board.locator(".heaps-match").first).to_be_visible(timeout=PAGE_TIMEOUT)
    title = page.locator("article h1")
    expect(title).to_contain_text("Jeux de Nim")
    introduction = page.locator("article h1 + p")
    expect(introduction).to_contain_text("jeux de Nim")
    shown = [title, introduction, board.locator(".heaps-row").last, board.locator(".game-play")]
    assert [on_first_screen(page, part, width, height) for part in shown] == [True] * len(shown)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width

    # Play at once: a move, and the computer answers, without leaving the first screen.
    before = sum(heaps_now(board))
    take_one_match(board)
    wait_for_my_turn(board)
    expect(board.locator(".board-status")).to_have_text("Moteur prêt.", timeout=ENGINE_TIMEOUT)
    assert sum(heaps_now(board)) < before - 1  # the reader's match, then the computer's move
    assert page.evaluate("() => window.scrollY") == 0


def test_the_gallery_leads_to_every_game_by_touch(site_page, site_url):
    page = site_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url)
    cards = page.locator(".nim-gallery__card")
    expect(cards).to_have_count(len(games.IDS))
    for index in range(cards.count()):
        card = cards.nth(index)
        box = card.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        expect(card.locator("svg")).to_be_visible()
        assert card.locator("svg").get_attribute("aria-hidden") == "true"
    # The whole card is the link: a tap on the drawing opens the game's board.
    drawing = cards.filter(has_text="Wythoff").locator("svg")
    drawing.scroll_into_view_if_needed()
    box = drawing.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_url("**/wythoff/#jouer")
    expect(page.locator('[data-board="wythoff"]')).to_be_visible(timeout=PAGE_TIMEOUT)


def test_the_gallery_by_keyboard(site_page, site_url):
    page = site_page
    page.goto(site_url)
    link = page.locator(".nim-gallery__link").first
    link.focus()
    expect(link).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url("**/nim/#jouer")


def marked_words(page):
    """Every word the results mark, shown or folded under « N de plus sur cette page »."""
    return page.evaluate(
        """() => [...document.querySelectorAll(".md-search-result__item mark")]
            .map((mark) => mark.textContent.trim().toLowerCase())"""
    )


def test_the_search_matches_whole_french_words(site_page, site_url):
    page = site_page
    page.goto(site_url + "bibliographie/")  # no board: the index is built at once
    results = search_for(page, "deux")
    expect(results.first).to_be_visible()
    marked = marked_words(page)
    assert marked and set(marked) == {"deux"}, marked
    # « de » alone is a word too short to mean anything (a French stop word): it marks nothing,
    # and above all not « deux », « dernier » or « delà ».
    box = page.locator("[data-md-component=search-query]")
    box.fill("")
    box.press_sequentially("de dernier")
    expect(page.locator(".md-search-result__meta")).to_contain_text("trouvé")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.md-search-result__item mark')]"
        ".some((mark) => /dernier/i.test(mark.textContent))"
    )
    marked = marked_words(page)
    assert "deux" not in marked and "delà" not in marked, marked
    assert all(word.startswith("derni") for word in marked), marked


def test_search_snippets_show_math_as_text(site_page, site_url):
    page = site_page
    page.goto(site_url + "bibliographie/")
    results = search_for(page, "Binet")
    expect(results.first).to_be_visible()
    text = " ".join(results.all_inner_texts())
    assert "\\(" not in text and "\\frac" not in text
    assert "φ" in text
