"""Games to play: one drawn uniformly at random among all games between two lengths.

Each step is drawn with a probability proportional to the number of games it leads to (counted
backwards from the end length, :func:`letterplay.anigrams._count.games_to`), so every game is
equally likely; the seed is numpy's generator's (any integer of magnitude below 2**63). A game
whose letters show an offensive word is drawn again (:func:`_draw`), which keeps the clean
games equally likely.

Examples
--------
>>> from letterplay.lexicon import Lexicon
>>> from letterplay.anigrams.rules import EXAMPLE_WORDS
>>> play(seed=1, start=4, end=8, lexicon=Lexicon.from_words(EXAMPLE_WORDS)).chain.terms[-1]
'ddeilrrs'
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from letterplay import validate
from letterplay.anigrams._chains import Chain, make_chain
from letterplay.anigrams._count import check_length, check_order, games_to, total
from letterplay.anigrams._dag import TermDAG, term_dag
from letterplay.anigrams._words import game_lexicon
from letterplay.anigrams.rules import RIDDLER_END, RIDDLER_START
from letterplay.errors import NoSolutionError
from letterplay.lexicon import Lexicon
from letterplay.progress import ProgressCallback, check_progress, report
from letterplay.results import Result

__all__ = ["PlayResult", "play"]

MAX_REDRAWS = 1000  # draws of a game, and of its scramble, that may show an offensive word


@dataclass(frozen=True)
class PlayResult(Result):
    """A game to play: the scrambled start letters, then one added letter per step.

    ``games`` is how many games it was drawn from (uniformly, among those whose letters show no
    offensive word unless offensive words are allowed), ``seed`` reproduces it; ``answers``
    says whether its JSON form reveals the words.

    Examples
    --------
    >>> game = PlayResult(7, "ierd", Chain(("deir",), ("ride",), (("dire", "ride"),)), 1)
    >>> game.to_dict()
    {'seed': 7, 'scrambled': 'IERD', 'added': [], 'steps': [{'letters': 'DEIR', 'added': None, \
'length': 4}], 'games': 1}
    >>> game.to_dict(answers=True)["chain"]
    ['ride']
    """

    seed: int
    scrambled: str
    chain: Chain
    games: int
    answers: bool = False

    def to_dict(self, answers: bool | None = None) -> dict[str, object]:
        """The JSON form; the words of each step and the chain only with ``answers`` (by
        default the game's own :attr:`answers`)."""
        answers = self.answers if answers is None else answers
        steps: list[dict[str, object]] = []
        added = [None, *self.chain.added()]
        for i, t in enumerate(self.chain.terms):
            step: dict[str, object] = {
                "letters": t.upper(),
                "added": added[i].upper() if added[i] else None,
                "length": len(t),
            }
            if answers:
                step["words"] = list(self.chain.words[i])
            steps.append(step)
        return {
            "seed": self.seed,
            "scrambled": self.scrambled.upper(),
            "added": [c.upper() for c in self.chain.added()],
            "steps": steps,
            "games": self.games,
            **({"chain": list(self.chain.shown)} if answers else {}),
        }


def _pick(rng: np.random.Generator, ids: np.ndarray, weights: np.ndarray) -> int:
    """One of ``ids`` with probability proportional to its integer weight, exactly."""
    cumulative = np.cumsum(weights)
    r = int(rng.integers(int(cumulative[-1])))
    return int(ids[np.searchsorted(cumulative, r, side="right")])


def _draw(
    rng: np.random.Generator,
    dag: TermDAG,
    g: np.ndarray,
    span: tuple[np.ndarray, int],
    *,
    clean: bool,
) -> tuple[list[int], str]:
    """A game (its term ids, each step drawn in proportion to the games it leads to) and its
    start letters scrambled. When ``clean``, nothing shown may show an offensive word
    (:func:`letterplay.offensive.shows_offensive`): a scramble that does (SHIT for HIST) is
    shuffled again, and a game whose letters in order do is drawn again, both from the same
    generator, so a seed still gives one game, clean games stay equally likely and a seed
    whose game showed nothing gives the game it always gave."""
    from letterplay.offensive import offensive_shown, shows_offensive

    starts, end = span
    for _ in range(MAX_REDRAWS):
        ids = [_pick(rng, starts, g[starts])]
        while dag.lengths[ids[-1]] < end:
            nxt = dag.extensions_of(ids[-1])
            ids.append(_pick(rng, nxt, g[nxt]))
        start = list(dag.term_text(ids[0]))
        if clean and offensive_shown([dag.term_text(i) for i in ids]).any():
            continue
        for _ in range(MAX_REDRAWS):
            scrambled = "".join(rng.permutation(start))
            if not clean or not shows_offensive(scrambled):
                return ids, scrambled
    raise NoSolutionError(
        f"no game of {dag.lexicon.name} without an offensive word shown was drawn in "
        f"{MAX_REDRAWS} tries; `allow_offensive` shows them"
    )


def play(
    *,
    seed: int | None = None,
    start: int = RIDDLER_START,
    end: int = RIDDLER_END,
    answers: bool = False,
    allow_offensive: bool = False,
    lexicon: Lexicon | str | None = None,
    min_zipf: float | None = None,
    one_letter: bool = False,
    progress: ProgressCallback | None = None,
) -> PlayResult:
    """A game drawn uniformly at random from all games of ``start`` to ``end`` letters:
    unscramble the start letters, then add one letter at a time.

    Parameters
    ----------
    seed : int, optional
        Any integer of magnitude below 2**63: the same seed gives the same game. Without one, a
        seed is drawn and reported.
    start, end : int
        Letters of the first and of the last word (default 4 and 9, the Riddler's game).
    answers : bool
        Whether the result's JSON form reveals the words of every step.
    allow_offensive : bool
        Allow slurs and obscenities (:mod:`letterplay.offensive`) in the game; left out by
        default, from its words and from the letters it shows (a scramble that spells one is
        shuffled again).
    lexicon, min_zipf, one_letter, progress
        As for :func:`count`; the result names the list played on (``enable1-zipf3``).

    Returns
    -------
    PlayResult
        ``seed``, ``scrambled`` (the start letters, shuffled), ``chain`` (the answers) and
        ``games`` (how many it was drawn from).

    Examples
    --------
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words("ride dire dried redid riddle rides".split())
    >>> game = play(seed=-7, start=4, end=6, lexicon=lex)
    >>> game.games, game.chain.terms, sorted(game.scrambled)
    (1, ('deir', 'ddeir', 'ddeilr'), ['d', 'e', 'i', 'r'])
    >>> game = play(seed=7, min_zipf=3)  # enable1's everyday words
    >>> game.games, game.lexicon.name
    (22014, 'enable1-zipf3')

    References
    ----------
    - The game itself: http://anigrams.us
    - The Riddler, "Can You Build The Biggest Anigram?", FiveThirtyEight, 16 September 2022:
      https://fivethirtyeight.com/features/can-you-build-the-biggest-anigram/
    """
    progress = check_progress(progress)
    report(progress, "drawing a game", 0, 2)
    lexicon = game_lexicon(lexicon, min_zipf, one_letter)
    answers = validate.flag("answers", answers)
    played = lexicon
    clean = not validate.flag("allow_offensive", allow_offensive)
    if clean:
        from letterplay.offensive import without_offensive

        played = without_offensive(lexicon)
    dag = term_dag(played)
    seed = validate.seed("seed", seed)
    start = check_length(dag, "start", start)
    end = check_length(dag, "end", end)
    check_order(start, end)
    if seed is None:
        import secrets  # only a game without a seed needs fresh randomness

        seed = secrets.randbelow(2**validate.SEED_BITS)
    rng = validate.random_generator("seed", seed)
    report(progress, "drawing a game", 1, 2)
    g = games_to(dag, end, start)
    starts = dag.terms_of_length(start)
    games = total(g[starts])
    if games == 0:
        raise NoSolutionError(f"{dag.lexicon.name} has no games from {start} to {end} letters")
    ids, scrambled = _draw(rng, dag, g, (starts, end), clean=clean)
    return PlayResult(
        seed=seed,
        scrambled=scrambled,
        chain=make_chain(dag, ids),
        games=games,
        answers=answers,
        lexicon=lexicon,
    )
