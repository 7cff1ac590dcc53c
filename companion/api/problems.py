"""One place that turns every error into application/problem+json.

:data:`PROBLEMS` is the table from a refusal of the service (``companion.errors``)
to its HTTP status, code and title; a refusal's kind is looked up along its class
hierarchy, so a new kind of refusal answers as its nearest listed ancestor. Rule
errors of the engines and werkzeug's HTTP errors have their own handlers here.
"""

from __future__ import annotations

import logging
from typing import Any

import redis
from flask import Flask, request
from flask.wrappers import Response
from werkzeug.exceptions import HTTPException

from companion import errors
from companion.api import guards, http, stream
from companion.api.http import json_response
from companion.games import GAMES
from companion.games.errors import RuleError
from companion.games.messages import render
from companion.i18n import SOURCE, languages
from companion.sessions import budget, records
from companion.sessions.core import translate
from companion.store import StoreFull, StoreUnavailable

log = logging.getLogger(__name__)

#: refusal kind -> (status, code, title)
PROBLEMS: dict[type[errors.SessionError], tuple[int, str, str]] = {
    errors.SessionError: (400, "bad_request", "Bad request"),
    errors.Unauthorized: (401, "unauthorized", "Missing or unknown token"),
    errors.Forbidden: (403, "forbidden", "This token may not do that"),
    errors.NotFound: (404, "not_found", "Not found"),
    errors.Conflict: (409, "conflict", "Conflict"),
    errors.NotActive: (409, "game_not_active", "Not now"),
    errors.StaleVersion: (412, "stale_version", "The state has changed"),
    errors.Invalid: (422, "unprocessable", "Cannot do that"),
    errors.IdempotencyMismatch: (422, "idempotency_key_reused", "Idempotency key reused"),
    errors.SessionFull: (409, "session_full", "The session is full"),
    errors.TooManyRequests: (429, "rate_limited", "Too many requests"),
    errors.StoreDown: (503, "store_unavailable", "Storage unavailable"),
    # a full store is a fault that passes (Retry-After), as a failover is: 503
    errors.StoreFull: (503, "store_full", "Storage full"),
    # refusals at the web edge, before the sessions layer is asked
    http.BadHeader: (400, "bad_header", "Bad header"),
    guards.BodyTooDeep: (400, "body_too_deep", "Body nested too deeply"),
    guards.NumberOutOfRange: (400, "number_out_of_range", "Number out of range"),
    guards.DuplicateKey: (400, "duplicate_key", "A field named twice"),
    guards.UnsupportedMediaType: (415, "unsupported_media_type", "Send JSON"),
    stream.TooManyStreams: (429, "too_many_streams", "Too many live streams"),
    stream.StreamsFull: (503, "streams_full", "No room for another live stream"),
    # the storage and CPU budgets: the tables in play go first
    budget.CreationPaused: (503, "creation_paused", "No room for new sessions now"),
    records.ImportBusy: (503, "import_busy", "Another import is running"),
    http.TooLarge: (413, "body_too_large", "Body too large"),
}
#: headers a kind of refusal always carries
HEADERS: dict[type[errors.SessionError], dict[str, str]] = {
    guards.MetricsToken: {"WWW-Authenticate": 'Bearer realm="metrics"'},
    # RFC 9110: a 401 names the scheme that would do (the host's or a player's token)
    errors.Unauthorized: {"WWW-Authenticate": 'Bearer realm="companion"'},
}


def _headers_of(kind: type[errors.SessionError]) -> dict[str, str]:
    """The headers of a refusal: its own row or its nearest ancestor's."""
    for cls in kind.__mro__:
        if cls in HEADERS:
            return dict(HEADERS[cls])
    return {}


def listed(kind: type[errors.SessionError]) -> tuple[int, str, str]:
    """The status, code and title of a refusal: its own row or its nearest ancestor's."""
    for cls in kind.__mro__:
        if cls in PROBLEMS:
            return PROBLEMS[cls]
    return PROBLEMS[errors.SessionError]


def language() -> str:
    """The first language of the catalogue the request's Accept-Language asks for;
    else ``?lang=``, else the source language (English)."""
    best = request.accept_languages.best_match(languages())
    if best:
        return str(best)
    asked = request.args.get("lang")
    return asked if asked in languages() else SOURCE


def problem(status: int, code: str, title: str, detail: str,
            headers: dict[str, str] | None = None, type_: str = "about:blank",
            **extra: Any) -> Response:
    body = {"type": type_, "title": title, "status": status, "detail": detail, "code": code,
            **extra}
    response = json_response(body)
    response.status_code = status
    response.mimetype = "application/problem+json"
    for k, v in (headers or {}).items():
        response.headers[k] = v
    return response


def refusal_problem(err: errors.SessionError) -> Response:
    """A refusal told in the request's language, with its rule and its wait."""
    status, code, title = listed(type(err))
    detail = render(err.key, err.params, language())
    extra: dict[str, Any] = {**err.extra, "key": err.key, "params": err.params}
    if err.rule is not None:
        extra["rule"] = err.rule
    headers = _headers_of(type(err))
    if err.retry_after is not None:
        headers["Retry-After"] = str(err.retry_after)
    return problem(status, code, title, detail, headers, **extra)


RULE_CODES = {"NotYourTurn": "not_your_turn", "WrongPhase": "wrong_phase",
              "GameNotActive": "game_not_active", "BadMove": "bad_move"}


def rule_problem(err: RuleError) -> Response:
    lang = language()
    game = err.key.split(".")[0] if err.key.split(".")[0] in GAMES else None
    type_ = f"/api/v1/rules/{game}#{err.rule}" if game else "about:blank"
    code = next((RULE_CODES[kind.__name__] for kind in type(err).__mro__
                 if kind.__name__ in RULE_CODES), "rule_violation")
    extra: dict[str, Any] = {"rule": err.rule, "key": err.key, "params": err.params}
    if code == "bad_move" or "field" in err.params:  # the field the refusal is about
        extra["errors"] = {str(err.params.get("field", "move")): [err.sentence(lang)]}
    return problem(err.status, code, "Not allowed by the rules" if err.status == 422
                   else "Not now", err.sentence(lang), type_=type_, **extra)


def http_problem(err: HTTPException) -> Response:
    status = err.code or 500
    data = getattr(err, "data", None) or {}
    extra: dict[str, Any] = {}
    detail = err.description or err.name
    if data.get("messages") or data.get("errors"):
        extra["errors"] = data.get("errors") or data.get("messages")
        detail = render("session.bad_fields", {}, language())
        if isinstance(extra["errors"], dict) and len(extra["errors"]) == 1:
            # webargs nests field errors under the location ("json", "query", ...)
            only = next(iter(extra["errors"].values()))
            if isinstance(only, dict):
                extra["errors"] = only
    headers = {k: v for k, v in err.get_headers() if k.lower() not in ("content-type",)}
    headers.update(data.get("headers") or {})
    code = err.name.lower().replace(" ", "_")
    return problem(status, code, err.name, detail, headers, **extra)


def store_problem(err: Exception) -> Response:
    """A store failure met outside the sessions layer, said as the sessions layer says it."""
    refusal = translate(err)
    if refusal is None:  # a Redis error reply that is a bug, not a fault
        return unexpected(err)
    log.warning("store failure: %s", err)
    return refusal_problem(refusal)


def unexpected(err: Exception) -> Response:
    log.exception("unexpected error")
    return problem(500, "internal_error", "Internal error",
                   "Something went wrong on our side; nothing was changed.")


def register(app: Flask) -> None:
    app.register_error_handler(errors.SessionError, refusal_problem)
    app.register_error_handler(RuleError, rule_problem)
    app.register_error_handler(HTTPException, http_problem)
    for failure in (StoreUnavailable, StoreFull, redis.ConnectionError, redis.TimeoutError,
                    redis.ResponseError):
        app.register_error_handler(failure, store_problem)
    app.register_error_handler(Exception, unexpected)
