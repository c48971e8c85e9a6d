"""Shared test fixtures.

Tests never touch the user's own letterplay folders (see the root ``conftest.py``). Tests that
need enable1 take the ``enable1`` fixture: the list bundled with letterplay, so they run on any
fresh clone. Tests that need the real-data
archives (NY Times puzzles, PACE instances) take ``data_dir``, the folder named by
``$LETTERPLAY_DATA`` (or ``../shared/data`` beside the project): when it is missing they are
skipped on a developer's machine but fail under ``CI=true``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import browser as browsers

ROOT = Path(__file__).resolve().parent.parent


def _find_data_dir() -> Path | None:
    candidates = [os.environ.get("LETTERPLAY_DATA"), str(ROOT.parent / "shared" / "data")]
    for candidate in candidates:
        if candidate and Path(candidate).is_dir():
            return Path(candidate).resolve()
    return None


DATA_DIR = _find_data_dir()


@pytest.fixture(scope="session", autouse=True)
def data_env():
    """``$LETTERPLAY_DATA`` names the real-data folder when there is one, and is unset otherwise
    (the user data and cache dirs are made temporary by the project's root conftest)."""
    saved = os.environ.get("LETTERPLAY_DATA")
    if DATA_DIR is not None:
        os.environ["LETTERPLAY_DATA"] = str(DATA_DIR)
    else:
        os.environ.pop("LETTERPLAY_DATA", None)
    yield
    if saved is None:
        os.environ.pop("LETTERPLAY_DATA", None)
    else:
        os.environ["LETTERPLAY_DATA"] = saved


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """The real-data folder (NY Times puzzles, PACE instances): ``$LETTERPLAY_DATA``."""
    if DATA_DIR is None:
        message = "real-data archives not found: set LETTERPLAY_DATA to their folder"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return DATA_DIR


@pytest.fixture(scope="session")
def enable1():
    """The enable1 lexicon (172,820 words) bundled with letterplay, loaded once per session."""
    from letterplay.lexicon import load

    return load("enable1")


def assert_bad_input(result, fragment: str) -> None:
    """A command failed on bad input: exit 2, one ``error:`` line naming ``fragment``, no
    traceback, nothing on stdout."""
    assert result.exit_code == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert fragment in lines[0], lines[0]
    assert "Traceback" not in result.stderr and result.stdout == ""


@pytest.fixture
def bad_input():
    """``bad_input(result, fragment)``: assert the command failed on bad input with one line."""
    return assert_bad_input


@pytest.fixture
def cli():
    """Run the ``letterplay`` command in-process: ``cli("bee", "solve", ...)`` → click Result."""
    from click.testing import CliRunner

    from letterplay.cli import main

    runner = CliRunner()

    def run(*args: str, input: str | None = None):
        return runner.invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)

    return run


# ----------------------------------------------------------------------------- the browser tests


@pytest.fixture(scope="module")
def base():
    """The URL of the web app, served in a thread for this module."""
    from letterplay.web.server import running

    with running() as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    """The system's Chromium, headless, for this module."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        browsers.missing("playwright is not installed (pip install playwright)")
    if not Path(browsers.CHROMIUM).is_file():
        browsers.missing(f"no Chromium at {browsers.CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=browsers.CHROMIUM, args=browsers.CHROMIUM_ARGS)
        yield browser
        browser.close()
