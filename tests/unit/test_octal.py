"""Octal games: nimcore.octal against exhaustive search, OEIS, and the flowers rows."""

import itertools
import json
import random
from functools import cache

import pytest
from brute import make_grundy, make_solver
from hypothesis import given, settings
from hypothesis import strategies as st

from nimcore import NimcoreError, octal, periodicity
from nimcore.nimsum import nim_sum

# fmt: off
# OEIS A002186 (Kayles, 0.77), n = 0 … 104.
KAYLES_OEIS = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
    7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
    7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
]
# OEIS A002187 (Dawson's chess, 0.137), n = 0 … 131; 0.07 has the values a(n − 1).
DAWSON_OEIS = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
    1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
    3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
]

CODES = ["0.77", "0.07", "0.137", "0.6", "0.4", "0.15", "0.35", "0.52", "0.3", "0.165"]
# fmt: on


def octal_options(digits):
    """Options of a position straight from the meaning of the digits (order kept)."""

    def options(position):
        for index, heap in enumerate(position):
            for take, digit in enumerate(digits, 1):
                if take > heap:
                    break
                rest = heap - take
                leftovers = []
                if digit & 1 and rest == 0:
                    leftovers.append(())
                if digit & 2 and rest >= 1:
                    leftovers.append((rest,))
                if digit & 4 and rest >= 2:
                    leftovers.extend((a, rest - a) for a in range(1, rest // 2 + 1))
                for parts in leftovers:
                    reached = position[:index] + parts + position[index + 1 :]
                    yield tuple(size for size in reached if size)

    return options


@cache
def brute(code):
    """(is_p, grundy) by exhaustive search on positions kept sorted (one state per multiset)."""
    raw = octal_options(octal.Octal(code).digits)

    def sorted_options(position):
        return (tuple(sorted(option)) for option in raw(position))

    return make_solver(sorted_options), make_grundy(sorted_options), raw


def brute_is_p(code, position):
    return brute(code)[0](tuple(sorted(size for size in position if size)))


def naive_values(code, count):
    """G(0 … count − 1) by the plain mex over every option, with Python sets."""
    digits = octal.Octal(code).digits
    values = []
    for n in range(count):
        seen = set()
        for take, digit in enumerate(digits, 1):
            rest = n - take
            if rest < 0:
                break
            if digit & 1 and rest == 0:
                seen.add(0)
            if digit & 2 and rest >= 1:
                seen.add(values[rest])
            if digit & 4:
                seen.update(values[a] ^ values[rest - a] for a in range(1, rest // 2 + 1))
        value = 0
        while value in seen:
            value += 1
        values.append(value)
    return values


SMALL = [
    position
    for count in range(1, 4)
    for position in itertools.product(range(7), repeat=count)
    if sum(position) <= 12
]


@pytest.mark.parametrize("code", CODES)
def test_every_small_position_against_brute_force(code):
    is_p, grundy, raw = brute(code)
    for position in SMALL:
        analysis = octal.analyse(position, code)
        key = tuple(sorted(size for size in position if size))
        assert (analysis.outcome == "P") == is_p(key), position
        assert analysis.nimber == grundy(key) == nim_sum(analysis.nimbers)
        # One move per (heap, tokens taken, parts): the same list, duplicates included.
        expected = [option for option in raw(position) if brute_is_p(code, option)]
        reached = [move.to for move in analysis.winning_moves]
        assert sorted(reached) == sorted(expected), position
        assert len(reached) == analysis.winning_move_count
        assert analysis.complete
        assert [move.to for move in octal.moves(position, code)] == list(raw(position))
        assert analysis.terminal == (not list(raw(position)))


@settings(max_examples=60, deadline=None)
@given(digits=st.lists(st.integers(0, 7), min_size=1, max_size=4).filter(any))
def test_random_codes_single_heaps_against_brute_force(digits):
    code = "0." + "".join(map(str, digits))
    _, grundy, _ = brute(code)
    values = octal.grundy_values(code, 11)
    assert list(values) == [grundy((n,) if n else ()) for n in range(11)]
    assert list(octal.grundy_values(code, 200)) == naive_values(code, 200)


def test_oeis_prefixes():
    assert list(octal.grundy_values(octal.KAYLES, len(KAYLES_OEIS))) == KAYLES_OEIS
    assert list(octal.grundy_values(octal.FLOWERS, len(DAWSON_OEIS))) == DAWSON_OEIS
    # Dawson's Kayles 0.07 has the values of 0.137 shifted by one (OEIS A002187).
    dawsons_kayles = octal.grundy_values(octal.DAWSONS_KAYLES, len(DAWSON_OEIS) + 1)
    assert list(dawsons_kayles) == [0, *DAWSON_OEIS]
    # The brief's own prefixes, recomputed by the plain mex.
    for code in ("0.77", "0.07", "0.137"):
        assert list(octal.grundy_values(code, 400)) == naive_values(code, 400)


@pytest.mark.parametrize(
    ("game", "preperiod", "period"),
    [(octal.KAYLES, 71, 12), (octal.FLOWERS, 52, 34), (octal.DAWSONS_KAYLES, 53, 34)],
)
def test_certified_periods(game, preperiod, period):
    result = octal.periodicity(game)
    assert result.certified
    assert (result.preperiod, result.period) == (preperiod, period)
    t = len(game.digits)
    assert result.last_digit == t
    assert result.computed >= 2 * preperiod + 2 * period + t
    assert "Guy et Smith" in result.explanation
    # The period holds far beyond the values that certified it (plain mex, 3000 values).
    values = naive_values(game.code, 3000)
    assert all(values[n + period] == values[n] for n in range(preperiod, 3000 - period))
    assert values[preperiod - 1 + period] != values[preperiod - 1]
    assert list(octal.grundy_values(game, 3000)) == values
    json.dumps(result.to_dict())


# Periods from the literature: Guy and Smith (1956), Winning Ways (chapter 4), and
# OEIS, whose « last exception » n is the preperiod minus one: A071435 (0.177),
# A071434 (0.1377), A071452 (0.11377); 0.156 solved in 1967.
LITERATURE = [("0.177", 497, 20), ("0.1377", 141, 24), ("0.11377", 187, 32), ("0.156", 3479, 349)]


@pytest.mark.parametrize(("code", "preperiod", "period"), LITERATURE)
def test_periods_of_the_literature(code, preperiod, period):
    result = octal.periodicity(code, limit=1 << 14)
    assert (result.certified, result.preperiod, result.period) == (True, preperiod, period)


@pytest.mark.slow
def test_the_1989_record_of_0_127():
    """Gangolli and Plambeck (1989), OEIS A071464: period 4, last exception at 46 577."""
    result = octal.periodicity("0.127", limit=1 << 17)
    assert (result.preperiod, result.period) == (46_578, 4)
    assert result.computed == 2 * 46_578 + 2 * 4 + 3  # exactly the values the theorem needs
    assert result.rare_mask is not None


@pytest.mark.parametrize(
    ("game", "preperiod", "period"), [(octal.KAYLES, 71, 12), (octal.FLOWERS, 52, 34)]
)
def test_the_inequality_checked_is_exactly_the_theorem(game, preperiod, period):
    """With 2·n0 + 2·p + t values the period is certified; with one value less it is not."""
    t = len(game.digits)
    needed = 2 * preperiod + 2 * period + t
    values = bytearray(octal.grundy_values(game, needed))
    assert periodicity.certified(values, t) == (preperiod, period)
    assert periodicity.certified(values[: needed - 1], t) != (preperiod, period)


@pytest.mark.slow  # an exhaustive check of pure Python: not repeated inside Pyodide
def test_no_period_found_is_said_not_hidden():
    octal.values._SEQUENCES.pop("0.6", None)
    result = octal.periodicity("0.6", limit=2000)
    assert not result.certified and result.period is None and result.preperiod is None
    assert result.computed == 2000
    assert "Aucune période" in result.explanation
    # 0.16 has a period, but far beyond 3000 values (period 149 459); nothing is claimed.
    assert not octal.periodicity("0.16", limit=3000).certified
    # A heap beyond the values the direct method computes for an answer is refused.
    with pytest.raises(NimcoreError, match="limite"):
        octal.analyse([octal.DIRECT_LIMIT + 10], "0.6")
    with pytest.raises(NimcoreError, match="Aucune période"):
        octal.grundy_value("0.6", 10**6)
    # Below the limit the values are computed directly and the analysis is exact.
    assert octal.analyse([4000], "0.16").period is None


def test_huge_heaps_are_instant_once_periodic():
    heaps = [10**1000, 10**999 + 7, 3**2000]
    for game in (octal.KAYLES, octal.FLOWERS, octal.DAWSONS_KAYLES):
        analysis = octal.analyse(heaps, game)
        assert analysis.period is not None
        for heap, value, reading in zip(heaps, analysis.nimbers, analysis.readings, strict=True):
            start, period = analysis.preperiod, analysis.period
            assert reading == start + (heap - start) % period
            assert value == octal.grundy_value(game, reading)
        for move in analysis.winning_moves:
            assert octal.is_p_position(move.to, game)
        assert any("période" in sentence for sentence in analysis.explanation)


@pytest.mark.slow  # an exhaustive check of pure Python: not repeated inside Pyodide
def test_periodic_and_direct_answers_agree():
    """Beyond the computed values moves come from the period: same answers as computing."""
    chance = random.Random(7)
    for game in (octal.KAYLES, octal.FLOWERS, octal.DAWSONS_KAYLES):
        for _ in range(8):
            heaps = [chance.randint(300, 2500) for _ in range(chance.randint(1, 3))]
            octal.values._SEQUENCES.pop(game.code, None)
            octal.periodicity(game)
            periodic = octal.analyse(heaps, game)
            assert all(
                reading != heap for reading, heap in zip(periodic.readings, heaps, strict=True)
            )
            octal.values._SEQUENCES.pop(game.code, None)
            octal.values._sequence(game).extend(3000)
            direct = octal.analyse(heaps, game)
            assert direct.period is None
            assert periodic.nimbers == direct.nimbers
            assert periodic.winning_move_count == direct.winning_move_count
            assert periodic.winning_moves == direct.winning_moves
        octal.values._SEQUENCES.pop(game.code, None)


def test_many_winning_moves_are_counted_and_capped():
    # A heap of Kayles with far more than MAX_LISTED_MOVES winning splits.
    analysis = octal.analyse([1_000_038, 0], octal.KAYLES)
    assert analysis.winning_move_count == 416_675  # families a, a + 12, a + 24, … counted
    assert not analysis.complete
    assert len(analysis.winning_moves) == octal.MAX_LISTED_MOVES
    for move in analysis.winning_moves[:50] + analysis.winning_moves[-50:]:
        assert octal.is_p_position(move.to, octal.KAYLES)
    small = [move.parts[0] for move in analysis.winning_moves if len(move.parts) == 2]
    assert small == sorted(small)


# The flowers game of seed 004: a row of flowers, cut one none of whose neighbours is cut.


def row_options(row):
    for i, cut in enumerate(row):
        if not cut and not (i and row[i - 1]) and not (i + 1 < len(row) and row[i + 1]):
            yield row[:i] + (True,) + row[i + 1 :]


row_grundy = make_grundy(row_options)


def pickable_runs(row):
    """Lengths of the maximal runs of flowers that may still be cut (the seed's packets)."""
    free = [
        not cut and not (i and row[i - 1]) and not (i + 1 < len(row) and row[i + 1])
        for i, cut in enumerate(row)
    ]
    return [len(list(run)) for key, run in itertools.groupby(free) if key]


def test_flowers_are_dawsons_chess_0137_without_offset():
    values = octal.grundy_values(octal.FLOWERS, 15)
    for n in range(15):
        assert row_grundy((False,) * n) == values[n], n
    # Any row, part cut: its value is the nim-sum of the values of its free runs.
    chance = random.Random(4)
    for _ in range(300):
        n = chance.randint(1, 14)
        row = tuple(chance.random() < 0.2 for _ in range(n))
        if any(row[i] and row[i + 1] for i in range(n - 1)):
            continue  # two neighbours cannot both be cut
        runs = pickable_runs(row)
        assert row_grundy(row) == nim_sum(values[length] for length in runs), row
    # 0.07 is the same game read on the pins: shifted by one.
    shifted = octal.grundy_values(octal.DAWSONS_KAYLES, 5001)
    assert octal.grundy_values(octal.FLOWERS, 5000) == shifted[1:]


def test_seed_004_flowers_example():
    g = dict(enumerate(octal.grundy_values(octal.FLOWERS, 11)))
    assert (g[1], g[2], g[3], g[5]) == (1, 1, 2, 3)
    assert octal.analyse([1, 1], octal.FLOWERS).nim_sum == 0
    assert octal.analyse([2, 1, 1], octal.FLOWERS).nim_sum == 1
    assert octal.analyse([2, 5], octal.FLOWERS).nim_sum == 2  # the first player erred
    # The game of the seed: {10} → {2;5} → {2;1;1} → {1;1} → {1} → {}, every step legal.
    game = [(10,), (2, 5), (2, 1, 1), (1, 1), (1,), ()]
    for before, after in itertools.pairwise(game):
        reached = {tuple(sorted(move.to)) for move in octal.moves(before, octal.FLOWERS)}
        assert tuple(sorted(after)) in reached, (before, after)
    # "He should have cut the first or the third flower, leaving {8} or {1;6}."
    analysis = octal.analyse([10], octal.FLOWERS)
    assert analysis.nimbers == (3,) and analysis.outcome == "N"
    assert {move.to for move in analysis.winning_moves} == {(8,), (1, 6)}
    assert octal.is_p_position([8], octal.FLOWERS) and octal.is_p_position([1, 6], octal.FLOWERS)


def test_hint_data_and_texts():
    analysis = octal.analyse([10], octal.FLOWERS)
    assert analysis.recommended is not None
    assert analysis.recommended.text == "retirer 2 jetons du tas 1 (10 → 8)"
    text = " ".join(analysis.explanation)
    assert "g(10) = 3" in text and "g(8) = 0" in text
    split = next(move for move in analysis.winning_moves if len(move.parts) == 2)
    assert split.text == "retirer 3 jetons du tas 1 et partager le reste en deux tas (10 → 1 + 6)"
    losing = octal.analyse([1, 6], octal.FLOWERS)
    assert losing.outcome == "P" and losing.recommended is None
    assert "perdante" in " ".join(losing.explanation)
    data = octal.analyse([10**100], octal.KAYLES).to_dict()
    assert data["period"] == 12 and data["preperiod"] == 71 and data["readings"] == [76]
    json.dumps(data)
    assert octal.KAYLES.label == "0,77 (Kayles)" and str(octal.FLOWERS) == "0.137"


@pytest.mark.parametrize(
    ("code", "fragment"),
    [
        ("0.1x7", "«\u00a0x\u00a0»"),
        ("1.2", "mal formé"),
        ("0.8", "«\u00a08\u00a0»"),
        ("", "vide"),
        ("   ", "vide"),
        ("0." + "1" * (octal.MAX_CODE_DIGITS + 1), "trop long"),
        ("0.0", "aucun coup"),
        ("0.", "aucun coup"),
        ("7", "mal formé"),
        ("0..7", "«\u00a0.\u00a0»"),
        (137, "137"),
        (None, "None"),
    ],
)
def test_malformed_codes_are_refused_in_french(code, fragment):
    with pytest.raises(NimcoreError) as caught:
        octal.Octal(code)
    assert fragment in str(caught.value)
    with pytest.raises(NimcoreError):
        octal.analyse([3], code)


def test_codes_are_normalised():
    assert octal.Octal(".77") == octal.Octal("0.770") == octal.KAYLES
    assert octal.parse_code(" 0.137 ") == octal.FLOWERS
    assert octal.Octal("0." + "1" * octal.MAX_CODE_DIGITS).digits == (1,) * octal.MAX_CODE_DIGITS


def test_the_module_wants_a_heap():
    """The other refusals of heaps are the game's (test_games.py): the octal game may be down
    to no heap at all, where the module's analysis wants one."""
    with pytest.raises(NimcoreError, match="au moins un tas"):
        octal.analyse([], octal.KAYLES)


def test_limits_are_checked():
    with pytest.raises(NimcoreError, match="limite de calcul"):
        octal.analyse([3], octal.KAYLES, limit=0)
    with pytest.raises(NimcoreError, match="limite de calcul"):
        octal.periodicity(octal.KAYLES, limit=octal.MAX_VALUES + 1)
    with pytest.raises(NimcoreError):
        octal.grundy_values(octal.KAYLES, -1)
    assert octal.grundy_values(octal.KAYLES, 0) == ()


@pytest.mark.slow
def test_values_above_255_and_long_sequences():
    """Officers (0.6) passes 255 at n = 10 344: the two-byte path against the plain mex."""
    octal.values._SEQUENCES.pop("0.6", None)
    values = octal.grundy_values("0.6", 11_000)
    assert max(values) >= 256
    assert list(values) == naive_values("0.6", 11_000)


@pytest.mark.parametrize("heaps", [[10], [100, 3], [300], [10**30, 7]])
def test_an_answer_does_not_depend_on_what_was_computed_before(heaps, monkeypatch):
    """The same request, from a fresh start and after a long search, says the same words."""
    monkeypatch.setattr(octal.values, "_SEQUENCES", {})
    fresh = octal.analyse(heaps, octal.FLOWERS).to_dict()
    octal.grundy_values(octal.FLOWERS, 3000)
    assert octal.analyse(heaps, octal.FLOWERS).to_dict() == fresh


@pytest.mark.parametrize("code", ["0.137", "0.156", "0.77", "0.4", "0.6", "0.0000007"])
def test_the_move_count_is_the_number_of_moves_listed(code):
    """The count (which spares a view from building millions of moves) against the list."""
    for heaps in ([1], [2], [7], [12, 5], [3, 9, 1], [20]):
        assert octal.move_count(heaps, code) == len(list(octal.moves(heaps, code))), heaps
