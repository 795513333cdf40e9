"""The allow-list of calls the boards may make, with JSON in and JSON out.

The site's Web Worker loads nimcore in Pyodide and forwards each request
``{id, type, payload}`` to :func:`dispatch`, which answers with a JSON string:
``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {"code", "message"}}``.
Only the names in :data:`CALLS` can be reached; no source text from a page or a
URL is ever run.

Every game of the registry (:mod:`nimcore.games`) answers the same calls, named
``"<game>.<call>"`` after its id (``"nim.view"``, ``"wythoff.play"``…). A
position travels as ``{"position": P, "options": O}`` in the game's JSON, or as
``{"code": "1-3-5-7_misere"}``, the short text of an address or a page:

- ``view``: what a board draws and lets a reader play — the position and its
  options as nimcore reads them, its ``code``, ``terminal``, the ``rule`` and
  the position in words (``describe``), ``last_mover_wins``, and ``moves``:
  every legal move (an opaque ``id``, its ``text``, the ``gestures`` that play
  it on the board, ``to`` and the game's own fields), or null when they are
  too many to list; a finished position's ``end``, the end-of-game message by
  who played last. With ``"start": true``, a finished position is
  refused (a new game must have a move), and so is one too large for the
  board (:meth:`base.Game.board_refusal`); the position may come as the setup
  form's fields (``setup``); with ``reply: {level, seed}`` as well,
  the computer's first move comes in the same round trip (``reply``, as
  ``computer_move`` answers it).
- ``move`` (+ ``gesture``, the reader's gesture on the board, or ``to``, a
  target position): the legal move it plays, checked by the game's own rule,
  or a French refusal.
- ``play`` (+ ``move``: a move's id from a view, or ``gesture``, or ``to``;
  and ``reply: {level, seed}`` against the computer): the
  move checked, the ``view`` of the position reached, and the computer's
  ``reply`` (as ``computer_move`` answers it, or null when the game is over).
  With ``reply``, that view's ``moves`` is null: the computer plays from it.
- ``computer_move`` (+ ``level``: "perfect" or "beginner", ``seed``): the
  computer's move and the ``view`` of the position reached.
- ``analyse``: the game's analysis (outcome, nimber, winning moves…) and the
  ``hint`` a board shows: verdict, tables, sentences, recommended move.
- ``random_start`` (``options``, ``like``: a position to resemble, ``seed``;
  or ``setup``, the setup form's fields, for both): a random start, a
  P-position one time in two, with its ``code`` and its ``setup`` fields.

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

import importlib.util
import json
import random
import re
import sys
import time
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from nimcore import __version__, games
from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset
from nimcore.games import base
from nimcore.progress import Progress, no_progress, reporting


def _lazy(name: str) -> ModuleType:
    """The module ``nimcore.<name>``, loaded on first use (the standard library's LazyLoader).

    Only the calculators need these; a board page plays one game, and the
    registry imports that game's modules when it is first asked.
    """
    full = f"nimcore.{name}"
    if full in sys.modules:
        return sys.modules[full]
    spec = importlib.util.find_spec(full)
    assert spec is not None and spec.loader is not None, full
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    spec.loader.exec_module(module)
    setattr(sys.modules["nimcore"], name, module)  # as the import system does for a submodule
    return module


calculators = _lazy("calculators")
nim = _lazy("nim")
nimsum = _lazy("nimsum")
numeration = _lazy("numeration")
worksheet = _lazy("worksheet")

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

#: Largest value the calculators accept, in decimal digits.
MAX_CALCULATOR_DIGITS = 300
#: Most numbers the nim-sum calculator takes at once.
MAX_CALCULATOR_COUNT = 12
#: The bases the base calculator writes in (digits 0–9, then A = 10 … Z = 35).
CALCULATOR_BASES = (2, 36)


def calculator_form() -> dict[str, Any]:
    """The calculators' form, as the build writes it in their page (``data-form``).

    Labels, help and the limits the page checks at once, before the engine
    is ready; the calls check them again.

    >>> calculator_form()["fields"]["numbers"]["max_count"]
    12
    """
    low, high = CALCULATOR_BASES
    return base.form_schema(
        fields={
            "numbers": base.form_field(
                "Nombres :",
                help=f"De 1 à {MAX_CALCULATOR_COUNT} entiers naturels séparés par des espaces,"
                " comme « 11 9 7 ».",
                counts=(1, MAX_CALCULATOR_COUNT),
                digits=MAX_CALCULATOR_DIGITS,
                noun="nombre",
            ),
            "value": base.form_field("Nombre :", digits=MAX_CALCULATOR_DIGITS),
            "base": base.form_field(
                "Base b :",
                help=f"De {low} à {high} ; au-delà de 9, les chiffres sont des lettres"
                " (A = 10, B = 11… Z = 35).",
                low=low,
                high=high,
            ),
        }
    )


Call = Callable[[Mapping[str, Any], Progress], Any]

#: Time budget of a call, in milliseconds, by call name (``"default"``: every
#: call not named). A board's calls are refused up front when too large, and
#: answer in well under a second; past its budget the page stops the call and
#: says so in French. A game's calls have its registry entry's budget
#: (:attr:`nimcore.games.Entry.budget_ms`: an octal game's get a minute). Long
#: computations (the laboratory's) pass their own budget with the request.
BUDGET_MS: dict[str, int] = {
    "default": games.DEFAULT_BUDGET_MS,
    "engine.spin": 70_000,
    "lab.analyse": 180_000,
    **{
        f"{entry.id}.{name}": entry.budget_ms
        for entry in games.ENTRIES
        if entry.budget_ms != games.DEFAULT_BUDGET_MS
        for name in ("view", "move", "play", "computer_move", "analyse", "random_start")
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


def _seed(payload: Mapping[str, Any]) -> random.Random:
    seed = payload.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise NimcoreError(typeset(f"La graine doit être un nombre entier, pas {quoted(seed)}."))
    return random.Random(seed)


def _read(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> tuple[Any, Any]:
    """The checked position and options of a request.

    From ``setup`` (the setup form's fields as typed: :meth:`base.Game.read_setup`),
    ``code`` (an address's), or ``position`` and ``options`` (JSON).
    """
    if "setup" in payload:
        setup = payload["setup"]
        if not isinstance(setup, dict):
            raise NimcoreError(typeset("Le formulaire de départ doit former un objet."))
        return game.read_setup(setup)
    if "code" in payload:
        code = payload["code"]
        if not isinstance(code, str) or len(code) > 2000:
            raise NimcoreError(typeset(f"Code de position illisible : {quoted(code)}."))
        return game.decode(code)
    options = game.read_options(base.check_options(game, payload.get("options")))
    return game.read_position(payload.get("position"), options), options


def _reached(
    game: base.Game[Any, Any], move: base.Move, options: Any, *, listed: bool = True
) -> dict[str, Any]:
    """A move as the boards receive it, with the view of the position it reaches.

    Not *listed*: the view's ``moves`` is null (unless the game is over, ``[]``),
    for a position the computer plays from at once: no board chooses among them.
    """
    seen = base.view(game, move.to, options, limit=base.MAX_VIEW_MOVES if listed else 0)
    return {
        "move": base.move_json(game, move),
        "position": seen["position"],
        "terminal": seen["terminal"],
        "view": seen,
    }


def _view(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    position, options = _read(game, payload)
    start = payload.get("start", False)
    if not isinstance(start, bool):
        raise NimcoreError(
            typeset(f"L'option start se règle par vrai ou faux, pas {quoted(start)}.")
        )
    reply = _reply_request(payload)
    if reply is not None and not start:
        raise NimcoreError(
            typeset("Le premier coup de l'ordinateur ne se demande qu'au début d'une partie.")
        )
    if start:
        refusal = game.board_refusal(position, options)
        if refusal is not None:
            raise NimcoreError(refusal)
    seen = base.view(game, position, options)
    if start and seen["terminal"]:
        raise NimcoreError(
            typeset("Cette position est déjà finie : aucun coup n'est possible pour commencer.")
        )
    if reply is not None:
        return {**seen, "reply": _computer(game, position, options, reply)}
    return seen


def _reply_request(payload: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The computer's level and seed asked for with a request (``reply``), or None."""
    reply = payload.get("reply")
    if reply is not None and not isinstance(reply, dict):
        raise NimcoreError(typeset(f"La réponse demandée doit être un objet, pas {quoted(reply)}."))
    return reply


def _target(
    game: base.Game[Any, Any], position: Any, options: Any, payload: Mapping[str, Any]
) -> object:
    """The target of the move a request names: by its ``move`` id, by a ``gesture``, or ``to``.

    A move's id is the JSON of the position it reaches (:func:`base.move_id`);
    a gesture is turned into its target by the game (:meth:`base.Game.gesture_target`).
    Either way, :meth:`base.Game.play` then checks the move by the game's rule.
    """
    if "move" in payload:
        named = payload["move"]
        if not isinstance(named, str) or len(named) > MAX_JSON_CHARS // 4:
            raise NimcoreError(typeset(f"Coup illisible : {quoted(named)}."))
        try:
            return json.loads(named)
        except ValueError:
            raise NimcoreError(typeset(f"Coup illisible : {quoted(named)}.")) from None
    if "gesture" in payload:
        gesture = payload["gesture"]
        if not isinstance(gesture, dict):
            raise NimcoreError(typeset(f"Geste illisible : {quoted(gesture)}."))
        return game.gesture_target(position, gesture, options)
    return payload.get("to")


def _move(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    position, options = _read(game, payload)
    played = game.play(position, _target(game, position, options, payload), options)
    return {"move": base.move_json(game, played)}


def _computer(
    game: base.Game[Any, Any],
    position: Any,
    options: Any,
    request: Mapping[str, Any],
    analysis: Any = None,
) -> dict[str, Any]:
    level = base.check_level(request.get("level", "perfect"))
    move = base.computer_move(game, position, options, level, _seed(request), analysis)
    return _reached(game, move, options)


def _computer_move(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    position, options = _read(game, payload)
    return _computer(game, position, options, payload)


def _play(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    """Check a reader's move; with ``reply``, the computer's answer in the same round trip."""
    position, options = _read(game, payload)
    reply = _reply_request(payload)
    played = game.play(position, _target(game, position, options, payload), options)
    answer = _reached(game, played, options, listed=reply is None)
    if reply is not None:
        answer["reply"] = None
        if not answer["terminal"]:  # from the checked move's position, not its JSON read back
            answer["reply"] = _computer(game, played.to, options, reply)
    return answer


def _analyse(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    position, options = _read(game, payload)
    analysis = game.analyse(position, options)
    return {
        **analysis.to_dict(),
        "position": game.position_json(position),
        "terminal": analysis.terminal,
        "hint": base.hint(game, analysis, options),
    }


def _random_start(game: base.Game[Any, Any], payload: Mapping[str, Any]) -> dict[str, Any]:
    if "setup" in payload:  # drawn like the setup form's position, with its options
        shape, options = _read(game, payload)
    else:
        options = game.read_options(base.check_options(game, payload.get("options")))
        like = payload.get("like")
        shape = None if like is None else game.read_position(like, options)
    position, analysis = base.random_start(game, options, shape, _seed(payload))
    return {
        "position": game.position_json(position),
        "options": game.options_json(options),
        "code": game.encode(position, options),
        "setup": game.setup_values(position, options),
        "outcome": analysis.outcome,
    }


_GAME_CALLS: dict[str, Callable[[base.Game[Any, Any], Mapping[str, Any]], Any]] = {
    "view": _view,
    "move": _move,
    "play": _play,
    "computer_move": _computer_move,
    "analyse": _analyse,
    "random_start": _random_start,
}


def _game_call(
    game_id: str, handler: Callable[[base.Game[Any, Any], Mapping[str, Any]], Any]
) -> Call:
    """The bridge's call *handler* for *game_id*: the game reports its progress (if it
    has long work, as an octal game's first values) through :mod:`nimcore.progress`."""

    def call(payload: Mapping[str, Any], progress: Progress) -> Any:
        with reporting(progress):
            return handler(games.get(game_id), payload)

    return call


#: Largest integer a JSON number carries exactly to JavaScript (2^53 − 1).
MAX_SAFE_INTEGER = 2**53 - 1


def _calculator_value(payload: Mapping[str, Any], name: str = "value") -> int:
    """A natural number given as a JSON number or as a string of decimal digits (as typed).

    JavaScript numbers are exact only up to 2^53 − 1: a page sends larger
    numbers as decimal strings, up to MAX_CALCULATOR_DIGITS digits (checked
    before any conversion).
    """
    value = payload.get(name)
    if isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_CALCULATOR_DIGITS:
            raise NimcoreError(
                typeset(
                    f"Nombre trop long ({len(text)} chiffres) :"
                    f" {MAX_CALCULATOR_DIGITS} chiffres au plus."
                )
            )
        if not text:
            raise NimcoreError(typeset("Indiquez un entier naturel, écrit avec des chiffres."))
        if not text.isascii() or not text.isdigit():
            shown = text if len(text) <= 40 else text[:40] + "…"
            raise NimcoreError(
                typeset(
                    f"« {shown} » n'est pas un entier naturel écrit avec des chiffres de 0 à 9."
                )
            )
        return int(text)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise NimcoreError(typeset(f"Un entier naturel est attendu, pas « {value} »."))
    if value >= 10**MAX_CALCULATOR_DIGITS:
        raise NimcoreError(typeset(f"Nombre trop long : {MAX_CALCULATOR_DIGITS} chiffres au plus."))
    return value


def _calculator_values(values: object) -> list[int]:
    """The nim-sum calculator's numbers: a JSON list, or the field's text as typed ("11 9 7")."""
    if isinstance(values, str):
        values = [part for part in re.split(r"[\s,;]+", values) if part]
        if not values:
            raise NimcoreError(typeset("Indiquez au moins un nombre, comme « 11 9 7 »."))
    if not isinstance(values, list) or not 1 <= len(values) <= MAX_CALCULATOR_COUNT:
        many = f" ({len(values)} ici)" if isinstance(values, list) and values else ""
        raise NimcoreError(typeset(f"Donnez de 1 à {MAX_CALCULATOR_COUNT} nombres{many}."))
    return [_calculator_value({"value": value}) for value in values]


def _calculator_base(base: object) -> int:
    """The base calculator's base: a JSON number, or the field's text as typed."""
    low, high = CALCULATOR_BASES
    if isinstance(base, str):
        text = base.strip()
        if not text:
            raise NimcoreError(typeset(f"Indiquez la base b, un entier de {low} à {high}."))
        if not text.isascii() or not text.isdigit() or len(text) > 4:
            shown = text if len(text) <= 20 else text[:20] + "…"
            raise NimcoreError(
                typeset(
                    f"« {shown} » ne convient pas comme base : la base b est un entier"
                    f" de {low} à {high}."
                )
            )
        base = int(text)
    if isinstance(base, bool) or not isinstance(base, int) or not low <= base <= high:
        raise NimcoreError(typeset(f"La base b est un entier de {low} à {high}, pas « {base} »."))
    return base


def _exact(value: int) -> int | str:
    """An integer for JSON: a number when JavaScript holds it exactly, its decimal string beyond."""
    return value if value <= MAX_SAFE_INTEGER else str(value)


def _calc_nim_sum(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    """Nim-sum of several numbers, with their binary table (the « calculette »)."""
    numbers = _calculator_values(payload.get("values"))
    analysis = nim.analyse(numbers)
    return {
        "values": [_exact(number) for number in numbers],
        "nim_sum": _exact(analysis.nim_sum),
        "weights": [_exact(weight) for weight in analysis.weights],
        "rows": [list(row) for row in analysis.rows],
        "column_ones": list(analysis.column_ones),
        "words": calculators.nim_sum_words(len(numbers), analysis.nim_sum),
    }


def _calc_digits(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    value = _calculator_value(payload)
    base = _calculator_base(payload.get("base", 2))
    digits = numeration.base_digits(value, base)
    return {
        "value": _exact(value),
        "base": base,
        "digits": list(digits),
        "words": calculators.digits_words(),
    }


def _calc_zeckendorf(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    value = _calculator_value(payload)
    terms = numeration.zeckendorf(value)
    digits = numeration.zeckendorf_digits(value)
    return {
        "value": _exact(value),
        "terms": [_exact(term) for term in terms],
        "digits": list(digits),
        "weights": [_exact(weight) for weight in calculators.zeckendorf_weights(value)],
        "words": calculators.zeckendorf_words(value, terms, digits),
    }


def _calc_stella(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    size = payload.get("size", 16)
    if (
        isinstance(size, bool)
        or not isinstance(size, int)
        or not 1 <= size <= nimsum.MAX_TABLE_SIZE
    ):
        raise NimcoreError(
            typeset(f"La table va de 1 à {nimsum.MAX_TABLE_SIZE} lignes, pas {quoted(size)}.")
        )
    return {"size": size, "table": [list(row) for row in nimsum.nim_sum_table(size)]}


def _calc_stella_cell(payload: Mapping[str, Any], progress: Progress) -> dict[str, object]:
    """A cell of Stella's table: ``a`` and ``b`` as numbers, or as the reader typed them (texts)."""
    a, b = payload.get("a"), payload.get("b")
    if isinstance(a, str) or isinstance(b, str):
        a, b = calculators.read_stella_cell(a, b)
    cell: dict[str, object] = nimsum.stella_cell(a, b)
    return cell


def _worksheet(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    """A teacher's worksheet (nimcore.worksheet): ``family``, ``level``, ``seed``, ``count``."""
    sheet: dict[str, Any] = worksheet.worksheet(
        payload.get("family"),
        payload.get("level"),
        payload.get("seed", 1),
        payload.get("count", 8),
    )
    return sheet


def _lab(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    """The laboratory's game, defined by the reader (nimcore.lab): values, period, plot, board.

    nimcore.lab is imported on first use: a page without the laboratory never
    loads it. (Not a lazy module as above: the doctests' look at nimcore's
    namespace would load it while reading that namespace.)
    """
    from nimcore import lab

    answer: dict[str, Any] = lab.analyse(payload, progress)
    return answer


def _version(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    """nimcore's and Python's versions, and the calls' time budgets (read by the page at start)."""
    return {"nimcore": __version__, "python": sys.version.split()[0], "budget_ms": BUDGET_MS}


#: Longest wait "engine.spin" accepts, in milliseconds.
MAX_SPIN_MS = 60_000


def _spin(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    """Keep the engine busy for ``ms`` milliseconds, reporting progress every ``step`` ms.

    For the tests and the bench of stopping a request (the laboratory's « Arrêter »):
    the one call that lasts as long as it is asked, up to :data:`MAX_SPIN_MS`.
    """
    ms = payload.get("ms", 0)
    step = payload.get("step", 50)
    for name, value in (("ms", ms), ("step", step)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SPIN_MS:
            raise NimcoreError(
                typeset(
                    f"La durée {name} doit être un entier de 0 à {MAX_SPIN_MS}, pas {quoted(value)}."
                )
            )
    start = time.monotonic()
    steps = 0
    total = max(1, ms // max(1, step))
    while (elapsed := (time.monotonic() - start) * 1000) < ms:
        if elapsed >= (steps + 1) * max(1, step):
            steps += 1
            progress(min(steps, total), total)
    progress(total, total)
    return {"ms": ms, "steps": total}


#: Every call a board can make, by name: "version", "engine.spin" (tests and bench),
#: "worksheet.make" (a teacher's worksheet, nimcore.worksheet), "lab.analyse" (the
#: laboratory's game, nimcore.lab: a minute or more, with progress), the calculators
#: ("calc.nim_sum", "calc.digits", "calc.zeckendorf", "calc.stella", "calc.stella_cell": their numbers
#: come as JSON numbers or decimal strings, and go back as numbers up to
#: MAX_SAFE_INTEGER, as decimal strings beyond), and "<game>.<call>" for every
#: game of the registry and every call of the module's docstring.
CALLS: dict[str, Call] = {
    "version": _version,
    "engine.spin": _spin,
    "worksheet.make": _worksheet,
    "lab.analyse": _lab,
    "calc.nim_sum": _calc_nim_sum,
    "calc.digits": _calc_digits,
    "calc.zeckendorf": _calc_zeckendorf,
    "calc.stella": _calc_stella,
    "calc.stella_cell": _calc_stella_cell,
    **{
        f"{game_id}.{name}": _game_call(game_id, handler)
        for game_id in games.IDS
        for name, handler in _GAME_CALLS.items()
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
        return _error("invalid", str(error))
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


def _error(code: str, message: str) -> str:
    return json.dumps(
        {"ok": False, "error": {"code": code, "message": message}}, ensure_ascii=False
    )
