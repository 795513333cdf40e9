"""Placeholders of the chapter on Sprouts (« Le jeu des pousses »): who wins from the
small starts, the Grundy values of the lands that small games show, and positions
split into their lands.

Every number comes from nimcore; this module only lays it out. One solver serves
every placeholder of a build, so what one table learnt serves the next (the book
repeats the chapter's placeholders).
"""

from __future__ import annotations

from itertools import pairwise

from nimcore import NimcoreError
from nimcore.sprouts import (
    Position,
    Solver,
    land_lives,
    moves,
    parse,
    reachable_lands,
    start,
    text,
)
from site_hooks.tables import Html, MacroError, bounded, escape, flag, html_table, integer, macro

#: Largest start whose outcomes a page may ask for (each costs about a second at 4).
MAX_OUTCOME_SPOTS = 4
#: Largest start whose lands a page may list (2 spots show 19 lands, 3 spots 150).
MAX_LAND_SPOTS = 3

_SOLVER = Solver()


def _code(writing: str) -> Html:
    """A position's or a land's writing, set as code (it is not a decimal number)."""
    return Html(f"<code>{escape(writing)}</code>")


def _winner(position: Position, misere: bool) -> str:
    return "second joueur" if _SOLVER.is_p(position, misere) else "premier joueur"


def _status(position: Position, misere: bool) -> str:
    return "perdante (P)" if _SOLVER.is_p(position, misere) else "gagnante (N)"


def _positions(value: str) -> list[Position]:
    """Positions written one after another, separated by ``/``."""
    found = []
    for raw in value.split("/"):
        try:
            found.append(parse(raw))
        except NimcoreError as error:
            raise MacroError(f"positions: {error}") from None
    if not found:
        raise MacroError("positions: at least one position expected")
    return found


def _lands_and_sum(position: Position) -> tuple[str, str]:
    """« 0.2.}] (1) + 1.}] (1) » and « 1 ⊕ 1 = 0 »: the lands with their values, their nim-sum."""
    if not position:
        return "aucune terre", "0"
    values = [_SOLVER.nimber(land) for land in position]
    lands = Html(
        " + ".join(f"{_code(land)} ({value})" for land, value in zip(position, values, strict=True))
    )
    total = 0
    for value in values:
        total ^= value
    if len(values) == 1:
        return lands, str(total)
    return lands, " ⊕ ".join(map(str, values)) + f" = {total}"


@macro("sprouts-outcomes")
def sprouts_outcomes(spots: str) -> str:
    """Who wins from 1 to *spots* spots, in normal and misère play.

    ``<!-- nimcore:sprouts-outcomes spots=4 -->``
    """
    top = bounded(integer(spots, "spots"), "spots", 1, MAX_OUTCOME_SPOTS)
    rows = [
        [count, 3 * count, _winner(start(count), False), _winner(start(count), True)]
        for count in range(1, top + 1)
    ]
    return html_table(
        ["points au départ", "vies au départ", "version normale", "version misère"],
        rows,
        caption=(
            f"Le jeu des pousses de 1 à {top} points : le joueur qui gagne à coup sûr,"
            " dans chaque version"
        ),
        css_class="nimcore-table sprouts-outcomes",
        cell_classes=lambda row, column: (
            "is-p" if column >= 2 and rows[row][column] == "second joueur" else ""
        ),
    )


@macro("sprouts-lands")
def sprouts_lands(spots: str, lives: str = "0") -> str:
    """Every land that a game from *spots* spots shows, with its Grundy value.

    ``lives=4`` keeps the lands of at most 4 lives (0: all of them).

    ``<!-- nimcore:sprouts-lands spots=2 -->``
    """
    count = bounded(integer(spots, "spots"), "spots", 1, MAX_LAND_SPOTS)
    most = bounded(integer(lives, "lives"), "lives", 0, 3 * count)
    lands = [land for land in reachable_lands(start(count)) if not most or land_lives(land) <= most]
    rows = [[_code(land), land_lives(land), _SOLVER.nimber(land)] for land in lands]
    limit = f", celles d'au plus {most} vies" if most else ""
    return html_table(
        ["terre", "vies", "valeur de Grundy"],
        rows,
        caption=(
            f"Les {len(rows)} terres qui peuvent apparaître dans une partie à {count} point"
            + ("s" if count > 1 else "")
            + f"{limit}, par nombre de vies, avec leur valeur de Grundy"
        ),
        css_class="nimcore-table sprouts-lands",
        row_header=True,
        cell_classes=lambda row, column: "is-p" if column == 2 and rows[row][2] == 0 else "",
    )


@macro("sprouts-positions")
def sprouts_positions(positions: str, game: str = "non") -> str:
    """Positions split into their lands: values, nim-sum, and the outcome in both versions.

    ``positions`` lists positions separated by ``/``; with ``game=oui`` they must
    follow each other move by move (a game), and the rows are numbered by move.

    ``<!-- nimcore:sprouts-positions positions=0.2.}]1.}]!/1.}]1.}]! -->``
    """
    listed = _positions(positions)
    is_game = flag(game, "game")
    if is_game:
        for before, after in pairwise(listed):
            if after not in moves(before):
                raise MacroError(
                    f"positions: {text(after)} does not follow {text(before)} by one move"
                )
    rows: list[list[object]] = []
    for number, position in enumerate(listed):
        lands, total = _lands_and_sum(position)
        row: list[object] = [_code(text(position)), lands, total]
        row += [_status(position, False), _status(position, True)]
        rows.append([("départ" if number == 0 else number), *row] if is_game else row)
    first = 1 if is_game else 0
    header = ["position", "terres (valeur de Grundy)", "somme de Nim"]
    header += ["version normale", "version misère"]
    caption = (
        "Une partie du jeu des pousses, coup par coup : chaque position, ses terres,"
        " et si elle est gagnante ou perdante pour le joueur qui doit jouer"
        if is_game
        else "Des positions du jeu des pousses, leurs terres, et si elles sont gagnantes"
        " ou perdantes pour le joueur qui doit jouer"
    )
    return html_table(
        (["coup"] if is_game else []) + header,
        rows,
        caption=caption,
        css_class="nimcore-table sprouts-positions",
        row_header=True,
        cell_classes=lambda row, column: (
            "is-p" if column >= first + 3 and str(rows[row][column]).startswith("perdante") else ""
        ),
    )
