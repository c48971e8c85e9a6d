"""The Steiner-tree engine's operation: ``letterplay steiner FILE``.

It reads a file, so it is local: the command line offers it, the web does not (as before, the
web app had no Steiner endpoint). It takes no word list.

Examples
--------
>>> STEINER.local, STEINER.lexicon, [p.key for p in STEINER.params]
(True, False, ['file', 'time-limit'])
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from letterplay.commands import Command, Param
from letterplay.progress import ProgressCallback

if TYPE_CHECKING:
    from letterplay.steiner import SolveResult

__all__ = ["COMMANDS", "STEINER"]

MAX_TIME_LIMIT = 1e9
"""The longest ``--time-limit`` the command line accepts, in seconds."""


def _solve_file(
    file: str, *, time_limit: float | None = None, progress: ProgressCallback | None = None
) -> SolveResult:
    """Solve the instance in ``file`` (always a file name here, never the text of one)."""
    from letterplay.steiner import solve  # the engine's numpy and scipy only when it runs

    return solve(Path(file), time_limit=time_limit, progress=progress)


STEINER = Command(
    "steiner",
    "Solve a Steiner tree instance, a PACE 2018 .gr or SteinLib .stp file, with a proof of "
    "optimality.\n\n"
    "Prints the PACE output (VALUE n, then one edge per line, 1-based node ids); whether the "
    "tree is proven optimal, and the lower bound otherwise, go to stderr. Use --json for "
    "everything at once.",
    _solve_file,
    (
        Param(
            "file",
            "text",
            "The instance: a PACE 2018 .gr or a SteinLib .stp file (told apart by content).",
            metavar="FILE",
            positional=True,
            required=True,
        ),
        Param(
            "time_limit",
            "number",
            "Stop after S seconds (0 to 1e9) with the best tree and lower bound so far.",
            low=0,
            high=MAX_TIME_LIMIT,
            metavar="S",
        ),
    ),
    lexicon=False,
    progress=True,
    local=True,
    heavy=True,
)

COMMANDS = (STEINER,)
