"""The Starlette application: pages, their static files and the JSON API.

- ``/`` and ``/bee``, ``/letterboxed``, ``/anigrams``, ``/multiplet``: the pages (plain HTML,
  CSS and ES modules from the package's ``static`` folder; they read their puzzle from the URL).
- ``/static/…``: files of that folder and nothing outside it.
- Any other address: 404 with a page that names the puzzles and links to them.
- ``/api/<command path>``: :func:`letterplay.web.api.answer` run in a worker thread, so a long
  search never blocks the event loop, and cut off after ``max_seconds`` (HTTP 503).

Fair and stoppable work. Operations are cheap or heavy (``heavy`` in their description,
:class:`letterplay.commands.Command`). Cheap ones run in threads of their own, so a heavy search
never makes them wait. At most ``heavy`` heavy requests compute at once; another waits up to
``queue_seconds`` for its turn, then is answered 503 with ``Retry-After``: under a flood, it is
better to say "busy" at once than to queue for the whole time limit. Every heavy request is given
a :class:`~letterplay.progress.Cancellation` as its ``progress``: when its time runs out, or its
client goes away, the search raises :class:`~letterplay.errors.Cancelled` at its next progress
report (every long loop reports, at least every few tenths of a second) and frees what it held.
A heavy slot is given back only when its thread has finished, so stopped searches can never pile
up. Threads that are told to stop were chosen over processes that are killed: a worker process
holds its own copy of the lexicons and indexes it uses (about 170 MB for the four games on
enable1) and a fresh one takes 1.5–2 s of a core to start and warm up, which a flood of timed-out
requests would pay again and again; a thread shares the loaded lexicons and stops in well under
a second.

Bad input is HTTP 400 with ``{"error": "<one line>"}``. Only the host names of the local
machine are answered (a defence against DNS rebinding), and pages may load nothing from
elsewhere (a Content-Security-Policy of ``'self'``).

References
----------
- Starlette: https://www.starlette.io/
- DNS rebinding: https://en.wikipedia.org/wiki/DNS_rebinding
- Retry-After: https://www.rfc-editor.org/rfc/rfc9110#name-retry-after
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import threading
import time
from asyncio import FIRST_COMPLETED
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from letterplay.errors import Cancelled, LetterplayError
from letterplay.progress import Cancellation
from letterplay.results import to_json
from letterplay.web import api

__all__ = ["HEAVY", "LOCAL_HOSTS", "PAGES", "QUEUE_SECONDS", "STATIC", "Work", "create_app"]

STATIC = Path(__file__).resolve().parent / "static"
GAMES = ("bee", "letterboxed", "anigrams", "multiplet")
PAGES = {"/": "index.html", **{f"/{name}": f"{name}.html" for name in GAMES}}
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")
HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "content-security-policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
}
HEAVY = 2
"""Heavy requests computed at once: one per core of a small machine. (Threads share one
interpreter, so more would hardly finish sooner; they would slow the cheap requests.)"""
QUEUE_SECONDS = 2.0
"""How long a heavy request waits for its turn before it is answered 503."""
RETRY_AFTER = 5
"""Seconds a busy answer asks the client to wait (its ``Retry-After`` header)."""
log = logging.getLogger("letterplay.web")


def error(message: str, status: int) -> JSONResponse:
    """``{"error": message}`` with ``status``, the message on one line."""
    return JSONResponse({"error": " ".join(str(message).split())}, status_code=status)


class SecurityHeaders:
    """ASGI middleware adding :data:`HEADERS` to every HTTP response."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                extra = [(k.encode(), v.encode()) for k, v in HEADERS.items()]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class Work:
    """What the app computes: how many worker threads are computing an answer now, and the
    :class:`~letterplay.progress.Cancellation` of each heavy request in flight. Kept in
    ``app.state.work`` (tests and benchmarks read it; nothing on the web shows it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.computing = 0
        """Worker threads computing an answer (0: the server is idle)."""
        self.searches: set[Cancellation] = set()

    def run(self, call: Callable[[], Any]) -> Any:
        """``call()`` in a worker thread, counted in :attr:`computing`."""
        with self._lock:
            self.computing += 1
        try:
            return call()
        finally:
            with self._lock:
                self.computing -= 1

    def stop_all(self, reason: str) -> None:
        """Tell every heavy search in flight to stop."""
        for search in list(self.searches):
            search.cancel(reason)


def create_app(
    allowed_hosts: Sequence[str] | None = None,
    max_seconds: float = api.MAX_SECONDS,
    workers: int = 4,
    default_lexicon: str | None = None,
    heavy: int = HEAVY,
    queue_seconds: float = QUEUE_SECONDS,
) -> Starlette:
    """The web app. ``allowed_hosts``: Host names it answers (default: this machine's loopback
    names); ``max_seconds``: the time limit of one API request; ``workers``: threads that
    compute cheap API answers; ``heavy``: heavy requests computed at once (each in a thread of
    its own); ``queue_seconds``: how long a heavy request waits for its turn before the answer
    is 503; ``default_lexicon``: the catalog lexicon of requests that name none (None: the
    command line's default)."""
    cheap_threads = ThreadPoolExecutor(workers, thread_name_prefix="letterplay-api")
    heavy_threads = ThreadPoolExecutor(heavy, thread_name_prefix="letterplay-search")
    turns = asyncio.Semaphore(heavy)
    work = Work()

    async def api_route(request: Request) -> Response:
        path = request.path_params["path"].strip("/")
        if path == "web/config":  # what the pages need to know about this server
            return JSONResponse({"default_lexicon": default_lexicon})
        if path not in api.ENDPOINTS:
            return error(f"no API /api/{path} (known: {', '.join(sorted(api.ENDPOINTS))})", 404)
        query = request.query_params.multi_items()
        command = api.ENDPOINTS[path]
        started = time.monotonic()
        if command.heavy:
            try:
                await asyncio.wait_for(turns.acquire(), queue_seconds)
            except TimeoutError:
                return _busy(path, heavy)
        left = max(0.0, max_seconds - (time.monotonic() - started))
        stop = Cancellation(left)
        call = functools.partial(
            api.answer, path, query, default_lexicon, progress=stop, seconds=left
        )
        future = asyncio.get_running_loop().run_in_executor(
            heavy_threads if command.heavy else cheap_threads, work.run, call
        )
        if command.heavy:
            work.searches.add(stop)
            # the turn is given back when the thread is done, not when the answer is: a search
            # told to stop holds its turn until it has stopped
            future.add_done_callback(lambda _: (turns.release(), work.searches.discard(stop)))
        future.add_done_callback(_retrieve)
        gone = asyncio.ensure_future(_disconnected(request))
        try:
            await asyncio.wait({future, gone}, timeout=left, return_when=FIRST_COMPLETED)
        finally:
            gone.cancel()
        if not future.done():
            stop.cancel("no one waits for the answer" if gone.done() else "its time ran out")
            return _too_long(path, max_seconds)
        try:
            payload = future.result()
            return Response(to_json(payload), media_type="application/json")
        except Cancelled:
            return _too_long(path, max_seconds)
        except LetterplayError as e:
            return error(str(e), 400)
        except Exception as e:  # a bug, not bad input: say so in one line and log it
            log.exception("/api/%s failed", path)
            return error(f"internal error: {type(e).__name__}: {e}", 500)

    def page(name: str):
        async def endpoint(request: Request) -> Response:
            return FileResponse(STATIC / name, headers={"cache-control": "no-cache"})

        return endpoint

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        # Load the default lexicon in the background so the first page is quick.
        asyncio.get_running_loop().run_in_executor(cheap_threads, _warm_up, default_lexicon)
        yield
        work.stop_all("the server is stopping")
        for threads in (cheap_threads, heavy_threads):
            threads.shutdown(wait=False, cancel_futures=True)

    routes = [Route(p, page(f), methods=["GET", "HEAD"]) for p, f in PAGES.items()]
    routes += [
        Route("/api/{path:path}", api_route, methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    hosts = list(allowed_hosts) if allowed_hosts is not None else list(LOCAL_HOSTS)
    middleware = [
        Middleware(SecurityHeaders),
        Middleware(TrustedHostMiddleware, allowed_hosts=hosts),
    ]
    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={404: _not_found},
    )
    app.state.work = work
    return app


async def _not_found(request: Request, exc: HTTPException) -> Response:
    """404: a page with the site's navigation for a person, ``{"error": …}`` under ``/api/``."""
    if request.url.path.startswith("/api/"):
        return error(f"no API {request.url.path}", 404)
    return HTMLResponse(
        (STATIC / "notfound.html").read_text(encoding="utf-8"),
        status_code=404,
        headers={"cache-control": "no-cache"},
    )


def _busy(path: str, heavy: int) -> JSONResponse:
    """503 at once for a heavy request that found every turn taken."""
    searches = f"{heavy} searches" if heavy != 1 else "a search"
    response = error(
        f"/api/{path}: the server is busy with {searches}; try again in a few seconds", 503
    )
    response.headers["retry-after"] = str(RETRY_AFTER)
    return response


def _too_long(path: str, max_seconds: float) -> JSONResponse:
    return error(f"/api/{path} took longer than {max_seconds:g} s; ask for less work", 503)


async def _disconnected(request: Request) -> None:
    """Returns when the client has gone away (the body of a GET is empty: the next message
    after it is the disconnection)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def _retrieve(future: asyncio.Future) -> None:
    """Read the outcome of an abandoned computation, so it is never logged as unread."""
    if not future.cancelled():
        future.exception()


def _warm_up(name: str | None) -> None:
    with contextlib.suppress(LetterplayError):
        api.catalog_lexicon(name).index  # noqa: B018 (builds the letter index once)
