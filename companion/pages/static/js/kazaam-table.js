// Kazaam on the table screen (table-panels.js calls these through kazaam.js): each
// player's prototype, ingredients, built parts and points, and the piles.
import { addStrings, el, t } from "./common.js";

addStrings({
  en: { "tb.tilesInHand": "Tiles in hand", "tb.built": "Built", "tb.ingredients": "Ingredients",
    "tb.prototype": "Prototype", "tb.ownIngredient": "Own ingredient", "tb.points": "Points",
    "tb.faceDown": "face down", "tb.pile": "Pile",
    "tb.finalRound": "Final round: the game ends when this round is over.", "score.parts": "Parts",
    "score.prototype": "Prototype parts", "score.chains": "Chains", "score.first_complete": "First complete" },
  it: { "tb.tilesInHand": "Tessere in mano", "tb.built": "Costruito", "tb.ingredients": "Ingredienti",
    "tb.prototype": "Prototipo", "tb.ownIngredient": "Ingrediente proprio", "tb.points": "Punti",
    "tb.faceDown": "coperta", "tb.pile": "Mucchio",
    "tb.finalRound": "Ultimo giro: la partita finisce alla fine di questo giro.", "score.parts": "Parti",
    "score.prototype": "Parti del prototipo", "score.chains": "Catene", "score.first_complete": "Primo completo" },
  de: { "tb.tilesInHand": "Plättchen auf der Hand", "tb.built": "Gebaut", "tb.ingredients": "Zutaten",
    "tb.prototype": "Prototyp", "tb.ownIngredient": "Eigene Zutat", "tb.points": "Punkte", "tb.faceDown": "verdeckt",
    "tb.pile": "Stapel", "tb.finalRound": "Letzte Runde: Das Spiel endet, wenn diese Runde vorbei ist.",
    "score.parts": "Teile", "score.prototype": "Prototyp-Teile", "score.chains": "Ketten",
    "score.first_complete": "Zuerst fertig" },
});

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
  return [el("section", { class: "card", id: "piles", "aria-label": t("tb.piles") }, el("h2", {}, t("tb.piles")),
    s.final_round ? el("p", { class: "warnbox", id: "final-round" }, t("tb.finalRound")) : null,
    el("dl", {}, stat(t("tb.pile"), piles.pile ?? 0, "pile"), stat(t("tb.discard"), (piles.discard || []).length, "discard")))];
}
