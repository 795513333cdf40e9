"""Placeholders of graphs and the Grundy function: Grundy-labelled graphs, the labelling
step by step, the board of tokens on a graph (with its drawing), sums of games and
Delahaye's pawn board.

Every number comes from nimcore; this module only lays it out (tables, figures).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from nimcore import graph, subtraction
from nimcore.errors import NimcoreError
from nimcore.graph import drawing
from site_hooks.svg import figure, grid, svg_document
from site_hooks.tables import (
    MacroError,
    boards,
    escape,
    html_table,
    integer,
    macro,
)
from site_hooks.tables.subtraction import read_rule


def _example(name: str) -> graph.WorkedGraph:
    """A worked graph of nimcore (successors and drawing columns), by name."""
    try:
        return graph.worked_graph(name)
    except NimcoreError:
        raise MacroError(f"name={name!r}: unknown graph ({', '.join(graph.EXAMPLES)})") from None


def _graph(name: str) -> graph.Graph:
    return _example(name).graph


def _names(vertices: Iterable[object]) -> str:
    return ", ".join(str(vertex) for vertex in vertices)


_MARGIN, _RADIUS = drawing.MARGIN, drawing.RADIUS


def _places(name: str, checked: graph.Graph) -> dict[graph.Vertex, tuple[float, float]]:
    """Where each vertex is drawn: nimcore's layered drawing, columns from nimcore."""
    return drawing.layered(checked, _example(name).columns)


def _drawing(name: str) -> drawing.Drawing:
    checked = _graph(name)
    return drawing.draw(checked, _places(name, checked))


_beside = drawing.beside


@macro("graph-grundy-figure")
def graph_grundy_figure(name: str) -> str:
    """A worked graph drawn in layers, each vertex with its Grundy value (the kernel shaded).

    ``<!-- nimcore:graph-grundy-figure name=exemple -->``
    """
    drawing = _drawing(name)
    checked, place = drawing.checked, drawing.place
    width, height = drawing.width, drawing.height
    parts = [
        f'<path class="fig-edge" d="{curve}"/><path class="fig-edge" d="{head}"/>'
        for _, _, curve, head in drawing.arcs
    ]
    for vertex in checked.vertices:
        x, y = place[vertex]
        value = checked.grundy[vertex]
        kind = "fig-node fig-p" if value == 0 else "fig-node"
        parts.append(f'<circle class="{kind}" cx="{x:g}" cy="{y:g}" r="{_RADIUS:g}"/>')
        parts.append(
            f'<text class="fig-label" x="{x:g}" y="{y:g}" dy="0.35em" text-anchor="middle" '
            f'font-size="14" font-style="italic">{escape(vertex)}</text>'
        )
        # The value goes on the side of the circle farthest from the arcs.
        lx, ly = _beside((x, y), drawing.sides[vertex][0])
        parts.append(
            f'<text class="fig-label" x="{lx:.1f}" y="{ly:.1f}" dy="0.35em" text-anchor="middle" '
            f'font-size="13" font-weight="bold">{value}</text>'
        )
    arcs = "; ".join(
        f"{vertex} vers {_names(checked.successors[vertex])}"
        for vertex in checked.vertices
        if checked.successors[vertex]
    )
    values = ", ".join(f"g({vertex}) = {checked.grundy[vertex]}" for vertex in checked.vertices)
    zeros = _names(graph.kernel(checked))
    svg = svg_document(
        width,
        height,
        "".join(parts),
        title=f"Un graphe sans circuit de {len(checked.vertices)} sommets et ses valeurs de Grundy",
        description=f"Arcs : {arcs}. Valeurs de Grundy : {values}. Sommets de valeur 0 : {zeros}.",
        display_width=width,
    )
    kernel = [str(vertex) for vertex in graph.kernel(checked)]
    listed = ", ".join(kernel[:-1]) + " et " + kernel[-1] if len(kernel) > 1 else kernel[0]
    caption = (
        f"Chaque sommet porte sa valeur de Grundy (en gras). Les sommets de valeur 0 "
        f"({listed}) sont colorés : ils forment le noyau du graphe."
    )
    return figure(svg, caption)


@macro("graph-grundy-steps")
def graph_grundy_steps(name: str) -> str:
    """The computation of the Grundy function, vertex by vertex, successors first.

    ``<!-- nimcore:graph-grundy-steps name=exemple -->``
    """
    checked = _graph(name)
    rows = [
        [
            step.vertex,
            "{" + _names(step.successors) + "}" if step.successors else "∅",
            "{" + _names(step.seen) + "}" if step.seen else "∅",
            step.value,
        ]
        for step in graph.grundy_steps(checked)
    ]
    zeros = graph.kernel(checked)
    if not (graph.is_independent(checked, zeros) and graph.is_absorbing(checked, zeros)):
        raise MacroError(f"name={name!r}: the zeros are not a kernel")
    return html_table(
        ["sommet x", "successeurs Γ(x)", "valeurs des successeurs", "g(x) = mex"],
        rows,
        caption="Calcul de la fonction de Grundy, chaque sommet après ses successeurs",
        css_class="nimcore-table grundy-steps",
        cell_classes=lambda row, column: "is-p" if column == 3 and rows[row][3] == 0 else "",
    )


def _board_data(name: str) -> dict[str, object]:
    """What the board needs to draw one worked graph and label it step by step, before the
    engine is ready: the layout, and the steps of the Grundy function, all from nimcore."""
    return drawing.board_data(_example(name).title, _drawing(name))


@macro("graph-board")
def graph_board(name: str, tokens: str) -> str:
    """The « Jeton sur un graphe » board (docs/javascripts/boards/graph.js), tokens on a worked graph.

    ``<!-- nimcore:graph-board name=exemple tokens=b,c -->``

    A board of the game "graph" (site_hooks/tables/boards.py) whose element also carries
    every worked graph of nimcore (layout, Grundy steps and their sentences), so the board
    is drawn and the labelling works before the engine is ready; a page or an address only
    ever names one of these graphs.
    """
    _graph(name)
    code = "-".join([name, *(part for part in tokens.split(",") if part)])
    data = {example: _board_data(example) for example in graph.EXAMPLES}
    graphs = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    kind = boards.BOARD_PLACEHOLDERS["graph-board"]
    return boards.board_element(
        kind, "graph", code, {"key": boards.GRAPH_BOARD_KEY, "graphs": graphs}
    )


@macro("sum-grundy-table")
def sum_grundy_table(left: str, right: str, count: str) -> str:
    """Grundy values of the sum of two one-heap subtraction games, by the mex on the sum graph.

    The cartesian sum is built from its definition (a move plays in exactly one
    heap) and nimcore.graph computes its Grundy function; the headers give the
    values of each heap alone, so the reader can check g(x, y) = g(x) ⊕ g(y).

    ``<!-- nimcore:sum-grundy-table left=1,2,3 right=1,3,4 count=8 -->``
    """
    first, second = read_rule(left), read_rule(right)
    size = integer(count, "count")
    if not 1 <= size <= 16:
        raise MacroError(f"count={count!r}: between 1 and 16 expected")
    successors = {
        (x, y): [(x - s, y) for s in first.amounts_from(x)]
        + [(x, y - t) for t in second.amounts_from(y)]
        for x in range(size)
        for y in range(size)
    }
    values = graph.grundy_values(successors)
    along = subtraction.grundy_sequence(first, size)
    across = subtraction.grundy_sequence(second, size)
    for (x, y), value in ((cell, values[cell]) for cell in successors):
        if value != along[x] ^ across[y]:
            raise MacroError(f"g({x}, {y}) = {value} is not {along[x]} ⊕ {across[y]}")
    rows: list[list[object]] = [["g(y)", "", *across]]
    rows += [[f"x = {x}", along[x], *(values[(x, y)] for y in range(size))] for x in range(size)]
    return html_table(
        ["", "g(x)", *(f"y = {y}" for y in range(size))],
        rows,
        caption=(
            f"Somme de deux tas (tas de x : {first.text} ; tas de y : {second.text}) : "
            f"valeurs g(x, y) calculées par la règle du mex sur le graphe de la somme, "
            f"à comparer aux valeurs g(x) et g(y) de chaque tas seul"
        ),
        css_class="nimcore-table sum-grundy",
        cell_classes=lambda row, column: (
            "is-p" if row and column >= 2 and rows[row][column] == 0 else ""
        ),
    )


def _cells(pawns: str, size: int) -> list[tuple[int, int]]:
    cells = []
    for part in pawns.split(","):
        row, sep, column = part.partition("-")
        if not sep:
            raise MacroError(f"pawns={pawns!r}: cells are written row-column, from 1")
        cells.append((integer(row, "pawns") - 1, integer(column, "pawns") - 1))
    return list(graph.validate_pawns(cells, size))


@macro("pawn-board-grundy")
def pawn_board_grundy(size: str = "5") -> str:
    """Delahaye's board: the Grundy value of each cell (zeros shaded).

    ``<!-- nimcore:pawn-board-grundy size=5 -->``
    """
    side = integer(size, "size")
    values = graph.pawn_board_grundy(side)
    svg = grid(
        side,
        side,
        label=lambda row, column: str(values[row][column]),
        css_class=lambda row, column: "fig-p" if values[row][column] == 0 else "",
        cell=40,
        title=f"Valeurs de Grundy des cases du damier {side}×{side}",
        description=" ; ".join(
            f"ligne {row + 1} : {', '.join(map(str, values[row]))}" for row in range(side)
        )
        + ". Les pions vont vers la droite ou vers le bas ; la case en bas à droite vaut 0.",
        row_labels=[str(row + 1) for row in range(side)],
        column_labels=[str(column + 1) for column in range(side)],
        display_width=40 * (side + 1),
    )
    left = ", ".join(str(values[row][0]) for row in range(side))
    caption = (
        f"Valeur de Grundy de chaque case (lignes numérotées de haut en bas, colonnes de "
        f"gauche à droite) ; les cases de valeur 0 sont colorées. Colonne de gauche : {left}."
    )
    return figure(svg, caption)


@macro("pawn-board-position")
def pawn_board_position(pawns: str, size: str = "5") -> str:
    """Pawns on Delahaye's board: their values, the nim-sum and every winning move.

    ``<!-- nimcore:pawn-board-position pawns=1-1,2-1,3-1,4-1,5-1 -->``
    """
    side = integer(size, "size")
    cells = _cells(pawns, side)
    analysis = graph.analyse_pawns(cells, side)
    rows = [
        [f"pion {index + 1}", f"ligne {row + 1}, colonne {column + 1}", value]
        for index, ((row, column), value) in enumerate(
            zip(cells, analysis.token_nimbers, strict=True)
        )
    ]
    rows.append(["somme de Nim", "", analysis.nimber])
    table = html_table(
        ["pion", "case", "valeur de Grundy"],
        rows,
        caption="Les pions, la valeur de leur case et la somme de Nim de ces valeurs",
        css_class="nimcore-table pawn-position",
        cell_classes=lambda row, column: (
            "is-p" if row == len(cells) and column == 2 and analysis.nimber == 0 else ""
        ),
    )
    if not analysis.winning_moves:
        note = "La somme de Nim est nulle : la position est perdante pour le joueur qui doit jouer."
        return f'{table}\n<p class="nimcore-note">{escape(note)}</p>'
    board = graph.pawn_board(side)
    moves = [
        [
            move.text[0].upper() + move.text[1:],
            f"{board.grundy[move.source]} → {board.grundy[move.target]}",
        ]
        for move in analysis.winning_moves
    ]
    winning = html_table(
        ["coup gagnant", "valeur du pion déplacé"],
        moves,
        caption=f"Les {len(moves)} coups qui ramènent la somme de Nim à 0",
        css_class="nimcore-table pawn-moves",
        row_header=False,
    )
    return f"{table}\n{winning}"
