"""Tokens on a graph without cycles: their moves, who wins, the French explanation and the computer's move."""

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.graph.values import (
    MAX_TOKENS,
    Graph,
    Outcome,
    Vertex,
    _json,
    _listed,
    _name,
    validate_graph,
)
from nimcore.nimsum import nim_sum


def validate_tokens(
    graph: Mapping[Any, Iterable[Any]] | Graph, tokens: object
) -> tuple[Vertex, ...]:
    """Return *tokens* (the vertices holding a token) as a tuple, or raise :class:`NimcoreError`.

    >>> validate_tokens({"a": ["b"], "b": []}, ["a", "a"])
    ('a', 'a')
    >>> validate_tokens({"a": ["b"], "b": []}, ["c"])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le jeton 1 est sur « c », qui n'est pas un sommet du graphe.

    Several tokens may share a vertex. Cost: one check per token.
    """
    checked = validate_graph(graph)
    if isinstance(tokens, (str, bytes)) or not isinstance(tokens, Sequence):
        raise NimcoreError(
            typeset(f"Une liste de sommets portant un jeton est attendue, pas « {tokens} ».")
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
                typeset(
                    f"Le jeton {index} est sur « {vertex} », qui n'est pas un sommet du graphe."
                )
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
    nimcore.errors.NimcoreError: Pas d'arc de a vers a : le jeton 1 ne peut pas y aller.

    The input is not modified.
    """
    checked = validate_graph(graph)
    position = validate_tokens(checked, tokens)
    if isinstance(token, bool) or not isinstance(token, int) or not 0 <= token < len(position):
        raise NimcoreError(
            typeset(
                f"Le jeton « {token} » n'existe pas : les jetons vont de 0 à {len(position) - 1}."
            )
        )
    source = position[token]
    if target not in checked.successors[source]:
        raise NimcoreError(
            typeset(
                f"Pas d'arc de {_name(source)} vers {_name(target)} :"
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
    >>> from nimcore.graph.pawns import pawn_board
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
        where = _name(target) if pawns and isinstance(target, tuple) else f"« {target} »"
        raise NimcoreError(
            typeset(
                f"Le pion {token + 1} ne peut pas aller de {_name(source)} à {where} :"
                " un pion avance d'une ou deux cases, vers la droite ou vers le bas."
                if pawns
                else f"Pas d'arc de {_name(source)} vers {_name(target)} :"
                f" le jeton {token + 1} ne peut pas y aller."
            )
        )
    assert isinstance(target, Hashable)
    to = position[:token] + (target,) + position[token + 1 :]
    describe = _pawn_text if pawns else _token_text
    return TokenMove(token, source, target, to, describe(token, source, target))


def arcs_text(graph: Graph) -> str:
    """The arcs of *graph* in one French sentence, vertex by vertex (a drawing's accessible name).

    >>> arcs_text(validate_graph({"a": ["b", "c"], "b": ["c"], "c": []})) == (
    ...     "Arcs\u00a0: a vers b et c\u202f; b vers c."
    ... )
    True
    """
    arcs = [
        f"{_name(vertex)} vers {_listed([_name(target) for target in graph.successors[vertex]])}"
        for vertex in graph.vertices
        if graph.successors[vertex]
    ]
    return typeset(f"Arcs : {' ; '.join(arcs)}.") if arcs else typeset("Aucun arc.")


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
        sentences.append(f"Le {piece} est sur {on} de valeur de Grundy {values[0]}.")
    else:
        listed = ", ".join(str(value) for value in values)
        sentences.append(
            f"Les valeurs de Grundy des {places} sont {listed} ; leur somme de Nim vaut {total}."
        )
    if recommended is None:
        sentences.append(
            "La somme de Nim est nulle : la position est perdante pour qui doit jouer. Tout coup"
            f" change la valeur de Grundy d'un seul {piece}, et la change forcément (par la règle"
            " du mex, aucun successeur n'a la même valeur) : la somme devient non nulle, et"
            " l'adversaire pourra toujours la ramener à 0."
        )
    else:
        value = values[recommended.token]
        target = value ^ total
        sentences.append(
            f"La somme n'est pas nulle : la position est gagnante. Le {piece}"
            f" {recommended.token + 1} est sur {on} de valeur de Grundy {value}, et {value} ⊕ {total} ="
            f" {target} est plus petit : par la règle du mex, l'un de ses successeurs a la"
            f" valeur de Grundy {target}. On l'y amène ({recommended.text}) et la somme de Nim devient 0."
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


def _analyse(
    graph: Graph, position: tuple[Vertex, ...], pawns: bool, explain: bool = True
) -> TokenAnalysis:
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
        explanation=_explain(values, total, recommended, terminal, pawns) if explain else (),
    )


def analyse_checked(
    graph: Graph, tokens: tuple[Vertex, ...], *, pawns: bool = False, explain: bool = True
) -> TokenAnalysis:
    """:func:`analyse` for a position already checked on *graph* (pawns get the pawns' words;
    without *explain*, no French explanation: the computer's move needs none)."""
    return _analyse(graph, tokens, pawns, explain)


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
