"""The allow-list of calls the boards may make, with JSON in and JSON out.

The site's Web Worker loads nimcore in Pyodide and forwards each request
``{id, type, payload}`` to :func:`dispatch`, which answers with a JSON string:
``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {"code", "message"}}``.
Only the names in :data:`CALLS` can be reached; no source text from a page or a
URL is ever run.

The calls themselves live in :mod:`nimcore.calls`, one module by concern: every
game of the registry answers the same six calls, named ``"<game>.<call>"`` after
its id (``"nim.view"``, ``"wythoff.play"``…: :mod:`nimcore.calls.games`); the
calculators, the teacher's worksheet, the laboratory and ``"engine.spin"`` have
theirs (:mod:`nimcore.calls.calculators`, :mod:`nimcore.calls.tools`). This
module is the protocol: the allow-list, the payload's checks, the time budgets
and the answers' JSON.

Integers beyond 2**53 − 1 would lose digits in JavaScript: the answers write
them as decimal strings (a heap of 10**30 tokens travels as
``"1000000000000000000000000000000"``), and the games whose positions may hold
them (octal games) read such strings back, as the calculators do.

Each request analyses a position at most once. Error codes: ``"invalid"`` (bad
position, move or parameter; the message is a French sentence for the reader),
``"unknown-call"`` (a name outside the allow-list), ``"bad-request"`` (a payload
that is not a JSON object) and ``"internal"`` (a bug in nimcore).

Long work and its progress. :func:`dispatch` takes an optional *progress*
callable, ``progress(done, total)``, which the worker turns into progress
messages for the page (``{id, progress: {done, total}}``); every call receives
it as its second argument (:data:`Progress`), and a call that loops for long
reports through it, say every few thousand steps (the worker forwards at most
one message every 100 ms). Nothing is kept between requests: the callable is
the request's own. A call is answered within its time budget
(:func:`budget_ms`, read by the page when the engine is ready), or the page
stops it; inputs that would take longer are refused up front, in French.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from nimcore import __version__, games
from nimcore.calls import MAX_SAFE_INTEGER, Call
from nimcore.calls.calculators import (
    CALCULATOR_BASES,
    CALCULATOR_CALLS,
    MAX_CALCULATOR_COUNT,
    MAX_CALCULATOR_DIGITS,
    calculator_form,
)
from nimcore.calls.games import GAME_CALLS, game_call
from nimcore.calls.tools import MAX_SPIN_MS, TOOL_CALLS
from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset
from nimcore.progress import Progress, no_progress

__all__ = [
    "BUDGET_MS",
    "CALCULATOR_BASES",
    "CALLS",
    "MAX_CALCULATOR_COUNT",
    "MAX_CALCULATOR_DIGITS",
    "MAX_JSON_CHARS",
    "MAX_JSON_DEPTH",
    "MAX_SAFE_INTEGER",
    "MAX_SPIN_MS",
    "Progress",
    "budget_ms",
    "calculator_form",
    "dispatch",
    "no_progress",
]

#: Time budget of a call, in milliseconds, by call name (``"default"``: every
#: call not named). A board's calls are refused up front when too large, and
#: answer in well under a second; past its budget the page stops the call and
#: says so in French. A game's calls have its registry entry's budget
#: (:attr:`nimcore.games.Entry.budget_ms`: an octal game's get a minute). Long
#: computations (the laboratory's) pass their own budget with the request. A
#: worksheet analyses and explains eight positions, the first one of a kind after
#: the lazy import of its modules: a minute, as a slow phone needs.
BUDGET_MS: dict[str, int] = {
    "default": games.DEFAULT_BUDGET_MS,
    "engine.spin": 70_000,
    "lab.analyse": 180_000,
    "worksheet.make": 60_000,
    **{
        f"{entry.id}.{name}": entry.budget_ms
        for entry in games.ENTRIES
        if entry.budget_ms != games.DEFAULT_BUDGET_MS
        for name in GAME_CALLS
    },
}

#: Longest JSON payload a request may carry, in characters (refused beyond: "bad-request").
MAX_JSON_CHARS = 1_000_000
#: Deepest nesting of arrays and objects a payload may have (refused beyond: "bad-request").
#: Checked before parsing: in Pyodide, a deep enough JSON text overflows the
#: WebAssembly stack inside the parser, a fatal error rather than a RecursionError.
MAX_JSON_DEPTH = 64


def budget_ms(kind: str) -> int:
    """The time budget of the call *kind*, in milliseconds.

    >>> budget_ms("nim.play")
    20000
    """
    return BUDGET_MS.get(kind, BUDGET_MS["default"])


def _version(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    """nimcore's and Python's versions, and the calls' time budgets (read by the page at start)."""
    return {"nimcore": __version__, "python": sys.version.split()[0], "budget_ms": BUDGET_MS}


#: Every call a board can make, by name: "version", "engine.spin" (tests and bench),
#: "worksheet.make" (a teacher's worksheet, nimcore.worksheet), "lab.analyse" (the
#: laboratory's game, nimcore.lab: a minute or more, with progress), the calculators
#: ("calc.nim_sum", "calc.digits", "calc.zeckendorf", "calc.stella", "calc.stella_cell": their numbers
#: come as JSON numbers or decimal strings, and go back as numbers up to
#: MAX_SAFE_INTEGER, as decimal strings beyond), and "<game>.<call>" for every
#: game of the registry and every call of :mod:`nimcore.calls.games`.
CALLS: dict[str, Call] = {
    "version": _version,
    **TOOL_CALLS,
    **CALCULATOR_CALLS,
    **{
        f"{game_id}.{name}": game_call(game_id, handler)
        for game_id in games.IDS
        for name, handler in GAME_CALLS.items()
    },
}


def dispatch(kind: str, payload_json: str, progress: Progress | None = None) -> str:
    """Run the allowed call *kind* on the JSON object *payload_json*; answer in JSON.

    *progress*, when given, is called as ``progress(done, total)`` by calls that
    report how far they are (see the module's docstring).

    >>> dispatch("nim.analyse", '{"position": [1, 2, 3]}')[:40]
    '{"ok": true, "result": {"game": "nim", "'
    >>> json.loads(dispatch("nim.analyse", '{"position": [-1]}'))["error"]["code"]
    'invalid'
    >>> json.loads(dispatch("os.system", '{}'))["error"]["code"]
    'unknown-call'
    """
    call = CALLS.get(kind) if isinstance(kind, str) else None
    if call is None:
        shown = kind if not isinstance(kind, str) or len(kind) <= 60 else kind[:60] + "…"
        return _error(
            "unknown-call", typeset(f"Appel inconnu du moteur : {quoted(shown, limit=60)}.")
        )
    payload = _payload(payload_json)
    if payload is None:
        return _error("bad-request", typeset("La requête au moteur doit être un objet JSON."))
    try:
        result = call(payload, progress or no_progress)
    except NimcoreError as error:
        return _error("invalid", str(error), field=error.field)
    except Exception as error:  # a bug: report it rather than kill the worker
        bug = quoted(f"{type(error).__name__}: {error}", limit=200)
        return _error("internal", typeset(f"Erreur interne du moteur : {bug}."))
    answer = json.dumps({"ok": True, "result": result}, ensure_ascii=False)
    # An integer beyond MAX_SAFE_INTEGER has 16 digits or more: only an answer
    # with such a run of digits is walked (most answers are small: one scan).
    if _LONG_DIGITS not in answer.encode().translate(_DIGITS_ONLY):
        return answer
    return json.dumps({"ok": True, "result": _exact_all(result)}, ensure_ascii=False)


#: A run of digits as long as the shortest integer beyond MAX_SAFE_INTEGER, once
#: every digit is written 0 and every other byte a space (_DIGITS_ONLY): a search
#: of bytes, several times faster than a regular expression over a long answer.
_LONG_DIGITS = b"0" * len(str(MAX_SAFE_INTEGER + 1))
_DIGITS_ONLY = bytes(0x30 if 0x30 <= byte <= 0x39 else 0x20 for byte in range(256))


def _exact_all(value: Any) -> Any:
    """*value* with every integer beyond :data:`MAX_SAFE_INTEGER` written as a decimal string.

    >>> _exact_all({"position": [10**20, 7], "nimber": 3})
    {'position': ['100000000000000000000', 7], 'nimber': 3}
    """
    if isinstance(value, dict):
        return {key: _exact_all(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_exact_all(item) for item in value]
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_SAFE_INTEGER:
        return str(value)
    return value


def _payload(payload_json: object) -> dict[str, Any] | None:
    """The request's JSON object, or None when it is not one (too long, too deep, not JSON)."""
    if not isinstance(payload_json, str) or len(payload_json) > MAX_JSON_CHARS:
        return None
    if _too_deep(payload_json):
        return None
    try:
        payload = json.loads(payload_json)
    except (ValueError, RecursionError):
        return None
    return payload if isinstance(payload, dict) else None


def _too_deep(text: str) -> bool:
    """True when *text* nests arrays and objects deeper than :data:`MAX_JSON_DEPTH`.

    Brackets inside strings do not count. Cheap when there are few brackets:
    the scan runs only when they could reach the limit.

    >>> _too_deep("[" * 65 + "]" * 65), _too_deep('{"a": "[[[[["}')
    (True, False)
    """
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return False
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return True
        elif char in "]}":
            depth -= 1
    return False


def _error(code: str, message: str, *, field: str | None = None) -> str:
    """An error's answer; *field*: the setup form's field it is about, when one is."""
    error = {"code": code, "message": message, **({"field": field} if field else {})}
    return json.dumps({"ok": False, "error": error}, ensure_ascii=False)
