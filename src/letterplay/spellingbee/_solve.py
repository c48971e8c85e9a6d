"""Solving a honeycomb, the NY Times' ranks and hints, and checking a player's words.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
>>> tiny = Lexicon.from_words(EXAMPLE_WORDS, name="tiny")
>>> solve("TACEIOR", lexicon=tiny).word_scores()
{'cacciatore': 17, 'erotica': 14}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from letterplay import validate
from letterplay.letters import parse_letters
from letterplay.lexicon import Lexicon, as_lexicon, check_min_zipf
from letterplay.results import Result
from letterplay.spellingbee._honeycomb import Honeycomb, as_honeycomb, word_points, word_problem
from letterplay.spellingbee._table import can_make, word_arrays
from letterplay.spellingbee.rules import HIVE_SIZE, RANKS

__all__ = ["CheckResult", "Hints", "Rank", "SolveResult", "check", "hints", "rank_of", "ranks"]


# ----------------------------------------------------------------------------- ranks and hints


@dataclass(frozen=True)
class Rank:
    """A rank of the NY Times game: its name, percent of the maximum and minimum score.

    Examples
    --------
    >>> Rank("Genius", 70, 130).to_dict()
    {'name': 'Genius', 'percent': 70, 'min_score': 130}
    """

    name: str
    percent: int
    min_score: int

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "percent": self.percent, "min_score": self.min_score}


def ranks(max_score: int) -> tuple[Rank, ...]:
    """The rank thresholds for a game with ``max_score`` points.

    Each is ``percent`` of the maximum rounded half up, as the NY Times page does with JavaScript's
    ``Math.round`` (Genius for 185 points: 0.7 × 185 = 129.5 → 130). It is computed in integers,
    ``(percent × max + 50) // 100``, so exact halves round up without floating-point error.

    Examples
    --------
    >>> [(r.name, r.min_score) for r in ranks(185)][-2:]
    [('Genius', 130), ('Queen Bee', 185)]
    """
    max_score = validate.whole("max_score", max_score, 0)
    return tuple(Rank(name, pct, (pct * max_score + 50) // 100) for name, pct in RANKS)


def rank_of(score: int, max_score: int) -> str:
    """The name of the highest rank whose threshold ``score`` reaches.

    Examples
    --------
    >>> rank_of(129, 185), rank_of(130, 185)
    ('Amazing', 'Genius')
    """
    score = validate.whole("score", score, 0)
    return [r.name for r in ranks(max_score) if score >= r.min_score][-1]


@dataclass(frozen=True)
class Hints(Result):
    """The NY Times hints: a grid of word counts by first letter × length (with totals), and
    the two-letter list (word counts by their first two letters). Letters shown upper case."""

    lengths: tuple[int, ...]
    grid: dict[str, dict[int, int]]
    two_letter: dict[str, int]

    def row_total(self, letter: str) -> int:
        return sum(self.grid[letter].values())

    def column_total(self, length: int) -> int:
        return sum(row.get(length, 0) for row in self.grid.values())

    @property
    def total(self) -> int:
        return sum(self.row_total(letter) for letter in self.grid)

    def to_dict(self) -> dict[str, object]:
        return {
            "lengths": list(self.lengths),
            "grid": {
                letter: {
                    **{str(n): row.get(n, 0) for n in self.lengths},
                    "total": self.row_total(letter),
                }
                for letter, row in self.grid.items()
            },
            "totals": {**{str(n): self.column_total(n) for n in self.lengths}, "total": self.total},
            "two_letter": self.two_letter,
        }


def hints(words: Iterable[str]) -> Hints:
    """The hints grid and two-letter list of ``words`` (words of letters a–z).

    Parameters
    ----------
    words : sequence of str
        The answers to give hints for (a lone string is an error, not its letters).

    Returns
    -------
    Hints
        ``grid`` (first letter → length → count), ``two_letter`` and ``total``.

    Examples
    --------
    >>> h = hints(["tart", "tree", "trite", "rate", "retreat"])
    >>> h.two_letter, h.total
    ({'RA': 1, 'RE': 1, 'TA': 1, 'TR': 2}, 5)
    >>> hints(["cacciatore", "erotica"]).grid
    {'C': {10: 1}, 'E': {7: 1}}

    References
    ----------
    - The NY Times' Spelling Bee Forum, where the grid and two-letter list appear daily:
      https://www.nytimes.com/spotlight/spelling-bee-forum
    """
    words = [parse_letters(w, "words") for w in validate.words("words", words)]
    cells = Counter((w[0].upper(), len(w)) for w in words)
    grid: dict[str, dict[int, int]] = {}
    for (letter, length), n in sorted(cells.items()):
        grid.setdefault(letter, {})[length] = n
    two = Counter(w[:2].upper() for w in words)
    return Hints(tuple(sorted({len(w) for w in words})), grid, dict(sorted(two.items())))


# ----------------------------------------------------------------------------- solving


@dataclass(frozen=True)
class SolveResult(Result):
    """Every word a honeycomb can make (alphabetical) with its score, and what follows from
    them: game score, pangrams, perfect pangrams, rank thresholds, hints. ``unsure`` lists the
    words a list with acceptance probabilities (``nyt-bee``) is unsure the game accepts."""

    honeycomb: Honeycomb
    words: tuple[str, ...]
    points: tuple[int, ...]
    pangrams: tuple[str, ...]
    perfect_pangrams: tuple[str, ...]
    min_zipf: float | None = None
    unsure: tuple[str, ...] = ()

    @property
    def score(self) -> int:
        """The game score: the sum of the words' scores."""
        return sum(self.points)

    @property
    def count(self) -> int:
        """How many words."""
        return len(self.words)

    def word_scores(self) -> dict[str, int]:
        """Each word's score."""
        return dict(zip(self.words, self.points, strict=True))

    def ranks(self) -> tuple[Rank, ...]:
        """The rank thresholds of this game."""
        return ranks(self.score)

    def hints(self) -> Hints:
        """The hints of this game's words."""
        return hints(self.words)

    def to_dict(self) -> dict[str, object]:
        return {
            **self.honeycomb.to_dict(),
            "words": list(self.words),
            "word_scores": self.word_scores(),
            "score": self.score,
            "count": self.count,
            "pangrams": list(self.pangrams),
            "perfect_pangrams": list(self.perfect_pangrams),
            "ranks": [r.to_dict() for r in self.ranks()],
            "hints": self.hints().to_dict(),
            "min_zipf": self.min_zipf,
            "unsure": list(self.unsure),
        }


def solve(
    honeycomb: Honeycomb | str,
    *,
    center: str | None = None,
    lexicon: Lexicon | str | None = None,
    min_zipf: float | None = None,
) -> SolveResult:
    """Every word of the lexicon a honeycomb can make, with scores, pangrams, ranks and hints.

    Parameters
    ----------
    honeycomb : Honeycomb or str
        The puzzle: a :class:`Honeycomb`, or its seven letters in any order and case.
    center : str, optional
        The center letter, when ``honeycomb`` is letters (default: the first of them).
    lexicon : Lexicon, str or None
        The word list: a :class:`~letterplay.lexicon.Lexicon`, a catalog name or a file
        (default: enable1).
    min_zipf : float, optional
        Count only words at least this common (wordfreq Zipf, 0 to 8).

    Returns
    -------
    SolveResult
        ``words`` (alphabetical) and their ``points``, ``score``, ``pangrams``, ``ranks()``,
        ``hints()``.

    Examples
    --------
    >>> import letterplay as lp
    >>> lp.spellingbee.solve("CEFINTV", center="C").score
    219
    >>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
    >>> result = solve("AEGLMPX", center="G", lexicon=Lexicon.from_words(EXAMPLE_WORDS))
    >>> result.words, result.points, result.pangrams
    (('amalgam', 'game', 'glam', 'megaplex'), (7, 1, 1, 15), ('megaplex',))

    References
    ----------
    - The New York Times, *Spelling Bee*: https://www.nytimes.com/puzzles/spelling-bee
    """
    hive = as_honeycomb(honeycomb, center)
    lexicon, min_zipf = as_lexicon(lexicon), check_min_zipf(min_zipf)
    keep = lexicon.zipf_mask(min_zipf) if min_zipf is not None else None
    rows = np.flatnonzero(can_make(lexicon, hive, keep))
    arrays = word_arrays(lexicon)
    pangram = arrays.masks[rows] == hive.mask
    points = word_points(arrays.lengths[rows], pangram)
    words = [lexicon.word(int(i)) for i in rows]
    perfect = pangram & (arrays.lengths[rows] == HIVE_SIZE)
    return SolveResult(
        honeycomb=hive,
        words=tuple(words),
        points=tuple(int(p) for p in points),
        pangrams=tuple(w for w, p in zip(words, pangram, strict=True) if p),
        perfect_pangrams=tuple(w for w, p in zip(words, perfect, strict=True) if p),
        min_zipf=min_zipf,
        unsure=_unsure(lexicon, rows),
        lexicon=lexicon,
    )


def _unsure(lexicon: Lexicon, rows: np.ndarray) -> tuple[str, ...]:
    """The words at ``rows`` whose acceptance probability is below the list's unsure line."""
    if lexicon.probabilities is None:
        return ()
    from letterplay.nyt import unsure_below

    doubtful = rows[lexicon.probabilities[rows] < unsure_below(lexicon)]
    return tuple(lexicon.word(int(i)) for i in doubtful)


# ----------------------------------------------------------------------------- a player's words


@dataclass(frozen=True)
class CheckResult(Result):
    """A player's standing in the game of ``solution``: the words they found, the entries not
    counted (and why), their score and rank, and, without revealing words, what is left."""

    solution: SolveResult
    found: tuple[str, ...]
    rejected: dict[str, str]
    remaining: Hints = field(repr=False)
    remaining_pangrams: int = 0

    @property
    def score(self) -> int:
        """The player's score."""
        scores = self.solution.word_scores()
        return sum(scores[w] for w in self.found)

    @property
    def rank(self) -> str:
        """The player's rank."""
        return rank_of(self.score, self.solution.score)

    def next_rank(self) -> Rank | None:
        """The next rank to reach (None at Queen Bee)."""
        above = [r for r in self.solution.ranks() if r.min_score > self.score]
        return above[0] if above else None

    def to_dict(self) -> dict[str, object]:
        s, nxt = self.solution, self.next_rank()
        progress = {
            "found": list(self.found),
            "rejected": self.rejected,
            "score": self.score,
            "rank": self.rank,
            "next_rank": nxt.to_dict() if nxt else None,
            "words_left": s.count - len(self.found),
            "points_left": s.score - self.score,
            "pangrams_left": self.remaining_pangrams,
            "hints_left": self.remaining.to_dict(),
        }
        return {
            **s.honeycomb.to_dict(),
            "score": s.score,
            "count": s.count,
            "progress": progress,
            "ranks": [r.to_dict() for r in s.ranks()],
        }


def check(
    honeycomb: Honeycomb | str,
    found: Sequence[str],
    *,
    center: str | None = None,
    lexicon: Lexicon | str | None = None,
    min_zipf: float | None = None,
) -> CheckResult:
    """Check a player's words against the game of a honeycomb: their score and rank, the
    entries not counted and why, and what is left, in counts only, so nothing is revealed.

    Parameters
    ----------
    honeycomb : Honeycomb or str
        The puzzle, as for :func:`solve`.
    found : sequence of str
        The player's words, any case (a lone string is an error, not its letters).
    center, lexicon, min_zipf
        As for :func:`solve`.

    Returns
    -------
    CheckResult
        ``found``, ``rejected`` (word → reason), ``score``, ``rank``, ``next_rank()``,
        ``remaining`` (the hints of the words left).

    Examples
    --------
    >>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
    >>> tiny = Lexicon.from_words(EXAMPLE_WORDS, name="tiny")
    >>> standing = check("ACEIORT", ["Erotica", "tact", "x1"], center="T", lexicon=tiny)
    >>> standing.found, standing.rejected
    (('erotica',), {'tact': 'not in the word list', 'x1': 'not letters a–z'})
    >>> standing.score, standing.rank, standing.remaining.total, standing.remaining_pangrams
    (14, 'Great', 1, 1)
    """
    found = validate.words("found", found)
    solution = solve(honeycomb, center=center, lexicon=lexicon, min_zipf=min_zipf)
    answers = set(solution.words)
    kept: set[str] = set()
    rejected: dict[str, str] = {}
    for raw in found:
        word = raw.strip().lower()
        if not word or word in kept:
            continue
        if word in answers:
            kept.add(word)
            continue
        problem = word_problem(word, solution.honeycomb) or "not in the word list"
        rejected[raw if problem == "not letters a–z" else word] = problem
    missing = [w for w in solution.words if w not in kept]
    pangrams_left = len(set(solution.pangrams) - kept)
    return CheckResult(
        solution=solution,
        found=tuple(sorted(kept)),
        rejected=rejected,
        remaining=hints(missing),
        remaining_pangrams=pangrams_left,
        lexicon=solution.lexicon,
    )
