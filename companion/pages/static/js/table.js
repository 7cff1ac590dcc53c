// The table screen (/t/<id>): the shared display, read from across the table.
// Lobby: a big QR code, the code and the players arriving; the host's setup checklist.
// Game: the board scaled to its area, whose turn, each player's things, the piles, face-up
// cards and objectives, and a feed of what happened (rebuilt from the log on reload).
// End: winner, ranking and each player's breakdown, with Rematch.
import { api, el, message, t, tn, term, toast, live, loadMessages, narrate, keepAwake, pageModule, COLORS } from "./common.js";
import { together } from "./about.js";
import { hostPanel, addSeatForm, finishButton, rematchButton, playButton, post, removeButton, newCodeButton } from "./table-host.js";
import { playersPanel, tablePanels, endPanel } from "./table-panels.js";
import { clockTable } from "./clock.js";
import { isDisplay, paginate } from "./table-fit.js";

const FEED_KEEP = 80;
const FEED_VERSIONS = 60;
const root = document.getElementById("table");
const ctx = { sid: root.dataset.sid, host: localStorage.getItem(`tc:host:${root.dataset.sid}`),
  state: null, score: null, icons: null, boards: {}, feed: [], seen: -1, moves: [] };
let setupBox = null; let seatForm = null;
let ready = false;  // the first picture waits for the feed (one render, complete)

function names() { return Object.fromEntries((ctx.state?.players || []).map((p) => [p.seat, p.name])); }

function say(event) { return narrate(ctx.state.game, event, names()); }

// -- the feed: the log on load, then each live version once ---------------------------
async function loadFeed() {
  // only the recent past: the feed keeps the last sentences (GET /moves?since=V)
  const since = Math.max(0, (ctx.state.version || 0) - FEED_VERSIONS);
  const r = await api("GET", `/sessions/${ctx.sid}/moves${since ? `?since=${since}` : ""}`);
  if (!r.ok) return;
  ctx.feed = []; ctx.moves = [];
  for (const entry of r.data.entries || []) addToFeed(entry.version, entry.events || [], entry.by === "host");
  ctx.seen = Math.max(ctx.seen, r.data.version ?? -1);
}

// The moves in force, newest last, each with its first sentence: Undo's question and the
// feed's "undone" line name the move (an undo takes back every move after its `to`).
function track(version, events) {
  const undo = events.find((e) => e.type === "undone");
  if (undo) {
    const gone = ctx.moves.filter((m) => m.version > undo.to);
    ctx.moves = ctx.moves.filter((m) => m.version <= undo.to);
    return gone.length ? t("tb.undoneWhat", { what: gone.map((m) => m.text).join("; ") }) : null;
  }
  const first = events[0];
  if (first && message(`${ctx.state.game}.event.${first.type}`)) ctx.moves.push({ version, text: say(first) });
  ctx.moves = ctx.moves.slice(-FEED_KEEP);
  return null;
}

function addToFeed(version, events, byHost = false) {
  const undone = track(version, events);
  events.forEach((event, i) => ctx.feed.push({ version, type: event.type,
    text: event.type === "undone" && undone ? undone : say(event), byHost: byHost && i === 0 }));
  ctx.feed = ctx.feed.slice(-FEED_KEEP);
}

function feedPanel() {
  const items = [...ctx.feed].reverse();
  return el("section", { class: "card tb-feed-card", "aria-label": t("tb.feed"), "data-unit": "feed" }, el("h2", {}, t("tb.feed")),
    items.length ? el("ol", { class: "feed", id: "feed", tabindex: 0, "aria-live": "polite" }, items.map((f) => el("li", { "data-version": f.version },
      f.text, f.byHost ? el("span", { class: "hint" }, ` (${t("tb.byHost")})`) : null)))
      : el("p", { class: "hint", id: "feed" }, t("tb.feedEmpty")));
}

// -- lobby ----------------------------------------------------------------------------
function isLocal(url) { return /\/\/(localhost|127\.|\[::1\]|0\.0\.0\.0)/.test(url); }

function lobby() {
  const s = ctx.state;
  // exactly what the QR code encodes (PUBLIC_URL, or this machine's LAN address)
  const join = `${root.dataset.joinBase || location.origin}/j/${s.code}`;
  const min = ctx.game ? ctx.game.players.min : 2;
  const players = el("section", { class: "card", id: "lobby-players" }, el("h2", {}, t("tb.waiting")),
    el("p", { class: "hint" }, tn("tb.arrived", s.players.length)),
    el("ul", { id: "players", class: "tb-lobby-players" }, s.players.map((p) => el("li", { "data-seat": p.seat },
      el("span", { class: "dot", style: `background:${COLORS[p.color] || "#888"}` }), " ", p.name,
      p.prototype ? ` · ${term(s.game, p.prototype)}` : "", p.phone === false ? el("span", { class: "chip" }, t("tb.hostSeat")) : null,
      ctx.host ? playButton(ctx, p, "tb-play") : null, ctx.host ? removeButton(ctx, p) : null))));
  const qr = el("section", { class: "card qr tb-qr-card", id: "lobby" }, el("h1", {}, t("tb.scan")),
    // the code in the address: a new code is a new picture, never the cached one
    el("img", { src: `/api/v1/sessions/${ctx.sid}/qr.svg?code=${s.code}`, alt: `${t("tb.scan")}: ${join}`, id: "qr" }),
    el("p", { class: "code", id: "join-code", "aria-label": `${t("tb.code")} ${s.code.split("").join(" ")}` }, s.code),
    el("p", { class: "hint" }, t("tb.orOpen"), " ", el("a", { href: join, id: "join-link" }, join)),
    isLocal(join) ? el("p", { class: "warnbox", id: "localhost-warning" }, t("tb.localhost", { url: root.dataset.joinBase || location.origin })) : null,
    ctx.host ? newCodeButton(ctx) : null);
  const side = [players];
  // plain http on a LAN address: no Wake Lock (a secure context only), so say what to do
  if (ctx.host && !("wakeLock" in navigator)) side.push(el("p", { class: "hint card", id: "no-wake-lock" }, t("tb.noWakeLock")));
  const begin = ctx.host && s.players.length >= min ? startBox() : null;
  if (ctx.host) {
    seatForm ||= addSeatForm(ctx);
    side.push(seatForm);
    if (s.players.length < min) side.push(el("p", { class: "hint card" }, t("tb.needMore", { n: min })));
    else if (!begin || begin.id !== "setup") side.push(begin);
  }
  // a setup checklist gets the screen's width, the code and the players beside it: its
  // places, their entry and Start in view at once on a 1280 x 800 screen
  if (begin && begin.id === "setup") return el("div", { class: "tb-lobby tb-lobby-setup" }, el("div", { class: "tb-col" }, qr, side), begin);
  return el("div", { class: "tb-lobby" }, qr, el("div", { class: "tb-col" }, side));
}

// A place of the setup checklist sent to the server's draft, which every screen then shows.
async function putSlot(slot, value) {
  const r = await api("PUT", `/sessions/${ctx.sid}/setup`, { token: ctx.host, body: { slot, value } });
  if (!r.ok) toast(r.data);
  return r.ok ? r.data.version : null;
}

function startBox() {
  const s = ctx.state;
  // a game whose page module offers a setup form (what the real table dealt) shows it
  const module = ctx.boards[s.game];
  const setupForm = module && module.game && module.game.setupForm;
  if (!setupForm) {
    const button = el("button", { class: "primary big", id: "start-game", type: "button" }, t("tb.start"));
    button.addEventListener("click", () => start({ setup: {} }));
    return el("div", { class: "card" }, button);
  }
  // kept across re-renders so the host's picks survive a player arriving
  if (!ctx.game) return null;
  if (!setupBox || setupBox.players !== s.players.length) {
    setupBox = setupForm({ players: s.players.length, options: s.options, words: ctx.game.words, put: putSlot, onStart: start });
  }
  setupBox.update(s.setup_draft || {}, s.version);
  return setupBox;
}

async function start(body) {
  const r = await post(ctx, "/start", body);  // one key per tap, resent until answered
  if (r.ok) keepAwake();
}

// -- the game -------------------------------------------------------------------------
function statusLine() {
  const s = ctx.state; const turn = s.turn || {};
  const who = names()[turn.seat] ?? "";
  const all = together(s, names());
  if (s.status === "finished") return el("header", { class: "tb-status card", id: "status" }, el("h1", { id: "turn" }, t("tb.gameOver")), clockTable(s, names()));
  return el("header", { class: "tb-status card", id: "status" },
    el("h1", { id: "turn" }, all ? all.line : t("tb.turnOf", { who })),
    all && all.left ? el("p", { class: "tb-last", id: "still-to-enter" }, all.left) : null,
    el("div", { class: "row" },
      turn.phase ? el("span", { class: "chip", id: "phase" }, t("tb.phase", { phase: term(s.game, turn.phase) })) : null,
      Number.isInteger(turn.actions_left) ? el("span", { class: "chip", id: "actions-left" }, tn("tb.actionsLeft", turn.actions_left)) : null),
    clockTable(s, names()), lastLine(), answersLine(),
    stalledNotice());
}

// The latest thing that happened, big enough to read across the table (the turn passing
// is already the headline).
function lastLine() {
  const last = [...ctx.feed].reverse().find((f) => f.type !== "turn_passed");
  return last ? el("p", { class: "tb-last", id: "last" }, last.text) : null;
}

// A reaction window (a defence, a power's answer): whose answer the table waits for.
function answersLine() {
  const r = ctx.state.turn && ctx.state.turn.reaction;
  if (!r || ctx.state.turn.phase !== "reaction") return null;
  const seats = r.target != null && typeof r.target === "number" ? [r.target]
    : ctx.state.players.map((p) => p.seat).filter((seat) => seat !== r.actor && !(r.passed || []).includes(seat));
  if (!seats.length) return null;
  return el("p", { class: "warnbox", id: "answers-awaited" }, t("tb.awaiting", { who: seats.map((seat) => names()[seat]).join(", ") }));
}

// K6.2: a game that cannot end is offered to the host to finish. HOOK: the public state
// is expected to say so as `stalled: true` (added by another change); until that field
// exists this shows nothing.
function stalledNotice() {
  if (!ctx.state.stalled || ctx.state.status !== "playing") return null;
  return el("div", { class: "warnbox", id: "stalled" }, el("p", {}, t("tb.stalled")),
    ctx.host ? finishButton(ctx, "stalled-finish") : null);
}

// The board drawn by the phones' own game module (same pictures, words and icons as on the
// phones, never coordinates), scaled up; the server's picture if the module is missing.
function boardArea() {
  const s = ctx.state;
  let board = null;
  const module = ctx.boards[s.game];
  if (module) {
    const boardCtx = { state: s, game: s.game, t, tn, term: (v) => term(s.game, v), targets: [], highlighted: [],
      icon: (name, opts = {}) => (ctx.icons && ctx.icons.hasIcon(s.game, name) ? ctx.icons.icon(s.game, name, opts) : null),
      tap: () => {} };
    try { board = module.game.renderBoard(s, boardCtx); } catch (err) { board = null; }
  }
  if (board && board.namespaceURI === "http://www.w3.org/2000/svg" && board.getAttribute("viewBox")) {
    // as large as the area allows (a square at most ~5 times a phone's)
    const width = Number(board.getAttribute("viewBox").split(" ")[2]) || 300;
    board.style.maxWidth = `${width * 5}px`;
  }
  board ||= el("img", { alt: t("tb.board"), src: `/api/v1/sessions/${ctx.sid}/board.svg?v=${s.version}` });
  // focusable: a board taller than its area scrolls (a row of boards), by keyboard too
  // --cols: a grid of per-player boards (a game with one board each) as square as the players allow
  return el("section", { class: `card tb-board tb-board-${s.game}`, id: "board", tabindex: 0, "aria-label": t("tb.board"),
    style: `--cols:${Math.ceil(Math.sqrt(s.players.length))}` }, board);
}

// What stands beside the board; on a display (table-fit.js) these are the units packed
// into pages, each named by its id.
function sidePanels() {
  return [playersPanel(ctx), ...tablePanels(ctx), feedPanel(), hostPanel(ctx)].filter(Boolean)
    .map((panel) => { panel.dataset.unit ||= panel.id; return panel; });
}

function game(display) {
  const s = ctx.state;
  const finished = s.status === "finished";
  return el("div", { class: "tb-game" },
    el("div", { class: "tb-left" }, statusLine(),
      finished ? endPanel(ctx, ctx.host ? rematchButton(ctx) : null) : null, boardArea()),
    el("div", { class: "tb-right", tabindex: display ? null : 0, role: "region", "aria-label": t("tb.details") },
      display ? null : sidePanels()));
}

function render() {
  const focused = document.activeElement && document.activeElement.id;
  const display = ctx.state.status !== "lobby" && isDisplay();
  document.body.classList.toggle("tb-fit", display);
  root.replaceChildren(ctx.state.status === "lobby" ? lobby() : game(display));
  if (display) paginate(root.querySelector(".tb-right"), sidePanels);
  if (focused && !root.contains(document.activeElement)) document.getElementById(focused)?.focus();
}

async function loadScore() {
  if (ctx.state.status !== "finished") { ctx.score = null; return; }
  const [r, bgstats] = await Promise.all([api("GET", `/sessions/${ctx.sid}/score`),
    api("GET", `/sessions/${ctx.sid}/score/bgstats`)]);
  if (r.ok) ctx.score = r.data;
  ctx.bgstats = bgstats.ok ? bgstats.data.url : null;
}

async function refresh() {
  const r = await api("GET", `/sessions/${ctx.sid}`);
  if (!r.ok) return toast(r.data);
  await update(r.data);
}

// The game's description (players, the lists a page offers to pick): GET /games, once.
async function describeGame(name) {
  if (ctx.game && ctx.game.id === name) return;
  const r = await api("GET", "/games");
  ctx.game = r.ok ? (r.data || []).find((g) => g.id === name) || null : null;
}

async function update(state) {
  const was = ctx.state;
  ctx.state = state;
  await board(state.game);
  if (state.status === "lobby") await describeGame(state.game);
  if (state.status === "finished" && (!ctx.score || ctx.score.version !== state.version)) await loadScore();
  if (was && was.status === "lobby" && state.status === "lobby" && seatForm) seatForm.refresh();
  if (ready) render();
}

async function onMessage(message) {
  if (message.version > ctx.seen) {
    if (ctx.state) addToFeed(message.version, message.events || []);
    ctx.seen = message.version;
  }
  if (ctx.state && message.version <= ctx.state.version) return;  // this state is shown
  if (message.state) await update(message.state); else await refresh();
}

async function icons() {
  try { ctx.icons = await import("./icons.js"); } catch { ctx.icons = null; }
}

// The game's page module (pageModule(), as on the phones), once its state names the game.
async function board(name) {
  if (name in ctx.boards) return;
  try { ctx.boards[name] = await import(pageModule(name)); } catch { ctx.boards[name] = null; }
}

await Promise.all([loadMessages(), icons()]);
await refresh();
if (ctx.state) {
  await loadFeed();
  ready = true;
  render();
  live(ctx.sid, onMessage);
  if (ctx.state.status === "playing") keepAwake();
  let resized = null;
  window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(render, 150); });
}
