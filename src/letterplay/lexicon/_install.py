"""Installing, downloading and exporting word lists (atomically, never overwriting unasked).

Examples
--------
>>> import pathlib, tempfile
>>> from letterplay.lexicon import Lexicon
>>> target = pathlib.Path(tempfile.mkdtemp()) / "tiny.txt"
>>> export(Lexicon.from_words(["fig", "apple"]), target).read_text()
'apple\\nfig\\n'
"""

from __future__ import annotations

from pathlib import Path

from letterplay.errors import LexiconError, shown
from letterplay.lexicon._catalog import BUNDLED, DOWNLOADS, DownloadableList, installed_dir
from letterplay.lexicon._lexicon import Lexicon
from letterplay.lexicon._words import NAME

__all__ = ["AlreadyInstalledError", "export", "fetch", "install"]


class AlreadyInstalledError(LexiconError):
    """A lexicon of that name is installed and replacing it was not asked for."""


def _check_install_name(name: str) -> None:
    if not isinstance(name, str) or not NAME.fullmatch(name) or name in BUNDLED:
        bundled = ", ".join(BUNDLED)
        raise LexiconError(
            f"cannot install a lexicon named {shown(name)} (use lower-case letters, digits, - "
            f"or _; {bundled} are bundled)"
        )


def _entries_text(lexicon: Lexicon) -> str:
    """The normalised list as installed: ``word`` lines, or ``word<TAB>p`` when it has them."""
    if lexicon.probabilities is None:
        return lexicon.to_text()
    lines = (f"{w}\t{p:.6g}" for w, p in zip(lexicon.words, lexicon.probabilities, strict=True))
    return "\n".join(lines) + "\n"


def install(name: str, source: str | Path, force: bool = False) -> tuple[Lexicon, Path]:
    """Install the word list file ``source`` under ``name`` in the user data dir.

    The installed file holds the normalised list. A downloadable name with a known identity
    must have it. Installing is atomic and exclusive: of several installs of one name at once,
    exactly one wins and the others fail; an existing installation is replaced only with
    ``force``.
    """
    from letterplay.files import OutputExistsError, write_atomic

    _check_install_name(name)
    lexicon = Lexicon.from_file(source, name=name)
    known = DOWNLOADS.get(name)
    if known and known.sha256 and lexicon.sha256 != known.sha256:
        raise LexiconError(
            f"{source}: is not {name}: its identity is {lexicon.sha256[:12]}… "
            f"({len(lexicon)} words), {name} has {known.sha256[:12]}…"
        )
    target = installed_dir() / f"{name}.txt"
    if target.exists() and not force:
        raise AlreadyInstalledError(
            f"{target}: already installed; pass `force=True` to replace it", parameter="force"
        )
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, _entries_text(lexicon), overwrite=force)
    except OutputExistsError:
        raise AlreadyInstalledError(
            f"{target}: already installed; pass `force=True` to replace it", parameter="force"
        ) from None
    except OSError as e:
        raise LexiconError(f"{target}: cannot install ({e.strerror})") from None
    installed = Lexicon(
        name,
        lexicon.words,
        lexicon.sha256,
        source=str(target),
        skipped=lexicon.skipped,
        probabilities=lexicon.probabilities,
    )
    return installed, target


def export(lexicon: Lexicon, path: str | Path, overwrite: bool = False) -> Path:
    """Write ``lexicon`` as a plain word list (one word a line) to ``path``, atomically; an
    existing file is replaced only with ``overwrite``.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "tiny.txt"
    >>> export(Lexicon.from_words(["fig", "apple"]), target).read_text()
    'apple\\nfig\\n'
    """
    from letterplay.files import check_output, write_atomic

    target = check_output(path, overwrite, suffixes=(".txt", ".lst", ""))
    return write_atomic(target, lexicon.to_text(), overwrite)


def fetch(name: str, force: bool = False) -> tuple[Lexicon, Path]:
    """Download a known lexicon from its canonical URL (pooch), verify it, install it.

    A list whose identity letterplay pins (``DOWNLOADS[name].sha256``) is refused unless the
    download has it; one without a pinned identity (today: sowpods, never downloaded where
    letterplay is built) is installed unverified. This is the only function in letterplay that
    uses the network.
    """
    known = DOWNLOADS.get(name)
    if known is None:
        if name in BUNDLED:
            raise LexiconError(f"{shown(name)} is bundled with letterplay: nothing to download")
        raise LexiconError(
            f"cannot fetch {shown(name)}: only {', '.join(DOWNLOADS)} can be downloaded"
        )
    target = installed_dir() / f"{name}.txt"
    if target.exists() and not force:
        raise AlreadyInstalledError(
            f"{target}: already installed; pass `force=True` to replace it", parameter="force"
        )
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        downloaded = _download(known, tmp)
        return install(name, downloaded, force=force)


def _download(known: DownloadableList, folder: str) -> str:
    import logging

    import pooch

    # pooch logs a "Downloading file …" line before it tries: one error line is all we print.
    logger = pooch.get_logger()
    level = logger.level
    logger.setLevel(logging.WARNING)
    try:
        # The raw file's bytes vary (CRLF); its normalised identity is what install() checks.
        return pooch.retrieve(known.url, known_hash=None, path=folder, progressbar=False)
    except Exception as e:  # network errors come in many types; all mean the same here
        reason = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise LexiconError(f"cannot download {known.name} from {known.url}: {reason}") from None
    finally:
        logger.setLevel(level)
