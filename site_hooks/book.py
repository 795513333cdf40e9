"""MkDocs hook: « Le livre » (docs/livre.md), every chapter on one page, in reading order, for print.

The chapters are the pages of the menu (``nav`` in mkdocs.yml) from « Jeux
combinatoires » to « Nim infini », then the history, the bibliography and the
glossary. Their Markdown is put after the book's own introduction, where it
writes ``<!-- chapitres -->``, before the placeholders are expanded
(:mod:`site_hooks.macros` runs after this hook): the tables and figures are the
chapters' own. What a book cannot hold is changed on the way:

- each board (``<!-- nimcore:board … -->``, ``<!-- nimcore:graph-board … -->``)
  becomes the picture of its start (:mod:`nimcore.pictures`) and a link to its
  page; Stella's interactive table becomes a link;
- headings go one level down, each chapter's title becomes a level-2 heading
  (``.livre-chapitre``: a new printed page), with an id of the book's;
- explicit ids, footnotes and links to an anchor of the same page are made the
  chapter's own (``#calcul`` → ``stella.md#calcul``), so that no two chapters
  clash.

A table of contents (the chapters, linked) opens the book. print.css lays it
out on A4, page numbers in the margin; ``make pdf`` prints it
(tools/make_pdf.py).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nimcore import NimcoreError, games, pictures
from site_hooks.markdown_code import code_ranges, in_code
from site_hooks.tables import escape
from site_hooks.tables.worksheets import placed_boards

__all__ = ["BOOK", "MARKER", "book_markdown", "chapter_markdown", "chapters", "on_page_markdown"]

#: The book's page, and where its chapters go.
BOOK = "livre.md"
MARKER = "<!-- chapitres -->"
#: The menu's first and last chapters; the reading pages added after them.
FIRST, LAST = "jeux-combinatoires.md", "nim-infini.md"
APPENDICES = ("histoire.md", "bibliographie.md", "glossaire.md")

_HEADING = re.compile(r"^([ \t]*)(#{1,5})(?= )", re.MULTILINE)
_TITLE = re.compile(r"^# (.+?)[ \t]*(\{[^}]*\})?[ \t]*$", re.MULTILINE)
_EXPLICIT_ID = re.compile(r"\{([^}]*?)#([\w-]+)")
_FOOTNOTE = re.compile(r"\[\^([^\]\s]+)\]")
_SAME_PAGE = re.compile(r"(\]\(|href=\")#")
_STELLA = re.compile(
    r'^([ \t]*)<div data-board="stella"[^>]*>.*?^\1</div>[ \t]*$', re.MULTILINE | re.DOTALL
)


def _menu(entries: Any) -> Iterator[str]:
    for entry in entries:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        if isinstance(value, list):
            yield from _menu(value)
        else:
            yield str(value)


def chapters(nav: Any) -> list[str]:
    """The book's pages in reading order: the menu from the first chapter to the last, then the appendices.

    >>> chapters([{"A": "index.md"}, {"B": ["jeux-combinatoires.md", "nim.md", "nim-infini.md"]},
    ...           "programmer.md", "histoire.md", "bibliographie.md", "glossaire.md"])
    ['jeux-combinatoires.md', 'nim.md', 'nim-infini.md', 'histoire.md', 'bibliographie.md', 'glossaire.md']
    """
    menu = list(_menu(nav))
    if FIRST not in menu or LAST not in menu:
        raise PluginError(f"{BOOK}: the menu lacks {FIRST} or {LAST}")
    return menu[menu.index(FIRST) : menu.index(LAST) + 1] + [
        page for page in APPENDICES if page in menu
    ]


def _outside_code(pattern: re.Pattern[str], text: str, replace: Any) -> str:
    """*pattern* replaced by *replace* (a function of the match), except inside code."""
    code = code_ranges(text)
    return pattern.sub(
        lambda match: match.group(0) if in_code(code, match.start()) else replace(match), text
    )


def _board_figure(game: str, code: str, page: str, chapter: str, indent: str) -> str:
    """A board of the chapters, printed: the picture of its start and where to play it."""
    try:
        svg = pictures.picture_of_code(game, code)
        entry = games.get(game)
        position, options = entry.decode(code)
        words = entry.describe(position, options)
    except NimcoreError as error:
        raise PluginError(f"{BOOK}: board game={game} code={code}: {error}") from None
    caption = (
        f"Le plateau de ce chapitre ({escape(entry.title)}), à sa position de départ :"
        f" {escape(words)}. On y joue en ligne, dans le chapitre"
        f' <a href="../{page}/">{escape(chapter)}</a>.'
    )
    return (
        f'{indent}<figure class="nimcore-figure-box livre-plateau">{svg}'
        f"<figcaption>{caption}</figcaption></figure>"
    )


def chapter_markdown(markdown: str, page: str) -> str:
    """One chapter made fit for the book (see the module's docstring); *page* its file's stem.

    >>> print(chapter_markdown("# Titre {#t}\\n\\nVoir [ici](#t)[^1].\\n\\n## Partie\\n\\n[^1]: Note.", "nim"))
    ## Titre { #livre-nim .livre-chapitre }
    <BLANKLINE>
    Voir [ici](nim.md#t)[^nim-1].
    <BLANKLINE>
    ### Partie
    <BLANKLINE>
    [^nim-1]: Note.
    """
    text = markdown
    found = _TITLE.search(text)
    if found is None:
        raise PluginError(f"{BOOK}: {page}.md has no title")
    chapter = found.group(1)
    # Boards: the picture of their start, last first so that offsets hold.
    for board in reversed(placed_boards(text)):
        line_start = text.rfind("\n", 0, board.start) + 1
        indent = text[line_start : board.start]
        figure = _board_figure(board.game, board.code, page, chapter, indent)
        text = text[:line_start] + figure + text[board.end :]
    text = _STELLA.sub(
        lambda match: (
            f'{match.group(1)}<p class="livre-plateau">La table interactive de ce'
            " chapitre se consulte en ligne, dans le chapitre"
            f' <a href="../{page}/">{escape(chapter)}</a>.</p>'
        ),
        text,
    )
    text = _outside_code(_SAME_PAGE, text, lambda match: f"{match.group(1)}{page}.md#")
    text = _outside_code(_FOOTNOTE, text, lambda match: f"[^{page}-{match.group(1)}]")
    title = _TITLE.search(text)
    if title is None:
        raise PluginError(f"{BOOK}: {page}.md has no title")
    body = text[title.end() :]
    body = _outside_code(
        _EXPLICIT_ID, body, lambda match: f"{{{match.group(1)}#{page}--{match.group(2)}"
    )
    body = _outside_code(_HEADING, body, lambda match: f"{match.group(1)}#{match.group(2)}")
    head = f"## {title.group(1)} {{ #livre-{page} .livre-chapitre }}"
    return text[: title.start()] + head + body


def book_markdown(markdown: str, nav: Any, docs: Path) -> str:
    """The book's page: its introduction, the table of contents, then every chapter."""
    if MARKER not in markdown:
        raise PluginError(f"{BOOK}: « {MARKER} » is missing")
    pages = chapters(nav)
    parts = []
    contents = ['<nav class="livre-sommaire" markdown>', "", "## Sommaire", ""]
    for number, name in enumerate(pages, start=1):
        source = (docs / name).read_text(encoding="utf-8")
        stem = Path(name).stem
        title = _TITLE.search(source)
        if title is None:
            raise PluginError(f"{BOOK}: {name} has no title")
        contents.append(f"{number}. [{title.group(1)}](#livre-{stem})")
        parts.append(chapter_markdown(source, stem))
    contents += ["", "</nav>"]
    return markdown.replace(MARKER, "\n".join(contents) + "\n\n" + "\n\n".join(parts))


def on_page_markdown(markdown: str, *, page: Any, config: Any, files: Any) -> str:
    """Fill « Le livre » with the chapters; leave every other page as it is."""
    if page.file.src_uri != BOOK:
        return markdown
    return book_markdown(markdown, config["nav"], Path(config["docs_dir"]))
