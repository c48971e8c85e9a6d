// Anigrams: a game from `anigrams play`; unscramble the start, then a letter is added each step.
import {
  api, chooseLexicon, el, flash, params, randomSeed, ready, setParams, showError,
} from "./common.js";

const $ = (id) => document.getElementById(id);
const state = { game: null, step: 0, answers: [], revealed: [], tiles: [] };

const sorted = (word) => [...word].sort().join("");

function tiles(letters, added) {
  let marked = false;
  return el("span", { class: "tiles" }, [...letters].map((ch) => {
    const isNew = !marked && ch === added;
    if (isNew) marked = true;
    return el("span", { class: `tile${isNew ? " new" : ""}`, text: ch });
  }));
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
  $("reveal").disabled = finished;
  if (finished) {
    const mine = state.revealed.filter((r) => !r).length;
    flash($("message"), `Game complete: ${mine} of ${game.steps.length} words found yourself`, "win", 0);
  } else {
    $("guess").focus();
  }
}

function advance(word, revealed) {
  state.answers[state.step] = word;
  state.revealed[state.step] = revealed;
  state.step += 1;
  render();
}

function guess(text) {
  const word = text.trim().toLowerCase();
  const step = state.game.steps[state.step];
  const message = $("message");
  if (!word) return;
  if (word.length !== step.length) return flash(message, `Use all ${step.length} letters`);
  if (sorted(word) !== sorted(step.letters.toLowerCase())) {
    return flash(message, `Use exactly the letters ${step.letters}`);
  }
  if (!step.words.includes(word)) return flash(message, "Not in word list");
  flash(message, step.words.length > 1 ? `Yes! (also ${step.words.filter((w) => w !== word).join(", ")})` : "Yes!", "good");
  advance(word, false);
}

async function start() {
  const lexicon = await chooseLexicon($("lexicon"), ["enable1"]);
  const p = params();
  const seed = p.get("seed") || randomSeed();
  const query = { seed, start: p.get("start"), end: p.get("end"), lexicon, answers: "true" };
  const game = await api("anigrams/play", query);
  setParams({ seed: game.seed, start: p.get("start"), end: p.get("end"), lexicon });
  state.game = game;
  // the start is shown scrambled as the game gives it; later steps as the game gives their
  // letters, which it has checked: a shuffle made here could spell what the game never shows
  state.tiles = game.steps.map((s, i) => (i === 0 ? game.scrambled : s.letters));
  $("puzzle-name").textContent = `game ${game.seed} · one of ${game.games.toLocaleString()} · ${lexicon}`;
  render();
  ready();
}

$("form").addEventListener("submit", (event) => {
  event.preventDefault();
  guess($("guess").value);
  $("guess").value = "";
});
$("reveal").addEventListener("click", () => {
  const step = state.game.steps[state.step];
  flash($("message"), `It was ${step.words.join(" or ")}`);
  advance(step.words[0], true);
});
$("new-game").addEventListener("click", () => {
  const query = new URLSearchParams(location.search);
  query.set("seed", randomSeed());
  location.search = query.toString();
});
start().catch(showError);
