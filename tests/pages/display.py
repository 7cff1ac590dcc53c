"""The table screen as a display: tables set up through the API that fill it (a 4 x 6
Gaia map, five Kazaam boards), and the geometry check every display test runs."""

from __future__ import annotations

from typing import Any

from tests.api.client import DISPLAY, OBJECTIVES, Api

SIZES = {"small laptop": {"width": 1024, "height": 768}, "laptop": {"width": 1280, "height": 800},
         "tv": {"width": 1920, "height": 1080}}
# within the card limits of G1.2 (the display holds a plains, a desert and a mountain)
TERRAIN_ROUND = ["plains", "forest", "sea", "swamp", "plains", "forest", "sea", "desert",
                 "mountain", "swamp"]
NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]
PROTOTYPES = ["wood", "fire", "bone", "reptile", "stone"]
INGREDIENTS = ["mercury", "sulphur", "mandrake", "unicorn_horn", "dragon_blood"]


def _play_tile_or_draw(api: Api, sid: str, tokens: list[str], terrain: str,
                       at: tuple[int, int]) -> bool:
    """One step of whoever is on turn: the tile if their hand allows, else a draw."""
    turn = api.get(f"/sessions/{sid}").json()["turn"]
    token = tokens[turn["seat"]]
    if turn["actions_left"] == 0:  # an objective could be claimed: the turn waits
        assert api.post(f"/sessions/{sid}/moves", token, json={"type": "end_turn"}).ok
        return False
    placed = api.post(f"/sessions/{sid}/moves", token,
                      json={"type": "play_nature", "terrain": terrain, "at": list(at)})
    if placed.status_code == 201:
        return True
    drawn = api.post(f"/sessions/{sid}/moves", token,
                     json={"type": "draw", "pile": "nature", "from": "deck"})
    assert drawn.status_code == 201, (placed.text, drawn.text)
    return False


def gaia_map(api: Api, players: int = 4, cols: int = 6, rows: int = 4) -> dict[str, Any]:
    """A started Gaia table whose map is ``rows`` x ``cols`` tiles, played move by move."""
    created = api.create("gaia")
    tokens = [api.join(created["code"], n)["player_token"] for n in NAMES[:players]]
    setup = {"objectives": [["forest", "forest", "sea", "sea"]] * OBJECTIVES[players],
             "display": DISPLAY}
    sid = created["id"]
    assert api.post(f"/sessions/{sid}/start", created["host_token"],
                    json={"setup": setup}).status_code == 201
    squares = [(x, y) for y in range(rows) for x in range(cols)]
    placed = 0
    for _ in range(8 * len(squares)):
        if placed == len(squares):
            break
        square = squares[placed]
        if _play_tile_or_draw(api, sid, tokens, TERRAIN_ROUND[placed % 10], square):
            placed += 1
    assert placed == len(squares)
    return {"sid": sid, "host": created["host_token"], "code": created["code"], "tokens": tokens}


def kazaam_table(api: Api, players: int = 5) -> dict[str, Any]:
    created = api.create("kazaam")
    tokens = [api.join(created["code"], n, prototype=p, ingredient=i)["player_token"]
              for n, p, i in zip(NAMES[:players], PROTOTYPES, INGREDIENTS, strict=False)]
    sid = created["id"]
    assert api.post(f"/sessions/{sid}/start", created["host_token"],
                    json={"setup": {}}).status_code == 201
    return {"sid": sid, "host": created["host_token"], "code": created["code"], "tokens": tokens}


_FIT_SCRIPT = """
() => {
  const out = [];
  const doc = document.scrollingElement;
  if (doc.scrollHeight > innerHeight || doc.scrollWidth > innerWidth)
    out.push(`document scrolls: ${doc.scrollWidth}x${doc.scrollHeight}`);
  const visible = (node) => node.getClientRects().length > 0
    && getComputedStyle(node).visibility !== 'hidden';
  const overflows = (n) => n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1;
  for (const node of document.querySelectorAll('#table *')) {
    const style = getComputedStyle(node);
    const scrolls = /(auto|scroll)/.test(style.overflowY + style.overflowX);
    if (scrolls && visible(node) && overflows(node))
      out.push(`inner scrollbar: ${node.outerHTML.slice(0, 80)}`);
  }
  // every piece of text in view, and not cut off by a box that hides what overflows it
  const outside = (r, b) => r.left < b.left - 1 || r.top < b.top - 1 || r.right > b.right + 1
    || r.bottom > b.bottom + 1;
  const walker = document.createTreeWalker(document.getElementById('table'), NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (!text.data.trim() || !visible(text.parentElement)) continue;
    const range = document.createRange(); range.selectNodeContents(text);
    const r = range.getBoundingClientRect();
    const boxes = [{ left: 0, top: 0, right: innerWidth, bottom: innerHeight }];
    for (let a = text.parentElement; a; a = a.parentElement)
      if (getComputedStyle(a).overflow !== 'visible') boxes.push(a.getBoundingClientRect());
    if (boxes.some((b) => outside(r, b)))
      out.push(`text out of view: "${text.data.trim().slice(0, 40)}" at ${Math.round(r.top)}`);
  }
  const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  for (const tile of document.querySelectorAll('#board [data-at], #board .kz-slot')) {
    if (outside(tile.getBoundingClientRect(), screen))
      out.push(`board square out of view: ${tile.outerHTML.slice(0, 60)}`);
  }
  return out;
}
"""


def check_fits(page: Any) -> None:
    """No document scroll, no inner scrollbar, every text and board square in view."""
    problems = page.evaluate(_FIT_SCRIPT)
    assert not problems, f"does not fit at {page.viewport_size}:\n" + "\n".join(problems[:20])


def font_px(page: Any, selector: str) -> float:
    return float(page.eval_on_selector(selector, "n => parseFloat(getComputedStyle(n).fontSize)"))


def show_unit(page: Any, unit: str) -> None:
    """Bring the page of panels holding ``unit`` (an id: host, objectives …) to the screen."""
    tab = page.locator(f".tb-tab[data-units~='{unit}']")
    if tab.count():
        tab.first.click()


REVEALED = """() => {
  const w = document.querySelector('#winner');
  return !!w && w.getAnimations().every((a) => a.playState === 'finished')
    && getComputedStyle(w).opacity === '1';
}"""


def wait_revealed(page: Any, timeout: float = 5000) -> None:
    """The result is on screen, its reveal (if any) over: the winner fully drawn."""
    page.wait_for_function(REVEALED, timeout=timeout)
