"""The JSON API: ``/api/<command path>`` answers exactly what ``letterplay <command> --json``
prints, ``envelope(result, lexicon)`` of the same library call.

Query parameters are the command's own: options by their long name (``min-zipf`` or
``min_zipf``), positional arguments by name (``letters``, ``sides``, ``words``, ``from``, ``to``;
lists comma separated), flags as ``allow-s=true``. They are read with the command's click
definitions, so types, ranges and the one-line error messages are the command line's. Only
catalog lexicon names are accepted (never file paths), and options that write files are not
offered.

Each endpoint runs one small function below; where a command composes its JSON from several
library calls, the function mirrors it so that the result stays identical to the command's.

Examples
--------
>>> sorted(ENDPOINTS)[:3]
['anigrams/chain', 'anigrams/check', 'anigrams/count']
>>> query_arguments(command("ladder"), [("from", "cold"), ("to", "warm"), ("all", "1")], set())
['--all', '--', 'cold', 'warm']

References
----------
- Starlette: https://www.starlette.io/
- click's parsing: https://click.palletsprojects.com/en/stable/api/#click.Command.make_context
"""

from __future__ import annotations

import functools
import importlib
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import click

from letterplay import lexicon as lx
from letterplay.errors import InputError, LetterplayError, LexiconError
from letterplay.results import envelope

__all__ = [
    "ENDPOINTS",
    "MAX_SECONDS",
    "Endpoint",
    "OnLexicon",
    "answer",
    "catalog_lexicon",
    "command",
    "query_arguments",
]

MAX_SECONDS = 30.0
"""The longest a request may compute; the multiplet search is told to stop just before."""

TRUE = {"", "1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off"}
NEVER = {"lexicon", "json", "help", "force"}  # handled apart, or meaningless on the web


@dataclass(frozen=True)
class OnLexicon:
    """A result computed on another lexicon than the one asked for (``--min-zipf`` of the
    anigrams commands makes a sub-lexicon): the envelope names that one, as the CLI does."""

    result: Any
    lexicon: lx.Lexicon


@dataclass(frozen=True)
class Endpoint:
    """One API path: the click command whose options it takes (``module:attribute``), the
    function that computes its result, options not offered on the web (files) and upper
    bounds on options that set an amount of work."""

    command: str
    run: Callable[..., Any]
    hidden: frozenset[str] = frozenset()
    caps: dict[str, int] = field(default_factory=dict)
    lexicon: bool = True
    options: str | None = None
    """``module:function`` saying a library message in the command's option names."""


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
            raise LexiconError(f"lexicon must be one of {known} (a catalog name), got {name!r}")
        return lx.load(name)


# ----------------------------------------------------------------------------- parameters


def command(path: str) -> click.Command:
    """The click command behind an endpoint path (imported on first use)."""
    module_name, attribute = ENDPOINTS[path].command.split(":")
    return getattr(importlib.import_module(module_name), attribute)


def query_name(param: click.Parameter) -> str:
    """A parameter's name in a query: an option's long name, an argument's metavar or name."""
    if isinstance(param, click.Argument):
        return (param.metavar or param.name or "").strip("[]").split("|")[0].lower()
    longs = [o for o in param.opts if o.startswith("--")]
    return (longs[0] if longs else param.opts[0]).lstrip("-")


def query_arguments(
    cmd: click.Command, query: Iterable[tuple[str, str]], hidden: set[str] | frozenset[str]
) -> list[str]:
    """The command-line arguments that say what the query ``(key, value)`` pairs say."""
    params = {query_name(p): p for p in cmd.params if query_name(p) not in NEVER | set(hidden)}
    given: dict[str, list[str]] = {}
    for key, value in query:
        name = key.replace("_", "-")
        if name not in params:
            known = ", ".join(sorted(params)) or "none"
            raise InputError(f"unknown parameter {key!r} (known: {known})")
        given.setdefault(name, []).append(value)
    options: list[str] = []
    positional: list[str] = []
    for name, values in given.items():
        param = params[name]
        if isinstance(param, click.Argument):
            positional += _argument_values(name, param, values)
        else:
            options += _option_values(name, param, values)
    return options + (["--", *positional] if positional else [])


def _argument_values(name: str, param: click.Argument, values: list[str]) -> list[str]:
    if param.nargs == 1:
        if len(values) > 1:
            raise InputError(f"give {name} once, got {len(values)} values")
        return values
    return [item.strip() for value in values for item in value.split(",") if item.strip()]


def _option_values(name: str, param: click.Parameter, values: list[str]) -> list[str]:
    if len(values) > 1 and not getattr(param, "multiple", False):
        raise InputError(f"give {name} once, got {len(values)} values")
    if getattr(param, "is_flag", False):
        value = values[0].strip().lower()
        if value not in TRUE | FALSE:
            raise InputError(f"{name} is a yes/no flag (true or false), got {values[0]!r}")
        return [f"--{name}"] if value in TRUE else []
    return [f"--{name}={value}" for value in values]


def parse(path: str, query: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """The command's parameters for a query, checked by click exactly as on the command line."""
    endpoint = ENDPOINTS[path]
    cmd = command(path)
    argv = query_arguments(cmd, query, endpoint.hidden)
    try:
        with cmd.make_context(f"letterplay {path.replace('/', ' ')}", argv) as ctx:
            params = dict(ctx.params)
    except click.ClickException as e:
        raise InputError(e.format_message()) from None
    for name, cap in endpoint.caps.items():
        value = params.get(name.replace("-", "_"))
        if value is not None and value > cap:
            raise InputError(f"{name} must be at most {cap} in the web app, got {value}")
    for name in ("lexicon_spec", "as_json"):
        params.pop(name, None)
    return params


def answer(
    path: str, query: Sequence[tuple[str, str]], default_lexicon: str | None = None
) -> dict[str, Any]:
    """The JSON object of ``/api/<path>?<query>``: ``envelope(result, lexicon)``, on the
    query's ``lexicon``, else ``default_lexicon``, else the command line's default.

    Raises :class:`InputError` (or another LetterplayError) for bad input; the app turns it
    into HTTP 400. Runs in a worker thread: it may search for seconds.
    """
    if path not in ENDPOINTS:
        raise KeyError(path)
    endpoint = ENDPOINTS[path]
    lexicon_names = [v for k, v in query if k == "lexicon"]
    if len(lexicon_names) > 1:
        raise InputError("give lexicon once")
    rest = [(k, v) for k, v in query if k != "lexicon"]
    if lexicon_names and not endpoint.lexicon:
        raise InputError(f"/api/{path} takes no lexicon")
    params = parse(path, rest)
    if not endpoint.lexicon:
        return envelope(endpoint.run(**params), None)
    lexicon = catalog_lexicon(lexicon_names[0] if lexicon_names else default_lexicon)
    try:
        return _run(path, endpoint, lexicon, params)
    except LetterplayError as e:
        if endpoint.options is not None:  # said in the command's option names, as it says it
            module_name, attribute = endpoint.options.split(":")
            e.args = (getattr(importlib.import_module(module_name), attribute)(str(e)),)
        raise


def _run(path: str, endpoint: Endpoint, lexicon: lx.Lexicon, params: dict[str, Any]) -> Any:
    """The endpoint's result in its envelope; the first call per lexicon builds the indexes."""
    key = (path, lexicon.sha256)
    if key in _warm:
        result = endpoint.run(lexicon, **params)
    else:
        # The first call of an endpoint on a lexicon builds its indexes: once, not once per
        # thread; the lock is the endpoint's own, so other requests go on meanwhile.
        with _load_lock:
            first = _first_calls.setdefault(key, threading.Lock())
        with first:
            result = endpoint.run(lexicon, **params)
            _warm.add(key)
    if isinstance(result, OnLexicon):
        return envelope(result.result, result.lexicon)
    return envelope(result, lexicon)


# ----------------------------------------------------------------------------- Spelling Bee


def bee_solve(
    lexicon: lx.Lexicon,
    letters: str,
    center: str | None,
    found: tuple[str, ...],
    min_zipf: float | None,
    **_,
) -> Any:
    """``bee solve``: the solution; with ``found`` words, the player's progress instead."""
    from letterplay import spellingbee as sb

    hive = sb.honeycomb(letters, center)
    if not found:
        return sb.solve(lexicon, hive, min_zipf)
    found_words = [w for chunk in found for w in chunk.replace(",", " ").split()]
    return sb.standing(lexicon, hive, found_words, min_zipf)


def bee_best(
    lexicon: lx.Lexicon,
    allow_s: bool,
    exclude: str | None,
    require: str | None,
    top: int,
    min_zipf: float | None,
    **_,
) -> Any:
    """``bee best``: the best honeycombs of all (exhaustive)."""
    from letterplay import spellingbee as sb

    return sb.best(lexicon, top, allow_s, exclude, require, min_zipf)


def bee_report(
    lexicon: lx.Lexicon, letters: str | None, center: str | None, allow_s: bool, **_
) -> Any:
    """``bee report``: words grouped by letter subset (best honeycomb without letters)."""
    from letterplay import spellingbee as sb

    if letters is None and center is not None:
        raise InputError("--center needs LETTERS")
    hive = sb.honeycomb(letters, center) if letters else None
    return sb.build_report(lexicon, hive, allow_s)


def bee_stats(lexicon: lx.Lexicon, allow_s: bool, **_) -> Any:
    """``bee stats`` (without the plot)."""
    from letterplay import spellingbee as sb

    return sb.stats(lexicon, allow_s)


def bee_generate(
    lexicon: lx.Lexicon,
    seed: int | None,
    count: int,
    score_range: str | None,
    words_range: str | None,
    pangrams: int,
    min_zipf: float | None,
    allow_s: bool,
    exclude: str | None,
    require: str | None,
    allow_offensive: bool,
    **_,
) -> Any:
    """``bee generate``: publishable honeycombs meeting the constraints."""
    from letterplay import spellingbee as sb
    from letterplay.cli.spellingbee import parse_range

    score = parse_range(score_range, "--score")
    words = parse_range(words_range, "--words")
    return sb.generate(
        lexicon, count, seed, score, words, pangrams, min_zipf, allow_s, exclude, require, None,
        allow_offensive=allow_offensive,
    )  # fmt: skip


# ----------------------------------------------------------------------------- Letter Boxed


def letterboxed_solve(
    lexicon: lx.Lexicon,
    sides: tuple[str, ...],
    max_words: int | None,
    min_zipf: float | None,
    limit: int,
    distinct: bool,
    ragged: bool,
    **_,
) -> Any:
    """``letterboxed solve``: the fewest words (proven), their count and the best solutions."""
    from letterplay import letterboxed as lb

    board = lb.parse_board(sides, ragged)
    return lb.solve(board, lexicon, max_words, min_zipf, limit, distinct, None)


def letterboxed_generate(
    lexicon: lx.Lexicon,
    sides: int,
    per_side: int,
    vowels: int | None,
    seed: int | None,
    max_solution_words: int,
    min_zipf: float | None,
    tries: int,
    limit: int,
    allow_offensive: bool,
    **_,
) -> Any:
    """``letterboxed generate``: a fair board, checked by the exact solver."""
    from letterplay import letterboxed as lb

    return lb.generate(
        lexicon, sides, per_side, vowels, seed, max_solution_words, min_zipf, tries, limit, None,
        allow_offensive=allow_offensive,
    )  # fmt: skip


def letterboxed_words(
    lexicon: lx.Lexicon, sides: tuple[str, ...], ragged: bool, min_zipf: float | None, **_
) -> dict[str, Any]:
    """The playable words of a board (web only: what the page accepts as words)."""
    from letterplay import letterboxed as lb

    board = lb.parse_board(sides, ragged)
    playable = lb.playable_words(board, lexicon, min_zipf)
    words = sorted(playable.word(i) for i in range(len(playable)))
    return {**board.to_dict(), "words": words, "count": len(words)}


# ----------------------------------------------------------------------------- Anigrams


def _anigram_lexicon(lexicon: lx.Lexicon, min_zipf: float | None, one_letter: bool) -> lx.Lexicon:
    """The lexicon the anigrams commands use: ``--min-zipf`` and ``--one-letter`` applied."""
    from letterplay import anigrams as ag

    if min_zipf is not None:
        lexicon = ag.common_words(lexicon, min_zipf)
    if one_letter:
        lexicon = ag.with_one_letter_words(lexicon)
    return lexicon


def anigrams_count(
    lexicon: lx.Lexicon,
    start: int,
    end: int,
    origin: str | None,
    target: str | None,
    min_zipf: float | None,
    one_letter: bool,
    **_,
) -> Any:
    """``anigrams count``: how many games run from START to END letters."""
    from letterplay import anigrams as ag

    lexicon = _anigram_lexicon(lexicon, min_zipf, one_letter)
    return OnLexicon(ag.count_games(lexicon, start, end, origin, target), lexicon)


def anigrams_longest(
    lexicon: lx.Lexicon, start: int, min_zipf: float | None, one_letter: bool, **_
) -> Any:
    """``anigrams longest`` (without ``--all``): a longest chain, its terminals and count."""
    from letterplay import anigrams as ag

    lexicon = _anigram_lexicon(lexicon, min_zipf, one_letter)
    return OnLexicon(ag.longest_chains(lexicon, start), lexicon)


def anigrams_table(
    lexicon: lx.Lexicon, start: int, min_zipf: float | None, one_letter: bool, **_
) -> Any:
    """``anigrams table`` (without the plot): games by terminus length."""
    from letterplay import anigrams as ag

    lexicon = _anigram_lexicon(lexicon, min_zipf, one_letter)
    return OnLexicon(ag.game_table(lexicon, start), lexicon)


def anigrams_chain(
    lexicon: lx.Lexicon, word: str, min_zipf: float | None, one_letter: bool, **_
) -> Any:
    """``anigrams chain``: the longest chain from a word's letters."""
    from letterplay import anigrams as ag

    lexicon = _anigram_lexicon(lexicon, min_zipf, one_letter)
    return OnLexicon(ag.chain_from(lexicon, word), lexicon)


def anigrams_play(
    lexicon: lx.Lexicon,
    seed: int | None,
    start: int,
    end: int,
    answers: bool,
    allow_offensive: bool,
    min_zipf: float | None,
    one_letter: bool,
    **_,
) -> Any:
    """``anigrams play``: a random game (with ``answers``, the words of every step)."""
    from dataclasses import replace

    from letterplay import anigrams as ag

    lexicon = _anigram_lexicon(lexicon, min_zipf, one_letter)
    game = ag.play(lexicon, seed, start, end, allow_offensive)
    return OnLexicon(replace(game, answers=True) if answers else game, lexicon)


def anigrams_check(
    lexicon: lx.Lexicon, words: tuple[str, ...], min_zipf: float | None, one_letter: bool, **_
) -> Any:
    """``anigrams check``: which step of a player's chain breaks, and why."""
    from letterplay import anigrams as ag

    lexicon = _anigram_lexicon(lexicon, min_zipf, one_letter)
    return OnLexicon(ag.check_chain(lexicon, words), lexicon)


# ----------------------------------------------------------------------------- Multiplets


@functools.lru_cache(maxsize=4)
def _graph(lexicon: lx.Lexicon, rules: str, min_length: int, exclude: str) -> Any:
    """The word graph a multiplet or ladder searches, kept in memory per process."""
    from letterplay import multiplets as mp
    from letterplay.cli.multiplets import parse_exclude

    return mp.word_graph(lexicon, mp.parse_rules(rules), min_length, parse_exclude(exclude))


def multiplet(
    lexicon: lx.Lexicon,
    words: tuple[str, ...],
    rules: str,
    min_length: int,
    exclude: str,
    time_limit: float | None,
    alternatives: int,
    fewest_only: bool,
    **_,
) -> Any:
    """``multiplet``: the fewest link words connecting the words, proven (within the web's
    time limit: a search cut short says so, with its lower bound)."""
    from letterplay import multiplets as mp
    from letterplay.cli.multiplets import parse_targets

    targets = parse_targets(words)
    graph = _graph(lexicon, rules, min_length, exclude)
    limit = MAX_SECONDS - 5 if time_limit is None else min(time_limit, MAX_SECONDS - 5)
    return mp.multiplet(
        graph,
        targets,
        time_limit=limit,
        alternatives=alternatives,
        prefer_common=not fewest_only,
    )


def ladder(
    lexicon: lx.Lexicon,
    start: str,
    end: str,
    rules: str,
    min_length: int,
    exclude: str,
    list_all: bool,
    **_,
) -> Any:
    """``ladder``: a shortest word ladder, the number of them (and with ``all``, every one)."""
    from letterplay import multiplets as mp

    return mp.ladder(_graph(lexicon, rules, min_length, exclude), start, end, list_all=list_all)


# ----------------------------------------------------------------------------- lexicons


def lexicon_list(**_) -> dict[str, Any]:
    """``lexicon list``: the lexicons letterplay knows and where each is installed."""
    return {"lexicons": [e.to_dict() for e in lx.catalog()], "default": lx.DEFAULT}


# ----------------------------------------------------------------------------- the table

_BEE = "letterplay.cli.spellingbee"
_LB = "letterplay.cli.letterboxed"
_AG = "letterplay.cli.anigrams"
_MP = "letterplay.cli.multiplets"
_FILES = frozenset({"output", "plot", "draw"})
_LB_OPTIONS = f"{_LB}:option_names"
_AG_OPTIONS = f"{_AG}:option_names"

ENDPOINTS: dict[str, Endpoint] = {
    "bee/solve": Endpoint(f"{_BEE}:solve", bee_solve),
    "bee/best": Endpoint(f"{_BEE}:best", bee_best, caps={"top": 1000}),
    "bee/report": Endpoint(f"{_BEE}:report", bee_report),
    "bee/stats": Endpoint(f"{_BEE}:stats", bee_stats, _FILES),
    "bee/generate": Endpoint(f"{_BEE}:generate", bee_generate, caps={"count": 20}),
    "letterboxed/solve": Endpoint(
        f"{_LB}:solve", letterboxed_solve, caps={"limit": 1000, "max-words": 4}, options=_LB_OPTIONS
    ),
    "letterboxed/generate": Endpoint(
        f"{_LB}:generate",
        letterboxed_generate,
        caps={"tries": 5000, "limit": 1000},
        options=_LB_OPTIONS,
    ),
    "letterboxed/words": Endpoint(
        f"{_LB}:solve",
        letterboxed_words,
        frozenset({"max-words", "limit", "distinct"}),
        options=_LB_OPTIONS,
    ),
    "anigrams/count": Endpoint(f"{_AG}:count", anigrams_count, options=_AG_OPTIONS),
    "anigrams/longest": Endpoint(
        f"{_AG}:longest", anigrams_longest, _FILES | {"all"}, options=_AG_OPTIONS
    ),
    "anigrams/table": Endpoint(f"{_AG}:table", anigrams_table, _FILES, options=_AG_OPTIONS),
    "anigrams/chain": Endpoint(f"{_AG}:chain", anigrams_chain, options=_AG_OPTIONS),
    "anigrams/play": Endpoint(f"{_AG}:play", anigrams_play, options=_AG_OPTIONS),
    "anigrams/check": Endpoint(f"{_AG}:check", anigrams_check, options=_AG_OPTIONS),
    "multiplet": Endpoint(f"{_MP}:multiplet", multiplet, _FILES, caps={"alternatives": 10}),
    "ladder": Endpoint(f"{_MP}:ladder", ladder),
    "lexicon/list": Endpoint("letterplay.cli.lexicon:list_", lexicon_list, lexicon=False),
}
