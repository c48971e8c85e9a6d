"""Ranking solutions: by commonness, or on the NY Times list the way the NY Times picks its own.

Every list of solutions goes through :func:`rank_rows`: the Zipf of the rarest word, highest
first, then the fewest total letters, then the lexicon order of the words. On the bundled
``nyt-letterboxed`` list, a *learned ranking* comes first: a linear score over
:data:`SOLUTION_FEATURES` whose weights were fitted on real boards (a conditional logit: the
NY Times' solution against the board's other ones, ``scripts/build_nyt.py``) and ship in
``data/nyt-models.json`` (:func:`letterplay.nyt.models`). The features need only the list, its
Zipf frequencies and the bundled ``nyt-bee`` list, so scoring a board's solutions is a few array
operations.

Examples
--------
>>> flags = np.zeros((1, 2, len(WORD_FLAGS)), dtype=bool)
>>> flags[0, 1] = True  # the second word ends in s, in ed (!) and is off the Bee list
>>> solution_features(np.array([[5.0, 2.5]]), np.array([[6, 8]]), flags).tolist()
[[2.5, 3.0, 14.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]]

References
----------
- The New York Times, *Letter Boxed*: https://www.nytimes.com/puzzles/letter-boxed
- D. McFadden, "Conditional logit analysis of qualitative choice behavior" (1974), the model of
  the learned ranking: https://eml.berkeley.edu/reprints/mcfadden/zarembka.pdf
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from letterplay import nyt
from letterplay.errors import InputError
from letterplay.letterboxed._board import parse_board
from letterplay.letterboxed._playable import Playable, playable_words
from letterplay.letterboxed._tables import Completions
from letterplay.letterboxed._walk import solution_rows
from letterplay.letterboxed.rules import MAX_LIMIT
from letterplay.letters import sorted_unique
from letterplay.progress import ProgressCallback, report

if TYPE_CHECKING:
    from letterplay.lexicon import Lexicon

__all__ = [
    "ENUMERATION_CAP",
    "LIST_CAP",
    "SOLUTION_FEATURES",
    "WORD_FLAGS",
    "best_rows",
    "board_solution_features",
    "off_bee",
    "playable_flags",
    "rank_rows",
    "ranking_weights",
    "row_features",
    "row_scores",
    "solution_features",
]

SOLUTION_FEATURES = (
    "rarest_zipf_to_3",
    "commonest_zipf_to_3",
    "letters",
    "all_end_in_s",
    "any_ends_in_s",
    "first_off_bee",
    "last_off_bee",
    "first_ends_in_ed",
    "last_ends_in_ed",
)
"""What the learned ranking scores a solution by ("first" and "last": its first and last words)."""

WORD_FLAGS = ("ends_in_s", "ends_in_ed", "off_bee")
"""The yes/no features of each word the solution features are made of."""

ZIPF_CAP = 3.0
"""Past a Zipf of 3 a word is common enough: the NY Times does not prefer commoner ones."""

ENUMERATION_CAP = 200_000
"""Above this many solutions, the ranked list is found under a Zipf floor."""

LIST_CAP = MAX_LIMIT
"""The most solutions ever held in memory to rank them."""


# ----------------------------------------------------------------------------- the learned ranking


def ranking_weights(lexicon: Lexicon) -> np.ndarray | None:
    """The learned ranking's weights when ``lexicon`` is the NY Times Letter Boxed list (matched
    by identity, whatever its name), else None.

    Examples
    --------
    >>> len(ranking_weights(nyt.load_bundled("nyt-letterboxed"))) == len(SOLUTION_FEATURES)
    True
    >>> ranking_weights(nyt.load_bundled("nyt-bee")) is None
    True
    """
    name = nyt.built_as(lexicon)
    ranking = nyt.models()[name].get("ranking") if name else None
    if not ranking or tuple(ranking["features"]) != SOLUTION_FEATURES:
        return None
    return np.asarray(ranking["weights"], dtype=np.float64)


def off_bee(lexicon: Lexicon, bee: Lexicon | None = None) -> np.ndarray:
    """Boolean per word of ``lexicon``: a word the Spelling Bee could hold (4+ letters, at most 7
    different) that the ``nyt-bee`` list (or ``bee``) leaves out: the NY Times' editors judged,
    or would judge, it too obscure for their Bee, and they seldom pick it for Letter Boxed.

    Cached on disk by the identity of both lists, so a warm command only maps the array.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> box = Lexicon.from_words(["cats", "pigs", "tad"])
    >>> off_bee(box, Lexicon.from_words(["pigs"])).tolist()  # tad: too short for the Bee
    [True, False, False]
    """
    from letterplay import cache
    from letterplay.letters import popcount

    bee = nyt.load_bundled("nyt-bee") if bee is None else bee

    def build() -> dict[str, np.ndarray]:
        index = lexicon.index
        off = (index.lengths >= 4) & (popcount(index.masks) <= 7)
        rows = np.flatnonzero(off)
        off[rows[np.isin(lexicon.array[rows], bee.array)]] = False
        return {"off_bee": off}

    if not cache.worth_caching(lexicon):
        return build()["off_bee"]
    return cache.cached("nyt-off-bee", f"{lexicon.sha256}:{bee.sha256}", build)["off_bee"]


def playable_flags(playable: Playable, bee: Lexicon | None = None) -> np.ndarray:
    """The :data:`WORD_FLAGS` of each playable word: a (words, 3) boolean array.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> box = Lexicon.from_words(["paced", "tad"])
    >>> p = playable_words(parse_board("tcr aei dsp gny"), box)
    >>> playable_flags(p, Lexicon.from_words(["pigs"])).tolist()
    [[False, True, True], [False, False, False]]
    """
    codes = playable.lexicon.index.codes[playable.ids]
    at = np.arange(len(codes))
    last = codes[at, playable.lengths - 1]  # every playable word has 3+ letters
    before_last = codes[at, playable.lengths - 2]
    ends_s = last == ord("s") - 97
    ends_ed = (before_last == ord("e") - 97) & (last == ord("d") - 97)
    return np.column_stack([ends_s, ends_ed, off_bee(playable.lexicon, bee)[playable.ids]])


def solution_features(zipfs: np.ndarray, lengths: np.ndarray, flags: np.ndarray) -> np.ndarray:
    """One row of :data:`SOLUTION_FEATURES` per solution, from the Zipf frequencies and lengths
    of its words (arrays of shape solutions × words) and their :data:`WORD_FLAGS` (solutions ×
    words × flags). "First" and "last" are the solution's first and last words.

    Examples
    --------
    >>> flags = np.zeros((1, 2, 3), dtype=bool)
    >>> solution_features(np.array([[3.5, 1.25]]), np.array([[5, 4]]), flags).tolist()
    [[1.25, 3.0, 9.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]
    """
    zipfs = np.minimum(np.asarray(zipfs, np.float64), ZIPF_CAP)
    lengths = np.asarray(lengths, np.float64)
    ends_s, ends_ed, off = (np.asarray(flags[:, :, j], np.float64) for j in range(3))
    return np.column_stack(
        [
            zipfs.min(axis=1),
            zipfs.max(axis=1),
            lengths.sum(axis=1),
            ends_s.min(axis=1),
            ends_s.max(axis=1),
            off[:, 0],
            off[:, -1],
            ends_ed[:, 0],
            ends_ed[:, -1],
        ]
    )


def row_features(playable: Playable, rows: np.ndarray, bee: Lexicon | None = None) -> np.ndarray:
    """:func:`solution_features` of each solution (rows of word indices into ``playable``).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> p = playable_words(parse_board("tap erd nil yco"), Lexicon.from_words(["yelp", "plead"]))
    >>> row = np.array([[0, 1]])  # plead yelp: plead is off this Bee list
    >>> row_features(p, row, bee=Lexicon.from_words(["yelp"]))[0, 2:].tolist()
    [9.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    """
    flags = playable_flags(playable, bee)
    return solution_features(playable.zipfs[rows], playable.lengths[rows], flags[rows])


def row_scores(playable: Playable, rows: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The learned score of each solution (rows of word indices into ``playable``): its
    :func:`row_features` weighted by ``weights``.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> p = playable_words(parse_board("tap erd nil yco"), Lexicon.from_words(["yelp", "plead"]))
    >>> weights = np.zeros(len(SOLUTION_FEATURES))
    >>> weights[2] = -1.0  # one point off per letter
    >>> row_scores(p, np.array([[0, 1]]), weights).tolist()
    [-9.0]
    """
    return row_features(playable, rows) @ weights


def board_solution_features(
    lexicon: Lexicon, sides: list[str], solution: list[str], bee: Lexicon | None = None
) -> tuple[np.ndarray, int | None]:
    """Features of every two-word solution of a board and the row of ``solution`` among them
    (None when the list cannot make it): what ``scripts/build_nyt.py`` fits the ranking on.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> from letterplay.letterboxed.rules import EXAMPLE_SIDES, EXAMPLE_WORDS
    >>> tiny = Lexicon.from_words(EXAMPLE_WORDS)
    >>> features, row = board_solution_features(tiny, EXAMPLE_SIDES, ["yelp", "plead"])
    >>> features.shape, row
    ((3, 9), None)
    """
    playable = playable_words(parse_board(sides), lexicon)
    rows = solution_rows(playable, Completions(playable), 2)
    features = row_features(playable, rows, bee)
    ids = [lexicon.word_id(w.lower()) for w in solution]
    where = np.flatnonzero(
        (playable.ids[rows[:, 0]] == ids[0]) & (playable.ids[rows[:, 1]] == ids[1])
    )
    return features, (int(where[0]) if len(where) else None)


# ----------------------------------------------------------------------------- the one ranking


def rank_rows(
    playable: Playable, rows: np.ndarray, weights: np.ndarray | None = None
) -> np.ndarray:
    """Rows ordered by commonness: the Zipf of the rarest word, highest first, then fewest total
    letters, then alphabetically by the lexicon order of the words. With ``weights`` (the
    learned NY Times ranking, :func:`ranking_weights`), by that score first.

    This is the one ranking of solutions; everything that lists them goes through it.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ancient", "torpidly", "plead", "dictionary"])
    >>> p = playable_words(parse_board("tap erd nil yco"), lex)
    >>> [[p.word(i) for i in row] for row in rank_rows(p, np.array([[0, 3], [2, 1]]))]
    [['plead', 'dictionary'], ['ancient', 'torpidly']]
    """
    if len(rows) == 0:
        return rows
    rarest = playable.zipfs[rows].min(axis=1)
    letters = playable.lengths[rows].sum(axis=1)
    ids = playable.ids[rows]
    keys = [ids[:, j] for j in range(rows.shape[1] - 1, -1, -1)] + [letters, -rarest]
    if weights is not None:
        keys.append(-row_scores(playable, rows, weights))
    return rows[np.lexsort(keys)]


def best_rows(
    playable: Playable,
    completions: Completions,
    k: int,
    *,
    limit: int,
    distinct: bool = False,
    weights: np.ndarray | None = None,
    progress: ProgressCallback | None = None,
) -> np.ndarray:
    """The ``limit`` best ``k``-word solutions by :func:`rank_rows` (with ``weights``, by the
    learned score among those the Zipf floor below keeps).

    When there are more than :data:`ENUMERATION_CAP` solutions, a binary search finds the highest
    Zipf floor under which at least ``limit`` solutions remain (the tables are recounted for each
    floor); every better-ranked solution uses only words above that floor, so listing those is
    enough. If more than :data:`LIST_CAP` solutions sit at that floor, :class:`InputError` asks
    for a smaller request rather than a guess.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ancient", "torpidly", "plead", "dictionary"])
    >>> p = playable_words(parse_board("tap erd nil yco"), lex)
    >>> [[p.word(i) for i in row] for row in best_rows(p, Completions(p), 2, limit=1)]
    [['plead', 'dictionary']]
    """
    if limit <= 0:
        return np.zeros((0, k), dtype=np.int64)
    if completions.count(k) <= ENUMERATION_CAP:
        rows = solution_rows(playable, completions, k, distinct, progress=progress)
        return rank_rows(playable, rows, weights)[:limit]
    floors = sorted_unique(playable.zipfs)
    lo, hi = 0, len(floors) - 1  # invariant: floor lo keeps at least `limit` solutions
    while lo < hi:
        report(progress, "finding the best solutions", hi - lo, len(floors))
        mid = (lo + hi + 1) // 2
        sub = playable.subset(playable.zipfs >= floors[mid])
        if Completions(sub, progress).count(k) >= limit:
            lo = mid
        else:
            hi = mid - 1
    keep = playable.zipfs >= floors[lo]
    sub = playable.subset(keep)
    sub_completions = Completions(sub, progress)
    if sub_completions.count(k) > LIST_CAP:
        raise InputError(
            f"{sub_completions.count(k):,} solutions of {k} words tie for the last places; "
            "ask for fewer (`limit`) or only commoner words (`min_zipf`)",
            parameter="limit",
        )
    rows = solution_rows(sub, sub_completions, k, distinct, progress=progress)
    rows = np.flatnonzero(keep)[rows] if len(rows) else rows
    return rank_rows(playable, rows, weights)[:limit]
