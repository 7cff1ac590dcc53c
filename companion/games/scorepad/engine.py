"""``apply`` for the score pad: score entries, corrections, turns, rounds, the end (S2, S3);
the host stops a pad with the ``finish`` every game shares (S3.1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.base import copy_state, handler_for, player_name
from companion.games.errors import BadMove, GameNotActive, NotYourTurn, RuleViolation
from companion.games.ranking import ranked_end
from companion.games.scorepad.score import score
from companion.games.scorepad.state import State, point_keys
from companion.games.turns import next_seat, seated

Event = dict[str, Any]
Events = list[Event]


def _points(state: State, raw: dict[str, int]) -> dict[str, int]:
    """S2.1: a non-empty object of this pad's categories (or its total); the shapes
    bound each value to an integer from -10,000 to 10,000."""
    keys = point_keys(state["options"])
    if not raw:  # an empty object fits the shapes, and enters nothing
        raise BadMove("S2.1", "scorepad.score.no_points")
    for name in raw:
        if name not in keys:
            # the pad's own words, as typed: never translated (``name``/``want``)
            raise RuleViolation("S2.1", "scorepad.score.unknown_category",
                                name=str(name)[:40], want=", ".join(keys))
    return {name: raw[name] for name in keys if name in raw}  # in the pad's order


def _on_turn(state: State, seat: int, rule: str) -> None:
    on_turn = state["turn"]["seat"]
    if seat != on_turn:
        raise NotYourTurn(rule, "scorepad.turn.not_yours", who=player_name(state, on_turn))


def _target(state: State, seat: int, move: dict[str, Any]) -> tuple[int, int]:
    """Whose points and which round an entry is for (S2.1)."""
    n, current = len(state["players"]), state["round"]
    target, number = move.get("seat"), move.get("round")  # null counts as absent
    target = seat if target is None else target
    number = current if number is None else number
    if state["options"]["scoring"] == "per_turn":
        _on_turn(state, seat, "S2.1")
        if target != seat or number != current:
            raise RuleViolation("S2.1", "scorepad.score.own_turn_only")
        return seat, current
    if not seated(seat, state["players"]):  # per_round: any seated player enters
        raise RuleViolation("S2.1", "scorepad.score.seated_only")
    if not seated(target, state["players"]):
        raise RuleViolation("S2.1", "scorepad.score.no_seat", count=n)
    if not 1 <= number <= current:  # the shapes: an integer, if given
        raise RuleViolation("S2.1", "scorepad.score.round_range", number=current)
    return target, number


def _score(state: State, seat: int, move: dict[str, Any], events: Events) -> None:
    target, number = _target(state, seat, move)
    points = _points(state, move["points"])  # the shapes: always an object
    rounds = state["entries"][str(target)]
    earlier = rounds.get(str(number))
    rounds[str(number)] = points
    fields = {"seat": target, "by": seat, "round": number, "points": points,
              "total": sum(points.values())}
    if earlier is None:
        events.append({"type": "scored", **fields})
    else:  # S2.3: a new entry for the same seat and round replaces the earlier one
        events.append({"type": "score_corrected", **fields, "was": sum(earlier.values())})
    if state["options"]["scoring"] == "per_turn":
        pass_turn(state, events)  # S2.2
    else:
        close_rounds(state, events)


def _end_turn(state: State, seat: int, move: dict[str, Any], events: Events) -> None:
    """S2.2: the seat on turn ends it; the host names that seat (``seat``)."""
    named = move.get("seat")
    if named is not None and named != seat:
        raise RuleViolation("S2.2", "scorepad.turn.own_only")
    _on_turn(state, seat, "S2.2")
    pass_turn(state, events)


HANDLERS: dict[str, Callable[[State, int, dict[str, Any], Events], None]] = {
    "score": _score, "end_turn": _end_turn}


def apply(state: State, seat: int, move: dict[str, Any]) -> tuple[State, Events]:
    """Apply ``move`` by ``seat`` to a copy of ``state``; returns it with the events."""
    if state["status"] != "playing":
        raise GameNotActive("S3.1", "scorepad.game.finished")
    handler = handler_for(move, HANDLERS)
    new = copy_state(state)
    events: Events = []
    handler(new, seat, move, events)
    return new, events


def close_rounds(state: State, events: Events) -> None:
    """S2.2 ``per_round``: the round in play ends once every seat has points for it;
    after the last round the game ends (S3.1)."""
    entries = state["entries"]
    while all(str(state["round"]) in rounds for rounds in entries.values()):
        events.append({"type": "round_ended", "number": state["round"]})
        if state["round"] == state["options"]["rounds"]:
            end_game(state, "last_round", events)
            return
        state["round"] += 1


def pass_turn(state: State, events: Events) -> None:
    """S2.2: the next seat in the order; ``per_turn``: back at the first player a
    round ends, and after the last round the game (S3.1). ``per_round``: the turn only
    marks who starts next."""
    nxt = next_seat(state["order"], state["turn"]["seat"])
    if nxt == state["first_player"] and state["options"]["scoring"] == "per_turn":
        events.append({"type": "round_ended", "number": state["round"]})
        if state["round"] == state["options"]["rounds"]:
            end_game(state, "last_round", events)
            return
        state["round"] += 1
    state["turn"] = {"seat": nxt, "number": state["turn"]["number"] + 1}
    events.append({"type": "turn_passed", "seat": nxt})


def end_game(state: State, reason: str, events: Events) -> None:
    """S3.2: the ranking as it stands; ties share first place."""
    events.append({"type": "game_over", "result": ranked_end(state, score, reason)})

