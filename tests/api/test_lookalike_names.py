"""Names are what they look like: a name with a blank-looking character in it (the
blank Braille cell, a Hangul filler, a zero-width space...) is the name without it, so
it is refused as taken where its look-alike sits — in every game's join and for the
seats the host adds without a phone."""

from __future__ import annotations

import uuid

import pytest

from .client import Api

#: each shows exactly like "Anna" on a screen
LOOK_ALIKES = ["Anna\u2800", "Anna\u3164", "Anna\u115f", "Anna\u1160", "Anna\uffa0",
               "An\u200bna", "\u2060Anna", "Anna\ufeff", "Ann\u00ada", "Anna\u034f",
               "Anna\U000e0041", "ANNA\u2800\u2800"]


def _join_fields(api: Api, game: str, code: str, i: int) -> dict:
    """What a join needs besides the name (kazaam: a prototype and an ingredient)."""
    if game != "kazaam":
        return {}
    info = api.get(f"/join/{code}").json()
    return {"prototype": info["prototypes"][i], "ingredient": info["ingredients"][i]}


def _key() -> dict[str, str]:
    return {"Idempotency-Key": uuid.uuid4().hex}


@pytest.mark.parametrize("game", ["gaia", "kazaam", "scorepad"])
def test_look_alike_names_are_refused_as_taken_at_the_join(live, game):
    api = Api(live.url)
    created = api.create(game)
    code = created["code"]
    r = api.post(f"/join/{code}", json={"name": "Anna", **_join_fields(api, game, code, 0)})
    assert r.status_code == 201, r.text
    for twin in LOOK_ALIKES:
        r = api.post(f"/join/{code}", json={"name": twin,
                                            **_join_fields(api, game, code, 1)})
        assert r.status_code == 422, (twin, r.text)
        assert r.json()["key"] == "join.name_taken", (twin, r.text)
    assert [p["name"] for p in api.get(f"/join/{code}").json()["players"]] == ["Anna"]


def test_a_blank_looking_character_is_taken_out_of_a_new_name(live):
    api = Api(live.url)
    created = api.create("gaia")
    r = api.post(f"/join/{created['code']}", json={"name": "Bo\u2800\u3000\u00a0Cy\u200b"})
    assert r.status_code == 201, r.text
    names = [p["name"] for p in api.get(f"/join/{created['code']}").json()["players"]]
    assert names == ["Bo Cy"]  # what the screen shows is what is kept


def test_look_alike_names_are_refused_for_seats_without_a_phone(live):
    api = Api(live.url)
    created = api.create("gaia")
    sid, host = created["id"], created["host_token"]
    api.join(created["code"], "Anna")
    for twin in LOOK_ALIKES:
        r = api.post(f"/sessions/{sid}/seats", host, json={"name": twin}, headers=_key())
        assert r.status_code == 422, (twin, r.text)
        assert r.json()["key"] == "join.name_taken", (twin, r.text)
    # a phoneless seat's name is the kept one, and a phone cannot join as its twin
    r = api.post(f"/sessions/{sid}/seats", host, json={"name": "Bo\u3164"}, headers=_key())
    assert r.status_code == 201, r.text
    r = api.post(f"/join/{created['code']}", json={"name": "bo\u2800"})
    assert r.status_code == 422 and r.json()["key"] == "join.name_taken", r.text
    names = [p["name"] for p in api.get(f"/sessions/{sid}").json()["players"]]
    assert names == ["Anna", "Bo"]
