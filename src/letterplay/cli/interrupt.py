"""Ctrl-C during a long search: one ``aborted`` line and exit status 130, however often it is
pressed.

The first interrupt stops the search; from then on further interrupts are ignored, so a second
Ctrl-C cannot land inside the clean-up (the progress bar's thread being joined, the message being
printed) and end the program with a traceback.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import click

__all__ = ["interruptible"]


def _stop(signum, frame) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the program is stopping: once is enough
    raise KeyboardInterrupt


@contextmanager
def interruptible() -> Iterator[None]:
    """Run the block with Ctrl-C turned into a clean :class:`click.Abort` (exit 130 by the
    command group), later interrupts ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signals reach the main thread only
        return
    previous = signal.signal(signal.SIGINT, _stop)
    try:
        yield
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise click.exceptions.Abort() from None
    signal.signal(signal.SIGINT, previous)
