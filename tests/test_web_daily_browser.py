"""The daily Bee, the habit loop, the themes and the shared pages, in a real browser.

Today's Spelling Bee played by keyboard at phone size, its share text, a streak over two days
(the browser's clock set by Playwright), revealing, WCAG AA contrast of every visible text in
both themes on every page, the 404 page and bad addresses. One server and one Chromium for the
module (the fixtures of ``test_web_browser``); any console error fails a test.
"""

from __future__ import annotations

import json
import re
import urllib.error

import pytest

from browser import LOOPBACK, get

pytestmark = [pytest.mark.enable1, pytest.mark.slow]

PHONE = {"width": 390, "height": 844}
DAY1, DAY2, DAY3, DAY4 = "2025-06-01", "2025-06-02", "2025-06-03", "2025-06-04"
EXPECTED_HTTP_ERROR = re.compile(r"Failed to load resource: .* status of (400|404)")


@pytest.fixture
def pages(browser):
    """Opens pages: ``pages(date=..., phone=..., scheme=...)``; every context is closed after
    the test, which fails on any console error or uncaught exception (an expected 400 or 404
    answer is allowed when ``http_errors=True``)."""
    opened = []
    errors: list[str] = []

    def open_page(date=DAY1, phone=False, scheme="light", http_errors=False):
        options = {"viewport": PHONE, "is_mobile": True, "has_touch": True} if phone else {}
        context = browser.new_context(
            color_scheme=scheme,
            timezone_id="UTC",
            permissions=["clipboard-read", "clipboard-write"],
            **({"viewport": {"width": 1100, "height": 800}} | options),
        )
        opened.append(context)
        page = context.new_page()
        page.set_default_timeout(20_000)
        if date:
            page.clock.set_fixed_time(f"{date}T12:00:00Z")

        def console(m):
            if m.type == "error" and not (http_errors and EXPECTED_HTTP_ERROR.search(m.text)):
                errors.append(f"console: {m.text}")

        page.on("console", console)
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        return page

    yield open_page
    for context in opened:
        context.close()
    assert errors == []


def ready(page, path: str, base: str) -> None:
    page.goto(base + path)
    page.wait_for_selector("body[data-ready]")


def daily(base: str, date: str) -> dict:
    return get(base, f"api/bee/daily?date={date}")["puzzles"][0]


def play(page, word: str) -> None:
    page.keyboard.type(word)
    page.keyboard.press("Enter")


def message(page) -> str:
    return page.locator("#message").inner_text().strip()


def stat(page, label: str) -> int:
    item = page.locator(".stat", has=page.locator(".stat-label", has_text=label))
    return int(item.locator(".stat-value").inner_text())


def best_words(puzzle: dict, n: int) -> list[str]:
    """``n`` words of the puzzle, a pangram first."""
    others = [w for w in puzzle["words"] if w not in puzzle["pangrams"]]
    return [puzzle["pangrams"][0], *others][:n]


# ------------------------------------------------------------------ today's Bee on a phone


def test_todays_bee_by_keyboard_at_phone_size(pages, base):
    puzzle = daily(base, DAY1)
    page = pages(phone=True)
    ready(page, "bee", base)
    assert "June 1, 2025" in page.locator("#puzzle-name").inner_text()
    cells = page.locator("#hive .cell").evaluate_all("(c) => c.map((x) => x.dataset.letter)")
    assert "".join(sorted(cells)).upper() == "".join(sorted(puzzle["letters"]))
    assert page.get_attribute("#hive .cell.center", "data-letter").upper() == puzzle["center"]

    words = best_words(puzzle, 4)
    for word in words:
        play(page, word)
    points = sum(puzzle["word_scores"][w] for w in words)
    assert page.locator("#score").inner_text() == str(points)
    rank = [r["name"] for r in puzzle["ranks"] if points >= r["min_score"]][-1]
    assert page.locator("#rank-name").inner_text() == rank
    # every rank's name is written on the bar, not only in tooltips
    labels = page.locator("#rankbar .rank-label")
    assert labels.all_inner_texts() == [r["name"] for r in puzzle["ranks"][:-1]]
    assert all(label.is_visible() for label in labels.all())

    # the rank, the score and the latest words are on the first screen, above the honeycomb
    hive_top = page.locator("#hive").bounding_box()["y"]
    for selector in ("#rank-name", "#score", "#found-latest"):
        box = page.locator(selector).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= hive_top, selector
    assert page.locator("#found-latest span").first.inner_text().lower() == words[-1]
    assert page.locator("#hive").bounding_box()["y"] + 100 < PHONE["height"]

    # a tap leaves no focus ring and no grey button behind
    paper = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    page.locator("#hive .cell.outer").first.tap()
    page.locator("#enter").tap()
    page.locator("#delete").tap()
    page.wait_for_timeout(250)
    focused = page.evaluate(
        """() => { const e = document.activeElement; const s = getComputedStyle(e);
        return {tag: e.tagName, outline: s.outlineStyle, width: s.outlineWidth}; }"""
    )
    assert focused["tag"] == "BODY" or focused["outline"] == "none", focused
    assert (
        page.evaluate("getComputedStyle(document.querySelector('#delete')).backgroundColor")
        == paper
    )
    page.reload()  # the day's words are kept
    page.wait_for_selector("body[data-ready]")
    assert page.locator("#found li").count() == len(words)


def test_share_text_names_the_day_and_rank_but_no_answer(pages, base):
    puzzle = daily(base, DAY1)
    page = pages()
    ready(page, "bee", base)
    words = best_words(puzzle, 3)
    for word in words:
        play(page, word)
    rank = page.locator("#rank-name").inner_text()
    page.click("#share")
    page.locator("#toast.shown").wait_for()
    assert page.locator("#toast").inner_text() == "Copied to the clipboard"
    text = page.evaluate("navigator.clipboard.readText()")
    lines = text.splitlines()
    assert lines[0] == "Spelling Bee · letterplay"
    assert lines[1] == "June 1, 2025"
    points = sum(puzzle["word_scores"][w] for w in words)
    assert lines[2] == f"{rank} · {points} points · 3 words"
    assert re.fullmatch("[🟨⬜]{8}", lines[3])
    letters = set(puzzle["letters"].lower())
    tokens = {t.lower() for t in re.findall(r"[A-Za-z]+", text)}
    assert not tokens & set(puzzle["words"])  # no answer, found or not
    assert puzzle["letters"].upper() not in text.upper().replace(" ", "")
    assert letters  # the hive's letters are not listed either (checked above)


# ------------------------------------------------------------------ streaks and revealing


def test_streak_over_two_days(pages, base):
    page = pages(date=DAY1)
    ready(page, "bee", base)
    assert page.locator("#day-panel").is_hidden()  # no stats before playing
    play(page, daily(base, DAY1)["pangrams"][0])
    assert (stat(page, "Played"), stat(page, "Current streak")) == (1, 1)

    page.clock.set_fixed_time(f"{DAY2}T12:00:00Z")
    ready(page, "bee", base)
    assert "June 2, 2025" in page.locator("#puzzle-name").inner_text()
    assert page.locator("#found li").count() == 0  # a new day, a new puzzle
    page.click("#yesterday")  # yesterday's answers, one click away
    answers = page.locator("#yesterday-answers li")
    answers.first.wait_for()
    assert [w.lower() for w in answers.all_inner_texts()] == daily(base, DAY1)["words"]
    assert "June 1, 2025" in page.locator("#yesterday-answers").inner_text()
    play(page, daily(base, DAY2)["pangrams"][0])
    assert (stat(page, "Played"), stat(page, "Current streak"), stat(page, "Best streak")) == (
        2,
        2,
        2,
    )

    # a day missed ends the streak; playing it later from the archive fills no gap
    page.clock.set_fixed_time(f"{DAY4}T12:00:00Z")
    ready(page, "bee", base)
    play(page, daily(base, DAY4)["pangrams"][0])
    assert (stat(page, "Current streak"), stat(page, "Best streak")) == (1, 2)
    ready(page, f"bee?date={DAY3}", base)
    assert "June 3, 2025" in page.locator("#puzzle-name").inner_text()
    play(page, daily(base, DAY3)["pangrams"][0])
    assert (stat(page, "Played"), stat(page, "Current streak")) == (4, 1)
    page.click("#archive summary")
    archive = page.locator("#archive-list li")
    assert archive.first.inner_text().startswith("Today")
    assert page.locator("#archive-list a[aria-current]").inner_text() == "June 3, 2025"


def test_reveal_stops_scoring_and_says_so_first(pages, base):
    puzzle = daily(base, DAY1)
    page = pages()
    ready(page, "bee", base)
    first, second = best_words(puzzle, 2)
    play(page, first)
    note = page.locator("#reveal-note").inner_text()
    assert "stops the scoring" in note and "will not extend your streak" in note
    score = page.locator("#score").inner_text()
    page.click("#reveal")
    assert page.locator("#found li").count() == puzzle["count"]
    assert "scoring has stopped" in page.locator("#reveal-note").inner_text()
    play(page, second)  # a right word after revealing scores nothing
    assert message(page) == "Answers revealed: no more scoring"
    assert page.locator("#score").inner_text() == score
    assert page.locator("#found-title").inner_text().startswith("You have found 1 word ")
    page.click("#reveal")  # hides the missed words again; the day stays revealed
    assert page.locator("#found li").count() == 1
    page.reload()
    page.wait_for_selector("body[data-ready]")
    play(page, second)
    assert page.locator("#score").inner_text() == score
    assert (stat(page, "Played"), stat(page, "Current streak")) == (1, 0)
    page.click("#share")
    assert page.evaluate("navigator.clipboard.readText()").endswith("(answers revealed)")


# ------------------------------------------------------------------ themes and contrast

CONTRAST = """() => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, under) => { const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]); };
  const lum = (c) => { const f = (v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  const shape = (t) => t.parentNode && [...t.parentNode.children].find((s) =>
    s !== t && ["polygon", "circle", "rect", "path"].includes(s.tagName));
  function background(node) {
    const layers = [];
    let e = node;
    if (e instanceof SVGElement) {
      const s = shape(e);
      if (s) { const c = parse(getComputedStyle(s).fill); if (c && c[3] > 0) layers.push(c); }
    }
    for (; e && e.nodeType === 1; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) layers.push(c);
      if (c && c[3] === 1) break;
    }
    let bg = [255, 255, 255, 1];
    if (!layers.length || layers[layers.length - 1][3] < 1) {
      bg = parse(getComputedStyle(document.documentElement).backgroundColor) || bg;
      if (bg[3] < 1) bg = [255, 255, 255, 1];
    }
    for (const layer of layers.reverse()) bg = over(layer, bg);
    return bg;
  }
  const bad = [];
  let checked = 0;
  for (const e of document.querySelectorAll("body *")) {
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const s = getComputedStyle(e);
    const r = e.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || s.visibility !== "visible") continue;
    if (e.closest("[hidden], .visually-hidden, option, script, style, button:disabled")) continue;
    let opacity = 1;
    for (let a = e; a && a.nodeType === 1; a = a.parentElement) {
      opacity *= Number(getComputedStyle(a).opacity);
    }
    if (opacity === 0) continue;
    const fg = parse(e instanceof SVGElement ? s.fill : s.color);
    if (!fg) continue;
    const bg = background(e);
    const ink = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const size = parseFloat(s.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    const got = ratio(ink, bg);
    checked += 1;
    if (got < need) {
      bad.push(`${e.tagName.toLowerCase()}.${e.getAttribute("class") || ""} ` +
        `"${e.textContent.trim().slice(0, 20)}" ${got.toFixed(2)} < ${need}`);
    }
  }
  return { checked, bad };
}"""

PAGES = [
    "",
    "bee",
    "bee?letters=ABCDEFG&center=A&lexicon=enable1",
    "letterboxed?sides=TAP,ERD,NIL,YCO&lexicon=enable1",
    "anigrams?seed=1&lexicon=enable1",
    "multiplet?lexicon=enable1",
    "nosuchpage",
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_text_meets_wcag_aa_contrast_in_both_themes(pages, base, scheme):
    puzzle = daily(base, DAY1)
    page = pages(scheme=scheme, http_errors=True)
    for path in PAGES:
        page.goto(base + path)
        if path and path != "nosuchpage":
            page.wait_for_selector("body[data-ready]")
        if path == "bee":  # the day played: stats, hints, the greyed letters of a bad word
            for word in best_words(puzzle, 3):
                play(page, word)
            page.click("#hints summary")
            stray = next(
                c for c in "zqxjkvwyfbhmpgdcultnsroiae" if c.upper() not in puzzle["letters"]
            )
            page.keyboard.type(puzzle["center"].lower() + stray)
        page.wait_for_timeout(300)  # messages have finished their entrance
        assert page.locator("#theme-toggle").count() == 1, path
        dark = page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
        assert dark == (scheme == "dark")
        result = page.evaluate(CONTRAST)
        assert result["checked"] > 10, path
        assert result["bad"] == [], (path, scheme, result["bad"])


def test_theme_toggle_overrides_the_system_and_is_remembered(pages, base):
    page = pages(scheme="light")
    ready(page, "bee", base)
    background = "getComputedStyle(document.documentElement).backgroundColor"
    light = page.evaluate(background)
    assert page.get_attribute("#theme-toggle", "aria-pressed") == "false"
    page.click("#theme-toggle")
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.get_attribute("#theme-toggle", "aria-pressed") == "true"
    dark = page.evaluate(background)
    assert dark != light and sum(map(int, re.findall(r"\d+", dark)[:3])) < 100
    page.goto(base)  # another page, the same choice
    page.locator("#theme-toggle[aria-pressed=true]").wait_for()
    assert page.evaluate(background) == dark
    page.click("#theme-toggle")
    assert page.evaluate(background) == light


# ------------------------------------------------------------------ 404 and bad addresses


def test_unknown_address_is_a_404_page_with_navigation(pages, base):
    page = pages(http_errors=True)
    response = page.goto(base + "nosuchpage")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "No page here"
    links = page.locator("main a").evaluate_all("(a) => a.map((x) => x.getAttribute('href'))")
    assert {"/bee", "/letterboxed", "/anigrams", "/multiplet", "/"} <= set(links)
    assert page.locator("header nav a").count() == 4
    response = page.goto(base + "static/nosuchfile.js")
    assert response.status == 404 and "No page here" in page.content()
    with pytest.raises(Exception, match="404"):
        LOOPBACK.open(base + "api/nosuch", timeout=10)


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("bee?letters=XYZ", "letters must be 7 letters, got 3 ('XYZ')"),
        ("bee?letters=QXZJKVW&center=Q&lexicon=nyt-bee", "there is nothing to find in this hive"),
        (
            "bee?letters=ABCDEFG&center=A&lexicon=nyt-bee",
            "a hive without a pangram is not a puzzle",
        ),
        ("bee?date=2025-13-01", "date must be a date written YYYY-MM-DD"),
        ("bee?letters=CEFINTV&center=C&lexicon=nosuch", "lexicon must be one of"),
    ],
)
def test_a_bad_bee_address_is_refused_with_a_way_on(pages, base, path, says):
    page = pages(http_errors=True)
    ready(page, path, base)
    banner = page.locator(".error-banner")
    assert says in banner.inner_text()
    assert "--" not in banner.inner_text()  # the web's words, never the command line's
    assert page.locator("#game").is_hidden()  # no dead honeycomb or buttons
    assert page.locator("#enter").is_hidden() and page.locator("#reveal").is_hidden()
    with page.expect_navigation():
        page.click("#refused-new")
    page.wait_for_selector("body[data-ready]")
    assert re.search(r"letters=[A-Z]{7}&center=[A-Z]", page.url)
    assert page.locator("#game").is_visible()
    assert page.locator(".error-banner").inner_text() == ""


def test_the_index_and_the_anigrams_api_count_the_same_games(pages, base):
    game = get(base, "api/anigrams/play?seed=1&lexicon=enable1")
    page = pages()
    page.goto(base)
    assert page.locator("#anigrams-games").inner_text() == f"{game['games']:,}"


LOOP = """async () => {
  const loop = await import("/static/loop.js");
  localStorage.clear();
  const out = {};
  // a revealed date is frozen: a later result changes nothing
  loop.record("bee", "2025-06-10", { rank: "Good", score: 20, words: 5 });
  loop.record("bee", "2025-06-10", { revealed: true });
  loop.record("bee", "2025-06-10", { rank: "Genius", score: 200, words: 50, solved: true });
  out.frozen = loop.day("bee", "2025-06-10");
  // the streak: runs of dates played on their own day, ending today or yesterday
  localStorage.clear();
  for (const d of ["2025-06-01", "2025-06-02", "2025-06-03", "2025-06-05", "2025-06-06"]) {
    loop.record("bee", d, { rank: "Good" });
    const all = loop.days("bee");
    all[d].late = false; // as if played on its day (the clock says 2025-06-10)
    localStorage.setItem("letterplay/loop/bee", JSON.stringify(all));
  }
  out.today = loop.stats("bee", "2025-06-06");
  out.yesterday = loop.stats("bee", "2025-06-07");
  out.broken = loop.stats("bee", "2025-06-08");
  loop.record("bee", "2025-06-04", { rank: "Nice" });  // from the archive, on 2025-06-10
  out.late = loop.day("bee", "2025-06-04").late;
  out.archive = loop.stats("bee", "2025-06-06");
  loop.record("letterboxed", "2025-06-10", { words: 3 });
  out.unsolved = loop.stats("letterboxed", "2025-06-10");
  loop.record("letterboxed", "2025-06-10", { words: 2, solved: true });
  out.solved = loop.stats("letterboxed", "2025-06-10");
  out.share = loop.shareText("letterboxed", "2025-06-10", { words: 2, solved: true, par: 3 });
  out.dates = [loop.isDate("2025-02-29"), loop.isDate("2024-02-29"), loop.addDays("2024-12-31", 1)];
  return out;
}"""


def test_the_loop_store_rules(pages, base):
    page = pages(date="2025-06-10")
    page.goto(base)
    out = page.evaluate(LOOP)
    frozen = out["frozen"]
    assert (frozen["rank"], frozen["score"], frozen["words"]) == ("Good", 20, 5)
    assert frozen["revealed"] and not frozen["solved"]
    assert (out["today"]["streak"], out["today"]["best_streak"]) == (2, 3)
    assert out["yesterday"]["streak"] == 2  # today not played yet: yesterday's run stands
    assert out["broken"]["streak"] == 0
    assert out["late"] is True
    assert (out["archive"]["streak"], out["archive"]["best_streak"]) == (2, 3)
    assert out["archive"]["ranks"] == {"Good": 5, "Nice": 1}
    assert (out["unsolved"]["played"], out["unsolved"]["streak"]) == (1, 0)
    assert (out["solved"]["streak"], out["solved"]["words"]) == (1, {"2": 1})
    assert out["share"] == "Letter Boxed · letterplay\nJune 10, 2025\nsolved in 2 words (par 3)"
    assert out["dates"] == [False, True, "2025-01-01"]


@pytest.mark.parametrize(
    ("query", "says"),
    [
        (
            "anigrams/play?seed=abc",
            "seed must be a whole number of magnitude below 2**63, not 'abc'",
        ),
        (
            "bee/generate?seed=1e99",
            "seed must be a whole number of magnitude below 2**63, not '1e99'",
        ),
        ("bee/daily?date=2025-13-01", "date"),
    ],
)
def test_api_errors_are_said_in_query_names(base, query, says):
    with pytest.raises(urllib.error.HTTPError) as caught:
        LOOPBACK.open(base + "api/" + query, timeout=30)
    assert caught.value.code == 400
    error = json.load(caught.value)["error"]
    assert says in error
    assert "--" not in error and "None" not in error
