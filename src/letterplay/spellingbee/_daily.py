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
from letterplay.spellingbee._generate import Drawn, _draw, _solve_chosen
from letterplay.spellingbee._solve import SolveResult
from letterplay.spellingbee.rules import DAILY_LEXICON

if TYPE_CHECKING:
    import datetime

    from letterplay.progress import ProgressCallback

__all__ = ["YEAR", "daily", "year_of_honeycombs"]


def daily(
    date: datetime.date | str | None = None,
    *,
    days: int = 1,
    lexicon: Lexicon | str | None = None,
    progress: ProgressCallback | None = None,
) -> DailyResult:
    """The Spelling Bee of ``date`` (and of the ``days - 1`` dates after it), the same for
    everyone: a honeycomb shaped like the NY Times' (``generate(like="nyt")``), solved in
    full. A year's honeycombs are drawn together, without replacement, with the seed of the
    game and the year's first day (:func:`letterplay.daily.seed_for`), so that no puzzle
    repeats within a year: a date's puzzle is its day of the year's puzzle in that draw
    (:func:`year_of_honeycombs`; ``bee generate --like nyt --seed SEED -n 366`` shows it).

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
        ``score``, ``pangrams`` … in its JSON, as ``bee solve`` gives them), with ``dates``,
        ``seeds`` (the year's) and ``numbers`` (the day of the year).

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

    def make(seed: int, number: int) -> SolveResult:
        drawn = year_of_honeycombs(seed, lexicon)
        return _solve_chosen(drawn, drawn.chosen[(number - 1) % len(drawn.chosen)][None])[0]

    return daily_puzzles(
        "bee", make, lexicon=lexicon, date=date, days=days, progress=progress, yearly=True
    )


YEAR = 366
"""Honeycombs drawn together for a year's daily puzzles (a leap year's days)."""

_YEARS: dict[tuple[int, str], Drawn] = {}
_MAX_YEARS = 4  # years of draws kept in memory


def year_of_honeycombs(seed: int, lexicon: Lexicon) -> Drawn:
    """A year's daily honeycombs, drawn at once without replacement (so that none repeats
    within the year) and not yet solved: the draw of ``generate(like="nyt", seed=seed,
    count=YEAR)``, whose puzzle ``n`` is the daily puzzle of the year's day ``n``.

    Examples
    --------
    >>> from letterplay.daily import seed_for
    >>> year = year_of_honeycombs(seed_for("bee", "2026-01-01"), as_lexicon("nyt-bee"))
    >>> len(year.chosen), len(set(year.chosen.tolist()))
    (366, 366)
    """
    key = (seed, lexicon.sha256)
    if key not in _YEARS:
        if len(_YEARS) >= _MAX_YEARS:
            _YEARS.pop(next(iter(_YEARS)))
        _YEARS[key] = _draw(
            lexicon=lexicon,
            count=YEAR,
            seed=seed,
            score=(None, None),
            words=(None, None),
            pangrams=1,
            min_zipf=None,
            allow_s=False,
            exclude=None,
            require=None,
            allow_offensive=False,
            like="nyt",
        )
    return _YEARS[key]
