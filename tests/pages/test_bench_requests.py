"""The request table of bench/table.py (bench/page_requests.py REQUESTS) against what the
real pages request in a browser: the table screen loading, then one move tapped on a
phone, seen by the other phone and the screen."""

from __future__ import annotations

from collections import Counter
from urllib.parse import urlsplit

import requests

from bench.page_requests import REQUESTS, requests_for
from tests.pages import gaia_phone as gp
from tests.pages.test_phone_turns import SETUP, tile


def record(page) -> list[str]:
    """The page's API and catalogue requests from now on, as "METHOD /path?query" (the
    live stream and static files left out)."""
    seen: list[str] = []

    def keep(request) -> None:
        parts = urlsplit(request.url)
        path = parts.path
        # the words' ?v= (the catalogue's version, for caching) asks for nothing else
        query = "" if path.startswith("/i18n/") else parts.query
        if (path.startswith("/api/") or path.startswith("/i18n/")) and not path.endswith("/events"):
            seen.append(f"{request.method} {path}" + (f"?{query}" if query else ""))

    page.on("request", keep)
    return seen


def test_pages_request_what_the_bench_table_says(browser, live):
    table = gp.create_table(live)
    sid = table["id"]
    ada = gp.seat_phone(browser, live, table["code"], "Ada")
    bruno = gp.seat_phone(browser, live, table["code"], "Bruno")
    gp.start(live, table, SETUP)
    ada.wait_for_selector("#actions")
    bruno.wait_for_selector("#board-card")
    screen = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    on_screen = record(screen)
    screen.goto(f"{live.url}/t/{sid}")
    screen.wait_for_selector("#feed")
    screen.wait_for_timeout(500)
    assert Counter(on_screen) == Counter(requests_for("screen", "load", sid))
    on_screen.clear()
    by_ada, by_bruno = record(ada), record(bruno)
    tile(ada, "forest", "0,0")  # Ada's phone sends a move
    version = requests.get(f"{live.url}/api/v1/sessions/{sid}", timeout=10).json()["version"]
    gp.wait_version(bruno, version)
    screen.wait_for_selector(f"#feed li[data-version='{version}']")
    ada.wait_for_timeout(700)  # a coalesced second load() comes after the first
    # the other phone: exactly the live message's reads; the screen: none
    assert Counter(by_bruno) == Counter(requests_for("phone", "message", sid, given=True))
    assert on_screen == requests_for("screen", "message", sid) == []
    # the mover: its send() alone — its own live message brings a version already read
    assert Counter(by_ada) == Counter(requests_for("phone", "move", sid)), by_ada
    assert set(REQUESTS) == {"phone", "screen"}
