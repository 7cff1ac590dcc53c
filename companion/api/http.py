"""Request helpers shared by the views: tokens, idempotency, ETags, parsing."""

from __future__ import annotations

import time
from typing import Any

import orjson
from flask import Response, current_app, request
from flask_smorest import Blueprint as _Blueprint
from limits import parse as parse_limit
from webargs import core
from webargs.flaskparser import FlaskParser

from companion.api.guards import check_body
from companion.errors import Problem, said
from companion.sessions.core import Idem, Outcome
from companion.sessions.play import Sessions
from companion.sessions.tokens import body_hash
from companion.store import keys

MAX_KEY = 200
#: Create, join and import need no token, so whoever repeats a key receives the first
#: response, tokens included: there a key must be unguessable (a UUID has 36 characters,
#: the pages send 32 random hex digits).
MIN_ANONYMOUS_KEY = 22


class JsonParser(FlaskParser):
    """Bodies are read with orjson: strict JSON (no NaN or Infinity), bounded in depth
    and integer size (``guards.check_body``); the content type is checked before
    (``guards``: 415 unless JSON)."""

    def _raw_load_json(self, req: Any) -> Any:
        data = req.get_data(cache=True)
        if not data:
            return core.missing
        try:
            body = orjson.loads(data)
        except orjson.JSONDecodeError as err:
            return self._handle_invalid_json_error(err, req)
        return check_body(body)


class Blueprint(_Blueprint):
    ARGUMENTS_PARSER = JsonParser()


class TooManyRequests(Problem):
    status, code, title = 429, "rate_limited", "Too many requests"


def rate_limit(name: str) -> None:
    """Count this request against ``RATE_LIMIT_<NAME>`` for the caller's address,
    in the same Redis as the sessions (429 with Retry-After when over)."""
    limiter = current_app.extensions["companion"].limiter
    item = parse_limit(current_app.config[f"RATE_LIMIT_{name.upper()}"])
    who = request.remote_addr or "?"
    try:
        allowed = limiter.limiter.hit(item, f"{keys.PREFIX}:rl", name, who)
    except Exception:  # the limiter's store is down: the request itself will say 503
        return
    if not allowed:
        retry = max(1, int(limiter.limiter.get_window_stats(item, f"{keys.PREFIX}:rl", name,
                                                            who).reset_time - time.time()))
        raise said(TooManyRequests, "session.rate_limited", {"Retry-After": str(retry)},
                   retry=retry)


class BadHeader(Problem):
    status, code, title = 400, "bad_header", "Bad header"


def sessions() -> Sessions:
    return current_app.extensions["companion"].sessions  # type: ignore[no-any-return]


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()[:512]
    return None


def idempotency_key(anonymous: bool = False) -> str | None:
    """The request's Idempotency-Key; ``anonymous`` endpoints need a long random one."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    key = key.strip()
    least = MIN_ANONYMOUS_KEY if anonymous else 1
    if not least <= len(key) <= MAX_KEY:
        raise BadHeader(f"Idempotency-Key must be {least} to {MAX_KEY} characters"
                        + (" of random text (a UUID) here." if anonymous else "."))
    return key


def raw_body_hash() -> str:
    return body_hash(request.get_data(cache=True) + b"|" + request.path.encode())


def idem(sid: str, scope: str) -> Idem | None:
    return sessions().idem_for(sid, bearer(), scope, idempotency_key(), raw_body_hash())


def if_match() -> str | None:
    return request.headers.get("If-Match")


def respond(outcome: Outcome) -> tuple[dict[str, Any], int, dict[str, str]]:
    headers = {"ETag": f'"{outcome.version}"'}
    if outcome.replayed:
        headers["Idempotent-Replayed"] = "true"
    return outcome.body, outcome.status, headers


def respond_fast(outcome: Outcome) -> Response:
    """Like :func:`respond`, serialized by orjson directly (hot paths). The body is
    built by the sessions layer in the documented shape; flask-smorest passes a
    Response through without dumping it again."""
    body, status, headers = respond(outcome)
    response = current_app.json.response(body)
    response.status_code = status
    response.headers.update(headers)
    return response
