"""Request helpers shared by the views: tokens, idempotency, versions, parsing, limits.

Headers are read here and only here: the sessions layer gets a token, an
Idempotency-Key and the version the caller expects, never a header.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any, TypeVar, cast

import orjson
from flask import current_app, request
from flask.wrappers import Response
from flask_smorest import Blueprint as _Blueprint
from limits import parse as parse_limit
from limits.errors import StorageError
from limits.strategies import RateLimiter
from webargs import core
from webargs.flaskparser import FlaskParser

from companion.api import contract
from companion.api.guards import check_body, check_unique_keys
from companion.errors import SessionError, TooManyRequests, said
from companion.sessions import ExpectedVersion, Idem, Outcome, Sessions
from companion.sessions.tokens import body_hash

MAX_KEY = contract.MAX_KEY
#: Create, join and import need no token, so whoever repeats a key receives the first
#: response, tokens included: there a key must be unguessable (a UUID has 36 characters,
#: the pages send 32 random hex digits). Documented so (contract.OPEN_KEYED).
MIN_ANONYMOUS_KEY = contract.MIN_ANONYMOUS_KEY
F = TypeVar("F", bound=Callable[..., Any])


class JsonParser(FlaskParser):
    """Bodies are read with orjson: strict JSON (no NaN or Infinity), bounded in depth
    and integer size (``guards.check_body``), each field named once per object
    (``guards.check_unique_keys``); the content type is checked before (``guards``:
    415 unless JSON)."""

    def _raw_load_json(self, req: Any) -> Any:
        data = req.get_data(cache=True)
        if not data:
            return core.missing
        try:
            body = orjson.loads(data)
        except orjson.JSONDecodeError as err:
            return self._handle_invalid_json_error(err, req)
        check_body(body)
        check_unique_keys(data)
        return body


class Blueprint(_Blueprint):  # type: ignore[misc]
    """flask-smorest's Blueprint (an untyped library) with typed decorators, and
    :meth:`answers` for the rest of the contract (``companion.api.contract``)."""

    ARGUMENTS_PARSER = JsonParser()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._prepare_doc_cbks.append(contract.prepare)

    def answers(self, *statuses: int, reads: tuple[str, ...] = (),
                sends: tuple[str, ...] = ()) -> Callable[[F], F]:
        """Document what else this operation answers: ``statuses`` besides its success
        (each a problem+json), the request headers it ``reads`` and the headers its
        success ``sends`` (names in ``contract.REQUEST_HEADERS``/``RESPONSE_HEADERS``)."""

        def decorator(func: F) -> F:
            doc = getattr(func, "_apidoc", {})
            func._apidoc = {**doc, "contract": {  # type: ignore[attr-defined]
                "statuses": sorted(statuses), "reads": reads, "sends": sends}}
            return func

        return decorator

    def route(self, rule: str, **options: Any) -> Callable[[F], F]:
        return cast(Callable[[F], F], super().route(rule, **options))

    def arguments(self, schema: Any, **options: Any) -> Callable[[F], F]:
        return cast(Callable[[F], F], super().arguments(schema, **options))

    def response(self, status: int, schema: Any = None, **options: Any) -> Callable[[F], F]:
        return cast(Callable[[F], F], super().response(status, schema, **options))

    def alt_response(self, status: int, **options: Any) -> Callable[[F], F]:
        if status >= 400 and "response" not in options:  # errors are problem+json
            options.setdefault("content_type", contract.PROBLEM_JSON)
            options.setdefault("headers", contract.STATUSES.get(status, ("", None))[1] or None)
        return cast(Callable[[F], F], super().alt_response(status, **options))

    def doc(self, **options: Any) -> Callable[[F], F]:
        return cast(Callable[[F], F], super().doc(**options))


def rate_limit(name: str) -> None:
    """Count this request against ``RATE_LIMIT_<NAME>`` for the caller's address and,
    when set, ``RATE_LIMIT_<NAME>_ALL`` for all addresses together, in the same Redis
    as the sessions (429 with Retry-After when over)."""
    _hit(name, f"RATE_LIMIT_{name.upper()}", request.remote_addr or "?")
    if current_app.config.get(f"RATE_LIMIT_{name.upper()}_ALL"):
        _hit(name, f"RATE_LIMIT_{name.upper()}_ALL", "*")  # "*" is no address


def code_guess() -> Callable[[], None]:
    """Before a look-up by join code, whose miss is a guess: 429 while the caller's
    address has missed ``RATE_LIMIT_WRONG_CODE`` times, or all addresses together
    ``RATE_LIMIT_WRONG_CODE_ALL`` times, in the window. Checked before the look-up, not
    after it: a guess past the budget must not learn whether it was right. Returns
    what counts a miss."""
    limiter: RateLimiter = current_app.extensions["companion"].limiter
    name = "wrong_code"
    budgets = [(parse_limit(current_app.config["RATE_LIMIT_WRONG_CODE"]),
                request.remote_addr or "?"),
               (parse_limit(current_app.config["RATE_LIMIT_WRONG_CODE_ALL"]), "*")]
    try:
        for item, who in budgets:
            if not limiter.test(item, name, who):
                reset = limiter.get_window_stats(item, name, who).reset_time
                retry = max(1, int(reset - time.time()))
                raise said(TooManyRequests, "session.wrong_codes", retry_after=retry,
                           retry=retry)
    except StorageError:  # the limiter's store is down: the look-up itself will say 503
        pass

    def missed() -> None:
        with contextlib.suppress(StorageError):
            for item, who in budgets:
                limiter.hit(item, name, who)

    return missed


def _hit(name: str, setting: str, who: str) -> None:
    limiter: RateLimiter = current_app.extensions["companion"].limiter
    item = parse_limit(current_app.config[setting])
    try:
        if limiter.hit(item, name, who):
            return
        reset = limiter.get_window_stats(item, name, who).reset_time
    except StorageError:  # the limiter's store is down: the request itself will say 503
        return
    retry = max(1, int(reset - time.time()))
    raise said(TooManyRequests, "session.rate_limited", retry_after=retry, retry=retry)


class TooLarge(SessionError):
    """A body over the endpoint's own size limit."""


def limit_body(setting: str) -> None:
    """413 for a body over ``setting`` bytes, before anything reads it (a chunked body
    stops being read at the limit)."""
    most = int(current_app.config[setting])
    if (request.content_length or 0) > most:
        raise said(TooLarge, "session.body_too_large", max_kb=most // 1024)
    request.max_content_length = most


class BadHeader(SessionError):
    """A header the service cannot read."""


def sessions() -> Sessions:
    return cast(Sessions, current_app.extensions["companion"].sessions)


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
        raise said(BadHeader, "session.idempotency_key_random" if anonymous
                   else "session.idempotency_key_length", min=least, max=MAX_KEY)
    return key


def raw_body_hash() -> str:
    return body_hash(request.get_data(cache=True) + b"|" + request.path.encode())


def idem(sid: str, scope: str) -> Idem | None:
    return sessions().idem_for(sid, bearer(), scope, idempotency_key(), raw_body_hash())


def expected_version() -> ExpectedVersion:
    """The versions ``If-Match`` names (strong or weak tags): None when absent or
    ``*``; tags that are no version match nothing, so they are refused as stale."""
    if "If-Match" not in request.headers:
        return None
    tags = request.if_match
    if tags.star_tag:
        return None
    raw = [*tags.as_set(include_weak=True)]  # holds None for an empty tag ("")
    return frozenset(int(tag) for tag in raw if tag and tag.isdigit() and len(tag) < 16)


def not_modified(version: int) -> Response | None:
    """A 304 when ``If-None-Match`` names ``version`` (weak comparison, as RFC 9110
    wants for it, so ``W/"7"`` matches too; ``*`` matches any), else None."""
    if not request.if_none_match.contains_weak(str(version)):
        return None
    response = current_app.response_class(status=304)
    response.headers["ETag"] = f'"{version}"'
    return response


def json_response(body: Any) -> Response:
    """``body`` as a JSON response (orjson, through the app's JSON provider)."""
    return cast(Response, current_app.json.response(body))


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
    response = json_response(body)
    response.status_code = status
    response.headers.update(headers)
    return response
