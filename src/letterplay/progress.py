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

__all__ = ["ProgressCallback", "report"]

ProgressCallback = Callable[[str, int, int], None]


def report(progress: ProgressCallback | None, description: str, done: int, total: int) -> None:
    """Call ``progress`` if there is one."""
    if progress is not None:
        progress(description, done, total)
