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

The package is split by concern: :mod:`~nimcore.graph.values` (the graph, its
Grundy function and kernel), :mod:`~nimcore.graph.tokens` (the game of tokens),
:mod:`~nimcore.graph.pawns` (Delahaye's board), :mod:`~nimcore.graph.worked`
(the worked graphs), :mod:`~nimcore.graph.drawing` (a graph laid out for a
figure or a board) and :mod:`~nimcore.graph.drawn` (a graph drawn by the reader
in the laboratory). Everything public is importable from here.
"""

from nimcore.graph.pawns import (
    analyse_pawns,
    pawn_board,
    pawn_board_grundy,
    pawn_moves,
    validate_pawns,
)
from nimcore.graph.tokens import (
    TokenAnalysis,
    TokenMove,
    analyse,
    analyse_checked,
    arcs_text,
    labelling_texts,
    moves,
    play,
    token_move,
    validate_tokens,
    winning_moves,
)
from nimcore.graph.values import (
    MAX_BOARD_SIZE,
    MAX_EDGES,
    MAX_TOKENS,
    MAX_VERTICES,
    Cell,
    Graph,
    LabelStep,
    Vertex,
    grundy_steps,
    grundy_values,
    is_absorbing,
    is_independent,
    kernel,
    validate_graph,
)
from nimcore.graph.worked import EXAMPLES, WorkedGraph, worked_graph

__all__ = [
    "EXAMPLES",
    "MAX_BOARD_SIZE",
    "MAX_EDGES",
    "MAX_TOKENS",
    "MAX_VERTICES",
    "Cell",
    "Graph",
    "LabelStep",
    "TokenAnalysis",
    "TokenMove",
    "Vertex",
    "WorkedGraph",
    "analyse",
    "analyse_checked",
    "analyse_pawns",
    "arcs_text",
    "grundy_steps",
    "grundy_values",
    "is_absorbing",
    "is_independent",
    "kernel",
    "labelling_texts",
    "moves",
    "pawn_board",
    "pawn_board_grundy",
    "pawn_moves",
    "play",
    "token_move",
    "validate_graph",
    "validate_pawns",
    "validate_tokens",
    "winning_moves",
    "worked_graph",
]
