"""Pictures of positions: any position of any game of the registry, drawn as accessible inline SVG.

A picture shows what a position *is* — matches in heaps, the Wythoff lattice
and its queen, the Fibonacci row of tokens, the chocolate bar with its
poisoned square, tokens on a graph, pawns on Delahaye's board, the heaps of
ordinal Nim — for a worksheet, a printed book or a page. It never decides a
rule: the position and its options are read and checked by the game's entry
(:func:`nimcore.games.get`, ``read_options``, ``read_position``), the words
come from the entry too (``describe``, ``rule``), and the drawing only lays
out what they hold.

Every picture is an ``<svg>`` built by :func:`nimcore.figures.svg_document`:
``role="img"``, a French title and a description (the text alternative: the
position in words, how to read the drawing, the rule), strokes and fills in
``currentColor`` or the CSS classes of ``docs/stylesheets/figures.css``, so it
reads in both colour schemes and in black and white on A4.

>>> svg = picture("nim", [1, 3, 5])
>>> svg.startswith('<svg class="nimcore-figure') and "<title" in svg and "<desc" in svg
True
>>> "3 tas de 1, 3 et 5 allumettes" in svg
True
>>> picture("chomp", [3, 4])
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: La rangée 2 (4 carrés) est plus longue que la rangée 1 (3 carrés) : \
les longueurs ne doivent pas augmenter en montant.

Cost: linear in what is drawn (at most a few hundred shapes: large heaps are
drawn as a labelled pile, large lattices with coarser lines).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from nimcore import games
from nimcore.errors import NimcoreError
from nimcore.figures import svg_document
from nimcore.french import quoted, typeset
from nimcore.games.base import Game, check_options
from nimcore.pictures import boards, rows
from nimcore.pictures.shapes import Sketch

__all__ = ["DRAWERS", "draw", "picture", "picture_of_code"]

#: How each game of the registry is drawn: game id → a function of (game, position, options).
DRAWERS: Mapping[str, Callable[[Game[Any, Any], Any, Any], Sketch]] = {
    "nim": rows.matches,
    "subtraction": rows.matches,
    "moore": rows.matches,
    "grundy": rows.matches,
    "octal": rows.tokens,
    "fibonacci": rows.fibonacci,
    "flowers": rows.flowers,
    "ordinal": rows.ordinals,
    "wythoff": boards.wythoff,
    "chomp": boards.chomp,
    "pawns": boards.pawns,
    "graph": boards.graph,
    "sprouts": boards.sprouts,
}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def draw(game: Game[Any, Any], position: Any, options: Any, *, width: float | None = None) -> str:
    """The picture of a position already checked by *game* (as :meth:`Game.decode` returns it).

    The title is the position in words (:meth:`Game.describe`); the
    description says how to read the drawing, then states the rule.
    """
    drawer = DRAWERS.get(game.id)
    if drawer is None:  # a game added to the registry without a picture
        raise NimcoreError(typeset(f"Aucun dessin pour le jeu {quoted(game.id)}."))
    sketch = drawer(game, position, options)
    described = _capital(game.describe(position, options))
    description = f"{described}. {sketch.reading} Règle : {game.rule(options)}"
    return svg_document(
        sketch.width,
        sketch.height,
        sketch.body,
        title=typeset(f"{_capital(game.title)} : {game.describe(position, options)}"),
        description=typeset(description),
        display_width=sketch.width if width is None else width,
    )


def picture(
    game_id: str,
    position: object,
    options: Mapping[str, Any] | None = None,
    *,
    width: float | None = None,
) -> str:
    """The picture of *position* (JSON, as a board sends it) in the game *game_id*, as inline SVG.

    *options* are the game's options (JSON); *width* the picture's width in
    CSS pixels (by default its natural size; a style sheet may still shrink
    it). Raises :class:`NimcoreError`, in French, for an unknown game, bad
    options or a position the game refuses, before anything is drawn.

    >>> "dame" in picture("wythoff", [5, 8])
    True
    >>> picture("nim", [1, -2])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: ...
    """
    game = games.get(game_id)
    checked = game.read_options(check_options(game, options))
    return draw(game, game.read_position(position, checked), checked, width=width)


def picture_of_code(game_id: str, code: str, *, width: float | None = None) -> str:
    """The picture of the position written *code* (:meth:`Game.encode`, as in an address).

    >>> "empoisonné" in picture_of_code("chomp", "4-2-1")
    True
    """
    game = games.get(game_id)
    position, options = game.decode(code)
    return draw(game, position, options, width=width)
