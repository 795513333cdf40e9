"""Wythoff's game: every answer of nimcore.wythoff against exhaustive search."""

import itertools
import math

import pytest
from brute import checked_against_search, make_grundy, make_solver, wythoff_options
from hypothesis import given, settings
from hypothesis import strategies as st

from nimcore import NimcoreError, wythoff
from nimcore.numeration import beatty_index, beatty_pair

brute_is_p = make_solver(wythoff_options)
brute_grundy = make_grundy(wythoff_options)

SMALL = list(itertools.product(range(31), repeat=2))

# Seed 004 (Satabin, Petit Vert): the losing pairs for heaps up to 100, as printed,
# with its typo "(11,8)" for (11, 18).
SEED_004_PAIRS = [
    (0, 0),
    (1, 2),
    (3, 5),
    (4, 7),
    (6, 10),
    (8, 13),
    (9, 15),
    (11, 8),
    (12, 20),
    (14, 23),
    (16, 26),
    (17, 28),
    (19, 31),
    (21, 34),
    (22, 36),
    (24, 39),
    (25, 41),
    (27, 44),
    (29, 47),
    (30, 49),
    (32, 52),
    (33, 54),
    (35, 57),
    (37, 60),
    (38, 62),
]


def test_zeckendorf_pairs_are_the_p_positions():
    """No φ: the smaller heaps end their Zeckendorf word with an even number of zeros."""
    pairs = wythoff.zeckendorf_p_positions(5000)
    assert pairs == wythoff.p_positions(5000)
    assert all(brute_is_p(pair) for pair in pairs if max(pair) < 40)
    assert wythoff.zeckendorf_p_positions(0) == ()
    with pytest.raises(NimcoreError, match="compris entre 0"):
        wythoff.zeckendorf_p_positions(-1)


def test_every_small_position_against_brute_force():
    for position, analysis in checked_against_search(wythoff, SMALL, brute_is_p, brute_grundy):
        reached = [move.to for move in analysis.winning_moves]
        expected = {option for option in wythoff_options(position) if brute_is_p(option)}
        assert set(reached) == expected, position
        assert len(reached) == len(set(reached)) <= 3
        kinds = [move.kind for move in analysis.winning_moves]
        assert len(kinds) == len(set(kinds)), "two winning moves in one direction"
        for move in analysis.winning_moves:
            assert wythoff.play(position, move.take_a, move.take_b) == move.to
        for move, k in zip(analysis.winning_moves, analysis.reached_pairs, strict=True):
            assert sorted(move.to) == list(beatty_pair(k))


def test_three_winning_moves_happen():
    counts = {len(wythoff.winning_moves(position)) for position in SMALL}
    assert counts == {0, 1, 2, 3}
    assert [m.to for m in wythoff.winning_moves([5, 7])] == [(4, 7), (5, 3), (3, 5)]


def test_grundy_table_is_the_sieve():
    table = wythoff.grundy_table(31)
    for a, b in SMALL:
        assert table[a][b] == brute_grundy((a, b))
    zeros = {(a, b) for a, b in SMALL if table[a][b] == 0}
    pairs = {pair for k in range(31) for pair in (beatty_pair(k), beatty_pair(k)[::-1])}
    assert zeros == {pair for pair in pairs if max(pair) <= 30}
    assert wythoff.grundy_table(0) == ()


@pytest.mark.slow
def test_nimber_table_at_its_bound():
    bound = wythoff.NIMBER_BOUND
    for a in range(bound):
        for b in range(bound - 3, bound):
            assert wythoff.nimber((a, b)) == brute_grundy((a, b))
    assert wythoff.nimber((bound, bound + 1)) is None
    assert wythoff.nimber((0, bound * 5)) == bound * 5


@settings(max_examples=100, deadline=None)
@given(a=st.integers(0, 60), b=st.integers(0, 60))
def test_random_positions_against_brute_force(a, b):
    analysis = wythoff.analyse([a, b])
    assert (analysis.outcome == "P") == brute_is_p((a, b))
    expected = {option for option in wythoff_options((a, b)) if brute_is_p(option)}
    assert {move.to for move in analysis.winning_moves} == expected


huge = st.integers(0, 10**1000)


@settings(max_examples=100, deadline=None)
@given(a=huge, b=huge, data=st.data())
def test_huge_positions(a, b, data):
    """Each direction holds at most one P-position; the winning moves are exactly those."""
    analysis = wythoff.analyse([a, b])
    for move in analysis.winning_moves:
        assert wythoff.is_p_position(move.to)
    assert (analysis.outcome == "P") == (analysis.winning_moves == ())
    # Random moves in every direction reach a P-position only if they are listed.
    listed = {move.to for move in analysis.winning_moves}
    probes = []
    if a:
        probes.append((data.draw(st.integers(0, a - 1)), b))
    if b:
        probes.append((a, data.draw(st.integers(0, b - 1))))
    if min(a, b):
        take = data.draw(st.integers(1, min(a, b)))
        probes.append((a - take, b - take))
    for target in probes:
        assert wythoff.is_p_position(target) == (target in listed)


@settings(max_examples=100, deadline=None)
@given(k=st.integers(0, 10**1000), swap=st.booleans())
def test_huge_p_positions(k, swap):
    a, b = beatty_pair(k)
    heaps = [b, a] if swap else [a, b]
    analysis = wythoff.analyse(heaps)
    assert analysis.outcome == "P" and analysis.pair_index == k and analysis.nimber == 0
    assert analysis.winning_moves == () and analysis.recommended is None
    # neighbours are N
    assert wythoff.analyse([a + 1, b]).outcome == "N"
    assert wythoff.analyse([a, b + 1]).outcome == "N"


def test_p_positions():
    pairs = wythoff.p_positions(25)
    # OEIS A000201 (⌊kφ⌋) and A001950 (⌊kφ²⌋), k = 0 first.
    assert [a for a, _ in pairs[:13]] == [0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19]
    assert [b for _, b in pairs[:13]] == [0, 2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31]
    assert all(b - a == k for k, (a, b) in enumerate(pairs))
    assert wythoff.p_positions(0) == ()


def test_seed_004_pair_list_and_its_typo():
    """Seed 004 prints "(11,8)": the seventh pair is (11, 18); every other pair is right."""
    right = list(wythoff.p_positions(len(SEED_004_PAIRS)))
    wrong = [(seed, ours) for seed, ours in zip(SEED_004_PAIRS, right, strict=True) if seed != ours]
    assert wrong == [((11, 8), (11, 18))]
    assert wythoff.is_p_position([11, 18]) and wythoff.is_p_position([18, 11])
    assert not wythoff.is_p_position([11, 8])
    assert [m.to for m in wythoff.winning_moves([11, 8])] == [(7, 4)]
    # "for at most 100 tokens": those are all pairs with the larger heap up to 62 only;
    # the sieve of the seed agrees with the pairs on the whole square.
    table = wythoff.grundy_table(63)
    zeros = sorted((a, b) for a in range(63) for b in range(a, 63) if table[a][b] == 0)
    assert zeros == right


def test_seed_004_recipe_is_the_recommended_move():
    """Satabin's recipe, heap 1 the smaller (x < y, n = y − x): if x > ⌊nφ⌋ take
    x − ⌊nφ⌋ from both heaps; if x < ⌊nφ⌋ bring heap 2 down to the partner of x."""
    for x in range(1, 40):
        for y in range(x + 1, 60):
            if wythoff.is_p_position([x, y]):
                continue
            n = y - x
            low = beatty_pair(n)[0]
            move = wythoff.analyse([x, y]).recommended
            if x > low:
                assert (move.take_a, move.take_b) == (x - low, x - low)
            else:
                assert move.take_a == 0 and move.to == (x, wythoff.partner(x))


def test_golden_ratio_and_float_failure():
    # The slope Satabin's regression finds, ≈ 1.61802, is φ.
    pairs = wythoff.p_positions(200)
    slope = pairs[-1][1] / pairs[-1][0]
    assert abs(slope - (1 + math.sqrt(5)) / 2) < 0.01
    # Floating-point φ gives a wrong pair at k = 102334155 (F(40)); integers do not.
    k = 102334155
    phi = (1 + math.sqrt(5)) / 2
    assert int(k * phi) == 165580141 != beatty_pair(k)[0] == 165580140
    assert wythoff.is_p_position(beatty_pair(k))
    assert not wythoff.is_p_position((165580141, 165580141 + k))


def test_hint_data_and_explanation():
    analysis = wythoff.analyse([10, 12])
    assert analysis.heap_indices == ((4, "upper"), (8, "lower"))
    assert analysis.partners == (6, 20) and analysis.difference == 2
    assert analysis.difference_pair == (3, 5)
    assert analysis.recommended.kind == "both" and analysis.recommended.to == (3, 5)
    assert analysis.reached_pairs == (4, 2)
    text = " ".join(analysis.explanation)
    assert "nombre d'or" in text and "1,618" in text and "(3, 5)" in text
    data = analysis.to_dict()
    assert data["heaps"] == [10, 12] and data["heap_indices"] == [[4, "upper"], [8, "lower"]]
    assert data["winning_moves"][1] == {
        "kind": "both",
        "take_a": 7,
        "take_b": 7,
        "before": [10, 12],
        "to": [3, 5],
        "text": "retirer 7 jetons de chaque tas (10 → 3 et 12 → 5)",
    }
    losing = wythoff.analyse([11, 18])
    assert losing.pair_index == 7
    assert "paire n° 7" in " ".join(losing.explanation).replace("\u00a0", " ")
    assert wythoff.analyse([0, 0]).terminal
    assert wythoff.analyse([18, 11]).difference_pair == (18, 11)
    assert "vide" in " ".join(wythoff.analyse([0, 7]).explanation)


def test_huge_heaps_are_instant_and_exact():
    a, b = 10**1000, 2 * 10**1000 + 12345
    analysis = wythoff.analyse([a, b])
    assert analysis.outcome == "N" and analysis.nimber is None
    for move in analysis.winning_moves:
        assert wythoff.is_p_position(move.to)
    assert beatty_index(a)[1] in ("lower", "upper")


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: wythoff.play([3, 5], 2, 3), "autant des deux tas"),
        (lambda: wythoff.play([3, 5], 0, 0), "au moins un jeton"),
        (lambda: wythoff.play([3, 5], 4, 0), "n'en contient que 3"),
        (lambda: wythoff.play([3, 5], -1, 0), "-1"),
        (lambda: wythoff.grundy_table(wythoff.MAX_GRUNDY_SIDE + 1), str(wythoff.MAX_GRUNDY_SIDE)),
        (lambda: wythoff.grundy_table(-1), "-1"),
        (lambda: wythoff.p_positions(-1), "-1"),
        (lambda: wythoff.p_positions(wythoff.MAX_P_POSITIONS + 1), str(wythoff.MAX_P_POSITIONS)),
        (lambda: wythoff.partner(-2), "-2"),
    ],
)
def test_other_refusals_are_french(call, fragment):
    with pytest.raises(NimcoreError) as caught:
        call()
    assert fragment in str(caught.value)
