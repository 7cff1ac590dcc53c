// What the moment is about, for the phone and the table screen: the line a round played
// all at once shows instead of "whose turn", and the squares a reaction or a refusal is about.
import { t } from "./common.js";

// A game played all at once (nobody on turn: the turn names no seat) has no "whose
// turn": everyone enters the round, and the state may say who has not entered yet.
export function together(state, names) {
  const turn = state.turn || {};
  if (state.status !== "playing" || Number.isInteger(turn.seat)) return null;
  const entered = Array.isArray(turn.entered) ? turn.entered : null;
  const left = entered ? state.players.filter((p) => !entered.includes(p.seat)).map((p) => names[p.seat] ?? p.name) : [];
  return { line: t("play.together"), left: left.length ? t("play.stillToEnter", { who: left.join(", ") }) : null };
}

const isSquare = (v) => Array.isArray(v) && v.length === 2 && v.every(Number.isInteger);

// The squares to mark on the board: those of the card a reaction window asks about (the
// tile a Sun would change, the two an Earthquake would swap) and those a refusal named.
export function marked(state, refusal) {
  const reaction = state && state.status === "playing" && state.turn && state.turn.reaction;
  return [reaction && reaction.target, refusal].flatMap((about) => ["at", "to"]
    .map((k) => about && about[k]).filter(isSquare));
}
