"""The progress of a long computation, told to whoever follows the current request.

The bridge runs each call inside :func:`reporting`, with the request's own
``progress(done, total)``; a computation deep inside nimcore (the values of an
octal game, computed the first time a board asks about a large heap) reports
through :func:`current` without every function in between passing it on.

>>> seen = []
>>> with reporting(lambda done, total: seen.append((done, total))):
...     hook = current()
...     if hook is not None:
...         hook(1, 2)
>>> seen, current() is None
([(1, 2)], True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["Progress", "current", "no_progress", "reporting"]

#: How a computation reports its progress: ``progress(done, total)``, *done* out of *total* steps.
Progress = Callable[[int, int], None]

_CURRENT: ContextVar[Progress | None] = ContextVar("nimcore_progress", default=None)


def no_progress(done: int, total: int) -> None:
    """The progress hook of a request nobody follows: it does nothing."""


@contextmanager
def reporting(progress: Progress | None) -> Iterator[None]:
    """Within the block, :func:`current` is *progress* (None: nobody follows)."""
    token = _CURRENT.set(None if progress is no_progress else progress)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def current() -> Progress | None:
    """The hook of the computation under way (see :func:`reporting`), or None."""
    return _CURRENT.get()
