"""nimcore's unit tests, run again inside Pyodide under Node, from the built wheel.

This proves the wheel the site serves imports and computes correctly on
Python 3.14 compiled to WebAssembly, with Pyodide's small stack; the data files
the site serves apart (Chomp's table) are written in place as the worker does.
"""

import json
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

from site_hooks.runtime import ROOT, build_wheel, data_sources

pytestmark = pytest.mark.node


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


def test_unit_suite_passes_in_pyodide(wheel):
    node = shutil.which("node")
    assert node, "Node.js est nécessaire (Node ≥ 18)."
    completed = subprocess.run(
        [
            node,
            str(ROOT / "tests" / "pyodide" / "run_pytest.mjs"),
            str(wheel),
            json.dumps(data_sources()),
            sysconfig.get_paths()["purelib"],
            str(ROOT / "tests" / "unit"),
            "-q",
            "-m",
            "not slow and not soak",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    output = completed.stdout + completed.stderr
    assert completed.returncode == 0, output[-6000:]
    assert "Pyodide 3.14" in output and "emscripten" in output, output[-2000:]
    assert " passed" in output and "failed" not in output, output[-2000:]
