"""Entry as fast as the physical move, on a 360 x 740 phone: cards and tiles tapped on
icon grids (no native picker on a move path), the taps counted; a corrected hand played
without a reload; the host's words when it enters for a seat without a phone."""

from __future__ import annotations

from typing import Any

import requests
from playwright.sync_api import expect

from tests.pages import gaia_phone as gp
from tests.pages.checks import (
    PHONE_SIZE,
    PageWatch,
    axe_check,
    check_screen,
    check_tap_targets,
    phone,
)
from tests.pages.scorepad_phone import tap_points
from tests.pages.test_phone_turns import SETUP, tile, two_phones

# the keystroke targets the pages are held to (taps per move, a card never seen before)
CITY_TAPS = 8
KAZAAM_TAPS = 3  # + 1 per ingredient (+ 1 for the place of an ear, arm or leg)


def no_picker_and_ok_in_view(page: Any) -> None:
    """No native <select> on the play view or its sheet (the language switch in the bar
    is no move), and the sheet's OK on screen."""
    expect(page.locator("#play select, .modal select")).to_have_count(0)
    box = page.locator("#modal-ok").bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE_SIZE["height"], box


def moves_of(live: Any, sid: str) -> list[dict[str, Any]]:
    log = requests.get(f"{live.url}/api/v1/sessions/{sid}/moves", timeout=10).json()
    return [e["move"] for e in log["entries"] if e["kind"] == "move"]


def test_a_city_card_never_seen_is_its_symbol_four_needs_ok_and_the_square(browser, live, shot):
    table, ada, bruno = two_phones(browser, live, "en")
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    tile(ada, "forest", "0,0")
    tile(ada, "sea", "1,0")
    bruno.wait_for_selector("[data-move=city-new-sea]")
    expect(bruno.locator("#play select")).to_have_count(0)
    taps = bruno.taps
    taps.count = 0
    taps.tap("[data-move=city-new-sea]")  # the symbol: the button itself
    grid = "#needs [data-field=needs]"
    slots = bruno.locator(f"{grid} .slot")
    for need in ["forest", "forest", "swamp"]:
        taps.pick(grid, need)
    expect(slots.nth(2)).to_have_attribute("data-value", "swamp")
    # a mistake: the filled slot tapped empties, the next need fills it again
    slots.nth(2).click()
    expect(slots.nth(2)).to_have_attribute("data-value", "")
    for need in ["desert", "animals"]:
        taps.pick(grid, need)
    expect(slots.nth(2)).to_have_attribute("data-value", "desert")
    no_picker_and_ok_in_view(bruno)
    check_tap_targets(bruno)
    check_screen(bruno, "en", name="Bruno")
    axe_check(bruno)
    shot(bruno, "city-needs")
    taps.tap("#modal-ok")
    gp.target(bruno, [1, 0])
    bruno.wait_for_selector("#gaia-board .city-needs")
    assert taps.count <= CITY_TAPS, taps.count  # the mistake's 2 taps are not counted
    assert moves_of(live, table["id"])[-1] == {"type": "play_city", "symbol": "sea", "at": [1, 0],
                                                "needs": ["forest", "forest", "desert", "animals"]}
    for page in (ada, bruno):
        page.watch.assert_no_errors()


def test_a_corrected_hand_plays_at_once(browser, live, shot):
    table, ada, _bruno = two_phones(browser, live, "en")
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    # Ada names her two nature cards: only those are offered to play
    ada.click("#declare")
    gp.choose(ada, "[data-field=hand-nature-0]", "sea")
    gp.choose(ada, "[data-field=hand-nature-1]", "plains")
    gp.choose(ada, "[data-field=hand-life-0-kind]", "unknown")
    no_picker_and_ok_in_view(ada)
    ada.click("#modal-ok")
    expect(ada.locator("[data-move=nature-sea]")).to_have_count(1)
    expect(ada.locator("[data-move=nature-forest]")).to_have_count(0)
    version = gp.version(ada)
    # the sea was a forest: corrected, the forest is offered at once, no reload
    ada.click("#declare")
    gp.choose(ada, "[data-field=hand-nature-0]", "forest")
    gp.choose(ada, "[data-field=hand-life-0-kind]", "unknown")  # still not named
    ada.click("#modal-ok")
    expect(ada.locator("[data-move=nature-forest]")).to_have_count(1)
    expect(ada.locator("[data-move=nature-sea]")).to_have_count(0)
    assert gp.version(ada) == version  # a private declaration: no new version
    shot(ada, "corrected")
    tile(ada, "forest", "0,0")
    assert moves_of(live, table["id"])[-1]["terrain"] == "forest"
    ada.watch.assert_no_errors()


def kazaam_phone(browser: Any, live: Any, code: str, name: str, prototype: str, own: str) -> Any:
    """A phone that joined a Kazaam table through its join form, waiting for the start."""
    page = phone(browser, "en").new_page()
    page.watch = PageWatch(page)  # type: ignore[attr-defined]
    page.goto(f"{live.url}/j/{code}")
    page.wait_for_selector("#join-name:focus")
    page.keyboard.type(name)
    page.select_option("#join-prototype", prototype)  # joining: not a move
    page.select_option("#join-ingredient", own)
    page.click("#join-button")
    page.wait_for_selector("#waiting")
    return page


def test_a_kazaam_tile_never_seen_is_homunculus_part_ingredients_ok(browser, live, shot):
    r = requests.post(f"{live.url}/api/v1/sessions", timeout=10, json={
        "game": "kazaam", "options": {"start_ingredients": {"mercury": 9, "sulphur": 9}}})
    session = r.json()
    joining = (("Ada", "fire", "mercury"), ("Bruno", "bone", "sulphur"))
    phones = [kazaam_phone(browser, live, session["code"], *who) for who in joining]
    r = requests.post(f"{live.url}/api/v1/sessions/{session['id']}/start", json={}, timeout=10,
                      headers={"Authorization": f"Bearer {session['host_token']}"})
    assert r.status_code == 201, r.text
    ada = phones[0]
    ada.wait_for_selector("#actions [data-move=build-new-fire]")
    expect(ada.locator("#play select")).to_have_count(0)
    taps = gp.Taps(ada)
    taps.tap("[data-move=build-new-fire]")  # the homunculus: the button itself
    sheet = ada.locator(".modal .sheet")
    expect(sheet.locator("[data-field=homunculus] [aria-pressed=true]")).to_have_attribute(
        "data-value", "fire")
    taps.pick(".modal [data-field=part]", "ear")
    ingredients = ["mercury", "mercury", "sulphur"]
    for name in ingredients:
        taps.tap(f".modal [data-more={name}]")
    no_picker_and_ok_in_view(ada)
    check_tap_targets(ada)
    check_screen(ada, "en")
    shot(ada, "tile")
    taps.tap("#modal-ok")
    taps.tap("[data-target='0/left_ear']")  # an ear: which of the two places
    ada.wait_for_selector("#kz-board [data-slot=left_ear].built")
    assert taps.count <= KAZAAM_TAPS + len(ingredients) + 1, taps.count
    built = moves_of(live, session["id"])[-1]
    assert built["tile"] == {"homunculus": "fire", "part": "ear", "ingredients": ingredients}
    # the second fire ear: the table saw one, its cost fills by itself (known: 3 taps)
    taps.count = 0
    taps.tap("[data-move=build-new-fire]")
    taps.pick(".modal [data-field=part]", "ear")
    expect(ada.locator("#kz-seen")).to_be_visible()
    expect(ada.locator(".modal [data-less]")).to_have_count(3)
    taps.tap("#modal-ok")  # the one free ear place: nothing to pick
    ada.wait_for_selector("#kz-board [data-slot=right_ear].built")
    assert taps.count <= 3, taps.count
    assert moves_of(live, session["id"])[-1]["tile"]["ingredients"] == ingredients
    ada.watch.assert_no_errors()


def test_the_host_saves_points_for_a_seat_without_a_phone_in_its_name(browser, live):
    r = requests.post(f"{live.url}/api/v1/sessions", timeout=10,
                      json={"game": "scorepad", "options": {"title": "Hearts"}})
    session = r.json()
    sid, host = session["id"], {"Authorization": f"Bearer {session['host_token']}"}
    r = requests.post(f"{live.url}/api/v1/sessions/{sid}/seats", headers=host, timeout=10,
                      json={"name": "Dan"})
    assert r.status_code == 201, r.text
    r = requests.post(f"{live.url}/api/v1/join/{session['code']}", json={"name": "Ada"}, timeout=10)
    assert r.status_code == 201, r.text
    r = requests.post(f"{live.url}/api/v1/sessions/{sid}/start", headers=host, json={}, timeout=10)
    assert r.status_code == 201, r.text
    context = phone(browser, "it")
    context.add_init_script(f"localStorage.setItem('tc:host:{sid}', '{session['host_token']}')")
    page = context.new_page()
    page.watch = PageWatch(page)  # type: ignore[attr-defined]
    page.goto(f"{live.url}/j/{session['code']}#host={sid}&seat=0")
    page.wait_for_selector("#sp-entry")
    fields = page.locator(".sp-field").evaluate_all("fs => fs.map(f => f.dataset.field)")
    tap_points(page, {fields[0]: 4})
    expect(page.locator("#sp-save")).to_have_text("Salva 4 per Dan")
    expect(page.locator("#play select")).to_have_count(0)
    check_screen(page, "it")
    page.watch.assert_no_errors()
