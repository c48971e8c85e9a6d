"""The daily Spelling Bee: a honeycomb shaped like the NY Times' for each date.

Examples
--------
>>> result = daily("2026-11-25")
>>> result.lexicon.name, result.puzzle.honeycomb == daily("2026-11-25").puzzle.honeycomb
('nyt-bee', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from letterplay.daily import daily_puzzles
from letterplay.lexicon import Lexicon, as_lexicon
from letterplay.results import DailyResult
from letterplay.spellingbee._generate import generate
from letterplay.spellingbee.rules import DAILY_LEXICON

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
    """The Spelling Bee of ``date`` (and of the ``days - 1`` dates after it), the same for
    everyone: a honeycomb shaped like the NY Times' (``generate(like="nyt")``) drawn with the
    seed of the game and the date (:func:`letterplay.daily.seed_for`), solved in full.

    Parameters
    ----------
    date : datetime.date, str or None
        The date, ``YYYY-MM-DD`` in a string; None for today's local date.
    days : int
        How many consecutive dates from ``date`` on (1 to 366).
    lexicon : Lexicon, str or None
        The word list (default: ``nyt-bee``, the NY Times' answers).
    progress : callable, optional
        ``progress(description, done, total)``, called as puzzles are made.

    Returns
    -------
    DailyResult
        ``puzzles``: a :class:`SolveResult` a date (``letters``, ``center``, ``words``,
        ``score``, ``pangrams`` … in its JSON, as ``bee solve`` gives them), with ``dates``
        and ``seeds``.

    Raises
    ------
    InputError
        Naming ``date`` or ``days``.

    Examples
    --------
    >>> week = daily("2026-11-25", days=7)
    >>> len(week.puzzles), str(week.dates[-1])
    (7, '2026-12-01')
    >>> all(p.pangrams for p in week.puzzles)
    True

    References
    ----------
    - The New York Times, *Spelling Bee*: https://www.nytimes.com/puzzles/spelling-bee
    """
    lexicon = as_lexicon(DAILY_LEXICON if lexicon is None else lexicon)

    def make(seed: int):
        return generate(like="nyt", seed=seed, lexicon=lexicon).puzzles[0]

    return daily_puzzles("bee", make, lexicon=lexicon, date=date, days=days, progress=progress)
