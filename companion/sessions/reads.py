"""Reading a session: the public state, a seat's own view, legal moves, the score
and the log (a range read of the stored entries, never a replay of the game)."""

from __future__ import annotations

from typing import Any

from companion.errors import Forbidden, NotFound, said
from companion.games import GAMES
from companion.sessions import clock, replay, rules
from companion.sessions.core import Context, guarded, load, who
from companion.sessions.seats import host_may_read
from companion.sessions.views import private_view, public_state, turn_seat
from companion.store import Loaded


def public(ctx: Context, sid: str) -> tuple[dict[str, Any], int]:
    loaded = load(ctx, sid)
    return public_state(loaded.doc, loaded.version, ctx.now()), loaded.version


def me(ctx: Context, sid: str, token: str | None, seat_arg: int | None = None,
       with_legal: bool = False) -> dict[str, Any]:
    """The token's own seat (the host: ``seat_arg``, a seat without a phone);
    ``with_legal``: its legal moves too, from the same read (a phone brought up to date
    by a live message needs this one request)."""
    loaded = load(ctx, sid)
    doc = loaded.doc
    _role, seat = who(doc, token)
    if seat is None and seat_arg is not None:  # the host, for a seat without a phone
        host_may_read(doc, seat_arg)
        return seat_view(doc, seat_arg, loaded.version, True, with_legal)
    if seat is None:
        out: dict[str, Any] = {"seat": None, "host": True, "version": loaded.version}
        return {**out, "legal_moves": []} if with_legal else out
    if seat_arg is not None and seat_arg != seat:
        raise said(Forbidden, "session.own_seat_only", rule=rules.SEAT)
    return seat_view(doc, seat, loaded.version, False, with_legal)


def seat_view(doc: dict[str, Any], seat: int, version: int, host: bool,
              with_legal: bool = True) -> dict[str, Any]:
    """A seat's private view as ``/me`` answers it (``host``: read by the host for a
    seat without a phone), with its legal moves when ``with_legal``: the one body of
    ``/me``, the move answer's ``me`` and the per-seat stream's frames."""
    out = {**private_view(doc, seat), "host": host, "version": version}
    if with_legal:
        out["legal_moves"] = moves_of(doc, seat)
    return out


def own(doc: dict[str, Any], version: int, token: str | None) -> dict[str, Any]:
    """What ``/me?include=legal`` answers a seated phone, from a document already read
    (the per-seat stream: one read per message per worker). The host's
    token is refused: it has no seat of its own."""
    return seat_view(doc, own_seat(doc, token), version, False)


def own_seat(doc: dict[str, Any], token: str | None) -> int:
    """The seat of a phone's token (refused as :func:`own` refuses it)."""
    _role, seat = who(doc, token)
    if seat is None:
        raise said(Forbidden, "session.seat_stream_host")
    return seat


def seats_of(doc: dict[str, Any]) -> tuple[Any, ...]:
    """Everything of a document that decides whose a token is (what :func:`who` reads:
    the host's token, each seat's number and token): two documents with the same seats
    resolve every token alike, so a stream resolves its token again only when these
    differ."""
    return (doc["host"], *[(p["seat"], p["token"]) for p in doc["players"]])


def moves_of(doc: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The seat's legal moves now (none before the start)."""
    return [] if doc["state"] is None else GAMES[doc["game"]].legal_moves(doc["state"], seat)


def legal(ctx: Context, sid: str, token: str | None, seat_arg: int | None
          ) -> dict[str, Any]:
    """The moves a seat could make now (the host: any seat without a phone)."""
    loaded = load(ctx, sid)
    doc = loaded.doc
    role, seat = who(doc, token)
    if role == "host":
        if seat_arg is None:
            seat_arg = turn_seat(doc["game"], doc["state"]) or 0
        host_may_read(doc, seat_arg)  # legal moves name the seat's declared cards
        seat = seat_arg
    elif seat_arg is not None and seat_arg != seat:
        raise said(Forbidden, "session.own_seat_only", rule=rules.SEAT)
    assert seat is not None
    return {"seat": seat, "version": loaded.version, "moves": moves_of(doc, seat)}


def score(ctx: Context, sid: str) -> dict[str, Any]:
    loaded = load(ctx, sid)
    doc = loaded.doc
    out: dict[str, Any]
    if doc["state"] is None:
        out = {"final": False, "version": loaded.version,
               "players": [{"seat": p["seat"], "name": p["name"], "total": 0, "rank": 1,
                            "breakdown": {}} for p in doc["players"]]}
    else:
        out = {**GAMES[doc["game"]].score(doc["state"]), "version": loaded.version}
    used = clock.time_used(doc, ctx.now())  # empty without a clock
    for row in out["players"] if used else []:
        row["time_used"] = used.get(str(row["seat"]), 0)
    return out


def page_size(ctx: Context) -> int:
    return int(ctx.config.get("MOVES_PAGE", 200))


def history(ctx: Context, sid: str, since: int = 0, limit: int | None = None
            ) -> tuple[list[dict[str, Any]], Loaded]:
    """Public log entries after version ``since`` (a page of at most ``MOVES_PAGE``),
    each with the events stored at its commit, and the session as read in the
    same snapshot."""
    most = page_size(ctx)
    page = max(1, min(int(limit or most), most))
    loaded, entries = guarded(ctx.store.load_range, sid, max(0, since), page)
    if loaded is None:
        raise said(NotFound, "session.no_session", sid=sid[:40])
    doc = loaded.doc
    if any("e" not in entry for entry in entries):  # written before events were kept
        log = guarded(ctx.store.log, sid)
        for step in replay.walk(doc, log):
            step.entry["e"] = step.events
        entries = log[max(0, since):max(0, since) + page]
    game = GAMES[doc["game"]]
    out = []
    for entry in entries:
        item: dict[str, Any] = {"version": entry["v"], "kind": entry["k"],
                                "events": entry["e"]}
        if entry["k"] == "move":
            item.update(seat=entry["seat"], by=entry.get("by", "player"),
                        move=game.public_move(entry["m"]))
        elif entry["k"] == "undo":
            item["to"] = entry["to"]
        out.append(item)
    return out, loaded
