"""Solving a multiplet: the network connecting its words with the fewest link words, proven.

A network connecting the targets is a tree of the word graph containing every target: the
Steiner tree problem in graphs, solved exactly by :mod:`letterplay.steiner` with a lower bound
that proves the answer. Among networks of minimum size, the one whose words are most common
wins (least sum of obscurity).

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> lex = Lexicon.from_words("cold cord card ward warm word worm".split(), name="tiny")
>>> result = solve(["cold", "ward", "worm"], lexicon=lex, rules="change")
>>> result.links, result.optimal, result.network.link_words
(2, True, ['cord', 'word'])
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from letterplay import validate
from letterplay.errors import InputError, NoSolutionError
from letterplay.lexicon import Lexicon
from letterplay.multiplets._graph import WordGraph, check_words, target_words, word_graph
from letterplay.multiplets._network import Network, network_of
from letterplay.multiplets.rules import MAX_ALTERNATIVES, MIN_LENGTH, RULES, obscurity
from letterplay.progress import ProgressCallback, report
from letterplay.results import Result

if TYPE_CHECKING:
    import scipy.sparse as sp

    from letterplay.steiner import SteinerResult

__all__ = ["SolveResult", "relevant_words", "solve"]


@dataclass(frozen=True)
class SolveResult(Result):
    """The smallest network connecting a multiplet's words, and how far it is proven.

    - ``links``: number of link words of ``network``; ``lower_bound``: no network has fewer;
      ``optimal``: the two are equal, so ``links`` is the proven minimum.
    - ``tie_break_proven``: among networks with ``links`` link words, none is less obscure.
    - ``alternatives``: other networks of minimum size, each the least obscure one avoiding a
      link word of ``network``, least obscure first.
    """

    targets: list[str]
    network: Network
    lower_bound: int
    optimal: bool
    tie_break_proven: bool
    alternatives: list[Network] = field(default_factory=list)
    searched_words: int = 0
    seconds: float = 0.0
    rules: tuple[str, ...] = RULES
    min_length: int = MIN_LENGTH
    excluded: list[str] = field(default_factory=list)

    @property
    def links(self) -> int:
        """Number of link words of the network."""
        return self.network.links

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract of a multiplet (the multiplet command and the web API print it)."""
        return {
            "targets": self.targets,
            "links": self.links,
            "link_words": self.network.link_words,
            "edges": [list(e) for e in self.network.edges],
            "optimal": self.optimal,
            "lower_bound": self.lower_bound,
            "tie_break_proven": self.tie_break_proven,
            "obscurity": self.network.obscurity,
            "branches": self.network.branches(),
            "alternatives": [a.to_dict() for a in self.alternatives],
            "searched_words": self.searched_words,
            "seconds": round(self.seconds, 3),
            "rules": list(self.rules),
            "min_length": self.min_length,
            "exclude": self.excluded,
        }


@dataclass
class _Searched:
    """The part of the graph a multiplet's searches run on, and what the size search proved."""

    words: list[str]
    nodes: np.ndarray  # word ids, targets first
    sub: Any  # unit-weight adjacency among them
    size: SteinerResult  # the fewest-link-words search
    deadline: float | None
    progress: ProgressCallback | None

    @property
    def k(self) -> int:
        return len(self.words)

    @property
    def links(self) -> int:
        return self.size.cost + 1 - self.k

    @property
    def big(self) -> int:
        """An edge weight above any obscurity sum of a network that small."""
        return 800 * (self.links + 1) + 1


def solve(
    words: Sequence[str] | str,
    *,
    lexicon: Lexicon | str | None = None,
    rules: Sequence[str] | str = RULES,
    min_length: int = MIN_LENGTH,
    exclude: Iterable[str] = (),
    time_limit: float | None = None,
    alternatives: int = 0,
    fewest_only: bool = False,
    progress: ProgressCallback | None = None,
) -> SolveResult:
    """The network connecting ``words`` with the fewest link words, proven by the Steiner
    engine, and among those the most common (least sum of obscurity of its link words).

    Two exact searches on the part of the word graph that can matter (the targets' part, less
    the words failing the distance test): first with unit edge weights (cost = edges = link
    words + targets - 1), which proves the size; then with edge weight ``big`` and each link
    word's obscurity as node weight, so the cost is ``big × edges + obscurity``: the order by
    size, then commonness, since ``big`` exceeds any obscurity sum of a network that small.

    Parameters
    ----------
    words : sequence of str, or str
        The target words (at least two different ones), or one text of them separated by
        commas or spaces.
    lexicon : Lexicon, str or None
        The word list: a :class:`~letterplay.lexicon.Lexicon`, a catalog name or a file
        (default: enable1).
    rules : str or sequence of str
        Which steps join words: ``change`` (a letter), ``addremove`` (a letter), ``anagram``
        (default: all three).
    min_length : int
        The shortest word allowed, targets too (1 to 64, default 3).
    exclude : sequence of str
        Words the network may not use.
    time_limit : float, optional
        Seconds (finite, at least 0) for the whole call: when they run out, the best network
        found is returned, with ``optimal`` or ``tie_break_proven`` False and the bound reached.
    alternatives : int
        Also list up to this many (0 to 100) other networks of minimum size.
    fewest_only : bool
        Any network with the fewest link words will do: skip the search for the most common
        one (``obscurity`` is then None).
    progress : callable, optional
        ``progress(description, done, total)``, called now and then.

    Returns
    -------
    SolveResult
        ``network`` (``link_words``, ``edges``, ``branches()``), ``links``, ``lower_bound``,
        ``optimal``, ``tie_break_proven``, ``alternatives``.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["cat", "cot", "cog", "dog", "dot"])
    >>> result = solve("cat dog", lexicon=lex)
    >>> result.links, result.lower_bound, result.network.edges
    (2, 2, [('cat', 'cot'), ('cot', 'dot'), ('dog', 'dot')])
    >>> solve(["cat", "dog"], lexicon=lex, exclude=["dot"]).network.link_words
    ['cog', 'cot']
    >>> solve(["cat", "dog"], lexicon=lex, alternatives=-1)
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `alternatives` must be a whole number from 0 to 100, not -1
    >>> result = solve("minus zero plus")
    >>> result.links, result.optimal, result.network.link_words
    (8, True, ['her', 'hero', 'mines', 'per', 'pes', 'pies', 'pines', 'pus'])

    References
    ----------
    - Enigma 288a, "Multiplets", New Scientist #1435 (20 December 1984), collected on
      Enigmatic Code: https://enigmaticcode.wordpress.com/
    - S. Hougardy, J. Silvanus and J. Vygen, "Dijkstra meets Steiner: a fast exact
      goal-oriented Steiner tree algorithm", Mathematical Programming Computation 9 (2017)
      135–202 (the engine). https://doi.org/10.1007/s12532-016-0110-1
    - C. W. Duin and A. Volgenant, "Reduction tests for the Steiner problem in graphs",
      Networks 19 (1989) 549–567 (the distance test). https://doi.org/10.1002/net.3230190506
    """
    start = time.perf_counter()
    if time_limit is not None:
        time_limit = validate.number("time_limit", time_limit, low=0)
    alternatives = validate.whole("alternatives", alternatives, low=0, high=MAX_ALTERNATIVES)
    fewest_only = validate.flag("fewest_only", fewest_only)
    targets = target_words("words", words)
    graph = word_graph(lexicon=lexicon, rules=rules, min_length=min_length, exclude=exclude)
    targets = check_words(graph, targets)
    if len(targets) < 2:
        raise InputError("a multiplet needs at least two different target words")
    deadline = None if time_limit is None else start + time_limit
    searched = _size_search(graph, targets, deadline, progress)
    network, lower, tie_proven, within = _commonest(graph, searched, not fewest_only)
    optimal = lower >= network.links
    alts = []
    if alternatives > 0:
        within = within or _tie_break_words(graph, searched)
        alts = _alternatives(
            graph,
            network,
            within,
            big=searched.big,
            count=alternatives,
            deadline=deadline,
            progress=progress,
        )
    return SolveResult(
        targets=targets,
        network=network,
        lower_bound=min(lower, network.links),
        optimal=optimal,
        tie_break_proven=tie_proven and optimal,
        alternatives=alts,
        searched_words=len(within[0] if within else searched.nodes),
        seconds=time.perf_counter() - start,
        rules=graph.rules,
        min_length=graph.min_length,
        excluded=sorted(graph.excluded),
        lexicon=graph.lexicon,
    )


def _size_search(graph: WordGraph, words: list[str], deadline, progress) -> _Searched:
    """The fewest link words: the Steiner tree with unit edge weights on the relevant words."""
    nodes, sub = relevant_words(graph, words)
    terminals = np.arange(len(words))  # relevant_words puts the targets first
    size = _steiner(
        sub, terminals, time_limit=_left(deadline), progress=progress, stage="fewest link words"
    )
    return _Searched(words, nodes, sub, size, deadline=deadline, progress=progress)


def _commonest(graph: WordGraph, s: _Searched, prefer_common: bool):
    """The least obscure network of the proven size (when ``prefer_common``): ``(network, lower
    bound on link words, tie-break proven, (word ids, adjacency, node weights) searched)``."""
    k, size = s.k, s.size
    link_lb = max(0, size.lower_bound + 1 - k)
    if not prefer_common:
        network = network_of(graph, s.words, s.nodes, size.edges, optimal=False, commonness=False)
        return network, link_lb, False, None
    within = _tie_break_words(graph, s)
    nodes2, sub2, weights = within
    # The smallest network found is a good start: its obscurity bounds the search at once.
    where = {int(word): i for i, word in enumerate(nodes2)}
    start_nodes = [where.get(int(s.nodes[x]), -1) for x in size.nodes]
    common = _steiner(
        sub2 * s.big,
        np.arange(k),
        node_weights=weights,
        time_limit=_left(s.deadline),
        progress=s.progress,
        stage="most common words",
        start_nodes=start_nodes if min(start_nodes) >= 0 else None,
    )
    best_nodes, best_edges, tie_proven = s.nodes, size.edges, False
    # Under a time limit the size search may stop first with more link words than this one.
    if len(common.edges) + 1 - k <= s.links:
        best_nodes, best_edges, tie_proven = nodes2, common.edges, common.optimal
    link_lb = max(link_lb, common.lower_bound // s.big + 1 - k)
    network = network_of(graph, s.words, best_nodes, best_edges, optimal=tie_proven)
    return network, link_lb, tie_proven, within


def _tie_break_words(graph: WordGraph, s: _Searched):
    """``(word ids, adjacency, node weights)`` for the searches among networks of the proven
    size: the size proof bounds the relevant part again, more tightly."""
    nodes2, sub2 = relevant_words(graph, s.words, upper_bound=s.size.cost, within=(s.nodes, s.sub))
    weights = obscurity(graph.lexicon.zipfs[nodes2])
    weights[: s.k] = 0
    return nodes2, sub2, weights


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.01, deadline - time.perf_counter())


def _steiner(
    graph,
    terminals: np.ndarray,
    *,
    node_weights: np.ndarray | None = None,
    time_limit: float | None,
    progress: ProgressCallback | None = None,
    stage: str = "",
    start_nodes: list[int] | None = None,
) -> SteinerResult:
    from letterplay.steiner import steiner_tree

    def forward(description: str, done: int, total: int) -> None:
        report(progress, f"{stage}: {description}", done, total)

    return steiner_tree(
        graph,
        [int(t) for t in terminals],
        node_weights=node_weights,
        time_limit=time_limit,
        progress=forward if progress is not None else None,
        start_nodes=start_nodes,
    )


def relevant_words(
    graph: WordGraph,
    targets: Sequence[str],
    upper_bound: int | None = None,
    within: tuple[np.ndarray, sp.csr_matrix] | None = None,
) -> tuple[np.ndarray, sp.csr_matrix]:
    """The words that can belong to a smallest network, and the graph between them.

    A link word of a smallest network lies on the network's path between two targets, so its
    distances to its two nearest targets add up to at most the network's edge count; words
    farther than that from the targets are dropped (the *distance test*). Without
    ``upper_bound``, the bound is the minimum spanning tree of the targets' distances, whose
    paths always make a network that large or smaller. Raises :class:`NoSolutionError` naming
    the groups of targets that cannot be connected.

    Returns word ids (targets first, in order) and the unit-weight adjacency among them.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> graph = word_graph(lexicon=Lexicon.from_words(["cat", "cot", "dot", "dog", "zebra"]))
    >>> nodes, sub = relevant_words(graph, ["cat", "dot"])
    >>> [graph.lexicon.words[i] for i in nodes]
    ['cat', 'dot', 'cot']
    """
    from scipy.sparse import csgraph

    from letterplay.steiner._graph import hop_distances

    ids = np.array([graph.lexicon.word_id(w) for w in targets], dtype=np.int64)
    if within is None:
        nodes, adjacency, local = _targets_component(graph, list(targets), ids)
    else:
        nodes, adjacency = within
        local = np.arange(len(ids))  # targets come first there
    dist = hop_distances(adjacency, local)  # both directions of each edge are in it
    if upper_bound is None:
        import scipy.sparse as sp

        closure = dist[:, local]
        upper_bound = int(csgraph.minimum_spanning_tree(sp.csr_matrix(closure)).sum())
    two_nearest = np.sort(dist, axis=0)[: min(2, len(ids))].sum(axis=0)
    keep = two_nearest <= upper_bound
    keep[local] = False
    order = np.concatenate((local, np.flatnonzero(keep)))
    sub = adjacency[order][:, order].tocsr()
    return nodes[order], sub


def _targets_component(graph: WordGraph, targets: list[str], ids: np.ndarray):
    """The word ids of the targets' part of the graph, its 0/1 adjacency and the targets'
    positions in it; :class:`NoSolutionError` when the targets lie in different parts."""
    from scipy.sparse import csgraph

    _, labels = csgraph.connected_components(graph.adjacency, directed=False)
    groups: dict[int, list[str]] = {}
    for w, i in zip(targets, ids, strict=True):
        groups.setdefault(int(labels[i]), []).append(w)
    if len(groups) > 1:
        parts = [f"{{{', '.join(g)}}}" for g in groups.values()]
        raise NoSolutionError(
            f"the targets cannot be connected: {', '.join(parts[:-1])} and {parts[-1]} are "
            f"in different parts of the word graph"
        )
    nodes = np.flatnonzero(labels == labels[ids[0]])
    adjacency = (graph.adjacency[nodes][:, nodes] != 0).astype(np.int32)
    return nodes, adjacency, np.searchsorted(nodes, ids)


def _alternatives(
    graph: WordGraph,
    best: Network,
    within: tuple[np.ndarray, Any, np.ndarray],
    *,
    big: int,
    count: int,
    deadline: float | None,
    progress: ProgressCallback | None = None,
) -> list[Network]:
    """Other networks of minimum size: for each link word of ``best``, the least obscure
    network of the same size avoiding it (on ``within``: word ids, adjacency, node weights).
    Distinct ones, least obscure first, at most ``count``."""
    nodes, sub, weights = within
    k = len(best.targets)
    found: dict[tuple[str, ...], Network] = {}
    position = {int(n): i for i, n in enumerate(nodes)}
    for i, word in enumerate(best.link_words):
        if deadline is not None and time.perf_counter() >= deadline:
            break
        report(progress, "alternatives", i, len(best.link_words))
        drop = position.get(graph.lexicon.word_id(word))
        if drop is None:
            continue
        keep = np.flatnonzero(np.arange(len(nodes)) != drop)
        try:
            result = _steiner(
                sub[keep][:, keep] * big,
                np.arange(k),
                node_weights=weights[keep],
                time_limit=_left(deadline),
                progress=progress,
                stage="alternatives",
            )
        except NoSolutionError:  # the word is a bridge every network needs
            continue
        network = network_of(graph, best.targets, nodes[keep], result.edges, optimal=result.optimal)
        if network.links == best.links:
            found.setdefault(tuple(network.link_words), network)
    ranked = sorted(found.values(), key=lambda n: (n.obscurity, n.link_words))
    return ranked[:count]
