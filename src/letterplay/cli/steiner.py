"""``letterplay steiner FILE.gr``: an exact minimum Steiner tree of a PACE 2018 instance."""

from __future__ import annotations

import click
import numpy as np
from rich.console import Console

from letterplay.cli.common import emit, progress
from letterplay.errors import InputError, NoSolutionError
from letterplay.steiner import read_pace, steiner_tree, terminal_groups


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--time-limit",
    type=float,
    default=None,
    metavar="S",
    help="Stop after S seconds with the best tree and lower bound so far.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def steiner(file: str, time_limit: float | None, as_json: bool) -> None:
    """Solve a Steiner tree instance in PACE 2018 .gr format, with a proof of optimality.

    Prints the PACE output (VALUE n, then one edge per line, 1-based node ids); whether the tree is
    proven optimal, and the lower bound otherwise, go to stderr. Use --json for everything at once.
    """
    if time_limit is not None and time_limit < 0:
        raise InputError(f"--time-limit must not be negative, not {time_limit}")
    instance = read_pace(file)
    edges = instance.graph.tocoo()
    groups = terminal_groups(
        instance.n_nodes, edges.row, edges.col, np.array(instance.terminals, dtype=np.int64)
    )
    if len(groups) > 1:  # named with the file's 1-based ids
        text = " | ".join("{" + ", ".join(str(t + 1) for t in g) + "}" for g in groups)
        raise NoSolutionError(f"{file}: the terminals are not connected: groups {text}")
    with progress(as_json) as bar:
        result = steiner_tree(
            instance.graph, instance.terminals, time_limit=time_limit, progress=bar
        )
    data = {
        "cost": result.cost,
        "optimal": result.optimal,
        "lower_bound": result.lower_bound,
        "edges": [[a + 1, b + 1] for a, b in result.edges],
        "terminals": len(instance.terminals),
        "seconds": round(result.seconds, 4),
    }

    def render(console: Console) -> None:
        # PACE output on stdout, as solvers print it; the proof status is for the person
        click.echo(f"VALUE {result.cost}")
        for a, b in data["edges"]:
            click.echo(f"{a} {b}")
        status = (
            "proven optimal"
            if result.optimal
            else f"not proven optimal: lower bound {result.lower_bound}"
        )
        click.echo(
            f"{len(instance.terminals)} terminals, {len(result.edges)} edges, {status}, "
            f"{result.seconds:.2f} s",
            err=True,
        )

    emit(data, None, as_json, render)
