"""Nim with ordinal heaps: nimcore.ordinal against Nim, the seed, and random P-positions.

No exhaustive search exists on infinite heaps (ω has infinitely many moves).
The theory is checked three ways: with natural heaps the game is Nim (compared
with nimcore.nim, itself compared with brute force); the seed's rule for
ordinals up to ω² agrees; and from random P-positions every move, over a rich
sample of smaller ordinals, reaches an N-position. The contract every game
keeps (winning moves reach P, the computer never loses…) is test_games.py's,
on small positions and on random starts with infinite heaps.
"""

import itertools
import random

import pytest
from brute import nim_is_p, nim_options
from hypothesis import given, settings
from hypothesis import strategies as st

from nimcore import NimcoreError, nim, ordinal
from nimcore.ordinal import Ordinal, parse_ordinal

coefficients_strategy = st.lists(st.integers(0, 7), min_size=0, max_size=4)
ordinal_strategy = coefficients_strategy.map(Ordinal.from_coefficients)
position_strategy = st.lists(ordinal_strategy, min_size=1, max_size=4)


def random_smaller(heap, chance, spread=6):
    """A random ordinal below *heap* (which is not 0)."""
    coefficients = list(heap.coefficients)
    candidates = [e for e, value in enumerate(coefficients) if value]
    exponent = chance.choice(candidates)
    lowered = coefficients[exponent + 1 :]
    digits = [chance.randint(0, spread) for _ in range(exponent)]
    return Ordinal.from_coefficients(
        digits + [chance.randint(0, coefficients[exponent] - 1)] + lowered
    )


# --- the finite case is Nim -------------------------------------------------------------

SMALL = [
    position for count in range(1, 4) for position in itertools.product(range(7), repeat=count)
]


def test_natural_heaps_are_nim():
    for position in SMALL:
        analysis = ordinal.analyse(list(position))
        assert (analysis.outcome == "P") == nim_is_p(position) == nim.is_p_position(position)
        reached = {tuple(int(text) for text in move.to) for move in analysis.winning_moves}
        assert reached == {option for option in nim_options(position) if nim_is_p(option)}
        listed = {tuple(int(text) for text in move.to) for move in ordinal.moves(list(position))}
        assert listed == set(nim_options(position))
        assert analysis.nim_sum == Ordinal.from_coefficients([nim.analyse(position).nim_sum])


@settings(max_examples=100, deadline=None)
@given(heaps=st.lists(st.integers(0, 2**40), min_size=1, max_size=6))
def test_large_natural_heaps_are_nim(heaps):
    analysis = ordinal.analyse(heaps)
    expected = nim.analyse(heaps)
    assert analysis.outcome == expected.outcome
    assert [tuple(map(int, m.to)) for m in analysis.winning_moves] == [
        m.to for m in expected.winning_moves
    ]


# --- the seed ------------------------------------------------------------------------------


def test_seed_examples():
    """Delahaye, « Paquets infinis d'allumettes »."""
    move = ordinal.analyse(["w", 12])
    assert move.outcome == "N"
    assert [m.to for m in move.winning_moves] == [("12", "12")]
    for n in range(40):
        assert ordinal.analyse(["w", n]).outcome == "N"
    assert ordinal.analyse(["ω", "ω"]).outcome == "P"
    three = ordinal.analyse(["w", "w", "w"])
    assert three.outcome == "N"
    assert [m.to for m in three.winning_moves] == [
        ("0", "w", "w"),
        ("w", "0", "w"),
        ("w", "w", "0"),
    ]
    assert ordinal.analyse(["w"] * 4).outcome == "P"
    # The seed's position (OCR lost the + signs: "ω 5" is ω+5, "2ω 1" is ω·2+1 in
    # the seed's left-coefficient notation, written ω·2+1 in normal form).
    start = ["w+5", "w^2", "w*2+1", "w*9", "7"]
    reached = ordinal.play(start, 1, "w*5+1")
    assert [heap.text for heap in reached] == ["ω+5", "ω·5+1", "ω·2+1", "ω·9", "7"]
    # ω·(1⊕2⊕9) = ω·10, 5⊕1⊕7 = 3, one ω²: the nim-sum is ω²+ω·10+3.
    assert ordinal.analyse(start).nim_sum.text == "ω^2+ω·10+3"
    assert [m.to for m in ordinal.winning_moves(start)] == [("w+5", "w*10+3", "w*2+1", "w*9", "7")]


@settings(max_examples=200, deadline=None)
@given(
    pairs=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), min_size=1, max_size=5),
    squares=st.integers(0, 4),
)
def test_seed_rule_up_to_omega_squared(pairs, squares):
    """Seed: (a1·ω+b1, …) loses iff the a's and the b's have nim-sum 0 and the ω² are even."""
    heaps = [f"w*{a}+{b}" if a and b else f"w*{a}" if a else str(b) for a, b in pairs]
    heaps += ["w^2"] * squares
    a_sum = b_sum = 0
    for a, b in pairs:
        a_sum ^= a
        b_sum ^= b
    seed_says_p = a_sum == 0 and b_sum == 0 and squares % 2 == 0
    assert ordinal.is_p_position(heaps) == seed_says_p


# --- random P-positions ------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(heaps=position_strategy, seed=st.integers(0, 2**32))
def test_every_move_from_a_balanced_position_unbalances_it(heaps, seed):
    """Double a random position to make a P-position; random smaller ordinals reach N."""
    chance = random.Random(seed)
    balanced = heaps + heaps
    assert ordinal.is_p_position(balanced)
    for _ in range(30):
        index = chance.randrange(len(balanced))
        if not balanced[index].coefficients:
            continue
        after = random_smaller(balanced[index], chance)
        reached = ordinal.play(balanced, index, after)
        assert not ordinal.is_p_position(list(reached))


@settings(max_examples=60, deadline=None)
@given(heaps=st.lists(ordinal_strategy, min_size=1, max_size=3))
def test_winning_moves_are_exactly_the_moves_to_nim_sum_zero(heaps):
    """Only h ⊕ s can balance heap h: each heap has at most one winning move."""
    analysis = ordinal.analyse(heaps)
    total = analysis.nim_sum
    expected = []
    for index, heap in enumerate(heaps):
        target = ordinal.ordinal_nim_sum([heap, total])
        if target < heap:
            expected.append(index)
    assert [move.heap for move in analysis.winning_moves] == expected
    # And the sampled moves that reach a P-position are all among them.
    for move in ordinal.moves(heaps, max_coefficient=3):
        if ordinal.is_p_position(list(move.to)):
            assert move in analysis.winning_moves


# --- writing and reading ordinals ---------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(value=ordinal_strategy)
def test_text_round_trip(value):
    assert parse_ordinal(value.text) == value
    assert parse_ordinal(value.ascii) == value
    assert parse_ordinal(value.ascii.replace("+", " + ")) == value


@settings(max_examples=200, deadline=None)
@given(a=coefficients_strategy, b=coefficients_strategy)
def test_order_is_the_ordinal_order(a, b):
    x, y = Ordinal.from_coefficients(a), Ordinal.from_coefficients(b)
    width = max(len(a), len(b))
    key_x = tuple(reversed(a + [0] * (width - len(a))))
    key_y = tuple(reversed(b + [0] * (width - len(b))))
    assert (x < y) == (key_x < key_y) and (x == y) == (key_x == key_y)
    assert (x <= y) == (key_x <= key_y) and (x > y) == (key_x > key_y)


def test_formatting():
    assert parse_ordinal("w*2+3").text == "ω·2+3"
    assert parse_ordinal("w^2*3+w*2+5").text == "ω^2·3+ω·2+5"
    assert parse_ordinal("ω^2·3+ω·2+5").ascii == "w^2*3+w*2+5"
    assert parse_ordinal("w^12+w").superscript == "ω¹²+ω"
    assert parse_ordinal("w^2*3+1").superscript == "ω²·3+1"
    assert str(parse_ordinal("0")) == "0" and parse_ordinal("w").text == "ω"
    assert parse_ordinal(" w ^ 2 * 3 + 5 ").coefficients == (5, 0, 3)
    assert parse_ordinal("W+1") == parse_ordinal("ω+1") == parse_ordinal("w×1+1")


def test_hint_data_and_explanation():
    analysis = ordinal.analyse(["w^2*3+w*2+5", "w*3+1", "4"])
    assert analysis.exponents == (2, 1, 0)
    assert analysis.rows == ((3, 2, 5), (0, 3, 1), (0, 0, 4))
    assert analysis.column_sums == (3, 1, 0)
    assert analysis.nim_sum.text == "ω^2·3+ω"
    move = analysis.recommended
    assert move is not None and move.text == "remplacer le tas 1 (ω²·3 + ω·2 + 5) par ω·3 + 5"
    assert "exposant par exposant" in analysis.explanation[0]
    data = analysis.to_dict()
    assert data["nimber"] is None and data["nim_sum"] == "ω^2·3+ω"
    assert data["winning_moves"][0]["to"] == ["w*3+5", "w*3+1", "4"]
    losing = ordinal.analyse(["w", "w"])
    assert "perdante" in " ".join(losing.explanation)
    assert ordinal.analyse([0, 0]).terminal


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("w^", "exposant"),
        ("2*w", "w*2"),
        ("2ω", "w*2"),
        ("w+w^2", "décroissants"),
        ("w+w", "w*2"),
        ("-3", "moins"),
        ("w^101", "limite"),
        ("w^w", "ω^ω"),
        ("w2", "w*2"),
        ("", "vide"),
        ("3+", "après « + »"),
        ("w*0", "coefficient 0"),
        ("w**2", "^"),
        ("abc", "« a »"),
        ("1" * 1001, "limite"),
    ],
)
def test_malformed_ordinals_are_refused_in_french(text, fragment):
    with pytest.raises(NimcoreError) as caught:
        parse_ordinal(text)
    assert fragment in str(caught.value).replace("\u00a0", " ").replace("\u202f", " ")


def test_illegal_moves_and_listings_are_refused():
    with pytest.raises(NimcoreError, match="plus petit"):
        ordinal.play(["w", 3], 0, "w+1")
    with pytest.raises(NimcoreError):
        ordinal.play(["w", 3], 2, "1")
    with pytest.raises(NimcoreError, match="limite"):
        list(ordinal.moves(["w^10"], max_coefficient=9))
    with pytest.raises(NimcoreError):
        Ordinal.from_coefficients([1] * 102)


# --- checking a move directly (the boards' check) -------------------------------------------


def small_ordinals(max_coefficient, max_degree):
    return [
        Ordinal.from_coefficients(digits)
        for digits in itertools.product(range(max_coefficient + 1), repeat=max_degree + 1)
    ]


MOVE_TO_CASES = [
    (1, small_ordinals(2, 2)),  # one heap below ω^3, coefficients up to 2: 27 ordinals
    (2, small_ordinals(2, 1)),  # two heaps below ω^2: 81 positions
    (3, small_ordinals(1, 1)),  # three heaps of 0, 1, ω, ω+1: 64 positions
]


@pytest.mark.parametrize(("count", "values"), MOVE_TO_CASES)
def test_move_to_agrees_with_enumeration(count, values):
    """Exhaustive: with every coefficient at most B, the legal targets are those moves(B) lists."""
    bound = max(max(value.coefficients, default=0) for value in values)
    positions = [list(position) for position in itertools.product(values, repeat=count)]
    for position in positions:
        listed = {move.to: move for move in ordinal.moves(position, max_coefficient=bound)}
        for target in positions:
            key = tuple(heap.ascii for heap in target)
            if key in listed:
                assert ordinal.move_to(position, target) == listed[key]
            else:
                with pytest.raises(NimcoreError):
                    ordinal.move_to(position, target)


@settings(max_examples=100, deadline=None)
@given(heaps=position_strategy, seed=st.integers(0, 2**32))
def test_move_to_accepts_every_smaller_ordinal(heaps, seed):
    """Beyond any bound: a random smaller ordinal, coefficients up to 10^6, is a move."""
    chance = random.Random(seed)
    filled = [index for index, heap in enumerate(heaps) if heap.coefficients]
    if not filled:
        return
    index = chance.choice(filled)
    after = random_smaller(heaps[index], chance, spread=10**6)
    target = list(ordinal.play(heaps, index, after))
    before = list(heaps)
    move = ordinal.move_to(heaps, [heap.ascii for heap in target])
    assert heaps == before, "the input was modified"
    assert (move.heap, move.before, move.after) == (index, heaps[index], after)
    assert move.to == tuple(heap.ascii for heap in target)


def test_move_to_answers_at_once_on_huge_positions():
    """No listing: a position whose moves number 10^300 and more is checked at once."""
    big = "+".join(f"w^{e}*{'9' * 100}" for e in range(ordinal.MAX_EXPONENT, -1, -1))
    heaps = [big] * ordinal.MAX_HEAPS
    move = ordinal.move_to(heaps, ["w^99*7"] + heaps[1:])
    assert move.heap == 0 and move.after.text == "ω^99·7"


@pytest.mark.parametrize(
    ("heaps", "to", "fragment"),
    [
        (["w", 3], ["w", "3"], "Aucun tas n'a changé"),
        (["w", 3], ["5", "2"], "Les tas 1 et 2 ont changé"),
        (["w", 3, 4], ["5", "2", "1"], "Les tas 1, 2 et 3 ont changé"),
        (["w", 3], ["w+1", "3"], "plus petit, pas par ω + 1"),
        (["w", 3], ["3"], "1 tas au lieu de 2"),
        (["w", 3], "w,3", "liste de tas"),
        (["w", 3], ["w", "-1"], "négatif"),
        (["w", 3], ["2*w", "3"], "forme normale"),
        (["w", -3], ["w", "2"], "négatif"),
    ],
)
def test_move_to_refuses_in_french(heaps, to, fragment):
    with pytest.raises(NimcoreError) as caught:
        ordinal.move_to(heaps, to)
    assert fragment in str(caught.value).replace("\u00a0", " ").replace("\u202f", " ")


def test_random_move_draws_every_listed_move():
    for heaps in (["w+1", "2"], ["w^2", "w*2+1"], ["3", "0", "5"]):
        listed = set(ordinal.moves(heaps))
        chance = random.Random(7)
        drawn = {ordinal.random_move(heaps, chance) for _ in range(40 * len(listed))}
        assert drawn == listed


@settings(max_examples=100, deadline=None)
@given(heaps=position_strategy, seed=st.integers(0, 2**32))
def test_random_move_is_legal(heaps, seed):
    if not any(heap.coefficients for heap in heaps):
        with pytest.raises(NimcoreError, match="finie"):
            ordinal.random_move(heaps, random.Random(seed))
        return
    move = ordinal.random_move(heaps, random.Random(seed))
    assert ordinal.move_to(heaps, list(move.to)) == move
