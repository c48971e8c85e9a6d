"""Every operation letterplay offers on words, files and the cache, from the modules that
describe them: what the command line and the web API are both built from.

Kept apart from :mod:`letterplay.commands` (the vocabulary of descriptions) so that the modules
describing each puzzle's operations can use that vocabulary without an import running back up.
``serve`` (:mod:`letterplay.web.command`) is not listed here: it runs the web app, which is
built from this list, so the command line alone names it.
"""

from __future__ import annotations

from collections.abc import Iterator

from letterplay.commands import (
    Command,
    Group,
    anigrams,
    cache,
    letterboxed,
    lexicon,
    multiplets,
    spellingbee,
    steiner,
)

__all__ = ["MODULES", "every_command"]

MODULES = (lexicon, anigrams, spellingbee, letterboxed, multiplets, steiner, cache)
"""The modules describing operations, in the order the help lists them."""


def every_command() -> Iterator[tuple[tuple[str, ...], Command]]:
    """Every operation with its path (``("bee", "solve")``, ``("multiplet",)``).

    Examples
    --------
    >>> paths = [" ".join(path) for path, _ in every_command()]
    >>> "bee solve" in paths, "multiplet" in paths
    (True, True)
    """
    for module in MODULES:
        for item in module.COMMANDS:
            if isinstance(item, Group):
                for command in item.commands:
                    yield (item.name, command.name), command
            else:
                yield (item.name,), item
