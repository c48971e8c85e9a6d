"""The daily Anigrams game: one of the Riddler's games for each date.

Examples
--------
>>> result = daily("2026-11-25")
>>> result.lexicon.name, result.puzzle.chain == daily("2026-11-25").puzzle.chain
('enable1', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from letterplay.anigrams._play import play
from letterplay.anigrams.rules import DAILY_LEXICON
from letterplay.daily import daily_puzzles
from letterplay.lexicon import Lexicon, as_lexicon
from letterplay.results import DailyResult

if TYPE_CHECKING:
    import datetime

    from letterplay.progress import ProgressCallback

__all__ = ["daily"]


def daily(
    date: datetime.date | str | None = None,
    *,
    days: int = 1,
    lexicon: Lexicon | str | None = None,
    progress: ProgressCallback | None = None,
) -> DailyResult:
    """The Anigrams game of ``date`` (and of the ``days - 1`` dates after it), the same for
    everyone: the game :func:`play` draws with the seed of the game and the date
    (:func:`letterplay.daily.seed_for`), a 4- to 9-letter game drawn uniformly among those
    that show no offensive word, answers included.

    The seed is the game's number: ``anigrams play --seed`` with it gives the same game.

    Parameters
    ----------
    date : datetime.date, str or None
        The date, ``YYYY-MM-DD`` in a string; None for today's local date.
    days : int
        How many consecutive dates from ``date`` on (1 to 366).
    lexicon : Lexicon, str or None
        The word list (default: enable1).
    progress : callable, optional
        ``progress(description, done, total)``, called as games are drawn.

    Returns
    -------
    DailyResult
        ``puzzles``: a :class:`PlayResult` a date, with its answers (``scrambled``, ``steps``
        with their words, ``chain``, ``games`` in its JSON), with ``dates`` and ``seeds``.

    Raises
    ------
    InputError
        Naming ``date`` or ``days``.

    Examples
    --------
    >>> week = daily("2026-11-25", days=7)
    >>> len(week.puzzles), str(week.dates[-1])
    (7, '2026-12-01')
    >>> {len(p.chain.shown) for p in week.puzzles}
    {6}
    >>> week.puzzles[0].seed == week.seeds[0]
    True

    References
    ----------
    - The Riddler, "Can You Build The Biggest Anigram?", FiveThirtyEight, 16 September 2022:
      https://fivethirtyeight.com/features/can-you-build-the-biggest-anigram/
    """
    lexicon = as_lexicon(DAILY_LEXICON if lexicon is None else lexicon)

    def make(seed: int):
        return play(seed=seed, answers=True, lexicon=lexicon)

    return daily_puzzles("anigrams", make, lexicon=lexicon, date=date, days=days, progress=progress)
