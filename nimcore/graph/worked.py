"""The worked graphs of the pages and of the board, by name."""

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.graph.values import Graph, _listed, validate_graph

# --- the worked graphs of the pages and of the board -------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class WorkedGraph:
    """A small graph of the pages and of the board, with where each vertex is drawn.

    ``successors`` maps each vertex to its successors and ``graph`` is the
    validated :class:`Graph` (with its Grundy function); ``columns`` gives the
    column of each vertex in the drawing, whose row is the vertex's height
    (the highest on top), so the build hooks and the board draw the same
    picture. ``title`` names the graph for a reader.
    """

    name: str
    title: str
    successors: Mapping[str, tuple[str, ...]]
    columns: Mapping[str, float]
    graph: Graph


def _worked(
    name: str, title: str, successors: dict[str, str], columns: dict[str, float]
) -> WorkedGraph:
    """A worked graph from successors written as strings of one-letter vertices ("bcd")."""
    table = MappingProxyType({vertex: tuple(targets) for vertex, targets in successors.items()})
    return WorkedGraph(name, title, table, MappingProxyType(columns), validate_graph(table))


#: The worked graphs, by name: the only graphs a board may play on.
EXAMPLES: Mapping[str, WorkedGraph] = MappingProxyType(
    {
        # The graph of the Grundy chapter: nine positions, values from 0 to 3.
        "exemple": _worked(
            "exemple",
            "le graphe du chapitre (9 sommets)",
            {
                "a": "bcd",
                "b": "deg",
                "c": "efh",
                "d": "gh",
                "e": "fgi",
                "f": "h",
                "g": "hi",
                "h": "i",
                "i": "",
            },
            {"a": 2.5, "b": 1, "c": 4, "d": 0, "e": 2.5, "f": 4, "g": 1, "h": 2.5, "i": 1},
        ),
        # Twelve positions in five rows, values from 0 to 3, a top vertex of value 0.
        "reseau": _worked(
            "reseau",
            "un réseau de 12 sommets",
            {
                "a": "cdf",
                "b": "de",
                "c": "fh",
                "d": "fgi",
                "e": "gj",
                "f": "hik",
                "g": "ij",
                "h": "k",
                "i": "kl",
                "j": "l",
                "k": "",
                "l": "",
            },
            # Rows a b / c d e / f g / h i j / k l, in a lattice: no arc crosses a vertex.
            {
                "a": 1,
                "b": 3,
                "c": 0,
                "d": 2,
                "e": 4,
                "f": 1,
                "g": 3,
                "h": 0,
                "i": 2,
                "j": 4,
                "k": 1,
                "l": 3,
            },
        ),
    }
)


def worked_graph(name: object) -> WorkedGraph:
    """Return the worked graph called *name* (a key of :data:`EXAMPLES`).

    >>> example = worked_graph("exemple")
    >>> example.successors["a"], example.graph.grundy["a"]
    (('b', 'c', 'd'), 1)
    >>> worked_graph("autre")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Graphe inconnu : « autre » ; les graphes proposés sont exemple et reseau.

    This is how a board names a graph: never by sending one. Cost: none (the
    graphs are validated once, when nimcore.graph is imported).
    """
    if not isinstance(name, str) or name not in EXAMPLES:
        known = _listed(list(EXAMPLES))
        raise NimcoreError(
            typeset(f"Graphe inconnu : « {name} » ; les graphes proposés sont {known}.")
        )
    return EXAMPLES[name]
