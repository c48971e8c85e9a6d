"""Where letterplay keeps what it installs and what it caches.

- ``LETTERPLAY_DATA``: a folder of word lists looked in first (``enable1.txt`` …), read-only to us.
- the user data dir (``LETTERPLAY_HOME`` overrides it): lexicons installed by ``lexicon add/fetch``.
- the user cache dir (``LETTERPLAY_CACHE`` overrides it): indexes rebuilt at will, keyed by the
  lexicon's identity hash.

Examples
--------
>>> import os
>>> os.environ["LETTERPLAY_CACHE"] == str(cache_dir())
True

References
----------
- platformdirs (the user data and cache dirs of each platform): https://platformdirs.readthedocs.io
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["APP", "cache_dir", "data_env_dir", "user_data_dir"]

APP = "letterplay"


def data_env_dir() -> Path | None:
    """The folder named by ``$LETTERPLAY_DATA``, if set."""
    value = os.environ.get("LETTERPLAY_DATA")
    return Path(value).expanduser() if value else None


def user_data_dir() -> Path:
    """Where installed lexicons live (``$LETTERPLAY_HOME`` or the platform's user data dir)."""
    value = os.environ.get("LETTERPLAY_HOME")
    if value:
        return Path(value).expanduser()
    import platformdirs  # only when no override is set

    return Path(platformdirs.user_data_dir(APP))


def cache_dir() -> Path:
    """Where costly indexes are cached (``$LETTERPLAY_CACHE`` or the platform's user cache dir)."""
    value = os.environ.get("LETTERPLAY_CACHE")
    if value:
        return Path(value).expanduser()
    import platformdirs  # only when no override is set

    return Path(platformdirs.user_cache_dir(APP))
