"""The ``letterplay`` command line: parse, call the library, render text or JSON.

Each puzzle's commands live in their own module of this package and are imported only when used,
so ``letterplay bee solve`` does not pay for importing the Steiner engine or matplotlib.
Bad input ends with a one-line message on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import sys

import click

from letterplay.errors import LetterplayError

__all__ = ["COMMANDS", "LetterplayGroup", "fail", "main"]

# command name -> "module:attribute" of its click command, loaded on first use
COMMANDS = {
    "lexicon": "letterplay.cli.lexicon:lexicon",
    "anigrams": "letterplay.cli.anigrams:anigrams",
    "bee": "letterplay.cli.spellingbee:bee",
    "letterboxed": "letterplay.cli.letterboxed:letterboxed",
    "multiplet": "letterplay.cli.multiplets:multiplet",
    "ladder": "letterplay.cli.multiplets:ladder",
    "steiner": "letterplay.cli.steiner:steiner",
    "serve": "letterplay.cli.serve:serve",
}


class LetterplayGroup(click.Group):
    """The top-level group: lazy subcommands and one-line errors with exit status 2."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if self.get_command(ctx, name) is not None)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, attribute = target.split(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            if e.name == module_name:  # a puzzle whose commands are not written yet
                return None
            raise
        return getattr(module, attribute, None)

    def main(self, args=None, prog_name=None, **extra):  # type: ignore[override]
        _matplotlib_config_dir()
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
            fail(f"{e.filename}: {e.strerror}" if e.filename and e.strerror else str(e))
        sys.exit(rv if isinstance(rv, int) else 0)


def _interrupted(signum: int, frame: object) -> None:
    """Ctrl-C: one ``aborted`` line and exit status 130, however many times it is pressed.

    Further interrupts are ignored from the first one on, and the process ends at once
    (``os._exit``) rather than unwinding through worker threads and atexit handlers, which is
    where a second quick Ctrl-C would otherwise print a traceback.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # a closed or broken stream: nothing to say on it
            stream.flush()
    os.write(2, b"aborted\n")
    os._exit(130)


def _matplotlib_config_dir() -> None:
    """When HOME cannot be written, give matplotlib a temporary config folder up front, so the
    commands that draw do not print its warnings about it before their own output."""
    if "MPLCONFIGDIR" in os.environ:
        return
    home = os.path.expanduser("~")
    if os.path.isdir(home) and os.access(home, os.W_OK):
        return
    import tempfile

    folder = os.path.join(tempfile.gettempdir(), f"letterplay-matplotlib-{os.getuid()}")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    except OSError:
        return
    os.environ["MPLCONFIGDIR"] = folder


def fail(message: str, code: int = 2) -> None:
    """Print ``error: message`` as one line on stderr and exit (status 2 by default)."""
    one_line = " ".join(str(message).split())
    click.echo(f"error: {one_line}", err=True)
    sys.exit(code)


@click.group(cls=LetterplayGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="letterplay")
def main() -> None:
    """letterplay: solve, study, generate and draw letter-set word puzzles.

    Anigrams, Spelling Bee, Multiplets (and word ladders) and Letter Boxed, over enable1, the
    bundled 'common' list or any word list file. Every command takes --lexicon and --json.
    """
