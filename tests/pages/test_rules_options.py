"""G7.1 and friends: the rules page follows the session's options."""

from __future__ import annotations

import requests

from tests.api.client import Api
from tests.pages.conftest import ARTIFACTS


def _page(live, game: str, lang: str, **query: str) -> str:
    r = requests.get(f"{live.url}/rules/{game}", params={"lang": lang, **query}, timeout=30)
    assert r.status_code == 200
    return r.text


def test_rules_page_follows_the_sessions_options(live):
    api = Api(live.url)
    sid = api.create("gaia", feeding="all", end_on="deck_empty")["id"]
    plain = _page(live, "gaia", "en")
    assert "the cities you built, also once taken over (option feeding: holder" in plain
    holder = api.create("gaia", feeding="holder")["id"]
    assert "each city your pawns hold" in _page(live, "gaia", "en", session=holder)
    page = _page(live, "gaia", "en", session=sid)
    assert "every city on the map with an animals need, whoever built it" in page
    assert "as soon as the nature or the life deck is empty" in page
    assert 'id="G10.1"' not in page and 'id="G10.1"' in plain  # a base game: no G10
    assert "ogni città della mappa" in _page(live, "gaia", "it", session=sid)
    assert "jede Stadt der Karte" in _page(live, "gaia", "de", session=sid)
    # an unknown session or another game's: the plain rules
    assert _page(live, "gaia", "en", session="0" * 32) == plain
    kazaam = api.create("kazaam", end="finish_round")["id"]
    assert _page(live, "gaia", "en", session=kazaam) == plain
    assert "after the round, so everyone has the same turns" in _page(
        live, "kazaam", "en", session=kazaam)


def test_rules_page_of_a_session_at_360px(browser, live):
    sid = Api(live.url).create("gaia", feeding="all")["id"]
    for lang in ("en", "it", "de"):
        page = browser.new_page(viewport={"width": 360, "height": 740}, locale=lang)
        page.goto(f"{live.url}/rules/gaia?session={sid}&lang={lang}#G7.1")
        text = page.inner_text("#G7\\.1 + dd")
        assert text and "{" not in text and "null" not in text
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        ARTIFACTS.mkdir(exist_ok=True)  # the part of the page the link opens, as seen
        page.screenshot(path=str(ARTIFACTS / f"rules-session-360-{lang}.png"))
        page.close()
