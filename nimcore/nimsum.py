"""Nim-addition and the minimum excludant: the two operations behind every nimber.

The nim-sum ``a ⊕ b`` is binary addition without carries (exclusive or); the mex
of a set of natural numbers is the smallest natural number it does not contain.
The table of a ⊕ b is the "table de Stella" of the MATh.en.JEANS middle-school
report, which builds it cell by cell as the mex of the row and the column.
Reference: C. L. Bouton, *Nim, a game with a complete mathematical theory*,
Annals of Mathematics 3 (1901–1902), 35–39.
"""

from collections.abc import Iterable

from nimcore.errors import NimcoreError
from nimcore.french import typeset

__all__ = ["MAX_TABLE_SIZE", "mex", "mex_table", "nim_sum", "nim_sum_table", "stella_cell"]

#: Largest side of a nim-addition table (the mex construction costs about size**3 steps).
MAX_TABLE_SIZE = 128


def nim_sum(values: Iterable[int]) -> int:
    """Return the nim-sum (bitwise exclusive or) of natural numbers.

    >>> nim_sum([11, 9, 7])
    5
    >>> nim_sum([1, 3, 5, 7])
    0
    >>> nim_sum([])
    0
    >>> nim_sum([85, 97])
    52

    Cost: one exclusive or per value, linear in the total number of bits.
    """
    total = 0
    for value in values:
        total ^= value
    return total


def mex(values: Iterable[int]) -> int:
    """Return the minimum excludant: the least natural number not in *values*.

    >>> mex([0, 1, 3])
    2
    >>> mex([])
    0
    >>> mex({1, 2})
    0

    Cost: linear in the number of values (a set is built once).
    """
    seen = set(values)
    candidate = 0
    while candidate in seen:
        candidate += 1
    return candidate


def _check_size(size: object) -> int:
    if isinstance(size, bool) or not isinstance(size, int):
        raise NimcoreError(typeset(f"La taille de la table vaut {size!r} : un entier est attendu."))
    if not 1 <= size <= MAX_TABLE_SIZE:
        raise NimcoreError(
            typeset(f"La taille de la table vaut {size} ; elle doit aller de 1 à {MAX_TABLE_SIZE}.")
        )
    return size


def nim_sum_table(size: int) -> tuple[tuple[int, ...], ...]:
    """Return the nim-addition table: entry ``[a][b]`` is a ⊕ b, for a, b < *size*.

    It is the "table de Stella": (a, b, a ⊕ b) is a losing position of Nim with
    three heaps.

    >>> for row in nim_sum_table(4):
    ...     print(row)
    (0, 1, 2, 3)
    (1, 0, 3, 2)
    (2, 3, 0, 1)
    (3, 2, 1, 0)
    >>> nim_sum_table(128)[85][97]
    52

    Raises :class:`NimcoreError` unless 1 ≤ size ≤ :data:`MAX_TABLE_SIZE`.
    Cost: size**2 exclusive ors.
    """
    size = _check_size(size)
    return tuple(tuple(a ^ b for b in range(size)) for a in range(size))


def mex_table(size: int) -> tuple[tuple[int, ...], ...]:
    """Build the same table the way the middle-school students did, without any binary.

    Rows and columns are filled from the top left; each cell gets the smallest
    number not yet used above it in its column nor to its left in its row. The
    result is the nim-addition table: cell (a, b) is the only size c making
    (a, b, c) a losing position, since from (a, b, c) a move reaches every
    smaller cell of the row or of the column (Sprague–Grundy: the nimber of two
    heaps a and b is the mex of the nimbers of their options).

    >>> mex_table(4) == nim_sum_table(4)
    True
    >>> mex_table(8)[5][3]
    6

    Raises :class:`NimcoreError` unless 1 ≤ size ≤ :data:`MAX_TABLE_SIZE`.
    Cost: about size**3 set look-ups.
    Reference: MATh.en.JEANS, *La table de Stella* (collèges de Nézant et
    Charles Lebrun).
    """
    size = _check_size(size)
    columns: list[set[int]] = [set() for _ in range(size)]
    table = []
    for _ in range(size):
        row_used: set[int] = set()
        row = []
        for b in range(size):
            value = 0
            while value in row_used or value in columns[b]:
                value += 1
            row.append(value)
            row_used.add(value)
            columns[b].add(value)
        table.append(tuple(row))
    return tuple(table)


def stella_cell(a: object, b: object) -> dict[str, object]:
    """What the cell of row *a* and column *b* of Stella's table says, in French.

    >>> cell = stella_cell(5, 3)
    >>> cell["c"], cell["binary"]
    (6, '101 ⊕ 011 = 110')
    >>> print(cell["sentences"][0])
    5 ⋆ 3 = 6 : le triplet (5, 3, 6) est perdant.

    Raises :class:`NimcoreError` for entries outside 0 … MAX_TABLE_SIZE − 1.
    """
    for name, value in (("a", a), ("b", b)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_TABLE_SIZE:
            raise NimcoreError(
                typeset(
                    f"{name} doit être un nombre entier de 0 à {MAX_TABLE_SIZE - 1}, pas {value!r}."
                )
            )
    assert isinstance(a, int) and isinstance(b, int)
    c = a ^ b
    width = max(1, max(a, b, c).bit_length())
    equal = " (deux tas égaux et un tas vide)" if a == b else ""
    return {
        "a": a,
        "b": b,
        "c": c,
        "binary": f"{a:0{width}b} ⊕ {b:0{width}b} = {c:0{width}b}",
        "sentences": [
            typeset(f"{a} ⋆ {b} = {c} : le triplet ({a}, {b}, {c}) est perdant."),
            typeset(
                f"Au Nim, la position à trois tas ({a}, {b}, {c}) est perdante pour le joueur"
                f" qui doit jouer{equal}. On la retrouve dans la table en ligne {a}, colonne {c}"
                f" (qui contient {b}) et en ligne {b}, colonne {c} (qui contient {a})."
            ),
            typeset(
                f"En base 2 : {a:0{width}b} ⊕ {b:0{width}b} = {c:0{width}b} (addition sans retenue)."
            ),
        ],
    }
