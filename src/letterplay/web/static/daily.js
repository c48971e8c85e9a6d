// The daily-puzzle pieces the Letter Boxed and Anigrams pages share: which date a page shows
// (its URL's ``date``, else the browser's local date), yesterday's answers behind one button, the
// archive of past dates, and the stats and share panel of a played date. The rules of the loop
// itself (streaks, what a revealed date does) live in loop.js.
import { api, el } from "./common.js";
import { addDays, copyText, day, isDate, localDate, longDate, shareText, stats } from "./loop.js";

const ARCHIVE_DAYS = 14;

/** The date a daily page shows: ``{date, today}``, or ``{error}`` in the address's own words
 * for a ``date`` that is not a real date or is after today. */
export function pageDate(query, today = localDate()) {
  const given = query.get("date");
  if (given === null || given === "") return { date: today, today };
  if (!isDate(given)) {
    return { today, error: `The address's date must be a date written YYYY-MM-DD, such as ` +
      `${today}; got "${given.slice(0, 40)}".` };
  }
  if (given > today) {
    return { today, error: `The puzzle of ${longDate(given)} is not out yet: today is ` +
      `${longDate(today)}.` };
  }
  return { date: given, today };
}

/** ``/api/<game>/daily`` for one date: that date's puzzle and the lexicon it was made on. */
export async function dailyPuzzle(game, date, lexicon) {
  let result;
  try {
    result = await api(`${game}/daily`, { date, lexicon });
  } catch (error) {
    // a server without the daily endpoint (an older letterplay): say so, not its API list
    if (/^no API/.test(error.message)) {
      throw new Error("This server has no daily puzzles; the New button gives a random one.");
    }
    throw error;
  }
  const puzzle = (result.puzzles || [])[0];
  if (!puzzle) throw new Error(`No ${game} puzzle for ${date}`);
  return { puzzle, lexicon: result.lexicon ? result.lexicon.name : lexicon };
}

/** "Today", "Yesterday" or the long date, for the page's title. */
export function dayName(date, today) {
  if (date === today) return `Today · ${longDate(date)}`;
  if (date === addDays(today, -1)) return `Yesterday · ${longDate(date)}`;
  return longDate(date);
}

/** A button that shows the answers of the date before ``date`` in ``box`` (fetched on the
 * first click; ``show(puzzle)`` makes their elements). */
export function yesterdayButton(button, box, { game, date, lexicon, show }) {
  const before = addDays(date, -1);
  button.addEventListener("click", async () => {
    if (!box.hidden && box.childElementCount) {
      box.hidden = true;
      button.setAttribute("aria-expanded", "false");
      return;
    }
    box.hidden = false;
    button.setAttribute("aria-expanded", "true");
    if (box.childElementCount) return;
    box.replaceChildren(el("p", { class: "muted small", text: "Loading…" }));
    try {
      const { puzzle } = await dailyPuzzle(game, before, lexicon);
      box.replaceChildren(
        el("p", { class: "small" }, [el("strong", { text: longDate(before) }), " · ",
          el("a", { href: `?date=${before}`, text: "play it" })]),
        ...show(puzzle),
      );
    } catch (error) {
      box.replaceChildren(el("p", { class: "small bad", text: String(error.message || error) }));
    }
  });
}

/** What a recorded date says in the archive: "solved in 2 words", "revealed", …. */
function status(game, outcome) {
  if (!outcome) return "not played";
  if (outcome.revealed) return "revealed";
  if (outcome.rank) return `${outcome.rank}${outcome.score !== undefined ? ` · ${outcome.score}` : ""}`;
  if (game === "letterboxed" && outcome.solved) return `solved in ${outcome.words}`;
  if (game === "anigrams" && outcome.steps !== undefined) {
    return `${outcome.steps}${outcome.of ? `/${outcome.of}` : ""} steps${outcome.solved ? " ✓" : ""}`;
  }
  return outcome.solved ? "solved" : "played";
}

/** The archive: the last :data:`ARCHIVE_DAYS` dates with what was done on each, and a date
 * field for any earlier one (links are ``?date=YYYY-MM-DD`` of this page). Call it again after
 * play to show the date's new status. */
export function fillArchive(list, form, { game, date, today }) {
  list.replaceChildren(...Array.from({ length: ARCHIVE_DAYS }, (_, i) => {
    const when = addDays(today, -i);
    const outcome = day(game, when);
    const link = el("a", { href: `?date=${when}`, text: i === 0 ? "Today" : longDate(when) });
    if (when === date) link.setAttribute("aria-current", "date");
    const kind = !outcome ? "none" : outcome.revealed ? "revealed" : outcome.solved ? "solved" : "played";
    return el("li", { class: `day ${kind}` }, [link, el("span", { class: "status", text: status(game, outcome) })]);
  }));
  const input = form.querySelector("input[type=date]");
  input.max = today;
  input.value = date;
  if (form.dataset.ready) return; // filled again after play: the form is set up once
  form.dataset.ready = "1";
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (isDate(input.value) && input.value <= today) location.search = `?date=${input.value}`;
  });
}

/** The stats of ``game`` on ``today``: played, streak, best streak, and how often each value
 * of ``field`` (``words`` or ``steps``) was a date's result, as a small bar chart. */
export function fillStats(box, { game, today, field, label, mine }) {
  const s = stats(game, today);
  const item = (value, name) => el("div", { class: "stat" }, [
    el("span", { class: "stat-value", text: String(value) }), el("span", { class: "stat-label", text: name }),
  ]);
  const tally = s[field] || {};
  const values = Object.keys(tally).map(Number).sort((a, b) => a - b);
  const most = Math.max(1, ...values.map((v) => tally[v]));
  const bars = values.map((v) => el("li", { class: v === mine ? "mine" : "" }, [
    el("span", { class: "bar-label", text: String(v) }),
    el("span", { class: "bar", style: `--share:${(tally[v] / most).toFixed(3)}` },
      [el("span", { text: String(tally[v]) })]),
  ]));
  box.replaceChildren(
    el("div", { class: "stats" }, [
      item(s.played, "Played"), item(s.solved, "Solved"), item(s.streak, "Current streak"),
      item(s.best_streak, "Best streak"),
    ]),
    ...(bars.length ? [el("p", { class: "small muted bars-title", text: label }),
      el("ol", { class: "bars" }, bars)] : []),
  );
}

/** Copy the date's share text (``summary()`` gives what loop.js's shareText takes). */
export function shareButton(button, { game, date, summary }) {
  button.addEventListener("click", () => {
    copyText(shareText(game, date, summary()));
  });
}
