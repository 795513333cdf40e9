"""Sprouts (« le jeu des pousses »), Conway and Paterson's game of 1967.

Spots are drawn on a sheet; a move draws a curve from a spot to a spot (or to
itself) that crosses no other curve, and puts a new spot on it; a spot may end
at most 3 curves. Whoever cannot move loses (normal play) or wins (misère).

Positions are written in the string of Applegate, Jacobson and Sleator (1991)
and Lemoine and Viennot (2015), split into independent *lands*
(:mod:`~nimcore.sprouts.position`); normal play is decided by the nimbers of the
lands, misère play by a search of whole positions (:mod:`~nimcore.sprouts.solver`).

>>> analyse(3).outcome
'N'
>>> analyse(3, misere=True).outcome
'P'
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset
from nimcore.sprouts.position import (
    MAX_TEXT,
    Position,
    canonical,
    land_lives,
    land_moves,
    lives,
    moves,
    parse,
    reachable_lands,
    start,
    text,
)
from nimcore.sprouts.solver import Outcome, Solver

__all__ = [
    "MAX_TEXT",
    "Position",
    "Solver",
    "SproutsAnswer",
    "analyse",
    "canonical",
    "land_lives",
    "land_moves",
    "lives",
    "moves",
    "parse",
    "reachable_lands",
    "start",
    "text",
]


@dataclass(frozen=True)
class SproutsAnswer:
    """Who wins the game of *spots* spots, and what it took to know it."""

    spots: int
    misere: bool
    outcome: Outcome
    positions: int
    seconds: float


def analyse(spots: int, misere: bool = False) -> SproutsAnswer:
    """The outcome of the *spots*-spot game (``"N"``: the first player wins).

    Cost: exponential in *spots*; ``bench/sprouts.py`` measures it.

    >>> analyse(2).positions > 0
    True
    >>> analyse(True)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le nombre de points doit être un entier, pas « true ».
    """
    if isinstance(spots, bool) or not isinstance(spots, int):
        raise NimcoreError(
            typeset(f"Le nombre de points doit être un entier, pas {quoted(spots)}.")
        )
    if spots < 1:
        raise NimcoreError(typeset(f"Il faut au moins un point, pas {spots}."))
    began = time.perf_counter()
    solver = Solver()
    outcome = solver.outcome(start(spots), misere=misere)
    return SproutsAnswer(spots, misere, outcome, solver.positions, time.perf_counter() - began)
