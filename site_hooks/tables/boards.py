"""The game boards of the pages: ``<!-- nimcore:board kind=heaps game=nim code=1-3-5-7 -->``.

A board's start is given by nimcore's code of a position (the same short text
as in an address), and the element carries nimcore's *view* of it (the
position, its options, its rule, every legal move and its words) and the
schema of its setup form (``data-form``: labels, choices, limits, help and
captions, :meth:`nimcore.games.base.Game.form`): the board and its form are
drawn, and its moves can be chosen, before the engine is ready in the
reader's browser. ``kind`` names the board's module (site.js's ``BOARDS``),
``game`` the registry's game (nimcore.games).
"""

from __future__ import annotations

import json
import re

from nimcore import NimcoreError, bridge, games
from nimcore.games import base
from site_hooks.books import book_name
from site_hooks.markdown_code import code_ranges, in_code
from site_hooks.tables import MacroError, escape, macro

__all__ = [
    "BOARD_PLACEHOLDERS",
    "GRAPH_BOARD_KEY",
    "attribute_json",
    "board",
    "board_element",
    "calculators",
    "page_boards",
]

#: data-mode values a page may set (see game.js).
_MODES = ("ordinateur", "deux")
#: The computer's level a page may set, in the page's words → the protocol's id (data-level).
_LEVELS = {"parfait": "perfect", "debutant": "beginner"}


#: Placeholders other than ``board`` that write a board: name → the board's kind (data-board).
BOARD_PLACEHOLDERS = {"graph-board": "graph", "worksheet": "fiche", "calculators": "calculettes"}
#: The graph board's address parameter (data-key), which readers share in links: it keeps
#: its French name, while the board's kind is the registry's (nimcore.games).
GRAPH_BOARD_KEY = "graphe"

#: A board written by hand (calculators, Stella's table), or by a placeholder.
_RAW_BOARD = re.compile(r'\bdata-board="([^"]+)"')
_PLACED_BOARD = re.compile(r"<!--\s*nimcore:board\s+kind=(\S+)")
_OTHER_BOARD = re.compile(
    r"<!--\s*nimcore:(" + "|".join(re.escape(name) for name in BOARD_PLACEHOLDERS) + r")(?=[\s-])"
)


def page_boards(markdown: str) -> list[str]:
    """The boards a page's Markdown shows (data-board values), in order, each once.

    A board written inside code (a fenced block, an inline span) is not shown.

    >>> page_boards('<!-- nimcore:board kind=heaps game=nim code=1-3 -->\\n<div data-board="stella">')
    ['heaps', 'stella']
    >>> page_boards('<!-- nimcore:worksheet family=nim -->')
    ['fiche']
    """
    found = [
        (match.start(), match.group(1))
        for pattern in (_RAW_BOARD, _PLACED_BOARD, re.compile(r"<!--\s*nimcore:(lab)\b"))
        for match in pattern.finditer(markdown)
    ]
    found += [
        (match.start(), BOARD_PLACEHOLDERS[match.group(1)])
        for match in _OTHER_BOARD.finditer(markdown)
    ]
    code = code_ranges(markdown)
    return list(dict.fromkeys(name for start, name in sorted(found) if not in_code(code, start)))


def attribute_json(value: object) -> str:
    """JSON for an attribute in single quotes: no ' < > & left raw."""
    encoded = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for raw, entity in (("&", "&amp;"), ("'", "&#39;"), ("<", "&lt;"), (">", "&gt;")):
        encoded = encoded.replace(raw, entity)
    return encoded


def board_element(kind: str, game_id: str, code: str, extra: dict[str, str] | None = None) -> str:
    """The board's element, with nimcore's view of the position *code* of *game_id*."""
    try:
        game = games.get(game_id)
        position, options = game.decode(code)
        seen = base.view(game, position, options)
    except NimcoreError as error:
        raise MacroError(f"game={game_id} code={code}: {error}") from None
    if seen["terminal"]:
        raise MacroError(f"game={game_id} code={code}: the game would be over before it starts")
    attributes = [
        f'data-board="{escape(kind)}"',
        f'data-game="{escape(game_id)}"',
        *(f'data-{name}="{escape(value)}"' for name, value in (extra or {}).items()),
        f'data-book="{escape(book_name(game_id, code))}"',
        f"data-view='{attribute_json(seen)}'",
    ]
    setup_form = game.form()
    if any(setup_form.values()):
        attributes.append(f"data-form='{attribute_json(setup_form)}'")
    return f"<div {' '.join(attributes)}>\n<noscript>Ce plateau a besoin de JavaScript.</noscript>\n</div>"


@macro("board")
def board(kind: str, game: str, code: str, key: str = "", mode: str = "", niveau: str = "") -> str:
    """A game board: ``<!-- nimcore:board kind=heaps game=subtraction code=9-6-4_1a3 key=nim-max -->``.

    ``key`` is the board's URL parameter (by default *kind*), written as
    ``data-key`` so that tests and pages can find the board; ``mode=deux``
    starts it for two players, ``niveau=debutant`` with the beginner computer
    (``data-level="beginner"``).
    """
    extra: dict[str, str] = {"key": key or kind}
    if mode:
        if mode not in _MODES:
            raise MacroError(f"mode={mode!r}: {' or '.join(_MODES)} expected")
        extra["mode"] = mode
    if niveau:
        if niveau not in _LEVELS:
            raise MacroError(f"niveau={niveau!r}: {' or '.join(_LEVELS)} expected")
        extra["level"] = _LEVELS[niveau]
    return board_element(kind, game, code, extra)


@macro("calculators")
def calculators() -> str:
    """The three calculators (docs/javascripts/boards/calculettes.js): ``<!-- nimcore:calculators -->``.

    Not a game: the element carries only nimcore's form for them (labels,
    help and limits, :func:`nimcore.bridge.calculator_form`), so the page
    refuses a number too long or too many numbers before the engine is ready.
    """
    form = attribute_json(bridge.calculator_form())
    kind = BOARD_PLACEHOLDERS["calculators"]
    return (
        f"<div data-board=\"{kind}\" data-form='{form}'>"
        "<noscript>Ces calculettes ont besoin de JavaScript.</noscript></div>"
    )
