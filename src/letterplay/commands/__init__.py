"""One description of every operation letterplay offers, behind the command line and the web.

An *operation* (:class:`Command`) is one thing a user can ask: its name (``solve``), the library
call that does it, and its *parameters* (:class:`Param`), each with its kind, bounds, default and
help. Operations come in *groups* (:class:`Group`: ``bee``, ``letterboxed`` …) or stand alone
(``multiplet``, ``ladder``). A module of this package describes each puzzle's operations, and
the two faces are built from those descriptions:

:func:`letterplay.commands.registry.every_command` lists them all.

- :mod:`letterplay.cli` makes a click command of each (``letterplay bee solve CEFINTV -c C``);
- :mod:`letterplay.web.api` an endpoint (``/api/bee/solve?letters=CEFINTV&center=C``).

Both read a parameter from text with the same :meth:`Param.parse`, and the library checks it
once; its error names the parameter, and each face says that name in its own words (``--min-zipf``
on the command line, ``min-zipf`` on the web; :func:`letterplay.errors.said`). An operation marked
``local`` (installing a list, serving, reading a file) has no web endpoint; an :class:`Output`
file (``-o/--output``) is written by the command line alone.

Examples
--------
>>> top = Param("top", "whole", "How many.", default=1, low=1, high=100)
>>> top.key, top.parse(["7"])
('top', 7)
>>> top.parse(["seven"])
Traceback (most recent call last):
...
letterplay.errors.InputError: `top` must be a whole number from 1 to 100, not 'seven'
>>> Param("words", "words", "Words.").parse(["cat,dog", "emu"])
['cat', 'dog', 'emu']
>>> Param("score", "range", "Score.").parse(["100-"])
(100, None)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from letterplay import validate
from letterplay.daily import MAX_DAYS
from letterplay.errors import InputError, named, shown
from letterplay.lexicon import MAX_ZIPF

__all__ = [
    "ALLOW_OFFENSIVE",
    "DATE",
    "DAYS",
    "KINDS",
    "LIKE",
    "MIN_ZIPF",
    "PICTURE",
    "SEED",
    "Command",
    "Group",
    "Output",
    "Param",
    "parse_range",
    "picture",
    "split_words",
]

KINDS = ("text", "whole", "number", "seed", "flag", "words", "range")
"""How a parameter's text becomes its value: as it is; a whole number; a finite number; a random
seed; yes or no; words (separated by commas or spaces, or given one by one); a range ``A-B``."""

TRUE = frozenset({"", "1", "true", "yes", "on"})
FALSE = frozenset({"0", "false", "no", "off"})


@dataclass(frozen=True)
class Param:
    """One parameter of an operation.

    ``name`` is the library's keyword; ``key`` (``word``, else the name with ``-`` for ``_``) is
    how both faces call it: the option ``--min-zipf`` and the query key ``min-zipf``, or, for a
    ``positional`` parameter, its query key. ``default`` is shown in the help (the library's own
    default: an option that is not given is not passed). ``low`` and ``high`` bound a number;
    ``web_high`` bounds it tighter on the web, where a request must stay cheap. ``many``: a
    positional parameter takes one or more values; an option may be repeated. ``local``: not
    offered on the web.
    """

    name: str
    kind: str
    help: str
    default: Any = None
    low: float | None = None
    high: float | None = None
    word: str | None = None
    metavar: str | None = None
    short: str | None = None
    positional: bool = False
    required: bool = False
    many: bool = False
    web_high: float | None = None
    local: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {self.kind!r}")

    @property
    def key(self) -> str:
        """The parameter's name on the command line and on the web."""
        return self.word or self.name.replace("_", "-")

    def parse(self, values: Sequence[str]) -> Any:
        """The value of the texts a face was given for this parameter (one text, unless it
        takes words or may be repeated). Raises :class:`InputError` naming the parameter."""
        if self.kind == "words":
            return [w for text in values for w in split_words(text)]
        if len(values) != 1:
            if self.many:
                return [self._one(text) for text in values]
            raise InputError(f"{named(self.name)} must be given once", parameter=self.name)
        return self._one(values[0])

    def _one(self, text: str) -> Any:
        if self.kind == "whole":
            return validate.whole(self.name, _integer(text), self.low, self.high)
        if self.kind == "number":
            return validate.number(self.name, _float(text), self.low, self.high)
        if self.kind == "seed":
            value = _integer(text)
            # said without the library's "or None": a seed typed or in an address is a number
            if isinstance(value, str) or abs(value) >= 2**validate.SEED_BITS:
                raise InputError(
                    f"{named(self.name)} must be a whole number of magnitude below "
                    f"2**{validate.SEED_BITS}, not {shown(value)}",
                    parameter=self.name,
                )
            return validate.seed(self.name, value)
        if self.kind == "flag":
            return _flag(self.name, text)
        if self.kind == "range":
            return parse_range(self.name, text)
        return text


def _integer(text: str) -> int | str:
    """``text`` as an int, or the text itself for the check to refuse in its own words."""
    try:
        return int(text.strip())
    except ValueError:
        return text


def _float(text: str) -> float | str:
    try:
        value = float(text.strip())
    except ValueError:
        return text
    return value if math.isfinite(value) else text


def _flag(name: str, text: str) -> bool:
    value = text.strip().lower()
    if value in TRUE | FALSE:
        return value in TRUE
    raise InputError(
        f"{named(name)} is a yes/no flag (true or false), not {shown(text)}", parameter=name
    )


def split_words(text: str) -> list[str]:
    """The words of a text, separated by commas or white space.

    Examples
    --------
    >>> split_words(" ride, dire  ired ")
    ['ride', 'dire', 'ired']
    """
    return text.replace(",", " ").split()


_RANGE = re.compile(r"\s*(\d*)\s*(-?)\s*(\d*)\s*")


def parse_range(name: str, text: str) -> tuple[int | None, int | None]:
    """``"A-B"``, ``"A-"``, ``"-B"`` or ``"N"`` as ``(low, high)``, None for an open end.

    Examples
    --------
    >>> parse_range("score", "100-250"), parse_range("score", "-60"), parse_range("score", "7")
    ((100, 250), (None, 60), (7, 7))
    >>> parse_range("words", "60-20")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `words` range '60-20' is empty (low above high)
    """
    m = _RANGE.fullmatch(text)
    if not m or not (m.group(1) or m.group(3)):
        raise InputError(
            f"{named(name)} must be a range like 100-200, 100- or -200, got {shown(text)}",
            parameter=name,
        )
    low = int(m.group(1)) if m.group(1) else None
    high = int(m.group(3)) if m.group(3) else (None if m.group(2) else low)
    if low is not None and high is not None and low > high:
        raise InputError(
            f"{named(name)} range {shown(text)} is empty (low above high)", parameter=name
        )
    return (low, high)


@dataclass(frozen=True)
class Output:
    """A file an operation can write (the command line's ``-o/--output``): ``content(result,
    suffix)`` makes its text or bytes for one of ``suffixes`` (``".svg"``, ``".png"``,
    ``".txt"``)."""

    suffixes: tuple[str, ...]
    content: Callable[[Any, str], str | bytes]
    help: str
    required: bool = False
    with_json: bool = False
    """Whether JSON output needs the file (the file holds what the text output would print)."""
    keyword: str | None = None
    """The call's keyword given the file's path when one is asked for, for an operation whose
    work depends on it (``anigrams longest --all`` lists more chains to a file than to the
    screen)."""


@dataclass(frozen=True)
class Command:
    """One operation: ``call(**values)`` computes its result from the values of ``params``, plus
    ``lexicon`` when it works on a word list and ``progress`` when it reports progress.

    The first line of ``help`` is its summary. ``local``: offered on the command line only.
    ``heavy``: a search whose work can take seconds at the web's bounds; the web admits a few
    such requests at a time and keeps its other threads for the cheap ones (a heavy operation
    takes ``progress``, through which the web stops it when its time runs out).
    ``prints``: the call prints its own output as it runs (``serve`` announces its address and
    runs until it is stopped); it is given ``as_json`` and ``announce`` and returns nothing.
    """

    name: str
    help: str
    call: Callable[..., Any]
    params: tuple[Param, ...] = ()
    lexicon: bool = True
    progress: bool = False
    local: bool = False
    output: Output | None = None
    prints: bool = False
    heavy: bool = False
    default_lexicon: str | None = None
    """The word list when none is named, on both faces, over the web server's default (a daily
    puzzle's: its game's own list, so that the puzzle is the same for everyone)."""

    @property
    def summary(self) -> str:
        """The first line of the help."""
        return self.help.strip().splitlines()[0]

    def param(self, key: str) -> Param | None:
        """The parameter called ``key`` on the faces (or named ``key`` in the library)."""
        return next((p for p in self.params if key in (p.key, p.name)), None)

    def require(self, values: Mapping[str, Any]) -> None:
        """Refuse ``values`` (the library's keyword arguments) that lack a required parameter:
        one check, one message, for both faces."""
        for p in self.params:
            if p.required and p.name not in values:
                raise InputError(f"{named(p.name)} is required", parameter=p.name)

    def web_params(self) -> tuple[Param, ...]:
        """The parameters offered on the web."""
        return tuple(p for p in self.params if not p.local)


@dataclass(frozen=True)
class Group:
    """Operations under one name (``letterplay bee …``, ``/api/bee/…``)."""

    name: str
    help: str
    commands: tuple[Command, ...]

    def command(self, name: str) -> Command | None:
        """The operation called ``name`` in this group."""
        return next((c for c in self.commands if c.name == name), None)


# ----------------------------------------------------------------------------- shared parameters
# Parameters several puzzles take, described once.

MIN_ZIPF = Param(
    "min_zipf",
    "number",
    f"Use only words at least this common: wordfreq Zipf frequency Z, 0 to {MAX_ZIPF:g} "
    "(3 = everyday words).",
    low=0,
    high=MAX_ZIPF,
    metavar="Z",
)
SEED = Param(
    "seed",
    "seed",
    "Random seed, any integer of magnitude below 2**63: the same seed gives the same puzzles.",
)
ALLOW_OFFENSIVE = Param(
    "allow_offensive",
    "flag",
    "Allow slurs and obscenities in the puzzle and its answers (left out by default).",
)
LIKE = Param(
    "like",
    "text",
    "Shape the puzzles like another's: nyt (the NY Times'; its word list by default).",
    metavar="nyt",
)
DATE = Param(
    "date",
    "text",
    "The date, YYYY-MM-DD (default: today, the local date).",
    metavar="YYYY-MM-DD",
)
DAYS = Param(
    "days",
    "whole",
    f"How many consecutive dates from --date on (1 to {MAX_DAYS}).",
    default=1,
    low=1,
    high=MAX_DAYS,
    metavar="N",
    web_high=31,
)
PICTURE = (".svg", ".png")
"""The picture files an operation can write."""


def picture(result: Any, suffix: str) -> str | bytes:
    """The picture of a result that draws itself (:class:`letterplay.draw.Picture`)."""
    return result.draw(suffix.lstrip("."))
