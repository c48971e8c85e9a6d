"""The daily Letter Boxed: a board shaped like the NY Times' for each date.

Examples
--------
>>> result = daily("2026-11-25")
>>> result.lexicon.name, result.puzzle.board == daily("2026-11-25").puzzle.board
('nyt-letterboxed', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from letterplay.daily import daily_puzzles
from letterplay.letterboxed._generate import generate
from letterplay.letterboxed.rules import DAILY_LEXICON
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
    """The Letter Boxed board of ``date`` (and of the ``days - 1`` dates after it), the same
    for everyone: a board shaped like the NY Times' (``generate(like="nyt")``) drawn with the
    seed of the game and the date (:func:`letterplay.daily.seed_for`), solved exactly.

    Parameters
    ----------
    date : datetime.date, str or None
        The date, ``YYYY-MM-DD`` in a string; None for today's local date.
    days : int
        How many consecutive dates from ``date`` on (1 to 366).
    lexicon : Lexicon, str or None
        The word list (default: ``nyt-letterboxed``, the NY Times' answers).
    progress : callable, optional
        ``progress(description, done, total)``, called as puzzles are made.

    Returns
    -------
    DailyResult
        ``puzzles``: a :class:`GenerateResult` a date (``sides``, ``min_words``,
        ``solutions`` … in its JSON, as ``letterboxed solve`` gives them), with ``dates``
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
    >>> {len(p.board.sides) for p in week.puzzles}, {p.solve.min_words for p in week.puzzles}
    ({4}, {2})

    References
    ----------
    - The New York Times, *Letter Boxed*: https://www.nytimes.com/puzzles/letter-boxed
    """
    lexicon = as_lexicon(DAILY_LEXICON if lexicon is None else lexicon)

    def make(seed: int):
        return generate(like="nyt", seed=seed, lexicon=lexicon)

    return daily_puzzles(
        "letterboxed", make, lexicon=lexicon, date=date, days=days, progress=progress
    )
