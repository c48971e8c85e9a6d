"""The ``letterplay`` command line: parse, call the library, render text or JSON.

Every command is built from its description in :mod:`letterplay.commands` (see
:mod:`letterplay.cli.build`); this module holds the top-level group and its *lazy command
table*: a name, the module that describes its operations and the module that renders their
results as text. Each is imported only when its command runs, so ``letterplay bee solve`` does
not pay for the Steiner engine or matplotlib. Bad input ends with a one-line message on stderr
and exit status 2, never a traceback; ``letterplay`` alone prints its help.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import sys
from pathlib import Path

import click

from letterplay.errors import LetterplayError, shown

__all__ = ["COMMANDS", "LetterplayGroup", "fail", "main"]

COMMANDS = {  # name -> (module describing its operations, module rendering their results)
    "anigrams": ("letterplay.commands.anigrams", "letterplay.cli.anigrams"),
    "bee": ("letterplay.commands.spellingbee", "letterplay.cli.spellingbee"),
    "cache": ("letterplay.commands.cache", "letterplay.cli.cache"),
    "ladder": ("letterplay.commands.multiplets", "letterplay.cli.multiplets"),
    "letterboxed": ("letterplay.commands.letterboxed", "letterplay.cli.letterboxed"),
    "lexicon": ("letterplay.commands.lexicon", "letterplay.cli.lexicon"),
    "multiplet": ("letterplay.commands.multiplets", "letterplay.cli.multiplets"),
    "serve": ("letterplay.web.command", "letterplay.cli.serve"),
    "steiner": ("letterplay.commands.steiner", "letterplay.cli.steiner"),
}


class LetterplayGroup(click.Group):
    """The top-level group: lazy subcommands, its help when called alone, and one-line errors
    with exit status 2."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        from letterplay.cli.build import click_command

        described, rendered = (importlib.import_module(m) for m in COMMANDS[name])
        item = next(c for c in described.COMMANDS if c.name == name)
        return click_command(item, rendered.RENDER)

    def main(self, args=None, prog_name=None, **extra):  # type: ignore[override]
        try:
            previous = signal.signal(signal.SIGINT, _interrupted)
        except ValueError:  # not the main thread: leave interrupts to whoever runs us
            previous = None
        try:
            self._run(args, prog_name, **extra)
        finally:
            if previous is not None:
                signal.signal(signal.SIGINT, previous)

    def _run(self, args, prog_name, **extra) -> None:
        try:
            rv = super().main(args, prog_name, standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError as e:  # `letterplay` or `letterplay bee`
            click.echo(e.ctx.get_help())
            sys.exit(0)
        except LetterplayError as e:
            fail(str(e))
        except click.exceptions.Abort:
            click.echo("aborted", err=True)
            sys.exit(130)
        except click.UsageError as e:
            where = f" (see `{e.ctx.command_path} --help`)" if e.ctx else ""
            fail(e.format_message() + where, e.exit_code)
        except click.ClickException as e:
            fail(e.format_message(), e.exit_code)
        except BrokenPipeError:  # `letterplay … | head`: the reader has gone, nothing to report
            sys.stderr.close()
            sys.exit(0)
        except OSError as e:
            # a path is echoed capped, as every error echoes what it was given
            fail(
                f"{shown(Path(os.fsdecode(e.filename)))}: {e.strerror}"
                if e.filename and e.strerror
                else str(e)
            )
        sys.exit(rv if isinstance(rv, int) else 0)


_aborting = False  # an interrupt is being handled: the ones after it return at once


def _interrupted(signum: int, frame: object) -> None:
    """Ctrl-C: one ``aborted`` line and exit status 130, however many times it is pressed.

    Further interrupts return at once from the first one on, and the process ends at once
    (``os._exit``) rather than unwinding through worker threads and atexit handlers, which is
    where a second quick Ctrl-C would otherwise print a traceback. The handler stays in place:
    setting another one here would let a second interrupt, already caught but not yet handled,
    find no handler and print "Signal 2 ignored due to race condition".
    """
    global _aborting
    if _aborting:
        return
    _aborting = True
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # a closed or broken stream: nothing to say on it
            stream.flush()
    os.write(2, b"aborted\n")
    os._exit(130)


def fail(message: str, code: int = 2) -> None:
    """Print ``error: message`` as one line on stderr and exit (status 2 by default)."""
    one_line = " ".join(str(message).split())
    click.echo(f"error: {one_line}", err=True)
    sys.exit(code)


@click.group(
    cls=LetterplayGroup,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(package_name="letterplay")
def main() -> None:
    """letterplay: solve, study, generate and draw letter-set word puzzles.

    Anigrams, Spelling Bee, Multiplets (and word ladders) and Letter Boxed, over enable1, the
    bundled 'common' list or any word list file. Every command takes --lexicon and --json.
    """
