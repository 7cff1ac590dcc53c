"""Fix your hand: a card named wrongly is corrected from the phone and the real
one played; a card taken face up (G1.2) is shown locked, the table saw it."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.pages import gaia_phone as gp
from tests.pages.checks import axe_check, check_screen, check_tap_targets
from tests.pages.test_phone_turns import SETUP, tile, two_phones

HELD = {"it": "vista da tutti", "de": "von allen gesehen"}


@pytest.mark.parametrize("lang", ["it", "de"])
def test_a_wrongly_named_draw_is_corrected_then_the_real_card_played(browser, live, shot, lang):
    table, ada, bruno = two_phones(browser, live, lang)
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    v = gp.version(ada)
    # Ada takes the face-up forest (the row refilled with a plains) and draws a card from
    # the deck she names "sea": it was a forest
    gp.enter_draw(ada, {"pile": "nature", "from": "display", "slot": 1, "refill": "plains"}, True)
    gp.wait_version(ada, v + 1)
    gp.enter_draw(ada, {"pile": "nature", "from": "deck", "card": "sea"}, True)
    gp.wait_version(ada, v + 2)
    bruno.wait_for_selector("#end-turn")
    bruno.click("#end-turn")
    gp.wait_version(ada, v + 3)
    ada.wait_for_selector("#actions")
    expect(ada.locator("#hand [data-held]")).to_contain_text(HELD[lang])
    ada.click("#declare")
    sheet = ada.locator("#declare-sheet")
    expect(sheet.locator("#declare-held")).to_be_visible()  # the forest the table saw
    # the named card is shown as named, ready to be corrected; the unnamed ones are empty
    expect(ada.locator("[data-field=hand-nature-0]")).to_have_attribute("data-value", "sea")
    expect(ada.locator("[data-field=hand-nature-1] [aria-pressed=true]")).to_have_count(0)
    gp.choose(ada, "[data-field=hand-nature-0]", "forest")
    # and names the two dealt cards: no unknown nature card is left to play a forest from
    gp.choose(ada, "[data-field=hand-nature-1]", "plains")
    gp.choose(ada, "[data-field=hand-nature-2]", "desert")
    gp.choose(ada, "[data-field=hand-life-0-kind]", "unknown")
    check_screen(ada, lang, name="Ada")
    check_tap_targets(ada)
    axe_check(ada)
    shot(ada, "edit-hand")
    version = gp.version(ada)
    ada.click("#modal-ok")
    expect(ada.locator(".modal")).to_have_count(0)
    assert gp.version(ada) == version  # a private declaration: no new version
    # the real card is played: both forests are Ada's now, one of them the table saw
    tile(ada, "forest", "0,0")
    tile(ada, "forest", "1,0")
    log = requests.get(f"{live.url}/api/v1/sessions/{table['id']}/moves", timeout=10).json()
    played = [e["move"] for e in log["entries"] if e["kind"] == "move"][-2:]
    assert [m["type"] for m in played] == ["play_nature", "play_nature"]
    assert all(m["terrain"] == "forest" for m in played)
    shot(ada, "played")
    ada.watch.assert_no_errors()
