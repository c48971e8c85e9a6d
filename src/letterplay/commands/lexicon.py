"""The word lists' operations: ``lexicon list``, ``info``, ``add``, ``fetch``, ``export``.

Examples
--------
>>> [(c.name, c.local) for c in LEXICON.commands]
[('list', False), ('info', True), ('add', True), ('fetch', True), ('export', True)]
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from letterplay import lexicon as lx
from letterplay.commands import Command, Group, Output, Param
from letterplay.results import Record

__all__ = ["COMMANDS", "LEXICON"]

NAME = Param("name", "text", "The lexicon's name.", positional=True, required=True)
FORCE = Param("force", "flag", "Replace an installed lexicon of that name.")
SPEC = Param(
    "spec",
    "text",
    "A catalog name or a word list file (default: enable1).",
    metavar="NAME|PATH",
    positional=True,
)


def _list() -> Record:
    """Every lexicon of the catalog."""
    return Record({"lexicons": [e.to_dict() for e in lx.catalog()], "default": lx.DEFAULT})


def _info(spec: str | None = None) -> Record:
    """A lexicon's identity, its skipped entries and its words by length."""
    import numpy as np

    lexicon = lx.load(spec)
    by_length = np.bincount(lexicon.index.lengths)
    bundled = lx.BUNDLED.get(lexicon.name)
    return Record(
        {
            **lexicon.info(),
            "skipped": lexicon.skipped,
            "source": lexicon.source,
            "by_length": {str(n): int(c) for n, c in enumerate(by_length) if c},
            "probabilities": lexicon.probabilities is not None,
            "pinned": bundled.sha256 if bundled else None,
        },
        lexicon=lexicon,
    )


def _add(name: str, file: str, *, force: bool = False) -> Record:
    lexicon, path = lx.install(name, file, force=force)
    return Record(
        {**lexicon.info(), "skipped": lexicon.skipped, "path": str(path)}, lexicon=lexicon
    )


def _fetch(name: str, *, force: bool = False) -> Record:
    lexicon, path = lx.fetch(name, force=force)
    verified = lx.DOWNLOADS[name].sha256 is not None  # fetch refuses a list that does not match
    return Record({**lexicon.info(), "path": str(path), "verified": verified}, lexicon=lexicon)


def _export(spec: str) -> Record:
    lexicon = lx.load(spec)
    return Record(lexicon.info(), lexicon=lexicon)


def _words(result: Any, suffix: str) -> str:
    return result.lexicon.to_text()


LEXICON = Group(
    "lexicon",
    "Word lists: list, info, add, fetch, export.",
    (
        Command(
            "list",
            "The lexicons letterplay knows: bundled, installed and downloadable.",
            _list,
            lexicon=False,
        ),
        Command(
            "info",
            "Name, word count, identity (sha256) and skipped entries of a lexicon.",
            _info,
            (SPEC,),
            lexicon=False,
            local=True,
        ),
        Command(
            "add",
            "Install FILE as lexicon NAME in the user data folder.",
            _add,
            (
                NAME,
                Param("file", "text", "The word list file.", positional=True, required=True),
                FORCE,
            ),
            lexicon=False,
            local=True,
        ),
        Command(
            "fetch",
            "Download a known lexicon (see `lexicon list`), verify it and install it.",
            _fetch,
            (NAME, FORCE),
            lexicon=False,
            local=True,
        ),
        Command(
            "export",
            "Write a lexicon as a plain word list, one word a line (stdout or --output FILE).",
            _export,
            (replace(SPEC, required=True),),
            lexicon=False,
            local=True,
            output=Output((".txt", ".lst", ""), _words, "Write the list to FILE", with_json=True),
        ),
    ),
)

COMMANDS = (LEXICON,)
