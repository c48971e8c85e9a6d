// Letter Boxed: today's board (or a date's, or one from the URL), typing draws lines, words
// chain, "Solved in N words", the proven minimal solutions drawn with animated paths, and the
// daily loop: the date's result kept in the browser, stats, a share text, yesterday's answers
// and the archive.
import {
  api, chooseLexicon, el, flash, keepTypingFocus, params, playByKeyboard, randomSeed, ready,
  setParams, showError, store, svg,
} from "./common.js";
import {
  dailyPuzzle, dayName, fillArchive, fillStats, pageDate, shareButton, yesterdayButton,
} from "./daily.js";
import { day, record } from "./loop.js";

const GAME = "letterboxed";
const $ = (id) => document.getElementById(id);
const COLOURS = ["#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b"];
const state = {
  lexicon: null, sides: [], side: {}, where: {}, words: [], typed: "", dictionary: new Set(),
  solve: null, solved: false, date: null, today: null, revealed: false,
};
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// ---------------------------------------------------------------- geometry

/** Vertices of the board's regular polygon: Steinmetz's, from the lower left corner, counter-
 * clockwise (y grows downwards on screen, so the angle turns the other way). */
function polygon(n, cx = 180, cy = 180, r = 196) {
  const start = 3.925;
  return Array.from({ length: n }, (_, i) => [
    cx + r * Math.cos(start + (2 * Math.PI * i) / n),
    cy - r * Math.sin(start + (2 * Math.PI * i) / n),
  ]);
}

function layout() {
  const corners = polygon(state.sides.length);
  state.where = {};
  state.side = {};
  state.sides.forEach((letters, i) => {
    const [ax, ay] = corners[i];
    const [bx, by] = corners[(i + 1) % corners.length];
    [...letters].forEach((ch, j) => {
      const f = (j + 1) / (letters.length + 1);
      state.where[ch] = [ax + f * (bx - ax), ay + f * (by - ay)];
      state.side[ch] = i;
    });
  });
  return corners;
}

function pathOf(word, shift = 0) {
  return [...word].map((ch, i) => {
    const [x, y] = state.where[ch];
    return `${i ? "L" : "M"}${(x + shift).toFixed(1)},${(y + shift).toFixed(1)}`;
  }).join(" ");
}

// ---------------------------------------------------------------- drawing

function drawBoard() {
  const corners = layout();
  const board = $("board");
  const spots = Object.entries(state.where).map(([ch, [x, y]]) => {
    const spot = svg("g", { class: "spot", role: "button", tabindex: "0", "data-letter": ch,
      "aria-label": `${ch.toUpperCase()}, side ${state.side[ch] + 1}` },
    [svg("circle", { cx: x, cy: y, r: 19 }), svg("text", { x, y }, [ch.toUpperCase()])]);
    // a tap or click types the letter and leaves the keyboard focus where it was, so no focus
    // ring stays on the letter (keyboard users still tab to it and see theirs)
    spot.addEventListener("mousedown", (event) => event.preventDefault());
    spot.addEventListener("click", (event) => {
      if (event.detail > 0 && document.activeElement === spot) spot.blur();
      type(ch);
    });
    spot.addEventListener("keydown", (event) => {
      if (event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        type(ch);
      }
    });
    return spot;
  });
  const sides = corners.map(([ax, ay], i) => {
    const [bx, by] = corners[(i + 1) % corners.length];
    return svg("line", { class: "side", "data-side": i, x1: ax, y1: ay, x2: bx, y2: by });
  });
  board.replaceChildren(
    svg("polygon", { class: "frame", points: corners.map((p) => p.join(",")).join(" ") }),
    svg("g", { class: "sides" }, sides),
    svg("g", { class: "lines", id: "lines" }),
    svg("g", { class: "reveal", id: "reveal-lines" }),
    svg("g", { class: "spots" }, spots),
  );
}

function usedLetters() {
  return new Set([...state.words.join(""), ...state.typed]);
}

function lettersLeft() {
  const used = new Set(state.words.join(""));
  return Object.keys(state.side).filter((ch) => !used.has(ch)).length;
}

function render() {
  const lines = $("lines");
  const paths = state.words.map((w) => svg("path", { d: pathOf(w) }));
  if (state.typed.length > 1) paths.push(svg("path", { d: pathOf(state.typed), class: "live" }));
  lines.replaceChildren(...paths);
  const used = usedLetters();
  const last = state.typed[state.typed.length - 1];
  for (const spot of document.querySelectorAll(".spot")) {
    const ch = spot.dataset.letter;
    spot.classList.toggle("used", used.has(ch));
    spot.classList.toggle("current", ch === last);
    spot.setAttribute("aria-label", `${ch.toUpperCase()}, side ${state.side[ch] + 1}` +
      (used.has(ch) ? ", used" : ""));
  }
  for (const side of document.querySelectorAll("#board .side")) {
    const letters = state.sides[Number(side.dataset.side)] || "";
    side.classList.toggle("done", [...letters].every((ch) => used.has(ch)));
  }
  $("entry").textContent = state.typed;
  $("words-so-far").textContent = state.words.join(" – ");
}

// ---------------------------------------------------------------- playing

/** True (and says why) when the board takes no more play: its date was revealed. */
function over() {
  if (!state.revealed) return false;
  flash($("message"), "Revealed: this board no longer scores");
  return true;
}

function type(ch) {
  if (state.solved || over()) return;
  const message = $("message");
  if (!(ch in state.side)) return flash(message, `${ch.toUpperCase()} is not on the board`);
  const last = state.typed[state.typed.length - 1];
  if (last !== undefined && state.side[last] === state.side[ch]) {
    return flash(message, "Letters on the same side can't follow each other");
  }
  state.typed += ch;
  $("reveal-lines").replaceChildren();
  $("board").classList.remove("revealing");
  render();
}

function backspace() {
  if (state.solved || over()) return;
  if (state.typed.length > 1 || (state.typed.length === 1 && !state.words.length)) {
    state.typed = state.typed.slice(0, -1);
  } else if (state.words.length) {
    state.typed = state.words.pop(); // deleting the chained letter takes the last word back
    save();
  }
  render();
}

function restart() {
  if (over()) return;
  state.words = [];
  state.typed = "";
  state.solved = false;
  save();
  $("message").replaceChildren();
  render();
}

function key() {
  return `letterplay/letterboxed/${state.lexicon}/${state.sides.join(",")}`;
}

function save() {
  store.set(key(), { words: state.words });
}

/** The board is finished when every letter is used: say so, how it compares, and keep the
 * date's result (the fewest words it was solved in). */
function checkSolved() {
  const used = usedLetters();
  if (!state.words.length || !Object.keys(state.side).every((ch) => used.has(ch))) return false;
  state.solved = true;
  state.typed = "";
  const n = state.words.length;
  const best = state.solve ? state.solve.min_words : n;
  const note = n === best ? "the fewest possible" : `the fewest is ${best}`;
  flash($("message"), `Solved in ${plural(n, "word")}! (${note})`, "win", 0);
  if (state.date) {
    const before = day(GAME, state.date);
    const words = before && before.solved && before.words ? Math.min(before.words, n) : n;
    record(GAME, state.date, { words, solved: true, par: best });
    showDay();
  }
  return true;
}

/** Words played on this board before (kept in the browser), if they still chain. */
function restore() {
  const words = store.get(key(), { words: [] }).words.filter((w) => state.dictionary.has(w));
  const chained = words.every((w, i) => i === 0 || w[0] === words[i - 1][words[i - 1].length - 1]);
  state.words = chained ? words : [];
  state.typed = state.words.length ? state.words[state.words.length - 1].slice(-1) : "";
  checkSolved();
}

function submit() {
  if (state.solved || over()) return;
  const word = state.typed;
  const message = $("message");
  if (word.length < 3) return flash(message, "Too short");
  if (!state.dictionary.has(word)) return flash(message, "Not a word");
  state.words.push(word);
  state.typed = word[word.length - 1];
  save();
  if (state.date) record(GAME, state.date, {}); // a word played: the date was played
  if (!checkSolved()) {
    const left = lettersLeft();
    flash(message, `${word.toUpperCase()} ✓ · ${plural(left, "letter")} left`, "good");
    if (state.date) showDay();
  }
  render();
}

// ---------------------------------------------------------------- solutions

function animate(words, index) {
  $("board").classList.add("revealing");
  const group = $("reveal-lines");
  group.replaceChildren();
  words.forEach((word, k) => {
    const colour = COLOURS[(k + index) % COLOURS.length];
    const path = svg("path", { d: pathOf(word, 3 * (k - (words.length - 1) / 2)), stroke: colour });
    group.append(path);
    const length = path.getTotalLength();
    path.style.strokeDasharray = `${length}`;
    path.style.strokeDashoffset = `${length}`;
    path.animate([{ strokeDashoffset: length }, { strokeDashoffset: 0 }], {
      duration: 120 * word.length, delay: k * 120 * words[0].length, fill: "forwards",
      easing: "ease-in-out",
    });
  });
}

/** The fewest-word solutions, as text (for yesterday's answers and the summary). */
function solutionsText(result) {
  const n = result.min_words;
  const count = result.count ?? result.solutions.length;
  return `The fewest is ${plural(n, "word")} (proven): ${count.toLocaleString()} ` +
    `solution${count === 1 ? "" : "s"} of ${n}, the most common first.`;
}

function showSolutions(draw = true) {
  const result = state.solve;
  $("solution-summary").textContent = `${solutionsText(result)} Pick one to draw it.`;
  $("solutions").replaceChildren(...result.solutions.map((words, i) => {
    const button = el("button", { type: "button", text: words.join(" – ") });
    button.addEventListener("click", () => animate(words, i));
    return el("li", {}, [button]);
  }));
  if (draw && result.solutions.length) animate(result.solutions[0], 0);
}

/** Reveal: on a daily board not yet solved, the date is kept as revealed and play stops (the
 * note above the button says so first); a solved date or a board from the URL only shows. */
function reveal() {
  if (state.date && !dateSolved() && !state.revealed) {
    record(GAME, state.date, { revealed: true });
    state.revealed = true;
    flash($("message"), "Revealed: this board no longer scores", "", 0);
    showDay();
    render();
  }
  showSolutions();
}

// ---------------------------------------------------------------- the date's loop

/** True when the date shown was solved (a restart after it does not undo that). */
function dateSolved() {
  const outcome = state.date ? day(GAME, state.date) : null;
  return Boolean(outcome && outcome.solved && !outcome.revealed);
}

function revealNote() {
  if (!state.date) return "";
  if (state.revealed) return "Revealed: this date counts as played, not solved, and words no longer score.";
  if (dateSolved()) return "Solved: seeing the solutions changes nothing.";
  return "Revealing ends this date's game: it is kept as revealed, words typed after it do not " +
    "score, and the date will not extend your streak.";
}

/** The stats, share button and reveal note of the date shown. */
function showDay() {
  const outcome = day(GAME, state.date);
  $("day-panel").hidden = false;
  fillStats($("stats"), {
    game: GAME, today: state.today, field: "words", label: "Dates solved in each number of words",
    mine: outcome && outcome.solved ? outcome.words : undefined,
  });
  $("share").disabled = !(outcome && (outcome.solved || outcome.revealed));
  $("reveal-note").textContent = revealNote();
  fillArchive($("archive-list"), $("archive-form"), { game: GAME, date: state.date, today: state.today });
}

/** The answers of a daily board (yesterday's). */
function answersOf(puzzle) {
  const sides = puzzle.sides.map((s) => s.toUpperCase()).join(" ");
  return [
    el("p", { class: "small" }, [`Board ${sides}. `, solutionsText(puzzle)]),
    el("ul", { class: "answer-list" },
      puzzle.solutions.slice(0, 5).map((words) => el("li", { text: words.join(" – ") }))),
  ];
}

function setUpPast(date, today, lexicon) {
  $("yesterday").textContent = date === today ? "Yesterday's answers" : `Answers of the day before`;
  yesterdayButton($("yesterday"), $("yesterday-answers"), {
    game: GAME, date, lexicon, show: answersOf,
  });
  fillArchive($("archive-list"), $("archive-form"), { game: GAME, date: state.date || "", today });
}

// ---------------------------------------------------------------- loading a board

async function generated() {
  const result = await api("letterboxed/generate", { seed: randomSeed(), lexicon: state.lexicon });
  return result.sides;
}

/** The board of the URL's ``sides`` (``lexicon`` chosen on the page). */
async function fromUrl(sides) {
  $("today-link").hidden = false; // a puzzle of the address's own: today's is a click away
  $("lexicon-choice").hidden = false;
  state.lexicon = await chooseLexicon($("lexicon"), ["nyt-letterboxed", "enable1"]);
  // sides of different lengths are a ragged board, which the solver takes when told so
  const ragged = new Set(sides.map((side) => side.length)).size > 1 ? "true" : undefined;
  const [words, solve] = await Promise.all([
    api("letterboxed/words", { sides, ragged, lexicon: state.lexicon }),
    api("letterboxed/solve", { sides, ragged, lexicon: state.lexicon }),
  ]);
  setParams({ sides: words.sides, lexicon: state.lexicon });
  $("puzzle-name").textContent = `${words.sides.join(" ")} · ${state.lexicon}`;
  return { words, solve };
}

/** The daily board of ``date`` (its lexicon is the daily's, the same for everyone). */
async function fromDate(date, today) {
  const { puzzle, lexicon } = await dailyPuzzle(GAME, date, params().get("lexicon"));
  state.lexicon = lexicon;
  state.date = date;
  const words = await api("letterboxed/words", { sides: puzzle.sides, lexicon });
  $("puzzle-name").textContent = `${dayName(date, today)} · ${puzzle.sides.join(" ").toUpperCase()}`;
  $("today-link").hidden = date === today;
  return { words, solve: puzzle };
}

function stopPlay() {
  for (const id of ["delete", "restart", "enter", "reveal", "share"]) $(id).disabled = true;
}

async function start() {
  const sides = params().get("sides");
  const when = pageDate(params());
  if (!sides && when.error) {
    $("today-link").hidden = false;
    stopPlay();
    setUpPast(when.today, when.today, undefined);
    throw new Error(when.error);
  }
  const today = when.today;
  let board;
  try {
    board = sides ? await fromUrl(sides.split(",")) : await fromDate(when.date, today);
  } catch (error) {
    setUpPast(when.date || today, today, undefined); // yesterday and the archive still work
    throw error;
  }
  const { words, solve } = board;
  state.today = today;
  state.sides = words.sides.map((s) => s.toLowerCase());
  state.dictionary = new Set(words.words);
  state.solve = solve;
  const n = solve.min_words;
  $("goal").textContent = `Solve in ${plural(n, "word")} (the proven fewest). ` +
    `${words.count.toLocaleString()} words can be played on this board.`;
  drawBoard();
  if (state.date) {
    const outcome = day(GAME, state.date);
    state.revealed = Boolean(outcome && outcome.revealed);
    showDay();
    shareButton($("share"), { game: GAME, date: state.date, summary: summary });
  }
  restore();
  if (state.revealed) showSolutions(false);
  $("reveal-note").textContent = revealNote();
  setUpPast(state.date || today, today, state.date ? state.lexicon : undefined);
  render();
  ready();
}

/** What the share text says of the date: words used and par, or revealed; never a word. */
function summary() {
  const outcome = day(GAME, state.date) || {};
  return { words: outcome.words, solved: outcome.solved, par: state.solve.min_words, revealed: outcome.revealed };
}

playByKeyboard({ active: () => state.sides.length > 0, type, backspace, submit });
keepTypingFocus(document.querySelectorAll(".controls button, .toolbar button, summary"));
$("delete").addEventListener("click", backspace);
$("enter").addEventListener("click", submit);
$("restart").addEventListener("click", restart);
$("reveal").addEventListener("click", reveal);
$("new-board").addEventListener("click", async () => {
  try {
    const sides = await generated();
    location.search = new URLSearchParams({ sides: sides.join(","), lexicon: state.lexicon }).toString();
  } catch (error) {
    showError(error);
  }
});
start().catch((error) => {
  stopPlay();
  showError(error);
});
