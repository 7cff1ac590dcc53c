"""Random bodies and headers over real HTTP: never a 5xx, never a corrupted session."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
