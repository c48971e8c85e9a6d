"""The catalog of word lists: bundled, in ``$LETTERPLAY_DATA``, installed, downloadable.

Lexicons are named by one registry of *bundled lists*, shipped inside the package
(:data:`BUNDLED`: ``enable1``, the default, ``common`` and the NY Times lists), then by word
lists in ``$LETTERPLAY_DATA`` and those installed with ``letterplay lexicon add NAME FILE`` or
downloaded with ``letterplay lexicon fetch NAME`` (:data:`DOWNLOADS`). Any word list file works
as well. :func:`load` reads a list once per process.

Examples
--------
>>> load("enable1").info()["words"]
172820
>>> find("enable1").name
'enable1.txt.gz'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from letterplay.dirs import data_env_dir, user_data_dir
from letterplay.errors import InputError, LexiconError, named, shown
from letterplay.lexicon._lexicon import Lexicon
from letterplay.lexicon._words import NAME

__all__ = [
    "BUNDLED",
    "DEFAULT",
    "DOWNLOADS",
    "ENABLE1_SHA256",
    "BundledList",
    "CatalogEntry",
    "DownloadableList",
    "as_lexicon",
    "catalog",
    "find",
    "installed_dir",
    "load",
]

DATA = Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True)
class BundledList:
    """A word list shipped inside the package: ``data/FILE``, one entry a line (``word`` or
    ``word<TAB>p``), plain or gzipped. ``sha256``, when given, is its identity, checked by the
    tests (and by ``lexicon info``)."""

    name: str
    file: str
    description: str
    licence: str
    sha256: str | None = None

    @property
    def path(self) -> Path:
        return DATA / self.file


@dataclass(frozen=True)
class DownloadableList:
    """A word list ``lexicon fetch NAME`` can download. ``sha256``, when given, is the identity
    the download must have (else it is refused); a list without one is installed unverified, and
    the command says so."""

    name: str
    url: str
    description: str
    licence: str
    sha256: str | None = None


ENABLE1_SHA256 = "f32e6fbdc4cf9c8ec1d992193d7ac33e773fc850ba47ebe2c791ab9d61913d49"

BUNDLED: dict[str, BundledList] = {
    entry.name: entry
    for entry in (
        BundledList(
            "enable1",
            "enable1.txt.gz",
            "ENABLE, 172,820 words: the list of the puzzles' classic write-ups",
            licence="public domain",
            sha256=ENABLE1_SHA256,
        ),
        BundledList(
            "common",
            "common.txt",
            "21,897 words of Zipf 3+ that dictionaries list (wordfreq)",
            licence="CC BY-SA 4.0",
            sha256="a8625eb493efa7764bef9ac4891d3a60482c88e980046b03177c21b3f9f97d1f",
        ),
        BundledList(
            "nyt-bee",
            "nyt-bee.txt.gz",
            "NY Times Spelling Bee words, with probabilities",
            licence="derived: scripts/build_nyt.py",
            sha256="3b0e24b653eb00b1d7eb7b1447437f86a87903a64261ee1f8e408d338bf21afa",
        ),
        BundledList(
            "nyt-letterboxed",
            "nyt-letterboxed.txt.gz",
            "NY Times Letter Boxed words, NYT-like ranking",
            licence="derived: scripts/build_nyt.py",
            sha256="d8c03642eff55edb6bd27e221a067193a172d9803c67f1de8928c36d2dbe19e8",
        ),
    )
}
"""Every bundled list by name: adding a list to letterplay is one entry here plus its file."""

DOWNLOADS: dict[str, DownloadableList] = {
    entry.name: entry
    for entry in (
        DownloadableList(
            "sowpods",
            "https://norvig.com/ngrams/sowpods.txt",
            "SOWPODS (Collins Scrabble Words 2006)",
            "Collins; not shipped",
        ),
    )
}
"""The lists ``lexicon fetch NAME`` downloads (the only network access letterplay makes)."""

DEFAULT = "enable1"


@dataclass(frozen=True)
class CatalogEntry:
    """One row of ``lexicon list``: a name, where it comes from, its file (or None) and what it
    is. ``origin`` is ``bundled``, ``data`` ($LETTERPLAY_DATA), ``installed`` or
    ``downloadable`` (not installed yet)."""

    name: str
    origin: str
    path: Path | None
    description: str
    licence: str = ""

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "origin": self.origin,
            "installed": self.path is not None,
            "path": str(self.path) if self.path else None,
            "description": self.description,
            "licence": self.licence,
            "default": self.name == DEFAULT,
        }


def installed_dir() -> Path:
    """Where ``lexicon add`` and ``lexicon fetch`` install named lexicons."""
    return user_data_dir() / "lexicons"


def _user_lists() -> list[tuple[str, Path]]:
    """``(name, file)`` of the lists in ``$LETTERPLAY_DATA`` and the user data dir, in that
    order of precedence."""
    env = data_env_dir()
    found = []
    for origin, folder in (("data", env), ("installed", installed_dir())):
        if folder is not None and folder.is_dir():
            found += [(origin, p) for p in sorted(folder.glob("*.txt")) if NAME.fullmatch(p.stem)]
    return found


def find(name: str) -> Path | None:
    """The file of the named lexicon: bundled, then ``$LETTERPLAY_DATA/NAME.txt``, then the user
    data dir; None when there is none.

    Examples
    --------
    >>> find("enable1").name
    'enable1.txt.gz'
    """
    if not isinstance(name, str):
        raise InputError(f"`name` must be a string, not {type(name).__name__}", parameter="name")
    if name in BUNDLED:
        return BUNDLED[name].path
    env = data_env_dir()
    for folder in ([env] if env else []) + [installed_dir()]:
        path = folder / f"{name}.txt"
        if _is_file(path):
            return path
    return None


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a file; False for a name no file can have (too long, say)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def catalog() -> list[CatalogEntry]:
    """Every lexicon letterplay can name: bundled, in ``$LETTERPLAY_DATA``, installed by the
    user, and downloadable.

    Examples
    --------
    >>> [e.name for e in catalog() if e.origin == "bundled"][:2]
    ['enable1', 'common']
    """
    entries = [
        CatalogEntry(b.name, "bundled", b.path, b.description, licence=b.licence)
        for b in BUNDLED.values()
    ]
    seen = set(BUNDLED)
    for origin, path in _user_lists():
        if path.stem not in seen:
            seen.add(path.stem)
            known = DOWNLOADS.get(path.stem)
            what = known.description if known else f"word list in {path.parent}"
            entries.append(
                CatalogEntry(path.stem, origin, path, what, licence=known.licence if known else "")
            )
    for d in DOWNLOADS.values():
        if d.name not in seen:
            entry = CatalogEntry(d.name, "downloadable", None, d.description, licence=d.licence)
            entries.append(entry)
    return entries


_loaded: dict[tuple[str, str | None, float, int], Lexicon] = {}


def _looks_like_path(spec: str) -> bool:
    return "/" in spec or "\\" in spec or spec.startswith(".") or Path(spec).suffix != ""


def as_lexicon(value: object, name: str = "lexicon") -> Lexicon:
    """The lexicon a puzzle function is given as its ``lexicon`` keyword: a :class:`Lexicon`,
    a catalog name, a word list file, or None for the default (:data:`DEFAULT`).

    Examples
    --------
    >>> as_lexicon(None).name, as_lexicon("common").name
    ('enable1', 'common')
    >>> as_lexicon(3.5)
    Traceback (most recent call last):
    ...
    letterplay.errors.InputError: `lexicon` must be a Lexicon, a catalog name or a word list \
file, not float
    """
    if isinstance(value, Lexicon):
        return value
    if value is None or isinstance(value, str | Path):
        return load(value)
    raise InputError(
        f"{named(name)} must be a Lexicon, a catalog name or a word list file, "
        f"not {type(value).__name__}",
        parameter=name,
    )


def load(spec: str | Path | None = None) -> Lexicon:
    """The lexicon named by ``spec``: a catalog name, a file path, or None for the default
    (:data:`DEFAULT`, the bundled enable1). A bare name that is not in the catalog but is an
    existing file is read as that file.

    Examples
    --------
    >>> load().name, load("common").name
    ('enable1', 'common')
    >>> load(123)
    Traceback (most recent call last):
    ...
    letterplay.errors.LexiconError: `spec` must be a lexicon name or a file path, not 123
    """
    spec = DEFAULT if spec is None else spec
    if not isinstance(spec, str | Path) or (isinstance(spec, str) and not spec.strip()):
        raise LexiconError(
            f"`spec` must be a lexicon name or a file path, not {shown(spec)}", parameter="spec"
        )
    path, name = _resolve(spec)
    try:
        stat = path.stat()
    except (OSError, ValueError):  # missing, or a name no file can have (too long, a NUL)
        raise LexiconError(f"{shown(path)}: no such file") from None
    key = (str(path.resolve()), name, stat.st_mtime, stat.st_size)
    if key not in _loaded:
        lexicon = Lexicon.from_file(path, name=name)
        _check_pinned(lexicon, path)
        _loaded[key] = lexicon
    return _loaded[key]


def _resolve(spec: str | Path) -> tuple[Path, str | None]:
    """The file and catalog name (None for a plain file) that ``spec`` names."""
    if isinstance(spec, Path) or _looks_like_path(spec):
        return Path(spec), None
    found = find(spec)
    if found is not None:
        return found, spec
    if _is_file(Path(spec)):
        return Path(spec), None
    raise LexiconError(_not_found_message(spec))


def _check_pinned(lexicon: Lexicon, path: Path) -> None:
    bundled = BUNDLED.get(lexicon.name)
    if bundled and bundled.sha256 and lexicon.sha256 != bundled.sha256 and path == bundled.path:
        raise LexiconError(
            f"{path}: is not {bundled.name} (identity {lexicon.sha256[:12]}…, expected "
            f"{bundled.sha256[:12]}…); reinstall letterplay"
        )


def _not_found_message(name: str) -> str:
    if name in DOWNLOADS:
        return (
            f"lexicon {shown(name)} is not installed; run `letterplay lexicon fetch {name}` or "
            f"`letterplay lexicon add {name} FILE`"
        )
    names = ", ".join(e.name for e in catalog())
    if len(names) > 50:  # the message stays one short line; `lexicon list` shows them all
        names = names[: names.rfind(", ", 0, 48)] + ", …"
    return f"unknown lexicon {shown(name)}; known: {names}, or a word list file path"
