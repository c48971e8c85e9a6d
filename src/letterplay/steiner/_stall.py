"""When the cut rounds of the branch-and-cut (:mod:`._cut`) stop for a stalled bound.

Each cut round lifts the LP bound a little, or not at all: on graphs of unit weights the LP has
many optima, and the rounds may stand at one value for a hundred of them. A round has *moved*
when the LP bound rose by a hundredth of the gap to the best tree, or when that gap closed
another way: a better tree, or a lower bound lifted by a stage or by the LP passing a whole
edge. After :data:`STALL_ROUNDS` rounds in a row that did not move, the rounds stop and the
branch and bound goes on, once the rounds have had their time, on a graph small enough to branch
on, and unless the LP bound's pace would close the gap in time (:meth:`_Stall.stops`).

A gap closed from either side is progress the LP bound does not show: the reduced costs fix
more arcs against a better tree or a higher bound, and the graph restarts smaller. On a new
instance of SteinLib d19's size (1,000 nodes, 25,000 edges, 250 terminals), given 30 s, a tree
one above the bound came at the tenth round after the last rise of the LP bound, and the
reduced costs fixed 46% of the edges: counted as standing still, the round stopped the cutting
and HiGHS's branch and bound ran out of time; counted as a move, the next round fixed 78% of the
edges, and the restart on the rest found the optimum, proven in 22 s.

Examples
--------
>>> stall = _Stall(started=0.0, deadline=30.0, target=50, lower=45)
>>> [stall.stops(time=10.0 + i, bound=45.0, target=50, lower=45, m=1_000) for i in range(11)]
[False, False, False, False, False, False, False, False, False, False, True]
>>> stall.stops(time=21.0, bound=45.0, target=49, lower=45, m=1_000)  # a better tree
False
"""

from __future__ import annotations

import math
from collections import deque

__all__ = ["MOVE_SHARE", "STALL_MAX_EDGES", "STALL_ROUNDS", "STALL_SECONDS", "STALL_SHARE"]

STALL_ROUNDS = 10
"""Rounds in a row that do not move (see the module): the bound has stalled, and the cutting
stops once it has had its time (:data:`STALL_SHARE`); branch and bound goes on."""

STALL_SHARE = 0.5
"""The share of the branch-and-cut's time the cut rounds may take before a stalled bound stops
them. Each round brings the LP nearer an arborescence: better trees, and fewer integer
solutions leaving terminals unreached (each starts HiGHS again). On 25 SteinLib-like d19 graphs,
rounds until no cut was violated took the slowest from 62 s to 20 s (CPU), none longer; on 50
PACE track-1 instances (60 s each) the same were proven, most open ones with a higher bound."""

STALL_MAX_EDGES = 5_000
"""A stalled bound does not stop the cut rounds on a graph of more edges: HiGHS's branch and
bound on so large a degenerate LP seldom ends in the time left, while the rounds go on fixing
arcs until the graph restarts smaller (:mod:`._restrict`). Nor does it while its pace would
close the gap in time (:meth:`_Stall.stops`). Both proved 20-3 and 16-7 (the common words,
seeds 1 to 10: 26 of 29, not 24)."""

STALL_SECONDS = 30.0
"""Without a time limit, the seconds the cut rounds may take before a stalled bound stops them."""

MOVE_SHARE = 0.01
"""The share of the gap to the best tree the LP bound must rise by in a round that moves."""


class _Stall:
    """The progress of the cut rounds of a branch-and-cut that started at ``started`` (a
    :func:`time.perf_counter` reading) with the ``deadline``, the best tree's cost ``target``
    and the lower bound ``lower``: :meth:`stops` after each round."""

    def __init__(self, *, started: float, deadline: float, target: int, lower: int):
        self.started, self.deadline = started, deadline
        limited = not math.isinf(deadline)
        self.budget = STALL_SHARE * (deadline - started) if limited else STALL_SECONDS
        self.still = 0  # rounds in a row that did not move
        self.gap = target - lower  # between the best tree and the lower bound, a round ago
        # the time and LP bound of each round, as far back as the pace looks
        self.history: deque[tuple[float, float]] = deque(maxlen=STALL_ROUNDS)

    def stops(self, *, time: float, bound: float, target: int, lower: int, m: int) -> bool:
        """Whether the cut rounds stop after a round that ended at ``time`` with the LP
        ``bound``, the best tree's cost ``target`` and the lower bound ``lower``, on a graph of
        ``m`` edges."""
        last = self.history[-1][1] if self.history else -math.inf
        moved = bound - last >= MOVE_SHARE * (target - bound) or target - lower < self.gap
        self.still = 0 if moved else self.still + 1
        self.gap = target - lower
        self.history.append((time, bound))
        return self.still >= STALL_ROUNDS and self._paced_out(target, m)

    def _paced_out(self, target: int, m: int) -> bool:
        """Whether the stalled rounds end: once they have had their budget of seconds, on a
        small enough graph (:data:`STALL_MAX_EDGES`), unless the LP bound's pace over the last
        :data:`STALL_ROUNDS` rounds would lift it to the best tree before the deadline."""
        (then, before), (now, bound) = self.history[-STALL_ROUNDS], self.history[-1]
        if now - self.started <= self.budget or m > STALL_MAX_EDGES:
            return False
        pace = (bound - before) / max(now - then, 1e-9)
        # the bound closes the gap once past the target less one (costs are integers)
        return not (pace > 0 and (target - 1 - bound) / pace < self.deadline - now)
