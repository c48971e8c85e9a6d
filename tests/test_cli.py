"""The command line as a whole: every command is reachable, documented, takes the shared options."""

from __future__ import annotations

import subprocess
import sys

import pytest

from letterplay.cli import COMMANDS

GROUPS = {"lexicon", "anigrams", "bee", "letterboxed"}


def test_help_lists_every_command(cli):
    result = cli("--help")
    assert result.exit_code == 0
    for name in COMMANDS:
        assert name in result.stdout


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_help(cli, name):
    result = cli(name, "--help")
    assert result.exit_code == 0 and "Usage:" in result.stdout


def puzzle_commands(cli):
    """Every leaf command under a puzzle group, as argument lists."""
    for name in sorted(COMMANDS):
        if name in GROUPS:
            listing = cli(name, "--help").stdout
            section = listing.split("Commands:")[1]
            for line in section.strip().splitlines():
                yield [name, line.split()[0]]
        else:
            yield [name]


def test_every_puzzle_command_takes_lexicon_and_json(cli):
    for args in puzzle_commands(cli):
        text = cli(*args, "--help").stdout
        assert "--json" in text, args
        if args[0] not in ("lexicon", "steiner"):
            assert "--lexicon" in text, args


def test_unknown_command_is_a_one_line_error(cli):
    result = cli("nosuch")
    assert result.exit_code == 2 and result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1


def test_python_dash_m_runs_the_cli():
    done = subprocess.run(
        [sys.executable, "-m", "letterplay", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "version" in done.stdout
