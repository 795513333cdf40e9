"""Fibonacci Nim: every answer of nimcore.fibonacci against exhaustive search."""

import pytest
from brute import checked_against_search, make_grundy, make_solver
from hypothesis import given, settings
from hypothesis import strategies as st

from nimcore import NimcoreError, fibonacci, games
from nimcore.numeration import fibonacci_numbers, zeckendorf


def _perfect(position):
    """The registry's computer move (the boards')."""
    return games.perfect_move("fibonacci", position)


def fibonacci_options(position):
    """The rules only: take x in 1..p, the opponent may then take up to 2x."""
    tokens, limit = position
    for take in range(1, limit + 1):
        rest = tokens - take
        yield (rest, min(2 * take, rest))


brute_is_p = make_solver(fibonacci_options)
brute_grundy = make_grundy(fibonacci_options)

SMALL = [(n, p) for n in range(41) for p in range(n + 1)]


def brute_winning_takes(position):
    tokens, limit = position
    return {
        take
        for take in range(1, limit + 1)
        if brute_is_p((tokens - take, min(2 * take, tokens - take)))
    }


def test_every_small_position_against_brute_force():
    for position, analysis in checked_against_search(fibonacci, SMALL, brute_is_p, brute_grundy):
        takes = [move.take for move in analysis.winning_moves]
        assert set(takes) == brute_winning_takes(position), position
        assert len(takes) == len(set(takes)), "a winning move is listed twice"
        for move in analysis.winning_moves:
            assert fibonacci.play(position, move.take) == move.to


def test_p_positions_are_those_below_the_smallest_zeckendorf_term():
    for tokens, limit in SMALL:
        if tokens:
            expected = limit < zeckendorf(tokens)[-1]
            assert brute_is_p((tokens, limit)) == expected


def test_nimber_table_up_to_its_bound_for_the_first_rows():
    for tokens in range(41, 71):
        for limit in range(tokens + 1):
            assert fibonacci.nimber((tokens, limit)) == brute_grundy((tokens, limit))


@pytest.mark.slow
def test_nimber_table_at_its_bound():
    bound = fibonacci.NIMBER_BOUND
    for tokens in (bound - 1, bound):
        for limit in range(tokens + 1):
            assert fibonacci.nimber((tokens, limit)) == brute_grundy((tokens, limit))
    assert fibonacci.nimber((bound + 1, 1)) is None or fibonacci.is_p_position((bound + 1, 1))
    assert fibonacci.nimber((bound + 1, bound)) is None


@settings(max_examples=150, deadline=None)
@given(tokens=st.integers(1, 110), data=st.data())
def test_random_positions_against_brute_force(tokens, data):
    limit = data.draw(st.integers(0, tokens))
    analysis = fibonacci.analyse([tokens, limit])
    assert (analysis.outcome == "P") == brute_is_p((tokens, limit))
    assert {move.take for move in analysis.winning_moves} == brute_winning_takes((tokens, limit))


def sample(moves, count=4):
    """A few moves out of a possibly long tuple (up to a thousand winning moves for 10**1000)."""
    if len(moves) <= count:
        return moves
    step = len(moves) // count
    return moves[::step] + moves[-1:]


@settings(max_examples=40, deadline=None)
@given(tokens=st.integers(1, 10**1000), data=st.data())
def test_huge_positions_follow_the_definition(tokens, data):
    """On huge heaps: a take wins exactly when it leaves (n − x, min(2x, n − x)) with 2x
    below the smallest Zeckendorf term of n − x (or empties the heap)."""
    limit = data.draw(st.integers(0, tokens))
    analysis = fibonacci.analyse([tokens, limit])
    takes = {move.take for move in analysis.winning_moves}
    for move in sample(analysis.winning_moves):
        assert fibonacci.is_p_position(move.to)
    if analysis.outcome == "P":
        assert not takes and analysis.recommended is None
    else:
        assert analysis.recommended in analysis.winning_moves
    probes = {data.draw(st.integers(1, limit)) for _ in range(5)} if limit else set()
    special = (1, 2, 3, 5, 8, analysis.smallest_term, limit)
    probes |= {take for take in special if 1 <= take <= limit}
    for take in probes:
        rest = tokens - take
        reaches_p = rest == 0 or 2 * take < zeckendorf(rest)[-1]
        assert (take in takes) == reaches_p, take


def test_computer_from_a_p_position_takes_one():
    assert _perfect([13, 6]).take == 1
    assert _perfect([10**1000, 1]).to[0] == 10**1000 - 1


def test_start_positions_lose_exactly_on_fibonacci_numbers():
    """Seed 000: the 'absolute' P-positions (N, N − 1) are 2, 3, 5, 8, 13, 21, …"""
    losing = [n for n in range(2, 1000) if fibonacci.is_p_position(fibonacci.start_position(n))]
    assert losing == [n for n in fibonacci_numbers(999) if n >= 2]
    assert fibonacci.analyse(fibonacci.start_position(1)).outcome == "P"  # no move at all


def test_seed_positions_whose_status_depends_on_the_limit():
    # Seed 000: 11, 16 and 18 are lost only when the previous take was small.
    assert [p for p in range(12) if fibonacci.is_p_position([11, p])] == [0, 1, 2]
    assert [p for p in range(17) if fibonacci.is_p_position([16, p])] == [0, 1, 2]
    assert [p for p in range(19) if fibonacci.is_p_position([18, p])] == [0, 1, 2, 3, 4]


def test_seed_worked_game_from_24():
    """Seed 000, the game from 24 chips, recomputed move by move."""
    position = fibonacci.start_position(24)
    analysis = fibonacci.analyse(position)
    assert analysis.zeckendorf == (21, 3) and analysis.zeckendorf_digits == (1, 0, 0, 0, 1, 0, 0)
    assert analysis.recommended.take == 3 and [m.take for m in analysis.winning_moves] == [3]
    position = analysis.recommended.to
    assert position == (21, 6) and fibonacci.analyse(position).outcome == "P"
    # Every answer of the opponent (take 1..6) leaves 20..15: new ones appear in the word,
    # and the player can move back to a P-position.
    for take in range(1, 7):
        reply = fibonacci.analyse(fibonacci.play(position, take))
        assert reply.outcome == "N", take
    # The game as the report plays it: (opponent, me) takes.
    script = [(1, 2), (2, 3), (4, 1), (1, 2), (1, 1)]
    for opponent_take, my_take in script:
        position = fibonacci.play(position, opponent_take)
        move = _perfect(position)
        assert move.take == my_take, (position, move.take)
        position = move.to
        assert fibonacci.analyse(position).outcome == "P"
    assert position == (3, 2)
    # From 3 the opponent takes 1 or 2, and the report's player takes the rest.
    for take in (1, 2):
        last = _perfect(fibonacci.play(position, take))
        assert last.to == (0, 0)
    # The intermediate positions of the report: 18 = 13 + 5, 16 = 13 + 3, 13, 9 = 8 + 1, 8,
    # 7 = 5 + 2, 5, 4 = 3 + 1, 3.
    assert _perfect([20, 2]).to == (18, 4)
    assert _perfect([16, 4]).to == (13, 6)
    assert _perfect([9, 8]).to == (8, 2)


def test_seed_program_examples():
    # 74 chips, the opponent took 7 (so at most 14): 74 = 55 + 13 + 5 + 1. The report's
    # program finds 6 = 5 + 1; taking 1 wins too, and nothing else does.
    analysis = fibonacci.analyse([74, 14])
    assert analysis.zeckendorf == (55, 13, 5, 1)
    assert [move.take for move in analysis.winning_moves] == [1, 6]
    # 45 chips, the opponent took 12, leaving 33 = 21 + 8 + 3 + 1: taking 4 (= 3 + 1)
    # lets the opponent take 8 from 29; taking 1 is the only winning move.
    analysis = fibonacci.analyse([33, 24])
    assert [move.take for move in analysis.winning_moves] == [1]
    assert fibonacci.analyse(fibonacci.play([33, 24], 4)).outcome == "N"
    assert _perfect([33, 24]).take == 1


def test_hint_data_and_explanation():
    analysis = fibonacci.analyse([24, 23])
    text = " ".join(analysis.explanation)
    assert "21 + 3" in text and "1000100" in text and "retirez-en 3" in text
    data = analysis.to_dict()
    assert data["position"] == [24, 23] and data["smallest_term"] == 3
    assert data["winning_moves"] == [
        {"take": 3, "before": [24, 23], "to": [21, 6], "text": "retirer 3 jetons (24 → 21)"}
    ]
    losing = fibonacci.analyse([21, 6]).to_dict()
    assert losing["recommended"] is None and losing["winning_moves"] == []
    assert "perdante" in " ".join(losing["explanation"])
    assert "prenez les 5" in " ".join(fibonacci.analyse([5, 5]).explanation)
    many = fibonacci.analyse([74, 14]).explanation
    assert any("Autre coup gagnant" in sentence and "6" in sentence for sentence in many)
    assert fibonacci.analyse([0, 0]).terminal and fibonacci.analyse([1, 0]).terminal
    assert "\u00a0:" in analysis.explanation[0]  # French typography


def test_p_position_table():
    rows = fibonacci.p_position_table(40)
    assert [row.tokens for row in rows] == list(range(1, 41))
    for row in rows:
        for limit in range(row.tokens + 1):
            assert brute_is_p((row.tokens, limit)) == (limit < row.smallest_term)
        assert sum(row.zeckendorf) == row.tokens
    assert rows[23].to_dict() == {"tokens": 24, "zeckendorf": [21, 3], "smallest_term": 3}
    assert fibonacci.p_position_table(0) == ()


def test_huge_heap_is_instant_and_right():
    tokens = 10**1000
    analysis = fibonacci.analyse(fibonacci.start_position(tokens))
    move = analysis.recommended
    assert move.take == analysis.smallest_term == 5
    assert fibonacci.is_p_position(move.to)
    assert analysis.nimber is None
    assert len(analysis.winning_moves) == 1084
    assert all(fibonacci.is_p_position(m.to) for m in sample(analysis.winning_moves, 10))
    assert len(analysis.explanation[0]) < 5000, "long writings are shortened"


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: fibonacci.start_position(0), "au moins un jeton"),
        (lambda: fibonacci.start_position(10, limit=0), "entre 1 et 10"),
        (lambda: fibonacci.start_position(10, limit=11), "entre 1 et 10"),
        (lambda: fibonacci.start_position(10, limit=2.0), "2.0"),
        (lambda: fibonacci.play([21, 6], 7), "limite est de 6"),
        (lambda: fibonacci.play([21, 6], 0), "au moins un jeton"),
        (lambda: fibonacci.play([21, 6], True), "«\u00a0true\u00a0»"),
        (lambda: fibonacci.p_position_table(-1), "négative"),
        (lambda: fibonacci.p_position_table(fibonacci.MAX_TABLE + 1), "limite"),
        (lambda: fibonacci.smallest_term(-3), "-3"),
    ],
)
def test_other_refusals_are_french(call, fragment):
    with pytest.raises(NimcoreError) as caught:
        call()
    assert fragment in str(caught.value)
