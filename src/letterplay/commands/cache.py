"""The cache's operations: ``cache info`` and ``cache clear``.

The cache holds indexes letterplay rebuilds at will (letter indexes, word graphs, Zipf
frequencies), keyed by the identity of the word list they were computed from, and is capped in
size (``$LETTERPLAY_CACHE_MAX_BYTES``, 1 GiB by default; least recently used entries go first).

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
            "The cache folder, its entries, their size and the cap on it.",
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
