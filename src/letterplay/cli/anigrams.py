"""``letterplay anigrams``: longest chains, game counts and tables, chains from a word, games to
play and checks of a player's chain.

Each command makes one library call; ``--json`` prints ``envelope(result, lexicon)`` of its
result. Library errors name parameters (``start``, ``origin``, ``min_zipf``…): they are shown
with this command's option names (``--start``, ``--from``, ``--min-zipf``…).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import click

from letterplay import anigrams as ag
from letterplay.cli.common import (
    SEED,
    FiniteFloat,
    allow_offensive_option,
    emit,
    force_option,
    lexicon_line,
    output_file,
    puzzle_options,
    write_output,
)
from letterplay.errors import InputError, LetterplayError
from letterplay.lexicon import Lexicon

__all__ = ["anigrams"]

MAX_WRITTEN = 1_000_000  # longest chains written to one file (about 150 bytes each)

# library parameter -> option, as a library message names it ("start (9) is …", "origin 'x' …")
OPTIONS = {
    "origin": "--from",
    "target": "--to",
    "start": "--start",
    "end": "--end",
    "min_zipf": "--min-zipf",
    "seed": "--seed",
}
_PARAMETER = re.compile(r"\b(" + "|".join(OPTIONS) + r")\b(?= must| \(| ')")


def option_names(message: str) -> str:
    """A library message with its parameter names said as this command's options."""
    return _PARAMETER.sub(lambda m: OPTIONS[m.group(1)], message)


def _in_option_names(error: LetterplayError) -> LetterplayError:
    """The same error, its message naming this command's options instead of parameters."""
    error.args = (option_names(str(error)),)
    return error


def anigram_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``@puzzle_options`` plus ``--min-zipf`` (only words at least that common) and
    ``--one-letter`` (add the words ``a`` and ``i``); library errors in option names."""

    @puzzle_options
    @click.option(
        "--min-zipf",
        type=FiniteFloat(0, ag.MAX_ZIPF),
        default=None,
        metavar="Z",
        help="Use only words with a wordfreq Zipf frequency of at least Z, from 0 to 8 "
        "(3 = everyday words).",
    )
    @click.option(
        "--one-letter",
        is_flag=True,
        help="Add the one-letter words 'a' and 'i' (not in enable1) so chains can start at 1.",
    )
    @functools.wraps(command)
    def wrapper(
        *args: Any, lexicon: Lexicon, min_zipf: float | None, one_letter: bool, **kwargs: Any
    ) -> Any:
        try:
            if min_zipf is not None:
                lexicon = ag.common_words(lexicon, min_zipf)
            if one_letter:
                lexicon = ag.with_one_letter_words(lexicon)
            return command(*args, lexicon=lexicon, **kwargs)
        except LetterplayError as e:
            raise _in_option_names(e) from None

    return wrapper


LENGTH = click.IntRange(min=1)
start_option = click.option(
    "--start",
    type=LENGTH,
    default=ag.RIDDLER_START,
    show_default=True,
    help="Letters of the first word (1 to the longest word's length).",
)
end_option = click.option(
    "--end",
    type=LENGTH,
    default=ag.RIDDLER_END,
    show_default=True,
    help="Letters of the last word (START to the longest word's length).",
)


def _count(n: int, thing: str) -> str:
    """``1 game``, ``4,510,515 games``."""
    return f"{n:,} {thing}" if n == 1 else f"{n:,} {thing}s"


@click.group()
def anigrams() -> None:
    """Anigrams: nested anagram chains (ride, dried, riddle…), games and their counts."""


def _chain_lines(chain: ag.Chain) -> list[str]:
    added = ["", *chain.added()]
    lines = []
    for i, t in enumerate(chain.terms):
        plus = f"+{added[i].upper()}" if added[i] else "  "
        others = ", ".join(w for w in chain.words[i] if w != chain.shown[i])
        also = f"  [dim](also {others})[/]" if others else ""
        lines.append(
            f"{i + 1:3}. {plus} {t.upper():<{len(chain.terms[-1])}}  "
            f"[bold]{chain.shown[i]}[/]{also}"
        )
    return lines


def _longest_listed(lexicon: Lexicon, start: int, list_all: bool, to_file: bool):
    """The one library call of ``longest``, with the listing bound of the screen or a file."""
    limit = MAX_WRITTEN if to_file else ag.MAX_LISTED
    try:
        return ag.longest_chains(lexicon, start, list_all=list_all, max_listed=limit)
    except ag.TooManyChainsError as e:
        where = "one file" if to_file else "the screen or JSON; use --output FILE.txt"
        raise InputError(f"{e.count:,} longest chains are too many for {where}") from None


@anigrams.command()
@start_option
@click.option("--all", "list_all", is_flag=True, help="List every longest chain.")
@click.option(
    "--output",
    metavar="FILE.txt",
    default=None,
    help="With --all: write the chains to FILE.txt, one per line, instead of showing them.",
)
@force_option
@anigram_options
def longest(
    lexicon: Lexicon, as_json: bool, start: int, list_all: bool, output: str | None, force: bool
) -> None:
    """A longest chain from START-letter words, its terminals and how many longest chains exist.

    Chains are counted as sequences of terms (anagrams are the same chain).
    """
    if output is not None and not list_all:
        raise InputError("--output needs --all")
    path = output_file(output, force, (".txt",)) if output is not None else None
    result = _longest_listed(lexicon, start, list_all, path is not None)
    if path is not None:
        write_output(path, result.listing(), force)
        result = replace(result, output=str(path))

    def render(console) -> None:
        console.print(
            f"Longest chain from {start}-letter words: [bold]{result.length}[/] words; "
            f"{_count(result.count, 'longest chain')} (distinct term sequences) in "
            f"{lexicon_line(lexicon)}"
        )
        console.print("terminals: " + ", ".join(result.terminals))
        for line in _chain_lines(result.chain):
            console.print(line)
        if path is not None:
            console.print(f"wrote {result.count:,} chains to {path}")
        elif list_all:
            if console.is_terminal:
                click.echo_via_pager(result.listing())
            else:
                click.echo(result.listing(), nl=False)

    emit(result, lexicon, as_json, render)


@anigrams.command()
@click.option(
    "--start",
    type=LENGTH,
    default=None,
    show_default="4, or the length of --from",
    help="Letters of the first word (1 to the longest word's length).",
)
@click.option(
    "--end",
    type=LENGTH,
    default=None,
    show_default="9, or the length of --to",
    help="Letters of the last word (START to the longest word's length).",
)
@click.option(
    "--from",
    "origin",
    metavar="TERM",
    default=None,
    help="Only the games from this word (or its letters in any order); its length is the "
    "start, so --start may be left out (if given, it must agree).",
)
@click.option(
    "--to",
    "target",
    metavar="TERM",
    default=None,
    help="Only the games ending at this word (or its letters); its length is the end, so "
    "--end may be left out (if given, it must agree).",
)
@anigram_options
def count(
    lexicon: Lexicon,
    as_json: bool,
    start: int | None,
    end: int | None,
    origin: str | None,
    target: str | None,
) -> None:
    """How many games run from START-letter to END-letter words (Riddler: 4 to 9).

    A game is a sequence of terms: anagrams of a word do not make new games.
    """
    result = ag.count_games(lexicon, start, end, origin, target)

    def render(console) -> None:
        source = (
            f"the term {result.origin.upper()}" if result.origin else f"{result.start}-letter terms"
        )
        goal = f"the term {result.target.upper()}" if result.target else f"{result.end} letters"
        console.print(
            f"[bold]{_count(result.games, 'game')}[/] from {source} to {goal} in "
            f"{lexicon_line(lexicon)}"
        )

    emit(result, lexicon, as_json, render)


@anigrams.command()
@start_option
@click.option("--plot", metavar="FILE.png|svg", default=None, help="Draw the table as a bar chart.")
@force_option
@anigram_options
def table(lexicon: Lexicon, as_json: bool, start: int, plot: str | None, force: bool) -> None:
    """Games from START-letter words by terminus length, up to the first length with none."""
    path = output_file(plot, force, (".svg", ".png")) if plot is not None else None
    result = ag.game_table(lexicon, start)
    if path is not None:
        from letterplay.draw.anigrams import draw_game_table

        picture = draw_game_table(result, path.suffix.lower()[1:], lexicon.name)
        write_output(path, picture, force)
        result = replace(result, plot=str(path))

    def render(console) -> None:
        from rich.table import Table

        grid = Table("terminus length", "games", title=f"Games from {start}-letter terms")
        for length, games in result.by_terminus_length.items():
            grid.add_row(str(length), f"{games:,}")
        console.print(grid)
        console.print(lexicon_line(lexicon))
        if path is not None:
            console.print(f"wrote {path}")

    emit(result, lexicon, as_json, render)


@anigrams.command()
@click.argument("word")
@anigram_options
def chain(lexicon: Lexicon, as_json: bool, word: str) -> None:
    """The longest chain from WORD's letters, with every word each term unscrambles to."""
    result = ag.chain_from(lexicon, word)

    def render(console) -> None:
        console.print(
            f"Longest chain from {result.origin.upper()}: [bold]{result.length}[/] words; "
            f"{_count(result.count, 'longest chain')}; terminals: {', '.join(result.terminals)}"
        )
        for line in _chain_lines(result.chain):
            console.print(line)

    emit(result, lexicon, as_json, render)


@anigrams.command()
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Seed for a reproducible game: any integer of magnitude below 2**63.",
)
@start_option
@end_option
@click.option("--answers", is_flag=True, help="Show the words of every step.")
@allow_offensive_option
@anigram_options
def play(
    lexicon: Lexicon, as_json: bool, seed: int | None, start: int, end: int, answers: bool,
    allow_offensive: bool,
) -> None:  # fmt: skip
    """A random game (every game equally likely): unscramble the start letters, then add one
    letter at a time."""
    game = ag.play(lexicon, seed, start, end, allow_offensive)
    if answers:
        game = replace(game, answers=True)

    def render(console) -> None:
        console.print(
            f"Anigrams game (seed {game.seed}, one of {_count(game.games, 'game')}, "
            f"{lexicon_line(lexicon)})"
        )
        added = [None, *game.chain.added()]
        for i, t in enumerate(game.chain.terms):
            verb, letters = ("unscramble", game.scrambled) if i == 0 else ("add", added[i])
            pad = " " * (len(game.scrambled) - len(letters))
            answer = f"  → {', '.join(game.chain.words[i])}" if answers else ""
            console.print(
                f"{i + 1}. {verb:>10} [bold]{letters.upper()}[/]{pad}  ({len(t)} letters){answer}"
            )
        if not answers:
            console.print(f"[dim]answers: add --answers (same --seed {game.seed})[/]")

    emit(game, lexicon, as_json, render)


@anigrams.command()
@click.argument("words", nargs=-1, required=True)
@anigram_options
def check(lexicon: Lexicon, as_json: bool, words: tuple[str, ...]) -> None:
    """Check a player's chain WORD WORD …: which step breaks, and why.

    Exits 0 whether or not the chain is valid (see "valid" in --json).
    """
    result = ag.check_chain(lexicon, words)

    def render(console) -> None:
        for i, step in enumerate(result.steps):
            mark = "[green]ok[/]" if step.ok else "[red]broken[/]"
            plus = f"+{step.added.upper()}" if step.added else "  "
            why = f"  {step.reason}" if step.reason else ""
            console.print(f"{i + 1:3}. {plus} {step.word:<20} {mark}{why}")
        if result.valid:
            kind = "a full game (4 to 9 letters)" if result.game else "a valid chain"
            console.print(f"[bold green]{kind}[/] in {lexicon_line(lexicon)}")
        else:
            console.print(f"[bold red]broken at word {result.broken_step}[/]: {result.reason}")

    emit(result, lexicon, as_json, render)
