"""Attacks a stranger can make with request bodies, over real HTTP: deep nesting and
huge numbers, guessable idempotency keys, names that break pages or pictures, and
cross-site posts. Each test performs the attack and checks that it is refused and that
nothing changed."""

from __future__ import annotations

import hashlib
import json
import uuid
import xml.dom.minidom

import redis

from .client import Api
from .test_errors import problem


def nested(depth: int, leaf: object = 1) -> object:
    value = leaf
    for i in range(depth):
        value = [value] if i % 2 else {"x": value}
    return value


def state_of(api: Api, t: dict) -> dict:
    return api.get(f"/sessions/{t['sid']}").json()


# -- 6: never a 500 -------------------------------------------------------------------------
def test_deep_nesting_in_any_body_is_refused_with_400(live):
    """orjson cannot write data nested 255 levels deep: before, a move with such an extra
    value was accepted into nothing but a 500 on every read."""
    api = Api(live.url)
    t = api.table(2)
    before = state_of(api, t)
    ada, host, sid = t["tokens"][0], t["host"], t["sid"]
    deep = nested(254)
    attacks = [
        ("POST", f"/sessions/{sid}/moves", ada,
         {"type": "draw", "pile": "nature", "from": "deck", "with": deep}),
        ("POST", f"/sessions/{sid}/moves", ada, {"type": "end_turn", "target": {"a": deep}}),
        ("PUT", f"/sessions/{sid}/me/hand", ada, {"nature": [deep]}),
        ("POST", f"/sessions/{sid}/undo", host, {"to_version": deep}),
        ("POST", "/sessions", None, {"game": "gaia", "options": {"feeding": deep}}),
        ("POST", f"/join/{t['code']}", None, {"name": "Cy", "color": deep}),
        ("POST", "/sessions/import", None,
         {"format": "tabletop-companion/1", "game": "gaia", "players": [{"name": deep}]}),
    ]
    for depth in (17, 254, 600):
        for method, path, token, body in attacks:
            body = json.loads(json.dumps(body).replace(json.dumps(deep), json.dumps(
                nested(depth))))
            r = api.call(method, path, token, json=body)
            assert problem(r, 400)["code"] == "body_too_deep", (path, depth)
    assert state_of(api, t) == before
    assert api.get(f"/sessions/{sid}/moves").status_code == 200
    assert api.get(f"/sessions/{sid}/export").status_code == 200


def test_a_body_at_the_depth_limit_still_counts(live):
    """The bound refuses only the hostile: 16 levels are parsed and judged by the rules."""
    api = Api(live.url)
    t = api.table(2)
    r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0],
                 json={"type": "play_nature", "terrain": "forest", "at": [0, 0],
                       "with": nested(15)})
    assert r.status_code != 400, r.text


def test_integers_beyond_what_a_browser_counts_are_refused(live):
    api = Api(live.url)
    t = api.table(2)
    before = state_of(api, t)
    sid, ada = t["sid"], t["tokens"][0]
    for number in (2**53, 2**63, 2**64 - 1, -(2**63)):
        for method, path, body in [
                ("POST", f"/sessions/{sid}/moves", {"type": "draw", "pile": "nature",
                                                     "from": "deck", "with": number}),
                ("POST", f"/sessions/{sid}/moves", {"type": "end_turn", "seat": number}),
                ("PUT", f"/sessions/{sid}/me/hand", {"nature": [number]}),
                ("POST", "/sessions", {"game": "gaia", "options": {"x": number}})]:
            r = api.call(method, path, ada, json=body)
            assert problem(r, 400)["code"] == "number_out_of_range", (path, number)
    assert state_of(api, t) == before


def test_legal_moves_for_a_seat_that_does_not_exist(live):
    """Before: ``legal-moves?seat=18446744073709551616`` (and any seat past the table)
    answered 500."""
    api = Api(live.url)
    t = api.table(2)
    for seat in ("18446744073709551616", "2", "-1", "99999999999999999999999999"):
        r = api.get(f"/sessions/{t['sid']}/legal-moves?seat={seat}", t["host"])
        assert problem(r, 422)["errors"], seat
    # a seat that exists is no longer a schema problem (with a phone, its hand is private)
    assert api.get(f"/sessions/{t['sid']}/legal-moves?seat=1", t["host"]).status_code == 403
    assert api.get(f"/sessions/{t['sid']}/legal-moves?seat=1", t["tokens"][1]).json()["seat"] == 1


# -- 7: idempotency keys are not passwords ---------------------------------------------------
def test_a_guessable_idempotency_key_is_refused_where_no_token_is_needed(live):
    """Before: a second client sending ``Idempotency-Key: create-1`` with the same body got
    the first client's session and host token; ``1`` on join gave a player token."""
    api = Api(live.url)
    code = api.create("gaia")["code"]
    record = {"format": "tabletop-companion/1", "game": "gaia", "players": [{"name": "Ada"}]}
    for key in ("create-1", "1", "x" * 21):
        for path, body in (("/sessions", {"game": "gaia"}), (f"/join/{code}", {"name": "Ada"}),
                           ("/sessions/import", record)):
            r = api.post(path, json=body, headers={"Idempotency-Key": key})
            assert problem(r, 400)["code"] == "bad_header", (path, key)
    assert api.get(f"/join/{code}").json()["players"] == []
    # on a token's own endpoints a short key stays fine: the token scopes it
    t = api.table(2)
    r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0],
                 json={"type": "draw", "pile": "nature", "from": "deck"},
                 headers={"Idempotency-Key": "m1"})
    assert r.status_code == 201


def test_keys_are_stored_only_as_keyed_hashes(app, live):
    api = Api(live.url)
    key = uuid.uuid4().hex
    created = api.post("/sessions", json={"game": "gaia"}, headers={"Idempotency-Key": key})
    joined = api.post(f"/join/{created.json()['code']}", json={"name": "Ada"},
                      headers={"Idempotency-Key": key})
    assert created.status_code == joined.status_code == 201
    client = redis.Redis.from_url(app.config["REDIS_URL"])
    stored = b" ".join([*client.scan_iter("*"),
                        *(client.dump(k) or b"" for k in client.scan_iter("*"))])
    for form in (key, hashlib.sha256(key.encode()).hexdigest()[:32]):
        assert form.encode() not in stored  # neither the key nor its plain hash


def test_import_replays_its_first_response_for_a_repeated_key(live):
    api = Api(live.url)
    record = {"format": "tabletop-companion/1", "game": "gaia",
              "players": [{"name": "Ada"}, {"name": "Bo"}]}
    key = {"Idempotency-Key": uuid.uuid4().hex}
    first = api.post("/sessions/import", json=record, headers=key)
    again = api.post("/sessions/import", json=record, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.json()["id"] == first.json()["id"]
    assert again.json()["host_token"] == first.json()["host_token"]
    assert again.headers["Idempotent-Replayed"] == "true"
    # a refused record spends no key: corrected, the same key creates the table
    bad = {**record, "players": [{"name": "Ada"}, {"name": "ADA"}]}
    key2 = {"Idempotency-Key": uuid.uuid4().hex}
    assert api.post("/sessions/import", json=bad, headers=key2).status_code == 422
    assert api.post("/sessions/import", json=record, headers=key2).status_code == 201


def test_a_revoked_token_resending_an_earlier_key_gets_401(live):
    api = Api(live.url)
    t = api.table(2)
    sid, ada = t["sid"], t["tokens"][0]
    key = {"Idempotency-Key": "ada-draw"}
    move = {"type": "draw", "pile": "nature", "from": "deck"}
    assert api.post(f"/sessions/{sid}/moves", ada, json=move, headers=key).status_code == 201
    assert api.post(f"/sessions/{sid}/seats/0/token", t["host"]).status_code == 201
    r = api.post(f"/sessions/{sid}/moves", ada, json=move, headers=key)
    assert problem(r, 401) and "Idempotent-Replayed" not in r.headers
    # a join replayed after the host re-issued that seat hands out no dead token
    created = api.create("gaia")
    join_key = {"Idempotency-Key": uuid.uuid4().hex}
    body = {"name": "Cy"}
    assert api.post(f"/join/{created['code']}", json=body, headers=join_key).status_code == 201
    api.post(f"/sessions/{created['id']}/seats/0/token", created["host_token"])
    problem(api.post(f"/join/{created['code']}", json=body, headers=join_key), 401)


# -- 8: names ----------------------------------------------------------------------------
def kazaam_join(api: Api, code: str, name: str, i: int, lang: str = "en"):
    info = api.get(f"/join/{code}").json()
    return api.post(f"/join/{code}", json={"name": name, "prototype": info["prototypes"][0],
                                           "ingredient": info["ingredients"][i]},
                    headers={"Accept-Language": lang})


def test_names_that_would_break_a_page_or_the_board_are_refused(live):
    api = Api(live.url)
    created = api.create("kazaam")
    code = created["code"]
    refused = {"Ada\u0000": "join.name_control", "A\nB": "join.name_control",
               "\u202eadA": "join.name_bidi", "Bo\u2066x": "join.name_bidi",
               "\u200b\u200b": "join.name_invisible", "\u3164": "join.name_invisible",
               "\u0301": "join.name_invisible", "   ": "join.bad_name"}
    sentences = set()
    for name, key in refused.items():
        body = problem(kazaam_join(api, code, name, 0), 422)
        assert body["key"] == key and body["rule"] == "K1.6", name
        for lang in ("it", "de"):
            other = kazaam_join(api, code, name, 0, lang).json()["detail"]
            assert other != body["detail"] and "join." not in other
            sentences.add(other)
    assert len(sentences) == 8  # four refusals, each in two more languages
    assert api.get(f"/join/{code}").json()["players"] == []


def test_names_are_normalized_and_unique_at_the_table(live):
    api = Api(live.url)
    created = api.create("kazaam")
    code = created["code"]
    # "Zoe" + combining acute, with spaces around: kept as the composed, trimmed "Zoé"
    assert kazaam_join(api, code, "  Zoe\u0301 ", 0).status_code == 201
    assert api.get(f"/join/{code}").json()["players"][0]["name"] == "Zo\u00e9"
    for twin in ("zo\u00e9", "ZOE\u0301", "Zo\u00e9\u200b", "\uff3a\uff4f\u00e9"):
        body = problem(kazaam_join(api, code, twin, 1), 422)
        assert body["key"] == "join.name_taken", twin
    it = kazaam_join(api, code, "ZOÉ", 1, "it").json()["detail"]
    assert "Zo" in it and "tavolo" in it
    assert kazaam_join(api, code, "Zoë", 1).status_code == 201  # a different name


def test_the_board_picture_stays_valid_xml_with_any_accepted_name(live):
    api = Api(live.url)
    created = api.create("kazaam")
    for i, name in enumerate(["<Ada & \"Bo\">", "Zoë 🎲"]):
        assert kazaam_join(api, created["code"], name, i).status_code == 201
    r = api.post(f"/sessions/{created['id']}/start", created["host_token"], json={})
    assert r.status_code == 201, r.text
    svg = api.get(f"/sessions/{created['id']}/board.svg").content
    document = xml.dom.minidom.parseString(svg)  # a NUL in a name used to break this
    texts = "".join(node.data for node in _text_nodes(document.documentElement))
    assert '<Ada & "Bo">' in texts and "Zoë 🎲" in texts


def _text_nodes(node):
    for child in node.childNodes:
        if child.nodeType == child.TEXT_NODE:
            yield child
        else:
            yield from _text_nodes(child)


def test_kazaam_ingredient_names_follow_the_same_rules(live):
    api = Api(live.url)
    six = ["salt", "ash", "dew", "moss", "bone", "tar"]
    for bad in (["salt\u0000", *six[1:]], ["Salt", *six[1:5], "SALT"],
                ["\u202esalt", *six[1:]], ["\u200b", *six[1:]]):
        r = api.post("/sessions", json={"game": "kazaam", "options": {"ingredients": bad}},
                     headers={"Accept-Language": "de"})
        body = problem(r, 422)
        assert body["key"] == "kazaam.options.ingredient_names"
        assert "Zutatennamen" in body["detail"]
    r = api.post("/sessions", json={"game": "kazaam",
                                    "options": {"ingredients": [" Sal\u0301t ", *six[1:]]}})
    assert r.status_code == 201, r.text
    assert r.json()["state"]["options"]["ingredients"][0] == "Sa\u013at"  # NFC, trimmed


# -- 11: no cross-site posts ------------------------------------------------------------------
def test_bodies_must_be_declared_json(live):
    """Before: ``text/plain`` bodies (what any web page may post cross-site without asking)
    were parsed, so another site could make a visitor create or join a table."""
    api = Api(live.url)
    t = api.table(2)
    created = api.create("gaia")
    sid, ada, host = t["sid"], t["tokens"][0], t["host"]
    before = state_of(api, t)
    writes = [("POST", "/sessions", None, {"game": "gaia"}),
              ("POST", f"/join/{created['code']}", None, {"name": "Eve"}),
              ("POST", "/sessions/import", None,
               {"format": "tabletop-companion/1", "game": "gaia", "players": []}),
              ("POST", f"/sessions/{sid}/moves", ada, {"type": "end_turn"}),
              ("POST", f"/sessions/{sid}/undo", host, {}),
              ("POST", f"/sessions/{created['id']}/start", created["host_token"], {}),
              ("PUT", f"/sessions/{sid}/me/hand", ada, {"nature": ["forest"]})]
    for content_type in ("text/plain", "application/x-www-form-urlencoded",
                         "multipart/form-data; boundary=x", None):
        for method, path, token, body in writes:
            headers = {"Content-Type": content_type} if content_type else {}
            raw = json.dumps(body).encode()
            r = api.call(method, path, token, data=raw, headers=headers)
            if content_type is None:  # requests sends no type: a body must still be JSON
                assert "Content-Type" not in r.request.headers
            assert problem(r, 415)["code"] == "unsupported_media_type", (path, content_type)
    assert state_of(api, t) == before
    assert api.get(f"/join/{created['code']}").json()["players"] == []
    # JSON with a charset, and a bodiless post, still work
    r = api.call("POST", f"/join/{created['code']}", data=b'{"name": "Eve"}',
                 headers={"Content-Type": "application/json; charset=utf-8"})
    assert r.status_code == 201
    assert api.post(f"/sessions/{sid}/finish", host).status_code == 201
