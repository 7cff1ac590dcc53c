"""The change loop every write goes through: load, decide, commit — with bounded
retries, idempotent replays and the caller's expected version; and the one place
where the store's failures become refusals people can read."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

import redis

from companion import store as storage
from companion.errors import (
    Busy,
    Conflict,
    Forbidden,
    IdempotencyMismatch,
    NotFound,
    SessionError,
    StaleVersion,
    StoreDown,
    StoreFull,
    Unauthorized,
    said,
)
from companion.games.errors import RuleError
from companion.sessions import bounds, budget, clock, rules
from companion.sessions.tokens import hash_token, keyed_hash, new_code, same_hash
from companion.sessions.views import public_state, turn_seat
from companion.store import Commit, Loaded, Store, VersionConflict, keys

T = TypeVar("T")
#: the version a caller saw: one, any of several (If-Match may list them), or None
ExpectedVersion = int | frozenset[int] | None


def _nothing(*_args: Any) -> None:
    return None


@dataclass
class Context:
    """What the session functions share: the store, settings, the secret, the clock,
    and callbacks for counting (the metrics live in the web layer)."""

    store: Store
    config: dict[str, Any]
    secret: bytes
    #: seconds since the epoch; tests inject a fake clock
    now: Callable[[], float] = time.time
    #: called on every write conflict that is retried
    on_retry: Callable[[], None] = _nothing
    #: called with (game, "accepted" | "rejected", rule) for every move checked
    on_move: Callable[[str, str, str], None] = _nothing

    @property
    def retries(self) -> int:
        return int(self.config.get("COMMIT_RETRIES", 8))


@dataclass
class Idem:
    """An Idempotency-Key, already scoped, with the hash of the request body."""

    key: str
    body: str
    #: the bearer token that sent it; a replay re-checks it (a revoked token gets 401)
    token: str | None = None
    anonymous: bool = False


@dataclass
class Change:
    """What a public decision produces: the new document, its log entry, the events
    everyone is told, and the answer to the caller."""

    doc: dict[str, Any]
    entry: dict[str, Any]
    events: list[dict[str, Any]]
    body: dict[str, Any] = field(default_factory=dict)
    #: answered to the caller too, but never kept in the idempotency record (a token,
    #: a seat's own view): a replay restores or leaves them out
    secret: dict[str, Any] = field(default_factory=dict)
    #: the acting seat's own view (``me``) as its phone's seat stream would build it,
    #: sent with the published document so that stream needs not build it again
    view: tuple[int, dict[str, Any]] | None = None
    #: what the answer carries besides the body: the public state ("state"), or nothing
    #: ("body": the answer is a credential or a link, not the table)
    answer: Literal["state", "body"] = "state"


@dataclass
class Private:
    """What a private decision produces: the new document and the answer. Nobody else
    is told: no version, no log entry, no publish."""

    doc: dict[str, Any]
    body: dict[str, Any] = field(default_factory=dict)


@dataclass
class Outcome:
    body: dict[str, Any]
    version: int
    #: 201 for a change; a replay keeps the first answer's
    status: int = 201
    replayed: bool = False


Decide = Callable[[Loaded], Change]
DecidePrivate = Callable[[Loaded], Private]
#: one try at a change on a loaded session: its answer, or None when somebody wrote first
Attempt = Callable[[Loaded], Outcome | None]
Restore = Callable[[dict[str, Any], Loaded], dict[str, Any]]


# -- the store's failures ----------------------------------------------------------------
def translate(err: Exception) -> SessionError | None:
    """The refusal a store failure means, or None when it is not one."""
    if isinstance(err, redis.ResponseError):  # met outside the store (a plain client)
        err = storage.refusal_of(err)
    if isinstance(err, storage.StoreFull):
        # maxmemory reached: no game is ever evicted to make room, new writes wait
        return said(StoreFull, "session.store_full", retry_after=60)
    if isinstance(err, storage.StoreUnavailable | redis.ConnectionError | redis.TimeoutError):
        return said(StoreDown, "session.store_down", retry_after=2)
    return None


@contextmanager
def store_errors() -> Iterator[None]:
    """Run a block against the store; its failures leave as :func:`translate` says."""
    try:
        yield
    except (storage.StoreUnavailable, storage.StoreFull) as err:
        refusal = translate(err)
        assert refusal is not None
        raise refusal from err


def guarded(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` against the store, its failures translated."""
    with store_errors():
        return fn(*args)


# -- loading and identifying -------------------------------------------------------------
def load(ctx: Context, sid: str, idem_key: str | None = None) -> Loaded:
    loaded = guarded(ctx.store.load, sid, idem_key)
    if loaded is None:
        raise said(NotFound, "session.no_session", sid=sid[:40])
    return loaded


def who(doc: dict[str, Any], token: str | None) -> tuple[str, int | None]:
    """("host", None) or ("player", seat) for a bearer token; refused otherwise."""
    if not token:
        raise said(Unauthorized, "session.token_missing")
    digest = hash_token(token)
    if same_hash(digest, doc["host"]):
        return "host", None
    for player in doc["players"]:
        if same_hash(digest, player["token"]):
            return "player", int(player["seat"])
    raise said(Unauthorized, "session.token_unknown")


def require_host(doc: dict[str, Any], token: str | None) -> None:
    if who(doc, token)[0] != "host":
        raise said(Forbidden, "session.host_only", rule=rules.HOST)


def idem_for(ctx: Context, sid: str, token: str | None, scope: str, key: str | None,
             body_hash: str) -> Idem | None:
    """The stored form of a request's Idempotency-Key, scoped to its token (or to
    ``scope`` without one); None without a key."""
    if not key:
        return None
    owner = hash_token(token)[:16] if token else scope
    return Idem(keys.idempotency(sid, owner, keyed_hash(ctx.secret, key)), body_hash, token)


def check_version(expected: ExpectedVersion, version: int) -> None:
    """Refused unless the caller expects no particular version or the current one."""
    if expected is None:
        return
    if version not in (expected if isinstance(expected, frozenset) else {expected}):
        raise said(StaleVersion, "session.stale", version=version,
                   extra={"current_version": version})


# -- the change loop ---------------------------------------------------------------------
def change(ctx: Context, sid: str, decide: Decide, idem: Idem | None = None,
           expected_version: ExpectedVersion = None,
           restore: Restore | None = None) -> Outcome:
    """A public change: load, decide, commit (version +1, logged, published to every
    stream); retried on a write conflict, then refused as busy."""

    def attempt(loaded: Loaded) -> Outcome | None:
        check_version(expected_version, loaded.version)
        return _public(ctx, sid, loaded, decide(loaded), idem, restore)

    return _loop(ctx, sid, attempt, idem, restore)


def change_private(ctx: Context, sid: str, decide: DecidePrivate) -> Outcome:
    """A private change (a seat's declared hand): load, decide, commit the document
    alone; the answer's version is the one the store still holds."""
    return _loop(ctx, sid, lambda loaded: _private(ctx, sid, loaded, decide(loaded)))


def _loop(ctx: Context, sid: str, attempt: Attempt, idem: Idem | None = None,
          restore: Restore | None = None) -> Outcome:
    """Both changes' loop: retried on a write conflict, then refused as busy. A hot
    session starts from this worker's last known document, without a read: the
    commit's revision check confirms that guess (companion/store/docs.py)."""
    guess = ctx.store.cached(sid)
    for _ in range(ctx.retries):
        loaded = guess or load(ctx, sid, idem.key if idem else None)
        if idem is not None and loaded.idem is not None:
            return replayed(loaded, idem, restore, now=ctx.now())
        try:
            done = attempt(loaded)
        except (SessionError, RuleError) as refusal:
            if guess is None:
                raise
            done = _confirmed(ctx, sid, guess, idem, restore, refusal)
            guess = None
            if done is None:
                continue  # the guess was out of date: decide again on a read
        if done is not None:
            return done
        guess = None
        ctx.on_retry()
    raise said(Busy, "session.busy", retry_after=1)


def _confirmed(ctx: Context, sid: str, guess: Loaded, idem: Idem | None,
               restore: Restore | None, refusal: Exception) -> Outcome | None:
    """A change refused on a guessed document: the refusal stands if the guess was the
    stored revision; a replay if its key was committed meanwhile; None (decide again,
    on a read) if the guess was out of date."""
    loaded = load(ctx, sid, idem.key if idem else None)
    if idem is not None and loaded.idem is not None:
        return replayed(loaded, idem, restore, now=ctx.now())
    if loaded.revision == guess.revision:
        raise refusal
    return None


def _public(ctx: Context, sid: str, loaded: Loaded, decided: Change, idem: Idem | None,
            restore: Restore | None) -> Outcome | None:
    """Commit a public change decided on ``loaded``: stamped by the clock, logged,
    published, answered with the next version; None when somebody wrote first."""
    bounds.check_room(ctx.config, loaded.version, decided.entry)
    now = ctx.now()
    version = loaded.version + 1
    events = [*decided.events, *_stamp(decided, now)]
    renew = _code_due(ctx, decided.doc, now)
    state = public_state(decided.doc, version, now)
    # the entry keeps its public events: reading the log never replays the game
    entry = {**decided.entry, "v": version, "e": events}
    result = _write(ctx, Commit(
        sid, loaded.revision, decided.doc, entry, idem.key if idem else None,
        _kept(idem, decided, {**decided.body, "version": version, "events": events}),
        {"version": version, "events": events, "state": state}, decided.view,
        _most(ctx, entry)))
    if isinstance(result, dict):  # the same key was committed meanwhile
        assert idem is not None
        return replayed(load(ctx, sid), idem, restore, result, ctx.now())
    if result is None:
        return None
    _renew(ctx, decided.doc, renew)
    body = {**decided.body, **decided.secret, "version": result, "events": events}
    if decided.answer == "state":
        body["state"] = state
    return Outcome(body, result)


def _stamp(decided: Change, now: float) -> list[dict[str, Any]]:
    """Time enters as data of the log entry (clock.py): the events the clock adds."""
    doc = decided.doc
    return clock.mark(doc, decided.entry, now, turn_seat(doc["game"], doc["state"]))


def _kept(idem: Idem | None, decided: Change, body: dict[str, Any]
          ) -> dict[str, Any] | None:
    """What an Idempotency-Key keeps of the answer (never its secret fields); None
    without a key."""
    if idem is None:
        return None
    return {"h": idem.body, "status": 201, "body": body, "state": decided.answer == "state"}


def _most(ctx: Context, entry: dict[str, Any] | None) -> int:
    """The bytes the session may hold after this commit: finishing the game is always
    allowed, as with the entry count (bounds.check_room)."""
    return 0 if entry is not None and entry["k"] == "finish" else budget.max_bytes(ctx.config)


def _private(ctx: Context, sid: str, loaded: Loaded, decided: Private) -> Outcome | None:
    """Commit a private change decided on ``loaded``: the document alone, answered with
    the version the store holds (unchanged); None when somebody wrote first."""
    renew = _code_due(ctx, decided.doc, ctx.now())
    result = _write(ctx, Commit(sid, loaded.revision, decided.doc,
                                max_bytes=_most(ctx, None)))
    if result is None:
        return None
    assert isinstance(result, int)  # no key, so no replay
    _renew(ctx, decided.doc, renew)
    return Outcome(dict(decided.body), result)


def _code_due(ctx: Context, doc: dict[str, Any], now: float) -> bool:
    """Whether the join code's key wants renewing with this commit: every commit renews
    the session's keys, but the code's lives on another slot (Redis Cluster), so it is
    renewed apart, once a quarter of ``SESSION_TTL`` (noted in the document)."""
    ttl = int(ctx.config.get("SESSION_TTL", 7 * 24 * 3600))
    if now - float(doc.get("code_at", doc.get("created", 0))) < ttl / 4:
        return False
    doc["code_at"] = int(now)
    return True


def _renew(ctx: Context, doc: dict[str, Any], due: bool) -> None:
    """Renew the join code once its change is committed (:func:`_code_due`)."""
    if due:
        guarded(ctx.store.renew_code, doc["code"])


def _write(ctx: Context, commit: Commit) -> int | dict[str, Any] | None:
    """The store's commit: the version the session now holds, the idempotency record
    committed meanwhile, or None when somebody wrote first (a conflict)."""
    try:
        with store_errors():
            return ctx.store.commit(commit)
    except VersionConflict:
        return None
    except storage.SessionOversize:
        raise budget.too_big(ctx.config) from None


def replayed(loaded: Loaded, idem: Idem, restore: Restore | None,
             record: dict[str, Any] | None = None, now: float | None = None) -> Outcome:
    """The first answer to a request sent again with the same key."""
    record = record or loaded.idem
    assert record is not None
    if not idem.anonymous:
        who(loaded.doc, idem.token)  # a token revoked since is refused, not replayed
    if record["h"] != idem.body:
        raise said(IdempotencyMismatch, "session.idempotency_reused")
    body = dict(record["body"])
    if restore is not None:
        body = restore(body, loaded)
    if record.get("state", True):
        body["state"] = public_state(loaded.doc, loaded.version, now)
    return Outcome(body, loaded.version, record["status"], replayed=True)


__all__ = ["Change", "Context", "ExpectedVersion", "Idem", "Outcome", "Private", "public_state"]


def reserve_code(ctx: Context, sid: str) -> str:
    """A join code nobody holds, now pointing to ``sid``."""
    for _ in range(20):
        code = new_code()
        if guarded(ctx.store.reserve_code, code, sid):
            return code
    raise said(Conflict, "session.no_free_code")  # pragma: no cover - 25^6 codes
