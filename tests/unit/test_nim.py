"""Nim, normal and misère: every answer of nimcore.nim against exhaustive search."""

import itertools

import pytest
from brute import nim_grundy, nim_is_p, nim_misere_is_p, nim_options
from hypothesis import given, settings
from hypothesis import strategies as st

from nimcore import NimcoreError, nim
from nimcore.nimsum import nim_sum

SMALL = [
    position for count in range(1, 5) for position in itertools.product(range(6), repeat=count)
]

heaps_strategy = st.lists(st.integers(0, 11), min_size=1, max_size=5)


def brute_is_p(position, misere):
    return (nim_misere_is_p if misere else nim_is_p)(tuple(position))


def moves_to_p(position, misere):
    return {option for option in nim_options(tuple(position)) if brute_is_p(option, misere)}


@pytest.mark.parametrize("misere", [False, True])
def test_every_small_position_against_brute_force(misere):
    for position in SMALL:
        analysis = nim.analyse(position, misere)
        expected_p = brute_is_p(position, misere)
        assert (analysis.outcome == "P") == expected_p, position
        assert nim.is_p_position(position, misere) == expected_p
        reached = {move.to for move in analysis.winning_moves}
        assert all(nim.play(position, m.heap, m.take) == m.to for m in analysis.winning_moves)
        assert reached == moves_to_p(position, misere), position
        assert len(reached) == len(analysis.winning_moves), "a winning move is listed twice"
        if not misere:
            assert analysis.nimber == nim_grundy(position) == nim_sum(position)
        else:
            assert analysis.nimber is None


# Not repeated inside Pyodide (~15 s under CPython): there, every small position is
# checked against brute force, above and in test_games.py.
@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(heaps=heaps_strategy, misere=st.booleans())
def test_random_positions_against_brute_force(heaps, misere):
    analysis = nim.analyse(heaps, misere)
    assert (analysis.outcome == "P") == brute_is_p(heaps, misere)
    reached = {nim.play(heaps, move.heap, move.take) for move in analysis.winning_moves}
    assert reached == moves_to_p(heaps, misere)


def test_seed_examples():
    # Delahaye (Interstices): (11, 9, 7) has nim-sum 5; take 5 from the third heap.
    analysis = nim.analyse([11, 9, 7])
    assert analysis.nim_sum == 5
    assert [nim.play([11, 9, 7], m.heap, m.take) for m in analysis.winning_moves] == [(11, 9, 2)]
    # Delahaye: (13, 10, 3, 1), nim-sum 5, the only winning move is 13 → 8.
    analysis = nim.analyse([13, 10, 3, 1])
    assert analysis.nim_sum == 5
    assert [(m.heap, m.after) for m in analysis.winning_moves] == [(0, 8)]
    # "Le jeu de Nim": (12, 10, 6, 5), columns 2, 3, 2, 1. The seed says 12 → 5
    # (taking 7), which leaves nim-sum 12; the right move is 12 → 9 (taking 3).
    analysis = nim.analyse([12, 10, 6, 5])
    assert analysis.weights == (8, 4, 2, 1)
    assert analysis.column_ones == (2, 3, 2, 1)
    assert [(m.heap, m.after) for m in analysis.winning_moves] == [(0, 9), (2, 3), (3, 0)]
    assert nim.analyse([5, 10, 6, 5]).outcome == "N"
    # Marienbad (1, 3, 5, 7) is balanced: the player to move loses.
    assert nim.analyse([1, 3, 5, 7]).outcome == "P"
    assert nim.analyse([1, 3, 5, 7], misere=True).outcome == "P"
    # (3, 2, 1) is a P-position; two equal heaps are P.
    assert nim.is_p_position([3, 2, 1]) and nim.is_p_position([6, 6])


def test_hint_data():
    analysis = nim.analyse([11, 9, 7])
    assert analysis.rows == ((1, 0, 1, 1), (1, 0, 0, 1), (0, 1, 1, 1))
    assert analysis.column_ones == (2, 1, 2, 3)
    assert analysis.recommended is not None and analysis.recommended.heap == 2
    assert any("7 ⊕ 5 = 2" in sentence for sentence in analysis.explanation)
    data = analysis.to_dict()
    assert data["outcome"] == "N" and data["recommended"]["after"] == 2
    losing = nim.analyse([1, 2, 3]).to_dict()
    assert losing["recommended"] is None and losing["winning_moves"] == []
    assert "équilibrée" in " ".join(losing["explanation"])


def test_huge_heaps_are_instant():
    heaps = [10**1000, 10**999 + 7, 3**2000]
    analysis = nim.analyse(heaps)
    assert analysis.outcome == "N"
    for move in analysis.winning_moves:
        assert nim.is_p_position(nim.play(heaps, move.heap, move.take))


@pytest.mark.parametrize(("heap", "take"), [(3, 1), (-1, 1), (0, 0), (0, 4), (0, True)])
def test_illegal_moves_are_refused(heap, take):
    with pytest.raises(NimcoreError):
        nim.play([3, 4, 5], heap, take)


def test_misere_sum_counterexample_by_exhaustive_search():
    """Two misère P-positions that a third position tells apart (never so in normal play)."""
    first, second, other = nim.misere_sum_counterexample()
    assert nim_misere_is_p(first) and nim_misere_is_p(second)
    assert nim_misere_is_p(first + other) != nim_misere_is_p(second + other)
    # In normal play a P-position added to X never changes X's outcome.
    for a in [(1, 1), (2, 2), (1, 2, 3)]:
        for x in [(1,), (2, 2), (1, 3), (2, 3, 3)]:
            assert nim_is_p(a + x) == nim_is_p(x)
    with pytest.raises(NimcoreError, match="de 1 à 4"):
        nim.misere_sum_counterexample(max_heap=0)
