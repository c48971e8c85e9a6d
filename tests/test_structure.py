"""The layout keeps its promises: small faces, short files, one calling convention, no import
circle, the web apart from the command line, no formatter exemptions, examples that run."""

from __future__ import annotations

import ast
import doctest
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import letterplay

SRC = Path(letterplay.__file__).resolve().parent
PUZZLES = ("anigrams", "letterboxed", "multiplets", "spellingbee", "steiner")
MAX_FACE = 15
MAX_LINES = 600


def source_files() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The letterplay modules a file imports, at any depth of its code (but the top package's
    own puzzles, which it imports lazily when they are first used)."""
    known = {module_name(p) for p in source_files()}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if path == SRC / "__init__.py" else ast.walk(tree)
    found = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:  # ``from letterplay import cache`` imports the module
                child = f"{node.module}.{alias.name}"
                found.add(child if child in known else node.module)
    return {name for name in found if name in known}


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_each_puzzle_is_a_package_with_a_small_face(puzzle):
    module = importlib.import_module(f"letterplay.{puzzle}")
    assert Path(module.__file__).name == "__init__.py"
    assert 0 < len(module.__all__) <= MAX_FACE, module.__all__
    for name in module.__all__:
        assert getattr(module, name).__doc__, name


def test_no_source_file_is_longer_than_600_lines():
    long = {
        str(p.relative_to(SRC)): n
        for p in source_files()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_no_formatter_exemptions():
    assert [p.name for p in source_files() if "fmt: skip" in p.read_text(encoding="utf-8")] == []


def test_no_call_passes_five_or_more_positional_arguments():
    crowded = []
    for path in source_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                positional = [a for a in node.args if not isinstance(a, ast.Starred)]
                if len(positional) >= 5:
                    crowded.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert crowded == []


def test_no_import_circle():
    def ancestors(name: str) -> set[str]:
        parts = name.split(".")
        return {".".join(parts[:i]) for i in range(2, len(parts))}

    graph = {}
    for path in source_files():
        name = module_name(path)
        targets = imports_of(path) - {name}
        # importing a package's module runs the package first, unless we are inside it
        graph[name] = targets | {a for t in targets for a in ancestors(t)} - ancestors(name) - {
            name
        }
    circles = []
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                circles.append(" -> ".join([*path[path.index(nxt) :], nxt]))
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert circles == []


def test_the_web_imports_neither_click_nor_the_command_line():
    for path in (SRC / "web").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import click" not in text and "letterplay.cli" not in text, path.name


def test_nothing_is_imported_by_name_outside_the_command_lines_table():
    users = [
        p.relative_to(SRC).as_posix()
        for p in source_files()
        if "import_module(" in p.read_text(encoding="utf-8")
    ]
    assert users == ["cli/__init__.py"]


def _public_functions():
    for puzzle in PUZZLES:
        module = importlib.import_module(f"letterplay.{puzzle}")
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isfunction(value):
                yield f"{puzzle}.{name}", value


@pytest.mark.parametrize("name, function", list(_public_functions()))
def test_one_calling_convention(name, function):
    parameters = inspect.signature(function).parameters.values()
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    assert len(positional) <= 2, name
    lexicon = inspect.signature(function).parameters.get("lexicon")
    if lexicon is not None:
        assert lexicon.kind == lexicon.KEYWORD_ONLY and lexicon.default is None, name
    doc = function.__doc__ or ""
    for section in ("Parameters", "Returns", "Examples"):
        assert section in doc, f"{name}: no {section}"


def test_the_library_has_at_least_160_examples():
    finder = doctest.DocTestFinder()
    examples = 0
    for info in pkgutil.walk_packages(letterplay.__path__, "letterplay."):
        if info.name.startswith("letterplay.web") or info.name.endswith("__main__"):
            continue  # optional dependencies; running the command line
        module = importlib.import_module(info.name)
        examples += sum(1 for test in finder.find(module) if test.examples)
    assert examples >= 160
