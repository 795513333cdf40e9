"""Pawns on Delahaye's board, as the registry knows it (rules in :mod:`nimcore.graph`).

A square board of side ``size`` (an option, 5 by default); a pawn moves one or
two cells to the right, or one or two cells down, and stops in the bottom-right
cell; several pawns may share a cell; whoever can move no pawn loses. A
position is the list of the pawns' cells ``[row, column]``, counted from 0 at
the top left; pawns stay in place in the list, so a move changes one cell. Its
code is the side, then each pawn's row and column counted from 1:
``"5-11-21-31-41-51"`` is Delahaye's start, five pawns in the left column.

It is :class:`~nimcore.games.graph.TokensGame` on the board's graph, with the
words of pawns and cells.

>>> from nimcore.games.pawns import GAME
>>> start, options = GAME.decode("5-11-21-31-41-51")
>>> GAME.play(start, [[0, 0], [1, 0], [2, 2], [3, 0], [4, 0]], options).text
'avancer le pion 3 de 2 cases vers la droite (ligne 3, colonne 1 → ligne 3, colonne 3)'
>>> GAME.read_position([[5, 0]], options)
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: Le pion 1 est en ligne 6, colonne 1, hors du damier 5×5 \
(lignes et colonnes de 1 à 5).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from nimcore import graph
from nimcore.errors import NimcoreError
from nimcore.french import plural, typeset
from nimcore.games.base import (
    check_integer,
    form_field,
    form_schema,
    setup_naturals,
    setup_text,
)
from nimcore.games.graph import Tokens, TokensGame

__all__ = ["GAME", "MAX_PAWNS", "MAX_SIZE", "MIN_SIZE", "PawnsGame"]

Options = dict[str, Any]

#: Sides of the board (one digit each in a code).
MIN_SIZE, MAX_SIZE = 2, 9
#: Most pawns on the board.
MAX_PAWNS = 12

_CODE = re.compile(r"([2-9])((?:-[1-9][1-9]){1,12})", re.ASCII)
#: A cell typed in the setup form: its row and column counted from 1, "3-1" (or "3.1", "3,1").
_TYPED_CELL = re.compile(r"(\d{1,2})[-.,](\d{1,2})", re.ASCII)


def _cell(cell: graph.Vertex) -> str:
    assert isinstance(cell, tuple)
    return f"({cell[0] + 1}, {cell[1] + 1})"


class PawnsGame(TokensGame):
    """Pawns moving right or down by one or two cells, to the bottom-right corner (Delahaye)."""

    id = "pawns"
    title = "pions sur le damier"
    examples = ("3-11-21", "4-12")
    usage = (
        "pions sur le damier : pawns 5 11 21 (le côté du damier, puis la ligne et la colonne"
        " de chaque pion)"
    )
    option_names = frozenset({"size"})
    piece = "pion"
    pawns = True
    arrival = "l'une de ses cases d'arrivée"
    random_tokens = 6

    def form(self) -> dict[str, Any]:
        """The board's side and the pawns' cells, "ligne-colonne" counted from 1."""
        return form_schema(
            fields={
                "size": form_field(
                    "Côté du damier :", low=MIN_SIZE, high=MAX_SIZE, counts=(1, 1), noun="côté"
                ),
                "pawns": form_field(
                    "Pions :",
                    help="Chaque pion par sa case « ligne-colonne », comptées à partir de 1 en haut"
                    " à gauche : « 1-1 3-2 » (plusieurs sur une même case si l’on veut).",
                    counts=(1, MAX_PAWNS),
                    noun="pion",
                ),
            }
        )

    def read_setup(self, values: Mapping[str, Any]) -> tuple[Tokens, Options]:
        """The side and the cells typed ("1-1 3-2", rows and columns from 1), checked.

        >>> GAME.read_setup({"size": "4", "pawns": "1-1 3-2"})
        (((0, 0), (2, 1)), {'size': 4})
        >>> GAME.read_setup({"size": "4", "pawns": "1-1 x"})
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Pions : « x » n'est pas une case de la forme ligne-colonne, \
comme « 3-1 ».
        """
        fields = self.form()["fields"]
        size = setup_naturals(values, "size", fields["size"])[0]
        options = self.read_options({"size": size})
        label = str(fields["pawns"]["label"]).rstrip(" \u00a0:")
        parts = [
            part.rstrip(",") for part in re.split(r"[\s;]+", setup_text(values, "pawns")) if part
        ]
        parts = [part for part in parts if part]
        if not parts:
            raise NimcoreError(
                typeset(
                    f"{label} : indiquez au moins un pion, par sa case « ligne-colonne » comptée"
                    " à partir de 1, comme « 3-1 »."
                )
            )
        cells = []
        for part in parts:
            match = _TYPED_CELL.fullmatch(part)
            if not match:
                shown = part if len(part) <= 24 else part[:24] + "…"
                raise NimcoreError(
                    typeset(
                        f"{label} : « {shown} » n'est pas une case de la forme ligne-colonne,"
                        " comme « 3-1 »."
                    )
                )
            cells.append([int(match.group(1)) - 1, int(match.group(2)) - 1])
        return self.read_position(cells, options), options

    def setup_values(self, position: Tokens, options: Options) -> dict[str, str]:
        cells = " ".join(f"{cell[0] + 1}-{cell[1] + 1}" for cell in position)  # type: ignore[index]
        return {"size": str(options["size"]), "pawns": cells}

    def read_options(self, raw: Mapping[str, Any]) -> Options:
        return {"size": check_integer(raw, "size", MIN_SIZE, MAX_SIZE, default=5)}

    def board(self, options: Options) -> graph.Graph:
        return graph.pawn_board(options["size"])

    def read_position(self, raw: object, options: Options) -> Tokens:
        return graph.validate_pawns(raw, options["size"], MAX_PAWNS)

    def read_target(self, raw: object) -> object:
        return tuple(raw) if isinstance(raw, list) else raw

    def position_json(self, position: Tokens) -> Any:
        return [list(cell) for cell in position]  # type: ignore[call-overload]

    def encode(self, position: Tokens, options: Options) -> str:
        cells = [f"{cell[0] + 1}{cell[1] + 1}" for cell in position]  # type: ignore[index]
        return "-".join([str(options["size"]), *cells])

    def decode(self, text: str) -> tuple[Tokens, Options]:
        match = _CODE.fullmatch(text)
        if not match:
            raise NimcoreError(
                typeset(
                    f"« {text} » n'est pas une position de la forme 5-11-21 (le côté du damier,"
                    " puis la ligne et la colonne de chaque pion)."
                )
            )
        options = self.read_options({"size": int(match.group(1))})
        cells = [[int(cell[0]) - 1, int(cell[1]) - 1] for cell in match.group(2)[1:].split("-")]
        return self.read_position(cells, options), options

    def rule(self, options: Options) -> str:
        return typeset(
            "À chaque coup, on avance un pion d'une ou deux cases vers la droite, ou d'une ou"
            " deux cases vers le bas (plusieurs pions peuvent partager une case) ; un pion"
            " arrivé en bas à droite ne bouge plus, et qui ne peut plus bouger aucun pion a perdu."
        )

    def describe(self, position: Tokens, options: Options) -> str:
        size = options["size"]
        cells = ", ".join(_cell(cell) for cell in position)
        return typeset(f"{plural(len(position), 'pion')} sur un damier {size}×{size}, en {cells}")

    def place(self, vertex: graph.Vertex) -> str:
        return _cell(vertex)

    def drawing(self, position: Tokens, options: Options) -> Any:
        """The Grundy value of every cell, row by row from the top (the board can write them)."""
        return {"values": [list(row) for row in graph.pawn_board_grundy(options["size"])]}


GAME = PawnsGame()
