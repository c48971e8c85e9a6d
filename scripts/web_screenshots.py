"""Screenshots of the web app's pages for the README: ``python scripts/web_screenshots.py``.

Starts ``letterplay serve`` on a free local port in a thread, plays a little on each page in
headless Chromium (Playwright's Python package driving the system's ``chromium``), and writes
``docs/web-<page>.png`` at desktop width and ``docs/web-bee-phone.png`` at phone width (375 px).
Needs enable1 (``$LETTERPLAY_DATA`` or an installed copy) and ``/usr/bin/chromium`` (or
``$CHROMIUM``).
"""

from __future__ import annotations

import argparse
import os
import sys
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
PHONE = {"width": 375, "height": 760}


def play_bee(page, base: str) -> None:
    page.goto(base + "bee?letters=CEFINTV&center=C&lexicon=enable1")
    page.wait_for_selector("body[data-ready]")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector("body[data-ready]")
    for word in ("civet", "evict", "effective", "entice", "cite", "niece", "fence", "vice"):
        page.keyboard.type(word)
        page.keyboard.press("Enter")
    page.click("#hints summary")
    page.keyboard.type("fict")


def play_letterboxed(page, base: str) -> None:
    page.goto(base + "letterboxed?sides=TAP,ERD,NIL,YCO&lexicon=enable1")
    page.wait_for_selector("body[data-ready]")
    page.click("#reveal")  # the list of minimal solutions; typing then clears their paths
    page.keyboard.type("plead")
    page.keyboard.press("Enter")
    page.keyboard.type("ict")


def play_anigrams(page, base: str) -> None:
    page.goto(base + "anigrams?seed=1&lexicon=enable1")
    page.wait_for_selector("body[data-ready]")
    for word in ("gain", "gains", "easing"):
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


def shrink(path: Path) -> None:
    """Store the screenshot with a 256-colour palette: a third of the bytes, same look."""
    from PIL import Image

    with Image.open(path) as image:
        small = image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE)
    small.save(path, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs"), help="Folder for the PNG files.")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    os.environ.setdefault("LETTERPLAY_DATA", str(ROOT.parent / "shared" / "data"))
    from playwright.sync_api import sync_playwright

    from letterplay.web.server import running

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    executable = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    with running() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        for name, play in PAGES.items():
            page = browser.new_page(viewport=DESKTOP)
            play(page, base)
            page.screenshot(path=out / f"web-{name}.png")
            shrink(out / f"web-{name}.png")
            page.close()
            print(f"wrote {out / f'web-{name}.png'}")
        page = browser.new_page(viewport=PHONE, device_scale_factor=1, is_mobile=True)
        play_bee(page, base)
        page.screenshot(path=out / "web-bee-phone.png", full_page=True)
        shrink(out / "web-bee-phone.png")
        print(f"wrote {out / 'web-bee-phone.png'}")
        browser.close()


if __name__ == "__main__":
    main()
