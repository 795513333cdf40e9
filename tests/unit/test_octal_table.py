"""The committed table of every three-digit octal game, regenerated on a sample.

``site_hooks/data/octal_games.json`` is written once by ``tools/octal_table.py``
(about half an hour); here a sample of its codes is computed again and must
give the same entries, and its groups must be what its entries say.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path

import pytest

from nimcore import octal
from nimcore.errors import NimcoreError

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "site_hooks" / "data" / "octal_games.json"

# The data file and the script live in the repository, not in the wheel Pyodide tests.
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="the repository's files")


def load_tool():
    spec = importlib.util.spec_from_file_location("octal_table", ROOT / "tools" / "octal_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def data():
    return json.loads(DATA.read_text())


def test_every_code_once(data):
    codes = [item["code"] for item in data["games"]]
    assert codes == load_tool().every_code()
    assert len(codes) == 511
    assert sorted(code for group in data["groups"] for code in group) == sorted(codes)


def test_groups_are_the_entries_keys(data):
    by_code = {item["code"]: item for item in data["games"]}
    for group in data["groups"]:
        keys = {by_code[code]["key"] for code in group}
        assert len(keys) == 1, group
        assert all(
            by_code[code]["first_values"] == by_code[group[0]]["first_values"] for code in group
        )


def test_known_games(data):
    by_code = {item["code"]: item for item in data["games"]}
    assert (by_code["0.137"]["preperiod"], by_code["0.137"]["period"]) == (52, 34)
    assert (by_code["0.070"]["preperiod"], by_code["0.070"]["period"]) == (53, 34)
    assert (by_code["0.127"]["preperiod"], by_code["0.127"]["period"]) == (46578, 4)
    assert (by_code["0.770"]["preperiod"], by_code["0.770"]["period"]) == (71, 12)
    assert (by_code["0.156"]["preperiod"], by_code["0.156"]["period"]) == (3479, 349)
    assert (by_code["0.560"]["preperiod"], by_code["0.560"]["period"]) == (326640, 144)
    assert (by_code["0.160"]["preperiod"], by_code["0.160"]["period"]) == (105351, 149459)
    # 0.127's rare set is tied to the heap: G(n) rare when it has the parity of n + 1.
    assert (by_code["0.127"]["rare_mask"], by_code["0.127"]["rare_phase"]) == (1, 1)
    assert (by_code["0.160"]["rare_mask"], by_code["0.160"]["rare_phase"]) == (0b11110, None)


def test_the_page_writes_the_rare_sets_parity():
    from site_hooks.tables.octal import octal_games_table

    page = octal_games_table()
    assert ">1 (parité de n + 1)</td>" in page  # 0.127
    assert ">11110</td>" in page  # 0.16


def test_a_sample_regenerated(data):
    """Twelve solved codes that certify within 16 384 values, and the games 0.137 and 0.156."""
    tool = load_tool()
    quick = [
        item["code"] for item in data["games"] if item["certified"] and item["values"] <= 1 << 14
    ]
    sample = random.Random(2026).sample(quick, 12) + ["0.137", "0.156"]
    tool._DONE.clear()
    for code in sample:
        expected = next(item for item in data["games"] if item["code"] == code)
        assert tool.entry(code, data["limit"], data["direct"]) == expected, code


def test_unsolved_codes_have_no_short_certificate(data):
    """An unsolved code has no period certified by its first 4 096 values either."""
    unsolved = [item["code"] for item in data["games"] if not item["certified"]]
    assert unsolved
    for code in random.Random(2026).sample(unsolved, min(6, len(unsolved))):
        assert not octal.periodicity(code, limit=4096).certified, code


def test_nimcores_unsettled_games_are_the_tables(data, tmp_path, monkeypatch):
    """nimcore/octal/unsettled.py is what the tool writes from the committed table."""
    tool = load_tool()
    monkeypatch.setattr(tool, "UNSETTLED", tmp_path / "unsettled.py")
    tool.write_unsettled(data["games"], data["limit"])
    written = (tmp_path / "unsettled.py").read_text()
    assert written == (ROOT / "nimcore" / "octal" / "unsettled.py").read_text()
    assert data["limit"] == octal.SEARCH_LIMIT


def test_an_unsettled_game_refuses_a_heap_beyond_the_search_at_once():
    """0.104 has no period within 2**20 values: a heap of ten million is refused before any search."""
    from nimcore.octal import values

    assert "0.104" in values.UNSETTLED
    values._SEQUENCES.pop("0.104", None)
    with pytest.raises(NimcoreError, match=r"1048576 premières valeurs du jeu octal 0,104"):
        octal.grundy_value("0.104", 9_999_999)
    assert len(values._sequence(octal.parse_code("0.104")).values) <= 1
    values._SEQUENCES.pop("0.104", None)


def test_every_game_names_its_source(data):
    by_code = {item["code"]: item for item in data["games"]}
    assert all(item["source"] for item in data["games"])
    assert by_code["0.354"]["source"] == "Achim Flammenkamp (2002)"
    assert by_code["0.376"]["source"] == by_code["0.160"]["source"]
    assert "Gangolli" in by_code["0.376"]["source"] and "1989" in by_code["0.127"]["source"]
    assert by_code["0.770"]["source"] == "Guy et Smith (1956)"
    assert by_code["0.156"]["source"] == "Jack Kenyon (1967)"
    from site_hooks.tables.octal import octal_games_table

    assert "Achim Flammenkamp (2002)" in octal_games_table()


def test_period_values_reach_the_longest_certificate():
    """0.354's certificate needs 2·10 061 916 + 2·1 180 + 3 values: --values accepts them."""
    from nimcore import cli

    assert octal.MAX_VALUES >= 2 * 10_061_916 + 2 * 1_180 + 3
    with pytest.raises(NimcoreError, match="--values"):
        cli.run(["period", "--set", "1,2", "--values", str(cli.MAX_SUBTRACTION_VALUES + 1)])
    with pytest.raises(NimcoreError, match="--values"):
        cli.run(["period", "--code", "0.77", "--values", str(octal.MAX_VALUES + 1)])
    assert cli.run(["period", "--code", "0.77", "--values", str(octal.MAX_VALUES)])["certified"]
