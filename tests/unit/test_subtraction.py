"""Subtraction games, normal and misère: nimcore.subtraction against exhaustive search."""

import itertools
import json

import pytest
from brute import make_grundy, make_solver
from hypothesis import given, settings
from hypothesis import strategies as st

from nimcore import NimcoreError, subtraction
from nimcore.nimsum import nim_sum
from nimcore.subtraction import SubtractionRule, values

RULES = {
    "{1,2,4}": SubtractionRule.from_set([1, 2, 4]),
    "{2,3}": SubtractionRule.from_set([2, 3]),
    "{1,3,4}": SubtractionRule.from_set([1, 3, 4]),
    "{2,5,7}": SubtractionRule.from_set([2, 5, 7]),
    "{3,5,8}": SubtractionRule.from_set([3, 5, 8]),
    "{2,3,5,8}": SubtractionRule.from_set([2, 3, 5, 8]),
    "1..1": SubtractionRule.take_up_to(1),
    "1..2": SubtractionRule.take_up_to(2),
    "1..3": SubtractionRule.take_up_to(3),
    "1..4": SubtractionRule.take_up_to(4),
    "2..2": SubtractionRule.between(2, 2),
    "3..5": SubtractionRule.between(3, 5),
    "2..4": SubtractionRule.between(2, 4),
}


def amounts(rule):
    """The subtraction set, from the rule's bounds only (no nimcore logic)."""
    if rule.kind == "set":
        return rule.amounts
    return tuple(range(rule.low, rule.high + 1))


_SOLVERS = {}


def solvers(rule):
    """(normal is_p, misère is_p, grundy) by exhaustive search, cached per rule."""
    if rule not in _SOLVERS:
        allowed = amounts(rule)

        def options(position):
            for index, heap in enumerate(position):
                for take in allowed:
                    if take <= heap:
                        yield position[:index] + (heap - take,) + position[index + 1 :]

        _SOLVERS[rule] = (
            make_solver(options),
            make_solver(options, misere=True),
            make_grundy(options),
            options,
        )
    return _SOLVERS[rule]


def brute_is_p(rule, position, misere):
    normal, mis, _, _ = solvers(rule)
    return (mis if misere else normal)(tuple(position))


def brute_targets(rule, position, misere):
    *_, options = solvers(rule)
    return {option for option in options(tuple(position)) if brute_is_p(rule, option, misere)}


def small_positions(largest_single, largest_pair, largest_triple):
    yield from ((x,) for x in range(largest_single + 1))
    yield from itertools.product(range(largest_pair + 1), repeat=2)
    yield from itertools.product(range(largest_triple + 1), repeat=3)


def check_against_brute(rule, position, misere):
    analysis = subtraction.analyse(position, rule, misere)
    expected_p = brute_is_p(rule, position, misere)
    assert (analysis.outcome == "P") == expected_p, (rule.text, position, misere)
    reached = [move.to for move in analysis.winning_moves]
    assert set(reached) == brute_targets(rule, position, misere), (rule.text, position, misere)
    assert len(reached) == len(set(reached)), "a winning move is listed twice"
    for move in analysis.winning_moves:
        assert subtraction.play(position, rule, move.heap, move.take) == move.to
    if misere:
        assert analysis.nimber is None
    else:
        grundy = solvers(rule)[2]
        assert analysis.nimber == grundy(tuple(position))
        assert analysis.heap_nimbers == tuple(grundy((heap,)) for heap in position)
    return analysis


# --- one heap: sequences, periods, closed forms ------------------------------------


@pytest.mark.parametrize("name", sorted(RULES))
def test_sequences_against_brute_force(name):
    rule = RULES[name]
    _, misere_is_p, grundy, _ = solvers(rule)
    assert subtraction.grundy_sequence(rule, 80) == tuple(grundy((x,)) for x in range(80))
    assert subtraction.misere_outcomes(rule, 80) == "".join(
        "P" if misere_is_p((x,)) else "N" for x in range(80)
    )


def least_eventual_period(values):
    """(preperiod, period) of a long enough finite prefix, by trying every pair."""
    size = len(values)
    for total in range(1, size // 3):
        for period in range(1, total + 1):
            pre = total - period
            if all(values[x] == values[x + period] for x in range(pre, size - period)):
                return pre, period
    raise AssertionError("prefix too short")


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("misere", [False, True])
def test_period_detection(name, misere):
    rule = RULES[name]
    found = (subtraction.misere_period if misere else subtraction.grundy_period)(rule)
    length = 3 * (found.preperiod + found.period) + 2 * rule.high + 60
    if misere:
        prefix = [0 if o == "P" else 1 for o in subtraction.misere_outcomes(rule, length)]
    else:
        prefix = list(subtraction.grundy_sequence(rule, length))
    assert (found.preperiod, found.period) == least_eventual_period(prefix)
    assert list(found.values) == prefix[: found.preperiod + found.period]
    assert [found.at(x) for x in range(length)] == prefix


def test_known_periods():
    # Subtraction sets of Winning Ways, chapter 4: {1, 2, 4} has period 3 (0, 1, 2).
    assert subtraction.grundy_period([1, 2, 4]).values == (0, 1, 2)
    assert subtraction.grundy_period([1, 3, 4]).values == (0, 1, 0, 1, 2, 3, 2)
    found = subtraction.grundy_period([2, 3, 5, 8])
    assert (found.preperiod, found.period) == (13, 17)
    # Huge heaps: answered at once through the period.
    assert subtraction.grundy_value([1, 3, 4], 10**1000) == (0, 1, 0, 1, 2, 3, 2)[10**1000 % 7]


@pytest.mark.parametrize("k", range(1, 7))
def test_closed_forms_take_up_to(k):
    rule = SubtractionRule.take_up_to(k)
    normal, misere_is_p, grundy, _ = solvers(rule)
    for x in range(8 * (k + 1)):
        assert subtraction.grundy_value(rule, x) == grundy((x,)) == x % (k + 1)
        assert normal((x,)) == (x % (k + 1) == 0)
        assert misere_is_p((x,)) == (x % (k + 1) == 1)
    assert subtraction.grundy_period(rule).period == k + 1
    assert subtraction.misere_period(rule).period == (k + 1)


@pytest.mark.parametrize(("low", "high"), [(m, big) for m in range(1, 6) for big in range(m, 9)])
def test_closed_forms_between(low, high):
    rule = SubtractionRule.between(low, high)
    normal, misere_is_p, grundy, _ = solvers(rule)
    for x in range(5 * (low + high)):
        residue = x % (low + high)
        assert subtraction.grundy_value(rule, x) == grundy((x,)) == residue // low
        assert normal((x,)) == (residue < low)
        assert misere_is_p((x,)) == (low <= residue < 2 * low)
        assert subtraction.is_p_position([x], rule) == (residue < low)
        assert subtraction.is_p_position([x], rule, misere=True) == (low <= residue < 2 * low)
    found = subtraction.grundy_period(rule)
    assert (found.preperiod, found.period) == (0, low + high)
    # The closed form agrees with the period search on the same set given element by element.
    detected = values._detect_period(tuple(range(low, high + 1)), False)
    assert detected[:2] == (0, low + high)


def test_consecutive_sets_become_ranges():
    assert SubtractionRule.from_set([3, 1, 2]) == SubtractionRule.take_up_to(3)
    assert SubtractionRule.from_set({4, 5, 3}) == SubtractionRule.between(3, 5)
    assert SubtractionRule.between(1, 6) == SubtractionRule.take_up_to(6)
    assert SubtractionRule.from_set([1, 2, 4]).kind == "set"


# --- positions: exhaustive comparison ------------------------------------------------


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_small_position_normal_play(name):
    rule = RULES[name]
    for position in small_positions(30, 14, 7):
        analysis = check_against_brute(rule, position, False)
        assert analysis.nim_sum == nim_sum(analysis.heap_nimbers)


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_small_position_misere(name):
    rule = RULES[name]
    for position in small_positions(30, 12, 6):
        check_against_brute(rule, position, True)


@pytest.mark.parametrize("k", range(1, 5))
def test_misere_take_up_to_sums_follow_misere_nim(k):
    """The misère Nim rule on x mod (K + 1), checked on every position of up to 4 heaps."""
    rule = SubtractionRule.take_up_to(k)
    top = 2 * (k + 1) + 1
    for count in range(1, 5):
        for position in itertools.combinations_with_replacement(range(top + 1), count):
            analysis = check_against_brute(rule, position, True)
            assert analysis.method in ("formula", "misere-nim")
            values = [x % (k + 1) for x in position]
            if any(value >= 2 for value in values):
                assert (analysis.outcome == "P") == (nim_sum(values) == 0)
            else:
                assert (analysis.outcome == "P") == (sum(values) % 2 == 1)


@pytest.mark.parametrize(("misere", "largest"), [(False, 25), (True, 16)])
@settings(max_examples=100, deadline=None)
@given(name=st.sampled_from(sorted(RULES)), data=st.data())
def test_random_positions(misere, largest, name, data):
    """Up to 3 heaps under a named rule (smaller in misère, whose brute force is slower)."""
    heaps = data.draw(st.lists(st.integers(0, largest), min_size=1, max_size=3))
    check_against_brute(RULES[name], heaps, misere)


@settings(max_examples=60, deadline=None)
@given(
    amounts_drawn=st.sets(st.integers(1, 9), min_size=1, max_size=4),
    heaps=st.lists(st.integers(0, 14), min_size=1, max_size=3),
    misere=st.booleans(),
)
def test_random_rules(amounts_drawn, heaps, misere):
    check_against_brute(SubtractionRule.from_set(amounts_drawn), heaps, misere)


# --- the seeds -----------------------------------------------------------------------


def test_seed_one_heap_tables():
    # Report (seed 000), II.2–II.3: at most 3 per move, 13 tokens: P at 0, 4, 8, 12;
    # misère: P at 1, 5, 9, 13.
    rule = SubtractionRule.take_up_to(3)
    normal = [x for x in range(14) if subtraction.is_p_position([x], rule)]
    misere = [x for x in range(14) if subtraction.is_p_position([x], rule, misere=True)]
    assert normal == [0, 4, 8, 12] and misere == [1, 5, 9, 13]
    assert subtraction.grundy_sequence(rule, 6) == (0, 1, 2, 3, 0, 1)
    # IV.5: between 3 and 5 tokens; the report lists g(13), …, g(0).
    between = subtraction.grundy_sequence(SubtractionRule.between(3, 5), 14)
    assert between[::-1] == (1, 1, 1, 0, 0, 0, 2, 2, 1, 1, 1, 0, 0, 0)
    assert subtraction.grundy_period(SubtractionRule.between(3, 5)).period == 8
    # IV.5: {1, 2, 4}: g(13), …, g(0) = 1 0 2 1 0 2 …; P-positions are the multiples of 3.
    sequence = subtraction.grundy_sequence([1, 2, 4], 14)
    assert sequence[::-1] == (1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0)
    # The report's misère "g(x) = (x − 1) mod (K + 1)" is a Grundy function of the
    # game where 1 is terminal; what it gives right is the outcome: P iff x ≡ 1.
    outcomes = subtraction.misere_outcomes(rule, 14)
    losing = [x for x in range(14) if outcomes[x] == "P"]
    assert losing == [x for x in range(1, 14) if (x - 1) % 4 == 0]


def test_seed_vanlogo_game():
    """Report (seed 000), V.7: several heaps, at most K = 3 per move, normal play."""
    k = 3
    # (position before the move, player, position after); zeros stay in place.
    game = [
        ((10, 8, 6), "adversaire", (7, 8, 6)),
        ((7, 8, 6), "nous", (7, 5, 6)),
        ((7, 5, 6), "adversaire", (7, 5, 5)),
        ((7, 5, 5), "nous", (7, 2, 5)),
        ((7, 2, 5), "adversaire", (7, 2, 3)),
        ((7, 2, 3), "nous", (5, 2, 3)),
        ((5, 2, 3), "adversaire", (5, 2, 0)),
        ((5, 2, 0), "nous", (2, 2, 0)),
        ((2, 2, 0), "adversaire", (0, 2, 0)),
        ((0, 2, 0), "nous", (0, 0, 0)),
    ]
    first = subtraction.nim_max_analyse([10, 8, 6], k)
    assert first.heap_nimbers == (2, 0, 2) and first.nim_sum == 0 and first.outcome == "P"
    sums = []
    for before, player, after in game:
        analysis = subtraction.nim_max_analyse(before, k)
        sums.append(analysis.nim_sum)
        if player == "nous":
            assert analysis.outcome == "N"
            assert after in [move.to for move in analysis.winning_moves]
        else:
            assert analysis.outcome == "P"
            legal = subtraction.moves(before, SubtractionRule.take_up_to(k))
            assert after in [move.to for move in legal]
    # The nim-sums the report writes in binary: 00, 01, 00, 11, 00, 10, 00, 11, 00, 10.
    assert sums == [0, 1, 0, 3, 0, 2, 0, 3, 0, 2]
    # From (7, 8, 6) the report names three ways to win; all three are found.
    assert [move.to for move in subtraction.nim_max_analyse([7, 8, 6], k).winning_moves] == [
        (6, 8, 6),
        (7, 5, 6),
        (7, 8, 3),
    ]
    assert subtraction.nim_max_analyse([0, 0, 0], k).outcome == "P"


def test_hint_data():
    analysis = subtraction.nim_max_analyse([7, 8, 6], 3)
    text = " ".join(analysis.explanation)
    assert "7 mod 4 = 3" in text and "3 ⊕ 0 ⊕ 2 = 1" in text
    assert analysis.recommended is not None and analysis.recommended.heap == 0
    assert "3 ⊕ 1 = 2" in text
    data = analysis.to_dict()
    assert data["game"] == "subtraction" and data["rule"]["kind"] == "up_to"
    assert data["winning_moves"][1]["to"] == [7, 5, 6]
    losing = subtraction.nim_max_analyse([10, 8, 6], 3)
    assert losing.recommended is None and "perdante" in " ".join(losing.explanation)
    periodic = subtraction.analyse([13, 5], [2, 3, 5, 8])
    assert periodic.method == "period" and (periodic.preperiod, periodic.period) == (13, 17)
    assert "g(13) = 1" in " ".join(periodic.explanation)
    assert "g(40) = g(23)" in " ".join(subtraction.analyse([40], [2, 3, 5, 8]).explanation)
    searched = subtraction.analyse([5, 6], [1, 2, 4], misere=True)
    assert searched.method == "search" and searched.searched and searched.period is None
    assert "recherche exhaustive" in " ".join(searched.explanation)
    single = subtraction.analyse([9, 1], [2, 3], misere=True)  # the 1 is a dead heap
    assert single.method == "formula" and single.period == 5
    misere_nim = subtraction.nim_max_analyse([5, 6, 7], 3, misere=True)
    assert misere_nim.method == "misere-nim" and "Nim misère" in " ".join(misere_nim.explanation)
    json.dumps(subtraction.analyse([0, 1], [2, 3], misere=True).to_dict())


def test_huge_heaps_are_instant():
    heaps = [10**1000, 10**999 + 7, 3**2000]
    for rule in (
        SubtractionRule.take_up_to(5),
        SubtractionRule.between(3, 7),
        SubtractionRule.from_set([2, 3, 5, 8]),
    ):
        analysis = subtraction.analyse(heaps, rule)
        for move in analysis.winning_moves:
            assert subtraction.is_p_position(move.to, rule)
    analysis = subtraction.nim_max_analyse(heaps, 10**6, misere=True)
    for move in analysis.winning_moves:
        assert subtraction.is_p_position(move.to, SubtractionRule.take_up_to(10**6), misere=True)
    # Misère {1, 2, 4}, one heap: outcomes N P N repeat (P exactly when x ≡ 1 mod 3).
    assert subtraction.misere_outcomes([1, 2, 4], 6) == "NPNNPN"
    assert subtraction.analyse([10**1000], [1, 2, 4], misere=True).outcome == "P"
    assert subtraction.analyse([10**1000 + 1], [1, 2, 4], misere=True).outcome == "N"


# --- errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda: SubtractionRule.from_set([]), "vide"),
        (lambda: SubtractionRule.from_set([1, 0]), "0"),
        (lambda: SubtractionRule.from_set([1, 2.5]), "2.5"),
        (lambda: SubtractionRule.from_set("12"), "«\u00a012\u00a0»"),
        (lambda: SubtractionRule.from_set([1, 500]), "limite"),
        (lambda: SubtractionRule.take_up_to(-2), "-2"),
        (lambda: SubtractionRule.take_up_to(True), "«\u00a0true\u00a0»"),
        (lambda: SubtractionRule.between(4, 2), "4"),
        (lambda: SubtractionRule("set", (), 1, 1), "incohérente"),
        (lambda: subtraction.analyse([3, -1], [1, 2]), "-1"),
        (lambda: subtraction.analyse([3], "1,2"), "«\u00a01,2\u00a0»"),
        (lambda: subtraction.analyse([3], [1, 2], misere="oui"), "«\u00a0oui\u00a0»"),
        (lambda: subtraction.analyse([40, 40, 40], [1, 3, 4], misere=True), "limite"),
        (lambda: subtraction.analyse([999] * 200, SubtractionRule.between(2, 1000)), "limite"),
        (lambda: subtraction.grundy_sequence([1, 2], -1), "-1"),
        (lambda: subtraction.grundy_sequence([1, 2], 10**7), "limite"),
        (lambda: subtraction.grundy_period(SubtractionRule.take_up_to(10**6)), "limite"),
        (lambda: subtraction.play([3, 4], [1, 2, 4], 0, 3), "pas 3"),
        (lambda: subtraction.play([3, 4], [1, 2, 4], 0, 4), "que 3"),
        (lambda: subtraction.play([3, 4], [1, 2, 4], 2, 1), "2"),
    ],
)
def test_errors_are_french(make, fragment):
    with pytest.raises(NimcoreError) as caught:
        make()
    assert fragment in str(caught.value)


def test_misere_limit_is_checked_before_the_search():
    limit = subtraction.MAX_MISERE_STATES
    with pytest.raises(NimcoreError, match=str(limit)):
        subtraction.validate_position([60, 60, 60], [1, 3, 4], misere=True)
    # Normal play and "from 1 to K" have no such limit.
    assert subtraction.analyse([60, 60, 60], [1, 3, 4]).outcome == "N"
    assert subtraction.analyse([60, 60], [1, 3, 4]).outcome == "P"
    assert subtraction.nim_max_analyse([60, 60, 60], 3, misere=True).outcome == "N"


def test_between_m_and_big_m_closed_forms():
    """The page « Un seul tas » proves g(n) = ⌊(n mod (m + M)) / m⌋ and the misère P-positions."""
    from nimcore.subtraction import grundy_sequence, misere_outcomes

    for m in range(1, 6):
        for big in range(m, 9):
            period = m + big
            values = grundy_sequence(range(m, big + 1), 150)
            assert list(values) == [(n % period) // m for n in range(150)], (m, big)
            outcomes = misere_outcomes(range(m, big + 1), 150)
            assert outcomes == "".join(
                "P" if m <= n % period < 2 * m else "N" for n in range(150)
            ), (m, big)
