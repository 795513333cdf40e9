"""How the project launches Chromium: the tests, the benchmarks and the printed book alike.

Debian's Chromium when present (or the one ``NIM_CHROMIUM`` names), else
Playwright's own; and flags that leave no network beyond the local server.
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


def executable() -> str | None:
    """Debian's Chromium when present (or NIM_CHROMIUM), else None: Playwright's own."""
    candidate = os.environ.get("NIM_CHROMIUM") or "/usr/bin/chromium"
    return candidate if os.access(candidate, os.X_OK) else None


def launch_args() -> dict[str, Any]:
    """The keyword arguments of Playwright's ``chromium.launch``: the flags, and the executable."""
    found = executable()
    return {"args": list(FLAGS), **({"executable_path": found} if found else {})}
