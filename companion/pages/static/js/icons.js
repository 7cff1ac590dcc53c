// Icons shipped with the app: small inline SVG drawings (24 x 24), no emoji, no fonts.
// Every picture has its own shape, so no meaning rests on colour alone: each terrain
// has a pattern (grass, dunes, trees, waves, reeds, peaks), each homunculus a sign.
//   icon(game, name, {label, size, decorative}) -> <svg role="img" aria-label=…>
//   hasIcon(game, name) -> bool
// Names are the engines' values ("forest", "unicorn_horn", "left_ear", "end_turn");
// slot names fall back to their part ("left_ear" -> "ear").
import { addStrings, t, term } from "./common.js";

// Labels for pictures that are actions or page things rather than game words.
addStrings({
  en: { "icon.draw": "Draw", "icon.undo": "Undo", "icon.end_turn": "End turn", "icon.unknown": "Unknown",
    "icon.hand": "Hand", "icon.deck": "Deck", "icon.accept": "Accept", "icon.cancel": "Cancel it",
    "icon.score": "Score", "icon.claim": "Claim an objective", "icon.feed": "Feed", "icon.tile": "Tile",
    "icon.build": "Build", "icon.discard": "Discard", "icon.power": "Power", "icon.refresh": "Refresh",
    "icon.face_down": "Face down", "icon.objective": "Objective", "icon.pawn": "Pawn" },
  it: { "icon.draw": "Pesca", "icon.undo": "Annulla", "icon.end_turn": "Fine turno", "icon.unknown": "Sconosciuta",
    "icon.hand": "Mano", "icon.deck": "Mazzo", "icon.accept": "Accetta", "icon.cancel": "Annullala",
    "icon.score": "Punteggio", "icon.claim": "Prendi un obiettivo", "icon.feed": "Sfama", "icon.tile": "Tessera",
    "icon.build": "Costruisci", "icon.discard": "Scarta", "icon.power": "Potere", "icon.refresh": "Rinnova",
    "icon.face_down": "Coperto", "icon.objective": "Obiettivo", "icon.pawn": "Pedina" },
  de: { "icon.draw": "Ziehen", "icon.undo": "Zurück", "icon.end_turn": "Zug beenden", "icon.unknown": "Unbekannt",
    "icon.hand": "Hand", "icon.deck": "Stapel", "icon.accept": "Annehmen", "icon.cancel": "Abwehren",
    "icon.score": "Wertung", "icon.claim": "Ein Ziel nehmen", "icon.feed": "Füttern", "icon.tile": "Plättchen",
    "icon.build": "Bauen", "icon.discard": "Abwerfen", "icon.power": "Fähigkeit", "icon.refresh": "Auffrischen",
    "icon.face_down": "Verdeckt", "icon.objective": "Ziel", "icon.pawn": "Figur" },
});
// An action's picture says the action, even where the game has a word of the same name
// ("discard" is the discard pile in Kazaam's words).
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

// Drawings shared by both games (actions and card backs).
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

const GAIA = {
  // terrains: colour plus a pattern of its own
  plains: [tile("#c7e08b"), p("M4 18l2-5 2 5M10 18l2-6 2 6M16 18l2-5 2 5M5 8h4M14 6h5", ink)],
  desert: [tile("#f2d88f"), p("M2 17q5-6 10 0t10 0", ink), c(17, 7, 3, { ...ink, fill: "#fff6c9" }), c(6, 20, 0.8, { fill: INK }), c(12, 21, 0.8, { fill: INK })],
  forest: [tile("#3d8b4d"), p("M8 3l-5 10h10zM8 13v6M16 7l-5 9h10zM16 16v4", white)],
  sea: [tile("#4a8fd8"), p("M3 8q3-3 6 0t6 0t6 0M3 13q3-3 6 0t6 0t6 0M3 18q3-3 6 0t6 0t6 0", white)],
  swamp: [tile("#8a9a5b"), p("M6 18V7M11 18V5M16 18V8", ink), ["ellipse", { cx: 6, cy: 8, rx: 1.2, ry: 2.5, fill: INK }],
    ["ellipse", { cx: 11, cy: 6, rx: 1.2, ry: 2.5, fill: INK }], p("M3 20h5M10 20h4M16 20h5M14 15h6", ink)],
  mountain: [tile("#a4a7ab"), p("M2 21l7-13 4 6 3-5 6 12z", solid("#6b7075")), p("M7.4 11l1.6-3 1.8 2.8-1.6 1z", { fill: "#fff", stroke: "none" })],
  star: [p("M12 2l3 6.5 7 .9-5.2 4.8 1.4 7L12 17.8 5.8 21.2l1.4-7L2 9.4l7-.9z", solid("#f5c542"))],
  animals: [c(6, 10, 2.2, solid("#8d5a3b")), c(10, 5.5, 2.2, solid("#8d5a3b")), c(14.5, 5.5, 2.2, solid("#8d5a3b")),
    c(18.5, 10, 2.2, solid("#8d5a3b")), p("M12 11c3 0 6 4 6 7 0 2-2 3-3.5 2.5-1.5-.5-3.5-.5-5 0C8 21 6 20 6 18c0-3 3-7 6-7z", solid("#8d5a3b"))],
  city: [p("M3 21V11l5-3v13M8 21V5h7v16M15 21v-9h6v9M2 21h20", solid("#e3e7eb")), p("M10.5 8h2M10.5 11h2M10.5 14h2M17 15h2", ink)],
  pawn: [c(12, 6, 3.5, solid("currentColor")), p("M12 10c-3 0-4 4-4 6l-3 5h14l-3-5c0-2-1-6-4-6z", solid("currentColor"))],
  // the piles and card kinds
  nature: [p("M5 19C5 9 11 4 20 4c0 9-5 15-15 15z", solid("#6fbf73")), p("M5 19L14 10", ink)],
  life: [p("M12 21C5 16 2 12 2 8a5 5 0 0 1 10-2 5 5 0 0 1 10 2c0 4-3 8-10 13z", solid("#e57373"))],
  power: [p("M12 2l2.5 7.5H22l-6 4.5 2.3 7.5L12 17l-6.3 4.5L8 14 2 9.5h7.5z", solid("#b39ddb")), c(12, 12, 2, { fill: INK })],
  objective: [p("M5 22V3"), p("M5 4h13l-3 4 3 4H5", solid("#ffd54f"))],
  // power cards (expert game)
  sun: [c(12, 12, 5, solid("#ffca28")), p("M12 1v4M12 19v4M1 12h4M19 12h4M4.2 4.2l2.8 2.8M17 17l2.8 2.8M4.2 19.8L7 17M17 7l2.8-2.8")],
  rain: [p("M6 14a4 4 0 0 1 .5-8 6 6 0 0 1 11 1.5A3.5 3.5 0 0 1 18 14z", solid("#cfd8dc")), p("M8 17l-1 4M12 17l-1 4M16 17l-1 4", { stroke: "#1e63b5" })],
  earthquake: [p("M2 8h7l-2 5 4-1-2 9M13 8h9"), p("M2 3h20", { "stroke-dasharray": "2 2" })],
  tornado: [p("M3 4h18M5 8h14M8 12h10M10 16h6M12 20h3")],
  defense: [p("M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z", solid("#90caf9")), p("M8 12l3 3 5-6", ink)],
  volcano: [p("M2 22l7-12h6l7 12z", solid("#795548")), p("M10 10l2 4 2-4M9 6l1 2M12 3v4M15 6l-1 2", { stroke: "#e64a19" })],
  lightning: [p("M13 2L4 14h7l-2 8 10-13h-7z", solid("#ffeb3b"))],
  // actions
  claim: [p("M7 3h10v5a5 5 0 0 1-10 0z", solid("#ffd54f")), p("M7 5H4a3 3 0 0 0 3 4M17 5h3a3 3 0 0 1-3 4M12 13v5M8 21h8")],
  feed: [p("M3 12h18a9 9 0 0 1-18 0z", solid("#ffe0b2")), p("M9 9c-1-2 1-3 0-5M14 9c-1-2 1-3 0-5")],
  tile: [p("M12 2l9 5v10l-9 5-9-5V7z")],
};

const KAZAAM = {
  // homunculus types: a sign each
  fire: [disc("#f4a582"), p("M12 4c1 4 6 6 5 11a5 5 0 0 1-10 0c0-3 2-4 2-6 1 1 2 2 2 3 1-2 2-4 1-8z", solid("#e4572e"))],
  bone: [disc("#f1ebdb"), p("M7 6a2 2 0 1 1 2.5 2.5l6 6A2 2 0 1 1 18 17a2 2 0 1 1-2.5-2.5l-6-6A2 2 0 1 1 7 6z", solid("#fffdf5"))],
  reptile: [disc("#9ccc9c"), p("M5 10q2.5-3 5 0t5 0t5 0M5 15q2.5-3 5 0t5 0t5 0M7.5 12.5v0", ink), c(8, 7, 1, { fill: INK })],
  wood: [disc("#d2a679"), c(12, 12, 6.5, ink), c(12, 12, 3.5, ink), c(12, 12, 0.8, { fill: INK }), p("M12 1v3", ink)],
  fur: [disc("#e0c29a"), p("M5 9q2-3 3 0t3 0t3 0t3 0t3 0M5 14q2-3 3 0t3 0t3 0t3 0t3 0M7 19q2-3 3 0t3 0t3 0", ink)],
  insect: [disc("#c5b3e6"), ["ellipse", { cx: 12, cy: 13, rx: 3, ry: 5.5, ...solid("#6b4fa0") }], c(12, 6, 2, solid("#6b4fa0")),
    p("M9 10l-4-2M9 13H4M9 16l-4 2M15 10l4-2M15 13h5M15 16l4 2M11 4l-2-2M13 4l2-2", ink)],
  stone: [disc("#c8cbd0"), p("M5 15l2-7 6-3 6 4 1 7-5 3H8z", solid("#8a8f98")), p("M9 11l3 2 4-2", ink)],
  // parts of the board (and their powers)
  head: [c(12, 10, 7), c(9.5, 9, 0.9, { fill: "currentColor" }), c(14.5, 9, 0.9, { fill: "currentColor" }), p("M9.5 13q2.5 2 5 0M9 20h6")],
  torso: [p("M4 7c3-3 13-3 16 0l-3 4 1 10H6l1-10z"), p("M12 8v6M9 17h6")],
  ear: [p("M8 9a5 5 0 0 1 10 0c0 4-4 5-4 8a3 3 0 0 1-6 0"), p("M11 9a2 2 0 0 1 4 0c0 2-2 2-2 4")],
  arm: [p("M3 20h8c5 0 9-4 9-9 0-3-2-6-5-6l-3 2 1 3 2-1c0 3-2 5-5 5H3")],
  leg: [p("M9 2v13l-4 5h11l1-2-4-3V2")],
  tail: [p("M3 20c6 0 10-3 10-8a4 4 0 0 0-8 0c0 2 2 3 3.5 2"), p("M13 12c2 3 6 3 8 1")],
  // ingredients (alchemical signs and things)
  mercury: [c(12, 10, 4), p("M8 3a4 4 0 0 0 8 0M12 14v8M9 19h6")],
  sulphur: [p("M12 2l6 10H6z"), p("M12 12v10M8 17h8")],
  mandrake: [p("M12 10c-4 0-5 5-3 8l-2 4M12 10c4 0 5 5 3 8l2 4M12 14v8", { stroke: "#8d6e63" }), p("M12 10c-2-3-5-4-7-3 2 2 5 3 7 3zM12 10c2-3 5-4 7-3-2 2-5 3-7 3zM12 10V3", { stroke: "#2e7d32" })],
  unicorn_horn: [p("M5 22L17 2l2 1z", solid("#f8f4ff")), p("M8 17l5 1M10 13l5 1.5M12.5 9l4 1.5")],
  dragon_blood: [p("M12 2C9 8 5 12 5 16a7 7 0 0 0 14 0c0-4-4-8-7-14z", solid("#c62828")), p("M9 16a3 3 0 0 0 3 3", white)],
  phoenix_feather: [p("M20 3C10 3 5 10 5 19l-2 3M5 19c6 0 12-4 15-16", solid("#ffb74d")), p("M8 15l5-1M10 11l5-1M13 7l4-1", ink)],
  // actions
  build: [p("M14 3l7 7-3 3-7-7zM12.5 8.5L3 18l3 3 9.5-9.5")],
  discard: [p("M4 6h16M9 6V3h6v3M6 6l1 16h10l1-16"), p("M10 10v8M14 10v8")],
  power: [p("M12 2l2 7 7 1-5.5 4 2 8L12 17.5 6.5 22l2-8L3 10l7-1z")],
  refresh: [p("M20 12a8 8 0 0 1-14 5M4 12a8 8 0 0 1 14-5"), p("M18 2v5h-5M6 22v-5h5")],
  face_down: [["rect", { x: 4, y: 2, width: 16, height: 20, rx: 2, fill: "#5d4e7b", stroke: INK }], p("M4 2l16 20M20 2L4 22", { stroke: "#b7a6d9" })],
};

const SETS = { gaia: GAIA, kazaam: KAZAAM };

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
  const own = t(`icon.${key}`);
  return own !== `icon.${key}` ? own : key.replace(/_/g, " ");
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

// What the module can draw, for a test or a legend: {game: [names]}.
export const names = { common: Object.keys(COMMON), gaia: Object.keys(GAIA), kazaam: Object.keys(KAZAAM) };
