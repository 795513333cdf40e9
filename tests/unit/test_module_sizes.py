"""Files by concern: no module over MAX_LINES lines without a reason in its header.

A Python module of nimcore/ or site_hooks/, or a script of docs/javascripts/ or
site_hooks/, longer than :data:`MAX_LINES` lines either splits where it holds
two concerns or says in its docstring (Python) or its header comment
(JavaScript) why it stays whole, on a line starting with :data:`MARKER`.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

# Inside Pyodide (tests/pyodide) only tests/unit is mounted: there are no sources to read.
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="no source tree in Pyodide")

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 500
MARKER = "Size:"
FOLDERS = ("nimcore", "site_hooks", "docs/javascripts")


def _sources() -> list[Path]:
    found = []
    for folder in FOLDERS:
        for suffix in ("*.py", "*.js", "*.mjs"):
            found.extend((ROOT / folder).rglob(suffix))
    return sorted(path for path in found if "node_modules" not in path.parts)


def header(path: Path) -> str:
    """The module's docstring (Python), or its comment lines before the first code (JavaScript).

    >>> header(Path(__file__)).splitlines()[0]
    'Files by concern: no module over MAX_LINES lines without a reason in its header.'
    """
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return ast.get_docstring(ast.parse(text)) or ""
    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("//", "/*", "*")):
            lines.append(stripped.lstrip("/*").strip())
        elif stripped:
            break
    return "\n".join(lines)


def has_reason(path: Path) -> bool:
    return any(line.strip().startswith(MARKER) for line in header(path).splitlines())


def test_the_scan_sees_the_known_sources():
    """The scan finds the modules it is meant to check (a moved folder would empty it)."""
    names = {path.relative_to(ROOT).as_posix() for path in _sources()}
    assert {"nimcore/bridge.py", "site_hooks/macros.py", "docs/javascripts/boards/game.js"} <= names


@pytest.mark.parametrize(
    "path",
    [path for path in _sources() if len(path.read_text(encoding="utf-8").splitlines()) > MAX_LINES],
    ids=lambda path: path.relative_to(ROOT).as_posix(),
)
def test_a_long_module_says_why_it_stays_whole(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert has_reason(path), (
        f"{path.relative_to(ROOT)} has {lines} lines (over {MAX_LINES}): split it by concern,"
        f" or say why it stays whole on a line starting with {MARKER!r} in its header"
    )


def test_the_marker_is_read_in_both_languages(tmp_path):
    python = tmp_path / "long.py"
    python.write_text('"""A module.\n\nSize: one algorithm.\n"""\n', encoding="utf-8")
    script = tmp_path / "long.js"
    script.write_text("// A board.\n//\n// Size: one board.\n\nconst x = 1;\n", encoding="utf-8")
    bare = tmp_path / "bare.js"
    bare.write_text("const x = 1;\n// Size: too late\n", encoding="utf-8")
    assert has_reason(python) and has_reason(script) and not has_reason(bare)
