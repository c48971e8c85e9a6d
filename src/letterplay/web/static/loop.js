// The habit loop every game page shares: what was played on which date (kept in this browser),
// the streak and the stats, the share text and the clipboard. The rules are written down in
// docs/web.md ("Daily puzzles, streaks and sharing"); keep the two in step.
import { el, store } from "./common.js";

/** The games and what makes a date extend a streak: Spelling Bee, playing it (a word found);
 * Letter Boxed and Anigrams, solving it. A revealed date never extends a streak, nor does one
 * first played after its day (from the archive). */
export const GAMES = {
  bee: { title: "Spelling Bee", streak: "played" },
  letterboxed: { title: "Letter Boxed", streak: "solved" },
  anigrams: { title: "Anigrams", streak: "solved" },
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The browser's local date as "YYYY-MM-DD" (the date of the daily puzzle it shows). */
export function localDate(when = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`;
}

/** True for a real calendar date written "YYYY-MM-DD". */
export function isDate(text) {
  if (typeof text !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** ``date`` moved by ``days`` (calendar days, no time zone involved). */
export function addDays(date, days) {
  const day = new Date(`${date}T00:00:00Z`);
  return new Date(day.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** "November 25, 2026" for "2026-11-25" (as the NY Times writes dates). */
export function longDate(date) {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC", year: "numeric", month: "long", day: "numeric",
  });
}

function key(game) {
  return `letterplay/loop/${game}`;
}

/** Every recorded day of ``game``: ``{"YYYY-MM-DD": outcome}``. */
export function days(game) {
  const saved = store.get(key(game), {});
  return saved && typeof saved === "object" && !Array.isArray(saved) ? saved : {};
}

/** The outcome recorded for ``game`` on ``date`` (null: not played). */
export function day(game, date) {
  return days(game)[date] || null;
}

/** Record how ``game`` went on ``date``: ``outcome`` is an object such as ``{rank, score,
 * words, steps, solved, revealed}``, merged into what was recorded before. Recording means the
 * day was played. Once a day is revealed it stays revealed and its result is frozen: a later
 * call changes neither its rank, score, words, steps nor ``solved``. Returns the day's record. */
export function record(game, date, outcome = {}) {
  if (!isDate(date)) throw new Error(`record: date must be YYYY-MM-DD, got ${date}`);
  const all = days(game);
  const before = all[date] || {};
  let after;
  if (before.revealed) {
    const { rank, score, words, steps, solved, ...rest } = outcome;
    after = { ...before, ...rest, revealed: true };
  } else {
    after = { ...before, ...outcome };
    after.solved = Boolean(before.solved || outcome.solved);
    after.revealed = Boolean(outcome.revealed);
  }
  after.played = true;
  // a date first played after its day (from the archive) is kept, but fills no gap in a streak
  if (!("late" in before)) after.late = date < localDate();
  all[date] = after;
  store.set(key(game), all);
  return after;
}

/** True when ``outcome`` extends ``game``'s streak (see :data:`GAMES`). */
export function counts(game, outcome) {
  if (!outcome || outcome.revealed || outcome.late) return false;
  const rule = (GAMES[game] || {}).streak || "played";
  return rule === "solved" ? Boolean(outcome.solved) : Boolean(outcome.played);
}

/** ``game``'s stats on ``today`` ("YYYY-MM-DD", the browser's local date by default):
 * ``played`` (days played), ``solved``, ``revealed``, ``streak`` (consecutive days that count,
 * ending today, or yesterday when today is not yet counted), ``best_streak``, and how often
 * each ``ranks`` name, number of ``words`` and of ``steps`` was the day's result. */
export function stats(game, today = localDate()) {
  const all = days(game);
  const dates = Object.keys(all).filter(isDate).sort();
  const result = {
    played: 0, solved: 0, revealed: 0, streak: 0, best_streak: 0, ranks: {}, words: {}, steps: {},
  };
  let run = 0;
  let previous = null;
  for (const date of dates) {
    const o = all[date];
    result.played += 1;
    if (o.solved) result.solved += 1;
    if (o.revealed) result.revealed += 1;
    for (const field of ["rank", "words", "steps"]) {
      const value = o[field];
      if (value === undefined || value === null) continue;
      const tally = result[field === "rank" ? "ranks" : field];
      tally[value] = (tally[value] || 0) + 1;
    }
    if (date > today) continue; // a date after today (a changed clock) never counts
    if (counts(game, o)) {
      run = previous !== null && addDays(previous, 1) === date ? run + 1 : 1;
      previous = date;
      result.best_streak = Math.max(result.best_streak, run);
    }
  }
  if (previous === today || previous === addDays(today, -1)) result.streak = run;
  return result;
}

/** ``done`` of ``total`` as a line of squares (filled, then empty). */
export function squares(done, total, fill = "🟨") {
  const n = Math.max(0, Math.min(done, total));
  return fill.repeat(n) + "⬜".repeat(Math.max(0, total - n));
}

/** The share text of ``game`` on ``date`` in the NY Times' manner: the game, the date, then
 * the result; never an answer. ``summary`` may hold ``rank``, ``score`` (points),
 * ``words`` (words found or used), ``steps`` and ``of`` (steps solved of how many),
 * ``solved``, ``revealed``, ``line`` (an extra line such as squares) and ``par``. */
export function shareText(game, date, summary = {}) {
  const title = (GAMES[game] || { title: game }).title;
  const lines = [`${title} · letterplay`, longDate(date)];
  const parts = [];
  const num = (v) => typeof v === "number" && Number.isFinite(v);
  if (summary.rank) parts.push(String(summary.rank));
  if (num(summary.score)) parts.push(`${summary.score} point${summary.score === 1 ? "" : "s"}`);
  if (game === "letterboxed" && summary.solved && num(summary.words)) {
    parts.push(`solved in ${summary.words} word${summary.words === 1 ? "" : "s"}` +
      (num(summary.par) ? ` (par ${summary.par})` : ""));
  } else if (num(summary.words)) {
    parts.push(`${summary.words} word${summary.words === 1 ? "" : "s"}`);
  }
  if (num(summary.steps)) parts.push(`${summary.steps}${num(summary.of) ? `/${summary.of}` : ""} steps`);
  if (parts.length) lines.push(parts.join(" · "));
  if (typeof summary.line === "string" && summary.line) lines.push(summary.line);
  if (summary.revealed) lines.push("(answers revealed)");
  return lines.join("\n");
}

function toast(text) {
  let box = document.getElementById("toast");
  if (!box) {
    box = el("div", { id: "toast", class: "toast", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  box.textContent = text;
  box.classList.add("shown");
  clearTimeout(box._timer);
  box._timer = setTimeout(() => box.classList.remove("shown"), 2200);
}

/** Copy ``text`` to the clipboard and say so in a visible message; resolves to true when
 * copied (false: the message asks to copy by hand, and the text stays selectable). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Copied to the clipboard");
    return true;
  } catch {
    // no clipboard permission (an insecure origin, an old browser): select and copy
    const area = el("textarea", { class: "visually-hidden", "aria-hidden": "true" });
    area.value = text;
    document.body.append(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    area.remove();
    toast(copied ? "Copied to the clipboard" : "Could not copy: select the text and copy it");
    return copied;
  }
}
