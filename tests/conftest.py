"""Fixtures shared by the site tests (tests/site, tests/browser).

tests/unit has its own conftest and needs nothing from here: it also runs alone
inside Pyodide.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from site_hooks.runtime import ROOT


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """Build the site once per session, exactly as `make build` does."""
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(target)],
        cwd=ROOT,
        check=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return target
