"""``letterplay serve`` prints its own output as it runs: nothing to render here."""

from __future__ import annotations

__all__ = ["RENDER"]

RENDER = {"serve": None}  # serve prints its own output as it runs
