"""One description of the operations: the command line and the web API are both built from it,
with the same parameters, and a parameter's error reads the same on both, in each one's words."""

from __future__ import annotations

import inspect
import json

import pytest

from letterplay.cli import COMMANDS as CLI_TABLE
from letterplay.cli import main
from letterplay.commands import Command, Group, Param
from letterplay.commands.registry import every_command
from letterplay.web.command import SERVE

EVERY = [*every_command(), (("serve",), SERVE)]  # serve runs the web: the CLI alone has it
IDS = [" ".join(path) for path, _ in EVERY]


def click_command(path: tuple[str, ...]):
    import click

    ctx = click.Context(main)
    command = main.get_command(ctx, path[0])
    for name in path[1:]:
        command = command.get_command(ctx, name)
    return command


def test_the_command_lines_table_names_every_operation():
    assert set(CLI_TABLE) == {path[0] for path, _ in EVERY}


@pytest.mark.parametrize("path, command", EVERY, ids=IDS)
def test_every_operation_has_its_web_endpoint_with_the_same_parameters(path, command):
    pytest.importorskip("starlette")
    from letterplay.web import api

    endpoint = api.ENDPOINTS.get("/".join(path))
    if command.local:
        assert endpoint is None
        return
    assert endpoint is command
    assert [p.key for p in command.web_params()] == [p.key for p in command.params if not p.local]


@pytest.mark.parametrize("path, command", EVERY, ids=IDS)
def test_every_parameter_is_an_argument_or_option_of_the_command(path, command):
    built = click_command(path)
    options = {o for p in built.params for o in getattr(p, "opts", [])}
    arguments = {p.name for p in built.params if p.param_type_name == "argument"}
    for p in command.params:
        if p.positional:
            assert p.name in arguments, p.name
        else:
            assert f"--{p.key}" in options, p.key
    assert ("--lexicon" in options) == command.lexicon
    assert ("--output" in options) == (command.output is not None)
    assert not {"--plot", "--draw"} & options  # every file-writing option is -o/--output


@pytest.mark.parametrize("path, command", EVERY, ids=IDS)
def test_shown_defaults_are_the_librarys(path, command):
    """An option that is not given is not passed: the default the help shows must be the one
    the library applies."""
    signature = inspect.signature(command.call).parameters
    for p in command.params:
        if p.default is None or p.name not in signature:
            continue
        library = signature[p.name].default
        if library is not inspect.Parameter.empty:
            assert library == p.default, p.name


def test_a_parameter_is_read_the_same_way_on_both_faces(cli):
    pytest.importorskip("starlette")
    from letterplay.errors import InputError
    from letterplay.web import api

    on_cli = cli("bee", "best", "--top", "0")
    assert on_cli.exit_code == 2
    assert on_cli.stderr.strip() == "error: --top must be a whole number from 1 to 10,000, not 0"
    with pytest.raises(InputError) as web:
        api.answer("bee/best", [("top", "0")])
    assert str(web.value) == "top must be a whole number from 1 to 10,000, not 0"
    with pytest.raises(InputError) as web:
        api.answer("bee/best", [("top", "5000")])
    assert str(web.value) == "top must be at most 1000 in the web app, got 5000"


def test_flags_and_lists_are_said_in_each_faces_words(cli):
    pytest.importorskip("starlette")
    from letterplay.errors import InputError
    from letterplay.web import api

    on_cli = cli("bee", "best", "--require", "s")
    assert "without --allow-s" in on_cli.stderr
    with pytest.raises(InputError, match="without allow-s=true"):
        api.answer("bee/best", [("require", "s")])


def test_parameters_parse_text():
    assert Param("n", "whole", "").parse(["12"]) == 12
    assert Param("x", "number", "").parse([" 2.5 "]) == 2.5
    assert Param("f", "flag", "").parse(["yes"]) is True
    assert Param("f", "flag", "").parse(["off"]) is False
    assert Param("w", "words", "").parse(["a, b", "c"]) == ["a", "b", "c"]
    assert Param("r", "range", "").parse(["-60"]) == (None, 60)
    with pytest.raises(Exception, match="`x` must be a finite number"):
        Param("x", "number", "").parse(["nan"])
    with pytest.raises(Exception, match="`n` must be given once"):
        Param("n", "whole", "").parse(["1", "2"])
    with pytest.raises(ValueError):
        Param("n", "integer", "")


def test_bare_letterplay_and_a_bare_group_print_their_help(cli):
    for args in ((), ("bee",), ("lexicon",)):
        result = cli(*args)
        assert result.exit_code == 0 and result.stdout.startswith("Usage:"), args
        assert result.stderr == ""


def test_groups_and_commands_are_what_the_description_says():
    for _, command in EVERY:
        assert isinstance(command, Command) and command.summary
    groups = [item for _, item in EVERY if isinstance(item, Group)]
    assert groups == []  # every_command yields operations, never groups


def test_cache_info_and_clear(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("LETTERPLAY_CACHE", str(tmp_path / "cache"))
    assert json.loads(cli("cache", "info", "--json").stdout)["entries"] == 0
    import numpy as np

    from letterplay import cache

    for key in ("one", "two"):
        cache.store("demo", key, {"squares": np.arange(100) ** 2})
    (tmp_path / "cache" / "notes.txt").write_text("not ours")
    info = json.loads(cli("cache", "info", "--json").stdout)
    assert info["folder"] == str(tmp_path / "cache") and info["entries"] == 2 and info["bytes"] > 0
    cleared = json.loads(cli("cache", "clear", "--json").stdout)
    assert cleared["entries"] == info["entries"]
    assert json.loads(cli("cache", "info", "--json").stdout)["entries"] == 0
    assert (tmp_path / "cache" / "notes.txt").read_text() == "not ours"
