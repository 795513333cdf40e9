"""Fixtures shared by the site tests (tests/site, tests/browser), and the suite's order.

tests/unit has its own conftest and needs nothing from here: it also runs alone
inside Pyodide.

The site is built once per run, in the background from the start of the run
(while the unit tests run), and the tests run in this order: nimcore inside
Pyodide first (the run's longest test), then the unit tests, the site's, and the
browser's last, which need the build.
"""

import fcntl
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from site_hooks.runtime import ROOT

TESTS = Path(__file__).resolve().parent
#: The folders whose tests need the built site.
NEED_SITE = (TESTS / "site", TESTS / "browser")
#: Order of the folders in a run (pytest-xdist hands out tests in this order).
ORDER = ("pyodide", "unit", "site", "browser")
#: Longest wait for a build started by the run (it takes about a minute).
BUILD_TIMEOUT = 900


def build(target: Path, **options) -> subprocess.Popen[bytes]:
    """Start `make build`'s command, into *target* (*options*: Popen's)."""
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"]
    return subprocess.Popen(
        [*command, "--site-dir", str(target)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        **options,
    )


def run_folder(config: pytest.Config) -> Path:
    """The folder of the run shared by every process (pytest-xdist's workers have their own
    below it)."""
    shared: Path = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    return shared.parent if os.environ.get("PYTEST_XDIST_WORKER") else shared


def wants_site(config: pytest.Config) -> bool:
    """Whether the run's paths include tests that need the built site."""
    for argument in config.args:
        path = (Path(config.invocation_params.dir) / argument.split("::")[0]).resolve()
        for folder in NEED_SITE:
            if path == folder or folder in path.parents or path in folder.parents:
                return True
    return False


_BUILD: dict[str, subprocess.Popen[bytes]] = {}


def pytest_sessionstart(session: pytest.Session) -> None:
    """In the run's first process (pytest-xdist's controller, or pytest alone), start the
    site's build in the background when the run has site or browser tests."""
    config = session.config
    if os.environ.get("PYTEST_XDIST_WORKER") or not wants_site(config):
        return
    if getattr(config.option, "collectonly", False):
        return
    folder = run_folder(config)
    log = (folder / "built-site.log").open("wb")
    process = build(folder / "built-site", stdout=log, stderr=subprocess.STDOUT)
    _BUILD["process"] = process
    (folder / "built-site.started").touch()

    def finish() -> None:
        status = process.wait()
        log.close()
        (folder / ("built-site.done" if status == 0 else "built-site.failed")).touch()

    threading.Thread(target=finish, daemon=True).start()


def pytest_sessionfinish(session: pytest.Session) -> None:
    process = _BUILD.pop("process", None)
    if process is not None and process.poll() is None:
        process.terminate()  # a run that ended before needing the site (-x, -k …)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Pyodide first, then unit, site and browser tests (stable: within a folder, as collected)."""

    def rank(item: pytest.Item) -> int:
        parts = Path(str(item.path)).resolve().relative_to(TESTS).parts
        return ORDER.index(parts[0]) if parts and parts[0] in ORDER else len(ORDER)

    items.sort(key=rank)


@pytest.fixture(scope="session")
def built_site(request: pytest.FixtureRequest) -> Path:
    """The site, built once per run exactly as `make build` does.

    The build started with the run (pytest_sessionstart) is waited for. When the run did
    not start one (its paths name no site or browser test, yet one asks for the site), the
    first process to get here builds, under a lock, into the folder every process shares;
    the others wait for it.
    """
    shared = run_folder(request.config)
    target = shared / "built-site"
    done = shared / "built-site.done"  # written once the build has succeeded
    if (shared / "built-site.started").is_file():
        deadline = time.monotonic() + BUILD_TIMEOUT
        while not done.is_file():
            if (shared / "built-site.failed").is_file():
                log = (shared / "built-site.log").read_text(errors="replace")
                pytest.fail(f"La construction du site a échoué :\n{log[-4000:]}")
            if time.monotonic() > deadline:
                pytest.fail("La construction du site n'a pas fini dans le temps imparti.")
            time.sleep(0.2)
        return target
    with (shared / "built-site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.is_file():
            if build(target).wait() != 0:
                pytest.fail("La construction du site a échoué (voir sa sortie ci-dessus).")
            done.touch()
    return target
