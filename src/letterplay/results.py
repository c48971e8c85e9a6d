"""Results: what every puzzle function returns, and its JSON.

Every puzzle function returns a :class:`Result`: a frozen dataclass that keeps the lexicon it
was computed on and whose ``to_dict()`` is its JSON contract. The command line's ``--json`` and
the web API both print :func:`to_json` of :func:`envelope`, the result's dict with the lexicon's
name, word count and identity added, so the two can never drift apart. JSON is strict: a NaN or
an infinity is an error, never the non-standard ``NaN`` token.

Examples
--------
>>> from dataclasses import dataclass
>>> from letterplay.lexicon import Lexicon
>>> @dataclass(frozen=True)
... class Score(Result):
...     score: int
...     def to_dict(self):
...         return {"score": self.score}
>>> lex = Lexicon.from_words(["bee", "hive"], name="tiny")
>>> to_json(envelope(Score(3, lexicon=lex)))[:40]
'{"score": 3, "lexicon": {"name": "tiny",'
>>> to_json({"x": float("nan")})
Traceback (most recent call last):
...
letterplay.errors.InputError: result is not valid JSON: Out of range float values ...

References
----------
- The JSON standard (no NaN or Infinity): https://www.rfc-editor.org/rfc/rfc8259
- ``json.dumps(allow_nan=False)``: https://docs.python.org/3/library/json.html#json.dumps
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from letterplay.errors import InputError

if TYPE_CHECKING:
    from letterplay.lexicon import Lexicon

__all__ = ["DailyResult", "Record", "Result", "envelope", "json_default", "to_json"]


@dataclass(frozen=True, kw_only=True)
class Result:
    """The base of every result: ``lexicon`` is the word list it was computed on (None for a
    result that uses none, such as a Steiner tree); subclasses give ``to_dict()``."""

    lexicon: Lexicon | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract of the result (without the lexicon, which :func:`envelope` adds)."""
        raise NotImplementedError


@dataclass(frozen=True)
class Record(Result):
    """A result that is only what it says: ``data`` as its JSON (for small operations, such as
    describing a word list, whose result needs no type of its own).

    Examples
    --------
    >>> Record({"words": 2}).to_dict()
    {'words': 2}
    """

    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return dict(self.data)


@dataclass(frozen=True)
class DailyResult(Result):
    """Daily puzzles of one game (:mod:`letterplay.daily`): for each of ``dates`` its
    ``seed`` and its puzzle (the game's own result, answers included), and, for a game whose
    year's puzzles are drawn together, its ``number`` in its year's draw.

    Its JSON lists the puzzles, each its date, its result's keys, its seed (and number); the
    lexicon is the first puzzle's, as :func:`envelope` adds it.

    Examples
    --------
    >>> day = DailyResult("bee", (datetime.date(2026, 11, 25),), (7,), (Record({"score": 3}),))
    >>> day.to_dict()
    {'game': 'bee', 'puzzles': [{'date': '2026-11-25', 'score': 3, 'seed': 7}]}
    >>> day.puzzle.to_dict()
    {'score': 3}
    """

    game: str
    dates: tuple[datetime.date, ...]
    seeds: tuple[int, ...]
    puzzles: tuple[Result, ...]
    numbers: tuple[int, ...] | None = None

    @property
    def puzzle(self) -> Result:
        """The first date's puzzle."""
        return self.puzzles[0]

    def to_dict(self) -> dict[str, Any]:
        puzzles = [
            {"date": day.isoformat(), **puzzle.to_dict(), "seed": seed}
            for day, seed, puzzle in zip(self.dates, self.seeds, self.puzzles, strict=True)
        ]
        for entry, number in zip(puzzles, self.numbers or (), strict=False):
            entry["number"] = number
        return {"game": self.game, "puzzles": puzzles}


def json_default(value: Any) -> Any:
    """Make numpy scalars and arrays, sets, paths and result dataclasses JSON-serialisable."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, set | frozenset):
        return sorted(value)
    if isinstance(value, Path):
        return str(value)
    if hasattr(value, "tolist"):  # numpy scalars and arrays, without importing numpy here
        return value.tolist()
    raise TypeError(f"cannot serialise {type(value).__name__}")


def envelope(data: Any) -> dict[str, Any]:
    """The JSON object of a result: ``data`` (a dict or a :class:`Result`) plus, for a result,
    the ``"lexicon"`` it was computed on (name, word count, sha256)."""
    payload = dict(data.to_dict() if hasattr(data, "to_dict") else data)
    lexicon = getattr(data, "lexicon", None)
    if lexicon is not None:
        payload["lexicon"] = lexicon.info()
    return payload


def to_json(payload: Any) -> str:
    """Strict JSON text of ``payload`` (NaN and infinities are refused with an InputError)."""
    try:
        return json.dumps(payload, default=json_default, allow_nan=False)
    except ValueError as e:
        raise InputError(f"result is not valid JSON: {e}") from None
