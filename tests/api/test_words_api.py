"""The service's own refusals reach people in their language, never as raw keys."""

from __future__ import annotations

import pytest

from .client import Api


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "no longer holds a seat"), ("it", "non ha più un posto"),
    ("de", "keinen Platz mehr")])
def test_a_stale_token_is_told_in_the_phones_language(live, lang, expected):
    api = Api(live.url)
    t = api.table(2)
    r = api.get(f"/sessions/{t['sid']}/me", "not-a-token-of-this-table",
                headers={"Accept-Language": lang})
    assert r.status_code == 401
    body = r.json()
    assert expected in body["detail"] and body["key"] == "session.token_unknown"


def test_too_few_players_is_a_sentence_not_a_key(live):
    api = Api(live.url)
    created = api.create("gaia")
    api.join(created["code"], "Ada")
    r = api.post(f"/sessions/{created['id']}/start", created["host_token"], json={},
                 headers={"Accept-Language": "de"})
    assert r.status_code == 409
    detail = r.json()["detail"]
    assert detail == "Zum Start braucht es mindestens 2 Personen."


def test_unknown_code_and_nothing_to_undo_in_italian(live):
    api = Api(live.url)
    r = api.get("/join/QQQQQQ", headers={"Accept-Language": "it"})
    assert r.status_code == 404 and r.json()["detail"] == "Nessun tavolo ha il codice QQQQQQ."
    t = api.table(2)
    r = api.post(f"/sessions/{t['sid']}/undo", t["tokens"][0], json={},
                 headers={"Accept-Language": "it"})
    assert r.status_code in (403, 409)
    assert "session." not in r.json()["detail"] and "annullare" in r.json()["detail"]


def test_the_board_picture_speaks_the_language_and_shows_no_squares(live):
    api = Api(live.url)
    t = api.table(2)
    api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0],
             json={"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    de = api.get(f"/sessions/{t['sid']}/board.svg", headers={"Accept-Language": "de"})
    it = api.get(f"/sessions/{t['sid']}/board.svg", headers={"Accept-Language": "it"})
    assert ">Wald<" in de.text and ">foresta<" in it.text
    assert ">0,0<" not in de.text and "Accept-Language" in de.headers["Vary"]
    assert de.headers["ETag"] != it.headers["ETag"]
