"""A value a reader typed or sent comes back between guillemets, never as Python's repr.

nimcore's refusals quote the reader's value with :func:`nimcore.french.quoted`
(« dix », « [1, 2] »), never with straight or typewriter quotes ('dix', "dix").
Inside the guillemets the value stands as sent (a JSON object keeps its own
double quotes); outside them, a straight quote is only an apostrophe, between
two letters (« n'existe »).
"""

import json
import re

import pytest

from nimcore import bridge, games
from nimcore.errors import NimcoreError
from nimcore.french import quoted

#: A straight or typewriter quote that is not an apostrophe between two letters.
QUOTE = re.compile(r"(?<![^\W\d_])['\"‘’“”]|['\"‘’“”](?![^\W\d_])")
#: What stands between guillemets: the reader's own value.
GUILLEMETS = re.compile(r"«[^»]*»")

#: Requests every game refuses, each with an odd value somewhere.
BAD_GAME_REQUESTS = [
    {"position": "trois"},
    {"position": [[1]]},
    {"position": ["a", "b"]},
    {"position": [None]},
    {"position": [1.5, 2]},
    {"position": [True]},
    {"options": ["misere"]},
    {"options": {"inconnue": "x"}},
    {"code": 12},
    {"code": "zz-'yy'"},
    {"setup": "heaps"},
    {"setup": {"heaps": "'3'"}},
]
BAD_CALLS = [
    ("nim.view", {"position": [1], "start": "oui"}),
    ("nim.view", {"position": [1], "start": True, "reply": "oui"}),
    ("nim.view", {"position": [1], "start": True, "reply": {"level": "'expert'"}}),
    ("nim.play", {"position": [3], "move": 7}),
    ("nim.play", {"position": [3], "move": "[1"}),
    ("nim.play", {"position": [3], "gesture": "prendre"}),
    ("nim.play", {"position": [3], "gesture": {"heap": "a"}}),
    ("nim.play", {"position": [3], "to": "a"}),
    ("nim.play", {"position": [3], "to": ["a"]}),
    ("nim.random_start", {"options": {}, "seed": "graine"}),
    ("subtraction.view", {"position": [3], "options": {"set": "1,2"}}),
    ("subtraction.view", {"position": [3], "options": {"set": ["1"]}}),
    ("subtraction.view", {"position": [3], "options": {"max": "deux"}}),
    ("moore.view", {"position": [3], "options": {"k": "deux"}}),
    ("calc.nim_sum", {"values": ["x"]}),
    ("calc.digits", {"value": 5, "base": "deux"}),
    ("engine.spin", {"ms": "long"}),
    ("worksheet.make", {"family": "'échecs'", "level": "easy"}),
    ("worksheet.make", {"family": "nim", "level": "'expert'"}),
    ("échecs.view", {}),
]


def _message(kind: str, payload: object) -> str:
    answer = json.loads(bridge.dispatch(kind, json.dumps(payload)))
    assert answer["ok"] is False, (kind, payload, answer)
    message: str = answer["error"]["message"]
    return message


def _no_typewriter_quotes(message: str) -> None:
    outside = GUILLEMETS.sub("«»", message)
    assert not QUOTE.search(outside), message


def test_the_check_finds_python_s_quotes_and_spares_apostrophes_and_guillemets():
    for bad in ("Jeu inconnu : 'échecs'.", 'Coup illisible : "[1".', "pas ‘x’"):
        with pytest.raises(AssertionError):
            _no_typewriter_quotes(bad)
    _no_typewriter_quotes("Le tas n'existe pas : l'option « {\"heap\": 'a'} » est refusée.")
    assert quoted("dix") == "« dix »" and quoted({"a": 1}) == '« {"a": 1} »'


@pytest.mark.parametrize("game_id", games.IDS)
def test_every_game_s_refusals_quote_in_french(game_id):
    for kind in ("view", "analyse", "random_start"):
        for payload in BAD_GAME_REQUESTS:
            answer = json.loads(bridge.dispatch(f"{game_id}.{kind}", json.dumps(payload)))
            if not answer["ok"]:
                _no_typewriter_quotes(answer["error"]["message"])


@pytest.mark.parametrize(("kind", "payload"), BAD_CALLS)
def test_the_engine_s_refusals_quote_in_french(kind, payload):
    _no_typewriter_quotes(_message(kind, payload))


def test_a_game_s_own_refusals_quote_in_french():
    """Straight from the registry and the games' checks, as the command line and hooks ask."""
    for call in (
        lambda: games.get("'échecs'"),
        lambda: games.get("nim").read_position(["'3'"], {"misere": False}),
        lambda: games.get("nim").play((3, 4), ["a", 4], {"misere": False}),
        lambda: games.get("nim").gesture_target((3, 4), {"heap": "'1'"}, {"misere": False}),
    ):
        with pytest.raises(NimcoreError) as refused:
            call()
        _no_typewriter_quotes(str(refused.value))
