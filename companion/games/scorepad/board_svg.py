"""The score pad as a picture: players across the top, rounds down, then the category
totals, the total and the rank, as on a paper pad (S3.2)."""

from __future__ import annotations

from html import escape
from typing import Any

from companion.games.messages import render, term
from companion.games.ranking import places

FILL = {"red": "#d32f2f", "blue": "#1976d2", "green": "#2e9e44", "yellow": "#f9c22e",
        "purple": "#7b1fa2", "orange": "#f57c00", "pink": "#e91e8c", "teal": "#00897b",
        "brown": "#795548", "grey": "#757575", "lime": "#9ccc3c", "navy": "#1a237e"}
LABEL_W, COL_W, ROW_H, PAD, HEAD_H = 120, 84, 28, 12, 64
DASH = "\u2013"


def _num(value: int | None) -> str:
    """A number as printed: a real minus sign; a dash for no entry."""
    return DASH if value is None else str(value).replace("-", "\u2212")


def _short(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "\u2026"


def _cell(x: float, y: float, text: str, *, bold: bool = False, anchor: str = "middle",
          full: str | None = None) -> str:
    weight = ' font-weight="bold"' if bold else ""
    tip = f"<title>{escape(full)}</title>" if full and full != text else ""
    return (f'<text x="{x}" y="{y + ROW_H / 2 + 5}" text-anchor="{anchor}" font-size="14"'
            f'{weight}>{escape(text)}{tip}</text>')


def _heading(state: dict[str, Any], lang: str) -> tuple[str, str]:
    title = state.get("title") or render("scorepad.picture.name", {}, lang)
    if state.get("status") == "finished" or state.get("result"):
        return title, render("scorepad.picture.over", {}, lang)
    number, count = state.get("round", 1), state.get("rounds")
    if count:
        return title, render("scorepad.picture.round_of", {"number": number, "count": count},
                             lang)
    return title, render("scorepad.picture.round", {"number": number}, lang)


def _rows(state: dict[str, Any], lang: str) -> list[tuple[str, list[str], str]]:
    """(label, one value per player, kind) for every row below the names."""
    players = state["players"]
    rows = [(render("scorepad.score.round", {"number": i + 1}, lang),
             [_num(p["rounds"][i]) for p in players],
             "current" if i + 1 == state.get("round") and not state.get("result") else "")
            for i in range(len(players[0]["rounds"]))]
    for name in (state.get("options") or {}).get("categories") or []:
        rows.append((name, [_num(p["categories"].get(name, 0)) for p in players], "category"))
    rows.append((term("scorepad", "total", lang), [_num(p["total"]) for p in players], "total"))
    low_wins = bool((state.get("options") or {}).get("low_wins"))
    placed = places({p["seat"]: p["total"] for p in players}, low_wins)
    rows.append((render("scorepad.score.rank", {}, lang),
                 [str(placed[p["seat"]]) for p in players], "rank"))
    return rows


def _header(players: list[dict[str, Any]], on_turn: Any) -> list[str]:
    out = []
    for i, p in enumerate(players):
        x = PAD + LABEL_W + i * COL_W
        color = FILL.get(str(p.get("color")), "#444")
        if p["seat"] == on_turn:
            out.append(f'<rect x="{x + 2}" y="{HEAD_H - 4}" width="{COL_W - 4}" '
                       f'height="{ROW_H + 4}" rx="6" fill="#fff3c4" data-turn="true"/>')
        out.append(f'<rect x="{x + 6}" y="{HEAD_H + ROW_H - 6}" width="{COL_W - 12}" '
                   f'height="4" rx="2" fill="{color}"/>')
        out.append(_cell(x + COL_W / 2, HEAD_H - 2, _short(str(p["name"]), 10), bold=True,
                         full=str(p["name"])))
    return out


def _body(rows: list[tuple[str, list[str], str]], width: float) -> list[str]:
    out = []
    for r, (label, values, kind) in enumerate(rows):
        y = HEAD_H + ROW_H + 4 + r * ROW_H
        if kind == "current":
            out.append(f'<rect x="{PAD}" y="{y}" width="{width - 2 * PAD}" height="{ROW_H}" '
                       f'fill="#eef4ff"/>')
        if kind == "total" or (kind == "category" and rows[r - 1][2] != "category"):
            out.append(f'<line x1="{PAD}" y1="{y}" x2="{width - PAD}" y2="{y}" '
                       f'stroke="#222" stroke-width="1.5"/>')
        bold = kind in ("total", "rank")
        if kind != "category":  # the pad's words start a row with a capital, as typed names do
            label = label[:1].upper() + label[1:]
        out.append(_cell(PAD + 6, y, _short(label, 14), anchor="start", bold=bold, full=label))
        for i, value in enumerate(values):
            out.append(_cell(PAD + LABEL_W + i * COL_W + COL_W / 2, y, value, bold=bold))
    return out


def draw(state: dict[str, Any], lang: str = "en") -> str:
    """The score table in ``lang``; before the game starts, a waiting note."""
    players = state.get("players") or []
    if not players or "rounds" not in players[0]:
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="80" '
                'viewBox="0 0 320 80"><text x="160" y="45" text-anchor="middle" '
                'font-family="sans-serif" font-size="16">'
                f'{escape(render("scorepad.picture.waiting", {}, lang))}</text></svg>')
    rows = _rows(state, lang)
    width = 2 * PAD + LABEL_W + len(players) * COL_W
    height = HEAD_H + ROW_H + 4 + len(rows) * ROW_H + PAD
    title, subtitle = _heading(state, lang)
    on_turn = None if state.get("result") else (state.get("turn") or {}).get("seat")
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#fffdf6"/>',
        f'<text x="{PAD}" y="{PAD + 18}" font-size="18" font-weight="bold">'
        f'{escape(title)}</text>',
        f'<text x="{PAD}" y="{PAD + 38}" font-size="13" fill="#555">{escape(subtitle)}</text>',
        *_header(players, on_turn), *_body(rows, width), "</svg>"])
