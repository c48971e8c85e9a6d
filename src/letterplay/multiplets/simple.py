"""The simple versions the fast multiplet and ladder functions are tested against.

Neighbours are found pair by pair by the rules' own words
(:func:`letterplay.multiplets.rules.neighbours`); a multiplet tries every set of link words,
smallest sets first, and a ladder is the plain breadth-first search, word by word. Obviously
right, and slow: for tiny word lists only.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> lex = Lexicon.from_words(["cold", "cord", "card", "ward", "warm", "word", "worm"])
>>> simple_solve(["cold", "warm"], lexicon=lex).link_words
['cord', 'ward', 'word']
>>> simple_ladder("cold", "warm", lexicon=lex)
['cold', 'cord', 'card', 'ward', 'warm']
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from letterplay import validate
from letterplay.errors import InputError, NoSolutionError
from letterplay.letters import parse_letters
from letterplay.lexicon import Lexicon
from letterplay.multiplets._graph import WordGraph, check_words, target_words, word_graph
from letterplay.multiplets._network import Network
from letterplay.multiplets.rules import (
    MIN_LENGTH,
    RULES,
    SIMPLE_MAX_WORDS,
    neighbours,
    obscurity,
)

__all__ = ["simple_ladder", "simple_solve"]


def _neighbour_lists(graph: WordGraph) -> dict[str, list[str]]:
    """Each usable word's neighbours (alphabetical), found pair by pair."""
    usable = [w for w in graph.lexicon.words if graph.usable(w)]
    if len(usable) > SIMPLE_MAX_WORDS:
        raise InputError(
            f"`lexicon`: the simple references take at most {SIMPLE_MAX_WORDS} words of the "
            f"minimum length, not {len(usable):,}",
            parameter="lexicon",
        )
    found: dict[str, list[str]] = {w: [] for w in usable}
    for a, b in itertools.combinations(usable, 2):
        if neighbours(a, b, graph.rules):
            found[a].append(b)
            found[b].append(a)
    return found


def simple_solve(
    words: Sequence[str] | str,
    *,
    lexicon: Lexicon | str | None = None,
    rules: Sequence[str] | str = RULES,
    min_length: int = MIN_LENGTH,
    exclude: Iterable[str] = (),
    max_links: int = 3,
) -> Network:
    """The least obscure of the networks with the fewest link words, by trying every set of link
    words, smallest sets first: the definition :func:`letterplay.multiplets.solve` is held to.

    Parameters
    ----------
    words : sequence of str, or str
        The target words, as for :func:`letterplay.multiplets.solve`.
    lexicon, rules, min_length, exclude
        As for :func:`letterplay.multiplets.solve` (a tiny lexicon: at most 40 words of the
        minimum length).
    max_links : int
        The most link words tried (0 to 8).

    Returns
    -------
    Network
        The network (``optimal`` True: it is proven by trying every smaller set).

    Raises :class:`NoSolutionError` when more than ``max_links`` link words would be needed.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["cold", "cord", "word", "worm", "warm"])
    >>> simple_solve("cold worm", lexicon=lex).link_words
    ['cord', 'word']
    >>> simple_solve("cold warm", lexicon=lex, max_links=1)
    Traceback (most recent call last):
    ...
    letterplay.errors.NoSolutionError: no network of the targets with at most 1 link words

    References
    ----------
    - Enigma 288a, "Multiplets", New Scientist #1435 (20 December 1984), collected on
      Enigmatic Code: https://enigmaticcode.wordpress.com/
    """
    max_links = validate.whole("max_links", max_links, low=0, high=8)
    targets = target_words("words", words)
    graph = word_graph(lexicon=lexicon, rules=rules, min_length=min_length, exclude=exclude)
    targets = check_words(graph, targets)
    near = _neighbour_lists(graph)
    candidates = [w for w, vs in near.items() if vs and w not in targets]
    lex = graph.lexicon
    for size in range(max_links + 1):
        found = []
        for links in itertools.combinations(candidates, size):
            edges = _spanning_edges(near, [*targets, *links])
            if edges is not None:
                ids = [lex.word_id(w) for w in links]
                found.append((int(obscurity(lex.zipfs[ids]).sum()) if ids else 0, links, edges))
        if found:
            obsc, links, edges = min(found)
            return Network(targets, sorted(links), sorted(edges), obsc, optimal=True)
    raise NoSolutionError(f"no network of the targets with at most {max_links} link words")


def _spanning_edges(near: dict[str, list[str]], words: list[str]) -> list[tuple[str, str]] | None:
    """The edges of a breadth-first spanning tree of the words, or None if they are apart."""
    inside, parent = set(words), {words[0]: words[0]}
    queue = [words[0]]
    for w in queue:
        for v in near.get(w, []):
            if v in inside and v not in parent:
                parent[v] = w
                queue.append(v)
    if len(parent) < len(inside):
        return None
    return [(min(w, p), max(w, p)) for w, p in parent.items() if w != p]


def simple_ladder(
    start: str,
    end: str,
    *,
    lexicon: Lexicon | str | None = None,
    rules: Sequence[str] | str = RULES,
    min_length: int = MIN_LENGTH,
    exclude: Iterable[str] = (),
) -> list[str]:
    """One shortest ladder by the plain breadth-first search, word by word: the definition
    :func:`letterplay.multiplets.ladder` is held to.

    Parameters
    ----------
    start, end : str
        The two words.
    lexicon, rules, min_length, exclude
        As for :func:`letterplay.multiplets.ladder` (a tiny lexicon).

    Returns
    -------
    list of str
        A shortest ladder, ``start`` first. Raises :class:`NoSolutionError` when there is none.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["cold", "cord", "card", "ward", "warm"])
    >>> simple_ladder("cold", "warm", lexicon=lex)
    ['cold', 'cord', 'card', 'ward', 'warm']

    References
    ----------
    - Word ladders, Lewis Carroll's "Doublets" (1877–79): https://en.wikipedia.org/wiki/Word_ladder
    """
    start = parse_letters(validate.text("start", start), "start")
    end = parse_letters(validate.text("end", end), "end")
    graph = word_graph(lexicon=lexicon, rules=rules, min_length=min_length, exclude=exclude)
    start, end = check_words(graph, [start, end], "ladder")
    near = _neighbour_lists(graph)
    parent: dict[str, str | None] = {start: None}
    queue = [start]
    for word in queue:
        if word == end:
            path = [end]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])  # type: ignore[arg-type]
            return path[::-1]
        for v in near[word]:
            if v not in parent:
                parent[v] = word
                queue.append(v)
    raise NoSolutionError(f"no ladder from {start} to {end}")
