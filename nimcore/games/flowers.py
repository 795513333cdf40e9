"""The flowers game, as the registry knows it: a row of flowers, the octal game 0.137.

A position is the row itself, a text of ``f`` (a flower standing) and ``x`` (a
flower cut), such as ``"ffxfffffff"``. A move cuts a standing flower none of
whose neighbours is cut. The flowers that may still be cut form maximal runs,
and a run of h flowers is a heap of h tokens of the octal game 0.137 (Dawson's
chess; see :mod:`nimcore.octal`): the analysis is that game's, on the runs,
and each of its moves is a flower of the row. The translation is written here,
once.

>>> from nimcore.games.flowers import GAME
>>> GAME.play("ffffffffff", "ffxfffffff", {}).text
'cueillir la fleur 3 (paquet de 10 fleurs → 1 + 6)'
>>> GAME.play("ffffffffff", "xfxfffffff", {})
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: Un coup cueille une seule fleur : ici 2 fleurs changent.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nimcore import octal
from nimcore.errors import NimcoreError
from nimcore.french import plural, typeset
from nimcore.games.base import Game, form_field, form_schema, setup_naturals, setup_text
from nimcore.games.heaps import heap_value_table

__all__ = [
    "BOARD_FLOWERS",
    "GAME",
    "MAX_FLOWERS",
    "FlowerMove",
    "FlowersAnalysis",
    "FlowersGame",
    "runs",
]

Row = str
Options = dict[str, Any]

#: Longest row.
MAX_FLOWERS = 60
#: Random starts: a row of 4 to 30 standing flowers.
RANDOM_FLOWERS = (4, 30)
#: The longest row the board draws (its setup form).
BOARD_FLOWERS = 30
STANDING, CUT = "f", "x"


def _free(row: Row, index: int) -> bool:
    """Can flower *index* be cut: standing, and no neighbour cut?"""
    left = row[index - 1] if index > 0 else STANDING
    right = row[index + 1] if index + 1 < len(row) else STANDING
    return row[index] == STANDING and CUT not in (left, right)


def runs(row: Row) -> list[tuple[int, int]]:
    """The maximal runs of flowers that may be cut, as (first flower, length), left to right.

    >>> runs("ffxfffffff")
    [(0, 1), (4, 6)]
    """
    found: list[tuple[int, int]] = []
    for index in range(len(row)):
        if not _free(row, index):
            continue
        if found and sum(found[-1]) == index:
            found[-1] = (found[-1][0], found[-1][1] + 1)
        else:
            found.append((index, 1))
    return found


def _heaps(row: Row) -> tuple[int, ...]:
    """The heaps of 0.137 of a row: its runs' lengths ((0,) when none is left)."""
    return tuple(length for _, length in runs(row)) or (0,)


@dataclass(frozen=True, slots=True)
class FlowerMove:
    """Cutting flower *flower* (counted from 0) of the row *before*, which leaves *to*."""

    flower: int
    before: Row
    to: Row

    @property
    def parts(self) -> tuple[int, ...]:
        """What becomes of the flower's run: the runs it leaves (none, one or two)."""
        start, length = next((s, n) for s, n in runs(self.before) if s <= self.flower < s + n)
        left = max(0, self.flower - 1 - start)
        right = max(0, start + length - self.flower - 2)
        return tuple(size for size in (left, right) if size)

    @property
    def run_length(self) -> int:
        return next(n for s, n in runs(self.before) if s <= self.flower < s + n)

    @property
    def text(self) -> str:
        """The move in French: the flower, and what becomes of its run."""
        parts = " + ".join(map(str, self.parts)) or "0"
        return f"cueillir la fleur {self.flower + 1} (paquet de {plural(self.run_length, 'fleur')} → {parts})"

    def to_dict(self) -> dict[str, Any]:
        return {"flower": self.flower, "to": self.to, "text": self.text}


@dataclass(frozen=True, slots=True)
class FlowersAnalysis:
    """A row analysed as the octal game 0.137 on its runs, moves written as flowers."""

    row: Row
    heaps: tuple[int, ...]
    outcome: str
    nimber: int
    nimbers: tuple[int, ...]
    nim_sum: int
    winning_moves: tuple[FlowerMove, ...]
    recommended: FlowerMove | None
    explanation: tuple[str, ...]
    heap_analysis: octal.OctalAnalysis

    @property
    def terminal(self) -> bool:
        return not runs(self.row)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "flowers",
            "row": self.row,
            "heaps": list(self.heaps),
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nimber": self.nimber,
            "nimbers": list(self.nimbers),
            "nim_sum": self.nim_sum,
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "explanation": list(self.explanation),
        }


def _shown(value: object) -> str:
    """What a reader or a board sent, as it stands (as JSON when not a text), cut short when long.

    >>> _shown({"flower": "2"}), _shown("f" * 50)[-3:]
    ('{"flower": "2"}', 'ff…')
    """
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:40] + "…"


def _cut(row: Row, flower: int) -> FlowerMove:
    return FlowerMove(flower, row, row[:flower] + CUT + row[flower + 1 :])


class FlowersGame(Game[Row, Options]):
    """Cut a flower none of whose neighbours is cut (Dawson's chess, 0.137)."""

    id = "flowers"
    title = "jeu des fleurs"
    examples = ("fffffffff", "ffxffff")
    usage = "le jeu des fleurs : flowers ffxffff (f, une fleur debout ; x, une fleur cueillie)"

    def form(self) -> dict[str, Any]:
        """A row of 1 to :data:`BOARD_FLOWERS` flowers: their number, or the row itself."""
        return form_schema(
            fields={
                "flowers": form_field(
                    f"Les fleurs (1 à {BOARD_FLOWERS}) :",
                    help="Leur nombre, comme « 10 », ou la rangée elle-même, f pour une fleur"
                    " debout et x pour une fleur cueillie, comme « ffxfffffff ».",
                    low=1,
                    high=BOARD_FLOWERS,
                    counts=(1, 1),
                    noun="nombre de fleurs",
                )
            },
        )

    def read_setup(self, values: Mapping[str, Any]) -> tuple[Row, Options]:
        """The row the form's one field gives: a number of standing flowers, or a row of f and x.

        >>> GAME.read_setup({"flowers": "6"})
        ('ffffff', {})
        >>> GAME.read_setup({"flowers": " ffxFFF "})
        ('ffxfff', {})
        >>> GAME.read_setup({"flowers": "six"})
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Les fleurs (1 à 30) : « six » n'est ni un nombre de fleurs ni une rangée de f et de x.
        """
        field = self.form()["fields"]["flowers"]
        label = str(field["label"]).rstrip(" \u00a0:")
        text = setup_text(values, "flowers").strip()
        if re.fullmatch(r"[0-9\s,;]*", text):
            return self.read_position(
                STANDING * setup_naturals(values, "flowers", field)[0], {}
            ), {}
        row = text.lower()
        if not re.fullmatch(r"[fx]+", row):
            raise NimcoreError(
                typeset(
                    f"{label} : « {_shown(text)} » n'est ni un nombre de fleurs ni une rangée"
                    " de f et de x."
                )
            )
        if len(row) > BOARD_FLOWERS:
            raise NimcoreError(
                typeset(
                    f"{label} : une rangée de {len(row)} fleurs, c'est trop"
                    f" ({BOARD_FLOWERS} au plus)."
                )
            )
        return self.read_position(row, {}), {}

    def setup_values(self, position: Row, options: Options) -> dict[str, str]:
        """The form's field: the number of flowers, or the row when some are cut."""
        return {"flowers": position if CUT in position else str(len(position))}

    def board_refusal(self, position: Row, options: Options) -> str | None:
        """A row longer than the board draws (:data:`BOARD_FLOWERS`).

        >>> print(GAME.board_refusal("f" * 40, {}))
        Une rangée de 40 fleurs, c'est trop pour ce plateau : 30 au plus.
        """
        if len(position) > BOARD_FLOWERS:
            return typeset(
                f"Une rangée de {len(position)} fleurs, c'est trop pour ce plateau :"
                f" {BOARD_FLOWERS} au plus."
            )
        return None

    def read_position(self, raw: object, options: Options) -> Row:
        if not isinstance(raw, str) or not raw or set(raw) - {STANDING, CUT}:
            raise NimcoreError(
                typeset(
                    "Une rangée de fleurs s'écrit avec f (debout) et x (cueillie), comme « ffxfff »,"
                    f" pas « {_shown(raw)} »."
                )
            )
        if len(raw) > MAX_FLOWERS:
            raise NimcoreError(
                typeset(f"Rangée trop longue : {len(raw)} fleurs ; la limite est de {MAX_FLOWERS}.")
            )
        if CUT + CUT in raw:
            raise NimcoreError(
                typeset(
                    "Deux fleurs voisines ne peuvent pas être cueillies toutes les deux : la rangée est impossible."
                )
            )
        return raw

    def position_json(self, position: Row) -> Any:
        return position

    def encode(self, position: Row, options: Options) -> str:
        return position

    def decode(self, text: str) -> tuple[Row, Options]:
        return self.read_position(text, {}), {}

    def command(self, words: Sequence[str], flags: Mapping[str, Any]) -> tuple[str, str, str]:
        return self.id, "".join(words), self.title

    def rule(self, options: Options) -> str:
        return typeset(
            "À chaque coup, on cueille une fleur dont aucune voisine n'est cueillie ; qui ne peut plus"
            " cueillir de fleur a perdu."
        )

    def describe(self, position: Row, options: Options) -> str:
        cut = position.count(CUT)
        lengths = " + ".join(str(length) for _, length in runs(position))
        return typeset(
            f"une rangée de {plural(len(position), 'fleur')}"
            + (f", dont {cut} cueillie{'s' if cut > 1 else ''}" if cut else "")
            + (
                f" ; paquets de fleurs cueillables : {lengths}"
                if lengths
                else " ; plus aucune fleur cueillable"
            )
        )

    def moves(self, position: Row, options: Options) -> Iterator[FlowerMove]:
        return (_cut(position, index) for index in range(len(position)) if _free(position, index))

    def terminal(self, position: Row, options: Options) -> bool:
        return not runs(position)

    def play(self, position: Row, to: object, options: Options) -> FlowerMove:
        target = to if isinstance(to, str) and not set(to) - {STANDING, CUT} else None
        if target is None or len(target) != len(position):
            raise NimcoreError(
                typeset(
                    f"La rangée d'arrivée doit avoir {plural(len(position), 'fleur')},"
                    f" pas « {_shown(to)} »."
                )
            )
        changed = [
            index for index, (a, b) in enumerate(zip(position, target, strict=True)) if a != b
        ]
        if len(changed) != 1:
            raise NimcoreError(
                typeset(
                    "Ce coup ne change rien : il faut cueillir une fleur."
                    if not changed
                    else f"Un coup cueille une seule fleur : ici {len(changed)} fleurs changent."
                )
            )
        flower = changed[0]
        if position[flower] == CUT:
            raise NimcoreError(
                typeset(f"La fleur {flower + 1} est déjà cueillie : elle ne repousse pas.")
            )
        if not _free(position, flower):
            raise NimcoreError(
                typeset(
                    f"La fleur {flower + 1} est voisine d'une fleur cueillie : on ne peut plus la cueillir."
                )
            )
        return _cut(position, flower)

    def gestures(self, move: FlowerMove) -> list[dict[str, Any]]:
        """The board's gesture: the flower touched (counted from 0)."""
        return [{"flower": move.flower}]

    def gesture_target(self, position: Row, gesture: Mapping[str, Any], options: Options) -> object:
        """The row once the flower ``{"flower": i}`` (from 0) is cut; :meth:`play` checks its neighbours.

        >>> GAME.gesture_target("ffxff", {"flower": 4}, {})
        'ffxfx'
        >>> GAME.gesture_target("ffxff", {"flower": 2}, {})
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: La fleur 3 est déjà cueillie : elle ne repousse pas.
        """
        flower = gesture.get("flower")
        if isinstance(flower, bool) or not isinstance(flower, int):
            raise NimcoreError(typeset(f"Geste illisible : « {_shown(dict(gesture))} »."))
        if not 0 <= flower < len(position):
            raise NimcoreError(
                typeset(
                    f"Il n'y a pas de fleur {flower + 1} : la rangée en compte {len(position)}."
                )
            )
        if position[flower] == CUT:
            raise NimcoreError(
                typeset(f"La fleur {flower + 1} est déjà cueillie : elle ne repousse pas.")
            )
        return position[:flower] + CUT + position[flower + 1 :]

    def analyse(self, position: Row, options: Options) -> FlowersAnalysis:
        return self._analysed(position, options, explain=True)

    def decide(self, position: Row, options: Options) -> FlowersAnalysis:
        """The outcome and the recommended flower, without the explanation."""
        return self._analysed(position, options, explain=False)

    def _analysed(self, position: Row, options: Options, *, explain: bool) -> FlowersAnalysis:
        heaps = _heaps(position)
        analysis = octal.analyse(heaps, octal.FLOWERS, explain=explain)
        moves = list(self.moves(position, options))
        winning = tuple(move for move in moves if self._value(move.to) == 0)
        recommended = self._flower_of(position, analysis.recommended, winning)
        return FlowersAnalysis(
            row=position,
            heaps=heaps,
            outcome=analysis.outcome,
            nimber=analysis.nimber,
            nimbers=analysis.nimbers,
            nim_sum=analysis.nim_sum,
            winning_moves=winning,
            recommended=recommended,
            explanation=analysis.explanation,
            heap_analysis=analysis,
        )

    @staticmethod
    def _flower_of(
        row: Row, move: octal.OctalMove | None, winning: tuple[FlowerMove, ...]
    ) -> FlowerMove | None:
        """The flower cut by the heap game's move (the one its explanation speaks of).

        In run *move.heap*: an end flower takes 1 or 2 (the left one), the second
        flower takes 3 and leaves one run, a flower further in leaves two runs.
        """
        if move is None:
            return None
        start, _ = runs(row)[move.heap]
        flower = start + move.parts[0] + 1 if len(move.parts) == 2 else start + (move.take == 3)
        return next(
            (found for found in winning if found.flower == flower), winning[0] if winning else None
        )

    @staticmethod
    def _value(row: Row) -> int:
        value = 0
        for heap in _heaps(row):
            value ^= octal.grundy_value(octal.FLOWERS, heap)
        return value

    def delaying_move(self, position: Row, options: Options) -> FlowerMove:
        """A flower at the end of the longest run: as few flowers lost as possible."""
        start, _ = max(runs(position), key=lambda run: (run[1], -run[0]))
        return _cut(position, start)

    def draw_start(self, options: Options, like: Row | None, chance: random.Random) -> Row:
        return STANDING * chance.randint(*RANDOM_FLOWERS)

    def hint_tables(self, analysis: FlowersAnalysis, options: Options) -> list[dict[str, Any]]:
        """Each run of flowers (a heap of 0.137), its value, the nim-sum."""
        names: Sequence[str] = [
            f"Paquet {index + 1} (fleur {start + 1})"
            if length == 1
            else f"Paquet {index + 1} (fleurs {start + 1} à {start + length})"
            for index, (start, length) in enumerate(runs(analysis.row))
        ]
        if not names:
            return []
        heaps = analysis.heap_analysis
        best = (
            None
            if analysis.recommended is None
            else self._run_of(analysis.row, analysis.recommended.flower)
        )
        marked = heap_value_table(heaps, "flowers-nimbers", list(names))
        for index, row in enumerate(marked["body"]):
            row["mark"] = "best" if index == best else None
        return [marked]

    @staticmethod
    def _run_of(row: Row, flower: int) -> int:
        return next(
            index
            for index, (start, length) in enumerate(runs(row))
            if start <= flower < start + length
        )

    def hint_notes(self, analysis: FlowersAnalysis, options: Options) -> list[str]:
        return [
            typeset(
                "Chaque paquet de fleurs cueillables est un tas du jeu octal 0.137 : dans les phrases"
                " ci-dessous, « tas » veut dire paquet et « jeton » fleur."
            )
        ]


GAME = FlowersGame()
