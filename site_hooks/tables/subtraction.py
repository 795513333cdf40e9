"""Placeholders of the one-heap games: P/N tables and Grundy values of subtraction
games, their periods and the proof that a period holds, and a worked game of Nim with
at most K tokens per move; the Grundy values of Nim « Parité » and « Pas tout »
(one-heap rules too).

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

from nimcore import subtraction
from nimcore.variants import VARIANTS, heap_values
from site_hooks.svg import figure, grid
from site_hooks.tables import (
    MacroError,
    bounded,
    flag,
    html_table,
    integer,
    integers,
    macro,
    value_row,
)

#: Longest table of a one-heap sequence: a row of cells has to stay readable.
_MAX_COLUMNS = 40


def read_rule(amounts: str) -> subtraction.SubtractionRule:
    return subtraction.SubtractionRule.from_set(integers(amounts, "set"))


def _count(count: str) -> int:
    value = integer(count, "count")
    if not 1 <= value <= _MAX_COLUMNS:
        raise MacroError(f"count={count!r}: between 1 and {_MAX_COLUMNS} expected")
    return value


def _set_text(rule: subtraction.SubtractionRule) -> str:
    """The rule as a set, e.g. '{1, 2, 4}' (ranges written in full)."""
    amounts = rule.amounts if rule.kind == "set" else tuple(range(rule.low, rule.high + 1))
    return "{" + ", ".join(map(str, amounts)) + "}"


def _convention(misere: bool) -> str:
    return "version misère" if misere else "version normale"


@macro("subtraction-outcomes")
def subtraction_outcomes(set: str, count: str, misere: str = "non") -> str:
    """P or N for a heap of 0, …, count − 1 tokens in a subtraction game.

    ``<!-- nimcore:subtraction-outcomes set=1,2 count=19 misere=non -->``
    """
    rule = read_rule(set)
    length = _count(count)
    lost = flag(misere, "misere")
    if lost:
        outcomes = subtraction.misere_outcomes(rule, length)
    else:
        outcomes = "".join(
            "P" if subtraction.is_p_position([size], rule) else "N" for size in range(length)
        )
    return value_row(
        "n",
        "issue",
        outcomes,
        caption=f"Positions P et N d'un tas de n allumettes : {rule.text} ({_convention(lost)})",
        css_class="nimcore-table one-heap",
        losing="P",
    )


@macro("subtraction-grundy")
def subtraction_grundy(set: str, count: str) -> str:
    """Grundy values g(0), …, g(count − 1) of one heap (zeros, the P-positions, highlighted).

    ``<!-- nimcore:subtraction-grundy set=1,2,4 count=21 -->``
    """
    rule = read_rule(set)
    length = _count(count)
    values = subtraction.grundy_sequence(rule, length)
    return value_row(
        "n",
        "g(n)",
        values,
        caption=f"Valeurs de Grundy d'un tas de n allumettes : {rule.text}",
        css_class="nimcore-table one-heap",
    )


@macro("subtraction-period-proof")
def subtraction_period_proof(set: str) -> str:
    """The two equal windows of s_max values that prove the period of g, as a figure.

    ``<!-- nimcore:subtraction-period-proof set=1,2,4 -->``
    """
    rule = read_rule(set)
    found = subtraction.grundy_period(rule)
    width = rule.high
    first = found.preperiod
    second = first + found.period
    length = second + width
    values = subtraction.grundy_sequence(rule, length)
    if values[first : first + width] != values[second : second + width]:
        raise MacroError(f"set={set!r}: the windows of nimcore's period do not match")

    def block(row: int, column: int) -> str:
        start = first if row == 0 else second
        if start <= column < start + width:
            return "fig-block-0" if row == 0 else "fig-block-1"
        return ""

    window = ", ".join(map(str, values[first : first + width]))
    svg = grid(
        2,
        length,
        label=lambda row, column: str(values[column]),
        css_class=block,
        cell=28,
        title=f"Valeurs de Grundy g(0) à g({length - 1}) pour {rule.text}",
        description=(
            f"Les valeurs g(0) à g({length - 1}) sont {', '.join(map(str, values))}, "
            f"écrites deux fois. Sur la première ligne, la fenêtre g({first}) à "
            f"g({first + width - 1}) est colorée : elle vaut ({window}). Sur la seconde, "
            f"la fenêtre g({second}) à g({second + width - 1}) est colorée : elle vaut "
            f"aussi ({window})."
        ),
        row_labels=["g", "g"],
        column_labels=[str(size) for size in range(length)],
        display_width=28 * (length + 1),
    )
    caption = (
        f"{rule.text.capitalize()} : les {width} valeurs g({first}) à g({first + width - 1}) "
        f"({window}) reviennent à l'identique de g({second}) à g({second + width - 1}), "
        f"{found.period} rangs plus loin (en haut, puis en bas). D'après le lemme de la "
        f"fenêtre répétée, la suite est donc périodique de période "
        f"{found.period} à partir de g({first})."
    )
    return figure(svg, caption)


@macro("subtraction-periods")
def subtraction_periods(sets: str) -> str:
    """Pre-period, period and first values of several subtraction sets (``;`` between sets).

    ``<!-- nimcore:subtraction-periods sets=1,2,4;1,3,4;2,4,7 -->``
    """
    rows = []
    for part in sets.split(";"):
        rule = read_rule(part)
        found = subtraction.grundy_period(rule)
        values = found.values
        start = " ".join(map(str, values[: found.preperiod])) or "—"
        motif = " ".join(map(str, values[found.preperiod :]))
        rows.append([_set_text(rule), found.preperiod, found.period, start, motif])
    return html_table(
        ["ensemble S", "prépériode", "période", "avant la période", "motif qui se répète"],
        rows,
        caption=(
            "Suites de Grundy de quelques jeux de soustraction (plus petites prépériode et période)"
        ),
        css_class="nimcore-table subtraction-periods",
    )


def _moves_argument(moves: str) -> list[tuple[int, int]]:
    played = []
    for part in moves.split(","):
        heap, sep, take = part.partition("-")
        if not sep:
            raise MacroError(f"moves={moves!r}: moves are written heap-take, heaps from 1")
        played.append((integer(heap, "moves") - 1, integer(take, "moves")))
    return played


@macro("nim-max-game")
def nim_max_game(heaps: str, k: str, moves: str) -> str:
    """A game of Nim with at most k tokens per move, move by move, with nimbers and nim-sums.

    The first player is A, the second B; every move of B must bring the nim-sum
    to 0 (nimcore checks it), and the game must end.

    ``<!-- nimcore:nim-max-game heaps=10,8,6 k=3 moves=1-3,2-3 -->``
    """
    limit = integer(k, "k")
    rule = subtraction.SubtractionRule.take_up_to(limit)
    position = tuple(integers(heaps, "heaps"))

    def state(position: tuple[int, ...]) -> subtraction.SubtractionAnalysis:
        return subtraction.nim_max_analyse(position, limit)

    def row(
        number: str, player: str, text: str, analysis: subtraction.SubtractionAnalysis
    ) -> list[object]:
        written = " ⊕ ".join(map(str, analysis.heap_nimbers))
        return [
            number,
            player,
            text,
            "(" + ", ".join(map(str, analysis.heaps)) + ")",
            f"{written} = {analysis.nim_sum}",
        ]

    current = state(position)
    rows = [row("départ", "", "", current)]
    sums = [current.nim_sum]
    for index, (heap, take) in enumerate(_moves_argument(moves)):
        player = "A" if index % 2 == 0 else "B"
        found = [
            move
            for move in subtraction.moves(current.heaps, rule)
            if move.heap == heap and move.take == take
        ]
        if not found:
            raise MacroError(f"move {heap + 1}-{take} is not legal from {current.heaps}")
        move = found[0]
        if player == "B" and move not in current.winning_moves:
            raise MacroError(f"B's move {move.text} from {current.heaps} is not winning")
        current = state(move.to)
        rows.append(row(str(index + 1), player, move.text, current))
        sums.append(current.nim_sum)
    if not current.terminal:
        raise MacroError(f"the game is not over: {current.heaps}")
    return html_table(
        [
            "coup",
            "joueur",
            "coup joué",
            "position",
            "valeurs de Grundy des tas et leur somme de Nim",
        ],
        rows,
        caption=(
            f"Une partie de Nim où l'on retire au plus {limit} allumettes par coup : "
            f"la valeur de Grundy d'un tas de x allumettes est x mod {limit + 1}"
        ),
        css_class="nimcore-table nim-max-game",
        cell_classes=lambda row, column: "is-p" if column == 4 and sums[row] == 0 else "",
    )


_VARIANT_NAMES = {"parite": "Nim « Parité »", "pas-tout": "Nim « Pas tout »"}


@macro("variant-values")
def variant_values(game: str, count: str) -> str:
    """The Grundy values of one heap at Nim « Parité » or « Pas tout », by the mex.

    ``<!-- nimcore:variant-values game=pas-tout count=16 -->``
    """
    if game not in VARIANTS:
        raise MacroError(f"game={game!r} must be one of {', '.join(sorted(VARIANTS))}")
    options, value = VARIANTS[game]
    wanted = bounded(integer(count, "count"), "count", 2, 40)
    values = heap_values(options, wanted)
    if values != [value(heap) for heap in range(wanted)]:
        raise MacroError(f"game={game!r}: the closed form disagrees with the mex")
    return value_row(
        "h",
        "g(h)",
        values,
        caption=f"{_VARIANT_NAMES[game]} : la valeur de Grundy g(h) d'un tas de h allumettes",
        css_class="nimcore-table grundy-values",
    )
