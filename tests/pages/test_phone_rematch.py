"""Rematch follows: every phone of the old table joins the rematch with
one tap, with the same name and colour (Kazaam: prototype and ingredient), also after a
reload — the old table's public state says where the rematch is."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.api.client import Api
from tests.pages import gaia_phone as gp
from tests.pages.checks import axe_check, check_screen, check_tap_targets
from tests.pages.test_phone_turns import SETUP


def _rematch(live, sid, host):
    r = requests.post(f"{live.url}/api/v1/sessions/{sid}/rematch", timeout=10,
                      headers={"Authorization": f"Bearer {host}"}, json={})
    assert r.status_code == 201, r.text
    return r.json()


def _follow(page, new_code):
    page.click("#rematch-join")
    page.wait_for_url(f"**/j/{new_code}")
    page.wait_for_selector("#waiting")  # seated in the new table's lobby, no form


@pytest.mark.parametrize("lang", ["it", "de"])
def test_every_phone_joins_the_rematch_with_one_tap_also_after_a_reload(
        browser, live, shot, lang):
    table = gp.create_table(live)
    ada = gp.seat_phone(browser, live, table["code"], "Ada", lang)
    bruno = gp.seat_phone(browser, live, table["code"], "Bruno", lang)
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    old = requests.get(f"{live.url}/api/v1/sessions/{table['id']}", timeout=10).json()
    new = _rematch(live, table["id"], table["host_token"])
    for page in (ada, bruno):  # live, from the stream
        expect(page.locator("#rematch-join")).to_be_visible()
    check_screen(ada, lang, name="Ada")
    check_tap_targets(ada)
    axe_check(ada)
    shot(ada, "rematch-offered")
    _follow(ada, new["code"])
    shot(ada, "rematch-joined")
    bruno.reload()  # after a reload the old table's state still says where to go
    expect(bruno.locator("#rematch-join")).to_be_visible()
    _follow(bruno, new["code"])
    seated = requests.get(f"{live.url}/api/v1/sessions/{new['id']}", timeout=10).json()
    assert [(p["name"], p["color"]) for p in seated["players"]] == [
        (p["name"], p["color"]) for p in old["players"]]
    # back on the old table's page, the control now only goes there (no second seat)
    bruno.goto(f"{live.url}/j/{table['code']}")
    expect(bruno.locator("#rematch-join")).to_be_visible()
    _follow(bruno, new["code"])
    again = requests.get(f"{live.url}/api/v1/sessions/{new['id']}", timeout=10).json()
    assert len(again["players"]) == 2
    for page in (ada, bruno):
        page.watch.assert_no_errors()


def test_kazaam_phones_follow_with_their_prototype_and_ingredient(browser, live):
    api = Api(live.url)
    created = api.create("kazaam")
    seats = [api.join(created["code"], name, prototype=proto, ingredient="mercury")
             for name, proto in (("Ada", "wood"), ("Bo", "fire"))]
    assert api.post(f"/sessions/{created['id']}/start", created["host_token"],
                    json={}).status_code == 201
    phones = []
    for seat in seats:  # each phone opens its seat's link
        page = browser.new_context(**gp.phone_args("en")).new_page()
        page.goto(f"{live.url}/j/{created['code']}#seat={seat['seat']}&token="
                  f"{seat['player_token']}")
        page.wait_for_selector("#board-card")
        phones.append(page)
    new = _rematch(live, created["id"], created["host_token"])
    for page in phones:
        _follow(page, new["code"])
    players = api.get(f"/sessions/{new['id']}").json()["players"]
    assert [(p["name"], p["prototype"], p["ingredient"]) for p in players] == [
        ("Ada", "wood", "mercury"), ("Bo", "fire", "mercury")]
