// Kazaam's building blocks on the phone: the words, the homunculus boards, tile entry
// (homunculus, part and each ingredient picked by the person, never guessed) and the
// ingredient counters. kazaam.js puts them together on play.js's interface.
import { el, message, t, tn, COLORS } from "./common.js";
import { knownRow } from "./grid.js";

export const LAYOUT = ["left_ear", "head", "right_ear", "left_arm", "torso", "right_arm", "left_leg", "tail", "right_leg"];
// What each part's power does (K5), as catalogue words.
export const POWER_OF = { ear: "look", arm: "take", tail: "turn_down", leg: "from_discard", torso: "three_ingredients", head: "cancel" };
const COST_MIN = 2; const COST_MAX = 5; const SAME_MAX = 2;

// Page sheets only load this once; its rules sit in kazaam.css (no inline styles needed).
if (!document.querySelector("link[data-kazaam]")) {
  document.head.append(el("link", { rel: "stylesheet", href: new URL("../kazaam.css", import.meta.url).href, "data-kazaam": "1" }));
}

// "wood arm (mercury, sulphur)" in the page's language, from the catalogue's template.
export function tileLabel(ctx, tile, withCost = true) {
  const params = { homunculus: ctx.term(tile.homunculus), part: ctx.term(tile.part),
    ingredients: (tile.ingredients || []).map((i) => ctx.term(i)).join(", ") };
  const template = message(withCost ? "kazaam.thing.tile" : "kazaam.thing.kind")
    || (withCost ? "{homunculus} {part} ({ingredients})" : "{homunculus} {part}");
  return template.replace(/\{(\w+)\}/g, (_, k) => params[k] ?? "");
}

export function tileChip(ctx, tile, attrs = {}) {
  return el("span", { class: "cardchip kz-tile", ...attrs }, ctx.icon(tile.homunculus, { decorative: true, size: 22 }),
    ctx.icon(tile.part, { decorative: true, size: 22 }), el("span", {}, tileLabel(ctx, tile)));
}

// The ingredients on a tile, one tap each: each ingredient is a large button (tapped
// again for a second one alike), and the chosen ones line up below, a tap taking one back.
// All start at nothing: the person sets each one.
export function counters(ctx, names, { most, total, onChange }) {
  const counts = Object.fromEntries(names.map((n) => [n, 0]));
  const sum = () => Object.values(counts).reduce((a, b) => a + b, 0);
  const shown = el("p", { class: "hint", "aria-live": "polite" });
  const chosen = el("div", { class: "kz-chosen", "aria-label": t("kz.tile.count", { n: 0 }) });
  const outputs = {};
  const step = (name, d) => {
    const next = counts[name] + d;
    if (next < 0 || next > most || (d > 0 && sum() >= total)) return;
    counts[name] = next;
    draw();
    if (onChange) onChange();
  };
  function draw() {
    for (const n of names) { outputs[n].textContent = String(counts[n]); outputs[n].classList.toggle("zero", !counts[n]); }
    shown.textContent = t("kz.tile.count", { n: sum() });
    chosen.replaceChildren(...names.flatMap((n) => Array.from({ length: counts[n] }, () => el("button", { type: "button",
      class: "kz-took", "data-less": n, "aria-label": t("kz.less", { what: ctx.term(n) }), onclick: () => step(n, -1) },
    ctx.icon(n, { decorative: true, size: 24 }), el("span", { "aria-hidden": "true" }, "×")))));
  }
  const buttons = names.map((name) => {
    const word = ctx.term(name);
    outputs[name] = el("output", { class: "kz-count", "data-count": name }, "0");
    return el("button", { type: "button", class: "gridbtn kz-counter", "data-ingredient": name, "data-more": name,
      "aria-label": t("kz.more", { what: word }), onclick: () => step(name, 1) },
    ctx.icon(name, { decorative: true, size: 26 }), el("span", { class: "grid-word" }, word), outputs[name]);
  });
  draw();
  const node = el("div", { class: "kz-counters" }, el("div", { class: "grid" }, buttons), chosen, shown);
  const value = () => names.flatMap((n) => Array(counts[n]).fill(n));
  const set = (list) => {
    for (const n of names) counts[n] = (list || []).filter((x) => x === n).length;
    draw();
  };
  return { node, value, set };
}

// The cost of each tile the table has seen (homunculus.part -> ingredients): built on a
// board, in the discard pile or seen through an ear. A tile of the same kind starts from
// it (one cost per kind until the table saw another). The holder's own names are left
// out: correcting one of them must not start from the name being corrected.
function seenCosts(ctx) {
  const seen = new Map();
  const add = (tile) => {
    if (!tile || !tile.part || !(tile.ingredients || []).length) return;
    const key = `${tile.homunculus}.${tile.part}`;
    const cost = [...tile.ingredients].sort().join(",");
    seen.set(key, seen.has(key) && seen.get(key).cost !== cost ? { cost: null } : { cost, tile });
  };
  (ctx.state.known || []).forEach(add);  // the server's list: this game's and the host's box
  for (const p of ctx.state.players || []) Object.values(p.board || {}).forEach(add);
  (((ctx.state.piles || {}).discard) || []).forEach(add);
  (((ctx.me || {}).revealed || {}).tiles || []).forEach(add);
  return seen;
}

// Known tiles that could be the one named: of a part offered (a free slot), of the
// homunculus tapped, with fewer of that kind on the boards and the discard pile than the
// set holds (K1.5).
const tileKey = (x) => `${x.homunculus}.${x.part}:${[...(x.ingredients || [])].sort().join(",")}`;

export function knownTiles(ctx, parts, homunculus) {
  const inView = [];
  for (const p of ctx.state.players || []) Object.values(p.board || {}).forEach((b) => b && inView.push(b));
  inView.push(...(((ctx.state.piles || {}).discard) || []));
  const setOf = (ctx.state.options && ctx.state.options.tiles) || {};
  // on a seat's phone its own list (the tiles an ear showed it too), less its own names:
  // those are offered as the tiles of its hand already
  const own = (((ctx.me || {}).hand || {}).known || []).map((x) => tileKey(x));
  const list = ((ctx.me && ctx.me.known) || ctx.state.known || []).filter((x) => !own.includes(tileKey(x)));
  return list.filter((tile) => parts.includes(tile.part) && (!homunculus || tile.homunculus === homunculus)
    && inView.filter((x) => x.homunculus === tile.homunculus && x.part === tile.part).length < (setOf[tile.part] ?? 1));
}

// Tile entry: homunculus, part (from `parts`) and the cost, from the game's own lists
// (GET /games → words, as ctx.words); value() is null until all
// of it is picked within the rules' shape (K1.4).
export function tileEditor(ctx, { parts = (ctx.words || {}).parts || [], homunculus: given = null } = {}) {
  const names = ctx.state.options.ingredients;
  const seen = seenCosts(ctx);
  const note = el("p", { class: "hint", id: "kz-seen", hidden: true }, t("kz.tile.seen"));
  // a kind the table has seen fills its cost by itself (still changeable: a tap takes one back)
  let homunculus = null; let part = null;
  const cost = counters(ctx, names, { most: SAME_MAX, total: COST_MAX });
  const fill = () => {
    const known = homunculus && part && seen.get(`${homunculus.value()}.${part.value()}`);
    note.hidden = !(known && known.cost);
    if (known && known.cost && !cost.value().length) cost.set(known.tile.ingredients);
  };
  homunculus = ctx.choice(t("kz.tile.homunculus"), (ctx.words || {}).homunculi || [], { name: "homunculus", labels: ctx.term,
    onChange: () => fill() });
  if (given) homunculus.set(given);  // the button tapped to open the editor
  part = ctx.choice(t("kz.tile.part"), parts, { name: "part", labels: ctx.term, onChange: () => fill() });
  // the tiles the table has seen (and the host's box) first: one tap names the whole tile
  const known = knownTiles(ctx, parts, given);
  const quick = knownRow(t("ui.known"), known, { name: "known", icon: (tile) => el("span", { class: "known-face", "aria-hidden": "true" },
    ctx.icon(tile.homunculus, { decorative: true, size: 22 }), ctx.icon(tile.part, { decorative: true, size: 18 })),
  text: (tile) => tileLabel(ctx, tile), onPick: (tile) => { homunculus.set(tile.homunculus); part.set(tile.part); cost.set(tile.ingredients); } });
  const node = el("div", { class: "kz-editor" }, quick.node, homunculus.node, part.node,
    el("fieldset", { class: "cardpick" }, el("legend", {}, t("kz.tile.cost")), note, cost.node));
  const value = () => {
    const ingredients = cost.value();
    if (!homunculus.value() || !part.value() || ingredients.length < COST_MIN) return null;
    return { homunculus: homunculus.value(), part: part.value(), ingredients };
  };
  return { node, value };
}

function cell(ctx, player, slot, { targets, mine }) {
  const built = player.board[slot];
  const id = `${player.seat}/${slot}`;
  const slotWord = ctx.term(slot);
  const target = targets.includes(id);
  const what = built ? `${ctx.term(built.homunculus)}${built.face_up ? "" : ` · ${t("kz.down")}`}` : t("kz.free");
  const attrs = { class: `kz-slot ${built ? "built" : "free"} ${built && !built.face_up ? "down" : ""} ${target ? "target" : ""}`,
    "data-slot": slot, "data-seat": player.seat, "aria-label": `${slotWord}: ${what}` };
  const body = [el("span", { class: "kz-slotname", "aria-hidden": "true" }, slotWord),
    built ? ctx.icon(built.homunculus, { decorative: true, size: mine ? 34 : 24 }) : ctx.icon(slot, { decorative: true, size: mine ? 26 : 18 }),
    el("span", { class: "kz-what", "aria-hidden": "true" }, built ? ctx.term(built.homunculus) : "")];
  if (built && !built.face_up) body.push(el("span", { class: "kz-downmark", "aria-hidden": "true" }, t("kz.down")));
  if (target) return el("button", { type: "button", ...attrs, "data-target": id, onclick: () => ctx.tap(id) }, body);
  return el("div", { role: "img", ...attrs }, body);
}

// One player's homunculus: the 3 x 3 places of K2, who it is, and the points so far.
// {fold: {open, onToggle}} folds it behind its heading (other players on a phone).
export function boardOf(ctx, player, { mine = false, fold = null } = {}) {
  const targets = ctx.targets || [];
  const score = (player.score && player.score.total) ?? 0;
  const turn = ctx.state.turn || {};
  const built = Object.values(player.board || {}).filter(Boolean).length;
  const head = [el("span", { class: "dot", style: `background:${COLORS[player.color] || "#888"}`, "aria-hidden": "true" }),
    el("span", { class: "kz-name" }, mine ? t("kz.board.mine") : player.name),
    fold ? el("span", { class: "hint kz-built" }, t("kz.built", { n: built })) : null,
    el("span", { class: "chip kz-points" }, tn("kz.points", score))];
  const body = [el("div", { class: "kz-grid" }, LAYOUT.map((slot) => cell(ctx, player, slot, { targets, mine }))),
    el("p", { class: "hint kz-facts" }, ctx.icon(player.prototype, { decorative: true, size: 18 }),
      `${t("kz.proto")}: ${ctx.term(player.prototype)} · ${tn("kz.inHand", player.hand_size ?? 0)}`)];
  const attrs = { class: `kz-player ${mine ? "mine" : "other"} ${turn.seat === player.seat ? "current" : ""}`,
    "data-seat": player.seat, id: mine ? "kz-board" : null };
  if (!fold) return el("section", attrs, el("h3", { class: "kz-head" }, head), body);
  const box = el("details", { ...attrs, open: fold.open }, el("summary", { class: "kz-head" }, head), body);
  box.addEventListener("toggle", () => fold.onToggle(box.open));
  return box;
}

export function poolLine(ctx, player) {
  const entries = Object.entries(player.ingredients || {}).filter(([, n]) => n);
  return el("div", { class: "kz-pool", id: "kz-pool" }, el("b", {}, `${t("kz.pool")}: `),
    entries.length ? entries.map(([name, n]) => el("span", { class: "chip", "data-ingredient": name },
      ctx.icon(name, { decorative: true, size: 20 }), `${ctx.term(name)} × ${n}`)) : el("span", { class: "hint" }, t("kz.none")),
    el("span", { class: "hint kz-own" }, ` · ${t("kz.own")}: ${ctx.term(player.ingredient)}`));
}
