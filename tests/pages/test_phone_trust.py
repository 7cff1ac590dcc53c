"""Small things that cost trust, on Gaia phones: Undo
after a reload, the tab title when the turn passes, the opt-in "your turn" sound, and
city entry that highlights only squares where the entered needs meet 2 (G6.2, G6.4)."""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.pages import gaia_phone as gp
from tests.pages.checks import check_screen
from tests.pages.test_pending_actions import logged_after
from tests.pages.test_phone_turns import SETUP, tile, two_phones

# counts the sounds a page starts (WebAudio oscillators), before any page script runs;
# the count is an attribute, so tests wait on a selector (the pages' CSP refuses eval)
COUNT_BEEPS = """
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  const html = document.documentElement;
  html.dataset.beeps = String(Number(html.dataset.beeps || 0) + 1);
  return start.apply(this, args);
};
"""
TURN_TITLE = re.compile("^● ")


def beeps(page) -> int:
    return int(page.get_attribute("html", "data-beeps") or 0)


def test_undo_is_offered_after_a_reload(browser, live, shot):
    table, ada, bruno = two_phones(browser, live, "en")
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    tile(ada, "forest", "0,0")
    ada.wait_for_selector("#undo")
    moved = gp.version(ada)
    ada.reload()
    gp.wait_version(ada, moved)
    ada.wait_for_selector("#undo")  # from the log's last entry, not from memory
    shot(ada, "undo-after-reload")
    ada.click("#undo")
    gp.wait_version(ada, moved + 1)
    assert [e["kind"] for e in logged_after(live.url, table["id"], moved)] == ["undo"]
    ada.wait_for_selector("#gaia-board [data-at='0,0']", state="detached")
    # Bruno's phone, reloaded, offers no Undo of Ada's move
    tile(ada, "forest", "0,0")
    bruno.reload()
    gp.wait_version(bruno, moved + 2)
    bruno.wait_for_selector("#board-card")
    assert bruno.locator("#undo").count() == 0


def test_the_title_and_the_sound_follow_the_turn(browser, live, shot):
    table, ada, bruno = two_phones(browser, live, "en")
    for page in (ada, bruno):
        page.add_init_script(COUNT_BEEPS)
        page.reload()
        page.wait_for_selector("#waiting")
    name = f"Table {table['code']} · Tabletop Companion"
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    assert ada.title() == "● Your turn" and bruno.title() == name
    assert beeps(ada) == 0  # off by default
    ada.click("#sound")  # one tap turns it on, and plays it once so the person hears it
    assert beeps(ada) == 1
    assert ada.get_attribute("#sound", "aria-pressed") == "true"
    shot(ada, "sound-on")
    before = gp.version(ada)
    ada.click("#end-turn")
    gp.wait_version(ada, before + 1)
    expect(bruno).to_have_title(TURN_TITLE)
    assert ada.title() == name  # the turn passed: the table's name again
    bruno.click("#end-turn")
    expect(ada).to_have_title(TURN_TITLE)
    ada.wait_for_selector("html[data-beeps='2']", state="attached")
    assert beeps(bruno) == 0  # Bruno never turned it on
    check_screen(ada, "en", name="Ada")


def test_sound_switch_words_in_italian_and_german(browser, live, shot):
    words = {"it": "Suono quando tocca a me", "de": "Ton, wenn ich dran bin"}
    for lang, label in words.items():
        table, ada, bruno = two_phones(browser, live, lang)
        gp.start(live, table, SETUP)
        ada.wait_for_selector("#sound")
        assert ada.inner_text("#sound") == label
        check_screen(ada, lang, name="Ada")
        shot(ada, f"sound-{lang}")
        for page in (ada, bruno):
            page.context.close()


def _moves(live, table, tokens, moves):
    for seat, move in moves:
        r = requests.post(f"{live.url}/api/v1/sessions/{table['id']}/moves", json=move,
                          headers={"Authorization": f"Bearer {tokens[seat]}"}, timeout=10)
        assert r.status_code == 201, r.text


def _tokens(page) -> list[str]:
    seats = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tc:seats:'))"
                          ".map(k => JSON.parse(localStorage.getItem(k)))[0]")
    return [s["token"] for s in seats]


def _enter_city(page, needs):
    page.click("[data-move=city-new-forest]")
    for need in needs:
        gp.choose(page, "[data-field=needs]", need)
    page.click("#modal-ok")


NOWHERE = {"en": "meet 2 of its needs", "it": "soddisfare 2 bisogni", "de": "2 ihrer Bedürfnisse"}


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_city_entry_highlights_only_squares_where_the_needs_meet_two(browser, live, shot, lang):
    table, ada, bruno = two_phones(browser, live, lang, duplicate_needs="distinct_neighbours")
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    tokens = _tokens(ada) + _tokens(bruno)
    row = [(0, "sea", [0, 0]), (0, "forest", [1, 0]), (1, "plains", [2, 0]), (1, "forest", [3, 0])]
    _moves(live, table, tokens, [(seat, {"type": "play_nature", "terrain": terrain, "at": at})
                                 for seat, terrain, at in row])
    desert = {"type": "draw", "pile": "nature", "from": "deck", "card": "desert"}
    _moves(live, table, tokens, [(0, desert),
                                 (0, {"type": "play_nature", "terrain": "desert", "at": [4, 0]})])
    bruno.wait_for_selector("[data-move=city-new-forest]")
    # sea and plains: both met beside 1,0; beside 3,0 only plains is
    _enter_city(bruno, ["sea", "plains", "mountain", "swamp"])
    bruno.wait_for_selector("#pending")
    targets = bruno.locator("[data-target]").evaluate_all("ns => ns.map(n => n.dataset.target)")
    assert targets == ["1,0"]
    shot(bruno, "one-square")
    bruno.click("#pending button")  # cancel the square
    # sea twice: one sea neighbour meets one of them (distinct_neighbours) — nowhere
    _enter_city(bruno, ["sea", "sea", "mountain", "swamp"])
    note = bruno.locator(".modal [role=alert]", has_text=NOWHERE[lang])
    note.wait_for()
    assert bruno.locator("[data-target]").count() == 0
    check_screen(bruno, lang, name="Bruno")
    shot(bruno, "nowhere")
