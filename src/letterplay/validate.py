"""Checking a library function's arguments, with errors that name the parameter.

Public functions call these first, so a bad call fails with one clear :class:`InputError`
("`max_words` must be a whole number from 1 to 12, not 0") instead of a numpy traceback or a silent
misreading. The command line and the web say the parameter's name in their own words
(:func:`letterplay.errors.said`).

Examples
--------
>>> whole("limit", 5, low=0, high=100)
5
>>> whole("limit", -1, low=0)
Traceback (most recent call last):
...
letterplay.errors.InputError: `limit` must be a whole number of at least 0, not -1
>>> number("min_zipf", float("nan"), low=0, high=8)
Traceback (most recent call last):
...
letterplay.errors.InputError: `min_zipf` must be a finite number from 0 to 8, not nan
>>> words("words", "ride")
Traceback (most recent call last):
...
letterplay.errors.InputError: `words` must be a sequence of words, not the string 'ride'
>>> seed("seed", -1)
-1
>>> seed("seed", 2**63)
Traceback (most recent call last):
...
letterplay.errors.InputError: `seed` must be a whole number of magnitude below 2**63, or None, ...
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable

from letterplay.errors import InputError, named, shown

__all__ = ["SEED_BITS", "flag", "number", "random_generator", "seed", "text", "whole", "words"]

SEED_BITS = 63  # seeds are any integer of magnitude below 2**63, negative ones included


def _bound(value: float) -> str:
    """A bound as people write it: ``2,000,000``, ``0.001``, ``1e+18`` (whole numbers with
    commas up to 10**15).

    >>> _bound(2_000_000), _bound(1e9), _bound(0.001), _bound(8.0), _bound(10**18)
    ('2,000,000', '1,000,000,000', '0.001', '8', '1e+18')
    """
    if float(value).is_integer() and abs(value) <= 10**15:
        return f"{int(value):,}"
    return f"{value:g}"


def _range(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {_bound(low)} to {_bound(high)}"
    if low is not None:
        return f" of at least {_bound(low)}"
    if high is not None:
        return f" of at most {_bound(high)}"
    return ""


def whole(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an int within [low, high]; bools, floats and strings are refused."""
    ok = isinstance(value, numbers.Integral) and not isinstance(value, bool)
    if ok and (low is None or value >= low) and (high is None or value <= high):
        return int(value)
    raise InputError(
        f"{named(name)} must be a whole number{_range(low, high)}, not {shown(value)}",
        parameter=name,
    )


def number(name: str, value: object, low: float | None = None, high: float | None = None) -> float:
    """``value`` as a finite float within [low, high] (NaN and infinities are refused)."""
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool)
    if (
        ok
        and math.isfinite(value)
        and (low is None or value >= low)
        and (high is None or value <= high)
    ):
        return float(value)
    raise InputError(
        f"{named(name)} must be a finite number{_range(low, high)}, not {shown(value)}",
        parameter=name,
    )


def seed(name: str, value: object) -> int | None:
    """A random seed: None (fresh randomness) or any int of magnitude below 2**63."""
    if value is None:
        return None
    ok = isinstance(value, numbers.Integral) and not isinstance(value, bool)
    if ok and abs(int(value)) < 2**SEED_BITS:
        return int(value)
    raise InputError(
        f"{named(name)} must be a whole number of magnitude below 2**{SEED_BITS}, or None, "
        f"not {shown(value)}",
        parameter=name,
    )


def random_generator(name: str, value: object):
    """A numpy random Generator for a seed checked by :func:`seed`; negative seeds are as good as
    positive ones (they are folded into numpy's unsigned range, so -1 and 2**64 - 1 agree)."""
    import numpy as np  # only the generators need it

    checked = seed(name, value)
    return np.random.default_rng(None if checked is None else checked % 2**64)


def flag(name: str, value: object) -> bool:
    """``value`` as a bool: only True or False (numpy's too); 0, 1 and strings are refused."""
    if type(value).__name__ not in ("bool", "bool_"):
        raise InputError(f"{named(name)} must be True or False, not {shown(value)}", parameter=name)
    return bool(value)


def one_of(name: str, value: object, allowed: Iterable[str], *, fold: bool = False) -> str:
    """``value`` when it is one of ``allowed``; with ``fold``, a string is compared (and
    returned) stripped and in lower case. Else an error naming the parameter and the choices.

    Examples
    --------
    >>> one_of("like", " NYT ", ("nyt",), fold=True)
    'nyt'
    >>> one_of("fmt", "gif", ("svg", "png"))
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `fmt` must be one of svg, png, not 'gif'
    """
    allowed = tuple(allowed)
    key = value.strip().lower() if fold and isinstance(value, str) else value
    if not isinstance(key, str) or key not in allowed:
        raise InputError(
            f"{named(name)} must be one of {', '.join(allowed)}, not {shown(value)}",
            parameter=name,
        )
    return key


def text(name: str, value: object) -> str:
    """``value`` as a str (an error names the parameter and the type it got)."""
    if not isinstance(value, str):
        raise InputError(
            f"{named(name)} must be a string, not {type(value).__name__}", parameter=name
        )
    return value


def words(name: str, value: object) -> list[str]:
    """A sequence of words as a list of str: a lone string is an error, never its letters."""
    if isinstance(value, str):
        raise InputError(
            f"{named(name)} must be a sequence of words, not the string {shown(value)}",
            parameter=name,
        )
    if isinstance(value, bytes) or not isinstance(value, Iterable):
        raise InputError(
            f"{named(name)} must be a sequence of words, not {type(value).__name__}",
            parameter=name,
        )
    items = list(value)
    for item in items:
        if not isinstance(item, str):
            raise InputError(
                f"{named(name)} must hold strings, not {type(item).__name__}", parameter=name
            )
    return items
