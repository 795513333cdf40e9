"""Chomp's positions analysed: the known families, the answer (family, table or search) and its French words."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from nimcore.chomp.box import TABLE_SIZE, ChompTable, table_positions
from nimcore.chomp.rule import ChompMove, Staircase, _all_bites, _bite_move, validate_rows
from nimcore.chomp.search import MAX_NIMBER_WORK, MAX_SEARCH_WORK, _search_values, _too_big
from nimcore.errors import NimcoreError
from nimcore.french import plural, typeset

Outcome = Literal["P", "N"]
Family = Literal["poison", "l_shape", "two_rows", "square", "rectangle"]

_FAMILY_NAMES: dict[str, str] = {
    "poison": "carré empoisonné seul",
    "l_shape": "équerre",
    "two_rows": "deux rangées",
    "square": "carré",
    "rectangle": "rectangle",
}


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
    the Grundy value when computed: by formula for the L-shape; by search when
    positions × squares is within :data:`~nimcore.chomp.search.MAX_SEARCH_WORK`
    for a position that only a search answers, within
    :data:`~nimcore.chomp.search.MAX_NIMBER_WORK` for one that a family or the
    table answers (or when the last search already holds it); None otherwise.
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


def _table() -> ChompTable | None:
    """The shipped table, or None while it is not there (in the browser, before the worker writes it)."""
    try:
        return table_positions()
    except NimcoreError:
        return None


def _solve(position: Staircase) -> tuple[tuple[ChompMove, ...], int | None, Family | None, str]:
    """Winning bites, nimber, family and method, raising before any heavy work."""
    kind = _family(position)
    targets = _family_targets(position, kind)
    table = _table() if targets is None and _in_table(position) else None
    # A search answers what neither a family's rule nor the table does; otherwise it
    # only adds the nimber, and is made only when cheap (or already made).
    answered = targets is not None or table is not None
    values = None
    if kind not in ("poison", "l_shape"):
        values = _search_values(position, MAX_NIMBER_WORK if answered else MAX_SEARCH_WORK)
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
    if table is not None:
        bites = table.losing_bites(position)
        found = tuple(_bite_move(position, row, column) for row, column in bites)
        return found, nimber, kind, "table"
    if values is None:
        if _in_table(position):
            raise NimcoreError(
                typeset(
                    "La table des positions perdantes de Chomp n'est pas encore chargée :"
                    " sans elle, seules les familles connues et les petites tablettes sont"
                    " résolues. Réessayez dans un instant."
                )
            )
        raise _too_big(
            position,
            f" ; et elle ne tient pas dans le carré {TABLE_SIZE}×{TABLE_SIZE} de la table"
            " précalculée",
        )
    found = tuple(move for move in _all_bites(position) if values[move.to] == 0)
    return found, nimber, kind, "recherche"


def _recommended(found: tuple[ChompMove, ...]) -> ChompMove | None:
    """The winning bite a hint shows: the one eating the fewest squares."""
    if not found:
        return None
    return min(found, key=lambda move: (move.eaten, move.row, move.column))


def analyse(rows: Sequence[int], *, explain: bool = True) -> ChompAnalysis:
    """Analyse a Chomp position: outcome, every winning bite, nimber and a hint.

    >>> result = analyse([3, 3, 3])
    >>> result.outcome, result.family, [move.to for move in result.winning_moves]
    ('N', 'square', [(3, 1, 1)])
    >>> analyse([3, 2]).outcome, analyse([3, 2]).nimber
    ('P', 0)

    >>> [move.to for move in analyse([13, 12, 9, 9, 4, 2]).winning_moves]
    [(13, 12)]

    The families are answered at any size, the other positions inside the 13×13
    square from the shipped table (:func:`~nimcore.chomp.box.table_positions`),
    the rest by search when positions × squares stays within
    :data:`~nimcore.chomp.search.MAX_SEARCH_WORK`. Raises :class:`NimcoreError`
    on an illegal position, or a position too large for all three. Cost: a rule
    for a family; in the table, the rank of each of the 168 bites at most and a
    bisection each (a fraction of a millisecond); plus, for the nimber, a search
    within :data:`~nimcore.chomp.search.MAX_NIMBER_WORK` (a few milliseconds).
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
        explanation=_explain(position, kind, method, found, recommended) if explain else (),
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
