"""A move's form is checked once, by its game: a shape names the fields a move must
have, the game's entry (``GameOf.apply``) checks the shapes before its engine, and
each engine leaves to the shapes what they guarantee, refused with the same rule and
message key as the engine refused it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.games import GAMES, shapes
from companion.games.errors import BadMove
from companion.games.shapes import Bound, Fields, Misshapen, Number, Text, check


def _refusal(shape: Fields, value: Any) -> tuple[str, str, str]:
    with pytest.raises(BadMove) as refused:
        check(shape, value)
    return refused.value.rule, refused.value.key, refused.value.params["field"]


def test_a_required_field_missing_or_null_is_refused_and_an_optional_null_is_absent():
    # a name and points are required (the points with the rule that bounds them)
    points = Number(0, 9, Bound("X1", "scorepad.score.no_points"))
    entry = Fields({"name": Text(8), "points": points, "note": Text(8)},
                   required=frozenset({"points", "name"}))
    check(entry, {"name": "Ada", "points": 3})
    check(entry, {"name": "Ada", "points": 3, "note": None})  # optional: null is absent
    malformed = ("move", "move.bad_field", "name")
    assert _refusal(entry, {"points": 3}) == malformed
    assert _refusal(entry, {"name": None, "points": 3}) == malformed
    # a required field a rule bounds is refused with that rule, missing or null
    assert _refusal(entry, {"name": "Ada"}) == ("X1", "scorepad.score.no_points", "points")
    assert _refusal(entry, {"name": "Ada", "points": None})[:2] == ("X1",
                                                                    "scorepad.score.no_points")
    # both missing: the first in the declaration's order, whatever the set's order
    assert _refusal(entry, {}) == malformed
    # inside an object, by its path; not an object at all, with the object's rule
    assert _refusal(Fields({"entry": entry}), {"entry": {"name": "Ada"}})[2] == "entry.points"
    ruled = Fields({"a": Text()}, rule=Bound("X2", "scorepad.score.no_points"))
    assert _refusal(ruled, [1]) == ("X2", "scorepad.score.no_points", "move")
    with pytest.raises(ValueError):
        Fields({"a": Text()}, required={"b"})  # a typo in a declaration, found at import


def _dealt(game: str) -> tuple[dict[str, Any], int]:
    """A game just dealt by its simulated table, and the seat on turn (0 if none)."""
    table = __import__(f"companion.games.{game}.playout", fromlist=["Table"]).Table
    state = table.deal(3, 2 if game != "harvest" else 3).state
    on_turn = GAMES[game].on_turn(state)
    return state, 0 if on_turn is None else on_turn


TILE = {"homunculus": "fire", "part": "head", "ingredients": ["mercury", "sulphur"]}

#: (game, move, rule, key, field): a check each engine made and no longer makes, the
#: refusal as the engine worded it, now the shapes'
MOVED = [
    ("harvest", {"type": "enter"}, "H2.1", "harvest.enter.range", "points"),
    ("harvest", {"type": "enter", "points": None}, "H2.1", "harvest.enter.range", "points"),
    ("scorepad", {"type": "score", "points": {"total": "3"}}, "S2.1",
     "scorepad.score.points_range", "points.total"),
    ("scorepad", {"type": "score", "points": {"total": None}}, "S2.1",
     "scorepad.score.points_range", "points.total"),
    ("scorepad", {"type": "score", "points": [3]}, "S2.1", "scorepad.score.no_points",
     "points"),
    ("scorepad", {"type": "score"}, "S2.1", "scorepad.score.no_points", "points"),
    ("kazaam", {"type": "build", "tile": TILE}, "move", "move.bad_field", "slot"),
    ("kazaam", {"type": "build", "tile": TILE, "slot": 3}, "move", "move.bad_field", "slot"),
    ("gaia", {"type": "claim_objective"}, "move", "move.bad_field", "objective"),
    ("gaia", {"type": "claim_objective", "objective": "1"}, "move", "move.bad_field",
     "objective"),
]


@pytest.mark.parametrize(("game", "move", "rule", "key", "field"), MOVED)
def test_what_an_engine_no_longer_checks_its_shapes_refuse_with_the_same_rule(
        game, move, rule, key, field):
    state, seat = _dealt(game)
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(Misshapen) as refused:
        GAMES[game].apply(state, seat, move)
    err = refused.value
    assert (err.game, err.rule, err.key, err.params["field"]) == (game, rule, key, field)
    assert json.dumps(state, sort_keys=True) == before
    legal = GAMES[game].is_legal(state, seat, move)  # the same check, the same refusal
    assert isinstance(legal, Misshapen) and (legal.rule, legal.key) == (rule, key)
    with pytest.raises(BadMove):  # the shapes alone, before any engine
        shapes.check_move(GAMES[game].shapes, move)  # type: ignore[arg-type]


def test_a_move_the_shapes_refuse_never_reaches_the_engine_but_a_replay_goes_straight_there():
    """The checked entry refuses a field no declaration has; the engine's own apply,
    which replays stored logs, takes the move as it was stored."""
    state, seat = _dealt("gaia")
    stored = {"type": "end_turn", "note": "made under an older declaration"}
    with pytest.raises(Misshapen) as refused:
        GAMES["gaia"].apply(state, seat, stored)
    assert (refused.value.key, refused.value.params["field"]) == ("move.unknown_field", "note")
    replayed, events = GAMES["gaia"].apply_unchecked(state, seat, stored)
    assert events[0]["type"] == "turn_passed" and replayed["turn"]["seat"] != seat
