"""The built site: every page, every internal link, every computed table, nothing from elsewhere."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from nimcore import bridge
from site_hooks import macros
from site_hooks.runtime import ROOT
from site_hooks.typography import french_html

DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))


class PageParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.resources: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids.add(attributes["id"])
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])
        for name in ("src", "srcset", "data-src"):
            if attributes.get(name):
                self.resources.append(attributes[name])
        if tag == "link" and attributes.get("href"):
            self.resources.append(attributes["href"])


def built_page(site: Path, markdown: Path) -> Path:
    stem = markdown.stem
    return site / "index.html" if stem == "index" else site / stem / "index.html"


@pytest.fixture(scope="module")
def parsed(built_site):
    pages = {}
    for path in built_site.rglob("*.html"):
        parser = PageParser()
        parser.feed(path.read_text(encoding="utf-8"))
        pages[path] = parser
    return pages


@pytest.mark.parametrize("markdown", PAGES, ids=lambda path: path.name)
def test_every_page_is_built(built_site, markdown):
    page = built_page(built_site, markdown)
    assert page.is_file()
    html = page.read_text(encoding="utf-8")
    assert "<!-- nimcore:" not in html, "a placeholder was left unexpanded"
    assert 'lang="fr"' in html


def test_every_internal_link_resolves(built_site, parsed):
    broken = []
    for page, parser in parsed.items():
        if page.name == "404.html":
            continue  # served at any depth, so MkDocs writes its links from the root
        for href in parser.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{page.relative_to(built_site)} → {href}")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else set()
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{page.relative_to(built_site)} → {href} (ancre)")
    assert broken == []


def test_pages_load_nothing_from_another_origin(parsed, built_site):
    foreign = [
        f"{page.relative_to(built_site)} : {resource}"
        for page, parser in parsed.items()
        for resource in parser.resources
        if urlsplit(resource).scheme in ("http", "https") or resource.startswith("//")
    ]
    assert foreign == []


PLACEHOLDERS = [
    (markdown, match)
    for markdown in PAGES
    for match in macros.PLACEHOLDER.finditer(markdown.read_text(encoding="utf-8"))
]


@pytest.mark.parametrize(
    ("markdown", "match"),
    PLACEHOLDERS,
    ids=[f"{markdown.name}:{match.group(2)}" for markdown, match in PLACEHOLDERS],
)
def test_every_generated_table_matches_nimcore(built_site, markdown, match):
    """Each placeholder, expanded again now, appears exactly in the built page."""
    expansion = macros.expand(match.group(0), markdown.name).strip()
    html = built_page(built_site, markdown).read_text(encoding="utf-8")
    for line in french_html(expansion).split("\n"):
        assert line.strip() in html


@pytest.mark.parametrize(
    "name",
    [
        "nimcore.nimsum.pas_de_ce_nom",
        "nimcore.nimsum",
        "os.path.join",
        "nimcore.nimsum.MAX_TABLE_SIZE",
    ],
)
def test_a_source_excerpt_names_a_function_of_nimcore(name):
    """« Programmer un joueur parfait » shows nimcore's own code: an unknown name fails the build."""
    from mkdocs.exceptions import PluginError

    with pytest.raises(PluginError, match="name="):
        macros.expand(f"<!-- nimcore:source name={name} -->", "essai.md")
    shown = macros.expand("<!-- nimcore:source name=nimcore.nimsum.mex -->", "essai.md")
    assert "def mex(values: Iterable[int]) -&gt; int:" in shown
    assert "&gt;&gt;&gt;" not in shown, "the docstring's examples are left out"


def page_text(html: str) -> str:
    """The article's text, without code, scripts, figures and math."""
    body = html.split("<article", 1)[-1].split("</article>", 1)[0]
    body = re.sub(r"<(pre|code|script|style|svg|math)\b.*?</\1>", "", body, flags=re.S)
    body = re.sub(r'<span class="arithmatex">.*?</span>', "", body, flags=re.S)
    body = re.sub(r'<div class="arithmatex">.*?</div>', "", body, flags=re.S)
    return re.sub(r"<[^>]+>", "", body)


def test_all_math_is_recognised(built_site):
    """A `$` left in the text is math that arithmatex did not see (e.g. `$$` inside a paragraph)."""
    stray = []
    for markdown in PAGES:
        text = page_text(built_page(built_site, markdown).read_text(encoding="utf-8"))
        stray += [
            f"{markdown.name} : {m.group(0)!r}" for m in re.finditer(r".{0,30}\$.{0,30}", text)
        ]
    assert stray == []


def test_french_typography_in_pages(built_site):
    """No ordinary space before : ; ! ? in the text of the pages (code and math aside)."""
    offenders = []
    for markdown in PAGES:
        text = page_text(built_page(built_site, markdown).read_text(encoding="utf-8"))
        for found in re.finditer(r".{0,20} [:;!?](?=\s|$).{0,10}", text):
            offenders.append(f"{markdown.name} : {found.group(0)!r}")
    assert offenders == []


# --- one text: the typography and the words the whole site agrees on ----------------------


def page_text_with_math(html: str) -> str:
    """The article's text with its math (as typed), without code, scripts and figures."""
    body = html.split("<article", 1)[-1].split("</article>", 1)[0]
    body = re.sub(r"<(pre|code|script|style|svg)\b.*?</\1>", "", body, flags=re.S)
    return re.sub(r"<[^>]+>", "\n", body)  # cells and blocks stay apart


#: (pattern, what to write instead): forms the pages never use, in their text and math.
TYPOGRAPHY = [
    (r"\d+ ?(?:e|è|ème|eme|ieme|ième|er|re|ère|nd|nde)\b", "2ᵉ, 1ᵉʳ, 1ʳᵉ (lettres en exposant)"),
    (r"\b(?-i:[IVXL]{2,})(?:e|ème|eme)\b", "XVIIᵉ (lettre en exposant)"),
    (r"\bn° ", "une espace insécable après n°"),
    (r"\bn°(?=\w)", "une espace insécable après n°"),
    (r"(?<![\d.,])0[.·]\d", "un code octal s'écrit 0,137 (avec une virgule)"),
    (r"\b[PN]-positions?\b", "position P, position N"),
    (r"(?<!\w)-?(?:ème|eme|ieme)\b", "k-ième"),
    (r"\bde une?\b", "d'une, d'un"),
    (r"\bnimcore\b", "le moteur du site"),
]


def test_one_typography_everywhere(built_site):
    """Ordinal abbreviations, n°, octal codes, « position P », « i-ième », elision, the engine's name."""
    offenders = []
    for markdown in PAGES:
        html = built_page(built_site, markdown).read_text(encoding="utf-8")
        text = page_text_with_math(html)
        for pattern, advice in TYPOGRAPHY:
            for found in re.finditer(pattern, text, flags=re.IGNORECASE):
                context = text[max(0, found.start() - 25) : found.end() + 10]
                offenders.append(f"{markdown.name} : {context!r} → {advice}")
        offenders += [
            f"{markdown.name} : <sup>{sup}</sup> → lettres en exposant (2ᵉ)"
            for sup in re.findall(r"<sup>(e|er|re|ème|nd)</sup>", html)
        ]
    assert offenders == []


def test_tooltips_are_french(built_site):
    """The title attributes Markdown's extensions write (permalinks, footnote back links)."""
    english = re.compile(r"\b(?:link|jump|back|footnote|text)\b", re.IGNORECASE)
    offenders = sorted(
        {
            f"{markdown.name} : {title!r}"
            for markdown in PAGES
            for title in re.findall(
                r'title="([^"]*)"', built_page(built_site, markdown).read_text(encoding="utf-8")
            )
            if english.search(title)
        }
    )
    assert offenders == []


def test_the_navigation_follows_the_reading_order():
    """The menu lists the chapters in the order of the home page's numbered list."""
    import yaml

    def files(entries):
        for entry in entries:
            value = next(iter(entry.values())) if isinstance(entry, dict) else entry
            if isinstance(value, list):
                yield from files(value)
            else:
                yield value

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    menu = list(files(config["nav"]))
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    reading = re.findall(r"^\d+\. \[[^]]+\]\(([\w-]+\.md)\)", index, flags=re.M)
    assert len(reading) >= 12
    assert [page for page in menu if page in reading] == reading
    assert sorted(menu) == sorted(path.name for path in PAGES), "a page is missing from the menu"


def test_every_chapter_links_to_the_glossary():
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    chapters = re.findall(r"^\d+\. \[[^]]+\]\(([\w-]+\.md)\)", index, flags=re.M)
    # The reading pages the home page lists after the chapters.
    chapters += ["programmer.md", "histoire.md", "bibliographie.md", "enseignant.md"]
    missing = [
        chapter
        for chapter in chapters
        if "](glossaire.md)" not in (DOCS / chapter).read_text(encoding="utf-8")
    ]
    assert missing == []


# --- module preloading (bench/: no module waterfall before a board is usable) ---------


MODULE_PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)">')


@pytest.mark.parametrize("markdown", PAGES, ids=lambda path: path.name)
def test_each_page_preloads_the_modules_it_runs(built_site, markdown):
    """site.js's modules on every page; each board's module and its imports where it is shown."""
    from site_hooks.preload import board_modules, static_imports

    page = built_page(built_site, markdown)
    html = page.read_text(encoding="utf-8")
    preloaded = MODULE_PRELOAD.findall(html)
    assert len(preloaded) == len(set(preloaded)), "a module is preloaded twice"
    resolved = set()
    for href in preloaded:
        target = (page.parent / href).resolve()
        assert target.is_file(), href
        resolved.add(target.relative_to(built_site.resolve()).as_posix())
    expected = set(static_imports("javascripts/site.js"))
    table = board_modules()
    for board in set(re.findall(r'\bdata-board="([^"]+)"', html)):
        expected |= set(static_imports(table[board]))
    assert resolved == expected
    # Pages with a board start the engine's worker from their head, before the page is read.
    head = html[: html.index("</head>")]
    early = re.findall(r'new Worker\(new URL\("([^"]+)", document\.baseURI\)', head)
    boards = re.findall(r'\bdata-board="', html)
    assert [(page.parent / href).resolve() for href in early] == (
        [(built_site / "javascripts" / "engine" / "worker.js").resolve()] if boards else []
    )


def test_no_page_waits_for_the_print_style_sheet(built_site):
    """Every style sheet of a page blocks its scripts but print.css, whose rules are all for print."""
    sheet = (DOCS / "stylesheets" / "print.css").read_text(encoding="utf-8")
    rules = re.sub(r"/\*.*?\*/", "", sheet, flags=re.S).strip()
    assert rules.startswith("@media print {") and rules.endswith("}")
    assert rules.count("@media print") == 1
    for markdown in PAGES:
        html = built_page(built_site, markdown).read_text(encoding="utf-8")
        links = re.findall(r'<link rel="stylesheet" href="[^"]*print\.css"[^>]*>', html)
        assert [link.endswith(' media="print">') for link in links] == [True], markdown.name


@pytest.mark.parametrize("markdown", PAGES, ids=lambda path: path.name)
def test_boards_are_drawn_before_the_theme_runs(built_site, markdown):
    """The page's entry comes just before the theme's script, now deferred; with boards, it hands their modules."""
    from site_hooks.preload import board_modules

    page = built_page(built_site, markdown)
    html = page.read_text(encoding="utf-8")
    scripts = re.findall(
        r"<script\b[^>]*>(?:[^<]*)</script>", html[html.index('<script id="__config"') :]
    )
    entry, theme = scripts[1:3]
    assert re.fullmatch(
        r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js" defer></script>', theme
    )
    assert len(scripts) == 3, "site.js is loaded once"
    boards = list(dict.fromkeys(re.findall(r'\bdata-board="([^"]+)"', html)))
    if not boards:
        assert re.fullmatch(
            r'<script src="[^"]*javascripts/site\.js" type="module"></script>', entry
        )
        return
    imports = re.findall(r'import \* as (m\d+) from "([^"]+)";', entry)
    table = board_modules()
    assert [(page.parent / href).resolve() for _, href in imports] == [
        (built_site / table[board]).resolve() for board in boards
    ]
    handed = dict(re.findall(r'"([\w-]+)": (m\d+)', entry))
    assert handed == {board: name for board, (name, _) in zip(boards, imports, strict=True)}
    site_js = re.search(r'import \{ boardModules \} from "([^"]+)";', entry).group(1)
    assert (page.parent / site_js).resolve() == (built_site / "javascripts" / "site.js").resolve()


def test_the_board_table_is_read_from_site_js():
    from site_hooks.preload import board_modules, static_imports

    table = board_modules()
    assert table["heaps"] == "javascripts/boards/heaps.js"
    assert len(table) == len(
        re.findall(r"mount\w+\"\]", (DOCS / "javascripts" / "site.js").read_text())
    )
    assert static_imports("javascripts/boards/heaps.js")[:1] == ["javascripts/boards/heaps.js"]
    assert {"javascripts/boards/kit.js", "javascripts/boards/game.js"} <= set(
        static_imports("javascripts/boards/heaps.js")
    )


_BOARD_ELEMENT = re.compile(
    r"<div data-board=\"[^\"]+\" data-game=\"([^\"]+)\"[^>]*? data-view='([^']*)'>"
)


@pytest.mark.parametrize("markdown", PAGES, ids=lambda path: path.name)
def test_each_game_board_carries_nimcores_view_of_its_start(built_site, markdown):
    """A game board's element holds nimcore's view of its start: drawn and playable before the engine."""
    import html as html_module

    from nimcore import games
    from nimcore.games import base

    text = built_page(built_site, markdown).read_text(encoding="utf-8")
    for game_id, encoded in _BOARD_ELEMENT.findall(text):
        seen = json.loads(html_module.unescape(encoded))
        game = games.get(game_id)
        position, options = game.decode(seen["code"])
        assert seen == json.loads(json.dumps(base.view(game, position, options)))
        assert not seen["terminal"] and seen["rule"]


# --- an installable app with a strict policy (issue 19) --------------------------------------


def test_every_page_carries_a_strict_content_security_policy(built_site):
    """One policy, first in each head, whose script hashes cover every inline script."""
    from site_hooks.security import inline_hashes

    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > len(PAGES)
    for path in pages:
        text = path.read_text(encoding="utf-8")
        meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', text)
        assert meta, path
        assert meta.start() < text.index("<script"), path  # before any script it governs
        assert text.index("<meta charset") < 1024, path
        directives = dict(part.strip().split(" ", 1) for part in meta.group(1).split(";"))
        assert directives["default-src"] == "'self'"
        assert directives["object-src"] == "'none'" and directives["base-uri"] == "'self'"
        assert directives["worker-src"] == "'self'" and directives["style-src"] == "'self'"
        scripts = directives["script-src"].split()
        assert scripts[:2] == ["'self'", "'wasm-unsafe-eval'"]
        assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts
        assert inline_hashes(text) <= set(scripts), path


def test_the_web_app_manifest_and_its_icons(built_site):
    manifest = json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["lang"] == "fr" and manifest["display"] == "standalone"
    assert manifest["short_name"] == "Jeux de Nim" and "Nim" in manifest["name"]
    assert manifest["start_url"] == manifest["scope"] == "./"  # at the root and under a sub-path
    assert manifest["theme_color"] and manifest["background_color"]
    assert manifest["user_preferences"]["color_scheme_dark"]["background_color"]
    purposes = {}
    for icon in manifest["icons"]:
        data = (built_site / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert icon["sizes"] == f"{width}x{height}"
        purposes.setdefault(icon["purpose"], set()).add(width)
    assert purposes == {"any": {192, 512}, "maskable": {512}}
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="manifest.webmanifest">' in home
    assert 'name="theme-color" media="(prefers-color-scheme: dark)"' in home
    # Drawn at build time from the one SVG: no PNG icon is kept in the repository.
    assert not list((ROOT / "docs").rglob("*.png"))


def test_the_calculators_page_states_nimcores_limit():
    """The calculators' page says how long a number may be: nimcore's limit, not another."""
    text = (DOCS / "calculettes.md").read_text(encoding="utf-8")
    stated = re.findall(r"d'au plus (\d+)\s+chiffres", text)
    assert stated == [str(bridge.MAX_CALCULATOR_DIGITS)]
    assert "<!-- nimcore:calculators -->" in text
