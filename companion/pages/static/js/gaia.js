// Gaia on the phone: the map with legal squares to tap, and the actions on offer.
import { el, t, COLORS } from "./common.js";
import { TERRAINS, NEEDS, POWERS, picker, lifeCardEditor } from "./setup.js";

const FILL = { plains: "#b9dc74", desert: "#f3d27a", forest: "#2f7d3a", sea: "#3c86c8", swamp: "#7a8a5c", mountain: "#a3a3a3" };
const NS = "http://www.w3.org/2000/svg";
let pending = null;  // {label, squares: [[x,y]], complete(at)}

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text != null) node.textContent = text;
  return node;
}

function board(state, onTap) {
  const tiles = state.board.tiles;
  const targets = pending ? pending.squares : [];
  const all = [...tiles.map((t) => t.at), ...targets];
  const xs = all.map((a) => a[0]); const ys = all.map((a) => a[1]);
  const left = Math.min(0, ...xs); const top = Math.min(0, ...ys);
  const cols = Math.max(0, ...xs) - left + 1; const rows = Math.max(0, ...ys) - top + 1;
  const cell = 64;
  const root = svg("svg", { class: "board", id: "gaia-board", viewBox: `0 0 ${cols * cell} ${rows * cell}`,
    width: Math.max(cols * cell, 200), height: rows * cell });
  const colors = Object.fromEntries(state.players.map((p) => [p.seat, COLORS[p.color] || "#000"]));
  for (const tile of tiles) {
    const x = (tile.at[0] - left) * cell; const y = (tile.at[1] - top) * cell;
    const g = svg("g", { "data-at": tile.at.join(","), "data-terrain": tile.terrain });
    g.append(svg("rect", { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, rx: 6, fill: FILL[tile.terrain], stroke: "#444" }),
      svg("text", { x: x + 4, y: y + 12, "font-size": 9 }, tile.at.join(",")));
    if (tile.animals) g.append(svg("circle", { cx: x + cell - 13, cy: y + 13, r: 9, fill: "#8d5524" }),
      svg("text", { x: x + cell - 13, y: y + 17, "font-size": 11, fill: "#fff", "text-anchor": "middle" }, tile.animals));
    if (tile.city) {
      g.append(svg("rect", { x: x + 10, y: y + 18, width: cell - 20, height: cell - 26, rx: 5, fill: "#fff", stroke: "#111" }),
        svg("text", { x: x + cell / 2, y: y + 34, "font-size": 12, "text-anchor": "middle", class: "city-needs" }, `${tile.city.satisfied}/4`));
      tile.city.needs.forEach((need, i) => g.append(svg("rect", { x: x + 13 + i * 10, y: y + 38, width: 8, height: 8,
        fill: need === "animals" ? "#8d5524" : FILL[need], stroke: tile.city.met[i] ? "#000" : "#ccc" })));
      tile.city.pawns.forEach((seat, i) => g.append(svg("circle", { cx: x + 16 + i * 11, cy: y + cell - 10, r: 5, fill: colors[seat], stroke: "#000" })));
    }
    root.append(g);
  }
  for (const at of targets) {
    const x = (at[0] - left) * cell; const y = (at[1] - top) * cell;
    const target = svg("rect", { x: x + 4, y: y + 4, width: cell - 8, height: cell - 8, rx: 8, class: "legal", "data-target": at.join(","), "fill-opacity": 0.6 });
    target.addEventListener("click", () => onTap(at));
    root.append(target);
  }
  return root;
}

function cardLabel(card) {
  if (typeof card === "string" && POWERS.includes(card)) return el("span", { class: "cardchip power" }, `⚡ ${card}`);
  if (typeof card === "string") return el("span", { class: `cardchip t-${card}` }, card);
  if (card.kind === "animals") return el("span", { class: "cardchip t-animals" }, `animals · ${card.symbol}`);
  return el("span", { class: `cardchip t-${card.symbol}` }, `city ${card.symbol}: ${card.needs.join(" ")}`);
}

function modal(title, content, onOk) {
  const box = el("div", { class: "modal" });
  const ok = el("button", { class: "primary", id: "modal-ok", onclick: async () => { if ((await onOk()) !== false) box.remove(); } }, "OK");
  box.append(el("div", { class: "sheet" }, el("h2", {}, title), content,
    el("div", { class: "row" }, ok, el("button", { onclick: () => box.remove() }, t("cancel")))));
  document.body.append(box);
}

function handCards(me) {
  const out = [];
  for (const pile of Object.keys(me.hand)) {
    for (const c of me.hand[pile].known) out.push({ card: c, label: cardLabel(c) });
    for (let i = 0; i < me.hand[pile].unknown; i++) out.push({ card: null, pile, label: el("span", { class: "cardchip t-unknown" }, `${pile} · ${t("unknown")}`) });
  }
  return out;
}

function withDiscard(ctx, move, required) {
  if (!required) return ctx.send(move);
  let choice = null; let entered = "forest";
  const life = { kind: "animals", symbol: "forest" };
  const options = el("div", { class: "cards" }, handCards(ctx.me).map((h) => {
    const b = el("button", { class: "cardpick" }, h.label);
    b.onclick = () => { options.querySelectorAll("button").forEach((x) => x.classList.remove("chosen")); b.classList.add("chosen"); choice = h; };
    return b;
  }));
  modal(t("discard"), el("div", {}, options, el("p", { class: "hint" }, `${t("unknown")}:`),
    picker(TERRAINS, entered, (v) => { entered = v; }), lifeCardEditor(life, () => {})), () => {
    if (!choice) return false;
    const discard = choice.card ?? (choice.pile === "nature" ? entered : life);
    return ctx.send({ ...move, discard });
  });
}

function drawButtons(ctx, templates) {
  return templates.map((m) => {
    const label = m.from === "deck" ? `${t("draw")}: ${m.pile} ${t("deck")}` : el("span", {}, `${t("draw")}: `, cardLabel(m.card));
    return el("button", { "data-move": `draw-${m.pile}-${m.from}${m.slot != null ? `-${m.slot}` : ""}`, onclick: () => {
      const move = { type: "draw", pile: m.pile, from: m.from };
      if (m.from === "display") move.slot = m.slot;
      if (!m.refill_required) return withDiscard(ctx, move, m.discard_required);
      const refill = m.pile === "nature" ? { v: "forest" } : m.pile === "power" ? { v: "sun" } : { v: { kind: "animals", symbol: "forest" } };
      const editor = m.pile === "nature" ? picker(TERRAINS, refill.v, (v) => { refill.v = v; })
        : m.pile === "power" ? picker(POWERS, refill.v, (v) => { refill.v = v; }, "p-") : lifeCardEditor(refill.v, () => {});
      modal(t("refill"), editor,
        () => withDiscard(ctx, { ...move, refill: refill.v }, m.discard_required));
    } }, label);
  });
}

function choose(ctx, label, squares, complete) {
  pending = { label, squares, complete };
  ctx.rerender();
}

function playButtons(ctx, templates) {
  const out = [];
  for (const m of templates) {
    if (m.type === "play_nature") {
      out.push(el("button", { class: `t-${m.terrain}`, "data-move": `nature-${m.terrain}`,
        onclick: () => choose(ctx, m.terrain, m.at, (at) => ctx.send({ type: "play_nature", terrain: m.terrain, at })) }, `▦ ${m.terrain}`));
    } else if (m.type === "play_animals") {
      out.push(el("button", { "data-move": `animals-${m.symbol}`,
        onclick: () => choose(ctx, `animals ${m.symbol}`, m.at, (at) => ctx.send({ type: "play_animals", symbol: m.symbol, at })) }, `🦌 ${m.symbol}`));
    } else if (m.type === "play_city" && m.needs) {
      out.push(el("button", { "data-move": `city-${m.symbol}`, onclick: () => choose(ctx, "city", m.at.map((s) => s.at),
        (at) => ctx.send({ type: "play_city", symbol: m.symbol, needs: m.needs, at })) }, `🏠 ${m.symbol}: ${m.needs.join(" ")}`));
    } else if (m.type === "play_city") {
      out.push(el("button", { "data-move": `city-${m.symbol}`, onclick: () => {
        const needs = ["forest", "sea", "plains", "animals"];
        modal(`${t("needs")} · ${m.symbol}`, el("div", { class: "row", id: "needs" }, needs.map((n, i) => picker(NEEDS, n, (v) => { needs[i] = v; }))), () => {
          choose(ctx, "city", m.at.map((s) => s.at), (at) => ctx.send({ type: "play_city", symbol: m.symbol, needs, at }));
        });
      } }, `🏠 ${m.symbol}`));
    }
  }
  return out;
}

// G10: power cards with their targets, the answers in the reaction window, the tornado
function powerButtons(ctx, templates) {
  return templates.map((m) => el("button", { class: "power", "data-move": `power-${m.card}`, onclick: () => {
    if (m.card === "tornado") return ctx.send({ type: "play_power", card: "tornado" });
    if (m.pairs) {
      const starts = [...new Map(m.pairs.map((p) => [p[0].join(","), p[0]])).values()];
      return choose(ctx, `${m.card} 1/2`, starts, (from) => {
        const ends = m.pairs.filter((p) => p[0].join(",") === from.join(",")).map((p) => p[1]);
        choose(ctx, `${m.card} 2/2`, ends, (to) => ctx.send({ type: "play_power", card: m.card, at: from, to }));
        return true;
      });
    }
    return choose(ctx, m.card, m.at, (at) => ctx.send({ type: "play_power", card: m.card, at }));
  } }, `⚡ ${m.card}`));
}

function answerButtons(ctx, templates) {
  const label = { defend: "🛡 defend", pass: "pass", nobody_defended: "nobody defended" };
  return templates.map((m) => el("button", { class: m.type === "defend" ? "primary" : "", "data-move": m.type,
    onclick: () => ctx.send({ type: m.type }) }, label[m.type]));
}

function tornadoButton(ctx, template) {
  return el("button", { class: "primary", "data-move": "tornado", onclick: () => {
    const taken = template.taken.map((v) => ({ seat: v.seat, card: "forest" }));
    let keep = 0;
    const rows = template.taken.map((v, i) => el("label", {}, `${ctx.state.players[v.seat].name}: `,
      picker([...TERRAINS, ...POWERS], "forest", (c) => { taken[i].card = c; }),
      el("input", { type: "radio", name: "keep", checked: i === 0, onchange: () => { keep = i; } })));
    modal("🌪", el("div", {}, rows), () => ctx.send({ type: "tornado", taken, keep }));
  } }, "🌪");
}

function feedButtons(ctx, templates) {
  const auto = templates.find((m) => m.auto);
  const chosen = templates.find((m) => m.cities);
  const out = [el("button", { class: "primary", "data-move": "feed-auto", onclick: () => ctx.send({ type: "feed", auto: true }) }, t("feed_auto"))];
  if (chosen) {
    out.push(el("button", { "data-move": "feed-choose", onclick: () => {
      const picks = chosen.cities.map((c) => ({ city: c.city, from: c.sources[0] }));
      modal("🍖", el("div", {}, chosen.cities.map((c, i) => el("label", {}, `[${c.city}] ←`,
        el("select", { onchange: (e) => { picks[i].from = JSON.parse(e.target.value); } },
          c.sources.map((s) => el("option", { value: JSON.stringify(s) }, `[${s}]`)))))),
      () => ctx.send({ type: "feed", sources: picks }));
    } }, "…"));
  }
  return auto ? out : [];
}

export function gaiaView(ctx) {
  const wrap = el("div");
  ctx.rerender = () => wrap.replaceChildren(...build(ctx));
  wrap.replaceChildren(...build(ctx));
  return wrap;
}

function build(ctx) {
  const { state, me, legal } = ctx;
  const tap = async (at) => { const p = pending; pending = null; if (!(await p.complete(at))) ctx.rerender(); };
  const boardCard = el("section", { class: "card" },
    pending ? el("p", { class: "warnbox", id: "pending" }, `${pending.label}: ${t("chooseSquare")} `,
      el("button", { onclick: () => { pending = null; ctx.rerender(); } }, t("cancel"))) : null,
    el("div", { class: "board-wrap" }, board(state, tap)));
  const byType = (type) => legal.filter((m) => m.type === type);
  const answers = legal.filter((m) => ["defend", "pass", "nobody_defended"].includes(m.type));
  const actions = el("section", { class: "card", id: "actions" },
    answers.length ? el("div", { class: "row yourturn", id: "answers" }, answerButtons(ctx, answers)) : null,
    byType("tornado").length ? el("div", { class: "row" }, tornadoButton(ctx, byType("tornado")[0])) : null,
    el("div", { class: "row" }, powerButtons(ctx, byType("play_power"))),
    state.turn && state.turn.phase === "feeding" ? el("div", { class: "row" }, feedButtons(ctx, byType("feed"))) : null,
    el("div", { class: "row" }, playButtons(ctx, legal.filter((m) => m.type.startsWith("play_")))),
    el("div", { class: "row" }, drawButtons(ctx, byType("draw"))),
    el("div", { class: "row" }, byType("claim_objective").map((m) => el("button", { "data-move": `claim-${m.objective}`,
      onclick: () => ctx.send(m) }, `${t("claim")} #${m.objective + 1}`)),
      byType("end_turn").length ? el("button", { id: "end-turn", "data-move": "end-turn", onclick: () => ctx.send({ type: "end_turn" }) }, t("endTurn")) : null));
  const hand = me.hand ? el("section", { class: "card", id: "hand" }, el("h2", {}, t("hand")),
    el("div", { class: "cards" }, handCards(me).map((h) => h.label))) : null;
  const info = el("section", { class: "card" }, el("h2", {}, t("objectives")),
    el("div", { class: "cards" }, state.objectives.map((o) => el("span", { class: "cardchip" },
      `#${o.id + 1} ${Object.entries(o.requires).map(([k, v]) => `${k}×${v}`).join(" ")}${o.claimed_by != null ? " ✓" : ""}`))),
    el("h2", {}, t("display")), el("div", { class: "cards" },
      [...state.piles.nature.display, ...state.piles.life.display, ...(state.piles.power ? state.piles.power.display : [])]
        .filter(Boolean).map(cardLabel)));
  return [boardCard, legal.length ? actions : null, hand, info];
}
