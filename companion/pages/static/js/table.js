// The table screen: QR and players in the lobby, then board, turn, score and feed.
import { api, el, t, toast, live, loadMessages, narrate, keepAwake, COLORS } from "./common.js";
import { gaiaSetup } from "./setup.js";

const root = document.getElementById("table");
const sid = root.dataset.sid;
const host = localStorage.getItem(`tc:host:${sid}`);
let state = null;
const feed = [];

function names() { return Object.fromEntries((state?.players || []).map((p) => [p.seat, p.name])); }

async function refresh() {
  const r = await api("GET", `/sessions/${sid}`);
  if (!r.ok) return toast(r.data);
  state = r.data;
  render();
}

function isLocal(url) { return /\/\/(localhost|127\.|\[::1\]|0\.0\.0\.0)/.test(url); }

function lobby() {
  const join = `${location.origin}/j/${state.code}`;
  const box = el("div", { class: "grid2" },
    el("section", { class: "card qr", id: "lobby" }, el("h1", {}, t("scanToJoin")),
      el("img", { src: `/api/v1/sessions/${sid}/qr.svg`, alt: `QR ${join}`, id: "qr" }),
      el("div", { class: "code", id: "join-code" }, state.code),
      el("p", { class: "hint" }, t("orOpen"), " ", el("a", { href: `/j/${state.code}`, id: "join-link" }, join)),
      isLocal(location.href) ? el("p", { class: "warnbox", id: "localhost-warning" }, t("localhost", { url: location.origin })) : null),
    el("section", { class: "card" }, el("h2", {}, t("players")),
      el("ul", { id: "players" }, state.players.map((p) => el("li", {},
        el("span", { class: "dot", style: `background:${COLORS[p.color] || "#000"}` }), " ", p.name,
        p.prototype ? ` · ${p.prototype}` : "")))));
  if (host && state.players.length >= 2) {
    if (state.game === "gaia") box.append(gaiaSetup(state.players.length, start, state.options.variant === "expert"));
    else box.append(el("div", { class: "card" }, el("button", { class: "primary big", id: "start-game",
      onclick: () => start({ setup: {} }) }, t("start"))));
  }
  return box;
}

async function start(body) {
  const r = await api("POST", `/sessions/${sid}/start`, { token: host, body });
  if (!r.ok) return toast(r.data);
  keepAwake();
}

function scoreTable() {
  return el("table", { class: "score", id: "score" }, el("tr", {}, el("th", {}, "#"), el("th", {}, t("players")), el("th", {}, t("score"))),
    [...state.players].map((p) => {
      const total = p.score ? p.score.total : p.pawns_placed;
      return { p, total };
    }).sort((a, b) => b.total - a.total).map(({ p, total }, i) => el("tr", { "data-seat": p.seat },
      el("td", {}, i + 1), el("td", {}, el("span", { class: "dot", style: `background:${COLORS[p.color] || "#000"}` }), " ", p.name),
      el("td", {}, total))));
}

function hostControls() {
  if (!host) return null;
  return el("section", { class: "card", id: "host" }, el("h2", {}, "Host"),
    el("div", { class: "row" },
      el("button", { id: "host-undo", onclick: async () => { const r = await api("POST", `/sessions/${sid}/undo`, { token: host, body: {} }); if (!r.ok) toast(r.data); } }, t("undo").replace(/my /i, "")),
      el("button", { onclick: async () => { const r = await api("POST", `/sessions/${sid}/finish`, { token: host }); if (!r.ok) toast(r.data); } }, t("finish"))),
    el("ul", {}, state.players.map((p) => el("li", { class: "row" }, p.name,
      el("a", { class: "btn", href: `/j/${state.code || ""}#host=${sid}&seat=${p.seat}`, target: "_blank",
        onclick: () => sessionStorage.setItem(`tc:proxy:${sid}`, host) }, `${t("playFor")} ${p.name}`),
      el("button", { onclick: () => reissue(p) }, t("reissue"))))));
}

async function reissue(p) {
  const r = await api("POST", `/sessions/${sid}/seats/${p.seat}/token`, { token: host });
  if (!r.ok) return toast(r.data);
  const link = `${location.origin}/j/${state.code}#sid=${sid}&seat=${p.seat}&token=${r.data.player_token}`;
  const modal = el("div", { class: "modal", onclick: (e) => { if (e.target === modal) modal.remove(); } },
    el("div", { class: "sheet" }, el("h2", {}, `${t("rejoin")}: ${p.name}`),
      el("p", {}, el("a", { href: link }, link)), el("button", { onclick: () => modal.remove() }, "OK")));
  document.body.append(modal);
}

function playing() {
  const turn = state.turn || {};
  const current = state.players.find((p) => p.seat === turn.seat);
  const result = state.result;
  return el("div", { class: "grid2" },
    el("section", { class: "card" },
      el("h1", { id: "turn" }, result ? t("gameOver") : t("turnOf", { who: current?.name || "" }),
        !result && turn.phase ? el("span", { class: "chip" }, `${t("phase")}: ${turn.phase}`) : null),
      result ? el("p", { id: "winner" }, t("winner", { who: (result.winners || [result.winner]).map((s) => names()[s]).join(", ") })) : null,
      el("div", { class: "board-wrap" }, el("img", { id: "board", alt: "board", src: `/api/v1/sessions/${sid}/board.svg?v=${state.version}` }))),
    el("section", {},
      el("div", { class: "card" }, el("h2", {}, t("score")), scoreTable()),
      el("div", { class: "card" }, el("h2", {}, t("feed")), el("ul", { class: "feed", id: "feed" }, feed.slice(-40).reverse().map((f) => el("li", {}, f)))),
      hostControls()));
}

function render() {
  root.replaceChildren(state.status === "lobby" ? lobby() : playing());
}

await loadMessages();
await refresh();
live(sid, (message) => {
  if (message.events && message.events.length) {
    for (const event of message.events) feed.push(narrate(state.game, event, names()));
  }
  if (message.state) { state = message.state; render(); } else refresh();
});
