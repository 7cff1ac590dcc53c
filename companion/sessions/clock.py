"""The turn clock: a session option, computed from the log's times.

Time never enters an engine. The session layer stamps every log entry with the
server time (``t``) and the seat on turn after it (``turn``, as the game's
``on_turn`` says: ``sessions.views.turn_seat``); everything here is a pure function
of those marks.

- ``per_turn``: each turn may last ``limit`` seconds.
- ``per_player``: a chess clock, ``limit`` seconds in all for each player.

A session with a clock keeps a small summary in its document (``doc["clock_run"]``:
whose turn runs, since when, and the time each player used in finished turns), so
building the public state never reads the log. A turn ends when the seat on turn
or the engine's turn number (``turn.number``, stamped as ``tn``) changes, or the
game ends; entries that leave the same turn in force (a second action, a reaction,
a join, a re-issued token) do not restart it. The number matters alone at the
table: a solo score pad passes the turn from seat 0 to seat 0.

Running out is an event, never a move: the commit that ends an overrun turn adds
``clock_ran_out {seat, over_by}`` to its events (per player: once, when the
player's total first passes the limit). The pages also alert at zero by
themselves, counting from ``turn_started_at`` and the server's ``now``.

Undo: the summary is folded again from the entries that remain, and the undo
itself is a mark. The turn in force started where the remaining log says it did,
and the time since is charged to whoever is on turn: undoing never gives time
back (a player cannot move and undo to restart a turn's clock), and the time of
turns that were undone is charged to nobody else.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from companion.errors import Invalid, said

#: option -> (mode, smallest, largest, seconds per unit)
MODES = {"per_turn": (10, 3600, 1), "per_player": (1, 180, 60)}

Run = dict[str, Any]


def normalize(raw: Any) -> dict[str, int] | None:
    """The session option as stored: None, {"per_turn": s} or {"per_player": min}."""
    if raw is None or raw == {}:
        return None
    if not isinstance(raw, dict) or len(raw) != 1 or next(iter(raw)) not in MODES:
        raise said(Invalid, "session.clock.shape",
                   extra={"errors": {"clock": ["one of per_turn, per_player"]}})
    mode, value = next(iter(raw.items()))
    least, most, _unit = MODES[mode]
    if type(value) is not int or not least <= value <= most:
        raise said(Invalid, f"session.clock.{mode}", min=least, max=most,
                   extra={"errors": {"clock": [f"{mode}: {least} to {most}"]}})
    return {mode: value}


def limit_of(option: dict[str, int]) -> tuple[str, int]:
    """(mode, limit in seconds)."""
    mode, value = next(iter(option.items()))
    return mode, value * MODES[mode][2]


def turn_number(state: dict[str, Any] | None) -> int | None:
    """The engine's count of turns, when it keeps one (tells a solo player's turns apart)."""
    number = ((state or {}).get("turn") or {}).get("number")
    return number if isinstance(number, int) else None


def fresh() -> Run:
    return {"seat": None, "since": None, "used": {}, "n": None}


def step(option: dict[str, int] | None, run: Run, t: float, turn: int | None,
         number: int | None = None) -> tuple[Run, list[dict[str, Any]]]:
    """The summary after a mark at time ``t`` leaving ``turn`` (turn ``number``) on
    turn, and the ``clock_ran_out`` event when the turn that ends there overran."""
    if turn == run["seat"] and number == run.get("n") and run["since"] is not None:
        return run, []  # the same turn goes on
    used = dict(run["used"])
    events: list[dict[str, Any]] = []
    if run["seat"] is not None and run["since"] is not None:
        seat = str(run["seat"])
        spent = max(0.0, t - run["since"])
        before = used.get(seat, 0.0)
        used[seat] = before + spent
        if option is not None:
            over = _over(option, spent, before)
            if over is not None:
                events.append({"type": "clock_ran_out", "seat": run["seat"], "over_by": over})
    return ({"seat": turn, "since": t if turn is not None else None, "used": used,
             "n": number}, events)


def _over(option: dict[str, int], spent: float, before: float) -> int | None:
    mode, limit = limit_of(option)
    if mode == "per_turn":
        return math.ceil(spent - limit) if spent > limit else None
    after = before + spent
    return math.ceil(after - limit) if before <= limit < after else None


def fold(option: dict[str, int] | None, entries: Iterable[dict[str, Any]]) -> Run:
    """The summary a log leads to (entries carry ``t`` and ``turn``; older ones
    without them are skipped)."""
    run = fresh()
    for entry in entries:
        if "t" in entry and "turn" in entry:
            run, _events = step(option, run, float(entry["t"]), entry["turn"], entry.get("tn"))
    return run


def mark(doc: dict[str, Any], entry: dict[str, Any], now: float, turn: int | None
         ) -> list[dict[str, Any]]:
    """Stamp a log entry about to be committed (``turn``: the seat on turn after it, as
    the game says) and move the session's clock on; returns the events the clock adds
    to the commit."""
    number = turn_number(doc.get("state"))
    entry["t"] = round(now, 3)
    entry["turn"] = turn
    if number is not None:
        entry["tn"] = number
    if not doc.get("clock"):
        return []
    doc["clock_run"], events = step(doc["clock"], doc.get("clock_run") or fresh(),
                                    entry["t"], turn, number)
    return events


def used_now(run: Run, now: float) -> dict[str, float]:
    """Seconds used per seat, the running turn included up to ``now``."""
    used = {seat: float(s) for seat, s in run["used"].items()}
    if run["seat"] is not None and run["since"] is not None:
        seat = str(run["seat"])
        used[seat] = used.get(seat, 0.0) + max(0.0, now - run["since"])
    return used


def public(doc: dict[str, Any], now: float) -> dict[str, Any] | None:
    """The ``clock`` object of the public state (None without a clock)."""
    option = doc.get("clock")
    if not option:
        return None
    mode, limit = limit_of(option)
    run = doc.get("clock_run") or fresh()
    seats = [str(p["seat"]) for p in doc.get("players") or []]
    used = used_now(run, now)
    used = {seat: round(used.get(seat, 0.0), 1) for seat in seats}
    out: dict[str, Any] = {"mode": mode, "limit": limit, "seat": run["seat"],
                           "turn_started_at": run["since"], "now": round(now, 3),
                           "used": used}
    if mode == "per_turn":
        elapsed = 0.0 if run["since"] is None else max(0.0, now - run["since"])
        out["remaining"] = round(limit - elapsed, 1) if run["seat"] is not None else None
    else:
        out["remaining"] = {seat: round(limit - s, 1) for seat, s in used.items()}
    return out


def time_used(doc: dict[str, Any], now: float) -> dict[str, int]:
    """Whole seconds used per seat (score table and export); empty without a clock."""
    if not doc.get("clock"):
        return {}
    used = used_now(doc.get("clock_run") or fresh(), now)
    return {str(p["seat"]): round(used.get(str(p["seat"]), 0.0)) for p in doc["players"]}


def export(doc: dict[str, Any], entries: list[dict[str, Any]], now: float) -> dict[str, Any]:
    """The clock's part of a game record: the option, when the game started and the
    time each player used (each exported move carries its own ``t``)."""
    start = next((e.get("t") for e in entries if e["k"] == "start"), None)
    return {"clock": doc.get("clock"), "started_at": start, "time_used": time_used(doc, now)}


def stamp_record(record: dict[str, Any], entries: list[dict[str, Any]], now: float) -> None:
    """Give an imported record's entries their times: the record's own (the start's
    ``started_at``, each move's ``t``), the ones before carried back and the ones
    between carried forward; a record without times is stamped ``now``."""
    moves = iter(record.get("moves") or [])
    given: list[Any] = []
    for entry in entries:
        if entry["k"] == "start":
            given.append(record.get("started_at"))
        elif entry["k"] == "move":
            given.append(next(moves).get("t"))
        else:
            given.append(None)
    known = [g for g in given if g is not None]
    # server times since the epoch, none after now: differences of such times are
    # seconds a clock can add up (-1e300 made every later score and export fail)
    if any(type(g) not in (int, float) or not math.isfinite(g) or g < 0 for g in known) \
            or known != sorted(known) or (known and known[-1] > now + 1):
        raise said(Invalid, "session.clock.record_times",
                   extra={"errors": {"moves": ["t: seconds, in order"]}})
    last = known[0] if known else now
    for entry, value in zip(entries, given, strict=True):
        last = value if value is not None else last
        entry["t"] = float(last)


def resumed(option: dict[str, int] | None, entries: list[dict[str, Any]], now: float
            ) -> Run | None:
    """The summary of an imported game: the time used as recorded; the turn in force
    starts again now (the pause between export and import is nobody's)."""
    if option is None:
        return None
    run = fold(option, entries)
    if run["seat"] is not None:
        run["since"] = now
    return run


