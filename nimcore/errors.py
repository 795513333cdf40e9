"""The single exception type raised by nimcore.

Every check on user input happens before any work starts, and fails with a
:class:`NimcoreError` whose message is a French sentence naming the bad value,
so that the command line, the build hooks and the boards can show it as is.
"""

__all__ = ["NimcoreError"]


class NimcoreError(ValueError):
    """An illegal position, move or parameter, explained in French.

    It subclasses :class:`ValueError`, so ``except ValueError`` also catches it.

    >>> raise NimcoreError("Un tas ne peut pas être négatif : -1.")
    Traceback (most recent call last):
    ...
    nimcore.errors.NimcoreError: Un tas ne peut pas être négatif : -1.

    *field*, when given, names the setup form's field the message is about (a
    board marks that field, not the whole form).

    >>> NimcoreError("Les tas : « x » n'est pas un nombre.", field="heaps").field
    'heaps'
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field
