"""What keeps a stranger on the internet from breaking or abusing the service:
bounds on request bodies, JSON-only writes, security headers, a metrics token.

Bodies are checked before any schema sees them: orjson refuses to *write* data
nested more than 254 levels deep or integers beyond 64 bits, so such a value,
once accepted into a session, would fail later with a 500 on every read.
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from flask import Flask, current_app, request
from flask.wrappers import Response

from companion.errors import SessionError, Unauthorized, said

#: The deepest structure a legitimate body has is an import record (record → moves →
#: move → sources → source); 16 leaves ample room.
MAX_DEPTH = 16
#: Integers a browser represents exactly (Number.MAX_SAFE_INTEGER); nothing in a game
#: counts higher, and anything beyond 64 bits could not be stored.
MAX_INT = 2**53 - 1

#: Pages load scripts only from this origin (no inline scripts, no CDN), may not be
#: framed, and send no Referer (a seat link's token stays out of other sites' logs).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; "
       "base-uri 'none'; object-src 'none'; form-action 'self'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY"}
WRITES = ("POST", "PUT", "PATCH")


class BodyTooDeep(SessionError):
    """A body nested deeper than :data:`MAX_DEPTH`."""


class NumberOutOfRange(SessionError):
    """A whole number beyond :data:`MAX_INT`."""


class DuplicateKey(SessionError):
    """A JSON object that names one field twice (which value counts is a guess)."""


class UnsupportedMediaType(SessionError):
    """A write whose body is not JSON."""


def check_body(value: Any) -> Any:
    """``value`` unchanged, or a 400 when it is nested deeper than :data:`MAX_DEPTH` or
    holds an integer beyond :data:`MAX_INT` (iterative: no recursion to exhaust)."""
    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                raise said(BodyTooDeep, "session.body_too_deep", max=MAX_DEPTH)
            children = item.values() if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)
        elif type(item) is int and not -MAX_INT <= item <= MAX_INT:
            raise said(NumberOutOfRange, "session.number_out_of_range", max=MAX_INT)
    return value


def check_unique_keys(raw: bytes) -> None:
    """A 400 when an object of the body names a field twice: orjson keeps the last,
    another reader the first, so the sender's meaning is unknown. The standard
    library's parser sees every pair (the body was parsed and bounded already)."""

    def pairs(items: list[tuple[str, Any]]) -> None:
        names = [name for name, _ in items]
        if len(set(names)) != len(names):
            twice = next(n for n in names if names.count(n) > 1)
            raise said(DuplicateKey, "session.duplicate_key", name=twice[:40])

    json.loads(raw, object_pairs_hook=pairs)


def _require_json() -> None:
    """415 for a write whose body is not declared as JSON: a form or ``text/plain``
    post from another site's page (which a browser sends without asking) never counts."""
    if request.method not in WRITES or not request.path.startswith("/api/"):
        return
    has_body = bool(request.content_length) or "chunked" in request.headers.get(
        "Transfer-Encoding", "").lower()
    if (has_body or request.content_type) and not request.is_json:
        raise said(UnsupportedMediaType, "session.not_json")


class MetricsToken(Unauthorized):
    """``/metrics`` without the metrics token (answered with WWW-Authenticate)."""


def _metrics_token() -> None:
    """With ``METRICS_TOKEN`` set, ``/metrics`` answers only ``Authorization: Bearer <it>``."""
    if request.endpoint != "metrics":
        return
    wanted = current_app.config.get("METRICS_TOKEN")
    if not wanted:
        return
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not hmac.compare_digest(given.strip().encode(),
                                                             str(wanted).encode()):
        raise said(MetricsToken, "session.metrics_token")


def _secure_headers(response: Response) -> Response:
    headers = response.headers
    # one pass over the answer's headers, not one search per header (every request)
    present = {name.lower() for name, _ in headers}
    headers.extend([(name, value) for name, value in HEADERS.items()
                    if name.lower() not in present])
    if private_answer():
        headers["Cache-Control"] = "no-store"
    return response


def private_answer() -> bool:
    """Whether the answer may carry or reveal what is not public: whatever a token
    asked for (``/me``, legal moves, a seat's stream), and any API write (create, join,
    import and seat links answer with tokens). No cache or proxy may keep those."""
    return bool(request.environ.get("HTTP_AUTHORIZATION")) or (
        request.method in WRITES and request.path.startswith("/api/"))


def init(app: Flask) -> None:
    app.before_request(_require_json)
    app.before_request(_metrics_token)
    app.after_request(_secure_headers)
