// Kazaam's drawings for icons.js: homunculus types, parts, ingredients and its actions.
import { addIcons, shapes } from "./icons.js";

const { p, c, disc, ink, white, solid, INK } = shapes;

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

addIcons("kazaam", KAZAAM);
