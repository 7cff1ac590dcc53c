"""A hand whose names a taking could not keep (G1.2: a Tornado; K5.2: an arm) is reset by
the server; the owner's phone says so and offers the naming form at once. Driven through
the API, read on the phone (English); the other languages' words are checked in the
catalogue."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from companion import i18n
from tests.api.client import DISPLAY, Api
from tests.pages.checks import PageWatch, check_screen, phone


def _open_seat(browser: Any, live: Any, code: str, seat: int, token: str) -> Any:
    page = phone(browser, "en").new_page()
    page.watch = PageWatch(page)  # type: ignore[attr-defined]
    page.goto(f"{live.url}/j/{code}#seat={seat}&token={token}")
    page.wait_for_selector("#board-card, #kz-board")
    return page


def _gaia_tornado(api: Api) -> tuple[dict[str, Any], str]:
    """Bo named two forests; Ada's Tornado takes a sea from him (G1.2)."""
    created = api.create("gaia", variant="expert")
    sid, host = created["id"], created["host_token"]
    ada, bo = (api.join(created["code"], n)["player_token"] for n in ("Ada", "Bo"))
    setup = {"objectives": [["forest", "forest", "sea", "sea"]] * 4,
             "display": {**DISPLAY, "power": ["sun", "defense"]}}
    moves = [(ada, {"type": "play_power", "card": "tornado"}), (bo, {"type": "pass"}),
             (ada, {"type": "tornado", "keep": 0, "taken": [{"seat": 1, "card": "sea"}]})]
    assert api.post(f"/sessions/{sid}/start", host,
                    json={"setup": setup, "first_player": 0}).status_code == 201
    assert api.call("PUT", f"/sessions/{sid}/me/hand", bo,
                    json={"nature": ["forest", "forest"]}).status_code == 200
    for token, move in moves:
        r = api.post(f"/sessions/{sid}/moves", token, json=move)
        assert r.status_code == 201, r.text
    return created, bo


def _kazaam_arm(api: Api) -> tuple[dict[str, Any], str]:
    """Bo named three tiles; Ada's arm takes one unnamed (K5.2)."""
    created = api.create("kazaam", start_ingredients={"mercury": 4, "sulphur": 4})
    ada, bo = (api.join(created["code"], n, prototype=p, ingredient="mercury")["player_token"]
               for n, p in (("Ada", "wood"), ("Bo", "fire")))
    sid = created["id"]
    arm = {"homunculus": "wood", "part": "arm", "ingredients": ["mercury", "sulphur"]}
    hand = [{"homunculus": "fur", "part": p, "ingredients": ["mandrake", "mercury"]}
            for p in ("head", "torso", "tail")]
    assert api.post(f"/sessions/{sid}/start", created["host_token"], json={}).status_code == 201
    for token, move in ((ada, {"type": "build", "tile": arm, "slot": "left_arm"}),
                        (ada, {"type": "end_turn"}), (bo, None), (bo, {"type": "end_turn"}),
                        (ada, {"type": "power", "slot": "left_arm", "target": {"seat": 1}})):
        r = (api.call("PUT", f"/sessions/{sid}/me/hand", token, json={"tiles": hand})
             if move is None else api.post(f"/sessions/{sid}/moves", token, json=move))
        assert r.status_code in (200, 201), r.text
    return created, bo


@pytest.mark.parametrize(("drive", "notice", "key"), [
    (_gaia_tornado, "#declare-again", "g.declareAgain"),
    (_kazaam_arm, "#kz-reset", "kz.reset")])
def test_the_phone_asks_to_name_the_hand_again(browser, live, drive, notice, key):
    api = Api(live.url)
    created, bo = drive(api)
    assert api.get(f"/sessions/{created['id']}/me", bo).json()["declare_again"] is True
    page = _open_seat(browser, live, created["code"], 1, bo)
    words = {lang: i18n.load(lang)["pages"][key] for lang in ("en", "it", "de")}
    expect(page.locator(notice)).to_have_text(words["en"])
    assert len(set(words.values())) == 3  # each language its own sentence
    page.locator("#declare").click()  # the naming form opens from the notice's card
    expect(page.locator(".modal #modal-ok")).to_be_visible()
    check_screen(page, "en", name="Bo")
    page.watch.assert_no_errors()
