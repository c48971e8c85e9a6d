"""The Starlette application: pages, their static files and the JSON API.

- ``/`` and ``/bee``, ``/letterboxed``, ``/anigrams``, ``/multiplet``: the pages (plain HTML,
  CSS and ES modules from the package's ``static`` folder; they read their puzzle from the URL).
- ``/static/…``: files of that folder and nothing outside it.
- ``/api/<command path>``: :func:`letterplay.web.api.answer` run in a worker thread, so a long
  search never blocks the event loop, and cut off after ``max_seconds`` (HTTP 503).

Bad input is HTTP 400 with ``{"error": "<one line>"}``. Only the host names of the local
machine are answered (a defence against DNS rebinding), and pages may load nothing from
elsewhere (a Content-Security-Policy of ``'self'``).

References
----------
- Starlette: https://www.starlette.io/
- DNS rebinding: https://en.wikipedia.org/wiki/DNS_rebinding
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from letterplay.errors import LetterplayError
from letterplay.results import to_json
from letterplay.web import api

__all__ = ["LOCAL_HOSTS", "PAGES", "STATIC", "create_app"]

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


def create_app(
    allowed_hosts: Sequence[str] | None = None,
    max_seconds: float = api.MAX_SECONDS,
    workers: int = 4,
    default_lexicon: str | None = None,
) -> Starlette:
    """The web app. ``allowed_hosts``: Host names it answers (default: this machine's loopback
    names); ``max_seconds``: the time limit of one API request; ``workers``: threads that
    compute API answers; ``default_lexicon``: the catalog lexicon of requests that name none
    (None: the command line's default)."""
    executor = ThreadPoolExecutor(workers, thread_name_prefix="letterplay-api")

    async def api_route(request: Request) -> Response:
        path = request.path_params["path"].strip("/")
        if path == "web/config":  # what the pages need to know about this server
            return JSONResponse({"default_lexicon": default_lexicon})
        if path not in api.ENDPOINTS:
            return error(f"no API /api/{path} (known: {', '.join(sorted(api.ENDPOINTS))})", 404)
        query = request.query_params.multi_items()
        work = functools.partial(api.answer, path, query, default_lexicon)
        future = asyncio.get_running_loop().run_in_executor(executor, work)
        try:
            payload = await asyncio.wait_for(future, max_seconds)
            return Response(to_json(payload), media_type="application/json")
        except LetterplayError as e:
            return error(str(e), 400)
        except TimeoutError:
            return error(f"/api/{path} took longer than {max_seconds:g} s; ask for less work", 503)
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
        asyncio.get_running_loop().run_in_executor(executor, _warm_up, default_lexicon)
        yield
        executor.shutdown(wait=False, cancel_futures=True)

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
    return Starlette(routes=routes, middleware=middleware, lifespan=lifespan)


def _warm_up(name: str | None) -> None:
    with contextlib.suppress(LetterplayError):
        api.catalog_lexicon(name).index  # noqa: B018 (builds the letter index once)
