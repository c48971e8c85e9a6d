"""The Spelling Bee's operations: ``bee solve``, ``best``, ``report``, ``stats``, ``draw``,
``generate``, ``daily``.

Examples
--------
>>> [c.name for c in BEE.commands]
['solve', 'best', 'report', 'stats', 'draw', 'generate', 'daily']
"""

from __future__ import annotations

from typing import Any

from letterplay import spellingbee
from letterplay.commands import (
    ALLOW_OFFENSIVE,
    DATE,
    DAYS,
    LIKE,
    MIN_ZIPF,
    PICTURE,
    SEED,
    Command,
    Group,
    Output,
    Param,
    picture,
)
from letterplay.spellingbee.rules import DAILY_LEXICON, MAX_BOUND, MAX_PUZZLES, MAX_TOP

__all__ = ["BEE", "COMMANDS"]

LETTERS = Param(
    "honeycomb",
    "text",
    "The seven letters of the honeycomb, any order and case.",
    word="letters",
    positional=True,
    required=True,
)
CENTER = Param("center", "text", "The center letter (default: the first of LETTERS).", short="-c")
ALLOW_S = Param("allow_s", "flag", "Allow S in honeycombs and words.")
EXCLUDE = Param("exclude", "text", "Only honeycombs without these letters.", metavar="LETTERS")
REQUIRE = Param("require", "text", "Only honeycombs with all of these.", metavar="LETTERS")


def _solve(honeycomb: str, *, found: list[str] | None = None, **keywords: Any) -> Any:
    """A solution, or with ``found`` words the player's standing."""
    if found:
        return spellingbee.check(honeycomb, found, **keywords)
    return spellingbee.solve(honeycomb, **keywords)


def _draw(
    honeycomb: str,
    *,
    center: str | None = None,
    title: str | None = None,
    score: bool = False,
    lexicon: Any = None,
) -> Any:
    """The honeycomb's picture; with ``score`` its word count and score in the title."""
    from letterplay.draw import Picture
    from letterplay.lexicon import as_lexicon

    hive = spellingbee.Honeycomb(honeycomb, center)
    lexicon = as_lexicon(lexicon)
    if score:
        solution = spellingbee.solve(hive, lexicon=lexicon)
        title = (f"{title}: " if title else "") + (
            f"{solution.count:,} words, {solution.score:,} points ({lexicon.name})"
        )

    def draw(fmt: str) -> str | bytes:
        from letterplay.draw.honeycomb import draw_honeycomb

        return draw_honeycomb(hive, fmt, title)

    return Picture({**hive.to_dict(), "title": title}, draw, lexicon=lexicon)


def _score_plot(result: Any, suffix: str) -> str | bytes:
    from letterplay.draw.bee_stats import draw_score_distribution

    return draw_score_distribution(result, suffix.lstrip("."))


BEE = Group(
    "bee",
    "Spelling Bee: seven letters, a center; words of 4+ letters using the center.",
    (
        Command(
            "solve",
            "Every word of the honeycomb LETTERS, scores, pangrams, ranks and hints.\n\n"
            "With --found, the player's standing instead: what they found, their rank, and "
            "what is left, in counts only.",
            _solve,
            (
                LETTERS,
                CENTER,
                Param(
                    "found",
                    "words",
                    "Words you found (repeat, or separate with commas/spaces): shows what is "
                    "left, in counts only.",
                    many=True,
                ),
                MIN_ZIPF,
            ),
        ),
        Command(
            "best",
            "The best honeycomb(s) of all candidates (an exhaustive search: proven optimal).",
            spellingbee.best,
            (
                ALLOW_S,
                EXCLUDE,
                REQUIRE,
                Param(
                    "top",
                    "whole",
                    f"List the K best (1 to {MAX_TOP:,}).",
                    default=1,
                    low=1,
                    high=MAX_TOP,
                    metavar="K",
                    web_high=1000,
                ),
                MIN_ZIPF,
            ),
            progress=True,
            heavy=True,
        ),
        Command(
            "report",
            "Words grouped by letter subset, pangram subsets first (best honeycomb by default).",
            spellingbee.report,
            (
                Param(
                    "honeycomb",
                    "text",
                    "The seven letters of the honeycomb (default: the best honeycomb).",
                    word="letters",
                    positional=True,
                ),
                CENTER,
                ALLOW_S,
            ),
        ),
        Command(
            "stats",
            "Counts of valid words, pangrams, candidate honeycombs, and their score distribution.",
            spellingbee.stats,
            (ALLOW_S,),
            output=Output(PICTURE, _score_plot, "Draw the score distribution to FILE"),
        ),
        Command(
            "draw",
            "Draw the honeycomb LETTERS (seven hexagons, the center highlighted).",
            _draw,
            (
                LETTERS,
                CENTER,
                Param("title", "text", "A title above the honeycomb."),
                Param("score", "flag", "Add its word count and score in the lexicon to the title."),
            ),
            local=True,
            output=Output(PICTURE, picture, "The picture file", required=True),
        ),
        Command(
            "generate",
            "Publishable honeycombs meeting the constraints, with their word lists.",
            spellingbee.generate,
            (
                SEED,
                Param(
                    "count",
                    "whole",
                    f"How many puzzles (1 to {MAX_PUZZLES:,}).",
                    default=1,
                    low=1,
                    high=MAX_PUZZLES,
                    short="-n",
                    web_high=20,
                ),
                Param(
                    "score",
                    "range",
                    f"Game score range, e.g. 100-250, 100- or -250 (bounds 0 to {MAX_BOUND:,}).",
                ),
                Param(
                    "words",
                    "range",
                    f"Word count range, e.g. 20-60, 20- or -60 (bounds 0 to {MAX_BOUND:,}).",
                ),
                Param(
                    "pangrams",
                    "whole",
                    f"At least this many pangrams (1 to {MAX_BOUND:,}).",
                    default=1,
                    low=1,
                    high=MAX_BOUND,
                ),
                MIN_ZIPF,
                ALLOW_S,
                EXCLUDE,
                REQUIRE,
                ALLOW_OFFENSIVE,
                LIKE,
            ),
            progress=True,
            heavy=True,
        ),
        Command(
            "daily",
            "The puzzle of --date (default: today), the same for everyone: a honeycomb shaped "
            "like the NY Times', with its answers.\n\n"
            "--days N gives the puzzles of N consecutive dates. A puzzle depends on its date, "
            f"the word list (default: {DAILY_LEXICON}) and the version of the generator only.",
            spellingbee.daily,
            (DATE, DAYS),
            progress=True,
            heavy=True,
            default_lexicon=DAILY_LEXICON,
        ),
    ),
)

COMMANDS = (BEE,)
