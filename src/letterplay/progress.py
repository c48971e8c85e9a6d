"""Progress reporting from the library without printing, and stopping a computation early.

Long computations accept ``progress: ProgressCallback | None`` and call it as
``progress(description, done, total)``; the command line turns those calls into a progress bar.
Every long loop reports, at least every few tenths of a second, so a callback may also stop the
computation: one that raises :class:`~letterplay.errors.Cancelled` ends it there, and the
exception, unwinding it, frees what it holds. :class:`Cancellation` is such a callback, with a
deadline and a :meth:`~Cancellation.cancel` that works from any thread; the web app gives one to
every search.

Examples
--------
>>> seen = []
>>> report(lambda *step: seen.append(step), "solving", 1, 3)
>>> report(None, "solving", 2, 3)  # no callback: nothing happens
>>> seen
[('solving', 1, 3)]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from letterplay.errors import Cancelled, InputError, named, shown

__all__ = ["Cancellation", "ProgressCallback", "check_progress", "report"]

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


class Cancellation:
    """A progress callback that stops the computation it is given to: the first report after
    :meth:`cancel` has been called, or after ``seconds`` have passed, raises
    :class:`~letterplay.errors.Cancelled`. Until then each report goes on to ``then`` (a
    progress bar, say), if given.

    Cooperative, not forced: the computation stops at its next report, so it never stops
    halfway through an update, and everything it held is freed as the exception unwinds it.
    :meth:`cancel` may be called from any thread (it sets one attribute).

    Parameters
    ----------
    seconds : float, optional
        The time allowed from now (at least 0); None: no deadline, only :meth:`cancel`.
    then : callable, optional
        ``then(description, done, total)``, called with each report while not cancelled.

    Examples
    --------
    >>> stop = Cancellation()
    >>> report(stop, "solving", 1, 3)  # not cancelled: the report passes
    >>> stop.cancel("no one waits for the answer")
    >>> report(stop, "solving", 2, 3)
    Traceback (most recent call last):
    ...
    letterplay.errors.Cancelled: stopped while solving (2 of 3): no one waits for the answer
    >>> stop.stopped
    True
    >>> Cancellation(seconds=0).cancelled
    True
    """

    def __init__(self, seconds: float | None = None, then: ProgressCallback | None = None) -> None:
        if seconds is not None and not (isinstance(seconds, int | float) and seconds >= 0):
            raise InputError(
                f"`seconds` must be a number of at least 0 or None, not {shown(seconds)}",
                parameter="seconds",
            )
        self.seconds = seconds
        self.deadline = math.inf if seconds is None else time.monotonic() + seconds
        self.then = check_progress(then, "then")
        self.reason: str | None = None
        self.stopped = False
        """Whether a report has raised Cancelled: the computation has been told to stop."""

    def cancel(self, reason: str = "cancelled") -> None:
        """Stop the computation at its next report (the first reason given is kept)."""
        if self.reason is None:
            self.reason = reason

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` has been called or the deadline has passed."""
        if self.reason is None and time.monotonic() >= self.deadline:
            self.cancel(f"its time ran out ({self.seconds:g} s)")
        return self.reason is not None

    def __call__(self, description: str, done: int, total: int) -> None:
        if self.cancelled:
            self.stopped = True
            raise Cancelled(f"stopped while {description} ({done:,} of {total:,}): {self.reason}")
        if self.then is not None:
            self.then(description, done, total)
