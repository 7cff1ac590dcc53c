"""The application layer's core: load, decide, commit — with bounded retries,
idempotent replays and If-Match checks. Views call :class:`Sessions` only."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.errors import (
    Conflict,
    IdempotencyMismatch,
    NotFound,
    PreconditionFailed,
    StoreDown,
    Unauthorized,
    said,
)
from companion.games import GAMES
from companion.observability import RETRIES
from companion.sessions import bounds, sentences  # noqa: F401 (registers the sentences)
from companion.sessions.replay import mark_phones, roster_public
from companion.sessions.tokens import hash_token, keyed_hash, same_hash
from companion.store import Loaded, Store, StoreUnavailable, VersionConflict, keys


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
    """What a decision produces: the new document and what to tell everyone."""

    doc: dict[str, Any]
    entry: dict[str, Any] | None
    events: list[dict[str, Any]]
    body: dict[str, Any] = field(default_factory=dict)
    #: fields of ``body`` that must not be stored in the idempotency record
    secret_fields: tuple[str, ...] = ()
    public: bool = True
    with_state: bool = True


@dataclass
class Outcome:
    body: dict[str, Any]
    version: int
    status: int = 201
    replayed: bool = False


Decide = Callable[[Loaded], Change]
Restore = Callable[[dict[str, Any], Loaded], dict[str, Any]]


def check_if_match(header: str | None, version: int) -> None:
    """412 unless ``If-Match`` is absent, ``*`` or names the current version."""
    if header is None or header.strip() == "*":
        return
    for tag in header.split(","):
        tag = tag.strip()
        tag = tag[2:] if tag.startswith("W/") else tag
        if tag.strip('"') == str(version):
            return
    raise said(PreconditionFailed, "session.stale", version=version,
               extra={"current_version": version})


def public_state(doc: dict[str, Any], version: int) -> dict[str, Any]:
    """The state everybody may see (no hands, no tokens)."""
    out: dict[str, Any] = {"id": doc["id"], "game": doc["game"], "status": doc["status"],
                           "version": version, "options": doc["options"]}
    if doc["state"] is None:
        roster = roster_public(doc)
        out.update(code=doc["code"], players=roster,
                   **GAMES[doc["game"]].lobby_view(doc["options"], roster))
    else:
        view = GAMES[doc["game"]].view_for(doc["state"], None)
        view.pop("status", None)
        out.update(view)
    out["moves"] = doc.get("moves", 0)
    # the code stays readable during the game: seat links and the host's play view use it
    out["code"] = doc["code"]
    mark_phones(doc, out)
    if doc.get("rematch"):
        out["rematch"] = doc["rematch"]
    return out


class SessionsCore:
    def __init__(self, store: Store, config: dict[str, Any], secret: bytes) -> None:
        self.store = store
        self.config = config
        self.secret = secret
        self.retries = int(config.get("COMMIT_RETRIES", 8))

    # -- loading and identifying ---------------------------------------------------------
    def load(self, sid: str, idem_key: str | None = None) -> Loaded:
        try:
            loaded = self.store.load(sid, idem_key)
        except StoreUnavailable as err:
            raise said(StoreDown, "session.store_down", {"Retry-After": "2"}) from err
        if loaded is None:
            raise said(NotFound, "session.no_session", sid=sid[:40])
        return loaded

    @staticmethod
    def who(doc: dict[str, Any], token: str | None) -> tuple[str, int | None]:
        """("host", None) or ("player", seat) for a bearer token; 401 otherwise."""
        if not token:
            raise said(Unauthorized, "session.token_missing")
        digest = hash_token(token)
        if same_hash(digest, doc["host"]):
            return "host", None
        for player in doc["players"]:
            if same_hash(digest, player["token"]):
                return "player", int(player["seat"])
        raise said(Unauthorized, "session.token_unknown")

    def idem_for(self, sid: str, token: str | None, scope: str, key: str | None,
                 body_hash: str) -> Idem | None:
        if not key:
            return None
        owner = hash_token(token)[:16] if token else scope
        return Idem(keys.idempotency(sid, owner, keyed_hash(self.secret, key)), body_hash,
                    token)

    # -- the change loop -----------------------------------------------------------------
    def change(self, sid: str, decide: Decide, idem: Idem | None = None,
               if_match: str | None = None, restore: Restore | None = None) -> Outcome:
        for _ in range(self.retries):
            loaded = self.load(sid, idem.key if idem else None)
            if idem is not None and loaded.idem is not None:
                return self._replayed(loaded, idem, restore)
            check_if_match(if_match, loaded.version)
            change = decide(loaded)
            bounds.check_room(self.config, loaded.version, change.entry)
            version = loaded.version + (1 if change.public else 0)
            # the public view is only built when it is answered or published
            state = (public_state(change.doc, version)
                     if change.public or change.with_state else None)
            body = dict(change.body)
            if change.public:
                body.update(version=version, events=change.events)
            record = None
            if idem is not None:
                stored = {k: v for k, v in body.items() if k not in change.secret_fields}
                record = {"h": idem.body, "status": 201, "body": stored,
                          "state": change.with_state}
            message = ({"version": version, "events": change.events, "state": state}
                       if change.public else None)
            # the entry keeps its public events: reading the log never replays the game
            entry = ({**change.entry, "v": version, "e": change.events}
                     if change.entry is not None else None)
            try:
                result = self.store.commit(sid, loaded.revision, change.doc, entry,
                                           idem.key if idem else None, record, message)
            except VersionConflict:
                RETRIES.inc()
                continue
            except StoreUnavailable as err:
                raise said(StoreDown, "session.store_down", {"Retry-After": "2"}) from err
            if isinstance(result, dict):  # the same key was committed meanwhile
                assert idem is not None
                return self._replayed(self.load(sid), idem, restore, result)
            if change.with_state:
                body["state"] = state
            return Outcome(body, version)
        raise said(Conflict, "session.busy")

    def _replayed(self, loaded: Loaded, idem: Idem, restore: Restore | None,
                  record: dict[str, Any] | None = None) -> Outcome:
        record = record or loaded.idem
        assert record is not None
        if not idem.anonymous:
            self.who(loaded.doc, idem.token)  # a token revoked since gets 401, not a replay
        if record["h"] != idem.body:
            raise said(IdempotencyMismatch, "session.idempotency_reused")
        body = dict(record["body"])
        if restore is not None:
            body = restore(body, loaded)
        if record.get("state", True):
            body["state"] = public_state(loaded.doc, loaded.version)
        return Outcome(body, loaded.version, record["status"], replayed=True)
