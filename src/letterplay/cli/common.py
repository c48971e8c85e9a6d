"""What every command shares: ``--lexicon`` and ``--json``, output, progress bars, output files.

A command declares ``@puzzle_options`` and receives ``lexicon`` (a loaded :class:`Lexicon`;
enable1, bundled, when ``--lexicon`` is not given) and ``as_json``. It then calls
:func:`emit` with its result dict and a function that renders it for people with rich.
"""

from __future__ import annotations

import functools
import math
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from letterplay import lexicon as lx
from letterplay.errors import InputError
from letterplay.files import OutputExistsError, check_output, write_atomic
from letterplay.progress import ProgressCallback
from letterplay.results import envelope, to_json
from letterplay.validate import SEED_BITS

if TYPE_CHECKING:
    from rich.console import Console

__all__ = [
    "SEED",
    "FiniteFloat",
    "allow_offensive_option",
    "console",
    "emit",
    "force_option",
    "lexicon_line",
    "load_lexicon",
    "output_file",
    "progress",
    "progress_enabled",
    "puzzle_options",
    "write_output",
]


@functools.cache
def console(err: bool = False) -> Console:
    """The rich console for stdout (or stderr), made on first use: importing rich costs more
    than a whole ``--json`` command, so only text output pays for it."""
    from rich.console import Console

    if err:
        return Console(stderr=True, highlight=False)
    return Console(highlight=False, soft_wrap=True)


def __getattr__(name: str) -> Any:  # ``common.stdout`` / ``common.stderr``, made lazily
    if name in ("stdout", "stderr"):
        return console(name == "stderr")
    raise AttributeError(name)


def load_lexicon(spec: str | None) -> lx.Lexicon:
    """The lexicon a command runs on: ``spec`` (a name or a file), or the default enable1."""
    return lx.load(spec)


def puzzle_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--lexicon NAME|PATH`` and ``--json``; pass ``lexicon`` (loaded) and ``as_json``."""

    @click.option(
        "--lexicon",
        "lexicon_spec",
        metavar="NAME|PATH",
        default=None,
        help="Word list: a catalog name (enable1, common, …; see `letterplay lexicon list`) "
        "or a file. Default: enable1 (bundled).",
    )
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
    @functools.wraps(command)
    def wrapper(*args: Any, lexicon_spec: str | None, as_json: bool, **kwargs: Any) -> Any:
        return command(*args, lexicon=load_lexicon(lexicon_spec), as_json=as_json, **kwargs)

    return wrapper


def emit(
    data: Any,
    lexicon: lx.Lexicon | None,
    as_json: bool,
    render: Callable[[Console], None],
) -> None:
    """Print a result: one strict JSON object (with ``"lexicon"``) or ``render(console)``."""
    if as_json:
        sys.stdout.write(to_json(envelope(data, lexicon)) + "\n")
    else:
        render(console())


def lexicon_line(lexicon: lx.Lexicon) -> str:
    """How text output names its lexicon: ``enable1 (172,820 words, sha256 f32e6fbdc4cf…)``."""
    return f"{lexicon.name} ({len(lexicon):,} words, sha256 {lexicon.sha256[:12]}…)"


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


class FiniteFloat(click.ParamType):
    """A float option that refuses NaN and infinities, optionally within [low, high]."""

    name = "number"

    def __init__(self, low: float | None = None, high: float | None = None) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None):
        if isinstance(value, float):
            number = value
        else:
            try:
                number = float(value)
            except ValueError:
                self.fail(f"{value!r} is not a number", param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        if (self.low is not None and number < self.low) or (
            self.high is not None and number > self.high
        ):
            self.fail(f"{value!r} is not in the range {self.low:g} to {self.high:g}", param, ctx)
        return number


SEED = click.IntRange(-(2**SEED_BITS) + 1, 2**SEED_BITS - 1)
"""A random seed: any integer of magnitude below 2**63 (negative ones too)."""

force_option = click.option("--force", is_flag=True, help="Overwrite existing output files.")
allow_offensive_option = click.option(
    "--allow-offensive",
    is_flag=True,
    help="Allow slurs and obscenities in the puzzle and its answers (left out by default).",
)
