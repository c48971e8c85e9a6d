"""``letterplay steiner FILE.gr``: an exact minimum Steiner tree of a PACE 2018 instance."""

from __future__ import annotations

import click
from rich.console import Console

from letterplay.cli.common import FiniteFloat, emit, progress
from letterplay.pace import format_solution, solve_pace

__all__ = ["steiner"]


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--time-limit",
    type=FiniteFloat(0, 1e9),
    default=None,
    metavar="S",
    help="Stop after S seconds (0 to 1e9) with the best tree and lower bound so far.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def steiner(file: str, time_limit: float | None, as_json: bool) -> None:
    """Solve a Steiner tree instance in PACE 2018 .gr format, with a proof of optimality.

    Prints the PACE output (VALUE n, then one edge per line, 1-based node ids); whether the tree is
    proven optimal, and the lower bound otherwise, go to stderr. Use --json for everything at once.
    """
    with progress(as_json) as bar:
        solution = solve_pace(file, time_limit=time_limit, progress=bar)

    def render(console: Console) -> None:
        # PACE output on stdout, as solvers print it; the proof status is for the person
        click.echo(format_solution(solution))
        status = (
            "proven optimal"
            if solution.optimal
            else f"not proven optimal: lower bound {solution.lower_bound}"
        )
        click.echo(
            f"{solution.terminals} terminals, {len(solution.edges)} edges, {status}, "
            f"{solution.seconds:.2f} s",
            err=True,
        )

    emit(solution, None, as_json, render)
