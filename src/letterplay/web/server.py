"""Running the web app with uvicorn: in the foreground (``letterplay serve``) or in a thread
(tests, screenshots, benchmarks).

The listening socket is bound here, before uvicorn starts, so a port in use is a one-line
:class:`~letterplay.errors.InputError` rather than a log message and an exit.

References
----------
- uvicorn, running programmatically: https://www.uvicorn.org/deployment/#running-programmatically
"""

from __future__ import annotations

import errno
import json
import signal
import socket
import threading
import time
import webbrowser
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import uvicorn
from starlette.applications import Starlette

from letterplay.errors import InputError
from letterplay.web.api import catalog_lexicon
from letterplay.web.app import LOCAL_HOSTS, create_app

__all__ = ["bind", "running", "serve", "url"]


def url(host: str, port: int) -> str:
    """The address to open in a browser."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}/"


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port), or a one-line InputError."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        raise InputError(f"host {host!r} cannot be resolved: {e.strerror}") from None
    family, kind, proto, _, address = infos[0]
    # proto must be IPPROTO_TCP (not 0): asyncio turns Nagle's algorithm off only on such
    # sockets, and with it on every keep-alive response waits 40 ms for a delayed ACK.
    sock = socket.socket(family, kind, proto or socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as e:
        sock.close()
        if e.errno == errno.EADDRINUSE:
            raise InputError(
                f"`port` {port} on {host} is in use; choose another (0 picks any free one)",
                parameter="port",
            ) from None
        raise InputError(f"cannot listen on {host}:{port}: {e.strerror}") from None
    return sock


def _server(
    sock: socket.socket, host: str, lexicon: str | None = None, app: Starlette | None = None
) -> uvicorn.Server:
    hosts = [*LOCAL_HOSTS, host] if host not in ("0.0.0.0", "::", "") else ["*"]
    if app is None:
        app = create_app(allowed_hosts=hosts, default_lexicon=lexicon)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
    return uvicorn.Server(config)


def serve(
    host: str = "127.0.0.1",
    port: int = 8765,
    open_browser: bool = False,
    announce: Callable[[str], None] = print,
    lexicon: str | None = None,
    as_json: bool = False,
) -> None:
    """Serve the app on ``host:port`` until interrupted (Ctrl-C stops it cleanly).

    ``lexicon``: the catalog lexicon of pages and requests that name none (checked and loaded
    before the server starts). ``as_json``: announce the address as one JSON object.
    """
    if lexicon is not None:
        catalog_lexicon(lexicon)
    asked = threading.Event()  # Ctrl-C came: the server is to stop
    server: uvicorn.Server | None = None
    if threading.current_thread() is threading.main_thread():
        # Ctrl-C is how a server is stopped, not an abort (the command line's handler would exit
        # at once). Before uvicorn catches it itself, and after, it asks the server to stop;
        # raised as KeyboardInterrupt instead, one landing in a finaliser or a weak reference's
        # callback would be printed and lost, and the server would never stop.
        def stop(signum: int, frame: object) -> None:
            asked.set()
            if server is not None:
                server.should_exit = True

        signal.signal(signal.SIGINT, stop)
    sock = bind(host, port)
    address = url(host, sock.getsockname()[1])
    server = _server(sock, host, lexicon)
    if asked.is_set():  # Ctrl-C came while binding: uvicorn starts and stops at once
        server.should_exit = True
    try:  # Ctrl-C at any moment, even before uvicorn has started, stops cleanly
        if as_json:
            port = sock.getsockname()[1]
            announce(json.dumps({"url": address, "host": host, "port": port, "lexicon": lexicon}))
        else:
            announce(f"letterplay is serving at {address}  (Ctrl-C to stop)")
        if open_browser:
            threading.Thread(target=_open_when_started, args=(server, address), daemon=True).start()
        server.run(sockets=[sock])
    finally:
        sock.close()
    if not as_json:
        announce("letterplay stopped")


def _open_when_started(server: uvicorn.Server, address: str) -> None:
    for _ in range(200):
        if server.started:
            webbrowser.open(address)
            return
        time.sleep(0.05)


@contextmanager
def running(host: str = "127.0.0.1", port: int = 0, app: Starlette | None = None) -> Iterator[str]:
    """Run the app in a background thread for the ``with`` block; yields its URL.

    Port 0 picks a free port; ``app`` is the app to serve (default: :func:`create_app`'s, for
    this machine's names). The server stops (and the thread ends) when the block exits.
    """
    sock = bind(host, port)
    server = _server(sock, host, app=app)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web server did not start")
            time.sleep(0.02)
        yield url(host, sock.getsockname()[1])
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
