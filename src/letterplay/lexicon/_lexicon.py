"""The :class:`Lexicon`: an immutable, normalised word list with a name and an identity.

Examples
--------
>>> lex = Lexicon.from_words(["Ride", "dire", "ire", "ride"], name="tiny")
>>> lex
<Lexicon 'tiny': 3 words, sha256 ac240592527f…>
>>> lex.words, "ride" in lex, lex.word_id("ride")
(('dire', 'ire', 'ride'), True, 2)
"""

from __future__ import annotations

import bisect
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from letterplay import cache, validate
from letterplay.errors import InputError, LexiconError, named, shown
from letterplay.lexicon._commonness import (
    check_min_zipf,
    wordfreq_version,
    zipf_array,
    zipf_frequency,
)
from letterplay.lexicon._read import file_arrays, stem
from letterplay.lexicon._words import identity, normalise

if TYPE_CHECKING:
    from letterplay.letters import LetterIndex

__all__ = ["Lexicon"]


class Lexicon:
    """An immutable, normalised word list with a name, a source and an identity hash.

    Build one with :meth:`from_words`, :meth:`from_file` or :func:`load`; the constructor
    itself trusts that ``words`` is already normalised. ``probabilities`` (float32, aligned
    with ``words``) holds the list's acceptance probabilities, or is None when it gives none.

    A lexicon read from a file keeps its words packed in one memory-mapped byte array from the
    cache; :attr:`words`, the tuple of strings, is only built when something asks for it
    (:meth:`word`, :meth:`word_id` and ``in`` work without it).

    An ``ephemeral`` lexicon is one made for a single request (the words of a list above a
    Zipf floor): its indexes live in memory with it and are never written to the disk cache,
    where there would be one entry per request.

    Examples
    --------
    >>> lex = Lexicon.from_words(["bee", "hive", "Bee"], name="tiny")
    >>> len(lex), lex.words, lex.probabilities is None
    (2, ('bee', 'hive'), True)
    """

    def __init__(
        self,
        name: str,
        words: Sequence[str] | _Packed,
        sha256: str,
        source: str = "<memory>",
        skipped: int = 0,
        probabilities: np.ndarray | None = None,
        ephemeral: bool = False,
    ) -> None:
        for attr, value in (("name", name), ("sha256", sha256), ("source", source)):
            object.__setattr__(self, attr, value)
        object.__setattr__(self, "ephemeral", bool(ephemeral))
        object.__setattr__(self, "skipped", int(skipped))
        object.__setattr__(self, "probabilities", probabilities)
        packed = words if isinstance(words, _Packed) else None
        object.__setattr__(self, "_packed", packed)
        if packed is None:
            self.__dict__["words"] = tuple(words)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Lexicon is immutable (cannot set {name})")

    def __reduce__(self):  # pickled with its words, not the memory map they may come from
        fields = (self.name, self.words, self.sha256, self.source, self.skipped)
        return (Lexicon, (*fields, self.probabilities, self.ephemeral))

    @cached_property
    def words(self) -> tuple[str, ...]:
        """The words, sorted, as a tuple of strings."""
        return self._packed.words()

    def word(self, i: int) -> str:
        """The word at position ``i`` (decoded alone, without building :attr:`words`).

        Examples
        --------
        >>> Lexicon.from_words(["pear", "apple", "fig"]).word(1)
        'fig'
        """
        if type(i) is not int or not -len(self) <= i < len(self):  # (checked fast when fine)
            i = validate.whole("i", i, -len(self), len(self) - 1)
        if self._packed is None or "words" in self.__dict__:
            return self.words[i]
        return self._packed[i]

    def blob(self) -> np.ndarray:
        """The normalised list's bytes (``word\\n`` after word) as a uint8 array."""
        if self._packed is not None:
            return self._packed.blob
        return np.frombuffer(self.to_text().encode("ascii"), dtype=np.uint8)

    @classmethod
    def from_words(
        cls,
        words: Iterable[str],
        name: str = "custom",
        source: str = "<memory>",
        *,
        ephemeral: bool = False,
    ) -> Lexicon:
        """A lexicon of ``words`` (any case); entries that are not a–z letters are skipped.
        ``ephemeral``: made for one request, so its indexes are never written to disk.

        Examples
        --------
        >>> Lexicon.from_words(["Apple", "it's", "fig"]).words
        ('apple', 'fig')
        >>> Lexicon.from_words("hello")
        Traceback (most recent call last):
        ...
        letterplay.errors.LexiconError: `words` must be a sequence of words, not the string 'hello'
        """
        if isinstance(words, str | bytes):
            what = f"the string {shown(words)}"
            raise LexiconError(
                f"`words` must be a sequence of words, not {what}", parameter="words"
            )
        if not isinstance(name, str) or not name.strip():
            raise LexiconError(
                f"`name` must be a non-empty string, not {shown(name)}", parameter="name"
            )
        kept, skipped = normalise(_strings("words", words))
        if not kept:
            raise LexiconError(f"lexicon {shown(name)} has no valid words")
        return cls(name, kept, identity(kept), source=source, skipped=skipped, ephemeral=ephemeral)

    @classmethod
    def from_file(cls, path: str | Path, name: str | None = None) -> Lexicon:
        """Read a word list file: one word per line or whitespace separated, any case, LF or CRLF,
        UTF-8 (with or without BOM) or UTF-16 with a BOM, plain or gzipped; blank lines and lines
        starting with ``#`` are ignored, entries with other characters are skipped and counted.
        A line ``word<TAB>p`` gives the word an acceptance probability ``p`` in [0, 1].

        Examples
        --------
        >>> import pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "mine.txt"
        >>> _ = path.write_text("Zebra\\r\\napple\\r\\nit's\\r\\n")
        >>> lex = Lexicon.from_file(path)
        >>> lex.name, lex.words, lex.skipped
        ('mine', ('apple', 'zebra'), 1)
        """
        if not isinstance(path, str | os.PathLike) or isinstance(path, bytes):
            raise LexiconError(
                f"`path` must be a file path, not {type(path).__name__}", parameter="path"
            )
        path = Path(path)
        if not isinstance(name, str | None):
            raise LexiconError(f"`name` must be a string, not {shown(name)}", parameter="name")
        arrays = file_arrays(path)
        probabilities = arrays.get("probabilities")
        words = _Packed(arrays)
        sha256, skipped = str(arrays["sha256"]), int(arrays["skipped"])
        source = str(path)
        return cls(
            name or stem(path),
            words,
            sha256,
            source=source,
            skipped=skipped,
            probabilities=probabilities,
        )

    def __len__(self) -> int:
        if self._packed is not None:
            return len(self._packed)
        return len(self.words)

    def __iter__(self):
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.word_id(word) >= 0

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {len(self)} words, sha256 {self.sha256[:12]}…>"

    def info(self) -> dict[str, object]:
        """The lexicon's identity as every JSON result reports it: name, word count, sha256."""
        return {"name": self.name, "words": len(self), "sha256": self.sha256}

    def word_id(self, word: str) -> int:
        """The position of ``word`` in :attr:`words`, or -1 if it is not in the lexicon.

        Examples
        --------
        >>> lex = Lexicon.from_words(["pear", "apple", "fig"])
        >>> lex.word_id("fig"), lex.word_id("kiwi")
        (1, -1)
        """
        validate.text("word", word)
        words = self._packed if "words" not in self.__dict__ else self.words
        i = bisect.bisect_left(words, word)
        return i if i < len(words) and words[i] == word else -1

    @cached_property
    def array(self) -> np.ndarray:
        """The words as a numpy unicode array (sorted, so ``np.searchsorted`` finds words)."""
        return np.array(self.words)

    @cached_property
    def index(self) -> LetterIndex:
        """The lexicon's :class:`~letterplay.letters.LetterIndex` (cached on disk by identity)."""
        from letterplay.letters import LetterIndex

        if not cache.worth_caching(self):  # a small list is indexed faster than a file is read
            return LetterIndex.build_blob(self.blob(), self.sha256)
        return LetterIndex.cached(self.sha256, self.blob)

    @cached_property
    def zipfs(self) -> np.ndarray:
        """Zipf frequency of every word, aligned with :attr:`words` (float32, cached on disk)."""
        if self.ephemeral:  # one entry per request would fill the disk
            return zipf_array(self.words)
        key = f"{self.sha256}:wordfreq-{wordfreq_version()}"

        def build() -> dict[str, np.ndarray]:
            # word by word from the packed bytes: a tuple of a big list's words would cost more
            # than the list
            words = self.words if self._packed is None else self._packed.each_word()
            return {"zipf": zipf_array(words, len(self))}

        arrays = cache.cached("zipf", key, build)
        return arrays["zipf"]

    def zipf_mask(self, min_zipf: float | None) -> np.ndarray:
        """Boolean mask of the words at least ``min_zipf`` common (all words for None).

        Examples
        --------
        >>> Lexicon.from_words(["the", "house", "zyzzyva"]).zipf_mask(4.0).tolist()
        [True, True, False]
        """
        min_zipf = check_min_zipf(min_zipf)
        if min_zipf is None:
            return np.ones(len(self), dtype=bool)
        return self.zipfs >= np.float32(min_zipf)

    def zipf(self, word: str) -> float:
        """Commonness of ``word``: wordfreq's Zipf frequency in English (0 when unseen).

        Examples
        --------
        >>> lex = Lexicon.from_words(["the", "zyzzyva"])
        >>> lex.zipf("the") > lex.zipf("zyzzyva")
        True
        """
        i = self.word_id(validate.text("word", word))
        if i >= 0:
            return float(self.zipfs[i])
        return zipf_frequency(word)

    def subset(self, mask: np.ndarray, name: str | None = None, ephemeral: bool = False) -> Lexicon:
        """The lexicon of the words where boolean ``mask`` is true (its own identity); it is
        ``ephemeral`` when asked or when this lexicon is, and keeps the Zipf frequencies this
        lexicon has already looked up.

        Examples
        --------
        >>> lex = Lexicon.from_words(["pear", "apple", "fig"])
        >>> lex.subset(np.array([True, False, True])).words
        ('apple', 'pear')
        >>> lex.subset(np.array([True, True, False]), ephemeral=True).ephemeral
        True
        """
        keep = np.asarray(mask)
        if keep.dtype != bool or keep.shape != (len(self),):
            raise InputError(
                f"`mask` must be {len(self):,} booleans, one a word, not {shown(mask)}",
                parameter="mask",
            )
        words = tuple(np.asarray(self.words, dtype=object)[keep])
        probs = None if self.probabilities is None else self.probabilities[keep]
        name = name or f"{self.name}-subset"
        sub = Lexicon(
            name,
            words,
            identity(words),
            source=self.source,
            probabilities=probs,
            ephemeral=ephemeral or self.ephemeral,
        )
        if "zipfs" in self.__dict__:  # looked up already (a Zipf floor): not again per word
            sub.__dict__["zipfs"] = self.zipfs[keep]
        return sub

    def to_text(self) -> str:
        """The plain word list: one word a line, sorted, with a trailing newline.

        Examples
        --------
        >>> Lexicon.from_words(["fig", "Apple"]).to_text()
        'apple\\nfig\\n'
        """
        return "\n".join(self.words) + "\n"


def _strings(name: str, values: Iterable[object]) -> Iterable[str]:
    try:
        items = list(values)
    except TypeError:
        raise LexiconError(
            f"{named(name)} must be a sequence of words, not {shown(values)}", parameter=name
        ) from None
    for item in items:
        if not isinstance(item, str):
            raise LexiconError(
                f"{named(name)} must hold strings, not {type(item).__name__}", parameter=name
            )
    return items


class _Packed:
    """Normalised words packed as one byte array (``word\\n`` after word) plus the offset of
    each word: what the cache stores, memory-mapped, so a process decodes only the words it
    uses."""

    def __init__(self, arrays: Mapping[str, np.ndarray]) -> None:
        self._arrays = arrays

    @property
    def blob(self) -> np.ndarray:
        return self._arrays["blob"]

    @cached_property
    def starts(self) -> np.ndarray:
        return self._arrays["starts"]

    def __len__(self) -> int:
        shape = getattr(self._arrays, "shape", None)
        return (shape("starts")[0] if shape else len(self.starts)) - 1

    def __getitem__(self, i: int) -> str:
        return self.blob[self.starts[i] : self.starts[i + 1] - 1].tobytes().decode("ascii")

    def words(self) -> tuple[str, ...]:
        text = self.blob.tobytes().decode("ascii")
        return tuple(text[:-1].split("\n")) if text else ()

    def each_word(self, batch: int = 1 << 16) -> Iterator[str]:
        """The words one by one, decoded ``batch`` at a time."""
        starts = self.starts
        for i in range(0, len(self), batch):
            chunk = self.blob[starts[i] : starts[min(i + batch, len(self))] - 1]
            yield from chunk.tobytes().decode("ascii").split("\n")
