"""Solving a board exactly: the fewest words (proven), the exact count of such solutions, and
the best of them.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.letterboxed.rules import EXAMPLE_SIDES, EXAMPLE_WORDS
>>> result = solve(EXAMPLE_SIDES, lexicon=Lexicon.from_words(EXAMPLE_WORDS))
>>> result.min_words, result.count, [" ".join(s.words) for s in result.solutions]
(2, 3, ['plead dictionary', 'dictionary yelp', 'ancient torpidly'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from letterplay import validate
from letterplay.letterboxed._board import Board, as_board
from letterplay.letterboxed._playable import Playable, playable_words
from letterplay.letterboxed._ranking import best_rows, ranking_weights
from letterplay.letterboxed._tables import Completions, fewest_words
from letterplay.letterboxed._walk import count_distinct, fewest_letters
from letterplay.letterboxed.rules import MAX_LIMIT, MAX_WORDS
from letterplay.lexicon import Lexicon, as_lexicon, check_min_zipf
from letterplay.progress import ProgressCallback, check_progress, report
from letterplay.results import Result

__all__ = ["BoxSolution", "SolveResult", "solve"]


@dataclass(frozen=True)
class BoxSolution:
    """One Letter Boxed solution: its words, the Zipf of its rarest word, and its total letters.

    Examples
    --------
    >>> BoxSolution(("plead", "dictionary"), 3.456, 15).to_dict()
    {'words': ['plead', 'dictionary'], 'rarest_zipf': 3.46, 'letters': 15}
    """

    words: tuple[str, ...]
    rarest_zipf: float
    letters: int

    def to_dict(self) -> dict[str, object]:
        """The words, the rarest word's Zipf (2 decimals) and the letters."""
        return {
            "words": list(self.words),
            "rarest_zipf": round(self.rarest_zipf, 2),
            "letters": self.letters,
        }


@dataclass(frozen=True)
class SolveResult(Result):
    """What :func:`solve` finds.

    - ``min_words``: the proven fewest words; ``count``: exact number of minimal solutions.
    - ``count_distinct``: how many of those use no word twice (None: too many to check).
    - ``fewest_letters``: fewest total letters of a minimal solution.
    - ``playable_words``: how many words can be played on the board.
    - ``counts_by_words``: with ``max_words``, exact solution counts for each length up to it
      (``distinct_by_words``: those with no word used twice, None where too many to check);
      ``total`` is their sum.
    - ``solutions``: the best ones, up to ``limit``, ranked by commonness (shortest first when
      several lengths are listed).
    """

    board: Board
    min_words: int
    count: int
    count_distinct: int | None
    fewest_letters: int
    playable_words: int
    solutions: tuple[BoxSolution, ...]
    max_words: int | None = None
    min_zipf: float | None = None
    counts_by_words: dict[int, int] = field(default_factory=dict)
    distinct_by_words: dict[int, int | None] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """The number of solutions of up to ``max_words`` words."""
        return sum(self.counts_by_words.values())

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "board": self.board.to_dict()["sides"],
            "min_words": self.min_words,
            "count": self.count,
            "count_distinct": self.count_distinct,
            "fewest_letters": self.fewest_letters,
            "playable_words": self.playable_words,
            "min_zipf": self.min_zipf,
            "solutions": [list(s.words) for s in self.solutions],
            "ranked": [s.to_dict() for s in self.solutions],
        }
        if self.max_words is not None:
            data["max_words"] = self.max_words
            data["counts_by_words"] = {str(k): v for k, v in self.counts_by_words.items()}
            data["distinct_by_words"] = {str(k): v for k, v in self.distinct_by_words.items()}
            data["total"] = self.total
        return data


def _solutions(playable: Playable, rows: np.ndarray) -> list[BoxSolution]:
    return [
        BoxSolution(
            tuple(playable.word(i) for i in row),
            float(playable.zipfs[row].min()),
            int(playable.lengths[row].sum()),
        )
        for row in rows
    ]


def solve(
    board: Board | str | Sequence[str],
    *,
    lexicon: Lexicon | str | None = None,
    max_words: int | None = None,
    min_zipf: float | None = None,
    limit: int = 10,
    distinct: bool = False,
    ragged: bool = False,
    progress: ProgressCallback | None = None,
) -> SolveResult:
    """Solve a board exactly: the fewest words (proven), the exact count of such solutions, and
    the ``limit`` most common ones (on the NY Times list, the most NYT-like: the learned
    ranking of :mod:`letterplay.nyt`'s Letter Boxed model).

    Parameters
    ----------
    board : Board, str or sequence of str
        The puzzle: a :class:`Board`, its sides as one text (``"TAP ERD NIL YCO"``, spaces or
        commas between them) or as a sequence of sides.
    lexicon : Lexicon, str or None
        The word list: a :class:`~letterplay.lexicon.Lexicon`, a catalog name or a file
        (default: enable1).
    max_words : int, optional
        Count every solution of up to this many words (1 to 12), by length, and list the best,
        shortest first. Without it only the minimal solutions are counted and listed.
    min_zipf : float, optional
        Only use words at least this common (wordfreq Zipf, 0 to 8).
    limit : int
        How many solutions to list (0 to 2,000,000).
    distinct : bool
        List only solutions with no word used twice (both counts are always given).
    ragged : bool
        Allow sides of different lengths.
    progress : callable, optional
        ``progress(description, done, total)``, called as the work goes on.

    Returns
    -------
    SolveResult
        ``min_words``, ``count``, ``count_distinct``, ``fewest_letters``, ``playable_words``,
        ``solutions`` (each a :class:`BoxSolution`) and, with ``max_words``,
        ``counts_by_words``.

    Raises
    ------
    NoSolutionError
        When the board has no solution (within ``max_words``).

    Examples
    --------
    >>> import letterplay as lp
    >>> lp.letterboxed.solve("TAP ERD NIL YCO").min_words
    2
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    >>> result = solve(["ab", "cd", "ef"], lexicon=lex, max_words=4, limit=1)
    >>> result.min_words, result.count, result.counts_by_words, result.solutions[0].words
    (3, 5, {3: 5, 4: 3}, ('ace', 'ebd', 'dfa'))
    >>> solve("ab cd ef", lexicon=lex, max_words=2)
    Traceback (most recent call last):
    ...
    letterplay.errors.NoSolutionError: no solution within 2 words on board AB CD EF

    References
    ----------
    - The New York Times, *Letter Boxed*: https://www.nytimes.com/puzzles/letter-boxed
    - Art Steinmetz, "Solving the Letterboxed Puzzle in the New York Times", Outsider Data
      Science (2019), the greedy solver this one is measured against:
      https://outsiderdata.netlify.com/post/solving-the-letterboxed-puzzle-in-the-new-york-times/
    - A. Björklund, T. Husfeldt, P. Kaski, M. Koivisto, "Fourier meets Möbius: fast subset
      convolution", STOC 2007, https://doi.org/10.1145/1250790.1250801
    """
    board = as_board(board, ragged)
    lexicon, min_zipf = as_lexicon(lexicon), check_min_zipf(min_zipf)
    if max_words is not None:
        max_words = validate.whole("max_words", max_words, 1, MAX_WORDS)
    limit = validate.whole("limit", limit, 0, MAX_LIMIT)
    distinct = validate.flag("distinct", distinct)
    progress = check_progress(progress)
    playable = playable_words(board, lexicon, min_zipf)
    completions = Completions(playable, progress)
    report(progress, "solving", 0, 4)
    k = fewest_words(completions, max_words, progress)
    lengths = range(k, (max_words or k) + 1)
    weights = ranking_weights(lexicon)  # NYT-like order on the NY Times list
    report(progress, "solving", 1, 4)
    counts = {j: completions.count(j) for j in lengths}
    distincts = {
        j: count_distinct(playable, completions, j, j == k, progress=progress) for j in lengths
    }
    report(progress, "solving", 2, 4)
    listed: list[BoxSolution] = []
    for j in lengths:
        if len(listed) >= limit:
            break
        report(progress, "solving", 2, 4)
        rows = best_rows(
            playable,
            completions,
            j,
            limit=limit - len(listed),
            distinct=distinct,
            weights=weights,
            progress=progress,
        )
        listed += _solutions(playable, rows)
    report(progress, "solving", 3, 4)
    letters = fewest_letters(playable, completions, k, progress)
    report(progress, "solving", 4, 4)
    bounded = max_words is not None
    return SolveResult(
        board=board,
        min_words=k,
        count=counts[k],
        count_distinct=distincts[k],
        fewest_letters=letters,
        playable_words=len(playable),
        solutions=tuple(listed),
        max_words=max_words,
        min_zipf=min_zipf,
        counts_by_words=counts if bounded else {},
        distinct_by_words=distincts if bounded else {},
        lexicon=lexicon,
    )
