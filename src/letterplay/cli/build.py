"""Click commands built from the descriptions of :mod:`letterplay.commands`.

For an operation, :func:`click_command` makes a click command whose arguments and options are
its parameters, each taken as text and read with :meth:`~letterplay.commands.Param.parse`, plus
what every command takes: ``--lexicon`` and ``--json`` (for operations on a word list), and
``-o/--output`` with ``--force`` (for those that can write a file). Running it is always the
same: read the parameters, check the output file before any work, call the library (with a
progress bar when it reports progress), write the file atomically, then print the result's JSON
or render it as text. A library error names parameters; here it says them as options.

Examples
--------
>>> from letterplay.commands import Command, Param
>>> echo = Command("echo", "Say the words.", lambda words: words, lexicon=False,
...                params=(Param("words", "words", "Words.", positional=True, many=True),
...                        Param("min_zipf", "number", "A floor.")))
>>> cli_words(echo)["min_zipf"], cli_words(echo)["words"]
('--min-zipf', 'words')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import click

from letterplay.cli.common import emit, output_file, progress, write_output
from letterplay.commands import Command, Group, Param
from letterplay.errors import InputError, LetterplayError, said
from letterplay.results import envelope

__all__ = ["Renderer", "cli_words", "click_command"]

Renderer = Callable[..., None]
"""``render(console, result, output)``: a result as text for people; ``output`` is the file the
result was written to (None when none was asked for)."""

METAVARS = {"whole": "N", "number": "X", "seed": "SEED", "words": "WORDS", "range": "A-B"}
LEXICON_HELP = (
    "Word list: a catalog name (enable1, common, …; see `letterplay lexicon list`) or a file. "
    "Default: enable1 (bundled)."
)


def cli_words(command: Command) -> dict[str, str]:
    """How the command line names each parameter of ``command`` (for :func:`said`)."""
    words = {"lexicon": "--lexicon", "output": "--output", "json": "--json"}
    for p in command.params:
        if p.positional:
            words[p.name] = p.key
        else:
            words[p.name] = f"--{p.key}"
            words[f"{p.name}=True"] = f"--{p.key}"
    return words


def click_command(item: Command | Group, render: Mapping[str, Renderer]) -> click.Command:
    """The click command (or group) of an operation (or group), with its text renderers."""
    if isinstance(item, Group):
        group = click.Group(item.name, help=item.help, no_args_is_help=True)
        for command in item.commands:
            group.add_command(click_command(command, render))
        return group
    params = [_click_param(p) for p in item.params]
    if item.output is not None:
        params.append(
            click.Option(
                ["-o", "--output"],
                metavar="FILE",
                required=item.output.required,
                help=f"{item.output.help} ({' or '.join(item.output.suffixes)}).",
            )
        )
        params.append(click.Option(["--force"], is_flag=True, help="Overwrite the output file."))
    if item.lexicon:
        help_text = LEXICON_HELP  # an operation with a list of its own says so
        if item.default_lexicon:
            help_text = help_text.replace("enable1 (bundled)", item.default_lexicon)
        params.append(click.Option(["--lexicon"], metavar="NAME|PATH", help=help_text))
    params.append(click.Option(["--json"], is_flag=True, help="Print one JSON object on stdout."))
    cls = _Split if sum(p.positional and p.many for p in item.params) == 2 else click.Command
    return cls(
        item.name,
        params=params,
        callback=_callback(item, render[item.name]),
        help=item.help,
        short_help=item.summary,
        no_args_is_help=any(p.required for p in item.params),
    )


def _click_param(p: Param) -> click.Parameter:
    if p.positional:
        nargs = -1 if p.many else 1
        metavar = p.metavar or (p.key.upper() if p.required else f"[{p.key.upper()}]")
        if p.many:
            metavar += "..."
        # required parameters are checked by the description (Command.require), as on the web
        return click.Argument([p.name], nargs=nargs, required=False, metavar=metavar)
    names = [f"--{p.key}", *([p.short] if p.short else []), p.name]  # the name: the keyword
    help_text = p.help + (f"  [default: {p.default}]" if p.default not in (None, False) else "")
    if p.kind == "flag":
        return click.Option(names, is_flag=True, default=None, help=help_text)
    return click.Option(
        names,
        metavar=p.metavar or METAVARS.get(p.kind, "TEXT"),
        multiple=p.many or p.kind == "words",
        help=help_text,
    )


class _Split(click.Command):
    """A command with two lists of words, given as ``FIRST... -- SECOND...`` (the board's sides,
    then a player's words)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if "--" not in args:
            if not args or {"-h", "--help"} & set(args):
                return super().parse_args(ctx, args)
            first, second = (p for p in self.params if isinstance(p, click.Argument))
            raise InputError(
                f"separate {first.name} from {second.name} with --: "
                f"{first.human_readable_name} -- {second.human_readable_name}"
            )
        cut = args.index("--")
        ctx.meta["split_words"] = tuple(args[cut + 1 :])
        return super().parse_args(ctx, [*args[:cut], "--"])

    def make_parser(self, ctx: click.Context) -> Any:
        # click's parser takes one argument of any length only: the second list is not its
        # to parse (invoke sets it), though the help still shows it
        second = [p for p in self.params if isinstance(p, click.Argument)][-1]
        every = self.params
        self.params = [p for p in every if p is not second]
        try:
            return super().make_parser(ctx)
        finally:
            self.params = every

    def invoke(self, ctx: click.Context) -> Any:
        second = [p for p in self.params if isinstance(p, click.Argument)][-1]
        ctx.params[second.name] = ctx.meta.get("split_words", ())
        return super().invoke(ctx)


def values_of(command: Command, given: Mapping[str, Any]) -> dict[str, Any]:
    """The library's keyword arguments from the texts click gathered; a parameter that was not
    given is left out, so the library's default applies."""
    values: dict[str, Any] = {}
    for p in command.params:
        raw = given.get(p.name)
        if raw is None or raw == () or raw is False:
            continue
        if p.kind == "flag":
            values[p.name] = True
        else:
            values[p.name] = p.parse(list(raw) if isinstance(raw, tuple) else [raw])
    return values


def _callback(command: Command, render: Renderer) -> Callable[..., None]:
    def run(
        *,
        json: bool,
        lexicon: str | None = None,
        output: str | None = None,
        **given: Any,
    ) -> None:
        force = bool(given.get("force"))  # the output's --force, or the operation's own
        if command.param("force") is None:
            given.pop("force", None)
        try:
            target = None
            if output is not None and command.output is not None:
                target = output_file(output, force, command.output.suffixes)
            elif json and command.output is not None and command.output.with_json:
                raise InputError("`json` needs `output`: the text goes to stdout otherwise")
            values = values_of(command, given)
            command.require(values)
            if target is not None and command.output.keyword is not None:
                values[command.output.keyword] = str(target)
            if command.lexicon:
                values["lexicon"] = lexicon
            if command.prints:
                command.call(**values, as_json=json, announce=click.echo)
                return
            with progress(json) as bar:
                if command.progress:
                    values["progress"] = bar
                result = command.call(**values)
            payload = envelope(result)
            if target is not None:
                content = command.output.content(result, target.suffix.lower())
                write_output(target, content, force)
                payload["output"] = str(target)
        except LetterplayError as e:
            e.args = (said(e, cli_words(command)),)  # the same error, in option names
            raise
        emit(payload, json, lambda console: render(console, result, target))

    return run
