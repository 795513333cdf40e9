"""The bridge's progress hook reaches the octal game's values (nimcore.progress)."""

from __future__ import annotations

import json

from nimcore import bridge, progress
from nimcore.octal import values


def _forget(code: str) -> None:
    """Drop the values computed for *code*, so that the next call computes them again."""
    values._SEQUENCES.pop(code, None)


def test_game_call_reports_the_values_being_computed() -> None:
    _forget("0.156")
    seen: list[tuple[int, int]] = []
    answer = json.loads(
        bridge.dispatch(
            "octal.view",
            '{"options": {"code": "0.156"}, "position": [9999999], "start": true}',
            lambda done, total: seen.append((done, total)),
        )
    )
    assert answer["ok"], answer
    assert seen, "no progress reported while the values of 0.156 were computed"
    assert all(0 < done <= total for done, total in seen)
    assert seen[-1][0] == seen[-1][1]
    assert progress.current() is None  # the hook is the request's own


def test_no_progress_once_the_values_are_known() -> None:
    bridge.dispatch("octal.analyse", '{"options": {"code": "0.156"}, "position": [50000]}')
    seen: list[tuple[int, int]] = []
    bridge.dispatch(
        "octal.analyse",
        '{"options": {"code": "0.156"}, "position": [9999999]}',
        lambda done, total: seen.append((done, total)),
    )
    assert seen == []


def test_a_call_without_follower_still_computes() -> None:
    _forget("0.156")
    answer = json.loads(
        bridge.dispatch("octal.analyse", '{"options": {"code": "0.156"}, "position": [9999999]}')
    )
    assert answer["ok"] and answer["result"]["nimbers"] == [1]


# 0.104 is known to have no period within 2**20 values (nimcore.octal.unsettled): refused
# at once, where it used to cost a search of ~25 s under CPython.
def test_uncertified_heap_too_large_is_refused_in_french() -> None:
    answer = json.loads(
        bridge.dispatch(
            "octal.view",
            '{"options": {"code": "0.104"}, "position": [1000000000], "start": true}',
        )
    )
    assert answer["error"]["code"] == "invalid"
    assert "ne peut pas être analysé" in answer["error"]["message"]
