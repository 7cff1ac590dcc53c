// The phone: join a table, then play from legal moves, live.
//
// The interface between this page and a game module is described in play-games.js.
import { api, el, t, tn, term, toast, live, seatLive, loadMessages, narrate, keepAwake, alertTurn,
  COLORS, backoff, nameTab } from "./common.js";
import { together, marked } from "./about.js";
import { sheet, choice } from "./ui.js";
import { slots } from "./grid.js";
import { clockChip } from "./clock.js";
import { joinForm, wrongCode, lateJoiner } from "./join.js";
import { groupsCard, lobby, resultCard, setupChecklist, soundToggle, lastMoveOf } from "./play-parts.js";
import { pending } from "./pending.js";
import { rematchCard } from "./rematch.js";
import { gameModule, gameWords, iconFor, loadModule } from "./play-games.js";

const root = document.getElementById("play");
const code = root.dataset.code;
const KEY = `tc:seats:${code}`;
const seats = () => { try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch { return []; } };
const saveSeats = (list) => localStorage.setItem(KEY, JSON.stringify(list));
let active = Number(localStorage.getItem(`tc:active:${code}`) || 0);
let proxy = null;  // host mode: {sid, seat, token, host: true}
let state = null; let me = null; let legal = []; let lastEvents = []; let mineAt = -1;
let stopLive = null; let notice = null; let trouble = null; let hostNote = null; let score = null;
let picking = null; let highlighted = []; let boardSlot = null; let refused = null;
const retry = backoff(1000, 60000); let retryTimer = null;

function current() { return proxy || seats()[active] || null; }
function setActive(i) { active = i; localStorage.setItem(`tc:active:${code}`, String(i)); }

// -- the seat: links, host mode, loss ------------------------------------------------------
async function seatFromLink(params) {
  const seat = Number(params.get("seat")); const token = params.get("token") || "";
  history.replaceState(null, "", location.pathname);  // the token leaves the address bar
  if (!Number.isInteger(seat) || !/^[\w-]{16,200}$/.test(token)) { notice = t("link.bad"); return; }
  const info = await lookUp(token);
  if (!info.ok) { notice = info.status === 429 ? info.data.detail : t("link.bad"); return; }
  const sid = info.data.session_id;
  const m = await api("GET", `/sessions/${sid}/me`, { token });
  if (!m.ok || m.data.seat !== seat) { notice = t("link.bad"); return; }
  const list = seats().filter((s) => !(s.sid === sid && s.seat === seat));
  const name = (info.data.players.find((p) => p.seat === seat) || {}).name;
  list.push({ sid, seat, token, name }); saveSeats(list); setActive(list.length - 1);
}

// The code's look-up: a token of this table passes the wrong-code budget (somebody guessing)
const lookUp = (token = current()?.token) => api("GET", `/join/${code}`, { token });

function hostFromLink(params) {
  const sid = params.get("host") || ""; const seat = Number(params.get("seat"));
  const token = localStorage.getItem(`tc:host:${sid}`);
  if (!token || !Number.isInteger(seat)) { notice = t("link.hostMissing"); return; }
  proxy = { sid, seat, token, host: true };
}

function lostSeat() {  // 401: the token was re-issued or taken over; stop asking
  if (stopLive) { stopLive(); stopLive = null; }
  clearTimeout(retryTimer);
  const gone = current();
  if (!proxy) { saveSeats(seats().filter((s) => !(s.sid === gone.sid && s.seat === gone.seat))); setActive(0); }
  alertTurn(false);
  state = null;
  const badge = document.getElementById("live");
  if (badge) badge.hidden = true;
  root.replaceChildren(el("section", { class: "card warnbox", id: "moved", role: "alert" }, el("p", {}, t("play.moved")),
    seats().length ? el("button", { class: "primary", onclick: () => start() }, t("play.seat")) : null));
}

function failed(status) {  // anything else: back off, then read again
  const wait = retry.next();
  trouble = t("play.retry", { s: Math.round(wait / 1000) });
  if (state) render(); else root.replaceChildren(el("p", { class: "warnbox", role: "status" }, trouble));
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => load(), wait);
  return status;
}

// -- reading and acting ----------------------------------------------------------------------
// One read at a time. A phone's own move comes back twice (the POST's answer and the
// live message), in either order: a version already on its way is not read again, and
// a newer one read meanwhile reuses the state its message carried (a moving
// phone used to make six requests instead of two).
// `mine`: the seat's own part when the move's answer brought it (send(): no read at all).
let loading = null; let again = null; let newest = -1;
async function load(given, mine) {
  if (loading) {
    if (!given || given.version > newest) again = given ? { given, mine } : again || true;
    return loading;
  }
  if (given) newest = Math.max(newest, given.version);
  loading = (async () => {
    const s = current();
    // the seat's private view and its legal moves come in one answer (a live
    // message costs a phone one request; the public state rides in the message)
    const q = s.host ? `?seat=${s.seat}&include=legal` : "?include=legal";
    const [st, m] = await Promise.all([
      given ? { ok: true, data: given } : api("GET", `/sessions/${s.sid}`),
      given && mine ? { ok: true, status: 200, data: mine } : api("GET", `/sessions/${s.sid}/me${q}`, { token: s.token })]);
    if (m.status === 401) return lostSeat();
    if (st.status === 404) { notice = t("play.gone"); return root.replaceChildren(el("p", { class: "warnbox" }, notice)); }
    if (!st.ok || (!m.ok && m.status !== 403)) return failed(st.status);
    retry.reset(); trouble = null;
    hostNote = m.status === 403 ? t("play.hostPhone") : null;
    const { legal_moves: moves = [], ...own } = m.ok ? m.data : {};
    state = st.data; me = own; legal = moves;
    await loadModule(state.game);
    newest = Math.max(newest, state.version);
    if (state.status === "finished" && (!score || score.version !== state.version)) {
      const r = await api("GET", `/sessions/${s.sid}/score`);
      score = r.ok ? { ...r.data, version: state.version } : null;
    }
    render();
  })();
  try { await loading; } finally { loading = null; }
  if (again) {
    const next = again; again = null;
    if (next === true) await load();
    else if (next.given.version > newest) await load(next.given, next.mine);
  }
}

// While a request is on its way, live messages wait (`held`): the move's own message then
// needs no read, its answer brings the state and the seat's part (`?include=me`).
// Every change a tap asks for (move, undo, hand) is one pending action (pending.js): one
// Idempotency-Key per tap, resent until answered, kept across a reload.
let sending = false; let held = null;
function onLive(msg) {
  if (state && msg.version <= state.version) return;  // already shown (our own move)
  if (sending) { if (!held || msg.version > held.version) held = msg; return; }
  if (msg.events && msg.events.length) lastEvents = msg.events;
  acts.quiet(); refused = null;  // the table moved on: "done" and a refusal have been read
  // a seat's own stream brings its view and legal moves too (`me`): nothing to read
  const given = msg.state && msg.state.id ? msg.state : undefined;
  load(given, given && msg.me ? msg.me : undefined);
}

const whoAmI = (s) => `${s.sid}:${s.seat}:${s.host ? "host" : "phone"}`;
const acts = pending({ store: `tc:pending:${code}`, send: attempt, settled, changed: () => render() });

function release() {  // somebody else's move arrived while the request was on its way
  const waiting = held; held = null;
  if (waiting) onLive(waiting);
}

async function attempt(action) {
  const s = [proxy, ...seats()].find((x) => x && whoAmI(x) === action.who) || current();
  sending = true;
  let r;
  try { r = await api(action.method, action.path, { token: s.token, body: action.body, key: action.key }); } finally { sending = false; }
  if (!r.ok) release();
  return r;
}

const SETTLE = {
  move: async (r) => {
    lastEvents = r.data.events || []; mineAt = r.data.version;
    picking = null; highlighted = []; refused = null;
    await load(fresher(r.data.state), r.data.me);
  },
  undo: async (r) => { mineAt = -1; lastEvents = []; await load(fresher(r.data.state)); },
  // the legal moves follow the corrected hand at once (a renamed card plays as its new name)
  hand: async (r) => { me = r.data; render(); await load(state); },
};
// the state an answer carried, unless the phone already shows a newer one (a replay
// carries the current state, an answer that took its time an older one)
const fresher = (given) => (given && given.id && (!state || given.version >= state.version) ? given : undefined);

async function settled(action, r) {
  if (r.status === 401) return lostSeat();
  try {
    // refused: show the table as it is, the squares the refusal names marked on the board
    if (!r.ok) { toast(r.data); refused = r.data.params || null; if (state) await load(); return; }
    if (current() && whoAmI(current()) === action.who) await SETTLE[action.kind](r);
    window.scrollTo({ top: 0 });  // back to the status line
  } finally { release(); }
}

async function act(kind, method, path, body) {
  if (acts.busy()) return false;  // controls wait while an action is pending
  const s = current();
  const r = await acts.start({ kind, method, path, body, who: whoAmI(s) });
  return r.ok;
}

function send(move) {
  const s = current();
  return act("move", "POST", `/sessions/${s.sid}/moves?include=me`, s.host ? { ...move, seat: s.seat } : move);
}

function declare(hand) {
  const s = current();
  return act("hand", "PUT", `/sessions/${s.sid}/me/hand${s.host ? `?seat=${s.seat}` : ""}`, hand);
}

function undo() {
  return act("undo", "POST", `/sessions/${current().sid}/undo`, {});
}

// -- the context a game module works with ----------------------------------------------------
function pickSquare(squares, label) {
  return new Promise((resolve) => {
    if (picking) picking.resolve(null);
    picking = { squares, label, resolve };
    drawBoard();
    // the board's prompt just under the sticky status line; then the first square to
    // tap in sight too, if the map is taller than the screen
    if (!boardSlot) return;
    const below = (document.getElementById("status")?.offsetHeight || 0) + 8;
    window.scrollTo({ top: Math.max(0, boardSlot.getBoundingClientRect().top + scrollY - below) });
    const first = boardSlot.querySelector("[data-target], .legal");
    if (first) {
      first.style.scrollMarginTop = `${below}px`;
      first.scrollIntoView({ block: "nearest" });
    }
  });
}

function gridIcon(value) { return iconFor(state.game, value, { decorative: true, size: 26 }); }

function ctx() {
  const s = current();
  const names = Object.fromEntries(state.players.map((p) => [p.seat, p.name]));
  return { game: state.game, state, me, legal, seat: s.seat, host: Boolean(s.host), names, send, declare, t, tn,
    words: gameWords(state.game),
    term: (v) => term(state.game, v), icon: (name, opts) => iconFor(state.game, name, opts),
    highlight: (squares) => { highlighted = squares || []; drawBoard(); }, pickSquare, sheet,
    // the grids draw each value's own icon (a value without one shows its word only)
    choice: (label, values, opts = {}) => choice(label, values, { icon: gridIcon, ...opts }),
    slots: (label, values, count, opts = {}) => slots(label, values, count, { icon: gridIcon, ...opts }),
    gridIcon,
    targets: picking ? picking.squares : [], highlighted: [...highlighted, ...marked(state, refused)],
    tap: (at) => { if (acts.busy()) return; const p = picking; picking = null; drawBoard(); if (p) p.resolve(at); },
    rerender: () => render() };
}

// -- the screen --------------------------------------------------------------------------------
function turnInfo() {
  const s = current(); const turn = state.turn || {};
  const mine = state.status === "playing" && turn.seat === s.seat;
  const answering = legal.some((m) => ["defend", "pass", "nobody_defended", "react"].includes(m.type));
  const who = state.players.find((p) => p.seat === turn.seat);
  // played all at once: your part of the round is open while you have a move
  const all = together(state, Object.fromEntries(state.players.map((p) => [p.seat, p.name])));
  return { mine, answering: answering || Boolean(all && legal.length), who: who ? who.name : "", all };
}

function statusLine(mod) {
  const s = current(); const c = ctx();
  const player = state.players.find((p) => p.seat === s.seat) || {};
  const { mine, answering, who, all } = turnInfo();
  alertTurn(mine || answering, t("play.yourTurn"));
  const turn = state.turn || {};
  const playing = state.status === "playing";
  let line; let prompt = null;
  if (state.status === "lobby") line = t("play.lobby");
  else if (state.status === "finished") line = t("play.gameOver");
  else {
    line = all ? all.line : mine && s.host ? t("play.hostTurn", { who }) : mine ? t("play.yourTurn") : t("play.waiting", { who });
    prompt = (mod && mod.prompt && mod.prompt(legal, state, me, c)) || (all && all.left)
      || (mine || answering ? t("play.generic") : t("play.idle"));
  }
  const endTurn = legal.find((m) => m.type === "end_turn");
  const list = seats();
  const switcher = list.length > 1 && !s.host ? el("select", { id: "seat-switch", "aria-label": t("play.seat") },
    list.map((x, i) => el("option", { value: i, selected: i === active }, x.name || `${t("play.seat")} ${x.seat + 1}`))) : null;
  if (switcher) switcher.addEventListener("change", () => { setActive(Number(switcher.value)); start(); });
  const names = Object.fromEntries(state.players.map((p) => [p.seat, p.name]));
  return el("section", { class: `card status ${mine || answering ? "yourturn" : ""}`, id: "status", "aria-live": "polite" },
    el("div", { class: "row" }, el("span", { class: "dot", style: `background:${COLORS[player.color] || "#888"}`, "aria-hidden": "true" }),
      el("b", { id: "me-name" }, player.name || ""), s.host ? el("span", { class: "chip" }, t("play.host")) : null, switcher),
    el("p", { id: "turn-line" }, el("b", {}, line),
      mine && playing && turn.phase === "actions" && turn.actions_left != null
        ? el("span", { class: "chip", id: "actions-left" }, tn("play.actionsLeft", turn.actions_left)) : null),
    playing ? clockChip(state, { seat: s.seat, names }) : null,
    prompt ? el("p", { class: "hint", id: "prompt" }, prompt) : null,
    acts.node,
    notice || trouble ? el("p", { class: "warnbox", id: "notice", role: "alert" }, notice || trouble) : null,
    hostNote ? el("p", { class: "hint", id: "host-note" }, hostNote) : null,
    playing && (mineAt === state.version || endTurn) ? el("div", { class: "row", id: "turn-buttons" },
      mineAt === state.version ? el("button", { id: "undo", onclick: undo }, t("play.undo")) : null,
      endTurn ? el("button", { id: "end-turn", "data-move": "end-turn", class: turn.actions_left === 0 ? "primary" : "",
        onclick: () => send({ type: "end_turn" }) }, t("play.endTurn")) : null) : null,
    lastEvents.length ? el("p", { class: "hint", id: "last" }, t("play.last", { what:
      lastEvents.map((e) => narrate(state.game, e, names, state)).filter(Boolean).join(" · ") })) : null);
}

function drawBoard() {
  const mod = state && gameModule(state.game);
  if (!boardSlot || !mod || !mod.game) return;
  const c = ctx();
  boardSlot.replaceChildren(...[
    picking ? el("div", { class: "warnbox row", id: "pending", role: "status" },
      el("span", {}, t("play.tapSquare", { what: picking.label })),
      el("button", { type: "button", onclick: () => { const p = picking; picking = null; drawBoard(); p.resolve(null); } }, t("ui.cancel"))) : null,
    el("div", { class: "board-wrap", tabindex: 0, role: "region", "aria-label": t("play.board") },
      mod.game.renderBoard(state, c))].filter(Boolean));
}

function footer() {
  const s = current();
  if (s.host || !state || state.status !== "lobby") return null;
  return el("section", { class: "card row" }, el("button", { id: "add-seat", onclick: async () => {
    const info = await lookUp();
    if (!info.ok) return toast(info.data);
    joinForm(root, code, info.data, seated);
  } }, t("play.addSeat")));
}

function render() {
  if (!state) return;
  const mod = gameModule(state.game);
  const parts = [statusLine(mod && mod.game), current().host ? null : rematchCard(state, current().seat)];
  boardSlot = null;
  // the checklist first: entering the cards in front of you is what the lobby asks now
  if (state.status === "lobby") parts.push(setupChecklist(mod && mod.game, state, current(), gameWords(state.game), lostSeat), lobby(state));
  else if (mod && mod.game) {
    const g = mod.game; const c = ctx();
    const urgent = g.urgent ? g.urgent(legal, state, me, c) : null;
    if (state.status === "finished") parts.push(resultCard(state, score, current().seat));
    if (urgent) parts.push(urgent);
    boardSlot = el("section", { class: "card board-card", id: "board-card" });
    const groups = state.status === "playing" ? g.actionGroups(legal, state, me, c).filter((x) => x.items.length) : [];
    // what you may do comes first, in view under the status line; picking a square
    // scrolls the board into view by itself (pickSquare)
    if (groups.length) parts.push(groupsCard(groups));
    parts.push(boardSlot);
    if (g.handDeclaration) parts.push(g.handDeclaration(me, state, c));
    if (g.extras) parts.push(...g.extras(state, me, c));
  } else if (mod) {
    if (state.status === "finished") parts.push(resultCard(state, score, current().seat));
    parts.push(mod.kazaamView({ ...ctx(), rerender: render }));  // the older interface
  }
  parts.push(footer(), state.status === "playing" ? soundToggle(render) : null);
  root.replaceChildren(...parts.filter(Boolean));
  root.dataset.version = String(state.version);  // what the screen shows (tests wait on it)
  drawBoard();
  waitWhilePending();
}

// While an action waits for its answer, the move controls wait too (no queue of guesses).
function waitWhilePending() {
  const busy = acts.busy();
  root.classList.toggle("pending", busy);
  root.dataset.pending = busy ? "yes" : "no";
  if (!busy) return;
  for (const b of root.querySelectorAll("#actions button, button[data-move], #undo, #end-turn, #declare")) b.disabled = true;
}

function seated(seat) {
  const list = seats(); list.push(seat); saveSeats(list); setActive(list.length - 1);
  start();
}

async function start() {
  const params = new URLSearchParams(location.hash.slice(1));
  notice = null;
  if (!params.get("host")) proxy = null;  // a seat link after host mode: the seat's own view
  if (params.has("token") || params.has("seat") && !params.has("host")) await seatFromLink(params);
  else if (params.get("host")) hostFromLink(params);
  if (stopLive) { stopLive(); stopLive = null; }
  if (active >= seats().length) setActive(0);
  const s = current();
  if (!s) {
    const info = await api("GET", `/join/${code}`);
    if (info.status === 404) return wrongCode(root, code);
    if (!info.ok) return failedJoin(info);
    if (info.data.status !== "lobby") return lateJoiner(root, code, notice);
    joinForm(root, code, info.data, seated);
    if (notice) root.prepend(el("p", { class: "warnbox", role: "alert", id: "notice" }, notice));
    return;
  }
  state = null; mineAt = -1;
  await load();
  if (!state) return;
  nameTab(state.options?.title || t("play.tabName", { code }));
  keepAwake();
  // after a reload: the move this seat made last can still be undone (the log says so,
  // not the phone's memory), and an action that was pending is sent again, same key
  const shown = state;
  if (await lastMoveOf(s, shown)) { mineAt = shown.version; render(); }
  acts.resume(whoAmI(s));
  // a phone follows its seat's own stream (no request after a move); the host reading a
  // seat without a phone keeps the public one and reads that seat's view
  // (from the state shown: a lost seat may have cleared `state` while the log was read)
  stopLive = s.host ? live(s.sid, onLive, acts.nudge) : seatLive(s.sid, s.token, shown.version, onLive, lostSeat, acts.nudge);
}

function failedJoin(info) {
  const wait = retry.next();
  root.replaceChildren(el("p", { class: "warnbox", role: "status" }, info.data.detail || t("play.retry", { s: Math.round(wait / 1000) })));
  clearTimeout(retryTimer);
  retryTimer = setTimeout(start, wait);
}

await loadMessages();
start();
// A seat link opened in a tab already on this table changes only the fragment.
window.addEventListener("hashchange", () => { if (location.hash.length > 1) start(); });
