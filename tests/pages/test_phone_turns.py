"""The phone as a turn guide, move kind by move kind, in Italian and German (English plays
whole games in test_phone_gaia.py): status line with plurals and Undo, taps to a tile,
card entry that starts empty, the hand declared, the expert reaction window, the host
playing for a seat without a phone, and a quiet idle phone."""

from __future__ import annotations

import re

import pytest
import requests

from tests.pages import gaia_phone as gp
from tests.pages.checks import PageWatch, axe_check, check_screen, check_tap_targets

WORDS = {
    "it": {"one": "1 azione rimasta", "two": "2 azioni rimaste", "turn": "Tocca a te",
           "pick": "Scegli prima un valore in ogni campo"},
    "de": {"one": "noch 1 Aktion", "two": "noch 2 Aktionen", "turn": "Du bist dran",
           "pick": "Wähle zuerst in jedem Feld einen Wert"},
    "en": {"one": "1 action left", "two": "2 actions left", "turn": "Your turn",
           "pick": "Pick a value in every field first"},
}
SETUP = {"objectives": [["forest", "forest", "sea", "sea"], ["plains", "plains", "sea", "sea"],
                        ["desert", "desert", "swamp", "swamp"], list(gp.TERRAINS)],
         "display": {"nature": ["plains", "forest", "sea"],
                     "life": [{"kind": "animals", "symbol": "forest"},
                              {"kind": "city", "symbol": "star",
                               "needs": ["sea", "sea", "forest", "plains"]}]}}


def two_phones(browser, live, lang, **options):
    table = gp.create_table(live, **options)
    ada = gp.seat_phone(browser, live, table["code"], "Ada", lang)
    bruno = gp.seat_phone(browser, live, table["code"], "Bruno", lang)
    return table, ada, bruno


def tile(page, terrain, at):
    page.taps.tap(f"[data-move=nature-{terrain}]")
    page.taps.tap(f"[data-target='{at}']")
    page.wait_for_selector(f"#gaia-board [data-at='{at}'][data-terrain={terrain}]")


def selects_empty(page):
    """What each visible grid of the sheet holds ("" while nothing is picked)."""
    return page.locator(".modal .gridpick, .modal .slotpick").evaluate_all(
        "ps => ps.filter(p => p.offsetParent).map(p => p.dataset.value || '')")


@pytest.mark.parametrize("lang", ["it", "de"])
def test_an_opening_move_kind_by_move_kind(browser, live, shot, lang):
    w = WORDS[lang]
    table, ada, bruno = two_phones(browser, live, lang)
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    check_screen(ada, lang, name="Ada", turn=w["turn"])
    assert w["two"] in ada.inner_text("#status")
    axe_check(ada)
    check_tap_targets(ada)
    shot(ada, "your-turn")
    # Ada declares her hand from the phone: two nature cards and the life card
    ada.click("#declare")
    assert set(selects_empty(ada)) == {""}
    gp.choose(ada, "[data-field=hand-nature-0]", "forest")
    gp.choose(ada, "[data-field=hand-nature-1]", "unknown")
    gp.fill_card(ada, "hand-life-0", {"kind": "city", "symbol": "forest",
                                      "needs": ["sea", "sea", "plains", "animals"]})
    ada.click("#modal-ok")
    ada.locator("#hand", has_text="—").wait_for()  # the city, with its needs
    check_screen(ada, lang, name="Ada", turn=w["turn"])
    shot(ada, "hand-declared")
    # from "your turn" to a tile placed: two taps (the terrain, then the square)
    ada.taps.count = 0
    tile(ada, "forest", "0,0")
    assert ada.taps.count == 2
    assert w["one"] in ada.inner_text("#status")  # singular, not "1 actions"
    assert ada.evaluate("scrollY") == 0  # back at the status line
    check_screen(ada, lang, name="Ada", turn=w["turn"])
    # Undo sits in the status line
    ada.click("#undo")
    ada.wait_for_selector("#gaia-board [data-at='0,0']", state="detached")
    assert w["two"] in ada.inner_text("#status")
    tile(ada, "forest", "0,0")
    tile(ada, "sea", "1,0")
    # Bruno enters an unnamed city card: nothing pre-filled, OK refuses until all is picked
    bruno.wait_for_selector("[data-move=city-new-sea]")
    check_screen(bruno, lang, name="Bruno", turn=w["turn"])
    bruno.click("[data-move=city-new-sea]")
    assert set(selects_empty(bruno)) == {""}
    bruno.click("#modal-ok")
    assert w["pick"] in bruno.inner_text(".modal")
    for need in ["forest", "forest", "desert", "animals"]:
        gp.choose(bruno, "[data-field=needs]", need)
    check_screen(bruno, lang, name="Bruno")
    axe_check(bruno)
    check_tap_targets(bruno)
    shot(bruno, "city-sheet")
    bruno.click("#modal-ok")
    bruno.wait_for_selector("#pending")
    check_tap_targets(bruno)
    shot(bruno, "city-square")
    bruno.click("[data-target='1,0']")
    bruno.wait_for_selector("#gaia-board .city-needs")
    assert bruno.text_content("#gaia-board .city-needs") == "2/4"
    ada.wait_for_selector("#gaia-board .city-needs")
    # Bruno takes the face-up star city: the card turned up to refill is entered, not guessed
    bruno.click("[data-move=draw-life-display-1]")
    assert set(selects_empty(bruno)) == {""}
    gp.fill_card(bruno, "refill", {"kind": "animals", "symbol": "desert"})
    shot(bruno, "refill-sheet")
    bruno.click("#modal-ok")
    ada.wait_for_selector("#actions")
    # draw from the deck, keeping the card secret; then end the turn by hand
    ada.click("[data-move=draw-nature-deck]")
    gp.choose(ada, "[data-field=drawn]", "unknown")
    ada.click("#modal-ok")
    ada.wait_for_selector("#end-turn")
    ada.click("#end-turn")
    bruno.locator("#status", has_text=w["turn"]).wait_for()
    check_screen(bruno, lang, name="Bruno", turn=w["turn"])
    # an idle phone stays quiet: well under 30 requests a minute
    assert ada.watch.requests_in(10) < 5
    for page in (ada, bruno):
        page.watch.assert_no_errors()


def test_expert_reaction_window_on_the_phones(browser, live, shot):
    table, ada, bruno = two_phones(browser, live, "en", variant="expert")
    setup = {**SETUP, "display": {**SETUP["display"], "power": ["sun", "rain"]}}
    gp.start(live, table, setup)
    ada.wait_for_selector("#actions")
    tile(ada, "swamp", "0,0")
    ada.click("[data-move=power-sun]")
    ada.click("[data-target='0,0']")
    bruno.wait_for_selector("#answers [data-move=pass]")
    check_screen(bruno, "en", name="Bruno")
    assert "Ada played" in bruno.inner_text("#status")
    axe_check(bruno)
    shot(bruno, "asked")
    check_screen(ada, "en", name="Ada")
    shot(ada, "waiting-answers")
    bruno.click("#answers [data-move=pass]")
    ada.wait_for_selector("#gaia-board [data-at='0,0'][data-terrain=plains]")
    bruno.wait_for_selector("#gaia-board [data-at='0,0'][data-terrain=plains]")
    for page in (ada, bruno):
        page.watch.assert_no_errors()


def test_the_host_plays_for_a_seat_without_a_phone(browser, live, shot):
    table = gp.create_table(live)
    ada = gp.seat_phone(browser, live, table["code"], "Ada", "de")
    auth = {"Authorization": f"Bearer {table['host_token']}"}
    r = requests.post(f"{live.url}/api/v1/sessions/{table['id']}/seats", json={"name": "Opa"},
                      headers={**auth, "Idempotency-Key": "k" * 24}, timeout=5)
    assert r.status_code == 201, r.text
    seat = r.json()["seat"]
    # the table screen's device keeps the host token; it opens the play view for Opa
    context = browser.new_context(**gp.phone_args("de"))
    hostpage = context.new_page()
    hostpage.watch = PageWatch(hostpage)
    hostpage.taps = gp.Taps(hostpage)
    hostpage.goto(f"{live.url}/")
    hostpage.evaluate(f"localStorage.setItem('tc:host:{table['id']}', '{table['host_token']}')")
    hostpage.goto(f"{live.url}/j/{table['code']}#host={table['id']}&seat={seat}")
    hostpage.wait_for_selector("#waiting")  # the lobby, for Opa
    check_screen(hostpage, "de", name="Opa")
    shot(hostpage, "host-lobby")
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    tile(ada, "forest", "0,0")
    tile(ada, "sea", "1,0")
    hostpage.wait_for_selector("#actions")
    check_screen(hostpage, "de", name="Opa", turn="Opa ist dran: du spielst für diesen Platz")
    axe_check(hostpage)
    shot(hostpage, "host-turn")
    tile(hostpage, "plains", "0,1")
    ada.wait_for_selector("#gaia-board [data-at='0,1'][data-terrain=plains]")
    for page in (ada, hostpage):
        page.watch.assert_no_errors()


def test_failures_back_off_and_the_phone_recovers(browser, live, shot):
    table, ada, bruno = two_phones(browser, live, "en")
    gp.start(live, table, SETUP)
    bruno.wait_for_selector("#board-card")
    bruno.watch.expect(503, "/me/events")
    asked: list[str] = []

    def refuse(route):
        asked.append(route.request.url)
        route.fulfill(status=503, headers={"Retry-After": "1"}, body="{}")

    # the seat's own stream (it brings every move, nothing is read after one)
    own_stream = re.compile(r"/me/events$")
    bruno.route(own_stream, refuse)
    bruno.reload()  # the phone comes back while its stream is refused
    bruno.wait_for_selector("#live.down")
    tile(ada, "forest", "0,0")
    assert "reconnecting" in bruno.inner_text("#live")
    check_screen(bruno, "en", name="Bruno")
    shot(bruno, "backing-off")
    bruno.wait_for_timeout(12000)
    assert 3 <= len(asked) <= 5  # 1 s, 2 s, 4 s, 8 s apart: not a loop
    bruno.unroute(own_stream)
    # back on the stream, it is sent the move it missed (Last-Event-ID)
    bruno.wait_for_selector("#gaia-board [data-at='0,0'][data-terrain=forest]", timeout=20000)
    bruno.wait_for_selector("#live:not(.down)")
    bruno.watch.assert_no_errors()


def test_an_earthquake_is_two_taps_on_the_map(browser, live, shot):
    table, ada, bruno = two_phones(browser, live, "it", variant="expert")
    setup = {**SETUP, "display": {**SETUP["display"], "power": ["sun", "rain"]}}
    gp.start(live, table, setup)
    ada.wait_for_selector("#actions")
    tile(ada, "forest", "0,0")
    tile(ada, "sea", "1,0")
    bruno.wait_for_selector("[data-move=power-earthquake]")
    bruno.click("[data-move=power-earthquake]")
    bruno.click("[data-target='0,0']")  # the first square, then the one it swaps with
    bruno.wait_for_selector("[data-target='1,0']")
    check_screen(bruno, "it", name="Bruno")
    shot(bruno, "second-square")
    bruno.click("[data-target='1,0']")
    ada.wait_for_selector("#answers [data-move=pass]")
    ada.click("#answers [data-move=pass]")
    for page in (ada, bruno):
        page.wait_for_selector("#gaia-board [data-at='0,0'][data-terrain=sea]")
        page.wait_for_selector("#gaia-board [data-at='1,0'][data-terrain=forest]")
        check_screen(page, "it")
        page.watch.assert_no_errors()


def test_a_tornado_the_card_taken_is_entered_on_the_phone(browser, live, shot):
    table, ada, bruno = two_phones(browser, live, "de", variant="expert")
    setup = {**SETUP, "display": {**SETUP["display"], "power": ["sun", "rain"]}}
    gp.start(live, table, setup)
    ada.wait_for_selector("#actions")
    tile(ada, "forest", "0,0")
    tile(ada, "sea", "1,0")
    bruno.wait_for_selector("[data-move=power-tornado]")
    bruno.click("[data-move=power-tornado]")
    ada.wait_for_selector("#answers [data-move=pass]")
    ada.click("#answers [data-move=pass]")
    bruno.wait_for_selector("#tornado [data-move=tornado]")
    check_screen(bruno, "de", name="Bruno")
    bruno.click("#tornado [data-move=tornado]")
    assert set(selects_empty(bruno)) == {""}  # nothing guessed: the pile, then the card
    gp.choose(bruno, "[data-field=taken-0-pile]", "power")
    gp.choose(bruno, "[data-field=taken-0]", "sun")
    gp.choose(bruno, "[data-field=keep]", "0")
    check_screen(bruno, "de", name="Bruno")
    axe_check(bruno)
    shot(bruno, "tornado-sheet")
    bruno.click("#modal-ok")
    bruno.locator("#hand", has_text="Sonne").wait_for()  # kept: now a known card of his
    ada.locator("#players li", has_text="Ada").filter(has_text="1 Karte auf der Hand").wait_for()
    for page in (ada, bruno):
        check_screen(page, "de")
        page.watch.assert_no_errors()
