"""Teachers' worksheets: positions at a stated level, half P as far as draws allow, and answers."""

import json
import re
import xml.etree.ElementTree as ET

import pytest

from nimcore import NimcoreError, bridge, games, pictures, worksheet
from nimcore.french import unbroken_arrows

SVG = "{http://www.w3.org/2000/svg}"
#: A count of 0 or 1 followed by a plural noun: « 10 et 1 jetons », « 1 carrés ».
BAD_PLURAL = re.compile(r"\b[01] (allumettes|jetons|carrés|fleurs|pions|rangées|quilles)\b")


def sheet_texts(sheet):
    """Every sentence a reader of the sheet reads (questions and answers)."""
    yield sheet["level_text"]
    yield sheet["rule"]
    for exercise in sheet["exercises"]:
        yield exercise["describe"]
    for answer in sheet["answers"]:
        yield answer["verdict"]
        yield from answer["sentences"]
        for table in answer["tables"]:
            for part in ("head", "body", "foot"):
                for row in table[part]:
                    yield from (cell["text"] for cell in row["cells"])


@pytest.mark.slow  # 39 sheets: a few seconds under CPython, not repeated inside Pyodide
@pytest.mark.parametrize("family", sorted(worksheet.FAMILIES))
@pytest.mark.parametrize("level", worksheet.LEVELS)
def test_every_family_and_level_makes_a_sheet_nimcore_agrees_with(family, level):
    sheet = worksheet.worksheet(family, level, seed=5)
    game = games.get(worksheet.FAMILIES[family].game)
    assert sheet["level"] == level and sheet["level_text"] and sheet["question"]
    assert sheet["game"] == game.id
    assert len(sheet["exercises"]) == len(sheet["answers"]) == 8
    codes = [exercise["code"] for exercise in sheet["exercises"]]
    assert len(set(codes)) == 8  # all different
    for exercise, answer in zip(sheet["exercises"], sheet["answers"], strict=True):
        position, options = game.decode(exercise["code"])
        analysis = game.analyse(position, options)
        assert not analysis.terminal
        assert answer["outcome"] == analysis.outcome
        assert exercise["describe"] == game.describe(position, options)
        # Every exercise drawn: a picture of this very position, with its text alternative.
        assert exercise["picture"] == pictures.draw(game, position, options)
        root = ET.fromstring(exercise["picture"])
        assert root.find(f"{SVG}title").text and root.find(f"{SVG}desc").text
        # The level keeps its word, even for P-positions reached by a winning move.
        assert worksheet.FAMILIES[family].levels[level].fits(position), exercise["code"]
        if analysis.outcome == "N":
            assert answer["move"] == unbroken_arrows(analysis.recommended.text)
            # The move given wins: it reaches a P-position.
            assert game.analyse(analysis.recommended.to, options).outcome == "P"
            assert "gagnante pour le premier joueur" in answer["verdict"]
        else:
            assert answer["move"] is None
            assert "perdante pour le premier joueur" in answer["verdict"]
        # Every answer holds a reason: a table or a sentence, or (Chomp) the honest link.
        assert answer["tables"] or answer["sentences"]
        assert answer["sentences"] or answer["link"]
    for text in sheet_texts(sheet):
        assert "pour vous" not in text
        assert not BAD_PLURAL.search(text), text


def test_every_game_with_a_board_has_a_worksheet_with_three_levels():
    assert {family.game for family in worksheet.FAMILIES.values()} == set(games.IDS)
    for family in worksheet.FAMILIES.values():
        assert set(family.levels) == set(worksheet.LEVELS)
        assert len({level.text for level in family.levels.values()}) == 3


@pytest.mark.slow
def test_levels_keep_their_word():
    """« Niveau Moyen : 3 tas de 1 à 12 » never holds an empty heap (the P-positions reached by
    a winning move were kept even when they left the level)."""
    for seed in range(40):
        for exercise in worksheet.worksheet("nim", "medium", seed)["exercises"]:
            heaps = [int(heap) for heap in exercise["code"].split("-")]
            assert len(heaps) == 3 and all(1 <= heap <= 12 for heap in heaps), exercise
        for exercise in worksheet.worksheet("subtraction", "easy", seed)["exercises"]:
            assert 5 <= int(exercise["code"].split("_")[0]) <= 30, exercise


def test_wythoff_and_fibonacci_answers_give_their_reason():
    """The Wythoff pair and its golden-ratio index; the Zeckendorf writing; Nim's binary table."""
    wythoff = worksheet.worksheet("wythoff", "medium", 2)["answers"]
    assert all(any("paire n°" in sentence for sentence in a["sentences"]) for a in wythoff)
    assert all(any("φ" in sentence for sentence in a["sentences"]) for a in wythoff)
    fibonacci = worksheet.worksheet("fibonacci", "medium", 2)["answers"]
    assert all(a["tables"][0]["kind"] == "fibonacci-word" for a in fibonacci)
    assert all(any("écriture de Zeckendorf" in s for s in a["sentences"]) for a in fibonacci)
    nim = worksheet.worksheet("nim", "hard", 2)["answers"]
    assert all(a["tables"][0]["kind"] == "nim-binary" for a in nim)


@pytest.mark.parametrize("level", worksheet.LEVELS)
def test_chomp_answers_every_reply_or_says_there_is_no_short_reason(level):
    game = games.get("chomp")
    for seed in (1, 2):
        sheet = worksheet.worksheet("chomp", level, seed)
        for exercise, answer in zip(sheet["exercises"], sheet["answers"], strict=True):
            position, options = game.decode(exercise["code"])
            text = " ".join(answer["sentences"])
            assert "recherche exhaustive" not in text and "précalculée" not in text
            if answer["link"] is not None:
                assert answer["link"] == {
                    "game": "chomp",
                    "code": exercise["code"],
                    "text": answer["link"]["text"],
                }
                assert "Pas de raison courte" in text
                continue
            analysis = game.analyse(position, options)
            losing = position if analysis.recommended is None else analysis.recommended.to
            if game.terminal(losing, options):
                assert "carré empoisonné" in text
                continue
            (replies,) = answer["tables"]
            bites = {(move.row, move.column): move for move in game.moves(losing, options)}
            assert len(replies["body"]) == len(bites) <= worksheet.MAX_REPLIES
            for row in replies["body"]:
                bite, parry = (cell["text"] for cell in row["cells"])
                line, column = (int(part) for part in re.findall(r"\d+", bite))
                reached = bites[(line - 1, column - 1)].to
                line, column = (int(part) for part in re.findall(r"\d+", parry))
                answered = game.play(reached, list(chomp_bite(reached, line - 1, column - 1)), {})
                # The parry leaves the opponent a losing bar again.
                assert game.analyse(answered.to, options).outcome == "P"


def chomp_bite(rows, row, column):
    """The bar left by a bite at (row, column), counted from 0 (as the rule says it)."""
    left = [length if index < row else min(length, column) for index, length in enumerate(rows)]
    return [length for length in left if length]


def test_the_same_seed_gives_the_same_sheet_and_another_seed_another():
    first = worksheet.worksheet("wythoff", "medium", seed=11)
    assert worksheet.worksheet("wythoff", "medium", seed=11) == first
    assert worksheet.worksheet("wythoff", "medium", seed=12)["exercises"] != first["exercises"]


def test_p_and_n_positions_are_mixed():
    for family in ("nim", "subtraction", "grundy", "chomp", "moore"):
        outcomes = [
            answer["outcome"] for answer in worksheet.worksheet(family, "medium", 3)["answers"]
        ]
        assert outcomes.count("P") == 4, (family, outcomes)


@pytest.mark.parametrize(
    ("family", "level", "seed", "count", "fragment"),
    [
        ("échecs", "easy", 1, 8, "Famille de jeux inconnue"),
        ("nim", "expert", 1, 8, "Niveau de fiche inconnu"),
        ("nim", "easy", -1, 8, "graine"),
        ("nim", "easy", "1", 8, "graine"),
        ("nim", "easy", 1, 0, "nombre"),
        ("nim", "easy", 1, 99, "nombre"),
    ],
)
def test_bad_requests_are_refused_in_french(family, level, seed, count, fragment):
    with pytest.raises(NimcoreError, match=fragment):
        worksheet.worksheet(family, level, seed, count)
    answer = json.loads(
        bridge.dispatch(
            "worksheet.make",
            json.dumps({"family": family, "level": level, "seed": seed, "count": count}),
        )
    )
    assert answer["ok"] is False and answer["error"]["code"] == "invalid"


def test_the_families_a_page_offers():
    offered = worksheet.families()
    assert [family["id"] for family in offered] == list(worksheet.FAMILIES)
    assert all(set(family["levels"]) == set(worksheet.LEVELS) for family in offered)


def test_levels_are_english_ids_with_french_names_and_the_old_french_words_still_work():
    """Ids in English; readers see « Facile »…; a placeholder or request saying "facile" still works."""
    assert worksheet.LEVELS == ("easy", "medium", "hard")
    offered = worksheet.families()[0]["levels"]
    assert [offered[level]["name"] for level in worksheet.LEVELS] == [
        "Facile",
        "Moyen",
        "Difficile",
    ]
    for word, level in worksheet.FRENCH_LEVELS.items():
        sheet = worksheet.worksheet("wythoff", word, seed=4)
        assert sheet == worksheet.worksheet("wythoff", level, seed=4)
        assert sheet["level"] == level and sheet["level_name"] == worksheet.LEVEL_NAMES[level]


def test_family_ids_are_english_and_the_old_french_id_gives_the_same_sheet():
    """ "subtraction" is the id; "soustraction" (earlier placeholders and requests) still gives the same sheets."""
    assert all(family.isascii() and "soustraction" not in family for family in worksheet.FAMILIES)
    assert worksheet.FRENCH_FAMILIES == {"soustraction": "subtraction"}
    for level, codes in (
        # (« 4_1a3 », a heap of 4 on a level of 5 to 30, is no longer drawn.)
        ("easy", ["16_1a3", "24_1a3", "13_1a3", "5_1a3"]),
        ("hard", ["5-9_s1.2.4", "18-3_s1.2.4", "3-21-21_s1.2.4", "20-4_s1.2.4"]),
    ):
        sheet = worksheet.worksheet("subtraction", level, 5, 4)
        assert sheet["family"] == "subtraction"
        assert [exercise["code"] for exercise in sheet["exercises"]] == codes
        assert worksheet.worksheet("soustraction", level, 5, 4) == sheet
    answer = json.loads(
        bridge.dispatch(
            "worksheet.make",
            json.dumps({"family": "soustraction", "level": "facile", "seed": 5, "count": 4}),
        )
    )
    assert answer["ok"] is True and answer["result"]["family"] == "subtraction"
