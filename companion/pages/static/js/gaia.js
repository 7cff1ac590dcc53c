// Gaia on the phone (the interface is described at the top of play.js): the map with
// the squares to tap, the actions grouped by kind, card entry without guesses, the hand.
import { addStrings, el, COLORS } from "./common.js";
import { boardSvg } from "./gaia-board.js";
import "./gaia-icons.js";  // the game's drawings, for icons.js
import { cardPicker, cardText, discardPicker } from "./gaia-cards.js";
import { tablePanels, tablePlayer } from "./gaia-table.js";
import { gaiaSetup as setupForm } from "./gaia-setup.js";

addStrings({
  en: { "g.tile": "Place a tile", "g.animals": "Animals", "g.city": "City", "g.draw": "Draw a card",
    "g.claim": "Claim an objective", "g.power": "Power cards",
    "g.promptFeed": "Your cities eat first: feed them.", "g.promptActions": "Play a card or draw one.",
    "g.promptClaim": "Claim an objective, or end your turn.", "g.promptEnd": "No actions left: end your turn.",
    "g.promptAnswer": "{who} played {card}: defend or pass.", "g.promptWaitAnswers": "Wait for the answers, then say nobody defended.",
    "g.promptTornado": "Say which card the tornado took from each player.",
    "g.feedTitle": "Feeding", "g.feedAuto": "Feed automatically", "g.feedChoose": "Choose on the map",
    "g.feedWhich": "Tile that feeds the city on {terrain}", "g.defend": "Defend", "g.pass": "Pass",
    "g.nobody": "Nobody defended", "g.deck.nature": "Nature deck", "g.deck.life": "Life deck", "g.deck.power": "Power deck",
    "g.drawTitle": "Draw", "g.drawnWhich": "Which card did you draw?", "g.refillWhich": "Card turned up to refill the row",
    "g.cityEnter": "Enter your city card", "g.cityTitle": "Your city card", "g.whereTile": "{terrain} tile",
    "g.whereAnimals": "Animals on {symbol}", "g.whereCity": "City on {symbol}", "g.first": "{card}: first square",
    "g.second": "{card}: second square", "g.hand": "Your hand", "g.handOf": "{who}'s hand", "g.declare": "Edit my hand", "g.held": "seen by all", "g.heldNote": "Taken face up: the whole table saw these, so they stay as they are until you play or discard them.",
    "g.declareTitle": "Your hand (only you see it)", "g.unnamed.one": "1 card not named", "g.unnamed.other": "{n} cards not named",
    "g.handEmpty": "No cards in hand.", "g.objectives": "Objectives", "g.takenBy": "taken by {who}",
    "g.display": "Face-up cards", "g.decks": "Decks", "g.deckLeft.one": "{pile}: 1 card", "g.deckLeft.other": "{pile}: {n} cards",
    "g.players": "Players", "g.pawnsLeft.one": "1 pawn left", "g.pawnsLeft.other": "{n} pawns left",
    "g.inHand.one": "1 card in hand", "g.inHand.other": "{n} cards in hand",
    "g.tornadoTitle": "Tornado: the card taken from {who}", "g.keep": "Card kept", "g.card": "Card", "g.cardOf": "the card from {who}", "g.objective": "Objective {n}",
    "g.cityNowhere": "No square lets this city meet 2 of its needs (rule G6.2): check the card you entered, or play something else.",
    "g.tornadoPlay": "Tornado", "g.pile.nature": "Nature", "g.pile.life": "Life", "g.pile.power": "Power" },
  it: { "g.tile": "Posa una tessera", "g.animals": "Animali", "g.city": "Città", "g.draw": "Pesca una carta",
    "g.claim": "Prendi un obiettivo", "g.power": "Carte potere",
    "g.promptFeed": "Prima mangiano le tue città: sfamale.", "g.promptActions": "Gioca una carta o pescane una.",
    "g.promptClaim": "Prendi un obiettivo o termina il turno.", "g.promptEnd": "Azioni finite: termina il turno.",
    "g.promptAnswer": "{who} ha giocato {card}: difenditi o passa.", "g.promptWaitAnswers": "Aspetta le risposte, poi di' che nessuno si è difeso.",
    "g.promptTornado": "Indica quale carta il tornado ha preso a ciascuno.",
    "g.feedTitle": "Nutrimento", "g.feedAuto": "Sfama automaticamente", "g.feedChoose": "Scegli sulla mappa",
    "g.feedWhich": "Tessera che sfama la città su {terrain}", "g.defend": "Difenditi", "g.pass": "Passa",
    "g.nobody": "Nessuno si è difeso", "g.deck.nature": "Mazzo natura", "g.deck.life": "Mazzo vita", "g.deck.power": "Mazzo potere",
    "g.drawTitle": "Pesca", "g.drawnWhich": "Quale carta hai pescato?", "g.refillWhich": "Carta girata per riempire la fila",
    "g.cityEnter": "Inserisci la tua carta città", "g.cityTitle": "La tua carta città", "g.whereTile": "Tessera {terrain}",
    "g.whereAnimals": "Animali su {symbol}", "g.whereCity": "Città su {symbol}", "g.first": "{card}: prima casella",
    "g.second": "{card}: seconda casella", "g.hand": "La tua mano", "g.handOf": "La mano di {who}", "g.declare": "Modifica la mia mano", "g.held": "vista da tutti", "g.heldNote": "Prese scoperte: tutto il tavolo le ha viste, quindi restano così finché non le giochi o le scarti.",
    "g.declareTitle": "La tua mano (la vedi solo tu)", "g.unnamed.one": "1 carta non dichiarata", "g.unnamed.other": "{n} carte non dichiarate",
    "g.handEmpty": "Nessuna carta in mano.", "g.objectives": "Obiettivi", "g.takenBy": "preso da {who}",
    "g.display": "Carte scoperte", "g.decks": "Mazzi", "g.deckLeft.one": "{pile}: 1 carta", "g.deckLeft.other": "{pile}: {n} carte",
    "g.players": "Giocatori", "g.pawnsLeft.one": "1 segnalino rimasto", "g.pawnsLeft.other": "{n} segnalini rimasti",
    "g.inHand.one": "1 carta in mano", "g.inHand.other": "{n} carte in mano",
    "g.tornadoTitle": "Tornado: la carta presa a {who}", "g.keep": "Carta tenuta", "g.card": "Carta", "g.cardOf": "la carta di {who}", "g.objective": "Obiettivo {n}",
    "g.cityNowhere": "Nessuna casella permette a questa città di soddisfare 2 bisogni (regola G6.2): controlla la carta inserita o gioca altro.",
    "g.tornadoPlay": "Tornado", "g.pile.nature": "Natura", "g.pile.life": "Vita", "g.pile.power": "Potere" },
  de: { "g.tile": "Plättchen legen", "g.animals": "Tiere", "g.city": "Stadt", "g.draw": "Karte ziehen",
    "g.claim": "Ziel nehmen", "g.power": "Macht-Karten",
    "g.promptFeed": "Zuerst essen deine Städte: füttere sie.", "g.promptActions": "Spiele eine Karte oder ziehe eine.",
    "g.promptClaim": "Nimm ein Ziel oder beende deinen Zug.", "g.promptEnd": "Keine Aktionen mehr: Beende deinen Zug.",
    "g.promptAnswer": "{who} hat {card} gespielt: abwehren oder passen.", "g.promptWaitAnswers": "Warte auf die Antworten, dann sag, dass niemand abgewehrt hat.",
    "g.promptTornado": "Gib an, welche Karte der Tornado jedem genommen hat.",
    "g.feedTitle": "Füttern", "g.feedAuto": "Automatisch füttern", "g.feedChoose": "Auf der Karte wählen",
    "g.feedWhich": "Plättchen, das die Stadt auf {terrain} füttert", "g.defend": "Abwehren", "g.pass": "Passen",
    "g.nobody": "Niemand hat abgewehrt", "g.deck.nature": "Natur-Stapel", "g.deck.life": "Leben-Stapel", "g.deck.power": "Macht-Stapel",
    "g.drawTitle": "Ziehen", "g.drawnWhich": "Welche Karte hast du gezogen?", "g.refillWhich": "Aufgedeckte Karte für die Auslage",
    "g.cityEnter": "Deine Stadtkarte eingeben", "g.cityTitle": "Deine Stadtkarte", "g.whereTile": "Plättchen {terrain}",
    "g.whereAnimals": "Tiere auf {symbol}", "g.whereCity": "Stadt auf {symbol}", "g.first": "{card}: erstes Feld",
    "g.second": "{card}: zweites Feld", "g.hand": "Deine Hand", "g.handOf": "Hand von {who}", "g.declare": "Meine Hand bearbeiten", "g.held": "von allen gesehen", "g.heldNote": "Offen genommen: der ganze Tisch hat sie gesehen, darum bleiben sie so, bis du sie spielst oder abwirfst.",
    "g.declareTitle": "Deine Hand (nur du siehst sie)", "g.unnamed.one": "1 Karte nicht benannt", "g.unnamed.other": "{n} Karten nicht benannt",
    "g.handEmpty": "Keine Karten auf der Hand.", "g.objectives": "Ziele", "g.takenBy": "genommen von {who}",
    "g.display": "Offene Karten", "g.decks": "Stapel", "g.deckLeft.one": "{pile}: 1 Karte", "g.deckLeft.other": "{pile}: {n} Karten",
    "g.players": "Mitspielende", "g.pawnsLeft.one": "noch 1 Figur", "g.pawnsLeft.other": "noch {n} Figuren",
    "g.inHand.one": "1 Karte auf der Hand", "g.inHand.other": "{n} Karten auf der Hand",
    "g.tornadoTitle": "Tornado: die Karte von {who}", "g.keep": "Behaltene Karte", "g.card": "Karte", "g.cardOf": "die Karte von {who}", "g.objective": "Ziel {n}",
    "g.cityNowhere": "Auf keinem Feld erfüllt diese Stadt 2 ihrer Bedürfnisse (Regel G6.2): Prüfe die eingegebene Karte oder spiele etwas anderes.",
    "g.tornadoPlay": "Tornado", "g.pile.nature": "Natur", "g.pile.life": "Leben", "g.pile.power": "Macht" },
});

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
  const unknown = cities.filter((m) => !m.needs);
  if (unknown.length) out.push(item(c, "city", c.t("g.cityEnter"), () => enterCity(c, unknown), "city"));
  return out;
}

// An unnamed city card: the person enters its symbol and four needs, then taps the square.
function enterCity(c, templates) {
  const symbol = c.choice(c.t("gc.symbol"), templates.map((m) => m.symbol), { name: "symbol", labels: c.term });
  const needs = [0, 1, 2, 3].map((i) => c.choice(c.t("gc.need", { n: i + 1 }), ["forest", "sea", "plains", "desert", "swamp", "mountain", "animals"],
    { name: `need-${i}`, labels: c.term }));
  c.sheet(c.t("g.cityTitle"), el("div", { id: "needs" }, symbol.node, needs.map((n) => n.node)), () => {
    const values = needs.map((n) => n.value());
    if (!symbol.value() || values.includes(null)) return c.t("ui.pickAll");
    const m = templates.find((x) => x.symbol === symbol.value());
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

function urgent(legal, state, me, c) {
  const turn = state.turn || {};
  const answers = legal.filter((m) => ANSWERS.includes(m.type));
  if (answers.length) {
    const label = { defend: c.t("g.defend"), pass: c.t("g.pass"), nobody_defended: c.t("g.nobody") };
    return el("section", { class: "card yourturn", id: "answers" }, el("h2", {}, c.term(turn.reaction.card)),
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

function renderBoard(state, c) { return boardSvg(state, c); }

export const game = { renderBoard, actionGroups, prompt, urgent, handDeclaration, extras,
  tablePlayer, tablePanels, setupForm };
