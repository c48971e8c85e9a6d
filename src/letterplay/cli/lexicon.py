"""``letterplay lexicon``: list, inspect, install, download and export word lists."""

from __future__ import annotations

import sys

import click
import numpy as np

from letterplay import lexicon as lx
from letterplay.cli.common import (
    emit,
    force_option,
    lexicon_line,
    load_lexicon,
    output_file,
    write_output,
)
from letterplay.errors import InputError

__all__ = ["lexicon"]

JSON = click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")


@click.group()
def lexicon() -> None:
    """Word lists: list, info, add, fetch, export."""


@lexicon.command("list")
@JSON
def list_(as_json: bool) -> None:
    """The lexicons letterplay knows: bundled, installed and downloadable."""
    entries = lx.catalog()

    def render(console) -> None:
        from rich.table import Table

        table = Table("origin", "what it is", "licence")
        table.add_column("name", no_wrap=True)
        table.columns.insert(0, table.columns.pop())
        for e in entries:
            name = e.name + (" (default)" if e.name == lx.DEFAULT else "")
            origin = e.origin if e.origin in ("bundled", "downloadable") else str(e.path)
            table.add_row(name, origin, e.description, e.licence)
        console.print(table)

    data = {"lexicons": [e.to_dict() for e in entries], "default": lx.DEFAULT}
    emit(data, None, as_json, render)


@lexicon.command()
@click.argument("spec", metavar="NAME|PATH", required=False)
@JSON
def info(spec: str | None, as_json: bool) -> None:
    """Name, word count, identity (sha256) and skipped entries of a lexicon."""
    lex = load_lexicon(spec)
    by_length = np.bincount(lex.index.lengths)
    lengths = {str(n): int(c) for n, c in enumerate(by_length) if c}
    data = {**lex.info(), "skipped": lex.skipped, "source": lex.source, "by_length": lengths}
    data["probabilities"] = lex.probabilities is not None

    def render(console) -> None:
        console.print(f"[bold]{lex.name}[/]: {len(lex):,} words")
        console.print(f"sha256  {lex.sha256}")
        console.print(f"source  {lex.source}")
        console.print(f"skipped {lex.skipped:,} entries that are not a–z words")
        console.print("lengths " + "  ".join(f"{n}:{c:,}" for n, c in lengths.items()))
        bundled = lx.BUNDLED.get(lex.name)
        if bundled and bundled.sha256:
            same = "matches" if bundled.sha256 == lex.sha256 else "DOES NOT match"
            console.print(f"identity {same} the bundled {bundled.name}")

    emit(data, lex, as_json, render)


@lexicon.command()
@click.argument("name")
@click.argument("file", type=click.Path(dir_okay=True))
@force_option
@JSON
def add(name: str, file: str, force: bool, as_json: bool) -> None:
    """Install FILE as lexicon NAME in the user data folder."""
    try:
        lex, path = lx.install(name, file, force=force)
    except lx.AlreadyInstalledError as e:
        raise InputError(f"{e}; use --force to replace it") from None
    emit(
        {**lex.info(), "skipped": lex.skipped, "path": str(path)},
        lex,
        as_json,
        lambda console: console.print(f"installed {lexicon_line(lex)} at {path}"),
    )


@lexicon.command()
@click.argument("name")
@force_option
@JSON
def fetch(name: str, force: bool, as_json: bool) -> None:
    """Download a known lexicon (see `lexicon list`), verify it and install it."""
    try:
        lex, path = lx.fetch(name, force=force)
    except lx.AlreadyInstalledError as e:
        raise InputError(f"{e}; use --force to replace it") from None
    emit(
        {**lex.info(), "path": str(path)},
        lex,
        as_json,
        lambda console: console.print(f"downloaded and installed {lexicon_line(lex)} at {path}"),
    )


@lexicon.command()
@click.argument("spec", metavar="NAME|PATH")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    help="Write the list to this file (.txt) instead of stdout.",
)
@force_option
@JSON
def export(spec: str, output: str | None, force: bool, as_json: bool) -> None:
    """Write a lexicon as a plain word list, one word a line (stdout or --output FILE)."""
    if as_json and output is None:
        raise InputError("--json needs --output: the word list itself goes to stdout otherwise")
    target = output_file(output, force, (".txt", ".lst", "")) if output else None
    lex = load_lexicon(spec)
    if target is None:
        sys.stdout.write(lex.to_text())
        return
    write_output(target, lex.to_text(), force)
    emit(
        {**lex.info(), "path": str(target)},
        lex,
        as_json,
        lambda console: console.print(f"wrote {lexicon_line(lex)} to {target}"),
    )
