"""Web app benchmark on enable1: warm API latency, page load time, a bounded load test, and
fairness under heavy searches.

The app runs as ``letterplay serve`` does (uvicorn, one process, the same limits) on a free
127.0.0.1 port in a thread of this process; requests go through real HTTP connections to
127.0.0.1 only.

Targets: warm p95 under 50 ms for ``/api/bee/solve`` and ``/api/letterboxed/solve``; a page
(``/bee`` with its puzzle) ready in a browser in under 1 s; 200 requests, 32 at a time, over a
mix of endpoints, with no error. The page load needs Playwright and Chromium and is skipped
(with a note) without them.

Fairness: cheap calls (``/api/bee/solve``, one every 50 ms) answer in under 0.5 s at the 95th
percentile while 8 heavy requests are in flight (8 clients, each sending the next as soon as it
has its answer: the issue's Letter Boxed generator that no board can satisfy, and a mix of
heavy searches), against the same calls without load measured in the same run; and within 2 s of
a 503 at the time limit (30 s) no thread of the server is still computing.
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
CHEAP = "api/bee/solve?letters=CEFINTV&center=C&lexicon=enable1"
# the heavy request: 5,000 tries at boards no word list can meet (30 s and more)
GENERATE = "api/letterboxed/generate?tries=5000&per-side=4&max-solution-words=1&seed={}"
HEAVY_MIX = [
    GENERATE,
    "api/letterboxed/solve?sides=AE,RT,LN,SC,IO,DP,UM,GH&max-words=4&limit=1000&lexicon=enable1",
    "api/multiplet?words=cat,dog,emu,gnu,yak,elk,owl,bee,ant,fox,hen,pig,ram,cow,rat,bat,eel",
    "api/letterboxed/solve?sides=AERT,LNSC,IODP,UMGH&max-words=4&limit=1000&distinct=true",
]
IN_FLIGHT, LOAD_SECONDS, FAIR_TARGET_MS, IDLE_TARGET_S = 8, 20.0, 500.0, 2.0


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


async def cheap_under_load(
    base: str, heavy: list[str], seconds: float
) -> tuple[list[float], dict[int, int]]:
    """Milliseconds of cheap calls (one every 50 ms) while IN_FLIGHT clients each send heavy
    requests one after another (``heavy`` in turn, a new seed each time; none: no load)."""
    limits = httpx.Limits(max_connections=IN_FLIGHT + 4)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits, trust_env=False) as c:
        end = time.monotonic() + seconds
        statuses: dict[int, int] = {}

        async def client(i: int) -> None:
            n = 0
            while time.monotonic() < end:
                n += 1
                path = heavy[(i + n) % len(heavy)].format(1000 * i + n)
                response = await c.get(path)
                statuses[response.status_code] = statuses.get(response.status_code, 0) + 1

        clients = [asyncio.create_task(client(i)) for i in range(IN_FLIGHT if heavy else 0)]
        await asyncio.sleep(1.0 if heavy else 0)
        latencies = []
        while time.monotonic() < end:
            start = time.perf_counter()
            (await c.get(CHEAP)).raise_for_status()
            latencies.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(0.05)
        await asyncio.gather(*clients)
    return latencies, statuses


def idle_after(work, since: float) -> float:
    """Seconds from ``since`` until no worker thread computes (polled every 5 ms)."""
    while work.computing:
        time.sleep(0.005)
    return time.monotonic() - since


def time_to_idle(base: str, work, requests: int = 2) -> list[float]:
    """For ``requests`` heavy requests sent at once, each past the time limit: seconds from its
    503 until the server computes nothing, and the CPU the process used over the next second."""

    async def one(c: httpx.AsyncClient, seed: int) -> float:
        response = await c.get(GENERATE.format(seed))
        assert response.status_code == 503, response.text
        return time.monotonic()

    async def all_at_once() -> list[float]:
        async with httpx.AsyncClient(base_url=base, timeout=120, trust_env=False) as c:
            return await asyncio.gather(*(one(c, 5000 + i) for i in range(requests)))

    answered = asyncio.run(all_at_once())
    idle = idle_after(work, min(answered))
    cpu, wall = time.process_time(), time.monotonic()
    time.sleep(1.0)
    busy = (time.process_time() - cpu) / (time.monotonic() - wall)
    return [idle, busy]


def fairness(base: str, work) -> None:
    """Cheap latency without load and under IN_FLIGHT heavy requests, and time to idle."""
    print(f"\nfairness: cheap /api/bee/solve every 50 ms, {IN_FLIGHT} heavy requests in flight")
    print(f"{'load':44} {'p50':>9} {'p95':>9}  heavy answers        target")
    runs = [("no load", []), ("8 × letterboxed/generate", [GENERATE]), ("8 × mixed", HEAVY_MIX)]
    quiet_p95 = None
    for name, heavy in runs:
        times, statuses = asyncio.run(cheap_under_load(base, heavy, LOAD_SECONDS))
        p50, p95 = statistics.median(times), percentile(times, 0.95)
        quiet_p95 = quiet_p95 or p95
        met = "ok" if p95 < FAIR_TARGET_MS else "MISSED"
        answers = ", ".join(f"{n} × {code}" for code, n in sorted(statuses.items())) or "-"
        print(
            f"{name:44} {p50:7.1f}ms {p95:7.1f}ms  {answers:20} p95 < {FAIR_TARGET_MS:g} ms "
            f"{met} ({p95 / quiet_p95:.1f}× no load)"
        )
        idle = idle_after(work, time.monotonic())
        print(f"{'  then idle after':44} {idle * 1000:7.0f}ms")
    idle, busy = time_to_idle(base, work)
    met = "ok" if idle < IDLE_TARGET_S else "MISSED"
    print(
        f"{'idle after a 503 at the 30 s limit (2 at once)':44} {idle * 1000:7.0f}ms {'':>9}  "
        f"CPU next 1 s {busy:4.0%}   < {IDLE_TARGET_S:g} s {met}"
    )


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
    from letterplay.web.app import create_app
    from letterplay.web.server import running

    print("\nweb app (uvicorn on 127.0.0.1, enable1)")
    app = create_app()
    with running(app=app) as base:
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
        for path in ("api/letterboxed/generate?seed=1", "api/multiplet?words=cat,dog"):
            httpx.get(base + path, timeout=60, trust_env=False).raise_for_status()
        fairness(base, app.state.work)


if __name__ == "__main__":
    main()
