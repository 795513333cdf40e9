"""A graph without cycles laid out for a figure or a board: curved arcs, arrowheads, label places.

The vertices' places are given (a layered drawing of a worked graph, or where
the reader put them in the laboratory); this module draws the arcs between the
circles, bends an arc that would cross another vertex, and chooses on which
side of each circle its Grundy value and a board's token numbers are written.
The build hooks and the laboratory read the same numbers, so a worked graph
and a drawn one look alike.

>>> from nimcore.graph.values import validate_graph
>>> drawing = draw(validate_graph({"a": ["b"], "b": []}), {"a": (28.0, 28.0), "b": (28.0, 88.0)})
>>> drawing.arcs[0][2]
'M28.0 43.0 Q28.0 58.0 28.0 73.0'
"""

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nimcore.graph.tokens import arcs_text, labelling_texts
from nimcore.graph.values import Graph, Vertex, grundy_steps

__all__ = [
    "MARGIN",
    "RADIUS",
    "UNIT_X",
    "UNIT_Y",
    "Drawing",
    "beside",
    "board_data",
    "draw",
    "layered",
]

#: Radius of a vertex's circle, and the margin around the drawing.
RADIUS, MARGIN = 15.0, 28.0
#: The spacing of a layered drawing's columns and rows (:func:`layered`).
UNIT_X, UNIT_Y = 64.0, 60.0

Point = tuple[float, float]

#: Where a vertex's value may be written: right, left, then the four diagonals (SVG angles).
_LABEL_ANGLES = (0.0, math.pi, -math.pi / 4, -3 * math.pi / 4, math.pi / 4, 3 * math.pi / 4)


def _angular_gap(angle: float, others: list[float]) -> float:
    """The smallest angle between *angle* and the directions *others* (π when there are none)."""
    gaps = [abs((angle - other + math.pi) % (2 * math.pi) - math.pi) for other in others]
    return min(gaps, default=math.pi)


def _quadratic(start: Point, control: Point, end: Point, t: float) -> Point:
    a, b, c = (1 - t) ** 2, 2 * t * (1 - t), t**2
    return (
        a * start[0] + b * control[0] + c * end[0],
        a * start[1] + b * control[1] + c * end[1],
    )


def _control(start: Point, end: Point, others: list[Point]) -> Point:
    """The control point of an arc: straight, unless it would cross another vertex."""
    (x1, y1), (x2, y2) = start, end
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length

    def clearance(control: Point) -> float:
        samples = [_quadratic(start, control, end, step / 20) for step in range(2, 19)]
        return min(
            (math.hypot(px - ox, py - oy) for px, py in samples for ox, oy in others),
            default=math.inf,
        )

    best = (mx, my)
    if clearance(best) > 2 * RADIUS:
        return best
    for bend in (20.0, -20.0, 35.0, -35.0, 50.0, -50.0):
        control = (mx + nx * bend, my + ny * bend)
        if clearance(control) > clearance(best):
            best = control
    return best


def _edge_paths(start: Point, end: Point, control: Point) -> tuple[str, str]:
    """An arc's two SVG paths: the curve between the circles, and its open arrowhead."""
    (x1, y1), (x2, y2) = start, end
    ux, uy = control[0] - x1, control[1] - y1
    norm = math.hypot(ux, uy) or 1.0
    sx, sy = x1 + ux / norm * RADIUS, y1 + uy / norm * RADIUS
    vx, vy = x2 - control[0], y2 - control[1]
    norm = math.hypot(vx, vy) or 1.0
    vx, vy = vx / norm, vy / norm
    ex, ey = x2 - vx * RADIUS, y2 - vy * RADIUS
    head = 7.0
    left = (ex - head * (vx * 0.87 - vy * 0.5), ey - head * (vy * 0.87 + vx * 0.5))
    right = (ex - head * (vx * 0.87 + vy * 0.5), ey - head * (vy * 0.87 - vx * 0.5))
    return (
        f"M{sx:.1f} {sy:.1f} Q{control[0]:.1f} {control[1]:.1f} {ex:.1f} {ey:.1f}",
        f"M{left[0]:.1f} {left[1]:.1f} L{ex:.1f} {ey:.1f} L{right[0]:.1f} {right[1]:.1f}",
    )


def beside(point: Point, angle: float) -> Point:
    """Where a label goes: just outside a vertex's circle, in direction *angle*."""
    return (
        point[0] + (RADIUS + 8) * math.cos(angle),
        point[1] + (RADIUS + 8) * math.sin(angle),
    )


@dataclass(frozen=True)
class Drawing:
    """A graph laid out: a figure and a board draw from the same numbers."""

    checked: Graph
    width: float
    height: float
    place: Mapping[Vertex, Point]
    #: (source, target, curve path, arrowhead path) for every arc, in the order of the graph.
    arcs: list[tuple[Vertex, Vertex, str, str]]
    #: The two sides of each vertex farthest from its arcs: where its value goes, then a spare.
    sides: dict[Vertex, tuple[float, float]]


def layered(checked: Graph, columns: Mapping[str, float]) -> dict[Vertex, Point]:
    """Where each vertex of a worked graph is drawn: one row per height (the highest on top).

    *columns* gives each vertex's column (:attr:`nimcore.graph.WorkedGraph.columns`);
    the figures of the chapters, the board and the pictures of positions all
    place a worked graph here.

    >>> from nimcore.graph.values import validate_graph
    >>> layered(validate_graph({"a": ["b"], "b": []}), {"a": 0, "b": 1})
    {'a': (28.0, 28.0), 'b': (92.0, 88.0)}
    """
    top = max(checked.height.values())
    return {
        vertex: (
            MARGIN + columns[str(vertex)] * UNIT_X,
            MARGIN + (top - checked.height[vertex]) * UNIT_Y,
        )
        for vertex in checked.vertices
    }


def draw(checked: Graph, place: Mapping[Vertex, Point]) -> Drawing:
    """Lay out *checked* with its vertices at *place* (every vertex's centre).

    The drawing's width and height reach the farthest centre plus :data:`MARGIN`.
    Cost: for each arc, a few samples against every other vertex.
    """
    arcs = []
    directions: dict[Vertex, list[float]] = {vertex: [] for vertex in checked.vertices}
    for vertex in checked.vertices:
        for target in checked.successors[vertex]:
            others = [place[other] for other in checked.vertices if other not in (vertex, target)]
            control = _control(place[vertex], place[target], others)
            arcs.append((vertex, target, *_edge_paths(place[vertex], place[target], control)))
            for end in (vertex, target):
                x, y = place[end]
                directions[end].append(math.atan2(control[1] - y, control[0] - x))
    width = max(x for x, _ in place.values()) + MARGIN + 8
    height = max(y for _, y in place.values()) + MARGIN
    sides = {}
    for vertex in checked.vertices:
        # max() keeps the first of equal gaps: the order of _LABEL_ANGLES breaks ties.
        first = max(_LABEL_ANGLES, key=lambda a: _angular_gap(a, directions[vertex]))
        # The spare side holds the board's token numbers ("1·2"): inside the drawing if it can.
        rest = [angle for angle in _LABEL_ANGLES if angle != first]
        inside = [
            angle
            for angle in rest
            if 14 <= beside(place[vertex], angle)[0] <= width - 14
            and 8 <= beside(place[vertex], angle)[1] <= height - 8
        ]
        second = max(inside or rest, key=lambda a: _angular_gap(a, directions[vertex] + [first]))
        sides[vertex] = (first, second)
    return Drawing(checked, width, height, place, arcs, sides)


def board_data(title: str, drawing: Drawing) -> dict[str, Any]:
    """What the board of tokens on a graph (graph.js) needs to draw *drawing* and label it
    step by step before asking the engine: the layout, and the steps of the Grundy function."""
    checked = drawing.checked

    def point(xy: Point) -> list[float]:
        return [round(xy[0], 1), round(xy[1], 1)]

    return {
        "title": title,
        "width": round(drawing.width, 1),
        "height": round(drawing.height, 1),
        "radius": RADIUS,
        "vertices": [
            {
                "name": vertex,
                "at": point(drawing.place[vertex]),
                "label": point(beside(drawing.place[vertex], drawing.sides[vertex][0])),
                "badge": point(beside(drawing.place[vertex], drawing.sides[vertex][1])),
                "successors": list(checked.successors[vertex]),
            }
            for vertex in checked.vertices
        ],
        "arcs": [
            {"source": source, "target": target, "curve": curve, "head": head}
            for source, target, curve, head in drawing.arcs
        ],
        "steps": [step.to_dict() for step in grundy_steps(checked)],
        "labelling": labelling_texts(checked),
        "arcs_text": arcs_text(checked),
    }
