"""Known cards on a 360 x 740 phone: what the table saw is never typed twice. A city
taken from the face-up row plays in 2 taps; a Kazaam tile from the host's box is one tap
with its cost filled; the host's device keeps the box and a rematch or a new table from
it starts with those cards offered first."""

from __future__ import annotations

import json
import re

import requests
from playwright.sync_api import expect

from tests.pages import gaia_phone as gp
from tests.pages.checks import PageWatch
from tests.pages.test_grid_entry import kazaam_phone, moves_of, no_picker_and_ok_in_view
from tests.pages.test_phone_turns import SETUP, tile, two_phones

STAR = SETUP["display"]["life"][1]  # the city face up in the row
BOXED = {"kind": "city", "symbol": "sea", "needs": ["forest", "forest", "sea", "animals"]}
FIRE_EAR = {"homunculus": "fire", "part": "ear", "ingredients": ["mercury", "mercury", "sulphur"]}


def test_a_city_the_table_saw_plays_in_two_taps(browser, live, shot):
    table, ada, bruno = two_phones(browser, live, "en", box=[BOXED])
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    tile(ada, "forest", "0,0")
    # Ada takes the star city face up; the row is refilled with an animals card
    gp.enter_draw(ada, {"pile": "life", "from": "display", "slot": 1,
                        "refill": {"kind": "animals", "symbol": "sea"}}, True)
    bruno.wait_for_selector("[data-move=nature-sea]")
    tile(bruno, "sea", "1,0")
    # Bruno's life card, never named, is a city of the host's box: the card, the square
    boxed = f"[data-move=city-known-sea-{'-'.join(BOXED['needs'])}]"
    taps = gp.Taps(bruno)
    v = gp.version(bruno)
    taps.tap(boxed)
    taps.tap("#gaia-board [data-target='1,0']")
    gp.wait_version(bruno, v + 1)
    assert taps.count == 2
    last = moves_of(live, table["id"])[-1]
    assert (last["type"], last["symbol"], last["needs"]) == ("play_city", "sea", BOXED["needs"])
    turn = requests.get(f"{live.url}/api/v1/sessions/{table['id']}", timeout=10).json()["turn"]
    if turn["phase"] == "feeding":  # the new city is fed (G7) before the turn passes
        bruno.locator("[data-move=feed-auto]").click()
    # the city Ada took face up stays that card in her hand (G1.2): the card, the square
    played = f"[data-move=city-star-{'-'.join(STAR['needs'])}]"
    ada.wait_for_selector("[data-move=nature-sea]")
    tile(ada, "sea", "0,1")  # a city square offers nothing: a sea beside the forest
    ada.wait_for_selector(played)
    taps = gp.Taps(ada)
    v = gp.version(ada)
    taps.tap(played)
    taps.tap("#gaia-board [data-target='0,0']")
    gp.wait_version(ada, v + 1)
    assert taps.count == 2
    last = moves_of(live, table["id"])[-1]
    assert last["type"] == "play_city" and last["needs"] == STAR["needs"], last
    for page in (ada, bruno):
        page.watch.assert_no_errors()


def test_a_kazaam_tile_from_the_box_is_one_tap_with_its_cost(browser, live, shot):
    r = requests.post(f"{live.url}/api/v1/sessions", timeout=10, json={
        "game": "kazaam", "options": {"start_ingredients": {"mercury": 9, "sulphur": 9},
                                      "box": [FIRE_EAR]}})
    assert r.status_code == 201, r.text
    session = r.json()
    ada = kazaam_phone(browser, live, session["code"], "Ada", "fire", "mercury")
    bruno = kazaam_phone(browser, live, session["code"], "Bruno", "bone", "sulphur")
    r = requests.post(f"{live.url}/api/v1/sessions/{session['id']}/start", json={}, timeout=10,
                      headers={"Authorization": f"Bearer {session['host_token']}"})
    assert r.status_code == 201, r.text
    ada.wait_for_selector("#actions [data-move=build-new-fire]")
    taps = gp.Taps(ada)
    taps.tap("[data-move=build-new-fire]")
    known = ada.locator(".modal [data-field=known] .knownbtn")
    expect(known).to_have_count(1)
    assert json.loads(known.first.get_attribute("data-card") or "{}") == FIRE_EAR
    taps.tap(".modal [data-field=known] .knownbtn")
    expect(ada.locator(".modal [data-field=part] [aria-pressed=true]")).to_have_attribute(
        "data-value", "ear")
    expect(ada.locator(".modal [data-ingredient=mercury]").first).to_contain_text("2")
    no_picker_and_ok_in_view(ada)
    shot(ada, "known-tile")
    taps.tap("#modal-ok")
    taps.tap("[data-target='0/left_ear']")  # an ear: which of its two places
    ada.wait_for_selector("#kz-board [data-slot=left_ear].built")
    assert taps.count == 4  # homunculus, the known tile, OK, the place
    built = moves_of(live, session["id"])[-1]
    assert built["tile"] == FIRE_EAR, built
    for page in (ada, bruno):
        page.watch.assert_no_errors()


def test_the_host_device_keeps_the_box_for_a_rematch_and_a_new_table(browser, live, shot):
    table = gp.create_table(live)
    for name in ("A", "B"):
        r = requests.post(f"{live.url}/api/v1/join/{table['code']}", json={"name": name},
                          timeout=10)
        assert r.status_code == 201, r.text
    gp.start(live, table, SETUP)
    context = browser.new_context(**gp.phone_args("en"))
    context.add_init_script(f"localStorage.setItem('tc:host:{table['id']}', "
                            f"'{table['host_token']}')")
    page = context.new_page()
    watch = PageWatch(page)
    # the host's screen shows the table: the city face up joins this device's box
    page.goto(f"{live.url}/t/{table['id']}")
    page.wait_for_function("() => (localStorage.getItem('tc:box:gaia') || '').includes('star')")
    # a rematch (the server carries what the table saw) ...
    r = requests.post(f"{live.url}/api/v1/sessions/{table['id']}/rematch", timeout=10,
                      headers={"Authorization": f"Bearer {table['host_token']}"})
    assert r.status_code == 201, r.text
    again = r.json()
    boxed = again["state"]["options"]["box"]
    assert [c for c in boxed if c["kind"] == "city"] == [STAR]
    assert {"kind": "objective", "terrains": SETUP["objectives"][0]} in boxed
    for name in ("A", "B"):
        requests.post(f"{live.url}/api/v1/join/{again['code']}", json={"name": name}, timeout=10)
    page.evaluate(f"() => localStorage.setItem('tc:host:{again['id']}', '{again['host_token']}')")
    page.goto(f"{live.url}/t/{again['id']}")
    # ... whose setup offers the box's card first: one tap names the face-up city
    page.click("#setup [data-slot='display.life.1']")
    offer = page.locator("#setup [data-field=life-known] .knownbtn")
    expect(offer).to_have_count(1)
    offer.click()
    place = page.locator("#setup [data-slot='display.life.1']")
    expect(place).to_have_class(re.compile(r"\bfilled\b"))
    expect(place).to_have_attribute("aria-label", re.compile("star"))
    shot(page, "setup-box")
    # Start says what is still missing, by name: the card from the box is not
    page.click("#start-game")
    note = page.locator("#setup-note")
    expect(note).to_contain_text("Objective 1")
    expect(note).to_contain_text("Life card 1")
    assert "Life card 2" not in note.inner_text()  # named from the box
    # a new table from the same device is created with the box as its option
    page.goto(f"{live.url}/")
    page.wait_for_selector("#create")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#table > *")
    sid = page.url.rsplit("/", 1)[1]
    state = requests.get(f"{live.url}/api/v1/sessions/{sid}", timeout=10).json()
    assert state["game"] == "gaia"
    assert [c for c in state["options"]["box"] if c["kind"] == "city"] == [STAR]
    watch.assert_no_errors()
    context.close()
