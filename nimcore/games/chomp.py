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
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from nimcore import chomp
from nimcore.errors import NimcoreError
from nimcore.french import numbered, plural, quoted, typeset
from nimcore.games.base import Game, Role, command_heaps, form_field, form_schema, setup_text

__all__ = ["GAME", "ChompGame"]

Bar = tuple[int, ...]
Options = dict[str, Any]

#: Random starts: a rectangle of 2 to 13 rows and 2 to 13 columns, or a staircase inside
#: it; every one inside the square of the shipped table (chomp.TABLE_SIZE).
RANDOM_ROWS = (2, chomp.TABLE_SIZE)
RANDOM_COLUMNS = (2, chomp.TABLE_SIZE)

_CODE = re.compile(r"[0-9]{1,4}(?:-[0-9]{1,4}){0,99}", re.ASCII)
#: A rectangle typed in the setup form: "4×7", "4x7", "4 * 7" (rows × columns).
_RECTANGLE = re.compile(r"([0-9]{1,4})\s*[x×X*]\s*([0-9]{1,4})", re.ASCII)
#: The poisoned square, (row, column) from 0: bottom left.
POISONED = (0, 0)

#: How the analysis found its answer, in the hint's words.
_METHODS = {
    "famille": "la règle de cette famille donne la réponse, à toute taille.",
}


def _rectangle(rows: Bar) -> bool:
    return all(length == rows[0] for length in rows)


class ChompGame(Game[Bar, Options]):
    """A bite eats a square and every square above and to its right (Gale 1974)."""

    id = "chomp"
    title = "Chomp"
    examples = ("13-12-2", "3-3-3-3-3-3-3-3-3-3-3-2", "4-4-4", "5-3-2")
    usage = "Chomp : chomp 4 4 3 (longueurs des rangées depuis celle du carré empoisonné)"

    def form(self) -> dict[str, Any]:
        """The bar, as a rectangle or row lengths, within the shipped table's square (its side, ``limits.side``)."""
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
        )

    def read_setup(self, values: Mapping[str, Any]) -> tuple[Bar, Options]:
        """The bar typed: a rectangle « 4×7 » (rows × columns) or the row lengths « 5 3 1 ».

        >>> GAME.read_setup({"bar": "3×4"})
        ((4, 4, 4), {})
        >>> GAME.read_setup({"bar": "5, 3, 1"})
        ((5, 3, 1), {})
        >>> GAME.read_setup({"bar": "trois"})
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Tablette : « trois » n'est ni un rectangle comme « 3×4 », \
ni des longueurs de rangées comme « 5 3 1 ».
        """
        text = setup_text(values, "bar").strip()
        rectangle = _RECTANGLE.fullmatch(text)
        if rectangle is not None:
            height, width = int(rectangle.group(1)), int(rectangle.group(2))
            if height == 0 or width == 0:
                raise NimcoreError(
                    typeset(
                        f"Tablette : « {text} » est vide ; il faut au moins le carré empoisonné."
                    )
                )
            return self.read_position([width] * height, {}), {}
        parts = [part for part in re.split(r"[\s,;-]+", text) if part]
        if not parts:
            raise NimcoreError(
                typeset(
                    "Tablette : indiquez-la, « 3×4 » pour un rectangle ou les longueurs des"
                    " rangées comme « 5 3 1 »."
                )
            )
        if not all(part.isascii() and part.isdigit() and len(part) <= 4 for part in parts):
            raise NimcoreError(
                typeset(
                    f"Tablette : {quoted(text)} n'est ni un rectangle comme « 3×4 »,"
                    " ni des longueurs de rangées comme « 5 3 1 »."
                )
            )
        return self.read_position([int(part) for part in parts], {}), {}

    def setup_values(self, position: Bar, options: Options) -> dict[str, str]:
        """The bar as the form writes it: « 3×4 » for a rectangle, else its row lengths."""
        if _rectangle(position):
            return {"bar": f"{len(position)}×{position[0]}"}
        return {"bar": " ".join(map(str, position))}

    def board_refusal(self, position: Bar, options: Options) -> str | None:
        """A bar beyond the table's square (:data:`chomp.TABLE_SIZE` rows of as many squares).

        >>> print(GAME.board_refusal((14, 3), {}))
        Tablette trop grande pour ce plateau : 13 rangées de 13 carrés au plus.
        """
        side = chomp.TABLE_SIZE
        if len(position) > side or position[0] > side:
            return typeset(
                f"Tablette trop grande pour ce plateau : {side} rangées de {side} carrés au plus."
            )
        return None

    def drawing(self, position: Bar, options: Options) -> Any:
        """Where the poisoned square is, (row, column) from 0: the board marks it."""
        return {"poisoned": list(POISONED)}

    def last_move_words(self, last: Role, position: Bar, options: Options) -> str:
        """The end: only the poisoned square is left, and the other player must eat it.

        >>> GAME.last_move_words("reader", (1,), {})
        'Il ne reste que le carré empoisonné, et l’ordinateur doit le manger.'
        """
        eater = {
            "reader": "l’ordinateur doit",
            "computer": "vous devez",
            "player1": "le joueur 2 doit",
            "player2": "le joueur 1 doit",
        }[last]
        return f"Il ne reste que le carré empoisonné, et {eater} le manger."

    def read_position(self, raw: object, options: Options) -> Bar:
        return chomp.validate_rows(raw)

    def encode(self, position: Bar, options: Options) -> str:
        return "-".join(map(str, position))

    def decode(self, text: str) -> tuple[Bar, Options]:
        if not _CODE.fullmatch(text):
            raise NimcoreError(typeset(f"« {text} » n'est pas une tablette de la forme 4-4-4."))
        return self.read_position([int(part) for part in text.split("-")], {}), {}

    def command(self, words: Sequence[str], flags: Mapping[str, Any]) -> tuple[str, str, str]:
        return self.id, command_heaps(words, "rangée"), self.title

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

    def gestures(self, move: chomp.ChompMove) -> list[dict[str, Any]]:
        """The square bitten, ``{"cell": [row, column]}`` (from 0, the poisoned row first).

        >>> GAME.gestures(GAME.play((4, 4, 4), [4, 1, 1], {}))
        [{'cell': [1, 1]}]
        """
        return [{"cell": [move.row, move.column]}]

    def gesture_target(self, position: Bar, gesture: Mapping[str, Any], options: Options) -> object:
        """The bar left by biting the square ``cell``; the poisoned square and eaten ones are refused.

        >>> GAME.gesture_target((4, 4, 4), {"cell": [1, 1]}, {})
        [4, 1, 1]
        >>> GAME.gesture_target((4, 4, 4), {"cell": [3, 0]}, {})
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Il n'y a pas de carré ligne 4, colonne 1 dans cette tablette.
        """
        cell = gesture.get("cell")
        if (
            set(gesture) != {"cell"}
            or not isinstance(cell, list)
            or len(cell) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in cell)
        ):
            raise NimcoreError(typeset(f"Carré illisible : {quoted(cell)}."))
        return list(chomp.play(position, cell[0], cell[1]))

    def analyse(self, position: Bar, options: Options) -> chomp.ChompAnalysis:
        return chomp.analyse(position)

    def decide(self, position: Bar, options: Options) -> chomp.ChompAnalysis:
        """The outcome and the recommended move, without the explanation (:meth:`analyse`'s)."""
        return chomp.analyse(position, explain=False)

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
            notes.append("Aucune famille résolue ne contient cette tablette.")
        if analysis.nimber is not None:
            notes.append(f"Valeur de Grundy de la tablette : {analysis.nimber}.")
        return [typeset(note) for note in notes]


GAME = ChompGame()
