"""During the game: moves, undo, finishing early, and privately declared hands."""

from __future__ import annotations

from typing import Any

from companion.errors import Conflict, Forbidden, Invalid, NotActive, said
from companion.games import GAMES
from companion.games.base import Game
from companion.games.errors import RuleError
from companion.games.shapes import Misshapen
from companion.sessions import bounds, clock, replay, rules
from companion.sessions.core import (
    Change,
    Context,
    ExpectedVersion,
    Idem,
    Outcome,
    Private,
    change,
    change_private,
    guarded,
    require_host,
    who,
)
from companion.sessions.reads import seat_view
from companion.sessions.replay import has_phone
from companion.sessions.seats import host_may_read, seat_of
from companion.sessions.views import private_view
from companion.store import Loaded


def move(ctx: Context, sid: str, token: str | None, body: dict[str, Any],
         idem: Idem | None, expected_version: ExpectedVersion, with_me: bool = False
         ) -> Outcome:
    """A player's move (or the host's, for a named seat), checked by the engine.
    ``with_me``: the answer also carries the acting seat's private view and legal moves
    (``me``, as ``/me?include=legal`` gives them), so the moving phone needs no read;
    never for the host playing a seat that has a phone, never in a replay.
    Counted once per answer (``on_move``): a commit retried decides again, and a
    replay decides nothing."""
    judged: list[str] = []  # the game's name, once the engine may look at the move

    def decide(loaded: Loaded) -> Change:
        doc = loaded.doc
        game = GAMES[doc["game"]]
        seat, by = acting_seat(game, doc, token, body)
        if doc["state"] is None:
            raise said(NotActive, "session.not_started", rule=rules.STARTED)
        made = body if game.seat_in_move else {k: v for k, v in body.items() if k != "seat"}
        judged[:] = [game.name]
        # the game's one check of the move's form, then its rules: a misshapen move is
        # refused here, before anything is written
        doc["state"], events = game.apply(doc["state"], seat, made)
        doc["status"] = doc["state"]["status"]
        doc["moves"] += 1
        entry = {"k": "move", "seat": seat, "by": by, "m": made}
        me, view = _mover_view(doc, seat, by, loaded.version + 1) if with_me else ({}, None)
        return Change(doc, entry, events, {"seq": doc["moves"]}, secret=me, view=view)

    try:
        done = change(ctx, sid, decide, idem, expected_version)
    except RuleError as err:
        if judged and not isinstance(err, Misshapen):  # the engine never saw it
            ctx.on_move(judged[0], "rejected", err.rule)
        raise
    if judged and not done.replayed:
        ctx.on_move(judged[0], "accepted", "")
    return done


def _mover_view(doc: dict[str, Any], seat: int, by: str, version: int
                ) -> tuple[dict[str, Any], tuple[int, dict[str, Any]] | None]:
    """A move answer's ``me`` (never for the host playing a seat that has a phone), and
    the view the mover's own seat stream sends it (a player's move only)."""
    if by == "host" and has_phone(doc["players"][seat]):
        return {}, None
    me = seat_view(doc, seat, version, by == "host")
    return {"me": me}, ((seat, me) if by == "player" else None)


def acting_seat(game: Game, doc: dict[str, Any], token: str | None, body: dict[str, Any]
                ) -> tuple[int, str]:
    """The seat a move is made for, and by whom ("player" or "host")."""
    role, seat = who(doc, token)
    wanted = body.get("seat")
    if role == "host":
        if wanted is None:
            raise said(Invalid, "session.host_move_seat",
                       extra={"errors": {"seat": ["required for the host"]}})
        seat_of(doc, wanted)
        return wanted, "host"
    assert seat is not None
    # a game whose moves name a seat decides itself whose it may be
    if wanted is not None and wanted != seat and not game.seat_in_move:
        raise said(Forbidden, "session.own_seat_only", rule=rules.SEAT)
    return seat, "player"


def undo(ctx: Context, sid: str, token: str | None, body: dict[str, Any],
         idem: Idem | None, expected_version: ExpectedVersion) -> Outcome:
    """Revert the last move (player: only their own, while it is the last, and at most
    ``MAX_UNDOS_PER_SEAT`` times a game), or rewind to ``to_version`` (host)."""

    def decide(loaded: Loaded) -> Change:
        doc = loaded.doc
        role, seat = who(doc, token)
        target = body.get("to_version")
        if target is not None and role != "host":
            raise said(Forbidden, "session.rewind_host_only", rule=rules.HOST)
        entries = guarded(ctx.store.log, sid)
        live = replay.effective(entries)
        moves = [e for e in live if e["k"] in ("move", "finish")]
        if not moves:
            raise said(Conflict, "session.nothing_to_undo")
        if target is None:
            target = moves[-1]["v"] - 1
        entry: dict[str, Any] = {"k": "undo", "to": target}
        if role != "host":
            _check_own_undo(ctx, entries, seat)
            entry["seat"] = seat  # counted against the seat's undos
        _check_rewind(live, target, loaded.version)
        if not any(e["v"] > target for e in moves):  # nothing in force after it
            raise said(Invalid, "session.rewind_done", version=target,
                       extra={"errors": {"to_version": ["already undone"]}})
        after = replay.effective([*entries, {**entry, "v": loaded.version + 1}])
        doc["state"] = replay.rebuild(doc, after)
        doc["status"] = doc["state"]["status"]
        doc["moves"] = sum(1 for e in after if e["k"] == "move")
        if doc.get("clock"):  # time used follows the log that remains (clock.py)
            doc["clock_run"] = clock.fold(doc["clock"], after)
        # the same event a replay of the log gives (replay.walk)
        return Change(doc, entry, [replay.undone(live, target)])

    return change(ctx, sid, decide, idem, expected_version)


def _check_own_undo(ctx: Context, entries: list[dict[str, Any]], seat: int | None) -> None:
    """A player undoes their own last move, and only so often: move + undo in a loop
    would otherwise fill the session's log and end the game for everyone."""
    last = entries[-1]
    if last["k"] != "move" or last["seat"] != seat or last.get("by") == "host":
        raise said(Forbidden, "session.undo_own_last", rule=rules.UNDO)
    most = int(ctx.config.get("MAX_UNDOS_PER_SEAT", 50))
    if sum(1 for e in entries if e["k"] == "undo" and e.get("seat") == seat) >= most:
        raise said(Forbidden, "session.undo_budget", rule=rules.UNDO, max=most,
                   extra={"max_undos": most})


def _check_rewind(live: list[dict[str, Any]], target: Any, version: int) -> None:
    start = next(e["v"] for e in live if e["k"] == "start")
    if type(target) is not int or not start <= target < version:
        raise said(Invalid, "session.rewind_range", start=start, end=version - 1,
                   extra={"errors": {"to_version": ["out of range"]}})


def finish(ctx: Context, sid: str, token: str | None, idem: Idem | None,
           expected_version: ExpectedVersion) -> Outcome:
    """End the game now (host): final scores from the current state."""

    def decide(loaded: Loaded) -> Change:
        doc = loaded.doc
        require_host(doc, token)
        if doc["state"] is None:
            raise said(NotActive, "session.not_started", rule=rules.STARTED)
        if doc["status"] != "playing":
            raise said(NotActive, "session.not_playing", rule=rules.OVER)
        doc["state"], events = GAMES[doc["game"]].finish(doc["state"])
        doc["status"] = "finished"
        return Change(doc, {"k": "finish"}, events)

    return change(ctx, sid, decide, idem, expected_version)


def declare(ctx: Context, sid: str, token: str | None, hand: dict[str, Any],
            seat_arg: int | None = None) -> dict[str, Any]:
    """Privately name one's hidden cards: no version, no log, no publish (the host:
    for a seat without a phone)."""

    def decide(loaded: Loaded) -> Private:
        doc = loaded.doc
        seat = _declaring_seat(doc, token, seat_arg)
        if doc["state"] is None:
            raise said(NotActive, "session.not_started", rule=rules.STARTED)
        game = GAMES[doc["game"]]
        bounds.check_hand(game, hand)
        doc["state"] = game.declare_hand(doc["state"], seat, hand)
        doc["declared"][str(seat)] = hand
        return Private(doc, private_view(doc, seat))

    return change_private(ctx, sid, decide).body


def _declaring_seat(doc: dict[str, Any], token: str | None, seat_arg: int | None) -> int:
    _role, seat = who(doc, token)
    if seat is None and seat_arg is not None:
        host_may_read(doc, seat_arg)
        return seat_arg
    if seat is None:
        raise said(Forbidden, "session.hand_player_only", rule=rules.SEAT)
    if seat_arg is not None and seat_arg != seat:
        raise said(Forbidden, "session.own_seat_only", rule=rules.SEAT)
    return seat
