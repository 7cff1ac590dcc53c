"""Problems the HTTP layer answers with (application/problem+json, RFC 9457).

Rule errors from the engines (``companion.games.errors``) are mapped by the
same handler; views never call ``abort`` for rule problems.
"""

from __future__ import annotations

from typing import Any


class Problem(Exception):
    """An error with an HTTP status, a stable code and a sentence."""

    status = 400
    code = "bad_request"
    title = "Bad request"

    def __init__(self, detail: str, headers: dict[str, str] | None = None,
                 **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra


class Unauthorized(Problem):
    status, code, title = 401, "unauthorized", "Missing or unknown token"


class Forbidden(Problem):
    status, code, title = 403, "forbidden", "This token may not do that"


class NotFound(Problem):
    status, code, title = 404, "not_found", "Not found"


class Conflict(Problem):
    status, code, title = 409, "conflict", "Conflict"


class PreconditionFailed(Problem):
    status, code, title = 412, "stale_version", "The state has changed"


class Unprocessable(Problem):
    status, code, title = 422, "unprocessable", "Cannot do that"


class IdempotencyMismatch(Problem):
    status, code, title = 422, "idempotency_key_reused", "Idempotency key reused"


class StoreDown(Problem):
    status, code, title = 503, "store_unavailable", "Storage unavailable"


def said(kind: type[Problem], key: str, headers: dict[str, str] | None = None, *,
         extra: dict[str, Any] | None = None, **params: Any) -> Problem:
    """A problem whose sentence comes from the message catalogue: the HTTP layer tells
    it again in the request's language (``key`` and ``params`` travel with it).
    ``extra``: more fields of the problem document (``errors``, ``current_version``…)."""
    from companion.games.messages import render

    return kind(render(key, params), headers, key=key, params=params, **(extra or {}))
