"""Generating fair boards: random letters dealt round the sides, kept when the exact solver
proves them solvable in few enough words.

Examples
--------
>>> result = generate(seed=2024, min_zipf=3, limit=1)
>>> str(result.board), result.tries, result.solve.solutions[0].words
('USN COL TME DGI', 2, ('model', 'linguistic'))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from letterplay import validate
from letterplay.errors import InputError, NoSolutionError
from letterplay.letterboxed._board import Board
from letterplay.letterboxed._playable import playable_words
from letterplay.letterboxed._solve import SolveResult, solve
from letterplay.letterboxed._tables import Completions, fewest_words
from letterplay.letterboxed.rules import (
    MAX_LETTERS,
    MAX_LIMIT,
    MAX_TRIES,
    MAX_WORDS,
    MIN_SIDES,
    MIN_WORD_LENGTH,
    VOWELS,
)
from letterplay.letters import ALPHABET, letter_mask, mask_letters, popcount
from letterplay.lexicon import Lexicon, as_lexicon, check_min_zipf
from letterplay.progress import ProgressCallback, check_progress, report
from letterplay.results import Result

__all__ = ["GenerateResult", "generate", "random_board"]


@dataclass(frozen=True)
class GenerateResult(Result):
    """A generated board, verified by the exact solver (``solve``), with how many tries it took
    and the seed that makes it again; a board shaped like the NY Times' (``like``) also has a
    ``par``, the target number of words."""

    board: Board
    solve: SolveResult
    tries: int
    seed: int | None
    par: int | None = None

    def to_dict(self) -> dict[str, object]:
        data = {
            **self.board.to_dict(),
            **self.solve.to_dict(),
            "tries": self.tries,
            "seed": self.seed,
        }
        if self.par is not None:  # only boards shaped like the NY Times' have one
            data["par"] = self.par
        return data


def random_board(
    rng: np.random.Generator, shape: tuple[int, int], vowels: int, weights: dict[str, float]
) -> Board:
    """Random distinct letters dealt to a board of ``shape`` (sides, letters per side):
    ``vowels`` vowels spread round the sides first, consonants drawn without replacement in
    proportion to ``weights`` (how often each letter occurs in the lexicon).

    Examples
    --------
    >>> board = random_board(np.random.default_rng(7), (4, 3), 4, dict.fromkeys(ALPHABET, 1.0))
    >>> len(board.sides), board.n, sum(ch in "aeiou" for ch in board.letters)
    (4, 12, 4)
    """
    if not isinstance(rng, np.random.Generator):
        raise InputError(
            f"`rng` must be a numpy Generator, not {type(rng).__name__}", parameter="rng"
        )
    sides, per_side = shape
    n, vowels = _check_shape(sides, per_side, vowels)
    consonants = [ch for ch in ALPHABET if ch not in VOWELS]
    p = np.array([validate.number("weights", weights.get(ch), 0) for ch in consonants])
    if p.sum() <= 0:
        raise InputError(
            "`weights` must give some consonant a positive weight", parameter="weights"
        )
    letters = [str(ch) for ch in rng.choice(list(VOWELS), vowels, replace=False)]
    # vowels first, so dealing round the sides spreads them
    letters += [str(ch) for ch in rng.choice(consonants, n - vowels, replace=False, p=p / p.sum())]
    dealt = [letters[i::sides] for i in range(sides)]
    return Board(tuple("".join(rng.permutation(side)) for side in dealt))


def shows_offensive_board(board: Board) -> bool:
    """Whether a board shows an offensive word (:func:`letterplay.offensive.offensive_shown`)
    in what a player reads: a side either way round (FAG, and GAF on a side drawn right to
    left), the letters side after side either way, and the letters in alphabetical order.

    Examples
    --------
    >>> shows_offensive_board(Board(("ulr", "ben", "fag", "dom")))
    True
    >>> shows_offensive_board(Board(("ulr", "ben", "gfa", "dom")))
    False
    """
    from letterplay.offensive import offensive_shown

    texts = [*board.sides, board.letters, mask_letters(letter_mask(board.letters))]
    return bool(offensive_shown(texts, backwards=True).any())


def _check_shape(sides: object, per_side: object, vowels: object) -> tuple[int, int]:
    """The number of letters and of vowels of a ``sides`` × ``per_side`` board."""
    sides = validate.whole("sides", sides, MIN_SIDES, MAX_LETTERS)
    per_side = validate.whole("per_side", per_side, 1, MAX_LETTERS)
    n = sides * per_side
    if n > MAX_LETTERS:
        raise InputError(
            f"a board may have at most {MAX_LETTERS} letters, got {sides}×{per_side}",
            parameter="per_side",
        )
    vowels = min(sides, len(VOWELS), n) if vowels is None else vowels
    vowels = validate.whole("vowels", vowels, 0, min(len(VOWELS), n))
    if n - vowels > len(ALPHABET) - len(VOWELS):
        raise InputError(
            f"{n - vowels} consonants needed but there are only 21", parameter="vowels"
        )
    return n, vowels


def _check_feasible(lexicon: Lexicon, n: int, max_words: int, min_zipf: float | None) -> None:
    """Refuse up front a request no board can meet. Words that join share a letter, so ``k``
    words with at most ``d`` different letters each cover at most ``k·d - (k - 1)`` letters.
    (One pass over the letter masks: cheap next to a single try.)"""
    index = lexicon.index
    ok = (index.lengths >= MIN_WORD_LENGTH) & lexicon.zipf_mask(min_zipf)
    most = int(popcount(index.masks[ok]).max(initial=0))
    if max_words * most - (max_words - 1) >= n:
        return
    floor = f" of Zipf ≥ {min_zipf:g}" if min_zipf is not None else ""
    plural = "s" * (max_words != 1)
    raise NoSolutionError(
        f"no board of {n} letters is solvable in {max_words} word{plural}{floor} from lexicon "
        f"{lexicon.name}: such words have at most {most} different letters, so {max_words} of "
        f"them cover at most {max(max_words * most - max_words + 1, 0)}"
    )


PROPOSALS_PER_TRY = 200
"""With ``like``, boards proposed at most per fair board allowed (``tries`` counts fair ones):
about 1 in 16 proposals is fair on ``nyt-letterboxed``."""


def _generate_shaped(
    lexicon: Lexicon,
    given: Lexicon,
    rng: np.random.Generator,
    *,
    seed: int | None,
    min_zipf: float | None,
    tries: int,
    limit: int,
    clean: bool,
    progress: ProgressCallback | None,
) -> GenerateResult:
    """A board shaped like the NY Times' (:mod:`letterplay.letterboxed._shape`): proposed like
    theirs, fair (2 words of Zipf >= ``FAIR_ZIPF``), kept with the shape model's probability,
    with a par drawn for its dictionary."""
    from letterplay.letterboxed._shape import (
        FAIR_ZIPF,
        board_model,
        board_statistics,
        draw_par,
        keep_probability,
        propose,
    )

    model = board_model()
    fair = 0
    # ``tries`` counts fair boards here (each kept with some chance), within a bound on all
    for attempt in range(1, tries * PROPOSALS_PER_TRY + 1):
        report(progress, "fair boards tried", fair, tries)
        board = propose(rng, model, random_board)
        if clean and shows_offensive_board(board):
            continue
        try:
            playable = playable_words(board, lexicon, FAIR_ZIPF)
            fewest_words(Completions(playable, None), 2, None)
        except NoSolutionError:
            continue
        fair += 1
        result = solve(board, lexicon=lexicon, min_zipf=min_zipf, limit=max(limit, 1))
        keep = keep_probability(board_statistics(board, lexicon, result), model)
        if rng.random() < keep:
            par = draw_par(rng, result.playable_words, model)
            if limit == 0:
                result = solve(board, lexicon=lexicon, min_zipf=min_zipf, limit=0)
            return GenerateResult(
                board=board, solve=result, tries=attempt, seed=seed, par=par, lexicon=given
            )
        if fair == tries:
            break
    raise NoSolutionError(
        f"no board shaped like the NY Times' found in {attempt:,} tries ({fair:,} fair); "
        "allow more (`tries`)"
    )


def _letter_weights(lexicon: Lexicon) -> dict[str, float]:
    """How often each letter occurs in the lexicon (plus one, so every letter can be drawn)."""
    totals = lexicon.index.counts.sum(axis=0, dtype=np.int64)
    return {ch: float(totals[i]) + 1.0 for i, ch in enumerate(ALPHABET)}


def generate(
    *,
    lexicon: Lexicon | str | None = None,
    sides: int = 4,
    per_side: int = 3,
    vowels: int | None = None,
    seed: int | None = None,
    max_solution_words: int = 2,
    min_zipf: float | None = None,
    tries: int = 500,
    limit: int = 5,
    allow_offensive: bool = False,
    like: str | None = None,
    progress: ProgressCallback | None = None,
) -> GenerateResult:
    """A fair board: its proven minimum, using only words at or above ``min_zipf``, is at most
    ``max_solution_words``. Offensive words (:mod:`letterplay.offensive`) are left out unless
    ``allow_offensive``, from the words and from what the board shows
    (:func:`shows_offensive_board`: a board that shows one counts as a try that failed).

    Parameters
    ----------
    lexicon : Lexicon, str or None
        The word list: a :class:`~letterplay.lexicon.Lexicon`, a catalog name or a file
        (default: enable1).
    sides : int
        Sides of the board (3 to 16).
    per_side : int
        Letters on each side; at most 16 letters in all.
    vowels : int, optional
        Vowels on the board, 0 to 5 (default: one per side, at most 5).
    seed : int, optional
        Any whole number of magnitude below 2**63, negative ones too: the same seed gives the
        same board.
    max_solution_words : int
        The most words the board's shortest solution may need (1 to 12).
    min_zipf : float, optional
        Only use words at least this common (wordfreq Zipf, 0 to 8).
    tries : int
        Boards to try before giving up (1 to 10,000); with ``like``, fair boards to try (each
        is kept with the shape model's probability, about 1 in 7).
    limit : int
        Solutions of the board to list (0 to 2,000,000).
    allow_offensive : bool
        Keep slurs and obscenities, left out by default (from the words and the board).
    like : str, optional
        ``"nyt"``: deal boards shaped like the NY Times' (4 sides of 3 letters, their vowels and
        letters, the size of their dictionaries and how common their solutions' words are),
        solvable in 2 words of Zipf >= 1.5, with a ``par``; from the ``nyt-letterboxed`` list
        when ``lexicon`` is None (:mod:`letterplay.letterboxed._shape`). ``sides``,
        ``per_side``, ``vowels`` and ``max_solution_words`` are then left at their defaults.
    progress : callable, optional
        ``progress(description, done, total)``, called as boards are tried.

    Returns
    -------
    GenerateResult
        ``board``, its solution ``solve`` (a :class:`SolveResult`), ``tries`` and ``seed``.

    Raises
    ------
    NoSolutionError
        Before any try when no board can meet the request; after ``tries`` boards fail.

    Examples
    --------
    >>> str(generate(seed=2024, min_zipf=3).board)
    'USN COL TME DGI'
    >>> from letterplay.lexicon import Lexicon
    >>> lex = Lexicon.from_words(["ace", "ebd", "dfa", "acf", "fbd", "bde"])
    >>> generate(lexicon=lex, sides=3, per_side=2, max_solution_words=1)
    Traceback (most recent call last):
    ...
    letterplay.errors.NoSolutionError: no board of 6 letters is solvable in 1 word from lexicon \
custom: such words have at most 3 different letters, so 1 of them cover at most 3

    References
    ----------
    - The New York Times, *Letter Boxed*: https://www.nytimes.com/puzzles/letter-boxed
    """
    if like is not None:
        from letterplay.spellingbee._shape import LIKES  # one shape model for both games

        like = validate.one_of("like", like, LIKES, fold=True)
        lexicon = "nyt-letterboxed" if lexicon is None else lexicon
    given, min_zipf = as_lexicon(lexicon), check_min_zipf(min_zipf)
    lexicon = given  # the result names the list it was given; the filter is a policy on it
    clean = not validate.flag("allow_offensive", allow_offensive)
    if clean:
        from letterplay.offensive import without_offensive

        lexicon = without_offensive(given)
    vowels_given = vowels
    n, vowels = _check_shape(sides, per_side, vowels)
    validate.whole("max_solution_words", max_solution_words, 1, MAX_WORDS)
    validate.whole("tries", tries, 1, MAX_TRIES)
    validate.whole("limit", limit, 0, MAX_LIMIT)
    progress = check_progress(progress)
    rng = validate.random_generator("seed", seed)
    if like is not None:
        if (sides, per_side, max_solution_words) != (4, 3, 2) or vowels_given is not None:
            raise InputError(
                f"`like` {like} deals the NY Times' board (4 sides of 3 letters, their vowels, "
                "solvable in 2 words): leave `sides`, `per_side`, `vowels` and "
                "`max_solution_words` out",
                parameter="like",
            )
        return _generate_shaped(
            lexicon,
            given,
            rng,
            seed=seed,
            min_zipf=min_zipf,
            tries=tries,
            limit=limit,
            clean=clean,
            progress=progress,
        )
    _check_feasible(lexicon, n, max_solution_words, min_zipf)
    weights = _letter_weights(lexicon)
    for attempt in range(1, tries + 1):
        report(progress, "boards tried", attempt, tries)
        board = random_board(rng, (sides, per_side), vowels, weights)
        if clean and shows_offensive_board(board):
            continue  # a try like an unsolvable board: the next boards come as they did
        try:
            playable = playable_words(board, lexicon, min_zipf)
            fewest_words(Completions(playable, progress), max_solution_words, progress)
        except NoSolutionError:
            continue
        result = solve(board, lexicon=lexicon, min_zipf=min_zipf, limit=limit, progress=progress)
        return GenerateResult(board=board, solve=result, tries=attempt, seed=seed, lexicon=given)
    floor = f" with words of Zipf ≥ {min_zipf:g}" if min_zipf is not None else ""
    raise NoSolutionError(
        f"no {sides}×{per_side} board solvable in {max_solution_words} words{floor} found in "
        f"{tries} tries; allow more words (`max_solution_words`), commoner words (a lower "
        "`min_zipf`), more tries (`tries`) or more vowels (`vowels`)"
    )
