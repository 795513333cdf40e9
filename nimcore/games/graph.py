"""Tokens on a graph, as the registry knows it (rules in :mod:`nimcore.graph`).

A position is the list of the tokens' vertices on a graph given by the option
``graph``: the name of one of nimcore's worked graphs
(:data:`nimcore.graph.EXAMPLES`), or a graph drawn in the laboratory, written
in its one line with the places (:func:`nimcore.graph.drawn.parse_drawn`,
small by its limits, checked like any other input). Tokens stay in place in
the list, so a move changes one entry; several tokens may share a vertex. Its
code is the graph, then the vertex of each token: ``"exemple-b-c"``, or
``"a(100,60):b,c;b(60,160):c;c(140,160)-a"``.

:class:`TokensGame` is written once for every game of tokens on a graph; the
pawns of Delahaye's board (:mod:`nimcore.games.pawns`) are the same game on
another graph, with other words.

>>> from nimcore.games.graph import GAME
>>> options = GAME.read_options({"graph": "exemple"})
>>> GAME.play(("b", "c"), ["d", "c"], options).text
'déplacer le jeton 1 de b vers d'
>>> GAME.play(("b", "c"), ["a", "c"], options)
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: Pas d'arc de b vers a : le jeton 1 ne peut pas y aller.
"""

from __future__ import annotations

import random
import re
from abc import abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

from nimcore import graph
from nimcore.errors import NimcoreError
from nimcore.french import plural, typeset
from nimcore.games.base import Game, form_field, form_schema, setup_text, table
from nimcore.graph import drawn
from nimcore.graph.values import _json, _name

__all__ = [
    "DRAWN_TITLE",
    "GAME",
    "MAX_GRAPH_TOKENS",
    "GraphGame",
    "TokensGame",
    "graph_form",
]

Tokens = tuple[graph.Vertex, ...]
Options = dict[str, Any]

#: Most tokens on a worked graph (a board's drawing shows each one).
MAX_GRAPH_TOKENS = 4

_CODE = re.compile(r"([a-z]{1,20})((?:-[a-z0-9]{1,8}){1,8})", re.ASCII)


def _listed(items: Sequence[object]) -> str:
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " et " + words[-1]


class TokensGame(Game[Tokens, Options]):
    """Tokens that slide along the arcs of a graph without circuits; the last to move wins."""

    #: The word for a token ("jeton", "pion").
    piece = "jeton"
    #: Pawns get the pawn board's words (cells, "avancer…").
    pawns = False
    #: Where a chosen piece goes, as the board names it.
    arrival = "l'un de ses successeurs"

    @abstractmethod
    def board(self, options: Options) -> graph.Graph:
        """The graph the tokens move on."""

    def moves(self, position: Tokens, options: Options) -> Iterator[graph.TokenMove]:
        """The moves of the first token on each occupied vertex.

        Tokens on one vertex are interchangeable: moving the second one along
        an arc reaches the same position as moving the first, up to their
        numbers. :meth:`play` accepts either.
        """
        board = self.board(options)
        for index in range(len(position)):
            if position[index] in position[:index]:
                continue
            for target in board.successors[position[index]]:
                yield graph.token_move(board, position, index, target, pawns=self.pawns)

    def terminal(self, position: Tokens, options: Options) -> bool:
        board = self.board(options)
        return not any(board.successors[vertex] for vertex in position)

    def read_target(self, raw: object) -> object:
        """One entry of a move's target, as JSON gives it (a vertex)."""
        return raw

    def play(self, position: Tokens, to: object, options: Options) -> graph.TokenMove:
        """The move reaching *to*: the one token whose vertex changes, along one of its arcs."""
        if isinstance(to, (str, bytes)) or not isinstance(to, Sequence) or len(to) != len(position):
            raise NimcoreError(
                typeset(
                    f"La position d'arrivée doit donner la place de chacun des"
                    f" {plural(len(position), self.piece)}, pas « {to} »."
                )
            )
        targets = [self.read_target(entry) for entry in to]
        changed = [
            index
            for index, (vertex, target) in enumerate(zip(position, targets, strict=True))
            if vertex != target
        ]
        if not changed:
            raise NimcoreError(
                typeset(f"Ce coup ne change rien : il faut déplacer un {self.piece}.")
            )
        if len(changed) > 1:
            raise NimcoreError(
                typeset(
                    f"Un coup déplace un seul {self.piece} : ici {len(changed)}"
                    f" {self.piece}s changent de place."
                )
            )
        index = changed[0]
        return graph.token_move(
            self.board(options), position, index, targets[index], pawns=self.pawns
        )

    def gestures(self, move: graph.TokenMove) -> list[dict[str, Any]]:
        """The board's gesture: the token touched by its place, then the place it goes to.

        Tokens on one place are interchangeable (:meth:`moves` lists the first
        one's moves), so a board names a token by where it stands.

        >>> from nimcore.games.graph import GAME
        >>> options = GAME.read_options({"graph": "exemple"})
        >>> GAME.gestures(GAME.play(("b", "c"), ["d", "c"], options))
        [{'token': 'b', 'to': 'd'}]
        """
        return [{"token": _json(move.source), "to": _json(move.target)}]

    def gesture_target(
        self, position: Tokens, gesture: Mapping[str, Any], options: Options
    ) -> object:
        """The target of ``{"token": place, "to": place}``: the first token at *token* moved to *to*.

        A gesture without ``to`` (a token touched alone, which the board does
        not choose because it cannot move) is refused with the reason.

        >>> from nimcore.games.graph import GAME
        >>> options = GAME.read_options({"graph": "exemple"})
        >>> GAME.gesture_target(("b", "c"), {"token": "c", "to": "e"}, options)
        ['b', 'e']
        >>> GAME.gesture_target(("b", "c"), {"token": "a", "to": "b"}, options)
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Aucun jeton en a : choisissez d'abord un jeton, puis l'un \
de ses successeurs.
        """
        if set(gesture) - {"token", "to"} or "token" not in gesture:
            raise NimcoreError(
                typeset("Geste illisible : un jeton, puis son arrivée, sont attendus.")
            )
        source = self.read_target(gesture["token"])
        index = next((at for at, place in enumerate(position) if place == source), None)
        if index is None:
            where = _name(source) if isinstance(source, (str, tuple)) else str(source)
            raise NimcoreError(
                typeset(
                    f"Aucun {self.piece} en {where} : choisissez d'abord un {self.piece},"
                    f" puis {self.arrival}."
                )
            )
        if "to" not in gesture:
            # A token touched alone: the board chooses it, unless it cannot move (the reason).
            board = self.board(options)
            if not board.successors[position[index]]:
                graph.token_move(board, position, index, None, pawns=self.pawns)
            raise NimcoreError(typeset(f"Choisissez maintenant où va le {self.piece} {index + 1}."))
        return [gesture["to"] if at == index else _json(place) for at, place in enumerate(position)]

    def analyse(self, position: Tokens, options: Options) -> graph.TokenAnalysis:
        return graph.analyse_checked(self.board(options), position, pawns=self.pawns)

    def decide(self, position: Tokens, options: Options) -> graph.TokenAnalysis:
        """The outcome and the recommended move, without the explanation (:meth:`analyse`'s)."""
        return graph.analyse_checked(self.board(options), position, pawns=self.pawns, explain=False)

    def delaying_move(self, position: Tokens, options: Options) -> graph.TokenMove:
        """A token to the successor farthest from the end: the game kept long."""
        board = self.board(options)
        found = list(self.moves(position, options))
        if not found:
            raise NimcoreError(typeset("La partie est finie : plus aucun coup n'est possible."))
        best = max(board.height[move.target] for move in found)
        return next(move for move in found if board.height[move.target] == best)

    def place(self, vertex: graph.Vertex) -> str:
        """A vertex as the hint's table names it."""
        return str(vertex)

    def hint_tables(self, analysis: graph.TokenAnalysis, options: Options) -> list[dict[str, Any]]:
        """Each token's place and nimber, and their nim-sum."""
        best = None if analysis.recommended is None else analysis.recommended.token
        piece = self.piece.capitalize()
        rows: list[Any] = []
        for index, (vertex, value) in enumerate(
            zip(analysis.tokens, analysis.token_nimbers, strict=True)
        ):
            cells = [f"{piece} {index + 1}", self.place(vertex), value, f"{value:b}"]
            rows.append({"cells": cells, "mark": "best" if index == best else None})
        return [
            table(
                kind="tokens",
                label=f"La valeur de Grundy de la place de chaque {self.piece}, et leur somme de Nim",
                head=[
                    [
                        piece,
                        "Case" if self.pawns else "Sommet x",
                        "Valeur de Grundy g(x)",
                        "En base 2",
                    ]
                ],
                body=rows,
                foot=[
                    [
                        {"text": "Somme de Nim", "span": 2},
                        analysis.nimber,
                        f"{analysis.nimber:b}",
                    ]
                ],
            )
        ]

    def draw_start(self, options: Options, like: Tokens | None, chance: random.Random) -> Tokens:
        board = self.board(options)
        free = [vertex for vertex in board.vertices if board.successors[vertex]]
        count = len(like) if like else chance.randint(1, self.random_tokens)
        return tuple(sorted((chance.choice(free) for _ in range(count)), key=str))

    #: Most tokens of a random start (when not shaped like a position).
    random_tokens = MAX_GRAPH_TOKENS


class GraphGame(TokensGame):
    """Tokens on one of nimcore's worked graphs."""

    id = "graph"
    title = "jeton sur un graphe"
    examples = (
        "exemple-a-b",
        "exemple-c",
        "reseau-a-e",
        # A graph drawn in the laboratory (nimcore.graph.drawn), written in its one line.
        "a(100,60):b,c,d;b(60,160):c,e;c(140,160):e;d(300,60):c;e(200,300)-a-a-d",
        "a(100,60):b,c,d;b(60,160):c,e;c(140,160):e;d(300,60):c;e(200,300)-b",
    )
    usage = "jetons sur un graphe : graph exemple b c (le graphe, puis le sommet de chaque jeton)"
    option_names = frozenset({"graph"})

    def form(self) -> dict[str, Any]:
        """The graph (one of nimcore's worked graphs, which the page carries) and the tokens."""
        return graph_form(
            [
                (name, worked.title[0].upper() + worked.title[1:])
                for name, worked in graph.EXAMPLES.items()
            ]
        )

    def read_setup(self, values: Mapping[str, Any]) -> tuple[Tokens, Options]:
        """The graph chosen (a worked graph's name, or a drawn graph's line) and the tokens typed.

        >>> GAME.read_setup({"graph": "exemple", "tokens": "B, c"})
        (('b', 'c'), {'graph': 'exemple'})
        >>> GAME.read_setup({"graph": "exemple", "tokens": "b z"})
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Le jeton 2 est sur « z », qui n'est pas un sommet du graphe.
        """
        options = self.read_options({"graph": setup_text(values, "graph").strip()})
        tokens = self.read_tokens(values, "tokens", self.form()["fields"]["tokens"])
        return self.read_position(tokens, options), options

    def setup_values(self, position: Tokens, options: Options) -> dict[str, str]:
        return {"graph": options["graph"], "tokens": " ".join(map(str, position))}

    def read_tokens(
        self, values: Mapping[str, Any], name: str, field: Mapping[str, Any]
    ) -> list[Any]:
        """The vertices typed in the setup field *name* ("b c", "b, c"), as :meth:`read_position` reads them."""
        label = str(field["label"]).rstrip(" \u00a0:")
        parts = [part.lower() for part in re.split(r"[\s,;]+", setup_text(values, name)) if part]
        if not parts:
            raise NimcoreError(
                typeset(
                    f"{label} : indiquez au moins un jeton, par le nom de son sommet, comme « b c »."
                )
            )
        return parts

    def read_options(self, raw: Mapping[str, Any]) -> Options:
        name = raw.get("graph", "exemple")
        if isinstance(name, str) and "(" in name:  # a drawn graph: its places are written
            return {"graph": _drawn(name).code}
        return {"graph": graph.worked_graph(name).name}

    def board(self, options: Options) -> graph.Graph:
        name = options["graph"]
        if name in graph.EXAMPLES:
            return graph.worked_graph(name).graph
        return _drawn(name).graph

    def read_position(self, raw: object, options: Options) -> Tokens:
        if isinstance(raw, list) and len(raw) > MAX_GRAPH_TOKENS:
            raise NimcoreError(
                typeset(
                    f"Trop de jetons : {len(raw)} ; le plateau en accepte {MAX_GRAPH_TOKENS}"
                    " au plus."
                )
            )
        return graph.validate_tokens(self.board(options), raw)

    def encode(self, position: Tokens, options: Options) -> str:
        return "-".join([options["graph"], *map(str, position)])

    def decode(self, text: str) -> tuple[Tokens, Options]:
        if "(" in text and "-" in text:  # a drawn graph, then the tokens
            written, _, tokens = text.partition("-")
            options = self.read_options({"graph": written})
            return self.read_position(tokens.split("-"), options), options
        match = _CODE.fullmatch(text)
        if not match:
            raise NimcoreError(
                typeset(
                    f"« {text} » n'est pas une position de la forme exemple-b-c"
                    " (le graphe, puis le sommet de chaque jeton)."
                )
            )
        options = self.read_options({"graph": match.group(1)})
        return self.read_position(match.group(2)[1:].split("-"), options), options

    def rule(self, options: Options) -> str:
        return typeset(
            "À chaque coup, on fait glisser un jeton le long d'une flèche du graphe (plusieurs"
            " jetons peuvent partager un sommet) ; qui ne peut plus bouger aucun jeton a perdu."
        )

    def describe(self, position: Tokens, options: Options) -> str:
        name = options["graph"]
        title = graph.worked_graph(name).title if name in graph.EXAMPLES else DRAWN_TITLE
        return typeset(f"{plural(len(position), 'jeton')} sur {title}, en {_listed(position)}")


#: How a board names a graph drawn in the laboratory.
DRAWN_TITLE = "le graphe dessiné"


def graph_form(choices: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """The setup form of a board of tokens on a graph: the graph among *choices*, and the tokens.

    *choices* are (option ``graph``, French name): the worked graphs of a page,
    or the one graph drawn in the laboratory.
    """
    return form_schema(
        fields={
            "graph": form_field("Graphe :", choices=choices),
            "tokens": form_field(
                "Jetons :",
                help="Le sommet de chaque jeton, comme « b c » (plusieurs sur un même sommet"
                " si l’on veut).",
                counts=(1, MAX_GRAPH_TOKENS),
                noun="jeton",
            ),
        }
    )


@lru_cache(maxsize=8)
def _drawn(code: str) -> drawn.DrawnGraph:
    """A drawn graph read once for the many requests of a game on it."""
    return drawn.parse_drawn(code)


GAME = GraphGame()
