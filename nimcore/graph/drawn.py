"""A graph drawn by the reader in the laboratory: its vertices, their places, its arcs.

A drawn graph is written in one line, for an address a teacher can share: each
vertex by its name, its place between parentheses and, after a colon, its
successors; vertices are separated by semicolons::

    a(100,60):b,c;b(60,160):c;c(140,160)

A name is a lowercase letter followed by at most three lowercase letters or
digits. The place is optional (a vertex without one is put on a circle), and a
successor never written as a vertex becomes one: ``a:b,c;b:c`` is the same
graph, placed by nimcore. :func:`read_drawn` reads the editor's list of
vertices, :func:`parse_drawn` the line; both check the limits
(:data:`MAX_DRAWN_VERTICES`, :data:`MAX_DRAWN_ARCS`, places inside
:data:`CANVAS_WIDTH` × :data:`CANVAS_HEIGHT`) before any work, and refuse a
cycle by naming it (:func:`nimcore.graph.validate_graph`).

>>> drawn = parse_drawn("a(100,60):b,c;b(60,160):c;c(140,160)")
>>> drawn.code, dict(drawn.graph.grundy)
('a(100,60):b,c;b(60,160):c;c(140,160)', {'a': 2, 'b': 1, 'c': 0})
>>> parse_drawn(drawn.code).code == drawn.code
True
>>> parse_drawn("a:b;b:c;c:a")
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: Le graphe contient un circuit : a → b → c → a ; les jeux sur un graphe demandent un graphe sans circuit.
"""

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.graph.values import Graph, Vertex, validate_graph

__all__ = [
    "CANVAS_HEIGHT",
    "CANVAS_WIDTH",
    "MAX_DRAWN_ARCS",
    "MAX_DRAWN_VERTICES",
    "MAX_TEXT",
    "DrawnGraph",
    "parse_drawn",
    "read_drawn",
]

#: Most vertices of a drawn graph.
MAX_DRAWN_VERTICES = 20
#: Most arcs of a drawn graph.
MAX_DRAWN_ARCS = 60
#: The drawing's size: a place (x, y) has 0 ≤ x ≤ CANVAS_WIDTH and 0 ≤ y ≤ CANVAS_HEIGHT.
CANVAS_WIDTH, CANVAS_HEIGHT = 640, 400
#: Longest line read (an address).
MAX_TEXT = 1200

_NAME = re.compile(r"[a-z][a-z0-9]{0,3}", re.ASCII)
_ENTRY = re.compile(r"([a-z][a-z0-9]{0,3})(?:\((\d{1,4}),(\d{1,4})\))?(?::([a-z0-9,]*))?", re.ASCII)
_FORM = "comme « a(100,60):b,c » (un nom, sa place, puis ses successeurs)"

Place = tuple[int, int]


@dataclass(frozen=True, slots=True, eq=False)
class DrawnGraph:
    """A drawn graph, checked: ``graph`` (with its Grundy function) and each vertex's ``place``."""

    graph: Graph
    place: Mapping[Vertex, Place]

    @property
    def code(self) -> str:
        """The graph in one line, every vertex with its place: what an address holds."""
        entries = []
        for vertex in self.graph.vertices:
            x, y = self.place[vertex]
            targets = self.graph.successors[vertex]
            entries.append(
                f"{vertex}({x},{y})" + (":" + ",".join(map(str, targets)) if targets else "")
            )
        return ";".join(entries)

    def to_dict(self) -> dict[str, Any]:
        """The editor's view: each vertex's name, place, successors and Grundy value."""
        return {
            "code": self.code,
            "width": CANVAS_WIDTH,
            "height": CANVAS_HEIGHT,
            "vertices": [
                {
                    "name": vertex,
                    "x": self.place[vertex][0],
                    "y": self.place[vertex][1],
                    "successors": list(self.graph.successors[vertex]),
                    "value": self.graph.grundy[vertex],
                }
                for vertex in self.graph.vertices
            ],
        }


def _shown(text: str) -> str:
    return text if len(text) <= 30 else text[:30] + "…"


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        shown = _shown(name) if isinstance(name, str) else str(name)
        raise NimcoreError(
            typeset(
                f"« {shown} » n'est pas un nom de sommet : une lettre minuscule, suivie d'au plus"
                " trois lettres minuscules ou chiffres."
            )
        )
    return name


def _check_vertex_count(count: int) -> None:
    """Refuse a drawn graph of more than :data:`MAX_DRAWN_VERTICES` vertices, in French."""
    if count > MAX_DRAWN_VERTICES:
        raise NimcoreError(
            typeset(
                f"Trop de sommets : {count} ; un graphe dessiné en a au plus {MAX_DRAWN_VERTICES}."
            )
        )


def _build(
    names: Sequence[str], places: Mapping[str, Place], successors: Mapping[str, Sequence[str]]
) -> DrawnGraph:
    """Check the limits, place the vertices without a place, and validate the graph."""
    if not names:
        raise NimcoreError(typeset("Le graphe dessiné est vide : ajoutez au moins un sommet."))
    _check_vertex_count(len(names))
    arcs = sum(len(set(targets)) for targets in successors.values())
    if arcs > MAX_DRAWN_ARCS:
        raise NimcoreError(
            typeset(f"Trop de flèches : {arcs} ; un graphe dessiné en a au plus {MAX_DRAWN_ARCS}.")
        )
    for name, (x, y) in places.items():
        if not (0 <= x <= CANVAS_WIDTH and 0 <= y <= CANVAS_HEIGHT):
            raise NimcoreError(
                typeset(
                    f"La place de {name}, ({x}, {y}), sort du dessin : x va de 0 à"
                    f" {CANVAS_WIDTH} et y de 0 à {CANVAS_HEIGHT}."
                )
            )
    placed = dict(places)
    missing = [name for name in names if name not in placed]
    for index, name in enumerate(missing):
        angle = 2 * math.pi * index / len(missing) - math.pi / 2
        placed[name] = (
            round(CANVAS_WIDTH / 2 + 150 * math.cos(angle)),
            round(CANVAS_HEIGHT / 2 + 150 * math.sin(angle)),
        )
    checked = validate_graph({name: list(successors.get(name, ())) for name in names})
    return DrawnGraph(checked, MappingProxyType({name: placed[name] for name in names}))


def parse_drawn(text: object) -> DrawnGraph:
    """Read a drawn graph written in one line (see the module's docstring).

    >>> parse_drawn("a:b;b").code
    'a(320,50):b;b(320,350)'
    >>> parse_drawn("a(1,2);a(3,4)")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le sommet a est écrit deux fois.

    Spaces are ignored. Raises :class:`NimcoreError` in French for a line
    that is not of this form, a vertex written twice, a place outside the
    drawing, too many vertices or arcs, or a cycle. Cost: linear in the length
    of the line (at most :data:`MAX_TEXT` characters).
    """
    if not isinstance(text, str):
        raise NimcoreError(
            typeset(f"Un graphe s'écrit en une ligne {_FORM}, pas « {_shown(str(text))} ».")
        )
    if len(text) > MAX_TEXT:
        raise NimcoreError(
            typeset(f"Le graphe est écrit trop longuement : {MAX_TEXT} caractères au plus.")
        )
    line = re.sub(r"\s+", "", text)
    names: list[str] = []
    places: dict[str, Place] = {}
    successors: dict[str, list[str]] = {}
    for entry in line.split(";") if line else []:
        if not entry:
            continue
        match = _ENTRY.fullmatch(entry)
        if not match:
            raise NimcoreError(typeset(f"« {_shown(entry)} » ne se lit pas : écrivez {_FORM}."))
        name, x, y, targets = match.groups()
        if name in successors:
            raise NimcoreError(typeset(f"Le sommet {name} est écrit deux fois."))
        names.append(name)
        if x is not None and y is not None:
            places[name] = (int(x), int(y))
        successors[name] = [_check_name(target) for target in (targets or "").split(",") if target]
    for targets in list(successors.values()):
        for target in targets:
            if target not in successors:
                names.append(target)
                successors[target] = []
    return _build(names, places, successors)


def read_drawn(raw: object) -> DrawnGraph:
    """Read the editor's graph: a list of ``{"name", "x", "y", "successors"}``.

    >>> read_drawn([{"name": "a", "x": 10, "y": 20, "successors": ["b"]},
    ...             {"name": "b", "x": 90, "y": 20, "successors": []}]).code
    'a(10,20):b;b(90,20)'

    Raises :class:`NimcoreError` in French as :func:`parse_drawn` does, and for
    a successor that is not a vertex. Cost: linear in vertices + arcs.
    """
    if not isinstance(raw, list):
        raise NimcoreError(
            typeset(f"Le graphe dessiné est une liste de sommets, pas « {_shown(str(raw))} ».")
        )
    _check_vertex_count(len(raw))  # up front, before reading any vertex
    names: list[str] = []
    places: dict[str, Place] = {}
    successors: dict[str, list[str]] = {}
    for vertex in raw:
        if not isinstance(vertex, dict) or set(vertex) != {"name", "x", "y", "successors"}:
            raise NimcoreError(
                typeset(
                    f"Un sommet s'écrit {{name, x, y, successors}}, pas « {_shown(str(vertex))} »."
                )
            )
        name = _check_name(vertex["name"])
        if name in successors:
            raise NimcoreError(typeset(f"Le sommet {name} est écrit deux fois."))
        x, y, targets = vertex["x"], vertex["y"], vertex["successors"]
        if any(isinstance(z, bool) or not isinstance(z, int) for z in (x, y)):
            raise NimcoreError(
                typeset(
                    f"La place du sommet {name} s'écrit en nombres entiers, pas « ({x}, {y}) »."
                )
            )
        if not isinstance(targets, list) or len(targets) > MAX_DRAWN_VERTICES:
            raise NimcoreError(
                typeset(
                    f"Les successeurs du sommet {name} s'écrivent en liste, pas « {_shown(str(targets))} »."
                )
            )
        names.append(name)
        places[name] = (x, y)
        successors[name] = [_check_name(target) for target in targets]
    for name, targets in successors.items():
        for target in targets:
            if target not in successors:
                raise NimcoreError(
                    typeset(f"La flèche de {name} vers {target} mène à un sommet qui n'existe pas.")
                )
    return _build(names, places, successors)
