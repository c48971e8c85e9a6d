"""Writing output files safely: checked before the work, written atomically after it.

An output file is checked *before* a command computes anything (its suffix, its folder, and that
it does not exist unless overwriting was asked for), then written to a temporary file in the same
folder and renamed over the target, so a failure midway (a full disk, an interrupt, a renderer
error) never leaves a cut-off file, and never damages the file it would have replaced. Errors name
the file.

Examples
--------
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> target = check_output(folder / "hive.svg", overwrite=False, suffixes=(".svg", ".png"))
>>> write_atomic(target, "<svg/>", overwrite=False).read_text()
'<svg/>'
>>> oct(target.stat().st_mode & 0o777) == oct(0o666 & ~_umask())
True
>>> check_output(folder / "hive.svg", overwrite=False, suffixes=(".svg",))
Traceback (most recent call last):
...
letterplay.files.OutputExistsError: ...hive.svg: already exists

References
----------
- ``os.replace`` (an atomic rename on POSIX): https://docs.python.org/3/library/os.html#os.replace
- ``os.link`` fails if the target exists, which makes a write without overwriting exclusive:
  https://pubs.opengroup.org/onlinepubs/9699919799/functions/link.html
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from letterplay.errors import InputError, LetterplayError

__all__ = ["OutputExistsError", "check_output", "write_atomic"]


class OutputExistsError(InputError):
    """The output file exists and overwriting was not asked for."""


def check_output(path: str | Path, overwrite: bool, suffixes: tuple[str, ...]) -> Path:
    """Check an output path before any work: a known suffix, an existing folder, and no
    existing file unless ``overwrite``."""
    path = Path(path)
    if path.suffix.lower() not in suffixes:
        raise InputError(f"{path}: output must end in {' or '.join(suffixes)}")
    if path.is_dir():
        raise InputError(f"{path}: is a directory")
    if path.exists() and not overwrite:
        raise OutputExistsError(f"{path}: already exists")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise InputError(f"{parent}: no such directory")
    return path


def write_atomic(path: str | Path, content: str | bytes, overwrite: bool) -> Path:
    """Write ``content`` to ``path`` through a temporary file in the same folder and a rename.

    Without ``overwrite`` an existing file is never replaced, even one created by another process
    while this one was working (the final step is an exclusive hard link, not a rename).
    """
    path = Path(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    parent = path.parent if str(path.parent) else Path(".")
    fd, tmp_name = _temporary(parent, path)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(
                f.fileno(), 0o666 & ~_umask()
            )  # mkstemp makes 0600; outputs are ordinary files
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        _publish(tmp, path, overwrite)
    except OSError as e:
        raise LetterplayError(f"{path}: cannot write: {e.strerror or e}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    return path


def _umask() -> int:
    """The process's umask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _temporary(parent: Path, path: Path) -> tuple[int, str]:
    import tempfile  # here: most commands write no file, and its import costs 4 ms

    try:
        return tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=parent)
    except OSError as e:
        raise LetterplayError(f"{path}: cannot write: {e.strerror or e}") from None


def _publish(tmp: Path, path: Path, overwrite: bool) -> None:
    """Move the finished temporary file into place, atomically."""
    if overwrite:
        os.replace(tmp, path)
        return
    try:
        os.link(tmp, path)  # fails if path exists: exactly one writer wins
    except FileExistsError:
        raise OutputExistsError(f"{path}: already exists") from None
    except OSError:  # a file system without hard links: check, then rename
        if path.exists():
            raise OutputExistsError(f"{path}: already exists") from None
        os.replace(tmp, path)
