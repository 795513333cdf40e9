"""Sprouts positions: the string representation, its simplifications, canonical forms, moves.

A position is written as Applegate, Jacobson and Sleator (1991) and Lemoine and
Viennot (the GLOP program, 2007–2015) write it. A *spot* with 3 lives (no curve
yet) is ``0``, a spot with 2 lives ``1``; a spot with 1 life is a letter when it
is seen twice, upper case when its two sides lie in two regions, lower case when
they lie on the same boundary, and ``2`` when it is seen once. Spots with no life
left are not written. A *boundary* (one connected piece of the drawing, walked
around with its region on the left) ends with ``.``, a *region* (a face of the
drawing: the boundaries around it) with ``}``, a *land* (regions linked by
spots they share) with ``]``, and the position with ``!``. The start with three
spots is ``0.0.0.}]!``; after a curve between two of them, ``0.1a1a.}]!``.

Lands share no spot, so they are independent games and a position is their sum.
Only the lives matter, so the following changes keep the game the same (its
game tree, move by move), and :func:`canonical` applies them all: spots without
life, boundaries without spots and regions with fewer than 2 lives (where no
curve can be drawn) are dropped; a letter seen once becomes ``2``, and so does a
letter seen twice in a row on a boundary (``1aa.`` is ``12.``); letters are
renamed; boundaries are turned (a boundary is a cycle) and listed in any order
in their region; a region may be mirrored (all its boundaries read backwards);
regions and lands are listed in any order. The canonical form is the least
writing of this whole family, so two positions with the same canonical form are
the same game.

>>> canonical("0.0.0.}]!")
'0.0.0.}]!'
>>> canonical("1a1a.0.}]!") == canonical("0.a1a1.}]!")
True
>>> canonical("A.}A.}]!")  # two regions of 1 life each: nothing to play
'!'
>>> sorted(text(child) for child in moves(start(2)))[:3]
['0.AB.}AB.}]!', '1a1a.}]!']

References: D. Applegate, G. Jacobson and D. Sleator, *Computer Analysis of
Sprouts*, CMU-CS-91-144 (1991); J. Lemoine and S. Viennot, *Computer analysis of
Sprouts with nimbers*, Games of No Chance 4 (MSRI Publications 63, 2015),
arXiv:1008.2320.

Size: one grammar, the writing of a position: reading it, its canonical form and
its moves walk the same lands, regions and boundaries, and every move is
returned in canonical form.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import product

from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset

__all__ = [
    "CANONICAL_KEPT",
    "MAX_TEXT",
    "Draft",
    "Position",
    "canonical",
    "draft_lives",
    "draft_untouched",
    "finish",
    "finished",
    "forget",
    "land_drafts",
    "land_lives",
    "land_moves",
    "lives",
    "moves",
    "parse",
    "reachable_lands",
    "start",
    "text",
]

#: A position: its canonical lands, each written ``…]``, in increasing order.
Position = tuple[str, ...]

#: A land as a move leaves it, simplified but not yet in canonical form: its
#: spots region by region, letters renamed 3, 4, … in order of appearance, each
#: boundary closed by 255 and each region by 254. A draft fixes its land up to
#: the names of its letters, so equal drafts are the same land, and
#: :func:`finish` gives its canonical form; two different drafts may still be
#: the same land. Drafts are cheap: a search may order and skip children by
#: their drafts and pay for canonical forms only where it looks.
Draft = bytes

#: Longest position string :func:`parse` reads.
MAX_TEXT = 2000

# Spots inside nimcore: 0, 1, 2 as written, letters as numbers from 3 up,
# each number standing for one spot (seen twice). DEAD marks a spot a move kills.
_ZERO, _ONE, _TWO, _FIRST_LETTER, _DEAD = 0, 1, 2, 3, -1
_LIVES = {_ZERO: 3, _ONE: 2, _TWO: 1}
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LOWER = "abcdefghijklmnopqrstuvwxyz"

_Boundary = list[int]
_Region = list[_Boundary]
_Land = list[_Region]


def start(spots: int) -> Position:
    """The start of the game with *spots* spots: one region, each spot a boundary.

    >>> start(3)
    ('0.0.0.}]',)
    >>> start(0)
    ()
    """
    if spots < 0:
        raise NimcoreError(typeset(f"Le nombre de points ne peut pas être négatif : {spots}."))
    return () if spots == 0 else ("0." * spots + "}]",)


def text(position: Position) -> str:
    """The position's string, ending with ``!``.

    >>> text(start(2))
    '0.0.}]!'
    """
    return "".join(position) + "!"


def lives(position: Position) -> int:
    """Lives left in the whole position (each move uses 2 and brings 1).

    >>> lives(start(4))
    12
    """
    return sum(land_lives(land) for land in position)


def land_lives(land: str) -> int:
    """Lives left in one canonical land (a spot seen twice counts once).

    >>> land_lives("0.1a1a.}]")
    8
    """
    total = 0
    seen: set[str] = set()
    for char in land:
        if char in "012":
            total += 3 - int(char)
        elif char.isalpha() and char not in seen:
            seen.add(char)
            total += 1
    return total


# -- reading -------------------------------------------------------------------


def parse(raw: str) -> Position:
    """Read a position string and return its canonical form.

    The final ``!`` may be left out. Each letter must be written exactly twice:
    an upper-case one in two regions of one land, a lower-case one twice on one
    boundary; a ``0`` is a boundary by itself.

    >>> parse("0.0.}]")
    ('0.0.}]',)
    >>> parse("0.0.}]0.}]!")
    ('0.0.}]', '0.}]')
    >>> parse("1a.}]!")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La lettre « a » doit être écrite deux fois, pas 1.
    """
    if not isinstance(raw, str):
        raise NimcoreError(typeset(f"Une position s'écrit comme un texte, pas {quoted(raw)}."))
    source = raw.strip()
    if len(source) > MAX_TEXT:
        raise NimcoreError(typeset(f"Position trop longue : {MAX_TEXT} caractères au plus."))
    if source.endswith("!"):
        source = source[:-1]
    if source and not source.endswith("]"):
        raise NimcoreError(
            typeset(f"« {raw} » : une position finit par « ] » (fin de terre) puis « ! ».")
        )
    result: list[str] = []
    for land_text in source.split("]")[:-1] if source else []:
        result.extend(_normalize(_read_land(land_text, raw), set()))
    return tuple(sorted(result))


def _read_land(land_text: str, raw: str) -> _Land:
    if land_text and not land_text.endswith("}"):
        raise NimcoreError(
            typeset(f"« {raw} » : une terre est une suite de régions qui finissent par « }} ».")
        )
    ids: dict[str, int] = {}
    places: dict[str, list[tuple[int, int]]] = {}
    land: _Land = []
    for region_index, region_text in enumerate(land_text.split("}")[:-1]):
        if region_text and not region_text.endswith("."):
            raise NimcoreError(
                typeset(f"« {raw} » : une frontière finit par « . » avant la fin de sa région.")
            )
        region: _Region = []
        for boundary_text in region_text.split(".")[:-1]:
            boundary: _Boundary = []
            for char in boundary_text:
                if char in "012":
                    boundary.append(int(char))
                elif char in _UPPER or char in _LOWER:
                    boundary.append(ids.setdefault(char, _FIRST_LETTER + len(ids)))
                    places.setdefault(char, []).append((region_index, len(region)))
                else:
                    raise NimcoreError(
                        typeset(
                            f"« {raw} » : caractère inconnu « {char} » (permis : 0, 1, 2,"
                            " des lettres, et . }} ] !)."
                        )
                    )
            if _ZERO in boundary and len(boundary) > 1:
                raise NimcoreError(
                    typeset(f"« {raw} » : un point « 0 » (sans courbe) est seul sur sa frontière.")
                )
            region.append(boundary)
        land.append(region)
    for char, where in places.items():
        if len(where) != 2:
            raise NimcoreError(
                typeset(f"La lettre « {char} » doit être écrite deux fois, pas {len(where)}.")
            )
        (region_a, boundary_a), (region_b, boundary_b) = where
        if char in _UPPER and region_a == region_b:
            raise NimcoreError(
                typeset(
                    f"La lettre majuscule « {char} » doit être dans deux régions différentes"
                    " (une minuscule reste sur une frontière)."
                )
            )
        if char in _LOWER and (region_a, boundary_a) != (region_b, boundary_b):
            raise NimcoreError(
                typeset(
                    f"La lettre minuscule « {char} » doit être deux fois sur la même frontière."
                )
            )
    return land


def _decode(land: str) -> _Land:
    """A canonical land string as lists (letters numbered from 3), without checks."""
    ids: dict[str, int] = {}
    result: _Land = []
    for region_text in land[:-1].split("}")[:-1]:
        region: _Region = []
        for boundary_text in region_text.split(".")[:-1]:
            region.append(
                [
                    int(char) if char in "012" else ids.setdefault(char, _FIRST_LETTER + len(ids))
                    for char in boundary_text
                ]
            )
        result.append(region)
    return result


# -- simplifying and canonical forms ---------------------------------------------


def canonical(raw: str) -> str:
    """The canonical string of a position string (see the module's introduction).

    >>> canonical("0.0.}]0.}]!")
    '0.0.}]0.}]!'
    >>> canonical("12.AB.}AB.}]!") == canonical("BA.}21.BA.}]!")
    True
    """
    return text(parse(raw))


def _region_lives(region: _Region) -> int:
    total = 0
    letters: set[int] = set()
    for boundary in region:
        for spot in boundary:
            if spot >= _FIRST_LETTER:
                letters.add(spot)
            else:
                total += _LIVES[spot]
    return total + len(letters)


def _collapse_pairs(boundary: _Boundary) -> _Boundary:
    """A letter seen twice in a row (cyclically) is one spot of 1 life seen once: ``2``."""
    size = len(boundary)
    if size < 2:
        return boundary
    twins = {
        spot
        for index, spot in enumerate(boundary)
        if spot >= _FIRST_LETTER and boundary[index - 1] == spot
    }
    if not twins:
        return boundary
    result: _Boundary = []
    written: set[int] = set()
    for spot in boundary:
        if spot in twins:
            if spot not in written:
                written.add(spot)
                result.append(_TWO)
        else:
            result.append(spot)
    return result


def _normalize(land: _Land, dead: set[int]) -> list[str]:
    """Simplify a land after a move (or as read) and return its canonical lands."""
    return [finish(draft) for draft in _drafts(land, dead)]


def _drafts(land: _Land, dead: set[int], merge: bool = False) -> list[Draft]:
    """Simplify a land after a move (or as read) and return its lands as drafts;
    with *merge*, the boundaries of each region of 2 or 3 lives too (:func:`_merged`)."""
    regions: list[_Region] = []
    for region in land:
        kept: _Region = []
        for boundary in region:
            alive = [spot for spot in boundary if spot != _DEAD and spot not in dead]
            alive = _collapse_pairs(alive)
            if alive:
                kept.append(alive)
        if not kept:
            continue
        region_lives = _region_lives(kept)
        if region_lives >= 2:
            regions.append(_merged(kept) if merge and region_lives <= 3 else kept)
    seen: dict[int, int] = {}
    for region in regions:
        for boundary in region:
            for spot in boundary:
                if spot >= _FIRST_LETTER:
                    seen[spot] = seen.get(spot, 0) + 1
    lonely = {spot for spot, count in seen.items() if count == 1}
    if lonely:
        regions = [
            [[_TWO if spot in lonely else spot for spot in boundary] for boundary in region]
            for region in regions
        ]
    return [_draft(group) for group in _split_lands(regions)]


def _merged(region: _Region) -> _Region:
    """A region of 2 or 3 lives written as one boundary: its spots with lives in
    turn, and a ``2`` for each letter seen twice in it (a spot of 1 life that has
    only this region left).

    A move there uses 2 of its lives and leaves the third, if any, alone with the
    new spot in one region of 2 lives, whatever the boundaries: only which spots
    hold the lives matters, so the lands before and after have the same moves,
    position for position (the children of both are the same canonical
    positions). The SPOTS solver (github.com/cizektom/spots, 2025) simplifies
    the same way; the brute force of ``tests/unit/test_sprouts.py`` checks it.
    """
    counts: dict[int, int] = {}
    for boundary in region:
        for spot in boundary:
            if spot >= _FIRST_LETTER:
                counts[spot] = counts.get(spot, 0) + 1
    twice = [spot for spot, count in counts.items() if count == 2]
    if len(region) == 1 and not twice:
        return region
    merged = [spot for boundary in region for spot in boundary if counts.get(spot) != 2]
    return [merged + [_TWO] * len(twice)]


#: Canonical lands kept by :func:`finish` at most (emptied when full): about
#: 200 bytes each; the 7-spot game asks for several hundred thousand.
CANONICAL_KEPT = 2_000_000
_canonical_cache: dict[Draft, str] = {}
# Ends of a boundary and of a region in a draft (spots are 0, 1, 2 and letters
# renamed 3, 4, …, far fewer than 250 in a land: more than 26 letters is refused).
_END_BOUNDARY, _END_REGION = 255, 254
_ENDS = bytes((_END_BOUNDARY, _END_REGION))


def forget() -> None:
    """Empty the cache of canonical lands (a benchmark starts each run from nothing)."""
    _canonical_cache.clear()


def _draft(land: _Land) -> Draft:
    ids: dict[int, int] = {}
    key: list[int] = []
    for region in land:
        for boundary in region:
            for spot in boundary:
                key.append(spot if spot < _FIRST_LETTER else ids.setdefault(spot, 3 + len(ids)))
            key.append(_END_BOUNDARY)
        key.append(_END_REGION)
    return bytes(key)


def finish(draft: Draft) -> str:
    """The canonical land of a draft, remembered by the draft: the same drafts come
    back from many positions (about three times each from 4 spots).

    >>> [finish(draft) for draft in land_drafts("0.}]")[0]]
    ['AB.}AB.}]']
    """
    found = _canonical_cache.get(draft)
    if found is None:
        if len(_canonical_cache) >= CANONICAL_KEPT:
            _canonical_cache.clear()
        land = [[list(b) for b in r.split(b"\xff")[:-1]] for r in draft.split(b"\xfe")[:-1]]
        found = _canonical_cache[draft] = _canonical_land(land)
    return found


def finished(draft: Draft) -> str | None:
    """The canonical land of a draft if :func:`finish` has already found it, else None."""
    return _canonical_cache.get(draft)


def draft_lives(draft: Draft) -> int:
    """Lives left in the land of a draft, as :func:`land_lives` counts them.

    >>> [draft_lives(draft) for draft in land_drafts("0.0.}]")[0]]
    [5]
    """
    spots = draft.translate(None, _ENDS)
    letters = max(max(spots, default=_ZERO) - _TWO, 0)  # named 3, 4, … in order
    return 3 * spots.count(_ZERO) + 2 * spots.count(_ONE) + spots.count(_TWO) + letters


def draft_untouched(draft: Draft) -> int:
    """Spots without a curve (written ``0``) in the land of a draft."""
    return draft.count(_ZERO)


def _split_lands(regions: list[_Region]) -> list[_Land]:
    """Group regions into lands: two regions sharing a spot are in one land."""
    parent = list(range(len(regions)))

    def root(index: int) -> int:
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    first_region: dict[int, int] = {}
    for index, region in enumerate(regions):
        for boundary in region:
            for spot in boundary:
                if spot >= _FIRST_LETTER:
                    other = first_region.setdefault(spot, index)
                    parent[root(index)] = root(other)
    groups: dict[int, _Land] = {}
    for index, region in enumerate(regions):
        groups.setdefault(root(index), []).append(region)
    return list(groups.values())


def _rotations(boundary: _Boundary) -> Iterator[_Boundary]:
    for shift in range(len(boundary)):
        yield boundary[shift:] + boundary[:shift]


def _shaped(boundary: _Boundary, pairs: set[int]) -> _Shaped:
    """A boundary's shape, and every turn of it that reads that shape.

    The shape is the least turn of the boundary with its letters made anonymous
    (3 if seen twice on it, else 4): no renaming changes it. A boundary without
    letters has one turn to write, its shape itself.
    """
    anonymous = tuple(
        spot if spot < _FIRST_LETTER else 3 if spot in pairs else 4 for spot in boundary
    )
    size = len(anonymous)
    if size == 1:
        return anonymous, [boundary], anonymous[0] < _FIRST_LETTER
    doubled = anonymous + anonymous
    least = min(doubled[shift : shift + size] for shift in range(size))
    if max(anonymous) < _FIRST_LETTER:
        return least, [list(least)], True
    turns = [
        boundary[shift:] + boundary[:shift]
        for shift in range(size)
        if doubled[shift : shift + size] == least
    ]
    return least, turns, False


# One region ready to be written: its shape (the sorted shapes of its
# boundaries, the least of its two mirror images), and for each mirror image of
# that least shape, its boundaries with their shapes and the turns that read them.
_Shaped = tuple[tuple[int, ...], list[_Boundary], bool]
_Prepared = tuple[tuple[tuple[int, ...], ...], list[list[_Shaped]]]
# A partial writing: letter names so far, the boundaries left in the region
# being written (None between regions), the regions left.
_State = tuple[dict[int, int], list[_Shaped] | None, list[_Prepared]]


def _prepare(region: _Region) -> _Prepared:
    pairs: set[int] = set()
    for boundary in region:
        seen: set[int] = set()
        for spot in boundary:
            if spot >= _FIRST_LETTER:
                if spot in seen:
                    pairs.add(spot)
                seen.add(spot)
    sides = []
    for mirrored in (region, [boundary[::-1] for boundary in region]):
        shaped = sorted((_shaped(b, pairs) for b in mirrored), key=lambda item: item[0])
        sides.append((tuple(item[0] for item in shaped), shaped))
    least = min(shape for shape, _ in sides)
    return least, [shaped for shape, shaped in sides if shape == least]


def _canonical_land(land: _Land) -> str:
    """The canonical writing of a land: one writing per class of equivalent lands.

    Shapes (boundaries with letters made anonymous, :func:`_shape`) do not depend on
    the letters' names, so they fix most of the writing: regions go by increasing
    shape, each mirrored the way that gives the least shape, its boundaries by
    increasing shape, each turned to its least shape. Among the writings that obey
    this, the least (letters named in order of first appearance) is the canonical
    one. It is found boundary by boundary, keeping every partial writing that ties
    so far (a beam; ties come from symmetric lands and stay few).
    """
    if len(land) == 1 and all(spot < _FIRST_LETTER for b in land[0] for spot in b):
        plain = min(
            sorted(min(_rotations(b)) for b in land[0]),
            sorted(min(_rotations(b[::-1])) for b in land[0]),
        )
        return _write([tuple(b) for b in plain] + [_SEPARATOR])
    beam: list[_State] = [({}, None, sorted((_prepare(r) for r in land), key=lambda p: p[0]))]
    written: list[tuple[int, ...]] = []
    while True:
        names0, current0, rest0 = beam[0]
        if current0 is not None and not current0:
            written.append(_SEPARATOR)
            beam = [(names, None, rest) for names, _, rest in beam]
            continue
        if current0 is None and not rest0:
            return _write(written)
        next_name = _FIRST_LETTER + len(names0)
        best: tuple[int, ...] | None = None
        chosen: list[_State] = []
        for names, current, rest in beam:
            for boundary, left, rest_after in _candidates(current, rest):
                element, fresh = _encode(boundary, names, next_name)
                if best is None or element < best:
                    best, chosen = element, []
                if element == best:
                    chosen.append(({**names, **fresh} if fresh else names, left, rest_after))
        assert best is not None
        written.append(best)
        unique: dict[object, _State] = {}
        for state in chosen:
            names, current, rest = state
            key = (
                tuple(names.items()),
                None if current is None else frozenset(map(id, current)),
                frozenset(map(id, rest)),
            )
            unique.setdefault(key, state)
        beam = list(unique.values())


def _candidates(
    current: list[_Shaped] | None, rest: list[_Prepared]
) -> Iterator[tuple[_Boundary, list[_Shaped], list[_Prepared]]]:
    """The boundaries (turned) that may come next, with what is left after each."""
    if current is None:
        least = rest[0][0]
        for index, prepared in enumerate(rest):
            if prepared[0] != least:
                break
            rest_after = rest[:index] + rest[index + 1 :]
            for shaped in prepared[1]:
                yield from _turns(shaped, rest_after)
        return
    yield from _turns(current, rest)


def _turns(
    shaped: list[_Shaped], rest: list[_Prepared]
) -> Iterator[tuple[_Boundary, list[_Shaped], list[_Prepared]]]:
    """The boundaries of least shape, each turned every way that reads that shape."""
    least = shaped[0][0]
    plain_done: set[tuple[int, ...]] = set()
    for index, (shape, turns, plain) in enumerate(shaped):
        if shape != least:
            break
        if plain:
            if shape in plain_done:
                continue
            plain_done.add(shape)
        left = shaped[:index] + shaped[index + 1 :]
        for turn in turns:
            yield turn, left, rest


def _encode(
    spots: _Boundary, names: dict[int, int], next_name: int
) -> tuple[tuple[int, ...], dict[int, int]]:
    """*spots* with letters renamed: known ones by *names*, new ones from *next_name* on."""
    fresh: dict[int, int] = {}
    out: list[int] = []
    for spot in spots:
        if spot < _FIRST_LETTER:
            out.append(spot)
        else:
            name = names.get(spot)
            if name is None:
                name = fresh.get(spot)
                if name is None:
                    name = fresh[spot] = next_name + len(fresh)
            out.append(name)
    return tuple(out), fresh


_SEPARATOR: tuple[int, ...] = ()


def _write(elements: Iterable[tuple[int, ...]]) -> str:
    """The string of a writing: letters in two regions upper case, others lower case."""
    listed = list(elements)
    regions_of: dict[int, set[int]] = {}
    region = 0
    for element in listed:
        if element == _SEPARATOR:
            region += 1
        for spot in element:
            if spot >= _FIRST_LETTER:
                regions_of.setdefault(spot, set()).add(region)
    chars: dict[int, str] = {_ZERO: "0", _ONE: "1", _TWO: "2"}
    upper = lower = 0
    parts: list[str] = []
    for element in listed:
        if element == _SEPARATOR:
            parts.append("}")
            continue
        for spot in element:
            if spot not in chars:
                if len(regions_of[spot]) > 1:
                    chars[spot] = _letter(_UPPER, upper)
                    upper += 1
                else:
                    chars[spot] = _letter(_LOWER, lower)
                    lower += 1
            parts.append(chars[spot])
        parts.append(".")
    return "".join(parts) + "]"


def _letter(alphabet: str, index: int) -> str:
    if index >= len(alphabet):
        raise NimcoreError(typeset("Position trop grande : plus de 26 lettres dans une terre."))
    return alphabet[index]


# -- moves -----------------------------------------------------------------------


def moves(position: Position) -> list[Position]:
    """Every position one move away, each once, in increasing order.

    >>> [text(child) for child in moves(start(1))]
    ['AB.}AB.}]!']
    >>> len(moves(start(3)))  # a curve between two spots, or a loop around 0 or 1 of the others
    3
    """
    children: set[Position] = set()
    for index, land in enumerate(position):
        if land in position[:index]:
            continue
        rest = position[:index] + position[index + 1 :]
        for child in land_moves(land):
            children.add(tuple(sorted(rest + child)))
    return sorted(children)


def land_moves(land: str) -> list[Position]:
    """Every position one move away from a single canonical land, each once.

    A curve joins two spots of one region, or a spot to itself if it has 2 lives
    or more, and gets a new spot of 1 life. Between two boundaries, it merges
    them into one; on one boundary, it cuts the region in two, and the region's
    other boundaries go to either side, in every way.

    >>> [text(child) for child in land_moves("1a1a.}]")]
    ['1AB.}AB.}]!', '1a2a.}]!', 'ABCD.}ABCD.}]!']
    """
    children = {tuple(sorted(map(finish, drafts))) for drafts in land_drafts(land)}
    return sorted(children)


def land_drafts(land: str, merge: bool = False) -> list[tuple[Draft, ...]]:
    """Every position one move away from a single canonical land, as drafts (see
    :data:`Draft`): the moves of :func:`land_moves` before their canonical forms.

    Each child is listed once as drafts (its drafts sorted), in the order the
    moves are found; two entries may still be the same position written two ways.
    With *merge*, each region of 2 or 3 lives is also written as one boundary
    (:func:`_merged`): another writing of the same game, which a search meets
    more often; the positions of :func:`land_moves` keep their boundaries, as a
    drawing shows them.

    >>> len(land_drafts("1a1a.}]")), len(land_moves("1a1a.}]"))
    (5, 3)
    >>> [text(child) for child in land_moves("0.2.}]")]
    ['12.}]!', '2.AB.}AB.}]!']
    >>> sorted({text(tuple(map(finish, child))) for child in land_drafts("0.2.}]", merge=True)})
    ['12.}]!', '2AB.}AB.}]!']
    """
    regions = _decode(land)
    fresh = _FIRST_LETTER + sum(len(b) for region in regions for b in region)
    children: dict[tuple[Draft, ...], None] = {}
    for index, region in enumerate(regions):
        before, after = regions[:index], regions[index + 1 :]
        for new_regions, dead in _region_moves(region, fresh):
            drafts = _drafts(before + new_regions + after, dead, merge)
            children[tuple(sorted(drafts))] = None
    return list(children)


def _after(spot: int, loop: bool, name: int) -> int:
    """The spot at an end of the new curve: 0 → 1, 1 → a letter (*name*), else dead.

    A curve from a spot back to itself uses 2 of its lives: 0 → letter, 1 → dead.
    """
    if loop:
        return name if spot == _ZERO else _DEAD
    if spot == _ZERO:
        return _ONE
    return name if spot == _ONE else _DEAD


def _around(boundary: _Boundary, index: int, spot: int) -> _Boundary:
    """The walk around *boundary* from its spot at *index* back to it, that spot now *spot*.

    A spot with a curve is met again at the end: the new curve splits its corner.
    A lone ``0`` has no corner to split.
    """
    if boundary == [_ZERO]:
        return [spot]
    return [spot, *boundary[index + 1 :], *boundary[:index], spot]


def _region_moves(region: _Region, fresh: int) -> Iterator[tuple[list[_Region], set[int]]]:
    """Every move inside one region: the regions that replace it and the letters it kills."""
    if _region_lives(region) < 2:
        return
    new_a, new_b, middle = fresh, fresh + 1, fresh + 2
    # Two boundaries merge.
    done_pairs: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    for first in range(len(region)):
        for second in range(first + 1, len(region)):
            a_side, b_side = region[first], region[second]
            if _no_letter(a_side) and _no_letter(b_side):
                pair = (tuple(a_side), tuple(b_side))
                if pair in done_pairs:
                    continue
                done_pairs.add(pair)
            others = [b for k, b in enumerate(region) if k not in (first, second)]
            for i, u in enumerate(a_side):
                for j, v in enumerate(b_side):
                    merged = [
                        *_around(a_side, i, _after(u, False, new_a)),
                        middle,
                        *_around(b_side, j, _after(v, False, new_b)),
                        middle,
                    ]
                    yield [[merged, *others]], _killed(u, v)
    # One boundary is cut: the region splits in two.
    done_cuts: set[tuple[int, ...]] = set()
    for index, boundary in enumerate(region):
        if _no_letter(boundary):
            if tuple(boundary) in done_cuts:
                continue
            done_cuts.add(tuple(boundary))
        others = region[:index] + region[index + 1 :]
        sides = list(_sides(others))
        size = len(boundary)
        for i in range(size):
            u = boundary[i]
            if u in (_ZERO, _ONE):  # a curve from u back to u
                spot = _after(u, True, new_a)
                if u == _ZERO:
                    inside, outside = [spot, middle], [spot, middle]
                else:
                    inside = [spot, middle]
                    outside = [spot, *boundary[i + 1 :], *boundary[:i], spot, middle]
                for left, right in sides:
                    yield [[inside, *left], [outside, *right]], set()
            for j in range(i + 1, size):
                v = boundary[j]
                if v == u >= _FIRST_LETTER:  # one spot seen twice: one life only
                    continue
                a, b = _after(u, False, new_a), _after(v, False, new_b)
                one = [a, *boundary[i + 1 : j], b, middle]
                two = [b, *boundary[j + 1 :], *boundary[:i], a, middle]
                dead = _killed(u, v)
                for left, right in sides:
                    yield [[one, *left], [two, *right]], dead


def _no_letter(boundary: _Boundary) -> bool:
    return all(spot < _FIRST_LETTER for spot in boundary)


def _killed(u: int, v: int) -> set[int]:
    """The letters a curve between u and v uses up (their other side dies too)."""
    return {spot for spot in (u, v) if spot >= _FIRST_LETTER}


def _sides(others: list[_Boundary]) -> Iterator[tuple[list[_Boundary], list[_Boundary]]]:
    """Every way to share *others* between the two sides of a cut, each way once.

    Boundaries without letters that are equal are interchangeable: only how many
    of them go to each side matters.
    """
    plain: dict[tuple[int, ...], int] = {}
    lettered: list[_Boundary] = []
    for boundary in others:
        if _no_letter(boundary):
            plain[tuple(boundary)] = plain.get(tuple(boundary), 0) + 1
        else:
            lettered.append(boundary)
    kinds = list(plain.items())
    for counts in product(*(range(count + 1) for _, count in kinds)):
        left_plain: list[_Boundary] = []
        right_plain: list[_Boundary] = []
        for (spots, count), taken in zip(kinds, counts, strict=True):
            left_plain += [list(spots)] * taken
            right_plain += [list(spots)] * (count - taken)
        for choice in product((False, True), repeat=len(lettered)):
            left = left_plain + [b for b, go in zip(lettered, choice, strict=True) if go]
            right = right_plain + [b for b, go in zip(lettered, choice, strict=True) if not go]
            yield left, right


def reachable_lands(position: Position) -> list[str]:
    """Every land that some game from *position* shows, each once, fewest lives first.

    The lands of *position* itself are included; ties in lives go by writing.
    Cost: one call of :func:`land_moves` per land listed (it grows about tenfold
    with each spot of the start).

    >>> reachable_lands(start(1))
    ['AB.}AB.}]', '0.}]']
    >>> len(reachable_lands(start(2)))
    19
    """
    found = set(position)
    waiting = list(found)
    while waiting:
        for child in land_moves(waiting.pop()):
            for land in child:
                if land not in found:
                    found.add(land)
                    waiting.append(land)
    return sorted(found, key=lambda land: (land_lives(land), land))
