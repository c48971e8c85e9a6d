"""``letterplay letterboxed``: its results as text for people (the operations are described in
:mod:`letterplay.commands.letterboxed`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from letterplay.cli.common import fill, lexicon_line

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

    from letterplay import letterboxed as lb
    from letterplay.draw import Picture
    from letterplay.lexicon import Lexicon
    from letterplay.results import DailyResult

__all__ = ["RENDER"]


def _number(count: int | None) -> str:
    return "not counted (too many)" if count is None else f"{count:,}"


def solve(console: Console, result: lb.SolveResult, output: Path | None) -> None:
    """The fewest words, the counts, and the best solutions as a table."""
    _solution(console, result, result.lexicon)


def _solution(console: Console, result: lb.SolveResult, lexicon: Lexicon) -> None:
    console.print(f"board {result.board}   {lexicon_line(lexicon)}")
    floor = f" (Zipf ≥ {result.min_zipf})" if result.min_zipf is not None else ""
    console.print(f"{result.playable_words:,} playable words{floor}")
    plural = "s" * (result.count != 1)
    console.print(
        f"fewest words: [bold]{result.min_words}[/] (proven);  "
        f"{result.count:,} minimal solution{plural}, {_number(result.count_distinct)} "
        f"with no word used twice;  fewest letters {result.fewest_letters}"
    )
    if result.max_words is not None:
        by = "  ".join(
            f"{k}:{v:,} ({_number(result.distinct_by_words[k])} no repeat)"
            for k, v in result.counts_by_words.items()
        )
        console.print(f"solutions of up to {result.max_words} words: {result.total:,}   {by}")
    if not result.solutions:
        return
    from rich.table import Table  # only people's output needs it

    table = Table("#", "solution", "rarest Zipf", "letters")
    for i, s in enumerate(result.solutions, 1):
        table.add_row(str(i), " ".join(s.words), f"{s.rarest_zipf:.2f}", str(s.letters))
    console.print(table)


def generate(console: Console, result: lb.GenerateResult, output: Path | None) -> None:
    """The board, how many tries it took, and its solution."""
    console.print(f"[bold]{result.board}[/]   (found after {result.tries} tries)")
    _solution(console, result.solve, result.lexicon)  # the list asked for, not its clean copy


def draw(console: Console, picture: Picture, output: Path | None) -> None:
    """Where the picture went, and the solution drawn on it."""
    words = picture.to_dict()["solution"]
    console.print(f"wrote {output}" + (f" with solution {' '.join(words)}" if words else ""))


def check(console: Console, result: lb.CheckResult, output: Path | None) -> None:
    """Valid (and whether it is the fewest), or what breaks, one line each."""
    answer = " ".join(result.words)
    if result.valid:
        n, best = len(result.words), result.min_words
        note = "the fewest possible" if best == n else f"the fewest is {best}"
        console.print(f"[green]valid[/]: {answer} solves {result.board} in {n} words ({note})")
        return
    console.print(f"[red]not a solution[/]: {answer}")
    for problem in result.problems:
        console.print(f"  - {problem}")


def words(console: Console, result: lb.PlayableResult, output: Path | None) -> None:
    """How many words can be played, and which."""
    console.print(
        f"board {result.board}: {result.count:,} playable words ({lexicon_line(result.lexicon)})"
    )
    if result.words:
        console.print(fill(list(result.words)))


def daily(console: Console, result: DailyResult, output: Path | None) -> None:
    """One date's board in full, as ``solve`` shows it; several dates as a table."""
    first, last = result.dates[0], result.dates[-1]
    if len(result.puzzles) == 1:
        console.print(f"Letter Boxed of {first} (seed {result.seeds[0]})")
        _solution(console, result.puzzle.solve, result.lexicon)
        return
    from rich.table import Table

    console.print(
        f"Letter Boxed, {first} to {last}: {len(result.puzzles)} boards, "
        f"{lexicon_line(result.lexicon)}"
    )
    table = Table("date", "board")
    for name in ("fewest words", "solutions"):
        table.add_column(name, justify="right")
    table.add_column("best solution")
    for day, board in zip(result.dates, result.puzzles, strict=True):
        s = board.solve
        best = " ".join(s.solutions[0].words) if s.solutions else "-"
        cells = (str(day), str(board.board), str(s.min_words), f"{s.count:,}", best)
        table.add_row(*cells)
    console.print(table)


RENDER = {
    "solve": solve,
    "generate": generate,
    "draw": draw,
    "check": check,
    "words": words,
    "daily": daily,
}
