"""Pictures of puzzles and results, drawn with matplotlib's object API (no GUI backend needed).

One module per picture kind; each takes a library result and returns the picture, SVG text or
PNG bytes, and the caller (the command line, the web app) writes or serves it. matplotlib is
imported only by the drawing functions themselves, never by importing this package. An operation
whose product is a picture returns a :class:`Picture`: what it shows, and how to draw it.

Examples
--------
>>> picture_format("table.SVG")
'svg'
>>> hello = Picture({"text": "hello"}, lambda fmt: f"<svg>{fmt}</svg>")
>>> hello.to_dict(), hello.draw("svg")
({'text': 'hello'}, '<svg>svg</svg>')
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from letterplay import validate
from letterplay.results import Result

__all__ = ["FORMATS", "Picture", "check_format", "figure_picture", "picture_format"]


@dataclass(frozen=True)
class Picture(Result):
    """A picture to draw: ``shows`` says what it shows (its JSON), ``draw(fmt)`` makes it, SVG
    text for ``"svg"`` and PNG bytes for ``"png"``."""

    shows: dict[str, Any]
    draw: Callable[[str], str | bytes] = field(repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.shows)


FORMATS = ("svg", "png")


def picture_format(name: str | Path) -> str:
    """The picture format a file name asks for, ``"svg"`` or ``"png"`` (from its suffix).

    Examples
    --------
    >>> picture_format("hive.png")
    'png'
    """
    return check_format(Path(name).suffix.lower().lstrip(".") or str(name))


def check_format(fmt: object) -> str:
    """``fmt`` when it is a picture format (``"svg"`` or ``"png"``); else an InputError."""
    return validate.one_of("fmt", fmt, FORMATS)


def figure_picture(figure: Any, fmt: str, dpi: int = 120) -> str | bytes:
    """A matplotlib figure as SVG text (``fmt="svg"``) or PNG bytes (``fmt="png"``).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> figure_picture(Figure(figsize=(1, 1)), "svg").lstrip().startswith("<?xml")
    True
    """
    check_format(fmt)
    out = io.BytesIO()
    figure.savefig(out, format=fmt, dpi=dpi)
    return out.getvalue().decode("utf-8") if fmt == "svg" else out.getvalue()


def _quiet_matplotlib_config() -> None:
    """Give matplotlib a writable config folder before it is imported, so that an unwritable
    HOME does not make it print warnings around a command's own output."""
    if os.environ.get("MPLCONFIGDIR"):
        return
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "matplotlib"
    try:
        config.mkdir(parents=True, exist_ok=True)
        if os.access(config, os.W_OK):
            return
    except OSError:
        pass
    import tempfile  # here: only a drawing without a writable configuration folder needs it

    # One folder per user, kept between runs so matplotlib's font cache is built only once.
    fallback = Path(tempfile.gettempdir()) / f"letterplay-matplotlib-{os.getuid()}"
    with contextlib.suppress(OSError):
        fallback.mkdir(mode=0o700, exist_ok=True)
    if not (fallback.is_dir() and os.access(fallback, os.W_OK)):
        fallback = Path(tempfile.mkdtemp(prefix="letterplay-matplotlib-"))
    os.environ["MPLCONFIGDIR"] = str(fallback)


_quiet_matplotlib_config()
