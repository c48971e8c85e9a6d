"""The board: letters on the sides of a polygon, checked against the rules when it is made.

Examples
--------
>>> Board("TAP ERD NIL YCO") == Board(["tap", "erd", "nil", "yco"]) == as_board("tap,erd,nil,yco")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from letterplay import validate
from letterplay.errors import InputError, named
from letterplay.letterboxed.rules import MAX_LETTERS, MIN_SIDES
from letterplay.letters import letter_mask, mask_letters, parse_letters

__all__ = ["Board", "as_board", "parse_board"]


def _side_texts(sides: object) -> list[str]:
    """The sides given: a text is split at commas and white space, a sequence holds one side
    per item."""
    if isinstance(sides, str):
        return sides.replace(",", " ").split()
    return validate.words("board", sides)


def _check_sides(sides: object) -> tuple[str, ...]:
    """The sides as lower-case strings, checked against the rules (any lengths)."""
    items = _side_texts(sides)
    if len(items) < MIN_SIDES:
        raise InputError(
            f"a board needs at least {MIN_SIDES} sides, got {len(items)}", parameter="board"
        )
    if len(items) > MAX_LETTERS:
        raise InputError(
            f"a board may have at most {MAX_LETTERS} sides, got {len(items)}", parameter="board"
        )
    clean = []
    for i, side in enumerate(items, 1):
        if not side.strip():
            raise InputError(f"side {i} is empty", parameter="board")
        clean.append(parse_letters(side, f"side {i}"))
    seen: dict[str, int] = {}
    for i, side in enumerate(clean, 1):
        for ch in side:
            if ch in seen:
                where = f"sides {seen[ch]} and {i}" if seen[ch] != i else f"side {i}"
                raise InputError(
                    f"letter {ch.upper()} is on the board twice ({where})", parameter="board"
                )
            seen[ch] = i
    if len(seen) > MAX_LETTERS:
        raise InputError(
            f"a board may have at most {MAX_LETTERS} letters, got {len(seen)}", parameter="board"
        )
    return tuple(clean)


@dataclass(frozen=True)
class Board:
    """The letters on the sides of a polygon; ``sides`` are kept as lower-case strings.

    Give the sides as one text (``"TAP ERD NIL YCO"``, or separated by commas) or as a
    sequence of sides, in any case. A board is checked when it is made: 3 to 16 sides, letters
    a–z, no letter twice, at most 16 letters in all. Sides may have different lengths here;
    :func:`parse_board` and the puzzle's functions ask for equal ones unless told ``ragged``.

    Examples
    --------
    >>> board = Board("TAP ERD NIL YCO")
    >>> board.n, board.letters, str(board), board.sides[1]
    (12, 'taperdnilyco', 'TAP ERD NIL YCO', 'erd')
    >>> board.side_of("e"), board.side_of("z")
    (1, -1)
    >>> board.to_dict()
    {'sides': ['TAP', 'ERD', 'NIL', 'YCO'], 'letters': 'ACDEILNOPRTY'}
    >>> Board("TAP ERD NIL YCA")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: letter A is on the board twice (sides 1 and 4)
    """

    sides: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "sides", _check_sides(self.sides))

    @cached_property
    def letters(self) -> str:
        """All board letters, side after side."""
        return "".join(self.sides)

    @property
    def n(self) -> int:
        """The number of letters on the board."""
        return len(self.letters)

    @property
    def full(self) -> int:
        """The local mask of all board letters (bit ``i`` is ``letters[i]``)."""
        return (1 << self.n) - 1

    @cached_property
    def side_table(self) -> np.ndarray:
        """Side of each letter code 0..255 (-1 for letters not on the board and for padding)."""
        table = np.full(256, -1, dtype=np.int16)
        for s, side in enumerate(self.sides):
            for ch in side:
                table[ord(ch) - 97] = s
        return table

    @cached_property
    def local_table(self) -> np.ndarray:
        """Position of each letter code in :attr:`letters` (-1 when not on the board)."""
        table = np.full(256, -1, dtype=np.int16)
        for i, ch in enumerate(self.letters):
            table[ord(ch) - 97] = i
        return table

    def side_of(self, letter: str) -> int:
        """The side (0, 1, ...) that holds ``letter``, -1 when it is not on the board."""
        code = ord(letter) - 97
        return int(self.side_table[code]) if 0 <= code < 26 else -1

    def __str__(self) -> str:
        return " ".join(side.upper() for side in self.sides)

    def to_dict(self) -> dict[str, object]:
        """The sides (upper case) and the board's letter set."""
        return {
            "sides": [s.upper() for s in self.sides],
            "letters": mask_letters(letter_mask(self.letters)),
        }


def parse_board(sides: str | Sequence[str], *, ragged: bool = False) -> Board:
    """A board from its sides, in any case, checked against the rules.

    Parameters
    ----------
    sides : str or sequence of str
        One text with the sides separated by spaces or commas (``"TAP ERD NIL YCO"``), or one
        string per side (``["tap", "erd", "nil", "yco"]``). A text is never read as sides of
        one letter each.
    ragged : bool
        Allow sides of different lengths (by default all sides have the same length).

    Returns
    -------
    Board
        At least 3 sides, each with at least one letter a–z, no letter twice.

    Raises
    ------
    InputError
        Naming what is wrong.

    Examples
    --------
    >>> parse_board(["TAP", "erd", "Nil", "yco"]).sides
    ('tap', 'erd', 'nil', 'yco')
    >>> parse_board("TAPERDNILYCO")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: a board needs at least 3 sides, got 1
    >>> parse_board("tap er nil")
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: sides have unequal lengths (3, 2, 3); pass `ragged=True` to allow that
    >>> parse_board("tap er nil", ragged=True).n
    8

    References
    ----------
    - The New York Times, *Letter Boxed*: https://www.nytimes.com/puzzles/letter-boxed
    """  # noqa: E501
    ragged = validate.flag("ragged", ragged)
    board = Board(_check_sides(sides))
    if len({len(s) for s in board.sides}) > 1 and not ragged:
        shown = ", ".join(str(len(s)) for s in board.sides)
        raise InputError(
            f"sides have unequal lengths ({shown}); pass `ragged=True` to allow that",
            parameter="ragged",
        )
    return board


def as_board(board: object, ragged: bool = False) -> Board:
    """The board a puzzle function is given: a :class:`Board` as it is, else its sides (a text
    or a sequence) read by :func:`parse_board`.

    Examples
    --------
    >>> as_board(Board("ab cd efg")).n
    7
    >>> as_board(3)
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `board` must be a Board, a text or a sequence of sides, not int
    """
    if isinstance(board, Board):
        validate.flag("ragged", ragged)
        return board
    if isinstance(board, bytes) or not isinstance(board, str | Sequence):
        raise InputError(
            f"{named('board')} must be a Board, a text or a sequence of sides, "
            f"not {type(board).__name__}",
            parameter="board",
        )
    return parse_board(board, ragged=ragged)
