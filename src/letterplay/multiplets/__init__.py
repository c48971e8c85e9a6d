"""Multiplets and word ladders: connecting words through a graph of one-step changes.

The puzzle (New Scientist's Enigma 288a, "Multiplets"). Two words are *neighbours* when one
becomes the other by one *rule*:

- ``change``: one letter is changed (MINUS → MINES);
- ``addremove``: one letter is added or removed (PLUS → PLUMS);
- ``anagram``: the letters are rearranged (PLUMS → LUMPS).

The *word graph* (:func:`word_graph`) joins every pair of neighbours among the lexicon's words
of at least ``min_length`` letters. A *multiplet* is a set of *target* words; a *network*
connecting them is a tree of the word graph containing every target, and its other words are
*link words*. The puzzle asks for a network with as few link words as possible: the Steiner tree
problem in graphs, which :func:`solve` answers exactly with the engine of
:mod:`letterplay.steiner` and a lower bound that proves it. Among networks of minimum size, the
one whose words are most common wins (the least sum of *obscurity*, ``round(100 × (8 − Zipf))``
a word; see :mod:`letterplay.multiplets.rules`).

A *ladder* (:func:`ladder`) is a shortest path of the word graph from one word to another
(Lewis Carroll's doublets, when only ``change`` is allowed): the most common one, and the exact
number of them. :mod:`letterplay.multiplets.simple` holds the simple definitions (every set of
link words; the plain breadth-first search) the tests hold both to.

Examples
--------
>>> import letterplay as lp
>>> lp.multiplets.ladder("cold", "warm").path
['cold', 'cord', 'word', 'ward', 'warm']
>>> tiny = lp.Lexicon.from_words("cold cord card ward warm word worm".split(), name="tiny")
>>> result = solve(["cold", "ward", "worm"], lexicon=tiny, rules="change")
>>> result.links, result.optimal, result.network.link_words
(2, True, ['cord', 'word'])
>>> result.network.branches()
[['cold', 'cord', 'word', 'worm'], ['ward', 'word']]

References
----------
- Enigma 288a, "Multiplets", New Scientist #1435 (20 December 1984); the puzzle and solvers'
  programs are collected on Enigmatic Code (search "Enigma 288a"):
  https://enigmaticcode.wordpress.com/
- S. Hougardy, J. Silvanus and J. Vygen, "Dijkstra meets Steiner: a fast exact goal-oriented
  Steiner tree algorithm", Mathematical Programming Computation 9 (2017) 135–202 (the engine
  behind :func:`solve`). https://doi.org/10.1007/s12532-016-0110-1
- C. W. Duin and A. Volgenant, "Reduction tests for the Steiner problem in graphs", Networks 19
  (1989) 549–567 (the distance test that narrows the search).
  https://doi.org/10.1002/net.3230190506
- Word ladders, Lewis Carroll's "Doublets" (1877–79): https://en.wikipedia.org/wiki/Word_ladder
"""

from letterplay.multiplets._graph import WordGraph, word_graph
from letterplay.multiplets._ladder import LadderResult, ladder
from letterplay.multiplets._network import Network
from letterplay.multiplets._solve import SolveResult, solve

__all__ = [
    "LadderResult",
    "Network",
    "SolveResult",
    "WordGraph",
    "ladder",
    "solve",
    "word_graph",
]
