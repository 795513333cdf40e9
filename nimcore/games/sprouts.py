"""The game of sprouts (« le jeu des pousses ») on a board: a drawing, its moves, perfect play.

A position is a drawing (:mod:`nimcore.sprouts.drawing`): the number of spots
at the start and the moves played, each by its token. Its code is that list,
``"3"`` at the start, ``"3,0-1,1-2k1"`` after two moves (``_misere`` after it
for the misère version); the drawing is replayed from it. A move joins two
spots (or one spot to itself) by a curve the drawing routes, and is named by
the position it reaches; its gesture is the two spots chosen, with the index
of the split among the moves joining them (``{"spots": [0, 1], "split": 0}``).

Normal play is decided by the nimbers of the lands (Lemoine and Viennot 2015),
misère play by a search of whole positions (:mod:`nimcore.sprouts.solver`);
one solver is kept for the whole session, so that what it learned serves every
later move. The computer's move asks no land's full nimber: the outcome comes
from Lemoine and Viennot's search of a sum, which stops at its first winning
move, and the computer plays the first winning move found; only the hint asks
for the lands' nimbers (each the least n with land + ∗n a P-position).

Size: one registry entry, Sprouts': the drawing's code, its setup form, its moves
and their French words (the living spots on each side of a curve), its analysis.

**Speed.** The board plays from every start of at most :data:`MAX_BOARD_SPOTS`
= 3 spots. A reader's click (the move checked, every curve of the drawing
reached routed, the computer's answer, every curve after it routed, in a fresh
session), over 40 whole games against random moves, inside Pyodide as the
board's worker runs it (``bench/sprouts_board.py --pyodide``,
``bench/results/sprouts_board_pyodide.md``): from 2 spots at most 31 ms (36 ms
in misère), within the site's 50 ms; from 3 spots 37 ms at the median, 112 ms
at the 95th percentile, at most 143 ms (misère: 44, 157 and 354 ms). CPython
takes about 0.6 times as long (``bench/results/sprouts_board.md``). A move the
grid has no room for is searched again on a grid twice as fine, and every later
search runs on it: among its winning moves the computer plays one the grid has
room for first (before it did, a 3-spot click could take 2.9 s of CPython once
the grid was refined). From 4 spots the slowest click took 0.87 s of CPython.
Larger starts are refused up front, in French
(:meth:`SproutsGame.board_refusal`).

>>> from nimcore.games.sprouts import GAME
>>> position, options = GAME.decode("2")
>>> sorted(move.to.tokens for move in GAME.moves(position, options))
[('0-0',), ('0-1',), ('1-1',)]
>>> GAME.analyse(position, options).outcome
'P'
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nimcore.errors import NimcoreError
from nimcore.french import plural, quoted, typeset
from nimcore.games.base import (
    Flag,
    Game,
    check_flag,
    form_field,
    form_schema,
    setup_choice,
    setup_naturals,
)
from nimcore.sprouts import drawing as sd
from nimcore.sprouts.position import Position, land_lives
from nimcore.sprouts.solver import Solver

__all__ = ["GAME", "LISTS_KEPT", "MAX_BOARD_SPOTS", "SproutsAnalysis", "SproutsGame", "SproutsMove"]

#: Most spots of a start the board plays from: every click of a 3-spot game was
#: answered within 0.1 s of CPython, not every click of a 4-spot game (up to 0.87 s;
#: bench/results/sprouts_board.md).
MAX_BOARD_SPOTS = 3
Options = dict[str, Any]
_CODE = re.compile(r"([1-9])((?:,[0-9a-z-]{1,12}){0,40})", re.ASCII)
#: One solver for the whole session (the worker lives as long as the site's tab).
_SOLVER = Solver()
#: Lists of moves kept, by drawing (start and tokens): a drawing's moves are routed once.
LISTS_KEPT = 64
_LISTED: dict[tuple[int, tuple[str, ...]], list[SproutsMove]] = {}


@dataclass(frozen=True)
class SproutsMove:
    """A curve from spot *a* to spot *b* (numbered from 0), its route, and the drawing reached.

    *split* is its index among the moves joining the same two spots; *words*
    say how it shares the region it cuts.
    """

    a: int
    b: int
    split: int
    token: str
    route: sd.Route
    to: sd.Drawing
    words: str

    @property
    def text(self) -> str:
        return self.words

    def to_dict(self) -> dict[str, Any]:
        """The move's JSON: its spots, split and words, and, for a board to draw it before it
        is played, its curve and new spot in the drawing's square (:meth:`SproutsGame.drawing`),
        placed by the axes of the drawing it is played from (its spots but the new one), so
        that the curve is shown where that drawing's spots are."""
        axes = _axes(self.to.size, self.to.spots[:-1])
        return {
            "spots": [self.a, self.b],
            "split": self.split,
            "text": self.words,
            "curve": [_point(self.to, cell, axes) for cell in self.to.curves[-1]],
            "sprout": _point(self.to, self.to.spots[-1], axes),
        }


@dataclass(frozen=True)
class SproutsAnalysis:
    """Outcome, the lands of the position and their nimbers (normal play), winning moves."""

    outcome: str
    nimber: int | None
    lands: tuple[str, ...]
    nimbers: tuple[int, ...]
    winning_moves: tuple[SproutsMove, ...]
    recommended: SproutsMove | None
    explanation: tuple[str, ...]
    terminal: bool
    misere: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "sprouts",
            "outcome": self.outcome,
            "nimber": self.nimber,
            "lands": list(self.lands),
            "nimbers": list(self.nimbers),
            "misere": self.misere,
            "terminal": self.terminal,
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "explanation": list(self.explanation),
        }


def _played(drawing: sd.Drawing, token: str) -> sd.Drawing:
    """The drawing after the move *token*: the listed move's drawing when this drawing's
    moves are kept (a board sends back a drawing its last view listed), else replayed
    (:func:`~nimcore.sprouts.drawing.play_token` draws the same curve, with no list)."""
    for move in _LISTED.get((drawing.start, drawing.tokens), ()):
        if move.token == token:
            return move.to
    return sd.play_token(drawing, token)


#: Where the grid lets it, the board's spots are at least this far apart, in units of its
#: 100 × 100 square (:func:`_axes`): 9 units are 27 CSS px on a 390 px phone.
SPOTS_APART = 9.0
#: Axes: where each row and each column of a grid goes in the board's square.
Axes = tuple[tuple[float, ...], tuple[float, ...]]


@functools.lru_cache(maxsize=LISTS_KEPT)
def _axes(size: int, spots: tuple[tuple[int, int], ...]) -> Axes:
    """Where the rows and the columns of a grid of *size* cells go in the board's square:
    evenly spaced, but the rows (or the columns) between two spots nearer than
    :data:`SPOTS_APART` are pulled apart, the others pressed together.

    Each axis is only stretched or pressed, never folded: curves drawn of grid steps
    keep their order along each row and column, so none crosses another and every
    region keeps its spots (the drawing is the same, only its spacing changes).
    Without it, a curve between two spots 4 cells apart on a refined grid put its new
    spot 4 units of 100 from each (``3,2-2k1,0-0,3-4,0-2,5-6s1,1-1,1-8``).

    >>> _axes(3, ((0, 0), (2, 2)))
    ((0.0, 50.0, 100.0), (0.0, 50.0, 100.0))
    >>> rows, columns = _axes(49, ((34, 6), (34, 8), (34, 10)))
    >>> round(columns[8] - columns[6], 1), rows == _axes(49, ())[0]
    (9.0, True)

    Cost: a few passes over the pairs of spots and the grid's lines.
    """
    weights = ([1.0] * (size - 1), [1.0] * (size - 1))
    axes = ([0.0] * size, [0.0] * size)
    for _ in range(8):
        for weight, axis in zip(weights, axes, strict=True):
            scale = 100 / sum(weight)
            for index in range(1, size):
                axis[index] = axis[index - 1] + weight[index - 1] * scale
        stretched = False
        for one, two in itertools.combinations(spots, 2):
            apart = [abs(axis[one[k]] - axis[two[k]]) for k, axis in enumerate(axes)]
            if math.hypot(*apart) >= SPOTS_APART - 0.05:
                continue
            steps = (abs(one[0] - two[0]), abs(one[1] - two[1]))
            wanted = SPOTS_APART / (math.sqrt(2) if steps[0] == steps[1] else 1)
            for k in (0, 1):
                if steps[k] < steps[1 - k] or apart[k] >= wanted:
                    continue
                low, high = sorted((one[k], two[k]))
                for index in range(low, high):
                    weights[k][index] *= wanted / apart[k]
                stretched = True
        if not stretched:
            break
    return tuple(round(at, 2) for at in axes[0]), tuple(round(at, 2) for at in axes[1])


def _point(drawing: sd.Drawing, cell: tuple[int, int], axes: Axes | None = None) -> list[float]:
    """A cell of *drawing* as [x, y] in a square of 100 × 100 units (a refined grid's too),
    placed by *axes* (of this grid or a coarser one; by default the drawing's own)."""
    if axes is None:
        axes = _axes(drawing.size, drawing.spots)
    out = []
    for axis, at in zip(axes[::-1], cell[::-1], strict=True):
        place = at * (len(axis) - 1) / (drawing.size - 1)
        index = min(int(place), len(axis) - 2)
        out.append(round(axis[index] + (place - index) * (axis[index + 1] - axis[index]), 2))
    return out


def _spot_words(spot: int) -> str:
    return f"point {spot + 1}"


Spots = tuple[int, ...]
#: The other living spots a curve leaves on each side of the region it cuts (the larger
#: side first), and those on the edge of both new regions; None when it cuts no region.
Shares = tuple[Spots, Spots, Spots] | None


def _shares(after: sd.Drawing, a: int, b: int) -> Shares:
    """Which other living spots the last curve of *after* (from spot *a* to spot *b*) leaves
    on each side, and which it leaves on the edge of both regions it makes."""
    sides = sd.sides_of(after, len(after.spots) - 1)
    if sides is None or sides[0] == sides[1]:
        return None
    counts = _living_spots_by_region(after)
    ends = {a, b, len(after.spots) - 1}
    one, two = (counts.get(region, set()) - ends for region in sides)
    first, second = sorted(
        (tuple(sorted(one - two)), tuple(sorted(two - one))),
        key=lambda spots: (-len(spots), spots),
    )
    return first, second, tuple(sorted(one & two))


def _move_words(before: sd.Drawing, after: sd.Drawing, a: int, b: int) -> str:
    """The move in French: the spots joined and, for a curve that cuts a region in two,
    the other living spots on each side, by name (what tells two such moves apart), and
    those on the edge of both new regions, apart.

    >>> from nimcore.games.sprouts import GAME
    >>> for move in GAME.moves(GAME.decode("2,0-0")[0], {"misere": False}):
    ...     if (move.a, move.b) == (0, 2):  # inside the loop, then outside it
    ...         print(move.words)
    relier le point 1 au point 3, sans autre point vivant d'un côté ni de l'autre
    relier le point 1 au point 3, avec le point 2 d'un côté de la courbe et aucun de l'autre
    """
    return _words(a, b, _shares(after, a, b))


def _words(a: int, b: int, shares: Shares) -> str:
    joined = (
        f"boucle du {_spot_words(a)} à lui-même"
        if a == b
        else f"relier le {_spot_words(a)} au {_spot_words(b)}"
    )
    if shares is None:
        return joined
    first, second, both = shares
    if first:
        joined += (
            f", avec {_spots_words(first)} d'un côté de la courbe"
            f" et {_spots_words(second) if second else 'aucun'} de l'autre"
        )
    elif not both:
        joined += ", sans autre point vivant d'un côté ni de l'autre"
    if both:
        verb = "est" if len(both) == 1 else "sont"
        joined += f" ; {_spots_words(both)} {verb} au bord des deux régions que sépare la courbe"
    return typeset(joined)


def _rank(shares: Shares) -> tuple[int, int, int, Spots, Spots, Spots]:
    """Where a move stands among those joining the same two spots: a curve that cuts no
    region first, then from the one that leaves every other spot on one side to the most
    even split, by the spots' numbers."""
    if shares is None:
        return (0, 0, 0, (), (), ())
    first, second, both = shares
    return (1, len(second), len(both), first, second, both)


def _spots_words(spots: Sequence[int]) -> str:
    """« le point 2 », « les points 2 et 5 », « les points 2, 3 et 5 »."""
    names = [str(spot + 1) for spot in spots]
    if len(names) == 1:
        return f"le point {names[0]}"
    return f"les points {', '.join(names[:-1])} et {names[-1]}"


def _living_spots_by_region(drawing: sd.Drawing) -> dict[int, set[int]]:
    """The living spots that have a free side in each region."""
    label, _ = sd._faces(drawing)
    side = 2 * drawing.size - 1
    out: dict[int, set[int]] = {}
    taken = drawing.links()
    for spot, (cell, life) in enumerate(zip(drawing.spots, sd.lives_of(drawing), strict=True)):
        if life == 0:
            continue
        for row, column in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            near = (cell[0] + row, cell[1] + column)
            if near not in taken and 0 <= near[0] < drawing.size and 0 <= near[1] < drawing.size:
                out.setdefault(label[2 * near[0] * side + 2 * near[1]], set()).add(spot)
    return out


class SproutsGame(Game[sd.Drawing, Options]):
    """Join two spots by a curve that crosses nothing, and put a new spot on it (Conway and
    Paterson, 1967)."""

    id = "sprouts"
    title = "jeu des pousses"
    #: Small drawings: the contract suite (tests/unit/test_games.py) searches every drawing
    #: reachable from each (148 from 2,0-1; a fresh 2-spot drawing reaches 381).
    examples = ("2,0-1", "1", "2,0-1_misere", "2,0-1,0-2_misere")
    usage = "Jeu des pousses : sprouts 3 (le nombre de points) [--misere]"
    flags = (Flag("--misere", "version misère"),)
    option_names = frozenset({"misere"})
    #: A random start is a fresh drawing, as the setup form writes one (its number of spots).
    start_by_move = False

    def read_options(self, raw: Mapping[str, Any]) -> Options:
        return {"misere": check_flag(raw, "misere")}

    def command(self, words: Sequence[str], flags: Mapping[str, Any]) -> tuple[str, str, str]:
        """A drawing's code (``sprouts 3,0-1 [--misere]``); a bare number is the search's."""
        variant = "version misère" if flags["misere"] else "version normale"
        code = "-".join(words) + ("_misere" if flags["misere"] else "")
        return self.id, code, f"jeu des pousses, {variant}"

    def form(self) -> dict[str, Any]:
        """The number of spots of a fresh drawing, and the convention."""
        return form_schema(
            fields={
                "spots": form_field(
                    f"Nombre de points (de 1 à {MAX_BOARD_SPOTS}) :",
                    help=f"Au-delà de {MAX_BOARD_SPOTS} points, l'ordinateur mettrait trop"
                    " longtemps à répondre.",
                    low=1,
                    high=MAX_BOARD_SPOTS,
                    counts=(1, 1),
                    noun="nombre de points",
                ),
                "convention": form_field(
                    "Convention :",
                    choices=[
                        ("normale", "Normale (qui joue le dernier coup gagne)"),
                        ("misere", "Misère (qui joue le dernier coup perd)"),
                    ],
                ),
            }
        )

    def read_setup(self, values: Mapping[str, Any]) -> tuple[sd.Drawing, Options]:
        """A fresh drawing of the number of spots typed.

        >>> drawing, options = GAME.read_setup({"spots": "3", "convention": "misere"})
        >>> GAME.encode(drawing, options)
        '3_misere'
        >>> GAME.read_setup({"spots": "7", "convention": "normale"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        nimcore.errors.NimcoreError: Nombre de points (de 1 à 3)...hors limites...
        """
        fields = self.form()["fields"]
        (spots,) = setup_naturals(values, "spots", fields["spots"])
        options = {"misere": setup_choice(values, "convention", fields["convention"]) == "misere"}
        return sd.start_drawing(spots), options

    def fits_setup(self, position: sd.Drawing, options: Options) -> bool:
        """Only a fresh drawing: the form holds the number of spots, not the curves."""
        return not position.tokens

    def setup_values(self, position: sd.Drawing, options: Options) -> dict[str, str]:
        """The drawing's spots at its start: a new game from the form is a fresh drawing."""
        return {
            "spots": str(position.start),
            "convention": "misere" if options["misere"] else "normale",
        }

    def read_position(self, raw: object, options: Options) -> sd.Drawing:
        """A drawing's code, ``"3"`` or ``"3,0-1,1-2k1"``, replayed move by move (a move
        whose drawing was listed in this session is not routed again)."""
        if not isinstance(raw, str):
            raise NimcoreError(
                typeset(
                    f"Un dessin s'écrit comme « 3,0-1 » (points, puis coups), pas {quoted(raw)}."
                )
            )
        match = _CODE.fullmatch(raw)
        if match is None:
            raise NimcoreError(
                typeset(
                    f"« {raw} » n'est pas un dessin du jeu des pousses, comme « 3 » ou « 3,0-1 »."
                )
            )
        spots = int(match.group(1))
        if spots > sd.MAX_SPOTS:
            raise NimcoreError(
                typeset(f"Le dessin part de 1 à {sd.MAX_SPOTS} points, pas {spots}.")
            )
        drawing = sd.start_drawing(spots)
        for token in filter(None, match.group(2).split(",")):
            drawing = _played(drawing, token)
        return drawing

    def position_json(self, position: sd.Drawing) -> Any:
        return ",".join((str(position.start), *position.tokens))

    def encode(self, position: sd.Drawing, options: Options) -> str:
        return str(self.position_json(position)) + ("_misere" if options["misere"] else "")

    def decode(self, text: str) -> tuple[sd.Drawing, Options]:
        code, _, variant = text.partition("_")
        if variant not in ("", "misere"):
            raise NimcoreError(
                typeset(f"« {text} » n'est pas un dessin de la forme 3,0-1 ou 3,0-1_misere.")
            )
        options = {"misere": variant == "misere"}
        return self.read_position(code, options), options

    def rule(self, options: Options) -> str:
        end = (
            "qui joue le dernier coup perd"
            if options["misere"]
            else "qui joue le dernier coup gagne"
        )
        return typeset(
            "À chaque coup, on relie deux points, ou un point à lui-même, par une courbe qui ne"
            " croise aucune autre courbe, et on pose un nouveau point sur elle ; un point ne"
            f" peut pas recevoir plus de trois bouts de courbe ; {end}."
        )

    def describe(self, position: sd.Drawing, options: Options) -> str:
        lives = sd.lives_of(position)
        living = sum(1 for life in lives if life)
        said = (
            f"un dessin de {plural(len(lives), 'point')} dont {living} encore"
            f" {'vivant' if living < 2 else 'vivants'} ({plural(sum(lives), 'vie')})"
        )
        return said + (", version misère" if options["misere"] else "")

    def last_mover_wins(self, options: Options) -> bool:
        return not options["misere"]

    def moves(self, position: sd.Drawing, options: Options) -> Iterator[SproutsMove]:
        """The routed moves, listed once a drawing (the view, the computer's move and the
        check of a move of one request, and the next request's, ask for the same list).

        They are listed by their spots, then, among the curves joining the same two
        spots, as :func:`_rank` orders them (the order a board shows them in): a curve
        that cuts no region, then from the one that leaves every other spot on one
        side to the most even split."""
        key = (position.start, position.tokens)
        listed = _LISTED.get(key)
        if listed is None:
            drafts = []
            for token, route in sd.all_routes(position).items():
                after = sd.draw_route(position, token, route)
                shares = _shares(after, route.a, route.b)
                rank = (route.a, route.b, _rank(shares), token)
                drafts.append((rank, route, after, _words(route.a, route.b, shares)))
            drafts.sort(key=lambda draft: draft[0])
            listed = []
            by_pair: dict[tuple[int, int], int] = {}
            for (a, b, _, token), route, after, words in drafts:
                split = by_pair.get((a, b), 0)
                by_pair[(a, b)] = split + 1
                listed.append(SproutsMove(a, b, split, token, route, after, words))
            if len(_LISTED) >= LISTS_KEPT:
                _LISTED.clear()
            _LISTED[key] = listed
        return iter(listed)

    def play(self, position: sd.Drawing, to: object, options: Options) -> SproutsMove:
        """The move whose token follows this drawing's in *to*; refused unless it is one move."""
        if not isinstance(to, str) or _CODE.fullmatch(to) is None:
            raise NimcoreError(typeset(f"Dessin illisible : {quoted(to)} (comme « 3,0-1 »)."))
        tokens = to.split(",")
        if (
            int(tokens[0]) != position.start
            or tuple(tokens[1:-1]) != position.tokens
            or len(tokens) != len(position.tokens) + 2
        ):
            raise NimcoreError(typeset("Ce dessin ne vient pas de celui-ci par une seule courbe."))
        token = tokens[-1]
        a, b, _, _ = sd.read_token(token)
        for move in self.moves(position, options):
            if move.token == token:
                return move
        after = sd.play_token(position, token)  # a curve not listed: drawn all the same
        route = sd.Route(a, b, after.curves[-1], after.spots[-1], sd.abstract(after))
        return SproutsMove(a, b, 0, token, route, after, _move_words(position, after, a, b))

    def gestures(self, move: SproutsMove) -> list[dict[str, Any]]:
        """The two spots chosen, and the split among the moves that join them."""
        return [{"spots": [move.a, move.b], "split": move.split}]

    def gesture_target(
        self, position: sd.Drawing, gesture: Mapping[str, Any], options: Options
    ) -> object:
        spots, split = gesture.get("spots"), gesture.get("split", 0)
        if (
            set(gesture) - {"spots", "split"}
            or not isinstance(spots, list)
            or len(spots) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in [*spots, split])
        ):
            raise NimcoreError(typeset(f"Geste illisible : {quoted(dict(gesture))}."))
        a, b = sorted(spots)
        listed = 0
        for move in self.moves(position, options):
            if (move.a, move.b, move.split) == (a, b, split):
                return self.position_json(move.to)
            listed += (move.a, move.b) == (a, b)
        raise NimcoreError(typeset(_refusal(position, a, b, listed)))

    def _analysis(self, position: sd.Drawing, options: Options, explain: bool) -> SproutsAnalysis:
        """The outcome and the winning moves; with *explain*, every winning move, the lands'
        nimbers and the hint's words, else only the first winning move (the computer's)."""
        misere = bool(options["misere"])
        lands = sd.abstract(position)
        listed = list(self.moves(position, options))
        terminal = not listed
        is_p = _SOLVER.is_p(lands, misere=misere)
        nimbers: tuple[int, ...] = ()
        if explain and not misere:
            nimbers = tuple(_SOLVER.least_heap(land) for land in lands)
        total = 0
        for value in nimbers:
            total ^= value
        winning: tuple[SproutsMove, ...] = ()
        if not is_p:
            # Moves the drawing's own grid has room for come first: a curve that needs a
            # finer grid makes every later search four times as long.
            coarse_first = sorted(listed, key=lambda move: move.route.refinements)
            found = (m for m in coarse_first if _SOLVER.is_p(m.route.position, misere=misere))
            winning = tuple(found) if explain else tuple(itertools.islice(found, 1))
        words = _explain(lands, nimbers, total, misere, is_p) if explain else ()
        return SproutsAnalysis(
            "P" if is_p else "N",
            None if misere or not explain else total,
            lands,
            nimbers,
            winning,
            winning[0] if winning else None,
            words,
            terminal,
            misere,
        )

    def analyse(self, position: sd.Drawing, options: Options) -> SproutsAnalysis:
        return self._analysis(position, options, True)

    def decide(self, position: sd.Drawing, options: Options) -> SproutsAnalysis:
        return self._analysis(position, options, False)

    def delaying_move(self, position: sd.Drawing, options: Options) -> SproutsMove:
        """The first move listed (every move uses one life: none keeps the game longer)."""
        for move in self.moves(position, options):
            return move
        raise NimcoreError(typeset("La partie est finie : plus aucun coup n'est possible."))

    def draw_start(
        self, options: Options, like: sd.Drawing | None, chance: random.Random
    ) -> sd.Drawing:
        """A fresh start of 1 to :data:`MAX_BOARD_SPOTS` spots, as the setup form writes one."""
        return sd.start_drawing(chance.randint(1, MAX_BOARD_SPOTS))

    def board_refusal(self, position: sd.Drawing, options: Options) -> str | None:
        if position.start > MAX_BOARD_SPOTS:
            return typeset(
                f"Trop de points pour ce plateau : {MAX_BOARD_SPOTS} au plus, pour que"
                " l'ordinateur réponde vite."
            )
        return None

    def drawing(self, position: sd.Drawing, options: Options) -> Any:
        """The spots (each with its lives, in words too) and the curves, in a square of
        100 × 100 units: what the board draws."""
        lives = sd.lives_of(position)
        axes = _axes(position.size, position.spots)
        return {
            "spots": [
                {
                    "spot": index,
                    "at": _point(position, cell, axes),
                    "lives": life,
                    "text": _spot_words(index).capitalize()
                    + (f", {plural(life, 'vie')}" if life else ", plus aucune vie"),
                }
                for index, (cell, life) in enumerate(zip(position.spots, lives, strict=True))
            ],
            "curves": [
                [_point(position, cell, axes) for cell in curve] for curve in position.curves
            ],
        }


def _refusal(position: sd.Drawing, a: int, b: int, listed: int) -> str:
    """Why no listed curve joins spots *a* ≤ *b* as a gesture asks (*listed*: how many curves
    the board offers between them): a spot the drawing lacks, a dead spot, a loop on a spot
    with one life, a spot with one life and no other living spot beside it, two spots on
    the edge of no common region, or a curve that would reach the same position as another
    the board offers (it offers one curve per position reached).

    >>> print(_refusal(GAME.decode("2,0-1")[0], 2, 2, 0))
    Pas de boucle sur le point 3 : une boucle use deux vies du point, et il ne lui en reste qu'une.
    """
    lives = sd.lives_of(position)
    if not 0 <= a <= b < len(lives):
        wrong = a + 1 if a < 0 else b + 1
        return f"Le dessin n'a pas de point {wrong} : ses points vont de 1 à {len(lives)}."
    for spot in dict.fromkeys((a, b)):
        if lives[spot] == 0:
            return (
                f"Le {_spot_words(spot)} n'a plus aucune vie : aucune courbe ne peut plus le"
                " toucher."
            )
    regions = [spots for spots in _living_spots_by_region(position).values() if a in spots]
    noun = "boucle" if a == b else "courbe"
    ends = f"du {_spot_words(a)} " + ("à lui-même" if a == b else f"au {_spot_words(b)}")
    if listed:
        return f"Ce choix n'existe pas : le plateau propose {plural(listed, noun)} {ends}."
    if a == b and lives[a] == 1:
        if all(spots == {a} for spots in regions):
            return (
                f"Le {_spot_words(a)} n'a plus qu'une vie, et aucun autre point vivant n'est au"
                " bord de ses régions : aucune courbe ne peut en partir."
            )
        return (
            f"Pas de boucle sur le {_spot_words(a)} : une boucle use deux vies du point, et il"
            " ne lui en reste qu'une."
        )
    if not any(b in spots for spots in regions):
        return (
            f"Les points {a + 1} et {b + 1} ne sont au bord d'aucune région commune :"
            " une courbe qui les relierait en croiserait une autre."
        )
    return (
        f"Le plateau ne propose pas de {noun} {ends} : elle mènerait à la même position"
        " qu'un autre coup proposé."
    )


def _explain(
    lands: Position, nimbers: tuple[int, ...], total: int, misere: bool, is_p: bool
) -> tuple[str, ...]:
    """The hint's sentences: the lands, their Grundy values and, for several, their nim-sum
    (normal play). A land is written as the chapter writes one, without the ``!`` that
    ends a whole position.

    >>> for sentence in _explain(("0.0.}]",), (0,), 0, False, True):
    ...     print(sentence)
    Le dessin forme une seule terre, d'une seule région : tous les coups s'y jouent.
    Cette terre (6 vies, écrite « 0.0.}] ») a pour valeur de Grundy 0 :
    c'est la valeur de la position, perdante pour qui doit jouer.
    >>> for sentence in _explain(("0.2.}]", "0.}]"), (1, 0), 1, False, False)[1:]:
    ...     print(sentence)
    Terre 1 (4 vies, écrite « 0.2.}] ») : valeur de Grundy 1.
    Terre 2 (3 vies, écrite « 0.}] ») : valeur de Grundy 0.
    La valeur de la position est leur somme de Nim, 1 ⊕ 0 = 1 :
    la position est gagnante pour qui doit jouer.
    """
    if not lands:
        return (typeset("Plus aucune région n'a deux vies : plus aucun coup n'est possible."),)
    if len(lands) > 1:
        first = (
            f"Le dessin se partage en {len(lands)} terres indépendantes : aucune courbe ne"
            " peut passer de l'une à l'autre, et chaque coup se joue dans une seule."
        )
    elif lands[0].count("}") == 1:
        first = "Le dessin forme une seule terre, d'une seule région : tous les coups s'y jouent."
    else:
        first = "Le dessin forme une seule terre : toutes ses régions se touchent par des points."
    said = [first]
    lost = is_p if misere else total == 0
    outcome = "perdante" if lost else "gagnante"
    if misere:
        said.append(
            "En version misère, les valeurs de Grundy des terres ne suffisent pas : toute la"
            f" position a été examinée, et elle est {outcome} pour qui doit jouer."
        )
    elif len(lands) == 1:
        said.append(
            f"Cette terre ({_land_words(lands[0])}) a pour valeur de Grundy {total} :"
            f" c'est la valeur de la position, {outcome} pour qui doit jouer."
        )
    else:
        for index, (land, value) in enumerate(zip(lands, nimbers, strict=True), start=1):
            said.append(f"Terre {index} ({_land_words(land)}) : valeur de Grundy {value}.")
        said.append(
            "La valeur de la position est leur somme de Nim, "
            + " ⊕ ".join(str(value) for value in nimbers)
            + f" = {total} : la position est {outcome} pour qui doit jouer."
        )
    return tuple(typeset(sentence) for sentence in said)


def _land_words(land: str) -> str:
    """A land's lives and its writing, as in « 6 vies, écrite « 0.0.}] » » (no ``!``)."""
    return f"{plural(land_lives(land), 'vie')}, écrite « {land} »"


GAME = SproutsGame()
