"""Redis key names. Every key of a session carries its id as a hash tag
(``{<id>}``), so a whole session lives on one Redis Cluster slot."""

from __future__ import annotations

PREFIX = "tc"


def session(sid: str) -> str:
    """Hash: ``v`` (version) and ``doc`` (the session document, JSON)."""
    return f"{PREFIX}:s:{{{sid}}}"


def log(sid: str) -> str:
    """List: one JSON entry per version after the first."""
    return f"{PREFIX}:s:{{{sid}}}:log"


def idempotency(sid: str, scope: str, key: str) -> str:
    """String: what is needed to answer a replay of a state-changing request."""
    return f"{PREFIX}:s:{{{sid}}}:idem:{scope}:{key}"


def channel(sid: str) -> str:
    """Pub/sub channel with every new version of the session."""
    return f"{PREFIX}:ch:{{{sid}}}"


CHANNEL_PATTERN = f"{PREFIX}:ch:*"


def sid_of_channel(name: str) -> str:
    return name[name.index("{") + 1:name.rindex("}")]


def join_code(code: str) -> str:
    """String: the session id a live join code points to."""
    return f"{PREFIX}:code:{{{code}}}"


def create_idempotency(key: str) -> str:
    """String: the id of the session a create request made (scoped to the endpoint)."""
    return f"{PREFIX}:create:{{{key}}}"


def ready_probe() -> str:
    """String: written by the readiness probe, which asks whether writes go through."""
    return f"{PREFIX}:ready"
