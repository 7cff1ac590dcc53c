// The phone: join a table, then play from legal moves, live.
//
// Interface between this page and a game module (gaia.js, kazaam.js). A module exports
//   export const game = {
//     renderBoard(state, ctx) -> Node          the board, fitting 360 px (scale or pan);
//                                             squares listed in ctx.targets are tappable
//                                             (call ctx.tap(at)); ctx.highlighted are marked
//     actionGroups(legal, state, me, ctx) -> [{kind, label, icon?, items: [{id, label,
//                                             icon?, run: () => void|Promise}]}]
//                                             kinds: Gaia tile/animals/city/draw/claim/power,
//                                             Kazaam draw/build/discard/power/refresh; end
//                                             turn and answers are not groups (see below)
//     prompt(legal, state, me, ctx) -> string|null   "what you may do now" for the status
//                                             line (null: the page's generic sentence)
//     urgent(legal, state, me, ctx) -> Node|null      something that must be answered now
//                                             (reaction window, feeding): shown first
//     handDeclaration(me, state, ctx) -> Node|null   own hand + a way to declare it
//                                             (PUT me/hand through ctx.declare(hand))
//     extras(state, me, ctx) -> Node[]        anything else (objectives, face-up cards…)
//   };
// ctx = { game, state, me, legal, seat, names: {seat: name},
//         send(move) -> Promise<bool>         posts the move (adds "seat" in host mode),
//                                             refreshes, scrolls back to the status line
//         declare(hand) -> Promise<bool>,
//         t, tn, term(value), icon(name, {label, size}) -> Element (SVG from icons.js, or
//         the word while icons.js is missing),
//         highlight(squares)                   mark squares on the board (no tapping)
//         pickSquare(squares, label) -> Promise<at|null>   ask for a tap on the board
//                                             (null when the person cancels)
//         sheet(title, content, onOk) -> void  a bottom sheet; onOk returning false keeps it
//         choice(label, values, {unknown, name, labels}) -> {node, value(): v|null}
//                                             a labelled picker with no pre-filled guess }
// A module that exports only a view function (the older kazaamView(ctx)) still works.
import { api, el, t, toast, live, loadMessages, narrate, keepAwake, alertTurn, COLORS, randomKey } from "./common.js";
import { gaiaView } from "./gaia.js";
import { kazaamView } from "./kazaam.js";

const root = document.getElementById("play");
const code = root.dataset.code;
const KEY = `tc:seats:${code}`;
const seats = () => JSON.parse(localStorage.getItem(KEY) || "[]");
const saveSeats = (list) => localStorage.setItem(KEY, JSON.stringify(list));
let active = Number(localStorage.getItem(`tc:active:${code}`) || 0);
let me = null; let state = null; let legal = []; let stopLive = null; let proxy = null;
let lastEvents = [];

function fromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("token") && params.get("sid")) {  // a re-issued token for this seat
    const list = seats().filter((s) => !(s.sid === params.get("sid") && s.seat === Number(params.get("seat"))));
    list.push({ sid: params.get("sid"), seat: Number(params.get("seat")), token: params.get("token") });
    saveSeats(list); active = list.length - 1;
    history.replaceState(null, "", location.pathname);
  }
  if (params.get("host")) {  // the host plays for a seat without a phone
    const sid = params.get("host");
    const token = sessionStorage.getItem(`tc:proxy:${sid}`) || localStorage.getItem(`tc:host:${sid}`);
    if (token) proxy = { sid, seat: Number(params.get("seat")), token, host: true };
  }
}

function current() { return proxy || seats()[active] || null; }

async function joinForm(info) {
  const fields = [el("label", {}, t("name"), el("input", { name: "name", maxlength: 24, required: true, autocomplete: "nickname" })),
    el("label", {}, t("color"), el("select", { name: "color" }, info.colors.map((c) => el("option", { value: c }, c))))];
  if (info.game === "kazaam") {
    fields.push(el("label", {}, t("prototype"), el("select", { name: "prototype" }, info.prototypes.map((p) => el("option", { value: p }, p)))),
      el("label", {}, t("ingredient"), el("select", { name: "ingredient" }, info.ingredients.map((i) => el("option", { value: i }, i.replaceAll("_", " "))))));
  }
  const form = el("form", { class: "card", id: "join" }, el("h1", {}, `${info.game === "gaia" ? "Gaia" : "Kazaam"} · ${code}`),
    el("p", { class: "hint" }, `${t("players")}: ${info.players.map((p) => p.name).join(", ") || "—"}`),
    ...fields, el("button", { class: "primary big" }, t("join")));
  const idem = randomKey();  // one key per form: a retried tap never takes two seats
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = Object.fromEntries(new FormData(form));
    const response = await fetch(`/api/v1/join/${code}`, { method: "POST", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "Idempotency-Key": idem, "Accept-Language": document.documentElement.lang } });
    const data = await response.json();
    if (!response.ok) return toast(data);
    const list = seats(); list.push({ sid: data.session_id, seat: data.seat, token: data.player_token, name: body.name });
    saveSeats(list); active = list.length - 1; localStorage.setItem(`tc:active:${code}`, active);
    start();
  });
  root.replaceChildren(form);
}

async function load() {
  const seat = current();
  const [s, m, l] = await Promise.all([
    api("GET", `/sessions/${seat.sid}`),
    seat.host ? Promise.resolve({ ok: true, data: { seat: seat.seat, host: true } }) : api("GET", `/sessions/${seat.sid}/me`, { token: seat.token }),
    api("GET", `/sessions/${seat.sid}/legal-moves${seat.host ? `?seat=${seat.seat}` : ""}`, { token: seat.token })]);
  if (m.status === 401) {  // the host re-issued this seat's token: this phone lost it
    saveSeats(seats().filter((x) => x !== seats()[active])); return start();
  }
  if (!s.ok) return toast(s.data);
  state = s.data; me = m.data; legal = l.ok ? l.data.moves : [];
  render();
}

async function send(move) {
  const seat = current();
  const body = seat.host ? { ...move, seat: seat.seat } : move;
  const r = await api("POST", `/sessions/${seat.sid}/moves`, { token: seat.token, body });
  if (!r.ok) { toast(r.data); return false; }
  lastEvents = r.data.events;
  await load();
  return true;
}

async function undo() {
  const seat = current();
  const r = await api("POST", `/sessions/${seat.sid}/undo`, { token: seat.token, body: {} });
  if (!r.ok) return toast(r.data);
  await load();
}

function header() {
  const seat = current();
  const player = state.players.find((p) => p.seat === seat.seat) || {};
  const turn = state.turn || {};
  const mine = turn.seat === seat.seat && state.status === "playing";
  const reaction = turn.phase === "reaction" ? turn.reaction : null;
  const reacting = Boolean(reaction) && (state.game === "kazaam" ? reaction.target === seat.seat
    : reaction.actor !== seat.seat && !reaction.passed.includes(seat.seat));
  const who = state.players.find((p) => p.seat === turn.seat);
  alertTurn(mine || reacting, reacting ? t("reaction") : t("yourTurn"));
  const list = seats();
  return el("section", { class: `card ${mine || reacting ? "yourturn" : ""}`, id: "status" },
    el("div", { class: "row" }, el("span", { class: "dot", style: `background:${COLORS[player.color] || "#000"}` }),
      el("b", { id: "me-name" }, player.name || ""), seat.host ? el("span", { class: "chip" }, "host") : null,
      list.length > 1 && !seat.host ? el("select", { id: "seat-switch", onchange: (e) => { active = Number(e.target.value); localStorage.setItem(`tc:active:${code}`, active); start(); } },
        list.map((s, i) => el("option", { value: i, selected: i === active }, s.name || `${t("seat")} ${s.seat}`))) : null),
    state.status === "lobby" ? el("p", { id: "turn-line" }, t("lobby"))
      : state.status === "finished" ? el("p", { id: "turn-line" }, t("gameOver"))
      : el("p", { id: "turn-line" }, mine ? t("yourTurn") : t("waiting", { who: who?.name || "" }),
        mine && turn.actions_left != null ? el("span", { class: "chip", id: "actions-left" }, t("actionsLeft", { n: turn.actions_left })) : null),
    lastEvents.length ? el("p", { class: "hint", id: "last" }, lastEvents.map((e) => narrate(state.game, e, Object.fromEntries(state.players.map((p) => [p.seat, p.name])))).join(" · ")) : null);
}

function footer() {
  const seat = current();
  return el("section", { class: "card row" },
    state.status === "playing" ? el("button", { id: "undo", onclick: undo }, t("undo")) : null,
    seat.host ? null : el("button", { onclick: async () => joinForm((await api("GET", `/join/${code}`)).data) }, "+ " + t("seat")));
}

function waiting() {
  return el("section", { class: "card", id: "waiting" }, el("h2", {}, t("lobby")),
    el("ul", { id: "lobby-players" }, state.players.map((p) => el("li", {},
      el("span", { class: "dot", style: `background:${COLORS[p.color] || "#000"}` }), " ", p.name))));
}

function render() {
  const ctx = { state, me, legal, send, seat: current().seat };
  const body = state.status === "lobby" ? waiting()
    : state.game === "gaia" ? gaiaView(ctx) : kazaamView(ctx);
  root.replaceChildren(header(), body, footer());
}

async function start() {
  fromHash();
  if (stopLive) stopLive();
  const seat = current();
  if (!seat) {
    const info = await api("GET", `/join/${code}`);
    if (!info.ok) return toast(info.data);
    return joinForm(info.data);
  }
  await load();
  keepAwake();
  stopLive = live(seat.sid, async (message) => {
    if (state && message.version <= state.version) return;  // already shown (our own move)
    if (message.events && message.events.length) lastEvents = message.events;
    await load();
  });
}

await loadMessages();
start();
