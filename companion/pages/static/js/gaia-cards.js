// Gaia cards on the phone: their names, and icon grids that start empty (the person picks
// each value — symbol and all four city needs included — or "I don't know" where allowed).
import { el } from "./common.js";

// The values offered are the game's own lists (GET /games → words, as c.words).
const listed = (c, kind) => (c.words && c.words[kind]) || [];

// A card in words: "forest", "Animals star", "City sea — needs forest, forest, sea, animals".
export function cardText(c, card) {
  if (card == null) return "";
  if (typeof card === "string") return c.term(card);
  if (card.kind === "animals") return c.t("gc.animalsCard", { symbol: c.term(card.symbol) });
  return c.t("gc.cityCard", { symbol: c.term(card.symbol), needs: (card.needs || []).map(c.term).join(", ") });
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
  const node = el("fieldset", { class: "cardpick", "data-card": name }, el("legend", {}, label), kind.node, symbolBox, needBox);
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
