"""Subtraction games on one or several heaps, as the registry knows them (rules in :mod:`nimcore.subtraction`).

The options give the rule — ``{"set": [1, 2, 4]}``, or ``{"min": m, "max": M}``
(``min`` is 1 when left out: Nim with at most M matches per move) — and
``misere``.

>>> from nimcore.games.subtraction import GAME
>>> options = GAME.read_options({"set": [1, 2, 4]})
>>> GAME.play((7,), [3], options).text
'retirer 4 allumettes du tas 1 (7 → 3)'
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nimcore import subtraction
from nimcore.errors import NimcoreError
from nimcore.french import plural, quoted, typeset
from nimcore.games.base import (
    Flag,
    Game,
    check_flag,
    command_heaps,
    command_integer,
    form_field,
    setup_choice,
    setup_naturals,
    table,
)
from nimcore.games.heaps import (
    decode_heaps,
    describe_heaps,
    encode_heaps,
    heap_gesture,
    heap_gestures,
    heaps_board_refusal,
    heaps_form,
    heaps_setup_values,
    largest_heap,
    last_move_words,
    read_heaps_setup,
    single_change,
    taken,
)
from nimcore.nim import NimMove

__all__ = [
    "FORM_SET_SIZE",
    "GAME",
    "MAX_CODE_AMOUNT",
    "MAX_CODE_SET",
    "SubtractionGame",
    "SubtractionOptions",
]

Heaps = tuple[int, ...]

#: Random starts: one heap of 8 to 40 matches, or several of up to 20 (as many as the current position).
RANDOM_ONE_HEAP = (8, 40)
RANDOM_SEVERAL = 20

#: A rule in a code (an address, a page's markup): amounts of three digits at
#: most (so at most 999), and at most 32 amounts in a set.
MAX_CODE_AMOUNT = 999
MAX_CODE_SET = 32
#: Most amounts the setup form takes for a set (the field's width).
FORM_SET_SIZE = 8

_RULE = re.compile(
    rf"([0-9]{{1,3}})a([0-9]{{1,3}})|s([0-9]{{1,3}}(?:\.[0-9]{{1,3}}){{0,{MAX_CODE_SET - 1}}})",
    re.ASCII,
)


@dataclass(frozen=True, slots=True)
class SubtractionOptions:
    rule: subtraction.SubtractionRule
    misere: bool


def _amounts(raw: object, name: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise NimcoreError(
            typeset(f"L'option {name} doit être un nombre entier, pas {quoted(raw)}.")
        )
    return raw


class SubtractionGame(Game[Heaps, SubtractionOptions]):
    """A move takes from one heap an amount the rule allows (Berlekamp–Conway–Guy, ch. 4)."""

    id = "subtraction"
    title = "jeu de soustraction"
    examples = ("7-5_s1.2.4", "8-4_2a3", "5-4_1a3_misere", "6-5_2a3_misere")
    usage = "jeux de soustraction : subtraction 10 7 (--set 1,2,4 | --min m --max M) [--misere]"
    flags = (
        Flag("--set", "les quantités qu'on peut retirer", "1,2,4"),
        Flag("--min", "retirer au moins m…", "m"),
        Flag("--max", "… et au plus M jetons", "M"),
        Flag("--misere", "version misère"),
    )
    option_names = frozenset({"set", "min", "max", "misere"})

    def read_options(self, raw: Mapping[str, Any]) -> SubtractionOptions:
        misere = check_flag(raw, "misere")
        if "set" in raw:
            if "min" in raw or "max" in raw:
                raise NimcoreError(
                    typeset("La règle se donne par set, ou bien par min et max, pas les deux.")
                )
            amounts = raw["set"]
            if not isinstance(amounts, list):
                raise NimcoreError(
                    typeset(f"L'option set doit être une liste, pas {quoted(amounts)}.")
                )
            rule = subtraction.SubtractionRule.from_set(amounts)
        elif "max" in raw:
            low = _amounts(raw.get("min", 1), "min")
            rule = subtraction.SubtractionRule.between(low, _amounts(raw["max"], "max"))
        else:
            raise NimcoreError(typeset("La règle manque : donnez set, ou bien min et max."))
        return SubtractionOptions(rule, misere)

    def form(self) -> dict[str, Any]:
        """The heaps, the rule (from 1 to K, between m and M, or a set), the convention.

        The amounts are bounded as a code writes them (:data:`MAX_CODE_AMOUNT`);
        nimcore checks the rest when the game starts (a set's largest amount).
        """

        def amount(label: str, kind: str) -> dict[str, Any]:
            return form_field(
                label,
                low=1,
                high=MAX_CODE_AMOUNT,
                counts=(1, 1),
                noun="nombre",
                when=("rule", kind),
            )

        return heaps_form(
            [
                (
                    "rule",
                    form_field(
                        "Règle :",
                        choices=[
                            ("jusqua", "Retirer de 1 à K allumettes"),
                            ("entre", "Retirer entre m et M allumettes"),
                            ("ensemble", "Retirer un nombre pris dans une liste"),
                        ],
                    ),
                ),
                ("up_to", amount("K :", "jusqua")),
                ("low", amount("Au moins m :", "entre")),
                ("high", amount("Au plus M :", "entre")),
                (
                    "set",
                    form_field(
                        f"Coups permis (jusqu’à {FORM_SET_SIZE} nombres, par exemple 1 2 4) :",
                        low=1,
                        high=MAX_CODE_AMOUNT,
                        counts=(1, FORM_SET_SIZE),
                        noun="coup permis",
                        when=("rule", "ensemble"),
                    ),
                ),
            ]
        )

    def read_setup(self, values: Mapping[str, Any]) -> tuple[Heaps, SubtractionOptions]:
        form = self.form()
        fields = form["fields"]
        heaps, misere = read_heaps_setup(form, values)
        kind = setup_choice(values, "rule", fields["rule"])
        raw: dict[str, Any] = {"misere": misere}
        if kind == "ensemble":
            raw["set"] = setup_naturals(values, "set", fields["set"])
        elif kind == "entre":
            raw["min"] = setup_naturals(values, "low", fields["low"])[0]
            raw["max"] = setup_naturals(values, "high", fields["high"])[0]
        else:
            raw["min"], raw["max"] = 1, setup_naturals(values, "up_to", fields["up_to"])[0]
        options = self.read_options(raw)
        return self.read_position(heaps, options), options

    def setup_values(self, position: Heaps, options: SubtractionOptions) -> dict[str, str]:
        """The form's fields; the rules not in play keep an example, so that switching rule gives a valid one."""
        rule = options.rule
        values = {
            **heaps_setup_values(position, options.misere),
            "up_to": "3",
            "low": "2",
            "high": "5",
            "set": "1 2 4",
        }
        if rule.kind == "set":
            values.update(rule="ensemble", set=" ".join(map(str, rule.amounts)))
        elif rule.low == 1:
            values.update(rule="jusqua", up_to=str(rule.high))
        else:
            values.update(rule="entre", low=str(rule.low), high=str(rule.high))
        return values

    def board_refusal(self, position: Heaps, options: SubtractionOptions) -> str | None:
        return heaps_board_refusal(position)

    def options_json(self, options: SubtractionOptions) -> dict[str, Any]:
        rule = options.rule
        if rule.kind == "set":
            return {"set": list(rule.amounts), "misere": options.misere}
        return {"min": rule.low, "max": rule.high, "misere": options.misere}

    def read_position(self, raw: object, options: SubtractionOptions) -> Heaps:
        return subtraction.validate_position(raw, options.rule, options.misere)[0]

    def encode(self, position: Heaps, options: SubtractionOptions) -> str:
        rule = options.rule
        code = (
            "s" + ".".join(map(str, rule.amounts))
            if rule.kind == "set"
            else f"{rule.low}a{rule.high}"
        )
        return f"{encode_heaps(position)}_{code}" + ("_misere" if options.misere else "")

    def decode(self, text: str) -> tuple[Heaps, SubtractionOptions]:
        parts = text.split("_")
        match = _RULE.fullmatch(parts[1]) if len(parts) in (2, 3) else None
        if match is None or parts[2:] not in ([], ["misere"]):
            raise NimcoreError(
                typeset(
                    f"« {text} » n'est pas une position de la forme 21_1a3 ou 13_s1.2.4_misere."
                )
            )
        raw: dict[str, Any] = {"misere": len(parts) == 3}
        if match.group(3):
            raw["set"] = [int(amount) for amount in match.group(3).split(".")]
        else:
            raw["min"], raw["max"] = int(match.group(1)), int(match.group(2))
        options = self.read_options(raw)
        return self.read_position(decode_heaps(parts[0]), options), options

    def command(self, words: Sequence[str], flags: Mapping[str, Any]) -> tuple[str, str, str]:
        if flags["set"] is not None:
            if flags["min"] is not None or flags["max"] is not None:
                raise NimcoreError(typeset("Choisissez --set ou bien --min/--max, pas les deux."))
            amounts = [
                command_integer(part, "--set") for part in flags["set"].split(",") if part.strip()
            ]
            rule = "s" + ".".join(map(str, amounts))
        elif flags["max"] is None:
            raise NimcoreError(typeset("Indiquez la règle : --set 1,2,4 ou --min m --max M."))
        else:
            low = 1 if flags["min"] is None else command_integer(flags["min"], "--min")
            rule = f"{low}a{command_integer(flags['max'], '--max')}"
        misere = "_misere" if flags["misere"] else ""
        label = self.title + (", version misère" if flags["misere"] else "")
        return self.id, f"{command_heaps(words)}_{rule}{misere}", label

    def rule(self, options: SubtractionOptions) -> str:
        return typeset(
            f"À chaque coup, on doit {options.rule.text} d'un seul tas ;"
            f" {last_move_words(options.misere)}."
        )

    def describe(self, position: Heaps, options: SubtractionOptions) -> str:
        return f"{describe_heaps(position)}, règle : {options.rule.text}" + (
            ", version misère" if options.misere else ""
        )

    def last_mover_wins(self, options: SubtractionOptions) -> bool:
        return not options.misere

    def moves(self, position: Heaps, options: SubtractionOptions) -> Iterator[NimMove]:
        return subtraction.moves(position, options.rule)

    def terminal(self, position: Heaps, options: SubtractionOptions) -> bool:
        return all(heap < options.rule.low for heap in position)

    def play(self, position: Heaps, to: object, options: SubtractionOptions) -> NimMove:
        heap, before, after = single_change(position, to)
        reached = subtraction.play(position, options.rule, heap, before - after)
        return NimMove(heap, before - after, before, reached)

    def gestures(self, move: NimMove) -> list[dict[str, Any]]:
        return heap_gestures(move)

    def gesture_target(
        self, position: Heaps, gesture: Mapping[str, Any], options: SubtractionOptions
    ) -> object:
        return heap_gesture(position, gesture)

    def analyse(
        self, position: Heaps, options: SubtractionOptions
    ) -> subtraction.SubtractionAnalysis:
        return subtraction.analyse(position, options.rule, options.misere)

    def decide(
        self, position: Heaps, options: SubtractionOptions
    ) -> subtraction.SubtractionAnalysis:
        """The outcome and the recommended move, without the explanation (:meth:`analyse`'s)."""
        return subtraction.analyse(position, options.rule, options.misere, explain=False)

    def delaying_move(self, position: Heaps, options: SubtractionOptions) -> NimMove:
        """The smallest amount allowed, from the largest heap that allows a move: the game kept long."""
        low = options.rule.low
        return self.play(position, taken(position, largest_heap(position, low), low), options)

    def draw_start(
        self, options: SubtractionOptions, like: Heaps | None, chance: random.Random
    ) -> Heaps:
        count = len(like) if like else 1
        low = options.rule.low
        if count == 1:
            return (
                chance.randint(
                    min(max(low, RANDOM_ONE_HEAP[0]), RANDOM_ONE_HEAP[1]), RANDOM_ONE_HEAP[1]
                ),
            )
        return tuple(chance.randint(min(low, RANDOM_SEVERAL), RANDOM_SEVERAL) for _ in range(count))

    def hint_tables(
        self, analysis: subtraction.SubtractionAnalysis, options: SubtractionOptions
    ) -> list[dict[str, Any]]:
        """Each heap's nimber and their nim-sum; the period of the sequence the answer used."""
        rule = analysis.rule
        tables = []
        if not analysis.misere or analysis.method == "misere-nim":
            if rule.kind == "up_to":
                heading = f"x mod {rule.high + 1}"
            elif rule.kind == "between":
                heading = f"⌊(x mod {rule.low + rule.high}) / {rule.low}⌋"
            else:
                heading = "g(x)"
            best = None if analysis.recommended is None else analysis.recommended.heap
            values = analysis.heap_nimbers
            tables.append(
                table(
                    kind="heaps-nimbers",
                    head=[["Tas", "Allumettes x", f"Valeur de Grundy {heading}"]],
                    body=[
                        {
                            "cells": [f"Tas {index + 1}", heap, values[index]],
                            "mark": "best" if index == best else None,
                        }
                        for index, heap in enumerate(analysis.heaps)
                    ],
                    foot=(
                        [
                            [
                                "Somme de Nim",
                                {
                                    "text": " ⊕ ".join(map(str, values)) + f" = {analysis.nim_sum}",
                                    "span": 2,
                                },
                            ]
                        ]
                        if len(values) > 1
                        else []
                    ),
                )
            )
        return tables

    def hint_notes(
        self, analysis: subtraction.SubtractionAnalysis, options: SubtractionOptions
    ) -> list[str]:
        """The period of the sequence the answer read, in French, when it used one."""
        if analysis.period is None:
            return []
        what = (
            "Les issues (P ou N) d'un tas seul en version misère"
            if analysis.misere and analysis.method != "misere-nim"
            else "Les valeurs de Grundy d'un tas"
        )
        start = (
            f", après une prépériode de {plural(analysis.preperiod, 'valeur')}"
            if analysis.preperiod
            else " dès le début"
        )
        how = (
            " (trouvée par le moteur : une fenêtre de valeurs qui revient)"
            if analysis.rule.kind == "set"
            else " (donnée par la formule)"
        )
        return [typeset(f"{what} se répètent avec la période {analysis.period}{start}{how}.")]


GAME = SubtractionGame()
