"""Letter Boxed's operations: ``letterboxed solve``, ``generate``, ``draw``, ``check``,
``words``, ``daily``.

A board is given as its sides: one or more texts, each holding a side or several separated by
commas or spaces (``solve TAP ERD NIL YCO`` on the command line, ``sides=TAP,ERD,NIL,YCO`` on
the web).

Examples
--------
>>> [c.name for c in LETTERBOXED.commands]
['solve', 'generate', 'draw', 'check', 'words', 'daily']
>>> _sides("TAP,ERD,NIL,YCO"), _sides(["TAP ERD", "", "YCO"])
(['TAP', 'ERD', 'NIL', 'YCO'], ['TAP', 'ERD', '', 'YCO'])
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from letterplay import letterboxed
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
    split_words,
)
from letterplay.letterboxed.rules import (
    DAILY_LEXICON,
    MAX_LETTERS,
    MAX_LIMIT,
    MAX_TRIES,
    MAX_WORDS,
    VOWELS,
)

__all__ = ["COMMANDS", "LETTERBOXED"]

BOARD = Param(
    "board",
    "text",
    "The board's sides, e.g. TAP ERD NIL YCO (or separated by commas).",
    word="sides",
    positional=True,
    required=True,
    many=True,
)
RAGGED = Param("ragged", "flag", "Allow sides with different numbers of letters.")


def _limit(default: int) -> Param:
    return Param(
        "limit",
        "whole",
        f"Solutions to list (0 to {MAX_LIMIT:,}).",
        default=default,
        low=0,
        high=MAX_LIMIT,
        web_high=1000,
    )


def _sides(board: str | list[str]) -> list[str]:
    """The sides in the texts a face was given (one text, or several): each text holds one side
    or several, separated by commas or spaces; a blank text is an empty side, which the library
    refuses by its number."""
    texts = [board] if isinstance(board, str) else board
    return [side for text in texts for side in (split_words(text) or [text])]


def _on_sides(verb: Callable[..., Any]) -> Callable[..., Any]:
    """``verb`` called with the board read by :func:`_sides` (its signature, for the help's
    defaults, is the verb's own)."""

    @functools.wraps(verb)
    def call(board: str | list[str], *args: Any, **keywords: Any) -> Any:
        return verb(_sides(board), *args, **keywords)

    return call


def _check(board: str | list[str], words: Sequence[str] = (), **keywords: Any) -> Any:
    """An answer judged; no words at all is the library's error (it names ``words``)."""
    return letterboxed.check(_sides(board), list(words), **keywords)


def _draw(board: str | list[str], **keywords: Any) -> Any:
    """The board's picture (matplotlib is imported only to draw it)."""
    from letterplay.draw.letterbox import draw_puzzle

    return draw_puzzle(_sides(board), **keywords)


LETTERBOXED = Group(
    "letterboxed",
    "Letter Boxed: solve in the fewest words (proven), count, generate, draw, check.",
    (
        Command(
            "solve",
            "Solve the board SIDE SIDE SIDE... in the fewest words, counting every such solution.",
            _on_sides(letterboxed.solve),
            (
                BOARD,
                Param(
                    "max_words",
                    "whole",
                    f"Count every solution up to N words (1 to {MAX_WORDS}).",
                    low=1,
                    high=MAX_WORDS,
                    web_high=4,
                ),
                MIN_ZIPF,
                _limit(10),
                Param("distinct", "flag", "List only solutions with no word used twice."),
                RAGGED,
            ),
            progress=True,
            heavy=True,
        ),
        Command(
            "generate",
            "A fair board: solvable in at most --max-solution-words words (checked exactly).",
            letterboxed.generate,
            (
                Param(
                    "sides",
                    "whole",
                    "Sides of the board.",
                    default=4,
                    low=3,
                    high=MAX_LETTERS,
                ),
                Param(
                    "per_side",
                    "whole",
                    f"Letters on each side (at most {MAX_LETTERS} letters in all).",
                    default=3,
                    low=1,
                    high=MAX_LETTERS,
                ),
                Param(
                    "vowels",
                    "whole",
                    f"Vowels on the board [default: one per side, at most {len(VOWELS)}].",
                    low=0,
                    high=len(VOWELS),
                ),
                SEED,
                Param(
                    "max_solution_words",
                    "whole",
                    f"Fewest words a solution may need, at most (1 to {MAX_WORDS}).",
                    default=2,
                    low=1,
                    high=MAX_WORDS,
                ),
                MIN_ZIPF,
                Param(
                    "tries",
                    "whole",
                    f"Boards to try (1 to {MAX_TRIES:,}).",
                    default=500,
                    low=1,
                    high=MAX_TRIES,
                    web_high=5000,
                ),
                _limit(5),
                ALLOW_OFFENSIVE,
                LIKE,
            ),
            progress=True,
            heavy=True,
        ),
        Command(
            "draw",
            "Draw the board (and with --solution the path of its best solution) to FILE.",
            _draw,
            (
                BOARD,
                Param("solution", "flag", "Draw the best minimal solution's path."),
                MIN_ZIPF,
                RAGGED,
            ),
            local=True,
            output=Output(PICTURE, picture, "The picture file", required=True),
        ),
        Command(
            "check",
            "Check a player's answer to the board; says exactly what breaks.\n\n"
            "Give the sides, then -- and the words: check TAP ERD NIL YCO -- ancient torpidly",
            _check,
            (
                BOARD,
                Param(
                    "words",
                    "words",
                    "The answer's words, in order, after --.",
                    positional=True,
                    many=True,
                ),
                RAGGED,
            ),
        ),
        Command(
            "words",
            "The playable words of the board SIDE SIDE SIDE... (what a player may enter).",
            _on_sides(letterboxed.playable),
            (BOARD, MIN_ZIPF, RAGGED),
        ),
        Command(
            "daily",
            "The board of --date (default: today), the same for everyone: shaped like the NY "
            "Times', with its fewest-word solutions.\n\n"
            "--days N gives the boards of N consecutive dates. A board depends on its date, "
            f"the word list (default: {DAILY_LEXICON}) and the version of the generator only.",
            letterboxed.daily,
            (DATE, DAYS),
            progress=True,
            heavy=True,
            default_lexicon=DAILY_LEXICON,
        ),
    ),
)

COMMANDS = (LETTERBOXED,)
