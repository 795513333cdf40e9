"""Opening books: the engine's answers to a board's first requests, written at build time.

A reader on a phone waits seconds for the engine (Pyodide) to boot. The
requests a reader can make from a board's start are known in advance: the
hint, each legal move with the perfect computer's reply, and, from each
position reached, the same again. :func:`opening_book` asks the bridge
(:func:`nimcore.bridge.dispatch`) each of them and keeps its answer under the
request's key (:func:`request_key`); the page's engine client answers a
request found in the book at once, exactly as the engine would, and sends any
other to the engine. The book holds no rule: it is the bridge's own answers.

Only the perfect computer's replies are in a book (the beginner's mistakes are
drawn from a seed). A book goes as deep as its byte budget allows, level after
level of exchanges (a reader's move and the reply), never a level in part.

>>> book = opening_book("nim", "1-2", budget=20_000)
>>> book["depth"], len(book["answers"]) > 3
(2, True)
>>> key = request_key("nim.analyse", {"position": [1, 2], "options": {"misere": False}})
>>> book["answers"][key]["outcome"]
'N'
"""

from __future__ import annotations

import gzip
import json
from typing import Any

from nimcore import bridge, games

__all__ = ["BOOK_BYTES", "BOOK_DEPTH", "book_json", "opening_book", "request_key"]

#: Most bytes of a board's book, as the site serves it compressed (gzip): 80 kB.
BOOK_BYTES = 80_000
#: Raw JSON is about 20 times its gzip size: a level growing past this many times the
#: budget is given up before it is finished (its size would be refused anyway).
_RAW_PER_GZIP = 30
#: Most exchanges (a reader's move and the computer's reply) a book goes into.
BOOK_DEPTH = 3
#: The computer's level the book answers for (the beginner's moves are drawn at random).
_REPLY = {"level": "perfect"}


def request_key(kind: str, payload: dict[str, Any]) -> str:
    """A request as the book's key: its call and payload, as JSON with sorted keys.

    The engine client writes the same key (``engine/client.js``, ``bookKey``).

    >>> request_key("nim.analyse", {"position": [1, 2], "options": {"misere": False}})
    '["nim.analyse",{"options":{"misere":false},"position":[1,2]}]'
    """
    return json.dumps([kind, payload], sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _ask(kind: str, payload: dict[str, Any]) -> Any:
    """The bridge's answer to a request (its result), or None when it refuses."""
    answer = json.loads(bridge.dispatch(kind, json.dumps(payload, ensure_ascii=False)))
    return answer["result"] if answer["ok"] else None


def opening_book(
    game_id: str, code: str, *, depth: int = BOOK_DEPTH, budget: int = BOOK_BYTES
) -> dict[str, Any]:
    """The answers to the requests a reader can make from *code*, the start of a board of *game_id*.

    ``answers`` maps each request's key (:func:`request_key`) to the bridge's
    result: at the start, the hint ("analyse") and a new game from the setup
    form as it is filled in (the reader first, or the computer first); then,
    for each legal move, the move with the perfect computer's reply ("play")
    and the hint at the position reached, exchange after exchange. ``depth``
    is the number of whole exchanges the book holds within *budget* bytes
    once compressed (gzip).
    """
    game = games.get(game_id)
    position, options = game.decode(code)
    start = {"position": game.position_json(position), "options": game.options_json(options)}
    answers: dict[str, Any] = {}
    size = 0

    def keep(kind: str, payload: dict[str, Any], into: dict[str, Any]) -> Any:
        """Ask the bridge once per request (positions recur by other paths); keep its answer."""
        nonlocal size
        key = request_key(kind, payload)
        if key in answers or key in into:
            return answers.get(key, into.get(key))
        result = _ask(kind, payload)
        if result is not None:
            into[key] = result
            size += len(key) + len(json.dumps(result, ensure_ascii=False, separators=(",", ":")))
        return result

    keep(f"{game_id}.analyse", start, answers)
    setup = {"setup": game.setup_values(position, options), "start": True}
    if setup["setup"]:
        keep(f"{game_id}.view", setup, answers)
        first = keep(f"{game_id}.view", {**setup, "reply": _REPLY}, answers)
        frontier = [start]
        if first is not None and first["reply"] is not None and not first["reply"]["terminal"]:
            reached = first["reply"]["view"]
            after = {"position": reached["position"], "options": reached["options"]}
            keep(f"{game_id}.analyse", after, answers)
            frontier.append(after)
    else:
        frontier = [start]
    reached_depth = 0
    for _ in range(depth):
        level: dict[str, Any] = {}
        before = size
        following: list[dict[str, Any]] = []
        for at in frontier:
            seen = _ask(f"{game_id}.view", at)
            if seen is None or seen["moves"] is None:
                continue
            for move in seen["moves"]:
                played = keep(f"{game_id}.play", {**at, "move": move["id"], "reply": _REPLY}, level)
                if played is None or played["reply"] is None or played["reply"]["terminal"]:
                    continue
                reached = played["reply"]["view"]
                after = {"position": reached["position"], "options": reached["options"]}
                if request_key(f"{game_id}.analyse", after) not in level:
                    following.append(after)
                keep(f"{game_id}.analyse", after, level)
            if size > _RAW_PER_GZIP * budget:
                break
        if size > _RAW_PER_GZIP * budget or _compressed({**answers, **level}) > budget:
            size = before
            break
        answers.update(level)
        reached_depth += 1
        frontier = following
        if not frontier:
            break
    return {"game": game_id, "code": code, "depth": reached_depth, "answers": answers}


def _compressed(answers: dict[str, Any]) -> int:
    return len(
        gzip.compress(json.dumps(answers, ensure_ascii=False, separators=(",", ":")).encode())
    )


def book_json(book: dict[str, Any]) -> str:
    """A book as the site serves it (compact JSON)."""
    return json.dumps(book, ensure_ascii=False, separators=(",", ":"))
