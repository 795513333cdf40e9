"""The theme's search on a page with a board: its index is built only once the
engine has started (or as soon as the reader turns to the search box), and the
search works either way."""

import pytest
from boardtest import ENGINE_TIMEOUT, hold_pyodide, wait_for_held
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Records, before any script of the page runs, which workers are sent messages.
RECORD_POSTS = """
(() => {
  const Native = window.Worker;
  window.__posted = [];
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      this.__path = new URL(String(url), document.baseURI).pathname;
    }
  };
  const post = Native.prototype.postMessage;
  Native.prototype.postMessage = function (...args) {
    window.__posted.push(this.__path);
    return post.apply(this, args);
  };
})();
"""

SEARCH_POSTS = "() => window.__posted.filter((path) => path.includes('/workers/search.')).length"


def search_for(page, words):
    """Type *words* in the theme's search box, key by key: the theme reads the
    box on its key events (or when its index becomes ready), not on `fill`."""
    box = page.locator("[data-md-component=search-query]")
    box.click()
    box.press_sequentially(words)
    expect(page.locator(".md-search-result__meta")).to_contain_text("trouvé", timeout=15_000)
    return page.locator(".md-search-result__item")


def test_the_search_index_waits_for_the_engine(site_page, context, site_url):
    """Neither built nor downloaded: on a slow link its bytes would share it with Pyodide's."""
    page = site_page
    page.add_init_script(RECORD_POSTS)
    held, release = hold_pyodide(context)
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(site_url + "nim/")
    status = page.locator("[data-board] .board-status").first
    expect(status).to_have_text("Moteur en cours de chargement…")
    page.wait_for_load_state("load")
    page.wait_for_timeout(1_000)
    wait_for_held(page, held)
    assert page.evaluate(SEARCH_POSTS) == 0, "the search index was sent while the engine loads"
    index = [url for url in asked if url.endswith("search/search_index.json")]
    assert index == [], "the search index was downloaded while the engine loads"
    release()
    expect(status).to_have_text("Moteur prêt.", timeout=ENGINE_TIMEOUT)
    page.wait_for_function(f"() => ({SEARCH_POSTS})() > 0")
    assert [url for url in asked if url.endswith("search/search_index.json")] != []
    expect(search_for(page, "Bouton").first).to_be_visible()


def test_the_search_box_does_not_wait_for_the_engine(site_page, context, site_url):
    page = site_page
    held, release = hold_pyodide(context)
    page.goto(site_url + "nim/")
    status = page.locator("[data-board] .board-status").first
    expect(status).to_have_text("Moteur en cours de chargement…")
    # The engine's worker asks for Pyodide's WebAssembly when its boot gets there: wait for
    # that request to be held, so that the engine is surely held during the whole search.
    for _ in range(600):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "Pyodide's WebAssembly was never asked for"
    results = search_for(page, "Wythoff")
    expect(results.first).to_be_visible()
    assert status.inner_text() == "Moteur en cours de chargement…"
    release()
    expect(status).to_have_text("Moteur prêt.", timeout=ENGINE_TIMEOUT)


def test_pages_without_a_board_build_the_index_at_once(site_page, site_url):
    page = site_page
    page.add_init_script(RECORD_POSTS)
    page.goto(site_url + "bibliographie/")
    page.wait_for_function(f"() => ({SEARCH_POSTS})() > 0")
