"""Refusals of the service (not a game's rules), as domain errors.

A refusal carries a message key and its parameters (the sentence is told in
the reader's language from the catalogue), the session rule it enforces when
there is one (``SESSION.*``, see ``companion.sessions.rules``), extra fields for
the answer (``errors``, ``current_version``…) and, for a refusal that passes,
how many seconds to wait. Nothing here knows HTTP: the API maps each kind to a
status and a code in one table (``companion.api.problems.PROBLEMS``).
"""

from __future__ import annotations

from typing import Any


class SessionError(Exception):
    """A request the service refuses; nothing was changed."""

    def __init__(self, key: str, params: dict[str, Any] | None = None, *,
                 rule: str | None = None, extra: dict[str, Any] | None = None,
                 retry_after: int | None = None) -> None:
        from companion.games.messages import render

        self.key = key
        self.params = dict(params or {})
        self.rule = rule
        self.extra = dict(extra or {})
        self.retry_after = retry_after
        #: the English sentence (the web layer tells it in the reader's language)
        self.detail = render(key, self.params)
        super().__init__(self.detail)


class Unauthorized(SessionError):
    """No token, or one that holds nothing here."""


class Forbidden(SessionError):
    """A known token that may not do this."""


class NotFound(SessionError):
    """No such session, code, seat or game."""


class Conflict(SessionError):
    """The table is not in a state that allows this."""


class NotActive(Conflict):
    """The game has not started, has started already, or is over."""


class Busy(Conflict):
    """Too many writers at once; try again after ``retry_after`` seconds."""


class StaleVersion(SessionError):
    """The caller saw an older version than the current one."""


class Invalid(SessionError):
    """Well-formed but not acceptable values."""


class IdempotencyMismatch(Invalid):
    """An Idempotency-Key sent again with another body."""


class SessionFull(SessionError):
    """The session's log has no room for another entry."""


class TooManyRequests(SessionError):
    """Over a rate limit for this address."""


class StoreDown(SessionError):
    """The store cannot be reached right now."""


class StoreFull(SessionError):
    """The store has no room for writes; reads still work."""


def said(kind: type[SessionError], key: str, *, rule: str | None = None,
         extra: dict[str, Any] | None = None, retry_after: int | None = None,
         **params: Any) -> SessionError:
    """A refusal of ``kind`` whose sentence is the catalogue's ``key`` with ``params``."""
    return kind(key, params, rule=rule, extra=extra, retry_after=retry_after)


#: the names used before the split into domain and HTTP (kept for callers' ease)
Unprocessable = Invalid
PreconditionFailed = StaleVersion
