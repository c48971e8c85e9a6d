"""The command line as a whole: every command is reachable, documented, takes the shared options."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from letterplay.cli import COMMANDS
from letterplay.commands.registry import every_command


def test_help_lists_every_command(cli):
    result = cli("--help")
    assert result.exit_code == 0
    for name in COMMANDS:
        assert name in result.stdout


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_help(cli, name):
    result = cli(name, "--help")
    assert result.exit_code == 0 and "Usage:" in result.stdout


@pytest.mark.parametrize("path", [path for path, _ in every_command()], ids=" ".join)
def test_every_command_takes_json_and_its_lexicon(cli, path):
    text = cli(*path, "--help").stdout
    assert "--json" in text, path
    if path[0] in {"anigrams", "bee", "letterboxed", "multiplet", "ladder"}:
        assert "--lexicon" in text, path


@pytest.mark.parametrize("args", [[], ["bee"], ["letterboxed"], ["bee", "solve"]])
def test_a_command_alone_prints_its_help_and_succeeds(cli, args):
    result = cli(*args)
    assert result.exit_code == 0 and result.stdout.startswith("Usage:"), result.stderr
    assert result.stderr == ""


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


def _env(**extra: str) -> dict[str, str]:
    env = {**os.environ, **extra}
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    return env


def test_two_quick_interrupts_print_one_aborted_line_and_exit_130(tmp_path):
    """Ctrl-C twice in a row, while a command waits on its input: one line, status 130."""
    for _ in range(3):
        proc = subprocess.Popen(
            [sys.executable, "-m", "letterplay", "lexicon", "info", "/dev/stdin"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(),
        )
        time.sleep(4)  # imports done, blocked reading stdin
        proc.send_signal(signal.SIGINT)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, err
        assert err == b"aborted\n" and out == b""


def test_an_interrupt_caught_while_the_first_is_handled_returns_at_once(monkeypatch):
    """The handler stays in place and says "aborted" once: a second Ctrl-C, caught before the
    process ends, finds it (no "Signal 2 ignored due to race condition")."""
    import types

    from letterplay import cli

    said, exits = [], []
    fake = types.SimpleNamespace(write=lambda fd, data: said.append(data), _exit=exits.append)
    monkeypatch.setattr(cli, "os", fake)
    monkeypatch.setattr(cli, "_aborting", False)
    before = signal.getsignal(signal.SIGINT)
    cli._interrupted(signal.SIGINT, None)  # the first: its line, and the exit (here recorded)
    cli._interrupted(signal.SIGINT, None)  # one caught while the first is handled
    assert said == [b"aborted\n"] and exits == [130]
    assert signal.getsignal(signal.SIGINT) == before


def test_fetch_offline_prints_exactly_one_line(tmp_path):
    refuse = "http://127.0.0.1:9"
    env = _env(
        LETTERPLAY_HOME=str(tmp_path),
        http_proxy=refuse,
        https_proxy=refuse,
        HTTP_PROXY=refuse,
        HTTPS_PROXY=refuse,
    )
    done = subprocess.run(
        [sys.executable, "-m", "letterplay", "lexicon", "fetch", "sowpods"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("error: cannot download sowpods from https://")


def test_unwritable_home_adds_no_matplotlib_warnings(tmp_path):
    """HOME is a file, not a folder: a command that draws says nothing about matplotlib."""
    env = _env(HOME="/dev/null", LETTERPLAY_HOME=str(tmp_path / "data"))
    env.pop("MPLCONFIGDIR", None)
    target = tmp_path / "table.svg"
    code = (
        "import sys; from letterplay.cli import main; "
        "main(['anigrams', 'table', '--lexicon', 'common', '-o', sys.argv[1]])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(target)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and target.is_file()
