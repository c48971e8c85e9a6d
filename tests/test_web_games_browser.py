"""The Letter Boxed and Anigrams pages played in a real browser at phone size: the daily board
by keyboard, the used letters, the messages, sharing, a streak over two dates, revealing,
Anigrams' progress kept over a reload, a bad address said in the page's own words, and the
contrast of every text in both themes.

Same harness as ``test_web_browser.py``: Playwright's Python package drives the system's
Chromium headless against ``letterplay serve`` in a thread; one browser for the module; any
console error or uncaught page error fails the test. The browser's clock is set with
Playwright's ``clock`` (and its time zone with the context's ``timezone_id``), so "today" is a
chosen date and the pages must take it from the browser's local date.
"""

from __future__ import annotations

import datetime
import itertools

import pytest

from browser import get

PHONE = {"width": 390, "height": 844}
ZONE = "America/New_York"
# 02:00 UTC on the 26th is still the evening of the 25th in New York: the local date counts
DAY1 = datetime.datetime(2026, 11, 26, 2, 0, tzinfo=datetime.UTC)
DATE1, DATE2, DATE3 = "2026-11-25", "2026-11-26", "2026-11-27"
pytestmark = [pytest.mark.enable1, pytest.mark.slow]


@pytest.fixture
def context(browser, request):
    """A phone-sized browser context on New York's clock, the evening of 25 November 2026;
    the test fails on any console error or uncaught exception of its pages."""
    scheme = getattr(request, "param", "light")
    context = browser.new_context(
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        timezone_id=ZONE,
        color_scheme=scheme,
        permissions=["clipboard-read", "clipboard-write"],
    )
    context.clock.set_fixed_time(DAY1)
    errors: list[str] = []

    def watch(page):
        page.set_default_timeout(20_000)
        page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))

    context.on("page", watch)
    yield context
    context.close()
    assert errors == []


@pytest.fixture
def page(context):
    return context.new_page()


def daily(base: str, game: str, date: str) -> dict:
    answer = get(base, f"api/{game}/daily?date={date}")
    (puzzle,) = answer["puzzles"]
    assert puzzle["date"] == date
    return {**puzzle, "lexicon": answer["lexicon"]["name"]}


def open_page(page, base: str, path: str) -> None:
    page.goto(base + path)
    page.wait_for_selector("body[data-ready]")


def message(page) -> str:
    return page.locator("#message").inner_text().strip()


def type_word(page, word: str) -> None:
    page.keyboard.type(word)
    page.keyboard.press("Enter")


def absent(puzzle: dict) -> str:
    """A letter not on a Letter Boxed board."""
    return min(set("abcdefghijklmnopqrstuvwxyz") - set("".join(puzzle["sides"]).lower()))


def not_a_word(sides: list[str], words: set[str]) -> str:
    """Three letters the board lets one type (no two from one side in a row) that are not a
    word of its list."""
    side = {ch: i for i, s in enumerate(sides) for ch in s.lower()}
    for a, b, c in itertools.product(sorted(side), repeat=3):
        if side[a] != side[b] != side[c] and a + b + c not in words:
            return a + b + c
    raise AssertionError("every three letters are a word")


def stat(page, label: str) -> int:
    """A number of the stats panel, by its label."""
    for item in page.locator("#stats .stat").all():
        if item.locator(".stat-label").inner_text() == label:
            return int(item.locator(".stat-value").inner_text())
    raise AssertionError(f"no stat {label!r}")


def in_first_screen(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


# WCAG 2.x relative luminance and contrast ratio, and the colour a text and its background show
# on screen: backgrounds composited from the root down, opacity of every ancestor applied.
CONTRAST_JS = """
(root) => {
  const parse = (text) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(text || "");
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3]))
    .concat([1]);
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const chain = (node) => {
    const nodes = [];
    for (let n = node; n; n = n.parentElement) nodes.unshift(n);
    return nodes;
  };
  const canvas = parse(getComputedStyle(document.documentElement).backgroundColor);
  const failures = [];
  let checked = 0;
  for (const node of root.querySelectorAll("*")) {
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own || node.closest("[hidden], :disabled, script, style, option")) continue;
    const box = node.getBoundingClientRect();
    const style = getComputedStyle(node);
    if (box.width <= 1 || box.height <= 1 || style.visibility !== "visible") continue;
    let back = canvas && canvas[3] ? canvas : [255, 255, 255, 1];
    let alpha = 1;
    for (const n of chain(node)) {
      const s = getComputedStyle(n);
      alpha *= Number(s.opacity);
      const colour = parse(s.backgroundColor);
      if (colour && colour[3] > 0) back = over(colour, back);
    }
    const svgText = node instanceof SVGElement;
    if (svgText) {
      const spot = node.closest("g");
      const circle = spot && spot.querySelector("circle, polygon, rect");
      const fill = circle && parse(getComputedStyle(circle).fill);
      if (fill) back = over(fill, back);
    }
    const ink = parse(svgText ? style.fill : style.color);
    if (!ink) continue;
    ink[3] *= alpha;
    const shown = over(ink, back);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    const r = ratio(shown, back);
    checked += 1;
    if (r < need) {
      failures.push(`${node.tagName.toLowerCase()}.${node.className.baseVal ?? node.className} ` +
        `"${node.textContent.trim().slice(0, 30)}" ${r.toFixed(2)}:1 < ${need}`);
    }
  }
  return { checked, failures };
}
"""


def contrast(page) -> dict:
    page.wait_for_timeout(300)  # messages pop in (an opacity animation of 0.18 s)
    return page.evaluate(CONTRAST_JS, page.locator("body").element_handle())


def fill_contrast(page, a: str, b: str) -> float:
    """Contrast of the fill colours of two SVG elements (non-text contrast, WCAG 1.4.11)."""
    fills = [page.locator(s).first.evaluate("(n) => getComputedStyle(n).fill") for s in (a, b)]
    return page.evaluate(
        """([a, b]) => {
          const rgb = (t) => t.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
          const f = (v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4;
          const lum = (c) => 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
          const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p);
          return (x + 0.05) / (y + 0.05);
        }""",
        fills,
    )


# ------------------------------------------------------------------ Letter Boxed


def test_todays_letter_boxed_by_keyboard_at_phone_size(page, base):
    puzzle = daily(base, "letterboxed", DATE1)
    first, second = puzzle["solutions"][0]
    open_page(page, base, "letterboxed")
    assert "November 25, 2026" in page.locator("#puzzle-name").inner_text()
    sides = page.locator("#puzzle-name").inner_text().split("·")[-1].split()
    assert sides == [s.upper() for s in puzzle["sides"]]

    # the board's state is all on the first screen: message, word, words used, board
    page.keyboard.type(absent(puzzle))
    assert "is not on the board" in message(page)
    for selector in ("#message", "#entry", "#words-so-far", "#board"):
        assert in_first_screen(page, selector), selector

    # a word that is not one, then an accepted word: its message replaces the old one at once
    query = f"sides={','.join(puzzle['sides'])}&lexicon={puzzle['lexicon']}"
    words = set(get(base, f"api/letterboxed/words?{query}")["words"])
    wrong = not_a_word(puzzle["sides"], words)
    type_word(page, wrong)
    assert message(page) == "Not a word"
    for _ in wrong:
        page.keyboard.press("Backspace")
    assert page.locator("#entry").inner_text() == ""
    type_word(page, first)
    left = len(set("".join(puzzle["sides"]).lower()) - set(first))
    plural = "s" if left != 1 else ""
    assert message(page) == f"{first.upper()} ✓ · {left} letter{plural} left"
    assert page.locator("#words-so-far").inner_text().lower() == first

    # used letters are filled boldly, the letter drawn in the opposite colour
    used = page.locator("#board .spot.used")
    assert used.count() == len(set(first))
    for ch in set(first):
        assert "used" in page.locator(f'#board .spot[data-letter="{ch}"]').get_attribute("class")
    assert fill_contrast(page, "#board .spot.used:not(.current) circle", "#board .frame") >= 3
    unused = "#board .spot:not(.used) circle"
    assert fill_contrast(page, "#board .spot.used:not(.current) circle", unused) >= 3
    done = {i for i, s in enumerate(puzzle["sides"]) if set(s.lower()) <= set(first)}
    assert page.locator("#board .side.done").count() == len(done)

    type_word(page, second[1:])  # the next word starts with the last letter already
    assert message(page) == "Solved in 2 words! (the fewest possible)"
    assert page.locator("#board .side.done").count() == len(puzzle["sides"])
    assert (stat(page, "Played"), stat(page, "Solved"), stat(page, "Current streak")) == (1, 1, 1)

    # the share text: game, date, words used; no answer; copied to the clipboard
    page.click("#share")
    page.wait_for_selector("#toast.shown")
    text = page.evaluate("navigator.clipboard.readText()")
    assert text.splitlines() == [
        "Letter Boxed · letterplay",
        "November 25, 2026",
        f"solved in 2 words (par {puzzle['min_words']})",
    ]
    for word in {w for solution in puzzle["solutions"] for w in solution}:
        assert word not in text.lower()


def test_a_tapped_letter_keeps_no_focus_ring(page, base):
    open_page(page, base, "letterboxed")
    spot = page.locator("#board .spot").nth(4)
    spot.tap()
    page.keyboard.press("Backspace")  # a key after the tap: a letter focused would now ring
    assert not spot.evaluate("(n) => n === document.activeElement || n.matches(':focus-visible')")
    assert spot.evaluate("(n) => getComputedStyle(n).outlineStyle") == "none"
    width = spot.locator("circle").evaluate("(n) => getComputedStyle(n).strokeWidth")
    # a keyboard user tabbing to a letter sees the ring
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('spot')"):
            break
    ring = page.locator("#board .spot:focus-visible circle")
    assert ring.count() == 1
    assert ring.evaluate("(n) => getComputedStyle(n).strokeWidth") != width


def test_a_streak_over_two_days_and_revealing(context, base):
    page = context.new_page()
    for date in (DATE1, DATE2):
        first, second = daily(base, "letterboxed", date)["solutions"][0]
        if date == DATE2:
            context.clock.set_fixed_time(DAY1 + datetime.timedelta(days=1))
        open_page(page, base, "letterboxed")
        assert (
            datetime.date.fromisoformat(date).strftime("%B %-d, %Y")
            in page.locator("#puzzle-name").inner_text()
        )
        type_word(page, first)
        type_word(page, second[1:])
        assert message(page).startswith("Solved in 2 words")
    assert (stat(page, "Played"), stat(page, "Current streak"), stat(page, "Best streak")) == (
        2,
        2,
        2,
    )

    # the third day: the note says what revealing does before it is done; then nothing scores
    context.clock.set_fixed_time(DAY1 + datetime.timedelta(days=2))
    first, second = daily(base, "letterboxed", DATE3)["solutions"][0]
    open_page(page, base, "letterboxed")
    note = page.locator("#reveal-note").inner_text()
    assert "kept as revealed" in note and "not extend your streak" in note
    page.click("#reveal")
    assert page.locator("#solutions li").count() >= 1
    type_word(page, first)
    assert message(page) == "Revealed: this board no longer scores"
    assert page.locator("#words-so-far").inner_text() == ""
    assert (stat(page, "Played"), stat(page, "Solved"), stat(page, "Current streak")) == (3, 2, 2)
    page.click("#archive summary")
    statuses = page.locator("#archive-list li .status").all_inner_texts()
    assert statuses[:3] == ["revealed", "solved in 2", "solved in 2"]
    page.reload()  # the date stays revealed
    page.wait_for_selector("body[data-ready]")
    assert "Revealed" in page.locator("#reveal-note").inner_text()
    assert page.locator("#solutions li").count() >= 1

    # yesterday's answers, one click away: its board and its fewest-word solutions
    page.click("#yesterday")
    yesterday = daily(base, "letterboxed", DATE2)
    answers = page.locator("#yesterday-answers")
    answers.locator("li").first.wait_for()
    assert " – ".join(yesterday["solutions"][0]).upper() in answers.inner_text().upper()
    assert "November 26, 2026" in answers.inner_text()


# ------------------------------------------------------------------ Anigrams


def test_anigrams_keeps_progress_over_a_reload(page, base):
    game = daily(base, "anigrams", DATE1)
    open_page(page, base, "anigrams")
    name = page.locator("#puzzle-name").inner_text()
    assert "November 25, 2026" in name
    # one game count: the API's, which the index page shows too
    assert f"one of {game['games']:,} games from 4 to 9 letters" in name
    index = page.context.new_page()
    index.goto(base)
    assert index.locator("#anigrams-games").inner_text() == f"{game['games']:,}"
    index.close()
    tiles = page.locator(".step.current .tile").all_inner_texts()
    assert "".join(tiles).upper() == game["scrambled"]
    for step in game["steps"][:3]:
        type_word(page, step["words"][-1])
    assert page.locator(".step.done").count() == 3
    for selector in ("#message", ".step.current", "#guess"):
        assert in_first_screen(page, selector), selector

    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.locator(".step.done").count() == 3
    assert page.locator(".step.current").get_attribute("data-step") == "4"
    assert (stat(page, "Played"), stat(page, "Solved")) == (1, 0)

    # the note says what a reveal does first; a reveal then freezes the date's result
    assert "ends this date's scoring" in page.locator("#reveal-note").inner_text()
    page.click("#reveal")
    for step in game["steps"][4:]:
        type_word(page, step["words"][0])
    assert "Game complete: 5 of 6" in message(page)
    page.click("#share")
    page.wait_for_selector("#toast.shown")
    text = page.evaluate("navigator.clipboard.readText()")
    assert text.splitlines() == [
        "Anigrams · letterplay",
        "November 25, 2026",
        "3/6 steps",
        "🟦🟦🟦⬜⬜⬜",
        "(answers revealed)",
    ]
    assert (stat(page, "Solved"), stat(page, "Current streak")) == (0, 0)

    # a game from the address keeps its progress too, by its own seed
    open_page(page, base, "anigrams?seed=11&lexicon=enable1")
    seeded = get(base, "api/anigrams/play?seed=11&answers=true&lexicon=enable1")
    type_word(page, seeded["steps"][0]["words"][0])
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.locator(".step.done").count() == 1


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("anigrams?seed=abc", ["seed", "whole number", '"abc"']),
        ("anigrams?date=2026-02-30", ["date", "YYYY-MM-DD", '"2026-02-30"']),
        ("letterboxed?date=tomorrow", ["date", "YYYY-MM-DD", '"tomorrow"']),
        ("letterboxed?date=2026-12-25", ["December 25, 2026", "not out yet"]),
    ],
)
def test_a_bad_address_is_said_in_the_pages_words(page, base, path, words):
    page.goto(base + path)
    banner = page.locator(".error-banner")
    banner.wait_for(state="visible")
    said = banner.inner_text()
    for word in words:
        assert word in said
    for wrong in ("--", "None", "2**63", "Invalid value"):
        assert wrong not in said
    assert page.locator("#reveal").is_disabled()
    assert page.locator("#today-link").is_visible()  # a way on: today's puzzle
    new = "#new-game" if path.startswith("anigrams") else "#new-board"
    assert page.locator(new).is_enabled()


# ------------------------------------------------------------------ contrast, both themes


@pytest.mark.parametrize("context", ["light", "dark"], indirect=True)
def test_every_text_meets_aa_contrast(page, base):
    lb = daily(base, "letterboxed", DATE1)
    ani = daily(base, "anigrams", DATE1)
    open_page(page, base, "letterboxed")
    first = lb["solutions"][0][0]
    type_word(page, first)
    page.keyboard.type(absent(lb))  # not on the board: a message
    page.click("#archive summary")
    page.click("#yesterday")
    page.locator("#yesterday-answers li").first.wait_for()
    result = contrast(page)
    assert result["checked"] > 40 and result["failures"] == []
    type_word(page, lb["solutions"][0][1][1:])  # solved: the win message
    assert contrast(page)["failures"] == []

    open_page(page, base, "anigrams")
    for step in ani["steps"][:2]:
        type_word(page, step["words"][0])
    page.click("#archive summary")
    result = contrast(page)
    assert result["checked"] > 30 and result["failures"] == []
