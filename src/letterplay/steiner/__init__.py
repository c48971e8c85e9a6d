"""Exact minimum Steiner trees in graphs, with a proof of optimality.

A *Steiner tree* for a set of *terminals* in a graph is a tree of the graph that contains every
terminal; its other nodes are *Steiner nodes* (in word puzzles: link words). Its *cost* is the sum
of its edge weights plus the node weights of its Steiner nodes. The engine knows nothing about
words: :func:`steiner_tree` takes a symmetric sparse adjacency matrix of non-negative integer edge
weights (a stored 0 is an edge of weight 0) and optional non-negative integer node weights, all
of them together at most 2**52 so that every cost stays exact. :func:`solve` does the same for an
instance in the PACE 2018 ``.gr`` or SteinLib ``.stp`` format (a file, its text or an
:class:`Instance`), in the file's 1-based ids: it is the ``letterplay steiner`` command.

The face: the two verbs and their results (:class:`SteinerResult` of a graph, :class:`SolveResult`
of an instance), and the readers and writers of :mod:`letterplay.steiner.readwrite`. The result of
:func:`steiner_tree` keeps its name ``SteinerResult`` (the multiplets search returns it too);
:func:`solve` returns a ``SolveResult`` as every puzzle's ``solve`` does.

The search, in the order it runs (each stage in its private module):

1. Connectivity: terminals in different components raise :class:`NoSolutionError`
   (``_graph``).
2. Weight shift: when every Steiner node weighs at least ``m0``, a tree with ``e`` edges has
   ``e - k + 1`` Steiner nodes, so ``m0`` moves from the nodes onto every edge (minus a constant),
   where the lower bounds can see it (``_bounds``).
3. Upper bound: the shortest-path heuristic (Takahashi & Matsuyama) from each terminal, then
   key-path exchange, vertex insertion and key-vertex elimination (Minoux; Duin & Voß), each tree
   the pruned MST of its nodes (``_heuristic``).
4. Reductions, in turn until none removes more (``_reduce``): the bound test (a node whose tour
   bound with all terminals reaches the upper bound lies in no better tree), degree tests
   (Steiner leaves removed, Steiner nodes of degree 2 contracted, the edge of a terminal leaf
   set aside; Duin & Volgenant), the special distance test (Duin & Volgenant), and the reduced
   cost test of Wong's dual ascent (Polzin & Vahdati Daneshmand; ``_dual``), whose saturated
   arcs also lead a heuristic to better trees.
5. Exact search, chosen per instance: Dijkstra–Steiner (Hougardy, Silvanus & Vygen), the
   Dreyfus–Wagner programme over labels ``(v, I)`` settled in order of cost plus a future-cost
   bound (``_search``), and branch-and-cut on the directed cut formulation, solved by HiGHS with
   cuts separated by maximum flow (Koch & Martin; ``_cut``). Few terminals: Dijkstra–Steiner
   first; more: branch-and-cut first; each for a share of the time, the other after it.

The proof is the lower bound: it equals the cost when the search finishes. With a time limit the
best tree found and the best lower bound reached are returned, ``optimal`` telling which case it
is. :func:`letterplay.steiner.simple.simple_steiner_tree` is the simple definition the tests
hold the engine to: try every set of Steiner nodes of a tiny graph.

Examples
--------
A star beats the direct edges between three terminals:

>>> import scipy.sparse as sp
>>> u, v, w = [0, 0, 0, 1, 2], [1, 2, 3, 2, 3], [1, 1, 1, 3, 3]
>>> graph = sp.csr_array((w + w, (u + v, v + u)), shape=(4, 4))
>>> result = steiner_tree(graph, [1, 2, 3])
>>> result.cost, result.edges, result.optimal
(3, [(0, 1), (0, 2), (0, 3)], True)

The same graph as a PACE instance, in its 1-based ids:

>>> instance = parse_pace("SECTION Graph\\nNodes 4\\nE 1 2 1\\nE 1 3 1\\nE 1 4 1\\nE 2 3 3\\n"
...                       "E 3 4 3\\nEND\\nSECTION Terminals\\nT 2\\nT 3\\nT 4\\nEND\\nEOF")
>>> print(format_solution(solve(instance)))
VALUE 3
1 2
1 3
1 4

References
----------
- S. Hougardy, J. Silvanus and J. Vygen, "Dijkstra meets Steiner: a fast exact goal-oriented
  Steiner tree algorithm", Mathematical Programming Computation 9 (2017) 135–202.
  https://doi.org/10.1007/s12532-016-0110-1
- S. E. Dreyfus and R. A. Wagner, "The Steiner problem in graphs", Networks 1 (1971) 195–207.
  https://doi.org/10.1002/net.3230010302
- M. Held and R. M. Karp, "A dynamic programming approach to sequencing problems", Journal of the
  SIAM 10 (1962) 196–210. https://doi.org/10.1137/0110015
- T. Polzin and S. Vahdati Daneshmand, "Improved algorithms for the Steiner problem in networks",
  Discrete Applied Mathematics 112 (2001) 263–300.
  https://doi.org/10.1016/S0166-218X(00)00319-X
- C. W. Duin and A. Volgenant, "Reduction tests for the Steiner problem in graphs", Networks 19
  (1989) 549–567. https://doi.org/10.1002/net.3230190506
- R. T. Wong, "A dual ascent approach for Steiner tree problems on a directed graph",
  Mathematical Programming 28 (1984) 271–287. https://doi.org/10.1007/BF02612335
- T. Koch and A. Martin, "Solving Steiner tree problems in graphs to optimality", Networks 32
  (1998) 207–232. https://doi.org/10.1002/(SICI)1097-0037(199810)32:3<207::AID-NET5>3.0.CO;2-O
- Q. Huangfu and J. A. J. Hall, "Parallelizing the dual revised simplex method", Mathematical
  Programming Computation 10 (2018) 119–142 (HiGHS). https://doi.org/10.1007/s12532-017-0130-5
- H. Takahashi and A. Matsuyama, "An approximate solution for the Steiner problem in graphs",
  Mathematica Japonica 24 (1980) 573–577.
- M. Minoux, "Efficient greedy heuristics for Steiner tree problems using reoptimization and
  supermodularity", INFOR 28 (1990) 221–233. https://doi.org/10.1080/03155986.1990.11732136
- C. Duin and S. Voß, "Efficient path and vertex exchange in Steiner tree algorithms", Networks 29
  (1997) 89–105. https://doi.org/10.1002/(SICI)1097-0037(199703)29:2<89::AID-NET3>3.0.CO;2-7
- The PACE 2018 challenge (Steiner tree), which defines the ``.gr`` format:
  https://pacechallenge.org/2018/steiner-tree/
- The SteinLib format: https://steinlib.zib.de/format.php
"""

from letterplay.steiner._solve import SolveResult, solve
from letterplay.steiner._tree import SteinerResult, steiner_tree
from letterplay.steiner.readwrite import (
    Instance,
    format_pace,
    format_solution,
    parse_pace,
    parse_stp,
    read_instance,
    read_pace,
    read_stp,
)

__all__ = [
    "Instance",
    "SolveResult",
    "SteinerResult",
    "format_pace",
    "format_solution",
    "parse_pace",
    "parse_stp",
    "read_instance",
    "read_pace",
    "read_stp",
    "solve",
    "steiner_tree",
]
