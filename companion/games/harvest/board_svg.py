"""The harvest's picture: one bar per player, as long as the total."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from companion.games.base import COLORS

HUES = dict(zip(COLORS, ("#c0392b", "#2e6db4", "#2f8f46", "#d4a017", "#7d3c98", "#e67e22"),
                strict=True))


def draw(view: dict[str, Any], lang: str) -> str:
    players = view.get("players") or []
    most = max([p.get("total", 0) for p in players] + [1])
    rows = []
    for i, p in enumerate(players):
        width = 10 + 280 * p.get("total", 0) // most
        y = 10 + 30 * i
        rows.append(f'<rect x="100" y="{y}" width="{width}" height="20" '
                    f'fill="{HUES.get(str(p.get("color")), "#888")}"/>'
                    f'<text x="5" y="{y + 15}" font-size="14">{escape(str(p["name"]))}</text>'
                    f'<text x="{110 + width}" y="{y + 15}" font-size="14">'
                    f'{int(p.get("total", 0))}</text>')
    height = 20 + 30 * len(players)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 440 {height}" '
            f'width="440" height="{height}">{"".join(rows)}</svg>')
