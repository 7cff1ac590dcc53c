// The line a round played all at once shows instead of "whose turn" (phone and table screen).
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
