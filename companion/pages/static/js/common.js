// Shared by every page: language, API calls, toasts, live updates, narration.
import { beep } from "./sound.js";

const UI = {
  en: { live: "live", reconnecting: "reconnecting…", join: "Join", name: "Your name", color: "Colour",
    prototype: "Prototype", ingredient: "Your ingredient", yourTurn: "Your turn!",
    waiting: "Waiting for {who}", actionsLeft: "{n} actions left", undo: "Undo my last move",
    endTurn: "End turn", draw: "Draw", deck: "deck", hand: "Your hand", unknown: "unknown",
    players: "Players", score: "Score", feed: "What happened", start: "Start the game",
    scanToJoin: "Scan to join", orOpen: "or open", lobby: "Waiting for players",
    localhost: "Phones cannot reach this address ({url}). Start the service with PUBLIC_URL set to this machine's network address, or open the table from another address.",
    rule: "rule", cancel: "Cancel", finish: "Finish the game", reissue: "New token",
    playFor: "Play for", turnOf: "Turn of {who}", phase: "phase", objectives: "Objectives",
    display: "Face-up cards", reaction: "A tail is aimed at you: cancel it with your head?",
    accept: "Accept", cancelIt: "Cancel it", build: "Build", discard: "Discard", power: "Power",
    refresh: "Refresh", feed_auto: "Feed automatically", claim: "Claim objective",
    chooseSquare: "Tap a highlighted square", needs: "Needs", refill: "Card turned up to refill",
    gameOver: "Game over", winner: "Winner: {who}", seat: "Seat", setup: "Setup",
    deal: "Deal 2 nature cards and 1 life card to everyone.",
    enterObjectives: "Enter the objectives you revealed.",
    enterDisplay: "Enter the face-up cards.", pool: "Ingredients", rejoin: "Scan to take over this seat" },
  it: { live: "in diretta", reconnecting: "riconnessione…", join: "Entra", name: "Il tuo nome",
    color: "Colore", prototype: "Prototipo", ingredient: "Il tuo ingrediente", yourTurn: "Tocca a te!",
    waiting: "Tocca a {who}", actionsLeft: "{n} azioni rimaste", undo: "Annulla la mia ultima mossa",
    endTurn: "Fine turno", draw: "Pesca", deck: "mazzo", hand: "La tua mano", unknown: "sconosciuta",
    players: "Giocatori", score: "Punteggio", feed: "Cosa è successo", start: "Inizia la partita",
    scanToJoin: "Inquadra per entrare", orOpen: "oppure apri", lobby: "In attesa dei giocatori",
    localhost: "I telefoni non raggiungono questo indirizzo ({url}). Avvia il servizio con PUBLIC_URL impostato sull'indirizzo di rete.",
    rule: "regola", cancel: "Annulla", finish: "Termina la partita", reissue: "Nuovo token",
    playFor: "Gioca per", turnOf: "Turno di {who}", phase: "fase", objectives: "Obiettivi",
    display: "Carte scoperte", reaction: "Una coda ti colpisce: la annulli con la testa?",
    accept: "Accetta", cancelIt: "Annulla", build: "Costruisci", discard: "Scarta", power: "Potere",
    refresh: "Rinnova", feed_auto: "Sfama automaticamente", claim: "Prendi obiettivo",
    chooseSquare: "Tocca una casella evidenziata", needs: "Bisogni", refill: "Carta girata",
    gameOver: "Partita finita", winner: "Vince {who}", seat: "Posto", setup: "Preparazione",
    deal: "Dai 2 carte natura e 1 carta vita a ciascuno.",
    enterObjectives: "Inserisci gli obiettivi rivelati.", enterDisplay: "Inserisci le carte scoperte.",
    pool: "Ingredienti", rejoin: "Inquadra per riprendere il posto" },
  de: { live: "live", reconnecting: "verbinde neu…", join: "Beitreten", name: "Dein Name", color: "Farbe",
    prototype: "Prototyp", ingredient: "Deine Zutat", yourTurn: "Du bist dran!",
    waiting: "{who} ist dran", actionsLeft: "noch {n} Aktionen", undo: "Meinen letzten Zug zurücknehmen",
    endTurn: "Zug beenden", draw: "Ziehen", deck: "Stapel", hand: "Deine Hand", unknown: "unbekannt",
    players: "Mitspielende", score: "Wertung", feed: "Was geschah", start: "Spiel starten",
    scanToJoin: "Zum Beitreten scannen", orOpen: "oder öffne", lobby: "Warte auf Mitspielende",
    localhost: "Telefone erreichen diese Adresse nicht ({url}). Starte den Dienst mit PUBLIC_URL auf die Netzwerkadresse.",
    rule: "Regel", cancel: "Abbrechen", finish: "Spiel beenden", reissue: "Neues Token",
    playFor: "Spielen für", turnOf: "{who} ist am Zug", phase: "Phase", objectives: "Ziele",
    display: "Offene Karten", reaction: "Ein Schwanz zielt auf dich: mit dem Kopf abwehren?",
    accept: "Annehmen", cancelIt: "Abwehren", build: "Bauen", discard: "Abwerfen", power: "Fähigkeit",
    refresh: "Auffrischen", feed_auto: "Automatisch füttern", claim: "Ziel nehmen",
    chooseSquare: "Tippe ein markiertes Feld", needs: "Bedürfnisse", refill: "Nachgelegte Karte",
    gameOver: "Spielende", winner: "Gewinner: {who}", seat: "Platz", setup: "Aufbau",
    deal: "Gib allen 2 Natur-Karten und 1 Leben-Karte.",
    enterObjectives: "Gib die aufgedeckten Ziele ein.", enterDisplay: "Gib die offenen Karten ein.",
    pool: "Zutaten", rejoin: "Scannen, um diesen Platz zu übernehmen" },
};

// Each page module adds its own strings (all three languages at once), so that no
// module edits another's table: addStrings({ en: {...}, it: {...}, de: {...} }).
export function addStrings(table) {
  for (const [code, strings] of Object.entries(table)) Object.assign(UI[code] ||= {}, strings);
}

// Idempotency keys and the like: crypto.randomUUID exists only in secure contexts
// (https or localhost), and a phone on the LAN opens plain http.
export function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function lang() {
  const saved = localStorage.getItem("tc:lang");
  if (saved && UI[saved]) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const short = (l || "").slice(0, 2).toLowerCase();
    if (UI[short]) return short;
  }
  return "en";
}

export function t(key, params = {}) {
  const text = (UI[lang()] && UI[lang()][key]) || UI.en[key] || key;
  return elide(text, params).replace(/\{(\w+)\}/g, (_, k) => (params[k] ?? ""));
}

// Italian "a" before a name that starts with a vowel is "ad" ("tocca ad Ada", "a Bo"):
// the templates say "a {who}" and the name decides.
function elide(template, values) {
  if (lang() !== "it") return template;
  return template.replace(/\b([Aa]) \{(\w+)\}/g, (m, a, k) => (/^[aeiouàèéìòù]/i.test(String(values[k] ?? "")) ? `${a}d {${k}}` : m));
}

// Counted sentences: the table holds "<key>.one" and "<key>.other" ({n} is the count).
export function tn(key, n, params = {}) {
  return t(`${key}.${n === 1 ? "one" : "other"}`, { ...params, n });
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

export function translatePage() {
  document.documentElement.lang = lang();
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
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

// A seat's own live updates (issue 14): GET /me/events with the token in a header, read
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

let catalogue = {};
// A catalogue sentence or label by its full key, or null when the catalogue lacks it.
export function message(key) { return catalogue[key] ?? null; }

export async function loadMessages() {
  try { catalogue = await (await fetch(`/i18n/${lang()}.json`)).json(); } catch { catalogue = {}; }
}

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
export function narrate(game, event, names, state = null) {
  const template = variant(game, event) || catalogue[`${game}.event.${event.type}`] || catalogue[`session.event.${event.type}`];
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

translatePage();
