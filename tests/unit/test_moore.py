"""Moore's Nim_k: every answer of nimcore.moore against exhaustive search."""

import itertools
import json

import pytest
from brute import make_solver
from hypothesis import given, settings
from hypothesis import strategies as st

from nimcore import NimcoreError, games, moore
from nimcore.french import unbroken_arrows
from nimcore.games import base
from nimcore.nimsum import nim_sum


def moore_options(k):
    """Every position reachable in one move: 1 to k heaps, each strictly smaller."""

    def options(position):
        nonempty = [i for i, heap in enumerate(position) if heap]
        for count in range(1, min(k, len(nonempty)) + 1):
            for chosen in itertools.combinations(nonempty, count):
                for sizes in itertools.product(*(range(position[i]) for i in chosen)):
                    after = list(position)
                    for i, size in zip(chosen, sizes, strict=True):
                        after[i] = size
                    yield tuple(after)

    return options


OPTIONS = {k: moore_options(k) for k in range(1, 5)}
SOLVERS = {k: make_solver(OPTIONS[k]) for k in range(1, 5)}
MISERE_SOLVERS = {k: make_solver(OPTIONS[k], misere=True) for k in range(1, 5)}


def columns_rule(position, k):
    """Moore's criterion written directly: every binary column sum divisible by k + 1."""
    return all(
        sum((heap >> bit) & 1 for heap in position) % (k + 1) == 0
        for bit in range(max(position).bit_length())
    )


def small_positions(k):
    yield from ((x,) for x in range(21))
    yield from itertools.product(range(13), repeat=2)
    yield from itertools.product(range(8), repeat=3)
    if k >= 2:
        yield from itertools.product(range(4), repeat=4)


def check(position, k, is_p):
    analysis = moore.analyse(position, k)
    expected = is_p(tuple(position))
    assert (analysis.outcome == "P") == expected, (position, k)
    reached = [move.to for move in analysis.winning_moves]
    assert len(reached) == len(set(reached)), "a winning move is listed twice"
    assert set(reached) == {o for o in OPTIONS[k](tuple(position)) if is_p(o)}, (position, k)
    assert moore.count_winning_moves(position, k) == len(reached)
    for move in analysis.winning_moves:
        takes = [a - b for a, b in zip(move.before, move.to, strict=True)]
        assert moore.play(position, takes, k) == move.to
        assert 1 <= len(move.heaps) <= k
    assert analysis.nimber == (nim_sum(position) if k == 1 else None)
    return analysis


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_every_small_position_against_brute_force(k):
    is_p = SOLVERS[k]
    for position in small_positions(k):
        check(position, k, is_p)
        assert columns_rule(position, k) == is_p(position)  # Moore's theorem itself


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_misere_rule_against_brute_force(k):
    """Misère Nim_k: ones ≡ 1 (mod k + 1) without big heap, Moore's columns with one."""
    is_p = MISERE_SOLVERS[k]
    for position in small_positions(k):
        assert moore.is_p_position(position, k, misere=True) == is_p(tuple(position)), position


def theorem_targets(position, k):
    """Every move to a position satisfying Moore's criterion, by listing all moves."""
    return {o for o in OPTIONS[min(k, 4)](tuple(position)) if columns_rule(o, k)}


@settings(max_examples=80, deadline=None)
@given(
    heaps=st.lists(st.integers(0, 40), min_size=1, max_size=3),
    k=st.integers(1, 3),
)
def test_random_positions_against_listing(heaps, k):
    """Larger positions: the smart enumeration against filtering every move."""
    analysis = moore.analyse(heaps, k)
    assert (analysis.outcome == "P") == columns_rule(heaps, k)
    assert {move.to for move in analysis.winning_moves} == theorem_targets(heaps, k)


@settings(max_examples=40, deadline=None)
@given(heaps=st.lists(st.integers(0, 9), min_size=4, max_size=5), k=st.integers(2, 4))
def test_random_wide_positions_against_listing(heaps, k):
    analysis = moore.analyse(heaps, k)
    assert {move.to for move in analysis.winning_moves} == theorem_targets(heaps, k)


@settings(max_examples=60, deadline=None)
@given(heaps=st.lists(st.integers(0, 2**16 - 1), min_size=1, max_size=8), k=st.integers(1, 8))
def test_large_positions_are_consistent(heaps, k):
    try:
        analysis = moore.analyse(heaps, k)
    except NimcoreError as error:  # too many winning moves to list: refused, and says so
        assert "limite" in str(error)
        assert moore.count_winning_moves(heaps, k) > moore.MAX_WINNING_MOVES
        return
    assert (analysis.outcome == "P") == columns_rule(heaps, k)
    for move in analysis.winning_moves[:50]:
        assert moore.is_p_position(move.to, k) and 1 <= len(move.heaps) <= k


# --- the seeds ------------------------------------------------------------------------


def test_delahaye_11_9_7():
    """Delahaye (Interstices), k = 2: columns 2 1 2 0 (not zero), play to (7, 7, 7)."""
    analysis = moore.analyse([11, 9, 7], 2)
    assert analysis.weights == (8, 4, 2, 1)
    assert analysis.column_ones == (2, 1, 2, 3)
    assert analysis.column_residues == (2, 1, 2, 0)
    assert [move.to for move in analysis.winning_moves] == [(7, 7, 7)]
    assert analysis.recommended.heaps == (0, 1) and analysis.recommended.takes == (4, 2)
    assert moore.column_ones([7, 7, 7]) == (3, 3, 3) and moore.is_p_position([7, 7, 7], 2)
    # In ordinary Nim (k = 1), the same position is won by 7 → 2 instead.
    assert [move.to for move in moore.winning_moves([11, 9, 7], 1)] == [(11, 9, 2)]


def test_belgian_report_game():
    """Seed 000, VI.1: Nim_2 from (3, 5, 4, 2), every step recomputed."""
    k = 2
    assert moore.is_p_position([2, 3, 3, 1], k)  # the report's example of a kernel position
    start = moore.analyse([3, 5, 4, 2], k)
    assert start.column_ones == (2, 2, 2) and start.nim_k_sum == "222"
    # The report plays 5 → 3 and 4 → 1; the only other winning move is 5 → 1 and 4 → 3.
    assert [move.to for move in start.winning_moves] == [(3, 3, 1, 2), (3, 1, 3, 2)]
    assert start.recommended.to == (3, 3, 1, 2)
    assert moore.is_p_position([3, 3, 1, 2], k)
    # The opponent takes the 2 tokens of B4: columns 0 2 0 (the report writes 020).
    after = moore.analyse([3, 3, 1, 0], k)
    assert after.column_residues == (2, 0) and after.outcome == "N"
    assert [move.to for move in after.winning_moves] == [(1, 1, 1, 0)]
    # From (1, 1, 1, 0) every reply loses: one heap (sum 002) or two heaps (001).
    assert moore.analyse([0, 1, 1, 0], k).column_residues == (2,)
    assert moore.analyse([0, 0, 1, 0], k).column_residues == (1,)
    for move in moore.moves([1, 1, 1, 0], k):
        reply = games.perfect_move("moore", move.to, {"k": k})
        assert reply.to == (0, 0, 0, 0)


def test_hint_data():
    analysis = moore.analyse([3, 5, 4, 2], 2)
    text = " ".join(analysis.explanation)
    assert "modulo" in text and "2, 2, 2" in text
    assert (
        "retirer 2 allumettes du tas 2 (5\u00a0→\u00a03) et 3 allumettes du tas 3 (4\u00a0→\u00a01)"
        in text
    )
    data = analysis.to_dict()
    assert data["game"] == "moore" and data["nimber"] is None
    assert data["winning_moves"][0]["to"] == [3, 3, 1, 2]
    assert data["rows"] == [[0, 1, 1], [1, 0, 1], [1, 0, 0], [0, 1, 0]]
    losing = moore.analyse([3, 3, 1, 2], 2)
    assert losing.recommended is None and "perdante" in " ".join(losing.explanation)
    assert moore.analyse([0, 0], 2).terminal


def test_many_heaps_may_be_taken_from():
    # k at least the number of heaps: only the empty position is P, and taking
    # everything wins when at most k heaps are non-empty.
    assert [move.to for move in moore.winning_moves([3, 1, 2], 3)] == [(0, 0, 0)]
    assert moore.winning_moves([3, 1, 2], 5)[0].to == (0, 0, 0)
    assert not moore.is_p_position([1, 1, 1], 3)


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: moore.analyse([], 2), "au moins un tas"),
        (lambda: moore.analyse([1] * 9, 2), "limite"),
        (lambda: moore.analyse([2**16], 2), "limite"),
        (lambda: moore.analyse([3, -1], 2), "-1"),
        (lambda: moore.analyse([3, 1.5], 2), "1.5"),
        (lambda: moore.analyse("3 4", 2), "«\u00a03 4\u00a0»"),
        (lambda: moore.analyse([3, 4], 0), "k vaut 0"),
        (lambda: moore.analyse([3, 4], "2"), "«\u00a02\u00a0»"),
        (lambda: moore.analyse([3, 4], True), "«\u00a0true\u00a0»"),
        (lambda: moore.analyse([65535] * 8, 6), "limite"),
        (lambda: moore.play([3, 4], [1], 2), "un prélèvement par tas"),
        (lambda: moore.play([3, 4], [4, 0], 2), "que 3"),
        (lambda: moore.play([3, 4], [0, 0], 2), "au moins"),
        (lambda: moore.play([3, 4, 5], [1, 1, 1], 2), "3 tas"),
        (lambda: moore.play([3, 4], [-1, 2], 2), "-1"),
    ],
)
def test_errors_are_french(call, fragment):
    with pytest.raises(NimcoreError) as caught:
        call()
    assert fragment in str(caught.value)


def _words_of(before, to):
    """A Moore move's words, written out here independently of nimcore."""
    parts = []
    for i, (a, b) in enumerate(zip(before, to, strict=True)):
        if b < a:
            parts.append(f"{a - b} allumette{'s' if a - b > 1 else ''} du tas {i + 1} ({a} → {b})")
    joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " et " + parts[-1]
    return "retirer " + joined


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=1, max_size=4), st.integers(1, 3))
def test_view_moves_as_written_before_the_one_pass(heaps, k):
    """A view's moves, now written in one pass: each field as written out here and as
    json.dumps gives it (the boards and the opening books read them)."""
    game = games.get("moore")
    position = tuple(heaps)
    listed = base.view(game, position, {"k": k})["moves"]
    assert listed is not None
    assert len(listed) == moore.count_moves(position, k)
    for entry, move in zip(listed, moore.moves(position, k), strict=True):
        before, to = list(move.before), list(move.to)
        touched = [i for i in range(len(before)) if to[i] < before[i]]
        assert entry == {
            "heaps": touched,
            "takes": [before[i] - to[i] for i in touched],
            "before": before,
            "to": to,
            "text": unbroken_arrows(_words_of(before, to)),
            "id": json.dumps(to, separators=(",", ":")),
            "gestures": [{"takes": [a - b for a, b in zip(before, to, strict=True)]}],
        }
        assert unbroken_arrows(move.text) == entry["text"]
