"""Bad input, generated: Hypothesis drives the bridge with arbitrary JSON for every call.

Whatever a page (or anyone with the browser's console) sends, every call of
the allow-list answers with a result or a French refusal — ``invalid`` or
``bad-request`` — never ``internal`` (a bug), and within its time budget
(nimcore.bridge.budget_ms): inputs too large to answer quickly are refused up
front. The payloads are arbitrary JSON values, and objects whose keys are the
ones the calls read (so that the generated values reach the checks behind the
first one).
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nimcore import bridge, games, worksheet

#: The names the calls read in a payload (the bridge's, the worksheet's, and the
#: games' options): test_keys_cover_every_name_a_call_reads keeps it complete.
KEYS = [
    "position",
    "options",
    "code",
    "to",
    "move",
    "gesture",
    "setup",
    "reply",
    "level",
    "seed",
    "start",
    "like",
    "values",
    "value",
    "base",
    "size",
    "a",
    "b",
    "ms",
    "step",
    "misere",
    "set",
    "max",
    "min",
    "k",
    "graph",
    "max_heap",
    "family",
    "count",
    "finished",
]

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.integers(min_value=-3, max_value=40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
    | st.sampled_from(
        ["perfect", "beginner", "parfait", "1-3-5-7", "ω", "ω·2+3", "0.137", "misere"]
    )
    # the worksheet's families and levels, so that its payloads pass the first checks
    | st.sampled_from(sorted(worksheet.FAMILIES))
    | st.sampled_from(worksheet.LEVELS)
)

JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)

#: A payload: any JSON value, often an object of the calls' own keys.
PAYLOADS = JSON | st.dictionaries(st.sampled_from(KEYS), JSON, max_size=5)

#: engine.spin lasts as long as asked (up to a minute): its refusals are fuzzed, not its waits.
CALLS = sorted(kind for kind in bridge.CALLS if kind != "engine.spin")


def answer_within_budget(kind: str, payload_json: str) -> dict:
    start = time.perf_counter()
    answer = json.loads(bridge.dispatch(kind, payload_json))
    elapsed_ms = (time.perf_counter() - start) * 1000
    assert elapsed_ms < bridge.budget_ms(kind), (kind, payload_json, elapsed_ms)
    if not answer["ok"]:
        assert answer["error"]["code"] in ("invalid", "bad-request"), (kind, payload_json, answer)
        assert answer["error"]["message"]
    return answer


@pytest.mark.slow  # ~20 s under CPython: not repeated inside Pyodide
@pytest.mark.parametrize("kind", CALLS)
# 15 payloads a call, 1 200 in all for the 80 calls
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=PAYLOADS)
def test_every_call_answers_arbitrary_json_in_french_and_in_time(kind, payload):
    answer_within_budget(kind, json.dumps(payload))


def test_keys_cover_every_name_a_call_reads():
    """Every payload name the bridge reads, and every game's option, is one the fuzzer draws."""
    import inspect
    import re

    from nimcore import calls
    from nimcore.calls import calculators, tools
    from nimcore.calls import games as game_calls

    source = "".join(
        inspect.getsource(module) for module in (bridge, calls, calculators, game_calls, tools)
    )
    read = set(re.findall(r'(?:payload|request)(?:\.get\(|\[)"(\w+)"', source))
    options = {name for game_id in games.IDS for name in games.get(game_id).option_names}
    assert {"family", "count", "level", "seed", "ms", "step"} <= read
    assert read | options <= set(KEYS), sorted((read | options) - set(KEYS))


#: A worksheet request: a known family and level most of the time, so that the
#: seed and count checks, and the drawing itself, are reached.
WORKSHEET_PAYLOADS = st.fixed_dictionaries(
    {
        "family": st.sampled_from(sorted(worksheet.FAMILIES)) | JSON,
        "level": st.sampled_from(worksheet.LEVELS) | JSON,
    },
    optional={
        "seed": st.integers(min_value=-5, max_value=2**31 + 5) | JSON,
        "count": st.integers(min_value=-2, max_value=worksheet.MAX_COUNT + 2) | JSON,
    },
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=WORKSHEET_PAYLOADS)
def test_the_worksheet_answers_every_request_in_french_and_in_time(payload):
    answer = answer_within_budget("worksheet.make", json.dumps(payload))
    if answer["ok"]:
        sheet = answer["result"]
        # A level with fewer distinct positions than asked (a small graph) gives them all.
        assert 1 <= len(sheet["exercises"]) == len(sheet["answers"]) <= payload.get("count", 8)


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=40) | st.binary(max_size=40).map(lambda raw: raw.decode("latin-1")))
def test_what_is_not_a_json_object_is_a_bad_request(text):
    try:
        is_object = isinstance(json.loads(text), dict)
    except ValueError:
        is_object = False
    answer = answer_within_budget("nim.view", text)
    if not is_object:
        assert answer["error"]["code"] == "bad-request"


def test_too_long_or_too_deep_is_a_bad_request():
    """Refused before parsing: in Pyodide a deep enough text kills the engine (a fatal error)."""
    for depth in (bridge.MAX_JSON_DEPTH + 1, 100_000):
        deep = '{"position": ' + "[" * depth + "]" * depth + "}"
        assert answer_within_budget("nim.view", deep)["error"]["code"] == "bad-request"
    shallow = '{"position": ' + "[" * 10 + "]" * 10 + ', "note": "' + "[" * 1000 + '"}'
    assert answer_within_budget("nim.view", shallow)["error"]["code"] == "invalid"
    long = json.dumps({"position": [1] * (bridge.MAX_JSON_CHARS // 2)})
    assert answer_within_budget("nim.view", long)["error"]["code"] == "bad-request"


@settings(max_examples=20, deadline=None)
@given(payload=st.dictionaries(st.sampled_from(["ms", "step"]), JSON, max_size=2))
def test_the_spin_refuses_what_it_cannot_do(payload):
    payload = {**payload, "ms": payload.get("ms", 0)}
    if isinstance(payload["ms"], int) and not isinstance(payload["ms"], bool):
        payload["ms"] = min(payload["ms"], 50)  # a real wait stays short here
    answer_within_budget("engine.spin", json.dumps(payload))


def test_progress_reaches_the_callable_of_the_request():
    seen: list[tuple[int, int]] = []
    answer = json.loads(
        bridge.dispatch(
            "engine.spin", json.dumps({"ms": 60, "step": 10}), lambda d, t: seen.append((d, t))
        )
    )
    assert answer == {"ok": True, "result": {"ms": 60, "steps": 6}}
    assert seen[-1] == (6, 6) and all(0 < done <= total == 6 for done, total in seen)
