"""Fibonacci Nim: one heap, and each move may take at most twice the previous one.

A heap holds n tokens. The first player takes between 1 and n − 1 tokens (not
the whole heap); afterwards, whoever has just seen x tokens taken may take
between 1 and 2x. Taking the last token wins. A position is the pair (n, p):
n tokens left, at most p of them may be taken now; the start is (N, N − 1) and
taking x from (n, p) leads to (n − x, min(2x, n − x)).

Write n in Zeckendorf's numeration, as a sum of non-consecutive Fibonacci
numbers from 1, 2, 3, 5, 8, … (for instance 24 = 21 + 3). Whinihan's theorem:
(n, p) is a P-position (the player to move loses) exactly when p is smaller
than the smallest term of that writing. The winning strategy takes that
smallest term f: the next smallest term of what is left exceeds 2f (two terms
are never consecutive), so the opponent can neither empty the heap nor remove
it, and whatever he takes leaves a smallest term he has made at most twice his
own move, which the winner takes in turn.

Reference: M. J. Whinihan, *Fibonacci Nim*, The Fibonacci Quarterly 1 (1963),
9–13 (the game is R. E. Gaskell's); E. Zeckendorf, Bull. Soc. Roy. Sci. Liège
41 (1972), 179–182; Berlekamp–Conway–Guy, *Winning Ways*, chapter 15.
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from nimcore.errors import NimcoreError
from nimcore.explain.fibonacci import explain as _explain
from nimcore.french import plural, quoted, typeset
from nimcore.heaps import check_between, check_bits, check_integer
from nimcore.numeration import zeckendorf, zeckendorf_digits

__all__ = [
    "MAX_TABLE",
    "MAX_TOKEN_BITS",
    "NIMBER_BOUND",
    "FibonacciAnalysis",
    "FibonacciMove",
    "FibonacciTableRow",
    "analyse",
    "is_p_position",
    "moves",
    "nimber",
    "p_position_table",
    "play",
    "smallest_term",
    "start_position",
    "validate_position",
    "winning_moves",
]

#: Largest heap accepted, in bits (heaps below 2**MAX_TOKEN_BITS, about 1233 decimal digits).
MAX_TOKEN_BITS = 4096
#: Nimbers are tabulated (exhaustively) for heaps of at most this many tokens.
NIMBER_BOUND = 200
#: Largest heap listed by :func:`p_position_table`.
MAX_TABLE = 10_000

Outcome = Literal["P", "N"]
Position = tuple[int, int]


def _check_tokens(tokens: object) -> int:
    value = check_integer(tokens, "Le tas")
    if value < 0:
        raise NimcoreError(typeset(f"Le tas vaut {value} : un tas ne peut pas être négatif."))
    return check_bits(value, "Le tas", MAX_TOKEN_BITS)


def validate_position(position: object) -> Position:
    """Return *position* as a pair (n, p) with 0 ≤ p ≤ n, or raise :class:`NimcoreError`.

    >>> validate_position([24, 23])
    (24, 23)
    >>> validate_position([5, 8])
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La limite vaut 8 : elle doit être comprise entre 0 et 5, \
le nombre de jetons.

    The limit p may be 0 only where no move is left (a heap of one token at the
    start, or an empty heap). Cost: a few comparisons; nothing is computed before
    the checks pass.
    """
    if isinstance(position, (str, bytes)) or not isinstance(position, Sequence):
        raise NimcoreError(
            typeset(f"Une position (jetons, limite) est attendue, pas {quoted(position)}.")
        )
    if len(position) != 2:
        raise NimcoreError(
            typeset(
                f"Une position de Fibonacci-Nim a deux nombres (jetons, limite),"
                f" pas {len(position)} : {quoted(list(position))}."
            )
        )
    tokens = _check_tokens(position[0])
    limit = check_between(
        position[1], "La limite", 0, tokens, feminine=True, bound="le nombre de jetons"
    )
    return tokens, limit


def start_position(tokens: int, limit: int | None = None) -> Position:
    """Return the opening position (N, P): by default P = N − 1 (the first player may not take all).

    >>> start_position(24)
    (24, 23)
    >>> start_position(24, limit=5)
    (24, 5)
    >>> start_position(10, limit=0)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La limite vaut 0 : elle doit être comprise entre 1 et 10.

    A given *limit* must lie in 1..N. Cost: constant.
    """
    value = _check_tokens(tokens)
    if value == 0:
        raise NimcoreError(typeset("Il faut au moins un jeton pour commencer une partie."))
    if limit is None:
        return value, value - 1
    return value, check_between(limit, "La limite", 1, value, feminine=True)


@dataclass(frozen=True, slots=True)
class FibonacciMove:
    """Taking *take* tokens from the position *before*; ``to`` is the position reached.

    ``to`` = (n − x, min(2x, n − x)): the opponent may take up to twice as much.
    """

    take: int
    before: Position
    to: Position

    @property
    def text(self) -> str:
        """The move in French.

        >>> FibonacciMove(take=3, before=(24, 23), to=(21, 6)).text
        'retirer 3 jetons (24 → 21)'
        """
        return f"retirer {plural(self.take, 'jeton')} ({self.before[0]} → {self.to[0]})"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the move."""
        return {
            "take": self.take,
            "before": list(self.before),
            "to": list(self.to),
            "text": self.text,
        }


def _move(position: Position, take: int) -> FibonacciMove:
    rest = position[0] - take
    return FibonacciMove(take, position, (rest, min(2 * take, rest)))


def moves(position: Sequence[int]) -> Iterator[FibonacciMove]:
    """Yield every legal move from (n, p): take 1, 2, …, p tokens.

    >>> [move.to for move in moves([5, 3])]
    [(4, 2), (3, 3), (2, 2)]

    Cost: one move per allowed take: use it on small positions only.
    """
    checked = validate_position(position)
    for take in range(1, checked[1] + 1):
        yield _move(checked, take)


def play(position: Sequence[int], take: int) -> Position:
    """Return the position reached by taking *take* tokens from (n, p).

    >>> play([24, 23], 3)
    (21, 6)
    >>> play([21, 6], 7)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Impossible de retirer 7 jetons : la limite est de 6.

    The input is not modified.
    """
    checked = validate_position(position)
    if isinstance(take, bool) or not isinstance(take, int) or take < 1:
        raise NimcoreError(typeset(f"Il faut retirer au moins un jeton, pas {quoted(take)}."))
    if take > checked[1]:
        raise NimcoreError(
            typeset(
                f"Impossible de retirer {plural(take, 'jeton')} : la limite est de {checked[1]}."
            )
        )
    return _move(checked, take).to


def smallest_term(tokens: int) -> int:
    """Return the smallest term of the Zeckendorf writing of *tokens* (0 for an empty heap).

    >>> smallest_term(24), smallest_term(21), smallest_term(74)
    (3, 21, 1)

    Raises :class:`NimcoreError` on a negative or too large heap. Cost: that of
    :func:`~nimcore.numeration.zeckendorf`.
    """
    value = _check_tokens(tokens)
    terms = zeckendorf(value)
    return terms[-1] if terms else 0


def _is_p(position: Position) -> bool:
    tokens, limit = position
    if tokens == 0:
        return True
    return limit < zeckendorf(tokens)[-1]


def is_p_position(position: Sequence[int]) -> bool:
    """Return True when the player to move loses: p below the smallest Zeckendorf term of n.

    >>> is_p_position([21, 6]), is_p_position([24, 23]), is_p_position([18, 4])
    (True, False, True)
    >>> is_p_position([0, 0])
    True

    Cost: that of :func:`~nimcore.numeration.zeckendorf`.
    """
    return _is_p(validate_position(position))


def _winning_takes(position: Position, ascending_terms: Sequence[int]) -> list[int]:
    """Every winning take, smallest first (see :func:`winning_moves` for the proof)."""
    tokens, limit = position
    takes: list[int] = []
    total = 0
    for index in range(len(ascending_terms) - 1):
        total += ascending_terms[index]
        if total > limit:
            break
        if 2 * total < ascending_terms[index + 1]:
            takes.append(total)
    if tokens and limit >= tokens:
        takes.append(tokens)
    return takes


def winning_moves(position: Sequence[int]) -> tuple[FibonacciMove, ...]:
    """Return every move to a P-position, fewest tokens first (none from a P-position).

    >>> [move.take for move in winning_moves([74, 14])]
    [1, 6]
    >>> [move.take for move in winning_moves([33, 24])]
    [1]
    >>> winning_moves([21, 20])
    ()

    Which takes win. Let n = f1 + f2 + … + fh be the Zeckendorf writing of n,
    terms increasing, and S_j = f1 + … + fj. A take x < n wins exactly when
    x = S_j for some j < h with S_j ≤ p and 2·S_j < f(j+1); taking x = n wins
    when p ≥ n. Proof: taking x < n leaves (m, min(2x, m)) with m = n − x, a
    P-position iff min(2x, m) < s, the smallest Zeckendorf term of m; as s ≤ m
    this means 2x < s. Then s ≥ 3, and x < s/2 is below the Fibonacci number
    just under s, so the Zeckendorf terms of x all lie at least two places
    below s: the writings of m and of x put together form a Zeckendorf writing
    of n, the only one. So x is the sum of the terms of n smaller than s, that
    is some S_j, and f(j+1) = s > 2x. Conversely such an S_j leaves
    m = f(j+1) + … + fh, whose smallest term f(j+1) exceeds 2·S_j. S_1 = f1
    always qualifies when h ≥ 2 (f2 is at least two places above f1, so
    f2 > 2·f1), hence the P-positions are those with p < f1. The whole set was
    also checked against exhaustive search for every position with n ≤ 40.

    Cost: one Zeckendorf writing and one addition per term (at most about
    1.44 × the number of bits of n): instant even for n = 10**1000, so no
    position within :data:`MAX_TOKEN_BITS` is refused.
    """
    checked = validate_position(position)
    ascending = tuple(reversed(zeckendorf(checked[0])))
    return tuple(_move(checked, take) for take in _winning_takes(checked, ascending))


@cache
def _nimber_rows() -> tuple[tuple[int, ...], ...]:
    """Grundy values g(n, p) for n ≤ NIMBER_BOUND, 0 ≤ p ≤ n, by mex over the takes."""
    rows: list[tuple[int, ...]] = []
    for tokens in range(NIMBER_BOUND + 1):
        row = [0]
        seen: set[int] = set()
        value = 0
        for take in range(1, tokens + 1):
            rest = tokens - take
            seen.add(rows[rest][min(2 * take, rest)])
            while value in seen:
                value += 1
            row.append(value)
        rows.append(tuple(row))
    return tuple(rows)


def nimber(position: Sequence[int]) -> int | None:
    """Return the Grundy value of (n, p) when it is known cheaply, else None.

    It is 0 at every P-position; for an N-position it is read from a table
    computed once by exhaustive search (mex over the takes) for n ≤
    :data:`NIMBER_BOUND`, and None beyond (no formula is known).

    >>> nimber([4, 3]), nimber([8, 7]), nimber([10**100, 10**100 - 1])
    (3, 0, None)

    Cost: constant once the table is built (about 20 000 entries, built on the
    first call that needs it).
    """
    checked = validate_position(position)
    return _nimber(checked, _is_p(checked))


def _nimber(position: Position, is_p: bool) -> int | None:
    if is_p:
        return 0
    tokens, limit = position
    if tokens > NIMBER_BOUND:
        return None
    return _nimber_rows()[tokens][limit]


@dataclass(frozen=True, slots=True)
class FibonacciAnalysis:
    """Everything the boards, the command line and the pages say about a Fibonacci Nim position.

    ``zeckendorf`` is the Zeckendorf writing of the heap (largest term first) and
    ``zeckendorf_digits`` its 0/1 word; ``smallest_term`` is its last term (0 for
    an empty heap), the number the strategy takes. ``recommended`` is the move a
    hint shows: the whole heap when it may be taken, else the smallest term.
    """

    tokens: int
    limit: int
    outcome: Outcome
    nimber: int | None
    zeckendorf: tuple[int, ...]
    zeckendorf_digits: tuple[int, ...]
    smallest_term: int
    winning_moves: tuple[FibonacciMove, ...]
    recommended: FibonacciMove | None
    explanation: tuple[str, ...]

    @property
    def position(self) -> Position:
        """The pair (n, p), the command-line shape."""
        return self.tokens, self.limit

    @property
    def terminal(self) -> bool:
        """True when no move is left (empty heap, or nothing may be taken)."""
        return self.limit == 0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view, as the worker sends it to the boards."""
        return {
            "game": "fibonacci",
            "position": list(self.position),
            "tokens": self.tokens,
            "limit": self.limit,
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nimber": self.nimber,
            "zeckendorf": list(self.zeckendorf),
            "zeckendorf_digits": list(self.zeckendorf_digits),
            "smallest_term": self.smallest_term,
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "explanation": list(self.explanation),
        }


def analyse(position: Sequence[int], *, explain: bool = True) -> FibonacciAnalysis:
    """Analyse a Fibonacci Nim position (n, p): outcome, Zeckendorf writing, every winning move.

    >>> result = analyse([24, 23])
    >>> result.outcome, result.zeckendorf, result.smallest_term
    ('N', (21, 3), 3)
    >>> [move.text for move in result.winning_moves]
    ['retirer 3 jetons (24 → 21)']
    >>> analyse([21, 6]).outcome
    'P'
    >>> analyse([10**1000, 10**1000 - 1]).recommended.take
    5

    Raises :class:`NimcoreError` on an illegal position. Cost: one Zeckendorf
    writing and a pass over its terms (milliseconds for n = 10**1000).
    """
    checked = validate_position(position)
    tokens = checked[0]
    terms = zeckendorf(tokens)
    digits = zeckendorf_digits(tokens)
    ascending = tuple(reversed(terms))
    found = tuple(_move(checked, take) for take in _winning_takes(checked, ascending))
    recommended: FibonacciMove | None = None
    if found:
        recommended = found[-1] if found[-1].take == tokens else found[0]
    outcome: Outcome = "N" if found else "P"
    return FibonacciAnalysis(
        tokens=tokens,
        limit=checked[1],
        outcome=outcome,
        nimber=_nimber(checked, not found),
        zeckendorf=terms,
        zeckendorf_digits=digits,
        smallest_term=terms[-1] if terms else 0,
        winning_moves=found,
        recommended=recommended,
        explanation=_explain(checked, terms, digits, found, recommended) if explain else (),
    )


@dataclass(frozen=True, slots=True)
class FibonacciTableRow:
    """One line of the table of P-positions.

    The P-positions with *tokens* tokens are the (tokens, p) with p < smallest_term.
    """

    tokens: int
    zeckendorf: tuple[int, ...]
    smallest_term: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view of the row."""
        return {
            "tokens": self.tokens,
            "zeckendorf": list(self.zeckendorf),
            "smallest_term": self.smallest_term,
        }


def p_position_table(limit: int) -> tuple[FibonacciTableRow, ...]:
    """Return, for n = 1, …, *limit*, the Zeckendorf writing of n and its smallest term.

    The P-positions with n tokens are the (n, p) with p below the smallest term:
    none at all when it is 1, and (n, p) for every p < n when n is a Fibonacci
    number.

    >>> [(row.tokens, row.smallest_term) for row in p_position_table(8)]
    [(1, 1), (2, 2), (3, 3), (4, 1), (5, 5), (6, 1), (7, 2), (8, 8)]
    >>> p_position_table(12)[10].zeckendorf
    (8, 3)
    >>> p_position_table(MAX_TABLE + 1)
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: La table va jusqu'à 10001 jetons ; la limite est de 10000.

    Cost: one Zeckendorf writing per line.
    """
    bound = check_integer(limit, "La borne de la table")
    if bound < 0:
        raise NimcoreError(
            typeset(f"La borne de la table vaut {bound} : elle ne peut pas être négative.")
        )
    if bound > MAX_TABLE:
        raise NimcoreError(
            typeset(f"La table va jusqu'à {bound} jetons ; la limite est de {MAX_TABLE}.")
        )
    rows = []
    for tokens in range(1, bound + 1):
        terms = zeckendorf(tokens)
        rows.append(FibonacciTableRow(tokens, terms, terms[-1]))
    return tuple(rows)
