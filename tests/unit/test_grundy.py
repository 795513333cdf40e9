"""Grundy's game: nimcore.grundy against exhaustive search, OEIS and Flammenkamp's table."""

import itertools

import pytest
from brute import grundy_options, make_grundy, make_solver

from nimcore import NimcoreError, grundy
from nimcore.nimsum import nim_sum

# fmt: off
# OEIS A002188, n = 0 … 104.
A002188 = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
    3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
    2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
    7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
]
# A. Flammenkamp, "Sprague-Grundy values of Grundy's game": every heap below 232 whose
# value is rare (mask ...11110), with its value.
FLAMMENKAMP_RARE = {
    0: 0, 1: 0, 2: 0, 3: 1, 4: 0, 6: 1, 7: 0, 9: 1, 10: 0, 12: 1, 15: 1, 20: 0, 23: 0,
    26: 0, 28: 1, 31: 1, 34: 1, 37: 1, 40: 1, 43: 1, 46: 1, 49: 1, 50: 0, 52: 1, 53: 0,
    55: 1, 58: 1, 61: 1, 87: 7, 90: 7, 93: 7, 146: 6, 149: 6, 152: 6, 158: 11, 161: 11,
    164: 11, 167: 11, 176: 7, 179: 7, 181: 12, 182: 7, 185: 7, 188: 7, 190: 12, 193: 12,
    196: 10, 231: 10,
}
# fmt: on


def sorted_options(position):
    return (tuple(sorted(option)) for option in grundy_options(position))


brute_is_p = make_solver(sorted_options)
brute_grundy = make_grundy(sorted_options)


def canonical(position):
    return tuple(sorted(size for size in position if size))


def naive_values(count):
    """G(0 … count − 1) by the plain mex over every split, every split's value at once.

    The splits of n are read as bytes (G(1 + i) ⊕ G(n − 1 − i)): still n²/4 work,
    but at C speed, which lets the slow test reach 2**16.
    """
    values = bytearray(count)
    for n in range(3, count):
        half = (n - 1) // 2
        low = int.from_bytes(values[1 : half + 1], "little")
        high = int.from_bytes(values[n - half : n], "big")
        splits = (low ^ high).to_bytes(half, "little")
        value = 0
        while value in splits:
            value += 1
        values[n] = value
    return bytes(values)


SMALL = [
    position
    for count in range(1, 4)
    for position in itertools.product(range(11), repeat=count)
    if sum(position) <= 16
]


def test_every_small_position_against_brute_force():
    for position in SMALL:
        analysis = grundy.analyse(position)
        key = canonical(position)
        assert (analysis.outcome == "P") == brute_is_p(key), position
        assert analysis.nimber == brute_grundy(key) == nim_sum(analysis.nimbers)
        assert grundy.is_p_position(position) == brute_is_p(key)
        expected = [option for option in grundy_options(position) if brute_is_p(canonical(option))]
        assert sorted(move.to for move in analysis.winning_moves) == sorted(expected), position
        assert [move.to for move in grundy.moves(position)] == list(grundy_options(position))
        assert analysis.terminal == (not expected and not list(grundy_options(position)))


def test_single_heaps_against_brute_force_and_oeis():
    values = grundy.grundy_values(len(A002188))
    assert list(values) == A002188
    assert [brute_grundy((n,) if n else ()) for n in range(25)] == A002188[:25]
    assert values == naive_values(len(A002188))


def test_flammenkamp_rare_values():
    values = grundy.grundy_values(232)
    rare = {n: values[n] for n in range(232) if grundy.is_rare(values[n])}
    assert rare == FLAMMENKAMP_RARE


def test_sparse_method_against_the_plain_mex():
    assert grundy.grundy_values(1 << 13) == naive_values(1 << 13)


@pytest.mark.slow
def test_sparse_method_against_the_plain_mex_to_2_16():
    values = grundy.grundy_values(1 << 16)
    assert values == naive_values(1 << 16)
    top = max(values)
    assert (top, values.index(top)) == (230, 45_668)  # found by both methods


def test_large_heaps():
    heaps = [20_000, 12_345, 7]
    analysis = grundy.analyse(heaps)
    values = grundy.grundy_values(20_001)
    assert analysis.nimbers == tuple(values[h] for h in heaps)
    expected = [
        (index, small)
        for index, heap in enumerate(heaps)
        for small in range(1, (heap + 1) // 2)
        if values[small] ^ values[heap - small] == analysis.targets[index]
    ]
    assert [(move.heap, move.parts[0]) for move in analysis.winning_moves] == expected
    for move in analysis.winning_moves[:20]:
        assert grundy.is_p_position(move.to)


def test_seed_and_hint_data():
    # Grundy's game in seed 000: heaps of 1 and 2 are lost; 3 → 1 + 2 wins.
    assert [grundy.grundy_value(n) for n in range(8)] == [0, 0, 0, 1, 0, 2, 1, 0]
    analysis = grundy.analyse([7, 5])
    assert analysis.nimbers == (0, 2) and analysis.targets == (2, 0)
    assert analysis.recommended is not None
    assert analysis.recommended.text == "partager le tas 1 en deux tas inégaux (7 → 2 + 5)"
    text = " ".join(analysis.explanation)
    assert "g(7) = 0" in text and "g(2) ⊕ g(5) = 0 ⊕ 2 = 2" in text
    losing = grundy.analyse([3, 6])
    assert losing.outcome == "P" and "perdante" in " ".join(losing.explanation)
    over = grundy.analyse([1, 2, 2])
    assert over.terminal and "perdu" in over.explanation[0]
    data = analysis.to_dict()
    assert data["game"] == "grundy" and data["winning_moves"][0]["to"] == [2, 5, 5]


def test_limits_are_named_and_refused_before_any_work():
    before = grundy.computed()
    with pytest.raises(NimcoreError, match="limite est de 50000 allumettes"):
        grundy.analyse([60_000], max_heap=50_000)
    with pytest.raises(NimcoreError, match="limite"):
        grundy.analyse([3], max_heap=0)
    with pytest.raises(NimcoreError, match="8388608"):
        grundy.grundy_value(2**24)
    with pytest.raises(NimcoreError, match="au-delà de 8388608"):
        grundy.analyse([grundy.MAX_HEAP + 1])
    assert grundy.computed() == before


def test_the_heaps_names_a_board_shows_are_nimcores():
    """The heap buttons' names (as they stand, and with a split chosen) come with the view."""
    from nimcore.games import base
    from nimcore.games.grundy import GAME

    options = GAME.read_options({})
    view = base.view(GAME, (2, 7), options)
    first, second = view["drawing"]["heaps"]
    assert first == {"label": "Tas 1\u00a0: 2 allumettes, aucun partage", "chosen": []}
    assert second["label"] == "Tas 2\u00a0: 7 allumettes, choisir un partage"
    # One name per split the view lists, in the order of the smaller part.
    splits = [move["parts"] for move in view["moves"] if move["heap"] == 1]
    assert [f"Tas 2\u00a0: {a} + {b} (7 allumettes, partage choisi)" for a, b in splits] == second[
        "chosen"
    ]
    # Too many splits to list (the view lists none): no names for them either.
    huge = GAME.drawing((4096, 4096), options)["heaps"]
    assert [heap["chosen"] for heap in huge] == [[], []]
    assert huge[0]["label"] == "Tas 1\u00a0: 4096 allumettes, choisir un partage"
