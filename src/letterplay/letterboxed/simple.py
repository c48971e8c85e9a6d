"""The simple versions the fast Letter Boxed functions are tested against.

Art Steinmetz's way, without his greedy shortcut: read the rules letter by letter, then grow
every chain of playable words one word at a time until some chains use every letter. Short and
obviously right, and slow (the work grows with the number of chains).

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.letterboxed.rules import EXAMPLE_SIDES, EXAMPLE_WORDS
>>> simple_solve(EXAMPLE_SIDES, lexicon=Lexicon.from_words(EXAMPLE_WORDS))
[('ancient', 'torpidly'), ('dictionary', 'yelp'), ('plead', 'dictionary')]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from letterplay import validate
from letterplay.errors import InputError
from letterplay.letterboxed._board import Board, as_board
from letterplay.letterboxed.rules import MAX_SIMPLE_WORDS, MIN_WORD_LENGTH
from letterplay.lexicon import Lexicon, as_lexicon

__all__ = ["SIMPLE_CHAIN_CAP", "simple_playable", "simple_solve"]

SIMPLE_CHAIN_CAP = 2_000_000
"""The most chains the simple solver holds."""


def simple_playable(
    board: Board | str | Sequence[str], words: Sequence[str], *, ragged: bool = False
) -> list[str]:
    """The playable words among ``words``, by the rules read letter by letter (no arrays): the
    reference :func:`letterplay.letterboxed.playable` is tested against.

    Parameters
    ----------
    board : Board, str or sequence of str
        The puzzle, as for :func:`letterplay.letterboxed.solve`.
    words : sequence of str
        Lower-case words to sort out.
    ragged : bool
        Allow sides of different lengths.

    Returns
    -------
    list of str
        The playable ones, in the order given.

    Examples
    --------
    >>> simple_playable("tap erd nil yco", ["ancient", "tapir", "yelp", "ox"])
    ['ancient', 'yelp']

    References
    ----------
    - Art Steinmetz, "Solving the Letterboxed Puzzle in the New York Times" (2019):
      https://outsiderdata.netlify.com/post/solving-the-letterboxed-puzzle-in-the-new-york-times/
    """
    board = as_board(board, ragged)
    side = {ch: i for i, letters in enumerate(board.sides) for ch in letters}
    return [
        w
        for w in validate.words("words", words)
        if len(w) >= MIN_WORD_LENGTH
        and all(ch in side for ch in w)
        and all(side[a] != side[b] for a, b in itertools.pairwise(w))
    ]


def simple_solve(
    board: Board | str | Sequence[str],
    *,
    lexicon: Lexicon | str | None = None,
    max_words: int = 2,
    ragged: bool = False,
) -> list[tuple[str, ...]]:
    """Every solution in the fewest words, if that is at most ``max_words``, found the simple
    way: start a chain at every playable word and add every word that starts with the chain's
    last letter, until some chains use every letter. The reference
    :func:`letterplay.letterboxed.solve` is tested against: the same rules, nothing clever, slow.

    Parameters
    ----------
    board : Board, str or sequence of str
        The puzzle, as for :func:`letterplay.letterboxed.solve`.
    lexicon : Lexicon, str or None
        The word list (default: enable1).
    max_words : int
        The longest solutions looked for (1 to 4).
    ragged : bool
        Allow sides of different lengths.

    Returns
    -------
    list of tuple of str
        The solutions, sorted; empty when there is none within ``max_words``.

    Raises
    ------
    InputError
        Rather than hold more than :data:`SIMPLE_CHAIN_CAP` chains.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    >>> simple_solve("ab cd ef", lexicon=lex), len(simple_solve("ab cd ef", lexicon=lex, max_words=3))
    ([], 5)

    References
    ----------
    - Art Steinmetz, "Solving the Letterboxed Puzzle in the New York Times" (2019):
      https://outsiderdata.netlify.com/post/solving-the-letterboxed-puzzle-in-the-new-york-times/
    """  # noqa: E501
    board, lexicon = as_board(board, ragged), as_lexicon(lexicon)
    validate.whole("max_words", max_words, 1, MAX_SIMPLE_WORDS)
    playable = simple_playable(board, lexicon.words)
    starting: dict[str, list[str]] = {}
    for w in playable:
        starting.setdefault(w[0], []).append(w)
    full = set(board.letters)
    chains = [((w,), set(w)) for w in playable]
    for _ in range(max_words):
        done = sorted(words for words, used in chains if used == full)
        if done:
            return done
        if sum(len(starting.get(words[-1][-1], ())) for words, _ in chains) > SIMPLE_CHAIN_CAP:
            raise InputError(
                f"more than {SIMPLE_CHAIN_CAP:,} chains for the simple solver; use solve",
                parameter="max_words",
            )
        chains = [
            ((*words, w), used | set(w))
            for words, used in chains
            for w in starting.get(words[-1][-1], [])
        ]
    return []
