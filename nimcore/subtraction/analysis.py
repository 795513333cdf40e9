"""A position's analysis in a subtraction game, its French explanation and the computer's move."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from nimcore.french import plural, typeset
from nimcore.nim import NimMove
from nimcore.nimsum import nim_sum
from nimcore.subtraction.positions import (
    _Solution,
    _solve,
    validate_position,
)
from nimcore.subtraction.rule import Method, Outcome, SubtractionRule
from nimcore.subtraction.values import _nimber, _periodicity


@dataclass(frozen=True, slots=True)
class SubtractionAnalysis:
    """Everything the boards, the command line and the pages say about a position.

    ``heap_nimbers`` are the normal-play nimbers of the heaps and ``nim_sum``
    their nim-sum (the ``nimber`` of the position in normal play, ``None`` in
    misère play). ``preperiod`` and ``period`` describe the sequence the
    answer used: the nimbers of one heap, or in misère play with one heap its
    outcomes; they are ``None`` after a misère search. ``method`` says how the
    answer was found: ``"formula"`` (closed form), ``"period"`` (periodic
    sequence), ``"misere-nim"`` (misère Nim on x mod (K + 1)) or
    ``"search"`` (exhaustive search over ``searched`` positions).
    """

    heaps: tuple[int, ...]
    rule: SubtractionRule
    misere: bool
    outcome: Outcome
    nimber: int | None
    heap_nimbers: tuple[int, ...]
    nim_sum: int
    preperiod: int | None
    period: int | None
    method: Method
    searched: int | None
    winning_moves: tuple[NimMove, ...]
    recommended: NimMove | None
    explanation: tuple[str, ...]

    @property
    def terminal(self) -> bool:
        """True when no move is left."""
        return all(heap < self.rule.low for heap in self.heaps)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view, as the worker sends it to the boards."""
        return {
            "game": "subtraction",
            "heaps": list(self.heaps),
            "rule": self.rule.to_dict(),
            "misere": self.misere,
            "outcome": self.outcome,
            "terminal": self.terminal,
            "nimber": self.nimber,
            "heap_nimbers": list(self.heap_nimbers),
            "nim_sum": self.nim_sum,
            "preperiod": self.preperiod,
            "period": self.period,
            "method": self.method,
            "searched": self.searched,
            "winning_moves": [move.to_dict() for move in self.winning_moves],
            "recommended": None if self.recommended is None else self.recommended.to_dict(),
            "explanation": list(self.explanation),
        }


#: Above this many heaps the explanation sums the nimbers up instead of listing them.
_LISTED_HEAPS = 8


def _nimber_formula(rule: SubtractionRule, size: int) -> str:
    """How the nimber of one heap is read, e.g. '10 mod 4 = 2' or 'g(13) = g(1) = 1'."""
    value = _nimber(rule, size)
    if rule.kind == "up_to":
        return f"{size} mod {rule.high + 1} = {value}"
    if rule.kind == "between":
        return f"⌊({size} mod {rule.low + rule.high}) / {rule.low}⌋ = {value}"
    index = _periodicity(rule, misere=False).index(size)
    if index == size:
        return f"g({size}) = {value}"
    return f"g({size}) = g({index}) = {value}"


def _nimber_rule_sentence(rule: SubtractionRule) -> str:
    if rule.kind == "up_to":
        modulus = rule.high + 1
        return (
            f"La valeur de Grundy d'un tas de x allumettes est x mod {modulus}, le reste de la division"
            f" de x par {modulus} : un coup retire de 1 à {rule.high} allumettes, il mène donc"
            f" à tous les restes sauf celui de x (à tous les tas plus petits si x < {modulus})."
        )
    if rule.kind == "between":
        return (
            f"La valeur de Grundy d'un tas de x allumettes est ⌊(x mod {rule.low + rule.high}) /"
            f" {rule.low}⌋ : la suite des valeurs de Grundy se répète avec la période"
            f" {rule.low} + {rule.high} = {rule.low + rule.high}."
        )
    found = _periodicity(rule, misere=False)
    start = "dès le début" if found.preperiod == 0 else f"à partir de g({found.preperiod})"
    return (
        f"La suite des valeurs de Grundy g(x) = mex des g(x − s) est périodique de période"
        f" {found.period} {start} : deux fenêtres de {rule.high} valeurs consécutives"
        f" identiques le prouvent, car chaque valeur ne dépend que des {rule.high} précédentes."
    )


def _heap_sentences(position: tuple[int, ...], rule: SubtractionRule) -> list[str]:
    sentences = [_nimber_rule_sentence(rule)]
    if len(position) <= _LISTED_HEAPS:
        parts = [
            f"tas {index + 1} : {_nimber_formula(rule, heap)}"
            for index, heap in enumerate(position)
        ]
        sentences.append("Valeurs de Grundy des tas : " + " ; ".join(parts) + ".")
    return sentences


def _explain_normal(
    position: tuple[int, ...],
    rule: SubtractionRule,
    nimbers: tuple[int, ...],
    total: int,
    recommended: NimMove | None,
) -> list[str]:
    sentences = _heap_sentences(position, rule)
    if len(position) <= _LISTED_HEAPS:
        written = " ⊕ ".join(str(value) for value in nimbers)
        sum_text = f"{written} = {total}" if len(position) > 1 else str(total)
    else:
        sum_text = str(total)
    if total == 0:
        sentences.append(
            f"La somme de Nim des valeurs de Grundy vaut {sum_text} : la position est perdante"
            " pour qui doit jouer (théorème de Sprague et Grundy)."
        )
        sentences.append(
            "Un coup change la valeur de Grundy d'un seul tas (un tas n'atteint jamais un tas"
            " de même valeur), donc la somme devient non nulle, et l'adversaire pourra toujours"
            " la ramener à 0."
        )
        return sentences
    sentences.append(
        f"La somme de Nim des valeurs de Grundy vaut {sum_text}, non nulle : la position est"
        " gagnante pour qui doit jouer."
    )
    if recommended is not None:
        value = nimbers[recommended.heap]
        target = value ^ total
        sentences.append(
            f"Jouer dans le tas {recommended.heap + 1} : sa valeur de Grundy {value} doit devenir"
            f" {value} ⊕ {total} = {target}. En retirant {plural(recommended.take, 'allumette')}"
            f" ({recommended.before} → {recommended.after}) on atteint un tas de valeur de Grundy"
            f" {target}, et la somme de Nim redevient 0."
        )
    return sentences


def _explain_misere(
    position: tuple[int, ...],
    rule: SubtractionRule,
    solution: _Solution,
    nimbers: tuple[int, ...],
    recommended: NimMove | None,
) -> list[str]:
    sentences: list[str] = []
    live = [index for index, heap in enumerate(position) if heap >= rule.low]
    if solution.method == "misere-nim":
        sentences.extend(_heap_sentences(position, rule))
        sentences.append(
            "En version misère on joue au Nim misère sur ces valeurs de Grundy : tant que"
            " l'une d'elles vaut au moins 2, la position est perdante exactement quand leur"
            " somme de Nim est nulle ; quand toutes valent 0 ou 1, exactement quand le nombre"
            " de valeurs égales à 1 est impair."
        )
        big = any(value >= 2 for value in nimbers)
        if big:
            sentences.append(f"Somme de Nim des valeurs de Grundy : {nim_sum(nimbers)}.")
        else:
            ones = sum(1 for value in nimbers if value == 1)
            sentences.append(f"Toutes les valeurs de Grundy valent 0 ou 1, dont {ones} égale à 1.")
    elif solution.method == "search":
        sentences.append(
            "En version misère les valeurs de Grundy ne s'additionnent pas : la position a été"
            " résolue"
            f" par une recherche exhaustive sur {solution.searched} positions."
        )
    else:
        heap = position[live[0]]
        if rule.kind == "up_to":
            sentences.append(
                f"En version misère un tas seul est perdant exactement quand son nombre"
                f" d'allumettes vaut 1 modulo {rule.high + 1} : ici {heap} mod"
                f" {rule.high + 1} = {heap % (rule.high + 1)}."
            )
        elif rule.kind == "between":
            modulus = rule.low + rule.high
            sentences.append(
                f"En version misère un tas seul est perdant exactement quand son reste modulo"
                f" {modulus} est compris entre {rule.low} et {2 * rule.low - 1} : ici"
                f" {heap} mod {modulus} = {heap % modulus}."
            )
        else:
            found = _periodicity(rule, misere=True)
            start = "dès le début" if found.preperiod == 0 else f"à partir de {found.preperiod}"
            index = found.index(heap)
            verdict = "perdant" if found.at(heap) == 0 else "gagnant"
            if index == heap:
                reading = f"un tas de {heap} est {verdict}"
            else:
                reading = (
                    f"un tas de {heap} se comporte comme un tas de {index}, il est donc {verdict}"
                )
            sentences.append(
                f"En version misère, les issues (P ou N) d'un tas seul se répètent avec la"
                f" période {found.period} {start} : {reading}."
            )
    if solution.outcome == "P":
        sentences.append(
            "La position est perdante pour qui doit jouer : chaque coup laisse à l'adversaire"
            " une position gagnante."
        )
    elif recommended is not None:
        sentences.append(
            f"La position est gagnante : retirer {plural(recommended.take, 'allumette')} du"
            f" tas {recommended.heap + 1} ({recommended.before} → {recommended.after}) laisse"
            " à l'adversaire une position perdante."
        )
    return sentences


def analyse(
    heaps: Sequence[int],
    rule: SubtractionRule | Iterable[int],
    misere: bool = False,
    *,
    explain: bool = True,
) -> SubtractionAnalysis:
    """Analyse a position of a subtraction game: outcome, nimbers, every winning move, a hint.

    >>> result = analyse([13], [1, 2, 4])
    >>> result.outcome, result.nimber, result.preperiod, result.period
    ('N', 1, 0, 3)
    >>> [move.text for move in result.winning_moves]
    ['retirer 1 allumette du tas 1 (13 → 12)', 'retirer 4 allumettes du tas 1 (13 → 9)']
    >>> analyse([13], SubtractionRule.between(3, 5)).heap_nimbers
    (1,)
    >>> analyse([10**1000], [2, 3, 5, 8]).nimber
    3

    The nimber is the nim-sum of the heaps' nimbers in normal play and ``None``
    in misère play. Raises :class:`NimcoreError` as :func:`validate_position`.
    Cost: see :func:`winning_moves`.
    Reference: R. P. Sprague (1935), P. M. Grundy (1939); Berlekamp–Conway–Guy,
    *Winning Ways*, chapters 4 and 13.
    """
    position, chosen = validate_position(heaps, rule, misere)
    solution = _solve(position, chosen, misere)
    nimbers = tuple(_nimber(chosen, heap) for heap in position)
    total = nim_sum(nimbers)
    recommended = solution.winning[0] if solution.winning else None
    if not misere and total:
        # The move a human finds: the heap whose nimber has the highest bit of the sum.
        top = 1 << (total.bit_length() - 1)
        for move in solution.winning:
            if nimbers[move.heap] & top:
                recommended = move
                break
    preperiod: int | None = None
    period: int | None = None
    if solution.method in ("formula", "period", "misere-nim"):
        single_misere = misere and chosen.kind != "up_to"
        if chosen.closed_form:
            preperiod, period = 0, chosen.low + chosen.high
        else:
            found = _periodicity(chosen, misere=single_misere)
            preperiod, period = found.preperiod, found.period
    explanation: list[str]
    if not explain:  # the computer's move (decide) needs no sentence
        explanation = []
    elif all(heap < chosen.low for heap in position):
        if misere:
            explanation = [
                "Aucun coup n'est possible : en version misère, celui qui ne peut plus jouer"
                " a gagné (l'adversaire a joué le dernier coup)."
            ]
        else:
            explanation = ["Aucun coup n'est possible : celui qui doit jouer a perdu."]
    elif misere:
        explanation = _explain_misere(position, chosen, solution, nimbers, recommended)
    else:
        explanation = _explain_normal(position, chosen, nimbers, total, recommended)
    return SubtractionAnalysis(
        heaps=position,
        rule=chosen,
        misere=misere,
        outcome=solution.outcome,
        nimber=None if misere else total,
        heap_nimbers=nimbers,
        nim_sum=total,
        preperiod=preperiod,
        period=period,
        method=solution.method,
        searched=solution.searched,
        winning_moves=solution.winning,
        recommended=recommended,
        explanation=tuple(typeset(sentence) for sentence in explanation),
    )


def nim_max_analyse(heaps: Sequence[int], k: int, misere: bool = False) -> SubtractionAnalysis:
    """Analyse Nim with at most *k* tokens per move (the report's "VanLoGo" game).

    It is the sum of "from 1 to k" games: each heap of x tokens has nimber
    x mod (k + 1), and the position is lost for the player to move exactly when
    the nim-sum of these nimbers is 0 (in misère play: misère Nim on them).
    Heaps stay in place and empty heaps are kept in ``to``.

    >>> result = nim_max_analyse([10, 8, 6], 3)
    >>> result.heap_nimbers, result.outcome
    ((2, 0, 2), 'P')
    >>> [move.to for move in nim_max_analyse([7, 8, 6], 3).winning_moves]
    [(6, 8, 6), (7, 5, 6), (7, 8, 3)]

    Raises :class:`NimcoreError` for a bad position or a *k* below 1.
    Cost: a few divisions per heap.
    """
    return analyse(heaps, SubtractionRule.take_up_to(k), misere)
