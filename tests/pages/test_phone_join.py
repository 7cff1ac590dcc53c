"""Getting a phone to its seat: the join form (live, focused, the G1 colours suggested),
a wrong code, a late joiner, seat links with bad and good tokens, and a token re-issued
to another device seen from the old phone."""

from __future__ import annotations

import pytest
import requests

from tests.pages import gaia_phone as gp
from tests.pages.checks import PageWatch, axe_check, check_screen, check_tap_targets

MOVED = {"en": "Your seat moved to another device",
         "it": "Il tuo posto è passato a un altro dispositivo",
         "de": "Dein Platz ist auf ein anderes Gerät umgezogen"}
BAD_LINK = {"en": "This seat link does not work", "it": "Questo link del posto non funziona",
            "de": "Dieser Platz-Link funktioniert nicht"}


def open_phone(browser, live, lang, path):
    page = browser.new_context(**gp.phone_args(lang)).new_page()
    page.watch = PageWatch(page)
    page.taps = gp.Taps(page)
    page.goto(f"{live.url}{path}")
    return page


def api_join(live, code, name, color=None):
    body = {"name": name, **({"color": color} if color else {})}
    r = requests.post(f"{live.url}/api/v1/join/{code}", json=body, timeout=5)
    assert r.status_code == 201, r.text
    return r.json()


def host(live, table, method, path, body=None):
    r = requests.request(method, f"{live.url}/api/v1/sessions/{table['id']}{path}", json=body or {},
                         headers={"Authorization": f"Bearer {table['host_token']}"}, timeout=5)
    assert r.status_code in (200, 201), r.text
    return r.json()


def start_two(live, table):
    return gp.start(live, table, {"objectives": [["forest", "forest", "sea", "sea"]] * 4,
                                  "display": {"nature": ["plains", "forest", "sea"],
                                              "life": [{"kind": "animals", "symbol": "forest"},
                                                       {"kind": "animals", "symbol": "star"}]}})


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_join_form_is_live_focused_and_suggests_blue_and_yellow(browser, live, shot, lang):
    table = gp.create_table(live)
    ada = open_phone(browser, live, lang, f"/j/{table['code']}")
    bruno = open_phone(browser, live, lang, f"/j/{table['code']}")
    for page in (ada, bruno):
        page.wait_for_selector("#join-name:focus")  # type at once, no tap on the field
        assert page.input_value("#join-color") == "blue"  # G1: two players, blue and yellow
    check_screen(ada, lang)
    axe_check(ada)
    check_tap_targets(ada)
    shot(ada, "form")
    ada.keyboard.type("Ada")
    ada.taps.tap("#join-button")
    ada.wait_for_selector("#waiting")
    assert ada.taps.count == 1  # scanning to seated: the name typed, one tap
    # Bruno's open form lost blue without a reload and now offers yellow
    bruno.wait_for_selector("#join-color option[value=blue]", state="detached")
    assert bruno.input_value("#join-color") == "yellow"
    assert "Ada" in bruno.inner_text("#join-seated")
    bruno.keyboard.type("Bruno")
    bruno.taps.tap("#join-button")
    bruno.wait_for_selector("#waiting")
    ada.locator("#lobby-players", has_text="Bruno").wait_for()
    check_screen(ada, lang, name="Ada")
    axe_check(ada)
    shot(ada, "lobby")
    for page in (ada, bruno):
        page.watch.assert_no_errors()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_wrong_code_gets_a_box_to_type_it_again(browser, live, shot, lang):
    table = gp.create_table(live)
    page = browser.new_context(**gp.phone_args(lang)).new_page()
    watch = PageWatch(page)
    watch.expect(404, "/api/v1/join/")
    page.goto(f"{live.url}/j/NOPE99")
    page.wait_for_selector("#wrong-code input")
    assert "NOPE99" in page.inner_text("#wrong-code h1")
    check_screen(page, lang)
    axe_check(page)
    shot(page, "wrong-code")
    page.fill("#wrong-code input", table["code"].lower())
    page.press("#wrong-code input", "Enter")
    page.wait_for_selector("#join-name:focus")
    watch.assert_no_errors()


def test_a_late_joiner_is_told_the_game_started(browser, live, shot):
    table = gp.create_table(live)
    api_join(live, table["code"], "Ada")
    api_join(live, table["code"], "Bruno")
    start_two(live, table)
    page = open_phone(browser, live, "it", f"/j/{table['code']}")
    page.wait_for_selector("#late")
    assert "già iniziata" in page.inner_text("#late")
    assert page.locator("#late input").count() == 1  # a box to try another code
    assert "«Nuovo link per …»" in page.inner_text("#late-help")  # the host's own button
    check_screen(page, "it")
    axe_check(page)
    shot(page, "late")
    page.watch.assert_no_errors()


def test_seat_links_bad_and_good(browser, live, shot):
    table = gp.create_table(live)
    ada = api_join(live, table["code"], "Ada")
    bruno = gp.seat_phone(browser, live, table["code"], "Bruno", "it")
    start_two(live, table)
    bruno.wait_for_selector("#board-card")
    # a crafted fragment and a wrong token: a sentence, Bruno's seat stays, the page works
    bruno.watch.expect(401, "/me")
    crafted = ("seat=0&token=wrong-token-1234567890", "seat=abc&token=%3Cscript%3E",
               "seat=0&token=")
    for fragment in crafted:
        bruno.goto(f"{live.url}/j/{table['code']}#{fragment}")
        bruno.wait_for_selector("#notice")
        assert BAD_LINK["it"] in bruno.inner_text("#notice")
        check_screen(bruno, "it", name="Bruno")
        assert "#" not in bruno.url  # the fragment left the address bar
    shot(bruno, "bad-link")
    # the right token opens Ada's seat on this phone too (and keeps Bruno's)
    bruno.goto(f"{live.url}/j/{table['code']}#seat=0&token={ada['player_token']}")
    bruno.wait_for_selector("#me-name:text-is('Ada')")
    check_screen(bruno, "it", name="Ada", turn="Tocca a te")
    assert "token" not in bruno.url
    assert bruno.locator("#seat-switch option").count() == 2
    shot(bruno, "good-link")
    bruno.watch.assert_no_errors()


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_reissued_token_the_old_phone_says_so_and_stops_asking(browser, live, shot, lang):
    table = gp.create_table(live)
    old = gp.seat_phone(browser, live, table["code"], "Ada", lang)
    api_join(live, table["code"], "Bruno")
    start_two(live, table)
    old.wait_for_selector("#board-card")
    old.watch.expect(401)
    link = host(live, table, "POST", "/seats/0/token")["seat_url"]
    old.wait_for_selector("#moved")
    assert MOVED[lang] in old.inner_text("#moved")
    check_screen(old, lang)
    axe_check(old)
    shot(old, "moved")
    assert old.watch.requests_in(5) == 0  # no retry loop after a 401
    # the new device opens the link and plays the seat
    new = open_phone(browser, live, lang, f"/j/{table['code']}#{link.split('#', 1)[1]}")
    new.wait_for_selector("#board-card")
    check_screen(new, lang, name="Ada", turn=gp.TURN_TEXT[lang])
    new.taps.tap("[data-move=nature-forest]")
    new.taps.tap("[data-target='0,0']")
    new.wait_for_selector("#gaia-board [data-at='0,0'][data-terrain=forest]")
    assert old.watch.requests_in(2) == 0
    old.watch.assert_no_errors()
    new.watch.assert_no_errors()
