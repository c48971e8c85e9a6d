// Spelling Bee: today's puzzle (or the address's), the honeycomb, typing and clicking, messages,
// ranks, hints, saved progress, and the day's stats and share text (loop.js).
import {
  api, chooseLexicon, el, flash, params, randomSeed, ready, setParams, showError, shuffled, store,
  svg, keepTypingFocus, playByKeyboard,
} from "./common.js";
import { dailyPuzzle, dayName, fillArchive, pageDate, shareButton, yesterdayButton } from "./daily.js";
import { day, record, squares, stats } from "./loop.js";

const $ = (id) => document.getElementById(id);
const GAME = "bee";
const LATEST = 6; // found words shown above the hive on a phone, latest first
const state = {
  lexicon: null, letters: "", center: "", outer: [], words: [], scores: {}, pangrams: new Set(),
  ranks: [], total: 0, found: [], revealed: false, showMissed: true, typed: "",
  date: null, today: null,
};

function key() {
  if (state.date) return `letterplay/bee/daily/${state.date}/${state.lexicon}`;
  return `letterplay/bee/${state.lexicon}/${state.letters}/${state.center}`;
}

function save() {
  store.set(key(), { found: state.found, revealed: state.revealed });
}

// ---------------------------------------------------------------- the honeycomb

function hexagon(cx, cy, r) {
  const points = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    points.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return points.join(" ");
}

function drawHive() {
  const hive = $("hive");
  const r = 48;
  const d = Math.sqrt(3) * r + 6;
  const cells = [[150, 150, state.center, true]];
  state.outer.forEach((letter, i) => {
    const a = (-90 + 60 * i) * (Math.PI / 180);
    cells.push([150 + d * Math.cos(a), 150 + d * Math.sin(a), letter, false]);
  });
  hive.replaceChildren(
    ...cells.map(([x, y, letter, centre]) => {
      const cell = svg("g", {
        class: `cell ${centre ? "center" : "outer"}`, role: "button", tabindex: "0",
        "aria-label": `${letter.toUpperCase()}${centre ? " (centre letter)" : ""}`,
        "data-letter": letter,
      }, [svg("polygon", { points: hexagon(x, y, r) }), svg("text", { x, y }, [letter])]);
      cell.addEventListener("click", () => type(letter));
      cell.addEventListener("keydown", (event) => {
        if (event.key === " " && event.target === cell) {
          event.preventDefault();
          event.stopPropagation();
          type(letter);
        }
      });
      return cell;
    }),
  );
  // a tap or a click types the letter without taking the focus (no ring, keys still play)
  keepTypingFocus(hive.querySelectorAll(".cell"));
}

function shuffle() {
  const hive = $("hive");
  hive.classList.add("shuffling");
  setTimeout(() => {
    state.outer = shuffled(state.outer);
    drawHive();
    hive.classList.remove("shuffling");
  }, 150);
}

// ---------------------------------------------------------------- typing

function showTyped() {
  const box = $("typed");
  box.replaceChildren(
    ...[...state.typed].map((ch) => {
      const kind = ch === state.center ? "c" : state.letters.includes(ch) ? "" : "x";
      return el("span", { class: kind, text: ch });
    }),
  );
}

function type(letter) {
  if (state.typed.length >= 19) return;
  state.typed += letter;
  showTyped();
}

function backspace() {
  state.typed = state.typed.slice(0, -1);
  showTyped();
}

function praise(points, pangram) {
  if (pangram) return "Pangram!";
  if (points === 1) return "Good!";
  if (points <= 6) return "Nice!";
  return "Awesome!";
}

function submit() {
  const word = state.typed;
  const message = $("message");
  state.typed = "";
  showTyped();
  if (!word) return;
  if (state.revealed) return flash(message, "Answers revealed: no more scoring");
  if (word.length < 4) return flash(message, "Too short");
  if ([...word].some((ch) => !state.letters.includes(ch))) return flash(message, "Bad letters");
  if (!word.includes(state.center)) return flash(message, "Missing center letter");
  if (!(word in state.scores)) return flash(message, "Not in word list");
  if (state.found.includes(word)) return flash(message, "Already found");
  state.found.push(word);
  save();
  const points = state.scores[word];
  const pangram = state.pangrams.has(word);
  flash(message, `${praise(points, pangram)}  +${points}`, pangram ? "win" : "good");
  keep();
  render();
}

// ---------------------------------------------------------------- progress

function score() {
  return state.found.reduce((sum, w) => sum + (state.scores[w] || 0), 0);
}

function rankNow() {
  const points = score();
  const reached = state.ranks.filter((r) => points >= r.min_score);
  return reached[reached.length - 1];
}

/** The ranks the bar shows: up to Genius, as the NY Times' does (Queen Bee is every word). */
function barRanks() {
  return state.ranks.filter((r) => r.name !== "Queen Bee");
}

function renderRank() {
  const points = score();
  const rank = rankNow();
  const next = state.ranks.find((r) => points < r.min_score);
  $("rank-name").textContent = rank.name;
  $("rank-next").textContent = next ? `${next.min_score - points} to ${next.name}` : "every word found";
  const bar = $("rankbar");
  const shown = barRanks();
  const last = shown.length - 1;
  const at = Math.max(0, shown.filter((r) => points >= r.min_score).length - 1);
  const where = (i) => `left:${(100 * i) / last}%`;
  const dots = shown.map((r, i) => el("span", {
    class: `dot ${points >= r.min_score ? "reached" : ""}`, style: where(i), title: `${r.name}: ${r.min_score}`,
  }));
  // every rank's name on the bar, alternately below and above it so that they fit a phone
  const labels = shown.map((r, i) => el("span", {
    class: `rank-label ${i % 2 ? "above" : "below"} ${i === 0 ? "first" : i === last ? "last" : ""}` +
      (i === at ? " here" : ""),
    style: where(i), text: r.name,
  }));
  bar.replaceChildren(el("span", { class: "track" }), ...dots, ...labels,
    el("span", { class: "you", style: where(at), id: "score", text: points }));
  bar.setAttribute("aria-label", `Score ${points} of ${state.total}: ${rank.name}`);
}

function renderFound() {
  const found = [...state.found].sort();
  const n = found.length;
  $("found-title").textContent = `You have found ${n} word${n === 1 ? "" : "s"}` +
    (state.revealed ? ` of ${state.words.length}` : "");
  const list = state.revealed && state.showMissed ? state.words : found;
  const have = new Set(found);
  $("found").replaceChildren(...list.map((w) => el("li", {
    class: [state.pangrams.has(w) ? "pangram" : "", have.has(w) ? "" : "missed"].join(" ").trim(),
    text: w,
  })));
  const latest = state.found.slice(-LATEST).reverse();
  $("found-latest").replaceChildren(...(latest.length
    ? latest.map((w) => el("span", { class: state.pangrams.has(w) ? "pangram" : "", text: w }))
    : [el("span", { class: "muted", text: "Your words will show here." })]));
}

function renderHints() {
  const left = state.words.filter((w) => !state.found.includes(w));
  const body = $("hints-body");
  if (!left.length) {
    body.replaceChildren(el("p", { text: "No words left: you found them all." }));
    return;
  }
  const lengths = [...new Set(left.map((w) => w.length))].sort((a, b) => a - b);
  const firsts = [...new Set(left.map((w) => w[0]))].sort();
  const count = (f, n) => left.filter((w) => w[0] === f && (n === 0 || w.length === n)).length;
  const head = el("tr", {}, [el("th", { text: "" }), ...lengths.map((n) => el("th", { scope: "col", text: n })),
    el("th", { scope: "col", text: "Σ" })]);
  const rows = firsts.map((f) => el("tr", {}, [el("th", { scope: "row", text: f.toUpperCase() }),
    ...lengths.map((n) => {
      const c = count(f, n);
      return el("td", { class: c ? "" : "zero", text: c || "-" });
    }),
    el("td", { class: "total", text: count(f, 0) })]));
  const totals = el("tr", { class: "total" }, [el("th", { scope: "row", text: "Σ" }),
    ...lengths.map((n) => el("td", { text: left.filter((w) => w.length === n).length })),
    el("td", { text: left.length })]);
  const table = el("table", { class: "hints-table" }, [
    el("caption", { class: "visually-hidden", text: "Words left by first letter and length" }),
    el("thead", {}, [head]), el("tbody", {}, [...rows, totals])]);
  const pairs = {};
  for (const w of left) pairs[w.slice(0, 2)] = (pairs[w.slice(0, 2)] || 0) + 1;
  const two = el("div", { class: "two-letter", "aria-label": "Two-letter list" },
    Object.keys(pairs).sort().map((p) => el("span", { text: `${p.toUpperCase()}-${pairs[p]}` })));
  const pangramsLeft = [...state.pangrams].filter((w) => !state.found.includes(w)).length;
  const pointsLeft = state.total - score();
  body.replaceChildren(
    el("p", { class: "small muted", text: `${left.length} words, ${pointsLeft} points and ${pangramsLeft} pangram${pangramsLeft === 1 ? "" : "s"} left.` }),
    table, el("h3", { class: "small", text: "Two-letter list" }), two);
}

function renderReveal() {
  const button = $("reveal");
  const note = $("reveal-note");
  if (state.revealed) {
    button.textContent = state.showMissed ? "Hide missed words" : "Show missed words";
    note.textContent = "Answers revealed: scoring has stopped" +
      (state.date ? "; this date counts as played, not toward a streak." : ".");
  } else {
    button.textContent = "Reveal all words";
    note.textContent = "Revealing shows every answer and stops the scoring: words typed after it " +
      "score nothing and move no rank." +
      (state.date ? " The date still counts as played, but it will not extend your streak." : "");
  }
}

function render() {
  renderRank();
  renderFound();
  renderHints();
  renderReveal();
  renderDay();
}

// ---------------------------------------------------------------- the day: stats and share

/** Record the daily puzzle's result in the loop (nothing for a puzzle of the address's own). */
function keep(extra = {}) {
  if (!state.date) return;
  record(GAME, state.date, { rank: rankNow().name, score: score(), words: state.found.length, ...extra });
}

function summary() {
  const shown = barRanks();
  const points = score();
  const at = Math.max(0, shown.filter((r) => points >= r.min_score).length - 1);
  const queen = points >= state.total && state.total > 0;
  const outcome = day(GAME, state.date) || {};
  return {
    rank: outcome.rank || rankNow().name,
    score: outcome.score ?? points,
    words: outcome.words ?? state.found.length,
    line: squares(at, shown.length - 1) + (queen ? " 👑" : ""),
    revealed: state.revealed,
  };
}

function renderDay() {
  if (!state.date) return;
  const outcome = day(GAME, state.date);
  $("day-panel").hidden = !outcome;
  if (!outcome) return;
  const s = stats(GAME, state.today);
  const item = (value, name) => el("div", { class: "stat" }, [
    el("span", { class: "stat-value", text: String(value) }), el("span", { class: "stat-label", text: name }),
  ]);
  const order = state.ranks.map((r) => r.name).filter((name) => s.ranks[name]);
  const most = Math.max(1, ...order.map((name) => s.ranks[name]));
  const bars = order.map((name) => el("li", { class: name === outcome.rank ? "mine" : "" }, [
    el("span", { class: "bar-label", text: name }),
    el("span", { class: "bar", style: `--share:${(s.ranks[name] / most).toFixed(3)}` },
      [el("span", { text: String(s.ranks[name]) })]),
  ]));
  $("stats").replaceChildren(
    el("div", { class: "stats" }, [
      item(s.played, "Played"), item(s.streak, "Current streak"), item(s.best_streak, "Best streak"),
    ]),
    el("p", { class: "small muted bars-title", text: "Ranks reached" }),
    el("ol", { class: "bars" }, bars),
  );
}

// ---------------------------------------------------------------- loading a puzzle

/** Refuse the page's puzzle: say why, and offer a new puzzle or today's (no dead buttons). */
function refuse(reason) {
  showError(reason);
  $("game").hidden = true;
  $("refused").hidden = false;
  $("refused-reason").textContent = "This page has no puzzle to play. Try another:";
  ready();
}

async function newPuzzle(button) {
  button.disabled = true;
  const lexicon = state.lexicon || params().get("lexicon") || undefined;
  const draw = (name) => api("bee/generate", { seed: randomSeed(), like: "nyt", lexicon: name });
  try {
    // a word list the address names but the server lacks: the server's own instead
    const result = await draw(lexicon).catch((error) => {
      if (lexicon && /lexicon/.test(error.message)) return draw(undefined);
      throw error;
    });
    const hive = result.puzzles[0];
    location.search = new URLSearchParams({
      letters: hive.letters, center: hive.center, lexicon: result.lexicon.name,
    }).toString();
  } catch (error) {
    showError(error);
    button.disabled = false;
  }
}


async function start() {
  const query = params();
  const letters = query.get("letters");
  let center = query.get("center");
  let lexicon;
  if (letters !== null) {
    $("lexicon-choice").hidden = false;
    $("today-link").hidden = false;
    lexicon = await chooseLexicon($("lexicon"), ["nyt-bee", "enable1"]);
  } else {
    const shown = pageDate(query);
    if (shown.error) return refuse(shown.error);
    state.date = shown.date;
    state.today = shown.today;
    if (state.date !== state.today) $("today-link").hidden = false;
    // the daily answer carries the solve command's keys: no second request
    const { puzzle, lexicon: name } = await dailyPuzzle(GAME, state.date, query.get("lexicon") || undefined);
    return play(puzzle.letters, puzzle.center, name, puzzle.word_scores && puzzle.ranks ? puzzle : null);
  }
  return play(letters, center || undefined, lexicon); // no centre: the solver's default one
}

async function play(letters, center, lexicon, solved = null) {
  state.lexicon = lexicon;
  let solution = solved;
  try {
    solution ??= await api("bee/solve", { letters, center, lexicon });
  } catch (error) {
    return refuse(error.message);
  }
  const name = [solution.center, ...[...solution.letters].filter((c) => c !== solution.center)].join("");
  if (solution.count === 0) {
    return refuse(`No word of ${lexicon} can be made from ${name} with ${solution.center} in the ` +
      "middle: there is nothing to find in this hive.");
  }
  if (!solution.pangrams.length) {
    return refuse(`No word of ${lexicon} uses all seven letters of ${name}: a hive without a ` +
      "pangram is not a puzzle.");
  }
  if (!state.date) setParams({ letters: solution.letters, center: solution.center, lexicon });
  state.letters = solution.letters.toLowerCase();
  state.center = solution.center.toLowerCase();
  state.outer = shuffled([...state.letters].filter((ch) => ch !== state.center));
  state.words = solution.words;
  state.scores = solution.word_scores;
  state.pangrams = new Set(solution.pangrams);
  state.ranks = solution.ranks;
  state.total = solution.score;
  const saved = store.get(key(), { found: [], revealed: false });
  state.found = (saved.found || []).filter((w) => w in state.scores);
  state.revealed = Boolean(saved.revealed) || Boolean(state.date && (day(GAME, state.date) || {}).revealed);
  const about = `${name} · ${solution.count} words · ${solution.score} points`;
  $("puzzle-name").textContent = state.date ? `${dayName(state.date, state.today)}` : `${about} · ${lexicon}`;
  document.title = `Spelling Bee${state.date ? `, ${state.date}` : ""} · letterplay`;
  if (state.date) {
    $("past-panel").hidden = false;
    yesterdayButton($("yesterday"), $("yesterday-answers"), {
      game: GAME, date: state.date, lexicon: params().get("lexicon") || undefined, show: showAnswers,
    });
    fillArchive($("archive-list"), $("archive-form"), { game: GAME, date: state.date, today: state.today });
    shareButton($("share"), { game: GAME, date: state.date, summary });
  }
  $("game").hidden = false;
  drawHive();
  render();
  ready();
}

/** A past puzzle's answers (yesterday's), pangrams in bold. */
function showAnswers(puzzle) {
  const name = [puzzle.center, ...[...puzzle.letters].filter((c) => c !== puzzle.center)].join("");
  const pangrams = new Set(puzzle.pangrams || []);
  const words = puzzle.words || [];
  return [
    el("p", { class: "small muted", text: `${name.toUpperCase()} · ${words.length} words · ${puzzle.score} points` }),
    el("ul", { class: "found-list answers" }, words.map((w) => el("li", {
      class: pangrams.has(w) ? "pangram" : "", text: w,
    }))),
  ];
}

playByKeyboard({ active: () => Boolean(state.letters) && !$("game").hidden, type, backspace, submit, space: shuffle });
keepTypingFocus(document.querySelectorAll(".controls button, .bee-more button, summary"));
$("delete").addEventListener("click", backspace);
$("shuffle").addEventListener("click", shuffle);
$("enter").addEventListener("click", submit);
$("new-puzzle").addEventListener("click", () => newPuzzle($("new-puzzle")));
$("refused-new").addEventListener("click", () => newPuzzle($("refused-new")));
$("found-toggle").addEventListener("click", () => {
  const open = $("found-panel").classList.toggle("open");
  $("found-toggle").setAttribute("aria-expanded", String(open));
  $("found-toggle").textContent = open ? "Fewer" : "All";
});
$("reveal").addEventListener("click", () => {
  if (state.revealed) {
    state.showMissed = !state.showMissed; // revealing is for good; this only shows or hides
  } else {
    state.revealed = true;
    state.showMissed = true;
    save();
    keep({ revealed: true });
  }
  render();
});
start().catch((error) => refuse(error.message || String(error)));
