"""A Sprouts drawing on a grid: spots and curves that never cross, and the position it shows.

The abstract position (:mod:`nimcore.sprouts.position`) says which moves exist,
not where a curve goes. A board needs a real drawing, so this module keeps one:
a square grid of cells, each spot a cell, each curve a path of cells from a spot
to a spot through free cells, with its new spot on a cell of the path. The
curve is the polyline through the centres of its cells; two lattice segments
never cross, so a path of free cells crosses nothing.

**Faces.** The regions of the drawing are read on the grid refined twice: a
cell (r, c) is the fine cell (2r, 2c), a segment between two cells the fine cell
between them. Free fine cells that touch side by side form one region exactly
when the plane around the polylines is connected there, so the regions are the
connected components of the free fine cells. Walking around each piece of the
drawing with its region on the left (at each cell, the first segment clockwise
from the one we came by) gives its *boundaries*; the spots met on them, with
their lives, are the position in Applegate, Jacobson and Sleator's writing,
which :func:`~nimcore.sprouts.position.parse` reads into canonical lands.

**Routing.** For two spots a, b with a region in common, every curve joining
them in that region is searched by a least-cost search of states (cell,
parities): one parity for each other piece of the drawing in the region, of the
number of times the path has crossed a fixed ray from that piece. A closed curve
(the new curve, closed by the drawing between its ends) leaves a piece inside
exactly when it crosses the piece's ray an odd number of times, so the parities
reached say how the other boundaries of the region may be shared between the
two sides of a cut. The candidates (door of a, door of b, parities) are tried
cheapest first, and the cheapest curve that does not meet itself stands for its
kind: a curve that joins two pieces leaves the same position whatever parities
it reaches, and the cheapest one keeps its distance from the spots it passes
(an earlier version took the first parity searched, which could wrap a curve
round a spot and seal its doors). Each distinct canonical position reached is
one move; its regions are found from the drawing's, by searching only the
smaller side of the region the curve cuts. A move that no path reaches on the
grid (the room is too narrow) is searched again on the grid refined twice
(:func:`refine`), until every move of the abstract position is drawn: every
drawing reachable from 1 to 3 spots within 2 moves, and every turn of random
whole games from 3 and 4 spots, draws every move (the soak tests of
``tests/unit/test_sprouts_drawing.py``); within 2 moves of 3 spots, no move
needs more than 2 refinements.

**Room.** So that a spot's every corner can still be reached later, a spot's
curves leave it on opposite sides of its cell when it keeps a life, a path keeps
away from every living spot but on its way straight out of its two ends, and the new spot sits
where the path runs straight, more than :data:`ROOM` cells from any living spot.

>>> from nimcore.sprouts.position import text
>>> drawing = start_drawing(2)
>>> text(abstract(drawing))
'0.0.}]!'
>>> sorted({text(route.position) for route in routes(drawing).values()})
['0.AB.}AB.}]!', '1a1a.}]!']
>>> played = play_token(drawing, "0-1")
>>> text(abstract(played)), played.tokens
('1a1a.}]!', ('0-1',))

Size: one model, the drawing on its grid: reading its regions and boundaries and
routing a new curve walk the same cells, links and regions, and a route is
judged by the position the drawing shows once it is drawn.

References: D. Applegate, G. Jacobson and D. Sleator, *Computer Analysis of
Sprouts* (1991); J. Lemoine and S. Viennot, *Computer analysis of Sprouts with
nimbers*, Games of No Chance 4 (2015).
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.sprouts.position import Position, moves, parse

__all__ = [
    "MAX_REFINEMENTS",
    "MAX_SPOTS",
    "Drawing",
    "Route",
    "abstract",
    "all_routes",
    "draw_route",
    "lives_of",
    "pair_routes",
    "play_token",
    "read_token",
    "refine",
    "routes",
    "sides_of",
    "start_drawing",
]

Cell = tuple[int, int]

#: Most spots a drawing starts with (its starting layouts).
MAX_SPOTS = 5
#: Most times a drawing's grid is refined to find room for a move.
MAX_REFINEMENTS = 3

#: The starting grid's side, and where its spots are, by their number.
_START_SIZE = 25
_LAYOUTS: dict[int, tuple[Cell, ...]] = {
    1: ((12, 12),),
    2: ((12, 6), (12, 18)),
    3: ((6, 12), (17, 5), (17, 19)),
    4: ((6, 6), (6, 18), (18, 6), (18, 18)),
    5: ((4, 12), (10, 4), (10, 20), (19, 7), (19, 17)),
}
#: A path keeps more than ROOM cells away from every living spot, but on the way
#: straight out of a door (the door and the ROOM - 1 cells after it).
ROOM = 3
#: What a step costs more than a step in the open, at 1, 2, … cells (sides and
#: corners) from the drawing: curves keep their distance, so that the room between
#: them stays for later curves. (Wider or steeper costs were tried: they did not
#: spare the grid's refinements from 3 spots.)
CROWDED = (3,)
#: The four sides of a cell, clockwise on the screen (rows go down): north, east, south, west.
_SIDES: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
_TOKEN = re.compile(r"([0-9]{1,2})-([0-9]{1,2})(?:k([0-9]{1,3}))?(?:s([0-9]))?", re.ASCII)


@dataclass(frozen=True)
class Drawing:
    """Spots and curves on a square grid of *size* cells, and the moves that drew them.

    ``spots[i]`` is the cell of spot i (the first ones are the start's, then one
    new spot a move); ``curves`` are the cell paths, each from its first spot's
    cell to its last's; ``tokens`` the moves played, as :func:`play_token` reads them.
    """

    size: int
    spots: tuple[Cell, ...]
    curves: tuple[tuple[Cell, ...], ...]
    start: int
    tokens: tuple[str, ...] = ()
    _links: dict[Cell, list[Cell]] = field(default_factory=dict, compare=False, repr=False)
    _faces: list[tuple[list[int], int]] = field(default_factory=list, compare=False, repr=False)
    _routing: list[_Routing] = field(default_factory=list, compare=False, repr=False)

    def links(self) -> dict[Cell, list[Cell]]:
        """Each cell of the drawing (spots and curves) and the cells it is joined to."""
        if not self._links:
            found: dict[Cell, list[Cell]] = {cell: [] for cell in self.spots}
            for curve in self.curves:
                for one, two in itertools.pairwise(curve):
                    found.setdefault(one, []).append(two)
                    found.setdefault(two, []).append(one)
            self._links.update(found)
        return self._links


@dataclass(frozen=True)
class Route:
    """A curve a move may draw: its spots, its cells (ends included), its new spot's cell,
    the canonical position it leaves, and the grid's refinements it needs."""

    a: int
    b: int
    cells: tuple[Cell, ...]
    middle: Cell
    position: Position
    refinements: int = 0
    #: The regions of the drawing the curve leaves (as :func:`_faces` gives them),
    #: found while routing: the drawn move's regions are not searched again.
    faces: tuple[list[int], int] | None = field(default=None, compare=False, repr=False)


def start_drawing(spots: int) -> Drawing:
    """The drawing of the start: *spots* spots, no curve (1 to :data:`MAX_SPOTS`).

    >>> start_drawing(3).spots
    ((6, 12), (17, 5), (17, 19))
    """
    if spots not in _LAYOUTS:
        raise NimcoreError(typeset(f"Le dessin part de 1 à {MAX_SPOTS} points, pas {spots}."))
    return Drawing(_START_SIZE, _LAYOUTS[spots], (), spots)


def lives_of(drawing: Drawing) -> list[int]:
    """The lives left to each spot: 3 less the curves that end at it (a loop counts twice)."""
    links = drawing.links()
    return [3 - len(links[cell]) for cell in drawing.spots]


def refine(drawing: Drawing) -> Drawing:
    """The same drawing on a grid twice as fine: cell (r, c) becomes (2r, 2c).

    >>> refine(start_drawing(1)).spots, refine(start_drawing(1)).size
    (((24, 24),), 49)
    """

    def double(cell: Cell) -> Cell:
        return (2 * cell[0], 2 * cell[1])

    curves = []
    for curve in drawing.curves:
        cells = [double(curve[0])]
        for one, two in itertools.pairwise(curve):
            cells += [(one[0] + two[0], one[1] + two[1]), double(two)]
        curves.append(tuple(cells))
    return Drawing(
        2 * drawing.size - 1,
        tuple(double(cell) for cell in drawing.spots),
        tuple(curves),
        drawing.start,
        drawing.tokens,
    )


# -- the position a drawing shows ---------------------------------------------------


def _faces(drawing: Drawing) -> tuple[list[int], int]:
    """The region of each fine cell (-1 on the drawing), on the grid refined twice,
    and the number of regions (kept with the drawing: do not change the list)."""
    if not drawing._faces:
        drawing._faces.append(_fill_faces(drawing))
    return drawing._faces[0]


def _fill_faces(drawing: Drawing) -> tuple[list[int], int]:
    side = 2 * drawing.size - 1
    blocked = _blocked(drawing)
    starts, ends, component = _free_runs(blocked, side, range(side), None)
    label = [-1] * (side * side)
    number: dict[int, int] = {}
    for start, end, root in zip(starts, ends, component, strict=True):
        label[start:end] = [number.setdefault(root, len(number))] * (end - start)
    return label, len(number)


def _blocked(drawing: Drawing) -> bytearray:
    """1 on each fine cell of the drawing (its cells and the segments between them), else 0."""
    side = 2 * drawing.size - 1
    blocked = bytearray(side * side)
    for cell, joined in drawing.links().items():
        blocked[2 * cell[0] * side + 2 * cell[1]] = 1
        for other in joined:
            blocked[(cell[0] + other[0]) * side + cell[1] + other[1]] = 1
    return blocked


_FREE = re.compile(rb"\x00+")


def _free_runs(
    blocked: bytearray, side: int, rows: range, inside: tuple[list[int], int] | None
) -> tuple[list[int], list[int], list[int]]:
    """The runs of free fine cells (side by side in a row) of *rows*, row by row and left to
    right: their first and past-the-end cells, and the first run of the connected part
    each belongs to (free cells that touch side by side are joined). With *inside*, a
    list of regions and one of them, only the runs of that region.

    One regular-expression search a row, one union a pair of runs that touch: a flood
    fill cell by cell costs several times more in Python."""
    starts: list[int] = []
    ends: list[int] = []
    parent: list[int] = []

    def root(run: int) -> int:
        while parent[run] != run:
            parent[run] = parent[parent[run]]
            run = parent[run]
        return run

    above = (0, 0)
    for row in rows:
        first = len(starts)
        for match in _FREE.finditer(blocked, row * side, row * side + side):
            start, end = match.span()
            if inside is None or inside[0][start] == inside[1]:
                parent.append(len(starts))
                starts.append(start)
                ends.append(end)
        one, two = above[0], first
        while one < above[1] and two < len(starts):
            if starts[one] + side < ends[two] and starts[two] < ends[one] + side:
                high, low = root(one), root(two)
                if high != low:
                    parent[max(high, low)] = min(high, low)
            if ends[one] + side <= ends[two]:
                one += 1
            else:
                two += 1
        above = (first, len(starts))
    return starts, ends, [root(run) for run in range(len(starts))]


def _left(side: int, one: Cell, two: Cell) -> int:
    """The fine cell on the left of the segment from *one* to *two* (always free)."""
    row, column = two[0] - one[0], two[1] - one[1]
    return (one[0] + two[0] - column) * side + one[1] + two[1] + row


def _clockwise(cell: Cell, joined: list[Cell]) -> list[Cell]:
    if len(joined) < 2:
        return joined
    return sorted(joined, key=lambda other: _SIDES.index((other[0] - cell[0], other[1] - cell[1])))


def _walks(
    drawing: Drawing, label: list[int], turning: dict[Cell, list[Cell]] | None = None
) -> list[tuple[int, list[Cell]]]:
    """Every boundary: its region and the cells met on it, walking with the region on the left.

    *turning*: each cell's links in clockwise order (:func:`_clockwise`), when known."""
    side = 2 * drawing.size - 1
    links = drawing.links()
    if turning is None:
        turning = {cell: _clockwise(cell, joined) for cell, joined in links.items()}
    done: set[tuple[Cell, Cell]] = set()
    out: list[tuple[int, list[Cell]]] = []
    for cell in sorted(links):
        if not links[cell]:
            row, column = cell
            near = (
                (2 * row * side + 2 * column + 1)
                if column < drawing.size - 1
                else (2 * row * side + 2 * column - 1)
            )
            out.append((label[near], [cell]))
            continue
        for other in turning[cell]:
            if (cell, other) in done:
                continue
            region = label[_left(side, cell, other)]
            met: list[Cell] = []
            one, two = cell, other
            while (one, two) not in done:
                done.add((one, two))
                met.append(two)
                around = turning[two]
                back = around.index(one)
                one, two = two, around[(back + 1) % len(around)]
            out.append((region, met))
    return out


def _split_faces(drawing: Drawing, routing: _Routing, cells: tuple[Cell, ...]) -> list[int]:
    """The regions of *drawing* with the curve *cells* added, a curve that cuts a region
    in two (its ends are on one piece), from the drawing's regions (``routing.label``,
    ``routing.count`` of them): the curve's fine cells leave their region, and its
    smaller side (the side on the curve's left at its start, of two as large) becomes
    region ``routing.count``. Only the rows of the region cut are read again."""
    side = 2 * drawing.size - 1
    label = routing.label
    out = _trace(drawing, label, cells)
    first = _left(side, cells[0], cells[1])
    second = _left(side, cells[1], cells[0])
    region = label[first]
    blocked = routing.blocked.copy()
    for one, two in itertools.pairwise(cells):
        blocked[(one[0] + two[0]) * side + one[1] + two[1]] = 1
        blocked[2 * two[0] * side + 2 * two[1]] = 1
    low, high = routing.rows[region]
    starts, ends, component = _free_runs(blocked, side, range(low, high + 1), (label, region))
    sizes: dict[int, int] = {}
    for start, end, root in zip(starts, ends, component, strict=True):
        sizes[root] = sizes.get(root, 0) + end - start
    # The part of each of the two cells: the run it lies in (the runs of a row are in order).
    parts = [component[bisect.bisect_right(starts, cell) - 1] for cell in (first, second)]
    small = parts[0] if sizes[parts[0]] <= sizes[parts[1]] else parts[1]
    for start, end, root in zip(starts, ends, component, strict=True):
        if root == small:
            out[start:end] = [routing.count] * (end - start)
    return out


def _trace(drawing: Drawing, label: list[int], cells: tuple[Cell, ...]) -> list[int]:
    """The regions of *drawing* with the curve *cells* added, when it cuts no region."""
    side = 2 * drawing.size - 1
    out = label.copy()
    for one, two in itertools.pairwise(cells):
        out[(one[0] + two[0]) * side + one[1] + two[1]] = -1
        out[2 * two[0] * side + 2 * two[1]] = -1
    return out


def _writing(
    drawing: Drawing, label: list[int] | None = None, turning: dict[Cell, list[Cell]] | None = None
) -> str:
    """The drawing's position in Applegate, Jacobson and Sleator's writing (not canonical),
    from its regions and its cells' turning order (:func:`_walks`) when they are known."""
    if label is None:
        label, _ = _faces(drawing)
    walks = _walks(drawing, label, turning)
    links = drawing.links()
    number = {cell: index for index, cell in enumerate(drawing.spots)}
    regions_of: dict[Cell, set[int]] = {}
    for region, met in walks:
        for cell in met:
            if cell in number and len(links[cell]) == 2:
                regions_of.setdefault(cell, set()).add(region)
    letters: dict[Cell, str] = {}
    upper, lower = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), iter("abcdefghijklmnopqrstuvwxyz")
    for cell in sorted(regions_of):
        letters[cell] = next(upper) if len(regions_of[cell]) > 1 else next(lower)
    by_region: dict[int, list[str]] = {}
    for region, met in walks:
        written = []
        for cell in met:
            if cell not in number:
                continue
            degree = len(links[cell])
            if degree < 2:
                written.append(str(degree))
            elif degree == 2:
                written.append(letters[cell])
        by_region.setdefault(region, []).append("".join(written) + ".")
    return "".join("".join(parts) + "}" for _, parts in sorted(by_region.items())) + "]"


def abstract(drawing: Drawing) -> Position:
    """The canonical position the drawing shows.

    >>> from nimcore.sprouts.position import text
    >>> text(abstract(start_drawing(3)))
    '0.0.0.}]!'
    """
    return parse(_writing(drawing))


# -- routing ---------------------------------------------------------------------------


def _pieces(drawing: Drawing) -> dict[Cell, Cell]:
    """Each cell of the drawing and the least cell of its piece (connected part)."""
    links = drawing.links()
    root: dict[Cell, Cell] = {}
    for cell in sorted(links):
        if cell in root:
            continue
        root[cell] = cell
        stack = [cell]
        while stack:
            here = stack.pop()
            for other in links[here]:
                if other not in root:
                    root[other] = cell
                    stack.append(other)
    return root


def _ray(drawing: Drawing, pieces: dict[Cell, Cell], piece: Cell) -> tuple[str, int, int]:
    """A fixed ray from a piece: ("up", row, column) crosses the steps between columns
    column and column + 1 above *row*; ("left", row, column) the steps between rows
    row and row + 1 left of *column*. It starts at the middle of the piece's first
    segment, or beside its spot when the piece is a lone spot."""
    links = drawing.links()
    members = sorted(cell for cell in links if pieces[cell] == piece)
    for cell in members:
        for other in sorted(links[cell]):
            if other > cell:
                if other[0] == cell[0]:
                    return ("up", cell[0], cell[1])
                return ("left", cell[0], cell[1])
    return ("up", piece[0], piece[1])


def _nearby(drawing: Drawing, lives: list[int], reach: int = 1) -> dict[Cell, set[int]]:
    """The cells within *reach* cells (sides and corners) of a living spot, and those spots."""
    out: dict[Cell, set[int]] = {}
    for spot, (cell, life) in enumerate(zip(drawing.spots, lives, strict=True)):
        if life > 0:
            for row in range(-reach, reach + 1):
                for column in range(-reach, reach + 1):
                    out.setdefault((cell[0] + row, cell[1] + column), set()).add(spot)
    return out


def _doors(drawing: Drawing, spot: int, near: dict[Cell, set[int]]) -> list[Cell]:
    """The free cells beside *spot* that no other living spot is near: where its curves may leave."""
    cell = drawing.spots[spot]
    taken = drawing.links()
    out = []
    for row, column in _SIDES:
        door = (cell[0] + row, cell[1] + column)
        if (
            0 < door[0] < drawing.size - 1
            and 0 < door[1] < drawing.size - 1
            and door not in taken
            and near.get(door, set()) <= {spot}
        ):
            out.append(door)
    return out


def _keeps_room(drawing: Drawing, spot: int, door: Cell) -> bool:
    """May a curve that leaves *spot* a life leave it by *door*? Only opposite its one curve."""
    cell = drawing.spots[spot]
    joined = drawing.links()[cell]
    if len(joined) != 1:
        return True
    return (joined[0][0] + door[0], joined[0][1] + door[1]) == (2 * cell[0], 2 * cell[1])


@dataclass
class _Routing:
    """What every search for a new curve in one drawing shares (:func:`_routing`): the
    spots' lives, the cells near them, each spot's doors, the regions, the pieces
    and the other pieces of each region, the lanes out of the doors, and what a
    step costs more than 1 on each cell (-1 where no path may go)."""

    lives: list[int]
    near: dict[Cell, set[int]]
    doors: list[list[Cell]]
    label: list[int]
    count: int
    pieces: dict[Cell, Cell]
    in_region: dict[int, set[Cell]]
    lanes: set[Cell]
    #: crowd[i]: what entering cell i costs more than 1 near the drawing (CROWDED).
    crowd: list[int]
    #: crowd, with -1 on the drawing, the grid's outer ring and the cells within ROOM
    #: of a living spot but the lanes: a search opens its ends on a copy.
    extra: list[int]
    room: dict[Cell, set[int]]
    #: 1 on the fine cells of the drawing (:func:`_blocked`), and the first and last row of
    #: fine cells of each region.
    blocked: bytearray
    rows: dict[int, tuple[int, int]]
    #: Each cell's links in clockwise order (:func:`_clockwise`).
    turning: dict[Cell, list[Cell]]
    #: The rays of the pieces, and the rays a step crosses for each list of pieces.
    rays: dict[Cell, tuple[str, int, int]] = field(default_factory=dict)
    steps: dict[tuple[Cell, ...], tuple[list[int], list[int]]] = field(default_factory=dict)


def _routing(drawing: Drawing) -> _Routing:
    """The drawing's routing context, computed once (kept with the drawing)."""
    if drawing._routing:
        return drawing._routing[0]
    lives = lives_of(drawing)
    near = _nearby(drawing, lives)
    room = _nearby(drawing, lives, ROOM)
    label, count = _faces(drawing)
    pieces = _pieces(drawing)
    turning = {cell: _clockwise(cell, joined) for cell, joined in drawing.links().items()}
    in_region: dict[int, set[Cell]] = {}
    for region, met in _walks(drawing, label, turning):
        in_region.setdefault(region, set()).add(pieces[met[0]])
    doors = [_doors(drawing, spot, near) for spot in range(len(drawing.spots))]
    # The cells straight out of every door of a living spot: a curve's way in or out.
    lanes = {
        (gate[0] + step * (gate[0] - cell[0]), gate[1] + step * (gate[1] - cell[1]))
        for spot, cell in enumerate(drawing.spots)
        if lives[spot] > 0
        for gate in doors[spot]
        for step in range(1, ROOM)
    } - set(near)
    size = drawing.size
    links = drawing.links()
    crowd = [0] * (size * size)
    for reach in range(len(CROWDED), 0, -1):
        for cell in links:
            for row in range(max(cell[0] - reach, 0), min(cell[0] + reach + 1, size)):
                for column in range(max(cell[1] - reach, 0), min(cell[1] + reach + 1, size)):
                    crowd[row * size + column] = CROWDED[reach - 1]
    extra = crowd.copy()
    for row, column in room:
        if 0 <= row < size and 0 <= column < size and (row, column) not in lanes:
            extra[row * size + column] = -1
    for cell in links:
        extra[cell[0] * size + cell[1]] = -1
    for index in range(size):
        for ring in (index, (size - 1) * size + index, index * size, index * size + size - 1):
            extra[ring] = -1
    side = 2 * size - 1
    rows: dict[int, tuple[int, int]] = {}
    for row in range(side):
        for region in set(label[row * side : row * side + side]):
            rows[region] = (rows.get(region, (row, row))[0], row)
    found = _Routing(
        lives,
        near,
        doors,
        label,
        count,
        pieces,
        in_region,
        lanes,
        crowd,
        extra,
        room,
        _blocked(drawing),
        rows,
        turning,
    )
    drawing._routing.append(found)
    return found


def _steps(drawing: Drawing, routing: _Routing, others: list[Cell]) -> tuple[list[int], list[int]]:
    """The rays of the pieces *others* that each step crosses: ``across[i]`` by the step from
    cell i to cell i + 1 (same row), ``down[i]`` by the step from cell i to cell i + size
    (same column); bit k for the ray of ``others[k]`` (:func:`_ray`)."""
    key = tuple(others)
    if key not in routing.steps:
        size = drawing.size
        across = [0] * (size * size)
        down = [0] * (size * size)
        for bit, piece in enumerate(others):
            if piece not in routing.rays:
                routing.rays[piece] = _ray(drawing, routing.pieces, piece)
            kind, row, column = routing.rays[piece]
            if kind == "up":
                for above in range(row):
                    across[above * size + column] |= 1 << bit
            else:
                for before in range(column):
                    down[row * size + before] |= 1 << bit
        routing.steps[key] = (across, down)
    return routing.steps[key]


#: The cost of a state not reached: more than any path's, and one digit of a Python int
#: (what the interpreter compares fastest).
_UNREACHED = 1 << 29


class _Search:
    """A least-cost search of states (cell, parities) from one cell: a step costs 1, and
    :data:`CROWDED` more near the drawing. States are numbered cell × 2^rays + parities,
    one parity for each piece of *others*, of the times the path crossed its ray.

    The grid's outer ring is never entered: the outer region stays one around the
    drawing. A cell within :data:`ROOM` cells of a living spot is entered only when
    it is one of *ends* (and then not left), or a *lane*: the cells straight out of a door.
    Costs are small integers, so the states wait in one list per cost (a ring of them),
    each in the order it was reached (the order of a heap of (cost, order reached)); the
    search stops once every state at an end of its region is settled."""

    def __init__(
        self, drawing: Drawing, routing: _Routing, source: Cell, ends: set[Cell], others: list[Cell]
    ) -> None:
        size = self.size = drawing.size
        bits = self.bits = len(others)
        across, down = _steps(drawing, routing, others)
        extra = routing.extra.copy()
        stop = bytearray(size * size)
        for row, column in ends:
            extra[row * size + column] = routing.crowd[row * size + column]
            stop[row * size + column] = 1
        start = (source[0] * size + source[1]) << bits
        stop[source[0] * size + source[1]] = 0
        mask = (1 << bits) - 1
        self.previous = previous = [-1] * ((size * size) << bits)
        self.cost = cost = [_UNREACHED] * ((size * size) << bits)
        cost[start] = 0
        # A step costs 1 to 1 + max(CROWDED): the states wait in a ring of lists, by cost.
        width = 2 + max(CROWDED)
        waiting: list[list[int]] = [[] for _ in range(width)]
        waiting[0].append(start)
        # The states at an end not yet settled (an end in another region is never reached).
        side = 2 * size - 1
        region = routing.label[2 * source[0] * side + 2 * source[1]]
        unsettled = sum(routing.label[2 * r * side + 2 * c] == region for r, c in ends) << bits
        # The rays each of the four steps from cell i crosses: to i - size, i + size, i - 1, i + 1.
        north, south = [0] * size + down[:-size], down
        west, east = [0, *across[:-1]], across
        spent = 0
        while unsettled and any(waiting):
            now = waiting[spent % width]
            for state in now:
                if cost[state] < spent:  # reached again more cheaply since
                    continue
                here = state >> bits
                if stop[here]:
                    unsettled -= 1
                    if not unsettled:
                        break
                    continue
                parity = state & mask
                # The four steps, written out (a loop over them costs a sixth more).
                near = here - size
                more = extra[near]
                if more >= 0:
                    after = (near << bits) | (parity ^ north[here])
                    total = spent + 1 + more
                    if total < cost[after]:
                        cost[after] = total
                        previous[after] = state
                        waiting[total % width].append(after)
                near = here + size
                more = extra[near]
                if more >= 0:
                    after = (near << bits) | (parity ^ south[here])
                    total = spent + 1 + more
                    if total < cost[after]:
                        cost[after] = total
                        previous[after] = state
                        waiting[total % width].append(after)
                near = here - 1
                more = extra[near]
                if more >= 0:
                    after = (near << bits) | (parity ^ west[here])
                    total = spent + 1 + more
                    if total < cost[after]:
                        cost[after] = total
                        previous[after] = state
                        waiting[total % width].append(after)
                near = here + 1
                more = extra[near]
                if more >= 0:
                    after = (near << bits) | (parity ^ east[here])
                    total = spent + 1 + more
                    if total < cost[after]:
                        cost[after] = total
                        previous[after] = state
                        waiting[total % width].append(after)
            now.clear()
            spent += 1

    def state(self, cell: Cell, parity: int) -> int:
        return ((cell[0] * self.size + cell[1]) << self.bits) | parity

    def reached(self, cell: Cell, parity: int) -> bool:
        return self.cost[self.state(cell, parity)] < _UNREACHED

    def path(self, cell: Cell, parity: int) -> list[Cell]:
        """The cells of the cheapest way from the source to (cell, parity)."""
        cells: list[Cell] = []
        at = self.state(cell, parity)
        while at >= 0:
            cells.append(divmod(at >> self.bits, self.size))
            at = self.previous[at]
        return cells[::-1]


def _middle(drawing: Drawing, inner: list[Cell], alive: list[Cell]) -> Cell | None:
    """Where the new spot goes: a cell where the path runs straight, with both its sides free,
    more than ROOM cells from every spot still living and from the grid's outer ring (its
    ways out need room); the nearest to the path's middle."""
    taken = drawing.links()
    on_path = set(inner)
    order = sorted(
        range(1, len(inner) - 1), key=lambda index: (abs(2 * index - len(inner) + 1), index)
    )
    for index in order:
        before, here, after = inner[index - 1], inner[index], inner[index + 1]
        if before[0] + after[0] != 2 * here[0] or before[1] + after[1] != 2 * here[1]:
            continue
        row, column = here[0] - before[0], here[1] - before[1]
        sides = [(here[0] + column, here[1] - row), (here[0] - column, here[1] + row)]
        if any(
            side in taken
            or side in on_path
            or not (0 <= side[0] < drawing.size and 0 <= side[1] < drawing.size)
            for side in sides
        ):
            continue
        if not all(ROOM < coordinate < drawing.size - 1 - ROOM for coordinate in here) or any(
            abs(here[0] - spot[0]) <= ROOM and abs(here[1] - spot[1]) <= ROOM for spot in alive
        ):
            continue
        return here
    return None


def _with_curve(drawing: Drawing, cells: tuple[Cell, ...], middle: Cell, token: str) -> Drawing:
    """The drawing with the curve *cells* and its new spot *middle*; its links are the
    drawing's and the curve's (the lists of the cells the curve misses are shared)."""
    after = Drawing(
        drawing.size,
        (*drawing.spots, middle),
        (*drawing.curves, cells),
        drawing.start,
        (*drawing.tokens, token),
    )
    links = dict(drawing.links())
    for end in (cells[0], cells[-1]):
        links[end] = list(drawing.links()[end])
    for one, two in itertools.pairwise(cells):
        links.setdefault(one, []).append(two)
        links.setdefault(two, []).append(one)
    after._links.update(links)
    return after


def _routes_from(
    drawing: Drawing, a: int, only: int | None, rejected: list[int] | None = None
) -> Iterator[Route]:
    """Every curve from spot *a* to a spot b ≥ a (or to *only*), one per pair and canonical
    position reached, cheapest first. Each curve the grid has no room for (a door shut,
    a way that meets itself, no room for the new spot) counts one in ``rejected[a]``."""
    misses = [0]
    yield from _routes_counted(drawing, a, only, misses)
    if rejected is not None:
        rejected[a] += misses[0]


def _routes_counted(
    drawing: Drawing, a: int, only: int | None, misses: list[int]
) -> Iterator[Route]:
    routing = _routing(drawing)
    lives = routing.lives
    targets = [
        b
        for b in range(a, len(drawing.spots))
        if (only is None or b == only) and lives[a] >= (2 if b == a else 1) and lives[b] >= 1
    ]
    if not targets:
        return
    links = drawing.links()
    label = routing.label
    side = 2 * drawing.size - 1
    pieces = routing.pieces
    spot_a = drawing.spots[a]
    doors = {b: routing.doors[b] for b in targets}
    misses[0] += sum(len(doors[b]) < lives[b] for b in targets)  # doors shut
    seen: set[tuple[int, Position]] = set()
    # Curves that leave a and reach b by the same corners, and (when they cut a region)
    # with the same parities, leave the same position: the first one stands for all.
    tried: set[tuple[int, Cell | None, Cell | None, int]] = set()

    def corner(spot: Cell, door: Cell) -> Cell | None:
        return door if links[spot] else None

    # Spots still living once a curve from a to b is drawn (the new spot must keep away).
    alive: dict[int, list[Cell]] = {}
    for b in targets:
        left = [
            lives[spot] - (2 if a == b else 1) if spot in (a, b) else lives[spot]
            for spot in range(len(lives))
        ]
        alive[b] = [cell for cell, life in zip(drawing.spots, left, strict=True) if life > 0]
    found: list[tuple[int, int, int, Cell, Cell, int, _Search]] = []

    for door in routing.doors[a]:
        region = label[2 * door[0] * side + 2 * door[1]]
        others = sorted(
            piece
            for piece in routing.in_region.get(region, set())
            if piece != spot_a or links[spot_a]
        )
        ends: dict[Cell, list[int]] = {}
        for b in targets:
            for end in doors[b]:
                if b == a:
                    if end == door or (
                        not links[spot_a]
                        and (end[0] + door[0], end[1] + door[1]) != (2 * spot_a[0], 2 * spot_a[1])
                    ):
                        continue
                elif not (_keeps_room(drawing, a, door) and _keeps_room(drawing, b, end)):
                    continue
                ends.setdefault(end, []).append(b)
        if not ends:
            misses[0] += 1
            continue
        search = _Search(drawing, routing, door, set(ends), others)
        for b in targets:
            for end in doors[b]:
                if b not in ends.get(end, []):
                    continue
                for parity in range(1 << len(others)):
                    if search.reached(end, parity):
                        cost = search.cost[search.state(end, parity)]
                        found.append((cost, len(found), b, door, end, parity, search))
    # The cheapest curve of each kind stands for its kind: the drawing keeps its room.
    found.sort(key=lambda candidate: candidate[:2])
    for _, _, b, door, end, parity, search in found:
        spot_b = drawing.spots[b]
        cuts = a == b or pieces[spot_a] == pieces[spot_b]
        key = (b, corner(spot_a, door), corner(spot_b, end), parity if cuts else -1)
        if key in tried:
            continue
        inner = search.path(end, parity)
        if len(inner) < 3 or len(set(inner)) != len(inner):
            misses[0] += 1
            continue
        middle = _middle(drawing, inner, alive[b])
        if middle is None:
            misses[0] += 1
            continue
        tried.add(key)
        cells = (spot_a, *inner, spot_b)
        after = _with_curve(drawing, cells, middle, "")
        count = routing.count
        faces = _split_faces(drawing, routing, cells) if cuts else _trace(drawing, label, cells)
        turning = routing.turning.copy()
        for cell in cells:
            turning[cell] = _clockwise(cell, after.links()[cell])
        position = parse(_writing(after, faces, turning))
        if (b, position) in seen:
            continue
        seen.add((b, position))
        yield Route(a, b, cells, middle, position, 0, (faces, count + 1 if cuts else count))


def pair_routes(drawing: Drawing, a: int, b: int) -> list[Route]:
    """The curves joining spots a ≤ b on this grid, one per canonical position, by its writing."""
    found: dict[Position, Route] = {}
    for route in _routes_from(drawing, a, b):
        found.setdefault(route.position, route)
    return [found[position] for position in sorted(found, key=lambda p: "".join(p))]


def routes(drawing: Drawing) -> dict[str, Route]:
    """Every curve this grid has room for, by its move's token (see :func:`play_token`)."""
    out: dict[str, Route] = {}
    for a in range(len(drawing.spots)):
        out.update(_routes_of_spot(drawing, a, 0))
    return out


def _routes_of_spot(
    drawing: Drawing, a: int, refinements: int, rejected: list[int] | None = None
) -> dict[str, Route]:
    """Every curve from spot *a* to a spot b ≥ a this grid has room for, by token."""
    by_pair: dict[int, dict[Position, Route]] = {}
    for route in _routes_from(drawing, a, None, rejected):
        by_pair.setdefault(route.b, {}).setdefault(route.position, route)
    out: dict[str, Route] = {}
    for b, found in sorted(by_pair.items()):
        for index, position in enumerate(sorted(found, key=lambda p: "".join(p))):
            out[_token(a, b, index, refinements)] = found[position]
    return out


def _token(a: int, b: int, index: int, refinements: int) -> str:
    return f"{a}-{b}" + (f"k{index}" if index else "") + (f"s{refinements}" if refinements else "")


def all_routes(drawing: Drawing) -> dict[str, Route]:
    """Every move of the drawing's position, drawn: by token, one route per pair of spots and
    canonical position reached, on the grid refined as many times as that move needs.

    Cost: a least-cost search per door of a spot, on each grid tried. A grid is
    refined only while some move of the abstract position has no route; on a
    finer grid, the spots whose curves met the most obstacles on the coarser one
    are searched first, and the search stops as soon as every move is drawn
    (each spot searched lists all its pairs, so tokens stay those of
    :func:`play_token`). Every later search runs on the finer grid (four times
    the cells): the slow clicks of bench/sprouts_board.py are those. What the
    searches of one drawing share is computed once (:func:`_routing`).
    """
    wanted = set(moves(abstract(drawing)))
    out: dict[str, Route] = {}
    reached: set[tuple[int, int, Position]] = set()
    positions: set[Position] = set()
    grid = drawing
    order = list(range(len(drawing.spots)))
    for refinements in range(MAX_REFINEMENTS + 1):
        rejected = [0] * len(drawing.spots)
        for a in order:
            for token, route in _routes_of_spot(grid, a, refinements, rejected).items():
                if (route.a, route.b, route.position) in reached:
                    continue
                reached.add((route.a, route.b, route.position))
                positions.add(route.position)
                out[token] = Route(
                    route.a,
                    route.b,
                    route.cells,
                    route.middle,
                    route.position,
                    refinements,
                    route.faces,
                )
            if refinements and wanted <= positions:
                break
        if wanted <= positions:
            break
        order = sorted(order, key=lambda spot: -rejected[spot])
        grid = refine(grid)
    return out


def read_token(token: str) -> tuple[int, int, int, int]:
    """A move's token: spots a and b, the index of its position among the pair's, the refinements.

    >>> read_token("0-2k1s1")
    (0, 2, 1, 1)
    """
    match = _TOKEN.fullmatch(token)
    if match is None:
        raise NimcoreError(
            typeset(
                f"« {token} » n'est pas un coup du jeu des pousses, comme « 0-1 » ou « 0-2k1 »."
            )
        )
    a, b = int(match.group(1)), int(match.group(2))
    return a, b, int(match.group(3) or 0), int(match.group(4) or 0)


def play_token(drawing: Drawing, token: str) -> Drawing:
    """The drawing after the move *token*: ``a-b`` joins spots a ≤ b by the first curve of their
    pair, ``a-bkI`` by the I-th (their canonical positions in order), ``…sR`` on the grid
    refined R times. Refused in French when there is no such curve.

    >>> play_token(start_drawing(1), "0-1")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: « 0-1 » : l'adresse numérote les points de 0 à 0, il n'y a pas de point 1.
    """
    a, b, index, refinements = read_token(token)
    last = len(drawing.spots) - 1
    for spot in (a, b):
        if spot > last:
            raise NimcoreError(
                typeset(
                    f"« {token} » : l'adresse numérote les points de 0 à {last},"
                    f" il n'y a pas de point {spot}."
                )
            )
    if a > b:
        raise NimcoreError(typeset(f"« {token} » : le premier point s'écrit avant le second."))
    if refinements > MAX_REFINEMENTS:
        raise NimcoreError(
            typeset(f"« {token} » : le dessin ne s'affine pas plus de {MAX_REFINEMENTS} fois.")
        )
    grid = drawing
    for _ in range(refinements):
        grid = refine(grid)
    found = pair_routes(grid, a, b)
    if index >= len(found):
        joined = (
            f"le point {a + 1} (écrit {a} dans l'adresse) ne peut pas être relié à lui-même"
            if a == b
            else f"les points {a + 1} et {b + 1} (écrits {a} et {b} dans l'adresse)"
            " ne peuvent pas être reliés"
        )
        raise NimcoreError(typeset(f"Aucune courbe « {token} » : {joined} ainsi."))
    route = found[index]
    return _with_curve(grid, route.cells, route.middle, token)


def draw_route(drawing: Drawing, token: str, route: Route) -> Drawing:
    """The drawing after a listed move (:func:`all_routes`): its curve drawn, no search again."""
    grid = drawing
    for _ in range(route.refinements):
        grid = refine(grid)
    after = _with_curve(grid, route.cells, route.middle, token)
    if route.faces is not None:
        after._faces.append(route.faces)
    return after


def sides_of(drawing: Drawing, spot: int) -> tuple[int, int] | None:
    """The regions on the two sides of a curve's new spot *spot*, or None for a start spot."""
    if spot < drawing.start:
        return None
    cell = drawing.spots[spot]
    before, _ = drawing.links()[cell]
    row, column = cell[0] - before[0], cell[1] - before[1]
    label, _ = _faces(drawing)
    side = 2 * drawing.size - 1
    return (
        label[2 * (cell[0] + column) * side + 2 * (cell[1] - row)],
        label[2 * (cell[0] - column) * side + 2 * (cell[1] + row)],
    )
