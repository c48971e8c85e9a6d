"""``letterplay bee``: solve a honeycomb, find the best ones, report, statistics, draw, generate.

Each command makes one call to :mod:`letterplay.spellingbee` and prints its result, as text or
(``--json``) as the result's JSON envelope, the object the web API returns for the same call.
"""

from __future__ import annotations

import importlib
import logging
import re
import textwrap
from types import ModuleType
from typing import TYPE_CHECKING

import click

from letterplay import spellingbee as sb
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
from letterplay.cli.common import progress as progress_bar
from letterplay.errors import InputError

if TYPE_CHECKING:
    from rich.table import Table

__all__ = ["bee", "parse_range"]

LETTERS = click.argument("letters", metavar="LETTERS")
CENTER = click.option(
    "--center", "-c", metavar="C", help="The center letter (default: the first of LETTERS)."
)
ALLOW_S = click.option("--allow-s", is_flag=True, help="Allow S in honeycombs and words.")
MIN_ZIPF = click.option(
    "--min-zipf",
    type=FiniteFloat(0, sb.MAX_ZIPF),
    metavar="Z",
    help=f"Count only words at least this common (wordfreq Zipf, 0 to {sb.MAX_ZIPF:g}).",
)
EXCLUDE = click.option("--exclude", metavar="LETTERS", help="Only honeycombs without these.")
REQUIRE = click.option("--require", metavar="LETTERS", help="Only honeycombs with all of these.")


@click.group()
def bee() -> None:
    """Spelling Bee: seven letters, a center; words of 4+ letters using the center."""


def _drawing(name: str) -> ModuleType:
    """Import ``letterplay.draw.NAME`` with matplotlib's start-up warnings (a home folder it
    cannot write to, a font cache being built) kept off stderr, where an error is one line."""
    log = logging.getLogger("matplotlib")
    level = log.level
    log.setLevel(logging.ERROR)
    try:
        return importlib.import_module(f"letterplay.draw.{name}")
    finally:
        log.setLevel(level)


def _fill(items: list[str], indent: str = "  ") -> str:
    return textwrap.fill(
        " ".join(items), width=100, initial_indent=indent, subsequent_indent=indent
    )


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
    return _fill([f"{start}-{n}" for start, n in hints.two_letter.items()])


@bee.command()
@LETTERS
@CENTER
@click.option(
    "--found",
    "found",
    multiple=True,
    metavar="WORDS",
    help="Words you found (repeat, or separate with commas/spaces): shows what is "
    "left, in counts only.",
)
@MIN_ZIPF
@puzzle_options
def solve(letters, center, found, min_zipf, lexicon, as_json) -> None:
    """Every word of the honeycomb LETTERS, scores, pangrams, ranks and hints."""
    hive = sb.honeycomb(letters, center)
    if found:
        found_words = [w for chunk in found for w in chunk.replace(",", " ").split()]
        standing = sb.standing(lexicon, hive, found_words, min_zipf)
        emit(
            standing, lexicon, as_json, lambda console: _render_standing(console, standing, lexicon)
        )
        return
    solution = sb.solve(lexicon, hive, min_zipf)
    emit(
        solution,
        lexicon,
        as_json,
        lambda console: _render_solution(console, solution, lexicon),
    )


def _render_solution(console, s: sb.BeeSolution, lexicon) -> None:
    console.print(
        f"[bold]{s.honeycomb}[/]: {s.count:,} words, {s.score:,} points ({lexicon_line(lexicon)})"
    )
    pangrams, doubtful = set(s.pangrams), set(s.unsure)
    if s.words:
        console.print(
            _fill(
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


def _render_standing(console, p: sb.Standing, lexicon) -> None:
    s = p.solution
    console.print(f"[bold]{s.honeycomb}[/] ({lexicon_line(lexicon)})")
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


@bee.command()
@ALLOW_S
@EXCLUDE
@REQUIRE
@click.option(
    "--top",
    type=click.IntRange(1, sb.MAX_TOP),
    default=1,
    show_default=True,
    help=f"List the K best (1 to {sb.MAX_TOP:,}).",
)
@MIN_ZIPF
@puzzle_options
def best(allow_s, exclude, require, top, min_zipf, lexicon, as_json) -> None:
    """The best honeycomb(s) of all candidates (an exhaustive search: proven optimal)."""
    result = sb.best(lexicon, top, allow_s, exclude, require, min_zipf)

    def render(console) -> None:
        console.print(
            f"best of {result.candidates:,} candidate honeycombs "
            f"(exhaustive: optimal), {lexicon_line(lexicon)}"
        )
        from rich.table import Table

        table = Table("#", "letters", "centre")
        for name in ("score", "words", "pangrams"):
            table.add_column(name, justify="right")
        for i, r in enumerate(result.top, 1):
            table.add_row(
                str(i),
                r.honeycomb.letters,
                r.honeycomb.center,
                f"{r.score:,}",
                f"{r.words:,}",
                str(r.pangrams),
            )
        console.print(table)

    emit(result, lexicon, as_json, render)


@bee.command()
@click.argument("letters", metavar="[LETTERS]", required=False)
@CENTER
@ALLOW_S
@puzzle_options
def report(letters, center, allow_s, lexicon, as_json) -> None:
    """Words grouped by letter subset, pangram subsets first (best honeycomb by default)."""
    if letters is None and center is not None:
        raise click.UsageError("--center needs LETTERS")
    hive = sb.honeycomb(letters, center) if letters else None
    rep = sb.build_report(lexicon, hive, allow_s)

    def render(console) -> None:
        optimal = "optimal " if rep.optimal else ""
        console.print(
            f"For this list of {rep.valid_words:,} valid words ({lexicon_line(lexicon)}):"
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
            console.print(_fill([f"{w}({p})" for w, p in zip(g.words, g.points, strict=True)]))

    emit(rep, lexicon, as_json, render)


@bee.command()
@ALLOW_S
@click.option(
    "--plot",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Draw the score distribution to FILE (.svg or .png).",
)
@force_option
@puzzle_options
def stats(allow_s, plot, force, lexicon, as_json) -> None:
    """Counts of valid words, pangrams, candidate honeycombs, and their score distribution."""
    path = output_file(plot, force, (".svg", ".png")) if plot else None
    st = sb.stats(lexicon, allow_s)
    data = st.to_dict()
    if path:
        draw_score_distribution = _drawing("bee_stats").draw_score_distribution
        picture = draw_score_distribution(st, path.suffix.lower().lstrip("."), lexicon.name)
        write_output(path, picture, force)
        data["plot"] = str(path)

    def render(console) -> None:
        console.print(f"{lexicon_line(lexicon)}{', S allowed' if allow_s else ''}")
        for key, label in (
            ("valid_words", "valid words"),
            ("pangram_words", "pangram words"),
            ("perfect_pangram_words", "perfect pangram words"),
            ("pangram_letter_sets", "pangram letter sets"),
            ("candidate_honeycombs", "candidate honeycombs"),
            ("letter_subsets", "distinct letter sets of valid words"),
        ):
            console.print(f"{data[key]:>10,}  {label}")
        console.print(
            "why words are invalid: " + "  ".join(f"{k} {v:,}" for k, v in st.breakdown.items())
        )
        if st.top_word:
            console.print(f"highest-scoring word: {st.top_word} ({sb.word_score(st.top_word)})")
        if st.best:
            console.print(f"best honeycomb: {st.best.honeycomb}, {st.best.score:,} points")
        dist = data["score_distribution"]
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
        if path:
            console.print(f"plot saved to {path}")

    emit(data, lexicon, as_json, render)


@bee.command()
@LETTERS
@CENTER
@click.option(
    "--output",
    "-o",
    required=True,
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="The picture file (.svg or .png).",
)
@click.option("--title", help="A title above the honeycomb.")
@click.option(
    "--score",
    "with_score",
    is_flag=True,
    help="Add its word count and score in the lexicon to the title.",
)
@force_option
@puzzle_options
def draw(letters, center, output, title, with_score, force, lexicon, as_json) -> None:
    """Draw the honeycomb LETTERS (seven hexagons, the center highlighted)."""
    hive = sb.honeycomb(letters, center)
    path = output_file(output, force, (".svg", ".png"))
    if with_score:
        solution = sb.solve(lexicon, hive)
        title = (f"{title}: " if title else "") + (
            f"{solution.count:,} words, {solution.score:,} points ({lexicon.name})"
        )
    draw_honeycomb = _drawing("honeycomb").draw_honeycomb
    write_output(path, draw_honeycomb(hive, path.suffix.lower().lstrip("."), title), force)
    emit(
        {**hive.to_dict(), "output": str(path), "title": title},
        lexicon,
        as_json,
        lambda console: console.print(f"drew {hive} to {path}"),
    )


@bee.command()
@click.option(
    "--seed",
    type=SEED,
    help="Random seed, any integer of magnitude below 2**63: the same seed gives the same puzzles.",
)
@click.option(
    "--count",
    "-n",
    type=click.IntRange(1, sb.MAX_PUZZLES),
    default=1,
    show_default=True,
    help=f"How many puzzles (1 to {sb.MAX_PUZZLES:,}).",
)
@click.option(
    "--score",
    "score_range",
    metavar="A-B",
    help=f"Game score range, e.g. 100-250, 100- or -250 (bounds 0 to {sb.MAX_BOUND:,}).",
)
@click.option(
    "--words",
    "words_range",
    metavar="A-B",
    help=f"Word count range, e.g. 20-60, 20- or -60 (bounds 0 to {sb.MAX_BOUND:,}).",
)
@click.option(
    "--pangrams",
    type=click.IntRange(1, sb.MAX_BOUND),
    default=1,
    show_default=True,
    help=f"At least this many pangrams (1 to {sb.MAX_BOUND:,}).",
)
@MIN_ZIPF
@ALLOW_S
@EXCLUDE
@REQUIRE
@allow_offensive_option
@puzzle_options
def generate(
    seed,
    count,
    score_range,
    words_range,
    pangrams,
    min_zipf,
    allow_s,
    exclude,
    require,
    allow_offensive,
    lexicon,
    as_json,
) -> None:
    """Publishable honeycombs meeting the constraints, with their word lists."""
    score = parse_range(score_range, "--score")
    words = parse_range(words_range, "--words")
    with progress_bar(as_json) as bar:
        result = sb.generate(
            lexicon, count, seed, score, words, pangrams, min_zipf, allow_s, exclude, require, bar,
            allow_offensive=allow_offensive,
        )  # fmt: skip

    def render(console) -> None:
        console.print(
            f"{len(result.puzzles)} of {result.eligible:,} honeycombs meeting the "
            f"constraints (of {result.candidates:,}), seed {result.seed}, "
            f"{lexicon_line(lexicon)}"
        )
        for s in result.puzzles:
            console.print(
                f"\n[bold]{s.honeycomb}[/]: {s.count} words, {s.score} points, "
                f"pangrams: {', '.join(s.pangrams)}"
            )
            console.print(_fill(list(s.words)))

    emit(result, lexicon, as_json, render)


def parse_range(text: str | None, option: str) -> sb.Range:
    """``"A-B"``, ``"A-"``, ``"-B"`` or ``"N"`` → (low, high) with None for an open end."""
    if text is None or text == "":
        return (None, None)
    m = re.fullmatch(r"\s*(\d*)\s*(-?)\s*(\d*)\s*", text)
    if not m or not (m.group(1) or m.group(3)):
        raise InputError(f"{option} must be a range like 100-200, 100- or -200, got {text!r}")
    low = int(m.group(1)) if m.group(1) else None
    high = int(m.group(3)) if m.group(3) else (None if m.group(2) else low)
    if any(b is not None and b > sb.MAX_BOUND for b in (low, high)):
        raise InputError(f"{option} bounds must be at most {sb.MAX_BOUND:,}, got {text!r}")
    if low is not None and high is not None and low > high:
        raise InputError(f"{option} range {text!r} is empty (low above high)")
    return (low, high)
