"""Anigrams' operations: ``anigrams count``, ``longest``, ``table``, ``chain``, ``play``,
``check``, ``daily``.

Examples
--------
>>> [c.name for c in ANIGRAMS.commands]
['count', 'longest', 'table', 'chain', 'play', 'check', 'daily']
>>> [p.key for p in ANIGRAMS.command("count").params]
['start', 'end', 'from', 'to', 'min-zipf', 'one-letter']
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from letterplay import anigrams
from letterplay.anigrams import rules
from letterplay.commands import (
    ALLOW_OFFENSIVE,
    DATE,
    DAYS,
    MIN_ZIPF,
    SEED,
    Command,
    Group,
    Output,
    Param,
)
from letterplay.errors import InputError, named

__all__ = ["ANIGRAMS", "COMMANDS"]

ONE_LETTER = Param(
    "one_letter",
    "flag",
    "Add the one-letter words 'a' and 'i' (not in enable1) so chains can start at 1.",
)
START = Param(
    "start",
    "whole",
    "Letters of the first word (1 to the longest word's length).",
    default=rules.RIDDLER_START,
)
END = Param(
    "end",
    "whole",
    "Letters of the last word (START to the longest word's length).",
    default=rules.RIDDLER_END,
)


def _longest(
    *, list_all: bool = False, output: str | None = None, **keywords: Any
) -> anigrams.LongestResult:
    """The longest chains; with ``list_all`` every one of them, as many as the screen or JSON
    shows, or, when they go to the ``output`` file, as many as one file holds."""
    if output is not None and not list_all:
        raise InputError(f"{named('output')} needs {named('list_all')}", parameter="output")
    limit = rules.MAX_WRITTEN if output is not None else rules.MAX_LISTED
    try:
        result = anigrams.longest(list_all=list_all, max_listed=limit, **keywords)
    except anigrams.TooManyChainsError as e:
        where = "one file" if output else f"the screen or JSON; use {named('output')} FILE.txt"
        raise InputError(f"{e.count:,} longest chains are too many for {where}") from None
    return result if output is None else replace(result, output=output)


def _listing(result: anigrams.LongestResult, suffix: str) -> str:
    return result.listing()


def _table_plot(result: anigrams.TableResult, suffix: str) -> str | bytes:
    from letterplay.draw.anigrams import draw_game_table

    return draw_game_table(result, suffix.lstrip("."), result.lexicon.name)


ANIGRAMS = Group(
    "anigrams",
    "Anigrams: nested anagram chains (ride, dried, riddle…), games and their counts.",
    (
        Command(
            "count",
            "How many games run from START-letter to END-letter words (Riddler: 4 to 9).\n\n"
            "A game is a sequence of terms: anagrams of a word do not make new games.",
            anigrams.count,
            (
                Param(
                    "start",
                    "whole",
                    "Letters of the first word (1 to the longest word's length; default: 4, or "
                    "the length of --from).",
                ),
                Param(
                    "end",
                    "whole",
                    "Letters of the last word (START to the longest word's length; default: 9, "
                    "or the length of --to).",
                ),
                Param(
                    "origin",
                    "text",
                    "Only the games from this word (or its letters in any order); its length is "
                    "the start, so --start may be left out (if given, it must agree).",
                    word="from",
                    metavar="TERM",
                ),
                Param(
                    "target",
                    "text",
                    "Only the games ending at this word (or its letters); its length is the end, "
                    "so --end may be left out (if given, it must agree).",
                    word="to",
                    metavar="TERM",
                ),
                MIN_ZIPF,
                ONE_LETTER,
            ),
            progress=True,
            heavy=True,
        ),
        Command(
            "longest",
            "A longest chain from START-letter words, its terminals and how many longest chains "
            "exist.\n\nChains are counted as sequences of terms (anagrams are the same chain).",
            _longest,
            (
                START,
                Param(
                    "list_all",
                    "flag",
                    "List every longest chain (paged on a terminal, or to -o FILE.txt).",
                    word="all",
                    local=True,
                ),
                MIN_ZIPF,
                ONE_LETTER,
            ),
            output=Output(
                (".txt",),
                _listing,
                "With --all: write the chains to FILE, one per line, instead of showing them",
                keyword="output",
            ),
            progress=True,
            heavy=True,
        ),
        Command(
            "table",
            "Games from START-letter words by terminus length, up to the first length with none.",
            anigrams.table,
            (START, MIN_ZIPF, ONE_LETTER),
            output=Output((".svg", ".png"), _table_plot, "Draw the table as a bar chart to FILE"),
            progress=True,
            heavy=True,
        ),
        Command(
            "chain",
            "The longest chain from WORD's letters, with every word each term unscrambles to.",
            anigrams.chain,
            (
                Param(
                    "word",
                    "text",
                    "A word, or its letters in any order.",
                    positional=True,
                    required=True,
                ),
                MIN_ZIPF,
                ONE_LETTER,
            ),
        ),
        Command(
            "play",
            "A random game (every game equally likely): unscramble the start letters, then add "
            "one letter at a time.",
            anigrams.play,
            (
                SEED,
                START,
                END,
                Param("answers", "flag", "Show the words of every step."),
                ALLOW_OFFENSIVE,
                MIN_ZIPF,
                ONE_LETTER,
            ),
            progress=True,
            heavy=True,
        ),
        Command(
            "check",
            "Check a player's chain WORD WORD …: which step breaks, and why.\n\n"
            'Exits 0 whether or not the chain is valid (see "valid" in --json).',
            anigrams.check,
            (
                Param(
                    "words",
                    "words",
                    "The chain, first word first.",
                    positional=True,
                    required=True,
                    many=True,
                ),
                MIN_ZIPF,
                ONE_LETTER,
            ),
        ),
        Command(
            "daily",
            "The game of --date (default: today), the same for everyone: a 4- to 9-letter game "
            "with its answers.\n\n"
            "--days N gives the games of N consecutive dates. A game's seed is its number "
            "(`anigrams play --seed`); it depends on its date and the word list "
            f"(default: {rules.DAILY_LEXICON}) only.",
            anigrams.daily,
            (DATE, DAYS),
            progress=True,
            heavy=True,
            default_lexicon=rules.DAILY_LEXICON,
        ),
    ),
)

COMMANDS = (ANIGRAMS,)
