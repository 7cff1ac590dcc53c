// Gaia's setup checklist, shared by the table's phones and the host's screen: one place per
// revealed objective and face-up card (the setup's slots, "objectives.2"). A tap on a place
// opens its entry below the places; the value tapped fills it and the next empty place
// opens. Each filled place is sent to the server's draft (PUT /sessions/<id>/setup), so
// every phone and the table screen see it fill; the host's Start sends the whole setup.
// Nothing is guessed: a place stays empty until somebody picks its value. The box's faces
// (objectives, city cards seen at this host's earlier tables) come first, one tap each.
import { el, t, term } from "./common.js";
import { grid, knownRow, slots } from "./grid.js";
import { icon, hasIcon } from "./icons.js";

const pic = (v, size = 26) => (hasIcon("gaia", v) ? icon("gaia", v, { decorative: true, size }) : null);

// An icon grid, nothing picked at first; value() is null until somebody picks.
export function picker(label, values, { labels = (v) => term("gaia", v), onChange, name } = {}) {
  return grid(label, values, { labels, onChange, name, icon: pic });
}

// -- the places ------------------------------------------------------------------------------
function places(players, expert) {
  const list = Array.from({ length: players + 2 }, (_, i) => ({ slot: `objectives.${i}`, kind: "objective", n: i + 1 }));
  for (const [pile, count] of [["nature", 3], ["life", 2], ...(expert ? [["power", 2]] : [])]) {
    for (let i = 0; i < count; i += 1) list.push({ slot: `display.${pile}.${i}`, kind: pile, n: i + 1 });
  }
  return list;
}

const placeName = (p) => t(`setup.${p.kind}`, { n: p.n });
const isCity = (c) => c && c.kind === "city" && Array.isArray(c.needs);
const isGoal = (c) => c && c.kind === "objective" && Array.isArray(c.terrains);

// A value as its face: terrains, a card's symbol and needs, a power card's word.
function face(value) {
  if (value == null) return el("span", { class: "su-empty" }, "—");
  if (Array.isArray(value)) {
    const kinds = [...new Set(value)];
    // all six terrains: one small icon each; two pairs: each terrain twice
    return el("span", { class: "known-face" }, kinds.length === 6 ? el("span", { class: "known-needs" }, kinds.map((k) => pic(k, 14)))
      : kinds.map((k) => el("span", { class: "su-pair" }, pic(k, 22), pic(k, 22))));
  }
  if (typeof value === "string") return el("span", { class: "known-face" }, pic(value, 26) || term("gaia", value));
  return el("span", { class: "known-face" }, pic(value.symbol, 24),
    value.kind === "city" ? el("span", { class: "known-needs" }, value.needs.map((n) => pic(n, 16))) : pic("animals", 18));
}

function valueText(value) {
  if (value == null) return t("ui.empty");
  if (Array.isArray(value)) {
    const kinds = [...new Set(value)];
    return kinds.length === 6 ? term("gaia", "rainbow") : kinds.map((k) => `2 × ${term("gaia", k)}`).join(" + ");
  }
  if (typeof value === "string") return term("gaia", value);
  return value.kind === "city" ? cityText(value) : `${t("gc.animals")}: ${term("gaia", value.symbol)}`;
}

const cityText = (card) => t("gc.cityCard", { symbol: term("gaia", card.symbol), needs: card.needs.map((n) => term("gaia", n)).join(", ") });
const goalFace = (card) => face(card.terrains);
const goalText = (card) => valueText(card.terrains);

// -- what each kind of place asks ---------------------------------------------------------
function objectiveEntry(ctx, done) {
  // the faces say it (the words are each button's label for screen readers)
  const row = knownRow(t("ui.known"), ctx.box.filter(isGoal), { name: "objective-known", icon: goalFace, text: goalText,
    short: () => "", onPick: (card) => done(card.terrains) });
  const pairs = slots(t("setup.pairs"), ctx.words.terrains, 2, { name: "pairs", labels: (v) => term("gaia", v), icon: pic,
    slotLabel: (n) => t("setup.pairTerrain", { n }) });
  pairs.node.addEventListener("change", () => {
    const two = pairs.value();
    if (!two) return;
    if (two[0] === two[1]) { ctx.say(t("setup.twoKinds")); pairs.set([two[0]]); return; }
    done([two[0], two[0], two[1], two[1]]);
  });
  const others = ["rainbow", ...(ctx.expert ? ["power"] : [])];
  const whole = picker(t("setup.orWhole"), others, { name: "objective-whole",
    labels: (v) => (v === "power" ? t("setup.powerGoal") : term("gaia", v)),
    onChange: (v) => v && done(v === "power" ? "power" : [...ctx.words.terrains]) });
  return [row.node, el("div", { class: "su-line" }, pairs.node, whole.node)];
}

function lifeEntry(ctx, done) {
  const row = knownRow(t("ui.known"), ctx.box.filter(isCity), { name: "life-known", icon: (c) => face(c), text: cityText,
    short: (card) => term("gaia", card.symbol), onPick: (card) => done({ kind: "city", symbol: card.symbol, needs: [...card.needs] }) });
  const needs = slots(t("gc.needs"), ctx.words.needs, 4, { name: "needs", labels: (w) => term("gaia", w), icon: pic,
    slotLabel: (n) => t("setup.need", { n }) });
  const needBox = el("div", { class: "su-needs", hidden: true }, needs.node);
  const ready = () => {
    const k = kind.value(); const s = symbol.value();
    if (k === "animals" && s) done({ kind: "animals", symbol: s });
    else if (k === "city" && s && needs.value()) done({ kind: "city", symbol: s, needs: needs.value() });
  };
  const kind = picker(t("setup.kind"), ctx.words.life_kinds, { name: "life-kind", labels: (k) => t(`gc.${k}`),
    onChange: (k) => { needBox.hidden = k !== "city"; ready(); } });
  const symbol = picker(t("setup.symbol"), ctx.words.symbols, { name: "symbol", onChange: ready });
  needs.node.addEventListener("change", ready);
  return [row.node, el("div", { class: "su-line" }, kind.node, symbol.node), needBox];
}

function entryFor(place, ctx, done) {
  if (place.kind === "objective") return objectiveEntry(ctx, done);
  if (place.kind === "life") return lifeEntry(ctx, done);
  const values = place.kind === "power" ? ctx.powers : ctx.words.terrains;
  return [picker(placeName(place), values, { name: place.kind, onChange: (v) => v && done(v) }).node];
}

// -- the checklist ---------------------------------------------------------------------------
// players: how many; options: the session's; words: the game's lists (GET /games);
// put(slot, value) -> Promise<version|null>: sends a place to the draft (the version
// it made, null when refused); onStart(body): the host's
// start (null on a phone); compact: a phone's narrow layout.
export function gaiaSetup({ players, options, words, put, onStart = null, compact = false }) {
  const expert = options.variant === "expert";
  const ctx = { words, expert, box: Array.isArray(options.box) ? options.box : [],
    powers: words.power_cards.filter((p) => (options.power_deck || {})[p] > 0), say: (text) => complain(text) };
  const list = places(players, expert);
  const values = {}; const by = {}; const sending = new Set();
  let active = list[0].slot; let shown = null; let latest = null;
  const wrote = {};  // slot -> the version this screen's own write of it made
  const cells = el("div", { class: "su-places" });
  const entry = el("div", { class: "su-entry", "aria-live": "polite" });
  const note = el("p", { class: "warnbox", role: "alert", hidden: true, id: "setup-note" });
  const button = onStart ? el("button", { class: "primary big", id: "start-game", type: "button" }, t("setup.start")) : null;
  const complain = (text) => { note.textContent = text; note.hidden = false; };
  const missing = () => list.filter((p) => values[p.slot] == null);

  function nextEmpty(after) {
    const i = list.findIndex((p) => p.slot === after);
    const order = [...list.slice(i + 1), ...list.slice(0, i + 1)];
    return (order.find((p) => values[p.slot] == null) || {}).slot || null;
  }

  async function fill(slot, value) {
    if (value == null) delete values[slot]; else values[slot] = value;
    by[slot] = null;
    active = value == null ? slot : nextEmpty(slot);
    if (!note.hidden) refreshNote();
    draw();
    sending.add(slot);
    let at = null;
    try { at = await put(slot, value); } finally { sending.delete(slot); }
    if (typeof at === "number") wrote[slot] = at;
    // the draft that arrived while this place was on its way (it names who entered it)
    if (latest && typeof at === "number" && latest.version >= at) section.update(latest.draft, latest.version);
  }

  function cell(p) {
    const filled = values[p.slot] != null;
    const b = el("button", { type: "button", class: `su-cell${filled ? " filled" : ""}`, "data-slot": p.slot,
      "aria-pressed": String(p.slot === active), "aria-label": `${placeName(p)}: ${valueText(values[p.slot])}` },
    el("span", { class: "su-name" }, `${p.n}`), face(values[p.slot]),
    by[p.slot] ? el("span", { class: "su-by" }, by[p.slot]) : null);
    b.addEventListener("click", () => { active = p.slot; draw(); });
    return b;
  }

  function draw() {
    const groups = [["objective", t("setup.goals")], ["nature", t("setup.natureCards")], ["life", t("setup.lifeCards")],
      ["power", t("setup.powerCards")]];
    cells.replaceChildren(...groups.map(([kind, label]) => {
      const mine = list.filter((p) => p.kind === kind);
      return mine.length ? el("div", { class: "su-group", "data-group": kind }, el("h3", {}, label),
        el("div", { class: "su-cells" }, mine.map(cell))) : null;
    }).filter(Boolean));
    // the entry is rebuilt only for another place (or one filled or emptied meanwhile):
    // another phone's place arriving keeps what this screen has half tapped
    const key = `${active}|${active && values[active] != null}`;
    if (key === shown) return;
    shown = key;
    const place = list.find((p) => p.slot === active);
    if (!place) {
      entry.dataset.for = "";
      entry.replaceChildren(el("p", { class: "hint", id: "setup-done" }, t(onStart ? "setup.allIn" : "setup.allInPhone")));
      return;
    }
    entry.dataset.for = place.slot;
    const clear = values[place.slot] != null
      ? el("button", { type: "button", class: "su-clear", id: "setup-clear", onclick: () => fill(place.slot, null) }, t("setup.clear")) : null;
    entry.replaceChildren(el("div", { class: "su-entry-head" }, el("h3", {}, placeName(place)), clear),
      ...entryFor(place, ctx, (value) => fill(place.slot, value)).filter(Boolean));
  }

  function refreshNote() {
    const left = missing();
    if (left.length) complain(`${t("setup.missing", { n: left.length })} ${t("setup.missingWhich", { which: left.map(placeName).join(", ") })}`);
    else note.hidden = true;
  }

  if (button) {
    button.addEventListener("click", () => {
      const left = missing();
      if (left.length) { refreshNote(); active = left[0].slot; draw(); return; }
      note.hidden = true;
      const at = (kind) => list.filter((p) => p.kind === kind).map((p) => values[p.slot]);
      const display = { nature: at("nature"), life: at("life") };
      if (expert) display.power = at("power");
      onStart({ setup: { objectives: at("objective"), display } });
    });
  }

  const section = el("section", { class: `card tb-setup su${compact ? " su-compact" : ""}`, id: "setup" },
    el("div", { class: "su-head" }, el("h2", {}, t(onStart ? "setup.title" : "setup.help")), button),
    el("p", { class: "hint" }, onStart ? `${t("setup.deal")} ${t("setup.together")}` : t("setup.tapPlace")),
    note, cells, entry);
  // the draft as the server holds it (every phone's places): shown as it arrives, except
  // a place this screen is still sending
  section.update = (draft, version) => {
    latest = { draft, version };
    const wasEmpty = active && values[active] == null;
    for (const p of list) {
      // a place this screen is sending, or wrote after this draft's version, stays
      if (sending.has(p.slot) || (wrote[p.slot] ?? -1) > version) continue;
      const held = draft && draft[p.slot];
      if (held) { values[p.slot] = held.value; by[p.slot] = held.by || null; } else { delete values[p.slot]; by[p.slot] = null; }
    }
    if (wasEmpty && values[active] != null) active = nextEmpty(active);
    if (!note.hidden) refreshNote();
    draw();
  };
  section.players = players;
  draw();
  return section;
}
