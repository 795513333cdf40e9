"""Nim with heaps that are ordinals: moves, checked by comparison, who wins, and why."""

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.ordinal.numbers import (
    MAX_LISTED_MOVES,
    Ordinal,
    Outcome,
    _as_ordinal,
    _xor,
    ordinal_nim_sum,
    validate_heaps,
)


@dataclass(frozen=True, slots=True)
class OrdinalMove:
    """Replacing heap number *heap* (counted from 0), which was *before*, by *after*.

    ``to`` is the whole position reached, each heap in the command line's ASCII
    writing (``w^2*3+5``); ``text`` says the move in French with ω.
    """

    heap: int
    before: Ordinal
    after: Ordinal
    to: tuple[str, ...]

    @property
    def text(self) -> str:
        """The move in French, heaps counted from 1.

        >>> from nimcore.ordinal import parse_ordinal
        >>> OrdinalMove(0, parse_ordinal("w"), parse_ordinal("12"), ("12", "12")).text
        'remplacer le tas 1 (ω) par 12'
        """
        return f"remplacer le tas {self.heap + 1} ({self.before.shown}) par {self.after.shown}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the move."""
        return {
            "heap": self.heap,
            "before": self.before.text,
            "after": self.after.text,
            "after_shown": self.after.superscript.replace("+", " + "),
            "coefficients": list(self.after.coefficients),
            "to": list(self.to),
            "text": self.text,
        }


def _move(position: tuple[Ordinal, ...], index: int, after: Ordinal) -> OrdinalMove:
    to = tuple((after if number == index else heap).ascii for number, heap in enumerate(position))
    return OrdinalMove(index, position[index], after, to)


def _smaller(heap: Ordinal, bound: int) -> list[Ordinal]:
    """Every ordinal below *heap* whose coefficients are all at most *bound*, largest first."""
    coefficients = heap.coefficients
    width = bound + 1
    # A smaller ordinal first differs from heap at some exponent e, with a smaller
    # coefficient there and the same ones above: those above must be within the bound.
    exponents = []
    for exponent in range(len(coefficients) - 1, -1, -1):
        exponents.append(exponent)
        if coefficients[exponent] > bound:
            break
    found: list[Ordinal] = []
    for exponent in reversed(exponents):  # differing lower down means larger
        above = list(coefficients[exponent + 1 :])
        for lower in range(min(coefficients[exponent], width) - 1, -1, -1):
            for rest in range(width**exponent - 1, -1, -1):
                digits = []
                for _ in range(exponent):
                    rest, digit = divmod(rest, width)
                    digits.append(digit)
                found.append(Ordinal.from_coefficients(digits + [lower] + above))
    return found


def _count_smaller(heap: Ordinal, bound: int) -> int:
    count, width = 0, bound + 1
    coefficients = heap.coefficients
    for exponent in range(len(coefficients) - 1, -1, -1):
        count += min(coefficients[exponent], width) * width**exponent
        if coefficients[exponent] > bound:
            break
    return count


def _default_bound(position: tuple[Ordinal, ...]) -> int:
    """2^b − 1, b the largest number of binary digits of a coefficient (at least 1)."""
    bits = max((c.bit_length() for heap in position for c in heap.coefficients), default=1)
    return (1 << max(bits, 1)) - 1


def moves(heaps: Sequence[object], max_coefficient: int | None = None) -> Iterator[OrdinalMove]:
    """Yield the moves to every smaller ordinal whose coefficients are at most *max_coefficient*.

    A heap of ω or more has infinitely many moves (ω → 0, 1, 2, …): only those
    whose coefficients stay within the bound are listed. The default bound is
    2^b − 1, b the largest number of binary digits of a coefficient of the
    position: it includes every winning move, and for natural heaps it lists
    all moves, as in Nim. Heap by heap, largest ordinal first.

    >>> [move.after.text for move in moves(["w", 2])]
    ['3', '2', '1', '0', '1', '0']
    >>> [move.after.text for move in moves(["w+1"], max_coefficient=1)]
    ['ω', '1', '0']

    Raises :class:`NimcoreError` when more than :data:`MAX_LISTED_MOVES` moves
    would be listed (counted before any is built).
    """
    position = validate_heaps(heaps)
    if max_coefficient is None:
        bound = _default_bound(position)
    elif (
        isinstance(max_coefficient, bool)
        or not isinstance(max_coefficient, int)
        or max_coefficient < 0
    ):
        raise NimcoreError(
            typeset(
                f"La borne des coefficients doit être un entier naturel, pas « {max_coefficient} »."
            )
        )
    else:
        bound = max_coefficient
    total = sum(_count_smaller(heap, bound) for heap in position)
    if total > MAX_LISTED_MOVES:
        raise NimcoreError(
            typeset(
                f"Trop de coups à énumérer : {total} ; la limite est de {MAX_LISTED_MOVES}."
                " Choisissez une borne plus petite pour les coefficients."
            )
        )
    for index, heap in enumerate(position):
        for after in _smaller(heap, bound):
            yield _move(position, index, after)


def play(heaps: Sequence[object], heap: int, after: object) -> tuple[Ordinal, ...]:
    """Return the position reached by replacing heap *heap* (from 0) by the ordinal *after*.

    >>> [value.text for value in play(["w^2", 3], 0, "w*7+2")]
    ['ω·7+2', '3']
    >>> play(["w", 3], 0, "w")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas 1 vaut ω : il faut le remplacer par un ordinal plus petit, pas par ω.

    The input is not modified.
    """
    position = validate_heaps(heaps)
    if isinstance(heap, bool) or not isinstance(heap, int) or not 0 <= heap < len(position):
        raise NimcoreError(
            typeset(f"Le tas « {heap} » n'existe pas : les tas vont de 0 à {len(position) - 1}.")
        )
    target = _as_ordinal(after, heap + 1)
    if not target < position[heap]:
        raise NimcoreError(
            typeset(
                f"Le tas {heap + 1} vaut {position[heap].shown} : il faut le remplacer par un"
                f" ordinal plus petit, pas par {target.shown}."
            )
        )
    return position[:heap] + (target,) + position[heap + 1 :]


def move_to(heaps: Sequence[object], to: Sequence[object]) -> OrdinalMove:
    """Return the move from *heaps* to the position *to*, or raise if no move reaches it.

    A move changes exactly one heap, into a smaller ordinal; the other heaps
    stay as they are. Unlike a search through :func:`moves`, this answers for
    every legal move, whatever its coefficients (ω^2 → ω·1000 included).

    >>> move_to(["w^2+3", "w*2+5", 7], ["w*1000", "w*2+5", "7"]).text
    'remplacer le tas 1 (ω² + 3) par ω·1000'
    >>> move_to(["w", 3], ["w", "3"])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Aucun tas n'a changé : un coup remplace un tas par un ordinal plus petit.
    >>> move_to(["w", 3], ["5", "2"])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Les tas 1 et 2 ont changé : un coup ne touche qu'un seul tas.

    Raises :class:`NimcoreError` on an illegal position (either one), a
    different number of heaps, no heap or several heaps changed, or a heap
    that does not decrease (the message of :func:`play`). The input is not
    modified. Cost: linear in the length of the two positions.
    """
    position = validate_heaps(heaps)
    if isinstance(to, (str, bytes)) or not isinstance(to, Sequence):
        raise NimcoreError(
            typeset(f"La position d'arrivée doit être une liste de tas, pas « {to!s} ».")
        )
    if len(to) != len(position):
        raise NimcoreError(
            typeset(
                f"La position d'arrivée a {len(to)} tas au lieu de {len(position)} :"
                " un coup ne change pas le nombre de tas."
            )
        )
    target = validate_heaps(to)
    changed = [index for index, (a, b) in enumerate(zip(position, target, strict=True)) if a != b]
    if not changed:
        raise NimcoreError(
            typeset("Aucun tas n'a changé : un coup remplace un tas par un ordinal plus petit.")
        )
    if len(changed) > 1:
        names = ", ".join(str(index + 1) for index in changed[:-1])
        raise NimcoreError(
            typeset(
                f"Les tas {names} et {changed[-1] + 1} ont changé :"
                " un coup ne touche qu'un seul tas."
            )
        )
    index = changed[0]
    play(position, index, target[index])  # raises unless the heap decreases
    return _move(position, index, target[index])


def random_move(heaps: Sequence[object], chance: random.Random) -> OrdinalMove:
    """Return a random legal move: a random non-empty heap, lowered at a random exponent.

    The heap is drawn among the non-empty ones, then an exponent among those
    where it has a non-zero coefficient; that coefficient is lowered to a
    random smaller value, the ones above are kept and the ones below are drawn
    from 0 to 2^b − 1 (the bound of :func:`moves`). Every move :func:`moves`
    lists can come out; no listing is built, so a position of any size
    answers at once (the beginner's mistakes on the boards).

    >>> move = random_move(["w^2+3", "w*2+5", 7], random.Random(1))
    >>> move.after < move.before
    True
    >>> random_move([0, "0"], random.Random(1))
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La partie est finie : tous les tas sont vides.

    Cost: linear in the number of coefficients.
    """
    position = validate_heaps(heaps)
    filled = [index for index, heap in enumerate(position) if heap.coefficients]
    if not filled:
        raise NimcoreError(typeset("La partie est finie : tous les tas sont vides."))
    bound = _default_bound(position)
    index = chance.choice(filled)
    coefficients = list(position[index].coefficients)
    exponent = chance.choice([e for e, value in enumerate(coefficients) if value])
    lowered = [chance.randint(0, bound) for _ in range(exponent)]
    lowered.append(chance.randrange(coefficients[exponent]))
    after = Ordinal.from_coefficients(lowered + coefficients[exponent + 1 :])
    return _move(position, index, after)


def _winning(position: tuple[Ordinal, ...], total: Ordinal) -> tuple[OrdinalMove, ...]:
    if not total.coefficients:
        return ()
    found = []
    for index, heap in enumerate(position):
        target = _xor(heap, total)
        if target < heap:
            found.append(_move(position, index, target))
    return tuple(found)


def winning_moves(heaps: Sequence[object]) -> tuple[OrdinalMove, ...]:
    """Return every move to a P-position (none from a P-position).

    >>> [move.text for move in winning_moves(["w", 12])]
    ['remplacer le tas 1 (ω) par 12']
    >>> [move.to for move in winning_moves(["w", "w", "w"])]
    [('0', 'w', 'w'), ('w', '0', 'w'), ('w', 'w', '0')]

    Heap h can only be replaced by h ⊕ s (s the nim-sum) to reach nim-sum 0,
    so there is at most one winning move per heap. Cost: linear in the
    coefficients.
    """
    position = validate_heaps(heaps)
    return _winning(position, ordinal_nim_sum(position))


def is_p_position(heaps: Sequence[object]) -> bool:
    """Return True when the player to move loses against perfect play.

    >>> is_p_position(["w", "w"]), is_p_position(["w", 12]), is_p_position(["w*3+1", "w*2+1", "w"])
    (True, False, True)
    """
    return not ordinal_nim_sum(validate_heaps(heaps)).coefficients


@dataclass(frozen=True, slots=True)
class OrdinalAnalysis:
    """Everything the boards, the command line and the pages say about an ordinal Nim position.

    ``exponents`` are the column headings (largest first), ``rows`` the
    coefficients of each heap under them and ``column_sums`` the nim-sum of each
    column; ``nim_sum`` is the value of the position as an ordinal (``nimber``
    is None: an ordinal nimber is not a natural number unless all heaps are).
    """

    heaps: tuple[Ordinal, ...]
    outcome: Outcome
    nimber: int | None
    nim_sum: Ordinal
    winning_moves: tuple[OrdinalMove, ...]
    recommended: OrdinalMove | None
    exponents: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    column_sums: tuple[int, ...]
    explanation: tuple[str, ...]

    @property
    def terminal(self) -> bool:
        """True when every heap is empty."""
        return not any(heap.coefficients for heap in self.heaps)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view, as the worker sends it to the boards."""
        return {
            "game": "ordinal",
            "heaps": [heap.text for heap in self.heaps],
            "heaps_ascii": [heap.ascii for heap in self.heaps],
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nimber": self.nimber,
            "nim_sum": self.nim_sum.text,
            "nim_sum_ascii": self.nim_sum.ascii,
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "exponents": list(self.exponents),
            "rows": [list(row) for row in self.rows],
            "column_sums": list(self.column_sums),
            "explanation": list(self.explanation),
        }


def _grouped(value: Ordinal) -> str:
    """The ordinal as a reader reads it, in parentheses when it is a sum."""
    return f"({value.shown})" if "+" in value.text else value.shown


def _power(exponent: int) -> str:
    if exponent == 0:
        return "la partie finie"
    return Ordinal.from_coefficients([0] * exponent + [1]).shown


def _recommended(found: tuple[OrdinalMove, ...], total: Ordinal) -> OrdinalMove | None:
    """The heap whose coefficient, at the top exponent of the nim-sum, has its top bit."""
    if not found:
        return None
    top_exponent = total.degree
    top_bit = 1 << (total.coefficient(top_exponent).bit_length() - 1)
    for move in found:
        if move.before.coefficient(top_exponent) & top_bit:
            return move
    return found[0]


def _explain(
    position: tuple[Ordinal, ...],
    total: Ordinal,
    exponents: tuple[int, ...],
    column_sums: tuple[int, ...],
    recommended: OrdinalMove | None,
) -> tuple[str, ...]:
    if not any(heap.coefficients for heap in position):
        return (typeset("Tous les tas sont vides : le joueur qui doit jouer a perdu."),)
    sentences = [
        (
            "Chaque tas s'écrit en forme normale de Cantor, une somme de puissances de ω"
            " multipliées par des entiers ; la somme de Nim se fait exposant par exposant,"
            " en additionnant en Nim (ou exclusif) les coefficients d'une même puissance de ω."
        )
    ]
    columns = []
    for exponent, value in zip(exponents, column_sums, strict=True):
        listed = ", ".join(str(heap.coefficient(exponent)) for heap in position)
        label = "la partie finie" if exponent == 0 else _power(exponent)
        columns.append(f"coefficients de {label} : {listed}, somme de Nim {value}")
    sentences.append("Exposant par exposant, " + " ; ".join(columns) + ".")
    if recommended is None:
        sentences.append(
            "Toutes les colonnes ont une somme de Nim nulle : la position est perdante pour qui"
            " doit jouer. Un coup remplace un tas par un ordinal plus petit : le coefficient du"
            " premier exposant où il change est modifié, et la somme de cette colonne devient"
            " non nulle ; l'adversaire peut alors rééquilibrer."
        )
        return tuple(typeset(sentence) for sentence in sentences)
    top = total.degree
    before, after = recommended.before, recommended.after
    sentences.append(
        f"La somme de Nim vaut {total.shown}, non nulle : la position est gagnante. La plus haute"
        f" colonne non nulle est celle de {_power(top)}."
    )
    sentences.append(
        f"Le tas {recommended.heap + 1} ({before.shown}) y a le coefficient"
        f" {before.coefficient(top)}, qui baisse à {after.coefficient(top)} quand on le remplace"
        f" par {_grouped(before)} ⊕ {_grouped(total)} = {after.shown} ; les exposants plus"
        " hauts ne changent pas, donc ce nouvel ordinal est plus petit : le coup est permis,"
        " et toutes les colonnes redeviennent nulles."
    )
    return tuple(typeset(sentence) for sentence in sentences)


def analyse(heaps: Sequence[object], *, explain: bool = True) -> OrdinalAnalysis:
    """Analyse an ordinal Nim position: outcome, nim-sum, every winning move and a hint.

    >>> result = analyse(["w", 12])
    >>> result.outcome, result.nim_sum.text, result.nimber
    ('N', 'ω+12', None)
    >>> [move.to for move in result.winning_moves]
    [('12', '12')]
    >>> analyse(["w", "w"]).outcome, analyse(["w^2*3+w*2+5", "w^2*3+w*2+5"]).outcome
    ('P', 'P')

    Raises :class:`NimcoreError` on an illegal position. Cost: linear in the
    number of coefficients.
    """
    position = validate_heaps(heaps)
    total = ordinal_nim_sum(position)
    found = _winning(position, total)
    top = max(heap.degree for heap in position)
    exponents = tuple(range(top, -1, -1))
    rows = tuple(tuple(heap.coefficient(e) for e in exponents) for heap in position)
    column_sums = tuple(total.coefficient(e) for e in exponents)
    recommended = _recommended(found, total)
    return OrdinalAnalysis(
        heaps=position,
        outcome="N" if found else "P",
        nimber=None,
        nim_sum=total,
        winning_moves=found,
        recommended=recommended,
        exponents=exponents,
        rows=rows,
        column_sums=column_sums,
        explanation=_explain(position, total, exponents, column_sums, recommended)
        if explain
        else (),
    )
