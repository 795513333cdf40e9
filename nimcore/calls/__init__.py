"""The calls the bridge allows (:mod:`nimcore.bridge`), one module by concern.

- :mod:`nimcore.calls.games`: the six calls every game of the registry answers
  (``"nim.view"``, ``"wythoff.play"``…);
- :mod:`nimcore.calls.calculators`: the calculators' page (``"calc.…"``);
- :mod:`nimcore.calls.tools`: the teacher's worksheet, the laboratory and
  ``"engine.spin"`` (tests and bench).

Each call takes the request's payload (a JSON object, already checked by the
bridge) and the request's :data:`~nimcore.progress.Progress`, and returns what
``json.dumps`` writes; a :class:`~nimcore.errors.NimcoreError` is the reader's
French refusal. What the calls share is here: their type, how an integer
travels to JavaScript, and the lazy loader of the modules only some calls need.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from nimcore.progress import Progress

__all__ = ["MAX_SAFE_INTEGER", "Call", "exact", "lazy"]

Call = Callable[[Mapping[str, Any], Progress], Any]

#: Largest integer a JSON number carries exactly to JavaScript (2^53 − 1).
MAX_SAFE_INTEGER = 2**53 - 1


def exact(value: int) -> int | str:
    """An integer for JSON: a number when JavaScript holds it exactly, its decimal string beyond."""
    return value if value <= MAX_SAFE_INTEGER else str(value)


def lazy(name: str) -> ModuleType:
    """The module ``nimcore.<name>``, loaded on first use (the standard library's LazyLoader).

    Only the calculators need these; a board page plays one game, and the
    registry imports that game's modules when it is first asked.
    """
    full = f"nimcore.{name}"
    if full in sys.modules:
        return sys.modules[full]
    spec = importlib.util.find_spec(full)
    assert spec is not None and spec.loader is not None, full
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    spec.loader.exec_module(module)
    setattr(sys.modules["nimcore"], name, module)  # as the import system does for a submodule
    return module
