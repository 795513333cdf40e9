"""The Sprouts drawing (nimcore.sprouts.drawing): routed curves, against the abstract moves.

Every drawing reachable from small starts is listed: the canonical positions the
routed curves reach must be exactly the moves nimcore.sprouts finds from the
position the drawing shows; no curve may cross or touch another but at a spot;
a move's token, replayed, must draw the same curve.
"""

from __future__ import annotations

import functools
import itertools
import random
import re
import sys

import pytest

from nimcore import NimcoreError
from nimcore.french import typeset
from nimcore.sprouts import drawing as sd
from nimcore.sprouts.position import moves, text

#: A drawing's listed moves, routed once for all the tests that ask for them.
_listed = functools.cache(sd.all_routes)


def _reachable(spots: int, depth: int) -> list[sd.Drawing]:
    """Every drawing reached from the start of *spots* spots in at most *depth* moves
    (each move drawn as listed, without searching its curve again)."""
    found = [sd.start_drawing(spots)]
    frontier = list(found)
    for _ in range(depth):
        frontier = [
            sd.draw_route(drawing, token, route)
            for drawing in frontier
            for token, route in _listed(drawing).items()
        ]
        found += frontier
    return found


#: (spots, moves): every drawing reached is checked here; all drawings of 1 to 3
#: spots within 2 moves are checked by the soak test below (fewer inside Pyodide,
#: where the suite proves that the wheel computes the same, not the routing again).
SMALL = [(1, 2), (2, 1)] if sys.platform == "emscripten" else [(1, 2), (2, 1), (3, 1)]
NAMES = [f"{spots}-{depth}" for spots, depth in SMALL]


@functools.cache
def _drawings(name: str) -> list[sd.Drawing]:
    spots, depth = map(int, name.split("-"))
    return _reachable(spots, depth)


def _check_curves(drawing: sd.Drawing) -> None:
    """Curves are 4-connected paths of distinct cells; two curves share only spots; a spot
    is a curve's end or the new spot of its own curve, and keeps at most 3 curve ends."""
    spots = set(drawing.spots)
    assert len(spots) == len(drawing.spots)
    owner: dict[tuple[int, int], int] = {}
    for index, curve in enumerate(drawing.curves):
        assert curve[0] in spots and curve[-1] in spots
        for one, two in itertools.pairwise(curve):
            assert abs(one[0] - two[0]) + abs(one[1] - two[1]) == 1, curve
        inner = curve[1:-1]
        assert len(set(inner)) == len(inner), "a curve crosses itself"
        assert curve[0] not in inner and curve[-1] not in inner
        assert sum(cell in spots for cell in inner) == 1, "one new spot a curve"
        for cell in inner:
            assert 0 < cell[0] < drawing.size - 1 and 0 < cell[1] < drawing.size - 1
            assert owner.setdefault(cell, index) == index, "two curves cross"
    assert all(life >= 0 for life in sd.lives_of(drawing))


@pytest.mark.parametrize("name", NAMES)
def test_the_routed_moves_are_exactly_the_abstract_moves(name):
    for drawing in _drawings(name):
        listed = _listed(drawing)
        reached = {route.position for route in listed.values()}
        assert reached == set(moves(sd.abstract(drawing))), drawing.tokens


def test_a_sample_of_second_moves_from_three_spots():
    """After a loop from 3 spots (where loops once went unrouted), one drawing in two that
    the next move reaches lists every abstract move (all of them: the soak test)."""
    drawing = sd.play_token(sd.start_drawing(3), "0-0")
    for token, route in sorted(sd.all_routes(drawing).items())[::2]:
        after = sd.draw_route(drawing, token, route)
        reached = {found.position for found in sd.all_routes(after).values()}
        assert reached == set(moves(sd.abstract(after))), after.tokens


def _check_replay(drawing: sd.Drawing) -> None:
    """The drawing's tokens, replayed, draw it again, and each listed move's token
    draws the listed curve."""
    replayed = sd.start_drawing(drawing.start)
    for token in drawing.tokens:
        replayed = sd.play_token(replayed, token)
    assert replayed == drawing
    for token, route in _listed(drawing).items():
        after = sd.play_token(drawing, token)
        assert sd.abstract(after) == route.position, (drawing.tokens, token)
        assert after.curves[-1] == route.cells and after.spots[-1] == route.middle


@pytest.mark.parametrize("name", NAMES)
def test_routes_never_cross(name):
    for drawing in _drawings(name):
        _check_curves(drawing)


@pytest.mark.parametrize("name", NAMES)
def test_tokens_replay_the_same_curves(name):
    for drawing in _drawings(name)[::3]:
        _check_replay(drawing)


@pytest.mark.soak  # about a minute: `make soak`
@pytest.mark.parametrize("spots", [1, 2, 3])
def test_every_move_within_two_moves_is_drawn(spots):
    """From 1, 2 and 3 spots, every drawing reached in at most 2 moves: its routed moves
    reach exactly the abstract moves, its curves never cross, its tokens replay."""
    for drawing in _reachable(spots, 2):
        reached = {route.position for route in _listed(drawing).values()}
        assert reached == set(moves(sd.abstract(drawing))), drawing.tokens
        _check_curves(drawing)
        _check_replay(drawing)


@pytest.mark.soak  # minutes: `make soak`
@pytest.mark.parametrize("spots", [3, 4])
def test_every_move_is_drawn_in_whole_random_games(spots):
    """Whole games of random moves: at every turn, every abstract move is drawn (so the
    computer can always draw the move it wants)."""
    chance = random.Random(spots)
    for _ in range(12):
        drawing = sd.start_drawing(spots)
        while True:
            listed = sd.all_routes(drawing)
            reached = {route.position for route in listed.values()}
            assert reached == set(moves(sd.abstract(drawing))), drawing.tokens
            if not listed:
                break
            token, route = chance.choice(sorted(listed.items()))
            drawing = sd.draw_route(drawing, token, route)
        _check_curves(drawing)


@pytest.mark.parametrize("name", NAMES)
def test_each_boundary_has_one_region(name):
    """Every segment of a boundary walk has the walk's region on its left."""
    for drawing in _drawings(name):
        label, count = sd._faces(drawing)
        side = 2 * drawing.size - 1
        walks = sd._walks(drawing, label)
        assert {region for region, _ in walks} <= set(range(count))
        for region, met in walks:
            for one, two in zip([met[-1], *met], met, strict=False):
                if one != two:
                    assert label[sd._left(side, one, two)] == region


def test_known_positions():
    assert text(sd.abstract(sd.start_drawing(3))) == "0.0.0.}]!"
    loop = sd.play_token(sd.start_drawing(1), "0-0")
    assert text(sd.abstract(loop)) == "AB.}AB.}]!"
    joined = sd.play_token(sd.start_drawing(2), "0-1")
    assert text(sd.abstract(joined)) == "1a1a.}]!"


def test_refinement_keeps_the_position():
    for drawing in _drawings("2-1"):
        finer = sd.refine(drawing)
        assert sd.abstract(finer) == sd.abstract(drawing)
        _check_curves(finer)


@pytest.mark.parametrize(
    ("token", "fragment"),
    [
        ("0-x", "« 0-x » n'est pas un coup du jeu des pousses"),
        ("0-9", "« 0-9 » : l'adresse numérote les points de 0 à 1, il n'y a pas de point 9."),
        ("1-0", "« 1-0 » : le premier point s'écrit avant le second."),
        (
            "0-1k7",
            "Aucune courbe « 0-1k7 » : les points 1 et 2 (écrits 0 et 1 dans l'adresse)"
            " ne peuvent pas être reliés ainsi.",
        ),
        ("0-1s9", "le dessin ne s'affine pas plus de"),
    ],
)
def test_bad_tokens_are_refused_in_french(token, fragment):
    with pytest.raises(NimcoreError, match=re.escape(typeset(fragment))):
        sd.play_token(sd.start_drawing(2), token)


@pytest.mark.parametrize("spots", [0, 6])
def test_starts_out_of_range_are_refused(spots):
    with pytest.raises(NimcoreError, match="Le dessin part de 1 à 5 points"):
        sd.start_drawing(spots)
