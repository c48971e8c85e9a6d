"""``letterplay lexicon``: list, inspect, install and download word lists."""

from __future__ import annotations

import click
import numpy as np
from rich.table import Table

from letterplay import lexicon as lx
from letterplay.cli.common import emit, force_option, lexicon_line, load_lexicon


@click.group()
def lexicon() -> None:
    """Word lists: list, info, add, fetch."""


@lexicon.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def list_(as_json: bool) -> None:
    """The lexicons letterplay knows and where each is installed."""
    entries = lx.catalog()
    default = lx.DEFAULT if lx.find(lx.DEFAULT) else lx.BUNDLED

    def render(console) -> None:
        table = Table("name", "installed at", "what it is")
        for e in entries:
            name = e.name + (" (default)" if e.name == default else "")
            table.add_row(name, str(e.path) if e.path else "[dim]not installed[/]", e.description)
        console.print(table)
        if default != lx.DEFAULT:
            console.print(f"{lx.DEFAULT} is not installed: {lx.install_hint()}")

    emit({"lexicons": [e.to_dict() for e in entries], "default": default}, None, as_json, render)


@lexicon.command()
@click.argument("spec", metavar="NAME|PATH", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def info(spec: str | None, as_json: bool) -> None:
    """Name, word count, identity (sha256) and skipped entries of a lexicon."""
    lex = load_lexicon(spec)
    by_length = np.bincount(lex.index.lengths)
    lengths = {str(n): int(c) for n, c in enumerate(by_length) if c}
    data = {**lex.info(), "skipped": lex.skipped, "source": lex.source, "by_length": lengths}

    def render(console) -> None:
        console.print(f"[bold]{lex.name}[/]: {len(lex):,} words")
        console.print(f"sha256  {lex.sha256}")
        console.print(f"source  {lex.source}")
        console.print(f"skipped {lex.skipped:,} entries that are not a–z words")
        console.print("lengths " + "  ".join(f"{n}:{c:,}" for n, c in lengths.items()))
        known = lx.KNOWN.get(lex.name)
        if known:
            same = "matches" if known.sha256 == lex.sha256 else "DOES NOT match"
            console.print(f"identity {same} the known {known.name}")

    emit(data, lex, as_json, render)


@lexicon.command()
@click.argument("name")
@click.argument("file", type=click.Path(dir_okay=True))
@force_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def add(name: str, file: str, force: bool, as_json: bool) -> None:
    """Install FILE as lexicon NAME (enable1 is checked against its known identity)."""
    lex, path = lx.install(name, file, force=force)
    emit(
        {**lex.info(), "skipped": lex.skipped, "path": str(path)},
        lex,
        as_json,
        lambda console: console.print(f"installed {lexicon_line(lex)} at {path}"),
    )


@lexicon.command()
@click.argument("name")
@force_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def fetch(name: str, force: bool, as_json: bool) -> None:
    """Download a known lexicon (enable1), verify its identity and install it."""
    lex, path = lx.fetch(name, force=force)
    emit(
        {**lex.info(), "path": str(path)},
        lex,
        as_json,
        lambda console: console.print(f"downloaded and installed {lexicon_line(lex)} at {path}"),
    )
