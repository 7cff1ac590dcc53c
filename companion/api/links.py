"""Absolute URLs for phones: the join page, QR codes, the table screen.

``PUBLIC_URL`` wins; otherwise the request's own base, except that a request
to localhost gets this machine's LAN address, so the QR code a laptop shows
works on the phones on the same Wi-Fi.
"""

from __future__ import annotations

import socket
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request

LOOPBACK = ("localhost", "127.", "::1", "[::1]", "0.0.0.0")


def lan_address() -> str | None:
    """A non-loopback IPv4 address of this machine (no packets are sent)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for info in infos:
        address = str(info[4][0])
        if not address.startswith("127."):
            return address
    return None


def is_loopback(host: str) -> bool:
    return host.startswith(LOOPBACK)


def base_url() -> str:
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return str(configured)
    root = request.host_url.rstrip("/")
    parts = urlsplit(root)
    host = parts.hostname or ""
    if is_loopback(host):
        lan = lan_address()
        if lan:
            port = f":{parts.port}" if parts.port else ""
            return f"{parts.scheme}://{lan}{port}"
    return root


def with_links(body: dict[str, Any]) -> dict[str, Any]:
    base = base_url()
    sid, code = body["id"], body["code"]
    return {**body, "join_url": f"{base}/j/{code}",
            "qr_svg_url": f"{base}/api/v1/sessions/{sid}/qr.svg",
            "qr_png_url": f"{base}/api/v1/sessions/{sid}/qr.png",
            "table_url": f"{base}/t/{sid}"}
