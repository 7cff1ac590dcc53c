"""The first screen of a phone on turn, upright (360 x 740) and held sideways (740 x 360):
whose turn, what to do and the common actions of the moment are all in view without
scrolling (Gaia: place a tile, draw nature or life; Kazaam: draw, build, discard, a
power). A card to defend against shows what it is about: its tile marked on the board
and named. Tables are set up through the API; each phone opens its seat link."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.api.client import DISPLAY, Api
from tests.pages.checks import LOCALES, PageWatch, check_screen

SIZES = {"upright": (360, 740), "sideways": (740, 360)}
# in view whatever the moment: the turn, the prompt, End turn
ALWAYS = ["#turn-line", "#prompt", "#end-turn"]


def _phone(browser: Any, live: Any, code: str, seat: int, token: str, size: str,
           lang: str) -> Any:
    width, height = SIZES[size]
    page = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=True,
        locale=LOCALES[lang],
        extra_http_headers={"Accept-Language": f"{LOCALES[lang]},{lang};q=0.9"}).new_page()
    page.watch = PageWatch(page)  # type: ignore[attr-defined]
    page.goto(f"{live.url}/j/{code}#seat={seat}&token={token}")
    page.wait_for_selector("#actions, #answers")
    return page


# every box in one snapshot: a render between two reads cannot mix two screens
_BOXES = """(selectors) => selectors.map((s) => {
  const e = document.querySelector(s);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return [r.top, r.bottom, r.left, r.right];
})"""


def _in_view(page: Any, selectors: list[str]) -> None:
    """Each selector's first element lies inside the viewport as the page opened."""
    view = page.viewport_size
    boxes = page.evaluate(_BOXES, selectors)
    assert page.evaluate("() => window.scrollY") == 0
    outside = {s: box for s, box in zip(selectors, boxes, strict=True)
               if box is None or box[0] < 0 or box[1] > view["height"]
               or box[2] < 0 or box[3] > view["width"]}
    assert not outside, f"outside {view}: {outside}"


def _gaia(api: Api) -> tuple[dict[str, Any], list[str]]:
    created = api.create("gaia", variant="expert")
    tokens = [api.join(created["code"], n)["player_token"] for n in ("Ada", "Bo")]
    setup = {"objectives": [["forest", "forest", "sea", "sea"]] * 4,
             "display": {**DISPLAY, "power": ["sun", "defense"]}}
    r = api.post(f"/sessions/{created['id']}/start", created["host_token"],
                 json={"setup": setup, "first_player": 0})
    assert r.status_code == 201, r.text
    return created, tokens


def _kazaam(api: Api) -> tuple[dict[str, Any], list[str]]:
    """Ada built an arm: its power is one of the moment's actions."""
    created = api.create("kazaam", start_ingredients={"mercury": 4, "sulphur": 4})
    tokens = [api.join(created["code"], n, prototype=p, ingredient="mercury")["player_token"]
              for n, p in (("Ada", "wood"), ("Bo", "fire"))]
    sid = created["id"]
    assert api.post(f"/sessions/{sid}/start", created["host_token"], json={}).status_code == 201
    arm = {"homunculus": "wood", "part": "arm", "ingredients": ["mercury", "sulphur"]}
    r = api.post(f"/sessions/{sid}/moves", tokens[0],
                 json={"type": "build", "tile": arm, "slot": "left_arm"})
    assert r.status_code == 201, r.text
    return created, tokens


# per game: how the table is made, what shows the screen has settled (Kazaam: the own
# build is offered to Undo, read after the first render), the actions of the moment
GAMES = {
    "gaia": (_gaia, "#end-turn", ['[data-kind=tile] button', '[data-move="draw-nature-deck"]',
                                  '[data-move="draw-life-deck"]']),
    "kazaam": (_kazaam, "#undo", ['[data-kind=draw] button', '[data-kind=build] button',
                                  '[data-kind=discard] button', '[data-kind=power] button']),
}


@pytest.mark.parametrize(("size", "lang"), [("upright", "it"), ("sideways", "de")])
def test_the_common_actions_are_on_the_first_screen(browser, live, size, lang):
    api = Api(live.url)
    for make, settled, actions in GAMES.values():
        created, tokens = make(api)
        page = _phone(browser, live, created["code"], 0, tokens[0], size, lang)
        page.wait_for_selector(f"#play[data-pending=no] {settled}")
        _in_view(page, ALWAYS + actions)
        check_screen(page, lang)
        page.watch.assert_no_errors()
        page.context.close()


def test_a_card_to_defend_against_shows_its_tile(browser, live):
    api = Api(live.url)
    created, (ada, bo) = _gaia(api)
    sid = created["id"]
    for move in ({"type": "play_nature", "terrain": "swamp", "at": [0, 0]},
                 {"type": "play_power", "card": "sun", "at": [0, 0]}):  # G1.3: her dealt card
        r = api.post(f"/sessions/{sid}/moves", ada, json=move)
        assert r.status_code == 201, r.text
    page = _phone(browser, live, created["code"], 1, bo, "sideways", "en")
    expect(page.locator("#answer-about")).to_have_text("The swamp tile marked on the board.")
    expect(page.locator("#board-card svg .hl")).to_have_count(1)
    page.wait_for_selector("#play[data-pending=no]")
    _in_view(page, ["#answers [data-move=pass]", "#answer-about"])
    page.watch.assert_no_errors()


# what the Sun would do, in each language's words (the server says it, G10.3)
SUN_SAYS = {
    "de": ["Wenn niemand abwehrt:", "Dieses Plättchen Wiese wird zu Wüste.",
           "Stadt von Ada (Wald): 1 von 4 Bedürfnissen erfüllt.",
           "Die Figuren auf der Stadt von Ada (Wald) gehen an ihre Spieler zurück."],
    "en": ["If nobody defends:", "This plains tile becomes desert.",
           "Ada's forest city: 1 of 4 needs met.",
           "The pawns on Ada's forest city go back to their players."],
    "it": ["Se nessuno si difende:", "Questa tessera pianura diventa deserto.",
           "Città di Ada (foresta): bisogni soddisfatti 1 su 4.",
           "I segnalini sulla città di Ada (foresta) tornano ai giocatori."],
}


def test_a_card_to_defend_against_says_what_it_would_do(browser, live, shot):
    api = Api(live.url)
    created, (ada, bo) = _gaia(api)
    sid = created["id"]
    city = {"symbol": "forest", "needs": ["plains", "plains", "desert", "sea"]}
    for token, move in ((ada, {"type": "play_nature", "terrain": "plains", "at": [0, 0]}),
                        (ada, {"type": "play_nature", "terrain": "forest", "at": [1, 0]}),
                        (bo, {"type": "end_turn"}),
                        (ada, {"type": "play_city", **city, "at": [1, 0]}),
                        (ada, {"type": "play_power", "card": "sun", "at": [0, 0]})):
        r = api.post(f"/sessions/{sid}/moves", token, json=move)
        assert r.status_code == 201, (move, r.text)
    # the same screen in English and Italian, then in German as Bo answers it
    for lang in ("en", "it", "de"):
        page = _phone(browser, live, created["code"], 1, bo, "upright", lang)
        page.wait_for_selector("#answers [data-move=pass]")
        page.wait_for_selector("#play[data-pending=no]")
        expect(page.locator("#answer-effect")).to_have_text("".join(SUN_SAYS[lang]))
        _in_view(page, ["#answers [data-move=defend]", "#answers [data-move=pass]",
                        "#answer-about", "#answer-effect"])
        check_screen(page, lang)
        shot(page, f"sun-{lang}")
        if lang == "de":
            page.click("#answers [data-move=pass]")  # let it act: what it said happens
            page.wait_for_selector("#answers", state="detached")
            state = api.get(f"/sessions/{sid}").json()
            tiles = {tuple(t["at"]): t for t in state["board"]["tiles"]}
            assert tiles[(0, 0)]["terrain"] == "desert"
            assert tiles[(1, 0)]["city"]["satisfied"] == 1 and tiles[(1, 0)]["city"]["pawns"] == []
        page.watch.assert_no_errors()
        page.context.close()
