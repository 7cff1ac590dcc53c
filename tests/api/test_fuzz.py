"""Random bodies and headers over real HTTP: never a 5xx, never a corrupted session."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.api import schemas
from companion.games import GAMES

from .client import Api

values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
              st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)
fields = st.sampled_from(["type", "pile", "from", "slot", "at", "terrain", "symbol", "needs",
                          "card", "refill", "discard", "objective", "sources", "auto", "seat",
                          "claim_cities", "setup", "seating", "name", "color", "to_version"])
bodies = st.one_of(values, st.dictionaries(fields, values, max_size=6))
paths = st.sampled_from(["/moves", "/start", "/undo", "/finish", "/me/hand", "/rematch",
                         "/seats/0/token", "/legal-moves?seat=x", "?wait=abc&since=1"])


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=bodies, path=paths, who=st.integers(0, 3),
       if_match=st.sampled_from([None, "*", '"0"', "W/", '"', "1,2,3", "\u00e9"]))
def test_no_input_gives_a_5xx(live, body, path, who, if_match):
    api = getattr(test_no_input_gives_a_5xx, "api", None)
    if api is None or api.base != Api(live.url).base:
        api = Api(live.url)
        test_no_input_gives_a_5xx.api = api
        test_no_input_gives_a_5xx.table = api.table(2)
    t = test_no_input_gives_a_5xx.table
    token = [t["host"], t["tokens"][0], t["tokens"][1], "bogus"][who]
    headers = {"If-Match": if_match} if if_match else {}
    try:
        headers_ok = {k: v.encode("latin-1").decode("latin-1") for k, v in headers.items()}
    except UnicodeEncodeError:
        headers_ok = {}
    before = api.get(f"/sessions/{t['sid']}").json()
    method = "PUT" if path == "/me/hand" else ("GET" if "?" in path else "POST")
    r = api.call(method, f"/sessions/{t['sid']}{path}", token,
                 data=json.dumps(body), headers={**headers_ok,
                                                 "Content-Type": "application/json"})
    assert r.status_code < 500, r.text
    if r.status_code >= 400:
        assert r.headers["Content-Type"].startswith("application/problem+json")
        after = api.get(f"/sessions/{t['sid']}").json()
        assert after == before


# -- hostile values in every field: deep nesting and huge integers ----------------
def _deep(depth: int, leaf: object) -> object:
    for i in range(depth):
        leaf = [leaf] if i % 2 else {"k": leaf}
    return leaf


#: refused before any schema sees them (400), whatever the rest of the body says
hostile = st.one_of(
    st.builds(_deep, st.integers(17, 400), st.sampled_from([1, "x", None, []])),
    st.integers(2**53, 2**64 - 1), st.integers(-(2**63), -(2**53)))
#: every field of every body the API takes, straight from the schemas (a move's: its
#: envelope's and every game's shapes')
TARGETS = {"/start": schemas.StartSchema, "/undo": schemas.UndoSchema,
           "/me/hand": schemas.HandSchema, "create": schemas.CreateSchema,
           "join": schemas.JoinSchema, "import": schemas.RecordSchema}
MOVE_FIELDS = sorted({*schemas.MoveSchema().fields, *(
    name for game in GAMES.values() if game.shapes
    for move in game.shapes.moves.values() for name in move.fields)})
target_fields = st.sampled_from([("/moves", name) for name in MOVE_FIELDS] + [
    (path, name) for path, schema in TARGETS.items() for name in schema().fields])
#: bodies that would be accepted: the hostile value alone must be what gets them refused
BASES = {"/moves": {"type": "draw", "pile": "nature", "from": "deck"}, "/start": {},
         "/undo": {}, "/me/hand": {"nature": []}, "create": {"game": "gaia"},
         "join": {"name": "Zed"},
         "import": {"format": "tabletop-companion/1", "game": "gaia", "players": []}}


def _placed(value: object, how: int) -> object:
    """The hostile value as the field itself, inside a list, or inside an object."""
    return [value] if how == 1 else {"nested": value} if how == 2 else value


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(target=target_fields, value=hostile, how=st.integers(0, 2))
def test_deep_nesting_and_huge_integers_in_every_field(live, target, value, how):
    test = test_deep_nesting_and_huge_integers_in_every_field
    api = getattr(test, "api", None)
    if api is None or api.base != Api(live.url).base:
        api = test.api = Api(live.url)
        test.table, test.lobby = api.table(2), api.create("gaia")
    t, lobby = test.table, test.lobby
    path, field = target
    body = {**BASES[path], field: _placed(value, how)}
    method, url, token = {
        "create": ("POST", "/sessions", None),
        "join": ("POST", f"/join/{lobby['code']}", None),
        "import": ("POST", "/sessions/import", None),
        "/start": ("POST", f"/sessions/{lobby['id']}/start", lobby["host_token"]),
        "/undo": ("POST", f"/sessions/{t['sid']}/undo", t["host"]),
        "/me/hand": ("PUT", f"/sessions/{t['sid']}/me/hand", t["tokens"][0]),
    }.get(path, ("POST", f"/sessions/{t['sid']}{path}", t["tokens"][0]))
    before = api.get(f"/sessions/{t['sid']}").json()
    r = api.call(method, url, token, data=json.dumps(body),
                 headers={"Content-Type": "application/json"})
    assert r.status_code == 400, (path, field, r.status_code, r.text[:200])
    assert r.json()["code"] in ("body_too_deep", "number_out_of_range")
    assert r.headers["Content-Type"].startswith("application/problem+json")
    assert api.get(f"/sessions/{t['sid']}").json() == before
    for read in ("/moves", "/export", "/score"):  # nothing stored that cannot be read back
        assert api.get(f"/sessions/{t['sid']}{read}").status_code == 200
    assert api.get(f"/join/{lobby['code']}").json()["players"] == []


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(target=target_fields, value=st.integers(2**64, 2**90) | st.integers(-(2**90), -(2**64)))
def test_integers_past_64_bits_never_give_a_5xx(live, target, value):
    """orjson reads these as floats; each field's schema then judges the value."""
    test = test_integers_past_64_bits_never_give_a_5xx
    api = getattr(test, "api", None)
    if api is None or api.base != Api(live.url).base:
        api = test.api = Api(live.url)
        test.table = api.table(2)
    t = test.table
    path, field = target
    method, url = {"create": ("POST", "/sessions"), "join": ("POST", "/join/ZZZZZZ"),
                   "import": ("POST", "/sessions/import"),
                   "/me/hand": ("PUT", f"/sessions/{t['sid']}/me/hand")}.get(
        path, ("POST", f"/sessions/{t['sid']}{path}"))
    r = api.call(method, url, t["tokens"][0], data=json.dumps({field: value}),
                 headers={"Content-Type": "application/json"})
    assert 400 <= r.status_code < 500, (path, field, r.status_code, r.text[:200])
    for read in ("/moves", "/export", "/score"):
        assert api.get(f"/sessions/{t['sid']}{read}").status_code == 200
