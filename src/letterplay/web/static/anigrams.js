// Anigrams: today's game (or a date's, or the URL's ``seed``); unscramble the start, then a
// letter is added each step. Progress is kept per game in the browser; a date's result (steps
// solved) goes to the daily loop: stats, a share text, yesterday's answers and the archive.
import {
  api, chooseLexicon, el, flash, params, randomSeed, ready, setParams, showError, store,
} from "./common.js";
import {
  dailyPuzzle, dayName, fillArchive, fillStats, pageDate, shareButton, yesterdayButton,
} from "./daily.js";
import { day, record, squares } from "./loop.js";

const GAME = "anigrams";
const $ = (id) => document.getElementById(id);
const state = {
  game: null, step: 0, answers: [], revealed: [], tiles: [], key: null, date: null, today: null,
};
const SEED = /^[+-]?\d+$/;
const MAX_SEED = 2n ** 63n;

const sorted = (word) => [...word].sort().join("");

function tiles(letters, added) {
  let marked = false;
  return el("span", { class: "tiles" }, [...letters].map((ch) => {
    const isNew = !marked && ch === added;
    if (isNew) marked = true;
    return el("span", { class: `tile${isNew ? " new" : ""}`, text: ch });
  }));
}

/** Steps solved without help: those before the first revealed one (a reveal stops scoring). */
function solvedAlone() {
  const first = state.revealed.indexOf(true);
  return first === -1 ? state.step : first;
}

function render() {
  const { game } = state;
  const items = game.steps.map((step, i) => {
    const cls = i < state.step ? "done" : i === state.step ? "current" : "todo";
    const row = el("li", { class: `step ${cls}`, "data-step": i + 1 });
    const body = el("div", { class: "tiles" });
    if (i < state.step) {
      const word = state.answers[i];
      const others = step.words.filter((w) => w !== word);
      body.append(
        ...[...word].map((ch) => el("span", { class: "tile word", text: ch })),
        ...(state.revealed[i] ? [el("span", { class: "also", text: "(revealed)" })] : []),
        ...(others.length ? [el("span", { class: "also", text: `also ${others.join(", ")}` })] : []),
      );
    } else if (i === state.step) {
      const prefix = i === 0 ? "Unscramble" : `Add ${step.added}:`;
      body.append(el("span", { class: "muted small", text: prefix }), tiles(state.tiles[i], i ? step.added : null));
    } else {
      body.append(el("span", { class: "muted small", text: `${step.length} letters` }));
    }
    row.append(el("span", { class: "n", text: i + 1 }), body);
    return row;
  });
  $("steps").replaceChildren(...items);
  const finished = state.step >= game.steps.length;
  $("guess").disabled = finished;
  $("enter").disabled = finished;
  $("reveal").disabled = finished;
  $("reveal-note").textContent = revealNote(finished);
  if (finished) {
    const mine = state.revealed.filter((r) => !r).length;
    flash($("message"), `Game complete: ${mine} of ${game.steps.length} words found yourself`, "win", 0);
  } else {
    $("guess").focus();
  }
}

function revealNote(finished) {
  if (!state.date || finished) return "";
  if (state.revealed.includes(true)) {
    return `Revealed: this date's result stays at ${solvedAlone()} steps solved; play on for fun.`;
  }
  return "Revealing a word ends this date's scoring: its result stays at the steps solved " +
    "before it, the date is kept as revealed, and it will not extend your streak.";
}

// ---------------------------------------------------------------- progress

function save() {
  store.set(state.key, { answers: state.answers.slice(0, state.step), revealed: state.revealed.slice(0, state.step) });
}

/** The steps played on this game before (kept in the browser), as far as they still fit. */
function restore() {
  const saved = store.get(state.key, { answers: [], revealed: [] });
  const answers = Array.isArray(saved.answers) ? saved.answers : [];
  const revealed = Array.isArray(saved.revealed) ? saved.revealed : [];
  for (const [i, word] of answers.entries()) {
    const step = state.game.steps[i];
    if (!step || !step.words.includes(word)) break;
    state.answers[i] = word;
    state.revealed[i] = Boolean(revealed[i]);
    state.step = i + 1;
  }
}

/** Keep the date's result: steps solved alone, of how many, solved when all were. */
function recordDay() {
  if (!state.date) return;
  const of = state.game.steps.length;
  const revealed = state.revealed.includes(true);
  // a date revealed keeps the steps solved before (loop.js freezes it from then on)
  record(GAME, state.date, { steps: solvedAlone(), of, solved: !revealed && state.step === of, revealed });
  showDay();
}

function advance(word, revealed) {
  state.answers[state.step] = word;
  state.revealed[state.step] = revealed;
  state.step += 1;
  save();
  recordDay();
  render();
}

function guess(text) {
  const word = text.trim().toLowerCase();
  const step = state.game.steps[state.step];
  const message = $("message");
  if (!word || !step) return;
  if (word.length !== step.length) return flash(message, `Use all ${step.length} letters`);
  if (sorted(word) !== sorted(step.letters.toLowerCase())) {
    return flash(message, `Use exactly the letters ${step.letters}`);
  }
  if (!step.words.includes(word)) return flash(message, "Not in word list");
  flash(message, step.words.length > 1 ? `Yes! (also ${step.words.filter((w) => w !== word).join(", ")})` : "Yes!", "good");
  advance(word, false);
}

// ---------------------------------------------------------------- the date's loop

function showDay() {
  const outcome = day(GAME, state.date);
  $("day-panel").hidden = false;
  fillStats($("stats"), {
    game: GAME, today: state.today, field: "steps", label: "Dates by steps solved",
    mine: outcome && !outcome.revealed ? outcome.steps : undefined,
  });
  $("share").disabled = !outcome;
  fillArchive($("archive-list"), $("archive-form"), { game: GAME, date: state.date, today: state.today });
}

/** What the share text says: steps solved of how many, as squares; never a word. */
function summary() {
  const outcome = day(GAME, state.date) || {};
  const of = state.game.steps.length;
  const steps = outcome.steps ?? 0;
  return { steps, of, revealed: outcome.revealed, line: squares(steps, of, "🟦") };
}

function answersOf(puzzle) {
  return [el("ol", { class: "answer-list" }, puzzle.steps.map((step) =>
    el("li", { text: `${step.letters}: ${step.words.join(", ")}` })))];
}

// ---------------------------------------------------------------- loading a game

/** The games this one was drawn from: the API's ``games``, the one count every page shows
 * (the games between its lengths with no offensive word in them, as on the index page). */
function gameCount(game) {
  const first = game.steps[0].length;
  const last = game.steps[game.steps.length - 1].length;
  return `one of ${game.games.toLocaleString("en-US")} games from ${first} to ${last} letters`;
}

/** The URL's game: ``seed`` (checked here, so a bad one is said in the page's own words),
 * ``start``, ``end`` and ``lexicon``. */
async function fromUrl(seed) {
  const text = seed.trim();
  $("today-link").hidden = false; // a puzzle of the address's own: today's is a click away
  if (!SEED.test(text) || (BigInt(text) < 0n ? -BigInt(text) : BigInt(text)) >= MAX_SEED) {
    throw new Error(`The address's seed must be a whole number, such as /anigrams?seed=1 ` +
      `(any number of up to 18 digits is a game); got "${seed.slice(0, 40)}". ` +
      `Press New game for a random one.`);
  }
  $("lexicon-choice").hidden = false;
  const lexicon = await chooseLexicon($("lexicon"), ["enable1"]);
  const p = params();
  const query = { seed: text, start: p.get("start"), end: p.get("end"), lexicon, answers: "true" };
  const game = await api("anigrams/play", query);
  // the URL's seed as written: a seed past 2**53 would lose digits as a JavaScript number
  setParams({ seed: text, start: p.get("start"), end: p.get("end"), lexicon });
  $("puzzle-name").textContent = `game ${text} · ${gameCount(game)} · ${lexicon}`;
  state.key = `letterplay/anigrams/${lexicon}/${text}/${game.steps[0].length}-${game.steps.at(-1).length}`;
  return game;
}

async function fromDate(date, today) {
  const { puzzle, lexicon } = await dailyPuzzle(GAME, date, params().get("lexicon"));
  state.date = date;
  $("puzzle-name").textContent = `${dayName(date, today)} · ${gameCount(puzzle)}`;
  $("today-link").hidden = date === today;
  state.key = `letterplay/anigrams/${lexicon}/daily/${date}`;
  return puzzle;
}

function stopPlay() {
  for (const id of ["guess", "enter", "reveal", "share"]) $(id).disabled = true;
}

async function start() {
  const seed = params().get("seed");
  const when = pageDate(params());
  const setUpPast = (date, lexicon) => {
    $("yesterday").textContent = date === when.today ? "Yesterday's answers" : "Answers of the day before";
    yesterdayButton($("yesterday"), $("yesterday-answers"), { game: GAME, date, lexicon, show: answersOf });
    fillArchive($("archive-list"), $("archive-form"), { game: GAME, date: state.date || "", today: when.today });
  };
  if (seed === null && when.error) {
    $("today-link").hidden = false;
    stopPlay();
    setUpPast(when.today);
    throw new Error(when.error);
  }
  state.today = when.today;
  let game;
  try {
    game = seed !== null ? await fromUrl(seed) : await fromDate(when.date, when.today);
  } catch (error) {
    stopPlay();
    setUpPast(when.today);
    throw error;
  }
  state.game = game;
  // the start is shown scrambled as the game gives it; later steps as the game gives their
  // letters, which it has checked: a shuffle made here could spell what the game never shows
  state.tiles = game.steps.map((s, i) => (i === 0 ? game.scrambled : s.letters));
  restore();
  if (state.date) {
    showDay();
    shareButton($("share"), { game: GAME, date: state.date, summary });
  }
  setUpPast(state.date || when.today, state.date ? params().get("lexicon") : undefined);
  render();
  ready();
}

$("form").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!state.game) return;
  guess($("guess").value);
  $("guess").value = "";
});
$("reveal").addEventListener("click", () => {
  const step = state.game && state.game.steps[state.step];
  if (!step) return;
  flash($("message"), `It was ${step.words.join(" or ")}`);
  advance(step.words[0], true);
});
$("new-game").addEventListener("click", () => {
  const query = new URLSearchParams(location.search);
  query.delete("date");
  query.set("seed", randomSeed());
  location.search = query.toString();
});
start().catch(showError);
