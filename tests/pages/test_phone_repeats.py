"""What a phone must do again and what it must not: a move answered with a 500 (the
server never decided it) is sent again with its key and lands once; a live frame of the
version the phone already shows is not applied a second time."""

from __future__ import annotations

import json
import re

import requests

from tests.pages import gaia_phone as gp
from tests.pages.test_pending_actions import MOVES_POST, draw_from_deck, page_faults, settled_once
from tests.pages.test_phone_turns import SETUP

OWN_STREAM = re.compile(r"/api/v1/sessions/\w+/me/events$")
#: records each marker name the page ever showed, from the first mutation of the DOM
WATCH = """
window.__shown = [];
new MutationObserver(() => {
  const text = document.body ? document.body.textContent : "";
  for (const mark of ["Zedrepeat", "Zednext"]) {
    if (text.includes(mark) && !window.__shown.includes(mark)) window.__shown.push(mark);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def ada_to_move(browser, live):
    """Ada's phone at a started two-player Gaia table, her turn (Bo joined without a
    phone: one browser is enough here); and the version it shows."""
    table = gp.create_table(live)
    ada = gp.seat_phone(browser, live, table["code"], "Ada")
    joined = requests.post(f"{live.url}/api/v1/join/{table['code']}", json={"name": "Bruno"},
                           timeout=10)
    assert joined.status_code == 201, joined.text
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    return table, ada, gp.version(ada)


def test_a_move_answered_with_a_500_is_sent_again_and_lands_once(browser, live, shot):
    table, ada, before = ada_to_move(browser, live)
    keys: list[str] = []

    def first_one_fails(route):
        keys.append(route.request.header_value("idempotency-key") or "")
        if len(keys) == 1:  # a proxy's or a worker's crash: the server never decided it
            route.fulfill(status=500, content_type="application/problem+json",
                          body=json.dumps({"type": "about:blank", "title": "Internal Server "
                                           "Error", "status": 500, "detail": "boom"}))
        else:
            route.continue_()

    ada.route(MOVES_POST, first_one_fails)
    draw_from_deck(ada)
    # the action ends either way: done after its resend, or (wrongly) refused by the 500
    ended = ada.locator("#pending-action[data-state=done], #pending-action[data-state=refused]")
    ended.wait_for()
    assert ended.get_attribute("data-state") == "done", ended.inner_text()
    settled_once(ada, live.url, table["id"], before)
    assert len(keys) == 2 and keys[0] == keys[1], keys
    shot(ada, "resent-after-500")
    assert not [e for e in page_faults(ada) if "500" not in e], page_faults(ada)


def _frame(version: int, state: dict, me: dict) -> str:
    data = json.dumps({"version": version, "events": [], "state": state, "me": me})
    return f"id: {version}\nevent: version\ndata: {data}\n\n"


def test_a_frame_of_the_version_shown_is_not_applied_again(browser, live):
    """The phone's own stream brings, after a reload, a frame of the version the phone
    already shows (here with another name in it, to see it) and then a newer one: the
    phone shows the newer one and never showed the repeated one."""
    table, ada, shown = ada_to_move(browser, live)
    assert "Bruno" in ada.inner_text("body")  # a name in a frame would be seen
    base = f"{live.url}/api/v1/sessions/{table['id']}"

    def repeat_then_newer(route):
        auth = {"Authorization": route.request.header_value("authorization") or ""}
        state = requests.get(base, timeout=10).json()
        me = requests.get(f"{base}/me?include=legal", headers=auth, timeout=10).json()
        assert state["version"] == shown
        repeated = json.loads(json.dumps(state))
        repeated["players"][1]["name"] = "Zedrepeat"
        newer = json.loads(json.dumps(state))
        newer["players"][1]["name"] = "Zednext"
        newer["version"] = shown + 1
        route.fulfill(status=200, content_type="text/event-stream",
                      headers={"Cache-Control": "no-cache"},
                      body="retry: 2000\n\n" + _frame(shown, repeated, me)
                      + _frame(shown + 1, newer, me))

    ada.add_init_script(WATCH)
    ada.route(OWN_STREAM, repeat_then_newer, times=1)
    ada.reload()
    gp.wait_version(ada, shown + 1)
    ada.get_by_text("Zednext").first.wait_for(state="attached")
    assert ada.evaluate("window.__shown") == ["Zednext"]
