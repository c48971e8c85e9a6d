"""The simple versions the fast Spelling Bee functions are tested against.

Plain loops over words and letter strings, as in Norvig's notebook: obviously right, and slow
(for small word lists only).

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
>>> ranked = simple_best(lexicon=Lexicon.from_words(EXAMPLE_WORDS))
>>> len(ranked), ranked[0]
(14, (Honeycomb(letters='ACEIORT', center='T'), 31))
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from letterplay import validate
from letterplay.letters import letter_mask, mask_letters
from letterplay.lexicon import Lexicon, as_lexicon
from letterplay.spellingbee._honeycomb import Honeycomb
from letterplay.spellingbee.rules import HIVE_SIZE, MIN_LENGTH, word_score

__all__ = ["simple_best"]


def simple_best(
    *, lexicon: Lexicon | str | None = None, allow_s: bool = False
) -> list[tuple[Honeycomb, int]]:
    """Every candidate honeycomb with its game score, best first (ties: the later letters and
    center alphabetically, as the notebook's ``max((score, honeycomb))``), computed the simple
    way: a points table keyed by letter-set strings, and for each candidate a sum over its
    letter subsets that contain the center. The reference :func:`letterplay.spellingbee.best`
    is tested against.

    Parameters
    ----------
    lexicon : Lexicon, str or None
        The word list (default: enable1; meant for small ones).
    allow_s : bool
        Count words and honeycombs with S too.

    Returns
    -------
    list of (Honeycomb, int)
        Every candidate and its score, best first.

    Examples
    --------
    >>> from letterplay.spellingbee.rules import EXAMPLE_WORDS
    >>> scores = dict(simple_best(lexicon=Lexicon.from_words(EXAMPLE_WORDS)))
    >>> scores[Honeycomb("ACEIORT", "T")], scores[Honeycomb("AEGLMPX", "G")]
    (31, 24)

    References
    ----------
    - Peter Norvig, *Spelling Bee Puzzle*, pytudes:
      https://github.com/norvig/pytudes/blob/main/ipynb/SpellingBee.ipynb
    """
    lexicon, allow_s = as_lexicon(lexicon), validate.flag("allow_s", allow_s)
    table: Counter[str] = Counter()
    for word in lexicon.words:
        letters = mask_letters(letter_mask(word))
        if (
            len(word) >= MIN_LENGTH
            and len(letters) <= HIVE_SIZE
            and (allow_s or "S" not in letters)
        ):
            table[letters] += word_score(word)
    scores = []
    for letters in (s for s in table if len(s) == HIVE_SIZE):
        subsets = ["".join(c) for k in range(1, HIVE_SIZE + 1) for c in combinations(letters, k)]
        subsets = [s for s in subsets if s in table]  # the letter sets of some valid word
        for center in letters:
            score = sum(table[s] for s in subsets if center in s)
            scores.append((Honeycomb(letters, center), score))
    return sorted(scores, key=lambda pair: (pair[1], pair[0].letters, pair[0].center), reverse=True)
