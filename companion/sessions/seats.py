"""Seats without a phone: the host adds one in the lobby or takes one over.

A seat "has a phone" while it holds a player token (``players[i].token``).
The host enters moves for any seat, but reads a seat's private view (its hand,
its legal moves with the declared cards) only when nobody else holds it: a
seat the host added without a phone, or one the host took over in public.
Re-issuing the seat's token gives it a phone again.
"""

from __future__ import annotations

from typing import Any

from companion.errors import Conflict, Forbidden, Invalid, NotActive, said
from companion.games import GAMES
from companion.games.turns import seated
from companion.sessions import replay, rules
from companion.sessions.core import (
    Change,
    Context,
    Idem,
    Outcome,
    change,
    guarded,
    require_host,
    reserve_code,
)
from companion.sessions.replay import has_phone
from companion.store import Loaded


def seat_of(doc: dict[str, Any], seat: object) -> dict[str, Any]:
    """The player at ``seat``. The one check of a seat the request names (in the path,
    the query or a move the host enters): one not at the table is refused alike, 422
    with the field under ``errors``."""
    if not seated(seat, doc["players"]):
        raise said(Invalid, "session.seat.missing", seat=str(seat)[:24],
                   extra={"errors": {"seat": ["no such seat"]}})
    player: dict[str, Any] = doc["players"][seat]
    return player


def host_may_read(doc: dict[str, Any], seat: int) -> None:
    """The host reads a seat's private view only while the seat has no phone."""
    player = seat_of(doc, seat)
    if has_phone(player):
        raise said(Forbidden, "session.seat.has_phone", name=player["name"])


def add_seat(ctx: Context, sid: str, token: str | None, fields: dict[str, Any],
             idem: Idem | None) -> Outcome:
    """A seat without a phone (host, lobby only); its fields are checked like a join."""

    def decide(loaded: Loaded) -> Change:
        doc = loaded.doc
        require_host(doc, token)
        if doc["status"] != "lobby":
            raise said(NotActive, "session.seat.lobby_only", rule=rules.LOBBY)
        game = GAMES[doc["game"]]
        player = game.join_player(doc["options"], replay.roster_public(doc), fields)
        seat = len(doc["players"])
        doc["players"].append({"seat": seat, **player, "token": None})
        entry = {"k": "join", "seat": seat, **player}
        return Change(doc, entry, replay.entry_events(entry), {"seat": seat})

    return change(ctx, sid, decide, idem)


def take_over(ctx: Context, sid: str, token: str | None, seat: int,
              idem: Idem | None) -> Outcome:
    """The host plays for ``seat`` from now on: its phone's token stops working."""

    def decide(loaded: Loaded) -> Change:
        doc = loaded.doc
        require_host(doc, token)
        player = seat_of(doc, seat)
        if not has_phone(player):
            raise said(Conflict, "session.seat.no_phone_already", name=player["name"])
        player["token"] = None
        entry = {"k": "takeover", "seat": seat}
        return Change(doc, entry, replay.entry_events(entry))

    return change(ctx, sid, decide, idem)


def remove_seat(ctx: Context, sid: str, token: str | None, seat: int,
                idem: Idem | None) -> Outcome:
    """The host takes a seat away in the lobby (somebody who took every seat with the
    code, say); the seats after it move up one, each keeping its phone."""

    def decide(loaded: Loaded) -> Change:
        doc = loaded.doc
        require_host(doc, token)
        if doc["status"] != "lobby":
            raise said(NotActive, "session.seat.remove_lobby_only", rule=rules.LOBBY)
        gone = seat_of(doc, seat)
        doc["players"] = [{**p, "seat": i} for i, p in
                          enumerate(p for p in doc["players"] if p is not gone)]
        entry = {"k": "leave", "seat": seat, "name": gone["name"]}
        return Change(doc, entry, replay.entry_events(entry))

    return change(ctx, sid, decide, idem)


def rotate_code(ctx: Context, sid: str, token: str | None, idem: Idem | None) -> Outcome:
    """A new join code (host): the old one stops working at once, and with it the seat
    links that carry it; the players seated keep their seats."""
    fresh: list[str] = []  # reserved once, whatever the retries
    old: list[str] = []

    def decide(loaded: Loaded) -> Change:
        doc = loaded.doc
        require_host(doc, token)
        if not fresh:
            fresh.append(reserve_code(ctx, sid))
        old[:] = [doc["code"]]
        doc.update(code=fresh[0], code_at=int(ctx.now()))
        entry = {"k": "code"}
        return Change(doc, entry, replay.entry_events(entry), {"code": fresh[0]})

    try:
        outcome = change(ctx, sid, decide, idem)
    except Exception:
        if fresh:
            guarded(ctx.store.drop_code, fresh[0])
        raise
    if outcome.replayed and fresh:
        guarded(ctx.store.drop_code, fresh[0])  # the first request's code stands
    elif old:
        guarded(ctx.store.drop_code, old[0])
    return outcome
