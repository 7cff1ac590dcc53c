"""The setup shared by the table's phones (Chromium): every seated phone fills places of the
checklist in the lobby, the host's screen (1280 x 800) shows each one live with who entered
it and starts with them; a known objective from the box is one tap; the checklist, its
open entry and Start fit the host's screen without scrolling, with a full box."""

from __future__ import annotations

import json
import re

import requests
from playwright.sync_api import expect

from bench.taps import FULL_BOX
from tests.pages import gaia_phone as gp
from tests.pages.checks import PageWatch
from tests.pages.tablescreen import GOALS

FILLED = re.compile(r"\bfilled\b")
LIVE = 20_000  # ms: another screen's place arrives through the stream (a slow CI machine)


def face(card: dict) -> str:
    return json.dumps(card, separators=(",", ":"))


def host_screen(browser, live, table):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(f"localStorage.setItem('tc:host:{table['id']}', "
                            f"'{table['host_token']}')")
    page = context.new_page()
    page.watch = PageWatch(page)
    page.goto(f"{live.url}/t/{table['id']}")
    page.wait_for_selector("#setup")
    return page


def in_view(page, selector: str) -> None:
    """``selector`` is wholly on the first screen (nothing scrolled)."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert page.evaluate("() => window.scrollY") == 0
    assert box["y"] >= 0 and box["y"] + box["height"] <= 800, (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, (selector, box)


def test_phones_fill_the_setup_the_host_sees_it_live_and_starts(browser, live, shot):
    table = gp.create_table(live, box=[*FULL_BOX, *GOALS])
    ada = gp.seat_phone(browser, live, table["code"], "Ada")
    bruno = gp.seat_phone(browser, live, table["code"], "Bruno")
    for name in ("Carla", "Dan"):
        r = requests.post(f"{live.url}/api/v1/join/{table['code']}", json={"name": name},
                          timeout=10)
        assert r.status_code == 201, r.text
    host = host_screen(browser, live, table)
    expect(host.locator("#setup [data-slot^='objectives.']")).to_have_count(6, timeout=LIVE)

    # the host's screen at 1280 x 800: the places, the largest entry (a life card with the
    # box's 19 cities, a city's needs) and Start in view, nothing scrolled
    host.click("#setup [data-slot='display.life.1']")
    host.click("#setup [data-field=life-kind] .gridbtn[data-value=city]")
    for selector in ("#start-game", "#setup [data-slot='display.life.1']",
                     "#setup [data-field=needs] .gridbtn >> nth=-1",
                     "#setup [data-field=life-known] .knownbtn >> nth=-1"):
        in_view(host, selector)
    host.click("#setup [data-slot='objectives.5']")  # and the objectives' entry (16 faces)
    for selector in ("#start-game", "#setup [data-field=objective-known] .knownbtn >> nth=-1",
                     "#setup [data-field=pairs] .gridbtn >> nth=-1"):
        in_view(host, selector)

    # every phone's lobby offers the checklist, the box's faces first
    for phone in (ada, bruno):
        expect(phone.locator("#setup h2")).to_contain_text("Help the host")
        expect(phone.locator("#setup [data-slot^='objectives.']")).to_have_count(6, timeout=LIVE)
    # a known objective is one tap: it fills the open place, the next one opens
    expect(ada.locator(".su-entry")).to_have_attribute("data-for", "objectives.0")
    ada.taps.count = 0
    ada.taps.tap(f"#setup [data-field=objective-known] .knownbtn[data-card='{face(GOALS[3])}']")
    assert ada.taps.count == 1
    expect(ada.locator(".su-entry")).to_have_attribute("data-for", "objectives.1")
    # ... and the host's screen shows it live, saying who entered it
    place = host.locator("#setup [data-slot='objectives.0']")
    expect(place).to_have_class(FILLED, timeout=LIVE)
    expect(place).to_contain_text("Ada", timeout=LIVE)
    expect(bruno.locator("#setup [data-slot='objectives.0']")).to_have_class(FILLED, timeout=LIVE)

    # Bruno enters the cards in front of him: a pair objective by hand, the face-up cards
    bruno.click("#setup [data-slot='objectives.5']")
    bruno.click("#setup [data-field=pairs] .gridbtn[data-value=desert]")
    bruno.click("#setup [data-field=pairs] .gridbtn[data-value=swamp]")
    for i, terrain in enumerate(["plains", "forest", "sea"]):
        bruno.click(f"#setup [data-slot='display.nature.{i}']")
        bruno.click(f"#setup [data-field=nature] .gridbtn[data-value={terrain}]")
    bruno.click("#setup [data-slot='display.life.1']")
    bruno.click("#setup [data-field=life-kind] .gridbtn[data-value=animals]")
    bruno.click("#setup [data-field=symbol] .gridbtn[data-value=forest]")
    expect(host.locator("#setup [data-slot='display.life.1']")).to_contain_text("Bruno",
                                                                                timeout=LIVE)
    # Ada the rest: the known objectives and the city face up, one tap each
    for i in range(1, 5):
        expect(ada.locator(".su-entry")).to_have_attribute("data-for", f"objectives.{i}")
        known = f"[data-card='{face(GOALS[i + 5])}']"
        ada.click(f"#setup [data-field=objective-known] .knownbtn{known}")
    ada.click("#setup [data-slot='display.life.0']")
    ada.click(f"#setup [data-field=life-known] .knownbtn[data-card='{face(FULL_BOX[6])}']")
    expect(host.locator("#setup .su-cell.filled")).to_have_count(11, timeout=LIVE)
    expect(host.locator("#setup-done")).to_be_visible(timeout=LIVE)
    shot(host, "shared-setup-host")
    shot(ada, "shared-setup-phone")

    draft = requests.get(f"{live.url}/api/v1/sessions/{table['id']}", timeout=10).json()
    held = {slot: v["value"] for slot, v in draft["setup_draft"].items()}
    host.click("#start-game")  # the host's Start sends what the phones entered
    host.wait_for_selector("#turn")
    state = requests.get(f"{live.url}/api/v1/sessions/{table['id']}", timeout=10).json()
    assert state["status"] == "playing"
    terrains = [[t for t, n in o["requires"].items() for _ in range(n)]
                for o in state["objectives"]]
    assert [sorted(t) for t in terrains] == [sorted(held[f"objectives.{i}"]) for i in range(6)]
    assert state["piles"]["life"]["display"] == [held["display.life.0"], held["display.life.1"]]
    ada.wait_for_selector("#board-card")
    for page in (host, ada, bruno):
        page.watch.assert_no_errors()
        page.context.close()
