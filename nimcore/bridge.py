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

from __future__ import annotations

import importlib.util
import json
import random
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from nimcore import __version__
from nimcore.errors import NimcoreError
from nimcore.french import typeset


def _lazy(name: str) -> ModuleType:
    """The module ``nimcore.<name>``, loaded on first use (the standard library's LazyLoader).

    A board page plays one game: the worker imports only that game's module
    when it starts, not all of them (bench/browser.py measured ~0.2 s of
    imports). The build's memory snapshot loads them all.
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


chomp = _lazy("chomp")
fibonacci = _lazy("fibonacci")
graph = _lazy("graph")
grundy = _lazy("grundy")
moore = _lazy("moore")
nim = _lazy("nim")
nimsum = _lazy("nimsum")
numeration = _lazy("numeration")
octal = _lazy("octal")
ordinal = _lazy("ordinal")
subtraction = _lazy("subtraction")
wythoff = _lazy("wythoff")

__all__ = ["BOARD_GAMES", "CALLS", "LEVELS", "MAX_CHECKED_MOVES", "MAX_GRAPH_TOKENS", "dispatch"]

#: The computer's levels: "parfait" never misses a winning move; "debutant"
#: plays a random legal move about one time in three.
LEVELS = ("parfait", "debutant")
BEGINNER_ERROR_RATE = 0.35
#: Most legal moves enumerated to check a board's move or pick a beginner's one.
MAX_CHECKED_MOVES = 100_000
#: Largest heap of Grundy's game on a board: values up to it are computed in
#: well under a second in the browser (nimcore.grundy itself goes to 2**20).
GRUNDY_BOARD_MAX_HEAP = 2**12
#: Largest side of the pawn board.
MAX_PAWN_BOARD = 12
#: Most tokens on the board of a worked graph (nimcore.graph.EXAMPLES).
MAX_GRAPH_TOKENS = 4
#: Most candidate positions a board may send to "G.random_start".
MAX_RANDOM_CANDIDATES = 64
#: Largest value the calculators accept, in decimal digits.
MAX_CALCULATOR_DIGITS = 300


def _flag(options: Mapping[str, Any], name: str) -> bool:
    value = options.get(name, False)
    if not isinstance(value, bool):
        raise NimcoreError(typeset(f"L'option {name} se règle par vrai ou faux, pas {value!r}."))
    return value


def _integer_option(options: Mapping[str, Any], name: str) -> int:
    value = options.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise NimcoreError(typeset(f"L'option {name} doit être un nombre entier, pas {value!r}."))
    return value


def _rule(options: Mapping[str, Any]) -> subtraction.SubtractionRule:
    if "set" in options:
        amounts = options["set"]
        if not isinstance(amounts, list):
            raise NimcoreError(typeset(f"L'option set doit être une liste, pas {amounts!r}."))
        return subtraction.SubtractionRule.from_set(amounts)
    return subtraction.SubtractionRule.between(
        _integer_option(options, "min"), _integer_option(options, "max")
    )


@dataclass(frozen=True)
class BoardGame:
    """How the boards reach one game of nimcore, with JSON positions and options.

    ``check(position, to, options)`` returns the move from *position* to *to*
    or raises :class:`NimcoreError`; ``random_move(position, options, chance)``
    returns a random legal move (the beginner's mistakes). A game whose moves
    cannot all be listed (a heap ω has infinitely many) gives both; the others
    leave them out, and the bridge searches ``moves`` (at most
    :data:`MAX_CHECKED_MOVES`), comparing targets with ``same``.
    """

    analyse: Callable[[Any, Mapping[str, Any]], Any]
    moves: Callable[[Any, Mapping[str, Any]], Iterable[Any]]
    computer_move: Callable[[Any, Mapping[str, Any]], Any]
    position: Callable[[Any], Any]
    same: Callable[[Any, Any], bool] = lambda left, right: list(left) == list(right)
    check: Callable[[Any, Any, Mapping[str, Any]], Any] | None = None
    random_move: Callable[[Any, Mapping[str, Any], random.Random], Any] | None = None


def _take_up_to(options: Mapping[str, Any]) -> subtraction.SubtractionRule:
    return subtraction.SubtractionRule.take_up_to(_integer_option(options, "max"))


def _nim_max_or_plain(heaps: Any, options: Mapping[str, Any]) -> Any:
    if "max" in options:
        return subtraction.nim_max_analyse(
            heaps, _integer_option(options, "max"), _flag(options, "misere")
        )
    return nim.analyse(heaps, _flag(options, "misere"))


def _code(options: Mapping[str, Any]) -> octal.Octal:
    return octal.parse_code(options.get("code", "0.137"))


def _octal_heaps(heaps: Any) -> Any:
    """An octal position; no heap at all (a move that empties the last one reaches it) is [0]."""
    return [0] if isinstance(heaps, (list, tuple)) and len(heaps) == 0 else heaps


def _same_nonempty_heaps(left: Any, right: Any) -> bool:
    return sorted(heap for heap in left if heap != 0) == sorted(heap for heap in right if heap != 0)


def _size(options: Mapping[str, Any]) -> int:
    size = options.get("size", 5)
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_PAWN_BOARD:
        raise NimcoreError(
            typeset(f"Le damier doit avoir de 1 à {MAX_PAWN_BOARD} cases de côté, pas {size!r}.")
        )
    return size


def _same_cells(left: Any, right: Any) -> bool:
    return sorted(map(tuple, left)) == sorted(map(tuple, right))


def _worked_graph(options: Mapping[str, Any]) -> graph.Graph:
    """The graph a board plays on: named in the options, from nimcore's worked graphs only."""
    return graph.worked_graph(options.get("graph")).graph


def _graph_tokens(tokens: Any) -> Any:
    """The board's tokens: at most MAX_GRAPH_TOKENS (nimcore checks the rest)."""
    if isinstance(tokens, list) and len(tokens) > MAX_GRAPH_TOKENS:
        raise NimcoreError(
            typeset(
                f"Trop de jetons : {len(tokens)} ; le plateau en accepte {MAX_GRAPH_TOKENS} au plus."
            )
        )
    return tokens


def _same_ordinals(left: Any, right: Any) -> bool:
    return [heap.ascii for heap in ordinal.validate_heaps(left)] == [
        heap.ascii for heap in ordinal.validate_heaps(right)
    ]


#: Every game a board can play, by the name used in request types ("wythoff.play"…).
BOARD_GAMES: dict[str, BoardGame] = {
    "nim": BoardGame(
        analyse=_nim_max_or_plain,
        moves=lambda heaps, o: (
            subtraction.moves(heaps, _take_up_to(o)) if "max" in o else nim.moves(heaps)
        ),
        computer_move=lambda heaps, o: (
            subtraction.computer_move(heaps, _take_up_to(o), _flag(o, "misere"))
            if "max" in o
            else nim.computer_move(heaps, _flag(o, "misere"))
        ),
        position=lambda analysis: list(analysis.heaps),
    ),
    "soustraction": BoardGame(
        analyse=lambda heaps, o: subtraction.analyse(heaps, _rule(o), _flag(o, "misere")),
        moves=lambda heaps, o: subtraction.moves(heaps, _rule(o)),
        computer_move=lambda heaps, o: subtraction.computer_move(
            heaps, _rule(o), _flag(o, "misere")
        ),
        position=lambda analysis: list(analysis.heaps),
    ),
    "moore": BoardGame(
        analyse=lambda heaps, o: moore.analyse(heaps, _integer_option(o, "k")),
        moves=lambda heaps, o: moore.moves(heaps, _integer_option(o, "k")),
        computer_move=lambda heaps, o: moore.computer_move(heaps, _integer_option(o, "k")),
        position=lambda analysis: list(analysis.heaps),
    ),
    "fibonacci": BoardGame(
        analyse=lambda position, o: fibonacci.analyse(position),
        moves=lambda position, o: fibonacci.moves(position),
        computer_move=lambda position, o: fibonacci.computer_move(position),
        position=lambda analysis: list(analysis.position),
    ),
    "wythoff": BoardGame(
        analyse=lambda heaps, o: wythoff.analyse(heaps),
        moves=lambda heaps, o: wythoff.moves(heaps),
        computer_move=lambda heaps, o: wythoff.computer_move(heaps),
        position=lambda analysis: list(analysis.heaps),
    ),
    "chomp": BoardGame(
        analyse=lambda rows, o: chomp.analyse(rows),
        moves=lambda rows, o: chomp.moves(rows),
        computer_move=lambda rows, o: chomp.computer_move(rows),
        position=lambda analysis: list(analysis.rows),
    ),
    "grundy": BoardGame(
        analyse=lambda heaps, o: grundy.analyse(heaps, GRUNDY_BOARD_MAX_HEAP),
        moves=lambda heaps, o: grundy.moves(heaps),
        computer_move=lambda heaps, o: grundy.computer_move(heaps),
        position=lambda analysis: list(analysis.heaps),
        same=lambda left, right: sorted(left) == sorted(right),
    ),
    "octal": BoardGame(
        analyse=lambda heaps, o: octal.analyse(_octal_heaps(heaps), _code(o)),
        moves=lambda heaps, o: octal.moves(_octal_heaps(heaps), _code(o)),
        computer_move=lambda heaps, o: octal.computer_move(_octal_heaps(heaps), _code(o)),
        position=lambda analysis: list(analysis.heaps),
        same=_same_nonempty_heaps,
    ),
    "pions": BoardGame(
        analyse=lambda pawns, o: graph.analyse_pawns(pawns, _size(o)),
        moves=lambda pawns, o: graph.pawn_moves(pawns, _size(o)),
        computer_move=lambda pawns, o: graph.pawn_computer_move(pawns, _size(o)),
        position=lambda analysis: [list(cell) for cell in analysis.tokens],
        same=_same_cells,
    ),
    "graphe": BoardGame(
        analyse=lambda tokens, o: graph.analyse(_worked_graph(o), _graph_tokens(tokens)),
        moves=lambda tokens, o: graph.moves(_worked_graph(o), _graph_tokens(tokens)),
        computer_move=lambda tokens, o: graph.computer_move(
            _worked_graph(o), _graph_tokens(tokens)
        ),
        position=lambda analysis: list(analysis.tokens),
    ),
    "ordinal": BoardGame(
        analyse=lambda heaps, o: ordinal.analyse(heaps),
        moves=lambda heaps, o: ordinal.moves(heaps),
        computer_move=lambda heaps, o: ordinal.computer_move(heaps),
        position=lambda analysis: [heap.ascii for heap in analysis.heaps],
        same=_same_ordinals,
        check=lambda heaps, to, o: ordinal.move_to(heaps, to),
        random_move=lambda heaps, o, chance: ordinal.random_move(heaps, chance),
    ),
}


def _options(payload: Mapping[str, Any]) -> Mapping[str, Any]:
    options = payload.get("options", {})
    if not isinstance(options, dict):
        raise NimcoreError(typeset(f"Les options doivent former un objet, pas {options!r}."))
    return options


def _board_analyse(game: BoardGame, payload: Mapping[str, Any]) -> dict[str, Any]:
    analysis = game.analyse(payload.get("position"), _options(payload))
    return {
        **analysis.to_dict(),
        "position": game.position(analysis),
        "terminal": analysis.terminal,
    }


def _board_computer_move(game: BoardGame, payload: Mapping[str, Any]) -> dict[str, Any]:
    position, options = payload.get("position"), _options(payload)
    level = payload.get("level", "parfait")
    if level not in LEVELS:
        raise NimcoreError(typeset(f"Niveau inconnu : {level!r} (parfait ou debutant)."))
    seed = payload.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise NimcoreError(typeset(f"La graine doit être un nombre entier, pas {seed!r}."))
    analysis = game.analyse(position, options)
    if analysis.terminal:
        raise NimcoreError(typeset("La partie est finie : plus aucun coup n'est possible."))
    chance = random.Random(seed)
    move = None
    if level == "debutant" and chance.random() < BEGINNER_ERROR_RATE:
        if game.random_move is not None:
            move = game.random_move(position, options, chance)
        else:
            move = _random_move(game.moves(position, options), chance)
    if move is None:
        move = game.computer_move(position, options)
    return _answer(game, move, options)


def _answer(game: BoardGame, move: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    """A move as the boards receive it: its own fields, and the position it reaches."""
    after = game.analyse(move.to, options)
    reached = game.position(after)
    return {
        "move": {**move.to_dict(), "to": reached},
        "position": reached,
        "terminal": after.terminal,
        "outcome": after.outcome,
    }


def _random_move(moves: Iterable[Any], chance: random.Random) -> Any:
    """A uniformly random move among the first MAX_CHECKED_MOVES (reservoir sampling)."""
    chosen = None
    for count, move in enumerate(moves, start=1):
        if count > MAX_CHECKED_MOVES:
            break
        if chance.randrange(count) == 0:
            chosen = move
    return chosen


def _board_play(game: BoardGame, payload: Mapping[str, Any]) -> dict[str, Any]:
    """Check that a board's move is legal: ``to`` must be reached by one move.

    The game's own ``check`` answers when it has one; otherwise the legal moves
    are searched for one that reaches ``to``. With ``reply`` (``{level, seed}``,
    as for computer_move), the answer also carries the computer's reply to the
    move — one round trip instead of two when a reader plays the computer — or
    None when the game is over or the computer cannot answer (the board then
    asks computer_move, which says why).
    """
    position, options, target = payload.get("position"), _options(payload), payload.get("to")
    reply = payload.get("reply")
    if reply is not None and not isinstance(reply, dict):
        raise NimcoreError(typeset(f"La réponse demandée doit être un objet, pas {reply!r}."))
    answer = _answer(game, _checked_move(game, position, target, options), options)
    if reply is not None:
        answer["reply"] = None
        if not answer["terminal"]:
            try:
                answer["reply"] = _board_computer_move(
                    game, {**reply, "position": answer["position"], "options": options}
                )
            except NimcoreError:
                pass
    return answer


def _checked_move(game: BoardGame, position: Any, target: Any, options: Mapping[str, Any]) -> Any:
    """The move from *position* that reaches *target*, or a French refusal."""
    game.analyse(position, options)  # validates the position and the options
    if not isinstance(target, list):
        raise NimcoreError(typeset(f"La position d'arrivée doit être une liste, pas {target!r}."))
    if game.check is not None:
        return game.check(position, target, options)
    for count, move in enumerate(game.moves(position, options), start=1):
        if count > MAX_CHECKED_MOVES:
            raise NimcoreError(
                typeset(
                    f"Position trop grande pour vérifier le coup ({MAX_CHECKED_MOVES} coups au plus)."
                )
            )
        if game.same(move.to, target):
            return move
    raise NimcoreError(typeset("Ce coup n'est pas permis par la règle du jeu."))


def _board_random_start(game: BoardGame, payload: Mapping[str, Any]) -> dict[str, Any]:
    """A random start among a board's candidates: a P-position one time in two.

    The board draws the candidates (shapes only: it knows no rule); nimcore
    decides. With the seed, the wanted outcome is drawn: P or N, evenly. The
    first candidate that is not over and has that outcome is chosen. When P
    is wanted and none is P, the winning move from the first N candidate
    reaches one (unless it ends the game). Otherwise, the first candidate that
    is not over. The answer gives the chosen candidate's ``index`` and
    ``move``: None, or the winning move made from it (as ``play`` answers it),
    with the ``outcome`` of the start. With ``"moves": false`` (a board whose
    setup holds only fresh games, as Fibonacci Nim's number of tokens), no
    move is played: the start is always one of the candidates.
    """
    options, candidates = _options(payload), payload.get("candidates")
    may_move = payload.get("moves", True)
    if not isinstance(may_move, bool):
        raise NimcoreError(typeset(f"L'option moves se règle par vrai ou faux, pas {may_move!r}."))
    if not isinstance(candidates, list) or not 1 <= len(candidates) <= MAX_RANDOM_CANDIDATES:
        raise NimcoreError(
            typeset(
                f"Il faut de 1 à {MAX_RANDOM_CANDIDATES} positions candidates pour un départ au hasard."
            )
        )
    seed = payload.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise NimcoreError(typeset(f"La graine doit être un nombre entier, pas {seed!r}."))
    wanted = "P" if random.Random(seed).random() < 0.5 else "N"
    fallback: tuple[int, str] | None = None
    first_n: int | None = None
    for index, candidate in enumerate(candidates):
        analysis = game.analyse(candidate, options)
        if analysis.terminal:
            continue
        if analysis.outcome == wanted:
            return {"index": index, "move": None, "outcome": wanted}
        if fallback is None:
            fallback = (index, analysis.outcome)
        if analysis.outcome == "N" and first_n is None:
            first_n = index
    if first_n is not None and may_move:
        answer = _answer(game, game.computer_move(candidates[first_n], options), options)
        if not answer["terminal"]:
            return {"index": first_n, "move": answer["move"], "outcome": answer["outcome"]}
    if fallback is None:
        raise NimcoreError(
            typeset(
                "Toutes les positions candidates sont finies : aucune ne peut commencer une partie."
            )
        )
    return {"index": fallback[0], "move": None, "outcome": fallback[1]}


def _board_calls() -> dict[str, Callable[[Mapping[str, Any]], Any]]:
    calls: dict[str, Callable[[Mapping[str, Any]], Any]] = {}
    for name, game in BOARD_GAMES.items():
        for action, handler in (
            ("analyse", _board_analyse),
            ("computer_move", _board_computer_move),
            ("play", _board_play),
            ("random_start", _board_random_start),
        ):
            calls[f"{name}.{action}"] = lambda payload, game=game, handler=handler: handler(
                game, payload
            )
    return calls


#: Largest integer a JSON number carries exactly to JavaScript (2^53 − 1).
MAX_SAFE_INTEGER = 2**53 - 1


def _calculator_value(payload: Mapping[str, Any], name: str = "value") -> int:
    """A natural number given as a JSON number or as a string of decimal digits.

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
            raise NimcoreError(typeset("Un entier naturel est attendu, pas un texte vide."))
        if not text.isascii() or not text.isdigit():
            shown = text if len(text) <= 40 else text[:40] + "…"
            raise NimcoreError(
                typeset(
                    f"« {shown} » n'est pas un entier naturel écrit avec des chiffres de 0 à 9."
                )
            )
        return int(text)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise NimcoreError(typeset(f"Un entier naturel est attendu, pas {value!r}."))
    if value >= 10**MAX_CALCULATOR_DIGITS:
        raise NimcoreError(typeset(f"Nombre trop long : {MAX_CALCULATOR_DIGITS} chiffres au plus."))
    return value


def _exact(value: int) -> int | str:
    """An integer for JSON: a number when JavaScript holds it exactly, its decimal string beyond."""
    return value if value <= MAX_SAFE_INTEGER else str(value)


def _calc_nim_sum(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Nim-sum of several numbers, with their binary table (the « calculette »)."""
    values = payload.get("values")
    if not isinstance(values, list) or not 1 <= len(values) <= 12:
        raise NimcoreError(typeset("Donnez de 1 à 12 nombres."))
    numbers = [_calculator_value({"value": value}) for value in values]
    analysis = nim.analyse(numbers)
    return {
        "values": [_exact(number) for number in numbers],
        "nim_sum": _exact(analysis.nim_sum),
        "weights": [_exact(weight) for weight in analysis.weights],
        "rows": [list(row) for row in analysis.rows],
        "column_ones": list(analysis.column_ones),
    }


def _calc_digits(payload: Mapping[str, Any]) -> dict[str, Any]:
    value = _calculator_value(payload)
    base = payload.get("base", 2)
    if isinstance(base, bool) or not isinstance(base, int) or not 2 <= base <= 36:
        raise NimcoreError(typeset(f"La base doit être comprise entre 2 et 36, pas {base!r}."))
    digits = numeration.base_digits(value, base)
    return {"value": _exact(value), "base": base, "digits": list(digits)}


def _calc_zeckendorf(payload: Mapping[str, Any]) -> dict[str, Any]:
    value = _calculator_value(payload)
    return {
        "value": _exact(value),
        "terms": [_exact(term) for term in numeration.zeckendorf(value)],
        "digits": list(numeration.zeckendorf_digits(value)),
    }


def _calc_stella(payload: Mapping[str, Any]) -> dict[str, Any]:
    size = payload.get("size", 16)
    if (
        isinstance(size, bool)
        or not isinstance(size, int)
        or not 1 <= size <= nimsum.MAX_TABLE_SIZE
    ):
        raise NimcoreError(
            typeset(f"La table va de 1 à {nimsum.MAX_TABLE_SIZE} lignes, pas {size!r}.")
        )
    return {"size": size, "table": [list(row) for row in nimsum.nim_sum_table(size)]}


def _version(payload: Mapping[str, Any]) -> dict[str, Any]:
    return {"nimcore": __version__, "python": sys.version.split()[0]}


#: Every call a board can make, by name: "version", the calculators
#: ("calc.nim_sum", "calc.digits", "calc.zeckendorf", "calc.stella": their numbers
#: come as JSON numbers or decimal strings, and go back as numbers up to
#: MAX_SAFE_INTEGER, as decimal strings beyond), and for each game G of
#: BOARD_GAMES, "G.analyse", "G.computer_move", "G.play" and "G.random_start",
#: whose payloads are {position, options} (+ level and seed for computer_move,
#: + to and optionally reply: {level, seed} for play), or {candidates, options,
#: seed, moves?} for random_start.
CALLS: dict[str, Callable[[Mapping[str, Any]], Any]] = {
    "version": _version,
    "calc.nim_sum": _calc_nim_sum,
    "calc.digits": _calc_digits,
    "calc.zeckendorf": _calc_zeckendorf,
    "calc.stella": _calc_stella,
    **_board_calls(),
}


def dispatch(kind: str, payload_json: str) -> str:
    """Run the allowed call *kind* on the JSON object *payload_json*; answer in JSON.

    >>> dispatch("nim.analyse", '{"position": [1, 2, 3]}')[:40]
    '{"ok": true, "result": {"game": "nim", "'
    >>> json.loads(dispatch("nim.analyse", '{"position": [-1]}'))["error"]["code"]
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
    return json.dumps(
        {"ok": False, "error": {"code": code, "message": message}}, ensure_ascii=False
    )
