"""The nim-addition table ("table de Stella"): two constructions, one table."""

import itertools

import pytest
from brute import nim_is_p

from nimcore import NimcoreError
from nimcore.french import quoted, typeset
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
        assert typeset(quoted(size)) in str(caught.value) or str(size) in str(caught.value)


# --- The sequel: nim-multiplication and the coin-turning game "Turning Corners" ----------


def test_nim_product_formula_is_the_mex_definition():
    from nimcore.nimsum import MAX_PRODUCT_TABLE_SIZE, nim_product_mex_table, nim_product_table

    assert nim_product_mex_table(MAX_PRODUCT_TABLE_SIZE) == nim_product_table(
        MAX_PRODUCT_TABLE_SIZE
    )


def test_nim_product_field_laws():
    """Conway: ⊕ and ⊗ make the numbers below 2**(2**k) a field (checked below 256)."""
    from nimcore.nimsum import nim_product

    rng = range(0, 256, 19)
    for a, b, c in itertools.product(rng, repeat=3):
        assert nim_product(a, b) == nim_product(b, a)
        assert nim_product(nim_product(a, b), c) == nim_product(a, nim_product(b, c))
        assert nim_product(a, b ^ c) == nim_product(a, b) ^ nim_product(a, c)
    for a in range(1, 256, 9):  # every non-zero number has an inverse below 256
        assert sorted(nim_product(a, b) for b in range(256)) == list(range(256))
    # Fermat 2-powers: F ⊗ F = 3F/2, and c ⊗ F = c·F for c < F.
    for fermat in (2, 4, 16, 256, 65536, 2**32):
        assert nim_product(fermat, fermat) == 3 * fermat // 2
        for c in {1, fermat // 2, fermat - 1}:
            assert nim_product(c, fermat) == c * fermat
    big = 2**63 + 12345
    assert nim_product(big, 1) == big and nim_product(big, 0) == 0


def test_turning_corners_by_exhaustive_search():
    """A board of coins: the value of any set of heads is the nim-sum of the x ⊗ y."""
    from brute import make_grundy

    from nimcore.nimsum import nim_product

    width, height = 4, 4
    cells = [(x, y) for x in range(width) for y in range(height)]

    def options(heads):
        for x, y in heads:
            for smaller_x in range(x):
                for smaller_y in range(y):
                    corners = {(x, y), (smaller_x, y), (x, smaller_y), (smaller_x, smaller_y)}
                    yield heads ^ frozenset(corners)

    grundy = make_grundy(options)
    for size in range(5):
        for heads in itertools.combinations(cells, size):
            expected = nim_sum(nim_product(x, y) for x, y in heads)
            assert grundy(frozenset(heads)) == expected, heads


@pytest.mark.parametrize("factor", [-1, 2**64, 1.5, True])
def test_bad_factors_are_refused_in_french(factor):
    from nimcore.nimsum import nim_product

    with pytest.raises(NimcoreError, match="facteur"):
        nim_product(factor, 3)
