// The Gaia map on a phone: fits the screen's width, never narrower than 44 px a square
// (a larger map pans sideways inside its frame). Terrains carry their name or icon, not
// only their colour; cities show their needs (met ones ticked) and the pawns with initials.
import { el, COLORS } from "./common.js";

const NS = "http://www.w3.org/2000/svg";
const CELL = 60;
const FILL = { plains: "#b9dc74", desert: "#f3d27a", forest: "#2f7d3a", sea: "#3c86c8", swamp: "#7a8a5c",
  mountain: "#a3a3a3", animals: "#8d5524" };
const DARK = new Set(["forest", "sea", "swamp", "animals"]);

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text != null) node.textContent = text;
  return node;
}

const key = (at) => `${at[0]},${at[1]}`;

function placeIcon(c, name, x, y, size) {
  const icon = c.icon(name, { label: c.term(name), size });
  if (!icon || icon.namespaceURI !== NS) return false;
  icon.setAttribute("x", x); icon.setAttribute("y", y);
  icon.setAttribute("width", size); icon.setAttribute("height", size);
  return icon;
}

function drawTile(c, tile, x, y, initials) {
  const g = svg("g", { "data-at": key(tile.at), "data-terrain": tile.terrain });
  const ink = DARK.has(tile.terrain) ? "#fff" : "#111";
  g.append(svg("title", {}, c.term(tile.terrain)),
    svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 6, fill: FILL[tile.terrain] || "#ddd", stroke: "#444" }));
  const icon = placeIcon(c, tile.terrain, x + 3, y + 3, 16);
  if (icon) g.append(icon);
  else g.append(svg("text", { x: x + 4, y: y + CELL - 5, "font-size": 9, fill: ink }, c.term(tile.terrain).slice(0, 10)));
  if (tile.animals) {
    g.append(svg("circle", { cx: x + CELL - 14, cy: y + 14, r: 10, fill: FILL.animals, stroke: "#fff" }),
      svg("text", { x: x + CELL - 14, y: y + 18, "font-size": 12, fill: "#fff", "text-anchor": "middle", class: "animals" }, tile.animals));
  }
  if (tile.city) drawCity(c, g, tile.city, x, y, initials);
  return g;
}

function drawCity(c, g, city, x, y, initials) {
  // the needs in words for a screen reader; on screen, coloured squares ticked when met
  g.querySelector("title").textContent += ` · ${c.t("gb.city", { needs: city.needs.map(c.term).join(", "), n: city.satisfied })}`;
  g.append(svg("rect", { x: x + 8, y: y + 20, width: CELL - 16, height: CELL - 26, rx: 5, fill: "#fff", stroke: "#111" }),
    svg("text", { x: x + CELL / 2, y: y + 32, "font-size": 11, "text-anchor": "middle", class: "city-needs",
      "aria-label": c.t("gb.met", { n: city.satisfied }) }, `${city.satisfied}/4`));
  city.needs.forEach((need, i) => {
    const met = city.met && city.met[i];
    g.append(svg("rect", { x: x + 11 + i * 10, y: y + 36, width: 8, height: 8, fill: FILL[need] || "#ddd",
      stroke: met ? "#000" : "#bbb", "stroke-width": met ? 2 : 1 }, null));
    if (met) g.append(svg("path", { d: `M${x + 12 + i * 10} ${y + 40} l2 2 l4 -4`, stroke: "#fff", fill: "none", "stroke-width": 1.5 }));
  });
  city.pawns.forEach((seat, i) => {
    const cx = x + 16 + i * 12; const cy = y + CELL - 9;
    g.append(svg("circle", { cx, cy, r: 6, fill: initials[seat].color, stroke: "#000" }),
      svg("text", { x: cx, y: cy + 3, "font-size": 8, "text-anchor": "middle", fill: initials[seat].ink }, initials[seat].letter));
  });
}

export function boardSvg(state, c) {
  const tiles = state.board.tiles;
  const targets = c.targets || [];
  const marked = new Set((c.highlighted || []).map(key));
  const all = [...tiles.map((x) => x.at), ...targets];
  if (!all.length) return el("p", { class: "hint" }, c.t("gb.empty"));
  const xs = all.map((a) => a[0]); const ys = all.map((a) => a[1]);
  const left = Math.min(...xs); const top = Math.min(...ys);
  const cols = Math.max(...xs) - left + 1; const rows = Math.max(...ys) - top + 1;
  const root = svg("svg", { class: "board", id: "gaia-board", viewBox: `0 0 ${cols * CELL} ${rows * CELL}`,
    role: "group", "aria-label": c.t("gb.map"),
    style: `width:max(100%, ${cols * 50}px); max-width:${Math.max(cols * 72, 220)}px` });
  const initials = Object.fromEntries(state.players.map((p) => [p.seat, { color: COLORS[p.color] || "#888",
    letter: (p.name || "?").slice(0, 1).toUpperCase(), ink: ["yellow", "orange"].includes(p.color) ? "#000" : "#fff" }]));
  for (const tile of tiles) {
    const g = drawTile(c, tile, (tile.at[0] - left) * CELL, (tile.at[1] - top) * CELL, initials);
    if (marked.has(key(tile.at))) g.classList.add("marked");
    root.append(g);
  }
  for (const at of (c.highlighted || [])) {
    root.append(svg("rect", { x: (at[0] - left) * CELL + 2, y: (at[1] - top) * CELL + 2, width: CELL - 4, height: CELL - 4,
      rx: 7, class: "hl", fill: "none" }));
  }
  for (const at of targets) {
    const tile = tiles.find((x) => key(x.at) === key(at));
    const label = tile ? c.term(tile.terrain) : "";
    const target = svg("rect", { x: (at[0] - left) * CELL + 3, y: (at[1] - top) * CELL + 3, width: CELL - 6, height: CELL - 6,
      rx: 8, class: "legal", "data-target": key(at), tabindex: 0, role: "button", "aria-label": label || c.t("gb.free") });
    target.addEventListener("click", () => c.tap(at));
    target.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") c.tap(at); });
    root.append(target);
  }
  return root;
}
