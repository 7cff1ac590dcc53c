// Icons shipped with the app: small inline SVG drawings (24 x 24), no emoji, no fonts.
// Every picture has its own shape, so no meaning rests on colour alone: each terrain
// has a pattern (grass, dunes, trees, waves, reeds, peaks), each homunculus a sign.
//   await iconsFor(game)                    loads the game's own set (with ./<game>.js)
//   icon(game, name, {label, size, decorative}) -> <svg role="img" aria-label=…>
//   hasIcon(game, name) -> bool
// Names are the engines' values ("forest", "unicorn_horn", "left_ear", "end_turn");
// slot names fall back to their part ("left_ear" -> "ear").
import { has, pageModule, t, term } from "./common.js";

// Labels for pictures that are actions or page things rather than game words: the
// catalogue's page words "icon.<name>".
// An action's picture says the action, even where the game has a word of the same name
// (a game may call its discard pile "discard").
const ACTIONS = new Set(["draw", "undo", "end_turn", "accept", "cancel", "claim", "feed", "build",
  "discard", "refresh"]);

const NS = "http://www.w3.org/2000/svg";
const INK = "#1f2933";

// [tag, attributes]; strokes default to currentColor (see draw()).
const p = (d, a = {}) => ["path", { d, ...a }];
const c = (cx, cy, r, a = {}) => ["circle", { cx, cy, r, ...a }];
const tile = (fill) => ["rect", { x: 1, y: 1, width: 22, height: 22, rx: 4, fill, stroke: INK, "stroke-width": 1 }];
const disc = (fill) => c(12, 12, 11, { fill, stroke: INK, "stroke-width": 1 });
const ink = { stroke: INK };
const white = { stroke: "#fff" };
const solid = (fill) => ({ fill, stroke: INK, "stroke-width": 1.2 });

// Drawings shared by every game (actions and card backs).
const COMMON = {
  draw: [["rect", { x: 5, y: 8, width: 11, height: 14, rx: 2 }], p("M9 8V4h10v14h-3"), p("M12 2l3 3-3 3")],
  undo: [p("M9 5L4 10l5 5"), p("M4 10h10a6 6 0 0 1 0 12h-3")],
  end_turn: [p("M3 12h14"), p("M12 6l6 6-6 6"), p("M21 4v16")],
  unknown: [["rect", { x: 4, y: 2, width: 16, height: 20, rx: 2 }], p("M9 9a3 3 0 1 1 4 2.8c-.8.4-1 1-1 2.2"), c(12, 18, 0.6, { fill: "currentColor" })],
  hand: [p("M4 18l3-12 6 2-3 12z"), p("M10 8l5-5 5 5-5 5"), p("M13 20l7-4")],
  deck: [["rect", { x: 6, y: 2, width: 14, height: 16, rx: 2 }], p("M4 5v15a2 2 0 0 0 2 2h11")],
  accept: [p("M4 12l5 5L20 6")],
  cancel: [p("M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z"), p("M8 12h8")],
  score: [p("M2 21h20M5 21v-8h3v8M10.5 21V5h3v16M16 21v-11h3v11")],
};

// Each game's own drawings: its page module (./<game>.js) imports its set
// (./<game>-icons.js), which calls addIcons; a page that has not loaded the module asks
// iconsFor(game).
const SETS = {};

export function addIcons(game, set) { SETS[game] = { ...(SETS[game] || {}), ...set }; }

// Loads a game's drawings once, with its page module (a game without a set of its own
// draws only the common ones).
export async function iconsFor(game) {
  if (game in SETS) return;
  try { await import(pageModule(game)); } catch { /* no page module: the common drawings */ }
  SETS[game] ||= {};
}

// The drawing helpers the games' sets are made of.
export const shapes = { p, c, tile, disc, ink, white, solid, INK };

function lookup(game, name) {
  const key = String(name ?? "").replace(/-/g, "_");
  const set = SETS[game] || {};
  const part = key.replace(/^(left|right)_/, "");  // a slot draws as its part
  return set[key] || set[part] || COMMON[key] || null;
}

export function hasIcon(game, name) {
  return lookup(game, name) !== null;
}

function labelFor(game, name) {
  const key = String(name).replace(/-/g, "_");
  if (ACTIONS.has(key)) return t(`icon.${key}`);
  const word = term(game, key);
  if (word !== key) return word;
  return has(`icon.${key}`) ? t(`icon.${key}`) : key.replace(/_/g, " ");
}

function draw(shapes) {
  return shapes.map(([tag, attrs]) => {
    const node = document.createElementNS(NS, tag);
    const all = { fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round",
      "stroke-linejoin": "round", ...attrs };
    for (const [k, v] of Object.entries(all)) node.setAttribute(k, String(v));
    return node;
  });
}

// An SVG picture of a game word. {decorative: true} hides it from screen readers
// (for an icon next to the same word written out).
export function icon(game, name, { label, size = 24, decorative = false } = {}) {
  const shapes = lookup(game, name);
  if (!shapes) throw new Error(`no icon for ${game}/${name}`);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("class", `icon icon-${String(name).replace(/_/g, "-")}`);
  svg.setAttribute("focusable", "false");
  if (decorative) svg.setAttribute("aria-hidden", "true");
  else {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label || labelFor(game, name));
  }
  svg.append(...draw(shapes));
  return svg;
}

// What the module can draw, for a test or a legend: {common: [names], <game>: [names]}
// (a game's once iconsFor(game) has loaded it).
export function names() {
  return { common: Object.keys(COMMON), ...Object.fromEntries(Object.entries(SETS).map(([g, set]) => [g, Object.keys(set)])) };
}
