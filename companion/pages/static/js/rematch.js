// Rematch follows: every phone of the old table joins the rematch with one tap,
// with the same name and colour (and the game's own join fields, such as a prototype, while still free).
// The old table's public state says where the rematch is (state.rematch), so the control
// is there after a reload too. A phone that already joined just goes there.
import { api, el, randomKey, t, toast } from "./common.js";

const seatsKey = (code) => `tc:seats:${code}`;
const stored = (code) => { try { return JSON.parse(localStorage.getItem(seatsKey(code)) || "[]"); } catch { return []; } };
const mineAt = (rematch, player) => stored(rematch.code).findIndex((s) => s.sid === rematch.session_id && s.name === player.name);

// The join body for the new table, or null when a game field of this player is taken
// there (then the person chooses on the new table's own join form).
function joinBody(player, info) {
  const body = { name: player.name };
  if ((info.colors || []).includes(player.color)) body.color = player.color;
  for (const choice of info.choices || []) {
    const mine = player[choice.field];
    if (mine == null) continue;
    if (!choice.values.includes(mine)) return null;
    body[choice.field] = mine;
  }
  return body;
}

async function join(rematch, player) {
  const info = await api("GET", `/join/${rematch.code}`);
  const body = info.ok && info.data.status === "lobby" ? joinBody(player, info.data) : null;
  if (!body) return true;  // the new table's page asks what is missing
  // one key per intent, kept across a reload: a repeated tap never takes two seats
  const keyName = `tc:rematch:${rematch.session_id}:${player.seat}`;
  const idem = sessionStorage.getItem(keyName) || randomKey();
  sessionStorage.setItem(keyName, idem);
  const r = await api("POST", `/join/${rematch.code}`, { body, idem: false, headers: { "Idempotency-Key": idem } });
  if (!r.ok) { toast(r.data); return false; }
  const list = stored(rematch.code);
  list.push({ sid: r.data.session_id, seat: r.data.seat, token: r.data.player_token, name: player.name });
  localStorage.setItem(seatsKey(rematch.code), JSON.stringify(list));
  localStorage.setItem(`tc:active:${rematch.code}`, String(list.length - 1));
  return true;
}

async function follow(rematch, player, button) {
  button.disabled = true;
  const at = mineAt(rematch, player);
  const ok = at >= 0 ? (localStorage.setItem(`tc:active:${rematch.code}`, String(at)), true) : await join(rematch, player);
  button.disabled = false;
  if (ok) location.assign(`/j/${rematch.code}`);
}

// The control for the phone of ``seat`` (not the host playing for a seat).
export function rematchCard(state, seat) {
  const rematch = state && state.rematch;
  const player = rematch && state.players.find((p) => p.seat === seat);
  if (!player) return null;
  const button = el("button", { type: "button", class: "primary big", id: "rematch-join" },
    t(mineAt(rematch, player) >= 0 ? "rm.go" : "rm.join"));
  button.addEventListener("click", () => follow(rematch, player, button));
  return el("section", { class: "card", id: "rematch" }, el("p", {}, t("rm.open", { code: rematch.code })), button);
}
