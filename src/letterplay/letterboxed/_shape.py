"""Boards shaped like the NY Times': proposed like theirs, kept in proportion to how like theirs.

A board cannot be chosen from a list of every candidate as a honeycomb is (there are too many),
so it is drawn by *rejection sampling*: a proposal deals 4 sides of 3 letters with the NY Times'
number of vowels and consonant frequencies (:func:`propose`); a fair one (solvable in 2 words of
Zipf >= :data:`FAIR_ZIPF`) is measured (:func:`board_statistics`: the size of its dictionary,
the Zipf of the words of its top-ranked solution, its letters) and kept with probability
``min(1, exp(log-weight - cap))``. The log-weight is an exponential tilt of the proposal towards
the real boards, fitted by ``scripts/build_shape.py`` on the 2024 boards: piecewise-linear
curves of the statistics plus a weight per letter, so kept boards follow the real ones. Its
*par* (the NY Times' target number of words) is then drawn from the real boards' par given
the size of the dictionary (:func:`draw_par`: a multinomial logit on its logarithm; par falls
as the dictionary grows: medians of 1,570, 1,070 and 760 words for par 4, 5 and 6 in 2024).

Examples
--------
>>> model = board_model()
>>> sorted(model["curves"])
['dictionary', 'vowels', 'zipf_high', 'zipf_low']
>>> draw_par(np.random.default_rng(1), 800, model) in (4, 5, 6)
True
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from letterplay.letterboxed._board import Board
from letterplay.letterboxed._solve import SolveResult
from letterplay.letterboxed.rules import VOWELS
from letterplay.letters import letter_mask
from letterplay.lexicon import Lexicon
from letterplay.spellingbee._shape import shape_model

__all__ = [
    "FAIR_ZIPF",
    "board_model",
    "board_statistics",
    "draw_par",
    "keep_probability",
    "propose",
]

FAIR_ZIPF = 1.5
"""A shaped board is fair when 2 words of at least this Zipf frequency solve it."""

SHAPE = (4, 3)
"""The NY Times' board: 4 sides of 3 letters."""


def board_model() -> dict:
    """The Letter Boxed part of the bundled shape model (``data/nyt-shape.json``).

    Examples
    --------
    >>> sorted(board_model()["par"]["values"])
    [4, 5, 6]
    """
    return shape_model()["letterboxed"]


def propose(rng: np.random.Generator, model: dict, deal: Callable[..., Board]) -> Board:
    """A 4×3 board with the NY Times' number of vowels and consonant frequencies, dealt by
    ``deal`` (:func:`letterplay.letterboxed._generate.random_board`).

    Examples
    --------
    >>> from letterplay.letterboxed._generate import random_board
    >>> board = propose(np.random.default_rng(3), board_model(), random_board)
    >>> len(board.sides), {len(side) for side in board.sides}
    (4, {3})
    """
    counts, p = model["vowels_drawn"]["counts"], model["vowels_drawn"]["p"]
    vowels = int(rng.choice(counts, p=np.asarray(p) / np.sum(p)))
    return deal(rng, SHAPE, vowels, model["consonants"])


def board_statistics(board: Board, lexicon: Lexicon, solved: SolveResult) -> dict[str, float]:
    """A board's statistics: ``dictionary`` (its playable words), ``zipf_low`` and
    ``zipf_high`` (the Zipf of the rarer and the commoner word of its top-ranked solution),
    ``vowels`` and ``letters`` (its letter mask).

    Examples
    --------
    >>> from letterplay.letterboxed import solve
    >>> from letterplay.lexicon import as_lexicon
    >>> nyt = as_lexicon("nyt-letterboxed")
    >>> solved = solve("TAP ERD NIL YCO", lexicon=nyt)
    >>> stats = board_statistics(solved.board, nyt, solved)
    >>> stats["vowels"], stats["dictionary"] == solved.playable_words
    (4.0, True)
    """
    words = solved.solutions[0].words if solved.solutions else ()
    zipfs = sorted(lexicon.zipf(w) for w in words) or [0.0]
    return {
        "dictionary": float(solved.playable_words),
        "zipf_low": float(zipfs[0]),
        "zipf_high": float(zipfs[-1]),
        "vowels": float(sum(ch in VOWELS for ch in board.letters)),
        "letters": float(letter_mask(board.letters)),
    }


def log_weight(stats: dict[str, float], model: dict) -> float:
    """A board's log-weight under ``model`` (the ``"letterboxed"`` part of the shape file)."""
    total = sum(
        float(np.interp(stats[name], curve["knots"], curve["values"]))
        for name, curve in model["curves"].items()
    )
    mask = int(stats["letters"])
    total += sum(v for i, v in enumerate(model["letters"]) if mask >> i & 1)
    for name, (low, high) in model["support"].items():
        if not low <= stats[name] <= high:
            return -np.inf
    return total


def keep_probability(stats: dict[str, float], model: dict) -> float:
    """The chance a proposed fair board is kept: ``min(1, exp(log-weight - cap))``.

    Examples
    --------
    >>> model = board_model()
    >>> low = {"dictionary": 900.0, "zipf_low": 3.0, "zipf_high": 4.0, "vowels": 4.0}
    >>> 0.0 <= keep_probability({**low, "letters": 0.0}, model) <= 1.0
    True
    """
    return float(min(1.0, np.exp(log_weight(stats, model) - model["cap"])))


def draw_par(rng: np.random.Generator, dictionary: float, model: dict) -> int:
    """A par for a board with ``dictionary`` playable words, drawn from the real boards' par
    given the logarithm of the dictionary's size.

    Examples
    --------
    >>> model = board_model()
    >>> draw_par(np.random.default_rng(1), 1500, model) in model["par"]["values"]
    True
    """
    par = model["par"]
    x = np.log(max(dictionary, 1.0))
    logits = np.asarray(par["intercepts"]) + np.asarray(par["slopes"]) * x
    p = np.exp(logits - logits.max())
    return int(rng.choice(par["values"], p=p / p.sum()))
