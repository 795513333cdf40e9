"""The calls of the teacher's worksheet, of the laboratory, and ``"engine.spin"``."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from nimcore.calls import Call, lazy
from nimcore.errors import NimcoreError
from nimcore.french import quoted, typeset
from nimcore.progress import Progress

worksheet = lazy("worksheet")

__all__ = ["MAX_SPIN_MS", "TOOL_CALLS"]


def _worksheet(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    """A teacher's worksheet (nimcore.worksheet): ``family``, ``level``, ``seed``, ``count``."""
    sheet: dict[str, Any] = worksheet.worksheet(
        payload.get("family"),
        payload.get("level"),
        payload.get("seed", 1),
        payload.get("count", 8),
    )
    return sheet


def _lab(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    """The laboratory's game, defined by the reader (nimcore.lab): values, period, plot, board.

    nimcore.lab is imported on first use: a page without the laboratory never
    loads it. (Not a lazy module as above: the doctests' look at nimcore's
    namespace would load it while reading that namespace.)
    """
    from nimcore import lab

    answer: dict[str, Any] = lab.analyse(payload, progress)
    return answer


#: Longest wait "engine.spin" accepts, in milliseconds.
MAX_SPIN_MS = 60_000


def _spin(payload: Mapping[str, Any], progress: Progress) -> dict[str, Any]:
    """Keep the engine busy for ``ms`` milliseconds, reporting progress every ``step`` ms.

    For the tests and the bench of stopping a request (the laboratory's « Arrêter »):
    the one call that lasts as long as it is asked, up to :data:`MAX_SPIN_MS`.
    """
    ms = payload.get("ms", 0)
    step = payload.get("step", 50)
    for name, value in (("ms", ms), ("step", step)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SPIN_MS:
            raise NimcoreError(
                typeset(
                    f"La durée {name} doit être un entier de 0 à {MAX_SPIN_MS}, pas {quoted(value)}."
                )
            )
    start = time.monotonic()
    steps = 0
    total = max(1, ms // max(1, step))
    while (elapsed := (time.monotonic() - start) * 1000) < ms:
        if elapsed >= (steps + 1) * max(1, step):
            steps += 1
            progress(min(steps, total), total)
    progress(total, total)
    return {"ms": ms, "steps": total}


#: These calls, by name.
TOOL_CALLS: dict[str, Call] = {
    "engine.spin": _spin,
    "worksheet.make": _worksheet,
    "lab.analyse": _lab,
}
