"""Sprouts: positions, canonical forms, moves, nimbers and outcomes, against a brute force.

The brute force below shares nothing with nimcore.sprouts but the rules: it
keeps the drawing itself (every spot by name with its number of curves, every
region as the walks around its boundaries, dead spots and dead regions
included), plays every move in every way, and never simplifies. Its states are
written in the Applegate–Jacobson–Sleator string only to be handed to nimcore.
"""

import random
from itertools import product

import pytest

from nimcore import NimcoreError
from nimcore.sprouts import position as sp
from nimcore.sprouts import solver as solver_module
from nimcore.sprouts.solver import Solver

# -- the brute force: explicit drawings -------------------------------------------
# A state is (degrees, regions): degrees a sorted tuple of (spot, curves at it);
# a region a tuple of boundaries; a boundary the tuple of spots met walking around
# it (a spot without curve is a boundary by itself). A new spot is named after the
# ends of its curve, so that two orders of the same moves give the same names.


def brute_start(spots):
    names = [f"s{index}" for index in range(spots)]
    return tuple((name, 0) for name in names), (tuple((name,) for name in names),)


def _new_name(u, v, degree):
    low, high = sorted((u, v))
    count = 0
    while f"({low}-{high}#{count})" in degree:
        count += 1
    return f"({low}-{high}#{count})"


def _walk(boundary, index, degree):
    spot = boundary[index]
    if degree[spot] == 0:
        return (spot,)
    return boundary[index:] + boundary[:index] + (spot,)


def brute_children(state):
    degrees, regions = state
    degree = dict(degrees)
    found = []

    def with_curve(u, v, loop):
        new = dict(degree)
        w = _new_name(u, v, degree)
        new[w] = 2
        new[u] += 1
        new[v] += 1
        assert not loop or u == v
        return w, tuple(sorted(new.items()))

    for r, region in enumerate(regions):
        rest = regions[:r] + regions[r + 1 :]
        for a, first in enumerate(region):
            for b in range(a + 1, len(region)):
                second = region[b]
                others = tuple(x for k, x in enumerate(region) if k not in (a, b))
                for i, u in enumerate(first):
                    for j, v in enumerate(second):
                        if degree[u] < 3 and degree[v] < 3:
                            w, new = with_curve(u, v, False)
                            merged = (
                                _walk(first, i, degree) + (w,) + _walk(second, j, degree) + (w,)
                            )
                            found.append((new, rest + ((merged, *others),)))
            others = region[:a] + region[a + 1 :]
            size = len(first)
            for i in range(size):
                for j in range(i, size):
                    u, v = first[i], first[j]
                    if i == j:
                        if degree[u] > 1:
                            continue
                        w, new = with_curve(u, u, True)
                        if degree[u] == 0:
                            one, two = (u, w), (u, w)
                        else:
                            one, two = (u, w), first[i:] + first[:i] + (u, w)
                    else:
                        if u == v or degree[u] > 2 or degree[v] > 2:
                            continue
                        w, new = with_curve(u, v, False)
                        one = first[i : j + 1] + (w,)
                        two = first[j:] + first[: i + 1] + (w,)
                    for sides in product((0, 1), repeat=len(others)):
                        left = tuple(o for o, s in zip(others, sides, strict=True) if s == 0)
                        right = tuple(o for o, s in zip(others, sides, strict=True) if s == 1)
                        found.append((new, rest + ((one, *left), (two, *right))))
    return found


def brute_key(state):
    degrees, regions = state

    def turned(boundary):
        return min(boundary[k:] + boundary[:k] for k in range(len(boundary)))

    return degrees, tuple(sorted(tuple(sorted(turned(b) for b in r)) for r in regions))


def brute_graph(*starts):
    """Every state reachable from *starts*, with its children, by key."""
    graph = {}
    todo = list(starts)
    while todo:
        state = todo.pop()
        key = brute_key(state)
        if key in graph:
            continue
        kids = brute_children(state)
        graph[key] = [brute_key(kid) for kid in kids]
        todo.extend(kids)
        graph.setdefault("_states", {})[key] = state
    return graph


def brute_after(start, moves):
    """The distinct states *moves* moves after *start*."""
    level = {brute_key(start): start}
    for _ in range(moves):
        level = {brute_key(kid): kid for state in level.values() for kid in brute_children(state)}
    return [level[key] for key in sorted(level)]


def brute_values(graph):
    """Nimber (normal play) and misère outcome of every state, by exhaustive search."""
    states = graph["_states"]
    nimber, misere_p = {}, {}
    order = sorted(states, key=lambda key: -len(key[0]))  # more spots = later in the game
    for key in order:
        kids = set(graph[key])
        seen = {nimber[kid] for kid in kids}
        value = 0
        while value in seen:
            value += 1
        nimber[key] = value
        misere_p[key] = bool(kids) and not any(misere_p[kid] for kid in kids)
    return nimber, misere_p


def as_string(state):
    """The Applegate–Jacobson–Sleator string of a drawing (one land: nimcore splits it)."""
    degrees, regions = state
    degree = dict(degrees)
    where = {}
    for r, region in enumerate(regions):
        for boundary in region:
            for spot in boundary:
                where.setdefault(spot, []).append(r)
    upper = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    lower = iter("abcdefghijklmnopqrstuvwxyz")
    letter = {}
    out = []
    for region in regions:
        for boundary in region:
            for spot in boundary:
                d = degree[spot]
                if d < 2:
                    out.append(str(d))
                elif d == 2 and len(where[spot]) == 1:
                    out.append("2")
                elif d == 2:
                    if spot not in letter:
                        two_regions = where[spot][0] != where[spot][1]
                        letter[spot] = next(upper if two_regions else lower)
                    out.append(letter[spot])
            out.append(".")
        out.append("}")
    return "".join(out) + "]!"


# -- nimcore against the brute force ------------------------------------------------


def _drawings(graph):
    nimber, misere_p = brute_values(graph)
    return {key: (state, nimber[key], misere_p[key]) for key, state in graph["_states"].items()}


@pytest.fixture(scope="module")
def small_drawings():
    """Every drawing reachable from 1 or 2 spots, and from 40 drawings three moves
    into the 3-spot game, with their brute-force values (about 10 s)."""
    rng = random.Random(3)
    starts = rng.sample(brute_after(brute_start(3), 3), 40)
    return _drawings(brute_graph(brute_start(1), brute_start(2), *starts))


@pytest.mark.slow  # an exhaustive check of pure Python: not repeated inside Pyodide
def test_brute_force_reaches_many_drawings(small_drawings):
    assert len(small_drawings) > 1000


@pytest.mark.slow  # an exhaustive check of pure Python: not repeated inside Pyodide
def test_every_small_drawing_agrees_with_the_brute_force(small_drawings):
    solver = Solver()
    for state, nimber, misere_p in small_drawings.values():
        position = sp.parse(as_string(state))
        value = 0
        for land in position:
            value ^= solver.nimber(land)
        assert value == nimber, as_string(state)
        assert solver.is_p(position) == (nimber == 0), as_string(state)
        assert solver.is_p(position, misere=True) == misere_p, as_string(state)


@pytest.mark.slow  # an exhaustive check of pure Python: not repeated inside Pyodide
def test_moves_match_the_drawings_moves(small_drawings):
    """The canonical children of a drawing are the canonical forms of its children."""
    for state, _, _ in list(small_drawings.values())[::7]:
        expected = {sp.parse(as_string(kid)) for kid in brute_children(state)}
        assert set(sp.moves(sp.parse(as_string(state)))) == expected, as_string(state)


@pytest.mark.soak  # minutes: `make soak`; bench/sprouts.py checks 5 and 6 spots
def test_three_spots_against_the_brute_force():
    """The whole 3-spot game: 212 571 drawings (about two minutes)."""
    drawings = _drawings(brute_graph(brute_start(3)))
    root = drawings[brute_key(brute_start(3))]
    solver = Solver()
    assert solver.outcome(sp.start(3)) == ("P" if root[1] == 0 else "N")
    assert solver.is_p(sp.start(3), misere=True) == root[2]
    for state, nimber, misere_p in list(drawings.values())[::23]:
        position = sp.parse(as_string(state))
        value = 0
        for land in position:
            value ^= solver.nimber(land)
        assert value == nimber, as_string(state)
        assert solver.is_p(position, misere=True) == misere_p, as_string(state)


# -- known outcomes ------------------------------------------------------------------

#: Normal play: the first player wins iff p ≡ 3, 4, 5 (mod 6) (Applegate, Jacobson
#: and Sleator 1991 up to 11; Lemoine and Viennot 2015 up to 32 and beyond).
NORMAL = {p: "N" if p % 6 in (3, 4, 5) else "P" for p in range(1, 12)}
#: Misère play, OEIS A164950 (1 = the first player wins).
MISERE = dict(enumerate("NPPPNNPPPNNNPPPNNNPP", start=1))


@pytest.mark.parametrize("spots", [1, 2, 3, 4])
def test_normal_outcomes(spots):
    assert Solver().outcome(sp.start(spots)) == NORMAL[spots]


@pytest.mark.parametrize("spots", [1, 2, 3, 4])
def test_misere_outcomes(spots):
    assert Solver().outcome(sp.start(spots), misere=True) == MISERE[spots]


@pytest.mark.soak  # minutes: `make soak`; bench/sprouts.py checks 5 and 6 spots
def test_normal_five_spots():
    assert Solver().outcome(sp.start(5)) == NORMAL[5]  # 6 spots: bench/sprouts.py


@pytest.mark.soak  # minutes: `make soak`; bench/sprouts.py checks 5 and 6 spots
def test_misere_five_spots():
    assert Solver().outcome(sp.start(5), misere=True) == MISERE[5]


@pytest.mark.parametrize("first, growth", [(1, 2), (2, 3), (1 << 40, 2)])
def test_bounded_passes_change_no_answer(monkeypatch, first, growth):
    """However small the effort of a pass (searches cut short and taken up again),
    or with no bound at all, the answers are the same."""
    lands = sp.reachable_lands(sp.start(3))
    expected = [Solver().nimber(land) for land in lands]
    monkeypatch.setattr(solver_module, "FIRST_EFFORT", first)
    monkeypatch.setattr(solver_module, "EFFORT_GROWTH", growth)
    solver = Solver()
    assert [solver.least_heap(land) for land in lands] == expected
    assert [solver.nimber(land) for land in lands] == expected
    assert [solver.outcome(sp.start(spots)) for spots in (1, 2, 3, 4)] == ["P", "P", "N", "N"]
    for spots in (1, 2, 3, 4):
        assert Solver().outcome(sp.start(spots), misere=True) == MISERE[spots]


# -- canonical forms -------------------------------------------------------------------


def _scrambled(land, rng):
    """The same land written another way: letters renamed, boundaries turned,
    regions mirrored, everything listed in another order."""
    regions = sp._decode(land)
    letters = sorted({spot for region in regions for b in region for spot in b if spot >= 3})
    names = list(range(100, 100 + len(letters)))
    rng.shuffle(names)
    rename = dict(zip(letters, names, strict=True))
    result = []
    for region in regions:
        mirror = rng.random() < 0.5
        boundaries = []
        for boundary in region:
            spots = [rename.get(spot, spot) for spot in boundary]
            if mirror:
                spots.reverse()
            shift = rng.randrange(len(spots))
            boundaries.append(spots[shift:] + spots[:shift])
        rng.shuffle(boundaries)
        result.append(boundaries)
    rng.shuffle(result)
    return result


def test_canonical_form_ignores_names_turns_mirrors_and_order():
    solver = Solver()
    solver.outcome(sp.start(5))  # the search looks at few lands: 5 spots give enough
    lands = set(solver.nimbers) | {land for land, _ in solver.n_heaps}
    lands |= set(sp.reachable_lands(sp.start(3)))
    assert len(lands) > 200
    rng = random.Random(33)
    for land in sorted(lands):
        for _ in range(5):
            assert sp._canonical_land(_scrambled(land, rng)) == land


def test_canonical_forms_round_trip():
    for position in sp.moves(sp.start(4)):
        assert sp.parse(sp.text(position)) == position


def test_simplifications():
    assert sp.parse("1aa.}]!") == sp.parse("12.}]!")  # twice in a row: seen once
    assert sp.parse("A.}A.}]!") == ()  # regions of 1 life: nothing to play
    assert sp.parse("2.}]!") == ()
    assert sp.parse("0.}]0.}]!") == ("0.}]", "0.}]")  # two lands, each one spot
    assert sp.parse("1AB.}AB.}]") == sp.parse("1AB.}BA.}]")  # a region mirrored


def test_lands_split_when_no_spot_links_them():
    # A curve through a letter kills it: its two regions no longer share a spot.
    land = sp.parse("0.1A.}0.A.}]")
    assert len(land) == 1
    assert any(len(child) == 2 for child in sp.moves(land))


@pytest.mark.parametrize(
    ("raw", "fragment"),
    [
        ("0.0.}", "finit par « ] »"),
        ("1a.}]", "deux fois"),
        ("0.0", "finit par"),
        ("00.}]", "seul sur sa frontière"),
        ("AB.AB.}]", "deux régions différentes"),
        ("a.a.}]", "même frontière"),
        ("0.x#.}]", "caractère inconnu"),
        ("0." * 1500 + "}]", "trop longue"),
    ],
)
def test_bad_positions_are_refused_in_french(raw, fragment):
    with pytest.raises(NimcoreError) as error:
        sp.parse(raw)
    assert fragment.replace(" ", "\u00a0") in str(error.value).replace(" ", "\u00a0")


def test_start_positions():
    assert sp.start(0) == ()
    assert sp.text(sp.start(3)) == "0.0.0.}]!"
    assert sp.lives(sp.start(5)) == 15
    with pytest.raises(NimcoreError):
        sp.start(-1)


def test_every_move_uses_one_life():
    for position in sp.moves(sp.start(3)) + [sp.start(3)]:
        for child in sp.moves(position):
            assert sp.lives(child) <= sp.lives(position) - 1


# -- the command line ----------------------------------------------------------------


def _main(capsys, *argv):
    from nimcore import cli

    try:
        status = cli.main(list(argv))
    except SystemExit as stop:  # argparse's own refusals
        status = stop.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_json_contract(capsys):
    import json

    status, out, err = _main(capsys, "sprouts", "3", "--json")
    assert status == 0 and err == ""
    answer = json.loads(out)
    assert set(answer) == {"game", "spots", "misere", "outcome", "positions", "seconds"}
    assert answer["game"] == "sprouts" and answer["spots"] == 3 and answer["misere"] is False
    assert answer["outcome"] == "N" and answer["positions"] > 0 and answer["seconds"] >= 0
    status, out, _ = _main(capsys, "sprouts", "3", "--misere", "--json")
    assert json.loads(out)["outcome"] == "P" and json.loads(out)["misere"] is True


def test_cli_readable_answer_is_french(capsys):
    status, out, _ = _main(capsys, "sprouts", "2")
    assert status == 0 and "le second joueur gagne" in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["sprouts", "x"], "n'est pas un nombre entier"),
        (["sprouts", "0"], "au moins un point"),
        (["sprouts", "40"], "de 1 à"),
        (["sprouts", "9", "--misere"], "version misère"),
        (["sprouts"], "manquants"),
    ],
)
def test_cli_refuses_in_one_french_line(capsys, argv, fragment):
    status, out, err = _main(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and fragment in err.replace("\u00a0", " ")
