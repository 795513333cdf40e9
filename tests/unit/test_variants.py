"""Nim « Parité » and Nim « Pas tout »: closed forms against the mex and exhaustive search."""

import itertools

import pytest
from brute import make_solver

from nimcore import NimcoreError
from nimcore.variants import (
    MAX_VALUES,
    VARIANTS,
    heap_values,
    not_all_options,
    parity_options,
    variant_is_p_position,
)


def several_heaps(single):
    """Options of a position of several heaps, one heap played by the one-heap rule."""

    def options(position):
        for index, heap in enumerate(position):
            for after in single(heap):
                yield tuple(sorted(position[:index] + (after,) + position[index + 1 :]))

    return options


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_closed_form_is_the_mex(name):
    options, value = VARIANTS[name]
    assert heap_values(options, 300) == [value(heap) for heap in range(300)]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_positions_against_exhaustive_search(name):
    options, _ = VARIANTS[name]
    is_p = make_solver(several_heaps(options))
    for count in (1, 2, 3, 4):
        for position in itertools.combinations_with_replacement(
            range(9 if count < 4 else 6), count
        ):
            assert variant_is_p_position(name, position) == is_p(position), (name, position)


def test_rules():
    assert list(parity_options(6)) == [4, 2, 0]
    assert list(not_all_options(3)) == [2, 1]  # never 0: a heap of 3 is not emptied at once
    assert list(not_all_options(1)) == [0]


@pytest.mark.parametrize("count", [-1, MAX_VALUES + 1, 2.0, True])
def test_bad_counts_are_refused_in_french(count):
    with pytest.raises(NimcoreError, match="nombre de valeurs"):
        heap_values(parity_options, count)


def test_bad_heaps_are_refused_in_french():
    with pytest.raises(NimcoreError, match="entier naturel"):
        variant_is_p_position("parite", [3, -1])
