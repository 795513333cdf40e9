"""A finite graph without cycles: its checks, its Grundy function, its kernel, and the labelling step by step."""

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.nimsum import mex

#: Largest number of vertices accepted (the Grundy function stays under a second).
MAX_VERTICES = 200_000
#: Largest number of arcs accepted.
MAX_EDGES = 1_000_000
#: Largest number of tokens (or pawns) on the graph.
MAX_TOKENS = 1000
#: Largest side of the pawn board.
MAX_BOARD_SIZE = 100

Outcome = Literal["P", "N"]
Vertex = Hashable
Cell = tuple[int, int]
# A graph is given as a mapping from each vertex to its successors. Its key type
# is left open (Any): Mapping is invariant in its keys, so a dict[str, …] or a
# dict[Cell, …] would not be a Mapping[Hashable, …].


@dataclass(frozen=True, slots=True, eq=False)
class Graph:
    """A validated graph without cycles, with its Grundy function.

    ``vertices`` keeps the order of the mapping given, ``successors`` maps each
    vertex to its successors (repeated arcs merged), ``order`` lists the vertices
    in reverse topological order (every vertex after all its successors),
    ``grundy`` maps each vertex to its Grundy value and ``height`` to the length
    of the longest path from it to a vertex without successor. The mappings are
    read-only. Build it with :func:`validate_graph`.
    """

    vertices: tuple[Vertex, ...]
    successors: Mapping[Vertex, tuple[Vertex, ...]]
    order: tuple[Vertex, ...]
    grundy: Mapping[Vertex, int]
    height: Mapping[Vertex, int]

    @property
    def edge_count(self) -> int:
        """Number of arcs."""
        return sum(len(targets) for targets in self.successors.values())


def _name(vertex: Vertex) -> str:
    """A vertex as a reader reads it: a cell (row, column) counted from 1, else as written."""
    if isinstance(vertex, tuple) and len(vertex) == 2 and all(isinstance(x, int) for x in vertex):
        return f"ligne {vertex[0] + 1}, colonne {vertex[1] + 1}"
    return str(vertex)


def _json(vertex: Vertex) -> Any:
    """A vertex in JSON: tuples become lists; str and int stay."""
    if isinstance(vertex, tuple):
        return [_json(part) for part in vertex]
    return vertex


def validate_graph(successors: Mapping[Any, Iterable[Any]] | Graph) -> Graph:
    """Check a successor mapping ``{vertex: [successors]}`` and compute its Grundy function.

    >>> graph = validate_graph({"a": ["b", "c"], "b": ["c"], "c": []})
    >>> dict(graph.grundy)
    {'a': 2, 'b': 1, 'c': 0}
    >>> validate_graph({"a": ["b"], "b": ["a"]})
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le graphe contient un circuit : a → b → a ; les jeux sur un graphe demandent un graphe sans circuit.
    >>> validate_graph({"a": ["z"]})
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le sommet « a » a pour successeur « z », qui n'est pas un sommet du graphe (chaque sommet doit figurer comme clé, avec [] s'il n'a pas de successeur).

    Every vertex must be a key of the mapping (with ``[]`` when it has no
    successor), its successors a list, tuple or set; repeated arcs count once.
    A :class:`Graph` is returned as is.
    Cost: linear in vertices + arcs; no recursion, so a path of 10**5 vertices
    is fine.
    """
    if isinstance(successors, Graph):
        return successors
    if not isinstance(successors, Mapping):
        raise NimcoreError(
            typeset(f"Un graphe s'écrit {{sommet: [successeurs]}}, pas « {successors} ».")
        )
    if not successors:
        raise NimcoreError(typeset("Le graphe doit avoir au moins un sommet."))
    if len(successors) > MAX_VERTICES:
        raise NimcoreError(
            typeset(
                f"Trop de sommets : {len(successors)} ; la limite est de {MAX_VERTICES} sommets."
            )
        )
    table: dict[Vertex, tuple[Vertex, ...]] = {}
    edges = 0
    for vertex, targets in successors.items():
        if not isinstance(targets, (list, tuple, set, frozenset)):
            raise NimcoreError(
                typeset(
                    f"Les successeurs du sommet « {vertex} » s'écrivent en liste, pas « {targets} »."
                )
            )
        for target in targets:
            try:
                known = target in successors
            except TypeError:
                known = False
            if not known:
                raise NimcoreError(
                    typeset(
                        f"Le sommet « {vertex} » a pour successeur « {target} », qui n'est pas un"
                        " sommet du graphe (chaque sommet doit figurer comme clé, avec [] s'il"
                        " n'a pas de successeur)."
                    )
                )
        merged = tuple(dict.fromkeys(targets))
        edges += len(merged)
        if edges > MAX_EDGES:
            raise NimcoreError(
                typeset(f"Trop d'arcs : plus de {MAX_EDGES} ; la limite est de {MAX_EDGES} arcs.")
            )
        table[vertex] = merged
    order = _reverse_topological_order(table)
    grundy: dict[Vertex, int] = {}
    height: dict[Vertex, int] = {}
    for vertex in order:
        targets = table[vertex]
        if targets:
            grundy[vertex] = mex([grundy[target] for target in targets])
            height[vertex] = 1 + max([height[target] for target in targets])
        else:
            grundy[vertex] = height[vertex] = 0
    return Graph(
        vertices=tuple(table),
        successors=MappingProxyType(table),
        order=order,
        grundy=MappingProxyType({vertex: grundy[vertex] for vertex in table}),
        height=MappingProxyType({vertex: height[vertex] for vertex in table}),
    )


def _reverse_topological_order(table: Mapping[Vertex, tuple[Vertex, ...]]) -> tuple[Vertex, ...]:
    """Vertices sinks first (Kahn's algorithm on out-degrees), or NimcoreError naming a cycle."""
    predecessors: dict[Vertex, list[Vertex]] = {vertex: [] for vertex in table}
    remaining = {}
    for vertex, targets in table.items():
        remaining[vertex] = len(targets)
        for target in targets:
            predecessors[target].append(vertex)
    ready = [vertex for vertex, count in remaining.items() if count == 0]
    order: list[Vertex] = []
    while ready:
        vertex = ready.pop()
        order.append(vertex)
        for source in predecessors[vertex]:
            remaining[source] -= 1
            if remaining[source] == 0:
                ready.append(source)
    if len(order) < len(table):
        # Every vertex left has a successor left: walk until a vertex repeats.
        left = {vertex for vertex, count in remaining.items() if count > 0}
        start = next(vertex for vertex in table if vertex in left)
        path, seen = [start], {start: 0}
        while True:
            following = next(target for target in table[path[-1]] if target in left)
            if following in seen:
                cycle = path[seen[following] :] + [following]
                break
            seen[following] = len(path)
            path.append(following)
        shown = " → ".join(_name(vertex) for vertex in cycle[:12])
        if len(cycle) > 12:
            shown += " → …"
        raise NimcoreError(
            typeset(
                f"Le graphe contient un circuit : {shown} ; les jeux sur un graphe demandent"
                " un graphe sans circuit."
            )
        )
    return tuple(order)


def grundy_values(graph: Mapping[Any, Iterable[Any]] | Graph) -> dict[Vertex, int]:
    """Return the Grundy value of every vertex (rule of the mex, sinks first).

    >>> grundy_values({0: [1, 2], 1: [2], 2: [3], 3: []})
    {0: 2, 1: 0, 2: 1, 3: 0}

    Computed iteratively in reverse topological order. Raises
    :class:`NimcoreError` on an invalid graph. Cost: linear in vertices + arcs.
    """
    return dict(validate_graph(graph).grundy)


def kernel(graph: Mapping[Any, Iterable[Any]] | Graph) -> tuple[Vertex, ...]:
    """Return the kernel: the vertices of Grundy value 0, in the order of the graph.

    >>> kernel({0: [1, 2], 1: [2], 2: [3], 3: []})
    (1, 3)

    It is independent and absorbing (see :func:`is_independent`,
    :func:`is_absorbing`); a graph without cycles has no other kernel.
    Cost: linear in vertices + arcs.
    """
    checked = validate_graph(graph)
    return tuple(vertex for vertex in checked.vertices if checked.grundy[vertex] == 0)


def is_independent(graph: Mapping[Any, Iterable[Any]] | Graph, vertices: Iterable[Vertex]) -> bool:
    """Return True when no arc joins two of *vertices* (internal stability).

    >>> is_independent({0: [1], 1: [2], 2: []}, [0, 2]), is_independent({0: [1], 1: []}, [0, 1])
    (True, False)

    Cost: linear in the arcs leaving *vertices*.
    """
    checked = validate_graph(graph)
    chosen = _vertex_set(checked, vertices)
    return not any(target in chosen for vertex in chosen for target in checked.successors[vertex])


def is_absorbing(graph: Mapping[Any, Iterable[Any]] | Graph, vertices: Iterable[Vertex]) -> bool:
    """Return True when every other vertex has an arc into *vertices* (external stability).

    >>> is_absorbing({0: [1], 1: [2], 2: []}, [0, 2]), is_absorbing({0: [1], 1: [2], 2: []}, [2])
    (True, False)

    Cost: linear in vertices + arcs.
    """
    checked = validate_graph(graph)
    chosen = _vertex_set(checked, vertices)
    return all(
        vertex in chosen or any(target in chosen for target in checked.successors[vertex])
        for vertex in checked.vertices
    )


@dataclass(frozen=True, slots=True)
class LabelStep:
    """One step of the computation of the Grundy function: a vertex and the mex of its successors.

    ``successors`` are in the order of the graph, ``values`` their Grundy
    values in the same order, ``seen`` the set of those values (sorted),
    ``value`` its mex, and ``explanation`` says why, in French.
    """

    vertex: Vertex
    successors: tuple[Vertex, ...]
    values: tuple[int, ...]
    seen: tuple[int, ...]
    value: int
    explanation: str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the step."""
        return {
            "vertex": _json(self.vertex),
            "successors": [_json(vertex) for vertex in self.successors],
            "values": list(self.values),
            "seen": list(self.seen),
            "value": self.value,
            "explanation": self.explanation,
        }


def _listed(items: Sequence[object]) -> str:
    """French enumeration: 'a', 'a et b', 'a, b et c'."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " et " + words[-1]


def _set_text(values: Sequence[int]) -> str:
    """A set as the pages write it after « mex »: '{0, 2}', or ' ∅' when empty."""
    return "{" + ", ".join(map(str, values)) + "}" if values else " ∅"


def _step_text(
    vertex: Vertex,
    targets: tuple[Vertex, ...],
    values: tuple[int, ...],
    seen: tuple[int, ...],
    value: int,
) -> str:
    name = _name(vertex)
    formula = f"g({name}) = mex{_set_text(seen)} = {value}"
    if not targets:
        return typeset(
            f"Le sommet {name} n'a aucun successeur : {formula}. C'est un sommet terminal ;"
            " il est dans le noyau."
        )
    names = [_name(target) for target in targets]
    if len(targets) == 1:
        sentences = [f"Le seul successeur de {name} est {names[0]}, de valeur {values[0]}."]
    else:
        sentences = [
            f"Les successeurs de {name} sont {_listed(names)}, de valeurs respectives"
            f" {_listed(values)}."
        ]
    if value == 0:
        sentences.append(
            f"La valeur 0 n'y figure pas : {formula}. Aucun successeur de {name} n'est dans"
            f" le noyau, donc {name} y entre."
        )
    else:
        if value == 1:
            present = "La valeur 0 y figure"
        elif value == 2:
            present = "Les valeurs 0 et 1 y figurent"
        else:
            present = f"Les valeurs 0 à {value - 1} y figurent toutes"
        sentences.append(f"{present}, mais pas {value} : {formula}.")
        larger = [seen_value for seen_value in seen if seen_value > value]
        if larger:
            which = "La valeur" if len(larger) == 1 else "Les valeurs"
            agree = "plus grande, ne compte" if len(larger) == 1 else "plus grandes, ne comptent"
            sentences.append(
                f"{which} {_listed(larger)}, {agree} pas : le mex est la plus petite"
                " valeur absente."
            )
        zero = next(
            target for target, seen_value in zip(names, values, strict=True) if seen_value == 0
        )
        sentences.append(
            f"Son successeur {zero}, de valeur 0, est dans le noyau : {name} n'y est donc pas."
        )
    return typeset(" ".join(sentences))


def grundy_steps(graph: Mapping[Any, Iterable[Any]] | Graph) -> tuple[LabelStep, ...]:
    """Return the computation of the Grundy function, one vertex per step, successors first.

    The steps follow ``Graph.order`` (every vertex after all its successors):
    each shows the successors' values and takes their mex, as a reader would
    label the graph by hand.

    >>> for step in grundy_steps({"a": ["b", "c"], "b": ["c"], "c": []}):
    ...     print(step.vertex, step.values, step.value)
    c () 0
    b (0,) 1
    a (1, 0) 2
    >>> print(grundy_steps({"a": ["b"], "b": []})[1].explanation)
    Le seul successeur de a est b, de valeur 0. La valeur 0 y figure, mais pas 1 : \
g(a) = mex{0} = 1. Son successeur b, de valeur 0, est dans le noyau : a n'y est donc pas.

    Raises :class:`NimcoreError` on an invalid graph. Cost: linear in
    vertices + arcs (plus the sentences).
    """
    checked = validate_graph(graph)
    steps = []
    for vertex in checked.order:
        targets = checked.successors[vertex]
        values = tuple(checked.grundy[target] for target in targets)
        seen = tuple(sorted(set(values)))
        value = checked.grundy[vertex]
        text = _step_text(vertex, targets, values, seen, value)
        steps.append(LabelStep(vertex, targets, values, seen, value, text))
    return tuple(steps)


def _vertex_set(graph: Graph, vertices: Iterable[Vertex]) -> set[Vertex]:
    if isinstance(vertices, (str, bytes)) or not isinstance(vertices, Iterable):
        shown: object = vertices
        raise NimcoreError(typeset(f"Une liste de sommets est attendue, pas « {shown} »."))
    chosen = set()
    for vertex in vertices:
        _check_vertex(graph, vertex)
        chosen.add(vertex)
    return chosen


def _check_vertex(graph: Graph, vertex: object) -> None:
    try:
        known = vertex in graph.successors
    except TypeError:
        known = False
    if not known:
        raise NimcoreError(typeset(f"« {vertex} » n'est pas un sommet du graphe."))
