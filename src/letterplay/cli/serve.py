"""``letterplay serve``: the web app on this machine (pages to play every puzzle, a JSON API).

Starlette and uvicorn are imported here only, when the command runs.
"""

from __future__ import annotations

import click

__all__ = ["serve"]


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on (the default answers this machine only).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8765,
    show_default=True,
    help="Port to listen on, 0 to 65535 (0: any free port).",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a web browser.")
@click.option(
    "--lexicon",
    metavar="NAME",
    default=None,
    help="Word list of pages and requests that name none: a catalog name (not a file). "
    "Default: as every command's.",
)
@click.option("--json", "as_json", is_flag=True, help="Announce the address as one JSON object.")
def serve(host: str, port: int, open_browser: bool, lexicon: str | None, as_json: bool) -> None:
    """Serve the web app: play and solve every puzzle in a browser; Ctrl-C stops it.

    The JSON API at /api/<command path> answers what the command's --json prints, e.g.
    /api/bee/solve?letters=CEFINTV&center=C&lexicon=enable1.
    """
    from letterplay.web.server import serve as run

    run(host, port, open_browser, announce=click.echo, lexicon=lexicon, as_json=as_json)
