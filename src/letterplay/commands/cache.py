"""The cache's operations: ``cache info`` and ``cache clear``.

The cache holds indexes letterplay rebuilds at will (letter indexes, word graphs, Zipf
frequencies), keyed by the identity of the word list they were computed from.

Examples
--------
>>> [c.name for c in CACHE.commands]
['info', 'clear']
"""

from __future__ import annotations

from letterplay import cache
from letterplay.commands import Command, Group

__all__ = ["CACHE", "COMMANDS"]

CACHE = Group(
    "cache",
    "The cache of indexes: where it is, how big, and emptying it.",
    (
        Command(
            "info",
            "The cache folder, its entries and their size.",
            cache.info,
            lexicon=False,
            local=True,
        ),
        Command(
            "clear",
            "Remove every entry of the cache (they are rebuilt when needed).",
            cache.clear,
            lexicon=False,
            local=True,
        ),
    ),
)

COMMANDS = (CACHE,)
