"""The values of take-and-break games (nimcore.takebreak): the direct and sparse-space methods.

The sparse-space method is run early (from heap 300 on) and whatever the
number of rare heaps, so that it is checked on every code, not only where it
pays; the direct method is checked against the plain mex.
"""

import itertools
import random

import pytest

from nimcore import takebreak
from nimcore.takebreak import Rules, Values


def rules_of(digits):
    """The moves of the octal code 0.d1d2…"""
    return Rules(
        whole=frozenset(k for k, digit in enumerate(digits, 1) if digit & 1),
        single=tuple(k for k, digit in enumerate(digits, 1) if digit & 2),
        split=tuple(k for k, digit in enumerate(digits, 1) if digit & 4),
    )


GRUNDY = Rules(whole=frozenset(), single=(), split=(0,), equal_parts=False)


def plain_mex(rules, count):
    """G(0 … count − 1) by the definition, every option in a set."""
    values = []
    for n in range(count):
        options = {0} if n in rules.whole else set()
        options.update(values[n - k] for k in rules.single if k < n)
        for k in rules.split:
            rest = n - k
            options.update(
                values[a] ^ values[rest - a]
                for a in range(1, rest // 2 + 1)
                if rules.equal_parts or 2 * a != rest
            )
        value = 0
        while value in options:
            value += 1
        values.append(value)
    return values


def direct(rules, count):
    values = Values(rules, sparse_from=10**9)
    values.extend(count)
    return list(values.values)


def sparse(rules, count, sparse_from=300):
    """The values with the sparse-space method from *sparse_from* on, whatever its cost."""
    values = Values(rules, sparse_from=sparse_from, margin=-(10**9))
    values.extend(count)
    if rules.split and count > sparse_from:
        assert values.mask is not None
    return list(values.values)


CODES = list(itertools.product(range(8), repeat=3))


@pytest.mark.parametrize("digits", random.Random(3).sample(CODES, 24), ids=str)
def test_the_direct_method_is_the_mex(digits):
    rules = rules_of(digits)
    assert direct(rules, 160) == plain_mex(rules, 160)


def wide(rules, count, wide_from=300):
    """The values on two bytes and by the sparse-space method from *wide_from* on."""
    values = Values(rules, sparse_from=wide_from, margin=-(10**9), wide_from=wide_from)
    values.extend(count)
    assert isinstance(values.values, list)
    if rules.split:
        assert values.mask is not None
    return values.values


#: The sparse-space method on one byte, and on two (values above 255), each on a sample of codes.
METHODS = [("sparse", sparse, random.Random(5)), ("wide", wide, random.Random(7))]


@pytest.mark.parametrize(
    ("method", "digits"),
    [
        pytest.param(method, digits, id=f"{name}-{digits}")
        for name, method, chance in METHODS
        for digits in chance.sample(CODES, 12)
    ],
)
def test_the_sparse_method_agrees_with_the_direct_one(method, digits):
    rules = rules_of(digits)
    assert method(rules, 900) == direct(rules, 900)


@pytest.mark.slow
@pytest.mark.parametrize("method", [method for _, method, _ in METHODS], ids=["sparse", "wide"])
def test_the_sparse_method_agrees_on_every_three_digit_code(method):
    """All 512 codes 0.d1d2d3, the sparse-space method forced from heap 300 on."""
    for digits in CODES:
        rules = rules_of(digits)
        assert method(rules, 640) == direct(rules, 640), digits


def test_grundys_game_splits_into_unequal_heaps_only():
    assert direct(GRUNDY, 120) == plain_mex(GRUNDY, 120)
    assert sparse(GRUNDY, 3000) == direct(GRUNDY, 3000)
    assert wide(GRUNDY, 3000) == direct(GRUNDY, 3000)


def test_the_mask_is_found_from_the_values():
    """Flammenkamp's mask for Grundy's game, ...11111110, found from the values."""
    values = Values(GRUNDY)
    values.extend(1 << 14)
    mask = values.mask
    assert mask is not None
    seen = range(max(values.values) + 1)
    assert all(takebreak.is_rare(v, mask) == takebreak.is_rare(v, 0b1111_1110) for v in seen)
    assert values.rare == [
        n for n in range(1, 1 << 14) if takebreak.is_rare(values.values[n], mask)
    ]


def test_a_rare_set_tied_to_the_heap_is_found_for_0_127():
    """0.127 splits with k = 3 only: G(n) is rare when popcount(G(n) & 1) has n + 1's parity.

    Flammenkamp's and Czajka's rare set: 693 rare heaps up to 93 167, the last
    at 27 106 (a fixed mask leaves 2 804, the last at 39 511).
    """
    values = Values(rules_of((1, 2, 7)))
    values.extend(93_167)
    assert (values.mask, values.phase) == (1, 1)
    assert values.rare == [
        n for n in range(1, 93_167) if takebreak.is_rare(values.values[n], 1, n, 1)
    ]
    assert (len(values.rare), values.rare[-1]) == (693, 27_106)


@pytest.mark.parametrize("digits", [(1, 2, 7), (0, 7, 3), (1, 2, 5), (1, 4, 2), (2, 0, 4)], ids=str)
def test_the_sparse_method_with_a_rare_set_tied_to_the_heap(digits):
    """Codes whose splits all take k of one parity: the heap's parity may choose the rare set."""
    rules = rules_of(digits)
    forced = Values(rules, sparse_from=300, margin=-(10**9))
    forced.extend(2000)
    assert forced.phase is not None
    assert list(forced.values) == direct(rules, 2000)
    assert wide(rules, 2000) == direct(rules, 2000)


def test_values_above_255_go_on_two_bytes():
    """0.6 (Officers): G(10 344) = 256 is its first value above 255."""
    values = Values(rules_of((6,)))
    values.extend(10_400)
    assert isinstance(values.values, list)
    assert values.values.index(256) == 10_344
    assert values.values[:3000] == direct(rules_of((6,)), 3000)


def test_the_sparse_method_goes_on_past_255():
    """0.6 by the sparse-space method from heap 300 on: past G(10 344) = 256, the mask stays."""
    rules = rules_of((6,))
    values = Values(rules, sparse_from=300, margin=-(10**9))
    values.extend(10_600)
    assert isinstance(values.values, list) and values.values[10_344] == 256
    mask = values.mask
    assert mask is not None
    assert values.rare == [n for n in range(1, 10_600) if takebreak.is_rare(values.values[n], mask)]
    assert values.values == direct(rules, 10_600)


def test_progress_is_told_and_a_stop_keeps_what_was_computed():
    class Stop(Exception):
        pass

    told = []

    def progress(done, wanted):
        told.append((done, wanted))
        if done >= 5000:
            raise Stop

    values = Values(rules_of((1, 6)))
    with pytest.raises(Stop):
        values.extend(20_000, progress)
    assert told[0][1] == 20_000 and 5000 <= len(values.values) < 20_000
    values.extend(9000)
    reference = Values(rules_of((1, 6)))
    reference.extend(9000)
    assert values.values == reference.values


def test_sparse_from_leaves_room_for_the_rows():
    with pytest.raises(ValueError, match="sparse_from"):
        Values(GRUNDY, sparse_from=100)
