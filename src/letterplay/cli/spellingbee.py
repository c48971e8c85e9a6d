"""``letterplay bee``: its results as text for people (the operations are described in
:mod:`letterplay.commands.spellingbee`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from letterplay import spellingbee as sb
from letterplay.cli.common import fill, lexicon_line
from letterplay.spellingbee.rules import word_score

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console
    from rich.table import Table

    from letterplay.draw import Picture
    from letterplay.results import DailyResult

__all__ = ["RENDER"]


def _hints_table(hints: sb.Hints, title: str) -> Table:
    from rich.table import Table  # only text output needs it

    table = Table(title=title, title_justify="left")
    table.add_column("")
    for n in hints.lengths:
        table.add_column(str(n), justify="right")
    table.add_column("Σ", justify="right", style="bold")
    for letter, row in hints.grid.items():
        cells = [str(row[n]) if n in row else "-" for n in hints.lengths]
        table.add_row(letter, *cells, str(hints.row_total(letter)))
    table.add_row(
        "Σ", *[str(hints.column_total(n)) for n in hints.lengths], str(hints.total), style="bold"
    )
    return table


def _two_letter(hints: sb.Hints) -> str:
    return fill([f"{start}-{n}" for start, n in hints.two_letter.items()])


def solve(console: Console, result: sb.SolveResult | sb.CheckResult, output: Path | None) -> None:
    """A solution, or a player's standing."""
    if isinstance(result, sb.CheckResult):
        _standing(console, result)
        return
    s = result
    console.print(
        f"[bold]{s.honeycomb}[/]: {s.count:,} words, {s.score:,} points ({lexicon_line(s.lexicon)})"
    )
    pangrams, doubtful = set(s.pangrams), set(s.unsure)
    if s.words:
        console.print(
            fill(
                [
                    f"{w.upper() if w in pangrams else w}({p}){'?' * (w in doubtful)}"
                    for w, p in zip(s.words, s.points, strict=True)
                ]
            )
        )
    if s.unsure:
        n = len(s.unsure)
        console.print(f"unsure (?): {n} word{'s' * (n != 1)} the list may not accept")
    console.print(f"pangrams ({len(s.pangrams)}): {', '.join(s.pangrams) or '-'}")
    console.print(
        f"perfect pangrams ({len(s.perfect_pangrams)}): {', '.join(s.perfect_pangrams) or '-'}"
    )
    console.print("ranks: " + "  ".join(f"{r.name} {r.min_score}" for r in s.ranks()))
    if s.words:
        console.print(_hints_table(s.hints(), "hints: words by first letter and length"))
        console.print("two-letter list:")
        console.print(_two_letter(s.hints()))


def _standing(console: Console, p: sb.CheckResult) -> None:
    s = p.solution
    console.print(f"[bold]{s.honeycomb}[/] ({lexicon_line(p.lexicon)})")
    console.print(
        f"found {len(p.found)} of {s.count} words, {p.score} of {s.score} points: [bold]{p.rank}[/]"
    )
    nxt = p.next_rank()
    if nxt:
        console.print(
            f"next rank: {nxt.name} at {nxt.min_score} ({nxt.min_score - p.score} more points)"
        )
    for word, why in p.rejected.items():
        console.print(f"not counted: {word} ({why})")
    left = s.count - len(p.found)
    console.print(
        f"left: {left} words, {s.score - p.score} points, {p.remaining_pangrams} pangram(s)"
    )
    if left:
        console.print(_hints_table(p.remaining, "words left, by first letter and length"))
        console.print("two-letter list of the words left:")
        console.print(_two_letter(p.remaining))


def best(console: Console, result: sb.BestResult, output: Path | None) -> None:
    """The best honeycombs, as a table."""
    from rich.table import Table

    console.print(
        f"best of {result.candidates:,} candidate honeycombs "
        f"(exhaustive: optimal), {lexicon_line(result.lexicon)}"
    )
    table = Table("#", "letters", "centre")
    for name in ("score", "words", "pangrams"):
        table.add_column(name, justify="right")
    for i, r in enumerate(result.top, 1):
        cells = (r.honeycomb.letters, r.honeycomb.center, f"{r.score:,}", f"{r.words:,}")
        table.add_row(str(i), *cells, str(r.pangrams))
    console.print(table)


def report(console: Console, rep: sb.ReportResult, output: Path | None) -> None:
    """The notebook's report."""
    optimal = "optimal " if rep.optimal else ""
    console.print(
        f"For this list of {rep.valid_words:,} valid words ({lexicon_line(rep.lexicon)}):"
    )
    console.print(
        f"The {optimal}honeycomb {rep.honeycomb} forms {rep.count:,} words for "
        f"{rep.score:,} points."
    )
    console.print("Here are the words formed by each subset, with pangrams first:\n")
    for g in rep.groups:
        console.print(
            f"{g.letters} forms {len(g.words):,} word{'s' * (len(g.words) != 1)} "
            f"for {g.score:,} point{'s' * (g.score != 1)}:"
        )
        console.print(fill([f"{w}({p})" for w, p in zip(g.words, g.points, strict=True)]))


STATS_LINES = (
    ("valid_words", "valid words"),
    ("pangram_words", "pangram words"),
    ("perfect_pangram_words", "perfect pangram words"),
    ("pangram_letter_sets", "pangram letter sets"),
    ("candidate_honeycombs", "candidate honeycombs"),
    ("letter_subsets", "distinct letter sets of valid words"),
)


def stats(console: Console, st: sb.StatsResult, output: Path | None) -> None:
    """The counts, and the score distribution as a text histogram."""
    console.print(f"{lexicon_line(st.lexicon)}{', S allowed' if st.allow_s else ''}")
    for key, label in STATS_LINES:
        console.print(f"{getattr(st, key):>10,}  {label}")
    console.print(
        "why words are invalid: " + "  ".join(f"{k} {v:,}" for k, v in st.breakdown.items())
    )
    if st.top_word:
        console.print(f"highest-scoring word: {st.top_word} ({word_score(st.top_word)})")
    if st.best:
        console.print(f"best honeycomb: {st.best.honeycomb}, {st.best.score:,} points")
    dist = st.distribution()
    if dist["max"] is not None:
        pct = "  ".join(f"p{k} {v:,.0f}" for k, v in dist["percentiles"].items())
        console.print(
            f"scores: min {dist['min']:,}  mean {dist['mean']:,}  {pct}  max {dist['max']:,}"
        )
        width = dist["histogram"]["bin_width"]
        counts = dist["histogram"]["counts"]
        scale = max(counts) / 50
        for i, n in enumerate(counts):
            bar = "█" * max(int(n / scale), 1 if n else 0)
            console.print(f"{i * width:>6}-{(i + 1) * width - 1:<6} {n:>6,} {bar}")
    if output is not None:
        console.print(f"plot saved to {output}")


def draw(console: Console, picture: Picture, output: Path | None) -> None:
    """What was drawn, and where."""
    shows = picture.to_dict()
    console.print(f"drew {shows['letters']} centre {shows['center']} to {output}")


def generate(console: Console, result: sb.GenerateResult, output: Path | None) -> None:
    """The puzzles and their words."""
    console.print(
        f"{len(result.puzzles)} of {result.eligible:,} honeycombs meeting the "
        f"constraints (of {result.candidates:,}), seed {result.seed}, "
        f"{lexicon_line(result.lexicon)}"
    )
    for s in result.puzzles:
        console.print(
            f"\n[bold]{s.honeycomb}[/]: {s.count} words, {s.score} points, "
            f"pangrams: {', '.join(s.pangrams)}"
        )
        console.print(fill(list(s.words)))


def daily(console: Console, result: DailyResult, output: Path | None) -> None:
    """One date's puzzle in full, as ``solve`` shows it; several dates as a table."""
    first, last = result.dates[0], result.dates[-1]
    if len(result.puzzles) == 1:
        which = f"seed {result.seeds[0]}"
        if result.numbers:  # the year's draw: reproduced by bee generate --like nyt -n 366
            which = f"puzzle {result.numbers[0]} of {which}"
        console.print(f"Spelling Bee of {first} ({which})")
        # named by the list asked for, not by its copy without offensive words
        solve(console, replace(result.puzzle, lexicon=result.lexicon), output)
        return
    from rich.table import Table

    console.print(
        f"Spelling Bee, {first} to {last}: {len(result.puzzles)} puzzles, "
        f"{lexicon_line(result.lexicon)}"
    )
    table = Table("date", "letters", "centre")
    for name in ("words", "score"):
        table.add_column(name, justify="right")
    table.add_column("pangrams")
    for day, s in zip(result.dates, result.puzzles, strict=True):
        hive = s.honeycomb
        cells = (str(day), hive.letters, hive.center, str(s.count), str(s.score))
        table.add_row(*cells, ", ".join(s.pangrams))
    console.print(table)


RENDER = {
    "solve": solve,
    "best": best,
    "report": report,
    "stats": stats,
    "draw": draw,
    "generate": generate,
    "daily": daily,
}
