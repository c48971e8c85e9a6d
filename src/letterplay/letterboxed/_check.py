"""Judging a player's answer: what breaks, exactly, one line each.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.letterboxed.rules import EXAMPLE_SIDES, EXAMPLE_WORDS
>>> tiny = Lexicon.from_words(EXAMPLE_WORDS)
>>> check(EXAMPLE_SIDES, ["yelp", "plead"], lexicon=tiny).missing
'CINORT'
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from letterplay import validate
from letterplay.errors import InputError, NoSolutionError, shown
from letterplay.letterboxed._board import Board, as_board
from letterplay.letterboxed._playable import playable_words
from letterplay.letterboxed._tables import Completions, fewest_words
from letterplay.letterboxed.rules import MIN_WORD_LENGTH
from letterplay.letters import letter_mask, mask_letters, parse_letters
from letterplay.lexicon import Lexicon, as_lexicon
from letterplay.results import Result

__all__ = ["CheckResult", "check", "word_problems"]


@dataclass(frozen=True)
class CheckResult(Result):
    """A player's answer judged: ``valid`` when it solves the board; ``problems`` says exactly
    what breaks, one line each; ``missing`` are the unused letters (upper case); ``min_words``
    the proven fewest words of the board (None when it has no solution)."""

    board: Board
    words: tuple[str, ...]
    valid: bool
    problems: tuple[str, ...]
    missing: str
    min_words: int | None

    @property
    def optimal(self) -> bool:
        """Whether the answer is valid and uses the fewest words possible."""
        return self.valid and self.min_words == len(self.words)

    def to_dict(self) -> dict[str, object]:
        return {
            "board": self.board.to_dict()["sides"],
            "words": list(self.words),
            "valid": self.valid,
            "problems": list(self.problems),
            "missing": self.missing,
            "min_words": self.min_words,
            "optimal": self.optimal,
        }


def word_problems(board: Board, word: str, lexicon: Lexicon) -> list[str]:
    """Why ``word`` is not playable on ``board`` (empty when it is).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> board, lex = Board("tap erd nil yco"), Lexicon.from_words(["tapir"])
    >>> word_problems(board, "tapir", lex)
    ["'tapir': TA are consecutive letters on the same side", "'tapir': AP are consecutive letters on the same side"]
    >>> word_problems(board, "ox", lex)
    ["'ox' is shorter than 3 letters", "'ox' uses X, not on the board", "'ox' is not in the lexicon custom"]
    """  # noqa: E501
    word = parse_letters(validate.text("word", word), "word")
    problems = []
    if len(word) < MIN_WORD_LENGTH:
        problems.append(f"{shown(word)} is shorter than {MIN_WORD_LENGTH} letters")
    off = sorted({ch.upper() for ch in word if board.side_of(ch) < 0})
    if off:
        problems.append(f"{shown(word)} uses {', '.join(off)}, not on the board")
    for a, b in itertools.pairwise(word):
        if board.side_of(a) >= 0 and board.side_of(a) == board.side_of(b):
            problems.append(
                f"{shown(word)}: {a.upper()}{b.upper()} are consecutive letters on the same side"
            )
    if word not in lexicon:
        problems.append(f"{shown(word)} is not in the lexicon {lexicon.name}")
    return problems


def _chain_problems(board: Board, words: list[str]) -> tuple[list[str], set[str]]:
    """Words that do not start with the last letter before them, words after the board is
    finished; and the letters used."""
    problems = []
    for i, (a, b) in enumerate(itertools.pairwise(words), 2):
        if b[0] != a[-1]:
            problems.append(
                f"word {i} {shown(b)} must start with {a[-1].upper()}, the last letter of "
                f"{shown(a)}"
            )
    used: set[str] = set()
    for i, w in enumerate(words, 1):
        used |= set(w)
        if i < len(words) and set(board.letters) <= used:
            problems.append(f"the board is finished after word {i} {shown(w)}; the rest is extra")
            break
    return problems, used


def check(
    board: Board | str | Sequence[str],
    words: Sequence[str],
    *,
    lexicon: Lexicon | str | None = None,
    ragged: bool = False,
) -> CheckResult:
    """Judge a player's answer: every word playable and in the word list, each starting with the
    previous word's last letter, every letter used, and no words after the board is finished.

    Parameters
    ----------
    board : Board, str or sequence of str
        The puzzle: a :class:`Board`, its sides as one text (``"TAP ERD NIL YCO"``) or as a
        sequence of sides.
    words : sequence of str
        The answer, in order, any case (a lone string is an error, not its letters).
    lexicon : Lexicon, str or None
        The word list: a :class:`~letterplay.lexicon.Lexicon`, a catalog name or a file
        (default: enable1).
    ragged : bool
        Allow sides of different lengths.

    Returns
    -------
    CheckResult
        ``valid``, ``problems`` (one line each), ``missing`` letters, and ``min_words``, the
        proven fewest, so ``optimal`` says whether a valid answer could be shorter.

    Examples
    --------
    >>> import letterplay as lp
    >>> lp.letterboxed.check("TAP ERD NIL YCO", ["ancient", "torpidly"]).valid
    True
    >>> from letterplay.lexicon import Lexicon
    >>> tiny = Lexicon.from_words(["ancient", "torpidly", "yelp"])
    >>> result = check("tap erd nil yco", ["Ancient", "yelp"], lexicon=tiny)
    >>> result.valid, result.problems
    (False, ("word 2 'yelp' must start with T, the last letter of 'ancient'", 'letters not used: DOR'))

    References
    ----------
    - The New York Times, *Letter Boxed* (the rules): https://www.nytimes.com/puzzles/letter-boxed
    """  # noqa: E501
    board = as_board(board, ragged)
    items = validate.words("words", words)
    lexicon = as_lexicon(lexicon)
    if not items:
        raise InputError("`words` must hold at least one word (the answer)", parameter="words")
    clean = [parse_letters(w, "words") for w in items]
    problems = [p for w in clean for p in word_problems(board, w, lexicon)]
    chain, used = _chain_problems(board, clean)
    problems += chain
    missing = mask_letters(letter_mask(set(board.letters) - used))
    if missing:
        problems.append(f"letters not used: {missing}")
    try:
        least: int | None = fewest_words(Completions(playable_words(board, lexicon)), None)
    except NoSolutionError:
        least = None
    return CheckResult(
        board=board,
        words=tuple(clean),
        valid=not problems,
        problems=tuple(problems),
        missing=missing,
        min_words=least,
        lexicon=lexicon,
    )
