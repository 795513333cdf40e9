"""The home page's gallery of games: ``<!-- nimcore:gallery -->``.

One card per game of the registry that a chapter lets the reader play, in the
registry's order (that of the chapters): the game's name, linking to its board,
a drawing of the board's start made by nimcore (:func:`nimcore.pictures.picture_of_code`)
and that start in words (:meth:`Game.describe`). Which games have a board,
and from which position it starts, is read from the chapters' own board
placeholders (``nimcore:board``, ``nimcore:graph-board``): a board added to a
chapter appears here, and a game whose board leaves the chapters leaves the
gallery. A game with boards in several chapters is shown with the first one
in the menu's order.

The links are written for a page at the site's root (the home page).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from markdown.extensions.toc import slugify  # type: ignore[import-untyped]
from mkdocs.utils.yaml import yaml_load

from nimcore import NimcoreError, games
from nimcore.pictures import picture_of_code
from site_hooks.markdown_code import code_ranges, in_code
from site_hooks.tables import MacroError, escape, macro

__all__ = ["Board", "chapter_boards", "gallery"]

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

#: A board placeholder and its arguments, as site_hooks/macros.py reads them.
_BOARD = re.compile(r"^[ \t]*<!-- nimcore:(board|graph-board)((?: [a-z_]+=[^\s=]+)*) -->", re.M)
_ARGUMENT = re.compile(r"([a-z_]+)=(\S+)")
#: A heading, with its explicit anchor if it has one (``## À vous de jouer {#jouer}``).
#: What makes a picture speak (nimcore.figures.svg_document): dropped where the card's text speaks.
_LABELS = re.compile(
    r' role="img" aria-labelledby="[^"]*"|<title\b[^>]*>.*?</title>|<desc\b[^>]*>.*?</desc>', re.S
)
#: A board's frame, an admonition whose title carries an anchor: ``!!! example "<span id='jouer'></span>…"``.
_FRAME = re.compile(r"""^!!! \w+ "<span id=['"]([\w-]+)['"]></span>""", re.M)
_HEADING = re.compile(r"^#{1,6}[ \t]+(.*?)(?:[ \t]*\{#([\w-]+)\})?[ \t]*$", re.M)


@dataclass(frozen=True)
class Board:
    """A board of a chapter: its game, the code of its start, and where it is."""

    game: str
    code: str
    page: str  #: the chapter's Markdown file, e.g. ``nim.md``
    anchor: str  #: the id of the heading the board sits under

    @property
    def href(self) -> str:
        """The board's address from the site's root (directory URLs, as mkdocs.yml builds)."""
        return f"{self.page.removesuffix('.md')}/#{self.anchor}"


def _menu_pages() -> list[str]:
    """The Markdown files of mkdocs.yml's ``nav``, in the menu's order."""
    config = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    pages: list[str] = []

    def walk(entries: object) -> None:
        for entry in entries if isinstance(entries, list) else []:
            value = next(iter(entry.values())) if isinstance(entry, dict) else entry
            if isinstance(value, list):
                walk(value)
            elif isinstance(value, str):
                pages.append(value)

    walk(config.get("nav"))
    return pages


def _board_of(name: str, arguments: dict[str, str]) -> tuple[str, str]:
    """(game id, code of the start) of a board placeholder."""
    if name == "graph-board":
        # As site_hooks/tables/graphs.py writes it: the graph's name, then the tokens' vertices.
        tokens = [part for part in arguments.get("tokens", "").split(",") if part]
        return "graph", "-".join([arguments["name"], *tokens])
    return arguments["game"], arguments["code"]


def chapter_boards(docs: Path = DOCS) -> list[Board]:
    """Every board of the pages of the menu, in the menu's order, then in each page's order."""
    found: list[Board] = []
    for page in _menu_pages():
        path = docs / page
        if not path.is_file():
            continue
        markdown = path.read_text(encoding="utf-8")
        if "<!-- nimcore:gallery -->" in markdown:
            continue  # the gallery's own page (the home page): its boards are not chapters'
        code = code_ranges(markdown)
        headings = [
            (match.start(), match.group(2) or slugify(match.group(1), "-"))
            for match in _HEADING.finditer(markdown)
            if not in_code(code, match.start())
        ] + [
            (match.start(), match.group(1))  # a board's frame: an admonition with its own anchor
            for match in _FRAME.finditer(markdown)
            if not in_code(code, match.start())
        ]
        headings.sort()
        for match in _BOARD.finditer(markdown):
            if in_code(code, match.start()):
                continue
            before = [anchor for start, anchor in headings if start < match.start()]
            if not before:
                raise MacroError(f"{page}: a board before any heading cannot be linked to")
            game, start = _board_of(match.group(1), dict(_ARGUMENT.findall(match.group(2))))
            found.append(Board(game, start, page, before[-1]))
    return found


def _card(board: Board) -> str:
    game = games.get(board.game)
    try:
        position, options = game.decode(board.code)
        drawing = picture_of_code(board.game, board.code)
    except NimcoreError as error:
        raise MacroError(f"{board.page}: game={board.game} code={board.code}: {error}") from None
    name = game.title[:1].upper() + game.title[1:]
    # The card's text says what the drawing shows: the drawing is hidden from screen
    # readers, and its own title and description would only repeat that text (in the
    # search index too).
    drawing = _LABELS.sub("", drawing.replace("<svg ", '<svg aria-hidden="true" ', 1))
    return (
        '<li class="nim-gallery__card">\n'
        f'<a class="nim-gallery__link" href="{escape(board.href)}">{escape(name)}</a>\n'
        f'<span class="nim-gallery__picture" data-search-exclude>{drawing}</span>\n'
        f'<span class="nim-gallery__start">{escape(game.describe(position, options))}</span>\n'
        "</li>"
    )


@macro("gallery")
def gallery() -> str:
    """Every game the chapters let the reader play, drawn at its board's start (see the module)."""
    first: dict[str, Board] = {}
    for board in chapter_boards():
        first.setdefault(board.game, board)
    cards = [_card(first[game_id]) for game_id in games.IDS if game_id in first]
    if not cards:
        raise MacroError("no chapter shows a board")
    return '<ul class="nim-gallery">\n' + "\n".join(cards) + "\n</ul>"
