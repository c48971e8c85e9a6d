"""A network connecting target words: a tree of the word graph, written as branches.

Examples
--------
>>> net = Network(["cold", "worm"], ["cord", "word"],
...               [("cold", "cord"), ("cord", "word"), ("word", "worm")], 0, True)
>>> net.links, net.branches()
(2, [['cold', 'cord', 'word', 'worm']])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from letterplay.multiplets._graph import WordGraph
from letterplay.multiplets.rules import obscurity

__all__ = ["Network", "branches", "is_tree", "network_of"]


@dataclass(frozen=True)
class Network:
    """A network connecting targets: a tree of the word graph whose other words are link words.

    ``obscurity`` is the sum of :func:`~letterplay.multiplets.rules.obscurity` over its link
    words (None when commonness was not asked for); ``optimal`` says whether it is proven to be
    the least obscure network of its size (under its constraints); ``edge_rules`` (not part of
    the JSON) names the rules joining each edge, for drawing.

    Examples
    --------
    >>> net = Network(["cold", "worm"], ["cord", "word"],
    ...               [("cold", "cord"), ("cord", "word"), ("word", "worm")], 0, True)
    >>> net.words, net.to_dict()["links"]
    (['cold', 'worm', 'cord', 'word'], 2)
    """

    targets: list[str]
    link_words: list[str]
    edges: list[tuple[str, str]]
    obscurity: int | None
    optimal: bool = False
    edge_rules: dict[tuple[str, str], tuple[str, ...]] = field(
        default_factory=dict, repr=False, compare=False
    )

    @property
    def links(self) -> int:
        """Number of link words."""
        return len(self.link_words)

    @property
    def words(self) -> list[str]:
        """Every word of the network: targets, then link words."""
        return self.targets + self.link_words

    def branches(self) -> list[list[str]]:
        """The network as branches, as the puzzle writes it (see :func:`branches`)."""
        return branches(self.edges, self.targets)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: links, link words, edges, obscurity, optimal."""
        return {
            "links": self.links,
            "link_words": self.link_words,
            "edges": [list(e) for e in self.edges],
            "obscurity": self.obscurity,
            "optimal": self.optimal,
        }


def network_of(
    graph: WordGraph,
    targets: list[str],
    nodes: np.ndarray,
    edges: Iterable[tuple[int, int]],
    *,
    optimal: bool,
    commonness: bool = True,
) -> Network:
    """A :class:`Network` from engine edges (numbered as ``nodes``, word ids), checked to be a
    tree of valid edges containing every target; leaves that are not targets are pruned."""
    from letterplay.steiner._graph import prune_leaves

    words = graph.lexicon.words
    pairs = {tuple(sorted((words[nodes[a]], words[nodes[b]]))) for a, b in edges}
    pairs = set(prune_leaves(pairs, set(targets)))
    rules = {(a, b): graph.rules_between(a, b) for a, b in pairs}
    if not all(rules.values()):
        raise RuntimeError("the Steiner engine returned a pair of words that are not neighbours")
    tree_words = {w for e in pairs for w in e} | set(targets)
    if not is_tree(pairs, tree_words):
        raise RuntimeError("the Steiner engine returned a network that is not a tree")
    link_words = sorted(tree_words - set(targets))
    obsc = None
    if commonness:  # the Zipf table costs a moment to load: only when it is used
        ids = [graph.lexicon.word_id(w) for w in link_words]
        obsc = int(obscurity(graph.lexicon.zipfs[ids]).sum()) if ids else 0
    return Network(
        list(targets), link_words, sorted(pairs), obsc, optimal=optimal, edge_rules=rules
    )


def is_tree(edges: Iterable[tuple[str, str]], words: set[str]) -> bool:
    """Whether ``edges`` form one tree spanning exactly ``words``.

    Examples
    --------
    >>> is_tree([("cat", "cot"), ("cot", "dot")], {"cat", "cot", "dot"})
    True
    >>> is_tree([("cat", "cot")], {"cat", "cot", "dot"})
    False
    """
    edges = list(edges)
    if len(edges) != len(words) - 1 or any(a not in words or b not in words for a, b in edges):
        return False
    parent = {w: w for w in words}

    def root(w: str) -> str:
        while parent[w] != w:
            parent[w] = parent[parent[w]]
            w = parent[w]
        return w

    for a, b in edges:
        ra, rb = root(a), root(b)
        if ra == rb:
            return False
        parent[ra] = rb
    return True


def branches(edges: Iterable[tuple[str, str]], targets: Sequence[str]) -> list[list[str]]:
    """A network written as branches, the puzzle's way.

    The first branch is the path from the alphabetically first target to the target farthest
    from it; each further branch starts at the next target (alphabetically) not yet written and
    follows the network until it meets a word already written, which ends the branch.

    Examples
    --------
    >>> edges = [("eight", "night"), ("night", "thing"), ("thing", "two"), ("nine", "thing")]
    >>> branches(edges, ["two", "eight", "nine"])
    [['eight', 'night', 'thing', 'two'], ['nine', 'thing']]
    """
    neighbours: dict[str, list[str]] = {}
    for a, b in edges:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    order = sorted(targets)
    if not neighbours:
        return [order]

    def parents_from(root: str) -> dict[str, str | None]:
        parent: dict[str, str | None] = {root: None}
        queue = [root]
        for w in queue:
            for v in sorted(neighbours.get(w, [])):
                if v not in parent:
                    parent[v] = w
                    queue.append(v)
        return parent

    parent = parents_from(order[0])

    def path_up(w: str) -> list[str]:
        path = [w]
        while parent[path[-1]] is not None:
            path.append(parent[path[-1]])  # type: ignore[arg-type]
        return path

    depth = {t: len(path_up(t)) for t in order}
    far = max(order, key=lambda t: (depth[t], t))
    spine = path_up(far)[::-1]
    written = set(spine)
    result = [spine]
    for t in order:
        if t in written:
            continue
        branch = [t]
        for w in path_up(t)[1:]:
            branch.append(w)
            if w in written:
                break
        written.update(branch)
        result.append(branch)
    return result
