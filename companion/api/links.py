"""Absolute URLs for phones: the join page, QR codes, the table screen.

``PUBLIC_URL`` wins. Otherwise the request's own base, when its host is one this
machine answers to (``ALLOWED_HOSTS``; by default its own names and addresses);
a request to localhost gets this machine's LAN address, so the QR code a laptop
shows works on the phones on the same Wi-Fi. Any other ``Host`` header gets the
LAN address too: the Host header is the client's to choose, and a link built from
it would send the players of a table to whatever site it names.
"""

from __future__ import annotations

import functools
import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, request

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
    """``localhost`` or a loopback address — exactly: ``localhost.evil.example`` is not."""
    host = host.strip("[]").lower()
    if host in ("localhost", "0.0.0.0"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@functools.cache
def own_names() -> frozenset[str]:
    """This machine's names and addresses (lower case), the default allowed hosts."""
    names = {"localhost", socket.gethostname(), socket.getfqdn(),
             f"{socket.gethostname()}.local"}
    try:
        _name, aliases, addresses = socket.gethostbyname_ex(socket.gethostname())
        names.update(aliases, addresses)
    except OSError:
        pass
    lan = lan_address()
    if lan:
        names.add(lan)
    return frozenset(n.lower() for n in names if n)


def allowed_host(host: str) -> bool:
    configured = current_app.config.get("ALLOWED_HOSTS")
    if not configured:
        return host in own_names() or host == lan_address()
    allowed = {h.strip().lower() for h in str(configured).split(",") if h.strip()}
    return "*" in allowed or host in allowed or host == lan_address()


def base_url() -> str:
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return str(configured)
    root = request.host_url.rstrip("/")
    try:
        parts = urlsplit(root)
        host, port = (parts.hostname or "").lower(), parts.port
    except ValueError:  # a Host header with a port that is not a number
        host, port = "", None
    if host and not is_loopback(host) and allowed_host(host):
        return root
    lan = lan_address()
    if is_loopback(host):
        # ``Host: localhost`` names no port: the phones need the one we listen on
        suffix = f":{port}" if port else _listening()
        return f"{request.scheme}://{lan}{suffix}" if lan else root
    # an unknown host: this machine's address, with the port the server listens on
    return f"{request.scheme}://{lan or 'localhost'}{_listening()}"


def _listening() -> str:
    """``:<port>`` the server listens on, or nothing for the scheme's default."""
    listening = str(request.environ.get("SERVER_PORT", ""))
    default = "443" if request.scheme == "https" else "80"
    return f":{listening}" if listening.isdigit() and listening != default else ""


def with_links(body: dict[str, Any]) -> dict[str, Any]:
    base = base_url()
    sid, code = body["id"], body["code"]
    return {**body, "join_url": f"{base}/j/{code}",
            "qr_svg_url": f"{base}/api/v1/sessions/{sid}/qr.svg",
            "qr_png_url": f"{base}/api/v1/sessions/{sid}/qr.png",
            "table_url": f"{base}/t/{sid}"}
