"""``letterplay cache``: its results as text for people."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

    from letterplay.cache import CacheInfo

__all__ = ["RENDER"]


def _size(n: int) -> str:
    """``1.0 GB``, ``1.5 MB``, ``812 bytes`` (binary multiples).

    >>> _size(2**30), _size(1_572_864), _size(812)
    ('1.0 GB', '1.5 MB', '812 bytes')
    """
    if n >= 2**30:
        return f"{n / 2**30:,.1f} GB"
    return f"{n / 2**20:,.1f} MB" if n >= 2**20 else f"{n:,} bytes"


def info(console: Console, result: CacheInfo, output: Path | None) -> None:
    console.print(
        f"{result.folder}: {result.entries:,} entries, {_size(result.bytes)} "
        f"(at most {_size(result.max_bytes)})"
    )


def clear(console: Console, result: CacheInfo, output: Path | None) -> None:
    console.print(
        f"removed {result.entries:,} entries ({_size(result.bytes)}) from {result.folder}"
    )


RENDER = {"info": info, "clear": clear}
