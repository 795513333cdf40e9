"""Placeholders of the octal games: Grundy's game (values, plot, known facts), octal
games' values, plots and certified periods, and the flowers game (Dawson's chess).

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
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
    value_row,
)


def _values_table(values: Sequence[int], label: str, caption: str, first: int = 0) -> str:
    """Values g(first), g(first + 1), … in blocks of 20 columns, zeros highlighted."""
    tables = []
    for start in range(0, len(values), 20):
        block = values[start : start + 20]
        tables.append(
            value_row(
                "n", label, block, css_class="nimcore-table grundy-values", first=first + start
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
        caption=f"Période démontrée (théorème de Guy et Smith) du jeu octal {_octal_label(game)}",
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


def _mask_cell(item: dict[str, Any]) -> str:
    """The mask of the sparse-space method in base 2, with the parity its rare set follows."""
    mask, phase = item["rare_mask"], item["rare_phase"]
    if mask is None:
        return "—"
    if phase is None:
        return f"{mask:b}"
    return f"{mask:b} (parité de n + {phase})" if phase else f"{mask:b} (parité de n)"


def _octal_games() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(OCTAL_GAMES.read_text())
    return data


@macro("octal-games-table")
def octal_games_table() -> str:
    """Every three-digit octal game 0.d1d2d3: what is known of its period, and who found it.

    ``<!-- nimcore:octal-games-table -->`` — read from ``site_hooks/data/octal_games.json``,
    written by ``tools/octal_table.py`` (computed once, not at each build). The table states
    the state of knowledge: a period certified (every game the literature solved, 0.354's
    20 million values included, is certified by nimcore, ``tools/octal_table.py``), or
    « inconnue ». How far the site computed is the subject of ``octal-games-computation``
    (on « À propos »).
    """
    data = _octal_games()
    by_code = {item["code"]: item for item in data["games"]}
    rows = []
    known = 0
    for codes in data["groups"]:
        item = by_code[codes[0]]
        names = " · ".join(code.replace(".", ",") for code in codes)
        if item["certified"]:
            known += len(codes)
            period = [grouped(item["preperiod"]), grouped(item["period"])]
        else:
            period = ["—", "inconnue"]
        credited = [by_code[code]["source"] for code in codes]
        # a group credits its discoverer when one of its codes has one
        generic = ("Winning Ways", "Guy et Smith", "non résolu")
        named = [source for source in credited if not source.startswith(generic)]
        if named:
            source = typeset(named[0])
        elif item["certified"]:
            # A short period is in every published table; who printed it first is not
            # recorded code by code, so the table does not guess (second examiner, list 1).
            source = "tables publiées"
        else:
            source = typeset(credited[0])
        rows.append([names, *period, _mask_cell(item), source])
    table = html_table(
        ["codes (mêmes valeurs)", "prépériode n₀", "période p", "masque", "source"],
        rows,
        caption=(
            f"Les 511 jeux octaux 0,d₁d₂d₃ en {len(rows)} lignes : une ligne par suite de"
            " valeurs de Grundy, avec sa période quand elle est connue et qui l'a trouvée"
        ),
        css_class="nimcore-table octal-games",
    )
    summary = typeset(
        f"Le tableau des 511 codes : {known} ont une période connue, {511 - known} non"
    )
    note = typeset(
        "« Tables publiées » : une période courte, qui se voit dès les premières centaines de"
        " valeurs et figure dans les tables publiées (Guy et Smith, 1956, pour une partie des"
        " codes d'au plus deux chiffres ; Winning Ways, 1982, chapitre 4 ; tables"
        " d'A. Flammenkamp) ; le tableau ne nomme un auteur que lorsque la littérature lui"
        " attribue la découverte. « Inconnue » : personne n'a encore trouvé de période à ce jeu"
        " (tables d'A. Flammenkamp et de T. Czajka), ce qui ne prouve pas qu'il n'en a pas."
        " « Masque » : pour les jeux"
        " où apparaît l'espace clairsemé, les positions binaires qui définissent les valeurs"
        " rares, écrites en base 2 ; une valeur y est rare quand elle a un nombre pair de"
        " chiffres 1 à ces positions, ou, avec « parité de n + q », quand elle a la parité de"
        " n + q, n étant le tas."
    )
    return (
        f'<details class="octal-games"><summary>{escape(summary)}</summary>\n{table}\n'
        f'<p class="nimcore-note">{escape(note)}</p></details>'
    )


@macro("octal-games-computation")
def octal_games_computation() -> str:
    """How far the site's search went for the 511 three-digit codes (for « Programmer »).

    ``<!-- nimcore:octal-games-computation -->`` — per number of values computed, how many
    codes got a certified period and how many did not; the two games whose certificates
    need more values than the search's limit are named.
    """
    data = _octal_games()
    reached: dict[int, list[int]] = {}
    for item in data["games"]:
        counts = reached.setdefault(item["values"], [0, 0])
        counts[0 if item["certified"] else 1] += 1
    rows = [
        [grouped(values), grouped(certified), grouped(uncertified)]
        for values, (certified, uncertified) in sorted(reached.items())
    ]
    table = html_table(
        ["valeurs calculées", "codes à période certifiée", "codes sans période certifiée"],
        rows,
        caption="Le calcul du tableau des 511 jeux octaux à trois chiffres, code par code",
        css_class="nimcore-table octal-computation",
    )
    long = sorted(
        (item for item in data["games"] if item["certified"] and item["values"] > data["limit"]),
        key=lambda item: item["values"],
    )
    beyond = ", et ".join(
        f"{item['code'].replace('.', ',')}, résolu par {item['source']}, en"
        f" {grouped(item['values'])} valeurs"
        for item in long
    )
    note = typeset(
        "Pour chaque code, le calcul s'arrête dès que le théorème de Guy et Smith certifie une"
        f" période, et au plus tard après {grouped(data['limit'])} valeurs"
        f" ({grouped(data['direct'])} quand la méthode de l'espace clairsemé ne s'applique"
        " pas). Deux jeux ont un certificat publié qui demande davantage de valeurs ; le"
        f" calcul est alors allé jusqu'à ce certificat : {beyond}."
    )
    return f'{table}\n<p class="nimcore-note">{escape(note)}</p>'
