"""``letterplay letterboxed``: solve, generate, draw and check Letter Boxed boards.

Each command's ``--json`` is the envelope of one library call's result (the web app calls the
same function). Library errors name parameters (``max_words must be ...``); :func:`_options`
says them as this command's options (``--max-words must be ...``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import click

from letterplay import letterboxed as lb
from letterplay.cli.common import (
    SEED,
    FiniteFloat,
    allow_offensive_option,
    emit,
    force_option,
    lexicon_line,
    output_file,
    progress,
    puzzle_options,
    write_output,
)
from letterplay.errors import InputError, LetterplayError

__all__ = ["letterboxed", "option_names"]

# library parameter -> option; a bare word is renamed only where it starts "NAME must"
OPTIONS = {
    "max_words": "--max-words",
    "max_solution_words": "--max-solution-words",
    "min_zipf": "--min-zipf",
    "per_side": "--per-side",
    "ragged=True": "--ragged",
    "limit": "--limit",
    "tries": "--tries",
    "vowels": "--vowels",
    "seed": "--seed",
}
_NAMES = re.compile(r"\b(max_words|max_solution_words|min_zipf|per_side)\b|ragged=True")
_LEADING = re.compile(r"^(limit|tries|vowels|seed) must\b")


def option_names(message: str) -> str:
    """A library message with its parameter names said as this command's options."""
    message = _NAMES.sub(lambda m: OPTIONS[m.group(0)], message)
    return _LEADING.sub(lambda m: f"{OPTIONS[m.group(1)]} must", message)


@contextmanager
def _options() -> Iterator[None]:
    """Re-raise library errors with option names in place of parameter names."""
    try:
        yield
    except LetterplayError as e:
        e.args = (option_names(str(e)),)  # the same error, whatever its class takes
        raise


ragged_option = click.option(
    "--ragged", is_flag=True, help="Allow sides with different numbers of letters."
)
min_zipf_option = click.option(
    "--min-zipf",
    type=FiniteFloat(0, lb.MAX_ZIPF),
    default=None,
    help=f"Only use words at least this common (Zipf, 0 to {lb.MAX_ZIPF:g}).",
)


def limit_option(default: int):
    """``--limit``: how many solutions to list."""
    return click.option(
        "--limit",
        type=click.IntRange(0, lb.MAX_LIMIT),
        default=default,
        show_default=True,
        help="Solutions to list.",
    )


@click.group()
def letterboxed() -> None:
    """Letter Boxed: solve in the fewest words (proven), count, generate, draw, check."""


def _number(count: int | None) -> str:
    return "not counted (too many)" if count is None else f"{count:,}"


def _render_solve(result: lb.SolveResult, lexicon) -> callable:
    def render(console) -> None:
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
        from rich.table import Table  # only people's output needs it

        table = Table("#", "solution", "rarest Zipf", "letters")
        for i, s in enumerate(result.solutions, 1):
            table.add_row(str(i), " ".join(s.words), f"{s.rarest_zipf:.2f}", str(s.letters))
        if result.solutions:
            console.print(table)

    return render


@letterboxed.command()
@click.argument("sides", nargs=-1, required=True)
@click.option(
    "--max-words",
    type=click.IntRange(1, lb.MAX_WORDS),
    default=None,
    help=f"Count every solution up to N words (1 to {lb.MAX_WORDS}).",
)
@min_zipf_option
@limit_option(default=10)
@click.option("--distinct", is_flag=True, help="List only solutions with no word used twice.")
@ragged_option
@puzzle_options
def solve(sides, max_words, min_zipf, limit, distinct, ragged, lexicon, as_json) -> None:
    """Solve the board SIDE SIDE SIDE... in the fewest words, counting every such solution."""
    with _options(), progress(as_json) as bar:
        board = lb.parse_board(sides, ragged)
        result = lb.solve(board, lexicon, max_words, min_zipf, limit, distinct, bar)
    emit(result, lexicon, as_json, _render_solve(result, lexicon))


@letterboxed.command()
@click.option(
    "--sides",
    type=click.IntRange(3, lb.MAX_LETTERS),
    default=4,
    show_default=True,
    help="Sides of the board.",
)
@click.option(
    "--per-side",
    type=click.IntRange(1, lb.MAX_LETTERS),
    default=3,
    show_default=True,
    help=f"Letters on each side (at most {lb.MAX_LETTERS} letters in all).",
)
@click.option(
    "--vowels",
    type=click.IntRange(0, 5),
    default=None,
    help="Vowels on the board [default: one per side, at most 5].",
)
@click.option(
    "--seed",
    type=SEED,
    default=None,
    help="Seed for a reproducible board (any integer of magnitude below 2**63).",
)
@click.option(
    "--max-solution-words",
    type=click.IntRange(1, lb.MAX_WORDS),
    default=2,
    show_default=True,
    help="Fewest words a solution may need, at most.",
)
@min_zipf_option
@click.option(
    "--tries",
    type=click.IntRange(1, lb.MAX_TRIES),
    default=500,
    show_default=True,
    help="Boards to try.",
)
@limit_option(default=5)
@allow_offensive_option
@puzzle_options
def generate(
    sides, per_side, vowels, seed, max_solution_words, min_zipf, tries, limit, allow_offensive,
    lexicon, as_json,
) -> None:  # fmt: skip
    """A fair board: solvable in at most --max-solution-words words (checked exactly)."""
    with _options(), progress(as_json) as bar:
        result = lb.generate(
            lexicon, sides, per_side, vowels, seed, max_solution_words, min_zipf, tries, limit, bar,
            allow_offensive=allow_offensive,
        )  # fmt: skip
    solve_render = _render_solve(result.solve, lexicon)

    def render(console) -> None:
        console.print(f"[bold]{result.board}[/]   (found after {result.tries} tries)")
        solve_render(console)

    emit(result, lexicon, as_json, render)


@letterboxed.command()
@click.argument("sides", nargs=-1, required=True)
@click.option("-o", "--output", required=True, help="Picture file: .svg or .png.")
@click.option("--solution", is_flag=True, help="Draw the best minimal solution's path.")
@min_zipf_option
@ragged_option
@force_option
@puzzle_options
def draw(sides, output, solution, min_zipf, ragged, force, lexicon, as_json) -> None:
    """Draw the board (and with --solution the path of its best solution) to FILE."""
    from letterplay.draw.letterbox import draw_puzzle

    with _options():
        board = lb.parse_board(sides, ragged)
    path = output_file(output, force, (".svg", ".png"))  # before any work
    with _options():
        fmt = path.suffix.lower().removeprefix(".")
        result = draw_puzzle(board, lexicon, solution, min_zipf, fmt, str(path))
    write_output(path, result.picture, force)
    note = f"wrote {path}" + _words_note(result.solution)
    emit(result, lexicon, as_json, lambda c: c.print(note))


def _words_note(words: tuple[str, ...]) -> str:
    return f" with solution {' '.join(words)}" if words else ""


class _BoardThenWords(click.Command):
    """Takes ``SIDE... -- WORD...``: the words after ``--`` are kept apart from the sides."""

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        return [*super().collect_usage_pieces(ctx), "-- WORDS..."]

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if "--" not in args:
            if not args or {"-h", "--help"} & set(args):
                return super().parse_args(ctx, args)
            raise InputError("separate the board from the answer with --: SIDE... -- WORD...")
        cut = args.index("--")
        ctx.meta["letterboxed_words"] = tuple(args[cut + 1 :])
        return super().parse_args(ctx, args[:cut])


@letterboxed.command(cls=_BoardThenWords)
@click.argument("sides", nargs=-1, required=True)
@ragged_option
@puzzle_options
def check(sides, ragged, lexicon, as_json) -> None:
    """Check a player's answer to the board; says exactly what breaks.

    Give the sides, then -- and the words: check TAP ERD NIL YCO -- ancient torpidly
    """
    words = click.get_current_context().meta["letterboxed_words"]
    if not words:
        raise InputError("give the answer's words after the board (… -- WORD WORD …)")
    with _options():
        board = lb.parse_board(sides, ragged)
        result = lb.check(board, words, lexicon)

    def render(console) -> None:
        answer = " ".join(result.words)
        if result.valid:
            best = result.min_words
            note = "the fewest possible" if best == len(words) else f"the fewest is {best}"
            console.print(
                f"[green]valid[/]: {answer} solves {board} in {len(words)} words ({note})"
            )
        else:
            console.print(f"[red]not a solution[/]: {answer}")
            for problem in result.problems:
                console.print(f"  - {problem}")

    emit(result.to_dict(), lexicon, as_json, render)
