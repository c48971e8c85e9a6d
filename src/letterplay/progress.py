"""Progress reporting from the library without printing.

Long computations accept ``progress: ProgressCallback | None`` and call it as
``progress(description, done, total)``; the command line turns those calls into a progress bar.

Examples
--------
>>> seen = []
>>> report(lambda *step: seen.append(step), "solving", 1, 3)
>>> report(None, "solving", 2, 3)  # no callback: nothing happens
>>> seen
[('solving', 1, 3)]
"""

from __future__ import annotations

from collections.abc import Callable

from letterplay.errors import InputError, named

__all__ = ["ProgressCallback", "check_progress", "report"]

ProgressCallback = Callable[[str, int, int], None]


def report(progress: ProgressCallback | None, description: str, done: int, total: int) -> None:
    """Call ``progress`` if there is one."""
    if progress is not None:
        progress(description, done, total)


def check_progress(progress: object, name: str = "progress") -> ProgressCallback | None:
    """``progress`` when it is None or a function; else an InputError naming the parameter.

    Examples
    --------
    >>> check_progress(None) is None
    True
    >>> check_progress(3)
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `progress` must be a function or None, not int
    """
    if progress is not None and not callable(progress):
        raise InputError(
            f"{named(name)} must be a function or None, not {type(progress).__name__}",
            parameter=name,
        )
    return progress
