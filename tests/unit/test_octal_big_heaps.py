"""Heaps beyond 2**53 − 1 on the octal board's path: decimal strings in, decimal strings out."""

import json

import pytest

from nimcore import bridge, octal
from nimcore.games.octal import GAME

HUGE = 10**30 + 7


def call(kind, payload):
    answer = json.loads(bridge.dispatch(kind, json.dumps(payload)))
    assert answer["ok"], answer
    return answer["result"]


def test_huge_heaps_travel_as_decimal_strings():
    seen = call("octal.view", {"position": [str(HUGE), 12], "options": {"code": "0.156"}})
    assert seen["position"] == [str(HUGE), 12]
    assert seen["code"] == f"{HUGE}-12_0.156"
    assert seen["moves"] is None  # far too many to list
    assert call("octal.view", {"code": seen["code"]})["position"] == [str(HUGE), 12]


def test_a_move_on_a_huge_heap_and_the_computers_reply():
    to = [str(HUGE - 3)]
    answer = call(
        "octal.play",
        {"position": [str(HUGE)], "options": {"code": "0.156"}, "to": to, "reply": {}},
    )
    assert answer["position"] == to and answer["move"]["to"] == to
    reply = [int(heap) for heap in answer["reply"]["position"]]
    assert sum(reply) < HUGE - 3 and octal.is_p_position(reply, "0.156")


def test_safe_integers_stay_numbers():
    seen = call("octal.view", {"position": [2**53 - 1], "options": {"code": "0.156"}})
    assert seen["position"] == [2**53 - 1]
    assert call("octal.view", {"position": [str(2**53)], "options": {"code": "0.156"}})[
        "position"
    ] == [str(2**53)]


def test_a_heap_of_10_to_the_1000_is_analysed():
    heap = 10**1000
    result = call("octal.analyse", {"position": [str(heap)], "options": {"code": "0.156"}})
    assert result["nimber"] == octal.grundy_value("0.156", heap)
    assert int(result["winning_move_count"]) > len(result["winning_moves"]) > 0
    move = result["winning_moves"][0]
    assert octal.is_p_position([int(part) for part in move["to"]], "0.156")


def test_strings_that_are_no_heaps_are_refused_in_french():
    for bad in ["12x", "-3", "", "1e30"]:
        answer = json.loads(
            bridge.dispatch(
                "octal.view", json.dumps({"position": [bad], "options": {"code": "0.156"}})
            )
        )
        assert answer["error"]["code"] == "invalid"
    assert GAME.read_position(["40"], GAME.read_options({"code": "0.137"})) == (40,)


@pytest.mark.parametrize("code", ["0.137", "0.127"])
def test_a_thousand_digit_heap_answers_in_a_small_json(code):
    """The analysis of a heap of 10**1000 lists a few winning moves (MAX_LISTED_DIGITS), counts
    them all, and goes through the bridge in well under a megabyte (it was 5.9 MB)."""
    heap = 10**1000 + 3
    analysis = octal.analyse([heap], code)
    text = bridge.dispatch(
        "octal.analyse", json.dumps({"position": [str(heap)], "options": {"code": code}})
    )
    assert len(text) < 200_000
    result = json.loads(text)["result"]
    assert 1 <= len(result["winning_moves"]) <= octal.MAX_LISTED_DIGITS // 1000
    assert int(result["winning_move_count"]) == analysis.winning_move_count > 1000
    assert result["complete"] is False
    for move in result["winning_moves"]:
        assert octal.is_p_position([int(part) for part in move["to"]], code)
    # The hint names the analysis' recommended move, and the computer plays it.
    hint = [int(part) for part in result["hint"]["move"]["to"]]
    assert hint == [int(part) for part in result["recommended"]["to"]]
    assert octal.is_p_position(hint, code)
    reply = call("octal.computer_move", {"position": [str(heap)], "options": {"code": code}})
    assert [int(part) for part in reply["position"]] == hint


def test_the_recommended_move_does_not_depend_on_the_moves_listed():
    """The first heap has about 10**28 winning splits, more than any list holds: the hint still
    plays on the largest heap, taking as few tokens as it can."""
    position = [10**30 + 7, 10**500 + 3]
    analysis = octal.analyse(position, "0.137")
    assert {move.heap for move in analysis.winning_moves} == {0}
    best = analysis.recommended
    assert best is not None and best.heap == 1
    assert octal.is_p_position(best.to, "0.137")
    assert best.take == min(
        move.take for move in octal.analyse([position[1]], "0.137").winning_moves
    )


@pytest.mark.parametrize("code", ["0.137", "0.156", "0.07", "0.77"])
def test_the_splits_read_by_the_period_are_those_of_the_values(code):
    """Beyond the values computed, the splits worth a target (found by one XOR of the period's
    block) are those G(a) ⊕ G(rest − a) = target read one by one."""
    from nimcore.octal.game import _split_winners
    from nimcore.octal.values import _ensure

    sequence = _ensure(octal.parse_code(code), 10**6, octal.SEARCH_LIMIT)
    start, period = sequence.period
    for rest in (len(sequence.values) + 5, 10**6 + 1, 10**12 + 33, 10**40 + 8):
        half = rest // 2
        for target in range(4):
            expected = [
                (small, 1 if small < start else (half - small) // period + 1)
                for small in range(1, min(half, start + period - 1) + 1)
                if sequence.value(small) ^ sequence.value(rest - small) == target
            ]
            assert list(_split_winners(sequence, rest, target)) == expected


@pytest.mark.parametrize("position", [[9_999_999], [10**30 + 7, 12], [40, 10**9, 7]])
def test_the_computers_analysis_lists_nothing_and_recommends_the_same_move(position):
    full = octal.analyse(position, "0.156")
    quick = octal.analyse(position, "0.156", listed=0)
    assert quick.winning_moves == () and quick.winning_move_count == full.winning_move_count
    assert quick.recommended == full.recommended
    assert GAME.decide(tuple(position), GAME.read_options({"code": "0.156"})).recommended == (
        GAME.analyse(tuple(position), GAME.read_options({"code": "0.156"})).recommended
    )
