"""How the project launches Chromium: the tests, the benchmarks and the printed book alike.

Debian's Chromium when present (or the one ``NIM_CHROMIUM`` names), else
Playwright's own; and flags that leave no network beyond the local server.

The tests take Debian's ``chromium-headless-shell`` when it is installed: the
same Blink and V8 without the desktop browser's user interface, so a page load
with its engine costs about 40 % less CPU (2.0 s against 3.3 s, measured on
the Nim page, three loads each). The benchmarks keep the browser readers run.
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["FLAGS", "executable", "launch_args"]

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Belt and braces: any host but the local server fails to resolve.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]


#: Debian's Chromium, and its headless shell (package chromium-headless-shell).
BROWSER = "/usr/bin/chromium"
SHELL = "/usr/bin/chromium-headless-shell"


def executable(*, shell: bool = False) -> str | None:
    """NIM_CHROMIUM if set; else, with *shell*, Debian's headless shell when present; else
    Debian's Chromium when present; else None: Playwright's own."""
    named = os.environ.get("NIM_CHROMIUM")
    for candidate in [named] if named else [SHELL] * shell + [BROWSER]:
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def launch_args(*, shell: bool = False) -> dict[str, Any]:
    """The keyword arguments of Playwright's ``chromium.launch``: the flags, and the executable
    (:func:`executable`)."""
    found = executable(shell=shell)
    return {"args": list(FLAGS), **({"executable_path": found} if found else {})}
