// Gaia cards on the phone: their names, and icon grids that start empty (the person picks
// each value — symbol and all four city needs included — or "I don't know" where allowed).
import { el } from "./common.js";
import { knownRow } from "./grid.js";
import { sameFace } from "./box.js";

// The values offered are the game's own lists (GET /games → words, as c.words).
const listed = (c, kind) => (c.words && c.words[kind]) || [];

// A card in words: "forest", "Animals star", "City sea — needs forest, forest, sea, animals".
export function cardText(c, card) {
  if (card == null) return "";
  if (typeof card === "string") return c.term(card);
  if (card.kind === "animals") return c.t("gc.animalsCard", { symbol: c.term(card.symbol) });
  return c.t("gc.cityCard", { symbol: c.term(card.symbol), needs: (card.needs || []).map(c.term).join(", ") });
}

const isCity = (card) => card && typeof card === "object" && card.kind === "city";

// The city cards face up now (board, row, discard pile, cards the table saw go into a
// hand): none of them can be the card a person is naming from a hidden hand or a deck.
export function inView(state, { except = null } = {}) {
  const out = [];
  for (const tile of (state.board && state.board.tiles) || []) if (tile.city) out.push({ kind: "city", symbol: tile.city.symbol, needs: tile.city.needs });
  const piles = state.piles || {};
  for (const card of [...((piles.life && piles.life.display) || []), ...(piles.discard || [])]) if (isCity(card)) out.push(card);
  for (const p of state.players || []) if (p.seat !== except) for (const card of p.known_cards || []) if (isCity(card)) out.push(card);
  return out;
}

// The city cards the table has seen (the server's known list: this game's and the host's
// box; on a seat's phone its own names too) that could be the one being named.
export function knownCities(c, { symbol = null, skipOwn = false } = {}) {
  const list = ((c.me && c.me.known) || (c.state && c.state.known) || []).filter(isCity);
  const shown = inView(c.state || {}, { except: c.seat });
  const own = skipOwn && c.me && c.me.hand && c.me.hand.life ? c.me.hand.life.known.filter(isCity) : [];
  return list.filter((card) => (!symbol || card.symbol === symbol)
    && !shown.some((x) => sameFace(x, card)) && !own.some((x) => sameFace(x, card)));
}

// A known city card as its face: the symbol, then its 4 needs (icons, and in words for
// screen readers and the label under them).
export function cityFace(c) {
  return (card) => el("span", { class: "known-face", "aria-hidden": "true" },
    c.icon(card.symbol, { decorative: true, size: 24 }), el("span", { class: "known-needs" },
      card.needs.map((n) => c.icon(n, { decorative: true, size: 16 }))));
}

export function knownCityRow(c, cards, onPick, name) {
  return knownRow(c.t("ui.known"), cards, { name, onPick, icon: cityFace(c),
    text: (card) => cardText(c, card), short: (card) => c.term(card.symbol) });
}

// A picker shows ``initial`` (a card its holder named before) when given: correcting a
// name starts from it; otherwise nothing is picked.
function preset(picker, value) {
  if (value != null) picker.set(value);
}

// Kind, then the symbol (one tap), then, for a city, its 4 needs tapped into 4 slots in
// any order (the needs of the card as printed, each slot emptied by a tap).
function lifePicker(c, { unknown, label, name, initial }) {
  const symbol = c.choice(c.t("gc.symbol"), listed(c, "symbols"), { labels: c.term, name: `${name}-symbol` });
  const needs = c.slots(c.t("gc.needs"), listed(c, "needs"), 4, { labels: c.term, name: `${name}-needs`,
    slotLabel: (n) => c.t("gc.need", { n }) });
  const needBox = el("div", { class: "needs", hidden: true }, needs.node);
  const symbolBox = el("div", { hidden: true }, symbol.node);
  const kind = c.choice(c.t("gc.kind"), listed(c, "life_kinds"), { unknown, name: `${name}-kind`,
    labels: (k) => c.t(`gc.${k}`), onChange: (k) => { symbolBox.hidden = k === "unknown"; needBox.hidden = k !== "city"; } });
  // the table's known cards first: one tap names the whole card (the grids show it)
  const known = knownCities(c, { skipOwn: !initial });
  const quick = knownCityRow(c, known, (card) => { kind.set("city"); symbol.set(card.symbol); needs.set(card.needs); }, `${name}-known`);
  const node = el("fieldset", { class: "cardpick", "data-card": name }, el("legend", {}, label), quick.node, kind.node, symbolBox, needBox);
  if (initial) {
    preset(kind, initial.kind); preset(symbol, initial.symbol);
    if (initial.needs) needs.set(initial.needs);
  }
  const value = () => {
    const k = kind.value();
    if (k === null || k === "unknown") return k;
    if (!symbol.value()) return null;
    if (k === "animals") return { kind: "animals", symbol: symbol.value() };
    const picked = needs.value();
    return picked ? { kind: "city", symbol: symbol.value(), needs: picked } : null;
  };
  return { node, value };
}

// pile: "nature" | "life" | "power" | "any" (what a tornado may take)
export function cardPicker(c, pile, { unknown = false, label, name = "card", initial = null } = {}) {
  if (pile === "life") return lifePicker(c, { unknown, label, name, initial });
  const terrains = listed(c, "terrains"); const powers = listed(c, "power_cards");
  const values = pile === "nature" ? terrains : pile === "power" ? powers : [...terrains, ...powers];
  const pick = c.choice(label, values, { unknown, labels: c.term, name });
  pick.node.dataset.card = name;
  preset(pick, initial);
  return { node: pick.node, value: pick.value };
}

// The discard at the hand limit: one of the named cards, the card being taken, or a card
// not named yet (then the person names it: a discard becomes public).
export function discardPicker(c, me, pile, taking) {
  const hand = (me && me.hand) || {};
  const options = [];
  for (const p of Object.keys(hand)) {
    hand[p].known.forEach((card, i) => options.push({ value: `k:${p}:${i}`, label: cardText(c, card), card }));
  }
  if (taking != null) options.push({ value: "drawn", label: c.t("gc.drawn", { card: cardText(c, taking) }), card: taking });
  for (const p of Object.keys(hand)) {
    if (hand[p].unknown > 0 || (taking == null && p === pile)) {
      options.push({ value: `u:${p}`, label: c.t("gc.unnamed", { pile: c.t(`g.pile.${p}`) }), pile: p });
    }
  }
  const nameBox = el("div", { class: "name-box" });
  let naming = null;
  const which = c.choice(c.t("gc.discard"), options.map((o) => o.value), { name: "discard",
    labels: (v) => options.find((o) => o.value === v).label,
    onChange: (v) => {
      const o = options.find((x) => x.value === v);
      naming = o.pile ? cardPicker(c, o.pile, { label: c.t("gc.name"), name: "discard-name" }) : null;
      nameBox.replaceChildren(naming ? naming.node : "");
    } });
  const value = () => {
    const o = options.find((x) => x.value === which.value());
    if (!o) return null;
    return o.pile ? naming.value() : o.card;
  };
  for (const button of which.node.querySelectorAll("[data-value]")) {  // the card behind each choice, for tests and tools
    const o = options.find((x) => x.value === button.dataset.value);
    if (o && o.card != null) button.dataset.card = JSON.stringify(o.card);
  }
  return { node: el("div", { "data-card": "discard" }, which.node, nameBox), value, options };
}
