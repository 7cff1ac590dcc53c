// What the table screen shows besides the board: each player's things, the piles, the
// face-up cards and objectives (Gaia), and the end of the game with every breakdown.
import { addStrings, el, message, t, tn, term, COLORS } from "./common.js";

addStrings({
  en: { "tb.players": "Players", "tb.onTurn": "on turn", "tb.pawnsLeft": "Pawns left", "tb.pawnsPlaced": "Pawns placed",
    "tb.inHand": "Cards in hand", "tb.played": "Played cards", "tb.powersPlayed": "Power cards played",
    "tb.tilesInHand": "Tiles in hand", "tb.built": "Built", "tb.ingredients": "Ingredients", "tb.prototype": "Prototype",
    "tb.ownIngredient": "Own ingredient", "tb.points": "Points", "tb.none": "none", "tb.faceDown": "face down",
    "tb.piles": "Cards left", "tb.deck": "{pile} deck", "tb.discard": "Discard pile", "tb.pile": "Pile",
    "tb.faceUp": "Face-up cards", "tb.objectives": "Objectives", "tb.open": "open", "tb.claimedBy": "claimed by {who}",
    "tb.supply": "Tiles left", "tb.animalsLeft": "Animals left", "tb.empty": "empty",
    "tb.cardCity": "{kind} {symbol} · needs {needs}", "tb.cardAnimals": "{kind} {symbol}",
    "tb.finalRound": "Final round: the game ends when this round is over.",
    "tb.results": "Results", "tb.rank": "Rank", "tb.total": "Total", "tb.player": "Player",
    "tb.winner": "{who} wins!", "tb.winners": "Winners: {who}", "tb.reason": "Why it ended: {reason}",
    "tb.rematchOpen": "A rematch is open", "tb.rematchGo": "Go to the new table",
    "score.cities": "Pawns on cities", "score.objectives": "Pawns on objectives", "score.pawns_in_hand": "Pawns left",
    "score.parts": "Parts", "score.prototype": "Prototype parts", "score.chains": "Chains", "score.first_complete": "First complete" },
  it: { "tb.players": "Giocatori", "tb.onTurn": "di turno", "tb.pawnsLeft": "Pedine rimaste", "tb.pawnsPlaced": "Pedine piazzate",
    "tb.inHand": "Carte in mano", "tb.played": "Carte giocate", "tb.powersPlayed": "Carte potere giocate",
    "tb.tilesInHand": "Tessere in mano", "tb.built": "Costruito", "tb.ingredients": "Ingredienti", "tb.prototype": "Prototipo",
    "tb.ownIngredient": "Ingrediente proprio", "tb.points": "Punti", "tb.none": "nessuna", "tb.faceDown": "coperta",
    "tb.piles": "Carte rimaste", "tb.deck": "Mazzo {pile}", "tb.discard": "Scarti", "tb.pile": "Pila",
    "tb.faceUp": "Carte scoperte", "tb.objectives": "Obiettivi", "tb.open": "libero", "tb.claimedBy": "preso da {who}",
    "tb.supply": "Tessere rimaste", "tb.animalsLeft": "Animali rimasti", "tb.empty": "vuoto",
    "tb.cardCity": "{kind} {symbol} · bisogni {needs}", "tb.cardAnimals": "{kind} {symbol}",
    "tb.finalRound": "Ultimo giro: la partita finisce alla fine di questo giro.",
    "tb.results": "Risultati", "tb.rank": "Posto", "tb.total": "Totale", "tb.player": "Giocatore",
    "tb.winner": "Vince {who}!", "tb.winners": "Vincono: {who}", "tb.reason": "Perché è finita: {reason}",
    "tb.rematchOpen": "È aperta una rivincita", "tb.rematchGo": "Vai al nuovo tavolo",
    "score.cities": "Pedine sulle città", "score.objectives": "Pedine sugli obiettivi", "score.pawns_in_hand": "Pedine rimaste",
    "score.parts": "Parti", "score.prototype": "Parti del prototipo", "score.chains": "Catene", "score.first_complete": "Primo completo" },
  de: { "tb.players": "Mitspielende", "tb.onTurn": "am Zug", "tb.pawnsLeft": "Figuren übrig", "tb.pawnsPlaced": "Figuren gesetzt",
    "tb.inHand": "Karten auf der Hand", "tb.played": "Ausgespielte Karten", "tb.powersPlayed": "Gespielte Machtkarten",
    "tb.tilesInHand": "Plättchen auf der Hand", "tb.built": "Gebaut", "tb.ingredients": "Zutaten", "tb.prototype": "Prototyp",
    "tb.ownIngredient": "Eigene Zutat", "tb.points": "Punkte", "tb.none": "keine", "tb.faceDown": "verdeckt",
    "tb.piles": "Übrige Karten", "tb.deck": "Stapel {pile}", "tb.discard": "Ablage", "tb.pile": "Stapel",
    "tb.faceUp": "Offene Karten", "tb.objectives": "Ziele", "tb.open": "offen", "tb.claimedBy": "genommen von {who}",
    "tb.supply": "Übrige Plättchen", "tb.animalsLeft": "Übrige Tiere", "tb.empty": "leer",
    "tb.cardCity": "{kind} {symbol} · Bedürfnisse {needs}", "tb.cardAnimals": "{kind} {symbol}",
    "tb.finalRound": "Letzte Runde: Das Spiel endet, wenn diese Runde vorbei ist.",
    "tb.results": "Ergebnis", "tb.rank": "Platz", "tb.total": "Summe", "tb.player": "Person",
    "tb.winner": "{who} gewinnt!", "tb.winners": "Gewinner: {who}", "tb.reason": "Warum es endete: {reason}",
    "tb.rematchOpen": "Eine Revanche ist offen", "tb.rematchGo": "Zum neuen Tisch",
    "score.cities": "Figuren auf Städten", "score.objectives": "Figuren auf Zielen", "score.pawns_in_hand": "Figuren übrig",
    "score.parts": "Teile", "score.prototype": "Prototyp-Teile", "score.chains": "Ketten", "score.first_complete": "Als Erste fertig" },
});

// A small picture when icons.js offers one, always with the word next to it.
export function word(ctx, value) {
  const label = term(ctx.state.game, value);
  const pic = ctx.icons && ctx.icons.hasIcon(ctx.state.game, value)
    ? ctx.icons.icon(ctx.state.game, value, { label, size: 22, decorative: true }) : null;
  return el("span", { class: "tb-word" }, pic, label);
}

function stat(label, value, key) {
  return el("div", { class: "tb-stat", "data-stat": key || null }, el("dt", {}, label), el("dd", {}, value));
}

function counts(ctx, map) {
  const entries = Object.entries(map || {}).filter(([, n]) => n > 0);
  if (!entries.length) return t("tb.none");
  return el("span", { class: "tb-counts" }, entries.map(([k, n]) => el("span", { class: "chip" }, `${n} × `, word(ctx, k))));
}

function gaiaPlayer(ctx, p) {
  const hand = Object.entries(p.hand_counts || {}).map(([pile, n]) => `${n} ${term("gaia", pile)}`).join(" · ");
  return [stat(t("tb.pawnsLeft"), p.pawns_in_hand, "pawns"), stat(t("tb.pawnsPlaced"), p.pawns_placed, "placed"),
    stat(t("tb.inHand"), hand ? `${p.hand_size} (${hand})` : p.hand_size, "hand"),
    stat(t("tb.played"), counts(ctx, p.tableau), "tableau"),
    p.powers ? stat(t("tb.powersPlayed"), counts(ctx, p.powers), "powers") : null];
}

function kazaamBoard(ctx, board) {
  const built = Object.entries(board || {}).filter(([, part]) => part);
  if (!built.length) return t("tb.none");
  return el("ul", { class: "tb-parts" }, built.map(([slot, part]) => el("li", { "data-slot": slot },
    word(ctx, slot), ": ", word(ctx, part.homunculus), part.face_up ? null : ` (${t("tb.faceDown")})`)));
}

function kazaamPlayer(ctx, p) {
  return [stat(t("tb.prototype"), word(ctx, p.prototype), "prototype"),
    stat(t("tb.ownIngredient"), word(ctx, p.ingredient), "ingredient"),
    stat(t("tb.tilesInHand"), p.hand_size, "hand"),
    stat(t("tb.built"), kazaamBoard(ctx, p.board), "board"),
    stat(t("tb.ingredients"), counts(ctx, p.ingredients), "ingredients"),
    stat(t("tb.points"), p.score ? p.score.total : 0, "points")];
}

export function playersPanel(ctx) {
  const s = ctx.state;
  const turn = s.turn && s.status === "playing" ? s.turn.seat : null;
  return el("section", { class: "card tb-players", id: "players-panel", "aria-label": t("tb.players") },
    el("h2", {}, t("tb.players")),
    el("div", { class: "tb-player-list" }, s.players.map((p) => el("article", {
      class: `tb-player${p.seat === turn ? " on-turn" : ""}`, "data-seat": p.seat },
    el("h3", {}, el("span", { class: "dot", style: `background:${COLORS[p.color] || "#888"}` }), " ", p.name,
      p.seat === turn ? el("span", { class: "chip tb-turn-chip" }, t("tb.onTurn")) : null),
    el("dl", {}, ctx.boards?.[s.game]?.game?.tablePlayer ? ctx.boards[s.game].game.tablePlayer(ctx, p)
      : s.game === "gaia" ? gaiaPlayer(ctx, p) : kazaamPlayer(ctx, p))))));
}

function gaiaCard(ctx, pile, card) {
  if (card == null) return el("span", { class: "cardchip tb-empty" }, t("tb.empty"));
  if (typeof card === "string") return el("span", { class: `cardchip t-${card}` }, word(ctx, card));
  const params = { kind: term("gaia", card.kind), symbol: term("gaia", card.symbol),
    needs: (card.needs || []).map((n) => term("gaia", n)).join(", ") };
  return el("span", { class: "cardchip" }, t(card.kind === "city" ? "tb.cardCity" : "tb.cardAnimals", params));
}

function objectiveText(ctx, o) {
  return Object.entries(o.requires).map(([k, n]) => `${n} × ${term("gaia", k)}`).join(" + ");
}

function gaiaTable(ctx) {
  const s = ctx.state; const piles = s.piles || {};
  const names = Object.fromEntries(s.players.map((p) => [p.seat, p.name]));
  const decks = Object.entries(piles).filter(([k]) => k !== "discard");
  return [
    el("section", { class: "card", id: "objectives", "aria-label": t("tb.objectives") }, el("h2", {}, t("tb.objectives")),
      el("ol", { class: "tb-objectives" }, (s.objectives || []).map((o) => el("li", { "data-objective": o.id },
        el("span", {}, objectiveText(ctx, o)), " ",
        el("span", { class: `chip${o.claimed_by == null ? "" : " taken"}` },
          o.claimed_by == null ? t("tb.open") : t("tb.claimedBy", { who: names[o.claimed_by] ?? "" })))))),
    el("section", { class: "card", id: "face-up", "aria-label": t("tb.faceUp") }, el("h2", {}, t("tb.faceUp")),
      decks.map(([pile, p]) => el("div", { class: "tb-display", "data-pile": pile },
        el("h3", {}, term("gaia", pile)), el("div", { class: "cards" }, p.display.map((c) => gaiaCard(ctx, pile, c)))))),
    el("section", { class: "card", id: "piles", "aria-label": t("tb.piles") }, el("h2", {}, t("tb.piles")),
      el("dl", {}, decks.map(([pile, p]) => stat(t("tb.deck", { pile: term("gaia", pile) }), p.deck, `deck-${pile}`)),
        stat(t("tb.discard"), (piles.discard || []).length, "discard"),
        s.supply ? stat(t("tb.animalsLeft"), s.supply.animals, "animals") : null),
      s.supply ? el("p", {}, el("b", {}, t("tb.supply")), " ", counts(ctx, s.supply.tiles)) : null)];
}

function kazaamTable(ctx) {
  const s = ctx.state; const piles = s.piles || {};
  return [el("section", { class: "card", id: "piles", "aria-label": t("tb.piles") }, el("h2", {}, t("tb.piles")),
    s.final_round ? el("p", { class: "warnbox", id: "final-round" }, t("tb.finalRound")) : null,
    el("dl", {}, stat(t("tb.pile"), piles.pile ?? 0, "pile"), stat(t("tb.discard"), (piles.discard || []).length, "discard")))];
}

export function tablePanels(ctx) {
  if (ctx.boards?.[ctx.state.game]?.game?.tablePanels) return ctx.boards[ctx.state.game].game.tablePanels(ctx);
  return ctx.state.game === "gaia" ? gaiaTable(ctx) : kazaamTable(ctx);
}

// A score label: "<game>.score.<key>" from the engines' catalogue, else this page's own.
function scoreLabel(ctx, key) {
  return message(`${ctx.state.game}.score.${key}`) || t(`score.${key}`);
}

export function endPanel(ctx, extra) {
  const s = ctx.state; const result = s.result || {};
  const names = Object.fromEntries(s.players.map((p) => [p.seat, p.name]));
  const winners = (result.winners && result.winners.length ? result.winners : [result.winner]).filter((w) => w != null);
  const rows = ctx.score ? ctx.score.players : [];
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r.breakdown || {})
    .filter((k) => typeof r.breakdown[k] === "number")))];
  const headline = winners.length > 1 ? t("tb.winners", { who: winners.map((w) => names[w]).join(", ") })
    : winners.length ? t("tb.winner", { who: names[winners[0]] }) : t("tb.results");
  return el("section", { class: "card tb-end", id: "results", "aria-label": t("tb.results") },
    el("h2", { id: "winner" }, headline),
    result.reason ? el("p", { class: "hint", id: "reason" }, t("tb.reason", { reason: term(s.game, result.reason) })) : null,
    rows.length ? el("div", { class: "tb-scroll" }, el("table", { class: "score", id: "breakdown" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("tb.rank")), el("th", { scope: "col" }, t("tb.player")),
        keys.map((k) => el("th", { scope: "col", "data-key": k }, scoreLabel(ctx, k))), el("th", { scope: "col" }, t("tb.total")))),
      el("tbody", {}, rows.map((r) => el("tr", { "data-seat": r.seat },
        el("td", { "data-label": t("tb.rank") }, r.rank), el("th", { scope: "row" }, r.name),
        keys.map((k) => el("td", { "data-label": scoreLabel(ctx, k) }, (r.breakdown || {})[k] ?? 0)),
        el("td", { class: "tb-total", "data-label": t("tb.total") }, r.total)))))) : null,
    s.rematch ? el("p", { id: "rematch-open" }, t("tb.rematchOpen"), " ",
      el("a", { class: "btn primary", href: `/t/${s.rematch.session_id}` }, t("tb.rematchGo"))) : extra);
}
