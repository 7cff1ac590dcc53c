// Pieces of the play view that need no page state: the action groups, the lobby, the
// result at the end, the sound switch, what the log says about the last move.
import { api, el, t, message, num, reveal, toast, COLORS } from "./common.js";
import { soundOn, setSound } from "./sound.js";
import { colorName } from "./join.js";

// The "your turn" sound is off until this one tap (common.js beep()).
export function soundToggle(rerender) {
  const on = soundOn();
  return el("section", { class: "card row" }, el("button", { id: "sound", type: "button", "aria-pressed": on ? "true" : "false",
    onclick: () => { setSound(!on); rerender(); } }, t(on ? "play.soundOff" : "play.soundOn")));
}

// Whether the log's last entry is this seat's own move (so Undo may be offered after a
// reload): a player's own, or the host's for the seat it plays here.
export async function lastMoveOf(s, state) {
  if (state.status !== "playing" || !state.version) return false;
  const r = await api("GET", `/sessions/${s.sid}/moves?since=${state.version - 1}`);
  const last = r.ok && Array.isArray(r.data.entries) ? r.data.entries[r.data.entries.length - 1] : null;
  return Boolean(last && last.version === state.version && last.kind === "move" && last.seat === s.seat
    && (last.by === "host") === Boolean(s.host));
}

export function groupsCard(groups) {
  return el("section", { class: "card", id: "actions" }, groups.map((g) => el("section", { class: "group", "data-kind": g.kind },
    el("h3", {}, g.icon || null, g.label),
    el("div", { class: "row" }, g.items.map((item) => el("button", { class: `action ${item.primary ? "primary" : ""}`, type: "button",
      "data-move": item.id, onclick: () => item.run() }, item.icon || null, el("span", {}, item.label)))))));
}

export function lobby(state) {
  return el("section", { class: "card", id: "waiting" }, el("h2", {}, t("play.atTable")),
    el("ul", { id: "lobby-players", class: "plain" }, state.players.map((p) => el("li", {},
      el("span", { class: "dot", style: `background:${COLORS[p.color] || "#888"}`, "aria-hidden": "true" }), " ",
      p.name, " · ", colorName(p.color, state.game)))));
}

// The lobby's setup checklist, when the game has one: every phone helps the host enter the
// face-up cards in front of it. Kept across renders (what is half tapped stays), the
// draft shown as each live state brings it. s: the seat {sid, token}; lost(): on a 401.
let setupNode = null;
export function setupChecklist(g, state, s, words, lost) {
  if (!g || !g.setupForm) return null;
  const key = `${s.sid}:${state.players.length}`;
  if (!setupNode || setupNode.key !== key) {
    const put = async (slot, value) => {
      const r = await api("PUT", `/sessions/${s.sid}/setup`, { token: s.token, body: { slot, value } });
      if (r.status === 401) lost(); else if (!r.ok) toast(r.data);
      return r.ok ? r.data.version : null;
    };
    setupNode = g.setupForm({ players: state.players.length, options: state.options, words, put, compact: true });
    setupNode.key = key;
  }
  setupNode.update(state.setup_draft || {}, state.version);
  return setupNode;
}

// G9.3: a ranking that seating decided says so, in the engine's words.
export function tieBreak(state) {
  const by = state.result && state.result.tie_broken_by;
  const words = by ? message(`${state.game}.result.tie_broken_by.${by}`) : null;
  return words ? el("p", { class: "hint", id: "tie-break" }, words) : null;
}

export function resultCard(state, score, seat) {
  if (!score) return null;
  const label = (k) => message(`${state.game}.score.${k}`) || k.replaceAll("_", " ");
  const result = state.result || {};
  const winners = (result.winners || (result.winner != null ? [result.winner] : [])).map((w) => state.players[w]?.name).filter(Boolean);
  const mine = score.players.find((p) => p.seat === seat);
  // ties share a place (G9.4, K7.6, S3.2): said in words, not only by equal numbers
  const shared = (r) => score.players.filter((o) => o.rank === r.rank).length > 1;
  const section = el("section", { class: "card", id: "result" }, el("h2", {}, t("play.results")),
    winners.length ? el("p", { id: "winner" }, el("b", {}, winners.length > 1 ? t("play.winners", { who: winners.join(", ") }) : t("play.winner", { who: winners[0] }))) : null,
    mine ? el("p", { id: "my-place" }, t(shared(mine) ? "play.placeShared" : "play.place", { rank: mine.rank, n: score.players.length })) : null,
    result.reason === "stopped" ? el("p", { class: "hint" }, t("play.stopped")) : null,
    tieBreak(state),
    el("ol", { class: "ranking" }, score.players.map((p) => el("li", { class: p.seat === seat ? "me" : "", value: p.rank },
      el("b", {}, `${p.name}: ${num(p.total)}`), " ",
      shared(p) ? el("span", { class: "shared" }, t("play.shared", { rank: p.rank }), " ") : null,
      el("span", { class: "hint" }, Object.entries(p.breakdown || {}).map(([k, v]) => part(label(k), v)).filter(Boolean).join(" · "))))));
  return reveal(section, [...section.querySelectorAll(".ranking li")], `${state.code}:${score.version}`);  // as on the table screen
}

// A breakdown entry in words: "cities 4", or "by category: Cards 12, Roads 3"; lists
// (points per round) are left to the game's own table.
function part(label, value) {
  // a bonus the player did not earn is left out, as the table screen leaves it blank
  if (typeof value === "number") return value ? `${label} ${num(value)}` : "";
  if (!value || Array.isArray(value) || typeof value !== "object") return "";
  const items = Object.entries(value).filter(([, n]) => typeof n === "number");
  return items.length ? `${label}: ${items.map(([k, n]) => `${k} ${num(n)}`).join(", ")}` : "";
}
