"""Random score pads: games with rounds end, offered moves are accepted, junk is refused
cleanly, the log replays exactly, the state survives JSON."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import shapes
from companion.games.errors import BadMove, RuleError
from companion.games.scorepad import SCOREPAD, finish, legal_moves
from companion.games.scorepad.playout import Table, fill
from companion.games.scorepad.score import breakdown
from tests.games.checks import replays_exactly, tried_cleanly

apply = SCOREPAD.apply  # the game's one entry: its shapes, then its engine

profiles = st.fixed_dictionaries({
    "scoring": st.sampled_from(["per_turn", "per_round"]),
    "low_wins": st.booleans(),
    "rounds": st.integers(1, 8),
    "categories": st.sampled_from([[], ["Cards"], ["Cards", "Roads", "Army"]]),
})


def check_invariants(s: dict[str, Any]) -> None:
    n = len(s["players"])
    assert sorted(s["order"]) == list(range(n)) and s["turn"]["seat"] in s["order"]
    rounds = s["options"]["rounds"]
    assert 1 <= s["round"] <= (rounds or s["round"])
    table = SCOREPAD.score(s)
    totals = [r["total"] for r in table["players"]]
    assert totals == sorted(totals, reverse=not s["options"]["low_wins"])
    for row in table["players"]:
        detail = breakdown(s, row["seat"])
        assert sum(v for v in detail["rounds"] if v is not None) == row["total"]
        if s["options"]["categories"]:
            assert sum(detail["categories"].values()) == row["total"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(1, 12), profile=profiles)
def test_random_games_with_rounds_always_end(seed, players, profile):
    table = Table.deal(seed, players, **profile)
    for _ in table.play(max_moves=5000):
        check_invariants(table.state)
    s = table.state
    assert s["status"] == "finished" and s["round"] == profile["rounds"]
    assert s["result"]["reason"] == "last_round"
    assert sorted(s["result"]["ranking"]) == list(range(players))
    assert s["result"]["winners"] == [r["seat"] for r in SCOREPAD.score(s)["players"]
                                      if r["rank"] == 1]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(1, 6), profile=profiles)
def test_every_offered_move_is_accepted_when_filled(seed, players, profile):
    rng = random.Random(seed)
    table = Table.deal(seed, players, **profile)
    for _ in table.play(max_moves=5000):
        s = table.state
        if s["status"] != "playing":
            break
        for seat in range(players):
            for template in legal_moves(s, seat):
                shapes.check_move(SCOREPAD.shapes, template)  # type: ignore[arg-type]
                apply(s, seat, template)  # as offered (all zeros) ...
                move = fill(rng, s, template)
                shapes.check_move(SCOREPAD.shapes, move)  # type: ignore[arg-type]
                apply(s, seat, move)  # ... and filled in: neither may raise


junk_value = st.one_of(st.none(), st.booleans(), st.integers(-20_000, 20_000),
                       st.floats(allow_nan=False), st.text(max_size=6),
                       st.lists(st.integers(-3, 3), max_size=3))
junk_points = st.one_of(junk_value, st.dictionaries(
    st.sampled_from(["total", "Cards", "Roads", "cards", "", "x" * 30]), junk_value,
    max_size=3))
junk_moves = st.fixed_dictionaries(
    {"type": st.sampled_from(["score", "end_turn", "draw", "x"])},
    optional={"points": junk_points, "seat": junk_value, "round": junk_value})


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 30), move=junk_moves,
       seat=st.integers(-2, 4), scoring=st.sampled_from(["per_turn", "per_round"]))
def test_junk_moves_are_refused_cleanly_with_the_state_unchanged(seed, steps, move, seat,
                                                                 scoring):
    table = Table.deal(seed, 3, scoring=scoring, categories=["Cards", "Roads"], rounds=None)
    outcome = tried_cleanly(apply, table, steps, seat, move, check_invariants)
    if isinstance(outcome, RuleError):
        assert "scorepad." not in outcome.sentence("it") and "{" not in outcome.sentence("de")
        return
    if move["type"] != "score":
        return  # fields end_turn does not read are the shapes' to refuse
    try:  # an entry the engine takes, the declared shapes take too
        shapes.check_move(SCOREPAD.shapes, move)  # type: ignore[arg-type]
    except BadMove as err:
        raise AssertionError(f"the shapes refuse an accepted move: {err}") from None


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 8), profile=profiles)
def test_replaying_the_log_reproduces_the_state_exactly(seed, players, profile):
    replays_exactly(apply, Table.deal(seed, players, **profile))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 6), steps=st.integers(0, 40),
       profile=profiles)
def test_the_state_survives_a_json_round_trip(seed, players, steps, profile):
    table = Table.deal(seed, players, **{**profile, "rounds": None})
    for _ in zip(range(steps), table.play(), strict=False):
        pass
    s = table.state
    again = json.loads(json.dumps(s))
    assert again == s
    assert SCOREPAD.score(again) == SCOREPAD.score(s)
    assert SCOREPAD.view_for(again, None) == json.loads(json.dumps(SCOREPAD.view_for(s, None)))
    done, _ = finish(again)
    assert json.loads(json.dumps(done)) == done and done["status"] == "finished"
