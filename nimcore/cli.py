"""The command line: ``python -m nimcore GAME POSITION... [OPTIONS] [--json]``.

With ``--json`` it prints one JSON object, a contract other tools rely on::

    {"game": GAME, "position": P, "outcome": "P" | "N", "nimber": int | null,
     "winning_moves": [{"to": Q, "text": "<French description>"}, ...]}

``winning_moves`` lists every move to a P-position and ``to`` has the shape of
``position``. When there are too many to list (a huge heap of an octal game),
only the first ones are, and one more key, ``"winning_move_count": int``, gives
how many there are in all. Without ``--json`` the same answer is printed in French. Bad
input exits with status 2 and one French line on standard error.

``python -m nimcore period (--code 0.156 | --set 1,2,4) [--values N] [--json]``
searches the values of one heap for a certified period::

    {"game": "octal" | "subtraction", "code": "0.156" | "1,2,4", "certified": bool,
     "period": int | null, "preperiod": int | null, "values": V, "max_value": int,
     "rare_mask": int | null}

``code`` is the octal code, or the subtraction set in increasing order;
``values`` is how many values were computed (at most N), ``rare_mask`` the mask of the
sparse-space method when it ran (octal games only). Without a certificate
within N values, ``certified`` is false and the period null; the status is 0.

``python -m nimcore sprouts P [--misere] [--json]`` says who wins Sprouts from P
spots::

    {"game": "sprouts", "spots": P, "misere": bool, "outcome": "N" | "P",
     "positions": K, "seconds": S}

``"N"``: the first player wins; ``positions``: the positions the search kept;
``seconds``: its time. P beyond :data:`SPROUTS_MAX_SPOTS` (normal) or
:data:`SPROUTS_MAX_MISERE` (misère) is refused before any search. The game of
the registry answers the same command for a drawing with moves, in its board's
code (``sprouts 3,0-1 [--misere]``), with every game's contract above: a bare
number is a start, a code with a comma a drawing.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from nimcore import games as registry
from nimcore import octal, sprouts, subtraction
from nimcore.errors import NimcoreError
from nimcore.french import grouped, typeset
from nimcore.games import base

__all__ = ["COMMANDS", "main", "parse_natural", "run"]

#: Longest integer accepted on the command line, in decimal digits.
MAX_DIGITS = base.COMMAND_DIGITS


class FrenchArgumentParser(argparse.ArgumentParser):
    """argparse, with its refusals turned into one French line and status 2."""

    _HEADINGS = (
        ("usage: ", "utilisation : "),
        ("positional arguments:", "arguments :"),
        ("options:", "options :"),
    )

    def format_help(self) -> str:
        return self._french(super().format_help())

    def format_usage(self) -> str:
        return self._french(super().format_usage())

    def _french(self, text: str) -> str:
        for english, french in self._HEADINGS:
            text = text.replace(english, french)
        return typeset(text)

    def error(self, message: str) -> NoReturn:
        translated = _translate_argparse(message)
        self.exit(2, typeset(f"Erreur : {translated}") + "\n")


def _translate_argparse(message: str) -> str:
    patterns = [
        (r"the following arguments are required: (.*)", "arguments manquants : {0}."),
        (r"unrecognized arguments: (.*)", "arguments inconnus : {0}."),
        (
            r"argument (\S+): invalid choice: '?([^' ]*)'? \(choose from (.*)\)",
            "{0} : choix inconnu « {1} » (possibles : {2}).",
        ),
        (r"argument (\S+): expected one argument", "{0} attend une valeur."),
        (r"argument (\S+): not allowed with argument (\S+)", "{0} est incompatible avec {1}."),
        (r"argument (\S+): ignored explicit argument '(.*)'", "{0} ne prend pas de valeur ({1})."),
        (r"one of the arguments (.*) is required", "il faut l'une des options {0}."),
    ]
    for pattern, french in patterns:
        match = re.fullmatch(pattern, message)
        if match:
            return french.format(*match.groups())
    return message


#: Read a decimal integer typed on the command line (signs allowed, checked later).
parse_natural = base.command_integer

#: Every game of the command line, by the name typed after ``python -m nimcore``:
#: every game of the registry, each reading its own words (:meth:`base.Game.command`).
COMMANDS: tuple[str, ...] = registry.IDS


def _uncounted(analysis: Any) -> int | None:
    """The exact number of winning moves when the analysis listed only the first of them."""
    if getattr(analysis, "complete", True):
        return None
    return int(analysis.winning_move_count)


#: Values computed at most by ``period`` unless --values says otherwise, and the
#: largest --values accepted.
PERIOD_VALUES = 1 << 20
MAX_PERIOD_VALUES = octal.MAX_VALUES
#: Largest --values for a subtraction game (its values are kept as Python ints).
MAX_SUBTRACTION_VALUES = 1 << 22


def _add_period(games: Any) -> None:
    summary = (
        "période certifiée des valeurs d'un tas : period --code 0.156 (jeu octal)"
        " | --set 1,2,4 (jeu de soustraction) [--values N]"
    )
    sub = games.add_parser("period", help=summary, description=summary, add_help=False)
    sub.add_argument("-h", "--help", action="help", help="affiche cette aide")
    which = sub.add_mutually_exclusive_group(required=True)
    which.add_argument("--code", metavar="0.156", help="le code d'un jeu octal")
    which.add_argument("--set", metavar="1,2,4", help="les coups permis d'un jeu de soustraction")
    sub.add_argument(
        "--values",
        metavar="N",
        default=str(PERIOD_VALUES),
        help=(
            f"nombre de valeurs calculées au plus : {PERIOD_VALUES} par défaut,"
            f" {MAX_PERIOD_VALUES} au plus ({MAX_SUBTRACTION_VALUES} pour --set)"
        ),
    )
    sub.add_argument("--json", action="store_true", help="réponse en JSON")


def _period(args: argparse.Namespace) -> dict[str, Any]:
    """The answer of ``period``: the certified period of one heap, or none within N values."""
    limit = parse_natural(args.values, "--values")
    most = MAX_PERIOD_VALUES if args.code is not None else MAX_SUBTRACTION_VALUES
    if not 1 <= limit <= most:
        raise NimcoreError(typeset(f"--values doit aller de 1 à {most}, pas {limit}."))
    if args.code is not None:
        found = octal.periodicity(args.code, limit=limit)
        return {
            "game": "octal",
            "code": found.code,
            "certified": found.certified,
            "period": found.period,
            "preperiod": found.preperiod,
            "values": found.computed,
            "max_value": found.max_value,
            "rare_mask": found.rare_mask,
            "_explanation": [found.explanation],
            "_json": args.json,
        }
    amounts = [parse_natural(part, "coup permis") for part in args.set.split(",")]
    search = subtraction.search_period(amounts, limit)
    rule = subtraction.SubtractionRule.from_set(amounts)
    if search.period is None:
        said = (
            f"Aucune fenêtre de valeurs ne revient dans les {search.computed} premières valeurs"
            " : rien n'est affirmé au-delà."
        )
    else:
        said = (
            f"Les valeurs sont périodiques de période {search.period} à partir de n ="
            f" {search.preperiod} : une fenêtre de {rule.high} valeurs consécutives revient,"
            " et chaque valeur ne dépend que des précédentes de cette fenêtre."
        )
    return {
        "game": "subtraction",
        "code": ",".join(str(amount) for amount in sorted(set(amounts))),
        "certified": search.period is not None,
        "period": search.period,
        "preperiod": search.preperiod,
        "values": search.computed,
        "max_value": search.max_value,
        "rare_mask": None,
        "_explanation": [typeset(said)],
        "_json": args.json,
    }


#: Most spots the command line searches, in normal and in misère play: every game
#: up to them is answered within about 20 s of CPython (the slowest, 8 spots in
#: normal play, 15 s; 11 spots 6 s; 7 spots in misère 17 s), the next ones take
#: minutes (12 spots 127 s, 8 in misère 55 s; bench/results/sprouts.md).
SPROUTS_MAX_SPOTS = 11
SPROUTS_MAX_MISERE = 7


def _add_sprouts(games: Any) -> None:
    summary = (
        "le jeu des pousses (Sprouts) : qui gagne à partir de P points ?"
        f" sprouts P [--misere] (P ≤ {SPROUTS_MAX_SPOTS}, ≤ {SPROUTS_MAX_MISERE} en misère) ;"
        " ou un dessin et ses coups gagnants : sprouts 3,0-1 [--misere]"
    )
    sub = games.add_parser("sprouts", help=summary, description=summary, add_help=False)
    sub.add_argument("-h", "--help", action="help", help="affiche cette aide")
    sub.add_argument(
        "spots", metavar="P", help="le nombre de points au départ, ou le code d'un dessin"
    )
    sub.add_argument("--misere", action="store_true", help="version misère")
    sub.add_argument("--json", action="store_true", help="réponse en JSON")


def _sprouts(args: argparse.Namespace) -> dict[str, Any]:
    """The answer of ``sprouts``: who wins from P spots, refused up front when P is too large."""
    spots = parse_natural(args.spots, "points")
    limit = SPROUTS_MAX_MISERE if args.misere else SPROUTS_MAX_SPOTS
    if spots < 1:
        raise NimcoreError(typeset(f"Il faut au moins un point, pas {spots}."))
    if spots > limit:
        variant = "en version misère" if args.misere else "en version normale"
        raise NimcoreError(
            typeset(
                f"Le nombre de points doit aller de 1 à {limit} {variant}, pas {spots} :"
                " au-delà, la recherche prendrait trop longtemps."
            )
        )
    answer = sprouts.analyse(spots, misere=args.misere)
    winner = "le premier joueur" if answer.outcome == "N" else "le second joueur"
    seconds = f"{answer.seconds:.2f}".replace(".", ",")
    said = (
        f"Jeu des pousses à {spots} point{'s' if spots > 1 else ''},"
        f" {'version misère' if args.misere else 'version normale'} : {winner} gagne"
        f" (issue {answer.outcome}). {grouped(answer.positions)} positions examinées"
        f" en {seconds} s."
    )
    return {
        "game": "sprouts",
        "spots": spots,
        "misere": args.misere,
        "outcome": answer.outcome,
        "positions": answer.positions,
        "seconds": round(answer.seconds, 3),
        "_explanation": [typeset(said)],
        "_json": args.json,
    }


#: The games of the registry whose command reads more than a position: id → its parser's
#: maker. ``sprouts P`` searches the whole game from P spots (issue 33); a drawing with
#: moves (``sprouts 3,0-1``) is analysed as every game's position is (:func:`run`).
_OWN_COMMANDS = {"sprouts": _add_sprouts}


def _parser() -> FrenchArgumentParser:
    parser = FrenchArgumentParser(
        prog="python -m nimcore",
        description=typeset(
            "Analyse une position d'un jeu de Nim : issue, valeur, coups gagnants."
        ),
        add_help=False,
    )
    parser.add_argument("-h", "--help", action="help", help="affiche cette aide")
    games = parser.add_subparsers(dest="game", metavar="JEU", parser_class=FrenchArgumentParser)
    games.required = True
    for game_id in COMMANDS:
        if game_id in _OWN_COMMANDS:
            _OWN_COMMANDS[game_id](games)
            continue
        game = registry.get(game_id)
        usage = typeset(game.usage)
        sub = games.add_parser(game_id, help=usage, description=usage, add_help=False)
        sub.add_argument("-h", "--help", action="help", help="affiche cette aide")
        sub.add_argument("position", nargs="+", metavar="POSITION", help="la position à analyser")
        sub.add_argument("--json", action="store_true", help="réponse en JSON")
        for flag in game.flags:
            if flag.metavar is None:
                sub.add_argument(flag.name, action="store_true", help=typeset(flag.help))
            else:
                sub.add_argument(
                    flag.name, metavar=flag.metavar, required=flag.required, help=typeset(flag.help)
                )
    _add_period(games)
    return parser


def _as_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_as_json(item) for item in value]
    if isinstance(value, list):
        return [_as_json(item) for item in value]
    return value


def run(argv: Sequence[str]) -> dict[str, Any]:
    """Parse *argv* (without the program name) and return the JSON answer as a dict.

    >>> run(["nim", "1", "2", "3"])["outcome"]
    'P'
    """
    args = _parser().parse_args(list(argv))
    if args.game == "period":
        return _period(args)
    if args.game == "sprouts":
        if "," not in args.spots:
            return _sprouts(args)
        args.position = [args.spots]  # a drawing with moves: the registry's game answers
    named = registry.get(args.game)
    flags = {flag.name.lstrip("-"): getattr(args, flag.name.lstrip("-")) for flag in named.flags}
    game_id, code, label = named.command(args.position, flags)
    game = registry.get(game_id)
    position, options = game.decode(code)
    analysis = game.analyse(position, options)
    answer = {
        "game": args.game,
        "position": _as_json(game.position_json(position)),
        "outcome": analysis.outcome,
        "nimber": analysis.nimber,
        "winning_moves": [
            {"to": _as_json(game.position_json(move.to)), "text": move.text}
            for move in analysis.winning_moves
        ],
        "_label": label,
        "_explanation": list(analysis.explanation),
        "_json": args.json,
    }
    count = _uncounted(analysis)
    if count is not None:
        answer["winning_move_count"] = count
    return answer


def _show(value: Any) -> str:
    """A position's JSON in words: a list's items separated by spaces, a pair as "2-1"."""
    if isinstance(value, list):
        if value and all(isinstance(item, list) for item in value):
            return " ".join("-".join(map(str, item)) for item in value)
        return " ".join(_show(item) for item in value) if value else "(vide)"
    return str(value)


#: Winning moves printed at most, without --json, when there are too many to list them all.
SHOWN_MOVES = 20


def _readable(answer: dict[str, Any]) -> str:
    lines = [
        f"Position : {_show(answer['position'])} ({answer['_label']})",
        "Issue : "
        + (
            "P — le joueur qui doit jouer perd contre un adversaire parfait."
            if answer["outcome"] == "P"
            else "N — le joueur qui doit jouer peut gagner."
        ),
    ]
    if answer["nimber"] is not None:
        lines.append(f"Valeur de Grundy : {answer['nimber']}")
    if answer["winning_moves"]:
        lines.append("Coups gagnants :")
        count = answer.get("winning_move_count")
        shown = answer["winning_moves"] if count is None else answer["winning_moves"][:SHOWN_MOVES]
        lines.extend(f"  - {move['text']} → {_show(move['to'])}" for move in shown)
        if count is not None:
            listed = len(shown)
            lines.append(
                f"  … et {grouped(count - listed)} autres : il y a {grouped(count)} coups"
                " gagnants en tout,"
                f" seuls les {listed} premiers sont listés."
            )
    else:
        lines.append("Aucun coup gagnant.")
    lines.append("Pourquoi :")
    lines.extend(f"  {sentence}" for sentence in answer["_explanation"])
    return "\n".join(typeset(line) for line in lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m nimcore``; returns the exit status."""
    try:
        answer = run(sys.argv[1:] if argv is None else argv)
    except NimcoreError as error:
        print(typeset(f"Erreur : {error}"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("Interrompu.", file=sys.stderr)
        return 130
    if answer["_json"]:
        public = {key: value for key, value in answer.items() if not key.startswith("_")}
        print(json.dumps(public, ensure_ascii=False))
    elif "certified" in answer or "spots" in answer:
        print("\n".join(answer["_explanation"]))
    else:
        print(_readable(answer))
    return 0
