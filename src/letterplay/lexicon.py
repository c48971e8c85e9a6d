"""Lexicons: the word lists every puzzle is played over.

A *lexicon* is an immutable, normalised list of words: lower-case a–z only, de-duplicated and
sorted. Its *identity* is the sha256 of those words joined with ``\\n`` plus a trailing
``\\n``, so a CRLF, upper-case or shuffled copy of a list has the same identity as the list
itself; every result letterplay gives names the lexicon it came from by name, word count and
identity.

The *catalog* names lexicons:

- ``enable1``: the seeds' list (172,820 words), looked for as ``$LETTERPLAY_DATA/enable1.txt`` and
  then in the user data dir, where ``letterplay lexicon add enable1 FILE`` and
  ``letterplay lexicon fetch enable1`` install it after checking its identity.
- ``common``: bundled with letterplay, offline; about 22,000 everyday words derived from
  wordfreq's English list: those used at least once per million words that a spelling dictionary
  writes in lower case, so no names (``scripts/build_common.py`` has the rules). It is the
  default when enable1 is not installed.
- any other name installed with ``lexicon add NAME FILE``; or simply a file path.

*Commonness* is wordfreq's Zipf frequency: log10 of a word's frequency per billion words (7 for
"the", 0 for a word wordfreq has never seen). Puzzles use it to rank solutions and to filter.
"""

from __future__ import annotations

import bisect
import hashlib
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from letterplay import cache
from letterplay.dirs import data_env_dir, user_data_dir
from letterplay.errors import LexiconError

if TYPE_CHECKING:
    from letterplay.letters import LetterIndex

WORD = re.compile(r"[a-z]+")
_ONLY_WORDS = re.compile(r"[a-z\s]*")
NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")


# ----------------------------------------------------------------------------- the Lexicon


@dataclass(frozen=True, eq=False)
class Lexicon:
    """An immutable, normalised word list with a name, a source and an identity hash.

    Build one with :meth:`from_words`, :meth:`from_file` or :func:`load`; the constructor
    itself trusts that ``words`` is already normalised.
    """

    name: str
    words: tuple[str, ...]
    sha256: str
    source: str = "<memory>"
    skipped: int = 0

    @classmethod
    def from_words(
        cls, words: Iterable[str], name: str = "custom", source: str = "<memory>"
    ) -> Lexicon:
        """A lexicon of ``words`` (any case); entries that are not a–z letters are skipped."""
        kept, skipped = normalise(words)
        if not kept:
            raise LexiconError(f"lexicon {name!r} has no valid words")
        return cls(name, kept, identity(kept), source, skipped)

    @classmethod
    def from_file(cls, path: str | Path, name: str | None = None) -> Lexicon:
        """Read a word list file: one word per line or whitespace separated, any case, LF or CRLF,
        UTF-8 with or without BOM; blank lines and lines starting with ``#`` are ignored, entries
        with other characters are skipped and counted."""
        path = Path(path)
        words, skipped = _file_words(path)
        if not words:
            raise LexiconError(f"{path}: no valid words (only words of letters a–z count)")
        return cls(name or path.stem, words, identity(words), str(path), skipped)

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self):
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self._wordset

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {len(self)} words, sha256 {self.sha256[:12]}…>"

    @cached_property
    def _wordset(self) -> frozenset[str]:
        return frozenset(self.words)

    def info(self) -> dict[str, object]:
        """The lexicon's identity as every JSON result reports it: name, word count, sha256."""
        return {"name": self.name, "words": len(self.words), "sha256": self.sha256}

    def word_id(self, word: str) -> int:
        """The position of ``word`` in :attr:`words`, or -1 if it is not in the lexicon."""
        i = bisect.bisect_left(self.words, word)
        return i if i < len(self.words) and self.words[i] == word else -1

    @cached_property
    def array(self) -> np.ndarray:
        """The words as a numpy unicode array (sorted, so ``np.searchsorted`` finds words)."""
        return np.array(self.words)

    @cached_property
    def index(self) -> LetterIndex:
        """The lexicon's :class:`~letterplay.letters.LetterIndex` (cached on disk by identity)."""
        from letterplay.letters import LetterIndex

        return LetterIndex.for_lexicon(self)

    @cached_property
    def zipfs(self) -> np.ndarray:
        """Zipf frequency of every word, aligned with :attr:`words` (float32, cached on disk)."""
        key = f"{self.sha256}:wordfreq-{_wordfreq_version()}"
        arrays = cache.cached("zipf", key, lambda: {"zipf": _zipf_array(self.words)})
        return arrays["zipf"]

    def zipf(self, word: str) -> float:
        """Commonness of ``word``: wordfreq's Zipf frequency in English (0 when unseen)."""
        i = self.word_id(word)
        if i >= 0:
            return float(self.zipfs[i])
        return zipf_frequency(word)

    def subset(self, mask: np.ndarray, name: str | None = None) -> Lexicon:
        """The lexicon of the words where boolean ``mask`` is true (its own identity)."""
        words = tuple(np.asarray(self.words, dtype=object)[np.asarray(mask, dtype=bool)])
        return Lexicon(name or f"{self.name}-subset", words, identity(words), self.source)


def identity(words: Sequence[str]) -> str:
    """The identity hash of normalised words: sha256 of ``"\\n".join(words) + "\\n"``."""
    return hashlib.sha256(("\n".join(words) + "\n").encode("ascii")).hexdigest()


def normalise(words: Iterable[str]) -> tuple[tuple[str, ...], int]:
    """Lower-case, keep a–z words, de-duplicate and sort; returns (words, number skipped)."""
    kept: list[str] = []
    skipped = 0
    for word in words:
        word = word.strip().lower()
        if WORD.fullmatch(word):
            kept.append(word)
        elif word:
            skipped += 1
    return _sorted_unique(kept), skipped


def _sorted_unique(words: list[str]) -> tuple[str, ...]:
    # Sorting first and de-duplicating after is linear for the usual already-sorted list,
    # where sorted(set(words)) would pay for a full sort of a hash-shuffled order.
    words.sort()
    return tuple(dict.fromkeys(words))


def normalise_text(text: str) -> tuple[tuple[str, ...], int]:
    """The normalised words of a word list's text and the number of entries skipped."""
    text = text.lower()
    if "#" not in text and _ONLY_WORDS.fullmatch(text):  # the usual case, checked in one pass
        return _sorted_unique(text.split()), 0
    lines = (line for line in text.splitlines() if not line.lstrip().startswith("#"))
    return normalise(token for line in lines for token in line.split())


def _file_words(path: Path) -> tuple[tuple[str, ...], int]:
    """The normalised words of a word list file and the number of entries skipped.

    Large lists are cached by a hash of the file's bytes, so the next process reads the
    normalised words back instead of parsing and sorting the text again; the identity is
    recomputed from the cached words either way.
    """
    data = read_bytes(path)
    if len(data) < _CACHE_FILES_OVER:
        return normalise_text(decode(path, data))
    key = f"{hashlib.blake2b(data, digest_size=20).hexdigest()}:normalised-v1"
    arrays = cache.load("wordlist", key)
    if arrays is not None and set(arrays) == {"blob", "skipped"}:
        blob = arrays["blob"].tobytes().decode("ascii")
        return (tuple(blob.split("\n")) if blob else ()), int(arrays["skipped"])
    words, skipped = normalise_text(decode(path, data))
    blob = np.frombuffer("\n".join(words).encode("ascii"), dtype=np.uint8)
    cache.store("wordlist", key, {"blob": blob, "skipped": np.array(skipped)})
    return words, skipped


_CACHE_FILES_OVER = 256 * 1024  # bytes; smaller lists parse faster than a cache file loads


def read_bytes(path: Path) -> bytes:
    """The bytes of a word list file: not missing, a directory, empty or binary."""
    if path.is_dir():
        raise LexiconError(f"{path}: is a directory, not a word list file")
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise LexiconError(f"{path}: no such file") from None
    except OSError as e:
        raise LexiconError(f"{path}: cannot read ({e.strerror})") from None
    if not data.strip():
        raise LexiconError(f"{path}: empty file")
    if b"\0" in data:
        raise LexiconError(f"{path}: binary file, not a word list")
    return data


def decode(path: Path, data: bytes) -> str:
    """Word list bytes as text (UTF-8, with or without BOM)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise LexiconError(f"{path}: not UTF-8 text (bad byte at offset {e.start})") from None


# ----------------------------------------------------------------------------- commonness


def _wordfreq_version() -> str:
    from importlib.metadata import version

    return version("wordfreq")


def zipf_frequency(word: str) -> float:
    """wordfreq's English Zipf frequency of one word (0 for words it has never seen)."""
    import wordfreq

    return float(wordfreq.zipf_frequency(word, "en"))


def _zipf_array(words: Sequence[str]) -> np.ndarray:
    """Zipf frequencies of many words from wordfreq's frequency table in one pass.

    Same numbers as ``wordfreq.zipf_frequency`` (log10 of frequency per billion words, rounded to
    two decimals) without its per-call tokenisation, which would dominate for 172k words.
    """
    import wordfreq

    table = wordfreq.get_frequency_dict("en")
    freq = np.fromiter((table.get(w, 0.0) for w in words), dtype=np.float64, count=len(words))
    zipf = np.zeros(len(words), dtype=np.float64)
    seen = freq > 0
    zipf[seen] = np.round(np.log10(freq[seen]) + 9.0, 2)
    return zipf.astype(np.float32)


# ----------------------------------------------------------------------------- the catalog


@dataclass(frozen=True)
class KnownLexicon:
    """A lexicon letterplay knows by name: where to download it and the identity it must have."""

    name: str
    words: int
    sha256: str
    url: str
    description: str


KNOWN: dict[str, KnownLexicon] = {
    "enable1": KnownLexicon(
        "enable1",
        172_820,
        "f32e6fbdc4cf9c8ec1d992193d7ac33e773fc850ba47ebe2c791ab9d61913d49",
        "https://norvig.com/ngrams/enable1.txt",
        "ENABLE word list, public domain; the list the seeds use",
    ),
}
BUNDLED = "common"
DEFAULT = "enable1"


@dataclass(frozen=True)
class CatalogEntry:
    """One row of ``lexicon list``: a name, where it is found (or None) and what it is."""

    name: str
    path: Path | None
    description: str

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "installed": self.path is not None,
            "path": str(self.path) if self.path else None,
            "description": self.description,
        }


def bundled_path() -> Path:
    """The file of the bundled ``common`` lexicon inside the installed package."""
    return Path(__file__).resolve().parent / "data" / "common.txt"


def installed_dir() -> Path:
    """Where ``lexicon add`` and ``lexicon fetch`` install named lexicons."""
    return user_data_dir() / "lexicons"


def find(name: str) -> Path | None:
    """The file of the named lexicon: ``$LETTERPLAY_DATA/NAME.txt``, then the user data dir."""
    if name == BUNDLED:
        return bundled_path()
    env = data_env_dir()
    for folder in ([env] if env else []) + [installed_dir()]:
        path = folder / f"{name}.txt"
        if path.is_file():
            return path
    return None


def catalog() -> list[CatalogEntry]:
    """Every lexicon letterplay can name: known, bundled, and installed by the user."""
    names = {**{k: v.description for k, v in KNOWN.items()}, BUNDLED: _COMMON_DESCRIPTION}
    if installed_dir().is_dir():
        for path in sorted(installed_dir().glob("*.txt")):
            names.setdefault(path.stem, "installed with `lexicon add`")
    return [CatalogEntry(name, find(name), desc) for name, desc in sorted(names.items())]


_COMMON_DESCRIPTION = "bundled everyday English words from wordfreq (offline fallback)"
_loaded: dict[tuple[str, float, int], Lexicon] = {}


def _looks_like_path(spec: str) -> bool:
    return "/" in spec or "\\" in spec or spec.startswith(".") or Path(spec).suffix != ""


def load(spec: str | Path | None = None) -> Lexicon:
    """The lexicon named by ``spec``: a catalog name, a file path, or None for the default.

    The default is enable1 when it is installed, otherwise the bundled ``common`` list
    (:func:`default_notice` says what to run to install enable1).
    """
    if spec is None:
        spec = DEFAULT if find(DEFAULT) else BUNDLED
    if isinstance(spec, Path) or _looks_like_path(spec):
        path, name = Path(spec), None
    else:
        found = find(spec)
        if found is None:
            raise LexiconError(_not_found_message(spec))
        path, name = found, spec
    try:
        stat = path.stat()
    except OSError:
        raise LexiconError(f"{path}: no such file") from None
    key = (str(path.resolve()), stat.st_mtime, stat.st_size)
    if key not in _loaded or (name and _loaded[key].name != name):
        lexicon = Lexicon.from_file(path, name=name)
        known = KNOWN.get(lexicon.name)
        if name and known and lexicon.sha256 != known.sha256:
            raise LexiconError(
                f"{path}: is not {known.name} (identity {lexicon.sha256[:12]}…, expected "
                f"{known.sha256[:12]}…); reinstall with `letterplay lexicon add {known.name} FILE`"
            )
        _loaded[key] = lexicon
    return _loaded[key]


def _not_found_message(name: str) -> str:
    if name in KNOWN:
        return f"lexicon {name!r} is not installed; " + install_hint(name)
    names = ", ".join(e.name for e in catalog())
    return f"unknown lexicon {name!r} (known: {names}); or give a word list file path"


def install_hint(name: str = DEFAULT) -> str:
    """What to run to install a known lexicon."""
    return (
        f"run `letterplay lexicon fetch {name}` or `letterplay lexicon add {name} FILE` "
        f"(or set LETTERPLAY_DATA to a folder holding {name}.txt)"
    )


def default_notice() -> str | None:
    """The one-line notice to show when the default falls back to ``common``, else None."""
    if find(DEFAULT):
        return None
    return f"note: {DEFAULT} is not installed, using the bundled '{BUNDLED}' list; " + (
        install_hint()
    )


def install(name: str, source: str | Path, force: bool = False) -> tuple[Lexicon, Path]:
    """Install the word list file ``source`` under ``name`` in the user data dir.

    A known name (``enable1``) must have its known identity. The installed file holds the
    normalised words. An existing installation is replaced only with ``force``.
    """
    if not NAME.fullmatch(name) or name == BUNDLED:
        raise LexiconError(
            f"cannot install a lexicon named {name!r} (use lower-case letters, digits, - or _; "
            f"'{BUNDLED}' is bundled)"
        )
    lexicon = Lexicon.from_file(source, name=name)
    known = KNOWN.get(name)
    if known and lexicon.sha256 != known.sha256:
        raise LexiconError(
            f"{source}: is not {name}: its identity is {lexicon.sha256[:12]}… "
            f"({len(lexicon)} words), {name} has {known.sha256[:12]}… ({known.words} words)"
        )
    target = installed_dir() / f"{name}.txt"
    if target.exists() and not force:
        raise LexiconError(f"{target}: already installed; use --force to replace it")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(".tmp")
        tmp.write_text("\n".join(lexicon.words) + "\n", encoding="ascii")
        tmp.replace(target)
    except OSError as e:
        raise LexiconError(f"{target}: cannot install ({e.strerror})") from None
    return Lexicon(name, lexicon.words, lexicon.sha256, str(target), lexicon.skipped), target


def fetch(name: str, force: bool = False) -> tuple[Lexicon, Path]:
    """Download a known lexicon from its canonical URL (pooch), verify its identity, install it.

    This is the only function in letterplay that uses the network.
    """
    known = KNOWN.get(name)
    if known is None:
        raise LexiconError(f"cannot fetch {name!r}: only {', '.join(KNOWN)} can be downloaded")
    target = installed_dir() / f"{name}.txt"
    if target.exists() and not force:
        raise LexiconError(f"{target}: already installed; use --force to replace it")
    import tempfile

    import pooch

    with tempfile.TemporaryDirectory() as tmp:
        try:
            # The raw file's bytes vary (CRLF); its normalised identity is what install() checks.
            downloaded = pooch.retrieve(known.url, known_hash=None, path=tmp, progressbar=False)
        except Exception as e:  # network errors come in many types; all mean the same here
            reason = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise LexiconError(f"cannot download {name} from {known.url}: {reason}") from None
        return install(name, downloaded, force=force)


def zipf_floor_mask(lexicon: Lexicon, min_zipf: float | None) -> np.ndarray:
    """Boolean mask of the words at or above ``min_zipf`` (all words when it is None)."""
    if min_zipf is None or (isinstance(min_zipf, float) and math.isnan(min_zipf)):
        return np.ones(len(lexicon), dtype=bool)
    return lexicon.zipfs >= np.float32(min_zipf)
