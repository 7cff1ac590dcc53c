// Gaia on the phone (the interface is described at the top of play.js): the map with
// the squares to tap, the actions grouped by kind, card entry without guesses, the hand.
import { el, has, narrate, COLORS } from "./common.js";
import { boardSvg } from "./gaia-board.js";
import "./gaia-icons.js";  // the game's drawings, for icons.js
import { cardPicker, cardText, discardPicker, knownCities, knownCityRow } from "./gaia-cards.js";
import { remember } from "./box.js";
import { BOX_MOST, tablePanels, tablePlayer } from "./gaia-table.js";
import { gaiaSetup as setupForm } from "./gaia-setup.js";

const ANSWERS = ["defend", "pass", "nobody_defended"];
const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const tileAt = (state, at) => state.board.tiles.find((x) => same(x.at, at));

function item(c, id, label, run, iconName, extra = {}) {
  return { id, label, run, icon: iconName ? c.icon(iconName, { label: "", size: 22 }) : null, ...extra };
}

// -- the groups of actions -------------------------------------------------------------------
async function place(c, label, squares, move) {
  const at = await c.pickSquare(squares, label);
  if (at) await c.send({ ...move, at });
}

function tileItems(c, legal) {
  return legal.filter((m) => m.type === "play_nature").map((m) => item(c, `nature-${m.terrain}`, c.term(m.terrain),
    () => place(c, c.t("g.whereTile", { terrain: c.term(m.terrain) }), m.at, { type: "play_nature", terrain: m.terrain }), m.terrain));
}

function animalItems(c, legal) {
  return legal.filter((m) => m.type === "play_animals").map((m) => item(c, `animals-${m.symbol}`, c.term(m.symbol),
    () => place(c, c.t("g.whereAnimals", { symbol: c.term(m.symbol) }), m.at, { type: "play_animals", symbol: m.symbol }), m.symbol));
}

function cityItems(c, legal) {
  const cities = legal.filter((m) => m.type === "play_city");
  const out = cities.filter((m) => m.needs).map((m) => item(c, `city-${m.symbol}-${m.needs.join("-")}`,
    cardText(c, { kind: "city", symbol: m.symbol, needs: m.needs }),
    () => place(c, c.t("g.whereCity", { symbol: c.term(m.symbol) }), m.at.map((s) => s.at),
      { type: "play_city", symbol: m.symbol, needs: m.needs }), "city"));
  // a city card the table has seen (this game, the host's box) that may be the one in
  // hand: the card is the button, then the square (2 taps)
  const distinct = c.state.options.duplicate_needs === "distinct_neighbours";
  for (const m of cities.filter((x) => !x.needs)) {
    for (const card of knownCities(c, { symbol: m.symbol, skipOwn: true })) {
      const reach = m.at.filter((s) => metNeeds(card.needs, s.supply, distinct) >= 2).map((s) => s.at);
      if (!reach.length) continue;
      out.push(item(c, `city-known-${card.symbol}-${card.needs.join("-")}`, cardText(c, card),
        () => place(c, c.t("g.whereCity", { symbol: c.term(card.symbol) }), reach,
          { type: "play_city", symbol: card.symbol, needs: card.needs }), card.symbol, { known: true }));
    }
  }
  // a city card not named yet: its symbol is the button (one tap), the needs come next
  for (const m of cities.filter((x) => !x.needs)) {
    out.push(item(c, `city-new-${m.symbol}`, c.t("g.cityNew", { symbol: c.term(m.symbol) }), () => enterCity(c, m), m.symbol));
  }
  return out;
}

// An unnamed city card: its 4 needs tapped into 4 slots in any order, OK, then the square.
function enterCity(c, m) {
  const needs = c.slots(c.t("gc.needs"), (c.words && c.words.needs) || [], 4, { name: "needs", labels: c.term,
    slotLabel: (n) => c.t("gc.need", { n }) });
  const quick = knownCityRow(c, knownCities(c, { symbol: m.symbol, skipOwn: true }), (card) => needs.set(card.needs), "city-known");
  c.sheet(c.t("g.cityTitleOf", { symbol: c.term(m.symbol) }), el("div", { id: "needs" }, quick.node, needs.node), () => {
    const values = needs.value();
    if (!values) return c.t("ui.pickAll");
    const distinct = c.state.options.duplicate_needs === "distinct_neighbours";
    const reach = m.at.filter((s) => metNeeds(values, s.supply, distinct) >= 2).map((s) => s.at);
    if (!reach.length) return c.t("g.cityNowhere");  // said before the map, the sheet stays
    setTimeout(() => place(c, c.t("g.whereCity", { symbol: c.term(m.symbol) }), reach,
      { type: "play_city", symbol: m.symbol, needs: values }));
    return true;
  });
}

// How many of the entered needs a square satisfies, counted as G6.4 counts them (the
// engine's board.met_needs): each icon on its own; with distinct_neighbours equal icons
// need as many neighbours offering them. `supply`: neighbours per terrain / animals.
function metNeeds(needs, supply, distinct) {
  const used = {};
  return needs.filter((need) => {
    const seen = used[need] || 0; used[need] = seen + 1;
    return (supply[need] || 0) > (distinct ? seen : 0);
  }).length;
}

function drawItems(c, legal, state) {
  return legal.filter((m) => m.type === "draw").map((m) => {
    const id = `draw-${m.pile}-${m.from}${m.slot != null ? `-${m.slot}` : ""}`;
    const label = m.from === "deck" ? `${c.t(`g.deck.${m.pile}`)} (${state.piles[m.pile].deck})` : cardText(c, m.card);
    return item(c, id, label, () => draw(c, m, state), m.from === "deck" ? "deck" : null);
  });
}

// One sheet asks what a draw needs: the card seen (deck: may stay secret), the card turned
// up to refill the row, and the discard at the hand limit. Nothing is pre-filled.
function draw(c, m, state) {
  const move = { type: "draw", pile: m.pile, from: m.from, ...(m.from === "display" ? { slot: m.slot } : {}) };
  const drawn = m.from === "deck" ? cardPicker(c, m.pile, { unknown: true, label: c.t("g.drawnWhich"), name: "drawn" }) : null;
  const refill = m.from === "display" && m.refill_required ? cardPicker(c, m.pile, { label: c.t("g.refillWhich"), name: "refill" }) : null;
  const discard = m.discard_required ? discardPicker(c, c.me, m.pile, m.from === "display" ? m.card : null) : null;
  const parts = [drawn, refill, discard].filter(Boolean);
  if (!parts.length) return c.send(move);
  c.sheet(c.t("g.drawTitle"), el("div", { id: "draw-sheet" }, parts.map((p) => p.node)), async () => {
    const values = parts.map((p) => p.value());
    if (values.includes(null)) return c.t("ui.pickAll");
    if (drawn && drawn.value() !== "unknown") move.card = drawn.value();
    if (refill) move.refill = refill.value();
    if (discard) move.discard = discard.value();
    return c.send(move);
  });
  void state;
}

function claimItems(c, legal, state) {
  return legal.filter((m) => m.type === "claim_objective").map((m) => {
    const o = state.objectives.find((x) => x.id === m.objective);
    return item(c, `claim-${m.objective}`, `${c.t("g.objective", { n: m.objective + 1 })}: ${requires(c, o)}`,
      () => c.send({ type: "claim_objective", objective: m.objective }), "objective");
  });
}

function requires(c, objective) {
  return Object.entries((objective && objective.requires) || {}).map(([k, v]) => `${c.term(k)} ×${v}`).join(", ");
}

function powerItems(c, legal) {
  return legal.filter((m) => m.type === "play_power").map((m) => item(c, `power-${m.card}`, c.term(m.card), async () => {
    if (m.card === "tornado") return c.send({ type: "play_power", card: "tornado" });
    if (m.pairs) {
      const starts = [...new Map(m.pairs.map((p) => [p[0].join(","), p[0]])).values()];
      const from = await c.pickSquare(starts, c.t("g.first", { card: c.term(m.card) }));
      if (!from) return;
      const ends = m.pairs.filter((p) => same(p[0], from)).map((p) => p[1]);
      c.highlight([from]);  // the first square stays marked while the second is picked
      const to = await c.pickSquare(ends, c.t("g.second", { card: c.term(m.card) }));
      c.highlight([]);
      if (to) c.send({ type: "play_power", card: m.card, at: from, to });
      return;
    }
    place(c, c.term(m.card), m.at, { type: "play_power", card: m.card });
  }, m.card));
}

function actionGroups(legal, state, me, c) {
  if (state.turn && state.turn.phase !== "actions") return [];
  return [
    { kind: "tile", label: c.t("g.tile"), items: tileItems(c, legal) },
    { kind: "animals", label: c.t("g.animals"), items: animalItems(c, legal) },
    { kind: "city", label: c.t("g.city"), items: cityItems(c, legal) },
    { kind: "draw", label: c.t("g.draw"), items: drawItems(c, legal, state) },
    { kind: "claim", label: c.t("g.claim"), items: claimItems(c, legal, state) },
    { kind: "power", label: c.t("g.power"), items: powerItems(c, legal) },
  ];
}

// -- what must be answered now: feeding, the reaction window, the tornado ---------------------
function prompt(legal, state, me, c) {
  const turn = state.turn || {};
  if (!legal.length) return null;
  if (turn.phase === "feeding") return c.t("g.promptFeed");
  if (turn.phase === "tornado") return c.t("g.promptTornado");
  if (turn.phase === "reaction") {
    if (legal.some((m) => m.type === "nobody_defended")) return c.t("g.promptWaitAnswers");
    return c.t("g.promptAnswer", { who: c.names[turn.reaction.actor] || "", card: c.term(turn.reaction.card) });
  }
  if (turn.actions_left > 0) return c.t("g.promptActions");
  return legal.some((m) => m.type === "claim_objective") ? c.t("g.promptClaim") : c.t("g.promptEnd");
}

async function feedOnMap(c, template, state) {
  const tokens = new Map(state.board.tiles.map((x) => [x.at.join(","), x.animals]));
  const sources = [];
  for (const city of template.cities) {
    const left = city.sources.filter((s) => tokens.get(s.join(",")) > 0);
    if (!left.length) continue;
    let from = left[0];
    if (left.length > 1) {
      c.highlight([city.city]);
      from = await c.pickSquare(left, c.t("g.feedWhich", { terrain: c.term(tileAt(state, city.city).terrain) }));
      if (!from) { c.highlight([]); return; }
    }
    tokens.set(from.join(","), tokens.get(from.join(",")) - 1);
    sources.push({ city: city.city, from });
  }
  c.highlight([]);
  await c.send({ type: "feed", sources });
}

// What a card to defend against is about: the tiles it would change, marked on the board,
// and what it would do if let act, as the server foresees it (`effect`: the events it
// would bring; the page knows no rule of its own).
function answerAbout(c, state, reaction) {
  const target = reaction.target || {};
  const [one, two] = [target.at, target.to].map((at) => at && tileAt(state, at));
  const tiles = one ? el("p", { id: "answer-about" }, two ? c.t("g.aboutSwap", { terrain: c.term(one.terrain), other: c.term(two.terrain) })
    : c.t("g.aboutTile", { terrain: c.term(one.terrain) })) : null;
  const lines = (reaction.effect || []).filter((e) => has(`g.effect.${e.type}`))
    .map((e) => el("li", {}, narrate("gaia", e, c.names, state, `g.effect.${e.type}`)));
  return [tiles, lines.length ? el("div", { id: "answer-effect" }, el("p", {}, c.t("g.effectIf")), el("ul", {}, lines)) : null];
}

function urgent(legal, state, me, c) {
  const turn = state.turn || {};
  const answers = legal.filter((m) => ANSWERS.includes(m.type));
  if (answers.length) {
    const label = { defend: c.t("g.defend"), pass: c.t("g.pass"), nobody_defended: c.t("g.nobody") };
    return el("section", { class: "card yourturn", id: "answers" }, el("h2", {}, c.term(turn.reaction.card)),
      answerAbout(c, state, turn.reaction),
      el("div", { class: "row" }, answers.map((m) => el("button", { type: "button", class: m.type === "pass" ? "" : "primary",
        "data-move": m.type, onclick: () => c.send({ type: m.type }) }, label[m.type]))));
  }
  const feed = legal.filter((m) => m.type === "feed");
  if (turn.phase === "feeding" && feed.length) {
    const chosen = feed.find((m) => m.cities && m.cities.length);
    return el("section", { class: "card yourturn", id: "feeding" }, el("h2", {}, c.t("g.feedTitle")),
      el("div", { class: "row" }, el("button", { type: "button", class: "primary", "data-move": "feed-auto",
        onclick: () => c.send({ type: "feed", auto: true }) }, c.t("g.feedAuto")),
      chosen ? el("button", { type: "button", "data-move": "feed-choose", onclick: () => feedOnMap(c, chosen, state) }, c.t("g.feedChoose")) : null));
  }
  const tornado = legal.find((m) => m.type === "tornado");
  if (tornado) {
    return el("section", { class: "card yourturn", id: "tornado" }, el("button", { type: "button", class: "primary",
      "data-move": "tornado", onclick: () => enterTornado(c, tornado) }, c.t("g.tornadoPlay")));
  }
  return null;
}

// Tornado (G10.3): for each player, the pile the card came from, then the card itself.
function takenPicker(c, victim) {
  const box = el("div");
  let card = null;
  const piles = Object.keys(victim.hand_counts || {}).filter((p) => victim.hand_counts[p] > 0);
  const pile = c.choice(c.t("g.tornadoTitle", { who: c.names[victim.seat] }), piles, { name: `taken-${victim.seat}-pile`,
    labels: (p) => c.t(`g.pile.${p}`), onChange: (p) => {
      card = cardPicker(c, p, { label: c.t("g.card"), name: `taken-${victim.seat}` });
      box.replaceChildren(card.node);
    } });
  return { node: el("fieldset", { class: "cardpick" }, pile.node, box), value: () => (card ? card.value() : null) };
}

function enterTornado(c, template) {
  const picks = template.taken.map((v) => takenPicker(c, v));
  const keep = c.choice(c.t("g.keep"), template.taken.map((v, i) => String(i)), { name: "keep", labels: (i) => c.t("g.cardOf", { who: c.names[template.taken[i].seat] }) });
  c.sheet(c.t("g.tornadoPlay"), el("div", {}, picks.map((p) => p.node), keep.node), () => {
    if (picks.some((p) => p.value() === null) || keep.value() === null) return c.t("ui.pickAll");
    return c.send({ type: "tornado", taken: template.taken.map((v, i) => ({ seat: v.seat, card: picks[i].value() })), keep: Number(keep.value()) });
  });
}

// -- the hand, declared by its holder -----------------------------------------------------------
// Every card in it can be named, renamed (a wrong name corrected: "edit my hand") or set back
// to unknown, except the known cards taken face up (G1.2), which are shown locked.
const sameCard = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// pile -> {held: [cards the table saw], named: [the holder's own names]}
function handParts(me, pile) {
  const pool = [...(me.hand[pile].held || [])]; const held = []; const named = [];
  for (const card of me.hand[pile].known) {
    const i = pool.findIndex((h) => sameCard(h, card));
    if (i < 0) named.push(card); else { pool.splice(i, 1); held.push(card); }
  }
  return { held, named };
}

function handDeclaration(me, state, c) {
  if (!me || !me.hand) return null;
  const piles = Object.keys(me.hand);
  const known = piles.flatMap((p) => { const { held, named } = handParts(me, p);
    return [...held.map((card) => el("span", { class: "cardchip held", "data-held": "1" }, cardText(c, card), ` · ${c.t("g.held")}`)),
      ...named.map((card) => el("span", { class: "cardchip" }, cardText(c, card)))]; });
  const unknown = piles.reduce((n, p) => n + me.hand[p].unknown, 0);
  const total = known.length + unknown;
  return el("section", { class: "card", id: "hand" }, el("h2", {}, c.host ? c.t("g.handOf", { who: c.names[c.seat] }) : c.t("g.hand")),
    // G1.2: a Tornado took a card these names could not hold; they are unknown again
    me.declare_again ? el("p", { class: "warnbox", id: "declare-again", role: "status" }, c.t("g.declareAgain")) : null,
    total ? el("div", { class: "cards" }, known, unknown ? el("span", { class: "cardchip t-unknown" }, c.tn("g.unnamed", unknown)) : null)
      : el("p", { class: "hint" }, c.t("g.handEmpty")),
    total && state.status === "playing" ? el("button", { type: "button", id: "declare", onclick: () => declareSheet(c, me) }, c.t("g.declare")) : null);
}

function declareSheet(c, me) {
  const rows = []; const locked = [];
  for (const pile of Object.keys(me.hand)) {
    const { held, named } = handParts(me, pile);
    held.forEach((card) => locked.push({ pile, card }));
    const cards = [...named, ...Array(me.hand[pile].unknown).fill(null)];
    cards.forEach((card, i) => rows.push({ pile, picker: cardPicker(c, pile, { unknown: true, initial: card,
      label: `${c.t(`g.pile.${pile}`)} ${i + 1}`, name: `hand-${pile}-${i}` }) }));
  }
  const seen = locked.length ? el("div", { id: "declare-held" }, el("p", { class: "hint" }, c.t("g.heldNote")),
    el("div", { class: "cards" }, locked.map((l) => el("span", { class: "cardchip held" }, cardText(c, l.card))))) : null;
  c.sheet(c.t("g.declareTitle"), el("div", { id: "declare-sheet" }, seen, rows.map((r) => r.picker.node)), () => {
    if (rows.some((r) => r.picker.value() === null)) return c.t("ui.pickAll");
    const hand = Object.fromEntries(Object.keys(me.hand).map((p) => [p, locked.filter((l) => l.pile === p).map((l) => l.card)]));
    for (const r of rows) if (r.picker.value() !== "unknown") hand[r.pile].push(r.picker.value());
    return c.declare(hand);
  });
}

// -- what everyone sees: objectives, the row of face-up cards, decks, players ------------------
function extras(state, me, c) {
  const piles = ["nature", "life", "power"].filter((p) => state.piles && state.piles[p]);
  const players = el("section", { class: "card", id: "players" }, el("h2", {}, c.t("g.players")),
    el("ul", { class: "plain" }, state.players.map((p) => el("li", {},
      el("span", { class: "dot", style: `background:${COLORS[p.color] || "#888"}`, "aria-hidden": "true" }), " ",
      el("b", {}, p.name), " · ", c.tn("g.pawnsLeft", p.pawns_in_hand ?? 0), " · ", c.tn("g.inHand", p.hand_size ?? 0)))));
  return [
    el("section", { class: "card", id: "objectives" }, el("h2", {}, c.t("g.objectives")),
      el("ul", { class: "plain" }, state.objectives.map((o) => el("li", {}, el("b", {}, c.t("g.objective", { n: o.id + 1 })), " ",
        requires(c, o), o.claimed_by != null ? el("span", { class: "chip" }, c.t("g.takenBy", { who: c.names[o.claimed_by] })) : null)))),
    el("section", { class: "card", id: "row" }, el("h2", {}, c.t("g.display")),
      el("div", { class: "cards" }, piles.flatMap((p) => state.piles[p].display.filter((x) => x != null)
        .map((card) => el("span", { class: "cardchip" }, cardText(c, card))))),
      el("p", { class: "hint" }, piles.map((p) => c.tn("g.deckLeft", state.piles[p].deck, { pile: c.t(`g.pile.${p}`) })).join(" · "))),
    players,
  ];
}

// on the host's device, what this table has seen joins the box (box.js)
function renderBoard(state, c) { remember(state, BOX_MOST); return boardSvg(state, c); }

export const game = { renderBoard, actionGroups, prompt, urgent, handDeclaration, extras,
  tablePlayer, tablePanels, setupForm };
