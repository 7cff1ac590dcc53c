"""A tap is never lost and never applied twice: real network
faults on a Gaia phone — the phone offline during the tap, the answer lost after the
server accepted the move, the server restarted while the move waits — and each time
the move is in the server's log exactly once and the phone shows it done."""

from __future__ import annotations

import re
import signal
from typing import Any

import pytest
import requests

from tests.api import serving
from tests.pages import gaia_phone as gp
from tests.pages.checks import check_screen
from tests.pages.test_phone_turns import SETUP, two_phones

DRAW = {"type": "draw", "pile": "nature", "from": "deck", "card": "sea"}
PUBLIC_DRAW = {k: v for k, v in DRAW.items() if k != "card"}  # the card drawn is private
WORDS = {"en": ("No network", "Done."), "it": ("Nessuna rete", "Fatto."),
         "de": ("Kein Netz", "Erledigt.")}
MOVES_POST = re.compile(r"/api/v1/sessions/\w+/moves\?include=me$")


def ada_to_move(browser, server, lang="en"):
    """Two phones at a started Gaia table, Ada's turn; and the version they show."""
    table, ada, bruno = two_phones(browser, server, lang)
    gp.start(server, table, SETUP)
    ada.wait_for_selector("#actions")
    return table, ada, bruno, gp.version(ada)


def logged_after(url: str, sid: str, since: int) -> list[dict]:
    """The server's log entries after version ``since``."""
    r = requests.get(f"{url}/api/v1/sessions/{sid}/moves?since={since}", timeout=10)
    assert r.status_code == 200, r.text
    return r.json()["entries"]


def draw_from_deck(page) -> None:
    gp.enter_draw(page, DRAW, sheet_expected=True)


def settled_once(page, url: str, sid: str, before: int, lang: str = "en") -> None:
    """The phone shows the move done, and the log holds it exactly once."""
    gp.wait_version(page, before + 1)
    page.locator("#pending-action[data-state=done]", has_text=WORDS[lang][1]).wait_for()
    entries = logged_after(url, sid, before)
    assert [(e["kind"], e["seat"], e["move"]) for e in entries] == [("move", 0, PUBLIC_DRAW)]
    assert page.get_attribute("#play", "data-pending") == "no"
    assert page.locator("[data-move=draw-nature-deck]").is_enabled()


def page_faults(page) -> list[str]:
    """What went wrong on the page besides the network faults the test makes."""
    return [e for e in page.watch.errors
            if not e.startswith("request failed") and "Failed to load resource" not in e]


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_a_move_tapped_offline_is_sent_once_back_online(browser, live, shot, lang):
    table, ada, bruno, before = ada_to_move(browser, live, lang)
    check_screen(ada, lang, name="Ada")  # (reads the catalogues while the network is up)
    ada.context.set_offline(True)
    draw_from_deck(ada)
    status = ada.locator("#pending-action[data-state=offline]")
    status.wait_for()
    assert WORDS[lang][0] in status.inner_text()
    # while the move waits, the other controls wait too: no queue of guesses
    assert ada.locator("[data-move=draw-nature-deck]").is_disabled()
    check_screen(ada, lang, name="Ada")
    shot(ada, "offline")
    assert logged_after(live.url, table["id"], before) == []
    ada.context.set_offline(False)  # the browser's `online` event resends it
    settled_once(ada, live.url, table["id"], before, lang)
    gp.wait_version(bruno, before + 1)
    shot(ada, "done")
    assert not page_faults(ada), page_faults(ada)


def lose_the_first_answer(page: Any) -> tuple[list[str], list[str]]:
    """The first move sent reaches the server and its answer is lost; the resends pass.
    Returns the Idempotency-Keys sent and the replay headers answered."""
    keys: list[str] = []
    replayed: list[str] = []

    def route(r: Any) -> None:
        keys.append(r.request.header_value("idempotency-key") or "")
        if len(keys) == 1:
            r.fetch()  # the server applies the move...
            r.abort()  # ...and the phone never hears of it
        else:
            r.continue_()

    page.on("response", lambda r: replayed.append(r.headers.get("idempotent-replayed", ""))
            if MOVES_POST.search(r.url) else None)
    page.route(MOVES_POST, route)
    return keys, replayed


def test_a_lost_answer_is_asked_again_with_the_same_key(browser, live, shot):
    table, ada, _bruno, before = ada_to_move(browser, live)
    keys, replayed = lose_the_first_answer(ada)
    draw_from_deck(ada)
    settled_once(ada, live.url, table["id"], before)
    assert len(keys) == 2 and keys[0] == keys[1] and len(keys[0]) >= 22, keys
    assert replayed == ["true"]  # the resend was answered from the first answer
    shot(ada, "settled")
    assert not page_faults(ada), page_faults(ada)


def test_a_move_pending_while_the_server_restarts(browser, clean_redis, tmp_path, shot,
                                                  monkeypatch):
    env = {"REDIS_URL": clean_redis, "RATE_LIMIT_JOIN": "1000 per minute",
           "RATE_LIMIT_CREATE": "1000 per minute"}
    served = serving.Served(tmp_path / "instance", **env)
    try:
        table, ada, _bruno, before = ada_to_move(browser, served)
        served.proc.send_signal(signal.SIGQUIT)  # gunicorn's quick shutdown: all gone
        served.proc.wait(15)
        draw_from_deck(ada)
        ada.locator("#pending-action[data-state=offline]").wait_for()
        shot(ada, "server-down")
        # the same address again, the same Redis behind it
        monkeypatch.setattr(serving, "free_port", lambda: served.port)
        served = serving.Served(tmp_path / "instance", **env)
        settled_once(ada, served.url, table["id"], before)
        assert not page_faults(ada), page_faults(ada)
    finally:
        served.stop()


def test_a_move_pending_at_a_reload_is_resent_after_it_with_its_key(browser, live, shot):
    table, ada, _bruno, before = ada_to_move(browser, live)
    keys: list[str] = []

    def every_answer_lost(route):
        keys.append(route.request.header_value("idempotency-key") or "")
        route.fetch()
        route.abort()

    ada.route(MOVES_POST, every_answer_lost)
    draw_from_deck(ada)
    ada.locator("#pending-action[data-state=offline]").wait_for()
    ada.unroute(MOVES_POST)
    ada.route(MOVES_POST, lambda route: (keys.append(
        route.request.header_value("idempotency-key") or ""), route.continue_()))
    ada.reload()  # the pending move is in sessionStorage: sent again, same key
    settled_once(ada, live.url, table["id"], before)
    assert len(keys) >= 2 and len(set(keys)) == 1, keys
    assert not page_faults(ada), page_faults(ada)
