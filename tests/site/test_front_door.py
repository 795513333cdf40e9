"""The front door of the built site: the home page's gallery, the theme in French,
a search index that holds readable text and searches whole words."""

import doctest
import importlib
import json
import re
import shutil
from pathlib import Path

import pytest

from nimcore import games
from site_hooks import offline, search
from site_hooks.runtime import ROOT
from site_hooks.tables import gallery

THEME = Path(importlib.import_module("material").__file__).parent / "templates"
PAGES = sorted((ROOT / "docs").glob("*.md"))


def built_page(site: Path, markdown: Path) -> Path:
    return site / "index.html" if markdown.stem == "index" else site / markdown.stem / "index.html"


@pytest.mark.parametrize("name", ["site_hooks.search", "site_hooks.preload"])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(module):
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0
    assert results.failed == 0


# --- the home page's gallery ----------------------------------------------------------

CARD = re.compile(
    r'<li class="nim-gallery__card">\s*<a class="nim-gallery__link" href="([^"]+)">([^<]+)</a>'
    r"(.*?)</li>",
    re.S,
)


def test_the_gallery_shows_every_game_of_the_chapters_drawn_by_nimcore(built_site):
    home = (built_site / "index.html").read_text(encoding="utf-8")
    cards = CARD.findall(home)
    played = [board.game for board in gallery.chapter_boards()]
    # Every game of the registry has a board in a chapter, and one card, in the registry's order.
    assert sorted(set(played)) == sorted(games.IDS)
    names = [name for _, name, _ in cards]
    titles = [games.get(game_id).title for game_id in games.IDS]
    assert [name.lower() for name in names] == [title.lower() for title in titles]
    for href, name, rest in cards:
        assert "<svg" in rest and 'aria-hidden="true"' in rest, name
        assert "data-search-exclude" in rest, name
        path, anchor = href.split("#")
        target = (built_site / path / "index.html").read_text(encoding="utf-8")
        # The anchor: the heading of the section that holds the board, or the board's frame.
        found = re.search(rf"""id=["']{re.escape(anchor)}["']""", target)
        assert found is not None, href
        section = target[found.start() :]
        following = re.search(r"<h[1-6]\b", section)
        assert "data-board=" in section[: following.start() if following else None], href


def test_the_gallery_links_each_game_to_its_first_board_in_the_menu():
    boards = gallery.chapter_boards()
    first = {}
    for board in boards:
        first.setdefault(board.game, board)
    assert first["nim"].href == "nim/#jouer"
    assert first["subtraction"].page == "un-seul-tas.md"  # before Sprague–Grundy's VanLoGo
    assert all(board.page != "index.md" for board in boards)


def test_the_home_page_plays_before_anything_else(built_site):
    """A board comes right after the introduction, before the first section."""
    home = (built_site / "index.html").read_text(encoding="utf-8")
    article = home[home.index("<article") :]
    assert article.index('data-board="heaps"') < article.index("<h2")
    assert article.index("nim-gallery") < article.index('id="par-ou-commencer"')
    for link in ("laboratoire/", "fiches/"):
        assert f'href="{link}"' in article, link


# --- the theme in French ------------------------------------------------------------


def theme_strings(language: str) -> dict[str, str]:
    text = (THEME / "partials" / "languages" / f"{language}.html").read_text(encoding="utf-8")
    return dict(re.findall(r'^\s*"([\w.]+)":\s*"([^"]*)"', text, flags=re.M))


ENGLISH = sorted(
    {
        value
        for key, value in theme_strings("en").items()
        if value != theme_strings("fr").get(key)
        and re.search(r"[A-Za-z]{3}", value)
        and key not in ("language", "direction")  # codes (en, ltr), not words
        and not key.startswith("search.config")
    }
)


@pytest.mark.parametrize("markdown", PAGES, ids=lambda path: path.name)
def test_the_theme_speaks_french(built_site, markdown):
    """No English string of the theme around the text (header, menus, search, footer, credit)."""
    html = built_page(built_site, markdown).read_text(encoding="utf-8")
    assert "Made with" not in html and "Material for MkDocs" not in html
    around = re.sub(r"<article\b.*?</article>|<script\b.*?</script>", "", html, flags=re.S)
    found = [value for value in ENGLISH if re.search(rf"\b{re.escape(value)}\b", around)]
    assert found == []
    assert 'class="md-copyright"' in html


def test_the_404_page_speaks_french(built_site):
    html = (built_site / "404.html").read_text(encoding="utf-8")
    assert "Made with" not in html


# --- the search ---------------------------------------------------------------------


def test_the_search_index_holds_readable_math(built_site):
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    text = "\n".join(doc["title"] + " " + doc["text"] for doc in index["docs"])
    assert not re.search(r"\\[(\[)\]]|\\[A-Za-z]+", text), "TeX source left in the index"
    for readable in ("g(h)", "85 ⊕ 97", "ω²", "⌊nφ⌋"):
        assert readable in text, readable


def test_every_page_searches_whole_words(built_site):
    worker = built_site / search.WORKERS / search.WORKER
    source = worker.read_text(encoding="utf-8")
    theme_worker = re.search(r'importScripts\("([^"]+)"\)', source).group(1)
    assert (built_site / search.WORKERS / theme_worker).is_file()
    for page in [*built_site.rglob("index.html"), built_site / "404.html"]:
        html = page.read_text(encoding="utf-8")
        named = re.search(r'"search":\s*"([^"]+)"', html).group(1)
        assert named.endswith(f"workers/{search.WORKER}"), page


#: Formulas of the chapters, one a line: the TeX, « ⟶ », the text the search index holds.
FORMULAS = r"""
g(h) ⟶ g(h)
85 \oplus 97 ⟶ 85 ⊕ 97
\psi = -1/\varphi ⟶ ψ = -1/φ
\{a, c, e\} ⟶ {a, c, e}
a \not\equiv b \pmod{3} ⟶ a ≢ b (mod 3)
\lfloor n\varphi \rfloor ⟶ ⌊nφ⌋
\mathbb{N} ⟶ ℕ
"""


@pytest.mark.parametrize(
    ("tex", "text"), [line.split(" ⟶ ") for line in FORMULAS.split("\n") if line]
)
def test_a_formula_reads_as_text_in_the_index(tex, text):
    assert search.tex_to_text(tex) == text


def test_an_unknown_tex_command_fails_the_build():
    from mkdocs.exceptions import PluginError

    with pytest.raises(PluginError, match="wedge"):
        search.readable(r"<p>\(a \wedge b\)</p>")


# --- make serve ---------------------------------------------------------------------


def test_make_serve_serves_the_built_site_with_its_service_worker(built_site):
    """tools/serve.py: the real sw.js, modules and WebAssembly with their types, a French 404."""
    import functools
    import http.server
    import threading
    import urllib.error
    import urllib.request

    from tools.serve import SiteHandler

    handler = functools.partial(SiteHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with urllib.request.urlopen(base + "sw.js") as answer:
            assert answer.headers["Content-Type"] == "text/javascript"
            assert answer.headers["Cache-Control"] == "no-cache"
            assert "const FILES = [" in answer.read().decode(
                "utf-8"
            )  # the build's, not mkdocs serve's
        for path, kind in [
            ("runtime/pyodide/pyodide.mjs", "text/javascript"),
            ("runtime/pyodide/pyodide.asm.wasm", "application/wasm"),
            ("manifest.webmanifest", "application/manifest+json"),
        ]:
            head = urllib.request.Request(base + path, method="HEAD")
            with urllib.request.urlopen(head) as answer:
                assert answer.headers["Content-Type"] == kind, path
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(base + "nulle-part/")
        assert missing.value.code == 404
        assert "Jeux de Nim" in missing.value.read().decode("utf-8")
    finally:
        server.shutdown()
        server.server_close()


def test_the_offline_worker_lists_every_file_and_its_version_follows_them(built_site, tmp_path):
    """sw.js lists every file of the build under a version derived from their contents: the
    same files give the same version, one changed file a new one (what test_offline.py's
    second edition relies on)."""
    worker = (built_site / offline.WORKER).read_text(encoding="utf-8")
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", worker, re.S).group(1))
    assert listed == [url for url, _ in offline.manifest(built_site)]
    version = re.search(r'const VERSION = "([0-9a-f]+)"', worker).group(1)
    copy = tmp_path / "copie"
    shutil.copytree(built_site, copy)
    assert offline.write_service_worker(copy) == version
    with (copy / "javascripts" / "boards" / "kit.js").open("a", encoding="utf-8") as script:
        script.write("\n// deuxième édition\n")
    assert offline.write_service_worker(copy) != version
