"""Screenshots of the web app's pages for the docs and the README:
``python scripts/web_screenshots.py``.

Starts ``letterplay serve`` on a free local port in a thread, plays a little on each page in
headless Chromium (Playwright's Python package driving the system's ``chromium``), with the
browser's clock set to :data:`DATE` so that the daily puzzles, and so the pictures, are the same
on every run. Writes ``docs/web-<page>.png`` (desktop, light), ``docs/web-<page>-dark.png``
(desktop, dark) and, for the three daily games, ``docs/web-<page>-phone.png`` and
``docs/web-<page>-phone-dark.png`` (390 x 844, the first screen). Needs enable1 and the NY Times
lists (``$LETTERPLAY_DATA`` or installed copies) and ``/usr/bin/chromium`` (or ``$CHROMIUM``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
DESKTOP = {"width": 1100, "height": 760}
PHONE = {"width": 390, "height": 844}
DATE = "2026-11-25"
"""The browser's date: the day whose daily puzzles the pictures show."""
LOOPBACK = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def daily(base: str, game: str) -> dict:
    """The daily puzzle of :data:`DATE`, with its answers, from the app's own API."""
    with LOOPBACK.open(f"{base}api/{game}/daily?date={DATE}", timeout=60) as response:
        return json.load(response)["puzzles"][0]


def type_words(page, words) -> None:
    for word in words:
        page.keyboard.type(word)
        page.keyboard.press("Enter")


def play_bee(page, base: str) -> None:
    puzzle = daily(base, "bee")
    page.goto(base + "bee")
    page.wait_for_selector("body[data-ready]")
    pangram = puzzle["pangrams"][0]
    others = sorted((w for w in puzzle["words"] if w != pangram), key=len, reverse=True)
    type_words(page, [*others[:9:3], pangram, *others[-4:]])
    if page.viewport_size["width"] > PHONE["width"]:
        page.click("#hints summary")
    page.keyboard.type(puzzle["center"].lower() + others[1][1:3])
    page.evaluate("window.scrollTo(0, 0)")


def play_letterboxed(page, base: str) -> None:
    first, second = daily(base, "letterboxed")["solutions"][0]
    page.goto(base + "letterboxed")
    page.wait_for_selector("body[data-ready]")
    type_words(page, [first])
    page.keyboard.type(second[1:4])


def play_anigrams(page, base: str) -> None:
    chain = daily(base, "anigrams")["chain"]
    page.goto(base + "anigrams")
    page.wait_for_selector("body[data-ready]")
    for word in chain[:3]:
        page.fill("#guess", word)
        page.press("#guess", "Enter")


def play_multiplet(page, base: str) -> None:
    words = "one,two,three,four,five,six,seven,eight,nine,ten"  # Enigma 288a's network
    page.goto(base + f"multiplet?words={words}&from=cold&to=warm&lexicon=enable1")
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    page.wait_for_selector("#network-figure svg")
    page.locator("#proof").scroll_into_view_if_needed()
    page.evaluate(
        "window.scrollBy(0, document.querySelector('#proof').getBoundingClientRect().top - 12)"
    )


def show_index(page, base: str) -> None:
    page.goto(base)


PAGES = {
    "index": show_index,
    "bee": play_bee,
    "letterboxed": play_letterboxed,
    "anigrams": play_anigrams,
    "multiplet": play_multiplet,
}
PHONE_PAGES = ("bee", "letterboxed", "anigrams")


def shrink(path: Path) -> None:
    """Store the screenshot with a 256-colour palette: a third of the bytes, same look."""
    from PIL import Image

    with Image.open(path) as image:
        small = image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE)
    small.save(path, optimize=True)


def shot(browser, base: str, name: str, play, *, phone: bool, scheme: str, out: Path) -> None:
    """One picture of page ``name`` played by ``play``."""
    size = PHONE if phone else DESKTOP
    context = browser.new_context(
        viewport=size,
        device_scale_factor=1,
        is_mobile=phone,
        has_touch=phone,
        color_scheme=scheme,
        timezone_id="UTC",
    )
    page = context.new_page()
    page.clock.set_fixed_time(f"{DATE}T12:00:00Z")
    play(page, base)
    page.wait_for_timeout(1800)  # the last word's message has gone
    suffix = ("-phone" if phone else "") + ("-dark" if scheme == "dark" else "")
    path = out / f"web-{name}{suffix}.png"
    page.screenshot(path=path)
    shrink(path)
    context.close()
    print(f"wrote {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs"), help="Folder for the PNG files.")
    parser.add_argument(
        "--pages", default=",".join(PAGES), help="Pages to take, comma separated (default: all)."
    )
    args = parser.parse_args()
    chosen = [name.strip() for name in args.pages.split(",")]
    unknown = sorted(set(chosen) - set(PAGES))
    if unknown:
        parser.error(f"--pages: no page {', '.join(unknown)} (pages: {', '.join(PAGES)})")
    sys.path.insert(0, str(ROOT / "src"))
    os.environ.setdefault("LETTERPLAY_DATA", str(ROOT.parent / "shared" / "data"))
    from playwright.sync_api import sync_playwright

    from letterplay.web.server import running

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    executable = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    with running() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        for name in chosen:
            play = PAGES[name]
            for scheme in ("light", "dark"):
                shot(browser, base, name, play, phone=False, scheme=scheme, out=out)
                if name in PHONE_PAGES:
                    shot(browser, base, name, play, phone=True, scheme=scheme, out=out)
        browser.close()


if __name__ == "__main__":
    main()
