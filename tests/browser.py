"""What the browser tests share: the web app served in a thread, the system's Chromium driven by
Playwright, and plain requests to the local server.

pytest + Playwright's Python package drive the system's Chromium headless (``/usr/bin/chromium``,
or ``$CHROMIUM``) against ``letterplay serve`` running on a free 127.0.0.1 port in a thread.
Skipped with a one-line reason when Playwright or Chromium is missing, but failed under
``CI=true``. The fixtures ``base`` and ``browser`` are in ``conftest.py``.
"""

from __future__ import annotations

import json
import os
import urllib.request

import pytest

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "LOOPBACK", "get", "missing"]

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def missing(reason: str):
    """Skip with ``reason``; under ``CI=true``, fail with it."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason)
    pytest.skip(reason)


LOOPBACK = urllib.request.build_opener(urllib.request.ProxyHandler({}))
"""Talks to the local server directly, whatever proxies the environment names."""


def get(base: str, path: str) -> dict:
    """The JSON answer of the local server at ``path``."""
    with LOOPBACK.open(base + path, timeout=60) as response:
        return json.load(response)
