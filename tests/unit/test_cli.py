"""The command line: the JSON contract, French answers, French refusals with status 2."""

import json
import subprocess
import sys

import pytest

from nimcore import cli, games, octal


def run_main(capsys, *argv):
    status = cli.main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_json_contract(capsys):
    status, out, err = run_main(capsys, "nim", "11", "9", "7", "--json")
    assert status == 0 and err == ""
    answer = json.loads(out)
    assert answer == {
        "game": "nim",
        "position": [11, 9, 7],
        "outcome": "N",
        "nimber": 5,
        "winning_moves": [{"to": [11, 9, 2], "text": "retirer 5 allumettes du tas 3 (7 → 2)"}],
    }


def test_zeros_are_kept_and_options_may_come_first(capsys):
    status, out, _ = run_main(capsys, "nim", "--json", "--misere", "0", "1", "1", "1")
    assert status == 0
    answer = json.loads(out)
    assert answer["position"] == [0, 1, 1, 1]
    assert answer["outcome"] == "P" and answer["nimber"] is None and answer["winning_moves"] == []


def test_readable_answer_is_french(capsys):
    status, out, _ = run_main(capsys, "nim", "1", "2", "3")
    assert status == 0
    assert "Issue\u00a0: P" in out and "Aucun coup gagnant." in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["nim", "3", "-1"], "négatif"),
        (["nim", "3", "x"], "«\u00a0x\u00a0»"),
        (["nim", "2.5"], "«\u00a02.5\u00a0»"),
        (["nim", "9" * 5000], "trop long"),
        (["nim"], "manquants"),
        (["échecs", "1"], "choix inconnu"),
        (["nim", "1", "--rapide"], "inconnus"),
        (["period", "--code", "0.8"], "«\u00a08\u00a0»"),
        (["period", "--code", "0.16", "--values", "0"], "--values"),
        (["period", "--code", "0.16", "--values", str(10**9)], "--values"),
        (["period", "--set", "1,x"], "«\u00a0x\u00a0»"),
        (["period"], "--code"),
        (["period", "--code", "0.7", "--set", "1"], "incompatible"),
    ],
)
def test_bad_input_exits_2_with_one_french_line(capsys, argv, fragment):
    try:
        status = cli.main(argv)
    except SystemExit as stop:  # argparse's own refusals
        status = stop.code
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("Erreur")
    assert fragment in err
    assert "Traceback" not in err


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocess in Pyodide")
def test_python_dash_m(tmp_path):
    ok = subprocess.run(
        [sys.executable, "-m", "nimcore", "nim", "1", "3", "5", "7", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ok.returncode == 0 and json.loads(ok.stdout)["outcome"] == "P"
    bad = subprocess.run(
        [sys.executable, "-m", "nimcore", "nim", "-4"], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip().count("\n") == 0 and "Traceback" not in bad.stderr


GAME_CASES = [
    (["nim", "10", "8", "6", "--max", "3"], ["--max", "3"]),
    (["nim", "7", "8", "6", "--max", "3"], ["--max", "3"]),
    (["nim", "3", "4", "5", "--misere"], ["--misere"]),
    (["moore", "11", "9", "7", "--k", "2"], ["--k", "2"]),
    (["moore", "3", "5", "4", "2", "--k", "2"], ["--k", "2"]),
    (["subtraction", "10", "7", "--set", "1,2,4"], ["--set", "1,2,4"]),
    (["subtraction", "11", "--set", "1,2,4"], ["--set", "1,2,4"]),
    (
        ["subtraction", "9", "4", "--min", "2", "--max", "3", "--misere"],
        ["--min", "2", "--max", "3", "--misere"],
    ),
    (["wythoff", "10", "20"], []),
    (["wythoff", "11", "18"], []),
    (["chomp", "4", "4", "4"], []),
    (["chomp", "5", "3", "1"], []),
    (["ordinal", "w", "12"], []),
    (["grundy", "7", "5"], []),
    (["grundy", "9", "4", "20"], []),
    (["octal", "10", "--code", "0.137"], ["--code", "0.137"]),
    (["octal", "5", "9", "--code", "0.77"], ["--code", "0.77"]),
    (["ordinal", "w^2*3+w*2+5", "w*2", "7"], []),
    (["flowers", "ffxffff"], []),
    (["flowers", "fffffffffff"], []),
    (["graph", "exemple", "b", "c"], []),
    (["pawns", "5", "11", "21"], []),
    (["sprouts", "3,0-1"], []),
    (["sprouts", "2,0-1", "--misere"], ["--misere"]),
]
#: The games whose positions are heaps typed one a word (a winning move's target is typed back).
_TYPED_BACK = ("nim", "moore", "subtraction", "wythoff", "grundy", "octal", "chomp", "ordinal")


def test_every_game_of_the_registry_is_a_command(capsys):
    """`python -m nimcore --help` lists every game of the registry, and each is tried here."""
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    listed = capsys.readouterr().out
    for game_id in games.IDS:
        assert f"\n    {game_id}" in listed, game_id
    assert {argv[0] for argv, _ in GAME_CASES} | {"fibonacci"} == set(
        games.IDS
    )  # its own test below


@pytest.mark.parametrize(("argv", "options"), GAME_CASES, ids=lambda v: " ".join(v) if v else "")
def test_every_game_keeps_the_json_contract(argv, options):
    """`to` has the shape of `position`, and every listed move reaches a P-position."""
    answer = cli.run(argv + ["--json"])
    assert answer["game"] == argv[0]
    assert answer["outcome"] in ("P", "N")
    assert (answer["outcome"] == "P") == (answer["winning_moves"] == [])
    assert answer["nimber"] is None or isinstance(answer["nimber"], int)
    for move in answer["winning_moves"]:
        assert isinstance(move["text"], str) and move["text"]
        target = move["to"]
        assert isinstance(target, (list, str))  # a row of flowers is a text
        if argv[0] in ("nim", "moore", "subtraction", "wythoff", "ordinal"):
            assert len(target) == len(answer["position"])
        if target and argv[0] in _TYPED_BACK:
            then = cli.run([argv[0], *map(str, target), *options, "--json"])
            assert then["outcome"] == "P", (argv, move)


def test_fibonacci_contract():
    answer = cli.run(["fibonacci", "24", "--json"])
    assert answer["position"] == [24, 23]
    for move in answer["winning_moves"]:
        tokens, limit = move["to"]
        taken = 24 - tokens
        assert limit == min(2 * taken, tokens)
        then = cli.run(["fibonacci", str(tokens), "--limit", str(limit), "--json"])
        assert then["outcome"] == "P"


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["chomp", "3", "4"], "plus longue"),
        (["ordinal", "2*w"], "forme normale"),
        (["fibonacci", "24", "--limit", "30"], "entre 0 et 24"),
        (["fibonacci", "3", "4"], "exactement 1"),
        (["wythoff", "1", "2", "3"], "exactement 2"),
        (["subtraction", "5"], "--set"),
        (["subtraction", "5", "--set", "1,x"], "«\u00a0x\u00a0»"),
        (["moore", "3", "4", "--k", "0"], "k"),
        (["nim", "3", "--max", "0"], "0"),
        (["octal", "5", "--code", "0.1x7"], "0.1x7"),
        (["octal", "5"], "--code"),
        (["grundy", str(2**20)], "limite"),
    ],
)
def test_game_specific_refusals(capsys, argv, fragment):
    try:
        status = cli.main(argv)
    except SystemExit as stop:  # argparse's own refusals
        status = stop.code
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and fragment in err


def test_too_many_winning_moves_are_counted_not_refused(capsys):
    """Kayles, 1 000 038 tokens: 416 675 winning moves, the first ones listed, all counted."""
    status, out, err = run_main(capsys, "octal", "1000038", "--code", "0.77", "--json")
    assert status == 0 and err == ""
    answer = json.loads(out)
    assert answer["outcome"] == "N" and answer["winning_move_count"] == 416_675
    assert len(answer["winning_moves"]) == octal.MAX_LISTED_MOVES
    status, out, _ = run_main(capsys, "octal", "1000038", "--code", "0.77")
    assert status == 0
    assert out.count("  - retirer") == cli.SHOWN_MOVES
    assert "seuls les 20 premiers sont listés" in out and "416\u202f675 coups" in out


def test_complete_answers_keep_the_contract(capsys):
    status, out, _ = run_main(capsys, "octal", "10", "--code", "0.137", "--json")
    assert status == 0
    assert json.loads(out).keys() == {"game", "position", "outcome", "nimber", "winning_moves"}


@pytest.mark.parametrize("code", ["0.156", "0.137", "0.77"])
def test_any_heap_of_a_certified_game_is_answered(capsys, code):
    """A heap of 10**1000 tokens: outcome, nimber and winning moves at once."""
    heap = 10**1000
    status, out, err = run_main(capsys, "octal", str(heap), "--code", code, "--json")
    assert status == 0 and err == ""
    answer = json.loads(out)
    assert answer["position"] == [heap]
    assert answer["nimber"] == octal.grundy_value(code, heap)
    assert answer["outcome"] == ("P" if answer["nimber"] == 0 else "N")
    for move in answer["winning_moves"]:
        assert octal.is_p_position(move["to"], code)
    if answer["winning_moves"]:
        assert answer["winning_move_count"] > len(answer["winning_moves"])
    status, out, err = run_main(capsys, "octal", str(heap), "--code", code)
    assert status == 0 and err == "" and "Issue\u00a0:" in out


def test_period_of_an_octal_game(capsys):
    """0.156, solved since 1967: period 349 from heap 3479."""
    status, out, err = run_main(capsys, "period", "--code", "0.156", "--json")
    assert status == 0 and err == ""
    answer = json.loads(out)
    assert answer.keys() == {
        "game", "code", "certified", "period", "preperiod", "values", "max_value", "rare_mask",
    }  # fmt: skip
    assert (answer["game"], answer["code"], answer["certified"]) == ("octal", "0.156", True)
    assert (answer["period"], answer["preperiod"], answer["max_value"]) == (349, 3479, 23)
    assert answer["values"] >= 2 * 3479 + 2 * 349 + 3
    assert isinstance(answer["rare_mask"], int)
    status, out, _ = run_main(capsys, "period", "--code", "0.156")
    assert status == 0 and "période 349 à partir de n = 3479" in out


def test_period_of_a_subtraction_game(capsys):
    status, out, _ = run_main(capsys, "period", "--set", "2,3,5,8", "--json")
    assert status == 0
    assert json.loads(out) == {
        "game": "subtraction",
        "code": "2,3,5,8",
        "certified": True,
        "period": 17,
        "preperiod": 13,
        "values": 38,
        "max_value": 4,
        "rare_mask": None,
    }


@pytest.mark.parametrize("limit", [1, 5, 20, 37])
def test_period_values_respect_the_limit(capsys, limit):
    """{2, 3, 5, 8} needs 38 values: fewer are computed, none beyond --values."""
    status, out, _ = run_main(
        capsys, "period", "--set", "8,2,3,5,3", "--values", str(limit), "--json"
    )
    assert status == 0
    answer = json.loads(out)
    assert answer["code"] == "2,3,5,8" and answer["values"] == limit
    assert (answer["certified"], answer["period"], answer["preperiod"]) == (False, None, None)


def test_no_period_within_the_values_is_said_with_status_0(capsys):
    status, out, _ = run_main(capsys, "period", "--code", "0.106", "--values", "3000", "--json")
    answer = json.loads(out)
    assert status == 0 and answer["certified"] is False
    assert answer["period"] is None and answer["preperiod"] is None and answer["values"] == 3000
