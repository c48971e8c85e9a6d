"""The playable words of a board, found with array operations over the lexicon's letter index.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.letterboxed.rules import EXAMPLE_SIDES, EXAMPLE_WORDS
>>> playable(EXAMPLE_SIDES, lexicon=Lexicon.from_words(EXAMPLE_WORDS)).count
5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from letterplay.letterboxed._board import Board, as_board
from letterplay.letterboxed.rules import MIN_WORD_LENGTH
from letterplay.letters import PAD, letter_mask
from letterplay.lexicon import Lexicon, as_lexicon, check_min_zipf
from letterplay.results import Result

__all__ = ["Playable", "PlayableResult", "playable", "playable_words"]


@dataclass(frozen=True, eq=False)
class Playable:
    """The playable words of a board, as arrays aligned with ``ids`` (rows of the lexicon).

    ``first``/``last`` are board positions (0..n-1) of the first and last letters, ``masks`` the
    local masks of the letters used, ``lengths`` and ``zipfs`` as in the lexicon.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> p = playable_words(Board("ab cd ef"), Lexicon.from_words(["ace", "cab", "fbd"]))
    >>> len(p), p.word(0), p.first.tolist(), p.last.tolist(), p.masks.tolist()
    (2, 'ace', [0, 5], [4, 3], [21, 42])
    """

    board: Board
    lexicon: Lexicon
    ids: np.ndarray
    first: np.ndarray
    last: np.ndarray
    masks: np.ndarray
    lengths: np.ndarray
    zipfs: np.ndarray

    def __len__(self) -> int:
        return len(self.ids)

    def word(self, i: int) -> str:
        """The ``i``-th playable word."""
        return self.lexicon.words[int(self.ids[i])]

    def subset(self, keep: np.ndarray) -> Playable:
        """The playable words where boolean ``keep`` is true.

        Examples
        --------
        >>> from letterplay.lexicon import Lexicon
        >>> p = playable_words(Board("ab cd ef"), Lexicon.from_words(["ace", "fbd"]))
        >>> p.subset(np.array([False, True])).word(0)
        'fbd'
        """
        arrays = ("ids", "first", "last", "masks", "lengths", "zipfs")
        return replace(self, **{name: getattr(self, name)[keep] for name in arrays})

    @cached_property
    def by_first(self) -> tuple[np.ndarray, np.ndarray]:
        """Words grouped by first letter: ``order[starts[c]:starts[c + 1]]`` start with ``c``."""
        order = np.argsort(self.first, kind="stable")
        starts = np.searchsorted(self.first[order], np.arange(self.board.n + 1))
        return order, starts


def playable_words(board: Board, lexicon: Lexicon, min_zipf: float | None = None) -> Playable:
    """Every playable word of ``lexicon`` on ``board`` (at or above ``min_zipf`` if given),
    found with array operations over the lexicon's letter index.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ancient", "tapir", "yelp", "ox"])
    >>> p = playable_words(Board("tap erd nil yco"), lex)
    >>> [p.word(i) for i in range(len(p))]  # tapir: T and A share a side; ox: X is not there
    ['ancient', 'yelp']
    """
    index = lexicon.index
    outside = np.uint32(~letter_mask(board.letters) & (2**26 - 1))
    rows = np.flatnonzero(((index.masks & outside) == 0) & (index.lengths >= MIN_WORD_LENGTH))
    if min_zipf is not None:
        rows = rows[lexicon.zipf_mask(min_zipf)[rows]]
    lengths = index.lengths[rows].astype(np.int64)
    width = int(lengths.max()) if len(rows) else 1
    codes = index.codes[rows, :width]
    side = board.side_table[codes]
    same_side = (side[:, 1:] == side[:, :-1]) & (side[:, 1:] >= 0)
    ok = ~same_side.any(axis=1)
    rows, codes, lengths = rows[ok], codes[ok], lengths[ok]
    local = board.local_table[codes]
    bits = np.where(codes == PAD, 0, np.left_shift(1, local.clip(0).astype(np.int64)))
    masks = np.bitwise_or.reduce(bits, axis=1) if len(rows) else np.zeros(0, np.int64)
    return Playable(
        board=board,
        lexicon=lexicon,
        ids=rows,
        first=local[:, 0].astype(np.int64),
        last=local[np.arange(len(rows)), lengths - 1].astype(np.int64),
        masks=masks.astype(np.int64),
        lengths=lengths,
        zipfs=lexicon.zipfs[rows].astype(np.float64),
    )


@dataclass(frozen=True)
class PlayableResult(Result):
    """The playable words of a board, alphabetical: what a player may enter."""

    board: Board
    words: tuple[str, ...]
    min_zipf: float | None = None

    @property
    def count(self) -> int:
        """How many playable words."""
        return len(self.words)

    def to_dict(self) -> dict[str, object]:
        return {**self.board.to_dict(), "words": list(self.words), "count": self.count}


def playable(
    board: Board | str | Sequence[str],
    *,
    lexicon: Lexicon | str | None = None,
    min_zipf: float | None = None,
    ragged: bool = False,
) -> PlayableResult:
    """Every playable word of a board: at least 3 letters, only the board's letters, and no two
    consecutive letters on the same side (letters may repeat).

    Parameters
    ----------
    board : Board, str or sequence of str
        The puzzle: a :class:`Board`, its sides as one text (``"TAP ERD NIL YCO"``, spaces or
        commas between them) or as a sequence of sides.
    lexicon : Lexicon, str or None
        The word list: a :class:`~letterplay.lexicon.Lexicon`, a catalog name or a file
        (default: enable1).
    min_zipf : float, optional
        Only words at least this common (wordfreq Zipf, 0 to 8).
    ragged : bool
        Allow sides of different lengths.

    Returns
    -------
    PlayableResult
        ``board``, ``words`` (alphabetical) and their ``count``.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> from letterplay.letterboxed.rules import EXAMPLE_WORDS
    >>> tiny = Lexicon.from_words(EXAMPLE_WORDS, name="tiny")
    >>> playable("TAP ERD NIL YCO", lexicon=tiny).words  # tapir: T and A share a side
    ('ancient', 'dictionary', 'plead', 'torpidly', 'yelp')
    >>> playable("TAP,ERD,NIL,YCO").count  # enable1
    1303

    References
    ----------
    - The New York Times, *Letter Boxed*: https://www.nytimes.com/puzzles/letter-boxed
    """
    board = as_board(board, ragged)
    lexicon, min_zipf = as_lexicon(lexicon), check_min_zipf(min_zipf)
    found = playable_words(board, lexicon, min_zipf)
    words = sorted(found.word(i) for i in range(len(found)))
    return PlayableResult(board=board, words=tuple(words), min_zipf=min_zipf, lexicon=lexicon)
