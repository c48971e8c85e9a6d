// Letter Boxed: the board (the command line's geometry), typing draws lines, words chain,
// "Solved in N words", and the proven minimal solutions drawn with animated paths.
import {
  api, chooseLexicon, el, flash, keepTypingFocus, params, playByKeyboard, randomSeed, ready,
  setParams, showError, store, svg,
} from "./common.js";

const $ = (id) => document.getElementById(id);
const COLOURS = ["#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b"];
const state = {
  lexicon: null, sides: [], side: {}, where: {}, words: [], typed: "", dictionary: new Set(),
  solve: null, solved: false,
};

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
    spot.addEventListener("click", () => type(ch));
    spot.addEventListener("keydown", (event) => {
      if (event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        type(ch);
      }
    });
    return spot;
  });
  board.replaceChildren(
    svg("polygon", { class: "frame", points: corners.map((p) => p.join(",")).join(" ") }),
    svg("g", { class: "lines", id: "lines" }),
    svg("g", { class: "reveal", id: "reveal-lines" }),
    svg("g", { class: "spots" }, spots),
  );
}

function usedLetters() {
  return new Set([...state.words.join(""), ...state.typed]);
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
  }
  $("entry").textContent = state.typed;
  $("words-so-far").textContent = state.words.join(" – ");
}

// ---------------------------------------------------------------- playing

function type(ch) {
  if (state.solved) return;
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
  if (state.solved) return;
  if (state.typed.length > 1 || (state.typed.length === 1 && !state.words.length)) {
    state.typed = state.typed.slice(0, -1);
  } else if (state.words.length) {
    state.typed = state.words.pop(); // deleting the chained letter takes the last word back
    save();
  }
  render();
}

function restart() {
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

/** The board is finished when every letter is used: say so, and how it compares. */
function checkSolved() {
  const used = usedLetters();
  if (!state.words.length || !Object.keys(state.side).every((ch) => used.has(ch))) return;
  state.solved = true;
  state.typed = "";
  const n = state.words.length;
  const best = state.solve ? state.solve.min_words : n;
  const note = n === best ? "the fewest possible" : `the fewest is ${best}`;
  flash($("message"), `Solved in ${n} word${n === 1 ? "" : "s"}! (${note})`, "win", 0);
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
  if (state.solved) return;
  const word = state.typed;
  const message = $("message");
  if (word.length < 3) return flash(message, "Too short");
  if (!state.dictionary.has(word)) return flash(message, "Not a word");
  state.words.push(word);
  state.typed = word[word.length - 1];
  save();
  checkSolved();
  render();
}

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

function reveal() {
  const result = state.solve;
  const n = result.min_words;
  $("solution-summary").textContent =
    `The fewest is ${n} word${n === 1 ? "" : "s"} (proven): ${result.count.toLocaleString()} ` +
    `solution${result.count === 1 ? "" : "s"} of ${n}, the most common first. Pick one to draw it.`;
  $("solutions").replaceChildren(...result.solutions.map((words, i) => {
    const button = el("button", { type: "button", text: words.join(" – ") });
    button.addEventListener("click", () => animate(words, i));
    return el("li", {}, [button]);
  }));
  if (result.solutions.length) animate(result.solutions[0], 0);
}

// ---------------------------------------------------------------- loading a board

async function generated() {
  const result = await api("letterboxed/generate", { seed: randomSeed(), lexicon: state.lexicon });
  return result.sides;
}

async function start() {
  state.lexicon = await chooseLexicon($("lexicon"), ["nyt-letterboxed", "enable1"]);
  let sides = params().get("sides");
  sides = sides ? sides.split(",") : await generated();
  // sides of different lengths are a ragged board, which the solver takes when told so
  const ragged = new Set(sides.map((side) => side.length)).size > 1 ? "true" : undefined;
  const [words, solve] = await Promise.all([
    api("letterboxed/words", { sides, ragged, lexicon: state.lexicon }),
    api("letterboxed/solve", { sides, ragged, lexicon: state.lexicon }),
  ]);
  state.sides = words.sides.map((s) => s.toLowerCase());
  state.dictionary = new Set(words.words);
  state.solve = solve;
  setParams({ sides: words.sides, lexicon: state.lexicon });
  $("puzzle-name").textContent = `${words.sides.join(" ")} · ${state.lexicon}`;
  const n = solve.min_words;
  $("goal").textContent = `Solve in ${n} word${n === 1 ? "" : "s"} (the proven fewest). ` +
    `${words.count.toLocaleString()} words can be played on this board.`;
  drawBoard();
  restore();
  render();
  ready();
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
start().catch(showError);
