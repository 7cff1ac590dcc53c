"""The session's own rules: what the table may do whatever the game.

A refusal of the sessions layer names one of these ids (never a game's rule id),
so a phone can tell "the game has already started" apart from a rule of the game.
Each id has a one-sentence statement under ``session.rule.<name>`` in en, it, de.
"""

from __future__ import annotations

#: people join, and the host adds seats, only in the lobby
LOBBY = "SESSION.lobby"
#: the host starts the game once, with as many players as the game allows
PLAYERS = "SESSION.players"
#: moves and declared hands need a game that has started
STARTED = "SESSION.started"
#: a game that is over takes no more moves and is not finished again
OVER = "SESSION.over"
#: starting, finishing, adding seats, re-issuing links and rewinding are the host's
HOST = "SESSION.host"
#: a player acts and reads for their own seat only
SEAT = "SESSION.seat"
#: a player undoes only their own move, while it is the last, MAX_UNDOS_PER_SEAT times
UNDO = "SESSION.undo"

RULES = (LOBBY, PLAYERS, STARTED, OVER, HOST, SEAT, UNDO)


def statement_key(rule: str) -> str:
    """The catalogue key of a session rule's statement."""
    return "session.rule." + rule.split(".", 1)[1]


