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


#: Addresses used only to ask the kernel which interface it would route through;
#: connecting a UDP socket sends no packet.  The first probe follows the default
#: route; the private ranges cover a laptop on a Wi-Fi with no default route.
_ROUTE_PROBES = ("192.0.2.1", "10.254.254.254", "172.31.254.254", "192.168.254.254")


def lan_address() -> str | None:
    """This machine's IPv4 address on the network, as the OS would route to it.

    Resolving the hostname is not enough: on many Linux laptops it resolves to a
    loopback address (``127.0.1.1``), and then no phone could reach the QR code.
    """
    for probe in _ROUTE_PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe_socket:
                probe_socket.connect((probe, 9))
                address = str(probe_socket.getsockname()[0])
        except OSError:
            continue
        if not is_loopback(address) and address != "0.0.0.0":
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
