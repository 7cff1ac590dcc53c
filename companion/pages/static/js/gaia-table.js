// Gaia on the table screen (table-panels.js calls these through gaia.js): each player's
// pawns and cards, and the objectives, face-up cards and piles beside the board.
import { remember } from "./box.js";
import { el, t, term } from "./common.js";

// a box holds at most the life deck's city cards (G1: 19) and each objective face G2.1
// allows once (15 pairs of different terrains, all six)
export const BOX_MOST = { city: 19, objective: 16 };

export function tablePlayer(ctx, p, { stat, counts }) {
  const hand = Object.entries(p.hand_counts || {}).map(([pile, n]) => `${n} ${term("gaia", pile)}`).join(" · ");
  return [stat(t("tb.pawnsLeft"), p.pawns_in_hand, "pawns"), stat(t("tb.pawnsPlaced"), p.pawns_placed, "placed"),
    stat(t("tb.inHand"), hand ? `${p.hand_size} (${hand})` : p.hand_size, "hand"),
    stat(t("tb.played"), counts(ctx, p.tableau), "tableau"),
    p.powers ? stat(t("tb.powersPlayed"), counts(ctx, p.powers), "powers") : null];
}

function gaiaCard(ctx, card, word) {
  if (card == null) return el("span", { class: "cardchip tb-empty" }, t("tb.empty"));
  if (typeof card === "string") return el("span", { class: `cardchip t-${card}` }, word(ctx, card));
  const params = { kind: term("gaia", card.kind), symbol: term("gaia", card.symbol),
    needs: (card.needs || []).map((n) => term("gaia", n)).join(", ") };
  return el("span", { class: "cardchip" }, t(card.kind === "city" ? "tb.cardCity" : "tb.cardAnimals", params));
}

function objectiveText(o) {
  return Object.entries(o.requires).map(([k, n]) => `${n} × ${term("gaia", k)}`).join(" + ");
}

export function tablePanels(ctx, { stat, counts, word }) {
  const s = ctx.state; const piles = s.piles || {};
  remember(s, BOX_MOST);  // the host's screen: what this table has seen joins the device's box
  const names = Object.fromEntries(s.players.map((p) => [p.seat, p.name]));
  const decks = Object.entries(piles).filter(([k]) => k !== "discard");
  return [
    el("section", { class: "card", id: "objectives", "aria-label": t("tb.objectives") }, el("h2", {}, t("tb.objectives")),
      el("ol", { class: "tb-objectives" }, (s.objectives || []).map((o) => el("li", { "data-objective": o.id },
        el("span", {}, objectiveText(o)), " ",
        el("span", { class: `chip${o.claimed_by == null ? "" : " taken"}` },
          o.claimed_by == null ? t("tb.open") : t("tb.claimedBy", { who: names[o.claimed_by] ?? "" })))))),
    el("section", { class: "card", id: "face-up", "aria-label": t("tb.faceUp") }, el("h2", {}, t("tb.faceUp")),
      decks.map(([pile, p]) => el("div", { class: "tb-display", "data-pile": pile },
        el("h3", {}, term("gaia", pile)), el("div", { class: "cards" }, p.display.map((c) => gaiaCard(ctx, c, word)))))),
    el("section", { class: "card", id: "piles", "aria-label": t("tb.piles") }, el("h2", {}, t("tb.piles")),
      el("dl", {}, decks.map(([pile, p]) => stat(t("tb.deck", { pile: term("gaia", pile) }), p.deck, `deck-${pile}`)),
        stat(t("tb.discard"), (piles.discard || []).length, "discard"),
        s.supply ? stat(t("tb.animalsLeft"), s.supply.animals, "animals") : null),
      s.supply ? el("p", {}, el("b", {}, t("tb.supply")), " ", counts(ctx, s.supply.tiles)) : null)];
}
