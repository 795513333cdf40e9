"""Chomp: bite a chocolate bar without eating the poisoned square.

The bar is a staircase of squares given by its row lengths, from the poisoned
row upwards, never increasing: ``[4, 4, 4]`` is a rectangle of 3 rows and 4
columns, ``[5, 3, 1]`` a staircase. The poisoned square is the bottom-left one
(row 0, column 0). A bite at (row r, column c), any remaining square, eats every
square (r', c') with r' ≥ r and c' ≥ c: the square chosen and all those above it
and to its right. Whoever is left with the poisoned square alone must eat it and
loses; here eating the poison is not a move, so ``[1]`` is the terminal
position, a P-position of normal play (the player to move cannot move).

Strategy stealing (Gale): every rectangle other than 1×1 is an N-position.
Suppose a rectangle were a P-position, and bite its top-right square alone. That
bite must leave an N-position, from which some bite B wins. But B eats the
top-right square too, so B was also a legal first bite from the rectangle, and
it leaves the very same position: the first player could have won with B, a
contradiction. The argument proves that a winning bite exists without saying
which one, and nobody knows a rule for general rectangles.

Known families, answered at any size:

* two rows ``[a, b]``: a P-position exactly when a = b + 1 (the bottom row
  exceeds the top one by one square); from ``[b + 1, b]`` every bite leaves two
  equal rows or a shorter top row, and the opponent restores the shape;
* the L-shape ``[a, 1, 1, …, 1]`` (a bottom row of length a and a column of
  height k + 1): two heaps of Nim, the horizontal arm a − 1 and the vertical arm
  k; a P-position exactly when the arms are equal, nimber (a − 1) ⊕ k;
* the n×n square (n ≥ 2): the only winning bite is (1, 1), which leaves an L
  with equal arms. Any other bite either leaves a rectangle (an N-position by
  strategy stealing) or keeps the whole bottom row, the whole left column and
  the square (1, 1): the opponent then bites (1, 1) and wins.

Every staircase inside the 10×10 square (C(20, 10) − 1 = 184 755 of them, the
empty bar left out) is answered from a table shipped with the package (``nimcore/data/chomp10.txt``,
the 2 612 P-positions), computed by :func:`solve_box`; other positions are
solved by an exhaustive search over their sub-staircases when the work
(positions × squares) stays within :data:`MAX_SEARCH_WORK`, and refused
otherwise. To rebuild the table::

    python -c "from nimcore import chomp; print(chomp.table_text(), end='')" \\
        > nimcore/data/chomp10.txt

Reference: D. Gale, *A curious Nim-type game*, American Mathematical Monthly 81
(1974), 876–879; Berlekamp–Conway–Guy, *Winning Ways*, chapter 18.
"""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

from nimcore.errors import NimcoreError
from nimcore.french import plural, typeset
from nimcore.nimsum import mex

__all__ = [
    "MAX_ROWS",
    "MAX_ROW_LENGTH",
    "MAX_SEARCH_WORK",
    "TABLE_SIZE",
    "ChompAnalysis",
    "ChompMove",
    "analyse",
    "computer_move",
    "family",
    "grundy_values",
    "is_p_position",
    "moves",
    "play",
    "solve_box",
    "sub_staircase_count",
    "table_positions",
    "table_text",
    "validate_rows",
    "winning_moves",
]

#: Largest number of rows accepted.
MAX_ROWS = 10_000
#: Longest row accepted.
MAX_ROW_LENGTH = 10**9
#: Largest work of an exhaustive search, counted as (positions reachable) × (squares of
#: the bar), an upper bound of the bites examined: a few hundredths of a second in
#: CPython, a fraction of a second in the browser.
MAX_SEARCH_WORK = 150_000
#: Side of the square whose staircases are all answered by the shipped table.
TABLE_SIZE = 10

Outcome = Literal["P", "N"]
Staircase = tuple[int, ...]
Family = Literal["poison", "l_shape", "two_rows", "square", "rectangle"]

_FAMILY_NAMES: dict[str, str] = {
    "poison": "carré empoisonné seul",
    "l_shape": "équerre",
    "two_rows": "deux rangées",
    "square": "carré",
    "rectangle": "rectangle",
}
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


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
            typeset(f"Une liste de longueurs de rangées est attendue, pas {rows!r}.")
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
        if isinstance(length, bool) or not isinstance(length, int):
            raise NimcoreError(
                typeset(f"La rangée {index} vaut {length!r} : un nombre entier est attendu.")
            )
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
    dropped (the shape the command line prints).
    """

    row: int
    column: int
    before: Staircase
    to: Staircase

    @property
    def eaten(self) -> int:
        """Number of squares eaten by the bite."""
        return sum(self.before) - sum(self.to)

    @property
    def text(self) -> str:
        """The bite in French, rows and columns counted from 1.

        >>> ChompMove(row=1, column=1, before=(3, 3, 3), to=(3, 1, 1)).text
        'croquer le carré ligne 2, colonne 2 (4 carrés mangés)'
        """
        eaten = self.eaten
        return (
            f"croquer le carré ligne {self.row + 1}, colonne {self.column + 1}"
            f" ({plural(eaten, 'carré')} {'mangé' if eaten < 2 else 'mangés'})"
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


def moves(rows: Sequence[int]) -> Iterator[ChompMove]:
    """Yield every legal bite, row by row from the poisoned one, left to right.

    >>> [move.to for move in moves([2, 1])]
    [(1, 1), (2,)]
    >>> list(moves([1]))
    []

    Eating the poisoned square is not a move. Cost: one bite per square: use it
    on small positions only.
    """
    position = validate_rows(rows)
    for row, length in enumerate(position):
        for column in range(1 if row == 0 else 0, length):
            yield ChompMove(row, column, position, _bite(position, row, column))


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
            raise NimcoreError(typeset(f"Le numéro de {name} {value!r} n'est pas un entier."))
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


# --- exhaustive search -------------------------------------------------------------


def sub_staircase_count(rows: Sequence[int]) -> int:
    """Return the number of positions reachable from *rows*, itself included.

    They are the staircases inside *rows* that keep the poisoned square.

    >>> sub_staircase_count([2, 1])
    4
    >>> sub_staircase_count([10] * 10)
    184755

    There are at least rows × (length of the first row) of them: the L-shapes
    inside *rows* alone. Raises :class:`NimcoreError` when that product exceeds
    10**6. Cost: rows × length of the first row.
    """
    position = validate_rows(rows)
    if len(position) * position[0] > 10**6:
        raise NimcoreError(
            typeset(
                f"Trop de positions à compter : {len(position)} rangées de {position[0]} carrés"
                " au plus ; la limite est de 10**6 pour ce produit."
            )
        )
    return _count(position)


def _count(position: Staircase) -> int:
    # ways[v]: the number of choices of the rows so far whose last row has length v
    # (0: empty, then every row above is empty too); the first row keeps the poison.
    ways = [0] + [1] * position[0]
    for bound in position[1:]:
        suffix = sum(ways[bound + 1 :])
        new = [0] * (bound + 1)
        for value in range(bound, -1, -1):
            suffix += ways[value]
            new[value] = suffix
        ways = new
    return sum(ways)


def _search_work(position: Staircase) -> tuple[int, bool]:
    """Positions × squares, the work of a search, and whether that product is exact.

    When the cheap lower bound (rows × first row) × squares already exceeds
    MAX_SEARCH_WORK, the count is not computed and the bound is returned.
    """
    squares = sum(position)
    bound = len(position) * position[0] * squares
    if bound > MAX_SEARCH_WORK:
        return bound, False
    return _count(position) * squares, True


def _searchable(position: Staircase) -> bool:
    """True when an exhaustive search from *position* is within MAX_SEARCH_WORK."""
    return _search_work(position)[0] <= MAX_SEARCH_WORK


def _sub_staircases(rows: Staircase) -> list[Staircase]:
    """Every staircase inside *rows* keeping the poison, fewest squares first."""
    found: list[Staircase] = []
    stack: list[Staircase] = [()]
    while stack:
        prefix = stack.pop()
        if prefix:
            found.append(prefix)
        depth = len(prefix)
        if depth < len(rows):
            top = rows[depth] if not prefix else min(rows[depth], prefix[-1])
            for length in range(1, top + 1):
                stack.append(prefix + (length,))
    found.sort(key=sum)
    return found


def _check_searchable(position: Staircase) -> None:
    work, exact = _search_work(position)
    if work > MAX_SEARCH_WORK:
        raise NimcoreError(
            typeset(
                f"La tablette {_short(position)} est trop grande pour une recherche exhaustive :"
                f" {'' if exact else 'au moins '}{work} bouchées à examiner"
                " (positions × carrés),"
                f" la limite est de {MAX_SEARCH_WORK} ; et elle ne tient pas dans le carré"
                f" {TABLE_SIZE}×{TABLE_SIZE} de la table précalculée."
            )
        )


def grundy_values(rows: Sequence[int]) -> dict[Staircase, int]:
    """Return the Grundy value of every position reachable from *rows*, by search.

    >>> values = grundy_values([3, 3])
    >>> values[(1,)], values[(2, 1)], values[(3, 3)]
    (0, 0, 4)

    The search is iterative: positions are solved in increasing number of squares,
    each from its already solved bites (rule of the mex). Raises
    :class:`NimcoreError` when positions × squares exceeds :data:`MAX_SEARCH_WORK`.
    Cost: positions × squares.
    """
    position = validate_rows(rows)
    _check_searchable(position)
    return _grundy_search(position)


def _grundy_search(position: Staircase) -> dict[Staircase, int]:
    values: dict[Staircase, int] = {}
    for staircase in _sub_staircases(position):
        values[staircase] = mex({values[child] for child in _children(staircase)})
    return values


#: The values of the last search made for an analysis: those of every staircase inside it.
_last_search: list[dict[Staircase, int]] = [{}]


def _search_values(position: Staircase) -> Mapping[Staircase, int]:
    """Grundy values of every staircase inside *position* (and maybe more), searched once.

    A game's positions all lie inside its first one: when *position* lies inside the
    last search, so does every staircase inside it, and the search is not redone.
    """
    if position not in _last_search[0]:
        _last_search[0] = _grundy_search(position)
    return _last_search[0]


def solve_box(rows: int, columns: int) -> frozenset[Staircase]:
    """Return every P-position with at most *rows* rows of at most *columns* squares.

    >>> sorted(solve_box(2, 3))
    [(1,), (2, 1), (3, 2)]

    Outcome only (no nimbers): a position is a P-position when none of its bites
    is one, and the search stops at the first P-position found among the bites.
    It visits the C(rows + columns, rows) − 1 staircases of the box in increasing
    number of squares: about two seconds for the 10×10 box in CPython. No limit
    is enforced here: this is the function that builds the shipped table.
    """
    for name, value in (("lignes", rows), ("colonnes", columns)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 36:
            raise NimcoreError(
                typeset(f"Le nombre de {name} {value!r} doit être un entier de 1 à 36.")
            )
    losing: set[Staircase] = set()
    for staircase in _sub_staircases((columns,) * rows):
        for child in _children(staircase):
            if child in losing:
                break
        else:
            losing.add(staircase)
    return frozenset(losing)


def _short(position: Staircase) -> str:
    """The staircase as the reader typed it, shortened when it is long."""
    if len(position) <= 12:
        return str(list(position))
    return f"[{', '.join(map(str, position[:10]))}, … ({len(position)} rangées)]"


def _encode(staircase: Staircase) -> str:
    return "".join(_DIGITS[length] for length in staircase)


def table_text(size: int = TABLE_SIZE) -> str:
    """Return the text of the shipped table: the P-positions inside the size×size square.

    One position a line, each row length written as one digit (``a`` for 10),
    the poisoned row first, sorted by number of squares then lexicographically;
    lines starting with ``#`` are comments.

    >>> table_text(2).splitlines()[-2:]
    ['1', '21']

    Cost: :func:`solve_box` (seconds for size 10).
    """
    losing = solve_box(size, size)
    lines = [
        (
            f"# Chomp : les {len(losing)} positions P (perdantes pour qui doit jouer)"
            f" dans le carré {size}×{size}."
        ),
        "# Une position par ligne : longueurs des rangées depuis la rangée empoisonnée,",
        "# un chiffre par rangée (a = 10). Fichier produit par nimcore.chomp.table_text().",
    ]
    lines.extend(_encode(staircase) for staircase in sorted(losing, key=lambda s: (sum(s), s)))
    return "\n".join(lines) + "\n"


@cache
def table_positions() -> frozenset[Staircase]:
    """Return the shipped P-positions inside the 10×10 square (read once, then cached).

    >>> len(table_positions())
    2612
    >>> (3, 2) in table_positions(), (3, 3) in table_positions()
    (True, False)

    Cost: a few milliseconds, the first time only.
    """
    source = resources.files("nimcore").joinpath("data").joinpath("chomp10.txt")
    text = source.read_text(encoding="utf-8")
    return frozenset(
        tuple(_DIGITS.index(digit) for digit in line.strip())
        for line in text.splitlines()
        if line.strip() and not line.startswith("#")
    )


# --- families --------------------------------------------------------------------


def family(rows: Sequence[int]) -> Family | None:
    """Return the known family *rows* belongs to, or None.

    >>> family([1]), family([5, 1, 1]), family([5, 3]), family([4, 4, 4, 4]), family([4, 4])
    ('poison', 'l_shape', 'two_rows', 'square', 'two_rows')
    >>> family([5, 5, 5]), family([5, 3, 1])
    ('rectangle', None)

    First match in this order: the poisoned square alone, the L-shape (one row,
    or every row above the first of length 1), two rows, the square, the rectangle.
    """
    position = validate_rows(rows)
    return _family(position)


def _family(position: Staircase) -> Family | None:
    if position == (1,):
        return "poison"
    if all(length == 1 for length in position[1:]):
        return "l_shape"
    if len(position) == 2:
        return "two_rows"
    if all(length == position[0] for length in position):
        return "square" if len(position) == position[0] else "rectangle"
    return None


def _in_table(position: Staircase) -> bool:
    return len(position) <= TABLE_SIZE and position[0] <= TABLE_SIZE


def _family_targets(position: Staircase, kind: Family | None) -> list[tuple[int, int]] | None:
    """The winning bites a family's rule gives, or None when the rule says nothing."""
    if kind == "poison":
        return []
    if kind == "l_shape":
        horizontal, vertical = position[0] - 1, len(position) - 1
        if horizontal > vertical:
            return [(0, vertical + 1)]
        if vertical > horizontal:
            return [(horizontal + 1, 0)]
        return []
    if kind == "two_rows":
        bottom, top = position
        if bottom > top + 1:
            return [(0, top + 1)]
        if bottom == top:
            return [(1, top - 1)]
        return []
    if kind == "square":
        return [(1, 1)]
    return None


# --- analysis --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChompAnalysis:
    """Everything the boards, the command line and the pages say about a Chomp position.

    ``family`` is the known family recognised (``"poison"``, ``"l_shape"``,
    ``"two_rows"``, ``"square"``, ``"rectangle"`` or None), ``method`` how the
    answer was found (``"famille"``, ``"table"`` or ``"recherche"``), ``nimber``
    the Grundy value when computed (by formula for the L-shape, by search when
    positions × squares is within :data:`MAX_SEARCH_WORK`; None otherwise).
    """

    rows: Staircase
    outcome: Outcome
    nimber: int | None
    winning_moves: tuple[ChompMove, ...]
    recommended: ChompMove | None
    family: Family | None
    method: str
    explanation: tuple[str, ...]

    @property
    def terminal(self) -> bool:
        """True when only the poisoned square is left."""
        return self.rows == (1,)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view, as the worker sends it to the boards."""
        return {
            "game": "chomp",
            "rows": list(self.rows),
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nimber": self.nimber,
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "family": self.family,
            "family_name": None if self.family is None else _FAMILY_NAMES[self.family],
            "method": self.method,
            "explanation": list(self.explanation),
        }


def _family_sentences(position: Staircase, kind: Family | None, winning: bool) -> list[str]:
    if kind == "poison":
        return [
            (
                "Il ne reste que le carré empoisonné : le joueur qui doit jouer est obligé de le"
                " manger, il a perdu."
            )
        ]
    if kind == "l_shape":
        horizontal, vertical = position[0] - 1, len(position) - 1
        sentences = [
            (
                f"La tablette est une équerre : un bras horizontal de {plural(horizontal, 'carré')}"
                f" et un bras vertical de {plural(vertical, 'carré')} autour du carré empoisonné."
                " Chaque bouchée raccourcit un seul bras : c'est un Nim à deux tas."
            )
        ]
        if winning:
            sentences.append(
                "Les bras sont inégaux : on raccourcit le plus long à la longueur de l'autre,"
                " puis on imite chaque coup de l'adversaire sur l'autre bras."
            )
        else:
            sentences.append(
                "Les bras sont égaux : quoi qu'on croque, l'adversaire rétablit l'égalité en"
                " raccourcissant l'autre bras d'autant, et c'est à nous que reviendra le"
                " carré empoisonné."
            )
        return sentences
    if kind == "two_rows":
        bottom, top = position
        sentences = [
            (
                f"La tablette a deux rangées ({bottom} et {top}) : la position est perdante"
                " exactement quand la rangée du bas dépasse celle du haut d'un carré."
            )
        ]
        if winning:
            sentences.append(
                "Ce n'est pas le cas : on croque de quoi laisser une rangée du bas plus longue"
                " d'exactement un carré."
            )
        else:
            sentences.append(
                "C'est le cas : toute bouchée laisse deux rangées égales, ou une rangée du haut"
                " plus courte de deux carrés au moins, ou une seule rangée de plus d'un carré,"
                " et l'adversaire rétablit l'écart d'un carré."
            )
        return sentences
    if kind == "square":
        size = position[0]
        return [
            (
                f"La tablette est un carré {size}×{size} : en croquant le carré ligne 2, colonne 2,"
                f" on laisse une équerre aux deux bras égaux ({plural(size - 1, 'carré')} chacun),"
                " perdante pour l'adversaire."
            ),
            (
                "C'est la seule bouchée gagnante : une bouchée dans la rangée du bas ou la colonne"
                " de gauche laisse un rectangle, gagnant pour l'adversaire ; toute autre laisse le"
                " carré ligne 2, colonne 2, et l'adversaire le croque à son tour."
            ),
        ]
    if kind == "rectangle":
        return [
            (
                f"La tablette est un rectangle de {len(position)} rangées de {position[0]} carrés."
                " Par l'argument de la stratégie volée, elle est gagnante pour qui joue : si elle"
                " était perdante, croquer le seul carré en haut à droite mènerait à une position"
                " gagnante pour l'adversaire ; mais sa riposte gagnante aurait pu être jouée dès"
                " le départ, puisqu'elle mange aussi ce carré."
            )
        ]
    return []


def _explain(
    position: Staircase,
    kind: Family | None,
    method: str,
    found: tuple[ChompMove, ...],
    recommended: ChompMove | None,
) -> tuple[str, ...]:
    winning = bool(found)
    sentences = _family_sentences(position, kind, winning)
    if kind == "poison":
        return tuple(typeset(sentence) for sentence in sentences)
    if method == "table":
        sentences.append(
            f"La tablette tient dans le carré {TABLE_SIZE}×{TABLE_SIZE} : sa valeur vient de la"
            " table précalculée de toutes les positions perdantes."
        )
    elif method == "recherche":
        sentences.append(
            "Sa valeur vient d'une recherche exhaustive sur toutes les positions que l'on peut"
            " atteindre."
        )
    if winning and recommended is not None:
        count = len(found)
        sentences.append(
            f"La position est gagnante pour qui doit jouer : {recommended.text} laisse une"
            " position perdante pour l'adversaire"
            + ("." if count == 1 else f" ({count} bouchées gagnantes en tout).")
        )
    else:
        sentences.append(
            "La position est perdante pour qui doit jouer : chaque bouchée mène à une position"
            " gagnante pour l'adversaire (une position N)."
        )
    return tuple(typeset(sentence) for sentence in sentences)


def _bite_move(position: Staircase, row: int, column: int) -> ChompMove:
    return ChompMove(row, column, position, _bite(position, row, column))


def _solve(position: Staircase) -> tuple[tuple[ChompMove, ...], int | None, Family | None, str]:
    """Winning bites, nimber, family and method, raising before any heavy work."""
    kind = _family(position)
    targets = _family_targets(position, kind)
    formula = kind in ("poison", "l_shape")
    values = None if formula or not _searchable(position) else _search_values(position)
    nimber: int | None = None
    if kind == "poison":
        nimber = 0
    elif kind == "l_shape":
        nimber = (position[0] - 1) ^ (len(position) - 1)
    elif values is not None:
        nimber = values[position]
    if targets is not None:
        found = tuple(_bite_move(position, row, column) for row, column in targets)
        return found, nimber, kind, "famille"
    if _in_table(position):
        losing = table_positions()
        found = tuple(move for move in _all_bites(position) if move.to in losing)
        return found, nimber, kind, "table"
    if values is None:
        _check_searchable(position)  # raises: too big
    assert values is not None
    found = tuple(move for move in _all_bites(position) if values[move.to] == 0)
    return found, nimber, kind, "recherche"


def _all_bites(position: Staircase) -> Iterator[ChompMove]:
    for row, length in enumerate(position):
        for column in range(1 if row == 0 else 0, length):
            yield _bite_move(position, row, column)


def _recommended(found: tuple[ChompMove, ...]) -> ChompMove | None:
    """The winning bite a hint shows: the one eating the fewest squares."""
    if not found:
        return None
    return min(found, key=lambda move: (move.eaten, move.row, move.column))


def analyse(rows: Sequence[int]) -> ChompAnalysis:
    """Analyse a Chomp position: outcome, every winning bite, nimber and a hint.

    >>> result = analyse([3, 3, 3])
    >>> result.outcome, result.family, [move.to for move in result.winning_moves]
    ('N', 'square', [(3, 1, 1)])
    >>> analyse([3, 2]).outcome, analyse([3, 2]).nimber
    ('P', 0)

    Positions inside the 10×10 square are answered from the shipped table, the
    families at any size, other positions by search if positions × squares stays
    within :data:`MAX_SEARCH_WORK`. Raises :class:`NimcoreError` on an
    illegal or too large position. Cost: instantaneous for a family or the
    table (plus the nimber's search on small positions).
    """
    position = validate_rows(rows)
    found, nimber, kind, method = _solve(position)
    recommended = _recommended(found)
    return ChompAnalysis(
        rows=position,
        outcome="N" if found else "P",
        nimber=nimber,
        winning_moves=found,
        recommended=recommended,
        family=kind,
        method=method,
        explanation=_explain(position, kind, method, found, recommended),
    )


def winning_moves(rows: Sequence[int]) -> tuple[ChompMove, ...]:
    """Return every bite leaving a P-position (none from a P-position).

    >>> [(move.row, move.column) for move in winning_moves([4, 4, 4, 4])]
    [(1, 1)]
    >>> winning_moves([6, 5])
    ()

    Raises :class:`NimcoreError` like :func:`analyse`.
    """
    return analyse(rows).winning_moves


def is_p_position(rows: Sequence[int]) -> bool:
    """Return True when the player to move loses against perfect play.

    >>> is_p_position([1]), is_p_position([4, 1, 1, 1]), is_p_position([4, 4, 4])
    (True, True, False)
    """
    return analyse(rows).outcome == "P"


def computer_move(rows: Sequence[int]) -> ChompMove:
    """Return the bite a perfect player makes: a winning one whenever one exists.

    From a P-position every bite loses against perfect play; the computer then
    eats a single square, the last one of the top row, to keep the game long.

    >>> computer_move([3, 3]).to
    (3, 2)
    >>> computer_move([3, 2]).to
    (3, 1)
    >>> computer_move([1])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La partie est finie : il ne reste que le carré empoisonné.
    """
    analysis = analyse(rows)
    if analysis.terminal:
        raise NimcoreError(typeset("La partie est finie : il ne reste que le carré empoisonné."))
    if analysis.recommended is not None:
        return analysis.recommended
    position = analysis.rows
    return _bite_move(position, len(position) - 1, position[-1] - 1)
