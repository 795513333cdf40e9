"""Nim-addition, nim-multiplication and the minimum excludant: the arithmetic of nimbers.

The nim-sum ``a ⊕ b`` is binary addition without carries (exclusive or); the mex
of a set of natural numbers is the smallest natural number it does not contain.
The table of a ⊕ b is the "table de Stella" of the MATh.en.JEANS middle-school
report, which builds it cell by cell as the mex of the row and the column.
The nim-product ``a ⊗ b`` is defined the same way, by a mex (Conway): it is the
Grundy value of the coin-turning game "Turning Corners", and with ⊕ it makes the
natural numbers a field of characteristic 2 (Lenstra).

References: C. L. Bouton, *Nim, a game with a complete mathematical theory*,
Annals of Mathematics 3 (1901–1902), 35–39; J. H. Conway, *On Numbers and Games*
(1976), chapter 6; H. W. Lenstra, *Nim multiplication*, Séminaire de Théorie des
Nombres de Bordeaux (1977–1978), exposé 11.
"""

from collections.abc import Iterable

from nimcore.errors import NimcoreError
from nimcore.french import typeset
from nimcore.heaps import check_integer

__all__ = [
    "MAX_PRODUCT_BITS",
    "MAX_PRODUCT_TABLE_SIZE",
    "MAX_TABLE_SIZE",
    "mex",
    "mex_table",
    "nim_product",
    "nim_product_mex_table",
    "nim_product_table",
    "nim_sum",
    "nim_sum_table",
    "stella_cell",
]

#: Largest side of a nim-addition table (the mex construction costs about size**3 steps).
MAX_TABLE_SIZE = 128
#: Nim-products are computed for factors below 2**MAX_PRODUCT_BITS (at most 4**6 recursive steps).
MAX_PRODUCT_BITS = 64
#: Largest side of a nim-multiplication table built by the mex (about size**4 / 4 steps).
MAX_PRODUCT_TABLE_SIZE = 32


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


def _check_size(size: object, largest: int = MAX_TABLE_SIZE) -> int:
    size = check_integer(size, "La taille de la table", "un entier")
    if not 1 <= size <= largest:
        raise NimcoreError(
            typeset(f"La taille de la table vaut {size} ; elle doit aller de 1 à {largest}.")
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
                    f"{name} doit être un nombre entier de 0 à {MAX_TABLE_SIZE - 1}, pas « {value} »."
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


# --- Nim-multiplication --------------------------------------------------------------


def _check_factor(value: object, name: str) -> int:
    value = check_integer(value, f"Le facteur {name}", "un entier")
    if not 0 <= value < 1 << MAX_PRODUCT_BITS:
        raise NimcoreError(
            typeset(
                f"Le facteur {name} vaut {value} : il doit être un entier naturel inférieur"
                f" à 2^{MAX_PRODUCT_BITS}."
            )
        )
    return value


def _product(a: int, b: int) -> int:
    if a < 2 or b < 2:
        return a * b
    # F = 2**(2**m), the largest "Fermat 2-power" with F <= max(a, b): a, b < F².
    half = 1
    while 1 << (2 * half) <= max(a, b):
        half *= 2
    big = 1 << half
    a1, a0 = a >> half, a & (big - 1)
    b1, b0 = b >> half, b & (big - 1)
    high = _product(a1, b1)
    low = _product(a0, b0)
    cross = _product(a1 ^ a0, b1 ^ b0)
    # (a1·F ⊕ a0) ⊗ (b1·F ⊕ b0), with F ⊗ F = F ⊕ F/2 and c ⊗ F = c·F for c < F.
    return ((cross ^ low) << half) ^ low ^ _product(high, big >> 1)


def nim_product(a: int, b: int) -> int:
    """Return the nim-product a ⊗ b of two natural numbers.

    Defined by a mex, like the nim-sum: a ⊗ b is the least natural number not of
    the form (a′ ⊗ b) ⊕ (a ⊗ b′) ⊕ (a′ ⊗ b′) with a′ < a and b′ < b (see
    :func:`nim_product_mex_table`). It is computed here through the "Fermat
    2-powers" F = 2, 4, 16, 256, 65536, …: for c < F, c ⊗ F = c·F (ordinary
    product), and F ⊗ F = 3F/2; a and b are cut in halves below F and the
    product is assembled from three smaller products, as in Karatsuba's method.

    >>> nim_product(2, 2), nim_product(2, 3), nim_product(3, 3)
    (3, 1, 2)
    >>> nim_product(4, 4), nim_product(16, 16), nim_product(5, 7)
    (6, 24, 13)
    >>> nim_product(-1, 2)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le facteur a vaut -1 : il doit être un entier naturel inférieur à 2^64.

    Raises :class:`NimcoreError` for a factor that is not a natural number below
    ``2**MAX_PRODUCT_BITS``. Cost: at most 4**6 small recursive steps.
    References: Conway, *On Numbers and Games*, chapter 6; Lenstra (1977–1978).
    """
    return _product(_check_factor(a, "a"), _check_factor(b, "b"))


def nim_product_table(size: int) -> tuple[tuple[int, ...], ...]:
    """Return the nim-multiplication table: entry ``[a][b]`` is a ⊗ b, for a, b < *size*.

    >>> for row in nim_product_table(4):
    ...     print(row)
    (0, 0, 0, 0)
    (0, 1, 2, 3)
    (0, 2, 3, 1)
    (0, 3, 1, 2)

    Raises :class:`NimcoreError` unless 1 ≤ size ≤ :data:`MAX_PRODUCT_TABLE_SIZE`.
    Cost: size**2 products.
    """
    size = _check_size(size, MAX_PRODUCT_TABLE_SIZE)
    return tuple(tuple(_product(a, b) for b in range(size)) for a in range(size))


def nim_product_mex_table(size: int) -> tuple[tuple[int, ...], ...]:
    """Build the nim-multiplication table from its definition only, by the mex.

    Cell (a, b) is the least natural number that is not (a′ ⊗ b) ⊕ (a ⊗ b′) ⊕
    (a′ ⊗ b′) for some a′ < a and b′ < b, the cells above and to the left being
    known. This is also the Grundy value of a single coin heads up at (a, b) in
    the coin-turning game "Turning Corners", where a move turns over the four
    corners of a rectangle whose top right corner is a coin heads up.

    >>> nim_product_mex_table(16) == nim_product_table(16)
    True

    Raises :class:`NimcoreError` unless 1 ≤ size ≤ :data:`MAX_PRODUCT_TABLE_SIZE`.
    Cost: about size**4 / 4 exclusive ors.
    """
    size = _check_size(size, MAX_PRODUCT_TABLE_SIZE)
    table = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            seen = {
                table[smaller_a][b] ^ table[a][smaller_b] ^ table[smaller_a][smaller_b]
                for smaller_a in range(a)
                for smaller_b in range(b)
            }
            table[a][b] = mex(seen)
    return tuple(tuple(row) for row in table)
