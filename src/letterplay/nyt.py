"""The NY Times word lists: acceptance probabilities and the learned Letter Boxed ranking.

- ``nyt-bee`` and ``nyt-letterboxed`` are bundled lexicons that reproduce the judgements of the
  NY Times Spelling Bee and Letter Boxed (``scripts/build_nyt.py`` builds them from the real
  puzzles and public word sources). Each line of ``nyt-bee`` carries the word's *acceptance
  probability*: 1 for words the game has accepted, the classifier's estimate for words it never
  judged. A listed word below :func:`unsure_below` is *unsure*.
- The *learned ranking* orders Letter Boxed solutions the way the NY Times chooses its own:
  a linear score over :data:`SOLUTION_FEATURES` whose weights were fitted on real boards (a
  conditional logit: the NY Times' solution against the board's other ones) and ship in
  ``data/nyt-models.json``. The features need only the list, its Zipf frequencies and the
  bundled ``nyt-bee`` list, so scoring a board's solutions is a few array operations.

Examples:
    >>> import numpy as np
    >>> flags = np.zeros((1, 2, len(WORD_FLAGS)), dtype=bool)
    >>> flags[0, 1] = True  # the second word ends in s, in ed (!) and is off the Bee list
    >>> solution_features(np.array([[5.0, 2.5]]), np.array([[6, 8]]), flags).tolist()
    [[2.5, 3.0, 14.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]]

References:
    https://www.nytimes.com/puzzles/spelling-bee
    https://www.nytimes.com/puzzles/letter-boxed
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from letterplay.errors import LexiconError

if TYPE_CHECKING:
    from letterplay.letterboxed import Playable
    from letterplay.lexicon import Lexicon

__all__ = [
    "SOLUTION_FEATURES",
    "WORD_FLAGS",
    "board_solution_features",
    "bundled_file",
    "lexicon_from_lines",
    "load_bundled",
    "models",
    "off_bee",
    "playable_flags",
    "probabilities",
    "ranking_weights",
    "row_features",
    "solution_features",
    "unsure_below",
    "unsure_words",
]

NAMES = ("nyt-bee", "nyt-letterboxed")
SOLUTION_FEATURES = (
    "rarest_zipf_to_3", "commonest_zipf_to_3", "letters", "all_end_in_s", "any_ends_in_s",
    "first_off_bee", "last_off_bee", "first_ends_in_ed", "last_ends_in_ed",
)  # fmt: skip
WORD_FLAGS = ("ends_in_s", "ends_in_ed", "off_bee")
ZIPF_CAP = 3.0  # past a Zipf of 3 a word is common enough: the NY Times does not prefer commoner
DATA = Path(__file__).resolve().parent / "data"


def bundled_file(name: str) -> Path:
    """The package data file of a bundled NY Times list (``nyt-bee`` or ``nyt-letterboxed``).

    Examples
    --------
    >>> bundled_file("nyt-bee").name
    'nyt-bee.txt.gz'
    """
    if name not in NAMES:
        raise LexiconError(f"name must be one of {', '.join(NAMES)}, got {name!r}")
    from letterplay.lexicon import BUNDLED

    return BUNDLED[name].path


def load_bundled(name: str) -> Lexicon:
    """The bundled list ``name`` as a :class:`~letterplay.lexicon.Lexicon` (as
    ``lexicon.load(name)`` gives it)."""
    from letterplay.lexicon import load

    bundled_file(name)  # checks the name
    return load(name)


def lexicon_from_lines(words: list[str], name: str) -> Lexicon:
    """A lexicon of already normalised ``words`` (used by the build to rank solutions)."""
    from letterplay.lexicon import Lexicon

    return Lexicon.from_words(words, name=name)


@cache
def models() -> dict[str, dict]:
    """What the build recorded for each list: file, words, sha256, threshold, ranking."""
    return json.loads((DATA / "nyt-models.json").read_text(encoding="utf-8"))


def _built_as(lexicon: Lexicon) -> str | None:
    """The NY Times list ``lexicon`` is (matched by identity, whatever its name)."""
    for name, info in models().items():
        if info.get("sha256") == lexicon.sha256:
            return name
    return None


def probabilities(lexicon: Lexicon) -> np.ndarray | None:
    """Acceptance probability of each word of ``lexicon`` (aligned with its words), or None
    when it is not a list that carries them."""
    return lexicon.probabilities


def unsure_below(lexicon: Lexicon) -> float:
    """The probability under which a listed word is unsure (1.0 for unknown lists)."""
    name = _built_as(lexicon)
    return float(models()[name]["unsure_below"]) if name else 1.0


def unsure_words(lexicon: Lexicon, words: list[str]) -> list[str]:
    """Those of ``words`` whose acceptance the list is unsure of (none without probabilities)."""
    p = probabilities(lexicon)
    if p is None:
        return []
    cut = unsure_below(lexicon)
    return [w for w in words if (i := lexicon.word_id(w)) >= 0 and p[i] < cut]


def ranking_weights(lexicon: Lexicon) -> np.ndarray | None:
    """The learned ranking's weights when ``lexicon`` is the NY Times Letter Boxed list."""
    name = _built_as(lexicon)
    ranking = models()[name].get("ranking") if name else None
    if not ranking or tuple(ranking["features"]) != SOLUTION_FEATURES:
        return None
    return np.asarray(ranking["weights"], dtype=np.float64)


def off_bee(lexicon: Lexicon, bee: Lexicon | None = None) -> np.ndarray:
    """Boolean per word of ``lexicon``: a word the Spelling Bee could hold (4+ letters, at most 7
    different) that the ``nyt-bee`` list (or ``bee``) leaves out: the NY Times' editors judged,
    or would judge, it too obscure for their Bee, and they seldom pick it for Letter Boxed.

    Cached on disk by the identity of both lists, so a warm command only maps the array.
    """
    from letterplay import cache
    from letterplay.letters import popcount

    bee = load_bundled("nyt-bee") if bee is None else bee

    def build() -> dict[str, np.ndarray]:
        index = lexicon.index
        off = (index.lengths >= 4) & (popcount(index.masks) <= 7)
        rows = np.flatnonzero(off)
        off[rows[np.isin(lexicon.array[rows], bee.array)]] = False
        return {"off_bee": off}

    if not cache.worth_caching(lexicon):
        return build()["off_bee"]
    return cache.cached("nyt-off-bee", f"{lexicon.sha256}:{bee.sha256}", build)["off_bee"]


def playable_flags(playable: Playable, bee: Lexicon | None = None) -> np.ndarray:
    """The :data:`WORD_FLAGS` of each playable word: a (words, 3) boolean array."""
    codes = playable.lexicon.index.codes[playable.ids]
    at = np.arange(len(codes))
    last = codes[at, playable.lengths - 1]  # every playable word has 3+ letters
    before_last = codes[at, playable.lengths - 2]
    ends_s = last == ord("s") - 97
    ends_ed = (before_last == ord("e") - 97) & (last == ord("d") - 97)
    return np.column_stack([ends_s, ends_ed, off_bee(playable.lexicon, bee)[playable.ids]])


def solution_features(zipfs: np.ndarray, lengths: np.ndarray, flags: np.ndarray) -> np.ndarray:
    """One row of :data:`SOLUTION_FEATURES` per solution, from the Zipf frequencies and lengths
    of its words (arrays of shape solutions × words) and their :data:`WORD_FLAGS` (solutions ×
    words × flags). "First" and "last" are the solution's first and last words."""
    zipfs = np.minimum(np.asarray(zipfs, np.float64), ZIPF_CAP)
    lengths = np.asarray(lengths, np.float64)
    ends_s, ends_ed, off = (np.asarray(flags[:, :, j], np.float64) for j in range(3))
    return np.column_stack([
        zipfs.min(axis=1), zipfs.max(axis=1), lengths.sum(axis=1),
        ends_s.min(axis=1), ends_s.max(axis=1), off[:, 0], off[:, -1],
        ends_ed[:, 0], ends_ed[:, -1],
    ])  # fmt: skip


def row_features(playable: Playable, rows: np.ndarray, bee: Lexicon | None = None) -> np.ndarray:
    """:func:`solution_features` of each solution (rows of word indices into ``playable``)."""
    flags = playable_flags(playable, bee)
    return solution_features(playable.zipfs[rows], playable.lengths[rows], flags[rows])


def row_scores(playable: Playable, rows: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The learned score of each solution (rows of word indices into ``playable``)."""
    return row_features(playable, rows) @ weights


def board_solution_features(
    lexicon: Lexicon, sides: list[str], solution: list[str], bee: Lexicon | None = None
):
    """Features of every two-word solution of a board and the row of ``solution`` among them
    (None when the list cannot make it)."""
    from letterplay import letterboxed as lb

    playable = lb.playable_words(lb.parse_board(sides), lexicon)
    rows = lb.solution_rows(playable, lb.Completions(playable), 2)
    features = row_features(playable, rows, bee)
    ids = [lexicon.word_id(w.lower()) for w in solution]
    where = np.flatnonzero(
        (playable.ids[rows[:, 0]] == ids[0]) & (playable.ids[rows[:, 1]] == ids[1])
    )
    return features, (int(where[0]) if len(where) else None)
