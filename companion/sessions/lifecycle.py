"""A table's life outside the moves: create, join, start, new seat tokens, rematch."""

from __future__ import annotations

from typing import Any

from companion.errors import (
    Conflict,
    IdempotencyMismatch,
    NotActive,
    NotFound,
    Unauthorized,
    said,
)
from companion.games import GAMES
from companion.sessions import bounds, budget, clock, replay, rules
from companion.sessions.core import (
    Change,
    Context,
    ExpectedVersion,
    Idem,
    Outcome,
    change,
    guarded,
    idem_for,
    load,
    require_host,
    reserve_code,
    who,
)
from companion.sessions.seats import seat_of
from companion.sessions.tokens import (
    derived_token,
    hash_token,
    keyed_hash,
    new_session_id,
    new_token,
    normalize_code,
    same_hash,
)
from companion.sessions.views import player_bounds, public_state, turn_seat
from companion.store import Loaded, keys


def create(ctx: Context, game_name: str, options: dict[str, Any], idem_key: str | None,
           body_hash: str, players: list[dict[str, Any]] | None = None,
           clock_option: Any = None) -> Outcome:
    """A new session in the lobby; replays the first response for a retried key."""
    budget.check_new_session(ctx.config, guarded(ctx.store.memory),
                            guarded(ctx.store.disk_low))
    normalized = GAMES[game_name].normalize_options(options)
    timer = clock.normalize(clock_option)
    sid, host, again = claim(ctx, idem_key, body_hash)
    if again is not None:
        return again
    doc = new_doc(ctx, sid, game_name, normalized, host, players or [])
    doc["clock"] = timer
    guarded(ctx.store.create, sid, doc, [])
    return Outcome(created_body(doc, host, 0, ctx.now()), 0)


def claim(ctx: Context, idem_key: str | None, body_hash: str
          ) -> tuple[str, str, Outcome | None]:
    """A new session id and host token (derived from the key, when there is one), or
    the replay of the first create or import with this key."""
    if not idem_key:
        return new_session_id(), new_token(), None
    key = keys.create_idempotency(keyed_hash(ctx.secret, idem_key))
    sid = new_session_id()
    seen = guarded(ctx.store.get_json, key)
    if seen is None and not guarded(ctx.store.put_json, key, {"h": body_hash, "sid": sid},
                                    ctx.store.idempotency_ttl, True):
        seen = guarded(ctx.store.get_json, key)
    if seen is not None:
        return "", "", _create_replay(ctx, seen, body_hash, idem_key)
    return sid, derived_token(ctx.secret, "create", idem_key, sid), None


def new_doc(ctx: Context, sid: str, game: str, options: dict[str, Any], host: str,
            players: list[dict[str, Any]]) -> dict[str, Any]:
    code = reserve_code(ctx, sid)
    return {"id": sid, "game": game, "code": code, "created": int(ctx.now()),
            "options": options, "status": "lobby", "host": hash_token(host),
            "players": players, "state": None, "moves": 0, "declared": {}}


def created_body(doc: dict[str, Any], host: str, version: int, now: float
                 ) -> dict[str, Any]:
    return {"id": doc["id"], "code": doc["code"], "host_token": host,
            "state": public_state(doc, version, now)}


def _create_replay(ctx: Context, seen: dict[str, Any], body_hash: str, idem_key: str
                   ) -> Outcome:
    if seen["h"] != body_hash:
        raise said(IdempotencyMismatch, "session.idempotency_reused")
    try:
        loaded = load(ctx, seen["sid"])
    except NotFound:
        raise said(Conflict, "session.idempotency_pending") from None
    host = derived_token(ctx.secret, "create", idem_key, seen["sid"])
    return Outcome(created_body(loaded.doc, host, loaded.version, ctx.now()), loaded.version,
                   replayed=True)


def resolve(ctx: Context, code: str) -> str:
    """The session a join code names."""
    sid = guarded(ctx.store.resolve_code, normalize_code(code))
    if sid is None:
        raise said(NotFound, "session.code_unknown", code=normalize_code(code))
    return sid


def join(ctx: Context, code: str, fields: dict[str, Any], idem_key: str | None,
         body_hash: str) -> Outcome:
    """A new seat with its player token (the lobby only)."""
    sid = resolve(ctx, code)
    idem = idem_for(ctx, sid, None, "join", idem_key, body_hash)
    if idem is not None:
        idem.anonymous = True  # the key itself is the credential (>= 22 characters)

    def token_for(seat: int) -> str:
        if idem_key:
            return derived_token(ctx.secret, "join", idem_key, sid, str(seat))
        return new_token()

    def decide(loaded: Loaded) -> Change:
        doc = loaded.doc
        if doc["status"] != "lobby":
            raise said(NotActive, "join.started", rule=rules.LOBBY)
        game = GAMES[doc["game"]]
        player = game.join_player(doc["options"], replay.roster_public(doc), fields)
        seat = len(doc["players"])
        token = token_for(seat)
        doc["players"].append({"seat": seat, **player, "token": hash_token(token)})
        entry = {"k": "join", "seat": seat, **player}
        return Change(doc, entry, replay.entry_events(entry), {"session_id": sid, "seat": seat},
                      secret={"player_token": token}, answer="body")

    def restore(body: dict[str, Any], loaded: Loaded) -> dict[str, Any]:
        token = token_for(body["seat"])
        if not same_hash(hash_token(token), loaded.doc["players"][body["seat"]]["token"]):
            raise said(Unauthorized, "session.seat_moved")
        return {**body, "player_token": token}

    return change(ctx, sid, decide, idem, restore=restore)


def join_info(ctx: Context, code: str) -> dict[str, Any]:
    """What a joining phone needs: the game, its options, who sits, what is left."""
    sid = resolve(ctx, code)
    doc = load(ctx, sid).doc
    game = GAMES[doc["game"]]
    least, most = player_bounds(game, doc["options"])
    roster = replay.roster_public(doc)
    return {"session_id": sid, "game": doc["game"], "status": doc["status"],
            "options": doc["options"], "players": roster,
            "min_players": least, "max_players": most,
            **game.join_info(doc["options"], roster)}


NO_SESSION = "0" * 32  # never a session id (those are random, new_session_id)


def seated_at(ctx: Context, code: str, token: str) -> bool:
    """Whether ``token`` is the host's or a seat's token of the table ``code`` names: a
    phone that holds one already knows the table, so its look-up guesses nothing."""
    sid = guarded(ctx.store.resolve_code, normalize_code(code))
    # a code no table has costs the same read, so the answer's time does not tell a
    # guesser with a made-up token which codes exist
    loaded = guarded(ctx.store.load, sid or NO_SESSION, None)
    if sid is None or loaded is None:
        return False
    try:
        who(loaded.doc, token)
    except Unauthorized:
        return False
    return True


def start(ctx: Context, sid: str, token: str | None, body: dict[str, Any],
          idem: Idem | None, expected_version: ExpectedVersion) -> Outcome:
    """The host starts the game: seating, first player, the game's setup."""

    def decide(loaded: Loaded) -> Change:
        doc = loaded.doc
        require_host(doc, token)
        if doc["status"] != "lobby":
            raise said(NotActive, "session.already_started", rule=rules.PLAYERS)
        game = GAMES[doc["game"]]
        least, _most = player_bounds(game, doc["options"])
        if len(doc["players"]) < least:
            raise said(NotActive, "session.too_few_players", rule=rules.PLAYERS, min=least)
        setup = dict(body.get("setup") or {})
        for name in ("seating", "first_player"):
            if body.get(name) is not None:
                setup[name] = body[name]
        bounds.check_setup(game, setup)
        doc["state"] = game.new_game(doc["options"], replay.roster_public(doc), setup)
        doc["status"] = "playing"
        doc["start_setup"] = setup
        for name in ("setup_draft", "setup_writes"):  # the draft served its purpose
            doc.pop(name, None)
        events = [{"type": "game_started", "first_player": turn_seat(doc["game"], doc["state"])}]
        return Change(doc, {"k": "start", "setup": setup}, events)

    return change(ctx, sid, decide, idem, expected_version)


def reissue(ctx: Context, sid: str, token: str | None, seat: int) -> Outcome:
    """A new token for ``seat`` (host); the old one stops working."""
    fresh = new_token()

    def decide(loaded: Loaded) -> Change:
        doc = loaded.doc
        require_host(doc, token)
        seat_of(doc, seat)
        doc["players"][seat]["token"] = hash_token(fresh)
        entry = {"k": "token", "seat": seat}
        return Change(doc, entry, replay.entry_events(entry),
                      {"player_token": fresh, "code": doc["code"]}, answer="body")

    return change(ctx, sid, decide)


def rematch(ctx: Context, sid: str, token: str | None) -> Outcome:
    """A new session in the lobby with the same options; the old one announces it."""
    old = load(ctx, sid).doc
    require_host(old, token)
    options = old["options"]
    if old["state"] is not None:
        # the same physical box: what the table saw becomes the next game's suggestions
        seen = GAMES[old["game"]].view_for(old["state"], None).get("known")
        if seen:
            options = {**options, "box": seen}
    created = create(ctx, old["game"], options, None, "",
                     clock_option=old.get("clock"))
    new_id, new_code_ = created.body["id"], created.body["code"]

    def decide(loaded: Loaded) -> Change:
        doc = loaded.doc
        require_host(doc, token)
        doc["rematch"] = {"session_id": new_id, "code": new_code_}
        entry = {"k": "rematch", "session_id": new_id, "code": new_code_}
        return Change(doc, entry, replay.entry_events(entry), answer="body")

    change(ctx, sid, decide)
    return created
