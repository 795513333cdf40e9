"""Opening books: nimcore's own answers, under keys the engine client writes the same way."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nimcore import bridge
from nimcore.book import BOOK_BYTES, _compressed, opening_book, request_key

ROOT = Path(__file__).resolve().parents[2]


def test_every_answer_is_the_bridges():
    book = opening_book("nim", "1-2-3")
    assert book["depth"] >= 2
    for key, answer in book["answers"].items():
        kind, payload = json.loads(key)
        assert request_key(kind, payload) == key
        got = json.loads(bridge.dispatch(kind, json.dumps(payload)))
        assert got == {"ok": True, "result": answer}, key


def test_a_book_keeps_within_its_budget_by_whole_exchanges():
    small = opening_book("nim", "1-3-5-7", budget=10_000)
    large = opening_book("nim", "1-3-5-7")
    assert small["depth"] < large["depth"]
    assert _compressed(small["answers"]) <= 10_000
    assert _compressed(large["answers"]) <= BOOK_BYTES
    assert set(small["answers"]) < set(large["answers"])


def test_the_perfect_computers_requests_carry_no_seed():
    for key in opening_book("wythoff", "5-8")["answers"]:
        assert "seed" not in json.loads(key)[1]


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess in Pyodide")
def test_the_client_writes_the_same_keys():
    """engine/client.js's bookKey, run under Node, against request_key."""
    payloads = [
        (
            "nim.play",
            {
                "position": [1, 2],
                "options": {"misere": False},
                "move": "[1,1]",
                "reply": {"level": "perfect"},
            },
        ),
        ("x.view", {"setup": {"heaps": "1 3 5 7", "convention": "normale"}, "start": True}),
        ("octal.analyse", {"position": ["12345678901234567890", 3], "options": {"code": "0.156"}}),
        ("graph.view", {"position": ["é", "ω"], "z": None, "a": [{"b": 1, "a": 2}]}),
    ]
    script = (
        "import { bookKey } from './docs/javascripts/engine/client.js';"
        "const cases = JSON.parse(process.argv[1]);"
        "console.log(JSON.stringify(cases.map(([kind, payload]) => bookKey(kind, payload))));"
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script, json.dumps(payloads)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out) == [request_key(kind, payload) for kind, payload in payloads]
