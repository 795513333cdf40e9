"""The laboratory: a game the reader defines, its values, their certified period, a plot, a board.

The reader gives a subtraction game (a set of amounts, normal or misère), an
octal game (a code 0.d1d2…) or a graph drawn by hand (tokens on its vertices,
:mod:`nimcore.graph.drawn`); :func:`analyse` answers with everything the page
« Laboratoire » shows, computed by the same functions as the chapters:

- the first values G(0), …, G(N − 1) — for a misère subtraction game, the
  outcomes of one heap written 0 for P and 1 for N, as the chapter « Un seul
  tas » (and :func:`nimcore.subtraction.misere_period`) reads them;
- the least period and preperiod, and the French certificate that proves
  them: the window argument for a subtraction game
  (:func:`nimcore.subtraction.window_certificate`), the periodicity theorem of
  Guy and Smith for an octal game (:func:`nimcore.octal.periodicity`), with the
  mask and the rare values of the sparse-space method when it ran;
- a bar plot (:func:`nimcore.figures.bar_plot`, the chapters' plot);
- a board to play the game: the registry's game, its position code and its
  view, which the site's existing boards draw (``heaps``, ``octal`` or
  ``graph``: the registry's board kinds).

For a drawn graph the values are those of its vertices, in the order they were
drawn; no period is looked for (there is none to find: the graph is finite),
the certificate says why the values are exact, and the answer carries the
graph as the editor redraws it (its one line for the address, each vertex's
place, successors and value), the steps of the labelling as the chapter
« Graphes et Grundy » does it, and the layout of the tokens' board.

Limits, refused up front in French: :data:`MAX_VALUES` values shown, at most
:data:`MAX_AMOUNTS` amounts each from 1 to :data:`MAX_AMOUNT` for a
subtraction game, :data:`MAX_CODE_DIGITS` digits for an octal code. An octal
game's period is looked for among at most :data:`SEARCH_LIMIT` values, of
which at most :data:`DIRECT_LIMIT` by the direct method (its cost grows as the
square): beyond, the answer says that no period is certified.

>>> result = analyse({"kind": "subtraction", "set": "1, 2, 4", "values": 6})
>>> result["values"], result["period"], result["preperiod"], result["certified"]
([0, 1, 2, 0, 1, 2], 3, 0, True)
>>> result = analyse({"kind": "octal", "code": "0.137", "values": 10})
>>> result["values"], result["period"], result["preperiod"]
([0, 1, 1, 2, 0, 3, 1, 1, 0, 3], 34, 52)
>>> result = analyse({"kind": "graph", "graph": "a(100,60):b,c;b(60,160):c;c(140,160)"})
>>> result["values"], result["kernel"], result["board"]["code"]
([2, 1, 0], ['c'], 'a(100,60):b,c;b(60,160):c;c(140,160)-a')

Size: one answer, the laboratory's: the reader's definition and address, the
limits, and the three kinds (subtraction, octal, drawn graph), which share the
verdict, the table, the plot and the board; each kind's part is short.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from nimcore import games, octal, subtraction
from nimcore.errors import NimcoreError
from nimcore.figures import bar_plot
from nimcore.french import plural, typeset
from nimcore.games import base
from nimcore.games.graph import DRAWN_TITLE, graph_form
from nimcore.graph import Vertex, drawing, drawn, grundy_steps, labelling_texts, worked_graph
from nimcore.progress import Progress, no_progress, reporting
from nimcore.takebreak import is_rare

__all__ = [
    "DEFAULT",
    "DEFAULT_CODE",
    "DEFAULT_GRAPH",
    "DIRECT_LIMIT",
    "MAX_AMOUNT",
    "MAX_AMOUNTS",
    "MAX_ARCS",
    "MAX_CODE_DIGITS",
    "MAX_VALUES",
    "MAX_VERTICES",
    "PLOTTED_VALUES",
    "SEARCH_LIMIT",
    "analyse",
    "limits_text",
    "read_address",
    "read_amounts",
]

#: Most values G(0), … shown (table, plot, list).
MAX_VALUES = 1000
#: Most amounts in a subtraction set (as many as the heaps board's setup takes).
MAX_AMOUNTS = 8
#: Largest amount of a subtraction set (nimcore.subtraction.MAX_SUBTRACTION).
MAX_AMOUNT = subtraction.MAX_SUBTRACTION
#: Longest octal code, in digits after the point (nimcore.octal.MAX_CODE_DIGITS).
MAX_CODE_DIGITS = octal.MAX_CODE_DIGITS
#: Most values computed to certify an octal game's period.
SEARCH_LIMIT = octal.SEARCH_LIMIT
#: Most of them computed by the direct method (the sparse-space method goes on).
DIRECT_LIMIT = octal.DIRECT_LIMIT
#: Most vertices of a drawn graph (nimcore.graph.drawn.MAX_DRAWN_VERTICES).
MAX_VERTICES = drawn.MAX_DRAWN_VERTICES
#: Most arcs of a drawn graph (nimcore.graph.drawn.MAX_DRAWN_ARCS).
MAX_ARCS = drawn.MAX_DRAWN_ARCS
#: Values drawn at once on the plot: a window the reader moves along the values, as far as
#: the preperiod and two periods (:func:`analyse`'s ``from``).
PLOTTED_VALUES = 400
#: Most rare values listed (their number is always given).
LISTED_RARE = 40

#: The game the page shows first, and after a malformed address.
DEFAULT: dict[str, Any] = {"kind": "subtraction", "set": "1, 3, 4", "misere": False, "values": 100}
#: The octal code the form offers first.
DEFAULT_CODE = "0.137"


def _worked_line(name: str) -> str:
    """A worked graph of the chapters in a drawn graph's line, laid out in rows by height."""
    worked = worked_graph(name)
    checked, top = worked.graph, max(worked.graph.height.values())
    return drawn.read_drawn(
        [
            {
                "name": vertex,
                "x": round(60 + 120 * worked.columns[vertex]),
                "y": 30 + 68 * (top - checked.height[vertex]),
                "successors": list(worked.successors[vertex]),
            }
            for vertex in worked.successors
        ]
    ).code


#: The graph the editor shows first: the worked graph of the chapter « Graphes et Grundy ».
DEFAULT_GRAPH = _worked_line("exemple")

_KEYS = {
    "subtraction": frozenset({"kind", "set", "misere", "values", "from"}),
    "octal": frozenset({"kind", "code", "values", "from"}),
    "graph": frozenset({"kind", "graph"}),
}
#: The laboratory's parameters in a page's address (``?octal=0.137&valeurs=200``).
ADDRESS_KEYS = ("octal", "soustraction", "misere", "valeurs", "graphe")
_SEPARATORS = re.compile(r"[\s,;]+")


def limits_text() -> list[str]:
    """The laboratory's limits, in French sentences (the page states them up front).

    >>> limits_text()[0]
    'De 1 à 1\\u202f000 valeurs affichées.'
    """
    return [
        typeset(f"De 1 à {_grouped(MAX_VALUES)} valeurs affichées."),
        typeset(
            f"Jeu de soustraction : de 1 à {MAX_AMOUNTS} coups permis, chacun de 1 à {MAX_AMOUNT}."
        ),
        typeset(
            f"Jeu octal : au plus {MAX_CODE_DIGITS} chiffres après le point ; pour certifier une"
            f" période, le moteur calcule au plus {_grouped(SEARCH_LIMIT)} valeurs, dont au plus"
            f" {_grouped(DIRECT_LIMIT)} quand la méthode de l'espace clairsemé ne s'applique pas."
        ),
        typeset(
            f"Graphe dessiné : au plus {MAX_VERTICES} sommets et {MAX_ARCS} flèches, sans circuit."
        ),
    ]


def _verdict(period: int | None, preperiod: int | None) -> str:
    """The result in a few words, after the game's title: « période 3 dès le début, certifiée. »"""
    if period is None or preperiod is None:
        return "aucune période certifiée."
    since = " dès le début" if preperiod == 0 else f" à partir de n = {preperiod}"
    return typeset(f"période {period}{since}, certifiée.")


def _grouped(value: int) -> str:
    """*value* with narrow no-break spaces between groups of three digits."""
    return f"{value:,}".replace(",", "\u202f")


def read_amounts(text: object) -> tuple[int, ...]:
    """The amounts of a subtraction set written as text ("1, 3, 4") or given as a list.

    >>> read_amounts("4 1,3; 1")
    (1, 3, 4)
    >>> read_amounts("1, deux")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: « deux » n'est pas un nombre entier de 1 à 100.

    Raises :class:`NimcoreError` for an empty set, more than
    :data:`MAX_AMOUNTS` amounts, or an amount outside 1 … :data:`MAX_AMOUNT`.
    """
    if isinstance(text, str):
        if len(text) > 200:
            raise NimcoreError(typeset("L'ensemble des coups permis est trop long."))
        parts: Sequence[object] = [part for part in _SEPARATORS.split(text) if part]
    elif isinstance(text, list):
        parts = text
    else:
        raise NimcoreError(
            typeset(f"Les coups permis s'écrivent comme « 1, 3, 4 », pas « {_shown(text)} ».")
        )
    if not parts:
        raise NimcoreError(typeset("Indiquez au moins un coup permis, par exemple « 1, 3, 4 »."))
    amounts = []
    for part in parts:
        if isinstance(part, str) and part.isascii() and part.isdigit() and len(part) <= 4:
            part = int(part)
        if isinstance(part, bool) or not isinstance(part, int) or not 1 <= part <= MAX_AMOUNT:
            shown = part if not isinstance(part, str) or len(part) <= 20 else part[:20] + "…"
            raise NimcoreError(
                typeset(f"« {shown} » n'est pas un nombre entier de 1 à {MAX_AMOUNT}.")
            )
        amounts.append(part)
    chosen = tuple(sorted(set(amounts)))
    if len(chosen) > MAX_AMOUNTS:
        raise NimcoreError(
            typeset(f"Trop de coups permis ({len(chosen)}) : {MAX_AMOUNTS} au plus.")
        )
    return chosen


def _whole(value: object) -> object:
    """A count as typed (digits) read as an integer; anything else as it is, for the refusal."""
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        return int(value.strip()) if len(value.strip()) <= 9 else value
    return value


def _shown(value: object) -> str:
    text = str(value)
    return text if len(text) <= 30 else text[:30] + "…"


def _count(payload: Mapping[str, Any]) -> int:
    count = _whole(payload.get("values", 100))
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_VALUES:
        raise NimcoreError(
            typeset(
                f"Le nombre de valeurs va de 1 à {_grouped(MAX_VALUES)},"
                f" pas « {_shown(payload.get('values'))} »."
            )
        )
    return count


def read_address(params: Mapping[str, Any]) -> dict[str, Any] | None:
    """The game a page's address defines (its parameters :data:`ADDRESS_KEYS`), or None for none.

    The definition keeps the texts as the address wrote them (the form shows them so);
    :func:`analyse` checks them.

    >>> read_address({"soustraction": "1,2,4", "misere": "1"})
    {'kind': 'subtraction', 'set': '1,2,4', 'misere': True, 'values': '100'}
    >>> read_address({"octal": "0.7", "misere": "1"})
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Dans l'adresse, misere ne s'applique qu'à un jeu de soustraction.
    """
    unknown = sorted(str(key) for key in params if key not in ADDRESS_KEYS)
    texts = {key: params[key] for key in ADDRESS_KEYS if key in params}
    if unknown or not all(isinstance(text, str) and len(text) <= 2000 for text in texts.values()):
        raise NimcoreError(typeset("L'adresse de la page est illisible."))
    code, amounts, graph = texts.get("octal"), texts.get("soustraction"), texts.get("graphe")
    misere = texts.get("misere")
    if graph is not None and (code is not None or amounts is not None):
        raise NimcoreError(
            typeset("L'adresse donne à la fois un graphe et un autre jeu : il en faut un seul.")
        )
    if code is not None and amounts is not None:
        raise NimcoreError(
            typeset(
                "L'adresse donne à la fois un jeu octal et un jeu de soustraction :"
                " il en faut un seul."
            )
        )
    if misere is not None and amounts is None:
        if graph is None and code is None:
            return None
        raise NimcoreError(
            typeset("Dans l'adresse, misere ne s'applique qu'à un jeu de soustraction.")
        )
    if misere not in (None, "0", "1"):
        raise NimcoreError(
            typeset(
                f"Dans l'adresse, misere vaut « {_shown(misere)} » :"
                " il vaut 1 (version misère) ou 0."
            )
        )
    if graph is not None:
        return {"kind": "graph", "graph": graph}
    values = texts.get("valeurs", "100")
    if code is not None:
        return {"kind": "octal", "code": code, "values": values}
    if amounts is not None:
        return {"kind": "subtraction", "set": amounts, "misere": misere == "1", "values": values}
    return None


def analyse(payload: Mapping[str, Any], progress: Progress = no_progress) -> dict[str, Any]:
    """The laboratory's answer for the game *payload* defines (see the module's docstring).

    *payload* is ``{"kind": "subtraction", "set": "1,3,4", "misere": false,
    "values": N}`` or ``{"kind": "octal", "code": "0.137", "values": N}`` (the
    code may be written with a decimal comma, ``"0,137"``).
    *progress* follows an octal game's long search for a period.

    *payload* may also be ``{"kind": "graph", "graph": …}``: a drawn graph in
    its one line (an address, :func:`nimcore.graph.drawn.parse_drawn`) or as
    the editor's list of vertices (:func:`nimcore.graph.drawn.read_drawn`).

    >>> analyse({"kind": "graphe"})
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Le jeu se définit par kind = « subtraction », « octal » ou « graph », \
pas « graphe ».

    Raises :class:`NimcoreError` before any work for a bad or too large
    definition. Cost: a subtraction game's window search (about the largest
    amount per value, up to :data:`nimcore.subtraction.MAX_PERIOD_SEARCH`
    values); an octal game's values up to its certificate, at most
    :data:`SEARCH_LIMIT` (see :func:`nimcore.octal.periodicity`); a drawn
    graph's, linear in its vertices and arcs (plus its layout, quadratic).
    """
    if "address" in payload:  # a page's address: its texts, read here (read_address)
        if set(payload) != {"address"} or not isinstance(payload["address"], Mapping):
            raise NimcoreError(typeset("L'adresse de la page est illisible."))
        asked = read_address(payload["address"])
        answer = analyse(DEFAULT if asked is None else asked, progress)
        return {**answer, "asked": DEFAULT if asked is None else asked}
    kind = payload.get("kind")
    if not isinstance(kind, str) or kind not in _KEYS:
        raise NimcoreError(
            typeset(
                "Le jeu se définit par kind = « subtraction », « octal » ou « graph »,"
                f" pas « {_shown(kind)} »."
            )
        )
    unknown = sorted(str(key) for key in payload if key not in _KEYS[kind])
    if unknown:
        raise NimcoreError(
            typeset(f"Champ inconnu dans la définition du jeu : « {_shown(unknown[0])} ».")
        )
    if kind == "graph":
        return _graph(payload)
    count = _count(payload)
    start = payload.get("from", 0)
    with reporting(progress):
        if kind == "subtraction":
            amounts = read_amounts(payload.get("set"))
            misere = payload.get("misere", False)
            if not isinstance(misere, bool):
                raise NimcoreError(
                    typeset(
                        f"La version misère se règle par vrai ou faux, pas « {_shown(misere)} »."
                    )
                )
            key: tuple[Any, ...] = ("subtraction", amounts, misere, count)
            found = _ANSWERS.get(key) or _subtraction(amounts, misere, count)
        else:
            game = _octal_game(payload.get("code"))
            key = ("octal", game.code, count)
            found = _ANSWERS.get(key) or _octal(game, count, progress)
    _ANSWERS.pop(key, None)
    _ANSWERS[key] = found  # the latest last: the oldest one goes first
    while len(_ANSWERS) > 8:
        del _ANSWERS[next(iter(_ANSWERS))]
    answer, sequence = found
    return {**answer, **_plot(sequence, answer, start)}


#: The latest answers without their plot, and each one's values (a function of how many):
#: moving the plot's window does not compute the game again.
_ANSWERS: dict[tuple[Any, ...], tuple[dict[str, Any], Callable[[int], Sequence[int]]]] = {}


def _subtraction(
    amounts: tuple[int, ...], misere: bool, count: int
) -> tuple[dict[str, Any], Callable[[int], Sequence[int]]]:
    rule = subtraction.SubtractionRule.from_set(amounts)

    def sequence(length: int) -> Sequence[int]:
        if misere:
            outcomes = subtraction.misere_outcomes(rule, length)
            return [0 if outcome == "P" else 1 for outcome in outcomes]
        return list(subtraction.grundy_sequence(rule, length))

    values = list(sequence(count))
    written = "{" + ", ".join(map(str, amounts)) + "}"
    title = f"le jeu de soustraction {written}" + (" en version misère" if misere else "")
    try:
        found = (subtraction.misere_period if misere else subtraction.grundy_period)(rule)
    except NimcoreError as error:  # no window came back within the search's limit
        period = preperiod = None
        certificate = str(error)
    else:
        period, preperiod = found.period, found.preperiod
        certificate = subtraction.window_certificate(rule, found, misere=misere)
    options = {"set": list(amounts), "misere": misere}
    starts = [(21,)] if misere else [(21, 13, 8), (21,)]
    board = _board("subtraction", options, [*starts, *((n,) for n in range(1, 41))])
    answer = {
        "kind": "subtraction",
        "definition": {"set": list(amounts), "misere": misere},
        "title": typeset(title),
        "values": values,
        "outcomes": "".join("P" if value == 0 else "N" for value in values),
        "misere": misere,
        "period": period,
        "preperiod": preperiod,
        "certified": period is not None,
        "verdict": _verdict(period, preperiod),
        "certificate": certificate,
        "rare_mask": None,
        "rare_count": None,
        "rare_values": None,
        "table_caption": _table_caption(misere),
        "board": board,
        **({} if board is not None else {"no_board": _NO_HEAPS_BOARD}),
    }
    return answer, sequence


def _octal_game(code: object) -> octal.Octal:
    """The octal game of the code typed ("0.137", "0,137"), checked."""
    if isinstance(code, str) and len(code) > MAX_CODE_DIGITS + 8:
        raise NimcoreError(
            typeset(
                f"Le code octal est trop long : {MAX_CODE_DIGITS} chiffres au plus après le point."
            )
        )
    if isinstance(code, str):
        code = code.strip().replace(",", ".", 1)  # 0,137: the decimal comma of French
    return octal.parse_code(code)


def _octal(
    game: octal.Octal, count: int, progress: Progress
) -> tuple[dict[str, Any], Callable[[int], Sequence[int]]]:
    found = octal.periodicity(game, SEARCH_LIMIT, progress, direct=DIRECT_LIMIT)
    values = list(octal.grundy_values(game, count))
    # What the answer speaks of: with a certificate, the values it uses (2·n0 + 2·p + t);
    # without, the values searched. Never "all the values the worker holds": an earlier
    # request may have computed more, and the same game must get the same answer.
    used = found.computed if found.needed is None else min(found.computed, found.needed)
    rare: dict[str, Any] = {"rare_mask": found.rare_mask, "rare_count": None, "rare_values": None}
    if found.rare_mask is not None:
        computed = octal.grundy_values(game, used)
        mask, phase = found.rare_mask, found.rare_phase
        heaps = [n for n in range(1, len(computed)) if is_rare(computed[n], mask, n, phase)]
        rare_values = sorted({computed[n] for n in heaps})
        rare = {
            "rare_mask": found.rare_mask,
            "rare_count": len(heaps),
            "rare_values": rare_values[:LISTED_RARE],
            "rare_text": typeset(
                f"La méthode de l'espace clairsemé a servi, avec le masque {found.rare_mask}"
                f" (en base 2 : {found.rare_mask:b}) : "
                + (
                    "une valeur est rare quand elle a un nombre pair de chiffres 1 en commun"
                    " avec le masque."
                    if phase is None
                    else "la valeur d'un tas de n jetons est rare quand le nombre de ses"
                    " chiffres 1 en commun avec le masque a la parité de"
                    f" n{' + 1' if phase % 2 else ''}."
                )
                + f" Parmi les {_grouped(used)} "
                + (
                    "premières valeurs, celles qu'utilise le certificat,"
                    if found.certified
                    else "valeurs calculées,"
                )
                + f" {_grouped(len(heaps))} tas"
                f" ont une valeur rare ; ces valeurs rares sont"
                f" {', '.join(map(str, rare_values[:LISTED_RARE]))}"
                + (" …" if len(rare_values) > LISTED_RARE else "")
                + "."
            ),
        }
    title = f"le jeu octal {game.label}"
    digits = game.digits
    starts = [(12, 7), *((n,) for n in range(1, 2 * len(digits) + 3))]
    board = _board("octal", {"code": game.code}, starts)
    answer = {
        "kind": "octal",
        "definition": {"code": game.code},
        "title": typeset(title),
        "values": values,
        "outcomes": "".join("P" if value == 0 else "N" for value in values),
        "misere": False,
        "period": found.period,
        "preperiod": found.preperiod,
        "certified": found.certified,
        "verdict": _verdict(found.period, found.preperiod),
        "certificate": found.explanation,
        "computed": used,
        **rare,
        "table_caption": _table_caption(False),
        "board": board,
        **({} if board is not None else {"no_board": _NO_OCTAL_BOARD}),
    }
    # The plot's window reaches the preperiod and two periods: values the certificate computed.
    return answer, lambda length: octal.grundy_values(game, length)


def _table_caption(misere: bool) -> str:
    """What the table of values is, in its caption."""
    if misere:
        return typeset(
            "Issue d'un tas de n allumettes en version misère (ligne n, colonne +k : le tas"
            " de n + k) ; en vert, les positions P, perdantes pour qui doit jouer."
        )
    return typeset(
        "Valeur de Grundy g(n) d'un tas de n (ligne n, colonne +k : g(n + k)) ; en vert,"
        " les positions P (g(n) = 0), perdantes pour qui doit jouer."
    )


_NO_HEAPS_BOARD = typeset(
    "Pas de plateau pour ce jeu : le plateau dessine au plus 40 allumettes par tas,"
    " et aucun coup n'y serait possible."
)
_NO_OCTAL_BOARD = typeset("Pas de plateau pour ce jeu : aucun coup n'y serait possible.")


def _plot(
    sequence: Callable[[int], Sequence[int]], answer: Mapping[str, Any], start: object
) -> dict[str, Any]:
    """The chapters' bar plot of :data:`PLOTTED_VALUES` values from n = *start*, with its text.

    The window moves from 0 to the end of the values shown in the table or, when a period is
    certified, to the end of its preperiod and two periods, which the plot marks.
    """
    period, preperiod, misere = answer["period"], answer["preperiod"], answer["misere"]
    count, title = len(answer["values"]), answer["title"]
    limit = count if period is None else max(count, preperiod + 2 * period)
    limit = min(limit, SEARCH_LIMIT)
    size = min(PLOTTED_VALUES, limit)
    first = _whole(start)
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise NimcoreError(
            typeset(
                f"Le diagramme commence à un entier n de 0 à {_grouped(limit - size)},"
                f" pas « {_shown(start)} »."
            )
        )
    first = min(first, limit - size)
    shown = list(sequence(first + size))[first:]
    # The end of the preperiod and of the first two periods, where they fall inside the window
    # (not for a period so short that its marks would crowd the plot).
    ends = [] if period is None else [preperiod + k * period for k in range(3)]
    marks = [
        (at, f"n = {_grouped(at)}")
        for at in ends
        if at > 0 and first <= at < first + size and (at == preperiod or 8 * period >= size)
    ]
    what = "des issues (0 pour P, 1 pour N)" if misere else "des valeurs de Grundy g(n)"
    tail = ""
    if period is not None:
        tail = (
            f" À partir de n = {_grouped(preperiod)}, le motif se répète tous les"
            f" {_grouped(period)} termes."
        )
    if marks:
        tail += f" Un trait pointillé marque {_listed([label for _, label in marks])}."
    text = typeset(
        f"Diagramme en bâtons {what} pour {title}, n de {_grouped(first)}"
        f" à {_grouped(first + size - 1)}, toutes comprises entre 0 et {max(shown)}.{tail}"
    )
    svg = bar_plot(
        shown,
        title=typeset(f"Valeurs g(n) pour {title}"),
        description=text,
        width=480,
        height=220,
        x_label="n",
        y_label="issue" if misere else "valeur",
        first=first,
        marks=marks,
        font_size=18,
        x_range=True,
        display_width=480,
    )
    return {
        "plot": svg,
        "plot_text": text,
        "plot_window": {"from": first, "size": size, "limit": limit},
    }


def _board(
    game_id: str, raw_options: Mapping[str, Any], starts: Sequence[tuple[Any, ...]]
) -> dict[str, Any] | None:
    """The existing board that plays the game: the first of *starts* with a move, or None
    (the heaps board draws at most 40 matches a heap: a set whose smallest amount is
    larger has no move there). Its kind is the registry's (nimcore.games)."""
    game = games.get(game_id)
    options = game.read_options(base.check_options(game, dict(raw_options)))
    for heaps in starts:
        position = game.read_position(list(heaps), options)
        if not game.terminal(position, options):
            return {
                "kind": games.entry(game_id).board,
                "game": game_id,
                "code": game.encode(position, options),
                "view": base.view(game, position, options),
                "form": game.form(),
            }
    return None


def _listed(items: Sequence[object]) -> str:
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " et " + words[-1]


def _graph(payload: Mapping[str, Any]) -> dict[str, Any]:
    """A drawn graph: each vertex's value, the kernel, the labelling, a board of tokens."""
    raw = payload.get("graph")
    found = drawn.read_drawn(raw) if isinstance(raw, list) else drawn.parse_drawn(raw)
    checked = found.graph
    vertices = checked.vertices
    values = [checked.grundy[vertex] for vertex in vertices]
    kernel = [vertex for vertex in vertices if checked.grundy[vertex] == 0]
    arcs = checked.edge_count
    title = typeset(f"{DRAWN_TITLE} ({plural(len(vertices), 'sommet')}, {plural(arcs, 'flèche')})")
    zeros = _listed(kernel)
    certificate = typeset(
        "Chaque valeur est le mex des valeurs des successeurs du sommet, calculée après"
        " elles : les sommets sont traités dans un ordre où chacun vient après tous ses"
        " successeurs, ce qu'un graphe sans circuit permet toujours. Une seule fonction"
        " satisfait cette règle, et ces valeurs sont exactes : il n'y a pas de période à"
        f" chercher. Les sommets de valeur 0 ({zeros}) forment le noyau : aucune flèche ne"
        " les relie entre eux, et de tout autre sommet part une flèche vers l'un d'eux."
        " Un jeton seul sur l'un d'eux est perdant pour qui doit le jouer."
    )
    verdict = typeset(
        f"{'la position P est' if len(kernel) == 1 else 'les positions P sont'} {zeros}."
    )
    # The board: one token on the vertex farthest from the end (the first such one).
    top = max(checked.height[vertex] for vertex in vertices)
    board = None
    if top > 0:
        start = next(vertex for vertex in vertices if checked.height[vertex] == top)
        board = _board("graph", {"graph": found.code}, [(start,)])
    if board is not None:
        left = min(x for x, _ in found.place.values())
        high = min(y for _, y in found.place.values())
        place: dict[Vertex, tuple[float, float]] = {
            vertex: (drawing.MARGIN + x - left, drawing.MARGIN + y - high)
            for vertex, (x, y) in found.place.items()
        }
        laid = drawing.draw(checked, place)
        board["graphs"] = {found.code: drawing.board_data(DRAWN_TITLE, laid)}
        # The board's setup form offers this graph only (its layout is the one the board has).
        board["form"] = graph_form([(found.code, DRAWN_TITLE[0].upper() + DRAWN_TITLE[1:])])
    described = " ; ".join(
        f"{vertex} vers {_listed(checked.successors[vertex])}"
        for vertex in vertices
        if checked.successors[vertex]
    )
    valued = ", ".join(f"g({vertex}) = {checked.grundy[vertex]}" for vertex in vertices)
    return {
        "kind": "graph",
        "definition": {"graph": found.code},
        "title": title,
        "values": values,
        "outcomes": "".join("P" if value == 0 else "N" for value in values),
        "misere": False,
        "period": None,
        "preperiod": None,
        "certified": True,
        "verdict": verdict,
        "certificate": certificate,
        "rare_mask": None,
        "rare_count": None,
        "rare_values": None,
        "graph": found.to_dict(),
        "kernel": kernel,
        "drawing_text": typeset(
            f"Graphe dessiné de {plural(len(vertices), 'sommet')}."
            + (f" Flèches : {described}." if described else " Aucune flèche.")
            + f" Valeurs de Grundy : {valued}. Positions P : {zeros}."
        ),
        "steps": [step.to_dict() for step in grundy_steps(checked)],
        "labelling": labelling_texts(checked),
        "board": board,
    }
