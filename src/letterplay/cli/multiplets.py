"""``letterplay multiplet`` and ``letterplay ladder``: word networks and word ladders."""

from __future__ import annotations

import click

from letterplay import multiplets as mp
from letterplay.cli.common import (
    FiniteFloat,
    emit,
    force_option,
    lexicon_line,
    output_file,
    progress,
    puzzle_options,
    write_output,
)
from letterplay.letters import parse_letters

__all__ = ["graph_options", "ladder", "multiplet", "parse_exclude", "parse_targets"]

DASH = " – "


def graph_options(command):
    """``--rules``, ``--min-length`` and ``--exclude``: which word graph to search."""
    command = click.option(
        "--exclude",
        default="",
        metavar="W,...",
        help="Words the network or ladder may not use (comma separated).",
    )(command)
    command = click.option(
        "--min-length",
        type=click.IntRange(1, mp.MAX_MIN_LENGTH),
        default=mp.MIN_LENGTH,
        show_default=True,
        help=f"Shortest word allowed (1 to {mp.MAX_MIN_LENGTH}).",
    )(command)
    command = click.option(
        "--rules",
        default=",".join(mp.RULES),
        show_default=True,
        help="Which steps join words: change (a letter), addremove (a letter), anagram.",
    )(command)
    return command


def parse_exclude(text: str | None) -> list[str]:
    """The words of an ``--exclude`` option (comma or space separated)."""
    if not text:
        return []
    return [parse_letters(w, "excluded word") for w in text.replace(",", " ").split()]


def parse_targets(words: tuple[str, ...]) -> list[str]:
    """Target words from the command line: separated by spaces or commas, de-duplicated."""
    items = [w for text in words for w in text.replace(",", " ").split()]
    return list(dict.fromkeys(parse_letters(w, "target word") for w in items))


@click.command()
@click.argument("words", nargs=-1, required=True)
@graph_options
@click.option(
    "--time-limit",
    type=FiniteFloat(0.001, 1e9),
    default=None,
    metavar="S",
    help="Stop after S seconds (0.001 to 1e9) with the best network found and the bound reached.",
)
@click.option(
    "--alternatives",
    type=click.IntRange(0, mp.MAX_ALTERNATIVES),
    default=0,
    metavar="K",
    help=f"Also list up to K (0 to {mp.MAX_ALTERNATIVES}) other networks of minimum size.",
)
@click.option(
    "--fewest-only",
    is_flag=True,
    help="Any network with the fewest link words: skip the search for the most common one.",
)
@click.option("--draw", "draw_path", default=None, metavar="FILE.svg|png", help="Draw the network.")
@force_option
@puzzle_options
def multiplet(
    words: tuple[str, ...],
    rules: str,
    min_length: int,
    exclude: str,
    time_limit: float | None,
    alternatives: int,
    fewest_only: bool,
    draw_path: str | None,
    force: bool,
    lexicon,
    as_json: bool,
) -> None:
    """Connect WORDS with the fewest link words (proven), most common words preferred.

    Neighbouring words of the network differ by one changed letter, one added or removed
    letter, or are anagrams (see --rules).
    """
    targets = parse_targets(words)
    path = output_file(draw_path, force, (".svg", ".png")) if draw_path else None
    with progress(as_json) as bar:
        result = mp.solve_multiplet(
            lexicon,
            targets,
            rules=mp.parse_rules(rules),
            min_length=min_length,
            exclude=parse_exclude(exclude),
            time_limit=time_limit,
            alternatives=alternatives,
            prefer_common=not fewest_only,
            progress=bar,
        )
    if path is not None:
        from letterplay.draw.network import draw_network

        picture = draw_network(result.network, path.suffix.lower()[1:], title=_title(result))
        write_output(path, picture, force)

    def render(console) -> None:
        console.print(lexicon_line(lexicon))
        console.print(_title(result) + ": " + _proof(result))
        for i, branch in enumerate(result.network.branches()):
            console.print(_branch_line(branch, set(result.targets), i > 0), markup=False)
        console.print(_tie_break(result))
        for i, alt in enumerate(result.alternatives, 1):
            console.print(f"alternative {i} (obscurity {alt.obscurity}):")
            for j, branch in enumerate(alt.branches()):
                line = _branch_line(branch, set(result.targets), j > 0)
                console.print("  " + line, markup=False)
        if path is not None:
            console.print(f"drawing saved to {path}")

    emit(result, lexicon, as_json, render)


def _title(result: mp.MultipletResult) -> str:
    n = result.links
    return f"{' '.join(t.upper() for t in result.targets)}: {n} link word{'s' * (n != 1)}"


def _proof(result: mp.MultipletResult) -> str:
    if result.optimal:
        return "proven minimum (no network has fewer)"
    return f"not proven (lower bound {result.lower_bound}; time limit reached)"


def _tie_break(result: mp.MultipletResult) -> str:
    if result.network.obscurity is None:
        return f"any network of that size (--fewest-only); {result.seconds:.2f} s"
    how = (
        "proven the most common"
        if result.tie_break_proven
        else "the most common found (not proven)"
    )
    return (
        f"{how} of its size: obscurity {result.network.obscurity} "
        f"(sum of 100 × (8 − Zipf) over link words); {result.seconds:.2f} s"
    )


def _branch_line(branch: list[str], targets: set[str], joined: bool) -> str:
    """Seed 003's way: targets in brackets; a branch after the first ends, in parentheses, at
    the word where it joins the network already written."""
    last = len(branch) - 1

    def show(i: int, word: str) -> str:
        if joined and i == last:
            return f"({word.upper()})"
        return f"[{word.upper()}]" if word in targets else word.upper()

    return DASH.join(show(i, w) for i, w in enumerate(branch))


@click.command()
@click.argument("start", metavar="FROM")
@click.argument("end", metavar="TO")
@graph_options
@click.option("--all", "list_all", is_flag=True, help="List every shortest ladder.")
@puzzle_options
def ladder(
    start: str,
    end: str,
    rules: str,
    min_length: int,
    exclude: str,
    list_all: bool,
    lexicon,
    as_json: bool,
) -> None:
    """A shortest word ladder from FROM to TO, and how many shortest ladders there are.

    The ladder shown is the most common one: its rarest word is as common as possible.
    """
    result = mp.solve_ladder(
        lexicon,
        start,
        end,
        rules=mp.parse_rules(rules),
        min_length=min_length,
        exclude=parse_exclude(exclude),
        list_all=list_all,
    )

    def render(console) -> None:
        console.print(lexicon_line(lexicon))
        n = result.count
        console.print(
            f"{result.start.upper()} → {result.end.upper()}: {result.steps} steps; "
            f"{n:,} shortest ladder{'s' * (n != 1)}"
        )
        console.print(" → ".join(w.upper() for w in result.path))
        if result.ladders is not None:
            console.print("every shortest ladder, most common first:")
            for words in result.ladders:
                console.print("  " + " → ".join(w.upper() for w in words))

    emit(result, lexicon, as_json, render)
