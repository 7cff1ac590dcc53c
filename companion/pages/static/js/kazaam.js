// Kazaam on the phone: your board, pool and hand; builds, discards, powers, reactions.
import { el, t } from "./common.js";

const TYPES = ["fire", "bone", "reptile", "wood", "fur", "insect", "stone"];
const PARTS = ["head", "torso", "ear", "arm", "leg", "tail"];
const LAYOUT = ["left_ear", "head", "right_ear", "left_arm", "torso", "right_arm", "left_leg", "tail", "right_leg"];

function tileLabel(tile) {
  return `${tile.homunculus} ${tile.part} (${tile.ingredients.map((i) => i.replaceAll("_", " ")).join(", ")})`;
}

function sheet(title, content, onOk) {
  const box = el("div", { class: "modal" });
  box.append(el("div", { class: "sheet" }, el("h2", {}, title), content, el("div", { class: "row" },
    el("button", { class: "primary", id: "modal-ok", onclick: async () => { if ((await onOk()) !== false) box.remove(); } }, "OK"),
    el("button", { onclick: () => box.remove() }, t("cancel")))));
  document.body.append(box);
}

function tileEditor(ingredients, tile) {
  const sel = (values, key) => el("select", { "data-field": key, onchange: (e) => { tile[key] = e.target.value; } },
    values.map((v) => el("option", { value: v, selected: tile[key] === v }, v)));
  const costs = el("div", { class: "row", id: "cost" });
  const drawCost = () => costs.replaceChildren(...tile.ingredients.map((ing, i) => el("select", { onchange: (e) => { tile.ingredients[i] = e.target.value; } },
    ingredients.map((v) => el("option", { value: v, selected: v === ing }, v.replaceAll("_", " "))))),
    el("button", { onclick: () => { if (tile.ingredients.length < 5) { tile.ingredients.push(ingredients[0]); drawCost(); } } }, "+"),
    el("button", { onclick: () => { if (tile.ingredients.length > 2) { tile.ingredients.pop(); drawCost(); } } }, "−"));
  drawCost();
  return el("div", {}, el("div", { class: "row" }, sel(TYPES, "homunculus"), sel(PARTS, "part")), costs);
}

export function kazaamView(ctx) {
  const { state, me, legal, send, seat } = ctx;
  const player = state.players.find((p) => p.seat === seat);
  const names = state.options.ingredients;
  const by = (type) => legal.filter((m) => m.type === type);
  const out = [];
  if (by("react").length) {
    out.push(el("section", { class: "card yourturn", id: "reaction" }, el("h2", {}, t("reaction")),
      el("div", { class: "row" },
        el("button", { class: "primary", "data-move": "react-cancel", onclick: () => send({ type: "react", answer: "cancel" }) }, t("cancelIt")),
        el("button", { "data-move": "react-accept", onclick: () => send({ type: "react", answer: "accept" }) }, t("accept")))));
  }
  out.push(el("section", { class: "card" }, el("div", { class: "kz-board", id: "kz-board" }, LAYOUT.map((slot) => {
    const b = player.board[slot];
    return el("div", { class: `kz-slot ${b ? "built" : ""} ${b && !b.face_up ? "down" : ""}`, "data-slot": slot },
      el("b", {}, slot.replaceAll("_", " ")), el("br"), b ? `${b.homunculus}${b.face_up ? "" : " ↓"}` : "");
  })), el("p", {}, `${t("pool")}: `, Object.entries(player.ingredients).filter(([, v]) => v).map(([k, v]) => `${k.replaceAll("_", " ")} ${v}`).join(", ") || "—"),
    el("p", { class: "hint" }, `${t("score")}: ${player.score.total} (${Object.entries(player.score).filter(([k]) => k !== "total").map(([k, v]) => `${k} ${v}`).join(", ")})`)));
  const actions = el("div", { class: "row" });
  for (const m of by("draw")) actions.append(el("button", { "data-move": "draw", onclick: () => send({ type: "draw" }) }, t("draw")));
  for (const m of by("build")) {
    if (m.tile) {
      for (const slot of m.slot) actions.append(el("button", { "data-move": `build-${slot}`, onclick: () => send({ type: "build", tile: m.tile, slot }) }, `${t("build")} ${tileLabel(m.tile)} → ${slot}`));
    } else {
      actions.append(el("button", { "data-move": "build-unknown", onclick: () => {
        const tile = { homunculus: "wood", part: "arm", ingredients: [names[0], names[1]] };
        const slot = { v: "left_arm" };
        sheet(t("build"), el("div", {}, tileEditor(names, tile), el("select", { "data-field": "slot", onchange: (e) => { slot.v = e.target.value; } },
          LAYOUT.map((s) => el("option", { value: s, selected: s === slot.v }, s)))), () => send({ type: "build", tile, slot: slot.v }));
      } }, `${t("build")}…`));
    }
  }
  for (const m of by("discard")) {
    if (m.tile) actions.append(el("button", { "data-move": "discard", onclick: () => send({ type: "discard", tile: m.tile }) }, `${t("discard")} ${tileLabel(m.tile)}`));
    else actions.append(el("button", { "data-move": "discard-unknown", onclick: () => {
      const tile = { homunculus: "wood", part: "arm", ingredients: [names[0], names[1]] };
      sheet(t("discard"), tileEditor(names, tile), () => send({ type: "discard", tile }));
    } }, `${t("discard")}…`));
  }
  for (const m of by("power")) {
    actions.append(el("button", { "data-move": `power-${m.slot}`, onclick: () => {
      if (m.power === "torso") {
        const picks = [names[0], names[1], names[2]];
        return sheet(m.slot, el("div", { class: "row" }, picks.map((p, i) => el("select", { onchange: (e) => { picks[i] = e.target.value; } },
          names.map((n) => el("option", { value: n, selected: n === p }, n))))), () => send({ type: "power", slot: m.slot, target: { ingredients: picks } }));
      }
      const describe = (tg) => tg.tile ? tileLabel(tg.tile) : `${state.players[tg.seat].name}${tg.slot ? ` · ${tg.slot}` : ""}`;
      sheet(`${t("power")}: ${m.power}`, el("div", { class: "row" }, m.targets.map((tg) => el("button", { "data-target": JSON.stringify(tg),
        onclick: async (e) => { e.target.closest(".modal").remove(); await send({ type: "power", slot: m.slot, target: tg }); } }, describe(tg)))), () => true);
    } }, `${t("power")}: ${m.power} (${m.slot})`));
  }
  if (by("refresh").length) actions.append(el("button", { "data-move": "refresh", onclick: () => send({ type: "refresh" }) }, t("refresh")));
  if (by("end_turn").length) actions.append(el("button", { id: "end-turn", "data-move": "end-turn", onclick: () => send({ type: "end_turn" }) }, t("endTurn")));
  if (actions.children.length) out.push(el("section", { class: "card", id: "actions" }, actions));
  if (me.hand) {
    out.push(el("section", { class: "card", id: "hand" }, el("h2", {}, t("hand")), el("div", { class: "cards" },
      me.hand.known.map((tile) => el("span", { class: "cardchip" }, tileLabel(tile))),
      Array.from({ length: me.hand.unknown }, () => el("span", { class: "cardchip t-unknown" }, t("unknown"))))));
    if (me.revealed) out.push(el("section", { class: "card" }, `👂 ${state.players[me.revealed.seat].name}: `,
      me.revealed.tiles.map(tileLabel).join("; ") || "—", ` + ${me.revealed.unknown} ${t("unknown")}`));
  }
  return el("div", {}, out);
}
