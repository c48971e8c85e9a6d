"""What every command's output shares: the console, JSON or text, progress bars, output files.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> lexicon_line(Lexicon.from_words(["bee", "hive"], name="tiny"))
'tiny (2 words, sha256 139283c02e85…)'
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from letterplay.errors import InputError
from letterplay.files import OutputExistsError, check_output, write_atomic
from letterplay.progress import ProgressCallback
from letterplay.results import to_json

if TYPE_CHECKING:
    from rich.console import Console

    from letterplay.lexicon import Lexicon

__all__ = [
    "console",
    "emit",
    "fill",
    "lexicon_line",
    "output_file",
    "plural",
    "progress",
    "progress_enabled",
    "write_output",
]


@functools.cache
def console(err: bool = False) -> Console:
    """The rich console for stdout (or stderr), made on first use: importing rich costs more
    than a whole ``--json`` command, so only text output pays for it."""
    from rich.console import Console

    # no emoji codes: words are never ``:name:``, and their table costs 2 ms to load
    if err:
        return Console(stderr=True, highlight=False, emoji=False)
    return Console(highlight=False, soft_wrap=True, emoji=False)


def emit(payload: dict[str, Any], as_json: bool, render: Callable[[Console], None]) -> None:
    """Print a result: its JSON object (strict JSON, one line) or ``render(console)``."""
    if as_json:
        sys.stdout.write(to_json(payload) + "\n")
    else:
        render(console())


def lexicon_line(lexicon: Lexicon) -> str:
    """How text output names its lexicon: ``enable1 (172,820 words, sha256 f32e6fbdc4cf…)``."""
    return f"{lexicon.name} ({len(lexicon):,} words, sha256 {lexicon.sha256[:12]}…)"


def plural(n: int, thing: str) -> str:
    """``1 game``, ``4,510,515 games``.

    >>> plural(1, "game"), plural(2_000, "word")
    ('1 game', '2,000 words')
    """
    return f"{n:,} {thing}" if n == 1 else f"{n:,} {thing}s"


def fill(items: list[str], indent: str = "  ") -> str:
    """Words wrapped at 100 columns, indented.

    >>> fill(["ride", "dire"])
    '  ride dire'
    """
    import textwrap

    return textwrap.fill(
        " ".join(items), width=100, initial_indent=indent, subsequent_indent=indent
    )


def progress_enabled(as_json: bool) -> bool:
    """Progress bars only for people: not with ``--json`` and not when stderr is not a terminal."""
    return not as_json and sys.stderr.isatty() and console(err=True).is_terminal


@contextmanager
def progress(as_json: bool) -> Iterator[ProgressCallback | None]:
    """A rich progress bar on stderr, as a callback for the library (None when disabled)."""
    if not progress_enabled(as_json):
        yield None
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total}"),
        TimeElapsedColumn(),
        console=console(err=True),
        transient=True,
    ) as bar:
        tasks: dict[str, Any] = {}

        def update(description: str, done: int, total: int) -> None:
            if description not in tasks:
                tasks[description] = bar.add_task(description, total=total)
            bar.update(tasks[description], completed=done, total=total)

        yield update


def output_file(path: str | Path, force: bool, suffixes: tuple[str, ...]) -> Path:
    """Check an output file before any work (see :func:`letterplay.files.check_output`)."""
    try:
        return check_output(path, force, suffixes)
    except OutputExistsError as e:
        raise InputError(f"{e}; use --force to overwrite it") from None


def write_output(path: Path, content: str | bytes, force: bool) -> None:
    """Write a picture or text to ``path`` atomically (:func:`letterplay.files.write_atomic`)."""
    try:
        write_atomic(path, content, force)
    except OutputExistsError as e:
        raise InputError(f"{e}; use --force to overwrite it") from None
