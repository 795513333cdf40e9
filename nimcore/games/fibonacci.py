"""Fibonacci Nim, as the registry knows it (rules in :mod:`nimcore.fibonacci`).

A position is ``[n, p]``: n tokens left, at most p of them may be taken now.
A fresh game of N tokens is ``[N, N − 1]`` (the first move may take anything
but the whole heap); a bare number N is read as that fresh game, and its code
is just ``"N"`` (``"24"``, while ``"21-6"`` is the position [21, 6]). Random
starts are fresh games (:attr:`start_by_move` is False).

>>> from nimcore.games.fibonacci import GAME
>>> GAME.read_position(24, {})
(24, 23)
>>> GAME.play((24, 23), [21, 6], {}).text
'retirer 3 jetons (24 → 21)'
>>> GAME.play((21, 6), [14, 14], {})
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: Impossible de retirer 7 jetons : la limite est de 6.
>>> GAME.encode((24, 23), {}), GAME.decode("21-6")
('24', ((21, 6), {}))
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from nimcore import fibonacci
from nimcore.errors import NimcoreError
from nimcore.french import plural, quoted, typeset
from nimcore.games.base import (
    Flag,
    Game,
    command_count,
    command_heaps,
    form_field,
    form_schema,
    setup_naturals,
    table,
)
from nimcore.numeration import fibonacci_numbers

__all__ = ["BOARD_TOKENS", "GAME", "FibonacciGame"]

Position = tuple[int, int]
Options = dict[str, Any]

#: Random starts: a fresh heap of 6 to 65 tokens (about one in twelve is a P-position).
RANDOM_TOKENS = (6, 65)
#: The largest heap the board draws (its setup form).
BOARD_TOKENS = 100
#: The hint's table of the Zeckendorf word is shown up to this many digits.
MAX_WORD_DIGITS = 40

_CODE = re.compile(r"([0-9]{1,1240})(?:-([0-9]{1,1240}))?", re.ASCII)


def _natural(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise NimcoreError(typeset(f"{what} vaut {quoted(value)} : un entier naturel est attendu."))
    return value


class FibonacciGame(Game[Position, Options]):
    """One heap; each move takes at most twice the previous one (Whinihan 1963)."""

    id = "fibonacci"
    title = "Fibonacci-Nim"
    examples = ("12", "10")
    usage = "Fibonacci-Nim : fibonacci N [--limit P]"
    flags = (Flag("--limit", "le plus qu'on peut prendre maintenant (N−1 au départ)", "P"),)
    start_by_move = False

    def form(self) -> dict[str, Any]:
        """A fresh heap of at most :data:`BOARD_TOKENS` tokens."""
        return form_schema(
            fields={
                "tokens": form_field(
                    f"Nombre de jetons ({BOARD_TOKENS} au plus) :",
                    low=0,
                    high=BOARD_TOKENS,
                    counts=(1, 1),
                    noun="nombre de jetons",
                )
            },
        )

    def read_setup(self, values: Mapping[str, Any]) -> tuple[Position, Options]:
        """A fresh heap of the number of tokens typed.

        >>> GAME.read_setup({"tokens": "24"})
        ((24, 23), {})
        >>> GAME.read_setup({"tokens": "0"})
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Il faut au moins un jeton pour commencer une partie.
        """
        (tokens,) = setup_naturals(values, "tokens", self.form()["fields"]["tokens"])
        return fibonacci.start_position(tokens), {}

    def fits_setup(self, position: Position, options: Options) -> bool:
        """The form holds a fresh heap only (no limit left by a previous move)."""
        return position[0] >= 1 and position == fibonacci.start_position(position[0])

    def setup_values(self, position: Position, options: Options) -> dict[str, str]:
        """The tokens left: a new game from the form is a fresh heap of as many."""
        return {"tokens": str(position[0])}

    def board_refusal(self, position: Position, options: Options) -> str | None:
        """More than :data:`BOARD_TOKENS` tokens: the heap would not fit the board.

        >>> print(GAME.board_refusal((101, 100), {}))
        Un tas de 101 jetons, c'est trop pour ce plateau : 100 au plus.
        """
        if position[0] > BOARD_TOKENS:
            return typeset(
                f"Un tas de {plural(position[0], 'jeton')}, c'est trop pour ce plateau :"
                f" {BOARD_TOKENS} au plus."
            )
        return None

    def read_position(self, raw: object, options: Options) -> Position:
        """[n, p], or a bare number N: a fresh game (N, N − 1)."""
        if isinstance(raw, int) and not isinstance(raw, bool):
            return fibonacci.start_position(raw)
        return fibonacci.validate_position(raw)

    def encode(self, position: Position, options: Options) -> str:
        tokens, limit = position
        return str(tokens) if tokens and limit == tokens - 1 else f"{tokens}-{limit}"

    def decode(self, text: str) -> tuple[Position, Options]:
        match = _CODE.fullmatch(text)
        if match is None:
            raise NimcoreError(
                typeset(
                    f"« {text} » n'est pas une position de la forme 24 (un tas neuf)"
                    " ou 21-6 (jetons-limite)."
                )
            )
        tokens = int(match.group(1))
        if match.group(2) is None:
            return fibonacci.start_position(tokens), {}
        return fibonacci.validate_position((tokens, int(match.group(2)))), {}

    def command(self, words: Sequence[str], flags: Mapping[str, Any]) -> tuple[str, str, str]:
        command_count(words, 1, "le nombre N de jetons")
        tokens = command_heaps(words, "jetons")
        code = (
            tokens
            if flags["limit"] is None
            else f"{tokens}-{command_heaps([flags['limit']], '--limit')}"
        )
        return self.id, code, "Fibonacci-Nim (jetons, limite du prochain coup)"

    def rule(self, options: Options) -> str:
        return typeset(
            "Un seul tas : au premier coup, on retire des jetons sans tout prendre ; ensuite,"
            " chacun retire de 1 jeton au double de ce que l'adversaire vient de prendre ;"
            " qui prend le dernier jeton gagne."
        )

    def describe(self, position: Position, options: Options) -> str:
        tokens, limit = position
        can = (
            "rien ne peut être pris"
            if limit == 0
            else f"au plus {plural(limit, 'jeton')} à prendre"
        )
        if tokens == 0:
            return "le tas est vide"
        return f"un tas de {plural(tokens, 'jeton')}, {can}"

    def moves(self, position: Position, options: Options) -> Iterator[fibonacci.FibonacciMove]:
        return fibonacci.moves(position)

    def terminal(self, position: Position, options: Options) -> bool:
        return position[1] == 0

    def play(self, position: Position, to: object, options: Options) -> fibonacci.FibonacciMove:
        """The move to *to* = [n', p']: n − n' tokens taken (1 to p), and p' = min(2·taken, n').

        p' may be left null: a board that only knows how many tokens stay gets
        the limit from the rule.
        """
        if isinstance(to, (str, bytes)) or not isinstance(to, (list, tuple)) or len(to) != 2:
            raise NimcoreError(
                typeset(
                    f"La position d'arrivée doit être une paire [jetons, limite], pas {quoted(to)}."
                )
            )
        tokens = position[0]
        rest = _natural(to[0], "Le nombre de jetons d'arrivée")
        if rest > tokens:
            raise NimcoreError(
                typeset(
                    f"On ne peut pas ajouter de jetons : le tas passerait de {tokens} à {rest}."
                )
            )
        take = tokens - rest
        reached = fibonacci.play(position, take)
        limit = None if to[1] is None else _natural(to[1], "La limite d'arrivée")
        if limit is not None and limit != reached[1]:
            raise NimcoreError(
                typeset(
                    f"Après un retrait de {plural(take, 'jeton')}, l'adversaire peut en prendre"
                    f" {reached[1]} au plus : la position d'arrivée est ({rest}, {reached[1]}),"
                    f" pas ({rest}, {limit})."
                )
            )
        return fibonacci.FibonacciMove(take, position, reached)

    def gestures(self, move: fibonacci.FibonacciMove) -> list[dict[str, Any]]:
        """The tokens taken, ``{"take": t}``: on the board, touching a token takes it and those after it.

        >>> GAME.gestures(GAME.play((24, 23), [21, 6], {}))
        [{'take': 3}]
        """
        return [{"take": move.take}]

    def gesture_target(
        self, position: Position, gesture: Mapping[str, Any], options: Options
    ) -> object:
        """The tokens left after taking ``take``, the next limit left to the rule (:meth:`play`).

        >>> GAME.gesture_target((24, 23), {"take": 3}, {})
        [21, None]
        >>> GAME.gesture_target((5, 2), {"take": 6}, {})
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Le tas n'a que 5 jetons : on ne peut pas en retirer 6.
        """
        take = gesture.get("take")
        if set(gesture) != {"take"} or isinstance(take, bool) or not isinstance(take, int):
            raise NimcoreError(typeset(f"Geste illisible : {quoted(dict(gesture))}."))
        if take < 1:
            raise NimcoreError(typeset("Il faut retirer au moins un jeton."))
        tokens = position[0]
        if take > tokens:
            raise NimcoreError(
                typeset(
                    f"Le tas n'a que {plural(tokens, 'jeton')} : on ne peut pas en retirer {take}."
                )
            )
        return [tokens - take, None]

    def analyse(self, position: Position, options: Options) -> fibonacci.FibonacciAnalysis:
        return fibonacci.analyse(position)

    def decide(self, position: Position, options: Options) -> fibonacci.FibonacciAnalysis:
        """The outcome and the recommended move, without the explanation (:meth:`analyse`'s)."""
        return fibonacci.analyse(position, explain=False)

    def delaying_move(self, position: Position, options: Options) -> fibonacci.FibonacciMove:
        """A single token: the game kept long (the opponent may then take 2 at most)."""
        return self.play(position, list(fibonacci.play(position, 1)), options)

    def draw_start(
        self, options: Options, like: Position | None, chance: random.Random
    ) -> Position:
        return fibonacci.start_position(chance.randint(*RANDOM_TOKENS))

    def hint_tables(
        self, analysis: fibonacci.FibonacciAnalysis, options: Options
    ) -> list[dict[str, Any]]:
        """The Zeckendorf word of the heap under the Fibonacci numbers, its smallest term marked."""
        tokens = analysis.tokens
        digits = analysis.zeckendorf_digits
        if tokens == 0 or len(digits) > MAX_WORD_DIGITS:
            return []
        weights = tuple(reversed(fibonacci_numbers(tokens)))
        smallest = analysis.smallest_term

        def mark(weight: int, digit: int = 0) -> str | None:
            return "smallest" if weight == smallest else ("one" if digit else None)

        return [
            table(
                kind="fibonacci-word",
                caption=f"Écriture de Zeckendorf de {tokens}",
                head=[["Fibonacci", *({"text": w, "mark": mark(w)} for w in weights)]],
                body=[
                    [
                        "Chiffre",
                        *(
                            {"text": digit, "mark": mark(weight, digit)}
                            for weight, digit in zip(weights, digits, strict=True)
                        ),
                    ]
                ],
            )
        ]


GAME = FibonacciGame()
