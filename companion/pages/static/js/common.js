// Shared by every page: language, API calls, toasts, live updates, narration.
import { beep } from "./sound.js";

// The page's words come from the catalogue (companion/i18n/<lang>.json on the server),
// served at /i18n/<lang>.json as {"language", "pages", "messages"}: "pages" are this
// code's words by key, "messages" the engines' sentences and terms. The languages are
// the server's (base.html lists them in <meta name="tc:languages">). Every page module
// imports this one, so the top-level await below holds each page back until its words
// are here: nothing renders with raw keys or in another language first.
const meta = (name) => document.querySelector(`meta[name="tc:${name}"]`)?.content || "";
const LANGUAGES = (meta("languages") || "en").split(" ").filter(Boolean);

// Idempotency keys and the like: crypto.randomUUID exists only in secure contexts
// (https or localhost), and a phone on the LAN opens plain http.
export function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function languages() { return LANGUAGES; }

export function lang() {
  const saved = localStorage.getItem("tc:lang");
  if (saved && LANGUAGES.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const code = (l || "").toLowerCase();
    if (LANGUAGES.includes(code)) return code;
    if (LANGUAGES.includes(code.slice(0, 2))) return code.slice(0, 2);
  }
  return LANGUAGES[0] || "en";
}

let words = {};
let catalogue = {};
const plurals = new Intl.PluralRules(lang());

async function fetchWords() {
  // ?v= is the catalogue's version (base.html): a new catalogue is a new address
  const version = meta("words") ? `?v=${meta("words")}` : "";
  try {
    const body = await (await fetch(`/i18n/${lang()}.json${version}`)).json();
    words = body.pages || {};
    catalogue = body.messages || {};
  } catch { words = {}; catalogue = {}; }
}
const loading = fetchWords();

// The words are loaded once per page, before any module renders (kept for the modules
// and tests that await it).
export function loadMessages() { return loading; }

// Whether the catalogue has a page word for this key.
export function has(key) { return key in words; }

export function t(key, params = {}) {
  const value = words[key];
  const text = value && typeof value === "object" ? value.other : value;
  return format(text ?? "", params);
}

function format(template, params) {
  return elide(template, params).replace(/\{(\w+)\}/g, (_, k) => (params[k] ?? ""));
}

// Italian "a" before a name that starts with a vowel is "ad" ("tocca ad Ada", "a Bo"):
// the templates say "a {who}" and the name decides.
function elide(template, values) {
  if (lang() !== "it") return template;
  return template.replace(/\b([Aa]) \{(\w+)\}/g, (m, a, k) => (/^[aeiouàèéìòù]/i.test(String(values[k] ?? "")) ? `${a}d {${k}}` : m));
}

// Counted sentences: the catalogue holds one object per key with a wording for each of
// the language's CLDR plural categories ("one", "few", "many", "other", ...); {n} is the
// count. Intl.PluralRules picks the category, "other" stands in for one not written.
export function tn(key, n, params = {}) {
  const value = words[key];
  const text = value && typeof value === "object" ? value[plurals.select(n)] ?? value.other : value;
  return format(text ?? "", { ...params, n });
}

// A game's word (terrain, card, part, ingredient, power, ...) in the page's language,
// from the engines' catalogue: "<game>.term.<value>".
export function term(game, value) {
  return catalogue[`${game}.term.${value}`] || catalogue[`term.${value}`] || String(value);
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else if (v === true) node.setAttribute(k, "");
    else if (v !== false && v != null) node.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// Words in the HTML: an element's text by data-t (its other data-* fill the {fields}),
// its aria-label by data-t-label.
export function translatePage() {
  document.documentElement.lang = lang();
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t, { ...node.dataset });
  for (const node of document.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.dataset.tLabel));
  const select = document.getElementById("lang");
  if (select) {
    select.value = lang();
    select.onchange = () => { localStorage.setItem("tc:lang", select.value); location.reload(); };
  }
}

// ``key``: the Idempotency-Key of the person's intent (pending.js keeps one per tap and
// resends it); without one, a state-changing call gets a fresh key.
export async function api(method, path, { token, body, idem = true, key, headers: extra = {} } = {}) {
  const headers = { "Accept-Language": lang(), ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && idem) headers["Idempotency-Key"] = key || randomKey();
  let response;
  try {
    response = await fetch(`/api/v1${path}`, { method, headers,
      body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    return { ok: false, status: 0, data: { detail: t("reconnecting") } };
  }
  const text = await response.text();
  let data = {};
  try { data = text ? JSON.parse(text) : {}; } catch { data = { detail: text }; }
  return { ok: response.ok, status: response.status, data,
    replayed: response.headers.get("Idempotent-Replayed") === "true" };
}

let toastTimer;
export function toast(problem, kind = "error") {
  const box = document.getElementById("toast");
  box.className = `toast ${kind === "info" ? "info" : ""}`;
  box.replaceChildren(el("span", {}, problem.detail || problem.title || String(problem)));
  if (problem.rule && problem.type && problem.type.includes("/rules/")) {
    const game = problem.type.split("/rules/")[1].split("#")[0];
    box.append(" ", el("a", { href: `/rules/${game}#${problem.rule}`, target: "_blank" },
      `(${t("rule")} ${problem.rule})`));
  }
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 7000);
  box.onclick = (e) => { if (e.target.tagName !== "A") box.hidden = true; };
}

// Waiting after failures: 1 s, 2 s, 4 s … up to 60 s; reset() after a success.
export function backoff(first = 1000, cap = 60000) {
  let delay = first;
  return { next() { const d = delay; delay = Math.min(delay * 2, cap); return d; },
    reset() { delay = first; } };
}

// Live updates: SSE with the browser's own reconnection (it resends Last-Event-ID),
// a visible "reconnecting" badge, and a fresh stream after the phone wakes up. When the
// stream closes for good, reopening backs off (an unreachable server is not hammered).
// onMessage gets {version, events, state?}: the state rides along when the server sends it.
export function live(sid, onMessage, onUp = () => {}) {
  const badge = document.getElementById("live");
  const wait = backoff(2000, 60000);
  let source; let timer = null; let stopped = false;
  const open = () => {
    timer = null;
    if (stopped) return;
    source = new EventSource(`/api/v1/sessions/${sid}/events`);
    source.addEventListener("version", (e) => {
      let data = null;
      try { data = JSON.parse(e.data); } catch { return; }
      onMessage(data);
    });
    source.onopen = () => { wait.reset(); badge.hidden = false; badge.textContent = t("live"); badge.className = "live"; onUp(); };
    source.onerror = () => {
      badge.hidden = false; badge.textContent = t("reconnecting"); badge.className = "live down";
      if (source.readyState === EventSource.CLOSED && !timer) timer = setTimeout(open, wait.next());
    };
  };
  open();
  document.addEventListener("visibilitychange", () => {
    if (!stopped && document.visibilityState === "visible" && source.readyState === EventSource.CLOSED && !timer) open();
  });
  return () => { stopped = true; clearTimeout(timer); source.close(); };
}

// A seat's own live updates: GET /me/events with the token in a header, read
// with fetch (EventSource cannot send headers; a token never goes in an address). Each
// message carries the state and the seat's view with its legal moves (`me`), so the phone
// makes no request after another player's move. `event: lost` or a 401: the token stopped
// working, onLost() says so. Reconnects back off (1, 2, 4 … 60 s) and resend the last
// version seen, the server answers with the latest state if it moved on meanwhile.
// onUp() runs each time the stream is (re)connected: a pending action is resent then.
export function seatLive(sid, token, since, onMessage, onLost, onUp = () => {}) {
  const badge = document.getElementById("live");
  const wait = backoff(1000, 60000);
  let timer = null; let stopped = false; let reading = false; let ctrl = null; let last = since;
  const show = (up) => {
    badge.hidden = false; badge.textContent = t(up ? "live" : "reconnecting"); badge.className = up ? "live" : "live down";
  };
  const later = () => { if (!stopped && !timer) { show(false); timer = setTimeout(open, wait.next()); } };
  const lose = () => { stopped = true; onLost(); };
  const frame = (text) => {  // one SSE event; true when it ends the stream
    let event = "message"; let data = ""; let id = null;
    for (const line of text.split("\n")) {
      const at = line.indexOf(":"); if (at === 0) continue;
      const field = at < 0 ? line : line.slice(0, at); const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
      if (field === "event") event = value; else if (field === "data") data += value; else if (field === "id") id = value;
    }
    if (event === "lost") { lose(); return true; }
    if (event !== "version" || !data) return false;
    let msg = null;
    try { msg = JSON.parse(data); } catch { return false; }
    if (id !== null) last = Number(id);
    onMessage(msg);
    return false;
  };
  const read = async (body) => {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf = (buf + value).replace(/\r\n?/g, "\n");
      let cut;
      while ((cut = buf.indexOf("\n\n")) >= 0) {
        const text = buf.slice(0, cut); buf = buf.slice(cut + 2);
        if (frame(text)) { reader.cancel().catch(() => {}); return; }
      }
    }
  };
  const open = async () => {
    timer = null;
    if (stopped) return;
    ctrl = new AbortController(); reading = true;
    const headers = { Accept: "text/event-stream", Authorization: `Bearer ${token}` };
    if (last !== null && last !== undefined) headers["Last-Event-ID"] = String(last);
    try {
      const r = await fetch(`/api/v1/sessions/${sid}/me/events`, { headers, signal: ctrl.signal, cache: "no-store" });
      if (r.status === 401) { reading = false; return lose(); }
      if (r.ok && r.body) { wait.reset(); show(true); onUp(); await read(r.body); }
    } catch { /* network gone or aborted: reconnect below unless stopped */ }
    reading = false;
    later();
  };
  open();
  document.addEventListener("visibilitychange", () => {
    if (!stopped && document.visibilityState === "visible" && !reading && timer) { clearTimeout(timer); timer = null; open(); }
  });
  return () => { stopped = true; clearTimeout(timer); if (ctrl) ctrl.abort(); };
}

// The address of a game's page module: served from the game's own folder by the pages'
// route for registered games (static/games/<game>/<game>.js), wherever the module lives.
export function pageModule(game) {
  return new URL(`../games/${encodeURIComponent(game)}/${encodeURIComponent(game)}.js`, import.meta.url).href;
}

// A catalogue sentence or label by its full key, or null when the catalogue lacks it.
export function message(key) { return catalogue[key] ?? null; }

// A value of an event in words: game words through term(), a card or tile by its
// words, counts as "forest ×2", a square by what is on it (never its coordinates).
// A number as people read it: negative ones with a minus sign (−3), not a hyphen.
export function num(n) {
  return n < 0 ? `−${-n}` : String(n);
}

function fmt(value, game = "", state = null, names = {}) {
  if (Array.isArray(value)) {
    if (value.length === 2 && value.every(Number.isInteger)) return place(value, game, state, names);
    return value.map((v) => fmt(v, game, state, names)).join(", ");
  }
  if (value && typeof value === "object") {
    const words = (v) => fmt(v, game, state, names);
    if (value.homunculus && value.part) {  // a tile (homunculus, part), with its cost when known
      const key = value.ingredients?.length ? "thing.tile" : "thing.kind";
      return fill(`${game}.${key}`, { homunculus: words(value.homunculus), part: words(value.part),
        ingredients: words(value.ingredients || []) });
    }
    if (value.kind && value.symbol) {  // a life card (kind, symbol, needs)
      return fill(`${game}.thing.${value.kind === "city" ? "city" : "animals"}`,
        { symbol: words(value.symbol), needs: words(value.needs || []) });
    }
    const counts = Object.entries(value);
    if (counts.every(([, n]) => Number.isInteger(n))) return counts.map(([w, n]) => `${words(w)} ×${n}`).join(", ");
    return "";
  }
  if (typeof value === "boolean") return term(game, String(value));
  if (typeof value === "number") return num(value);
  return typeof value === "string" && game ? term(game, value) : String(value ?? "");
}

function fill(key, words) {
  return (catalogue[key] || "").replace(/\{(\w+)\}/g, (_, k) => words[k] ?? "");
}

// A square as the table sees it: "Ada's forest city", "the swamp tile".
function place([x, y], game, state, names) {
  const tile = (state?.board?.tiles || []).find((t) => t.at && t.at[0] === x && t.at[1] === y);
  if (!tile) return fill(`${game}.place.empty`, {});
  const terrain = term(game, tile.terrain);
  if (tile.city) return fill(`${game}.place.city`, { owner: names[tile.city.builder] ?? "", terrain });
  return fill(`${game}.place.${tile.animals ? "animals" : "tile"}`, { terrain });
}

// A sentence for a particular case of an event, when the catalogue has one: a player on
// their own city ("own": a possessive, never the name twice), a face-up card taken
// ("display": the card is named, the table saw it), a refill whose card is known ("card").
function variant(game, event) {
  const cases = [["own", "owner" in event && event.owner === event.seat],
    ["display", event.from === "display" && event.card != null], ["card", event.card != null]];
  const hit = cases.find(([name, applies]) => applies && catalogue[`${game}.event.${event.type}.${name}`]);
  return hit ? catalogue[`${game}.event.${event.type}.${hit[0]}`] : null;
}

// An event as a sentence. ``names``: seat -> name (array or object); ``state``: the
// public state, to name a square by what is on it should a sentence mention one.
// ``word``: a page word's key to fill instead (what a card would do, told before it acts).
export function narrate(game, event, names, state = null, word = null) {
  const template = word ? words[word] : variant(game, event) || catalogue[`${game}.event.${event.type}`] || catalogue[`session.event.${event.type}`];
  if (!template) return "";
  const person = (seat) => (Number.isInteger(seat) ? names[seat] ?? "" : seat ?? "");
  // seats named in an event (the mover, a city's owner, the tail's actor, a target) are people
  const people = { who: event.who ?? person(event.seat) };
  for (const k of ["owner", "by", "target"]) if (k in event) people[k] = person(event[k]);
  for (const k of ["name", "code"]) if (k in event) people[k] = String(event[k]);
  if (Array.isArray(event.seats)) people.seats = event.seats.map(person).join(", ");
  return elide(template, people).replace(/\{(\w+)\}/g, (_, k) => (k in people ? people[k] : fmt(event[k], game, state, names)));
}

// The reveal of a result (app.css .reveal): rows in rank order get --i counted from the
// last place, so the ranking builds up to the winner. Once per result and device (`id`:
// table code and version, remembered): a re-render or a reload shows it at once.
export function reveal(section, rows, id) {
  let seen = [];
  try { seen = JSON.parse(localStorage.getItem("tc:revealed") || "[]"); } catch { seen = []; }
  if (seen.includes(id)) return section;
  localStorage.setItem("tc:revealed", JSON.stringify([...seen, id].slice(-20)));
  section.classList.add("reveal");
  section.style.setProperty("--n", String(rows.length));
  rows.forEach((row, i) => { row.classList.add("reveal-row"); row.style.setProperty("--i", String(rows.length - 1 - i)); });
  section.querySelector("#winner")?.classList.add("reveal-winner");
  return section;
}

let wakeLock = null;
export async function keepAwake() {
  try {
    if ("wakeLock" in navigator && !wakeLock) {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
    }
  } catch { /* not granted: fine */ }
}
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && wakeLock === null) keepAwake();
});

// Vibrating before the person has touched the page is refused by the browser (and logged),
// so the buzz waits for the first gesture.
function touched() {
  return navigator.userActivation ? navigator.userActivation.hasBeenActive : false;
}

// The tab's own name (the table's), kept while the title says "your turn" and given back
// when the turn passes (the title used to keep saying "Your turn").
let tabName = null;
export function nameTab(name) {
  tabName = name;
  if (!document.title.startsWith("● ")) document.title = name;
}

export function alertTurn(on, text) {
  if (on) {
    if (!document.title.startsWith("● ")) {
      if (tabName === null) tabName = document.title;
      if (navigator.vibrate && touched()) navigator.vibrate([120, 60, 120]);
      if (touched()) beep();
    }
    document.title = `● ${text}`;
  } else if (document.title.startsWith("● ")) {
    document.title = tabName ?? document.title.slice(2);
  }
}

// Seat colours: the six of every game, then the six more a game of up to twelve seats offers.
export const COLORS = { red: "#d32f2f", blue: "#1976d2", green: "#2e9e44", yellow: "#f9c22e",
  purple: "#7b1fa2", orange: "#f57c00", pink: "#e91e8c", teal: "#00897b", brown: "#795548",
  grey: "#757575", lime: "#9ccc3c", navy: "#1a237e" };

await loading;
translatePage();
