"""What a session may hold: the shapes each game declares, and a bounded log.

Setups and hands are checked here against the game's own declaration
(``companion.games.shapes``) before the engine runs, so a field a game does not
use is refused (422) instead of being stored, logged and shown. A move is checked
by its game's own entry (``GameOf.apply``, or ``GameOf.check_move`` for the moves
of an imported record): the one check of its form on the way in, since the web
layer reads only its envelope (an object with a ``type``) before the session is
loaded.
A session's log holds at most ``MAX_SESSION_ENTRIES`` entries (moves, undos,
joins, re-issued tokens): together with the shapes this bounds its size.
"""

from __future__ import annotations

from typing import Any

from companion.errors import Invalid, SessionFull, said
from companion.games import shapes
from companion.games.base import Game


def check_setup(game: Game, setup: Any, path: str = "setup") -> None:
    if game.shapes is not None:
        shapes.check(game.shapes.setup, setup, path)


def check_hand(game: Game, hand: Any) -> None:
    if game.shapes is not None:
        shapes.check(game.shapes.hand, hand, "hand")


def check_room(config: dict[str, Any], version: int, entry: dict[str, Any] | None) -> None:
    """A new log entry needs room; finishing the game is always allowed (once)."""
    most = int(config.get("MAX_SESSION_ENTRIES", 2000))
    if entry is not None and entry.get("k") != "finish" and version >= most:
        raise said(SessionFull, "session.full", max_entries=most,
                   extra={"max_entries": most})


def check_length(config: dict[str, Any], entries: int) -> None:
    """An imported record must fit in a session."""
    most = int(config.get("MAX_SESSION_ENTRIES", 2000))
    if entries > most:
        raise said(Invalid, "session.record_too_long", entries=entries,
                   max_entries=most, extra={"max_entries": most})
