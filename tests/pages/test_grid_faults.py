"""Faults keep holding on the icon grids: a card or tile entered from the grids while the
phone is offline, or whose answer is lost after the server applied it, is applied
exactly once (the server's log after the version the phone showed holds it once) and
the phone shows it done. One table per game carries both faults, one after the other."""

from __future__ import annotations

from typing import Any

import requests

from tests.api.client import Api
from tests.pages import gaia_phone as gp
from tests.pages.test_grid_entry import kazaam_phone
from tests.pages.test_pending_actions import (
    logged_after,
    lose_the_first_answer,
    page_faults,
)
from tests.pages.test_phone_turns import SETUP, two_phones


def settled_once(page: Any, url: str, sid: str, before: int, seat: int,
                 move: dict[str, Any]) -> None:
    """The phone shows the move done at the next version; the log holds it once."""
    gp.wait_version(page, before + 1)
    page.locator("#pending-action[data-state=done]").wait_for()
    entries = logged_after(url, sid, before)
    assert [(e["kind"], e["seat"], e["move"]) for e in entries] == [("move", seat, move)]
    assert page.get_attribute("#play", "data-pending") == "no"
    r = requests.get(f"{url}/api/v1/sessions/{sid}", timeout=10)
    assert r.json()["version"] == before + 1, r.json()["version"]


def city_from_the_grid(page: Any, symbol: str, needs: list[str], at: list[int]) -> None:
    """A city card never seen: its symbol's button, 4 needs, OK, the square."""
    page.taps.tap(f"[data-move=city-new-{symbol}]")
    gp.fill_needs(page, "#needs [data-field=needs]", needs)
    page.taps.tap("#modal-ok")
    gp.target(page, at)


def test_a_city_card_from_the_grid_offline_then_with_its_answer_lost(browser, live, shot):
    table, ada, bruno = two_phones(browser, live, "en")
    sid, host = table["id"], table["host_token"]
    gp.start(live, table, SETUP)
    api = Api(live.url)
    for seat, terrain, at in ((0, "forest", [0, 0]), (0, "sea", [1, 0])):
        r = api.post(f"/sessions/{sid}/moves", host, json={
            "type": "play_nature", "terrain": terrain, "at": at, "seat": seat})
        assert r.status_code == 201, r.text
    before = r.json()["version"]
    gp.wait_version(bruno, before)
    bruno.wait_for_selector("[data-move=city-new-sea]")

    # Bruno enters a sea city with the phone offline: nothing reaches the server...
    bruno.context.set_offline(True)
    sea = {"type": "play_city", "symbol": "sea", "at": [1, 0],
           "needs": ["forest", "forest", "desert", "animals"]}
    city_from_the_grid(bruno, "sea", sea["needs"], sea["at"])
    bruno.locator("#pending-action[data-state=offline]").wait_for()
    shot(bruno, "city-offline")
    assert logged_after(live.url, sid, before) == []
    # ...back online, the move waiting is sent once
    bruno.context.set_offline(False)
    settled_once(bruno, live.url, sid, before, 1, sea)
    bruno.wait_for_selector("#gaia-board [data-at='1,0'] .city-needs")
    assert not page_faults(bruno), page_faults(bruno)

    # Bruno's second action passes the turn; Ada's city is applied, its answer lost
    r = api.post(f"/sessions/{sid}/moves", host, json={
        "type": "play_nature", "terrain": "forest", "at": [0, 1], "seat": 1})
    assert r.status_code == 201, r.text
    before = r.json()["version"]
    gp.wait_version(ada, before)
    ada.wait_for_selector("[data-move=city-new-forest]")
    keys, replayed = lose_the_first_answer(ada)
    forest = {"type": "play_city", "symbol": "forest", "at": [0, 0],
              "needs": ["forest", "forest", "plains", "plains"]}
    city_from_the_grid(ada, "forest", forest["needs"], forest["at"])
    settled_once(ada, live.url, sid, before, 0, forest)
    ada.wait_for_selector("#gaia-board [data-at='0,0'] .city-needs")
    assert len(keys) == 2 and keys[0] == keys[1], keys
    assert replayed == ["true"]  # the resend was answered from the first answer
    shot(ada, "city-answer-lost")
    assert not page_faults(ada), page_faults(ada)


def test_a_kazaam_tile_from_the_grid_offline_then_with_its_answer_lost(browser, live, shot):
    api = Api(live.url)
    session = api.create("kazaam", start_ingredients={"mercury": 9, "sulphur": 9})
    sid = session["id"]
    ada = kazaam_phone(browser, live, session["code"], "Ada", "fire", "mercury")
    api.join(session["code"], "Bruno", prototype="bone", ingredient="sulphur")
    assert api.post(f"/sessions/{sid}/start", session["host_token"], json={}).status_code == 201
    ada.wait_for_selector("#actions [data-move=build-new-fire]")
    before = gp.version(ada)

    def tile_from_the_grid(part: str, ingredients: list[str], place: str | None) -> None:
        ada.click("[data-move=build-new-fire]")  # the homunculus: the button itself
        gp.choose(ada, ".modal [data-field=part]", part)
        for name in ingredients:
            ada.click(f".modal [data-more={name}]")
        ada.click("#modal-ok")
        if place:  # an ear: which of its two places
            ada.click(f"[data-target='0/{place}']")

    # an ear entered offline: sent once, back online
    ada.context.set_offline(True)
    ear = ["mercury", "mercury", "sulphur"]
    tile_from_the_grid("ear", ear, "left_ear")
    ada.locator("#pending-action[data-state=offline]").wait_for()
    shot(ada, "tile-offline")
    assert logged_after(live.url, sid, before) == []
    ada.context.set_offline(False)
    built = {"type": "build", "slot": "left_ear",
             "tile": {"homunculus": "fire", "part": "ear", "ingredients": ear}}
    settled_once(ada, live.url, sid, before, 0, built)
    ada.wait_for_selector("#kz-board [data-slot=left_ear].built")

    # a head whose answer is lost after the server built it
    before = gp.version(ada)
    keys, replayed = lose_the_first_answer(ada)
    head = ["mercury", "sulphur"]
    tile_from_the_grid("head", head, None)
    built = {"type": "build", "slot": "head",
             "tile": {"homunculus": "fire", "part": "head", "ingredients": head}}
    settled_once(ada, live.url, sid, before, 0, built)
    ada.wait_for_selector("#kz-board [data-slot=head].built")
    assert len(keys) == 2 and keys[0] == keys[1], keys
    assert replayed == ["true"]
    pool = api.get(f"/sessions/{sid}").json()["players"][0]["ingredients"]
    assert (pool["mercury"], pool["sulphur"]) == (9 - 3, 9 - 2)  # each cost paid once
    shot(ada, "tile-answer-lost")
    assert not page_faults(ada), page_faults(ada)
