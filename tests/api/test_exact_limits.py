"""Limits exact on both sides: a value at the limit passes, one past it is
refused, so an off-by-one on either side fails here."""

from __future__ import annotations

import uuid

from companion.api.guards import MAX_DEPTH
from companion.api.http import MAX_KEY

from .client import Api


def _nest(levels: int) -> object:
    value: object = 1
    for _ in range(levels):
        value = [value]
    return value


def test_the_body_depth_limit_is_exact(live):
    """A body of MAX_DEPTH levels (the move object is the first) reaches the rules; one
    more level is refused before anything reads it."""
    api = Api(live.url)
    t = api.table(2)
    path = f"/sessions/{t['sid']}/moves"
    at_limit = api.post(path, t["tokens"][0],
                        json={"type": "end_turn", "deep": _nest(MAX_DEPTH - 1)})
    assert at_limit.status_code == 422, at_limit.text  # the field is unknown, not too deep
    assert at_limit.json()["code"] != "body_too_deep"
    past = api.post(path, t["tokens"][0], json={"type": "end_turn", "deep": _nest(MAX_DEPTH)})
    assert past.status_code == 400 and past.json()["code"] == "body_too_deep"
    assert past.json()["params"] == {"max": 16}
    assert api.get(f"/sessions/{t['sid']}").json()["moves"] == 0


def test_an_idempotency_key_may_have_200_characters_and_no_more(live):
    api = Api(live.url)
    t = api.table(2)
    path = f"/sessions/{t['sid']}/moves"
    move = {"type": "draw", "pile": "nature", "from": "deck"}
    longest = "k" * MAX_KEY
    r = api.post(path, t["tokens"][0], json=move, headers={"Idempotency-Key": longest})
    assert r.status_code == 201, r.text
    again = api.post(path, t["tokens"][0], json=move, headers={"Idempotency-Key": longest})
    assert again.headers.get("Idempotent-Replayed") == "true"
    over = api.post(path, t["tokens"][0], json=move,
                    headers={"Idempotency-Key": "k" * (MAX_KEY + 1)})
    assert over.status_code == 400 and over.json()["code"] == "bad_header"
    assert over.json()["params"]["max"] == 200
    assert api.get(f"/sessions/{t['sid']}").json()["moves"] == 1
    # the anonymous endpoints (join here) have the same upper bound
    code = api.create("gaia")["code"]
    random_200 = (uuid.uuid4().hex * 7)[:MAX_KEY]
    joined = api.post(f"/join/{code}", json={"name": "Ada"},
                      headers={"Idempotency-Key": random_200})
    assert joined.status_code == 201, joined.text
    refused = api.post(f"/join/{code}", json={"name": "Bo"},
                       headers={"Idempotency-Key": random_200 + "x"})
    assert refused.status_code == 400 and refused.json()["code"] == "bad_header"
    assert [p["name"] for p in api.get(f"/join/{code}").json()["players"]] == ["Ada"]


def test_a_join_retried_with_another_body_is_refused_not_answered_as_the_first(live):
    api = Api(live.url)
    code = api.create("gaia")["code"]
    key = {"Idempotency-Key": uuid.uuid4().hex}
    first = api.post(f"/join/{code}", json={"name": "Ada"}, headers=key)
    assert first.status_code == 201
    other = api.post(f"/join/{code}", json={"name": "Bo"}, headers=key)
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"
    assert "player_token" not in other.json()
    created = api.post("/sessions", json={"game": "gaia"}, headers=key)
    assert created.status_code == 201  # a create is another scope than a join
    changed = api.post("/sessions", json={"game": "kazaam"}, headers=key)
    assert changed.status_code == 422 and changed.json()["code"] == "idempotency_key_reused"
    assert [p["name"] for p in api.get(f"/join/{code}").json()["players"]] == ["Ada"]
