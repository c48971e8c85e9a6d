"""The JSON API: ``/api/<command path>`` answers exactly what ``letterplay <command> --json``
prints, the envelope of the same library call.

Every endpoint is built from the operation's description in :mod:`letterplay.commands`, as the
command line's command is. Query parameters are the operation's own, by the names the command
line gives them (``min-zipf``; ``min_zipf`` works too), positional ones by name (``letters``,
``sides``, ``words``, ``from``, ``to``); lists are comma separated, flags ``allow-s=true``.
Each is read with the same :meth:`~letterplay.commands.Param.parse` and checked once by the
library, and an error is said with the query's names. Only catalog lexicon names are accepted,
never file paths; operations marked local (files, installs, the server itself) have no endpoint,
and parameters that set an amount of work are bounded tighter than on the command line. A heavy
operation is given the request's ``progress`` callback, through which the app stops it
(:class:`letterplay.progress.Cancellation`).

Examples
--------
>>> sorted(ENDPOINTS)[:3]
['anigrams/chain', 'anigrams/check', 'anigrams/count']
>>> web_words(ENDPOINTS["bee/best"])["allow_s=True"]
'allow-s=true'
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from typing import Any

from letterplay import lexicon as lx
from letterplay.commands import Command
from letterplay.commands.registry import every_command
from letterplay.errors import (
    Cancelled,
    InputError,
    LetterplayError,
    LexiconError,
    named,
    said,
    shown,
)
from letterplay.progress import ProgressCallback
from letterplay.results import envelope

__all__ = ["ENDPOINTS", "MAX_SECONDS", "answer", "catalog_lexicon", "web_values", "web_words"]

MAX_SECONDS = 30.0
"""The longest a request may compute; a search with a time limit is told to stop before."""

SEARCH_MARGIN = 5.0
"""Seconds a time-limited search leaves before :data:`MAX_SECONDS`, to finish its answer."""

ENDPOINTS: dict[str, Command] = {
    "/".join(path): command for path, command in every_command() if not command.local
}
"""Every operation offered on the web, by its path under ``/api/``."""


# ----------------------------------------------------------------------------- lexicons

_load_lock = threading.Lock()
_warm: set[tuple[str, str]] = set()
_first_calls: dict[tuple[str, str], threading.Lock] = {}


def catalog_names() -> list[str]:
    """The installed lexicons of the catalog, by name."""
    return [e.name for e in lx.catalog() if e.path is not None]


def catalog_lexicon(name: str | None) -> lx.Lexicon:
    """The catalog lexicon ``name`` (the default one for None), loaded once per process.

    Only names are accepted: a file path is refused, so the web never reads a file it names.
    """
    with _load_lock:
        if name is None:
            return lx.load(None)
        if not lx.NAME.fullmatch(name) or name not in catalog_names():
            known = ", ".join(catalog_names())
            raise LexiconError(
                f"`lexicon` must be one of {known} (a catalog name), got {shown(name)}",
                parameter="lexicon",
            )
        return lx.load(name)


# ----------------------------------------------------------------------------- parameters


def web_words(command: Command) -> dict[str, str]:
    """How the web names each parameter of ``command`` (for :func:`said`)."""
    words = {"lexicon": "lexicon"}
    for p in command.web_params():
        words[p.name] = p.key
        words[f"{p.name}=True"] = f"{p.key}=true"
    return words


def web_values(
    command: Command, query: Sequence[tuple[str, str]], seconds: float = MAX_SECONDS
) -> dict[str, Any]:
    """The library's keyword arguments from a query's ``(key, value)`` pairs (without
    ``lexicon``): read as the command line reads its options, within the web's bounds; a
    search with a time limit is told to stop before the request's ``seconds`` are up."""
    params = {p.key: p for p in command.web_params()}
    given: dict[str, list[str]] = {}
    for key, value in query:
        name = key.replace("_", "-")
        if name not in params:
            known = ", ".join(sorted(params)) or "none"
            raise InputError(f"unknown parameter {shown(key)} (known: {known})")
        given.setdefault(name, []).append(value)
    values: dict[str, Any] = {}
    for key, p in params.items():
        if key not in given:
            continue
        value = p.parse(given[key])
        if p.web_high is not None and value is not None and value > p.web_high:
            raise InputError(
                f"{named(p.name)} must be at most {p.web_high:g} in the web app, got {value}",
                parameter=p.name,
            )
        if p.kind == "flag" and not value:
            continue  # a flag set to false is the default: not passed, as on the command line
        values[p.name] = value
    command.require(values)
    if command.param("time_limit") is not None:  # a search stops before the request does
        limit = max(seconds - SEARCH_MARGIN, seconds / 2)
        values["time_limit"] = min(values.get("time_limit", math.inf), limit)
    return values


def answer(
    path: str,
    query: Sequence[tuple[str, str]],
    default_lexicon: str | None = None,
    *,
    progress: ProgressCallback | None = None,
    seconds: float = MAX_SECONDS,
) -> dict[str, Any]:
    """The JSON object of ``/api/<path>?<query>``: ``envelope(result)``, on the query's
    ``lexicon``, else ``default_lexicon``, else the command line's default. ``progress`` goes
    to an operation that reports progress (a :class:`~letterplay.progress.Cancellation` stops
    it); ``seconds`` is the request's time limit.

    Raises :class:`InputError` (or another LetterplayError) for bad input; the app turns it
    into HTTP 400, and :class:`~letterplay.errors.Cancelled` into 503. Runs in a worker thread:
    it may search for seconds.
    """
    command = ENDPOINTS[path]
    try:
        lexicon_names = [v for k, v in query if k == "lexicon"]
        if len(lexicon_names) > 1:
            raise InputError("give `lexicon` once", parameter="lexicon")
        if lexicon_names and not command.lexicon:
            raise InputError(f"/api/{path} takes no lexicon", parameter="lexicon")
        values = web_values(command, [(k, v) for k, v in query if k != "lexicon"], seconds)
        if command.progress and progress is not None:
            values["progress"] = progress
        if command.lexicon:
            # an operation with a list of its own (a daily puzzle) uses it over the server's
            name = lexicon_names[0] if lexicon_names else command.default_lexicon or default_lexicon
            values["lexicon"] = catalog_lexicon(name)
        return envelope(_run(path, command, values))
    except LetterplayError as e:
        e.args = (said(e, web_words(command)),)  # the same error, in the query's names
        raise


def _run(path: str, command: Command, values: dict[str, Any]) -> Any:
    """The operation's result; its first call per lexicon builds the indexes."""
    lexicon = values.get("lexicon")
    key = (path, lexicon.sha256 if lexicon is not None else "")
    if key in _warm:
        return command.call(**values)
    # The first call of an endpoint on a lexicon builds its indexes: once, not once per
    # thread; the lock is the endpoint's own, so other requests go on meanwhile.
    with _load_lock:
        first = _first_calls.setdefault(key, threading.Lock())
    with first:
        try:
            result = command.call(**values)
        except Cancelled:
            # stopped at its time limit: later requests must not queue on this lock one after
            # another (an index still missing may then be built twice: harmless, entries are
            # written atomically)
            _warm.add(key)
            raise
        _warm.add(key)
    return result
