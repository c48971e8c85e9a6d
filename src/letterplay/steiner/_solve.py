"""Solving an instance: a file, its text or an :class:`~letterplay.steiner.readwrite.Instance`.

:func:`solve` is the ``letterplay steiner`` command as a library call: it reads (or takes) an
instance, runs :func:`letterplay.steiner.steiner_tree` and reports the tree in the file's own
1-based ids.

Examples
--------
>>> result = solve("SECTION Graph\\nNodes 3\\nE 1 2 5\\nE 2 3 4\\nEND\\n"
...                "SECTION Terminals\\nT 1\\nT 3\\nEND\\nEOF")
>>> result.cost, result.edges, result.optimal
(9, [(1, 2), (2, 3)], True)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from letterplay.errors import InputError, NoSolutionError
from letterplay.progress import ProgressCallback
from letterplay.results import Result
from letterplay.steiner._graph import terminal_groups
from letterplay.steiner._tree import steiner_tree
from letterplay.steiner.readwrite import Instance, _parse_text, read_instance
from letterplay.validate import number

__all__ = ["SolveResult", "solve"]


@dataclass(frozen=True)
class SolveResult(Result):
    """A solved instance in the file's terms: ``edges`` are 1-based ``(u, v)`` pairs, ``u < v``;
    ``terminals`` is how many the instance has.

    ``optimal`` means ``lower_bound == cost``: the tree is proven minimum. ``method`` says what
    proved it (``bounds``: the lower bounds met the heuristic's tree before any search;
    ``dijkstra-steiner`` or ``branch-and-cut``: that search ran), and ``reductions`` how many
    nodes and edges each reduction test removed.

    Examples
    --------
    >>> solved = SolveResult(
    ...     cost=3, optimal=True, lower_bound=3, edges=[(1, 2), (2, 4)], terminals=2, seconds=0.01
    ... )
    >>> solved.to_dict()["edges"]
    [[1, 2], [2, 4]]
    """

    cost: int
    optimal: bool
    lower_bound: int
    edges: list[tuple[int, int]]
    terminals: int
    seconds: float
    method: str = "bounds"
    reductions: dict[str, dict[str, int]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract of a solved instance (the ``steiner`` command prints it)."""
        return {
            "cost": self.cost,
            "optimal": self.optimal,
            "lower_bound": self.lower_bound,
            "edges": [list(e) for e in self.edges],
            "terminals": self.terminals,
            "seconds": round(self.seconds, 4),
            "method": self.method,
            "reductions": {test: dict(counts) for test, counts in self.reductions.items()},
        }


def _instance(instance: Any) -> Instance:
    """An instance given as itself, a file or the text of one (text has line breaks; a file's
    name has none), in either format (told apart by the first line)."""
    if isinstance(instance, Instance):
        return instance
    if isinstance(instance, bytes) or (isinstance(instance, str) and "\n" in instance):
        return _parse_text(instance, "<text>", None)
    if isinstance(instance, str | os.PathLike):
        return read_instance(Path(instance))
    raise InputError(
        f"`instance` must be a file, the text of a .gr or .stp file or an Instance, "
        f"not {type(instance).__name__}",
        parameter="instance",
    )


def solve(
    instance: str | Path | bytes | Instance,
    *,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> SolveResult:
    """A minimum Steiner tree of an instance, with a proof, in the instance's 1-based ids.

    Parameters
    ----------
    instance : str, Path, bytes or Instance
        A PACE 2018 ``.gr`` or SteinLib ``.stp`` file (a path; the format is told by the first
        line), the text of one (a string with line breaks, or bytes), or an :class:`Instance`
        (:func:`read_pace`, :func:`read_stp`).
    time_limit : float, optional
        Seconds (finite, at least 0): the search stops early with the best tree and lower bound
        so far.
    progress : callable, optional
        ``progress(description, done, total)``, called now and then.

    Returns
    -------
    SolveResult
        The tree's ``cost`` and ``edges`` (1-based pairs), the ``lower_bound`` proven, whether
        the tree is ``optimal``, the number of ``terminals`` and the ``seconds`` it took.

    Raises
    ------
    InputError
        For a file that cannot be read or is not the format (naming the file and line), and
        for bad arguments.
    NoSolutionError
        When the terminals are not connected, naming their groups in the file's 1-based ids.

    Examples
    --------
    >>> text = '''SECTION Graph
    ... Nodes 4
    ... E 1 2 3
    ... E 2 3 1
    ... E 3 4 1
    ... E 1 4 9
    ... END
    ... SECTION Terminals
    ... T 1
    ... T 4
    ... END
    ... EOF'''
    >>> solved = solve(text)
    >>> solved.cost, solved.optimal, solved.edges
    (5, True, [(1, 2), (2, 3), (3, 4)])
    >>> from letterplay.steiner import format_solution
    >>> print(format_solution(solved))
    VALUE 5
    1 2
    2 3
    3 4
    >>> from letterplay.steiner import parse_pace
    >>> apart = parse_pace("SECTION Graph\\nNodes 3\\nE 1 2 1\\nEND\\n"
    ...                    "SECTION Terminals\\nT 1\\nT 3\\nEND\\nEOF", name="apart.gr")
    >>> solve(apart)
    Traceback (most recent call last):
    ...
    letterplay.errors.NoSolutionError: apart.gr: the terminals are not connected: groups {1} | {3}

    References
    ----------
    - The PACE 2018 challenge (Steiner tree), its file and output formats:
      https://pacechallenge.org/2018/steiner-tree/
    - The SteinLib format: https://steinlib.zib.de/format.php
    - S. Hougardy, J. Silvanus and J. Vygen, "Dijkstra meets Steiner: a fast exact
      goal-oriented Steiner tree algorithm", Mathematical Programming Computation 9 (2017)
      135–202. https://doi.org/10.1007/s12532-016-0110-1
    """
    if time_limit is not None:
        time_limit = number("time_limit", time_limit, low=0)
    instance = _instance(instance)
    groups = terminal_groups(instance.graph, instance.terminals)
    if len(groups) > 1:
        text = " | ".join("{" + ", ".join(str(t + 1) for t in g) + "}" for g in groups)
        name = instance.name or "instance"
        raise NoSolutionError(f"{name}: the terminals are not connected: groups {text}")
    result = steiner_tree(
        instance.graph, instance.terminals, time_limit=time_limit, progress=progress
    )
    return SolveResult(
        cost=result.cost,
        optimal=result.optimal,
        lower_bound=result.lower_bound,
        edges=[(a + 1, b + 1) for a, b in result.edges],
        terminals=len(instance.terminals),
        seconds=result.seconds,
        method=result.method,
        reductions=result.reductions,
    )
