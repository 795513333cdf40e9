"""Placeholders of the octal games: Grundy's game (values, plot, known facts), octal
games' values, plots and certified periods, and the flowers game (Dawson's chess).

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from nimcore import grundy, octal
from nimcore.french import grouped, typeset
from nimcore.nimsum import nim_sum
from site_hooks.svg import bar_plot, figure
from site_hooks.tables import (
    MacroError,
    bounded,
    escape,
    html_table,
    integer,
    integers,
    macro,
)


def _zeros_marked(block: list[int]) -> Callable[[int, int], str]:
    """The classes of a row of values: "is-p" on each 0 (the first column is the row's label)."""
    return lambda row, column: "is-p" if column and block[column - 1] == 0 else ""


def _values_table(values: Sequence[int], label: str, caption: str, first: int = 0) -> str:
    """Values g(first), g(first + 1), … in blocks of 20 columns, zeros highlighted."""
    tables = []
    for start in range(0, len(values), 20):
        block = list(values[start : start + 20])
        tables.append(
            html_table(
                ["n", *range(first + start, first + start + len(block))],
                [[label, *block]],
                css_class="nimcore-table grundy-values",
                cell_classes=_zeros_marked(block),
            )
        )
    return "\n".join(tables) + f'\n<p class="nimcore-note">{escape(caption)}</p>'


def _values_plot(values: Sequence[int], title: str, description: str, caption: str) -> str:
    svg = bar_plot(values, title=title, description=description, x_label="n", y_label="valeur")
    return figure(svg, caption)


@macro("grundy-game-values")
def grundy_game_values(count: str) -> str:
    """The first values G(0), … of Grundy's game.

    ``<!-- nimcore:grundy-game-values count=60 -->``
    """
    wanted = bounded(integer(count, "count"), "count", 1, 400)
    values = list(grundy.grundy_values(wanted))
    return _values_table(
        values,
        "g(n)",
        f"Valeurs de Grundy g(n) d'un tas de n allumettes au jeu de Grundy, n de 0 à"
        f" {wanted - 1} ; en vert, les tas perdants (g(n) = 0).",
    )


@macro("grundy-game-plot")
def grundy_game_plot(count: str) -> str:
    """Bar plot of G(0), …, G(count − 1) for Grundy's game.

    ``<!-- nimcore:grundy-game-plot count=200 -->``
    """
    wanted = bounded(integer(count, "count"), "count", 2, 2000)
    values = list(grundy.grundy_values(wanted))
    top = max(values)
    return _values_plot(
        values,
        "Valeurs de Grundy du jeu de Grundy",
        f"Diagramme en bâtons des valeurs g(n) du jeu de Grundy pour n de 0 à {wanted - 1} :"
        f" elles croissent lentement et irrégulièrement, jusqu'à {top} ; les tas de valeur 0"
        " deviennent rares.",
        f"Les valeurs g(n) du jeu de Grundy, n de 0 à {wanted - 1} (hauteur maximale : {top}).",
    )


@macro("grundy-game-known")
def grundy_game_known(exponents: str = "10,12,14,16") -> str:
    """Grundy's game far out: for heaps below 2^e, the largest value and the losing heaps.

    ``<!-- nimcore:grundy-game-known exponents=10,12,14,16 -->`` — about 3 s of
    computation for 2^16 at build time.
    """
    wanted = integers(exponents, "exponents")
    if not wanted or max(wanted) > 16 or min(wanted) < 1:
        raise MacroError("exponents= must list numbers from 1 to 16")
    values = grundy.grundy_values(1 << max(wanted))
    rows = []
    for exponent in sorted(wanted):
        bound = 1 << exponent
        head = values[:bound]
        top = max(head)
        zeros = [heap for heap in range(bound) if head[heap] == 0]
        rows.append(
            [
                f"n < 2^{exponent} = {grouped(bound)}",
                top,
                grouped(head.index(top)),
                len(zeros),
                grouped(zeros[-1]),
            ]
        )
    table = html_table(
        [
            "tas",
            "plus grande valeur",
            "atteinte d'abord en n =",
            "tas perdants (g(n) = 0, y compris 0, 1, 2)",
            "plus grand tas perdant",
        ],
        rows,
        caption="Le jeu de Grundy vu de loin : la plus grande valeur et les tas perdants",
        css_class="nimcore-table grundy-known",
    )
    bound = 1 << max(wanted)
    zeros = [heap for heap in range(bound) if values[heap] == 0]
    listing = ", ".join(grouped(heap) for heap in zeros)
    note = f"Les tas perdants n < {grouped(bound)} : {listing}."
    return table + f'\n<p class="nimcore-note">{escape(note)}</p>'


def _octal_label(game: octal.Octal) -> str:
    return game.code.replace(".", ",")


@macro("octal-values")
def octal_values(code: str, count: str) -> str:
    """The first values of an octal game given by its code.

    ``<!-- nimcore:octal-values code=0.137 count=60 -->``
    """
    game = octal.parse_code(code)
    wanted = bounded(integer(count, "count"), "count", 1, 400)
    values = octal.grundy_values(game, wanted)
    return _values_table(
        values,
        "g(n)",
        f"Valeurs de Grundy g(n) du jeu octal {_octal_label(game)} pour un tas de n, n de 0 à"
        f" {wanted - 1} ; en vert, les tas perdants.",
    )


@macro("octal-plot")
def octal_plot(code: str, count: str) -> str:
    """Bar plot of the first values of an octal game, with its certified period when known.

    ``<!-- nimcore:octal-plot code=0.137 count=200 -->``
    """
    game = octal.parse_code(code)
    wanted = bounded(integer(count, "count"), "count", 2, 2000)
    values = list(octal.grundy_values(game, wanted))
    period = octal.periodicity(game)
    tail = (
        f" À partir de n = {period.preperiod}, le motif se répète tous les {period.period} termes."
        if period.certified
        else ""
    )
    return _values_plot(
        values,
        f"Valeurs de Grundy du jeu octal {_octal_label(game)}",
        f"Diagramme en bâtons des valeurs g(n) du jeu octal {_octal_label(game)} pour n de 0 à"
        f" {wanted - 1}, toutes comprises entre 0 et {max(values)}.{tail}",
        f"Les valeurs g(n) du jeu octal {_octal_label(game)}, n de 0 à {wanted - 1}.{tail}",
    )


@macro("octal-period")
def octal_period(code: str) -> str:
    """The certified preperiod and period of an octal game, and one period of values.

    ``<!-- nimcore:octal-period code=0.137 -->``
    """
    game = octal.parse_code(code)
    result = octal.periodicity(game)
    if not result.certified or result.preperiod is None or result.period is None:
        return f'<p class="nimcore-note">{escape(result.explanation)}</p>'
    start, period, t = result.preperiod, result.period, result.last_digit
    values = octal.grundy_values(game, start + period)
    # Exceptional values: heaps below n0 whose value breaks the periodic pattern.
    exceptions = [n for n in range(start) if values[n] != values[start + (n - start) % period]]
    table = html_table(
        ["", "valeur"],
        [
            ["code du jeu", _octal_label(game)],
            ["plus grand retrait t", t],
            ["période p", period],
            ["la période commence à n₀ =", start],
            [
                "égalités g(n + p) = g(n) vérifiées",
                f"{start} ≤ n < 2 × {start} + {period} + {t} = {2 * start + period + t}",
            ],
            [
                "valeurs exceptionnelles (n < n₀ hors du motif)",
                ", ".join(str(n) for n in exceptions) or "aucune",
            ],
        ],
        caption=f"Périodicité certifiée du jeu octal {_octal_label(game)}",
        css_class="nimcore-table octal-period",
    )
    cycle = _values_table(
        values[start : start + period],
        "g(n)",
        f"Une période complète : g(n) pour n de {start} à {start + period - 1} ; ensuite,"
        f" g(n + {period}) = g(n).",
        first=start,
    )
    return table + "\n" + cycle


@macro("flowers-first-moves")
def flowers_first_moves(flowers: str) -> str:
    """Every first move in a row of *flowers*, the runs it leaves and their nim-sum.

    ``<!-- nimcore:flowers-first-moves flowers=10 -->``
    """
    size = bounded(integer(flowers, "flowers"), "flowers", 2, 60)
    game = octal.FLOWERS
    rows: list[list[object]] = []
    winning_rows = set()
    for move in octal.moves([size], game):
        parts = move.parts
        if move.take == 2:
            cut = (1, size)  # an end flower and its only neighbour
        elif len(parts) == 1:
            cut = (2, size - 1)  # the second flower: its two neighbours go, one run is left
        else:
            cut = (parts[0] + 2, size - parts[0] - 1)
        which = f"n° {cut[0]}" if cut[0] == cut[1] else f"n° {cut[0]} ou n° {cut[1]}"
        values = [octal.grundy_value(game, part) for part in parts]
        total = nim_sum(values)
        if total == 0:
            winning_rows.add(len(rows))
        rows.append(
            [
                which,
                "{" + ", ".join(str(part) for part in parts) + "}" if parts else "{}",
                " ⊕ ".join(str(value) for value in values) or "0",
                total,
            ]
        )
    return html_table(
        ["fleur cueillie", "paquets restants", "valeurs", "somme de Nim"],
        rows,
        caption=(
            f"Les premiers coups possibles dans une rangée de {size} fleurs ; en vert, les"
            " coups gagnants (somme nulle)"
        ),
        css_class="nimcore-table flowers-moves",
        cell_classes=lambda row, column: "is-p" if row in winning_rows and column == 3 else "",
    )


#: Every three-digit octal game, computed once by tools/octal_table.py.
OCTAL_GAMES = Path(__file__).resolve().parent.parent / "data" / "octal_games.json"


#: Three-digit games this table leaves unsolved but the literature has solved (who, when, what).
_SOLVED_ELSEWHERE = {
    "0.354": "résolue par A. Flammenkamp en 2002 : prépériode 10 061 916, période 1 180",
    "0.376": "résolue par A. Gangolli et T. Plambeck en 1989 : prépériode 2 268 248, période 4",
}


def _mask_cell(item: dict[str, Any]) -> str:
    """The mask of the sparse-space method in base 2, with the parity its rare set follows."""
    mask, phase = item["rare_mask"], item["rare_phase"]
    if mask is None:
        return "—"
    if phase is None:
        return f"{mask:b}"
    return f"{mask:b} (parité de n + {phase})" if phase else f"{mask:b} (parité de n)"


@macro("octal-games-table")
def octal_games_table() -> str:
    """Every three-digit octal game 0.d1d2d3: its certified period, or how far it is unsolved.

    ``<!-- nimcore:octal-games-table -->`` — read from ``site_hooks/data/octal_games.json``,
    written by ``tools/octal_table.py`` (computed once, not at each build).
    """
    data = json.loads(OCTAL_GAMES.read_text())
    by_code = {item["code"]: item for item in data["games"]}
    rows = []
    solved = 0
    for codes in data["groups"]:
        item = by_code[codes[0]]
        names = " · ".join(code.replace(".", ",") for code in codes)
        if item["certified"]:
            solved += len(codes)
            period = [grouped(item["preperiod"]), grouped(item["period"])]
        else:
            period = ["—", f"non résolue jusqu'à n = {grouped(item['values'])}"]
            if codes[0] in _SOLVED_ELSEWHERE:
                period[1] += f" ; {_SOLVED_ELSEWHERE[codes[0]]}"
        rows.append([names, *period, grouped(item["values"]), _mask_cell(item)])
    table = html_table(
        ["codes (mêmes valeurs)", "prépériode n₀", "période p", "valeurs calculées", "masque"],
        rows,
        caption=(
            f"Les 511 jeux octaux 0,d₁d₂d₃ en {len(rows)} lignes : une ligne par suite de"
            " valeurs de Grundy"
        ),
        css_class="nimcore-table octal-games",
    )
    summary = typeset(
        f"Le tableau des 511 codes : {solved} ont une période certifiée, {511 - solved} non"
    )
    note = typeset(
        f"Pour chaque code, les valeurs vont jusqu'à ce que le théorème de Guy et Smith"
        f" certifie une période, ou jusqu'à {grouped(data['limit'])} valeurs ({grouped(data['direct'])}"
        " quand la méthode de l'espace clairsemé ne s'applique pas) ; « non résolue » dit"
        " seulement qu'aucune période n'est certifiée dans ces valeurs. Deux de ces jeux ont"
        " été résolus au-delà, par des calculs publiés que la ligne cite."
        " « Masque » : celui de la méthode de l'espace clairsemé quand"
        " elle a servi, écrit en base 2 ; une valeur y est rare quand elle a un nombre pair"
        " de chiffres 1 aux positions du masque, ou, avec « parité de n + q », un nombre de"
        " la parité de n + q, n étant le tas."
    )
    return (
        f'<details class="octal-games"><summary>{escape(summary)}</summary>\n{table}\n'
        f'<p class="nimcore-note">{escape(note)}</p></details>'
    )
