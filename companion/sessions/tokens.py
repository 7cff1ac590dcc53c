"""Secrets and codes: tokens (random, stored only as hashes), ids and join codes."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
from collections.abc import Callable
from pathlib import Path

#: Join codes avoid look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B) and are read aloud easily.
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6


def new_secret() -> str:
    return secrets.token_hex(32)  # 256 bits


def new_token() -> str:
    return secrets.token_urlsafe(32)  # 256 bits


def derived_token(secret: bytes, *parts: str) -> str:
    """A token recomputed from an idempotency key, so that a retried create or join
    gets the same token back without the token ever being stored."""
    digest = hmac.new(secret, "\x1f".join(parts).encode(), hashlib.sha256).digest()
    return _b64(digest)


def _b64(raw: bytes) -> str:
    import base64

    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def keyed_hash(secret: bytes, value: str) -> str:
    """An Idempotency-Key as stored: an HMAC under the app's secret, so the stored form
    neither reveals the key nor can be matched against guessed keys without the secret."""
    return hmac.new(secret, value.encode(), hashlib.sha256).hexdigest()[:32]


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and hmac.compare_digest(a, b)


def new_session_id() -> str:
    return secrets.token_hex(16)  # 128 bits


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(raw: str) -> str:
    """Upper case, without spaces or dashes (as people type what they hear)."""
    return raw.strip().upper().replace(" ", "").replace("-", "")[:16]


def body_hash(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


SECRET_FILE = "secret"


def kept_secret(folder: Path, offered: Callable[[], str]) -> bytes:
    """The instance's secret, kept in ``folder/secret`` (0600): the first process to
    look writes what ``offered`` gives, and every worker (and every restart) reads the
    same one, whatever the store lost. Made whole before it is given its name (a hard
    link fails when another process named one first), so nobody reads half of it."""
    path = folder / SECRET_FILE
    if not path.exists():
        draft = folder / f".secret-{os.getpid()}-{secrets.token_hex(4)}"
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(offered())
        with contextlib.suppress(FileExistsError):
            os.link(draft, path)
        draft.unlink()
    return path.read_bytes().strip()
