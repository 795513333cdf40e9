"""Chomp's rule: a position (the row lengths of a staircase), its bites and their French words."""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from nimcore.errors import NimcoreError
from nimcore.french import plural, quoted, typeset
from nimcore.heaps import check_integer

#: Largest number of rows accepted.
MAX_ROWS = 10_000
#: Longest row accepted.
MAX_ROW_LENGTH = 10**9

Staircase = tuple[int, ...]


def validate_rows(rows: object) -> Staircase:
    """Return *rows* as a tuple of row lengths, or raise :class:`NimcoreError`.

    >>> validate_rows([5, 3, 1])
    (5, 3, 1)
    >>> validate_rows([2, 3])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La rangée 2 (3 carrés) est plus longue que la rangée 1 (2 carrés) : les longueurs ne doivent pas augmenter en montant.

    Rows are counted from 1, the poisoned row first. Cost: one check per row,
    before anything else is computed.
    """
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
        raise NimcoreError(
            typeset(f"Une liste de longueurs de rangées est attendue, pas {quoted(rows)}.")
        )
    if not rows:
        raise NimcoreError(
            typeset("Il faut au moins une rangée : la tablette contient le carré empoisonné.")
        )
    if len(rows) > MAX_ROWS:
        raise NimcoreError(
            typeset(f"Trop de rangées : {len(rows)} ; la limite est de {MAX_ROWS} rangées.")
        )
    previous = None
    for index, length in enumerate(rows, start=1):
        length = check_integer(length, f"La rangée {index}")
        if length < 1:
            raise NimcoreError(
                typeset(
                    f"La rangée {index} vaut {length} : une rangée contient au moins un carré"
                    " (les rangées vides ne s'écrivent pas)."
                )
            )
        if length > MAX_ROW_LENGTH:
            raise NimcoreError(
                typeset(
                    f"La rangée {index} est trop longue ({length} carrés) ;"
                    f" la limite est de {MAX_ROW_LENGTH} carrés."
                )
            )
        if previous is not None and length > previous:
            raise NimcoreError(
                typeset(
                    f"La rangée {index} ({plural(length, 'carré')}) est plus longue que la"
                    f" rangée {index - 1} ({plural(previous, 'carré')}) : les longueurs ne"
                    " doivent pas augmenter en montant."
                )
            )
        previous = length
    return tuple(rows)


def _bite(rows: Staircase, row: int, column: int) -> Staircase:
    """The staircase left once (row, column) and everything above and right is eaten."""
    if column == 0:
        return rows[:row]
    end = row
    while end < len(rows) and rows[end] > column:
        end += 1
    return rows[:row] + (column,) * (end - row) + rows[end:]


def _children(rows: Staircase) -> Iterator[Staircase]:
    """Every position one bite away, fast (the search's inner loop)."""
    count = len(rows)
    for row in range(count):
        prefix = rows[:row]
        end = count
        for column in range(1 if row == 0 else 0, rows[row]):
            if column == 0:
                yield prefix
                continue
            while rows[end - 1] < column:
                end -= 1
            yield prefix + (column,) * (end - row) + rows[end:]


@dataclass(frozen=True, slots=True)
class ChompMove:
    """A bite at square (*row*, *column*), counted from 0 from the poisoned square.

    ``before`` is the staircase bitten and ``to`` the staircase left, empty rows
    dropped (the shape the command line prints); ``eaten`` is the number of
    squares eaten and ``text`` the bite in French, rows and columns counted from 1
    (both worked out once: a board's view words up to 168 bites).

    >>> ChompMove(row=1, column=1, before=(3, 3, 3), to=(3, 1, 1)).text
    'croquer le carré ligne 2, colonne 2 (4 carrés mangés)'
    """

    row: int
    column: int
    before: Staircase
    to: Staircase
    eaten: int = field(init=False, repr=False, compare=False)
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        eaten = sum(self.before) - sum(self.to)
        object.__setattr__(self, "eaten", eaten)
        object.__setattr__(
            self,
            "text",
            f"croquer le carré ligne {self.row + 1}, colonne {self.column + 1}"
            f" ({plural(eaten, 'carré')} {'mangé' if eaten < 2 else 'mangés'})",
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the bite."""
        return {
            "row": self.row,
            "column": self.column,
            "eaten": self.eaten,
            "to": list(self.to),
            "text": self.text,
        }


def _bite_move(position: Staircase, row: int, column: int) -> ChompMove:
    return ChompMove(row, column, position, _bite(position, row, column))


def _all_bites(position: Staircase) -> Iterator[ChompMove]:
    """Every bite, row by row from the poisoned one, left to right."""
    for (row, column), to in zip(_squares(position), _children(position), strict=True):
        yield ChompMove(row, column, position, to)


def _squares(position: Staircase) -> Iterator[tuple[int, int]]:
    """Every square but the poisoned one, in the order of :func:`_children`."""
    for row, length in enumerate(position):
        for column in range(1 if row == 0 else 0, length):
            yield row, column


def moves(rows: Sequence[int]) -> Iterator[ChompMove]:
    """Yield every legal bite, row by row from the poisoned one, left to right.

    >>> [move.to for move in moves([2, 1])]
    [(1, 1), (2,)]
    >>> list(moves([1]))
    []

    Eating the poisoned square is not a move. Cost: one bite per square: use it
    on small positions only.
    """
    return _all_bites(validate_rows(rows))


def play(rows: Sequence[int], row: int, column: int) -> Staircase:
    """Return the staircase left by a bite at (*row*, *column*), counted from 0.

    >>> play([4, 4, 4], 1, 1)
    (4, 1, 1)
    >>> play([5, 3, 1], 0, 0)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le carré empoisonné (ligne 1, colonne 1) ne se croque pas : celui qui n'a plus que lui a perdu.

    The input is not modified.
    """
    position = validate_rows(rows)
    for name, value in (("ligne", row), ("colonne", column)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise NimcoreError(typeset(f"Le numéro de {name} {quoted(value)} n'est pas un entier."))
    if not 0 <= row < len(position) or not 0 <= column < position[row]:
        raise NimcoreError(
            typeset(
                f"Il n'y a pas de carré ligne {row + 1}, colonne {column + 1} dans cette tablette."
            )
        )
    if row == 0 and column == 0:
        raise NimcoreError(
            typeset(
                "Le carré empoisonné (ligne 1, colonne 1) ne se croque pas :"
                " celui qui n'a plus que lui a perdu."
            )
        )
    return _bite(position, row, column)


def _short(position: Staircase) -> str:
    """The staircase as the reader typed it, shortened when it is long."""
    if len(position) <= 12:
        return str(list(position))
    return f"[{', '.join(map(str, position[:10]))}, … ({len(position)} rangées)]"
