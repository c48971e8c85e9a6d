// Multiplets: the proven network connecting words, drawn as a tree; and every shortest ladder.
import { api, chooseLexicon, el, params, ready, setParams, showError, clearError, svg } from "./common.js";

const $ = (id) => document.getElementById(id);
let lexicon = null;

const words = (text) => text.split(/[\s,]+/).map((w) => w.trim().toLowerCase()).filter(Boolean);

// ---------------------------------------------------------------- a tree, laid out

/** Positions of a tree's nodes: a spring layout (deterministic: it starts from a circle in
 * breadth-first order), good for the small trees a multiplet gives. */
function springLayout(nodes, edges) {
  const n = nodes.length;
  const index = new Map(nodes.map((w, i) => [w, i]));
  const pos = nodes.map((_, i) => [Math.cos((2 * Math.PI * i) / n), Math.sin((2 * Math.PI * i) / n)]);
  const links = edges.map(([a, b]) => [index.get(a), index.get(b)]);
  const k = 1 / Math.sqrt(n);
  for (let it = 0; it < 400; it++) {
    const force = nodes.map(() => [0, 0]);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = pos[i][0] - pos[j][0];
        const dy = pos[i][1] - pos[j][1];
        const d2 = Math.max(dx * dx + dy * dy, 1e-4);
        const f = (k * k) / d2;
        force[i][0] += dx * f; force[i][1] += dy * f;
        force[j][0] -= dx * f; force[j][1] -= dy * f;
      }
    }
    for (const [i, j] of links) {
      const dx = pos[i][0] - pos[j][0];
      const dy = pos[i][1] - pos[j][1];
      const d = Math.sqrt(dx * dx + dy * dy) || 1e-3;
      const f = d / k;
      force[i][0] -= dx * f; force[i][1] -= dy * f;
      force[j][0] += dx * f; force[j][1] += dy * f;
    }
    const step = 0.1 * (1 - it / 400) + 0.005;
    for (let i = 0; i < n; i++) {
      const [fx, fy] = force[i];
      const m = Math.sqrt(fx * fx + fy * fy) || 1;
      pos[i][0] += (fx / m) * Math.min(m, step);
      pos[i][1] += (fy / m) * Math.min(m, step);
    }
  }
  return pos;
}

function breadthFirst(edges, root) {
  const next = new Map();
  for (const [a, b] of edges) {
    if (!next.has(a)) next.set(a, []);
    if (!next.has(b)) next.set(b, []);
    next.get(a).push(b);
    next.get(b).push(a);
  }
  const order = [root];
  const seen = new Set(order);
  for (let i = 0; i < order.length; i++) {
    for (const w of next.get(order[i]) || []) if (!seen.has(w)) { seen.add(w); order.push(w); }
  }
  return order;
}

const labelWidth = (word) => 14 + 9.5 * word.length;

/** Push apart labels that overlap (in drawing units), keeping them inside the picture. */
function separate(nodes, at, W, H, pad) {
  for (let round = 0; round < 200; round++) {
    let moved = false;
    for (let i = 0; i < nodes.length; i++) {
      for (let j = i + 1; j < nodes.length; j++) {
        const a = at[i];
        const b = at[j];
        const ox = (labelWidth(nodes[i]) + labelWidth(nodes[j])) / 2 + 6 - Math.abs(a[0] - b[0]);
        const oy = 32 - Math.abs(a[1] - b[1]);
        if (ox <= 0 || oy <= 0) continue;
        moved = true;
        if (oy < ox) {
          const s = (a[1] <= b[1] ? -1 : 1) * (oy / 2 + 0.5);
          a[1] += s; b[1] -= s;
        } else {
          const s = (a[0] <= b[0] ? -1 : 1) * (ox / 2 + 0.5);
          a[0] += s; b[0] -= s;
        }
      }
    }
    for (let i = 0; i < nodes.length; i++) {
      const half = labelWidth(nodes[i]) / 2 + 2;
      at[i][0] = Math.min(W - half, Math.max(half, at[i][0]));
      at[i][1] = Math.min(H - pad / 2, Math.max(pad / 2, at[i][1]));
    }
    if (!moved) break;
  }
}

/** The picture's size in drawing units: the width it is shown at (so text keeps its size) and
 * the height the layout's proportions ask for, within reason. */
function pictureSize(figure, aspect) {
  const W = Math.max(340, Math.min(1000, figure.clientWidth || 760));
  const tallest = W < 560 ? W * 1.4 : 640;
  const H = Math.round(Math.max(260, Math.min(tallest, (W - 140) * aspect + 80)));
  return [W, H];
}

function drawNetwork(result, figure) {
  const targets = new Set(result.targets);
  const nodes = breadthFirst(result.edges, result.targets[0]);
  const pos = springLayout(nodes, result.edges);
  const xs = pos.map((p) => p[0]);
  const ys = pos.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const [W, H] = pictureSize(figure, (y1 - y0) / (x1 - x0 || 1));
  const pad = 40;
  // one scale for both axes, so that every link is drawn about as long as the others
  const scale = Math.min((W - 2 * pad - 60) / (x1 - x0 || 1), (H - 2 * pad) / (y1 - y0 || 1));
  const sx = (x) => W / 2 + (x - (x0 + x1) / 2) * scale;
  const sy = (y) => H / 2 + (y - (y0 + y1) / 2) * scale;
  const points = pos.map(([x, y]) => [sx(x), sy(y)]);
  separate(nodes, points, W, H, pad);
  const at = new Map(nodes.map((w, i) => [w, points[i]]));
  const lines = result.edges.map(([a, b]) => {
    const [ax, ay] = at.get(a);
    const [bx, by] = at.get(b);
    return svg("line", { x1: ax, y1: ay, x2: bx, y2: by });
  });
  const labels = nodes.map((w) => {
    const [x, y] = at.get(w);
    const width = labelWidth(w);
    return svg("g", { class: `node${targets.has(w) ? " target" : ""}`, "data-word": w }, [
      svg("rect", { x: x - width / 2, y: y - 13, width, height: 26, rx: 13 }),
      svg("text", { x, y }, [w]),
    ]);
  });
  const title = `${result.targets.join(", ")} connected by ${result.links} link words`;
  return svg("svg", { class: "network", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": title },
    [svg("title", {}, [title]), ...lines, ...labels]);
}

function proofLine(result) {
  const n = result.links;
  const head = `${result.targets.map((t) => t.toUpperCase()).join(" · ")}: ${n} link word${n === 1 ? "" : "s"} — `;
  const proof = result.optimal
    ? el("span", { class: "ok", text: "proven minimum (no network has fewer)" })
    : el("span", { class: "bound", text: `not proven: lower bound ${result.lower_bound} (time limit reached)` });
  return [head, proof];
}

async function connect(list) {
  clearError();
  $("proof").replaceChildren(el("span", { class: "spinner", text: "searching…" }));
  $("network-figure").replaceChildren();
  $("branches").textContent = "";
  try {
    const result = await api("multiplet", { words: list, lexicon });
    $("proof").replaceChildren(...proofLine(result));
    $("network-figure").replaceChildren(drawNetwork(result, $("network-figure")));
    const targets = new Set(result.targets);
    $("branches").textContent = result.branches.map((branch) =>
      branch.map((w) => (targets.has(w) ? `[${w.toUpperCase()}]` : w.toUpperCase())).join(" – ")).join("   ");
  } catch (error) {
    $("proof").replaceChildren();
    showError(error);
  }
}

// ---------------------------------------------------------------- ladders

function drawLadders(result) {
  const columns = result.path.map(() => []);
  for (const ladder of result.ladders) {
    ladder.forEach((w, i) => { if (!columns[i].includes(w)) columns[i].push(w); });
  }
  const tallest = Math.max(...columns.map((c) => c.length));
  if (tallest > 14) return null; // too many to draw legibly: the list says it all
  const W = Math.max(340, Math.min(1000, $("ladder-figure").clientWidth || 760));
  const longest = Math.max(...columns.flat().map(labelWidth));
  // wide screens: steps left to right; narrow ones: steps top to bottom, if the words fit
  const [rowH, pad] = [40, 30];
  const across = (W - 2 * pad - 80) / (columns.length - 1) >= longest + 8;
  if (!across && tallest * (longest + 8) > W) return null;
  const H = across ? pad * 2 + rowH * (tallest - 1) : pad * 2 + 56 * (columns.length - 1);
  const step = (i) => (across
    ? pad + 40 + (i * (W - 2 * pad - 80)) / (columns.length - 1)
    : pad + i * 56);
  const spread = (i, j) => (across
    ? H / 2 + (j - (columns[i].length - 1) / 2) * rowH
    : W / 2 + (j - (columns[i].length - 1) / 2) * (longest + 8));
  const at = (i, w) => {
    const [a, b] = [step(i), spread(i, columns[i].indexOf(w))];
    return across ? [a, b] : [b, a];
  };
  const seen = new Set();
  const lines = [];
  for (const ladder of result.ladders) {
    for (let i = 0; i + 1 < ladder.length; i++) {
      const key = `${i}:${ladder[i]}:${ladder[i + 1]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const [ax, ay] = at(i, ladder[i]);
      const [bx, by] = at(i + 1, ladder[i + 1]);
      lines.push(svg("line", { x1: ax, y1: ay, x2: bx, y2: by }));
    }
  }
  const ends = new Set([result.from, result.to]);
  const labels = columns.flatMap((col, i) => col.map((w) => {
    const [cx, cy] = at(i, w);
    const width = labelWidth(w);
    return svg("g", { class: `node${ends.has(w) ? " target" : ""}` }, [
      svg("rect", { x: cx - width / 2, y: cy - 13, width, height: 26, rx: 13 }),
      svg("text", { x: cx, y: cy }, [w]),
    ]);
  }));
  const title = `every shortest ladder from ${result.from} to ${result.to}`;
  return svg("svg", { class: "network", viewBox: `0 0 ${W} ${Math.max(H, 80)}`, role: "img", "aria-label": title },
    [svg("title", {}, [title]), ...lines, ...labels]);
}

async function ladder(from, to) {
  clearError();
  $("ladder-summary").replaceChildren(el("span", { class: "spinner", text: "searching…" }));
  $("ladder-figure").replaceChildren();
  $("ladders").replaceChildren();
  try {
    const result = await api("ladder", { from, to, all: "true", lexicon });
    const n = result.count;
    $("ladder-summary").textContent = `${result.from.toUpperCase()} → ${result.to.toUpperCase()}: ` +
      `${result.steps} steps; ${n.toLocaleString()} shortest ladder${n === 1 ? "" : "s"}, the most common first`;
    const figure = drawLadders(result);
    if (figure) $("ladder-figure").replaceChildren(figure);
    $("ladders").replaceChildren(...result.ladders.slice(0, 200).map((words) => el("li", {},
      words.flatMap((w, i) => [
        ...(i ? [el("span", { class: "sep", text: "→" })] : []),
        el("span", { class: `chip${i === 0 || i === words.length - 1 ? " end" : ""}`, text: w }),
      ]))));
  } catch (error) {
    $("ladder-summary").replaceChildren();
    showError(error);
  }
}

async function start() {
  lexicon = await chooseLexicon($("lexicon"), ["enable1"]);
  const p = params();
  $("words").value = (p.get("words") || "").split(",").join(" ");
  $("from").value = p.get("from") || "";
  $("to").value = p.get("to") || "";
  const jobs = [];
  if (p.get("words")) jobs.push(connect(words(p.get("words"))));
  if (p.get("from") && p.get("to")) jobs.push(ladder(p.get("from"), p.get("to")));
  await Promise.all(jobs);
  ready();
}

$("multiplet-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const list = words($("words").value);
  setParams({ words: list });
  connect(list);
});
$("ladder-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const [from, to] = [$("from").value.trim().toLowerCase(), $("to").value.trim().toLowerCase()];
  setParams({ from, to });
  ladder(from, to);
});
start().catch(showError);
