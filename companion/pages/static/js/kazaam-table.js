// Kazaam on the table screen (table-panels.js calls these through kazaam.js): each
// player's prototype, ingredients, built parts and points, and the piles.
import { remember } from "./box.js";
import { el, t } from "./common.js";

// a box holds at most every part of every homunculus of the largest set, 4 of each (K1.5)
export const BOX_MOST = 7 * 6 * 4;

function built(ctx, board, word) {
  const parts = Object.entries(board || {}).filter(([, part]) => part);
  if (!parts.length) return t("tb.none");
  return el("ul", { class: "tb-parts" }, parts.map(([slot, part]) => el("li", { "data-slot": slot },
    word(ctx, slot), ": ", word(ctx, part.homunculus), part.face_up ? null : ` (${t("tb.faceDown")})`)));
}

export function tablePlayer(ctx, p, { stat, counts, word }) {
  return [stat(t("tb.prototype"), word(ctx, p.prototype), "prototype"),
    stat(t("tb.ownIngredient"), word(ctx, p.ingredient), "ingredient"),
    stat(t("tb.tilesInHand"), p.hand_size, "hand"),
    stat(t("tb.built"), built(ctx, p.board, word), "board"),
    stat(t("tb.ingredients"), counts(ctx, p.ingredients), "ingredients"),
    stat(t("tb.points"), p.score ? p.score.total : 0, "points")];
}

export function tablePanels(ctx, { stat }) {
  const s = ctx.state; const piles = s.piles || {};
  remember(s, BOX_MOST);  // the host's screen: what this table has seen joins the device's box
  return [el("section", { class: "card", id: "piles", "aria-label": t("tb.piles") }, el("h2", {}, t("tb.piles")),
    s.final_round ? el("p", { class: "warnbox", id: "final-round" }, t("tb.finalRound")) : null,
    el("dl", {}, stat(t("tb.pile"), piles.pile ?? 0, "pile"), stat(t("tb.discard"), (piles.discard || []).length, "discard")))];
}
