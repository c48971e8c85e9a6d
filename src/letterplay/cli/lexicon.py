"""``letterplay lexicon``: its results as text for people (the operations are described in
:mod:`letterplay.commands.lexicon`)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from letterplay.cli.common import lexicon_line
from letterplay.lexicon import DEFAULT

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

    from letterplay.results import Record

__all__ = ["RENDER"]


def list_(console: Console, result: Record, output: Path | None) -> None:
    """The catalog as a table."""
    from rich.table import Table

    table = Table("name", "origin", "what it is", "licence")
    table.columns[0].no_wrap = True
    for e in result.data["lexicons"]:
        name = e["name"] + (" (default)" if e["name"] == DEFAULT else "")
        origin = e["origin"] if e["origin"] in ("bundled", "downloadable") else e["path"]
        table.add_row(name, origin, e["description"], e["licence"])
    console.print(table)


def info(console: Console, result: Record, output: Path | None) -> None:
    """A lexicon's identity and its words by length."""
    data, lexicon = result.data, result.lexicon
    console.print(f"[bold]{lexicon.name}[/]: {len(lexicon):,} words")
    console.print(f"sha256  {lexicon.sha256}")
    console.print(f"source  {data['source']}")
    console.print(f"skipped {data['skipped']:,} entries that are not a–z words")
    console.print("lengths " + "  ".join(f"{n}:{c:,}" for n, c in data["by_length"].items()))
    if data["pinned"]:
        same = "matches" if data["pinned"] == lexicon.sha256 else "DOES NOT match"
        console.print(f"identity {same} the bundled {lexicon.name}")


def add(console: Console, result: Record, output: Path | None) -> None:
    console.print(f"installed {lexicon_line(result.lexicon)} at {result.data['path']}")


def fetch(console: Console, result: Record, output: Path | None) -> None:
    line = lexicon_line(result.lexicon)
    console.print(f"downloaded and installed {line} at {result.data['path']}")
    if not result.data["verified"]:
        name = result.lexicon.name
        console.print(f"not verified: letterplay pins no checksum for {name} (check its identity)")


def export(console: Console, result: Record, output: Path | None) -> None:
    """The word list itself on stdout, or where it was written."""
    if output is None:
        sys.stdout.write(result.lexicon.to_text())
    else:
        console.print(f"wrote {lexicon_line(result.lexicon)} to {output}")


RENDER = {"list": list_, "info": info, "add": add, "fetch": fetch, "export": export}
