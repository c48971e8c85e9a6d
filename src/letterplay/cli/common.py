"""What every command shares: ``--lexicon`` and ``--json``, output, progress bars, output files.

A command declares ``@puzzle_options`` and receives ``lexicon`` (a loaded :class:`Lexicon`, the
default announced on stderr when it falls back to ``common``) and ``as_json``. It then calls
:func:`emit` with its result dict and a function that renders it for people with rich.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click
import numpy as np
from rich.console import Console

from letterplay import lexicon as lx
from letterplay.errors import InputError
from letterplay.progress import ProgressCallback

stdout = Console(highlight=False, soft_wrap=True)
stderr = Console(stderr=True, highlight=False)


def load_lexicon(spec: str | None) -> lx.Lexicon:
    """The lexicon a command runs on; announces the fallback to ``common`` on stderr."""
    if spec is None:
        notice = lx.default_notice()
        if notice:
            click.echo(notice, err=True)
    return lx.load(spec)


def puzzle_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--lexicon NAME|PATH`` and ``--json``; pass ``lexicon`` (loaded) and ``as_json``."""

    @click.option(
        "--lexicon",
        "lexicon_spec",
        metavar="NAME|PATH",
        default=None,
        help="Word list: a catalog name (enable1, common, …) or a file. "
        "Default: enable1 if installed, else common.",
    )
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
    @functools.wraps(command)
    def wrapper(*args: Any, lexicon_spec: str | None, as_json: bool, **kwargs: Any) -> Any:
        return command(*args, lexicon=load_lexicon(lexicon_spec), as_json=as_json, **kwargs)

    return wrapper


def json_default(value: Any) -> Any:
    """Make numpy scalars/arrays, sets, paths and dataclass results JSON-serialisable."""
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, set | frozenset):
        return sorted(value)
    if isinstance(value, Path):
        return str(value)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    raise TypeError(f"cannot serialise {type(value).__name__}")


def emit(
    data: dict[str, Any],
    lexicon: lx.Lexicon | None,
    as_json: bool,
    render: Callable[[Console], None],
) -> None:
    """Print a result: one JSON object (with ``"lexicon"``) or ``render(console)`` for people."""
    if as_json:
        payload = dict(data)
        if lexicon is not None:
            payload["lexicon"] = lexicon.info()
        sys.stdout.write(json.dumps(payload, default=json_default) + "\n")
    else:
        render(stdout)


def lexicon_line(lexicon: lx.Lexicon) -> str:
    """How text output names its lexicon: ``enable1 (172,820 words, sha256 f32e6fbdc4cf…)``."""
    return f"{lexicon.name} ({len(lexicon):,} words, sha256 {lexicon.sha256[:12]}…)"


def progress_enabled(as_json: bool) -> bool:
    """Progress bars only for people: not with ``--json`` and not when stderr is not a terminal."""
    return not as_json and stderr.is_terminal


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
        console=stderr,
        transient=True,
    ) as bar:
        tasks: dict[str, Any] = {}

        def update(description: str, done: int, total: int) -> None:
            if description not in tasks:
                tasks[description] = bar.add_task(description, total=total)
            bar.update(tasks[description], completed=done, total=total)

        yield update


def output_file(path: str | Path, force: bool, suffixes: tuple[str, ...]) -> Path:
    """Check an output file name: a known suffix, and no overwriting without ``--force``."""
    path = Path(path)
    if path.suffix.lower() not in suffixes:
        raise InputError(f"{path}: output must end in {' or '.join(suffixes)}")
    if path.exists() and not force:
        raise InputError(f"{path}: already exists; use --force to overwrite it")
    if not path.parent.exists():
        raise InputError(f"{path.parent}: no such directory")
    return path


force_option = click.option("--force", is_flag=True, help="Overwrite existing output files.")
