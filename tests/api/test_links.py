"""The QR code must point where a phone on the same network can reach the laptop."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

import pytest

from companion.api.links import is_loopback, lan_address
from tests.conftest import LiveServer, make_app

from .client import Api


def _has_lan_interface() -> bool:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            return not s.getsockname()[0].startswith("127.")
    except OSError:
        return False


def test_lan_address_is_routable_even_when_the_hostname_is_loopback():
    if not _has_lan_interface():
        pytest.skip("this machine has no network interface besides loopback")
    address = lan_address()
    assert address is not None
    assert not ipaddress.ip_address(address).is_loopback


def test_join_url_of_a_table_created_on_localhost_is_reachable_from_phones(clean_redis, tmp_path):
    if not _has_lan_interface():
        pytest.skip("this machine has no network interface besides loopback")
    server = LiveServer(make_app(clean_redis, tmp_path, PUBLIC_URL=None))
    try:
        port = server.server.server_port
        api = Api(f"http://localhost:{port}")
        created = api.create("gaia")
        host = urlsplit(created["join_url"]).hostname or ""
        assert not is_loopback(host), created["join_url"]
        assert not ipaddress.ip_address(host).is_loopback
        assert created["join_url"].endswith(f":{port}/j/{created['code']}")
        assert urlsplit(created["qr_svg_url"]).hostname == host
    finally:
        server.stop()


def test_serve_prints_the_lan_url_first(monkeypatch):
    from companion.cli import _urls

    monkeypatch.delenv("PUBLIC_URL", raising=False)
    urls = _urls("0.0.0.0", 8123)
    lan = lan_address()
    if lan is None:
        assert urls == ["http://localhost:8123"]
    else:
        assert urls[0] == f"http://{lan}:8123"
        assert "http://localhost:8123" in urls


def test_serve_bound_to_loopback_prints_only_localhost(monkeypatch):
    from companion.cli import _urls

    monkeypatch.delenv("PUBLIC_URL", raising=False)
    assert _urls("127.0.0.1", 8123) == ["http://localhost:8123"]
