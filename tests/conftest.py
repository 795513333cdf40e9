"""Fixtures shared by the site tests (tests/site, tests/browser).

tests/unit has its own conftest and needs nothing from here: it also runs alone
inside Pyodide.
"""

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

from site_hooks.runtime import ROOT


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """Build the site once per run, exactly as `make build` does.

    The tests run in parallel processes (pytest-xdist, `make test`): the first
    one to get here builds, under a lock, into a folder they all share; the
    others wait for it and use the same build.
    """
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's folder, above each worker's own
    target = shared / "built-site"
    done = shared / "built-site.done"  # written once the build has succeeded
    with (shared / "built-site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.is_file():
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "mkdocs",
                    "build",
                    "--strict",
                    "--quiet",
                    "--site-dir",
                    str(target),
                ],
                cwd=ROOT,
                check=True,
                env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            )
            done.touch()
    return target
