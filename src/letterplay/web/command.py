"""``letterplay serve`` described as the other operations are: the web app on this machine
(pages to play every puzzle, a JSON API).

It lives with the web, not in :mod:`letterplay.commands`: the web app is built from the
operations those modules describe, so a description there that ran the web would be an import
running back up. Starlette and uvicorn are imported only when it runs.

Examples
--------
>>> SERVE.local, SERVE.param("port").default
(True, 8765)
"""

from __future__ import annotations

from collections.abc import Callable

from letterplay.commands import Command, Param

__all__ = ["COMMANDS", "SERVE"]


def _serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    open_browser: bool = False,
    lexicon: str | None = None,
    as_json: bool = False,
    announce: Callable[[str], None] = print,
) -> None:
    from letterplay.web.server import serve  # starlette and uvicorn: only now

    serve(host, port, open_browser, announce=announce, lexicon=lexicon, as_json=as_json)


SERVE = Command(
    "serve",
    "Serve the web app: play and solve every puzzle in a browser; Ctrl-C stops it.\n\n"
    "The JSON API at /api/<command path> answers what the command's --json prints, e.g. "
    "/api/bee/solve?letters=CEFINTV&center=C&lexicon=enable1. --lexicon (a catalog name, not a "
    "file) is the word list of pages and requests that name none; --json announces the address "
    "as one JSON object.",
    _serve,
    (
        Param(
            "host",
            "text",
            "Address to listen on (the default answers this machine only).",
            default="127.0.0.1",
        ),
        Param(
            "port",
            "whole",
            "Port to listen on, 0 to 65535 (0: any free port).",
            default=8765,
            low=0,
            high=65535,
        ),
        Param("open_browser", "flag", "Open the page in a web browser.", word="open"),
    ),
    local=True,
    prints=True,
)

COMMANDS = (SERVE,)
