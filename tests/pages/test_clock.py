"""The turn clock in a real browser: the phones' status line and the
table screen count the running turn from the server's times, alert at zero in words and
colour, and the phone of the player on turn vibrates. Time is controlled on both sides:
the server's ``now`` is injected (config ``NOW``) and each page's clock is Playwright's
fake one, paused and moved on by the test. Nothing sleeps."""

from __future__ import annotations

import datetime as dt

import pytest
import requests

from tests.conftest import make_app
from tests.pages import gaia_phone as gp
from tests.pages.checks import PageWatch, axe_check, check_screen

T0 = 1_800_000_000.0
PAGE_T0 = dt.datetime(2031, 5, 4, 20, 0, 0, tzinfo=dt.UTC)  # a skewed phone clock
SETUP = {"objectives": [["forest", "forest", "sea", "sea"]] * 4,
         "display": {"nature": ["plains", "desert", "mountain"],
                     "life": [{"kind": "animals", "symbol": "desert"},
                              {"kind": "city", "symbol": "mountain",
                               "needs": ["desert", "desert", "plains", "animals"]}]}}
WORDS = {
    "en": {"over": "0:02 over", "mine": "Your time is up!", "theirs": "Ada's time is up!",
           "event": "Ada ran out of time (2 s over)", "left": "0:18 left", "turn": "Your turn"},
    "it": {"over": "0:02 oltre", "mine": "Il tuo tempo è scaduto!",
           "theirs": "Il tempo di Ada è scaduto!", "event": "Ada ha finito il tempo (2 s in più)",
           "left": "restano 0:18", "turn": "Tocca a te"},
    "de": {"over": "0:02 darüber", "mine": "Deine Zeit ist um!",
           "theirs": "Die Zeit von Ada ist um!",
           "event": "Ada hat die Zeit überschritten (2 s darüber)", "left": "noch 0:18",
           "turn": "Du bist dran"},
}
RECORD_BUZZ = """
window.__buzz = [];
Object.defineProperty(Navigator.prototype, 'vibrate', { configurable: true,
  value: function (pattern) { window.__buzz.push(pattern); return true; } });
"""


class FakeNow:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def now() -> FakeNow:
    return FakeNow()


@pytest.fixture
def app(clean_redis, tmp_path, now):  # the live server with the injected time
    return make_app(clean_redis, tmp_path, NOW=now)


def timed_context(browser, lang: str):
    """A phone whose page clock is Playwright's, paused: it moves only when told."""
    context = browser.new_context(**gp.phone_args(lang))
    context.clock.install(time=PAGE_T0)
    context.clock.pause_at(PAGE_T0 + dt.timedelta(seconds=1))
    context.add_init_script(RECORD_BUZZ)
    return context


def seat(browser, live, code: str, name: str, lang: str):
    page = timed_context(browser, lang).new_page()
    page.watch = PageWatch(page)
    page.goto(f"{live.url}/j/{code}")
    page.wait_for_selector("#join-name:focus")
    page.keyboard.type(name)
    page.click("#join-button")  # a gesture: from now on the phone may vibrate
    page.wait_for_selector("#waiting, #board-card")
    return page


def buzzes(page) -> int:
    """The clock's long buzzes (the turn's own short one comes from common.alertTurn)."""
    return int(page.evaluate("window.__buzz.filter((p) => String(p) === '300,120,300,120,300')"
                             ".length"))


def on_turn(phone, screen, seat: int) -> None:
    """The phone of the seat on turn and the table screen both show that seat's time running."""
    phone.wait_for_selector("#clock-time")
    screen.wait_for_selector(f'#clocks .clock-row.running[data-seat="{seat}"]')


def forward(pages, seconds: int) -> None:
    for page in pages:
        page.context.clock.fast_forward(seconds * 1000)


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_the_running_turn_its_alert_and_the_buzz(browser, live, now, shot, lang):
    w = WORDS[lang]
    r = requests.post(f"{live.url}/api/v1/sessions", timeout=10,
                      json={"game": "gaia", "clock": {"per_turn": 30}})
    assert r.status_code == 201, r.text
    table = r.json()
    ada = seat(browser, live, table["code"], "Ada", lang)
    bruno = seat(browser, live, table["code"], "Bruno", lang)
    screen = timed_context(browser, lang).new_page()
    screen.watch = PageWatch(screen)
    screen.goto(f"{live.url}/t/{table['id']}")
    gp.start(live, table, SETUP)  # Ada's turn starts at the server's T0
    on_turn(ada, screen, 0)  # every page holds the running turn before its clock moves
    bruno.wait_for_selector("#clock-time")
    assert ada.inner_text("#clock-time") == "0:30"
    now.t += 12
    forward([ada, bruno, screen], 12)
    ada.wait_for_function("() => document.getElementById('clock-time').textContent === '0:18'")
    bruno.wait_for_function("() => document.getElementById('clock-time').textContent === '0:18'")
    running = screen.locator("#clocks .clock-row.running")
    running.filter(has_text=w["left"]).wait_for()
    assert running.get_attribute("data-seat") == "0"
    assert ada.is_hidden("#clock-alert")
    check_screen(ada, lang, name="Ada", turn=w["turn"])
    shot(ada, "running")
    # Ada's 30 seconds run out: words and colour on every screen, a buzz on her phone only
    now.t += 20
    forward([ada, bruno, screen], 20)
    ada.locator("#clock-alert", has_text=w["mine"]).wait_for()
    bruno.locator("#clock-alert", has_text=w["theirs"]).wait_for()
    screen.locator("#clock-alert", has_text=w["theirs"]).wait_for()
    assert ada.inner_text("#clock-time") == w["over"]
    assert "out" in ada.get_attribute("#clock", "class")
    assert buzzes(ada) == 1 and buzzes(bruno) == 0
    forward([ada], 5)  # the alert stays, the buzz is not repeated
    assert buzzes(ada) == 1
    check_screen(ada, lang, name="Ada", turn=w["turn"])
    check_screen(screen, lang)
    shot(ada, "time-up")
    shot(bruno, "time-up-other")
    shot(screen, "table-time-up")
    # nothing moved by itself: Ada ends her turn, and the move tells what happened
    assert requests.get(f"{live.url}/api/v1/sessions/{table['id']}",
                        timeout=10).json()["turn"]["seat"] == 0
    ada.click("#end-turn")
    ada.locator("#last", has_text=w["event"]).wait_for()
    bruno.wait_for_function("() => document.getElementById('clock-time')?.textContent === '0:30'")
    assert ada.is_hidden("#clock-alert") if ada.locator("#clock-alert").count() else True
    for page in (ada, bruno, screen):
        page.watch.assert_no_errors()
    ada.context.clock.resume()  # axe-core needs its timers to run
    axe_check(ada)


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_the_start_page_offers_the_clock(browser, live, shot, lang):
    context = browser.new_context(**gp.phone_args(lang))
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{live.url}/")
    page.wait_for_selector("#clock-option")
    assert page.is_hidden("#clock-amount-box")
    page.locator("#clock-option input[value=per_player]").check()
    assert page.input_value("#clock-amount") == "20"
    page.fill("#clock-amount", "45")
    check_screen(page, lang)
    page.locator("#clock-option").scroll_into_view_if_needed()
    shot(page, "clock-choice")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#table > *")  # loaded: closing mid-load leaves a file open
    sid = page.url.rsplit("/", 1)[1]
    state = requests.get(f"{live.url}/api/v1/sessions/{sid}", timeout=10).json()
    assert state["clock"]["mode"] == "per_player" and state["clock"]["limit"] == 45 * 60
    watch.assert_no_errors()
    context.close()


def test_a_chess_clock_counts_each_players_minutes(browser, live, now, shot):
    r = requests.post(f"{live.url}/api/v1/sessions", timeout=10,
                      json={"game": "gaia", "clock": {"per_player": 2}})
    assert r.status_code == 201, r.text
    table = r.json()
    ada = seat(browser, live, table["code"], "Ada", "de")
    bruno = seat(browser, live, table["code"], "Bruno", "de")
    screen = timed_context(browser, "de").new_page()
    screen.watch = PageWatch(screen)
    screen.goto(f"{live.url}/t/{table['id']}")
    gp.start(live, table, SETUP)
    # every page holds Ada's running turn before its clock moves: a page keeps the server's
    # time as it was when the state arrived, so a state that arrives after the jump counts from it
    on_turn(ada, screen, 0)
    bruno.wait_for_selector("#clock-own")
    assert bruno.inner_text("#clock-time") == "2:00"
    assert bruno.inner_text("#clock-own") == "du: 2:00"
    now.t += 50
    forward([ada, bruno, screen], 50)
    ada.wait_for_function("() => document.getElementById('clock-time').textContent === '1:10'")
    ada.click("#end-turn")  # Ada's clock stops at 1:10; Bruno's runs
    bruno.wait_for_function("() => document.getElementById('clock-time')?.textContent === '2:00'")
    assert ada.inner_text("#clock-own") == "du: 1:10"
    on_turn(bruno, screen, 1)
    now.t += 30
    forward([ada, bruno, screen], 30)
    bruno.wait_for_function("() => document.getElementById('clock-time').textContent === '1:30'")
    rows = screen.locator("#clocks .clock-row")
    rows.filter(has_text="noch 1:30").wait_for()
    assert rows.nth(0).inner_text().endswith("noch 1:10")
    assert screen.get_attribute("#clocks .clock-row.running", "data-seat") == "1"
    check_screen(bruno, "de", name="Bruno")
    check_screen(screen, "de")
    shot(bruno, "chess-clock")
    shot(screen, "chess-clock-table")
    for page in (ada, bruno, screen):
        page.watch.assert_no_errors()
