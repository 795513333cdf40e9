"""Chomp, as the registry knows it (rules in :mod:`nimcore.chomp`).

A position is the list of row lengths from the poisoned row upwards, never
increasing: ``[4, 4, 4]`` is a bar of 3 rows of 4 squares; its code is
``"4-4-4"``. ``[1]``, the poisoned square alone, is the end: the player to move
must eat it, so the last mover wins. A move's target is the bar left; it is
checked by finding the one bite that leaves it.

>>> from nimcore.games.chomp import GAME
>>> GAME.play((4, 4, 4), [4, 1, 1], {}).text
'croquer le carré ligne 2, colonne 2 (6 carrés mangés)'
>>> GAME.play((4, 4, 4), [3, 4, 4], {})
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: La rangée 2 (4 carrés) est plus longue que la rangée 1 (3 carrés) : \
les longueurs ne doivent pas augmenter en montant.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

from nimcore import chomp
from nimcore.errors import NimcoreError
from nimcore.french import numbered, plural, typeset
from nimcore.games.base import Game, form_field, form_schema

__all__ = ["GAME", "ChompGame"]

Bar = tuple[int, ...]
Options = dict[str, Any]

#: Random starts: a rectangle of 2 to 13 rows and 2 to 13 columns, or a staircase inside
#: it; every one inside the square of the shipped table (chomp.TABLE_SIZE).
RANDOM_ROWS = (2, chomp.TABLE_SIZE)
RANDOM_COLUMNS = (2, chomp.TABLE_SIZE)

_CODE = re.compile(r"[0-9]{1,4}(?:-[0-9]{1,4}){0,99}", re.ASCII)

#: How the analysis found its answer, in the hint's words.
_METHODS = {
    "famille": "la règle de cette famille donne la réponse, à toute taille.",
    "table": (
        f"réponse lue dans la table des positions perdantes du carré"
        f" {chomp.TABLE_SIZE}×{chomp.TABLE_SIZE}, calculée par le moteur."
    ),
    "recherche": "réponse trouvée par une recherche exhaustive.",
}


def _rectangle(rows: Bar) -> bool:
    return all(length == rows[0] for length in rows)


class ChompGame(Game[Bar, Options]):
    """A bite eats a square and every square above and to its right (Gale 1974)."""

    id = "chomp"
    title = "Chomp"

    def form(self) -> dict[str, Any]:
        """The bar, as a rectangle or row lengths, within the shipped table's square (its side, ``limits.side``).

        ``{height}`` and ``{width}`` are a rectangle too large for the board.
        """
        side = chomp.TABLE_SIZE
        return form_schema(
            fields={
                "bar": form_field(
                    "Tablette :",
                    help="« 4×7 » pour 4 lignes de 7 carrés, ou les longueurs des rangées depuis"
                    f" la rangée empoisonnée, comme « 5 3 1 » ({side}×{side} au plus).",
                )
            },
            limits={"side": side},
            texts={
                "syntax": "indiquez la tablette : « 3×4 » pour un rectangle, ou les longueurs"
                " des rangées comme « 5 3 1 ».",
                "too_large_rectangle": "tablette trop grande pour ce plateau ({height}×{width}) :"
                f" {side}×{side} au plus.",
                "too_large": f"tablette trop grande pour ce plateau : {side} rangées de {side}"
                " carrés au plus",
            },
        )

    def read_options(self, raw: Mapping[str, Any]) -> Options:
        return {}

    def read_position(self, raw: object, options: Options) -> Bar:
        return chomp.validate_rows(raw)

    def position_json(self, position: Bar) -> Any:
        return list(position)

    def encode(self, position: Bar, options: Options) -> str:
        return "-".join(map(str, position))

    def decode(self, text: str) -> tuple[Bar, Options]:
        if not _CODE.fullmatch(text):
            raise NimcoreError(typeset(f"« {text} » n'est pas une tablette de la forme 4-4-4."))
        return self.read_position([int(part) for part in text.split("-")], {}), {}

    def rule(self, options: Options) -> str:
        return typeset(
            "À chaque coup, on croque un carré de la tablette, et avec lui tous ceux qui sont"
            " au-dessus et à sa droite ; qui doit manger le carré empoisonné, en bas à gauche,"
            " a perdu."
        )

    def describe(self, position: Bar, options: Options) -> str:
        if _rectangle(position):
            return f"une tablette de {plural(len(position), 'rangée')} de {plural(position[0], 'carré')}"
        rows = numbered(list(position), "carré")
        return f"une tablette en escalier, rangées de {rows} depuis la rangée empoisonnée"

    def moves(self, position: Bar, options: Options) -> Iterator[chomp.ChompMove]:
        return chomp.moves(position)

    def terminal(self, position: Bar, options: Options) -> bool:
        return position == (1,)

    def play(self, position: Bar, to: object, options: Options) -> chomp.ChompMove:
        """The bite that leaves *to*: the first row that changes, cut at its new length."""
        if to == []:
            raise NimcoreError(
                typeset(
                    "Le carré empoisonné (ligne 1, colonne 1) ne se croque pas :"
                    " celui qui n'a plus que lui a perdu."
                )
            )
        target = chomp.validate_rows(to)
        row = next(
            (
                index
                for index, length in enumerate(position)
                if index >= len(target) or target[index] != length
            ),
            None,
        )
        if row is None:
            raise NimcoreError(
                typeset("Cette bouchée ne change rien : il faut croquer au moins un carré.")
            )
        column = target[row] if row < len(target) else 0
        if column < position[row]:
            reached = chomp.play(position, row, column)
            if reached == target:
                return chomp.ChompMove(row, column, position, reached)
        raise NimcoreError(
            typeset(
                "Cette tablette ne vient pas d'une seule bouchée : une bouchée mange un carré et"
                " tous ceux qui sont au-dessus et à sa droite."
            )
        )

    def analyse(self, position: Bar, options: Options) -> chomp.ChompAnalysis:
        return chomp.analyse(position)

    def delaying_move(self, position: Bar, options: Options) -> chomp.ChompMove:
        """The last square of the top row: one square eaten, the game kept long."""
        row = len(position) - 1
        column = position[-1] - 1
        return chomp.ChompMove(row, column, position, chomp.play(position, row, column))

    def draw_start(self, options: Options, like: Bar | None, chance: random.Random) -> Bar:
        height = chance.randint(*RANDOM_ROWS)
        width = chance.randint(*RANDOM_COLUMNS)
        if chance.random() < 0.25:
            return (width,) * height
        rows = sorted(
            (chance.randint(1, width) for _ in range(chance.randint(2, height))), reverse=True
        )
        return tuple(rows)

    def hint_notes(self, analysis: chomp.ChompAnalysis, options: Options) -> list[str]:
        """The family recognised and how the answer was found; the nimber when computed."""
        method = _METHODS.get(analysis.method, "")
        notes = []
        if analysis.family is not None and analysis.family != "poison":
            name = analysis.to_dict()["family_name"]
            notes.append(f"Famille reconnue : « {name} » — {method}")
        elif analysis.family is None:
            notes.append(f"Aucune famille résolue ne contient cette tablette : {method}")
        if analysis.nimber is not None:
            notes.append(f"Valeur de Grundy de la tablette : {analysis.nimber}.")
        return [typeset(note) for note in notes]


GAME = ChompGame()
