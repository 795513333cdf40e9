"""The command line: the JSON contract, French answers, French refusals with status 2."""

import json
import subprocess
import sys

import pytest

from nimcore import cli


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
    ok = subprocess.run([sys.executable, "-m", "nimcore", "nim", "1", "3", "5", "7", "--json"],
                        capture_output=True, text=True, check=False)
    assert ok.returncode == 0 and json.loads(ok.stdout)["outcome"] == "P"
    bad = subprocess.run([sys.executable, "-m", "nimcore", "nim", "-4"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip().count("\n") == 0 and "Traceback" not in bad.stderr
