"""The worker's allow-list: JSON in, JSON out, one answer or one French error."""

import json

import pytest

from nimcore import bridge


def call(kind, payload):
    return json.loads(bridge.dispatch(kind, json.dumps(payload)))


def test_analyse():
    answer = call("nim.analyse", {"heaps": [1, 3, 5, 7]})
    assert answer["ok"] is True
    assert answer["result"]["outcome"] == "P"
    assert answer["result"]["nimber"] == 0  # a nimber of 0 is a result


def test_computer_move():
    answer = call("nim.computer_move", {"heaps": [3, 4, 5]})
    assert answer["ok"]
    assert answer["result"]["heaps"] == [1, 4, 5]
    assert answer["result"]["move"]["text"].startswith("retirer 2 allumettes")


@pytest.mark.parametrize(
    ("kind", "payload_json", "code"),
    [
        ("nim.analyse", '{"heaps": [1, -2]}', "invalid"),
        ("nim.analyse", '{"heaps": [1], "misere": "oui"}', "invalid"),
        ("nim.computer_move", '{"heaps": [0, 0]}', "invalid"),
        ("nim.analyse", "[1, 2]", "bad-request"),
        ("nim.analyse", "pas du JSON", "bad-request"),
        ("__import__", "{}", "unknown-call"),
        ("eval", '{"source": "1+1"}', "unknown-call"),
    ],
)
def test_errors(kind, payload_json, code):
    answer = json.loads(bridge.dispatch(kind, payload_json))
    assert answer["ok"] is False
    assert answer["error"]["code"] == code
    assert answer["error"]["message"]


def test_messages_use_french_typography():
    message = call("nim.analyse", {"heaps": [-2]})["error"]["message"]
    assert " :" not in message and "\u00a0:" in message
