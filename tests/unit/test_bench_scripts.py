"""Every script of bench/ imports and reads its options: `make bench` is not run by `make test`,
and a bench that no longer imports (a name moved elsewhere) would go unnoticed until then."""

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="the repository's files")

SCRIPTS = sorted(path.name for path in BENCH.glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_bench_script_starts(script):
    """A script answers --help (and so runs nothing); a module of the others imports."""
    source = (BENCH / script).read_text(encoding="utf-8")
    if '__name__ == "__main__"' in source:
        command = [sys.executable, str(BENCH / script), "--help"]
    else:
        command = [
            sys.executable,
            "-c",
            f"import sys; sys.path.insert(0, {str(BENCH)!r}); import {script.removesuffix('.py')}",
        ]
    done = subprocess.run(command, cwd=BENCH.parent, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    if "--help" in command:
        assert "usage:" in done.stdout, done.stdout[-500:]
