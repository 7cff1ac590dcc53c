// Gaia's drawings for icons.js: terrains, symbols, piles, power cards and its actions.
import { addIcons, shapes } from "./icons.js";

const { p, c, tile, ink, white, solid, INK } = shapes;

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

addIcons("gaia", GAIA);
