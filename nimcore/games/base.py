"""What every game of the registry says about itself, and the play built on it.

A game entry (a subclass of :class:`Game`) knows one game of nimcore by its id
and answers, with JSON-ready values, everything the command line, the boards
(through :mod:`nimcore.bridge`) and the build hooks ask: read and check a
position and its options; list the legal moves, each with its target and its
French words; check one move by the game's own rule (never by listing every
move); analyse; choose the computer's move at a level; draw a random start;
state the rule in one French sentence. The functions of this module —
:func:`view`, :func:`computer_move`, :func:`random_start`, :func:`hint` — are
the same for every game, written once on top of the entries.

The shape follows OpenSpiel's game API (``load_game``, a state's
``legal_actions`` and ``action_to_string``), with positions as values instead
of mutable states.

Size: the Game interface and the play written once on top of it (view, computer_move,
random_start, hint and its tables) stay together: each play function is the other
half of Game's methods, and their JSON (moves, hint tables) is shaped in one
place. The setup forms are apart (:mod:`nimcore.games.forms`).
"""

from __future__ import annotations

import itertools
import json
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar, cast

from nimcore.errors import NimcoreError
from nimcore.french import plural, quoted, typeset, unbroken_arrows
from nimcore.games.forms import form_field, form_schema, setup_choice, setup_naturals, setup_text

__all__ = [
    "BEGINNER_ERROR_RATE",
    "COMMAND_DIGITS",
    "LEVELS",
    "MAX_RANDOM_DRAWS",
    "MAX_VIEW_MOVES",
    "ROLES",
    "Analysis",
    "Flag",
    "Game",
    "Level",
    "Move",
    "check_flag",
    "check_integer",
    "check_level",
    "check_options",
    "command_count",
    "command_heaps",
    "command_integer",
    "computer_move",
    "form_field",
    "form_schema",
    "gesture_key",
    "hint",
    "move_id",
    "move_json",
    "random_setup",
    "random_start",
    "setup_choice",
    "setup_naturals",
    "setup_text",
    "table",
    "view",
]

#: The computer's levels: "perfect" never misses a winning move; "beginner"
#: plays a random legal move about one time in three.
LEVELS = ("perfect", "beginner")
Level = Literal["perfect", "beginner"]
BEGINNER_ERROR_RATE = 0.35
#: Most moves a view lists; beyond (or when the moves cannot all be listed, as
#: from a heap ω), a view says ``"moves": null`` and a board asks nimcore to
#: check each move it prepares ("G.move").
MAX_VIEW_MOVES = 2000
#: Most positions drawn for one random start (see :func:`random_start`).
MAX_RANDOM_DRAWS = 64

#: Who may play a move on a board: the reader against the computer, or one of
#: two players sharing the screen (the protocol's ids; a board names them in French).
ROLES = ("reader", "computer", "player1", "player2")
Role = Literal["reader", "computer", "player1", "player2"]
_OPPONENT: dict[str, Role] = {
    "reader": "computer",
    "computer": "reader",
    "player1": "player2",
    "player2": "player1",
}

P = TypeVar("P")
O = TypeVar("O")  # noqa: E741 (the options of a game, as P is its positions)


class Move(Protocol):
    """A move of any game: the position it reaches, its French words, its JSON."""

    @property
    def to(self) -> Any: ...

    @property
    def text(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


class Analysis(Protocol):
    """What an analysis of any game holds (each game's dataclass has more)."""

    @property
    def outcome(self) -> str: ...

    @property
    def nimber(self) -> int | None: ...

    @property
    def winning_moves(self) -> Sequence[Any]: ...

    @property
    def recommended(self) -> Any: ...

    @property
    def explanation(self) -> Sequence[str]: ...

    @property
    def terminal(self) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...


#: Longest integer the command line reads, in decimal digits.
COMMAND_DIGITS = 4000
_INTEGER = re.compile(r"[+-]?[0-9]+", re.ASCII)


def command_integer(text: str, what: str) -> int:
    """A decimal integer typed on the command line (a sign allowed: the game checks the value).

    >>> command_integer("12", "tas")
    12
    >>> command_integer("douze", "tas")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: « douze » n'est pas un nombre entier (tas).
    """
    stripped = text.strip()
    if not _INTEGER.fullmatch(stripped):
        raise NimcoreError(typeset(f"« {text} » n'est pas un nombre entier ({what})."))
    if len(stripped.lstrip("+-")) > COMMAND_DIGITS:
        raise NimcoreError(
            typeset(f"Nombre trop long ({what}) : {COMMAND_DIGITS} chiffres au plus.")
        )
    return int(stripped)


def command_heaps(words: Sequence[str], what: str = "tas") -> str:
    """Heaps typed on the command line ("3 4 5") as a code's heaps ("3-4-5"), each a natural number.

    >>> command_heaps(["3", "-1"])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas 2 vaut -1 : un tas ne peut pas être négatif.
    """
    numbers = [command_integer(word, what) for word in words]
    for index, number in enumerate(numbers, start=1):
        if number < 0:
            raise NimcoreError(
                typeset(f"Le tas {index} vaut {number} : un tas ne peut pas être négatif.")
            )
    return "-".join(map(str, numbers))


def command_count(words: Sequence[str], count: int, shape: str) -> None:
    """Refuse a command line that does not give exactly *count* words (*shape* says which)."""
    if len(words) != count:
        raise NimcoreError(typeset(f"Il faut exactement {plural(count, 'nombre')} : {shape}."))


@dataclass(frozen=True)
class Flag:
    """An option of a game's command line: ``--name VALUE``, or a switch when *metavar* is None."""

    name: str
    help: str
    metavar: str | None = None
    required: bool = False


class Game(ABC, Generic[P, O]):
    """One game of the registry: its rules, its words and its strategy.

    *P* is the type of its positions (checked, immutable), *O* of its options.
    A subclass fills in the abstract methods; the defaults of the others fit
    most games. What the site knows of a game before loading its module (its
    board's kind, its time budget) is the registry's (:mod:`nimcore.games`).
    """

    #: The game's id, named after the mathematics ("nim", "subtraction"…).
    id: ClassVar[str]
    #: The game's name for a reader ("Nim", "jeu de soustraction"…).
    title: ClassVar[str]
    #: Small positions of the game, as :meth:`encode` writes them (options included):
    #: the contract tests explore every position they reach, the soak plays from
    #: starts shaped like them, and each is checked to decode.
    examples: ClassVar[tuple[str, ...]]
    #: The command line (``python -m nimcore <id> POSITION… [OPTIONS]``): what it
    #: takes, in French, for ``--help``, and its options; :meth:`command` reads them.
    usage: ClassVar[str]
    flags: ClassVar[tuple[Flag, ...]] = ()
    #: Option names the game accepts (any other one is refused in French).
    option_names: ClassVar[frozenset[str]] = frozenset()
    #: False when a random start must be a fresh game (Fibonacci Nim's: a
    #: number of tokens), not any position reached by a move.
    start_by_move: ClassVar[bool] = True

    def fits_setup(self, position: P, options: O) -> bool:
        """Does a position reached by a move still fit the game's setup form?

        A random start reached by a move (:func:`random_start`) is shown in the
        setup form, which would refuse it otherwise: a split in Grundy's game
        adds a heap.
        """
        return True

    # ---- positions and options ------------------------------------------------

    def read_options(self, raw: Mapping[str, Any]) -> O:
        """Check the options (JSON), or raise :class:`NimcoreError` in French.

        A game without options (no :attr:`option_names`: any name is refused before
        this is called) reads none, and its options are ``{}``.
        """
        return cast(O, {})

    def options_json(self, options: O) -> dict[str, Any]:
        """The options as JSON, as :meth:`read_options` reads them back."""
        return dict(options) if isinstance(options, Mapping) else {}

    @abstractmethod
    def read_position(self, raw: object, options: O) -> P:
        """Check a position (JSON), or raise :class:`NimcoreError` in French."""

    def position_json(self, position: P) -> Any:
        """The position as JSON, as :meth:`read_position` reads it back.

        Most positions are tuples (of heaps, of rows, of tokens), sent as a list; a game whose
        positions are anything else says how it writes them.
        """
        return list(cast(Sequence[Any], position))

    @abstractmethod
    def encode(self, position: P, options: O) -> str:
        """The position and its options in a short text (an address, a page's markup)."""

    @abstractmethod
    def decode(self, text: str) -> tuple[P, O]:
        """Read back :meth:`encode`'s text, checked, or raise :class:`NimcoreError`."""

    def command(self, words: Sequence[str], flags: Mapping[str, Any]) -> tuple[str, str, str]:
        """What ``python -m nimcore <id> WORDS… FLAGS`` names: the id of the registry's game
        that answers, the text its :meth:`decode` reads, and the game's name for the answer.

        By default the words are the parts of the code, joined by "-"; a game whose
        command line reads otherwise says so.
        """
        return self.id, "-".join(words), self.title

    # ---- words ------------------------------------------------------------------

    @abstractmethod
    def rule(self, options: O) -> str:
        """The rule in one French sentence."""

    @abstractmethod
    def describe(self, position: P, options: O) -> str:
        """The position in French words ("3 tas de 1, 3 et 5 allumettes")."""

    def last_mover_wins(self, options: O) -> bool:
        """True in normal play; False in misère play (whoever moves last loses)."""
        return True

    # ---- moves ---------------------------------------------------------------------

    @abstractmethod
    def moves(self, position: P, options: O) -> Iterator[Move]:
        """Yield every legal move from *position* (possibly very many, or without end)."""

    def listed_moves(self, position: P, options: O, limit: int) -> list[Move] | None:
        """Every legal move when there are at most *limit*, else None."""
        found: list[Move] = []
        for move in self.moves(position, options):
            if len(found) == limit:
                return None
            found.append(move)
        return found

    @abstractmethod
    def play(self, position: P, to: object, options: O) -> Move:
        """The move from *position* that reaches *to* (JSON), checked by the rule.

        Raises :class:`NimcoreError`, in French, when no move reaches *to*.
        Never lists every move.
        """

    # ---- the board's gestures ------------------------------------------------------

    def gestures(self, move: Any) -> list[dict[str, Any]]:
        """The gestures that play *move* on the game's board, in its drawing vocabulary.

        A gesture is what a reader does on the drawing, as a small JSON object:
        ``{"heap": 2, "take": 3}`` (matches taken from a heap), ``{"cell": [r, c]}``,
        ``{"token": "a", "to": "c"}``… A board maps a click or a key to a
        gesture and plays the listed move that carries it (by its id): it never
        builds a position. None by default.
        """
        return []

    def gesture_target(self, position: P, gesture: Mapping[str, Any], options: O) -> object:
        """The target (JSON) of the move a gesture asks for, for :meth:`play` to check.

        Asked for a gesture the view does not list: the moves were too many to
        list, or the gesture plays no legal move, and :meth:`play` then says
        why in French. Raises :class:`NimcoreError` for a gesture not of the
        board's shape.
        """
        raise NimcoreError(typeset(f"Geste inconnu pour ce jeu : {quoted(gesture)}."))

    def last_move_words(self, last: Role, position: P, options: O) -> str:
        """Who played the last move, in French, for the end-of-game message.

        *position* is the final one. Games whose end has a picture of its
        own (Chomp's poisoned square) say it their way.
        """
        subject = {
            "reader": "Vous avez",
            "computer": "L’ordinateur a",
            "player1": "Le joueur 1 a",
            "player2": "Le joueur 2 a",
        }[last]
        if self.last_mover_wins(options):
            return f"{subject} joué le dernier coup."
        return f"{subject} joué le dernier coup, et dans la version misère le dernier coup perd."

    def terminal(self, position: P, options: O) -> bool:
        """True when no move is left."""
        return next(iter(self.moves(position, options)), None) is None

    def random_move(self, position: P, options: O, chance: random.Random) -> Move:
        """A random legal move (the beginner's mistakes): uniform among the first moves listed."""
        chosen: Move | None = None
        for count, move in enumerate(self.moves(position, options), start=1):
            if count > 10 * MAX_VIEW_MOVES:
                break
            if chance.randrange(count) == 0:
                chosen = move
        if chosen is None:
            raise _finished()
        return chosen

    # ---- strategy ----------------------------------------------------------------

    @abstractmethod
    def analyse(self, position: P, options: O) -> Analysis:
        """Outcome, nimber where defined, every winning move, the hint's data and words."""

    def decide(self, position: P, options: O) -> Analysis:
        """The analysis the computer's move and a random start need: the outcome and
        the recommended move, without the French explanation (empty) a hint shows.

        By default the full :meth:`analyse`; every game of the registry skips its
        explanation here, and a game whose analysis lists many winning moves (an
        octal heap of millions lists a thousand) may skip the list too: the
        computer plays one move, and the hint still gets them all.
        """
        return self.analyse(position, options)

    @abstractmethod
    def delaying_move(self, position: P, options: O) -> Move:
        """The perfect player's move from a P-position: one that keeps the game long."""

    def hint_tables(self, analysis: Any, options: O) -> list[dict[str, Any]]:
        """The tables the hint shows (see :func:`table`); none by default."""
        return []

    def hint_notes(self, analysis: Any, options: O) -> list[str]:
        """Sentences the hint shows after its tables, before the explanation; none by default."""
        return []

    def drawing(self, position: P, options: O) -> Any:
        """What a board needs to draw *position* beyond the position itself (JSON); None by default.

        Notation a board shows (an ordinal's terms), or numbers it writes on
        the position (the values of a board's cells): computed here, never by
        a board.
        """
        return None

    @abstractmethod
    def draw_start(self, options: O, like: P | None, chance: random.Random) -> P:
        """A random position (not over), shaped like *like* when given (same number of heaps…)."""

    # ---- the board's setup form ------------------------------------------------------

    def form(self) -> dict[str, Any]:
        """The schema of the board's setup form: see :func:`form_schema`. Empty by default."""
        return form_schema()

    def read_setup(self, values: Mapping[str, Any]) -> tuple[P, O]:
        """The position and options the setup form describes, checked: its fields' texts, by id.

        A board sends what the reader typed or chose, as it stands; every
        check and every French message is nimcore's (:func:`setup_naturals`…).
        """
        raise NimcoreError(typeset("Ce jeu ne se lance pas depuis un formulaire."))

    def setup_values(self, position: P, options: O) -> dict[str, str]:
        """The setup form's fields for *position* and *options*, as :meth:`read_setup` reads them."""
        return {}

    def board_refusal(self, position: P, options: O) -> str | None:
        """Why the board cannot draw *position* (too large), in French; None when it can."""
        return None


def _finished() -> NimcoreError:
    return NimcoreError(typeset("La partie est finie : plus aucun coup n'est possible."))


# ---- reading JSON values ------------------------------------------------------------


def check_options(game: Game[Any, Any], raw: object) -> Mapping[str, Any]:
    """The options object of a request, its names checked against the game's."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise NimcoreError(typeset(f"Les options doivent former un objet, pas {quoted(raw)}."))
    unknown = sorted(str(name) for name in raw if name not in game.option_names)
    if unknown:
        known = ", ".join(sorted(game.option_names)) or "aucune"
        raise NimcoreError(
            typeset(
                f"Option inconnue pour ce jeu : {quoted(unknown[0])} (options possibles : {known})."
            )
        )
    return raw


def check_flag(options: Mapping[str, Any], name: str, default: bool = False) -> bool:
    """A yes/no option: JSON true or false."""
    value = options.get(name, default)
    if not isinstance(value, bool):
        raise NimcoreError(
            typeset(f"L'option {name} se règle par vrai ou faux, pas {quoted(value)}.")
        )
    return value


def check_integer(
    options: Mapping[str, Any], name: str, low: int, high: int, default: int | None = None
) -> int:
    """An integer option between *low* and *high*."""
    value = options.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise NimcoreError(
            typeset(
                f"L'option {name} doit être un nombre entier de {low} à {high}, pas {quoted(value)}."
            )
        )
    return value


def check_level(level: object) -> Level:
    """A level of the protocol ("perfect" or "beginner"), or :class:`NimcoreError` in French.

    A board shows the levels in French (« Parfait », « Débutant »); the ids are the protocol's.
    """
    if level == "perfect":
        return "perfect"
    if level == "beginner":
        return "beginner"
    raise NimcoreError(
        typeset(f"Niveau inconnu : {quoted(level)} (niveaux possibles : perfect, beginner).")
    )


# ---- play, the same for every game ----------------------------------------------------


def view(
    game: Game[P, O], position: P, options: O, *, limit: int = MAX_VIEW_MOVES
) -> dict[str, Any]:
    """What a board needs to draw *position* and let a reader play it.

    ``moves`` lists every legal move (:func:`move_json`: ``id``, ``text``,
    ``gestures``, ``to`` and the game's own fields) when there are at most
    *limit*; otherwise it is None, and a board sends nimcore the reader's
    gesture (the bridge's "G.move" and "G.play"). A finished position has
    ``end``: the end-of-game message by who played the last move (:func:`ending`).
    """
    listed = game.listed_moves(position, options, limit)
    terminal = listed == [] if listed is not None else False
    return {
        "game": game.id,
        "position": game.position_json(position),
        "options": game.options_json(options),
        "code": game.encode(position, options),
        "terminal": terminal,
        "rule": game.rule(options),
        "describe": game.describe(position, options),
        "last_mover_wins": game.last_mover_wins(options),
        "moves": None if listed is None else [move_json(game, move) for move in listed],
        "drawing": game.drawing(position, options),
        "setup": game.setup_values(position, options),
        **({"end": ending(game, position, options)} if terminal else {}),
    }


def ending(game: Game[P, O], position: P, options: O) -> dict[str, dict[str, str]]:
    """The end-of-game message of a finished *position*, by who played the last move.

    For each role of :data:`ROLES` that may have played last: the ``winner``
    (a role) and the French ``text`` a board shows.

    >>> from nimcore import games
    >>> nim = games.get("nim")
    >>> ending(nim, (0, 0), {"misere": True})["reader"]["winner"]
    'computer'
    """
    mover_wins = game.last_mover_wins(options)
    verdicts = {
        "reader": "Vous avez gagné !",
        "computer": "L’ordinateur a gagné.",
        "player1": "Le joueur 1 a gagné !",
        "player2": "Le joueur 2 a gagné !",
    }
    out: dict[str, dict[str, str]] = {}
    for last in ROLES:
        role: Role = last  # type: ignore[assignment]
        winner = role if mover_wins else _OPPONENT[role]
        words = game.last_move_words(role, position, options)
        out[role] = {"winner": winner, "text": typeset(f"{verdicts[winner]} {words}")}
    return out


def move_id(game: Game[Any, Any], move: Move) -> str:
    """A move's id in a view: opaque to a board, which sends it back to play the move.

    It is the position the move reaches, as compact JSON: nimcore checks it by
    the game's own rule (:meth:`Game.play`) without listing every move.

    >>> from nimcore import games
    >>> nim = games.get("nim")
    >>> move_id(nim, nim.play((3, 4), [1, 4], {"misere": False}))
    '[1,4]'
    """
    return _compact(game.position_json(move.to))


#: The item types of a list :func:`_compact` writes itself (bool is not int's type).
_INT_ONLY = frozenset({int})


def _compact(value: object) -> str:
    """*value* as compact JSON (a move's id).

    >>> _compact([3, 0, 12]), _compact([True, 1]), _compact({"a": ["w"]})
    ('[3,0,12]', '[true,1]', '{"a":["w"]}')
    """
    if type(value) is list and set(map(type, value)) <= _INT_ONLY:
        # What json.dumps writes for a list of integers, without its encoder's set-up:
        # a Moore view writes one id a move, up to MAX_VIEW_MOVES of them.
        return "[" + ",".join(map(str, value)) + "]"
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def gesture_key(gesture: Mapping[str, Any]) -> str:
    """A gesture as text, its keys sorted: two equal gestures give the same key (as boards compare them).

    >>> gesture_key({"take": 3, "heap": 1})
    '{"heap":1,"take":3}'
    """
    return json.dumps(gesture, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def move_json(game: Game[Any, Any], move: Move) -> dict[str, Any]:
    """A move as JSON: its ``id``, ``text`` and ``gestures``, ``to``, and the game's own fields.

    Every move's ``to_dict`` already writes its ``text``: it is not worded twice
    (a Moore view lists a few hundred moves, and their words are most of its cost).
    """
    fields = move.to_dict()
    fields["to"] = game.position_json(move.to)
    written = fields.get("text")  # move.text is only worded when to_dict did not
    fields["text"] = unbroken_arrows(move.text if written is None else written)
    fields["id"] = _compact(fields["to"])
    fields["gestures"] = game.gestures(move)
    return fields


def computer_move(
    game: Game[P, O],
    position: P,
    options: O,
    level: Level,
    chance: random.Random,
    analysis: Analysis | None = None,
) -> Move:
    """The computer's move at *level*: the perfect one, or at "beginner" sometimes a random one.

    The perfect move is the analysis' recommended winning move, and from a
    P-position the game's delaying move. *analysis*, when the caller has it,
    is not computed again. Raises :class:`NimcoreError` when the game is over.
    """
    if level == "beginner" and chance.random() < BEGINNER_ERROR_RATE:
        return game.random_move(position, options, chance)
    if analysis is None:
        analysis = game.decide(position, options)
    if analysis.terminal:
        raise _finished()
    if analysis.recommended is not None:
        return analysis.recommended  # type: ignore[no-any-return]
    return game.delaying_move(position, options)


def random_start(
    game: Game[P, O], options: O, like: P | None, chance: random.Random
) -> tuple[P, Analysis]:
    """A random start, a P-position one time in two, with its analysis (:meth:`Game.decide`'s).

    The wanted outcome is drawn first (P or N, evenly); then positions are
    drawn by the game (:meth:`Game.draw_start`), at most
    :data:`MAX_RANDOM_DRAWS`, until one has it. When P is wanted and none came,
    the winning move from an N-position drawn reaches one (unless the game
    allows fresh starts only, the move ends the game, or its position would not
    fit the setup form: :meth:`Game.fits_setup`). Otherwise the first position
    drawn.
    """
    wanted = "P" if chance.random() < 0.5 else "N"
    first: tuple[P, Analysis] | None = None
    for _ in range(MAX_RANDOM_DRAWS):
        position = game.draw_start(options, like, chance)
        analysis = game.decide(position, options)
        if analysis.terminal:
            continue
        if analysis.outcome == wanted:
            return position, analysis
        if first is None:
            first = (position, analysis)
        if wanted == "P" and game.start_by_move and analysis.recommended is not None:
            reached: P = analysis.recommended.to
            if game.fits_setup(reached, options):
                after = game.decide(reached, options)
                if not after.terminal:
                    return reached, after
    if first is None:
        raise NimcoreError(typeset("Aucune position de départ n'a pu être tirée au hasard."))
    return first


def random_setup(game: Game[P, O], values: Mapping[str, Any], chance: random.Random) -> tuple[P, O]:
    """The options and the shape of a random start drawn from the setup form *values*.

    A random start needs nothing from the reader: what the form says is kept
    (the number of heaps, the rule, the convention…) where it reads, and each
    field left empty or mistyped takes the game's default instead — its value
    for a start the game draws with the options of its first example (so an
    empty heaps field gives as many heaps as a start drawn from nothing). The
    fewest fields are replaced, first ones first.

    >>> from nimcore import games
    >>> nim = games.get("nim")
    >>> random_setup(nim, {"heaps": "5 5", "convention": "misere"}, random.Random(1))
    ((5, 5), {'misere': True})
    >>> shape, options = random_setup(nim, {"heaps": "", "convention": "misere"}, random.Random(1))
    >>> len(shape), options
    (4, {'misere': True})

    Costs at most 2**f readings of the form, for its f fields (7 at most).
    """
    try:
        return game.read_setup(values)
    except NimcoreError:
        pass
    options = game.decode(game.examples[0])[1]
    default = game.setup_values(game.draw_start(options, None, chance), options)
    names = list(default)
    for count in range(1, len(names) + 1):
        for replaced in itertools.combinations(names, count):
            try:
                return game.read_setup({**values, **{name: default[name] for name in replaced}})
            except NimcoreError:
                continue
    return game.read_setup(default)


def hint(game: Game[Any, O], analysis: Analysis, options: O) -> dict[str, Any]:
    """The hint a board shows: a verdict, the game's tables, the explanation, the move."""
    best = analysis.recommended
    if analysis.terminal:
        verdict = "La partie est finie : plus aucun coup n'est possible."
    elif analysis.outcome == "N" and best is not None:
        verdict = f"Position gagnante pour vous : {best.text}."
    else:
        verdict = "Position perdante : aucun coup ne gagne contre un adversaire parfait."
    return {
        "verdict": typeset(verdict),
        "tables": game.hint_tables(analysis, options),
        "sentences": [*game.hint_notes(analysis, options), *analysis.explanation],
        "move": None if best is None else move_json(game, best),
    }


# ---- hint tables -------------------------------------------------------------------------

Cell = str | int | dict[str, Any]
Row = Sequence[Cell] | dict[str, Any]


def table(
    *,
    kind: str,
    caption: str | None = None,
    label: str | None = None,
    head: Sequence[Row] = (),
    body: Sequence[Row] = (),
    foot: Sequence[Row] = (),
    row_headers: bool = True,
) -> dict[str, Any]:
    """A hint table as JSON, drawn by the boards' one table renderer.

    A row is a list of cells, or ``{"cells": [...], "mark": "best"}`` to mark
    it; a cell is a text (or a number), or ``{"text", "mark", "span"}``. The
    first cell of a body or foot row is its header when *row_headers*; head
    cells are column headers. *kind* names the table for the style sheet.

    >>> table(kind="demo", head=[["Tas", "Taille"]], body=[["1", 3]])["body"]
    [{'cells': [{'text': '1'}, {'text': '3'}], 'mark': None}]
    """
    return {
        "kind": kind,
        "caption": None if caption is None else typeset(caption),
        "label": None if label is None else typeset(label),
        "row_headers": row_headers,
        "head": [_row(row) for row in head],
        "body": [_row(row) for row in body],
        "foot": [_row(row) for row in foot],
    }


def _row(row: Row) -> dict[str, Any]:
    if isinstance(row, dict):
        return {"cells": [_cell(cell) for cell in row["cells"]], "mark": row.get("mark")}
    return {"cells": [_cell(cell) for cell in row], "mark": None}


def _cell(cell: Cell) -> dict[str, Any]:
    if isinstance(cell, dict):
        out = {"text": typeset(str(cell["text"]))}
        for key in ("mark", "span"):
            if cell.get(key) is not None:
                out[key] = cell[key]
        return out
    return {"text": typeset(str(cell))}
