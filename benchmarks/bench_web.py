"""Web app benchmark on enable1: warm API latency, page load time and a bounded load test.

The app runs as ``letterplay serve`` does (uvicorn, one process) on a free 127.0.0.1 port in a
thread of this process; requests go through real HTTP connections to 127.0.0.1 only.

Targets: warm p95 under 50 ms for ``/api/bee/solve`` and ``/api/letterboxed/solve``; a page
(``/bee`` with its puzzle) ready in a browser in under 1 s; 200 requests, 32 at a time, over a
mix of endpoints, with no error. The page load needs Playwright and Chromium and is skipped
(with a note) without them.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from pathlib import Path

import httpx

from timing import data_dir

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
LATENCY = {
    "bee/solve": "api/bee/solve?letters=CEFINTV&center=C&lexicon=enable1",
    "letterboxed/solve": "api/letterboxed/solve?sides=TAP,ERD,NIL,YCO&lexicon=enable1",
}
MIX = [
    "api/bee/solve?letters=CEFINTV&center=C&lexicon=enable1",
    "api/bee/solve?letters=AEGINRT&center=R&lexicon=enable1",
    "api/letterboxed/solve?sides=TAP,ERD,NIL,YCO&lexicon=enable1",
    "api/letterboxed/words?sides=TAP,ERD,NIL,YCO&lexicon=enable1",
    "api/anigrams/play?seed=5&answers=true&lexicon=enable1",
    "api/ladder?from=cold&to=warm&lexicon=enable1",
    "api/lexicon/list",
    "bee",
    "static/bee.js",
]
REQUESTS, CONCURRENCY, TARGET_MS, PAGE_TARGET_S = 200, 32, 50.0, 1.0


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def latency(base: str, path: str, n: int = 200) -> list[float]:
    """Milliseconds of ``n`` sequential warm requests (after 5 warm-up requests)."""
    times = []
    with httpx.Client(base_url=base, timeout=30, trust_env=False) as client:
        for i in range(n + 5):
            start = time.perf_counter()
            response = client.get(path)
            elapsed = (time.perf_counter() - start) * 1000
            response.raise_for_status()
            if i >= 5:
                times.append(elapsed)
    return times


async def load(base: str) -> tuple[int, int, float, list[float]]:
    """REQUESTS requests over MIX, CONCURRENCY at a time: (ok, errors, seconds, latencies)."""
    limit = asyncio.Semaphore(CONCURRENCY)
    latencies: list[float] = []
    errors = 0
    limits = httpx.Limits(max_connections=CONCURRENCY)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:

        async def one(i: int) -> None:
            nonlocal errors
            async with limit:
                start = time.perf_counter()
                try:
                    response = await client.get(MIX[i % len(MIX)])
                    if response.status_code != 200:
                        errors += 1
                except httpx.HTTPError:
                    errors += 1
                latencies.append((time.perf_counter() - start) * 1000)

        start = time.perf_counter()
        await asyncio.gather(*(one(i) for i in range(REQUESTS)))
        seconds = time.perf_counter() - start
    return REQUESTS - errors, errors, seconds, latencies


def page_load(base: str, repeat: int = 5) -> float | None:
    """Median seconds from navigation to the page's puzzle drawn (``body[data-ready]``)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if not Path(CHROMIUM).is_file():
        return None
    times = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for path in ["bee?letters=CEFINTV&center=C&lexicon=enable1"] * (repeat + 1):
            page = browser.new_page()
            start = time.perf_counter()
            page.goto(base + path)
            page.wait_for_selector("body[data-ready]")
            times.append(time.perf_counter() - start)
            page.close()
        browser.close()
    return statistics.median(times[1:])  # the first one warms the browser


def main() -> None:
    os.environ.setdefault("LETTERPLAY_DATA", str(data_dir()))
    from letterplay.web.server import running

    print("\nweb app (uvicorn on 127.0.0.1, enable1)")
    with running() as base:
        for path in MIX:  # warm every endpoint's caches once
            httpx.get(base + path, timeout=60, trust_env=False).raise_for_status()
        print(f"{'benchmark':44} {'p50':>9} {'p95':>9}  target")
        for name, path in LATENCY.items():
            times = latency(base, path)
            p50, p95 = statistics.median(times), percentile(times, 0.95)
            met = "ok" if p95 < TARGET_MS else "MISSED"
            print(
                f"{'warm /api/' + name:44} {p50:7.1f}ms {p95:7.1f}ms  p95 < {TARGET_MS:g} ms {met}"
            )
        seconds = page_load(base)
        if seconds is None:
            print("page load: skipped (needs playwright and chromium)")
        else:
            met = "ok" if seconds < PAGE_TARGET_S else "MISSED"
            print(
                f"{'page /bee ready (median of 5)':44} {seconds * 1000:7.0f}ms {'':>9}  "
                f"< {PAGE_TARGET_S:g} s {met}"
            )
        ok, errors, seconds, latencies = asyncio.run(load(base))
        met = "ok" if errors == 0 else "MISSED"
        print(
            f"load test: {REQUESTS} requests, {CONCURRENCY} at a time: {ok} ok, {errors} errors "
            f"in {seconds:.2f} s ({REQUESTS / seconds:.0f} req/s; latency p50 "
            f"{statistics.median(latencies):.0f} ms, p95 {percentile(latencies, 0.95):.0f} ms)  "
            f"zero errors {met}"
        )


if __name__ == "__main__":
    main()
