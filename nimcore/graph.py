"""Games on a finite directed acyclic graph: tokens, Grundy function and kernel.

A token sits on a vertex of a graph without cycles; a move pushes it along one
arc; the player who cannot move loses. With several tokens (several may share a
vertex) a move pushes one token of the player's choice, and the player who can
move no token loses: this is the sum of the one-token games.

The Grundy function gives 0 to the vertices without successor and, going back
from them, to every vertex the least natural number not given to one of its
successors (the mex). The vertices of value 0 form the kernel of the graph: no
arc joins two of them (the kernel is independent, or internally stable) and
every other vertex has an arc into it (absorbing, or externally stable); a
graph without cycles has exactly one kernel. With one token the P-positions are
the kernel; with several, Sprague–Grundy says that the value of the sum is the
nim-sum of the values of the occupied vertices, and the P-positions are those
where it is 0. A winning move takes a token on a vertex of value g with
g ⊕ s < g (s the nim-sum) to a successor of value g ⊕ s, which exists by the
rule of the mex.

Also here: the computation of the Grundy function one vertex at a time, with
the reason for each mex (:func:`grundy_steps`); the worked graphs of the pages
and of the board (:data:`EXAMPLES`); and the 5×5 board of Delahaye's article,
where pawns move one or two squares to the right or down and end in the
bottom-right corner.

References: R. P. Sprague, *Über mathematische Kampfspiele*, Tôhoku Math. J. 41
(1935–36), 438–444; P. M. Grundy, *Mathematics and games*, Eureka 2 (1939), 6–8;
J. von Neumann and O. Morgenstern (kernels), 1944; J.-P. Delahaye, *Stratégies
magiques au pays de Nim*, Interstices (2009); Berlekamp–Conway–Guy, *Winning Ways*.
"""

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, Literal

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.nimsum import mex, nim_sum

__all__ = [
    "EXAMPLES",
    "MAX_BOARD_SIZE",
    "MAX_EDGES",
    "MAX_TOKENS",
    "MAX_VERTICES",
    "Graph",
    "LabelStep",
    "TokenAnalysis",
    "TokenMove",
    "WorkedGraph",
    "analyse",
    "analyse_checked",
    "analyse_pawns",
    "computer_move",
    "grundy_steps",
    "grundy_values",
    "is_absorbing",
    "is_independent",
    "kernel",
    "labelling_texts",
    "moves",
    "pawn_board",
    "pawn_board_grundy",
    "pawn_computer_move",
    "pawn_moves",
    "play",
    "token_move",
    "validate_graph",
    "validate_pawns",
    "validate_tokens",
    "winning_moves",
    "worked_graph",
]

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
    nimcore.errors.NimcoreError: Le graphe contient un cycle : 'a' → 'b' → 'a' ; les jeux sur un graphe demandent un graphe sans cycle.
    >>> validate_graph({"a": ["z"]})
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le sommet 'a' a pour successeur 'z', qui n'est pas un sommet du graphe (chaque sommet doit figurer comme clé, avec [] s'il n'a pas de successeur).

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
            typeset(f"Un graphe s'écrit {{sommet: [successeurs]}}, pas {successors!r}.")
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
                    f"Les successeurs du sommet {vertex!r} s'écrivent en liste, pas {targets!r}."
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
                        f"Le sommet {vertex!r} a pour successeur {target!r}, qui n'est pas un"
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
        shown = " → ".join(repr(vertex) for vertex in cycle[:12])
        if len(cycle) > 12:
            shown += " → …"
        raise NimcoreError(
            typeset(
                f"Le graphe contient un cycle : {shown} ; les jeux sur un graphe demandent"
                " un graphe sans cycle."
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
        raise NimcoreError(typeset(f"Une liste de sommets est attendue, pas {vertices!r}."))
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
        raise NimcoreError(typeset(f"{vertex!r} n'est pas un sommet du graphe."))


def validate_tokens(
    graph: Mapping[Any, Iterable[Any]] | Graph, tokens: object
) -> tuple[Vertex, ...]:
    """Return *tokens* (the vertices holding a token) as a tuple, or raise :class:`NimcoreError`.

    >>> validate_tokens({"a": ["b"], "b": []}, ["a", "a"])
    ('a', 'a')
    >>> validate_tokens({"a": ["b"], "b": []}, ["c"])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le jeton 1 est sur 'c', qui n'est pas un sommet du graphe.

    Several tokens may share a vertex. Cost: one check per token.
    """
    checked = validate_graph(graph)
    if isinstance(tokens, (str, bytes)) or not isinstance(tokens, Sequence):
        raise NimcoreError(
            typeset(f"Une liste de sommets portant un jeton est attendue, pas {tokens!r}.")
        )
    if not tokens:
        raise NimcoreError(typeset("Il faut au moins un jeton."))
    if len(tokens) > MAX_TOKENS:
        raise NimcoreError(
            typeset(f"Trop de jetons : {len(tokens)} ; la limite est de {MAX_TOKENS} jetons.")
        )
    for index, vertex in enumerate(tokens, start=1):
        try:
            known = vertex in checked.successors
        except TypeError:
            known = False
        if not known:
            raise NimcoreError(
                typeset(f"Le jeton {index} est sur {vertex!r}, qui n'est pas un sommet du graphe.")
            )
    return tuple(tokens)


@dataclass(frozen=True, slots=True)
class TokenMove:
    """Moving token number *token* (counted from 0) from *source* to *target*.

    ``to`` is the whole position reached, tokens in place (the command-line
    shape); ``text`` says the move in French, tokens counted from 1.
    """

    token: int
    source: Vertex
    target: Vertex
    to: tuple[Vertex, ...]
    text: str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the move."""
        return {
            "token": self.token,
            "source": _json(self.source),
            "target": _json(self.target),
            "to": [_json(vertex) for vertex in self.to],
            "text": self.text,
        }


def _token_text(token: int, source: Vertex, target: Vertex) -> str:
    return f"déplacer le jeton {token + 1} de {_name(source)} vers {_name(target)}"


def _pawn_text(token: int, source: Vertex, target: Vertex) -> str:
    assert isinstance(source, tuple) and isinstance(target, tuple)
    down, right = target[0] - source[0], target[1] - source[1]
    steps = down or right
    direction = "vers le bas" if down else "vers la droite"
    distance = "d'une case" if steps == 1 else f"de {steps} cases"
    return f"avancer le pion {token + 1} {distance} {direction} ({_name(source)} → {_name(target)})"


def _moves(graph: Graph, position: tuple[Vertex, ...], pawns: bool) -> Iterator[TokenMove]:
    describe = _pawn_text if pawns else _token_text
    for index, vertex in enumerate(position):
        for target in graph.successors[vertex]:
            to = position[:index] + (target,) + position[index + 1 :]
            yield TokenMove(index, vertex, target, to, describe(index, vertex, target))


def moves(
    graph: Mapping[Any, Iterable[Any]] | Graph, tokens: Sequence[Vertex]
) -> Iterator[TokenMove]:
    """Yield every legal move, token by token, successors in the order of the graph.

    >>> [move.text for move in moves({"a": ["b", "c"], "b": ["c"], "c": []}, ["a", "b"])]
    ['déplacer le jeton 1 de a vers b', 'déplacer le jeton 1 de a vers c', \
'déplacer le jeton 2 de b vers c']

    Cost: one move per arc leaving an occupied vertex.
    """
    checked = validate_graph(graph)
    yield from _moves(checked, validate_tokens(checked, tokens), pawns=False)


def play(
    graph: Mapping[Any, Iterable[Any]] | Graph,
    tokens: Sequence[Vertex],
    token: int,
    target: Vertex,
) -> tuple[Vertex, ...]:
    """Return the position reached by moving token *token* (from 0) to *target*.

    >>> play({"a": ["b"], "b": []}, ["a", "a"], 1, "b")
    ('a', 'b')
    >>> play({"a": ["b"], "b": []}, ["a"], 0, "a")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Pas d'arc de 'a' vers 'a' : le jeton 1 ne peut pas y aller.

    The input is not modified.
    """
    checked = validate_graph(graph)
    position = validate_tokens(checked, tokens)
    if isinstance(token, bool) or not isinstance(token, int) or not 0 <= token < len(position):
        raise NimcoreError(
            typeset(
                f"Le jeton {token!r} n'existe pas : les jetons vont de 0 à {len(position) - 1}."
            )
        )
    source = position[token]
    if target not in checked.successors[source]:
        raise NimcoreError(
            typeset(
                f"Pas d'arc de {source!r} vers {target!r} :"
                f" le jeton {token + 1} ne peut pas y aller."
            )
        )
    return position[:token] + (target,) + position[token + 1 :]


def token_move(
    graph: Graph, position: tuple[Vertex, ...], token: int, target: object, *, pawns: bool = False
) -> TokenMove:
    """The move of token *token* (from 0) of the checked *position* to *target*, checked.

    >>> board = validate_graph({"a": ["b"], "b": []})
    >>> token_move(board, ("a", "a"), 1, "b").text
    'déplacer le jeton 2 de a vers b'
    >>> token_move(board, ("b",), 0, "a")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le sommet b n'a pas de successeur : le jeton 1 ne peut plus bouger.
    >>> token_move(pawn_board(3), ((0, 0),), 0, (1, 1), pawns=True)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le pion 1 ne peut pas aller de ligne 1, colonne 1 à ligne 2, \
colonne 2 : un pion avance d'une ou deux cases, vers la droite ou vers le bas.

    Only the successors of the token's vertex are looked at. Raises
    :class:`NimcoreError`, in French, when the token cannot go there.
    """
    source = position[token]
    targets = graph.successors[source]
    if not targets:
        raise NimcoreError(
            typeset(
                f"Le pion {token + 1} est arrivé dans la case en bas à droite :"
                " il ne peut plus bouger."
                if pawns
                else f"Le sommet {_name(source)} n'a pas de successeur :"
                f" le jeton {token + 1} ne peut plus bouger."
            )
        )
    if pawns and isinstance(target, list):
        target = tuple(target)
    try:
        found = target in targets
    except TypeError:
        found = False
    if not found:
        where = _name(target) if pawns and isinstance(target, tuple) else repr(target)
        raise NimcoreError(
            typeset(
                f"Le pion {token + 1} ne peut pas aller de {_name(source)} à {where} :"
                " un pion avance d'une ou deux cases, vers la droite ou vers le bas."
                if pawns
                else f"Pas d'arc de {_name(source)} vers {target} :"
                f" le jeton {token + 1} ne peut pas y aller."
            )
        )
    assert isinstance(target, Hashable)
    to = position[:token] + (target,) + position[token + 1 :]
    describe = _pawn_text if pawns else _token_text
    return TokenMove(token, source, target, to, describe(token, source, target))


def labelling_texts(graph: Graph) -> dict[str, str]:
    """What a board says around the step-by-step labelling of *graph*: before it, and once done.

    >>> print(labelling_texts(validate_graph({"a": ["b"], "b": []}))["done"])
    Tous les sommets sont étiquetés. Les sommets de valeur 0 (b) forment le noyau : \
un jeton seul sur l'un d'eux est perdant pour qui doit le jouer.
    """
    zeros = [_name(vertex) for vertex in graph.vertices if graph.grundy[vertex] == 0]
    return {
        "start": typeset(
            "Aucun sommet étiqueté. On traite chaque sommet après ses successeurs : le premier"
            f" est un sommet sans successeur ({len(graph.vertices)} sommets en tout)."
        ),
        "done": typeset(
            f"Tous les sommets sont étiquetés. Les sommets de valeur 0 ({_listed(zeros)})"
            " forment le noyau : un jeton seul sur l'un d'eux est perdant pour qui doit le jouer."
        ),
    }


def _winning(graph: Graph, position: tuple[Vertex, ...], pawns: bool) -> tuple[TokenMove, ...]:
    total = nim_sum(graph.grundy[vertex] for vertex in position)
    if total == 0:
        return ()
    found = []
    for move in _moves(graph, position, pawns):
        value = graph.grundy[move.source]
        if graph.grundy[move.target] == value ^ total:
            found.append(move)
    return tuple(found)


def winning_moves(
    graph: Mapping[Any, Iterable[Any]] | Graph, tokens: Sequence[Vertex]
) -> tuple[TokenMove, ...]:
    """Return every move to a P-position (nim-sum of the occupied vertices 0).

    >>> [move.to for move in winning_moves({"a": ["b", "c"], "b": ["c"], "c": []}, ["a", "b"])]
    [('b', 'b')]

    Cost: linear in the arcs leaving the occupied vertices.
    """
    checked = validate_graph(graph)
    return _winning(checked, validate_tokens(checked, tokens), pawns=False)


@dataclass(frozen=True, slots=True)
class TokenAnalysis:
    """Everything the boards, the command line and the pages say about tokens on a graph.

    ``token_nimbers`` are the Grundy values of the occupied vertices, in the
    order of the tokens, and ``nimber`` their nim-sum (the value of the sum).
    """

    tokens: tuple[Vertex, ...]
    outcome: Outcome
    nimber: int
    token_nimbers: tuple[int, ...]
    winning_moves: tuple[TokenMove, ...]
    recommended: TokenMove | None
    terminal: bool
    explanation: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view, as the worker sends it to the boards."""
        return {
            "game": "graph",
            "tokens": [_json(vertex) for vertex in self.tokens],
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nimber": self.nimber,
            "token_nimbers": list(self.token_nimbers),
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "explanation": list(self.explanation),
        }


def _explain(
    values: tuple[int, ...], total: int, recommended: TokenMove | None, terminal: bool, pawns: bool
) -> tuple[str, ...]:
    piece, on = ("pion", "une case") if pawns else ("jeton", "un sommet")
    places = "cases occupées" if pawns else "sommets occupés"
    if terminal:
        return (typeset(f"Aucun {piece} ne peut plus bouger : le joueur qui doit jouer a perdu."),)
    sentences: list[str] = []
    if len(values) == 1:
        sentences.append(f"Le {piece} est sur {on} de nimber {values[0]}.")
    else:
        listed = ", ".join(str(value) for value in values)
        sentences.append(
            f"Les nimbers des {places} sont {listed} ; leur somme de Nim vaut {total}."
        )
    if recommended is None:
        sentences.append(
            "La somme de Nim est nulle : la position est perdante pour qui doit jouer. Tout coup"
            f" change le nimber d'un seul {piece}, et le change forcément (par la règle du mex,"
            " aucun successeur n'a le même nimber) : la somme devient non nulle, et"
            " l'adversaire pourra toujours la ramener à 0."
        )
    else:
        value = values[recommended.token]
        target = value ^ total
        sentences.append(
            f"La somme n'est pas nulle : la position est gagnante. Le {piece}"
            f" {recommended.token + 1} est sur {on} de nimber {value}, et {value} ⊕ {total} ="
            f" {target} est plus petit : par la règle du mex, l'un de ses successeurs a le"
            f" nimber {target}. On l'y amène ({recommended.text}) et la somme de Nim devient 0."
        )
    return tuple(typeset(sentence) for sentence in sentences)


def _recommended(
    found: tuple[TokenMove, ...], total: int, values: tuple[int, ...]
) -> TokenMove | None:
    """The move a hint shows: on the token whose value has the top bit of the nim-sum."""
    if not found:
        return None
    top = 1 << (total.bit_length() - 1)
    for move in found:
        if values[move.token] & top:
            return move
    return found[0]


def _analyse(graph: Graph, position: tuple[Vertex, ...], pawns: bool) -> TokenAnalysis:
    values = tuple(graph.grundy[vertex] for vertex in position)
    total = nim_sum(values)
    found = _winning(graph, position, pawns)
    recommended = _recommended(found, total, values)
    terminal = not any(graph.successors[vertex] for vertex in position)
    return TokenAnalysis(
        tokens=position,
        outcome="P" if total == 0 else "N",
        nimber=total,
        token_nimbers=values,
        winning_moves=found,
        recommended=recommended,
        terminal=terminal,
        explanation=_explain(values, total, recommended, terminal, pawns),
    )


def analyse_checked(
    graph: Graph, tokens: tuple[Vertex, ...], *, pawns: bool = False
) -> TokenAnalysis:
    """:func:`analyse` for a position already checked on *graph* (pawns get the pawns' words)."""
    return _analyse(graph, tokens, pawns)


def analyse(graph: Mapping[Any, Iterable[Any]] | Graph, tokens: Sequence[Vertex]) -> TokenAnalysis:
    """Analyse tokens on a graph: outcome, nimber of the sum, every winning move, a hint.

    >>> graph = {"a": ["b", "c"], "b": ["c"], "c": []}
    >>> result = analyse(graph, ["a", "a", "b"])
    >>> result.outcome, result.token_nimbers, result.nimber
    ('N', (2, 2, 1), 1)
    >>> [move.to for move in result.winning_moves]
    [('a', 'a', 'c')]

    Pass a :class:`Graph` from :func:`validate_graph` to analyse many positions
    of one graph without checking it again. Raises :class:`NimcoreError` on an
    invalid graph or position. Cost: linear in vertices + arcs for a mapping,
    in the arcs leaving the tokens for a :class:`Graph`.
    """
    checked = validate_graph(graph)
    return _analyse(checked, validate_tokens(checked, tokens), pawns=False)


def _keep_long(graph: Graph, position: tuple[Vertex, ...], pawns: bool) -> TokenMove:
    """A legal move from a P-position: to the target farthest from the end (first such)."""
    options = list(_moves(graph, position, pawns))
    best = max(graph.height[move.target] for move in options)
    return next(move for move in options if graph.height[move.target] == best)


def computer_move(
    graph: Mapping[Any, Iterable[Any]] | Graph, tokens: Sequence[Vertex]
) -> TokenMove:
    """Return a winning move whenever one exists, otherwise a legal move.

    From a P-position the computer moves a token to the successor farthest from
    the end (longest path to a vertex without successor), to keep the game long.

    >>> computer_move({"a": ["b", "c"], "b": ["c"], "c": []}, ["a"]).to
    ('c',)
    >>> computer_move({"a": ["b"], "b": []}, ["b"])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La partie est finie : aucun jeton ne peut plus bouger.
    """
    checked = validate_graph(graph)
    analysis = _analyse(checked, validate_tokens(checked, tokens), pawns=False)
    if analysis.terminal:
        raise NimcoreError(typeset("La partie est finie : aucun jeton ne peut plus bouger."))
    if analysis.recommended is not None:
        return analysis.recommended
    return _keep_long(checked, analysis.tokens, pawns=False)


# --- Delahaye's pawn board -----------------------------------------------------------


def _check_size(size: object) -> int:
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_BOARD_SIZE:
        raise NimcoreError(
            typeset(
                f"La taille du damier doit être un entier de 1 à {MAX_BOARD_SIZE}, pas {size!r}."
            )
        )
    return size


@cache
def _pawn_board(size: int) -> Graph:
    successors: dict[Vertex, list[Vertex]] = {}
    for row in range(size):
        for column in range(size):
            targets: list[Vertex] = []
            for step in (1, 2):
                if column + step < size:
                    targets.append((row, column + step))
            for step in (1, 2):
                if row + step < size:
                    targets.append((row + step, column))
            successors[(row, column)] = targets
    return validate_graph(successors)


def pawn_board(size: int = 5) -> Graph:
    """Return the graph of Delahaye's board: cells (row, column), counted from 0 at the top left.

    A pawn moves one or two cells to the right, or one or two cells down; every
    pawn ends in the bottom-right cell (size − 1, size − 1), the only cell
    without a move.

    >>> pawn_board(3).successors[(0, 0)]
    ((0, 1), (0, 2), (1, 0), (2, 0))

    Raises :class:`NimcoreError` for a size outside 1..MAX_BOARD_SIZE.
    Cost: size² cells, computed once per size.
    """
    return _pawn_board(_check_size(size))


def pawn_board_grundy(size: int = 5) -> tuple[tuple[int, ...], ...]:
    """Return the Grundy value of every cell, row by row from the top (for the pages).

    >>> for row in pawn_board_grundy(5):
    ...     print(*row)
    0 1 3 0 1
    1 0 2 1 0
    3 2 0 3 2
    0 1 3 0 1
    1 0 2 1 0

    The left column reads 0, 1, 3, 0, 1 from the top, as in Delahaye's article.
    The board is the sum of two copies of the subtraction game {1, 2} (the rows
    and the columns still to go), so the value of a cell d rows and e columns
    from the end is (d mod 3) ⊕ (e mod 3). Cost: size² cells.
    """
    board = pawn_board(size)
    return tuple(
        tuple(board.grundy[(row, column)] for column in range(size)) for row in range(size)
    )


def validate_pawns(pawns: object, size: int = 5) -> tuple[Cell, ...]:
    """Return *pawns* as a tuple of cells (row, column), or raise :class:`NimcoreError`.

    >>> validate_pawns([[0, 0], (4, 0)])
    ((0, 0), (4, 0))
    >>> validate_pawns([(5, 0)])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le pion 1 est en (5, 0), hors du damier 5×5 (lignes et colonnes de 0 à 4).

    Several pawns may share a cell. Cost: one check per pawn.
    """
    size = _check_size(size)
    if isinstance(pawns, (str, bytes)) or not isinstance(pawns, Sequence):
        raise NimcoreError(
            typeset(f"Une liste de cases (ligne, colonne) est attendue, pas {pawns!r}.")
        )
    if not pawns:
        raise NimcoreError(typeset("Il faut au moins un pion."))
    if len(pawns) > MAX_TOKENS:
        raise NimcoreError(
            typeset(f"Trop de pions : {len(pawns)} ; la limite est de {MAX_TOKENS} pions.")
        )
    cells = []
    for index, cell in enumerate(pawns, start=1):
        if (
            isinstance(cell, (str, bytes))
            or not isinstance(cell, Sequence)
            or len(cell) != 2
            or any(isinstance(x, bool) or not isinstance(x, int) for x in cell)
        ):
            raise NimcoreError(
                typeset(
                    f"Le pion {index} est en {cell!r} : une case (ligne, colonne) est attendue."
                )
            )
        row, column = cell
        if not (0 <= row < size and 0 <= column < size):
            raise NimcoreError(
                typeset(
                    f"Le pion {index} est en ({row}, {column}), hors du damier {size}×{size}"
                    f" (lignes et colonnes de 0 à {size - 1})."
                )
            )
        cells.append((row, column))
    return tuple(cells)


def pawn_moves(pawns: Sequence[Sequence[int]], size: int = 5) -> Iterator[TokenMove]:
    """Yield every legal move of the pawns, pawn by pawn (right before down).

    >>> [move.text for move in pawn_moves([(3, 4)])]
    ["avancer le pion 1 d'une case vers le bas (ligne 4, colonne 5 → ligne 5, colonne 5)"]

    Cost: at most four moves per pawn.
    """
    board = pawn_board(size)
    yield from _moves(board, validate_pawns(pawns, size), pawns=True)


def analyse_pawns(pawns: Sequence[Sequence[int]], size: int = 5) -> TokenAnalysis:
    """Analyse pawns on Delahaye's board; ``to`` of a move is the list of cells.

    >>> start = [(row, 0) for row in range(5)]
    >>> result = analyse_pawns(start)
    >>> result.token_nimbers, result.nimber
    ((0, 1, 3, 0, 1), 3)
    >>> result.recommended.text
    'avancer le pion 3 de 2 cases vers la droite (ligne 3, colonne 1 → ligne 3, colonne 3)'
    >>> len(result.winning_moves)
    7

    On a graph a token may also move to a successor of larger nimber: here the
    pawns of nimber 0 or 1 can reach a cell of nimber 3 or 2, which also brings
    the nim-sum to 0; the winning moves are all listed.

    Raises :class:`NimcoreError` on a cell off the board. Cost: linear in the pawns.
    """
    board = pawn_board(size)
    return _analyse(board, validate_pawns(pawns, size), pawns=True)


def pawn_computer_move(pawns: Sequence[Sequence[int]], size: int = 5) -> TokenMove:
    """Return a winning pawn move whenever one exists, otherwise a legal one.

    >>> pawn_computer_move([(row, 0) for row in range(5)]).to
    ((0, 0), (1, 0), (2, 2), (3, 0), (4, 0))
    >>> pawn_computer_move([(4, 4), (4, 4)])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La partie est finie : tous les pions sont arrivés en bas à droite.
    """
    board = pawn_board(size)
    position = validate_pawns(pawns, size)
    analysis = _analyse(board, position, pawns=True)
    if analysis.terminal:
        raise NimcoreError(
            typeset("La partie est finie : tous les pions sont arrivés en bas à droite.")
        )
    if analysis.recommended is not None:
        return analysis.recommended
    return _keep_long(board, position, pawns=True)


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
    nimcore.errors.NimcoreError: Graphe inconnu : 'autre' ; les graphes proposés sont exemple et reseau.

    This is how a board names a graph: never by sending one. Cost: none (the
    graphs are validated once, when nimcore.graph is imported).
    """
    if not isinstance(name, str) or name not in EXAMPLES:
        known = _listed(list(EXAMPLES))
        raise NimcoreError(
            typeset(f"Graphe inconnu : {name!r} ; les graphes proposés sont {known}.")
        )
    return EXAMPLES[name]
