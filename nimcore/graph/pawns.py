"""Delahaye's pawn board: a graph of cells where a pawn moves one or two cells right or down."""

from collections.abc import Iterator, Sequence
from functools import cache

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.graph.tokens import (
    TokenAnalysis,
    TokenMove,
    _analyse,
    _moves,
)
from nimcore.graph.values import MAX_BOARD_SIZE, MAX_TOKENS, Cell, Graph, Vertex, validate_graph

# --- Delahaye's pawn board -----------------------------------------------------------


def _check_size(size: object) -> int:
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_BOARD_SIZE:
        raise NimcoreError(
            typeset(
                f"La taille du damier doit être un entier de 1 à {MAX_BOARD_SIZE}, pas « {size} »."
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


def validate_pawns(pawns: object, size: int = 5, limit: int = MAX_TOKENS) -> tuple[Cell, ...]:
    """Return *pawns* as a tuple of cells (row, column), or raise :class:`NimcoreError`.

    Cells are counted from 0 here; the messages count rows and columns from 1,
    as a reader does.

    >>> validate_pawns([[0, 0], (4, 0)])
    ((0, 0), (4, 0))
    >>> validate_pawns([(5, 0)])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le pion 1 est en ligne 6, colonne 1, hors du damier 5×5 \
(lignes et colonnes de 1 à 5).

    Several pawns may share a cell; at most *limit* pawns. Cost: one check per pawn.
    """
    size = _check_size(size)
    if isinstance(pawns, (str, bytes)) or not isinstance(pawns, Sequence):
        raise NimcoreError(
            typeset(f"Une liste de cases [ligne, colonne] est attendue, pas « {pawns} ».")
        )
    if not pawns:
        raise NimcoreError(typeset("Il faut au moins un pion."))
    if len(pawns) > limit:
        raise NimcoreError(
            typeset(f"Trop de pions : {len(pawns)} ; la limite est de {limit} pions.")
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
                    f"Le pion {index} est en « {cell} » : une case [ligne, colonne] est attendue."
                )
            )
        row, column = cell
        if not (0 <= row < size and 0 <= column < size):
            raise NimcoreError(
                typeset(
                    f"Le pion {index} est en ligne {row + 1}, colonne {column + 1}, hors du"
                    f" damier {size}×{size} (lignes et colonnes de 1 à {size})."
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
