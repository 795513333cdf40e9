"""The engine's memory snapshot: made at build time under Node, restored as the worker restores it.

A nimcore restored from the snapshot must answer exactly as nimcore under
CPython: same outcomes, same moves, same French sentences, for every game.
"""

import hashlib
import json
import shutil
import subprocess

import pytest

from nimcore import bridge, games
from site_hooks.runtime import ROOT, build_wheel, data_sources, make_snapshot

pytestmark = pytest.mark.node

#: One request of each kind a board or calculator makes, for every game.
REQUESTS = [
    ["version", {}],
    ["nim.analyse", {"position": [11, 9, 7]}],
    ["nim.computer_move", {"position": [3, 4, 5], "options": {"misere": True}}],
    ["nim.play", {"position": [3, 4, 5], "to": [1, 4, 5]}],
    ["wythoff.play", {"position": [5, 8], "to": [4, 8], "reply": {"level": "perfect", "seed": 3}}],
    ["subtraction.analyse", {"position": [9, 6, 4], "options": {"max": 3}}],
    ["subtraction.view", {"code": "10_s1.2.4"}],
    ["moore.analyse", {"position": [11, 9, 7], "options": {"k": 2}}],
    ["fibonacci.analyse", {"position": [24, 23]}],
    ["wythoff.computer_move", {"position": [10, 20]}],
    ["chomp.analyse", {"position": [4, 3, 1]}],
    ["chomp.analyse", {"position": [10, 10, 9, 9, 7, 5, 5, 3, 2, 1]}],  # the shipped table
    ["chomp.play", {"position": [13] * 12 + [12], "to": [13] * 12 + [11], "reply": {}}],
    ["ordinal.analyse", {"position": ["w+3", "w", "7"]}],
    ["grundy.analyse", {"position": [7, 5]}],
    ["octal.analyse", {"position": [10], "options": {"code": "0.137"}}],
    ["pawns.analyse", {"position": [[0, 0], [1, 0]], "options": {"size": 5}}],
    ["flowers.view", {"position": "ffxfffffff"}],
    ["graph.analyse", {"position": ["a", "b"], "options": {"graph": "exemple"}}],
    ["sprouts.analyse", {"position": "2,0-1"}],
    ["calc.nim_sum", {"values": [85, 97]}],
    ["calc.zeckendorf", {"value": 100}],
    ["calc.digits", {"value": 100, "base": 3}],
    ["calc.stella", {"size": 8}],
    ["calc.stella_cell", {"a": 5, "b": 9}],
    ["worksheet.make", {"family": "nim", "level": "easy", "seed": 2, "count": 4}],
    # (an octal game's answer says how many values the process has computed so far,
    # which depends on the tests run before: a subtraction game's does not)
    ["lab.analyse", {"kind": "subtraction", "set": "1,3,4", "misere": True, "values": 20}],
    ["nim.analyse", {"position": [-1]}],  # a French refusal
    ["os.system", {}],  # outside the allow-list
]


@pytest.fixture(scope="module")
def wheel_and_snapshot(tmp_path_factory):
    wheel = build_wheel(tmp_path_factory.mktemp("wheel"))
    return wheel, make_snapshot(wheel, hashlib.sha256(wheel.read_bytes()).hexdigest())


def test_the_restored_engine_answers_as_cpython(wheel_and_snapshot, tmp_path):
    node = shutil.which("node")
    assert node, "Node.js est nécessaire (Node ≥ 18)."
    _, snapshot = wheel_and_snapshot
    requests = tmp_path / "requests.json"
    requests.write_text(json.dumps(REQUESTS), encoding="utf-8")
    completed = subprocess.run(
        [
            node,
            str(ROOT / "tests" / "pyodide" / "restore_snapshot.mjs"),
            str(snapshot),
            json.dumps(data_sources()),
            str(requests),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert completed.returncode == 0, (completed.stdout + completed.stderr)[-4000:]
    answers = json.loads(completed.stdout.strip().splitlines()[-1])
    expected = [
        json.loads(bridge.dispatch(kind, json.dumps(payload))) for kind, payload in REQUESTS
    ]
    assert answers[0]["ok"] and answers[0]["result"]["python"].startswith("3.14")
    for (kind, _), got, want in zip(REQUESTS[1:], answers[1:], expected[1:], strict=True):
        assert got == want, kind


def test_the_requests_reach_every_kind_of_call():
    """Every call of the allow-list outside the games, and every game, is asked above:
    the snapshot boot has no wheel, so a module it lacks would fail only in the browser."""
    asked = {kind for kind, _ in REQUESTS}
    others = {name for name in bridge.CALLS if name.split(".")[0] not in games.IDS}
    assert others - {"engine.spin"} <= asked
    assert set(games.IDS) <= {kind.split(".")[0] for kind in asked}


def test_the_snapshot_is_made_once_per_wheel(wheel_and_snapshot):
    """A rebuild with the same wheel reuses the cached snapshot instead of making another."""
    wheel, snapshot = wheel_and_snapshot
    before = snapshot.stat().st_mtime_ns
    again = make_snapshot(wheel, hashlib.sha256(wheel.read_bytes()).hexdigest())
    assert again == snapshot and again.stat().st_mtime_ns == before


#: Packs then unpacks byte strings with docs/javascripts/engine/sparse.js; damaged packs must throw.
SPARSE_ROUND_TRIP = """
import { fillBase, packPages, packedLength, unpackPages } from "./docs/javascripts/engine/sparse.js";
const page = 4096;
const cases = {
  empty: new Uint8Array(0),
  zeros: new Uint8Array(3 * page + 17),
  short_tail: Uint8Array.from({ length: 2 * page + 5 }, (_, i) => (i > 2 * page ? 7 : 0)),
  one_byte: Uint8Array.of(9),
  mixed: Uint8Array.from({ length: 9 * page + 100 }, (_, i) => ([1, 4, 5, 8].includes(Math.floor(i / page)) ? (i * 31) % 251 : 0)),
};
const result = {};
for (const [name, bytes] of Object.entries(cases)) {
  const packed = packPages(bytes);
  const back = unpackPages(packed);
  result[name] = { same: back.length === bytes.length && back.every((b, i) => b === bytes[i]), packed: packed.length };
}
// Against a base: pages 4 and 5 are the base's, page 1 differs from it by one byte.
const base = cases.mixed.slice(0, 7 * page);
base[page + 10] ^= 1;
const packed = packPages(cases.mixed, page, base);
// The worker learns the length from the first inflated bytes, then unpacks into its own buffer.
const back = new Uint8Array(packedLength(packed.subarray(0, 12)));
unpackPages(packed, back);
const holes = back.subarray(4 * page, 6 * page).every((b) => b === 0);
const filled = fillBase(back, packed, (start, end) => base.subarray(start, end));
result.base = { same: back.every((b, i) => b === cases.mixed[i]), packed: packed.length, holes, filled };
const other = base.slice();
other[4 * page + 3] ^= 1;
let refusedBase;
try { fillBase(unpackPages(packed), packed, (start, end) => other.subarray(start, end)); refusedBase = "accepted"; } catch (error) { refusedBase = error.message; }
const damaged = {
  magic: Uint8Array.from(packed, (b, i) => (i === 0 ? 0 : b)),
  truncated: packed.subarray(0, packed.length - 1),
  extra: Uint8Array.from([...packed, 0]),
  header_only: packed.subarray(0, 10),
};
result.refused = Object.entries(damaged).map(([name, bytes]) => {
  try { unpackPages(bytes); return `${name}: accepted`; } catch (error) { return error.message.startsWith("instantané endommagé") ? "ok" : `${name}: ${error}`; }
});
result.refused.push(refusedBase.startsWith("instantané endommagé") ? "ok" : `base: ${refusedBase}`);
for (const [name, attempt] of [
  ["short_head", () => packedLength(packed.subarray(0, 11))],
  ["wrong_size", () => unpackPages(packed, new Uint8Array(back.length - 1))],
]) {
  try { attempt(); result.refused.push(`${name}: accepted`); } catch (error) { result.refused.push(error.message.startsWith("instantané endommagé") ? "ok" : `${name}: ${error}`); }
}
console.log(JSON.stringify(result));
"""


def test_sparse_pages_round_trip_and_refuse_damage():
    """The snapshot is stored without its empty pages, nor those the base holds: unpacking,
    then filling from the base, gives back every byte; a different base is refused."""
    node = shutil.which("node")
    assert node, "Node.js est nécessaire (Node ≥ 18)."
    completed = subprocess.run(
        [node, "--input-type=module", "-e", SPARSE_ROUND_TRIP],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    result = json.loads(completed.stdout)
    assert result.pop("refused") == ["ok"] * 7
    with_base = result.pop("base")
    assert all(case["same"] for case in result.values()), result
    header = 24
    assert (
        result["empty"]["packed"] == result["zeros"]["packed"] == header
    )  # nothing but the header
    assert result["short_tail"]["packed"] == header + 8 + page_tail(2 * 4096 + 5, 4096)
    assert result["mixed"]["packed"] == header + 3 * 8 + 3 * 4096 + 4096  # runs 1, 4-5, 8
    # Pages 4-5 are only named (a run of their own), then filled from the base: 2 pages.
    assert with_base == {
        "same": True,
        "packed": header + 3 * 8 + 2 * 4096,  # pages 1 and 8 kept
        "holes": True,
        "filled": 2 * 4096,
    }


def page_tail(length: int, page: int) -> int:
    return length - (length // page) * page
