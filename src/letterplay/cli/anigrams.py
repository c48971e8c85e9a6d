"""``letterplay anigrams``: its results as text for people (the operations are described in
:mod:`letterplay.commands.anigrams`).

Examples
--------
>>> from letterplay.anigrams import Chain
>>> chain_lines(Chain(("deir", "ddeir"), ("ride", "dried"), (("dire", "ride"), ("dried",))))
['  1.    DEIR   [bold]ride[/]  [dim](also dire)[/]', '  2. +D DDEIR  [bold]dried[/]']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from letterplay.cli.common import lexicon_line, plural

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

    from letterplay import anigrams as ag
    from letterplay.results import DailyResult

__all__ = ["RENDER", "chain_lines"]


def chain_lines(chain: ag.Chain) -> list[str]:
    """A chain, one line a step: its number, the letter added, the term, the word shown and the
    term's other words."""
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


def count(console: Console, result: ag.CountResult, output: Path | None) -> None:
    """How many games, from what to what."""
    source = (
        f"the term {result.origin.upper()}" if result.origin else f"{result.start}-letter terms"
    )
    goal = f"the term {result.target.upper()}" if result.target else f"{result.end} letters"
    console.print(
        f"[bold]{plural(result.games, 'game')}[/] from {source} to {goal} in "
        f"{lexicon_line(result.lexicon)}"
    )


def longest(console: Console, result: ag.LongestResult, output: Path | None) -> None:
    """A longest chain, its terminals; with --all every chain (paged on a terminal)."""
    console.print(
        f"Longest chain from {result.start}-letter words: [bold]{result.length}[/] words; "
        f"{plural(result.count, 'longest chain')} (distinct term sequences) in "
        f"{lexicon_line(result.lexicon)}"
    )
    console.print("terminals: " + ", ".join(result.terminals))
    for line in chain_lines(result.chain):
        console.print(line)
    if output is not None:
        console.print(f"wrote {result.count:,} chains to {output}")
    elif result.chains is not None:
        import click

        if console.is_terminal:
            click.echo_via_pager(result.listing())
        else:
            click.echo(result.listing(), nl=False)


def table(console: Console, result: ag.TableResult, output: Path | None) -> None:
    """The games by terminus length, as a table."""
    from rich.table import Table

    grid = Table("terminus length", "games", title=f"Games from {result.start}-letter terms")
    for length, games in result.by_terminus_length.items():
        grid.add_row(str(length), f"{games:,}")
    console.print(grid)
    console.print(lexicon_line(result.lexicon))
    if output is not None:
        console.print(f"wrote {output}")


def chain(console: Console, result: ag.LongestResult, output: Path | None) -> None:
    """The longest chain from a word, with every word of each step."""
    console.print(
        f"Longest chain from {result.origin.upper()}: [bold]{result.length}[/] words; "
        f"{plural(result.count, 'longest chain')}; terminals: {', '.join(result.terminals)}"
    )
    for line in chain_lines(result.chain):
        console.print(line)


def play(console: Console, game: ag.PlayResult, output: Path | None) -> None:
    """The game's letters, step by step (the words only with --answers)."""
    console.print(
        f"Anigrams game (seed {game.seed}, one of {plural(game.games, 'game')}, "
        f"{lexicon_line(game.lexicon)})"
    )
    added = [None, *game.chain.added()]
    for i, t in enumerate(game.chain.terms):
        verb, letters = ("unscramble", game.scrambled) if i == 0 else ("add", added[i])
        pad = " " * (len(game.scrambled) - len(letters))
        answer = f"  → {', '.join(game.chain.words[i])}" if game.answers else ""
        console.print(
            f"{i + 1}. {verb:>10} [bold]{letters.upper()}[/]{pad}  ({len(t)} letters){answer}"
        )
    if not game.answers:
        console.print(f"[dim]answers: add --answers (same --seed {game.seed})[/]")


def check(console: Console, result: ag.CheckResult, output: Path | None) -> None:
    """Each word of the chain, ok or broken, and the verdict."""
    for i, step in enumerate(result.steps):
        mark = "[green]ok[/]" if step.ok else "[red]broken[/]"
        plus = f"+{step.added.upper()}" if step.added else "  "
        why = f"  {step.reason}" if step.reason else ""
        console.print(f"{i + 1:3}. {plus} {step.word:<20} {mark}{why}")
    if result.valid:
        kind = "a full game (4 to 9 letters)" if result.game else "a valid chain"
        console.print(f"[bold green]{kind}[/] in {lexicon_line(result.lexicon)}")
    else:
        console.print(f"[bold red]broken at word {result.broken_step}[/]: {result.reason}")


def daily(console: Console, result: DailyResult, output: Path | None) -> None:
    """One date's game in full, as ``play --answers`` shows it; several dates as a table."""
    first, last = result.dates[0], result.dates[-1]
    if len(result.puzzles) == 1:
        console.print(f"Anigrams game of {first}")
        play(console, result.puzzle, output)
        return
    from rich.table import Table

    console.print(
        f"Anigrams, {first} to {last}: {plural(len(result.puzzles), 'game')}, "
        f"{lexicon_line(result.lexicon)}"
    )
    table = Table("date", "start", "added", "chain")
    for day, game in zip(result.dates, result.puzzles, strict=True):
        added = "".join(game.chain.added()).upper()
        table.add_row(str(day), game.scrambled.upper(), added, " ".join(game.chain.shown))
    console.print(table)


RENDER = {
    "count": count,
    "longest": longest,
    "table": table,
    "chain": chain,
    "play": play,
    "check": check,
    "daily": daily,
}
