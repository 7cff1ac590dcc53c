"""One place that turns every error into application/problem+json."""

from __future__ import annotations

import logging
from typing import Any

import redis
from flask import Flask, Response, current_app, request
from werkzeug.exceptions import HTTPException

from companion.errors import Problem
from companion.games.errors import RuleError
from companion.games.messages import render
from companion.store import StoreFull, StoreUnavailable

log = logging.getLogger(__name__)
LANGS = ("en", "it", "de")


def language() -> str:
    """The first of en/it/de the request's Accept-Language asks for (en by default)."""
    header = request.headers.get("Accept-Language", "")
    ranked = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        ranked.append((-q, i, tag.strip().lower()[:2]))
    for _, _, tag in sorted(ranked):
        if tag in LANGS:
            return tag
    return request.args.get("lang", "en") if request.args.get("lang") in LANGS else "en"


def problem(status: int, code: str, title: str, detail: str,
            headers: dict[str, str] | None = None, type_: str = "about:blank",
            **extra: Any) -> Response:
    body = {"type": type_, "title": title, "status": status, "detail": detail, "code": code,
            **extra}
    response = current_app.json.response(body)
    response.status_code = status
    response.mimetype = "application/problem+json"
    for k, v in (headers or {}).items():
        response.headers[k] = v
    return response


RULE_CODES = {"NotYourTurn": "not_your_turn", "WrongPhase": "wrong_phase",
              "GameNotActive": "game_not_active", "BadMove": "bad_move"}


def rule_problem(err: RuleError) -> Response:
    lang = language()
    game = err.key.split(".")[0] if err.key.split(".")[0] in ("gaia", "kazaam") else None
    type_ = f"/api/v1/rules/{game}#{err.rule}" if game else "about:blank"
    code = RULE_CODES.get(type(err).__name__, "rule_violation")
    extra: dict[str, Any] = {"rule": err.rule, "key": err.key, "params": err.params}
    if code == "bad_move":
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


def register(app: Flask) -> None:
    def said(e: Problem) -> Response:
        # a problem raised with a catalogue key is told in the request's language
        detail = (render(e.extra["key"], e.extra.get("params") or {}, language())
                  if "key" in e.extra else e.detail)
        return problem(e.status, e.code, e.title, detail, e.headers, **e.extra)

    app.register_error_handler(Problem, said)
    app.register_error_handler(RuleError, rule_problem)
    app.register_error_handler(HTTPException, http_problem)

    def store_down(err: Exception) -> Response:
        log.warning("store unavailable: %s", err)
        return problem(503, "store_unavailable", "Storage unavailable",
                       render("session.store_down", {}, language()), {"Retry-After": "2"})

    app.register_error_handler(StoreUnavailable, store_down)

    def store_full(err: Exception) -> Response:
        # maxmemory reached: no game is ever evicted to make room, new writes wait
        log.error("store full: %s", err)
        return problem(507, "store_full", "Storage full",
                       render("session.store_full", {}, language()), {"Retry-After": "60"})

    app.register_error_handler(StoreFull, store_full)
    app.register_error_handler(redis.ConnectionError, store_down)
    app.register_error_handler(redis.TimeoutError, store_down)

    def unexpected(err: Exception) -> Response:
        log.exception("unexpected error")
        return problem(500, "internal_error", "Internal error",
                       "Something went wrong on our side; nothing was changed.")

    app.register_error_handler(Exception, unexpected)
