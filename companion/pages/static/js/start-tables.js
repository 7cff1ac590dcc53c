// "Your tables" on the start page: the tables this browser created (the host token,
// tc:host:<id>) or joined (its seats, tc:seats:<code>), read from what it already keeps,
// each with its game, players, status and result from GET /sessions/<id>. "Forget"
// drops what the browser keeps about one table (its tokens too); nothing is sent.
import { api, el, t, tn } from "./common.js";

function seatsOf(code) {
  try { return JSON.parse(localStorage.getItem(`tc:seats:${code}`) || "[]"); } catch { return []; }
}

// Every table the browser keeps something for: {sid, host, code?, seats: [...]}.
function kept() {
  const tables = {};
  const of = (sid) => (tables[sid] ||= { sid, host: false, code: null, seats: [] });
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key.startsWith("tc:host:")) of(key.slice(8)).host = true;
    if (key.startsWith("tc:seats:")) {
      for (const seat of seatsOf(key.slice(9))) Object.assign(of(seat.sid), { code: key.slice(9) }).seats.push(seat);
    }
  }
  return Object.values(tables);
}

function forget(table) {
  localStorage.removeItem(`tc:host:${table.sid}`);
  if (!table.code) return;
  const left = seatsOf(table.code).filter((s) => s.sid !== table.sid);
  if (left.length) localStorage.setItem(`tc:seats:${table.code}`, JSON.stringify(left));
  else { localStorage.removeItem(`tc:seats:${table.code}`); localStorage.removeItem(`tc:active:${table.code}`); }
}

function status(state) {
  if (state.status !== "finished") return t(state.status === "lobby" ? "yt.lobby" : "yt.playing");
  const result = state.result || {};
  const seats = result.winners && result.winners.length ? result.winners : [result.winner].filter((w) => w != null);
  const who = seats.map((s) => state.players.find((p) => p.seat === s)?.name).filter(Boolean);
  return who.length ? `${t("yt.finished")} · ${tn("yt.won", who.length, { who: who.join(", ") })}` : t("yt.finished");
}

function row(table, state, titleOf, redraw) {
  const code = state ? state.code : table.code;
  const href = table.host ? `/t/${table.sid}` : `/j/${code}`;
  const button = el("button", { type: "button", class: "yt-forget", "aria-label": t("yt.forgetName", { code: code || "" }) }, t("yt.forget"));
  button.addEventListener("click", () => { forget(table); redraw(); });
  const roles = [table.host ? t("yt.host") : null, ...table.seats.map((s) => t("yt.seat", { name: s.name || "" }))].filter(Boolean);
  return el("li", { class: "yt-table", "data-sid": table.sid },
    el("div", { class: "yt-what" }, state ? el("b", {}, titleOf(state.game)) : null, code ? ` · ${code}` : null,
      el("div", { class: "hint" }, roles.join(" · "))),
    state ? el("div", { class: "yt-players" }, state.players.map((p) => p.name).join(", ")) : null,
    el("div", { class: "yt-status" }, state ? status(state) : t("yt.gone")),
    el("div", { class: "row" }, state ? el("a", { class: "btn", href }, t("yt.open")) : null, button));
}

// Fills `box` (hidden while the browser keeps no table); titleOf(game id) -> its name.
export async function yourTables(box, titleOf) {
  const tables = kept();
  const redraw = () => yourTables(box, titleOf);
  box.hidden = tables.length === 0;
  if (!tables.length) { box.replaceChildren(); return; }
  const states = await Promise.all(tables.map((table) => api("GET", `/sessions/${table.sid}`)));
  box.replaceChildren(el("h2", {}, t("yt.title")), el("ul", { class: "yt-list", id: "your-tables-list" },
    tables.map((table, i) => row(table, states[i].ok ? states[i].data : null, titleOf, redraw))));
}
