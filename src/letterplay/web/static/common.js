// What every page shares: the API call, URL parameters, messages, lexicon choice, SVG and HTML
// elements, the light or dark theme.

const SVG_NS = "http://www.w3.org/2000/svg";
const THEME_KEY = "letterplay/theme";

/** GET /api/<path> with query parameters; resolves to the JSON object or throws its error. */
export async function api(path, params = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    query.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  const response = await fetch(`/api/${path}?${query}`, { headers: { accept: "application/json" } });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

/** The page's URL parameters. */
export function params() {
  return new URLSearchParams(location.search);
}

/** Put ``values`` in the address bar (no reload), so a reload or a shared link keeps the puzzle. */
export function setParams(values) {
  const query = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === "") query.delete(key);
    else query.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  history.replaceState(null, "", `${location.pathname}?${query}`);
}

/** A random seed for generators (a reproducible puzzle, named in the URL). */
export function randomSeed() {
  return Math.floor(Math.random() * 2 ** 31);
}

/** Show a short message in ``box`` (a live region) for a moment. */
export function flash(box, text, kind = "", ms = 1600) {
  box.replaceChildren();
  const span = document.createElement("span");
  span.textContent = text;
  if (kind) span.className = kind;
  box.append(span);
  clearTimeout(box._timer);
  if (ms) box._timer = setTimeout(() => box.replaceChildren(), ms);
}

/** Show an error where the page keeps them (role=alert). */
export function showError(error) {
  const banner = document.querySelector(".error-banner");
  if (banner) banner.textContent = error instanceof Error ? error.message : String(error);
}

export function clearError() {
  const banner = document.querySelector(".error-banner");
  if (banner) banner.textContent = "";
}

/** Fill the lexicon <select> with the installed catalog lexicons; resolves to the one in use:
 * the URL's ``lexicon``, else the server's (``serve --lexicon``), else the first of
 * ``preferred`` that is installed, else the default. */
export async function chooseLexicon(select, preferred = ["enable1"]) {
  const [list, config] = await Promise.all([api("lexicon/list"), api("web/config")]);
  const names = list.lexicons.filter((e) => e.installed).map((e) => e.name);
  const wanted = params().get("lexicon") || config.default_lexicon;
  const name = wanted || preferred.find((n) => names.includes(n)) || list.default;
  select.replaceChildren(
    ...names.map((n) => {
      const option = document.createElement("option");
      option.value = n;
      option.textContent = n;
      option.selected = n === name;
      return option;
    }),
  );
  select.addEventListener("change", () => {
    const query = new URLSearchParams(location.search);
    query.set("lexicon", select.value);
    location.search = query.toString();
  });
  return name;
}

/** An SVG element with attributes. */
export function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

/** An HTML element with attributes (``text`` sets its text). */
export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** True when a key press belongs to a form field, not to the game. */
export function typingInField(event) {
  const target = event.target;
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement || event.ctrlKey || event.metaKey || event.altKey;
}

/** True for Enter or Space on a button, link or summary the keyboard user chose: the control
 * acts, not the game. */
export function controlKey(event) {
  return (event.key === "Enter" || event.key === " ") && event.target instanceof Element &&
    event.target.closest("button, summary, a") !== null;
}

/** Play a word game by keyboard: letters type, Backspace or Delete removes one, Enter plays
 * the word and, when ``space`` is given, Space calls it (off buttons). Keys meant for a form
 * field or a focused control, and every key while ``active()`` is false, are left alone. */
export function playByKeyboard({ active, type, backspace, submit, space = null }) {
  document.addEventListener("keydown", (event) => {
    if (typingInField(event) || controlKey(event) || !active()) return;
    if (event.key === "Enter") {
      event.preventDefault();
      submit();
    } else if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      backspace();
    } else if (space && event.key === " " && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      space();
    } else if (/^[a-zA-Z]$/.test(event.key)) {
      type(event.key.toLowerCase());
    }
  });
}

/** Clicking these with the mouse does not take the keyboard focus, so typing a word and
 * pressing Enter after a click still plays the word. */
export function keepTypingFocus(elements) {
  for (const element of elements) element.addEventListener("mousedown", (e) => e.preventDefault());
}

/** Fisher-Yates shuffle (a copy). */
export function shuffled(items) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Mark the page as ready (its puzzle is drawn): tests and benchmarks wait for this. */
export function ready() {
  document.body.dataset.ready = "1";
}

/** localStorage that never throws (private windows, full storage). */
export const store = {
  get(key, fallback) {
    try {
      const text = localStorage.getItem(key);
      return text ? JSON.parse(text) : fallback;
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* storage full or disabled: progress is simply not kept */
    }
  },
};

// ---------------------------------------------------------------- light and dark

/** The theme in use: the one chosen with the toggle (remembered in this browser), else the
 * system's (``prefers-color-scheme``). */
export function theme() {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "light" || chosen === "dark") return chosen;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Use ``name`` ("light", "dark", or null for the system's) and remember it. */
export function setTheme(name) {
  if (name === "light" || name === "dark") document.documentElement.dataset.theme = name;
  else delete document.documentElement.dataset.theme;
  store.set(THEME_KEY, name || null);
  const button = document.getElementById("theme-toggle");
  if (button) showToggle(button);
}

function showToggle(button) {
  const dark = theme() === "dark";
  button.setAttribute("aria-pressed", String(dark));
  button.title = dark ? "Dark theme on: use the light one" : "Use the dark theme";
}

/** The theme toggle in the page's header (every page has one). */
function installThemeToggle() {
  const saved = store.get(THEME_KEY, null);
  if (saved === "light" || saved === "dark") document.documentElement.dataset.theme = saved;
  const header = document.querySelector("header.top");
  if (!header || document.getElementById("theme-toggle")) return;
  const button = el("button", { type: "button", id: "theme-toggle", class: "theme-toggle" }, [
    el("span", { "aria-hidden": "true", text: "☾ " }), "Dark",
  ]);
  button.addEventListener("mousedown", (e) => e.preventDefault());
  button.addEventListener("click", () => setTheme(theme() === "dark" ? "light" : "dark"));
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => showToggle(button));
  showToggle(button);
  header.append(button);
}

installThemeToggle();
