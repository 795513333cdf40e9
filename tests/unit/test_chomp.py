"""Chomp: every answer of nimcore.chomp against exhaustive search and the theory."""

import itertools
import math
import zlib
from importlib import resources

import pytest
from brute import chomp_options, make_grundy, make_solver
from hypothesis import given, settings
from hypothesis import strategies as st

from nimcore import NimcoreError, chomp, games
from nimcore.games import base


def staircases(max_rows, max_columns):
    """Every staircase (poison kept) with at most max_rows rows of at most max_columns."""
    found = []
    for count in range(1, max_rows + 1):
        for rows in itertools.combinations_with_replacement(range(max_columns, 0, -1), count):
            found.append(tuple(rows))
    return found


brute_is_p = make_solver(chomp_options)
brute_grundy = make_grundy(chomp_options)

SMALL = staircases(5, 5)  # every staircase within 4×5 and 5×4, and more


def staircase_strategy(max_rows=13, max_columns=13):
    return st.lists(st.integers(1, max_columns), min_size=1, max_size=max_rows).map(
        lambda rows: sorted(rows, reverse=True)
    )


def test_small_staircases_are_all_listed():
    assert len(SMALL) == 251  # C(10, 5) − 1: every lattice path but the empty bar
    assert len(staircases(10, 10)) == 184755


@pytest.mark.slow
def test_the_whole_6x6_box_against_brute_force():
    """Every staircase of the 6×6 box: outcome, every winning bite and nimber."""
    box = staircases(6, 6)
    assert len(box) == math.comb(12, 6) - 1
    for rows in box:
        analysis = chomp.analyse(rows)
        assert (analysis.outcome == "P") == brute_is_p(rows), rows
        expected = {option for option in chomp_options(rows) if brute_is_p(option)}
        assert {move.to for move in analysis.winning_moves} == expected, rows
        # The nimber, when the analysis gives it (a cheap search, or one already made).
        assert analysis.nimber in (None, brute_grundy(rows)), rows
        if chomp.sub_staircase_count(rows) * sum(rows) <= chomp.MAX_NIMBER_WORK:
            assert analysis.nimber is not None, rows
    values = chomp.grundy_values([6] * 6)
    assert all(values[rows] == brute_grundy(rows) for rows in box)


def test_every_small_position_against_brute_force():
    for rows in SMALL:
        analysis = chomp.analyse(rows)
        assert (analysis.outcome == "P") == brute_is_p(rows), rows
        assert analysis.nimber == brute_grundy(rows), rows
        expected = {option for option in chomp_options(rows) if brute_is_p(option)}
        reached = [move.to for move in analysis.winning_moves]
        assert set(reached) == expected, rows
        assert len(reached) == len(set(reached)), "a winning bite is listed twice"
        assert sorted(move.to for move in chomp.moves(rows)) == sorted(chomp_options(rows))
        for move in analysis.winning_moves:
            assert chomp.play(rows, move.row, move.column) == move.to


def test_grundy_search_against_brute_force():
    values = chomp.grundy_values([5, 5, 5, 5, 5])
    assert len(values) == chomp.sub_staircase_count([5] * 5) == 251
    for rows, value in values.items():
        assert value == brute_grundy(rows), rows


def test_analyses_inside_the_last_search_reuse_it_and_stay_exact():
    """A game's positions lie inside its first one: their nimbers come from its search."""
    first = (6, 5, 5, 3, 1)
    values = chomp.grundy_values(first)  # a fresh search, checked against brute force above
    assert chomp.analyse(first).nimber == values[first]
    for rows in sorted(values, key=sum, reverse=True):
        analysis = chomp.analyse(rows)
        assert analysis.nimber == values[rows], rows
        assert (analysis.outcome == "P") == (values[rows] == 0), rows
    outside = (7, 2)  # not inside the first position: searched anew
    assert chomp.analyse(outside).nimber == brute_grundy(outside)


def test_sub_staircase_count_is_the_number_of_reachable_positions():
    for rows in SMALL:
        reachable, stack = {rows}, [rows]
        while stack:
            for option in chomp_options(stack.pop()):
                if option not in reachable:
                    reachable.add(option)
                    stack.append(option)
        assert chomp.sub_staircase_count(rows) == len(reachable), rows


# --- families, verified against the search -----------------------------------------


def test_two_rows_family_against_search():
    for bottom in range(1, 26):
        values = chomp.grundy_values([bottom, bottom])
        for top in range(1, bottom + 1):
            rows = (bottom, top)
            analysis = chomp.analyse(rows)
            assert analysis.family == ("l_shape" if top == 1 else "two_rows")
            assert (analysis.outcome == "P") == (values[rows] == 0) == (bottom == top + 1)
            expected = {option for option in chomp_options(rows) if values[option] == 0}
            assert {move.to for move in analysis.winning_moves} == expected, rows
            assert analysis.nimber == values[rows]


def test_l_shape_family_against_search():
    for length in range(1, 16):
        values = chomp.grundy_values([length] + [1] * 14)
        for ones in range(15):
            rows = (length,) + (1,) * ones
            analysis = chomp.analyse(rows)
            assert analysis.family in ("l_shape", "poison")
            assert analysis.nimber == values[rows] == (length - 1) ^ ones
            assert (analysis.outcome == "P") == (length - 1 == ones)
            expected = {option for option in chomp_options(rows) if values[option] == 0}
            assert {move.to for move in analysis.winning_moves} == expected, rows


def test_square_family_against_table_and_search():
    losing = chomp.table_positions()
    for size in range(2, 14):
        rows = (size,) * size
        analysis = chomp.analyse(rows)
        assert analysis.family == ("two_rows" if size == 2 else "square")
        expected = {move.to for move in chomp.moves(rows) if move.to in losing}
        assert expected == {(size,) + (1,) * (size - 1)}  # only the bite (1, 1)
        assert [(move.row, move.column) for move in analysis.winning_moves] == [(1, 1)]
    # Squares beyond the table rest on the proof (module docstring): too big to search.
    assert chomp.analyse([14] * 14).method == "famille"
    with pytest.raises(NimcoreError):
        chomp.grundy_values([11] * 11)
    values = chomp.grundy_values([6] * 6)
    assert [move.to for move in chomp.moves([6] * 6) if values[move.to] == 0] == [
        (6, 1, 1, 1, 1, 1)
    ]


def test_huge_family_positions_are_instant():
    analysis = chomp.analyse([10**9, 10**9 - 1])
    assert analysis.outcome == "P" and analysis.nimber is None
    analysis = chomp.analyse([10**9, 5])
    assert [move.to for move in analysis.winning_moves] == [(6, 5)]
    analysis = chomp.analyse([7] + [1] * 5000)
    assert [move.to for move in analysis.winning_moves] == [(7,) + (1,) * 6]
    assert analysis.nimber == 6 ^ 5000
    analysis = chomp.analyse([50] * 50)
    assert [(m.row, m.column) for m in analysis.winning_moves] == [(1, 1)]


# --- the box, its ranks and the shipped table -------------------------------------


def plain_retrograde(rows, columns):
    """The P-positions of a box by the definition: P iff no bite reaches a P-position."""
    losing = set()
    for staircase in sorted(staircases(rows, columns), key=sum):
        if not any(option in losing for option in chomp_options(staircase)):
            losing.add(staircase)
    return losing


def in_box(positions, rows, columns):
    return {p for p in positions if len(p) <= rows and p[0] <= columns}


def test_ranks_follow_the_lexicographic_order():
    for rows, columns in [(1, 1), (2, 3), (3, 2), (4, 4), (5, 3)]:
        box = sorted(staircases(rows, columns), key=lambda p: p + (0,) * (rows - len(p)))
        ranks = [chomp.staircase_rank(p, rows, columns) for p in box]
        assert ranks == list(range(1, math.comb(rows + columns, rows)))
        assert [chomp.staircase_of_rank(rank, rows, columns) for rank in ranks] == box
    with pytest.raises(NimcoreError):
        chomp.staircase_of_rank(math.comb(26, 13), 13, 13)


@settings(max_examples=100, deadline=None)
@given(rows=staircase_strategy())
def test_a_bite_lowers_the_rank(rows):
    """The order of the ranks is compatible with bites: what the marking solver rests on."""
    rows = tuple(rows)
    rank = chomp.staircase_rank(rows, 13, 13)
    assert chomp.staircase_of_rank(rank, 13, 13) == rows
    assert all(chomp.staircase_rank(move.to, 13, 13) < rank for move in chomp.moves(rows))


def test_solve_box_against_the_plain_search():
    for rows, columns in [(1, 1), (1, 6), (6, 1), (2, 7), (5, 5), (4, 7), (7, 3), (6, 6)]:
        assert chomp.solve_box(rows, columns) == plain_retrograde(rows, columns), (rows, columns)
    assert chomp.solve_box(5, 5) == {rows for rows in SMALL if brute_is_p(rows)}


def test_table_matches_a_fresh_solve_of_the_8x8_box():
    """A sample of the shipped table regenerated from scratch, and packed and read back."""
    fresh = chomp.solve_box(8, 8)
    assert fresh == in_box(chomp.table_positions(), 8, 8)
    assert len(fresh) == 322
    assert chomp.read_table(chomp.table_bytes(8)) == fresh


@pytest.mark.slow
def test_table_regenerates_identically():
    """The whole 13×13 box solved afresh gives the shipped file, byte for byte (a few seconds)."""
    assert chomp.table_bytes(13) == shipped_bytes()


def shipped_bytes():
    return resources.files("nimcore").joinpath("data").joinpath(chomp.TABLE_FILE).read_bytes()


def test_table_file_format():
    data = shipped_bytes()
    raw = zlib.decompress(data)
    assert raw[:11] == b"NIMCHOMP\x01\x0d\x0d"
    count = int.from_bytes(raw[11:15], "little")
    assert count == len(chomp.table_positions()) == 85555 == len(raw[15:]) // 3
    assert len(data) < 90_000
    losing = chomp.table_positions()
    assert (losing.rows, losing.columns) == (13, 13)
    assert (1,) in losing and (13,) * 13 not in losing and (14, 13) not in losing
    for bad in (b"", b"not zlib", zlib.compress(b"NIMCHOMP\x01\x02\x02\x05\x00\x00\x00")):
        with pytest.raises(NimcoreError, match="illisible"):
            chomp.read_table(bad)


@pytest.mark.parametrize(
    ("size", "count"), [(1, 1), (2, 2), (3, 5), (4, 10), (5, 23), (6, 48), (7, 129), (8, 322)]
)
def test_p_position_counts_of_small_boxes(size, count):
    """Counts of P-positions in the n×n box, the empty bar left out (8×8: solved in the test above)."""
    if size <= 6:
        assert len(plain_retrograde(size, size)) == count
    assert len(in_box(chomp.table_positions(), size, size)) == count


def test_boxes_too_large_are_refused_up_front():
    for rows, columns, fragment in [
        (14, 13, "limite"),
        (0, 3, "entier de 1"),
        (3, True, "«\u00a0true\u00a0»"),
    ]:
        with pytest.raises(NimcoreError, match=fragment):
            chomp.solve_box(rows, columns)


def test_every_rectangle_up_to_13_is_solved():
    """Strategy stealing: every rectangle but 1×1 is an N-position; bites from the table."""
    losing = chomp.table_positions()
    for height in range(1, 14):
        for width in range(1, 14):
            rows = (width,) * height
            analysis = chomp.analyse(rows)
            if (height, width) == (1, 1):
                assert analysis.outcome == "P" and analysis.terminal
                continue
            assert analysis.outcome == "N", rows
            expected = {move.to for move in chomp.moves(rows) if move.to in losing}
            assert {move.to for move in analysis.winning_moves} == expected


@settings(max_examples=200, deadline=None)
@given(rows=staircase_strategy())
def test_table_is_locally_consistent(rows):
    """A sampled position of the 13×13 box is in the table exactly when none of its bites is."""
    losing = chomp.table_positions()
    rows = tuple(rows)
    assert (rows in losing) == all(option not in losing for option in chomp_options(rows))
    bites = {(move.row, move.column) for move in chomp.moves(rows) if move.to in losing}
    assert set(losing.losing_bites(rows)) == bites


def test_without_the_table_families_and_searches_still_answer(monkeypatch):
    """In the browser, before the worker writes the table: what needs it is refused in French."""
    from nimcore.chomp import box

    box.table_positions.cache_clear()
    monkeypatch.setattr(box, "TABLE_FILE", "absente.bin")
    try:
        with pytest.raises(NimcoreError, match="pas chargée"):
            chomp.table_positions()
        assert chomp.analyse([5] * 5).method == "famille"
        assert chomp.analyse([6, 5, 5, 3, 1]).method == "recherche"
        with pytest.raises(NimcoreError, match="pas encore chargée"):
            chomp.analyse([13, 13, 12, 11, 9, 7, 5, 3])
    finally:
        box.table_positions.cache_clear()


def searchable_staircase():
    """A staircase of the 13×13 box small enough for the exhaustive search."""
    return st.one_of(staircase_strategy(4, 13), staircase_strategy(13, 4), staircase_strategy())


@settings(max_examples=60, deadline=None)
@given(rows=searchable_staircase())
def test_table_against_grundy_search_on_a_sample(rows):
    """Answers of the 13×13 box against a fresh exhaustive search."""
    rows = tuple(rows)
    while chomp.sub_staircase_count(rows) * sum(rows) > chomp.MAX_SEARCH_WORK:
        rows = rows[:-1] if len(rows) > 4 else tuple(min(length, 4) for length in rows)
    values = chomp.grundy_values(rows)
    analysis = chomp.analyse(rows)
    assert (analysis.outcome == "P") == (values[rows] == 0)
    assert analysis.nimber in (None, values[rows])
    expected = {move.to for move in chomp.moves(rows) if values[move.to] == 0}
    assert {move.to for move in analysis.winning_moves} == expected


# --- the computer's move from a P-position (the registry's) ---------------------------


def test_computer_eats_one_square_when_losing():
    move = games.perfect_move("chomp", [3, 2])
    assert move.eaten == 1 and move.to == (3, 1)


# --- seeds, explanations, errors ---------------------------------------------------


def test_seed_special_cases():
    """Satabin (Petit Vert), « la tablette de chocolat empoisonnée »."""
    # Two rows: losing when the top row has one square fewer than the bottom one.
    for bottom in range(2, 11):
        for top in range(1, bottom + 1):
            assert chomp.is_p_position([bottom, top]) == (top == bottom - 1)
    # The L: n rows of one square above a bottom row. The seed writes "n = p"; read
    # literally (p squares in the bottom row) the losing L has p = n + 1: the arms,
    # not the rows, are equal. "n = p" holds with p counted right of the corner.
    for n in range(8):
        for p in range(1, 9):
            assert chomp.is_p_position([p] + [1] * n) == (p == n + 1)
    # A square bar is a winning position.
    assert all(chomp.analyse([n] * n).outcome == "N" for n in range(2, 14))


def test_explanations():
    losing = chomp.analyse([3, 2])
    assert losing.family == "two_rows" and losing.method == "famille"
    assert "chaque bouchée mène à une position gagnante" in " ".join(losing.explanation)
    square = chomp.analyse([5] * 5)
    assert "équerre" in " ".join(square.explanation)
    assert square.to_dict()["family_name"] == "carré"
    rectangle = chomp.analyse([6, 6, 6])
    assert "stratégie volée" in " ".join(rectangle.explanation)
    assert rectangle.method == "table"
    other = chomp.analyse([5, 3, 1])
    assert other.family is None and other.method == "table"
    assert chomp.analyse([12, 11, 3]).method == "table"
    assert chomp.analyse([20, 19, 3]).method == "recherche"
    poison = chomp.analyse([1])
    assert poison.terminal and poison.outcome == "P" and poison.nimber == 0
    assert "empoisonné" in poison.explanation[0]


def test_move_text():
    move = chomp.analyse([4, 4, 4, 4]).recommended
    assert move is not None and move.text == "croquer le carré ligne 2, colonne 2 (9 carrés mangés)"
    assert move.to_dict()["to"] == [4, 1, 1, 1]


@pytest.mark.parametrize(
    ("rows", "fragment"),
    [
        ([40, 40, 40, 39], "limite"),
        ([14] * 13, "13×13"),  # a rectangle (a 14×14 square is a family)
    ],
)
def test_staircases_too_large_to_search_are_refused_in_french(rows, fragment):
    """The other refusals of rows are the game's (test_games.py); the game's board never
    searches, the module's analysis does."""
    with pytest.raises(NimcoreError) as caught:
        chomp.analyse(rows)
    assert fragment in str(caught.value).replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize(("row", "column"), [(0, 0), (3, 0), (0, 5), (-1, 0), (1, 2), (1, True)])
def test_illegal_bites_are_refused(row, column):
    with pytest.raises(NimcoreError):
        chomp.play([5, 2, 1], row, column)


def test_the_end_says_who_must_eat_the_poisoned_square():
    """Chomp's end message is its own: the poisoned square is left, and who must eat it."""
    game = games.get("chomp")
    end = base.ending(game, (1,), {})
    assert end["reader"]["winner"] == "reader"
    assert end["reader"]["text"] == (
        "Vous avez gagné\u202f! Il ne reste que le carré empoisonné,"
        " et l’ordinateur doit le manger."
    )
    assert end["computer"]["text"].endswith("et vous devez le manger.")
    assert end["player2"]["winner"] == "player2"
    assert "le joueur 1 doit le manger" in end["player2"]["text"]
    assert "dernier coup" not in " ".join(words["text"] for words in end.values())


def test_the_board_is_told_where_the_poison_is_and_which_squares_bite():
    game = games.get("chomp")
    seen = base.view(game, (3, 2), {})
    assert seen["drawing"] == {"poisoned": [0, 0]}
    cells = sorted(move["gestures"][0]["cell"] for move in seen["moves"])
    assert cells == [[0, 1], [0, 2], [1, 0], [1, 1]]
    with pytest.raises(NimcoreError, match="empoisonné"):
        game.gesture_target((3, 2), {"cell": [0, 0]}, {})
