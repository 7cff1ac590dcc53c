// The phone's game modules: which one a state's game uses, its lists and its pictures.
//
// Interface between this page and a game module (./<game>.js, by the state's game). It exports
//   export const game = {
//     renderBoard(state, ctx) -> Node          the board, fitting 360 px (scale or pan);
//                                             squares listed in ctx.targets are tappable
//                                             (call ctx.tap(at)); ctx.highlighted are marked
//     actionGroups(legal, state, me, ctx) -> [{kind, label, icon?, items: [{id, label,
//                                             icon?, run: () => void|Promise}]}]
//                                             kinds are the game's own (tile, draw,
//                                             build, power ...); end turn and answers
//                                             are not groups (see below)
//     prompt(legal, state, me, ctx) -> string|null   "what you may do now" for the status
//                                             line (null: the page's generic sentence)
//     urgent(legal, state, me, ctx) -> Node|null      something that must be answered now
//                                             (reaction window, feeding): shown first
//     handDeclaration(me, state, ctx) -> Node|null   own hand + a way to declare it
//                                             (PUT me/hand through ctx.declare(hand))
//     extras(state, me, ctx) -> Node[]        anything else (objectives, face-up cards…)
//     tablePlayer(ctx, player, parts) -> Node[]   optional, the table screen: rows of a
//                                             player's card (parts: {stat, counts, word})
//     tablePanels(ctx, parts) -> Node[]      optional, the table screen: beside the board
//     setupForm({players, options, words, put, onStart, compact}) -> Node   optional, the
//                                             lobby's setup checklist (the table screen's,
//                                             and every phone's): put(slot, value) sends a
//                                             place to the draft (-> the version it made),
//                                             node.update(draft, version) shows the draft
//                                             as it arrives; the host's Start
//                                             calls onStart(startBody)
//   };
// ctx = { game, state, me, legal, seat, host (true: the host plays for this seat), names: {seat: name},
//         send(move) -> Promise<bool>         posts the move (adds "seat" in host mode),
//                                             refreshes, scrolls back to the status line
//         declare(hand) -> Promise<bool>,
//         words: {kind: [values]}             the game's lists (GET /games), e.g. terrains
//         t, tn, term(value), icon(name, {label, size}) -> Element (SVG from icons.js, or
//         the word while icons.js is missing),
//         highlight(squares)                   mark squares on the board (no tapping)
//         pickSquare(squares, label) -> Promise<at|null>   ask for a tap on the board
//                                             (null when the person cancels)
//         sheet(title, content, onOk) -> void  a bottom sheet; onOk returning false keeps it
//         choice(label, values, {unknown, name, labels, onChange}) -> {node, value(): v|null, set(v)}
//                                             an icon grid (grid.js), nothing picked at first
//         slots(label, values, count, {name, labels, slotLabel}) -> {node, value(): [v]|null, set([v])}
//                                             count slots filled in tap order (a city's needs) }
// A module that exports only a view function (the older kazaamView(ctx)) still works.
import { api, pageModule } from "./common.js";

let icons = null;
try { icons = await import("./icons.js"); } catch { icons = null; }  // P4's icons, when shipped
// A game's page module (pageModule(): from the game's folder), loaded when a state first names the game, with the
// game's lists (GET /games → words) its pickers offer, as ctx.words.
const MODULES = {}; const WORDS = {};
export async function loadModule(game) {
  if (game in MODULES && WORDS[game]) return;
  const [mod, games] = await Promise.all([MODULES[game] || import(pageModule(game)).catch(() => null),
    api("GET", "/games")]);
  MODULES[game] = mod;
  const found = games.ok && Array.isArray(games.data) ? games.data.find((g) => g.id === game) : null;
  if (found) WORDS[game] = found.words;
}

// The module of a game loaded by loadModule() (null: the game has none, or not yet).
export function gameModule(game) { return MODULES[game] || null; }

// The game's lists (GET /games → words), e.g. its terrains.
export function gameWords(game) { return WORDS[game] || {}; }

// A game word's picture from icons.js, or null (then the word is written instead).
export function iconFor(game, name, opts = {}) {
  if (icons && icons.icon && (!icons.hasIcon || icons.hasIcon(game, name))) {
    try { return icons.icon(game, name, opts); } catch { /* fall back to the word */ }
  }
  return null;
}
