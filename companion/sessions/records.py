"""Game records: the public export of a session, and importing one into a new session."""

from __future__ import annotations

import threading
import time
from typing import Any

from companion.errors import Invalid, SessionError, said
from companion.games import GAMES
from companion.sessions import bounds, budget, clock, replay
from companion.sessions.core import Context, Outcome, guarded, load
from companion.sessions.lifecycle import claim, created_body, new_doc
from companion.sessions.views import turn_seat

EXPORT_FORMAT = "tabletop-companion/1"
#: Reading and replaying a record is CPU work in the worker's one thread of Python: one
#: import at a time per process (the web layer takes the slot before the body is even
#: parsed), and the replay yields to the other requests every this many entries (a
#: gevent worker switches greenlets there; threads release the interpreter lock).
_IMPORTING = threading.BoundedSemaphore(1)
YIELD_EVERY = 8


class ImportBusy(SessionError):
    """This worker is replaying another record (503 with Retry-After)."""


def take_import_slot() -> None:
    """This process's one import slot, or refused (503) while another import runs;
    the caller gives it back with :func:`give_back_import_slot`."""
    if not _IMPORTING.acquire(blocking=False):
        raise said(ImportBusy, "session.import_busy", retry_after=1)


def give_back_import_slot() -> None:
    _IMPORTING.release()


def export(ctx: Context, sid: str) -> dict[str, Any]:
    """Options, players, setup and the moves in force (their public parts)."""
    loaded = load(ctx, sid)
    doc = loaded.doc
    game = GAMES[doc["game"]]
    entries = replay.effective(guarded(ctx.store.log, sid))
    moves = [{"seat": e["seat"], "by": e.get("by", "player"), "move": game.public_move(e["m"]),
              **({"t": e["t"]} if "t" in e else {})}
             for e in entries if e["k"] == "move"]
    return {"format": EXPORT_FORMAT, "game": doc["game"], "options": doc["options"],
            "players": [{k: v for k, v in p.items() if k not in ("token", "seat")}
                        for p in doc["players"]],
            "setup": doc.get("start_setup"), "moves": moves,
            "finished_by_host": any(e["k"] == "finish" for e in entries),
            "status": doc["status"], "version": loaded.version,
            **clock.export(doc, entries, ctx.now())}


def import_(ctx: Context, record: dict[str, Any], idem_key: str | None = None,
            body_hash: str = "") -> Outcome:
    """A new session replaying a record; every move is checked on the way."""
    if record.get("format") != EXPORT_FORMAT:
        raise said(Invalid, "session.record_format", format=EXPORT_FORMAT)
    budget.check_new_session(ctx.config, guarded(ctx.store.memory),
                            guarded(ctx.store.disk_low))
    game = GAMES[record["game"]]
    options = game.normalize_options(record.get("options") or {})
    timer = clock.normalize(record.get("clock"))
    roster: list[dict[str, Any]] = []
    for fields in record.get("players") or []:
        roster.append({"seat": len(roster), **game.join_player(options, roster, fields)})
    entries = _entries(ctx, record, roster)
    now = ctx.now()
    clock.stamp_record(record, entries, now)
    # checked before a key, a code or an id is spent on it (replay needs no session)
    state = _replay_checked({"game": record["game"], "options": options, "players": roster},
                            entries)
    budget.check_record(ctx.config, entries, state)
    sid, host, again = claim(ctx, idem_key, body_hash)
    if again is not None:
        return again
    # nobody holds these seats yet: the host plays them or hands each to a phone
    doc = new_doc(ctx, sid, record["game"], options, host,
                  [{**p, "token": None} for p in roster])
    doc.update(clock=timer, clock_run=clock.resumed(timer, entries, now))
    if state is not None:
        doc.update(state=state, status="finished" if state["status"] == "finished"
                   else "playing", start_setup=record["setup"],
                   moves=sum(1 for e in entries if e["k"] == "move"))
    guarded(ctx.store.create, sid, doc, entries)
    return Outcome(created_body(doc, host, len(entries), now), len(entries))


def _entries(ctx: Context, record: dict[str, Any], roster: list[dict[str, Any]]
             ) -> list[dict[str, Any]]:
    """The log a record stands for, its shapes checked."""
    game = GAMES[record["game"]]
    entries = [{"k": "join", "v": i + 1, **p} for i, p in enumerate(roster)]
    if record.get("setup") is None:
        return entries
    bounds.check_setup(game, record["setup"])
    entries.append({"k": "start", "v": len(entries) + 1, "setup": record["setup"]})
    for i, m in enumerate(record.get("moves") or []):
        game.check_move(m.get("move"), f"moves.{i}")
        entries.append({"k": "move", "v": len(entries) + 1, "seat": m.get("seat"),
                        "by": "import", "m": m.get("move")})
    if record.get("finished_by_host"):
        entries.append({"k": "finish", "v": len(entries) + 1})
    bounds.check_length(ctx.config, len(entries))
    return entries


def _replay_checked(doc: dict[str, Any], entries: list[dict[str, Any]]
                    ) -> dict[str, Any] | None:
    state = None
    try:  # a rule error propagates as it is (422 with its rule)
        for i, step in enumerate(replay.walk(doc, entries)):
            if i % YIELD_EVERY == YIELD_EVERY - 1:
                time.sleep(0)  # let the moves of the tables in play through
            state = step.state
            step.entry["e"] = step.events  # kept, as a live commit keeps them
            step.entry.update(turn=turn_seat(doc["game"], state), tn=clock.turn_number(state))
    except (KeyError, TypeError, AssertionError):
        raise said(Invalid, "session.record_moves") from None
    return state
