"""The French sentences that justify an octal game's hint (:func:`nimcore.octal.analyse`).

The arithmetic (Grundy values, certified period, winning move) is
:mod:`nimcore.octal`'s; this module only puts it into words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nimcore.french import typeset

if TYPE_CHECKING:
    from nimcore.octal.game import OctalMove
    from nimcore.octal.rule import Octal
    from nimcore.octal.values import _Sequence


def _option_value(sequence: _Sequence, move: OctalMove) -> str:
    if not move.parts:
        return "0 (plus rien)"
    if len(move.parts) == 1:
        (rest,) = move.parts
        return f"g({rest}) = {sequence.value(rest)}"
    small, large = move.parts
    left, right = sequence.value(small), sequence.value(large)
    return f"g({small}) ⊕ g({large}) = {left} ⊕ {right} = {left ^ right}"


def explain(
    game: Octal,
    sequence: _Sequence,
    position: tuple[int, ...],
    nimbers: tuple[int, ...],
    total: int,
    terminal: bool,
    recommended: OctalMove | None,
    reduced: tuple[int, ...],
    period: tuple[int, int] | None,
    certificate: int,
) -> tuple[str, ...]:
    """The sentences; *certificate* is how many values certify *period* (when not None)."""
    if terminal:
        return (
            typeset(
                f"Aucun coup n'est possible dans le jeu octal {game.label} : le joueur qui doit"
                " jouer a perdu."
            ),
        )
    readings = []
    for heap, read, value in zip(position, reduced, nimbers, strict=True):
        if read == heap:
            readings.append(f"g({heap}) = {value}")
        else:
            readings.append(f"g({heap}) = g({read}) = {value}")
    sentences = [f"Valeurs de Grundy des tas (jeu octal {game.label}) : {', '.join(readings)}."]
    if period is not None and reduced != position:
        start, length = period
        sentences.append(
            f"Les {certificate} premières valeurs certifient la période"
            f" (théorème de Guy et Smith) : à partir de n = {start}, g(n) ne dépend que du reste"
            f" de n − {start} dans la division par {length}. Au-delà, on la lit : g(h) ="
            f" g({start} + (h − {start}) mod {length})."
        )
    if len(position) > 1:
        sentences.append(
            "La valeur de la position est leur somme de Nim : "
            + " ⊕ ".join(str(value) for value in nimbers)
            + f" = {total}."
        )
    else:
        sentences.append(f"La valeur de la position est celle de son unique tas : {total}.")
    if recommended is None:
        sentences.append(
            "Elle est nulle : la position est perdante pour qui doit jouer. Un coup remplace"
            " un seul tas par des tas dont la valeur totale diffère de la sienne (g(h) est le"
            " plus petit entier absent des valeurs de ses options) : la somme de Nim devient"
            " non nulle, et l'adversaire pourra la ramener à 0."
        )
    else:
        index = recommended.heap
        target = total ^ nimbers[index]
        sentences.append(
            f"Elle n'est pas nulle : la position est gagnante. On joue sur le tas {index + 1}"
            f" ({recommended.before} jetons, de valeur {nimbers[index]}) : ce qu'il en reste doit"
            f" valoir {target}, la somme de Nim des autres tas."
        )
        sentences.append(
            f"Coup gagnant : {recommended.text}, car il laisse"
            f" {_option_value(sequence, recommended)}."
        )
    return tuple(typeset(sentence) for sentence in sentences)
