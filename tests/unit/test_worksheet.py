"""Teachers' worksheets: positions at a stated level, half P as far as draws allow, and answers."""

import json

import pytest

from nimcore import NimcoreError, bridge, games, worksheet


@pytest.mark.slow  # 24 sheets: a few seconds under CPython, not repeated inside Pyodide
@pytest.mark.parametrize("family", sorted(worksheet.FAMILIES))
@pytest.mark.parametrize("level", worksheet.LEVELS)
def test_every_family_and_level_makes_a_sheet_nimcore_agrees_with(family, level):
    sheet = worksheet.worksheet(family, level, seed=5)
    game = games.get(worksheet.FAMILIES[family].game)
    assert sheet["level"] == level and sheet["level_text"] and sheet["question"]
    assert len(sheet["exercises"]) == len(sheet["answers"]) == 8
    codes = [exercise["code"] for exercise in sheet["exercises"]]
    assert len(set(codes)) == 8  # all different
    for exercise, answer in zip(sheet["exercises"], sheet["answers"], strict=True):
        position, options = game.decode(exercise["code"])
        analysis = game.analyse(position, options)
        assert not analysis.terminal
        assert answer["outcome"] == analysis.outcome
        assert exercise["describe"] == game.describe(position, options)
        if analysis.outcome == "N":
            assert answer["move"] == analysis.recommended.text
            # The move given wins: it reaches a P-position.
            assert game.analyse(analysis.recommended.to, options).outcome == "P"
        else:
            assert answer["move"] is None
        assert answer["sentences"] and answer["verdict"]


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
        ("easy", ["4_1a3", "16_1a3", "25_1a3", "13_1a3"]),
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
