"""Placeholders of graphs and the Grundy function: Grundy-labelled graphs, the labelling
step by step, the board of tokens on a graph (with its drawing), sums of games and
Delahaye's pawn board.

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass

from nimcore import graph, subtraction
from nimcore.errors import NimcoreError
from site_hooks.svg import figure, grid, svg_document
from site_hooks.tables import (
    MacroError,
    boards,
    escape,
    html_table,
    integer,
    macro,
)
from site_hooks.tables.subtraction import read_rule


def _example(name: str) -> graph.WorkedGraph:
    """A worked graph of nimcore (successors and drawing columns), by name."""
    try:
        return graph.worked_graph(name)
    except NimcoreError:
        raise MacroError(f"name={name!r}: unknown graph ({', '.join(graph.EXAMPLES)})") from None


def _graph(name: str) -> graph.Graph:
    return _example(name).graph


def _names(vertices: Iterable[object]) -> str:
    return ", ".join(str(vertex) for vertex in vertices)


_UNIT_X, _UNIT_Y, _MARGIN, _RADIUS = 64.0, 60.0, 28.0, 15.0


#: Where a vertex's value may be written: right, left, then the four diagonals (SVG angles).
_LABEL_ANGLES = (0.0, math.pi, -math.pi / 4, -3 * math.pi / 4, math.pi / 4, 3 * math.pi / 4)


def _angular_gap(angle: float, others: list[float]) -> float:
    """The smallest angle between *angle* and the directions *others* (π when there are none)."""
    gaps = [abs((angle - other + math.pi) % (2 * math.pi) - math.pi) for other in others]
    return min(gaps, default=math.pi)


def _places(name: str, checked: graph.Graph) -> dict[graph.Vertex, tuple[float, float]]:
    """Where each vertex is drawn: a layered drawing, one row per height, columns from nimcore."""
    top = max(checked.height.values())
    columns = _example(name).columns
    return {
        vertex: (
            _MARGIN + columns[str(vertex)] * _UNIT_X,
            _MARGIN + (top - checked.height[vertex]) * _UNIT_Y,
        )
        for vertex in checked.vertices
    }


def _quadratic(
    start: tuple[float, float], control: tuple[float, float], end: tuple[float, float], t: float
) -> tuple[float, float]:
    a, b, c = (1 - t) ** 2, 2 * t * (1 - t), t**2
    return (
        a * start[0] + b * control[0] + c * end[0],
        a * start[1] + b * control[1] + c * end[1],
    )


def _control(
    start: tuple[float, float], end: tuple[float, float], others: list[tuple[float, float]]
) -> tuple[float, float]:
    """The control point of an arc: straight, unless it would cross another vertex."""
    (x1, y1), (x2, y2) = start, end
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    length = math.hypot(x2 - x1, y2 - y1)
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length

    def clearance(control: tuple[float, float]) -> float:
        samples = [_quadratic(start, control, end, step / 20) for step in range(2, 19)]
        return min(
            (math.hypot(px - ox, py - oy) for px, py in samples for ox, oy in others),
            default=math.inf,
        )

    best = (mx, my)
    if clearance(best) > 2 * _RADIUS:
        return best
    for bend in (20.0, -20.0, 35.0, -35.0, 50.0, -50.0):
        control = (mx + nx * bend, my + ny * bend)
        if clearance(control) > clearance(best):
            best = control
    return best


def _edge_paths(
    start: tuple[float, float], end: tuple[float, float], control: tuple[float, float]
) -> tuple[str, str]:
    """An arc's two SVG paths: the curve between the circles, and its open arrowhead."""
    (x1, y1), (x2, y2) = start, end
    ux, uy = control[0] - x1, control[1] - y1
    norm = math.hypot(ux, uy) or 1.0
    sx, sy = x1 + ux / norm * _RADIUS, y1 + uy / norm * _RADIUS
    vx, vy = x2 - control[0], y2 - control[1]
    norm = math.hypot(vx, vy) or 1.0
    vx, vy = vx / norm, vy / norm
    ex, ey = x2 - vx * _RADIUS, y2 - vy * _RADIUS
    head = 7.0
    left = (ex - head * (vx * 0.87 - vy * 0.5), ey - head * (vy * 0.87 + vx * 0.5))
    right = (ex - head * (vx * 0.87 + vy * 0.5), ey - head * (vy * 0.87 - vx * 0.5))
    return (
        f"M{sx:.1f} {sy:.1f} Q{control[0]:.1f} {control[1]:.1f} {ex:.1f} {ey:.1f}",
        f"M{left[0]:.1f} {left[1]:.1f} L{ex:.1f} {ey:.1f} L{right[0]:.1f} {right[1]:.1f}",
    )


@dataclass(frozen=True)
class _Drawing:
    """A worked graph laid out: the figure and the board draw from the same numbers."""

    checked: graph.Graph
    width: float
    height: float
    place: dict[object, tuple[float, float]]
    #: (source, target, curve path, arrowhead path) for every arc, in the order of the graph.
    arcs: list[tuple[object, object, str, str]]
    #: The two sides of each vertex farthest from its arcs: where its value goes, then a spare.
    sides: dict[object, tuple[float, float]]


def _drawing(name: str) -> _Drawing:
    checked = _graph(name)
    place = _places(name, checked)
    arcs = []
    directions: dict[object, list[float]] = {vertex: [] for vertex in checked.vertices}
    for vertex in checked.vertices:
        for target in checked.successors[vertex]:
            others = [place[other] for other in checked.vertices if other not in (vertex, target)]
            control = _control(place[vertex], place[target], others)
            arcs.append((vertex, target, *_edge_paths(place[vertex], place[target], control)))
            for end in (vertex, target):
                x, y = place[end]
                directions[end].append(math.atan2(control[1] - y, control[0] - x))
    width = max(x for x, _ in place.values()) + _MARGIN + 8
    height = max(y for _, y in place.values()) + _MARGIN
    sides = {}
    for vertex in checked.vertices:
        # max() keeps the first of equal gaps: the order of _LABEL_ANGLES breaks ties.
        first = max(_LABEL_ANGLES, key=lambda a: _angular_gap(a, directions[vertex]))
        # The spare side holds the board's token numbers ("1·2"): inside the drawing if it can.
        rest = [angle for angle in _LABEL_ANGLES if angle != first]
        inside = [
            angle
            for angle in rest
            if 14 <= _beside(place[vertex], angle)[0] <= width - 14
            and 8 <= _beside(place[vertex], angle)[1] <= height - 8
        ]
        second = max(inside or rest, key=lambda a: _angular_gap(a, directions[vertex] + [first]))
        sides[vertex] = (first, second)
    return _Drawing(
        checked=checked,
        width=width,
        height=height,
        place=place,
        arcs=arcs,
        sides=sides,
    )


def _beside(point: tuple[float, float], angle: float) -> tuple[float, float]:
    """Where a label goes: just outside a vertex's circle, in direction *angle*."""
    return (
        point[0] + (_RADIUS + 8) * math.cos(angle),
        point[1] + (_RADIUS + 8) * math.sin(angle),
    )


@macro("graph-grundy-figure")
def graph_grundy_figure(name: str) -> str:
    """A worked graph drawn in layers, each vertex with its Grundy value (the kernel shaded).

    ``<!-- nimcore:graph-grundy-figure name=exemple -->``
    """
    drawing = _drawing(name)
    checked, place = drawing.checked, drawing.place
    width, height = drawing.width, drawing.height
    parts = [
        f'<path class="fig-edge" d="{curve}"/><path class="fig-edge" d="{head}"/>'
        for _, _, curve, head in drawing.arcs
    ]
    for vertex in checked.vertices:
        x, y = place[vertex]
        value = checked.grundy[vertex]
        kind = "fig-node fig-p" if value == 0 else "fig-node"
        parts.append(f'<circle class="{kind}" cx="{x:g}" cy="{y:g}" r="{_RADIUS:g}"/>')
        parts.append(
            f'<text class="fig-label" x="{x:g}" y="{y:g}" dy="0.35em" text-anchor="middle" '
            f'font-size="14" font-style="italic">{escape(vertex)}</text>'
        )
        # The value goes on the side of the circle farthest from the arcs.
        lx, ly = _beside((x, y), drawing.sides[vertex][0])
        parts.append(
            f'<text class="fig-label" x="{lx:.1f}" y="{ly:.1f}" dy="0.35em" text-anchor="middle" '
            f'font-size="13" font-weight="bold">{value}</text>'
        )
    arcs = "; ".join(
        f"{vertex} vers {_names(checked.successors[vertex])}"
        for vertex in checked.vertices
        if checked.successors[vertex]
    )
    values = ", ".join(f"g({vertex}) = {checked.grundy[vertex]}" for vertex in checked.vertices)
    zeros = _names(graph.kernel(checked))
    svg = svg_document(
        width,
        height,
        "".join(parts),
        title=f"Un graphe sans circuit de {len(checked.vertices)} sommets et ses valeurs de Grundy",
        description=f"Arcs : {arcs}. Valeurs de Grundy : {values}. Sommets de valeur 0 : {zeros}.",
        display_width=width,
    )
    kernel = [str(vertex) for vertex in graph.kernel(checked)]
    listed = ", ".join(kernel[:-1]) + " et " + kernel[-1] if len(kernel) > 1 else kernel[0]
    caption = (
        f"Chaque sommet porte sa valeur de Grundy (en gras). Les sommets de valeur 0 "
        f"({listed}) sont colorés : ils forment le noyau du graphe."
    )
    return figure(svg, caption)


@macro("graph-grundy-steps")
def graph_grundy_steps(name: str) -> str:
    """The computation of the Grundy function, vertex by vertex, successors first.

    ``<!-- nimcore:graph-grundy-steps name=exemple -->``
    """
    checked = _graph(name)
    rows = [
        [
            step.vertex,
            "{" + _names(step.successors) + "}" if step.successors else "∅",
            "{" + _names(step.seen) + "}" if step.seen else "∅",
            step.value,
        ]
        for step in graph.grundy_steps(checked)
    ]
    zeros = graph.kernel(checked)
    if not (graph.is_independent(checked, zeros) and graph.is_absorbing(checked, zeros)):
        raise MacroError(f"name={name!r}: the zeros are not a kernel")
    return html_table(
        ["sommet x", "successeurs Γ(x)", "valeurs des successeurs", "g(x) = mex"],
        rows,
        caption="Calcul de la fonction de Grundy, chaque sommet après ses successeurs",
        css_class="nimcore-table grundy-steps",
        cell_classes=lambda row, column: "is-p" if column == 3 and rows[row][3] == 0 else "",
    )


def _board_data(name: str) -> dict[str, object]:
    """What the board needs to draw one worked graph and label it step by step, before the
    engine is ready: the layout, and the steps of the Grundy function, all from nimcore."""
    drawing = _drawing(name)
    checked = drawing.checked

    def point(xy: tuple[float, float]) -> list[float]:
        return [round(xy[0], 1), round(xy[1], 1)]

    return {
        "title": _example(name).title,
        "width": round(drawing.width, 1),
        "height": round(drawing.height, 1),
        "radius": _RADIUS,
        "vertices": [
            {
                "name": vertex,
                "at": point(drawing.place[vertex]),
                "label": point(_beside(drawing.place[vertex], drawing.sides[vertex][0])),
                "badge": point(_beside(drawing.place[vertex], drawing.sides[vertex][1])),
                "successors": list(checked.successors[vertex]),
            }
            for vertex in checked.vertices
        ],
        "arcs": [
            {"source": source, "target": target, "curve": curve, "head": head}
            for source, target, curve, head in drawing.arcs
        ],
        "steps": [step.to_dict() for step in graph.grundy_steps(checked)],
        "labelling": graph.labelling_texts(checked),
        "arcs_text": graph.arcs_text(checked),
    }


@macro("graph-board")
def graph_board(name: str, tokens: str) -> str:
    """The « Jeton sur un graphe » board (docs/javascripts/boards/graphe.js), tokens on a worked graph.

    ``<!-- nimcore:graph-board name=exemple tokens=b,c -->``

    A board of the game "graph" (site_hooks/tables/boards.py) whose element also carries
    every worked graph of nimcore (layout, Grundy steps and their sentences), so the board
    is drawn and the labelling works before the engine is ready; a page or an address only
    ever names one of these graphs.
    """
    _graph(name)
    code = "-".join([name, *(part for part in tokens.split(",") if part)])
    data = {example: _board_data(example) for example in graph.EXAMPLES}
    graphs = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    kind = boards.BOARD_PLACEHOLDERS["graph-board"]
    return boards.board_element(kind, "graph", code, {"key": kind, "graphs": graphs})


@macro("sum-grundy-table")
def sum_grundy_table(left: str, right: str, count: str) -> str:
    """Grundy values of the sum of two one-heap subtraction games, by the mex on the sum graph.

    The cartesian sum is built from its definition (a move plays in exactly one
    heap) and nimcore.graph computes its Grundy function; the headers give the
    values of each heap alone, so the reader can check g(x, y) = g(x) ⊕ g(y).

    ``<!-- nimcore:sum-grundy-table left=1,2,3 right=1,3,4 count=8 -->``
    """
    first, second = read_rule(left), read_rule(right)
    size = integer(count, "count")
    if not 1 <= size <= 16:
        raise MacroError(f"count={count!r}: between 1 and 16 expected")
    successors = {
        (x, y): [(x - s, y) for s in first.amounts_from(x)]
        + [(x, y - t) for t in second.amounts_from(y)]
        for x in range(size)
        for y in range(size)
    }
    values = graph.grundy_values(successors)
    along = subtraction.grundy_sequence(first, size)
    across = subtraction.grundy_sequence(second, size)
    for (x, y), value in ((cell, values[cell]) for cell in successors):
        if value != along[x] ^ across[y]:
            raise MacroError(f"g({x}, {y}) = {value} is not {along[x]} ⊕ {across[y]}")
    rows: list[list[object]] = [["g(y)", "", *across]]
    rows += [[f"x = {x}", along[x], *(values[(x, y)] for y in range(size))] for x in range(size)]
    return html_table(
        ["", "g(x)", *(f"y = {y}" for y in range(size))],
        rows,
        caption=(
            f"Somme de deux tas (tas de x : {first.text} ; tas de y : {second.text}) : "
            f"valeurs g(x, y) calculées par la règle du mex sur le graphe de la somme, "
            f"à comparer aux valeurs g(x) et g(y) de chaque tas seul"
        ),
        css_class="nimcore-table sum-grundy",
        cell_classes=lambda row, column: (
            "is-p" if row and column >= 2 and rows[row][column] == 0 else ""
        ),
    )


def _cells(pawns: str, size: int) -> list[tuple[int, int]]:
    cells = []
    for part in pawns.split(","):
        row, sep, column = part.partition("-")
        if not sep:
            raise MacroError(f"pawns={pawns!r}: cells are written row-column, from 1")
        cells.append((integer(row, "pawns") - 1, integer(column, "pawns") - 1))
    return list(graph.validate_pawns(cells, size))


@macro("pawn-board-grundy")
def pawn_board_grundy(size: str = "5") -> str:
    """Delahaye's board: the Grundy value of each cell (zeros shaded).

    ``<!-- nimcore:pawn-board-grundy size=5 -->``
    """
    side = integer(size, "size")
    values = graph.pawn_board_grundy(side)
    svg = grid(
        side,
        side,
        label=lambda row, column: str(values[row][column]),
        css_class=lambda row, column: "fig-p" if values[row][column] == 0 else "",
        cell=40,
        title=f"Valeurs de Grundy des cases du damier {side}×{side}",
        description=" ; ".join(
            f"ligne {row + 1} : {', '.join(map(str, values[row]))}" for row in range(side)
        )
        + ". Les pions vont vers la droite ou vers le bas ; la case en bas à droite vaut 0.",
        row_labels=[str(row + 1) for row in range(side)],
        column_labels=[str(column + 1) for column in range(side)],
        display_width=40 * (side + 1),
    )
    left = ", ".join(str(values[row][0]) for row in range(side))
    caption = (
        f"Valeur de Grundy de chaque case (lignes numérotées de haut en bas, colonnes de "
        f"gauche à droite) ; les cases de valeur 0 sont colorées. Colonne de gauche : {left}."
    )
    return figure(svg, caption)


@macro("pawn-board-position")
def pawn_board_position(pawns: str, size: str = "5") -> str:
    """Pawns on Delahaye's board: their values, the nim-sum and every winning move.

    ``<!-- nimcore:pawn-board-position pawns=1-1,2-1,3-1,4-1,5-1 -->``
    """
    side = integer(size, "size")
    cells = _cells(pawns, side)
    analysis = graph.analyse_pawns(cells, side)
    rows = [
        [f"pion {index + 1}", f"ligne {row + 1}, colonne {column + 1}", value]
        for index, ((row, column), value) in enumerate(
            zip(cells, analysis.token_nimbers, strict=True)
        )
    ]
    rows.append(["somme de Nim", "", analysis.nimber])
    table = html_table(
        ["pion", "case", "valeur de Grundy"],
        rows,
        caption="Les pions, la valeur de leur case et la somme de Nim de ces valeurs",
        css_class="nimcore-table pawn-position",
        cell_classes=lambda row, column: (
            "is-p" if row == len(cells) and column == 2 and analysis.nimber == 0 else ""
        ),
    )
    if not analysis.winning_moves:
        note = "La somme de Nim est nulle : la position est perdante pour le joueur qui doit jouer."
        return f'{table}\n<p class="nimcore-note">{escape(note)}</p>'
    board = graph.pawn_board(side)
    moves = [
        [
            move.text[0].upper() + move.text[1:],
            f"{board.grundy[move.source]} → {board.grundy[move.target]}",
        ]
        for move in analysis.winning_moves
    ]
    winning = html_table(
        ["coup gagnant", "valeur du pion déplacé"],
        moves,
        caption=f"Les {len(moves)} coups qui ramènent la somme de Nim à 0",
        css_class="nimcore-table pawn-moves",
        row_header=False,
    )
    return f"{table}\n{winning}"
