"""The nim-addition table ("table de Stella"): two constructions, one table."""

import itertools

import pytest
from brute import nim_is_p

from nimcore import NimcoreError
from nimcore.nimsum import MAX_TABLE_SIZE, mex_table, nim_sum, nim_sum_table


def test_both_constructions_agree():
    for size in (1, 2, 3, 5, 8, 17, 64):
        assert mex_table(size) == nim_sum_table(size)


def test_both_constructions_agree_at_the_limit():
    assert mex_table(MAX_TABLE_SIZE) == nim_sum_table(MAX_TABLE_SIZE)


def test_cells_are_losing_three_heap_positions():
    table = mex_table(10)
    for a, b in itertools.product(range(10), repeat=2):
        c = table[a][b]
        assert nim_is_p((a, b, c))
        # The only one: any other third heap is a winning position.
        assert all(not nim_is_p((a, b, other)) for other in range(12) if other != c)


def test_properties_seen_by_the_students():
    table = nim_sum_table(32)
    for a, b in itertools.product(range(32), repeat=2):
        assert table[a][b] == table[b][a]  # symmetric
        assert table[a][a] == 0  # diagonal of zeros
        assert table[a][0] == a  # first row and column
    # Squares of side 2**k: the square beside the top left one is it plus 2**k,
    # the one on the diagonal is the same.
    for side in (2, 4, 8, 16):
        for a, b in itertools.product(range(side), repeat=2):
            assert table[a][b + side] == table[a][b] + side
            assert table[a + side][b + side] == table[a][b]
    # Every row and column holds each number once (rule 1 of the report).
    for row in table:
        assert sorted(row) == list(range(32))


def test_seed_examples():
    # 85 ⋆ 97 = 52: 85 = 64 + 16 + 4 + 1, 97 = 64 + 32 + 1; drop the common 64 and 1.
    assert nim_sum_table(MAX_TABLE_SIZE)[85][97] == 52 == 16 + 32 + 4 == nim_sum([85, 97])
    table = mex_table(8)
    assert table[1][2] == 3 and table[5][3] == 6 and table[4][3] == 7 and table[2][3] == 1
    # Four heaps: 3 ⋆ 2 ⋆ 7 = 6 whichever pair first; (1, 3, 5, 7) is balanced.
    assert table[table[3][2]][7] == table[3][table[2][7]] == 6
    assert table[table[1][3]][5] == 7 and nim_is_p((1, 3, 5, 7)) and nim_is_p((3, 2, 7, 6))
    # 1 2 3 2 2 is losing: two losing positions side by side.
    assert nim_sum([1, 2, 3, 2, 2]) == 0 and nim_is_p((1, 2, 3, 2, 2))


@pytest.mark.parametrize("size", [0, -3, MAX_TABLE_SIZE + 1, 2.0, "8", True])
def test_bad_sizes_are_refused_in_french(size):
    for build in (nim_sum_table, mex_table):
        with pytest.raises(NimcoreError) as caught:
            build(size)
        assert repr(size) in str(caught.value) or str(size) in str(caught.value)
