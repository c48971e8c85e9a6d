"""The pages played as a person would, by keyboard, in a real browser.

pytest + Playwright's Python package drive the system's Chromium headless (``/usr/bin/chromium``,
or ``$CHROMIUM``) against ``letterplay serve`` running on a free 127.0.0.1 port in a thread.
Any console error or uncaught page error fails the test. Skipped with a one-line reason when
Playwright or Chromium is missing, but failed under ``CI=true``.
"""

from __future__ import annotations

import pytest

from browser import get

pytestmark = [pytest.mark.enable1, pytest.mark.slow]


@pytest.fixture
def page(browser):
    """A fresh page; the test fails on any console error or uncaught exception."""
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else 0)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.set_default_timeout(20_000)
    yield page
    context.close()
    assert errors == []


def message(page) -> str:
    return page.locator("#message").inner_text().strip()


def type_word(page, word: str) -> None:
    page.keyboard.type(word)
    page.keyboard.press("Enter")


# ------------------------------------------------------------------ Spelling Bee


def test_play_spelling_bee_by_keyboard_up_to_a_rank(page, base):
    solution = get(base, "api/bee/solve?letters=CEFINTV&center=C&lexicon=enable1")
    page.goto(base + "bee?letters=CEFINTV&center=C&lexicon=enable1")
    page.wait_for_selector("body[data-ready]")
    assert page.locator("#hive .cell").count() == 7
    assert page.locator("#rank-name").inner_text() == "Beginner"

    for attempt, expected in [
        ("cet", "Too short"),
        ("vent", "Missing center letter"),
        ("cinq", "Bad letters"),
        ("ceti", "Not in word list"),
    ]:
        type_word(page, attempt)
        assert message(page) == expected
    pangram = solution["pangrams"][0]
    type_word(page, pangram)
    assert message(page).startswith("Pangram!")
    page.click("#shuffle")  # a click on a button leaves the keyboard to the game
    type_word(page, pangram)
    assert message(page) == "Already found"

    page.click("#hints summary")
    left_before = page.locator("#hints-body p").inner_text()
    genius = next(r["min_score"] for r in solution["ranks"] if r["name"] == "Genius")
    score = solution["word_scores"][pangram]
    for word in sorted(solution["words"], key=solution["word_scores"].get, reverse=True):
        if score >= genius:
            break
        if word != pangram:
            type_word(page, word)
            score += solution["word_scores"][word]
    assert page.locator("#rank-name").inner_text() == "Genius"
    assert page.locator("#score").inner_text() == str(score)
    assert page.locator("#hints-body p").inner_text() != left_before  # hints shrink

    found = page.locator("#found li").count()
    page.reload()  # progress is kept per puzzle
    page.wait_for_selector("body[data-ready]")
    assert page.locator("#found li").count() == found
    assert page.locator("#rank-name").inner_text() == "Genius"

    page.click("#reveal")
    assert page.locator("#found li").count() == solution["count"]
    page.keyboard.press("Backspace")  # typing still works after clicking a button
    page.click("#hive .cell.center")
    assert page.locator("#typed").inner_text().lower() == "c"


# ------------------------------------------------------------------ Letter Boxed


def test_solve_letter_boxed_by_keyboard(page, base):
    solve = get(base, "api/letterboxed/solve?sides=TAP,ERD,NIL,YCO&lexicon=enable1")
    first, second = solve["solutions"][0]
    page.goto(base + "letterboxed?sides=TAP,ERD,NIL,YCO&lexicon=enable1")
    page.wait_for_selector("body[data-ready]")
    page.click("#restart")  # a board played before starts afresh
    assert page.locator("#board .spot").count() == 12

    page.keyboard.type("ta")  # T and A share a side
    assert "same side" in message(page)
    page.keyboard.press("Backspace")
    type_word(page, "ylp" if "ylp" not in (first, second) else "ylpy")
    assert message(page) in ("Not a word", "Too short")
    for _ in range(4):
        page.keyboard.press("Backspace")

    type_word(page, first)
    assert page.locator("#words-so-far").inner_text().lower() == first
    assert page.locator("#board .lines path").count() == 1
    page.reload()  # the words played are kept per board
    page.wait_for_selector("body[data-ready]")
    assert page.locator("#words-so-far").inner_text().lower() == first
    type_word(page, second[1:])  # the next word starts with the last letter already
    assert message(page) == "Solved in 2 words! (the fewest possible)"

    page.click("#reveal")
    assert page.locator("#solutions li").count() == len(solve["solutions"])
    assert page.locator("#board .reveal path").count() == 2


# ------------------------------------------------------------------ Anigrams


def test_play_an_anigrams_game(page, base):
    game = get(base, "api/anigrams/play?seed=11&answers=true&lexicon=enable1")
    page.goto(base + "anigrams?seed=11&lexicon=enable1")
    page.wait_for_selector("body[data-ready]")
    assert page.locator(".step").count() == len(game["steps"])
    tiles = page.locator(".step.current .tile").all_inner_texts()
    assert "".join(tiles).upper() == game["scrambled"].upper()

    page.keyboard.type("qqqq")  # the field has focus: typing goes straight in
    page.keyboard.press("Enter")
    assert message(page).startswith("Use exactly the letters")
    for step in game["steps"][:-1]:
        page.keyboard.type(step["words"][-1])
        page.keyboard.press("Enter")
    page.click("#reveal")  # the last one revealed
    assert "Game complete" in message(page)
    assert f"{len(game['steps']) - 1} of {len(game['steps'])}" in message(page)


# ------------------------------------------------------------------ Multiplets


def test_draw_a_multiplet_and_ladders(page, base):
    result = get(base, "api/multiplet?words=minus,zero,plus&lexicon=enable1")
    ladders = get(base, "api/ladder?from=cold&to=warm&all=true&lexicon=enable1")
    page.goto(base + "multiplet?lexicon=enable1")
    page.wait_for_selector("body[data-ready]")
    page.focus("#words")
    page.keyboard.type("minus zero plus")
    page.keyboard.press("Enter")
    page.wait_for_selector("#network-figure svg")
    nodes = page.locator("#network-figure .node")
    assert nodes.count() == result["links"] + 3
    assert page.locator("#network-figure .node.target").count() == 3
    assert page.locator("#network-figure line").count() == len(result["edges"])
    assert "proven minimum" in page.locator("#proof").inner_text()

    page.focus("#from")
    page.keyboard.type("cold")
    page.keyboard.press("Tab")
    page.keyboard.type("warm")
    page.keyboard.press("Enter")
    page.wait_for_selector("#ladders li")
    assert page.locator("#ladders li").count() == ladders["count"]
    assert f"{ladders['steps']} steps" in page.locator("#ladder-summary").inner_text()


# ------------------------------------------------------------------ phone width, bad input


@pytest.mark.parametrize(
    "path",
    [
        "",
        "bee?letters=CEFINTV&center=C&lexicon=enable1",
        "letterboxed?sides=TAP,ERD,NIL,YCO&lexicon=enable1",
        "anigrams?seed=1&lexicon=enable1",
        "multiplet?words=minus,zero,plus&lexicon=enable1",
    ],
)
def test_pages_fit_a_phone(browser, base, path):
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + path)
    if path:
        page.wait_for_selector("body[data-ready]")
    width = page.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert width <= 375 and errors == []


def test_bad_puzzle_in_the_url_shows_the_error(browser, base):
    page = browser.new_page()
    page.goto(base + "bee?letters=ABC&lexicon=enable1")
    banner = page.locator(".error-banner")
    banner.wait_for(state="visible")
    assert "letters" in banner.inner_text()
    page.close()
