"""Who wins a Sprouts position: nimbers of lands in normal play, the whole position in misère.

**Normal play.** Lands share no spot, so a position is the sum of its lands and
(Sprague–Grundy) it is a P-position exactly when the nim-sum of the lands'
nimbers is 0. Computing a nimber means knowing every option, so the search
follows Lemoine and Viennot (2015) instead: to know whether L₁ + … + Lₖ is a
P-position, it computes the nimbers of all the lands but the largest, whose
nim-sum is some n, and then only asks whether Lₖ + ∗n is a P-position. That
question is answered by a search which stops at the first winning move: Lₖ + ∗n
is an N-position when a move of Lₖ leads to a P-position (the same question one
level down) or when Lₖ + ∗m is a P-position for some m < n (moving in the heap).
When Lₖ + ∗n is found to be a P-position, the nimber of Lₖ is n, and it is kept.

The search looks first at what it already knows: a child whose lands all have
a kept nimber answers without search (its nimber is n: a winning move; another
value m: the land's nimber is not m). Then, in P. Beling's order, it looks for
a child of nimber m for each m < n (a child found is set aside: its nimber is
m, not n; none found: the land's nimber is m), and last for a child of nimber
n. Full nimbers are found the same way, m = 0, 1, 2, … until no child has m.
Children are tried easiest first: those whose largest land has the fewest
lives, so a move that cuts its land into small ones comes early.

Looking for a winning child, a fixed order often starts with a child whose
refutation is long while another one wins at once. So the search goes in passes
of bounded effort, as iterative deepening does: on the first pass each child may
start :data:`FIRST_EFFORT` questions, on the next :data:`EFFORT_GROWTH` times
more, and so on (the last child left has no bound of its own). A search cut
short is taken up again on the next pass from what it proved, which is kept;
nothing unproven decides an answer. From 8 spots this finds the small proofs
that exist (Glop's records) instead of the first one in the fixed order: 8 spots
in normal play keep 17 thousand positions instead of 291 thousand, and 9, 10
and 11 spots take seconds.

A land's children are listed as drafts (:data:`~nimcore.sprouts.position.Draft`:
simplified, not yet in canonical form), with each region of 2 or 3 lives written
as one boundary, which changes no game and makes more lands meet. Most children
are never looked at (a winning move comes first), so a child's canonical form is
computed only when the search asks about it; a child whose lands were all met
before and have kept nimbers answers without it.

**Misère play** (whoever cannot move wins) has no such sum rule: the search
keeps whole positions (their lands as a multiset), with every simplification of
:mod:`nimcore.sprouts.position` (all of them change nothing in the game tree, so
they hold in misère as well) but no reduction of lands to values; its search
for a winning child goes in the same bounded passes.

Every search is iterative: each question is a generator that yields the
questions it needs, and one loop answers them from memory or by pushing a new
generator on an explicit stack (Pyodide's stack is small); a frame that passes
its bound is closed with the frames above it. The questions answered are kept,
and :attr:`Solver.positions` counts them.

>>> from nimcore.sprouts.position import start
>>> solver = Solver()
>>> [solver.outcome(start(spots)) for spots in range(1, 5)]
['P', 'P', 'N', 'N']
>>> [Solver().outcome(start(spots), misere=True) for spots in range(1, 5)]
['N', 'P', 'P', 'P']
>>> Solver().nimber("0.0.0.}]")
1

References: J. Lemoine and S. Viennot, *Computer analysis of Sprouts with
nimbers*, Games of No Chance 4 (2015), and *Nimbers are inevitable*,
Theoretical Computer Science 462 (2012), 70–79; D. Applegate, G. Jacobson and
D. Sleator, *Computer Analysis of Sprouts* (1991); the order of the heaps is
the one of P. Beling's improvement of Lemoine and Viennot's method, as his Rust
library ``igs`` implements it.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Literal, TypeVar

from nimcore.sprouts.position import (
    Draft,
    Position,
    draft_lives,
    draft_untouched,
    finish,
    finished,
    land_drafts,
    land_lives,
)

__all__ = ["CHILDREN_KEPT", "Outcome", "Solver", "nim_sum_of_lands"]

Outcome = Literal["N", "P"]

#: Questions a child may start on the first pass of a search for a winning move
#: (then FIRST_EFFORT × EFFORT_GROWTH, and so on; see :meth:`Solver._find_value`).
FIRST_EFFORT = 64
EFFORT_GROWTH = 4
# No bound: more questions than any search starts.
_UNBOUNDED = 1 << 62

#: Children lists kept at most (the cache is emptied when it is full): a land's
#: moves are asked again for each heap it is searched with.
CHILDREN_KEPT = 200_000

# A child of a land as its lands' drafts (see nimcore.sprouts.position.Draft).
_Child = tuple[Draft, ...]

# A question and the effort it may cost (0: no bound of its own): ("nimber", land,
# 0, 0), ("heap", land, n, 0) — is land + *n a P-position? —, ("sum", lands, n,
# effort) — is lands + *n a P-position? (answer -1: not found within *effort*) —
# or ("misere", position, 0, effort) — is the position a P-position in misère play?
_Question = tuple[str, str | Position, int, int]
_Task = Generator[_Question, int, int]
_T = TypeVar("_T")


class Solver:
    """Nimbers and outcomes of Sprouts positions, with everything it learns kept.

    One solver may answer many questions; what one answer found serves the
    next. Cost: exponential in the number of spots (see ``bench/sprouts.py``).
    """

    def __init__(self) -> None:
        self.nimbers: dict[str, int] = {}
        self.n_heaps: set[tuple[str, int]] = set()
        self.misere: dict[Position, bool] = {}
        self._children: dict[str, list[_Child]] = {}

    @property
    def positions(self) -> int:
        """Positions whose answer is kept: lands with their nimber, land + heap found
        to be N-positions, and misère positions."""
        return len(self.nimbers) + len(self.n_heaps) + len(self.misere)

    def nimber(self, land: str) -> int:
        """The nimber of one canonical land (its full Sprague–Grundy value)."""
        return self._run(("nimber", land, 0, 0))

    def least_heap(self, land: str) -> int:
        """The nimber of one canonical land, found as Lemoine and Viennot do: the least n
        such that land + *n is a P-position (each question stops at its first winning
        move, so this costs far less than :meth:`nimber` when the land is large).

        >>> Solver().least_heap("0.0.0.}]")
        1
        """
        heap = 0
        while not self._run(("heap", land, heap, 0)):
            heap += 1
        return heap

    def is_p(self, position: Position, misere: bool = False) -> bool:
        """Whether *position* (canonical lands) is a P-position: the player to move loses."""
        if misere:
            return bool(self._run(("misere", position, 0, 0)))
        return bool(self._run_task(self._sum_is_p(position, 0)))

    def outcome(self, position: Position, misere: bool = False) -> Outcome:
        """``"P"`` if the player to move loses against perfect play, else ``"N"``."""
        return "P" if self.is_p(position, misere) else "N"

    # -- the search ---------------------------------------------------------------

    def _run(self, question: _Question) -> int:
        known = self._known(question)
        if known is not None:
            return known

        def root() -> _Task:
            return (yield question)

        return self._run_task(root())

    def _run_task(self, task: _Task) -> int:
        """Answer *task*'s questions, depth first, on an explicit stack.

        Each frame has a deadline: the count of questions started after which it
        gives up. A question asked with an effort gets the deadline ``started +
        effort`` (never later than its asker's); when the count passes a deadline,
        the frames from the shallowest one that passed it up are closed, nothing
        of theirs is kept but what they had proven, and its asker gets -1.
        """
        stack: list[tuple[_Task, _Question | None, int]] = [(task, None, _UNBOUNDED)]
        answer: int | None = None
        started = 0
        while True:
            generator, question, deadline = stack[-1]
            try:
                asked = generator.send(answer) if answer is not None else next(generator)
            except StopIteration as stop:
                result = int(stop.value)
                stack.pop()
                if question is not None:
                    self._remember(question, result)
                if not stack:
                    return result
                answer = result
                continue
            answer = self._known(asked)
            if answer is not None:
                continue
            started += 1
            effort = asked[3]
            if effort:
                deadline = min(deadline, started + effort)
            stack.append((self._task(asked), asked, deadline))
            if started > deadline:
                first = next(k for k, frame in enumerate(stack) if frame[2] < started)
                while len(stack) > first:
                    stack.pop()[0].close()
                answer = -1

    def _known(self, question: _Question) -> int | None:
        kind, subject, heap, _ = question
        if kind == "misere":
            assert isinstance(subject, tuple)
            found = self.misere.get(subject)
            return None if found is None else int(found)
        if kind == "sum":
            return None
        assert isinstance(subject, str)
        nimber = self.nimbers.get(subject)
        if kind == "nimber":
            return nimber
        if nimber is not None:
            return int(nimber == heap)
        return 0 if (subject, heap) in self.n_heaps else None

    def _remember(self, question: _Question, result: int) -> None:
        kind, subject, heap, _ = question
        if kind == "misere":
            assert isinstance(subject, tuple)
            self.misere[subject] = bool(result)
            return
        if kind == "sum":
            return
        assert isinstance(subject, str)
        if kind == "nimber":
            self.nimbers[subject] = result
            return
        if result:
            self.nimbers[subject] = heap
        elif subject not in self.nimbers:
            self.n_heaps.add((subject, heap))

    def _task(self, question: _Question) -> _Task:
        kind, subject, heap, _ = question
        if kind == "misere":
            assert isinstance(subject, tuple)
            return self._misere_is_p(subject)
        if kind == "sum":
            assert isinstance(subject, tuple)
            return self._sum_is_p(subject, heap)
        assert isinstance(subject, str)
        if kind == "nimber":
            return self._nimber(subject)
        return self._heap_is_p(subject, heap)

    def _moves(self, land: str) -> list[_Child]:
        """The children of *land* as drafts, easiest first (see :func:`_ease`)."""
        found = self._children.get(land)
        if found is None:
            if len(self._children) >= CHILDREN_KEPT:
                self._children.clear()
            found = self._children[land] = sorted(land_drafts(land, merge=True), key=_ease)
        return found

    def _value_known(self, child: _Child) -> int | None:
        """The nimber of a child, if each of its lands has a canonical form already
        found and a kept nimber (a child never looked at stays unknown: no canonical
        form is computed here)."""
        nimbers = self.nimbers
        total = 0
        for draft in child:
            land = finished(draft)
            value = None if land is None else nimbers.get(land)
            if value is None:
                return None
            total ^= value
        return total

    def _nimber(self, land: str) -> _Task:
        """The nimber of *land*: the least m that no child has, each m asked in turn.

        A child found with nimber m is set aside: it cannot have another one.
        """
        candidates, values = self._sorted_out(land)
        value = 0
        while True:
            if value not in values and (land, value) not in self.n_heaps:
                found = yield from self._find_value(candidates, value)
                if not found:
                    return value
            value += 1

    def _sorted_out(self, land: str) -> tuple[list[_Child], set[int]]:
        """The children whose nimber is unknown, and the nimbers of the others."""
        candidates: list[_Child] = []
        values: set[int] = set()
        for child in self._moves(land):
            known = self._value_known(child)
            if known is None:
                candidates.append(child)
            else:
                values.add(known)
        return candidates, values

    def _find_value(self, candidates: list[_Child], value: int) -> Generator[_Question, int, bool]:
        """Whether a child in *candidates* has nimber *value*; if so it is taken out.

        One winning child suffices, and a fixed order often starts with a child
        whose refutation is long while another one wins at once. So each pass gives
        every child left a bounded effort (:data:`FIRST_EFFORT` questions, then
        :data:`EFFORT_GROWTH` times more at each pass; the last child left has no
        bound of its own). A child that runs out is tried again on the next pass;
        what its search proved is kept, so the next pass starts from there. Only
        proven answers are returned: a child is a winner or refuted, never guessed.
        """
        found = yield from _first_win(
            candidates, lambda child, bound: ("sum", _finish(child), value, bound)
        )
        if found is None:
            return False
        candidates.remove(found)
        return True

    def _sum_is_p(self, lands: Position, heap: int) -> _Task:
        """Is lands + *heap a P-position? Nimbers of all lands but the largest, then one search."""
        if not lands:
            return int(heap == 0)
        if len(lands) == 1:
            largest = lands[0]
        else:  # the largest land whose nimber is not kept: the others' are quick
            nimbers = self.nimbers
            unknown = [land for land in lands if land not in nimbers]
            largest = max(unknown or lands, key=_size)
        skipped = False
        for land in lands:
            if land == largest and not skipped:
                skipped = True
                continue
            heap ^= yield ("nimber", land, 0, 0)
        return (yield ("heap", largest, heap, 0))

    def _heap_is_p(self, land: str, heap: int) -> _Task:
        """Is land + *heap a P-position, that is, is the land's nimber *heap*?

        As Lemoine and Viennot, with Beling's order: a child whose nimber is kept
        answers at once (equal to *heap*: a win) or rules a nimber out; then each
        m < *heap* is looked for among the other children (none: the nimber is m);
        last, a child of nimber *heap* is looked for.
        """
        candidates, values = self._sorted_out(land)
        if heap in values:
            return 0
        for smaller in range(heap):
            if smaller in values or (land, smaller) in self.n_heaps:
                continue
            if not (yield from self._find_value(candidates, smaller)):
                self.nimbers[land] = smaller
                return 0
        if (yield from self._find_value(candidates, heap)):
            return 0
        return 1

    def _misere_is_p(self, position: Position) -> _Task:
        if not position:
            return 0  # no move: the player to move has won
        children = self._position_moves(position)
        known = self.misere
        if any(known.get(child) for child in children):
            return 0
        pending = [child for child in children if child not in known]
        found = yield from _first_win(pending, lambda child, bound: ("misere", child, 0, bound))
        return 1 if found is None else 0

    def _position_moves(self, position: Position) -> list[Position]:
        """:func:`~nimcore.sprouts.position.moves`, with each land's moves kept."""
        children: set[Position] = set()
        for index, land in enumerate(position):
            if land in position[:index]:
                continue
            rest = position[:index] + position[index + 1 :]
            for child in self._moves(land):
                children.add(tuple(sorted(rest + _finish(child))))
        return sorted(children, key=_position_ease)


def _first_win(
    children: list[_T], question: Callable[[_T, int], _Question]
) -> Generator[_Question, int, _T | None]:
    """The first of *children* whose question is answered yes (a P-position reached: a
    winning move), or None when every one is answered no.

    In passes of bounded effort (see :meth:`Solver._find_value`): on each pass every
    child still open is asked with a bound (:data:`FIRST_EFFORT`, then
    :data:`EFFORT_GROWTH` times more at each pass), the last one left with none; an
    answer of -1 (the bound was reached) keeps the child for the next pass.
    """
    pending = list(children)
    effort = FIRST_EFFORT
    while pending:
        unknown: list[_T] = []
        for child in pending:
            found = yield question(child, 0 if len(pending) == 1 else effort)
            if found > 0:
                return child
            if found < 0:
                unknown.append(child)
        pending = unknown
        effort *= EFFORT_GROWTH
    return None


def _ease(child: _Child) -> tuple[int, int, int, _Child]:
    """How hard a child looks: the lives of its largest land, fewer lands last,
    then fewer spots without a curve (``0``) last.

    A move that splits its land into small lands is tried first: small lands'
    nimbers are quick to find and often already kept. Among the rest, a child that
    keeps more untouched spots comes first (measured, not proved: from 5 spots,
    608 positions kept instead of 1 621). Ties go by the drafts' bytes, so that the
    search is the same in every run (a set's order is not).
    """
    if not child:
        return (0, 0, 0, child)
    largest = max(draft_lives(draft) for draft in child)
    return (largest, -len(child), -sum(draft_untouched(draft) for draft in child), child)


def _position_ease(lands: Position) -> tuple[int, int, int, Position]:
    """:func:`_ease` for a position of canonical lands (misère play)."""
    if not lands:
        return (0, 0, 0, lands)
    largest = max(land_lives(land) for land in lands)
    return (largest, -len(lands), -sum(land.count("0") for land in lands), lands)


def _finish(child: _Child) -> Position:
    """A child's position: the canonical forms of its lands, in increasing order."""
    return tuple(sorted(map(finish, child)))


def _size(land: str) -> tuple[int, int, str]:
    return (land_lives(land), len(land), land)


def nim_sum_of_lands(solver: Solver, position: Position) -> list[int]:
    """The nimber of each land of *position*, in its order.

    >>> from nimcore.sprouts.position import start
    >>> nim_sum_of_lands(Solver(), start(2) + start(1))
    [0, 0]
    """
    return [solver.nimber(land) for land in position]
