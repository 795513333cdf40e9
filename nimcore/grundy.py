"""Grundy's game: split one heap into two heaps of different sizes.

A move takes one heap and splits it into two non-empty heaps of different
sizes; heaps of 1 and 2 tokens can no longer be split, and whoever cannot move
loses. By the Sprague–Grundy theorem a position is worth the nim-sum of the
values G(h) of its heaps, where

    G(h) = mex { G(a) ⊕ G(h − a) : 0 < a < h − a }

(OEIS A002188: 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, …). The sequence is
believed, but not proved, to be ultimately periodic: no period is known.

Computing G naively costs about h²/4 exclusive ors up to h. This module uses the
sparse-space method (Berlekamp, Conway and Guy; A. Flammenkamp): call a value
*rare* when the number of ones in its binary writing, the last digit left out,
is even (0, 1, 6, 7, 10, 11, 12, 13, 18, …) and *common* otherwise. Two values
of the same kind have a rare exclusive or, two of different kinds a common one.
Rare values are indeed rare (1 273 heaps from 1 to 2**20, the last at 82 860),
so the common options of a heap come from the few pairs holding a
rare heap, which are all enumerated; the rare options below the candidate are
then checked by scanning splits (a, h − a) from a = 1 until each has a witness,
which a few thousand splits usually give. Every inner loop runs on ``bytes``
(``translate``, strided slices, ``in``), so that the values up to 2**20 take
about 18 s of CPU in pure CPython, where the naive mex takes 141 s compiled
from C (gcc -O2) on the same machine (``bench/octal_grundy.py``).
Known facts checked by the tests and the bench: the largest value below 2**20
is 231, first reached at h = 763 622.

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
from operator import itemgetter
from typing import Any, Literal

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.nimsum import nim_sum

__all__ = [
    "MAX_HEAP",
    "MAX_HEAPS",
    "GrundyAnalysis",
    "GrundyMove",
    "analyse",
    "computed",
    "computer_move",
    "grundy_value",
    "grundy_values",
    "is_p_position",
    "is_rare",
    "moves",
    "validate_heaps",
    "winning_moves",
]

#: Largest heap accepted (2**20 tokens): its value costs about 18 s of CPython
#: the first time (several times more in Pyodide); pass a smaller ``max_heap``
#: for a quick answer.
MAX_HEAP = 1 << 20
#: Largest number of heaps accepted.
MAX_HEAPS = 1000

Outcome = Literal["P", "N"]

_BLOCK = 128  # heaps computed together: one row per rare heap and block
_FIRST_SPAN = 2048  # splits scanned first when looking for rare options
_XOR = tuple(bytes(x ^ value for x in range(256)) for value in range(256))


def is_rare(value: int) -> bool:
    """Return True for a rare value of Grundy's game (Flammenkamp's mask ...11110).

    A value is rare when its binary writing, last digit left out, holds an even
    number of ones.

    >>> [value for value in range(16) if is_rare(value)]
    [0, 1, 6, 7, 10, 11, 12, 13]
    """
    return (value >> 1).bit_count() % 2 == 0


_RARE = tuple(value for value in range(256) if is_rare(value))
_COMMON = tuple(value for value in range(256) if not is_rare(value))


class _SparseSequence:
    """The values G(0), G(1), … computed so far, and what extends them.

    ``rare`` lists the heaps (from 1) whose value is rare; ``chunks`` caches
    the integers made of G(lo + 1 … lo + size) used to scan splits.
    """

    __slots__ = ("chunks", "rare", "values")

    def __init__(self) -> None:
        self.values = bytearray()
        self.rare: list[int] = []
        self.chunks: dict[tuple[int, int], int] = {}

    def extend(self, count: int) -> None:
        """Compute the values up to G(count - 1), block after block."""
        values = self.values
        start = len(values)
        if count <= start:
            return
        values.extend(bytes(count - start))
        while start < count:
            stop = min(count, start + _BLOCK)
            self._block(start, stop)
            start = stop

    def _block(self, start: int, stop: int) -> None:
        values, rare = self.values, self.rare
        rows: list[bytearray] = []
        small: dict[int, list[int]] = {}
        loose: list[int] = []
        for heap in rare:
            if heap < _BLOCK:
                if start >= 2 * _BLOCK:
                    small.setdefault(values[heap], []).append(heap)
                else:
                    loose.append(heap)
            elif 2 * heap >= start:
                loose.append(heap)
            else:
                # G(heap) ⊕ G(n − heap) for n = start … start + _BLOCK − 1.
                window = values[start - heap : start - heap + _BLOCK]
                rows.append(window.translate(_XOR[values[heap]]))
        table = b"".join(rows)
        gathers = [
            (_gather([_BLOCK - heap for heap in heaps]), _XOR[value])
            for value, heaps in small.items()
        ]
        for n in range(start, stop):
            options = table[n - start :: _BLOCK]
            if gathers:
                recent = values[n - _BLOCK : n]
                options += b"".join(
                    [bytes(gather(recent)).translate(xor) for gather, xor in gathers]
                )
            if loose:
                options += bytes([values[r] ^ values[n - r] for r in loose if r < n and 2 * r != n])
            value = self._mex(n, options)
            values[n] = value
            if n and is_rare(value):
                rare.append(n)
                loose.append(n)

    def _mex(self, n: int, options: bytes) -> int:
        """G(n), given every option of n with a rare part (and perhaps more)."""
        for candidate in _COMMON:
            if candidate not in options:
                break
        else:  # pragma: no cover - no value reaches 256 below 2**20
            raise NimcoreError(typeset(f"Valeur de Grundy supérieure à 255 au tas {n}."))
        values, chunks = self.values, self.chunks
        half = (n - 1) // 2  # splits (a, n − a) with 1 ≤ a ≤ half
        scanned = 0
        for rare in _RARE:
            if rare >= candidate:
                return candidate
            if rare in options:
                continue
            while scanned < half:
                size = min(half - scanned, _FIRST_SPAN if scanned == 0 else scanned)
                key = (scanned, size)
                low = chunks.get(key)
                if low is None:
                    low = int.from_bytes(values[scanned + 1 : scanned + size + 1], "little")
                    if size == (_FIRST_SPAN if scanned == 0 else scanned):
                        chunks[key] = low
                high = int.from_bytes(values[n - scanned - size : n - scanned], "big")
                # byte i is G(scanned + 1 + i) ⊕ G(n − scanned − 1 − i)
                options += (low ^ high).to_bytes(size, "little")
                scanned += size
                if rare in options:
                    break
            else:
                return rare
        return candidate  # pragma: no cover - _RARE holds values up to 255


def _gather(indices: list[int]) -> Any:
    """An itemgetter that always returns a tuple (indices doubled for a single one)."""
    return itemgetter(*(indices * 2 if len(indices) == 1 else indices))


_SEQUENCE = _SparseSequence()


def computed() -> int:
    """Return how many values are already computed and kept (G(0) … G(k − 1)).

    >>> computed() >= 0
    True
    """
    return len(_SEQUENCE.values)


def _check_size(value: object, what: str, limit: int, unit: str = "jetons") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise NimcoreError(typeset(f"{what} vaut {value!r} : un nombre entier est attendu."))
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
    """Return G(0), …, G(count − 1) as bytes (every value below 2**20 is below 256).

    >>> list(grundy_values(14))
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]
    >>> grundy_values(MAX_HEAP + 2)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le nombre de valeurs vaut 1048578 : au-delà de 1048577, \
les valeurs du jeu de Grundy ne sont pas calculées ici (la limite est de 1048577 valeurs).

    Cost: nothing for values already kept; otherwise the sparse-space method,
    about 18 s of CPython for the first 2**20 values (about 1.5 s for 2**16).
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
    half = (heap - 1) // 2
    if half <= 0:
        return b""
    low = int.from_bytes(values[1 : half + 1], "little")
    high = int.from_bytes(values[heap - half : heap], "big")
    return (low ^ high).to_bytes(half, "little")


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
de Grundy ne sont pas calculées ici (la limite est de 1000 jetons).

    *max_heap* (at most :data:`MAX_HEAP`) lets a caller keep answers quick, e.g.
    a page in the browser. Cost: one check per heap; nothing is computed.
    """
    if isinstance(max_heap, bool) or not isinstance(max_heap, int) or not 0 < max_heap <= MAX_HEAP:
        raise NimcoreError(
            typeset(f"La limite des tas doit aller de 1 à {MAX_HEAP}, pas {max_heap!r}.")
        )
    if isinstance(heaps, (str, bytes)) or not isinstance(heaps, Sequence):
        raise NimcoreError(typeset(f"Une liste de tas est attendue, pas {heaps!r}."))
    if not heaps:
        raise NimcoreError(typeset("Il faut au moins un tas."))
    if len(heaps) > MAX_HEAPS:
        raise NimcoreError(
            typeset(f"Trop de tas : {len(heaps)} ; la limite est de {MAX_HEAPS} tas.")
        )
    for index, heap in enumerate(heaps, start=1):
        _check_size(heap, f"Le tas {index}", max_heap)
    return tuple(heaps)


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


def _after(position: tuple[int, ...], index: int, parts: tuple[int, ...]) -> tuple[int, ...]:
    reached = position[:index] + parts + position[index + 1 :]
    return tuple(heap for heap in reached if heap)


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
            yield GrundyMove(index, heap, parts, _after(position, index, parts))


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
    found = []
    for index, heap in enumerate(position):
        target = total ^ nimbers[index]  # the value the two parts must have together
        splits = _split_values(values, heap)
        at = splits.find(target)
        while at >= 0:
            parts = (at + 1, heap - at - 1)
            found.append(GrundyMove(index, heap, parts, _after(position, index, parts)))
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
    splits in ``bytes`` (about a millisecond for a heap of 2**20).
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
                " ou 2 jetons) : le joueur qui doit jouer a perdu."
            ),
        )
    values = ", ".join(
        f"G({heap}) = {value}" for heap, value in zip(position, nimbers, strict=True)
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
            " un tas de valeur G(h) par deux tas de valeur totale G(a) ⊕ G(h − a), qui n'est"
            " jamais G(h) (G(h) est justement le plus petit entier absent de ces valeurs) :"
            " la somme de Nim devient non nulle, et l'adversaire pourra la ramener à 0."
        )
    else:
        small, large = recommended.parts
        heap, before = recommended.heap, recommended.before
        target = total ^ nimbers[heap]
        split = _SEQUENCE.values[small] ^ _SEQUENCE.values[large]
        sentences.append(
            f"Elle n'est pas nulle : la position est gagnante. Il faut remplacer le tas"
            f" {heap + 1} ({before} jetons, de valeur {nimbers[heap]}) par deux tas de valeur"
            f" totale {target}, la somme de Nim des autres tas."
        )
        sentences.append(
            f"Le partage {before} → {small} + {large} convient : G({small}) ⊕ G({large}) ="
            f" {_SEQUENCE.values[small]} ⊕ {_SEQUENCE.values[large]} = {split}, et la somme"
            " de Nim de la position devient 0."
        )
    return tuple(typeset(sentence) for sentence in sentences)


def analyse(heaps: Sequence[int], max_heap: int = MAX_HEAP) -> GrundyAnalysis:
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
        explanation=_explain(position, nimbers, total, recommended),
    )


def computer_move(heaps: Sequence[int], max_heap: int = MAX_HEAP) -> GrundyMove:
    """Return the move a perfect player makes: a winning move whenever one exists.

    From a P-position every move loses against perfect play; the computer then
    splits the largest heap as 1 + (h − 1), which keeps the game long.

    >>> computer_move([3, 7]).text
    'partager le tas 2 en deux tas inégaux (7 → 1 + 6)'
    >>> computer_move([3, 6]).text
    'partager le tas 2 en deux tas inégaux (6 → 1 + 5)'
    >>> computer_move([2, 1])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La partie est finie : aucun tas ne peut être partagé \
en deux tas inégaux.
    """
    analysis = analyse(heaps, max_heap)
    if analysis.terminal:
        raise NimcoreError(
            typeset("La partie est finie : aucun tas ne peut être partagé en deux tas inégaux.")
        )
    if analysis.recommended is not None:
        return analysis.recommended
    position = analysis.heaps
    index = max(range(len(position)), key=lambda i: (position[i], -i))
    heap = position[index]
    return GrundyMove(index, heap, (1, heap - 1), _after(position, index, (1, heap - 1)))
