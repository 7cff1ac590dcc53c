"""Small bounds a stranger or a seated player probed, each
performed over real HTTP: the answer is a clear refusal (never a 500) and the
session is untouched, while the table's legitimate use keeps working."""

from __future__ import annotations

import requests

from .client import Api
from .sse import Stream, opened

MOVE = {"type": "play_nature", "terrain": "forest", "at": [0, 0]}


# -- 12: Last-Event-ID --------------------------------------------------------------------
def test_a_last_event_id_that_is_no_version_is_refused_with_400(live):
    api = Api(live.url)
    t = api.table(2)
    streams = [(f"{api.base}/sessions/{t['sid']}/events", {}),
               (f"{api.base}/sessions/{t['sid']}/me/events",
                {"Authorization": f"Bearer {t['tokens'][0]}"})]
    for url, headers in streams:
        for bad in ("9223372036854775807", "-1", "1e3", "²", "x"):
            r = opened(url, headers={**headers, "Last-Event-ID": bad})
            assert r.status_code == 400, (url, bad)
            assert r.json()["code"] == "bad_header"
        r = opened(url, params={"since": "9" * 30}, headers=headers)
        assert r.status_code == 400
    # the slots of the refused streams were given back; a version ahead of the store
    # (one it lost) starts afresh with the current state
    version = api.get(f"/sessions/{t['sid']}").json()["version"]
    for token in (None, t["tokens"][0]):
        path = "me/events" if token else "events"
        stream = Stream(f"{api.base}/sessions/{t['sid']}/{path}",
                        last_event_id=version + 1000, token=token)
        try:
            first = stream.next()
            assert int(first["id"]) == version and "state" in first["data"]
        finally:
            stream.close()


def _pad(api: Api) -> tuple[str, str, str, str]:
    """A started score pad for Ada and Bo, points per round: (sid, host, Ada's token,
    join code)."""
    created = api.create("scorepad", scoring="per_round", categories=["A"])
    ada = api.join(created["code"], "Ada")["player_token"]
    api.join(created["code"], "Bo")
    sid, host = created["id"], created["host_token"]
    assert api.post(f"/sessions/{sid}/start", host, json={}).status_code == 201
    return sid, host, ada, created["code"]


# -- 5: move + undo churn -----------------------------------------------------------------
def test_move_and_undo_in_a_loop_cannot_fill_the_session(clean_redis, tmp_path):
    """Before: 998 pairs, then 409 session_full for everyone. Now a seat's undos are
    budgeted; the game goes on for everyone (and the host may still go back)."""
    from tests.conftest import LiveServer, make_app

    live = LiveServer(make_app(clean_redis, tmp_path, MAX_SESSION_ENTRIES=60,
                               MAX_UNDOS_PER_SEAT=5))
    try:
        api = Api(live.url)
        t = api.table(2)
        sid, ada = t["sid"], t["tokens"][0]
        codes = []
        for _ in range(40):  # the attack, bounded
            r = api.post(f"/sessions/{sid}/moves", ada, json=MOVE)
            if r.status_code != 201:
                codes.append(r.status_code)
                break
            codes.append(api.post(f"/sessions/{sid}/undo", ada, json={}).status_code)
            if codes[-1] != 201:
                break
        assert codes == [201] * 5 + [403], codes
        refused = api.post(f"/sessions/{sid}/undo", ada, json={})
        assert refused.json()["rule"] == "SESSION.undo" and refused.json()["max_undos"] == 5
        # the table plays on: Bo's turn follows Ada's move, and the host can undo
        r = api.post(f"/sessions/{sid}/undo", t["host"], json={})
        assert r.status_code == 201, r.text
        assert api.post(f"/sessions/{sid}/moves", ada, json=MOVE).status_code == 201
    finally:
        live.stop()


# -- 16: private answers are never cached -------------------------------------------------
def test_answers_with_tokens_or_private_views_say_no_store(live):
    api = Api(live.url)
    created = api.post("/sessions", json={"game": "gaia"})
    assert created.headers["Cache-Control"] == "no-store"
    t = api.table(2)
    sid, ada = t["sid"], t["tokens"][0]
    private = [api.get(f"/sessions/{sid}/me", ada),
               api.get(f"/sessions/{sid}/me?include=legal", ada),
               api.post(f"/sessions/{sid}/seats/0/token", t["host"], json={}),
               api.post(f"/sessions/{sid}/moves", ada, json=MOVE)]
    for r in private:
        assert r.headers.get("Cache-Control") == "no-store", (r.request.url, r.status_code)
    seat_stream = requests.get(f"{api.base}/sessions/{sid}/me/events", stream=True,
                               headers={"Authorization": f"Bearer {ada}"}, timeout=5)
    assert seat_stream.headers["Cache-Control"] == "no-store"
    seat_stream.close()
    # the public state may be cached as before
    assert api.get(f"/sessions/{sid}").headers.get("Cache-Control") != "no-store"


# -- 18: duplicate keys, an undo undone already, the port of localhost --------------------
def test_a_field_named_twice_is_refused_and_changes_nothing(live):
    api = Api(live.url)
    t = api.table(2)
    before = api.get(f"/sessions/{t['sid']}").json()
    raw = b'{"type": "play_nature", "terrain": "forest", "terrain": "sea", "at": [0, 0]}'
    for path, token, body in ((f"/sessions/{t['sid']}/moves", t["tokens"][0], raw),
                              ("/sessions", None, b'{"game": "gaia", "game": "kazaam"}'),
                              ("/sessions", None, b'{"game": "gaia", "options": '
                                                  b'{"a": {"b": 1, "b": 2}}}')):
        r = api.post(path, token, data=body, headers={"Content-Type": "application/json"})
        assert r.status_code == 400, r.text
        assert r.json()["code"] == "duplicate_key"
    assert api.get(f"/sessions/{t['sid']}").json() == before


def test_an_undo_to_a_version_undone_already_is_refused(live):
    api = Api(live.url)
    sid, host, ada, _code = _pad(api)
    first = api.post(f"/sessions/{sid}/moves", ada, json={
        "type": "score", "seat": 0, "round": 1, "points": {"A": 1}})
    second = api.post(f"/sessions/{sid}/moves", ada, json={
        "type": "score", "seat": 1, "round": 1, "points": {"A": 2}})
    assert (first.status_code, second.status_code) == (201, 201), second.text
    assert api.post(f"/sessions/{sid}/undo", host, json={"to_version": first.json()[
        "version"]}).status_code == 201
    before = api.get(f"/sessions/{sid}").json()
    # back to the second move's version: it is undone already, nothing would change
    again = api.post(f"/sessions/{sid}/undo", host,
                     json={"to_version": second.json()["version"]})
    assert again.status_code == 422, again.text
    assert again.json()["key"] == "session.rewind_done"
    assert api.get(f"/sessions/{sid}").json() == before  # no version spent


def test_join_url_keeps_the_port_for_localhost_without_one(clean_redis, tmp_path):
    from urllib.parse import urlsplit

    from companion.api.links import lan_address
    from tests.conftest import LiveServer, make_app

    server = LiveServer(make_app(clean_redis, tmp_path, PUBLIC_URL=None))
    try:
        port = server.server.server_port
        for host in ("localhost", f"localhost:{port}", "127.0.0.1"):
            r = requests.post(f"{server.url}/api/v1/sessions", json={"game": "gaia"},
                              headers={"Host": host}, timeout=10)
            parts = urlsplit(r.json()["join_url"])
            assert parts.port == port, (host, r.json()["join_url"])
            assert parts.hostname == (lan_address() or "localhost")
    finally:
        server.stop()


# -- 13: every imported number --------------------------------------------------------------
def _clocked_record(api: Api) -> tuple[dict, dict]:
    r = api.post("/sessions", json={"game": "scorepad", "clock": {"per_player": 30},
                                    "options": {"scoring": "per_round", "categories": ["A"]}})
    assert r.status_code == 201, r.text
    created = r.json()
    host = created["host_token"]
    tokens = [api.join(created["code"], n)["player_token"] for n in ("Ada", "Bo")]
    assert api.post(f"/sessions/{created['id']}/start", host, json={}).status_code == 201
    for seat in (0, 1):
        r = api.post(f"/sessions/{created['id']}/moves", tokens[seat], json={
            "type": "score", "seat": seat, "round": 1, "points": {"A": seat + 1}})
        assert r.status_code == 201, r.text
    record = api.get(f"/sessions/{created['id']}/export", host).json()
    return created, record


def test_imported_numbers_out_of_range_are_refused_before_anything_is_stored(live):
    """Before: clock times of -1e300 were stored, then /score and /export were 500
    for the session's life."""
    api = Api(live.url)
    _created, record = _clocked_record(api)
    assert api.post("/sessions/import", json=record).status_code == 201  # as exported
    hostile = []
    for value in (-1e300, -1, 1e300, 2**53):
        hostile.append({**record, "started_at": value})
        hostile.append({**record, "moves": [{**m, "t": value} for m in record["moves"]]})
    hostile.append({**record, "moves": [{**record["moves"][0], "t": 1e300},
                                        *record["moves"][1:]]})
    for bad in hostile:
        r = api.post("/sessions/import", json=bad)
        assert r.status_code in (400, 422), r.text
        assert r.headers["Content-Type"].startswith("application/problem+json")
    # what is accepted can always be scored and exported
    for scale in (0, 1):
        ok = {**record, "started_at": record["started_at"] * scale,
              "moves": [{**m, "t": m["t"] * scale} for m in record["moves"]]}
        imported = api.post("/sessions/import", json=ok)
        assert imported.status_code == 201, imported.text
        body = imported.json()
        for path in ("score", "export"):
            assert api.get(f"/sessions/{body['id']}/{path}",
                           body["host_token"]).status_code == 200


# -- 14: the join code lives as long as its session ----------------------------------------
def test_a_session_in_use_renews_its_join_code(clean_redis, tmp_path):
    """Before: the code's key kept the TTL of the session's creation; a table in use
    longer than SESSION_TTL lost its /join/<code> and its seat links."""
    import redis as redis_client

    from companion.store import keys
    from tests.api.test_clock import FakeNow
    from tests.conftest import LiveServer, make_app

    now, ttl = FakeNow(), 3600
    live = LiveServer(make_app(clean_redis, tmp_path, NOW=now, SESSION_TTL=ttl))
    try:
        api = Api(live.url)
        sid, _host, ada, code = _pad(api)
        client = redis_client.Redis.from_url(clean_redis)
        for hour in range(3):  # three hours of play, a move a third of the TTL apart
            client.expire(keys.join_code(code), 60)  # as Redis would have counted down
            now.advance(ttl / 3)
            r = api.post(f"/sessions/{sid}/moves", ada, json={
                "type": "score", "seat": 0, "round": 1, "points": {"A": hour}})
            assert r.status_code == 201, (hour, r.text)
            assert client.ttl(keys.join_code(code)) >= ttl, hour
            assert client.ttl(keys.join_code(code)) >= client.ttl(keys.session(sid))
        assert api.get(f"/join/{code}").status_code == 200
    finally:
        live.stop()


# -- 15: gunicorn's own refusals ----------------------------------------------------------
def test_requests_gunicorn_refuses_itself_get_the_security_headers(tmp_path, clean_redis):
    """Before: gunicorn's 400 and 431 were bare HTML without nosniff, frame or CSP."""
    import socket

    from .serving import Served

    served = Served(tmp_path, REDIS_URL=clean_redis)
    try:
        attacks = {400: b"GET / HTTP/1.1\r\nHost: x\r\nBad\x01Name: y\r\n\r\n",
                   431: b"GET / HTTP/1.1\r\nHost: x\r\n"
                        + b"".join(b"X-%d: y\r\n" % i for i in range(120)) + b"\r\n"}
        for status, raw in attacks.items():
            with socket.create_connection(("127.0.0.1", served.port), timeout=10) as s:
                s.sendall(raw)
                answer = b""
                while chunk := s.recv(65536):
                    answer += chunk
            head, _, body = answer.partition(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            headers = {k.lower(): v for k, _, v in (h.partition(": ") for h in lines[1:])}
            assert lines[0].split(" ")[1] == str(status), lines[0]
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["x-frame-options"] == "DENY"
            assert "frame-ancestors 'none'" in headers["content-security-policy"]
            assert headers["content-type"] == "application/problem+json"
            assert b"<html" not in body
        assert Api(served.url).get("/healthz").status_code == 200
    finally:
        served.stop()


# -- 6: the host removes a seat and rotates the code ---------------------------------------
def test_the_host_takes_back_seats_a_stranger_took_and_changes_the_code(live):
    """Before: anyone with the code could take every lobby seat for good."""
    api = Api(live.url)
    created = api.create("gaia")
    sid, host, code = created["id"], created["host_token"], created["code"]
    ada = api.join(code, "Ada")["player_token"]
    stranger = [api.join(code, n)["player_token"] for n in ("Xa", "Xb", "Xc")]
    # only the host, only seats that exist
    assert api.call("DELETE", f"/sessions/{sid}/seats/1", ada).status_code == 403
    # a seat that does not exist: the one seat check's answer (session.seat.missing)
    assert api.call("DELETE", f"/sessions/{sid}/seats/9", host).status_code == 422
    r = api.post(f"/sessions/{sid}/code", host)
    assert r.status_code == 201, r.text
    fresh = r.json()["code"]
    assert fresh != code and r.json()["join_url"].endswith(f"/j/{fresh}")
    assert r.json()["events"] == [{"type": "code_changed"}]
    assert api.get(f"/join/{code}").status_code == 404  # the stranger's code is dead
    for seat in (3, 2, 1):
        r = api.call("DELETE", f"/sessions/{sid}/seats/{seat}", host)
        assert r.status_code == 201, r.text
        assert r.json()["events"][0]["type"] == "player_removed"
    state = api.get(f"/sessions/{sid}").json()
    assert [p["name"] for p in state["players"]] == ["Ada"] and state["code"] == fresh
    assert api.get(f"/sessions/{sid}/me", stranger[0]).status_code == 401
    assert api.get(f"/sessions/{sid}/me", ada).json()["seat"] == 0
    bo = api.join(fresh, "Bo")["player_token"]
    assert api.get(f"/sessions/{sid}/me", bo).json()["seat"] == 1
    r = api.post(f"/sessions/{sid}/start", host, json={"setup": {
        "objectives": [["forest", "forest", "sea", "sea"]] * 4,
        "display": api_display()}})
    assert r.status_code == 201, r.text
    # once the game runs, seats stay
    refused = api.call("DELETE", f"/sessions/{sid}/seats/1", host)
    assert refused.status_code == 409 and refused.json()["rule"] == "SESSION.lobby"


def api_display() -> dict:
    from .client import DISPLAY

    return DISPLAY
