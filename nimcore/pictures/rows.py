"""Pictures of games played on rows of pieces: heaps of matches or tokens, Fibonacci's heap,
the row of flowers, the heaps of ordinal Nim.

Each function takes a game's entry, a checked position and its options, and
returns a :class:`~nimcore.pictures.shapes.Sketch`; :func:`nimcore.pictures.picture`
wraps it.

>>> from nimcore import games
>>> nim = games.get("nim")
>>> sketch = matches(nim, (2, 0), nim.read_options({}))
>>> sketch.body.count('class="fig-match"'), "vide" in sketch.body
(2, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nimcore import ordinal
from nimcore.french import grouped, plural, typeset
from nimcore.games.base import Game
from nimcore.games.ordinal import power
from nimcore.pictures.shapes import GROUP, Sketch, label, match, pile, row_width, row_x, token

__all__ = ["MAX_DRAWN", "fibonacci", "flowers", "matches", "ordinals", "tokens"]

#: Most pieces of one heap drawn one by one; a larger heap is a box with its count.
MAX_DRAWN = 60
#: Pieces a line of Fibonacci's heap or of the flowers holds.
LINE = 20
#: Fibonacci's heap is drawn token by token up to this many.
MAX_FIBONACCI_DRAWN = 100

_LEFT = 50.0  # room for « Tas 12 »
_PILE = 170.0


def _heap_rows(heaps: Sequence[int], noun: str, drawn_as_matches: bool) -> Sketch:
    """One row per heap, the first on top: its name, its pieces grouped by five, its count."""
    step, gap, height = (7.0, 6.0, 38.0) if drawn_as_matches else (9.0, 6.0, 28.0)
    parts: list[str] = []
    right = _LEFT + 40
    for index, heap in enumerate(heaps):
        top = index * height
        middle = top + height / 2
        parts.append(label(4, middle, f"Tas {index + 1}", muted=True))
        if heap == 0:
            parts.append(label(_LEFT, middle, "vide", muted=True))
            right = max(right, _LEFT + 40)
        elif heap > MAX_DRAWN:
            parts.append(pile(_LEFT, top + 5, _PILE, height - 10, f"{grouped(heap)} {noun}s"))
            right = max(right, _LEFT + _PILE + 8)
        else:
            for at in range(heap):
                x = _LEFT + 4 + row_x(at, step, gap)
                parts.append(match(x, top + height - 6) if drawn_as_matches else token(x, middle))
            end = _LEFT + 4 + row_width(heap, step, gap) + 12
            parts.append(label(end, middle, heap, bold=True))
            right = max(right, end + 8 + 7 * len(str(heap)))
    grouping = f"groupées par {GROUP}" if drawn_as_matches else f"groupés par {GROUP}"
    of = "d'" if noun[0] in "aeiou" else "de "  # « d'allumettes », « de jetons »
    reading = (
        f"Chaque tas est une rangée {of}{noun}s {grouping}, le tas 1 en haut, son nombre"
        f" {of}{noun}s écrit au bout de la rangée."
    )
    if any(heap > MAX_DRAWN for heap in heaps):
        reading += f" Un tas de plus de {MAX_DRAWN} {noun}s est dessiné comme une boîte qui porte son nombre."
    return Sketch(right, max(len(heaps), 1) * height, "".join(parts), typeset(reading))


def matches(game: Game[Any, Any], position: Sequence[int], options: Any) -> Sketch:
    """Heaps of matches (Nim, subtraction games, Moore's Nim, Grundy's game)."""
    return _heap_rows(tuple(position), "allumette", True)


def tokens(game: Game[Any, Any], position: Sequence[int], options: Any) -> Sketch:
    """Heaps of tokens (the octal games); the position with no heap left is drawn as one empty heap."""
    return _heap_rows(tuple(position) or (0,), "jeton", False)


def fibonacci(game: Game[Any, Any], position: tuple[int, int], options: Any) -> Sketch:
    """Fibonacci's heap: its tokens in lines of 20 grouped by five, and how many may be taken now.

    >>> from nimcore import games
    >>> entry = games.get("fibonacci")
    >>> fibonacci(entry, (12, 4), {}).body.count('class="fig-token"')
    12
    """
    count, limit = position
    step, gap, height = 11.0, 7.0, 16.0
    parts: list[str] = []
    width = 4 + row_width(LINE, step, gap) + 12
    if count > MAX_FIBONACCI_DRAWN:
        parts.append(pile(4, 2, _PILE, 30, f"{grouped(count)} jetons"))
        bottom = 36.0
        width = max(width, _PILE + 12)
    else:
        for at in range(count):
            line, column = divmod(at, LINE)
            parts.append(token(10 + row_x(column, step, gap), 10 + line * height, 4))
        bottom = 10 + max(0, (count - 1) // LINE) * height + 14
    what = "rien ne peut être pris" if limit == 0 else f"au plus {plural(limit, 'jeton')} à prendre"
    parts.append(label(4, bottom + 10, f"{plural(count, 'jeton')} ; {what}", size=12))
    reading = (
        f"Les jetons du tas sont dessinés par lignes de {LINE}, groupés par {GROUP} ;"
        " sous eux, combien de jetons on peut prendre au coup suivant."
    )
    return Sketch(width, bottom + 22, "".join(parts), typeset(reading))


def flowers(game: Game[Any, Any], position: str, options: Any) -> Sketch:
    """The row of flowers: a standing flower has its head, a cut one a stub; each is numbered.

    >>> from nimcore import games
    >>> sketch = flowers(games.get("flowers"), "ffxf", {})
    >>> sketch.body.count('class="fig-flower"'), sketch.body.count('class="fig-cut"')
    (3, 1)
    """
    step, gap, height = 17.0, 6.0, 48.0
    parts: list[str] = []
    for index, state in enumerate(position):
        line, column = divmod(index, LINE)
        x = 12 + row_x(column, step, gap)
        foot = line * height + 32
        if state == "x":
            parts.append(
                f'<g class="fig-cut"><line x1="{x:g}" y1="{foot:g}" x2="{x:g}" y2="{foot - 8:g}" '
                f'stroke="currentColor" stroke-width="2"/><line x1="{x - 4:g}" y1="{foot - 7:g}" '
                f'x2="{x + 4:g}" y2="{foot - 11:g}" stroke="currentColor" stroke-width="1.5"/></g>'
            )
        else:
            parts.append(
                f'<g class="fig-flower"><line x1="{x:g}" y1="{foot:g}" x2="{x:g}" y2="{foot - 16:g}" '
                f'stroke="currentColor" stroke-width="1.5"/><circle cx="{x:g}" cy="{foot - 21:g}" '
                f'r="5" fill="none" stroke="currentColor" stroke-width="1.5"/><circle cx="{x:g}" '
                f'cy="{foot - 21:g}" r="1.8" fill="currentColor"/></g>'
            )
        parts.append(label(x, foot + 8, index + 1, size=8, anchor="middle", muted=True))
    lines = max(1, -(-len(position) // LINE))
    width = 12 + row_width(min(len(position), LINE), step, gap) + 14
    reading = (
        f"Les fleurs sont numérotées de gauche à droite, par lignes de {LINE} ;"
        " une fleur debout a sa corolle, une fleur cueillie n'a plus que le bout de sa tige."
    )
    return Sketch(max(width, 60), lines * height, "".join(parts), typeset(reading))


def _power_box(x: float, y: float, exponent: int) -> tuple[str, float]:
    """A box standing for ω^exponent, its text inside; returns the SVG and its width."""
    text = power(exponent)
    width = 16 + 7 * len(text)
    return (
        f'<rect class="fig-omega" x="{x:g}" y="{y:g}" width="{width:g}" height="26" rx="3" '
        f'fill="none" stroke="currentColor" stroke-width="1.5"/>'
        + label(x + width / 2, y + 13, text, anchor="middle", size=12)
    ), width


#: Boxes of one power drawn one by one up to this many; beyond, one box and « × c ».
_MAX_BOXES = 4
#: Units (the coefficient of ω⁰) drawn as matches up to this many.
_MAX_UNITS = 20


def ordinals(game: Game[Any, Any], position: Sequence[Any], options: Any) -> Sketch:
    """The heaps of ordinal Nim: boxes for the powers of ω, matches for the units, the heap written.

    >>> from nimcore import games
    >>> entry = games.get("ordinal")
    >>> heaps, _ = entry.decode("1.0.3_2.5_7")
    >>> ordinals(entry, heaps, {}).body.count('class="fig-omega"')
    3
    """
    heaps = ordinal.validate_heaps(list(position))
    height = 40.0
    parts: list[str] = []
    right = 200.0
    for index, heap in enumerate(heaps):
        top = index * height
        middle = top + height / 2
        parts.append(label(4, middle, f"Tas {index + 1}", muted=True))
        x = _LEFT
        for exponent in range(heap.degree, -1, -1):
            count = heap.coefficient(exponent)
            if count == 0:
                continue
            if exponent == 0:
                if count > _MAX_UNITS:
                    parts.append(pile(x, top + 7, 90, 26, grouped(count)))
                    x += 98
                else:
                    for at in range(count):
                        parts.append(match(x + 4 + row_x(at, 7, 6), top + height - 6))
                    x += 4 + row_width(count, 7, 6) + 12
                continue
            for _ in range(count if count <= _MAX_BOXES else 1):
                box, width = _power_box(x, top + 7, exponent)
                parts.append(box)
                x += width + 4
            if count > _MAX_BOXES:
                parts.append(label(x + 2, middle, f"× {grouped(count)}", size=12))
                x += 24 + 7 * len(grouped(count))
            x += 6
        if not heap.coefficients:
            parts.append(label(x, middle, "vide", muted=True))
            x += 40
        shown = heap.superscript.replace("+", " + ")
        parts.append(label(x + 6, middle, f"= {shown}", bold=True))
        right = max(right, x + 20 + 7.5 * len(shown))
    reading = (
        "Chaque tas est une rangée, le tas 1 en haut : une boîte marquée ω vaut ω, une boîte"
        " marquée ω² vaut ω², et ainsi de suite ; chaque allumette vaut 1 ; « × 7 » après une"
        " boîte en compte 7 ; le tas est écrit au bout de sa rangée."
    )
    return Sketch(right, max(len(heaps), 1) * height, "".join(parts), typeset(reading))
