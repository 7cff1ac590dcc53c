"""Metrics, request ids and logs."""

from __future__ import annotations

import json
import logging
import re

import requests

from .client import Api
from .sse import Stream


def metric(text: str, name: str, **labels: str) -> float:
    """The value of one sample in Prometheus text format (0 when absent)."""
    total = 0.0
    for line in text.splitlines():
        if line.startswith(name + " ") and not labels:
            total += float(line.rsplit(" ", 1)[1])
            continue
        if not line.startswith(name + "{"):
            continue
        found = dict(re.findall(r'(\w+)="([^"]*)"', line.split("}")[0]))
        if all(found.get(k) == v for k, v in labels.items()):
            total += float(line.rsplit(" ", 1)[1])
    return total


def test_metrics_count_moves_by_outcome_and_rule(live):
    api = Api(live.url)
    before = requests.get(f"{live.url}/metrics", timeout=5).text
    t = api.table(2)
    url = f"/sessions/{t['sid']}/moves"
    api.post(url, t["tokens"][0], json={"type": "play_nature", "terrain": "forest",
                                         "at": [0, 0]})
    api.post(url, t["tokens"][0], json={"type": "play_nature", "terrain": "sea", "at": [5, 5]})
    stream = Stream(f"{api.base}/sessions/{t['sid']}/events")
    try:
        stream.next()
        after = requests.get(f"{live.url}/metrics", timeout=5).text
        assert metric(after, "companion_sse_clients") >= 1
    finally:
        stream.close()
    accepted = (metric(after, "companion_moves_total", outcome="accepted", game="gaia")
                - metric(before, "companion_moves_total", outcome="accepted", game="gaia"))
    refused = (metric(after, "companion_moves_total", outcome="rejected", rule="G4.2")
               - metric(before, "companion_moves_total", outcome="rejected", rule="G4.2"))
    assert accepted == 1 and refused == 1
    route = "/api/v1/sessions/<sid>/moves"
    assert (metric(after, "companion_requests_total", route=route, status="422")
            - metric(before, "companion_requests_total", route=route, status="422")) == 1
    assert metric(after, "companion_request_seconds_count", route=route) >= 2
    assert "companion_commit_retries_total" in after


def test_request_ids_and_json_logs_without_tokens(live, caplog):
    api = Api(live.url)
    caplog.set_level(logging.INFO, logger="companion.requests")
    t = api.table(2)
    r = api.post(f"/sessions/{t['sid']}/moves", t["tokens"][0], json={"type": "end_turn"},
                 headers={"X-Request-ID": "table-7.move-1"})
    assert r.headers["X-Request-ID"] == "table-7.move-1"
    generated = api.get(f"/sessions/{t['sid']}").headers["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", generated)
    bad = api.get("/healthz", headers={"X-Request-ID": "x" * 200 + "\u00e9"})
    assert bad.headers["X-Request-ID"] != "x" * 200
    records = [r for r in caplog.records if r.name == "companion.requests"]
    ids = {r.fields["request_id"] for r in records}
    assert {"table-7.move-1", generated} <= ids
    move = next(r for r in records if r.fields["request_id"] == "table-7.move-1")
    assert move.fields["status"] == 201 and move.fields["route"].endswith("/moves")
    from companion.observability import JsonFormatter

    line = JsonFormatter().format(move)
    assert json.loads(line)["request_id"] == "table-7.move-1"
    everything = "\n".join(JsonFormatter().format(r) for r in caplog.records)
    for token in (t["host"], *t["tokens"]):
        assert token not in everything


def test_random_method_names_add_no_metrics_series(live):
    """A client may send any method name; they all count as one label."""
    import http.client
    import secrets

    def series(text: str) -> int:
        return sum(1 for line in text.splitlines()
                   if line.startswith("companion_requests_total{"))

    before = requests.get(f"{live.url}/metrics", timeout=5).text
    host, port = live.url.removeprefix("http://").split(":")
    for _ in range(60):
        conn = http.client.HTTPConnection(host, int(port), timeout=5)
        conn.request(f"X{secrets.token_hex(6).upper()}", "/api/v1/sessions")
        assert conn.getresponse().status == 405
        conn.close()
    after = requests.get(f"{live.url}/metrics", timeout=5).text
    assert series(after) - series(before) <= 2  # one "other" series (+ this /metrics GET)
    assert metric(after, "companion_requests_total", method="other") >= 60


def test_a_log_line_writes_what_json_would_and_never_fails():
    """The formatter (orjson) writes odd fields as the standard library
    would, or as their text: a log line is never lost to its own contents."""
    import logging

    from companion.observability import JsonFormatter

    record = logging.LogRecord("companion.requests", logging.INFO, __file__, 1, "request",
                               None, None)
    record.fields = {"seat": {1: "Ada"}, "when": object.__new__(object), "ms": 2.5}
    line = json.loads(JsonFormatter().format(record))
    assert line["seat"] == {"1": "Ada"} and line["ms"] == 2.5
    assert line["when"].startswith("<object object at")
    assert line["msg"] == "request" and line["level"] == "INFO"
