// The harvest on the phone (interface: the top of play-games.js): every player enters the
// round's points at once (H2.1); the table sees who has entered, never what, until the
// round closes (H2.2); then the rounds, totals and places. Served from the game's folder.
import { el, message, COLORS } from "../../js/common.js";

// A catalogue sentence of this game with its {fields} filled in.
function say(key, params = {}) {
  return (message(key) || "").replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

function renderBoard(state) {
  const rounds = Array.from({ length: (state.players[0] || {}).rounds?.length || 0 }, (_, i) => i);
  return el("table", { class: "harvest", id: "harvest-table" },
    el("caption", {}, say("harvest.page.round", { round: state.round, rounds: state.rounds })),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, ""),
      rounds.map((i) => el("th", { scope: "col" }, String(i + 1))),
      el("th", { scope: "col" }, say("harvest.page.total")), el("th", { scope: "col" }, say("harvest.page.place")))),
    el("tbody", {}, state.players.map((p) => el("tr", { "data-seat": p.seat },
      el("th", { scope: "row" }, el("span", { class: "dot", style: `background:${COLORS[p.color] || "#888"}`, "aria-hidden": "true" }), " ", p.name,
        state.status === "playing" && p.entered ? el("span", { class: "chip", "data-entered": p.seat }, " ✓") : null),
      p.rounds.map((n) => el("td", {}, String(n))),
      el("td", { "data-total": p.total }, String(p.total)),
      el("td", { "data-rank": p.rank }, String(p.rank))))));
}

// H2.1: the seat's entry for the round in play, typed and sent in one step.
function urgent(legal, state, me, ctx) {
  if (!legal.some((m) => m.type === "enter")) {
    if (state.status !== "playing") return null;
    const left = state.players.filter((p) => !p.entered).length;
    return el("p", { class: "hint", id: "harvest-wait" },
      me && me.entry != null ? say("harvest.page.entered", { points: me.entry }) : "", " ",
      say("harvest.page.waiting", { count: left }));
  }
  const input = el("input", { type: "number", id: "harvest-points", min: 0, max: 999, step: 1, inputmode: "numeric",
    required: true, "aria-label": say("harvest.page.points") });
  const form = el("form", { class: "card", id: "harvest-enter" },
    el("label", { for: "harvest-points" }, say("harvest.page.enter", { round: state.round })), " ", input, " ",
    el("button", { type: "submit", class: "primary", "data-move": "enter" }, say("harvest.page.send")));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const points = Number(input.value);
    if (input.value === "" || !Number.isInteger(points)) return;
    ctx.send({ type: "enter", points });
  });
  return form;
}

export const game = {
  renderBoard,
  actionGroups: () => [],
  prompt: (legal, state) => (legal.some((m) => m.type === "enter") ? say("harvest.page.enter", { round: state.round }) : null),
  urgent,
  handDeclaration: () => null,
  extras: () => [],
};
