"""The manual's examples print what the manual shows.

Each command of a ``console`` block in README.md or a page of ``docs/`` that :data:`CHECKED`
names is run, and its output must equal the lines the page shows after it, apart from timings
(``5.48 s``); a line ``...`` on the page elides the rest. The commands chosen are the offline
ones whose output is fixed (seeded generators, checks, solves, counts) and that write no file.
The pages' Python examples (``>>>``) run as doctests (``--doctest-glob``), and every
``letterplay`` command a page shows must at least be a command that exists.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
CHECKED = (  # command prefixes (after "letterplay ") whose README output is compared
    "anigrams longest",
    "anigrams count",
    "anigrams play --seed",
    "anigrams check",
    "lexicon info",
    "bee report",
    "anigrams chain",
    "bee solve",
    "bee best --top",
    "bee generate --seed",
    "multiplet minus",
    "ladder",
    "letterboxed solve",
    "letterboxed generate --seed",
    "letterboxed check",
    "anigrams daily --date",
    "bee daily --date 2026-11-25",
    "letterboxed daily --date",
)
TIMING = re.compile(r"\b\d+(\.\d+)? (s|ms)\b")


def console_examples(text: str) -> list[tuple[str, list[str]]]:
    """(command after ``$ letterplay``, the output lines shown) for every example command.

    >>> console_examples("```console\\n$ letterplay bee solve X\\nout\\n$ ls\\n```\\n")
    [('bee solve X', ['out'])]
    """
    examples: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        current: list[str] | None = None
        for line in block.splitlines():
            if line.startswith("$ "):
                current = None
                if line.startswith("$ letterplay "):
                    current = []
                    examples.append((line.removeprefix("$ letterplay "), current))
            elif current is not None:
                current.append(line)
    return examples


def normalised(lines: list[str]) -> list[str]:
    return [TIMING.sub("<time>", line.rstrip()) for line in lines]


SHOWN = [
    (page.name, command, shown)
    for page in PAGES
    for command, shown in console_examples(page.read_text(encoding="utf-8"))
]
EXAMPLES = [
    (command, shown)
    for _, command, shown in SHOWN
    if command.startswith(CHECKED) and not set("|>") & set(command)  # no shell pipes
]


def test_the_manual_shows_each_checked_kind_of_command():
    kinds = {prefix for prefix in CHECKED for command, _ in EXAMPLES if command.startswith(prefix)}
    assert kinds == set(CHECKED)


@pytest.mark.parametrize("command, shown", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_example_prints_what_the_manual_shows(cli, monkeypatch, command, shown):
    monkeypatch.setenv("COLUMNS", "100")
    result = cli(*shlex.split(command))
    assert result.exit_code == 0, result.stderr
    printed = normalised(result.stdout.splitlines())
    expected = normalised(shown)
    if "..." in expected:
        expected = expected[: expected.index("...")]
        printed = printed[: len(expected)]
    assert printed == expected


@pytest.mark.parametrize(
    "page, command", [(p, c) for p, c, _ in SHOWN], ids=[c for _, c, _ in SHOWN]
)
def test_every_command_shown_exists(cli, page, command):
    """``--help`` after the command's words (up to its first argument) is its help, exit 0."""
    words = []
    for word in shlex.split(command):
        if word.startswith("-") or not word.isalpha() or word.upper() == word:
            break
        words.append(word)
    result = cli(*words[:2], "--help")
    assert result.exit_code == 0, f"{page}: {command}: {result.stderr}"
