"""Grundy's game: split one heap into two heaps of different sizes.

A move takes one heap and splits it into two non-empty heaps of different
sizes; heaps of 1 and 2 tokens can no longer be split, and whoever cannot move
loses. By the Sprague–Grundy theorem a position is worth the nim-sum of the
values G(h) of its heaps, where

    G(h) = mex { G(a) ⊕ G(h − a) : 0 < a < h − a }

(OEIS A002188: 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, …). The sequence is
believed, but not proved, to be ultimately periodic: no period is known.

Computing G naively costs about h²/4 exclusive ors up to h. The values come
from the sparse-space method of :mod:`nimcore.takebreak` (Berlekamp, Conway
and Guy; A. Flammenkamp), the same as for octal games: its mask is found from
the values themselves and is Flammenkamp's, ...11111110 — a value is *rare*
when its binary writing, the last digit left out, holds an even number of
ones (0, 1, 6, 7, 10, 11, 12, 13, 18, …), *common* otherwise. Rare values are
indeed rare (1 273 heaps from 1 to 2**20, the last at 82 860), so the common
options of a heap all come from the few splits with a rare part. Speed and the
published facts (the largest value below 2**21 is 231, first reached at
h = 763 622) are measured by ``bench/octal_grundy.py``; the tests check the
rare values up to 2**16 and the first values against the plain mex.

Values are computed lazily, up to the largest heap asked, and kept for the
session.

References: P. M. Grundy, *Mathematics and games*, Eureka 2 (1939), 6–8;
R. K. Guy and C. A. B. Smith, *The G-values of various games*, Proc. Cambridge
Philos. Soc. 52 (1956), 514–526; E. R. Berlekamp, J. H. Conway and R. K. Guy,
*Winning Ways for your Mathematical Plays*, chapter 4 (the sparse space
phenomenon); A. Flammenkamp, *Sprague-Grundy values of Grundy's game* (web page).
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from nimcore import takebreak
from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.heaps import check_integer, check_sequence, replace_heap
from nimcore.nimsum import nim_sum

__all__ = [
    "MAX_HEAP",
    "MAX_HEAPS",
    "GrundyAnalysis",
    "GrundyMove",
    "analyse",
    "computed",
    "grundy_value",
    "grundy_values",
    "is_p_position",
    "is_rare",
    "moves",
    "validate_heaps",
    "winning_moves",
]

#: Largest heap accepted (2**23 tokens): its value costs minutes of CPython
#: the first time (2**22 values took 57 s, ``bench/results/octal_grundy.md``),
#: more in Pyodide; pass a smaller ``max_heap`` for a quick answer.
MAX_HEAP = 1 << 23
#: Largest number of heaps accepted.
MAX_HEAPS = 1000

Outcome = Literal["P", "N"]


def is_rare(value: int) -> bool:
    """Return True for a rare value of Grundy's game (Flammenkamp's mask ...11110).

    A value is rare when its binary writing, last digit left out, holds an even
    number of ones.

    >>> [value for value in range(16) if is_rare(value)]
    [0, 1, 6, 7, 10, 11, 12, 13]
    """
    return takebreak.is_rare(value, RARE_MASK)


#: A heap is split into two heaps of different sizes, nothing removed.
RULES = takebreak.Rules(whole=frozenset(), single=(), split=(0,), equal_parts=False)
#: Flammenkamp's mask (on the values below 256).
RARE_MASK = 0b1111_1110

_SEQUENCE = takebreak.Values(RULES)


def reset() -> None:
    """Forget the values computed so far (the bench measures a computation from scratch)."""
    global _SEQUENCE
    _SEQUENCE = takebreak.Values(RULES)


def computed() -> int:
    """Return how many values are already computed and kept (G(0) … G(k − 1)).

    >>> computed() >= 0
    True
    """
    return len(_SEQUENCE.values)


def _check_size(value: object, what: str, limit: int, unit: str = "allumettes") -> int:
    value = check_integer(value, what)
    if value < 0:
        raise NimcoreError(typeset(f"{what} vaut {value} : un nombre négatif est impossible."))
    if value > limit:
        raise NimcoreError(
            typeset(
                f"{what} vaut {value} : au-delà de {limit}, les valeurs du jeu de Grundy"
                f" ne sont pas calculées ici (la limite est de {limit} {unit})."
            )
        )
    return value


def grundy_values(count: int) -> bytes:
    """Return G(0), …, G(count − 1) as bytes (every value below 2**23 is below 256).

    >>> list(grundy_values(14))
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]
    >>> grundy_values(MAX_HEAP + 2)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le nombre de valeurs vaut 8388610 : au-delà de 8388609, \
les valeurs du jeu de Grundy ne sont pas calculées ici (la limite est de 8388609 valeurs).

    Cost: nothing for values already kept; otherwise the sparse-space method,
    about linear: see ``bench/results/octal_grundy.md`` for the time of 2**22
    values.
    """
    _check_size(count, "Le nombre de valeurs", MAX_HEAP + 1, "valeurs")
    _SEQUENCE.extend(count)
    return bytes(_SEQUENCE.values[:count])


def grundy_value(heap: int) -> int:
    """Return G(heap), the value of one heap of Grundy's game.

    >>> grundy_value(5), grundy_value(87)
    (2, 7)

    Raises :class:`NimcoreError` for a heap that is not a natural number or
    exceeds :data:`MAX_HEAP`. Cost: see :func:`grundy_values`.
    """
    _check_size(heap, "Le tas", MAX_HEAP)
    _SEQUENCE.extend(heap + 1)
    return _SEQUENCE.values[heap]


def _split_values(values: bytes | bytearray, heap: int) -> bytes:
    """Byte i is G(1 + i) ⊕ G(heap − 1 − i): the values of every split of *heap*."""
    return takebreak.splits(values, heap, False)  # type: ignore[arg-type]


def validate_heaps(heaps: object, max_heap: int = MAX_HEAP) -> tuple[int, ...]:
    """Return *heaps* as a tuple of natural numbers, or raise :class:`NimcoreError`.

    >>> validate_heaps([7, 0, 5])
    (7, 0, 5)
    >>> validate_heaps([7, -2])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas 2 vaut -2 : un nombre négatif est impossible.
    >>> validate_heaps([2000], max_heap=1000)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le tas 1 vaut 2000 : au-delà de 1000, les valeurs du jeu \
de Grundy ne sont pas calculées ici (la limite est de 1000 allumettes).

    *max_heap* (at most :data:`MAX_HEAP`) lets a caller keep answers quick, e.g.
    a page in the browser. Cost: one check per heap; nothing is computed.
    """
    if isinstance(max_heap, bool) or not isinstance(max_heap, int) or not 0 < max_heap <= MAX_HEAP:
        raise NimcoreError(
            typeset(f"La limite des tas doit aller de 1 à {MAX_HEAP}, pas « {max_heap} ».")
        )
    return tuple(
        _check_size(heap, f"Le tas {index}", max_heap)
        for index, heap in enumerate(check_sequence(heaps, MAX_HEAPS), start=1)
    )


@dataclass(frozen=True, slots=True)
class GrundyMove:
    """Splitting heap number *heap* (counted from 0), of *before* tokens, into *parts*.

    ``parts`` is ``(a, before − a)`` with ``a < before − a``; ``to`` is the whole
    position reached, the two parts in place of the heap and empty heaps dropped.
    """

    heap: int
    before: int
    parts: tuple[int, int]
    to: tuple[int, ...]

    @property
    def text(self) -> str:
        """The move in French, heaps counted from 1.

        >>> GrundyMove(heap=1, before=7, parts=(3, 4), to=(5, 3, 4)).text
        'partager le tas 2 en deux tas inégaux (7 → 3 + 4)'
        """
        small, large = self.parts
        return (
            f"partager le tas {self.heap + 1} en deux tas inégaux"
            f" ({self.before} → {small} + {large})"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the move."""
        return {
            "heap": self.heap,
            "before": self.before,
            "parts": list(self.parts),
            "to": list(self.to),
            "text": self.text,
        }


def moves(heaps: Sequence[int], max_heap: int = MAX_HEAP) -> Iterator[GrundyMove]:
    """Yield every legal move, heap by heap, smaller part first.

    >>> [move.text for move in moves([2, 6])]
    ['partager le tas 2 en deux tas inégaux (6 → 1 + 5)', \
'partager le tas 2 en deux tas inégaux (6 → 2 + 4)']

    Cost: one move per split, about half the tokens: small positions only.
    """
    position = validate_heaps(heaps, max_heap)
    for index, heap in enumerate(position):
        for small in range(1, (heap + 1) // 2):
            parts = (small, heap - small)
            yield GrundyMove(index, heap, parts, replace_heap(position, index, parts))


def _nimbers(position: tuple[int, ...]) -> tuple[int, ...]:
    _SEQUENCE.extend(max(position) + 1)
    values = _SEQUENCE.values
    return tuple(values[heap] for heap in position)


def is_p_position(heaps: Sequence[int], max_heap: int = MAX_HEAP) -> bool:
    """Return True when the player to move loses against perfect play.

    >>> is_p_position([1, 2]), is_p_position([3]), is_p_position([3, 6])
    (True, False, True)

    Cost: the values up to the largest heap (see :func:`grundy_values`).
    """
    return nim_sum(_nimbers(validate_heaps(heaps, max_heap))) == 0


def _winning(position: tuple[int, ...], nimbers: tuple[int, ...]) -> tuple[GrundyMove, ...]:
    total = nim_sum(nimbers)
    if total == 0:
        return ()
    values = _SEQUENCE.values
    assert isinstance(values, bytearray)  # every value below 2**22 is below 256
    found = []
    for index, heap in enumerate(position):
        target = total ^ nimbers[index]  # the value the two parts must have together
        splits = _split_values(values, heap)
        at = splits.find(target)
        while at >= 0:
            parts = (at + 1, heap - at - 1)
            found.append(GrundyMove(index, heap, parts, replace_heap(position, index, parts)))
            at = splits.find(target, at + 1)
    return tuple(found)


def winning_moves(heaps: Sequence[int], max_heap: int = MAX_HEAP) -> tuple[GrundyMove, ...]:
    """Return every move to a P-position (none from a P-position).

    >>> [move.text for move in winning_moves([3, 7])]
    ['partager le tas 1 en deux tas inégaux (3 → 1 + 2)', \
'partager le tas 2 en deux tas inégaux (7 → 1 + 6)', \
'partager le tas 2 en deux tas inégaux (7 → 3 + 4)']
    >>> winning_moves([3, 6])
    ()

    Cost: the values up to the largest heap, then a linear scan of each heap's
    splits in ``bytes`` (a few milliseconds for a heap of 2**20).
    """
    position = validate_heaps(heaps, max_heap)
    return _winning(position, _nimbers(position))


@dataclass(frozen=True, slots=True)
class GrundyAnalysis:
    """Everything the boards, the command line and the pages say about a position.

    ``nimbers`` holds G(h) for each heap, ``nim_sum`` their nim-sum (the value of
    the position, also ``nimber``), ``target`` for each heap the value its two
    parts must reach for a winning move (the nim-sum of the other heaps), and
    ``recommended`` the winning move a hint shows (``None`` from a P-position).
    """

    heaps: tuple[int, ...]
    outcome: Outcome
    nimbers: tuple[int, ...]
    nim_sum: int
    nimber: int
    targets: tuple[int, ...]
    winning_moves: tuple[GrundyMove, ...]
    recommended: GrundyMove | None
    explanation: tuple[str, ...]

    @property
    def terminal(self) -> bool:
        """True when no heap can be split (every heap has at most 2 tokens)."""
        return all(heap <= 2 for heap in self.heaps)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view, as the worker sends it to the boards."""
        return {
            "game": "grundy",
            "heaps": list(self.heaps),
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nimbers": list(self.nimbers),
            "nim_sum": self.nim_sum,
            "nimber": self.nimber,
            "targets": list(self.targets),
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "explanation": list(self.explanation),
        }


def _sum_text(values: Sequence[int]) -> str:
    return " ⊕ ".join(str(value) for value in values)


def _explain(
    position: tuple[int, ...],
    nimbers: tuple[int, ...],
    total: int,
    recommended: GrundyMove | None,
) -> tuple[str, ...]:
    if all(heap <= 2 for heap in position):
        return (
            typeset(
                "Aucun tas ne peut être partagé en deux tas inégaux (il n'en reste que de 1"
                " ou 2 allumettes) : le joueur qui doit jouer a perdu."
            ),
        )
    values = ", ".join(
        f"g({heap}) = {value}" for heap, value in zip(position, nimbers, strict=True)
    )
    sentences = [f"Valeurs de Grundy des tas : {values}."]
    if len(position) > 1:
        sentences.append(
            f"La valeur de la position est leur somme de Nim : {_sum_text(nimbers)} = {total}."
        )
    else:
        sentences.append(f"La valeur de la position est celle de son unique tas : {total}.")
    if recommended is None:
        sentences.append(
            "Elle est nulle : la position est perdante pour qui doit jouer. Un coup remplace"
            " un tas de valeur g(h) par deux tas de valeur totale g(a) ⊕ g(h − a), qui n'est"
            " jamais g(h) (g(h) est justement le plus petit entier absent de ces valeurs) :"
            " la somme de Nim devient non nulle, et l'adversaire pourra la ramener à 0."
        )
    else:
        small, large = recommended.parts
        heap, before = recommended.heap, recommended.before
        target = total ^ nimbers[heap]
        split = _SEQUENCE.values[small] ^ _SEQUENCE.values[large]
        sentences.append(
            f"Elle n'est pas nulle : la position est gagnante. Il faut remplacer le tas"
            f" {heap + 1} ({before} allumettes, de valeur {nimbers[heap]}) par deux tas de valeur"
            f" totale {target}, la somme de Nim des autres tas."
        )
        sentences.append(
            f"Le partage {before} → {small} + {large} convient : g({small}) ⊕ g({large}) ="
            f" {_SEQUENCE.values[small]} ⊕ {_SEQUENCE.values[large]} = {split}, et la somme"
            " de Nim de la position devient 0."
        )
    return tuple(typeset(sentence) for sentence in sentences)


def analyse(
    heaps: Sequence[int], max_heap: int = MAX_HEAP, *, explain: bool = True
) -> GrundyAnalysis:
    """Analyse a position of Grundy's game: outcome, values, every winning move, a hint.

    >>> result = analyse([7, 5])
    >>> result.nimbers, result.nim_sum, result.outcome
    ((0, 2), 2, 'N')
    >>> [move.text for move in result.winning_moves]
    ['partager le tas 1 en deux tas inégaux (7 → 2 + 5)', \
'partager le tas 2 en deux tas inégaux (5 → 1 + 4)']
    >>> analyse([1, 2]).outcome
    'P'

    Raises :class:`NimcoreError` on an illegal position or a heap above
    *max_heap*. Cost: the values up to the largest heap (kept afterwards), then
    linear in the heaps.
    """
    position = validate_heaps(heaps, max_heap)
    nimbers = _nimbers(position)
    total = nim_sum(nimbers)
    found = _winning(position, nimbers)
    # The hint splits the largest heap it can, smallest part first.
    recommended = (
        min(found, key=lambda move: (-move.before, move.heap, move.parts)) if found else None
    )
    return GrundyAnalysis(
        heaps=position,
        outcome="N" if total else "P",
        nimbers=nimbers,
        nim_sum=total,
        nimber=total,
        targets=tuple(total ^ value for value in nimbers),
        winning_moves=found,
        recommended=recommended,
        explanation=_explain(position, nimbers, total, recommended) if explain else (),
    )
