"""Attacks through the browser side and the links: security headers, the API docs'
scripts, a forged Host header, /metrics."""

from __future__ import annotations

import re
import socket
from urllib.parse import urlsplit

import requests

from companion.api.guards import CSP
from companion.api.links import lan_address
from tests.conftest import LiveServer, make_app

from .client import Api

EXPECTED = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY"}


# -- 10: headers --------------------------------------------------------------------------
def test_every_answer_carries_the_security_headers(live):
    api = Api(live.url)
    created = api.create("gaia")
    sid, code = created["id"], created["code"]
    paths = ["/", f"/t/{sid}", f"/j/{code}", "/rules/gaia", "/i18n/it.json",
             "/static/app.css", "/api/v1/docs", f"/api/v1/sessions/{sid}",
             f"/api/v1/sessions/{sid}/qr.svg", f"/api/v1/sessions/{sid}/board.svg",
             "/api/v1/sessions/" + "0" * 32, "/no/such/page", "/healthz"]
    for path in paths:
        r = requests.get(live.url + path, timeout=10)
        for name, value in EXPECTED.items():
            assert r.headers.get(name) == value, (path, name, r.headers.get(name))
    assert "'unsafe-inline'" not in CSP.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in CSP


def test_pages_have_no_inline_scripts_or_handlers(live):
    created = Api(live.url).create("gaia")
    for path in ("/", f"/t/{created['id']}", f"/j/{created['code']}", "/rules/gaia",
                 "/api/v1/docs"):
        html = requests.get(live.url + path, timeout=10).text
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert re.search(r'\bsrc="/', tag), (path, tag)  # from this origin, by src
        assert not re.findall(r"<script\b[^>]*>\s*[^<\s]", html), path  # no inline code
        assert not re.search(r"\son[a-z]+\s*=", html), path


def test_the_api_docs_load_every_script_from_the_app_itself(live):
    """Before: /api/v1/docs loaded Swagger UI from a CDN, on the origin whose storage
    holds the tokens."""
    html = requests.get(live.url + "/api/v1/docs", timeout=10).text
    sources = re.findall(r'<(?:script|link)\b[^>]*(?:src|href)="([^"]+)"', html)
    assert len(sources) == 4
    for source in sources:
        assert source.startswith("/") and not source.startswith("//"), source
        r = requests.get(live.url + source, timeout=10)
        assert r.status_code == 200 and len(r.content) > 100, source
        assert r.headers["Content-Type"].split(";")[0] in (
            "text/javascript", "text/css", "application/javascript", "image/png"), source
    init = requests.get(live.url + "/api/v1/docs/init.js", timeout=10).text
    assert '"/api/v1/openapi.json"' in init
    assert requests.get(live.url + "/api/v1/docs/ui/index.html", timeout=10).status_code == 404
    assert requests.get(live.url + "/api/v1/docs/ui/..%2F__init__.py",
                        timeout=10).status_code == 404


# -- 12: the Host header builds no links ---------------------------------------------------
def _links_with_host(server: LiveServer, host: str) -> tuple[dict, bytes]:
    r = requests.post(server.url + "/api/v1/sessions", json={"game": "gaia"},
                      headers={"Host": host}, timeout=10)
    assert r.status_code == 201, r.text
    body = r.json()
    qr = requests.get(f"{server.url}/api/v1/sessions/{body['id']}/qr.svg",
                      headers={"Host": host}, timeout=10).content
    return body, qr


def test_a_forged_host_header_never_reaches_the_links(clean_redis, tmp_path):
    """Before: with PUBLIC_URL unset, ``Host: evil.example`` made join_url and the QR code
    point to evil.example."""
    server = LiveServer(make_app(clean_redis, tmp_path, PUBLIC_URL=None))
    try:
        port = server.server.server_port
        machine = lan_address() or "localhost"
        for forged in ("evil.example", "evil.example:8000", "evil.example:bad", "[::2]:1",
                       "localhost.evil.example", "127.0.0.1.evil.example:80"):
            body, qr = _links_with_host(server, forged)
            for field in ("join_url", "qr_svg_url", "qr_png_url", "table_url"):
                parts = urlsplit(body[field])
                assert parts.hostname == machine and parts.port == port, (forged, body[field])
            # the QR code encodes the same link as one asked for through the real address
            _same, honest_qr = _links_with_host(server, f"{machine}:{port}")
            assert b"evil" not in qr
            assert len(qr) > 500
            body_again = requests.get(f"{server.url}/api/v1/sessions/{_same['id']}/qr.svg",
                                      headers={"Host": forged}, timeout=10).content
            assert body_again == honest_qr
    finally:
        server.stop()


def test_allowed_hosts_name_the_hosts_links_may_use(clean_redis, tmp_path):
    server = LiveServer(make_app(clean_redis, tmp_path, PUBLIC_URL=None,
                                 ALLOWED_HOSTS="games.example, Tables.Example"))
    try:
        body, _ = _links_with_host(server, "games.example:8443")
        assert body["join_url"] == f"http://games.example:8443/j/{body['code']}"
        body, _ = _links_with_host(server, "tables.example")
        assert urlsplit(body["join_url"]).hostname == "tables.example"
        body, _ = _links_with_host(server, "evil.example")
        assert urlsplit(body["join_url"]).hostname == (lan_address() or "localhost")
    finally:
        server.stop()


def test_by_default_the_machine_s_own_name_is_allowed(clean_redis, tmp_path):
    name = socket.gethostname().lower()
    server = LiveServer(make_app(clean_redis, tmp_path, PUBLIC_URL=None))
    try:
        body, _ = _links_with_host(server, f"{name}:9000")
        assert body["join_url"] == f"http://{name}:9000/j/{body['code']}"
    finally:
        server.stop()


def test_public_url_wins_over_any_host(clean_redis, tmp_path):
    server = LiveServer(make_app(clean_redis, tmp_path, PUBLIC_URL="https://play.example"))
    try:
        body, _ = _links_with_host(server, "evil.example")
        assert body["join_url"] == f"https://play.example/j/{body['code']}"
    finally:
        server.stop()


# -- 13: /metrics behind a token ------------------------------------------------------------
def test_metrics_can_require_a_token(clean_redis, tmp_path):
    server = LiveServer(make_app(clean_redis, tmp_path, METRICS_TOKEN="m-9f2c1d0e7a6b"))
    try:
        url = server.url + "/metrics"
        assert requests.get(url, timeout=10).status_code == 401
        for wrong in ("Bearer nope", "Basic m-9f2c1d0e7a6b", "Bearer m-9f2c1d0e7a6"):
            r = requests.get(url, headers={"Authorization": wrong}, timeout=10)
            assert r.status_code == 401 and "companion_requests_total" not in r.text
            assert r.headers["WWW-Authenticate"].startswith("Bearer")
        r = requests.get(url, headers={"Authorization": "Bearer m-9f2c1d0e7a6b"}, timeout=10)
        assert r.status_code == 200 and "companion_requests_total" in r.text
    finally:
        server.stop()


def test_metrics_stay_open_without_a_token(live):
    assert requests.get(live.url + "/metrics", timeout=10).status_code == 200


def test_the_bench_endpoints_exist_only_for_the_benches(clean_redis, tmp_path, monkeypatch):
    """/bench/baseline writes to Redis and /bench/noop answers anyone: a served app has
    neither unless COMPANION_BENCH=1 (set by the benches alone)."""
    monkeypatch.delenv("COMPANION_BENCH", raising=False)
    served = make_app(clean_redis, tmp_path / "served").test_client()
    assert served.post("/bench/noop").status_code == 404
    assert served.post("/bench/baseline/1?size=10").status_code == 404
    monkeypatch.setenv("COMPANION_BENCH", "1")
    bench = make_app(clean_redis, tmp_path / "bench").test_client()
    assert bench.post("/bench/noop").get_json() == {}
    assert bench.post("/bench/baseline/1?size=10").get_json() == {"size": 10}
