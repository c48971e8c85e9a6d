"""The operations of Multiplets and word ladders: ``multiplet`` and ``ladder``, standalone.

Examples
--------
>>> [c.name for c in COMMANDS]
['multiplet', 'ladder']
>>> [p.key for p in LADDER.params]
['from', 'to', 'rules', 'min-length', 'exclude', 'all']
"""

from __future__ import annotations

from letterplay import multiplets
from letterplay.commands import PICTURE, Command, Output, Param
from letterplay.multiplets.rules import MAX_ALTERNATIVES, MAX_MIN_LENGTH, MIN_LENGTH, RULES

__all__ = ["COMMANDS", "LADDER", "MULTIPLET"]

RULES_PARAM = Param(
    "rules",
    "text",
    "Which steps join words: change (a letter), addremove (a letter), anagram; comma "
    f"separated (default: all, {','.join(RULES)}).",
    metavar="R,...",
)
MIN_LENGTH_PARAM = Param(
    "min_length",
    "whole",
    f"Shortest word allowed (1 to {MAX_MIN_LENGTH}).",
    default=MIN_LENGTH,
    low=1,
    high=MAX_MIN_LENGTH,
)
EXCLUDE = Param(
    "exclude",
    "words",
    "Words the network or ladder may not use (comma separated).",
    metavar="W,...",
)


def _drawing(result: multiplets.SolveResult, suffix: str) -> str | bytes:
    """The picture of the network, titled with its words and size."""
    from letterplay.draw.network import caption, draw_network

    return draw_network(result.network, suffix.lstrip("."), title=caption(result))


MULTIPLET = Command(
    "multiplet",
    "Connect WORDS with the fewest link words (proven), most common words preferred.\n\n"
    "Neighbouring words of the network differ by one changed letter, one added or removed "
    "letter, or are anagrams (see --rules).",
    multiplets.solve,
    (
        Param(
            "words",
            "words",
            "The target words (separate with spaces or commas).",
            positional=True,
            required=True,
            many=True,
        ),
        RULES_PARAM,
        MIN_LENGTH_PARAM,
        EXCLUDE,
        Param(
            "time_limit",
            "number",
            "Stop after S seconds (0.001 to 1e9) with the best network found and the bound "
            "reached.",
            low=0.001,
            high=1e9,
            metavar="S",
        ),
        Param(
            "alternatives",
            "whole",
            f"Also list up to K (0 to {MAX_ALTERNATIVES}) other networks of minimum size.",
            default=0,
            low=0,
            high=MAX_ALTERNATIVES,
            metavar="K",
            web_high=10,
        ),
        Param(
            "fewest_only",
            "flag",
            "Any network with the fewest link words: skip the search for the most common one.",
        ),
    ),
    progress=True,
    heavy=True,
    output=Output(PICTURE, _drawing, "Draw the network to FILE"),
)

LADDER = Command(
    "ladder",
    "A shortest word ladder from FROM to TO, and how many shortest ladders there are.\n\n"
    "The ladder shown is the most common one: its rarest word is as common as possible.",
    multiplets.ladder,
    (
        Param("start", "text", "The first word.", word="from", positional=True, required=True),
        Param("end", "text", "The last word.", word="to", positional=True, required=True),
        RULES_PARAM,
        MIN_LENGTH_PARAM,
        EXCLUDE,
        Param("list_all", "flag", "List every shortest ladder.", word="all"),
    ),
    progress=True,
    heavy=True,
)

COMMANDS = (MULTIPLET, LADDER)
