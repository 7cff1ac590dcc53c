"""Draw every player's homunculus board and ingredient pool as SVG."""

from __future__ import annotations

from html import escape
from typing import Any

from companion.games.kazaam.components import LAYOUT
from companion.games.messages import render, term

TYPE_FILL = {"fire": "#e4572e", "bone": "#ece4d0", "reptile": "#5b9a3c", "wood": "#9c6b3c",
             "fur": "#c9a27e", "insect": "#7b5ea7", "stone": "#8e9aa6"}
PLAYER_FILL = {"red": "#d32f2f", "blue": "#1976d2", "green": "#2e9e44", "yellow": "#f9c22e",
               "purple": "#7b1fa2", "orange": "#f57c00"}
CELL, GAP, PAD = 78, 6, 16
BOARD_W = 3 * CELL + 2 * GAP
BOARD_H = 3 * CELL + 2 * GAP + 70


def _slot(x: int, y: int, slot: str, built: dict[str, Any] | None, lang: str) -> str:
    label = escape(term("kazaam", slot, lang))
    if built is None:
        return (f'<g data-slot="{slot}" data-state="empty"><rect x="{x}" y="{y}" width="{CELL}" '
                f'height="{CELL}" rx="8" fill="#fff" stroke="#bbb" stroke-dasharray="4 3"/>'
                f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 4}" text-anchor="middle" '
                f'font-size="11" fill="#999">{label}</text></g>')
    up = built["face_up"]
    fill = TYPE_FILL[built["homunculus"]] if up else "#555"
    cost = escape(", ".join(term("kazaam", i, lang) for i in built["ingredients"]))
    kind = escape(term("kazaam", built["homunculus"], lang))
    down = escape(term("kazaam", "face_down", lang))
    return (f'<g data-slot="{slot}" data-state="{"up" if up else "down"}"'
            f' data-type="{built["homunculus"]}"><rect x="{x}" y="{y}" width="{CELL}" '
            f'height="{CELL}" rx="8" fill="{fill}" stroke="#222" stroke-width="2"/>'
            f'<text x="{x + CELL / 2}" y="{y + 30}" text-anchor="middle" font-size="13" '
            f'font-weight="bold" fill="{"#111" if up else "#eee"}">{kind}</text>'
            f'<text x="{x + CELL / 2}" y="{y + 48}" text-anchor="middle" font-size="11" '
            f'fill="{"#111" if up else "#eee"}">{label}{"" if up else f" ({down})"}</text>'
            f'<title>{kind} {label}: {cost}</title></g>')


def _player(ox: int, player: dict[str, Any], lang: str) -> list[str]:
    color = PLAYER_FILL.get(player.get("color") or "", "#000")
    prototype = term("kazaam", str(player.get("prototype")), lang)
    points = render("kazaam.picture.points", {"n": player["score"]["total"]}, lang)
    out = [f'<g class="player" data-seat="{player["seat"]}">',
           f'<rect x="{ox - 8}" y="{PAD - 8}" width="{BOARD_W + 16}" height="{BOARD_H + 16}" '
           f'rx="12" fill="#fff" stroke="{color}" stroke-width="4"/>',
           f'<text x="{ox}" y="{PAD + 12}" font-size="15" font-weight="bold">'
           f'{escape(player["name"])} · {escape(prototype)} · {escape(points)}</text>']
    for r, row in enumerate(LAYOUT):
        for c, slot in enumerate(row):
            out.append(_slot(ox + c * (CELL + GAP), PAD + 24 + r * (CELL + GAP), slot,
                             player["board"][slot], lang))
    pool = ", ".join(f"{term('kazaam', k, lang)} {v}" for k, v in player["ingredients"].items()
                     if v)
    held = render("kazaam.picture.in_hand", {"n": player["hand_size"]}, lang)
    empty = render("kazaam.picture.no_ingredients", {}, lang)
    out.append(f'<text x="{ox}" y="{PAD + 24 + 3 * (CELL + GAP) + 14}" font-size="12">'
               f'{escape(pool or empty)} · {escape(held)}</text></g>')
    return out


def draw(state: dict[str, Any], lang: str = "en") -> str:
    """Every player's board in ``lang``."""
    players = state.get("players", [])
    if not players or "board" not in players[0]:
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="80" '
                'viewBox="0 0 320 80"><text x="160" y="45" text-anchor="middle" '
                'font-family="sans-serif" font-size="16">'
                f'{escape(render("kazaam.picture.waiting", {}, lang))}</text></svg>')
    width = len(players) * (BOARD_W + 2 * PAD + 8) + PAD
    height = BOARD_H + 2 * PAD + 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
             f'<rect width="{width}" height="{height}" fill="#f4f1fa"/>']
    for i, player in enumerate(players):
        parts += _player(PAD + 8 + i * (BOARD_W + 2 * PAD + 8), player, lang)
    parts.append("</svg>")
    return "".join(parts)
