"""Draw Gaia's public state as SVG: terrains, animals, cities and their needs, pawns."""

from __future__ import annotations

from html import escape
from typing import Any

from companion.games.messages import render, term

TERRAIN_FILL = {"plains": "#b9dc74", "desert": "#f3d27a", "forest": "#2f7d3a",
                "sea": "#3c86c8", "swamp": "#7a8a5c", "mountain": "#a3a3a3"}
NEED_FILL = {**TERRAIN_FILL, "animals": "#8d5524"}
PLAYER_FILL = {"red": "#d32f2f", "blue": "#1976d2", "green": "#2e9e44", "yellow": "#f9c22e",
               "purple": "#7b1fa2", "orange": "#f57c00"}
CELL = 96
PAD = 24


def _city(x: int, y: int, city: dict[str, Any], colors: dict[int, str], names: dict[int, str],
          lang: str) -> list[str]:
    out = [f'<rect x="{x + 14}" y="{y + 14}" width="{CELL - 28}" height="{CELL - 28}" rx="8" '
           f'fill="#fff" stroke="#222" stroke-width="2"/>',
           f'<text x="{x + CELL / 2}" y="{y + 36}" text-anchor="middle" font-size="13" '
           f'font-weight="bold">{city["satisfied"]}/4</text>']
    for i, (need, met) in enumerate(zip(city["needs"], city["met"], strict=False)):
        nx, ny = x + 19 + i * 15, y + 44
        out.append(f'<rect x="{nx}" y="{ny}" width="12" height="12" rx="2" '
                   f'fill="{NEED_FILL[need]}" stroke="{"#111" if met else "#bbb"}" '
                   f'stroke-width="{2 if met else 1}"><title>{escape(term("gaia", need, lang))}'
                   f'{" ✓" if met else ""}</title></rect>')
        if met:
            out.append(f'<text x="{nx + 6}" y="{ny + 24}" text-anchor="middle" '
                       f'font-size="10">✓</text>')
    for i, seat in enumerate(city["pawns"]):
        fill = PLAYER_FILL.get(colors.get(seat, ""), "#000")
        out.append(f'<circle cx="{x + 24 + i * 14}" cy="{y + CELL - 22}" r="6" fill="{fill}" '
                   f'stroke="#000"><title>{escape(names.get(seat, ""))}</title></circle>')
    return out


def draw(state: dict[str, Any], lang: str = "en") -> str:
    """The picture in ``lang``: terrains by colour and name (no coordinates: the table
    has none), cities with their needs met, pawns by their players' colours."""
    tiles = state.get("board", {}).get("tiles", [])
    colors = {p["seat"]: p.get("color") for p in state.get("players", [])}
    names = {p["seat"]: str(p.get("name", "")) for p in state.get("players", [])}
    if not tiles:
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="80" '
                'viewBox="0 0 320 80"><text x="160" y="45" text-anchor="middle" '
                f'font-family="sans-serif" font-size="16">'
                f'{escape(render("gaia.picture.empty", {}, lang))}</text></svg>')
    xs = [t["at"][0] for t in tiles]
    ys = [t["at"][1] for t in tiles]
    left, top = min(xs), min(ys)
    width = (max(xs) - left + 1) * CELL + 2 * PAD
    height = (max(ys) - top + 1) * CELL + 2 * PAD
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
             f'<rect width="{width}" height="{height}" fill="#f7f5ef"/>']
    for tile in sorted(tiles, key=lambda t: (t["at"][1], t["at"][0])):
        tx, ty = tile["at"]
        x, y = PAD + (tx - left) * CELL, PAD + (ty - top) * CELL
        parts.append(f'<g class="tile" data-at="{tx},{ty}" data-terrain="{tile["terrain"]}">'
                     f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                     f'rx="6" fill="{TERRAIN_FILL[tile["terrain"]]}" stroke="#444"/>'
                     f'<text x="{x + 6}" y="{y + 14}" font-size="10" fill="#111">'
                     f'{escape(term("gaia", tile["terrain"], lang))}</text>')
        if tile["animals"]:
            parts.append(f'<circle cx="{x + CELL - 18}" cy="{y + 18}" r="11" fill="#8d5524" '
                         f'stroke="#fff"/><text x="{x + CELL - 18}" y="{y + 22}" '
                         f'text-anchor="middle" font-size="12" fill="#fff">'
                         f'{tile["animals"]}</text>')
        if tile["city"]:
            parts += _city(x, y, tile["city"], colors, names, lang)
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)
