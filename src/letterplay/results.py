"""Results as JSON: one encoder and one envelope for the command line and the web.

Every puzzle returns a dataclass whose ``to_dict()`` is the JSON contract of SPEC.md. The
command line's ``--json`` and the web API both print :func:`to_json` of :func:`envelope`, so the
two can never drift apart. JSON is strict: a NaN or an infinity is an error, never the
non-standard ``NaN`` token.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> lex = Lexicon.from_words(["bee", "hive"], name="tiny")
>>> to_json(envelope({"score": 3}, lex))[:40]
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

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from letterplay.errors import InputError

if TYPE_CHECKING:
    from letterplay.lexicon import Lexicon

__all__ = ["envelope", "json_default", "to_json"]


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


def envelope(data: Any, lexicon: Lexicon | None) -> dict[str, Any]:
    """The JSON object of a result: ``data`` (a dict or a result with ``to_dict()``) plus the
    ``"lexicon"`` it came from (name, word count, sha256)."""
    payload = dict(data.to_dict() if hasattr(data, "to_dict") else data)
    if lexicon is not None:
        payload["lexicon"] = lexicon.info()
    return payload


def to_json(payload: Any) -> str:
    """Strict JSON text of ``payload`` (NaN and infinities are refused with an InputError)."""
    try:
        return json.dumps(payload, default=json_default, allow_nan=False)
    except ValueError as e:
        raise InputError(f"result is not valid JSON: {e}") from None
