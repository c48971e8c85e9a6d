"""Daily puzzles: one puzzle of each game per date, the same on every machine.

A daily puzzle is a generated puzzle whose random seed is derived from the game's name and the
date alone (:func:`seed_for`): the SHA-256 digest of ``letterplay daily <game> <YYYY-MM-DD>``,
its first eight bytes read as an integer below 2**63. Nothing else goes in (no clock, no
machine, no process), so everyone asking for a date's puzzle on the same word list, with the
same generator, gets the same one, offline. The dates themselves are the caller's: ``None``
means today's date where the caller is (the local date), and a page passes its browser's.

:func:`dates` reads and checks a date and a number of days (the dates asked for, one after the
other); :func:`daily_puzzles` makes the puzzle of each with a game's own maker and keeps the
last ones made, so the web's many requests for today's puzzle are answered from memory.

Examples
--------
>>> import datetime
>>> parse_date("2026-11-25")
datetime.date(2026, 11, 25)
>>> [d.isoformat() for d in dates("2024-02-28", days=3)]
['2024-02-28', '2024-02-29', '2024-03-01']
>>> seed_for("bee", "2026-11-25") == seed_for("bee", datetime.date(2026, 11, 25))
True
>>> seed_for("bee", "2026-11-25") != seed_for("letterboxed", "2026-11-25")
True
>>> parse_date("25/11/2026")
Traceback (most recent call last):
...
letterplay.errors.InputError: `date` must be a date written YYYY-MM-DD, not '25/11/2026'

References
----------
- ISO 8601 calendar dates (YYYY-MM-DD): https://www.iso.org/iso-8601-date-and-time-format.html
- SHA-256 (FIPS 180-4): https://csrc.nist.gov/pubs/fips/180-4/upd1/final
"""

from __future__ import annotations

import datetime
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

from letterplay import validate
from letterplay.errors import InputError, named, shown
from letterplay.progress import ProgressCallback, check_progress, report
from letterplay.results import DailyResult, Result

if TYPE_CHECKING:
    from letterplay.lexicon import Lexicon

__all__ = [
    "GAMES",
    "MAX_CACHED",
    "MAX_DAYS",
    "daily_puzzles",
    "dates",
    "parse_date",
    "seed_for",
]

GAMES = ("bee", "letterboxed", "anigrams")
"""The games with a daily puzzle, by the names their seeds are derived from."""

MAX_DAYS = 366
"""The most consecutive dates one call makes puzzles for: a year, leap years included."""

MAX_CACHED = 2048
"""The most daily puzzles kept in memory (a few years of the three games)."""

_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # ASCII digits only


def parse_date(date: object = None) -> datetime.date:
    """A daily puzzle's date: a :class:`datetime.date` (a datetime's date), a ``YYYY-MM-DD``
    string, or None for today's local date.

    Parameters
    ----------
    date : datetime.date, str or None
        The date.

    Returns
    -------
    datetime.date

    Raises
    ------
    InputError
        Naming ``date``, for anything else (``2026-02-30``, ``25/11/2026``, a number).

    Examples
    --------
    >>> parse_date(" 2024-02-29 ")
    datetime.date(2024, 2, 29)
    >>> parse_date("2023-02-29")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `date` 2023-02-29 is not a date: day is out of range for month
    """
    if date is None:
        return datetime.date.today()
    if isinstance(date, datetime.datetime):
        return date.date()
    if isinstance(date, datetime.date):
        return date
    if not isinstance(date, str):
        raise InputError(
            f"{named('date')} must be a date or a string YYYY-MM-DD, not {type(date).__name__}",
            parameter="date",
        )
    text = date.strip()
    if not _ISO_DATE.fullmatch(text):
        raise InputError(
            f"{named('date')} must be a date written YYYY-MM-DD, not {shown(date)}",
            parameter="date",
        )
    try:
        return datetime.date.fromisoformat(text)
    except ValueError as e:
        raise InputError(f"{named('date')} {text} is not a date: {e}", parameter="date") from None


def dates(date: object = None, days: object = 1) -> tuple[datetime.date, ...]:
    """``days`` consecutive dates from ``date`` on (see :func:`parse_date`).

    Parameters
    ----------
    date : datetime.date, str or None
        The first date (None: today's local date).
    days : int
        How many dates, 1 to :data:`MAX_DAYS`.

    Returns
    -------
    tuple of datetime.date

    Raises
    ------
    InputError
        Naming ``date`` or ``days``.

    Examples
    --------
    >>> [d.isoformat() for d in dates("2025-12-31", days=2)]
    ['2025-12-31', '2026-01-01']
    >>> dates("2025-12-31", days=0)
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `days` must be a whole number from 1 to 366, not 0
    """
    first = parse_date(date)
    days = validate.whole("days", days, 1, MAX_DAYS)
    if first.toordinal() + days - 1 > datetime.date.max.toordinal():
        raise InputError(
            f"{named('days')} {days} from {first.isoformat()} runs past the last date, "
            f"{datetime.date.max.isoformat()}",
            parameter="days",
        )
    return tuple(first + datetime.timedelta(days=i) for i in range(days))


def seed_for(game: str, date: object) -> int:
    """The random seed of ``game``'s daily puzzle on ``date``: the same on every machine.

    Parameters
    ----------
    game : str
        One of :data:`GAMES`.
    date : datetime.date or str
        The date (see :func:`parse_date`).

    Returns
    -------
    int
        The first 8 bytes of the SHA-256 digest of ``letterplay daily <game> <YYYY-MM-DD>``,
        big-endian, halved: a whole number from 0 to 2**63 - 1, a seed every generator takes.

    Examples
    --------
    >>> seed_for("bee", "2026-11-25")
    271744931586043921
    >>> seed_for("chess", "2026-11-25")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `game` must be one of bee, letterboxed, anigrams, not 'chess'
    """
    import hashlib  # here: every command's description reads this module, few draw a seed

    game = validate.one_of("game", game, GAMES)
    day = parse_date(date)
    digest = hashlib.sha256(f"letterplay daily {game} {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


# ----------------------------------------------------------------------------- the puzzles

_made: OrderedDict[tuple[str, str, str], Result] = OrderedDict()
_lock = threading.Lock()


def daily_puzzles(
    game: str,
    make: Callable[[int], Result],
    *,
    lexicon: Lexicon,
    date: object = None,
    days: object = 1,
    progress: ProgressCallback | None = None,
    yearly: bool = False,
) -> DailyResult:
    """The daily puzzles of ``game`` from ``date`` on, ``make(seed)`` making each.

    With ``yearly``, a year's puzzles are drawn together, so that none repeats within a year:
    every date's seed is its year's (:func:`seed_for` of its 1 January) and
    ``make(seed, number)`` makes the puzzle ``number`` (the date's day of the year, from 1) of
    that year's draw.

    ``lexicon`` is the word list ``make`` makes puzzles from, which the result names. Puzzles
    are kept in memory (the :data:`MAX_CACHED` used last), keyed by game, the lexicon's
    identity and date: a generator cannot change within a process, so neither can a kept
    puzzle.

    Parameters
    ----------
    game : str
        One of :data:`GAMES`.
    make : callable
        ``make(seed)``: the puzzle of that seed, a :class:`~letterplay.results.Result`
        (``make(seed, number)`` with ``yearly``).
    lexicon : Lexicon
        The word list ``make`` makes puzzles from.
    date, days
        As for :func:`dates`.
    progress : callable, optional
        ``progress(description, done, total)``, called as puzzles are made.
    yearly : bool
        Draw a year's puzzles together (above).

    Returns
    -------
    DailyResult

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> from letterplay.results import Record
    >>> tiny = Lexicon.from_words(["bee"], name="tiny")
    >>> result = daily_puzzles("bee", lambda seed: Record({"n": seed % 7}), lexicon=tiny,
    ...                        date="2026-11-25", days=2)
    >>> result.to_dict()["puzzles"]
    [{'date': '2026-11-25', 'n': 5, 'seed': 271744931586043921}, \
{'date': '2026-11-26', 'n': 5, 'seed': 6391896659302946139}]
    """
    progress = check_progress(progress)
    days_asked = dates(date, days)
    keys = [_seed_and_number(game, day, yearly) for day in days_asked]
    puzzles = []
    for done, (day, key) in enumerate(zip(days_asked, keys, strict=True)):
        report(progress, f"making daily puzzles ({game})", done, len(days_asked))
        where = (game, lexicon.sha256, day.isoformat())
        with _lock:
            puzzle = _made.get(where)
            if puzzle is not None:
                _made.move_to_end(where)
        if puzzle is None:
            puzzle = make(*key)
            with _lock:
                _made[where] = puzzle
                while len(_made) > MAX_CACHED:
                    _made.popitem(last=False)
        puzzles.append(puzzle)
    report(progress, f"making daily puzzles ({game})", len(days_asked), len(days_asked))
    return DailyResult(
        game=game,
        dates=days_asked,
        seeds=tuple(key[0] for key in keys),
        puzzles=tuple(puzzles),
        numbers=tuple(key[1] for key in keys) if yearly else None,
        lexicon=lexicon,
    )


def _seed_and_number(game: str, day: datetime.date, yearly: bool) -> tuple[int, ...]:
    """``(seed,)`` of ``day``, or with ``yearly`` ``(its year's seed, its day of the year)``."""
    if not yearly:
        return (seed_for(game, day),)
    return seed_for(game, day.replace(month=1, day=1)), day.timetuple().tm_yday
