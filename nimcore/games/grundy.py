"""Grundy's game, as the registry knows it (rules and values in :mod:`nimcore.grundy`).

A move splits one heap into two non-empty heaps of different sizes; the two
parts take the heap's place, smaller first. The option ``max_heap`` bounds
the heaps (values up to it are computed at once): :data:`BOARD_MAX_HEAP` by
default, so that a board's answer stays quick in the browser; the command
line asks for more.

>>> from nimcore.games.grundy import GAME
>>> options = GAME.read_options({})
>>> GAME.play((7, 12), [2, 5, 12], options).text
'partager le tas 1 en deux tas inégaux (7 → 2 + 5)'
>>> GAME.play((7, 12), [7, 6, 6], options)
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: Les deux tas doivent être inégaux : 12 = 6 + 6 est interdit.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from nimcore import grundy
from nimcore.errors import NimcoreError
from nimcore.french import plural, typeset
from nimcore.games.base import (
    MAX_VIEW_MOVES,
    Game,
    command_heaps,
    form_schema,
    setup_naturals,
)
from nimcore.games.heaps import describe_heaps, heap_value_table, heaps_field, largest_heap

__all__ = [
    "BOARD_DRAWN_HEAP",
    "BOARD_HEAPS",
    "BOARD_MAX_HEAP",
    "BOARD_SETUP_HEAPS",
    "COMMAND_MAX_HEAP",
    "GAME",
    "GrundyGame",
]

Heaps = tuple[int, ...]
Options = dict[str, Any]

#: Largest heap by default: values up to it take well under a second in the browser.
BOARD_MAX_HEAP = 2**12
#: Random starts: 1 to 3 heaps (as many as the current position) of 3 to 20 matches.
RANDOM_HEAPS = (1, 3)
RANDOM_SIZE = (3, 20)
#: The board's drawing limits: the largest heap it draws, the heaps of its setup
#: form, and of any position (the drawing's width).
BOARD_DRAWN_HEAP = 30
BOARD_SETUP_HEAPS = 5
BOARD_HEAPS = 150

#: Largest heap the command line answers (values up to it take about a second to
#: compute the first time; nimcore.grundy goes to 2**23).
COMMAND_MAX_HEAP = 2**16

#: The heaps, then ``_m`` and the largest heap allowed where it is not the board's.
_CODE = re.compile(r"([0-9]{1,7}(?:-[0-9]{1,7}){0,999})(?:_m([0-9]{1,7}))?", re.ASCII)


class GrundyGame(Game[Heaps, Options]):
    """Split a heap into two unequal heaps (P. M. Grundy, 1939)."""

    id = "grundy"
    title = "jeu de Grundy"
    examples = ("12", "9-7")
    usage = "jeu de Grundy (partager un tas en deux tas inégaux) : grundy 7 5"
    option_names = frozenset({"max_heap"})

    def form(self) -> dict[str, Any]:
        """1 to 5 heaps of 1 to 30 matches (the board draws any position up to 150 heaps)."""
        return form_schema(
            fields={
                "heaps": heaps_field(
                    f"Les tas (1 à {BOARD_SETUP_HEAPS} tas, de 1 à {BOARD_DRAWN_HEAP}\u00a0allumettes) :",
                    1,
                    BOARD_DRAWN_HEAP,
                    (1, BOARD_SETUP_HEAPS),
                )
            },
        )

    def read_setup(self, values: Mapping[str, Any]) -> tuple[Heaps, Options]:
        """The heaps typed in the form's one field, within its limits.

        >>> GAME.read_setup({"heaps": "7, 12"})
        ((7, 12), {'max_heap': 4096})
        """
        heaps = setup_naturals(values, "heaps", self.form()["fields"]["heaps"])
        options = self.read_options({})
        return self.read_position(heaps, options), options

    def setup_values(self, position: Heaps, options: Options) -> dict[str, str]:
        """The form's field: the heaps, as the form reads them."""
        return {"heaps": " ".join(str(heap) for heap in position)}

    def board_refusal(self, position: Heaps, options: Options) -> str | None:
        """Too many heaps for the board, or a heap too large to draw its matches.

        >>> print(GAME.board_refusal((7, 31), GAME.read_options({})))
        Un tas de 31 allumettes, c'est trop pour ce plateau : 30 au plus.
        """
        if len(position) > BOARD_HEAPS:
            return typeset(
                f"{len(position)} tas, c'est trop pour ce plateau : {BOARD_HEAPS} au plus."
            )
        largest = max(position)
        if largest > BOARD_DRAWN_HEAP:
            return typeset(
                f"Un tas de {plural(largest, 'allumette')}, c'est trop pour ce plateau :"
                f" {BOARD_DRAWN_HEAP} au plus."
            )
        return None

    def read_options(self, raw: Mapping[str, Any]) -> Options:
        limit = raw.get("max_heap", BOARD_MAX_HEAP)
        if (
            isinstance(limit, bool)
            or not isinstance(limit, int)
            or not 1 <= limit <= grundy.MAX_HEAP
        ):
            raise NimcoreError(
                typeset(
                    f"L'option max_heap doit être un entier de 1 à {grundy.MAX_HEAP}, pas « {limit} »."
                )
            )
        return {"max_heap": limit}

    def read_position(self, raw: object, options: Options) -> Heaps:
        return grundy.validate_heaps(raw, options["max_heap"])

    def encode(self, position: Heaps, options: Options) -> str:
        heaps = "-".join(map(str, position))
        limit = options["max_heap"]
        return heaps if limit == BOARD_MAX_HEAP else f"{heaps}_m{limit}"

    def decode(self, text: str) -> tuple[Heaps, Options]:
        match = _CODE.fullmatch(text)
        if match is None:
            raise NimcoreError(typeset(f"« {text} » n'est pas une liste de tas de la forme 7-12."))
        limit = match.group(2)
        options = self.read_options({} if limit is None else {"max_heap": int(limit)})
        heaps = [int(part) for part in match.group(1).split("-")]
        return self.read_position(heaps, options), options

    def command(self, words: Sequence[str], flags: Mapping[str, Any]) -> tuple[str, str, str]:
        """The heaps, up to :data:`COMMAND_MAX_HEAP` matches (the board's limit is lower)."""
        return self.id, f"{command_heaps(words)}_m{COMMAND_MAX_HEAP}", self.title

    def rule(self, options: Options) -> str:
        return typeset(
            "À chaque coup, on partage un tas en deux tas de tailles différentes ; les tas"
            " d'une ou deux allumettes ne se partagent plus, et qui ne peut plus jouer a perdu."
        )

    def describe(self, position: Heaps, options: Options) -> str:
        return describe_heaps(position)

    def moves(self, position: Heaps, options: Options) -> Iterator[grundy.GrundyMove]:
        return grundy.moves(position, options["max_heap"])

    def terminal(self, position: Heaps, options: Options) -> bool:
        return all(heap <= 2 for heap in position)

    def play(self, position: Heaps, to: object, options: Options) -> grundy.GrundyMove:
        """The split reaching *to*: the first heap that differs is replaced by two parts."""
        kept = [heap for heap in position if heap]  # the empty heaps vanish with any move
        if not isinstance(to, list) or any(
            isinstance(heap, bool) or not isinstance(heap, int) or heap < 0 for heap in to
        ):
            raise NimcoreError(typeset(f"Une liste de tas est attendue, pas « {to} »."))
        if len(to) != len(kept) + 1:
            raise NimcoreError(
                typeset(
                    "Un coup partage un seul tas en deux : la position d'arrivée a un tas de plus"
                    f" que celle de départ ({len(kept) + 1}), pas {len(to)}."
                )
            )
        at = next(index for index, heap in enumerate(kept + [None]) if heap != to[index])
        if at == len(kept) or to[at + 2 :] != kept[at + 1 :]:
            raise NimcoreError(
                typeset(
                    "Un coup partage un seul tas en deux, à sa place : les autres tas ne changent pas."
                )
            )
        size, small, large = kept[at], to[at], to[at + 1]
        if small + large != size:
            raise NimcoreError(
                typeset(
                    f"Le tas {at + 1} a {plural(size, 'allumette')} : {small} + {large} n'en fait pas {size}."
                )
            )
        if small == 0 or large == 0:
            raise NimcoreError(
                typeset(
                    f"Le tas {at + 1} ne peut pas être partagé : chaque part doit avoir au moins une allumette."
                )
            )
        if small == large:
            raise NimcoreError(
                typeset(
                    f"Les deux tas doivent être inégaux : {size} = {small} + {large} est interdit."
                )
            )
        if small > large:
            raise NimcoreError(
                typeset(
                    f"La plus petite part s'écrit d'abord : {size} → {large} + {small}, pas {small} + {large}."
                )
            )
        index = [i for i, heap in enumerate(position) if heap][at]
        return grundy.GrundyMove(index, size, (small, large), tuple(to))

    def gestures(self, move: grundy.GrundyMove) -> list[dict[str, Any]]:
        """The board's gesture: the heap (from 0) and its two parts, smaller first, as listed."""
        return [{"heap": move.heap, "parts": list(move.parts)}]

    def gesture_target(
        self, position: Heaps, gesture: Mapping[str, Any], options: Options
    ) -> object:
        """The heaps once heap ``heap`` (from 0) is split into ``parts``, in either order.

        The parts take the heap's place, smaller first, and the empty heaps
        vanish; :meth:`play` then checks the split by the rule. A gesture with
        no parts (a heap touched) says why that heap cannot be split, or asks
        for a split.

        >>> options = GAME.read_options({})
        >>> GAME.gesture_target((7, 12), {"heap": 1, "parts": [9, 3]}, options)
        [7, 3, 9]
        >>> GAME.gesture_target((7, 2), {"heap": 1}, options)
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Le tas 2 n'a que 2 allumettes : il ne se partage pas en deux tas inégaux.
        """
        heap, parts = gesture.get("heap"), gesture.get("parts")
        if isinstance(heap, bool) or not isinstance(heap, int):
            raise NimcoreError(typeset(f"Geste illisible : « {_shown(gesture)} »."))
        if not 0 <= heap < len(position):
            raise NimcoreError(
                typeset(f"Il n'y a pas de tas {heap + 1} : la position en compte {len(position)}.")
            )
        size = position[heap]
        if parts is None:
            if size <= 2:
                raise NimcoreError(
                    typeset(
                        f"Le tas {heap + 1} n'a que {plural(size, 'allumette')} : il ne se partage"
                        " pas en deux tas inégaux."
                    )
                )
            raise NimcoreError(
                typeset(f"Choisissez en deux tas de quelles tailles partager le tas {heap + 1}.")
            )
        if (
            not isinstance(parts, list)
            or len(parts) != 2
            or any(isinstance(part, bool) or not isinstance(part, int) for part in parts)
        ):
            raise NimcoreError(typeset(f"Geste illisible : « {_shown(gesture)} »."))
        small, large = sorted(parts)
        if small < 0:
            raise NimcoreError(typeset(f"Un tas ne peut pas avoir {small} allumettes."))
        if small + large != size:
            raise NimcoreError(
                typeset(
                    f"Le tas {heap + 1} a {plural(size, 'allumette')} : {small} + {large}"
                    f" n'en fait pas {size}."
                )
            )
        if small == 0:
            raise NimcoreError(
                typeset(
                    f"Le tas {heap + 1} ne peut pas être partagé en {small} + {large} : chaque"
                    " part doit avoir au moins une allumette."
                )
            )
        return [part for part in (*position[:heap], small, large, *position[heap + 1 :]) if part]

    def analyse(self, position: Heaps, options: Options) -> grundy.GrundyAnalysis:
        return grundy.analyse(position, options["max_heap"])

    def decide(self, position: Heaps, options: Options) -> grundy.GrundyAnalysis:
        """The outcome and the recommended move, without the explanation (:meth:`analyse`'s)."""
        return grundy.analyse(position, options["max_heap"], explain=False)

    def delaying_move(self, position: Heaps, options: Options) -> grundy.GrundyMove:
        """The largest heap split as 1 + (h − 1): the game kept long."""
        return self.play(position, self._split(position, largest_heap(position), 1), options)

    @staticmethod
    def _split(position: Heaps, index: int, small: int) -> list[int]:
        heaps = [*position[:index], small, position[index] - small, *position[index + 1 :]]
        return [heap for heap in heaps if heap]

    def drawing(self, position: Heaps, options: Options) -> Any:
        """Each heap's name for a reader: as it stands, and with each of its splits chosen.

        ``label`` says whether the heap can still be split; ``chosen[a - 1]``
        names it once the split ``a + (h − a)`` is chosen (a board's heap
        buttons) — given, like the view's moves, when there are at most
        :data:`~nimcore.games.base.MAX_VIEW_MOVES` splits in all (else empty).

        >>> GAME.drawing((2, 5), GAME.read_options({}))["heaps"][1]["chosen"]
        ['Tas 2\xa0: 1 + 4 (5 allumettes, partage choisi)', 'Tas 2\xa0: 2 + 3 (5 allumettes, partage choisi)']
        """
        listed = sum((heap - 1) // 2 for heap in position) <= MAX_VIEW_MOVES
        return {"heaps": [_heap_words(index, heap, listed) for index, heap in enumerate(position)]}

    def fits_setup(self, position: Heaps, options: Options) -> bool:
        """A split adds a heap: the setup form takes at most BOARD_SETUP_HEAPS."""
        return len(position) <= BOARD_SETUP_HEAPS

    def draw_start(self, options: Options, like: Heaps | None, chance: random.Random) -> Heaps:
        # A game in play may have more heaps than the setup form takes.
        count = min(len(like), BOARD_SETUP_HEAPS) if like else chance.randint(*RANDOM_HEAPS)
        return tuple(chance.randint(*RANDOM_SIZE) for _ in range(count))

    def hint_tables(
        self, analysis: grundy.GrundyAnalysis, options: Options
    ) -> list[dict[str, Any]]:
        """Each heap's Grundy value, their nim-sum, the heap to split marked."""
        names = [f"Tas {index + 1}" for index in range(len(analysis.heaps))]
        head = ("Allumettes n", "Valeur g(n)")
        return [heap_value_table(analysis, "grundy-nimbers", names, head)]


def _shown(value: object) -> str:
    """What a board sent (as JSON), cut short when long, for « » in a message."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:40] + "…"


def _heap_words(index: int, size: int, listed: bool) -> dict[str, Any]:
    """Heap number *index* (from 0) of *size* matches, named as :meth:`GrundyGame.drawing` says."""
    name = f"Tas {index + 1} : "
    count = plural(size, "allumette")
    state = "aucun partage" if size <= 2 else "choisir un partage"
    return {
        "label": typeset(f"{name}{count}, {state}"),
        "chosen": [
            typeset(f"{name}{small} + {size - small} ({count}, partage choisi)")
            for small in range(1, (size + 1) // 2 if listed else 1)
        ],
    }


GAME = GrundyGame()
