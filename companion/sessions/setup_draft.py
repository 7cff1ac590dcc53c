"""The setup the table's phones fill together in the lobby, before the host starts.

Every seat's phone and the host may put one slot of the game's setup at a time
(``objectives.2``: the card in front of them). The draft is a convenience: each slot
is judged by the game's setup shape and rules when it is put, every screen sees it
fill (a public version, like a join), and the host's Start still sends the whole
setup, which the start judges as always. Two phones putting the same slot: the last
one stands — at a table the cards are in sight, and the second phone is nearly always
somebody correcting the first; a phone that must not overwrite sends If-Match.
"""

from __future__ import annotations

from typing import Any

from companion.errors import Conflict, Invalid, NotActive, SessionFull, said
from companion.games import GAMES, shapes
from companion.games.base import Game
from companion.sessions import replay, rules
from companion.sessions.core import (
    Change,
    Context,
    ExpectedVersion,
    Outcome,
    change,
    check_version,
    load,
    public_state,
    who,
)
from companion.store import Loaded

#: how often a table's draft may change: enough to correct every slot many times, and
#: bounded, since each change is a version in the session's log
MAX_WRITES = 200


def _place(shape: shapes.Shape, slot: str) -> shapes.Shape | None:
    """The part of the setup's shape at a dotted slot, None where the shape has none."""
    for part in slot.split("."):
        if isinstance(shape, shapes.Fields) and part in shape.fields:
            shape = shape.fields[part]
        elif (isinstance(shape, shapes.Items) and part.isascii() and part.isdigit()
              and int(part) < shape.most):
            shape = shape.item
        else:
            return None
    return shape


def judged(game: Game, doc: dict[str, Any], slot: str, value: Any) -> Any:
    """``value`` as the start will read it at ``slot`` (None: the slot is emptied)."""
    assert game.setup_slot is not None
    shape = _place(game.shapes.setup, slot) if game.shapes is not None else None
    if shape is None or slot in ("seating", "first_player"):
        raise said(Invalid, "session.setup.no_slot", slot=slot[:40],
                   extra={"errors": {"slot": ["no such place in this game's setup"]}})
    if value is None:
        return None
    shapes.check(shape, value, slot)
    return game.setup_slot(doc["options"], len(doc["players"]), slot, value)


def _unchanged(loaded: Loaded, slot: str, value: Any) -> bool:
    held = (loaded.doc.get("setup_draft") or {}).get(slot)
    return bool((held or {}).get("value") == value)


def put(ctx: Context, sid: str, token: str | None, slot: str, value: Any,
        expected_version: ExpectedVersion = None) -> Outcome:
    """One slot of the draft put (``value`` None empties it) by a seat or the host."""

    def decide(loaded: Loaded) -> Change:
        doc = loaded.doc
        role, seat = who(doc, token)
        game = _lobby_game(doc)
        checked = judged(game, doc, slot, value)
        writes = int(doc.get("setup_writes", 0))
        if writes >= MAX_WRITES:
            raise said(SessionFull, "session.setup.too_many", max=MAX_WRITES,
                       extra={"max_writes": MAX_WRITES})
        draft = doc.setdefault("setup_draft", {})
        if checked is None:
            draft.pop(slot, None)
        else:
            by = None if role == "host" else doc["players"][seat]["name"]
            draft[slot] = {"value": checked, "by": by}
        doc["setup_writes"] = writes + 1
        entry = {"k": "setup", "slot": slot, "seat": seat}
        return Change(doc, entry, replay.entry_events(entry))

    loaded = load(ctx, sid)
    who(loaded.doc, token)
    _lobby_game(loaded.doc)
    if _unchanged(loaded, slot, value):  # a phone sending its slot again changes nothing
        check_version(expected_version, loaded.version)
        state = public_state(loaded.doc, loaded.version, ctx.now())
        return Outcome({"version": loaded.version, "events": [], "state": state},
                       loaded.version, status=200)
    outcome = change(ctx, sid, decide, None, expected_version)
    outcome.status = 200
    return outcome


def _lobby_game(doc: dict[str, Any]) -> Game:
    if doc["status"] != "lobby":
        raise said(NotActive, "session.setup.started", rule=rules.LOBBY)
    game = GAMES[doc["game"]]
    if game.setup_slot is None:
        raise said(Conflict, "session.setup.none")
    return game


__all__ = ["MAX_WRITES", "judged", "put"]
