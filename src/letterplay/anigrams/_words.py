"""The word list a game is played on: the lexicon, with only its common words (``min_zipf``) and
with the one-letter words ``a`` and ``i`` (``one_letter``).

Each derived list is a lexicon of its own name and identity (``enable1-zipf3``,
``enable1+a+i``), so a result says which list it was computed on.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> tiny = Lexicon.from_words(["as", "sea"], name="tiny")
>>> game_lexicon(tiny, one_letter=True).name
'tiny+a+i'
>>> game_lexicon(tiny) is tiny
True
"""

from __future__ import annotations

from functools import lru_cache

from letterplay import validate
from letterplay.anigrams.rules import ONE_LETTER_WORDS
from letterplay.errors import NoSolutionError
from letterplay.lexicon import Lexicon, as_lexicon, check_min_zipf

__all__ = ["game_lexicon"]


def game_lexicon(
    lexicon: Lexicon | str | None, min_zipf: float | None = None, one_letter: bool = False
) -> Lexicon:
    """``lexicon`` (a name, a file or a Lexicon), kept to the words at least ``min_zipf`` common
    (wordfreq Zipf, 0 to 8), then with ``a`` and ``i`` added when ``one_letter``.

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> game_lexicon(Lexicon.from_words(["ride", "ired"], name="tiny"), 3).words
    ('ride',)
    >>> game_lexicon(Lexicon.from_words(["ride"], name="tiny"), 3, True).name
    'tiny-zipf3+a+i'
    """
    lexicon = as_lexicon(lexicon)
    min_zipf = check_min_zipf(min_zipf)
    if min_zipf is not None:
        lexicon = _common_words(lexicon, min_zipf)
    if validate.flag("one_letter", one_letter):
        lexicon = _with_words(lexicon, ONE_LETTER_WORDS)
    return lexicon


@lru_cache(maxsize=4)
def _common_words(lexicon: Lexicon, min_zipf: float) -> Lexicon:
    mask = lexicon.zipf_mask(min_zipf)
    if not mask.any():
        raise NoSolutionError(
            f"no word of {lexicon.name} has a Zipf frequency of {min_zipf:g} or more",
            parameter="min_zipf",
        )
    # One list per floor asked for, so per request: kept in memory (this LRU), never on disk.
    return lexicon.subset(mask, name=f"{lexicon.name}-zipf{min_zipf:g}", ephemeral=True)


@lru_cache(maxsize=4)
def _with_words(lexicon: Lexicon, words: tuple[str, ...]) -> Lexicon:
    missing = [w for w in dict.fromkeys(words) if w not in lexicon]
    if not missing:
        return lexicon
    name = lexicon.name + "".join(f"+{w}" for w in missing)
    return Lexicon.from_words(
        (*lexicon.words, *missing), name=name, source=lexicon.source, ephemeral=lexicon.ephemeral
    )
