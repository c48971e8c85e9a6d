"""``letterplay multiplet`` and ``letterplay ladder``: their results as text for people (the
operations are described in :mod:`letterplay.commands.multiplets`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from letterplay.cli.common import lexicon_line

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

    from letterplay.multiplets import LadderResult, SolveResult

__all__ = ["RENDER"]

DASH = " – "


def multiplet(console: Console, result: SolveResult, output: Path | None) -> None:
    """The network as branches, its proof, and the alternatives."""
    from letterplay.draw.network import caption  # here: a ladder's text needs no drawing module

    console.print(lexicon_line(result.lexicon))
    console.print(caption(result) + ": " + _proof(result))
    targets = set(result.targets)
    for i, branch in enumerate(result.network.branches()):
        console.print(_branch_line(branch, targets, i > 0), markup=False)
    console.print(_tie_break(result))
    for i, alt in enumerate(result.alternatives, 1):
        console.print(f"alternative {i} (obscurity {alt.obscurity}):")
        for j, branch in enumerate(alt.branches()):
            console.print("  " + _branch_line(branch, targets, j > 0), markup=False)
    if output is not None:
        console.print(f"drawing saved to {output}")


def _proof(result: SolveResult) -> str:
    if result.optimal:
        return "proven minimum (no network has fewer)"
    return f"not proven (lower bound {result.lower_bound}; time limit reached)"


def _tie_break(result: SolveResult) -> str:
    if result.network.obscurity is None:
        return f"any network of that size (--fewest-only); {result.seconds:.2f} s"
    how = (
        "proven the most common"
        if result.tie_break_proven
        else "the most common found (not proven)"
    )
    return (
        f"{how} of its size: obscurity {result.network.obscurity} "
        f"(sum of 100 × (8 − Zipf) over link words); {result.seconds:.2f} s"
    )


def _branch_line(branch: list[str], targets: set[str], joined: bool) -> str:
    """The puzzle's way: targets in brackets; a branch after the first ends, in parentheses, at
    the word where it joins the network already written."""
    last = len(branch) - 1

    def show(i: int, word: str) -> str:
        if joined and i == last:
            return f"({word.upper()})"
        return f"[{word.upper()}]" if word in targets else word.upper()

    return DASH.join(show(i, w) for i, w in enumerate(branch))


def ladder(console: Console, result: LadderResult, output: Path | None) -> None:
    """The most common shortest ladder, their number, and with ``--all`` every one."""
    console.print(lexicon_line(result.lexicon))
    n = result.count
    console.print(
        f"{result.start.upper()} → {result.end.upper()}: {result.steps} steps; "
        f"{n:,} shortest ladder{'s' * (n != 1)}"
    )
    console.print(" → ".join(w.upper() for w in result.path))
    if result.ladders is not None:
        console.print("every shortest ladder, most common first:")
        for words in result.ladders:
            console.print("  " + " → ".join(w.upper() for w in words))


RENDER = {"multiplet": multiplet, "ladder": ladder}
