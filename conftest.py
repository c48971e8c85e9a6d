"""Test set-up shared by the test suite and the library's doctests (``--doctest-modules``).

Nothing a test or an example does touches the user's own letterplay folders: the data and cache
dirs point into temporary folders for the whole session. Modules whose optional dependencies
are not installed (the web app without starlette) are left out of doctest collection.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

collect_ignore_glob = ["scripts/*", "benchmarks/*", "build/*"]
if importlib.util.find_spec("starlette") is None:
    collect_ignore_glob.append("src/letterplay/web/*")


@pytest.fixture(scope="session", autouse=True)
def isolated_dirs(tmp_path_factory: pytest.TempPathFactory):
    """Point letterplay's user data and cache dirs at temporary folders for the session."""
    names = ("LETTERPLAY_HOME", "LETTERPLAY_CACHE")
    saved = {name: os.environ.get(name) for name in names}
    os.environ["LETTERPLAY_HOME"] = str(tmp_path_factory.mktemp("home"))
    os.environ["LETTERPLAY_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
