"""The allow-list of calls the boards may make, with JSON in and JSON out.

The site's Web Worker loads nimcore in Pyodide and forwards each request
``{id, type, payload}`` to :func:`dispatch`, which answers with a JSON string:
``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {"code", "message"}}``.
Only the names in :data:`CALLS` can be reached; no source text from a page or a
URL is ever run.

Error codes: ``"invalid"`` (bad position, move or parameter; the message is a
French sentence for the reader), ``"unknown-call"`` (a name outside the
allow-list), ``"bad-request"`` (a payload that is not a JSON object) and
``"internal"`` (a bug in nimcore).
"""

import json
import sys
from collections.abc import Callable, Mapping
from typing import Any

from nimcore import __version__, nim
from nimcore.errors import NimcoreError
from nimcore.french import typeset

__all__ = ["CALLS", "dispatch"]


def _misere(payload: Mapping[str, Any]) -> bool:
    value = payload.get("misere", False)
    if not isinstance(value, bool):
        raise NimcoreError(typeset(f"La variante misère se règle par vrai ou faux, pas {value!r}."))
    return value


def _nim_analyse(payload: Mapping[str, Any]) -> dict[str, Any]:
    return nim.analyse(payload.get("heaps"), _misere(payload)).to_dict()  # type: ignore[arg-type]


def _nim_computer_move(payload: Mapping[str, Any]) -> dict[str, Any]:
    heaps = payload.get("heaps")
    misere = _misere(payload)
    move = nim.computer_move(heaps, misere)  # type: ignore[arg-type]
    return {"move": move.to_dict(), "heaps": list(move.to)}


def _version(payload: Mapping[str, Any]) -> dict[str, Any]:
    return {"nimcore": __version__, "python": sys.version.split()[0]}


#: Every call a board can make, by name.
CALLS: dict[str, Callable[[Mapping[str, Any]], Any]] = {
    "nim.analyse": _nim_analyse,
    "nim.computer_move": _nim_computer_move,
    "version": _version,
}


def dispatch(kind: str, payload_json: str) -> str:
    """Run the allowed call *kind* on the JSON object *payload_json*; answer in JSON.

    >>> dispatch("nim.analyse", '{"heaps": [1, 2, 3]}')[:40]
    '{"ok": true, "result": {"game": "nim", "'
    >>> json.loads(dispatch("nim.analyse", '{"heaps": [-1]}'))["error"]["code"]
    'invalid'
    >>> json.loads(dispatch("os.system", '{}'))["error"]["code"]
    'unknown-call'
    """
    call = CALLS.get(kind)
    if call is None:
        return _error("unknown-call", typeset(f"Appel inconnu du moteur : {kind!r}."))
    try:
        payload = json.loads(payload_json)
    except (TypeError, ValueError):
        payload = None
    if not isinstance(payload, dict):
        return _error("bad-request", typeset("La requête au moteur doit être un objet JSON."))
    try:
        result = call(payload)
    except NimcoreError as error:
        return _error("invalid", str(error))
    except Exception as error:  # a bug: report it rather than kill the worker
        return _error("internal", typeset(f"Erreur interne du moteur : {error!r}."))
    return json.dumps({"ok": True, "result": result}, ensure_ascii=False)


def _error(code: str, message: str) -> str:
    return json.dumps({"ok": False, "error": {"code": code, "message": message}}, ensure_ascii=False)
