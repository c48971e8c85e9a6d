"""``letterplay steiner``: its result as text (the operation is described in
:mod:`letterplay.commands.steiner`).

The PACE output goes to stdout, as solvers print it; whether the tree is proven optimal is for
the person, on stderr."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

    from letterplay.steiner import SolveResult

__all__ = ["RENDER"]


def steiner(console: Console, result: SolveResult, output: Path | None) -> None:
    """``VALUE n`` and the tree's edges on stdout; the proof status on stderr."""
    from letterplay.steiner import format_solution  # the engine is imported once it has run

    click.echo(format_solution(result))
    status = (
        "proven optimal"
        if result.optimal
        else f"not proven optimal: lower bound {result.lower_bound}"
    )
    click.echo(
        f"{result.terminals} terminals, {len(result.edges)} edges, {status}, "
        f"{result.seconds:.2f} s",
        err=True,
    )


RENDER = {"steiner": steiner}
