"""Checking a player's chain word by word: which step breaks, and why.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.anigrams.rules import EXAMPLE_WORDS
>>> check(["ride", "dried", "riddle"], lexicon=Lexicon.from_words(EXAMPLE_WORDS)).valid
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from letterplay import validate
from letterplay.anigrams._chains import added_letter
from letterplay.anigrams._words import game_lexicon
from letterplay.anigrams.rules import RIDDLER_END, RIDDLER_START
from letterplay.errors import InputError, named, shown
from letterplay.letters import letter_counts, parse_letters, term
from letterplay.lexicon import Lexicon
from letterplay.results import Result

__all__ = ["CheckResult", "Step", "check"]


@dataclass(frozen=True)
class Step:
    """One word of a checked chain: whether it follows the rules and, if not, why.

    Examples
    --------
    >>> Step("dried", True, "d").to_dict()
    {'word': 'dried', 'ok': True, 'added': 'D', 'reason': None}
    """

    word: str
    ok: bool
    added: str | None = None
    reason: str | None = None

    def to_dict(self) -> dict[str, object]:
        """The JSON form: ``word``, ``ok``, ``added`` (upper case) and ``reason``."""
        return {
            "word": self.word,
            "ok": self.ok,
            "added": self.added.upper() if self.added else None,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class CheckResult(Result):
    """A player's chain checked: ``valid`` when every word is in the word list and each is the
    previous word plus one letter, rearranged; ``game`` when it is also a Riddler game (from 4
    to 9 letters); ``broken_step`` is the 1-based position of the first bad word.

    Examples
    --------
    >>> result = CheckResult(("ride",), (Step("ride", True),))
    >>> result.valid, result.game, result.broken_step
    (True, False, None)
    """

    words: tuple[str, ...]
    steps: tuple[Step, ...] = field(default_factory=tuple)

    @property
    def valid(self) -> bool:
        """Whether every step follows the rules."""
        return all(s.ok for s in self.steps)

    @property
    def broken_step(self) -> int | None:
        """The 1-based position of the first word that breaks the chain, or None."""
        return next((i + 1 for i, s in enumerate(self.steps) if not s.ok), None)

    @property
    def reason(self) -> str | None:
        """Why the chain breaks at :attr:`broken_step`, or None when it is valid."""
        step = self.broken_step
        return None if step is None else self.steps[step - 1].reason

    @property
    def game(self) -> bool:
        """Whether the chain is a valid Riddler game (from 4 to 9 letters)."""
        return (
            self.valid
            and len(self.words[0]) == RIDDLER_START
            and len(self.words[-1]) == RIDDLER_END
        )

    def to_dict(self) -> dict[str, object]:
        """The JSON form: ``valid``, ``game``, ``broken_step``, ``reason`` and ``steps``."""
        return {
            "valid": self.valid,
            "game": self.game,
            "broken_step": self.broken_step,
            "reason": self.reason,
            "steps": [s.to_dict() for s in self.steps],
        }


def _step_problem(prev: str, word: str) -> str | None:
    """Why ``word`` cannot follow ``prev`` in a chain, or None when it can.

    Examples
    --------
    >>> _step_problem("ride", "riddle")
    "'riddle' has 6 letters; after 'ride' (4 letters) the next word needs 5"
    """
    if len(word) != len(prev) + 1:
        return (
            f"{shown(word)} has {len(word)} letters; after {shown(prev)} ({len(prev)} letters) "
            f"the next word needs {len(prev) + 1}"
        )
    missing = letter_counts(prev).astype(int) - letter_counts(word).astype(int)
    if (missing > 0).any():
        lacks = "".join(chr(97 + i) * int(n) for i, n in enumerate(missing) if n > 0)
        return (
            f"{shown(word)} is not {shown(prev)} plus one letter: it lacks {lacks.upper()} of "
            f"{shown(prev)}"
        )
    return None


def check(
    words: Sequence[str],
    *,
    lexicon: Lexicon | str | None = None,
    min_zipf: float | None = None,
    one_letter: bool = False,
) -> CheckResult:
    """Check a player's chain word by word and say which step breaks and why.

    A word missing from the word list, or not the previous word plus one letter rearranged,
    breaks the chain at that step. A chain of any length may be checked; :attr:`CheckResult.game`
    says whether it is a full game of the Riddler's (6 words, 4 to 9 letters).

    Parameters
    ----------
    words : sequence of str
        The chain, first word first, each of letters a–z (a lone string is an error, not a
        sequence of letters).
    lexicon, min_zipf, one_letter
        As for :func:`count`.

    Returns
    -------
    CheckResult
        ``valid``, ``game``, ``broken_step``, ``reason`` and the ``steps``, each a :class:`Step`.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("ride dire dried redid riddle rides".split())
    >>> check(["ride", "dried", "riddle"], lexicon=lex).valid
    True
    >>> check(["ride", "rides", "riddle"], lexicon=lex).reason
    "'riddle' is not 'rides' plus one letter: it lacks S of 'rides'"
    >>> check("list tiles lister sterile listener listeners".split()).game  # enable1
    True

    References
    ----------
    - The Riddler, "Can You Build The Biggest Anigram?", FiveThirtyEight, 16 September 2022:
      https://fivethirtyeight.com/features/can-you-build-the-biggest-anigram/
    """
    checked = validate.words("words", words)
    lexicon = game_lexicon(lexicon, min_zipf, one_letter)
    if not checked:
        raise InputError(f"{named('words')} must hold at least one word", parameter="words")
    chain = tuple(parse_letters(w, "words") for w in checked)
    steps = []
    for i, word in enumerate(chain):
        problem = None if word in lexicon else f"{shown(word)} is not a word of {lexicon.name}"
        added = None
        if i > 0:
            rule = _step_problem(chain[i - 1], word)
            problem = rule or problem
            if rule is None:
                added = added_letter(term(chain[i - 1]), term(word))
        steps.append(Step(word, problem is None, added, problem))
    return CheckResult(chain, tuple(steps), lexicon=lexicon)
