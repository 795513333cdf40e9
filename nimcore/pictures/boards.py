"""Pictures of games played on a board: Wythoff's lattice and its queen, Chomp's chocolate bar,
Delahaye's pawns, tokens on a graph, the spots and curves of sprouts.

>>> from nimcore import games
>>> chomp_entry = games.get("chomp")
>>> sketch = chomp(chomp_entry, (3, 1), {})
>>> sketch.body.count('class="fig-square"'), sketch.body.count('class="fig-poison"')
(3, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nimcore import graph as graphs
from nimcore.french import grouped, typeset
from nimcore.games.base import Game
from nimcore.graph import drawing, drawn
from nimcore.pictures.shapes import Sketch, label

__all__ = ["MAX_LATTICE", "chomp", "graph", "pawns", "sprouts", "wythoff"]

#: Wythoff's lattice is drawn square by square up to this heap; beyond, with lines every 5, 10…
MAX_LATTICE = 12
#: Beyond this heap, the lattice is not drawn: the queen's place is written.
_MAX_PLOTTED = 10**6
_PLOT = 200.0


def _crown(cx: float, cy: float, size: float) -> str:
    """The queen: a crown centred on (cx, cy)."""
    h, w = size / 2, size / 2
    points = [
        (cx - w, cy + h * 0.7),
        (cx - w, cy - h * 0.6),
        (cx - w / 2, cy),
        (cx, cy - h * 0.8),
        (cx + w / 2, cy),
        (cx + w, cy - h * 0.6),
        (cx + w, cy + h * 0.7),
    ]
    text = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return f'<polygon class="fig-queen" points="{text}" fill="currentColor" stroke="currentColor"/>'


def _step(largest: int) -> int:
    """Lines of a coarse lattice: every 5, 10, 20, 50, 100… so that at most ten are drawn.

    >>> _step(40), _step(100), _step(999)
    (5, 10, 100)
    """
    steps: list[int] = sorted(base * 10**power for power in range(8) for base in (1, 2, 5))
    return next(step for step in steps if step >= 5 and largest <= 10 * step)


def wythoff(game: Game[Any, Any], position: tuple[int, int], options: Any) -> Sketch:
    """The lattice of positions, heap 1 to the right and heap 2 upwards, the queen on (a, b).

    >>> from nimcore import games
    >>> "fig-queen" in wythoff(games.get("wythoff"), (5, 8), {}).body
    True
    """
    a, b = position
    reading = (
        f"Le quadrillage des positions : le tas 1 se lit vers la droite, le tas 2 vers le haut ;"
        f" la dame est en ({grouped(a)}, {grouped(b)}). Elle va vers la gauche, vers le bas ou en"
        " diagonale vers le bas et la gauche ; le coin (0, 0), entouré, est l'arrivée."
    )
    largest = max(a, b)
    if largest > _MAX_PLOTTED:
        body = label(4, 16, f"La dame est en ({grouped(a)}, {grouped(b)}).", size=13)
        return Sketch(
            max(220.0, 9.0 * (len(grouped(a)) + len(grouped(b))) + 120), 32, body, typeset(reading)
        )
    left, bottom, top = 28.0, 24.0, 18.0
    parts: list[str] = []
    if largest <= MAX_LATTICE:
        side = max(largest, 4) + 1
        cell = min(20.0, _PLOT / side)
        size = side * cell
        for x in range(side):
            for y in range(side):
                parts.append(
                    f'<rect class="fig-cell" x="{left + x * cell:g}" y="{top + size - (y + 1) * cell:g}" '
                    f'width="{cell:g}" height="{cell:g}" fill="none" stroke="currentColor" '
                    f'stroke-opacity="0.45" stroke-width="0.8"/>'
                )
        every = 1 if cell >= 14 else 5
        for value in range(0, side, every):
            centre = (value + 0.5) * cell
            parts.append(
                label(left + centre, top + size + 12, value, size=9, anchor="middle", muted=True)
            )
            parts.append(
                label(left - 5, top + size - centre, value, size=9, anchor="end", muted=True)
            )

        def at(x: int, y: int) -> tuple[float, float]:
            return left + (x + 0.5) * cell, top + size - (y + 0.5) * cell

        goal = at(0, 0)
        parts.append(
            f'<circle class="fig-goal" cx="{goal[0]:g}" cy="{goal[1]:g}" r="{cell * 0.38:g}" '
            f'fill="none" stroke="currentColor" stroke-width="1.5"/>'
        )
        queen = at(a, b)
        parts.append(_crown(*queen, max(cell * 0.8, 10)))
    else:
        step = _step(largest)
        top_value = (largest // step + 1) * step
        scale = _PLOT / top_value
        size = _PLOT
        parts.append(
            f'<rect class="fig-cell" x="{left:g}" y="{top:g}" width="{size:g}" height="{size:g}" '
            f'fill="none" stroke="currentColor" stroke-width="1"/>'
        )
        for value in range(0, top_value + 1, step):
            offset = value * scale
            parts.append(
                f'<line class="fig-axis" x1="{left + offset:g}" y1="{top:g}" x2="{left + offset:g}" '
                f'y2="{top + size:g}" stroke="currentColor" stroke-opacity="0.35" stroke-width="0.8"/>'
                f'<line class="fig-axis" x1="{left:g}" y1="{top + size - offset:g}" x2="{left + size:g}" '
                f'y2="{top + size - offset:g}" stroke="currentColor" stroke-opacity="0.35" stroke-width="0.8"/>'
            )
            parts.append(
                label(left + offset, top + size + 12, value, size=9, anchor="middle", muted=True)
            )
            parts.append(
                label(left - 5, top + size - offset, value, size=9, anchor="end", muted=True)
            )
        parts.append(
            f'<circle class="fig-goal" cx="{left:g}" cy="{top + size:g}" r="6" fill="none" '
            f'stroke="currentColor" stroke-width="1.5"/>'
        )
        queen = (left + a * scale, top + size - b * scale)
        parts.append(_crown(*queen, 18))
    parts.append(label(queen[0] + 10, queen[1] - 12, f"({a}, {b})", size=14, bold=True))
    width = left + size + 70
    return Sketch(width, top + size + bottom, "".join(parts), typeset(reading))


def chomp(game: Game[Any, Any], position: Sequence[int], options: Any) -> Sketch:
    """The chocolate bar, the poisoned row at the bottom, the poisoned square crossed out.

    Rows are numbered from the bottom (the poisoned row is row 1), columns
    from the left, as the moves' words count them.
    """
    rows = tuple(position)
    cell, left, bottom, top = 22.0, 22.0, 18.0, 4.0
    height = len(rows) * cell
    parts: list[str] = []
    for row, length in enumerate(rows):
        y = top + height - (row + 1) * cell
        for column in range(length):
            x = left + column * cell
            if row == 0 and column == 0:
                parts.append(
                    f'<g class="fig-poison"><rect x="{x:g}" y="{y:g}" width="{cell:g}" height="{cell:g}" '
                    f'fill="currentColor" fill-opacity="0.25" stroke="currentColor" stroke-width="1.5"/>'
                    f'<path d="M{x + 5:g} {y + 5:g} L{x + cell - 5:g} {y + cell - 5:g} M{x + cell - 5:g} '
                    f'{y + 5:g} L{x + 5:g} {y + cell - 5:g}" stroke="currentColor" stroke-width="2"/></g>'
                )
            else:
                parts.append(
                    f'<rect class="fig-square" x="{x + 1:g}" y="{y + 1:g}" width="{cell - 2:g}" '
                    f'height="{cell - 2:g}" rx="2" fill="none" stroke="currentColor" stroke-width="1.5"/>'
                )
        parts.append(label(left - 6, y + cell / 2, row + 1, size=9, anchor="end", muted=True))
    for column in range(rows[0]):
        parts.append(
            label(
                left + (column + 0.5) * cell,
                top + height + 10,
                column + 1,
                size=9,
                anchor="middle",
                muted=True,
            )
        )
    reading = (
        "La tablette vue de dessus, la rangée empoisonnée en bas ; les lignes sont numérotées"
        " depuis le bas, les colonnes depuis la gauche ; le carré empoisonné, barré d'une croix,"
        " est en bas à gauche."
    )
    return Sketch(
        left + rows[0] * cell + 6, top + height + bottom, "".join(parts), typeset(reading)
    )


def _badge(x: float, y: float, text: str, size: float = 10) -> str:
    """A token (or pawns sharing a place) as a ringed label: the token's number."""
    height = size * 1.7
    width = max(height, size * 0.8 + 0.65 * size * len(text))
    return (
        f'<g class="fig-piece"><rect x="{x - width / 2:g}" y="{y - height / 2:g}" width="{width:g}" '
        f'height="{height:g}" rx="{height / 2:g}" fill="none" stroke="currentColor" stroke-width="2.2"/>'
        + label(x, y, text, size=size, anchor="middle", bold=True)
        + "</g>"
    )


def _numbers(indices: Sequence[int]) -> str:
    """The numbers of the pieces on one place: « 1 », « 1,2 », or « ×5 » for many."""
    if len(indices) <= 3:
        return ",".join(str(index + 1) for index in indices)
    return f"×{len(indices)}"


def pawns(game: Game[Any, Any], position: Sequence[Any], options: Any) -> Sketch:
    """Delahaye's board: its cells numbered as the moves count them, each pawn ringed with its number,
    the bottom-right cell (where every pawn ends) doubly framed.

    >>> from nimcore import games
    >>> entry = games.get("pawns")
    >>> start, options = entry.decode("5-11-21-31-41-51")
    >>> pawns(entry, start, options).body.count('class="fig-piece"')
    5
    """
    size = options["size"]
    cell, left, top = 30.0, 22.0, 18.0
    parts: list[str] = []
    for row in range(size):
        for column in range(size):
            x, y = left + column * cell, top + row * cell
            parts.append(
                f'<rect class="fig-cell" x="{x:g}" y="{y:g}" width="{cell:g}" height="{cell:g}" '
                f'fill="none" stroke="currentColor" stroke-opacity="0.6" stroke-width="1"/>'
            )
    end = left + (size - 1) * cell
    last = top + (size - 1) * cell
    parts.append(
        f'<rect class="fig-goal" x="{end + 3:g}" y="{last + 3:g}" width="{cell - 6:g}" height="{cell - 6:g}" '
        f'fill="none" stroke="currentColor" stroke-width="1.5"/>'
    )
    for index in range(size):
        parts.append(
            label(
                left - 6, top + (index + 0.5) * cell, index + 1, size=12, anchor="end", muted=True
            )
        )
        parts.append(
            label(
                left + (index + 0.5) * cell,
                top - 9,
                index + 1,
                size=12,
                anchor="middle",
                muted=True,
            )
        )
    places: dict[Any, list[int]] = {}
    for index, cell_of in enumerate(position):
        places.setdefault(tuple(cell_of), []).append(index)
    for (row, column), indices in places.items():
        parts.append(
            _badge(left + (column + 0.5) * cell, top + (row + 0.5) * cell, _numbers(indices))
        )
    reading = (
        "Le damier, lignes numérotées depuis le haut et colonnes depuis la gauche ; chaque pion est"
        " un anneau qui porte son numéro ; la case d'arrivée, en bas à droite, est doublement encadrée."
    )
    return Sketch(left + size * cell + 6, top + size * cell + 6, "".join(parts), typeset(reading))


def graph(game: Game[Any, Any], position: Sequence[Any], options: Any) -> Sketch:
    """The graph with its arcs, each vertex named, each token ringed with its number beside its vertex.

    >>> from nimcore import games
    >>> entry = games.get("graph")
    >>> options = entry.read_options({"graph": "exemple"})
    >>> graph(entry, ("b", "c"), options).body.count('class="fig-piece"')
    2
    """
    name = options["graph"]
    if name in graphs.EXAMPLES:
        worked = graphs.worked_graph(name)
        checked = worked.graph
        places = drawing.layered(checked, worked.columns)
    else:
        drawn_graph = drawn.parse_drawn(name)
        checked = drawn_graph.graph
        low_x = min(x for x, _ in drawn_graph.place.values())
        low_y = min(y for _, y in drawn_graph.place.values())
        places = {
            vertex: (x - low_x + drawing.MARGIN, y - low_y + drawing.MARGIN)
            for vertex, (x, y) in drawn_graph.place.items()
        }
    laid = drawing.draw(checked, places)
    parts = [
        f'<path class="fig-edge" d="{curve}" fill="none" stroke="currentColor"/>'
        f'<path class="fig-edge" d="{head}" fill="none" stroke="currentColor"/>'
        for _, _, curve, head in laid.arcs
    ]
    held: dict[Any, list[int]] = {}
    for index, vertex in enumerate(position):
        held.setdefault(vertex, []).append(index)
    for vertex in checked.vertices:
        x, y = laid.place[vertex]
        occupied = vertex in held
        parts.append(
            f'<circle class="fig-node{" fig-occupied" if occupied else ""}" cx="{x:g}" cy="{y:g}" '
            f'r="{drawing.RADIUS:g}" fill="none" stroke="currentColor" stroke-width="{3 if occupied else 1.5}"/>'
        )
        parts.append(label(x, y, vertex, size=14, anchor="middle"))
        if occupied:
            bx, by = drawing.beside((x, y), laid.sides[vertex][0])
            parts.append(_badge(bx, by, _numbers(held[vertex])))
    reading = (
        "Chaque flèche va d'un sommet vers l'un de ses successeurs ; un jeton est un anneau qui porte"
        " son numéro, à côté de son sommet, dont le cercle est épaissi."
    )
    # A token's ring may stand out of the layout's margin: room on every side.
    body = f'<g transform="translate(12 8)">{"".join(parts)}</g>'
    return Sketch(laid.width + 28, laid.height + 16, body, typeset(reading))


def sprouts(game: Game[Any, Any], position: Any, options: Any) -> Sketch:
    """The drawing of sprouts as nimcore routes it: its curves, and its spots, each numbered,
    a spot with no life left drawn hollow.

    >>> from nimcore import games
    >>> entry = games.get("sprouts")
    >>> drawn_position, drawn_options = entry.decode("2,0-1")
    >>> body = sprouts(entry, drawn_position, drawn_options).body
    >>> body.count('class="fig-spot'), body.count('class="fig-edge"')
    (3, 1)
    """
    seen = game.drawing(position, options)
    scale, margin = 2.0, 16.0

    def at(point: Sequence[float]) -> str:
        return f"{margin + point[0] * scale:g},{margin + point[1] * scale:g}"

    parts = [
        f'<polyline class="fig-edge" points="{" ".join(at(point) for point in curve)}"'
        ' fill="none" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round"/>'
        for curve in seen["curves"]
    ]
    for spot in seen["spots"]:
        x, y = (margin + value * scale for value in spot["at"])
        living = spot["lives"] > 0
        parts.append(
            f'<circle class="fig-spot{"" if living else " fig-dead"}" cx="{x:g}" cy="{y:g}" r="7"'
            f' fill="{"currentColor" if living else "none"}" stroke="currentColor" stroke-width="2"/>'
        )
        parts.append(label(x + 9, y - 9, spot["spot"] + 1, size=12))
    reading = (
        "Chaque point porte son numéro ; un point plein peut encore recevoir un bout de courbe,"
        " un point creux n'a plus aucune vie."
    )
    side = 100 * scale + 2 * margin
    return Sketch(side, side, "".join(parts), typeset(reading))
