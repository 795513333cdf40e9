"""The command line: ``python -m nimcore GAME POSITION... [OPTIONS] [--json]``.

With ``--json`` it prints one JSON object, a contract other tools rely on::

    {"game": GAME, "position": P, "outcome": "P" | "N", "nimber": int | null,
     "winning_moves": [{"to": Q, "text": "<French description>"}, ...]}

``winning_moves`` lists every move to a P-position and ``to`` has the shape of
``position``. Without ``--json`` the same answer is printed in French. Bad
input exits with status 2 and one French line on standard error.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from nimcore import nim
from nimcore.errors import NimcoreError
from nimcore.french import typeset

__all__ = ["GAMES", "main", "parse_natural", "run"]

_INTEGER = re.compile(r"[+-]?[0-9]+", re.ASCII)
#: Longest integer accepted on the command line, in decimal digits.
MAX_DIGITS = 4000


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
        (r"argument (\S+): invalid choice: '?([^' ]*)'? \(choose from (.*)\)",
         "{0} : choix inconnu « {1} » (possibles : {2})."),
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


def parse_natural(text: str, what: str) -> int:
    """Read a decimal integer typed on the command line (signs allowed, checked later).

    >>> parse_natural("12", "tas")
    12
    >>> parse_natural("douze", "tas")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: « douze » n'est pas un nombre entier (tas).
    """
    stripped = text.strip()
    if not _INTEGER.fullmatch(stripped):
        raise NimcoreError(typeset(f"« {text} » n'est pas un nombre entier ({what})."))
    if len(stripped.lstrip("+-")) > MAX_DIGITS:
        raise NimcoreError(
            typeset(f"Nombre trop long ({what}) : {MAX_DIGITS} chiffres au plus.")
        )
    return int(stripped)


@dataclass(frozen=True)
class Game:
    """How the command line reads one game and asks nimcore about it."""

    name: str
    help: str
    add_options: Callable[[argparse.ArgumentParser], None]
    analyse: Callable[[argparse.Namespace], Any]
    position: Callable[[Any], Any]
    label: Callable[[argparse.Namespace], str]


def _nim_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--misere", action="store_true", help="version misère")


def _nim_analyse(args: argparse.Namespace) -> nim.NimAnalysis:
    heaps = [parse_natural(text, "tas") for text in args.position]
    return nim.analyse(heaps, args.misere)


GAMES: dict[str, Game] = {
    "nim": Game(
        name="nim",
        help="Nim à plusieurs tas : nim 3 4 5 [--misere]",
        add_options=_nim_options,
        analyse=_nim_analyse,
        position=lambda analysis: list(analysis.heaps),
        label=lambda args: "Nim, version misère" if args.misere else "Nim, version normale",
    ),
}


def _parser() -> FrenchArgumentParser:
    parser = FrenchArgumentParser(
        prog="python -m nimcore",
        description=typeset("Analyse une position d'un jeu de Nim : issue, valeur, coups gagnants."),
        add_help=False,
    )
    parser.add_argument("-h", "--help", action="help", help="affiche cette aide")
    games = parser.add_subparsers(dest="game", metavar="JEU", parser_class=FrenchArgumentParser)
    games.required = True
    for game in GAMES.values():
        sub = games.add_parser(game.name, help=game.help, description=game.help, add_help=False)
        sub.add_argument("-h", "--help", action="help", help="affiche cette aide")
        sub.add_argument("position", nargs="+", metavar="POSITION", help="la position à analyser")
        sub.add_argument("--json", action="store_true", help="réponse en JSON")
        game.add_options(sub)
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
    game = GAMES[args.game]
    analysis = game.analyse(args)
    return {
        "game": game.name,
        "position": _as_json(game.position(analysis)),
        "outcome": analysis.outcome,
        "nimber": analysis.nimber,
        "winning_moves": [
            {"to": _as_json(move.to), "text": move.text} for move in analysis.winning_moves
        ],
        "_label": game.label(args),
        "_explanation": list(analysis.explanation),
        "_json": args.json,
    }


def _show(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(_show(item) for item in value) if value else "(vide)"
    return str(value)


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
        lines.extend(
            f"  - {move['text']} → {_show(move['to'])}" for move in answer["winning_moves"]
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
    else:
        print(_readable(answer))
    return 0
