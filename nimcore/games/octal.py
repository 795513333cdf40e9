"""Octal games, as the registry knows them (rules and values in :mod:`nimcore.octal`).

The option ``{"code": "0.137"}`` names the game. A position is a list of
heaps; a move takes k tokens from one heap and leaves in its place what digit
k of the code allows (nothing, one heap, or two heaps, smaller first); empty
heaps vanish, and the position with no heap left is written ``[0]``. The code
of a position is ``"10-4_0.137"``.

>>> from nimcore.games.octal import GAME
>>> options = GAME.read_options({"code": "0.137"})
>>> GAME.play((10,), [1, 6], options).text
'retirer 3 jetons du tas 1 et partager le reste en deux tas (10 → 1 + 6)'
>>> GAME.play((10,), [9], options)
Traceback (most recent call last):
...
nimcore.errors.NimcoreError: Le jeu octal 0,137 (jeu des fleurs, ou échecs de Dawson) ne permet \
pas de retirer 1 jeton d'un tas en laissant un tas : son chiffre d1 vaut 1.

Size: one registry entry, the octal games': the reading of codes, positions,
gestures and setup forms for heaps of any size, and the hint's tables. The rules
and the values are :mod:`nimcore.octal`'s.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from nimcore import octal
from nimcore.errors import NimcoreError
from nimcore.french import grouped, plural, typeset
from nimcore.games.base import (
    Flag,
    Game,
    Move,
    command_heaps,
    form_field,
    form_schema,
    setup_naturals,
    setup_text,
)
from nimcore.games.heaps import describe_heaps, heap_value_table

__all__ = ["BOARD_HEAPS", "BOARD_SETUP_HEAPS", "GAME", "OctalGame", "changed_heap", "read_numbers"]

Heaps = tuple[int, ...]

#: Random starts: 1 to 3 heaps (as many as the current position) of 3 to 20 tokens.
RANDOM_HEAPS = (1, 3)
RANDOM_SIZE = (3, 20)
#: Most heaps a position's description names one by one (beyond, their number and total).
DESCRIBED_HEAPS = 8
#: The setup form's example: the heap of 0.156 the chapter plays (its period is certified at once).
RECORD_HEAP = 9_999_999
#: The board's limits: heaps of its setup form, and of any position (one row each).
BOARD_SETUP_HEAPS = 8
BOARD_HEAPS = 200

#: Decimal digits of the largest heap nimcore accepts (2**MAX_HEAP_BITS − 1).
_HEAP_DIGITS = len(str(2**octal.MAX_HEAP_BITS - 1))
_HEAPS = re.compile(rf"[0-9]{{1,{_HEAP_DIGITS}}}(?:-[0-9]{{1,{_HEAP_DIGITS}}}){{0,999}}", re.ASCII)
_DIGITS = re.compile(rf"[0-9]{{1,{_HEAP_DIGITS}}}", re.ASCII)
_LONG_NUMBER = re.compile(r"\d{5,}", re.ASCII)
_LEFT = ("sans rien laisser", "en laissant un tas", "en laissant deux tas")


def _with_positions(analysis: octal.OctalAnalysis) -> octal.OctalAnalysis:
    """*analysis* with each of its moves reaching a whole position (:func:`_reached`)."""
    return dataclasses.replace(
        analysis,
        winning_moves=tuple(_reached(move) for move in analysis.winning_moves),
        recommended=None if analysis.recommended is None else _reached(analysis.recommended),
    )


def _reached(move: octal.OctalMove) -> octal.OctalMove:
    """The move with its target written as a position ([0] when no heap is left)."""
    return move if move.to else dataclasses.replace(move, to=(0,))


def read_numbers(raw: object) -> object:
    """A list of heaps as the boards send it: numbers, or decimal strings beyond 2**53 − 1.

    JavaScript numbers lose digits beyond 2**53 − 1, so the bridge writes such
    heaps as strings (:mod:`nimcore.bridge`); they are read back here. Anything
    else is left as it is, for the checks that follow to refuse in French.

    >>> read_numbers([12, "100000000000000000000"])
    [12, 100000000000000000000]
    """
    if not isinstance(raw, list):
        return raw
    return [
        int(item) if isinstance(item, str) and _DIGITS.fullmatch(item) else item for item in raw
    ]


def changed_heap(position: Heaps, to: object) -> tuple[int, int, tuple[int, ...]]:
    """(index, heap, parts) of a move that replaces one heap by 0, 1 or 2 parts, in place.

    *position* and *to* drop their empty heaps (``[0]`` is no heap at all).
    Raises :class:`NimcoreError` in French when *to* is not such a change.

    >>> changed_heap((10, 4), [4, 4])
    (0, 10, (4,))
    >>> changed_heap((10, 4), [1, 6, 4])
    (0, 10, (1, 6))
    """
    if not isinstance(to, list) or any(
        isinstance(heap, bool) or not isinstance(heap, int) or heap < 0 for heap in to
    ):
        raise NimcoreError(typeset(f"Une liste de tas est attendue, pas « {_shown(to)} »."))
    kept = [heap for heap in position if heap]
    target = [heap for heap in to if heap]
    count = len(target) - len(kept) + 1  # the parts left in place of the heap
    if not 0 <= count <= 2:
        raise NimcoreError(
            typeset(
                "Un coup change un seul tas, et laisse à sa place rien, un tas ou deux tas :"
                f" ici {len(kept)} tas deviendraient {len(target)}."
            )
        )
    at = next(
        (index for index, heap in enumerate(kept) if index >= len(target) or target[index] != heap),
        None,
    )
    if at is None:
        raise NimcoreError(typeset("Ce coup ne change rien : il faut retirer au moins un jeton."))
    if count == 0:  # removing any of several equal heaps reaches the same position: the first
        while at > 0 and kept[at - 1] == kept[at]:
            at -= 1
    parts = tuple(target[at : at + count])
    if target[at + count :] != kept[at + 1 :]:
        raise NimcoreError(
            typeset("Un coup change un seul tas, à sa place : les autres tas ne changent pas.")
        )
    index = [i for i, heap in enumerate(position) if heap][at]
    return index, kept[at], parts


class OctalGame(Game[Heaps, octal.Octal]):
    """Take-and-break games given by a code 0.d1d2… (Guy and Smith 1956)."""

    id = "octal"
    title = "jeu octal"
    examples = ("10_0.137", "5-4_0.137", "7-3_0.77", "9_0.07")
    usage = "jeux octaux : octal 10 --code 0.137 (le jeu des fleurs)"
    flags = (Flag("--code", "le code octal du jeu", "0.137", required=True),)
    option_names = frozenset({"code"})

    def form(self) -> dict[str, Any]:
        """The game's code and its heaps, each up to nimcore's largest (its decimal digits).

        The preset is the record-scale heap the chapter speaks of: 9 999 999
        tokens of 0.156, whose period nimcore certifies at once.
        """
        return form_schema(
            fields={
                "code": form_field("Code du jeu (par exemple 0.156) :"),
                "heaps": form_field(
                    f"Les tas (1 à {BOARD_SETUP_HEAPS} tas d’au moins 1\u00a0jeton) :",
                    low=1,
                    counts=(1, BOARD_SETUP_HEAPS),
                    digits=_HEAP_DIGITS,
                    noun="tas",
                ),
            },
            presets=[
                (
                    f"Un tas de {_tokens(RECORD_HEAP)} de 0.156",
                    {"code": "0.156", "heaps": str(RECORD_HEAP)},
                ),
            ],
        )

    def read_setup(self, values: Mapping[str, Any]) -> tuple[Heaps, octal.Octal]:
        """The code and the heaps typed in the form, checked (the heaps' values may take seconds).

        >>> GAME.read_setup({"code": " 0.156 ", "heaps": "13 8 5"})[0]
        (13, 8, 5)
        >>> GAME.read_setup({"code": "", "heaps": "5"})
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Code du jeu (par exemple 0.156) : indiquez le code du jeu.
        """
        fields = self.form()["fields"]
        code = setup_text(values, "code").strip()
        if not code:
            label = str(fields["code"]["label"]).rstrip(" \u00a0:")
            raise NimcoreError(typeset(f"{label} : indiquez le code du jeu."))
        options = self.read_options({"code": code})
        heaps = setup_naturals(values, "heaps", fields["heaps"])
        return self.read_position(heaps, options), options

    def setup_values(self, position: Heaps, options: octal.Octal) -> dict[str, str]:
        """The form's fields: the code and the heaps; none for a finished game (no heap to write)."""
        if position == (0,):
            return {}
        return {"code": options.code, "heaps": " ".join(str(heap) for heap in position)}

    def board_refusal(self, position: Heaps, options: octal.Octal) -> str | None:
        """More heaps than the board lists (:data:`BOARD_HEAPS`); a heap of any size is drawn.

        >>> print(GAME.board_refusal((1,) * 201, GAME.read_options({})))
        201 tas, c'est trop pour ce plateau : 200 au plus.
        """
        if len(position) > BOARD_HEAPS:
            return typeset(
                f"{len(position)} tas, c'est trop pour ce plateau : {BOARD_HEAPS} au plus."
            )
        return None

    def drawing(self, position: Heaps, options: octal.Octal) -> Any:
        """Each heap's size and its name for a reader (« Tas 2 : 9 999 999 jetons »); none when over.

        >>> GAME.drawing((12, 1), GAME.read_options({}))["heaps"][1]
        {'size': 1, 'label': 'Tas 2\xa0: 1 jeton'}
        """
        heaps = [heap for heap in position if heap]
        return {
            "heaps": [
                {
                    "size": heap,
                    "label": typeset(f"Tas {index + 1} : {_tokens(heap)}"),
                }
                for index, heap in enumerate(heaps)
            ]
        }

    def read_options(self, raw: Mapping[str, Any]) -> octal.Octal:
        return octal.parse_code(raw.get("code", "0.137"))

    def options_json(self, options: octal.Octal) -> dict[str, Any]:
        return {"code": options.code}

    def read_position(self, raw: object, options: octal.Octal) -> Heaps:
        """The heaps, refused in French when the largest cannot be analysed.

        Any heap of a game whose period is certified (a decimal string
        beyond 2**53 − 1, as the boards send it); otherwise heaps up to
        the values nimcore computes (:func:`nimcore.octal.grundy_value`). The
        first large heap of a game computes its values (seconds, reported to
        :mod:`nimcore.progress`); later ones read them.
        """
        raw = read_numbers(raw)
        if isinstance(raw, list) and not raw:
            return (0,)
        heaps = octal.validate_heaps(raw, options)
        octal.grundy_value(options, max(heaps))
        # Empty heaps vanish, as after any move: a heap's index is the board's (its gestures').
        return tuple(heap for heap in heaps if heap) or (0,)

    def position_json(self, position: Heaps) -> Any:
        return list(position) or [0]

    def encode(self, position: Heaps, options: octal.Octal) -> str:
        return "-".join(map(str, position)) + f"_{options.code}"

    def decode(self, text: str) -> tuple[Heaps, octal.Octal]:
        heaps, _, code = text.partition("_")
        if not _HEAPS.fullmatch(heaps) or not code:
            raise NimcoreError(
                typeset(f"« {text} » n'est pas une position de la forme 10-4_0.137.")
            )
        options = self.read_options({"code": code})
        return self.read_position([int(part) for part in heaps.split("-")], options), options

    def command(self, words: Sequence[str], flags: Mapping[str, Any]) -> tuple[str, str, str]:
        return self.id, f"{command_heaps(words)}_{flags['code']}", f"jeu octal {flags['code']}"

    def rule(self, options: octal.Octal) -> str:
        allowed = []
        for take, digit in enumerate(options.digits, start=1):
            left = [words for bit, words in zip((1, 2, 4), _LEFT, strict=True) if digit & bit]
            if left:
                allowed.append(f"{plural(take, 'jeton')} {' ou '.join(left)}")
        return typeset(
            f"Jeu octal {options.label} : à chaque coup, on retire d'un seul tas "
            + " ; ou ".join(allowed)
            + " ; qui ne peut plus jouer a perdu."
        )

    def describe(self, position: Heaps, options: octal.Octal) -> str:
        """The heaps in words, sizes of five digits or more grouped by threes; beyond
        :data:`DESCRIBED_HEAPS` heaps, their number and their total.

        >>> GAME.describe((9999999, 12), GAME.read_options({"code": "0.156"})) == (
        ...     "2 tas de 9\u202f999\u202f999 et 12 jetons"
        ... )
        True
        >>> GAME.describe((5,) * 40, GAME.read_options({"code": "0.156"}))
        '40 tas, 200 jetons en tout'
        """
        if len(position) > DESCRIBED_HEAPS:
            return f"{len(position)} tas, {_tokens(sum(position))} en tout"
        text = describe_heaps(position).replace("allumette", "jeton")
        return _LONG_NUMBER.sub(lambda number: grouped(int(number.group())), text)

    def moves(self, position: Heaps, options: octal.Octal) -> Iterator[octal.OctalMove]:
        return (_reached(move) for move in octal.moves(position, options))

    def listed_moves(self, position: Heaps, options: octal.Octal, limit: int) -> list[Move] | None:
        """Every legal move when there are at most *limit*, else None, counted first.

        A heap of millions has millions of splits: the count
        (:func:`nimcore.octal.move_count`) says so without building *limit*
        moves that would not be listed.
        """
        if octal.move_count(position, options) > limit:
            return None
        return super().listed_moves(position, options, limit)

    def play(self, position: Heaps, to: object, options: octal.Octal) -> octal.OctalMove:
        index, heap, parts = changed_heap(position, read_numbers(to))
        take = heap - sum(parts)
        if take < 1:
            raise NimcoreError(
                typeset(
                    f"Un coup retire au moins un jeton : le tas {index + 1} ne peut pas grandir."
                )
            )
        if len(parts) == 2 and parts[0] > parts[1]:
            raise NimcoreError(
                typeset(f"Le plus petit des deux tas s'écrit d'abord : {parts[1]} + {parts[0]}.")
            )
        digit = options.digits[take - 1] if take <= len(options.digits) else 0
        if not digit & (1, 2, 4)[len(parts)]:
            raise NimcoreError(
                typeset(
                    f"Le jeu octal {options.label} ne permet pas de retirer {plural(take, 'jeton')}"
                    f" d'un tas {_LEFT[len(parts)]} : son chiffre d{take} vaut {digit}."
                )
            )
        reached = tuple(
            heap for heap in (*position[:index], *parts, *position[index + 1 :]) if heap
        )
        return octal.OctalMove(index, take, heap, parts, reached or (0,))

    def gestures(self, move: octal.OctalMove) -> list[dict[str, Any]]:
        """The board's gesture: the heap (from 0), the tokens taken, what is left (0, 1 or 2 heaps),
        and the first of two heaps left (the smaller).

        >>> GAME.gestures(GAME.play((10,), [1, 6], GAME.read_options({"code": "0.137"})))
        [{'heap': 0, 'take': 3, 'leave': 2, 'first': 1}]
        """
        gesture: dict[str, Any] = {"heap": move.heap, "take": move.take, "leave": len(move.parts)}
        if len(move.parts) == 2:
            gesture["first"] = move.parts[0]
            return [gesture]
        if move.parts or move.to == (0,):
            return [gesture]
        # Emptying any heap of a run of equal heaps reaches the same position: each plays it.
        before = (*move.to[: move.heap], move.before, *move.to[move.heap :])
        first, last = move.heap, move.heap
        while first > 0 and before[first - 1] == move.before:
            first -= 1
        while last + 1 < len(before) and before[last + 1] == move.before:
            last += 1
        return [gesture] + [
            {**gesture, "heap": index} for index in range(first, last + 1) if index != move.heap
        ]

    def gesture_target(
        self, position: Heaps, gesture: Mapping[str, Any], options: octal.Octal
    ) -> object:
        """The heaps once ``take`` tokens are taken from heap ``heap`` (from 0), leaving ``leave``
        heaps in its place (``first`` tokens in the first of two), as the board's fields say.

        ``take`` and ``first`` come as typed (digits) or as numbers; the two heaps
        left are put in order, the empty heaps dropped (``[0]`` when none is
        left). Refused in French, naming the field, when the numbers do not fit
        the heap; :meth:`play` then checks the code's rule.

        >>> options = GAME.read_options({"code": "0.156"})
        >>> GAME.gesture_target((13, 8), {"heap": 0, "take": "2", "leave": 2, "first": "9"}, options)
        [2, 9, 8]
        >>> GAME.gesture_target((13, 8), {"heap": 1, "take": "9", "leave": 1}, options)
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Jetons retirés : le tas 2 n'a que 8 jetons, on ne peut pas en retirer 9.
        """
        heaps = [heap for heap in position if heap]  # none at the end of a game ([0])
        heap, leave = gesture.get("heap"), gesture.get("leave")
        if (
            isinstance(heap, bool)
            or not isinstance(heap, int)
            or isinstance(leave, bool)
            or leave not in (0, 1, 2)
        ):
            raise NimcoreError(typeset(f"Geste illisible : « {_shown(gesture)} »."))
        if not 0 <= heap < len(heaps):
            raise NimcoreError(
                typeset(f"Il n'y a pas de tas {heap + 1} : la position en compte {len(heaps)}.")
            )
        size = heaps[heap]
        take = _typed_count(gesture.get("take", size), "Jetons retirés")
        if take < 1:
            raise NimcoreError(typeset("Jetons retirés : un coup retire au moins un jeton."))
        if take > size:
            raise NimcoreError(
                typeset(
                    f"Jetons retirés : le tas {heap + 1} n'a que {_tokens(size)},"
                    f" on ne peut pas en retirer {grouped(take)}."
                )
            )
        rest = size - take
        if leave == 0 and rest:
            raise NimcoreError(
                typeset(
                    f"Pour ne rien laisser, il faut retirer tout le tas {heap + 1}"
                    f" ({_tokens(size)})."
                )
            )
        if leave and rest < leave:
            left = "il ne reste rien" if rest == 0 else "il ne reste qu'un jeton"
            raise NimcoreError(
                typeset(
                    f"En retirant {_tokens(take)} du tas {heap + 1}, {left} :"
                    f" pas de quoi laisser {'un tas' if leave == 1 else 'deux tas'}."
                )
            )
        parts: list[int] = [rest] if leave == 1 else []
        if leave == 2:
            first = _typed_count(gesture.get("first"), "Premier tas")
            if not 1 <= first < rest:
                raise NimcoreError(
                    typeset(
                        f"Premier tas : de 1 à {grouped(rest - 1)} jetons, pour que les deux tas"
                        f" laissés ({grouped(rest)} jetons en tout) ne soient pas vides."
                    )
                )
            parts = sorted([first, rest - first])
        reached = [*heaps[:heap], *parts, *heaps[heap + 1 :]]
        return reached or [0]

    def analyse(self, position: Heaps, options: octal.Octal) -> octal.OctalAnalysis:
        return _with_positions(octal.analyse(position, options))

    def decide(self, position: Heaps, options: octal.Octal) -> octal.OctalAnalysis:
        """The analysis without its list of winning moves (a heap of millions has thousands)
        and without its explanation."""
        return _with_positions(octal.analyse(position, options, listed=0, explain=False))

    def delaying_move(self, position: Heaps, options: octal.Octal) -> octal.OctalMove:
        """The fewest tokens from the largest heap that allows a move (:func:`octal.delaying_move`).

        Not the heap games' shared pattern (``self.play(position, taken(position,
        largest_heap(position, low), low), options)``, as Nim, the subtraction
        games and Grundy's game do it), for three reasons of the rule: which
        heaps allow a move depends on the code (under 0.07 or 4.0 the largest
        heap may allow none, and :func:`~nimcore.games.heaps.largest_heap`
        assumes every heap from *low* up does); the delaying move may leave two
        heaps or none, not one smaller heap (:func:`~nimcore.games.heaps.taken`);
        and heaps up to 2**MAX_HEAP_BITS rule out picking it among the listed
        moves. nimcore.octal chooses it from the takes its code allows, in
        O(code length) per heap; the contract suite (tests/unit/test_games.py)
        checks it by :meth:`play`, as every move of the computer.
        """
        return _reached(octal.delaying_move(position, options))

    def fits_setup(self, position: Heaps, options: octal.Octal) -> bool:
        """A split adds a heap: the setup form takes at most :data:`BOARD_SETUP_HEAPS`."""
        return len(position) <= BOARD_SETUP_HEAPS

    def draw_start(self, options: octal.Octal, like: Heaps | None, chance: random.Random) -> Heaps:
        """As many heaps as *like* (a game in play may have more than the form takes:
        :data:`BOARD_SETUP_HEAPS` at most), of 3 to 20 tokens."""
        count = min(len(like), BOARD_SETUP_HEAPS) if like else chance.randint(*RANDOM_HEAPS)
        return tuple(chance.randint(*RANDOM_SIZE) for _ in range(count))

    def hint_tables(
        self, analysis: octal.OctalAnalysis, options: octal.Octal
    ) -> list[dict[str, Any]]:
        """Each heap's value G(n), their nim-sum, the heap to play marked."""
        return [
            heap_value_table(
                analysis, "octal-nimbers", [f"Tas {i + 1}" for i in range(len(analysis.heaps))]
            )
        ]


def _tokens(count: int) -> str:
    """A number of tokens in French, grouped by threes beyond four digits: '12 345 jetons'."""
    return f"{grouped(count)} jeton{'s' if count > 1 else ''}"


def _shown(value: object) -> str:
    """What a board sent (as JSON), cut short when long, for « » in a message."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:60] + "…"


def _typed_count(raw: object, field: str) -> int:
    """A number of tokens as the board sends it: a number, or the digits the reader typed.

    >>> _typed_count(" 12 ", "Premier tas"), _typed_count(7, "Premier tas")
    (12, 7)
    >>> _typed_count("douze", "Premier tas")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Premier tas : « douze » n'est pas un nombre entier de jetons.
    """
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    text = raw.strip() if isinstance(raw, str) else ""
    if not isinstance(raw, str) or not _DIGITS.fullmatch(text):
        if isinstance(raw, str) and text.isascii() and text.isdigit():
            raise NimcoreError(
                typeset(f"{field} : nombre trop long ({_HEAP_DIGITS} chiffres au plus).")
            )
        shown = raw if isinstance(raw, str) else _shown(raw)
        if not shown.strip():
            raise NimcoreError(typeset(f"{field} : indiquez un nombre de jetons."))
        shown = shown if len(shown) <= 24 else shown[:24] + "…"
        raise NimcoreError(typeset(f"{field} : « {shown} » n'est pas un nombre entier de jetons."))
    return int(text)


GAME = OctalGame()
