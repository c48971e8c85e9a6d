// Spelling Bee: the honeycomb, typing and clicking, messages, ranks, hints and saved progress.
import {
  api, chooseLexicon, el, flash, params, randomSeed, ready, setParams, showError, shuffled, store,
  svg, keepTypingFocus, playByKeyboard,
} from "./common.js";

const $ = (id) => document.getElementById(id);
const state = {
  lexicon: null, letters: "", center: "", outer: [], words: [], scores: {}, pangrams: new Set(),
  ranks: [], total: 0, found: [], revealed: false, typed: "",
};

function key() {
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
  render();
}

// ---------------------------------------------------------------- progress

function score() {
  return state.found.reduce((sum, w) => sum + (state.scores[w] || 0), 0);
}

function renderRank() {
  const points = score();
  const reached = state.ranks.filter((r) => points >= r.min_score);
  const rank = reached[reached.length - 1];
  const next = state.ranks.find((r) => points < r.min_score);
  $("rank-name").textContent = rank.name;
  $("rank-next").textContent = next
    ? `${next.min_score - points} to ${next.name}`
    : "every word found";
  const bar = $("rankbar");
  // the NY Times bar shows the ranks up to Genius; Queen Bee is finding every word
  const shown = state.ranks.filter((r) => r.name !== "Queen Bee");
  const last = shown.length - 1;
  const dots = shown.map((r, i) =>
    el("span", {
      class: `dot ${points >= r.min_score ? "reached" : ""}`,
      style: `left:${(100 * i) / last}%`, title: `${r.name}: ${r.min_score}`,
    }));
  const at = Math.max(0, reached.filter((r) => r.name !== "Queen Bee").length - 1);
  bar.replaceChildren(el("span", { class: "track" }), ...dots,
    el("span", { class: "you", style: `left:${(100 * at) / last}%`, id: "score", text: points }));
  bar.setAttribute("aria-label", `Score ${points} of ${state.total}: ${rank.name}`);
}

function renderFound() {
  const found = [...state.found].sort();
  const n = found.length;
  $("found-title").textContent = `You have found ${n} word${n === 1 ? "" : "s"}` +
    (state.revealed ? ` of ${state.words.length}` : "");
  const list = state.revealed ? state.words : found;
  const have = new Set(found);
  $("found").replaceChildren(...list.map((w) => el("li", {
    class: [state.pangrams.has(w) ? "pangram" : "", have.has(w) ? "" : "missed"].join(" ").trim(),
    text: w,
  })));
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
  body.replaceChildren(
    el("p", { class: "small muted", text: `${left.length} words, ${state.total - score()} points and ${pangramsLeft} pangram${pangramsLeft === 1 ? "" : "s"} left.` }),
    table, el("h3", { class: "small", text: "Two-letter list" }), two);
}

function render() {
  renderRank();
  renderFound();
  renderHints();
}

// ---------------------------------------------------------------- loading a puzzle

async function newPuzzle() {
  const button = $("new-puzzle");
  button.disabled = true;
  try {
    const result = await api("bee/generate", { seed: randomSeed(), words: "20-80", lexicon: state.lexicon });
    const hive = result.puzzles[0];
    location.search = new URLSearchParams({ letters: hive.letters, center: hive.center, lexicon: state.lexicon }).toString();
  } catch (error) {
    showError(error);
    button.disabled = false;
  }
}

async function start() {
  state.lexicon = await chooseLexicon($("lexicon"), ["nyt-bee", "enable1"]);
  let letters = params().get("letters");
  let center = params().get("center");
  if (!letters) {
    const result = await api("bee/generate", { seed: randomSeed(), words: "20-80", lexicon: state.lexicon });
    letters = result.puzzles[0].letters;
    center = result.puzzles[0].center;
  }
  const solution = await api("bee/solve", { letters, center, lexicon: state.lexicon });
  setParams({ letters: solution.letters, center: solution.center, lexicon: state.lexicon });
  state.letters = solution.letters.toLowerCase();
  state.center = solution.center.toLowerCase();
  state.outer = shuffled([...state.letters].filter((ch) => ch !== state.center));
  state.words = solution.words;
  state.scores = solution.word_scores;
  state.pangrams = new Set(solution.pangrams);
  state.ranks = solution.ranks;
  state.total = solution.score;
  const saved = store.get(key(), { found: [], revealed: false });
  state.found = saved.found.filter((w) => w in state.scores);
  state.revealed = Boolean(saved.revealed);
  $("reveal").textContent = state.revealed ? "Hide missed words" : "Reveal all words";
  const name = [state.center, ...[...state.letters].filter((c) => c !== state.center)].join("").toUpperCase();
  $("puzzle-name").textContent = `${name} · ${solution.count} words · ${solution.score} points · ${state.lexicon}`;
  drawHive();
  render();
  ready();
}

playByKeyboard({ active: () => Boolean(state.letters), type, backspace, submit, space: shuffle });
keepTypingFocus(document.querySelectorAll(".controls button, .toolbar button, summary"));
$("delete").addEventListener("click", backspace);
$("shuffle").addEventListener("click", shuffle);
$("enter").addEventListener("click", submit);
$("new-puzzle").addEventListener("click", newPuzzle);
$("reveal").addEventListener("click", () => {
  state.revealed = !state.revealed;
  save();
  $("reveal").textContent = state.revealed ? "Hide missed words" : "Reveal all words";
  renderFound();
});
start().catch(showError);
