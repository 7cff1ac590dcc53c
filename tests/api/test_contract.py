"""The parts of the contract beyond the schemas: conditional reads (304), the headers
each operation documents, and errors documented as problem+json. (That every status
the API tests see is documented is checked after each test, ``conftest.py``.)"""

from __future__ import annotations

import json

import pytest

from .client import Api
from .conftest import EXPORTED, documented

DOC = json.loads(EXPORTED.read_text())
MOVE = {"type": "play_nature", "terrain": "forest", "at": [0, 0]}


def _resolve(item: dict) -> dict:
    while "$ref" in item:
        kind, name = item["$ref"].split("/")[-2:]
        item = DOC["components"][kind][name]
    return item


def _operations():
    for path, ops in DOC["paths"].items():
        for method, op in ops.items():
            if method != "parameters":
                yield method.upper(), path, op


@pytest.mark.parametrize("read", ["/sessions/{sid}", "/sessions/{sid}/moves"])
def test_a_matching_if_none_match_gets_304_until_the_version_moves(live, read):
    api = Api(live.url)
    t = api.table(2)
    path = read.format(sid=t["sid"])
    first = api.get(path)
    tag = first.headers["ETag"]
    assert first.status_code == 200 and tag == f'"{first.json()["version"]}"'
    for sent in (tag, f"W/{tag}", f'"0", {tag}', "*"):
        again = api.get(path, headers={"If-None-Match": sent})
        assert (again.status_code, again.content, again.headers["ETag"]) == (304, b"", tag), sent
    assert api.get(path, headers={"If-None-Match": '"0"'}).status_code == 200
    assert api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0], json=MOVE).status_code == 201
    moved = api.get(path, headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag
    assert moved.json()["version"] == first.json()["version"] + 1


def test_an_empty_if_match_is_stale_not_a_500(live):
    """Before: ``If-Match: ""`` (werkzeug reads the empty tag as None) answered 500 on
    every write that honours If-Match; schemathesis found it once the header was
    documented."""
    api = Api(live.url)
    t = api.table(2)
    before = api.get(f"/sessions/{t['sid']}").json()
    for sent in ('""', 'W/""', '"", W/"x"'):
        r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0], json=MOVE,
                     headers={"If-Match": sent})
        assert r.status_code == 412, (sent, r.text)
        assert r.headers["Content-Type"] == "application/problem+json"
        assert r.json()["current_version"] == before["version"]
    assert api.get(f"/sessions/{t['sid']}").json() == before


def test_every_documented_error_is_problem_json_with_the_problem_schema():
    errors = 0
    for method, path, op in _operations():
        for status, response in op["responses"].items():
            if int(status) < 400:
                continue
            content = _resolve(response)["content"]
            assert list(content) == ["application/problem+json"], (method, path, status)
            assert content["application/problem+json"]["schema"] == {
                "$ref": "#/components/schemas/Problem"}, (method, path, status)
            errors += 1
        assert "default" not in op["responses"], (method, path)  # every status is named
    assert errors > 150


def _headers(op: dict) -> set[str]:
    return {_resolve(p)["name"] for p in op.get("parameters", []) if _resolve(p)["in"] == "header"}


def _sent(op: dict) -> set[str]:
    success = next(r for s, r in op["responses"].items() if s.startswith("2"))
    return set(_resolve(success).get("headers", {}))


def test_the_contract_headers_are_documented_where_they_apply():
    ops = {(m, p): op for m, p, op in _operations()}
    writes = {(m, p) for m, p in ops if m in ("POST", "PUT")}
    keyed = {k for k in writes if "Idempotency-Key" in _headers(ops[k])}
    # create, import, join, start, moves, undo, finish, seats, takeover, a new join code
    assert len(keyed) == 10, sorted(keyed)
    for key in keyed:  # a replay says so
        assert {"ETag", "Idempotent-Replayed"} <= _sent(ops[key]), key
        assert {400, 409, 422} <= documented()[key], key
    matched = {p.rsplit("/", 1)[-1] for m, p in ops if "If-Match" in _headers(ops[m, p])}
    assert matched == {"start", "moves", "undo", "finish", "setup"}
    for m, p in ops:
        codes = documented()[m, p]
        assert ("If-Match" in _headers(ops[m, p])) == (412 in codes), (m, p)
        assert ("If-None-Match" in _headers(ops[m, p])) == (304 in codes), (m, p)
        for status in {429, 503, 507} & codes:  # each says when to come back
            assert "Retry-After" in _resolve(ops[m, p]["responses"][str(status)])["headers"]
    streams = {p for m, p in ops if "Last-Event-ID" in _headers(ops[m, p])}
    assert streams == {"/api/v1/sessions/{sid}/events", "/api/v1/sessions/{sid}/me/events"}
    conditional = {p for m, p in ops if "If-None-Match" in _headers(ops[m, p])}
    assert conditional == {"/api/v1/sessions/{sid}", "/api/v1/sessions/{sid}/moves",
                           "/api/v1/sessions/{sid}/board.svg",
                           "/api/v1/sessions/{sid}/qr.svg", "/api/v1/sessions/{sid}/qr.png"}
    assert DOC["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"  # Authorization
