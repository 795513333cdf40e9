"""Teachers' worksheets: ``<!-- nimcore:worksheet family=nim level=easy seed=1 -->``.

The element carries nimcore's worksheet for the family, level and seed given
(``data-sheet``), the families a reader may choose with their levels
(``data-families``), the page's sentences (``data-texts``, from
:func:`nimcore.worksheet.page_texts`) and where each game's board is
(``data-boards``: a page and its address key, so that an answer can open its
position there): the sheet is shown, and printed, before the engine is ready;
the page's board (``fiche.js``) asks the engine for a new one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from nimcore import NimcoreError, worksheet
from site_hooks.markdown_code import code_ranges, in_code
from site_hooks.tables import MacroError, escape, macro
from site_hooks.tables.boards import BOARD_PLACEHOLDERS, GRAPH_BOARD_KEY, attribute_json

__all__ = [
    "DOCS",
    "PlacedBoard",
    "board_pages",
    "chapter_boards",
    "placed_boards",
    "worksheet_element",
]

DOCS = Path(__file__).resolve().parent.parent.parent / "docs"

_PLACEHOLDER = re.compile(r"<!--\s*nimcore:(board|graph-board)\s+(.*?)\s*-->", re.DOTALL)
_ARGUMENT = re.compile(r"(\w+)=(\S+)")


@dataclass(frozen=True)
class PlacedBoard:
    """A board written by a placeholder: its game, the code of its start, its address key."""

    start: int
    end: int
    game: str
    code: str
    key: str


def placed_boards(markdown: str) -> list[PlacedBoard]:
    """The game boards a page's placeholders write, in order (not those inside code).

    >>> [b.key for b in placed_boards("<!-- nimcore:board kind=heaps game=nim code=1-3 key=nim -->")]
    ['nim']
    >>> placed_boards("<!-- nimcore:graph-board name=exemple tokens=b,c -->")[0].code
    'exemple-b-c'
    """
    code = code_ranges(markdown)
    found = []
    for match in _PLACEHOLDER.finditer(markdown):
        if in_code(code, match.start()):
            continue
        arguments = dict(_ARGUMENT.findall(match.group(2)))
        if match.group(1) == "board":
            game, start = arguments["game"], arguments["code"]
            key = arguments.get("key") or arguments["kind"]
        else:
            game = "graph"
            start = "-".join([arguments["name"], *arguments["tokens"].split(",")])
            key = GRAPH_BOARD_KEY
        found.append(PlacedBoard(match.start(), match.end(), game, start, key))
    return found


def chapter_boards(docs: Path = DOCS) -> dict[str, tuple[str, PlacedBoard]]:
    """Each game's first board on the site (pages by file name): game id → (page stem, board)."""
    found: dict[str, tuple[str, PlacedBoard]] = {}
    for path in sorted(docs.glob("*.md")):
        for board in placed_boards(path.read_text(encoding="utf-8")):
            found.setdefault(board.game, (path.stem, board))
    return found


def board_pages(docs: Path = DOCS) -> dict[str, dict[str, str]]:
    """Where each game is played: game id → the first page (by file name) with its board, and its key.

    The page is written relative to a page one level down (``../nim/``), as the
    worksheet and the book are.
    """
    return {
        game: {"page": "../" if stem == "index" else f"../{stem}/", "key": board.key}
        for game, (stem, board) in chapter_boards(docs).items()
    }


@macro("worksheet")
def worksheet_element(family: str = "nim", level: str = "easy", seed: str = "1") -> str:
    """The worksheet board of a page, with nimcore's sheet for *family*, *level* and *seed*."""
    try:
        sheet = worksheet.worksheet(family, level, int(seed))
    except (NimcoreError, ValueError) as error:
        raise MacroError(f"family={family} level={level} seed={seed}: {error}") from None
    kind = BOARD_PLACEHOLDERS["worksheet"]
    return (
        f'<div data-board="{kind}" data-key="{kind}"'
        f" data-families='{attribute_json(worksheet.families())}'"
        f" data-texts='{attribute_json(worksheet.page_texts())}'"
        f" data-boards='{attribute_json(board_pages())}'"
        f" data-sheet='{attribute_json(sheet)}'>\n"
        f"<noscript>{escape('Cette fiche a besoin de JavaScript.')}</noscript>\n</div>"
    )
