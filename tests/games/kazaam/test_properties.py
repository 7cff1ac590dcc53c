"""Random Kazaam playouts: invariants, offered moves accepted, junk harmless, replay."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.kazaam import KAZAAM, legal_moves
from companion.games.kazaam.complete import complete as expand
from companion.games.kazaam.components import INGREDIENTS
from companion.games.kazaam.playout import Table
from companion.games.kazaam.tiles import hand_size
from tests.games.checks import replays_exactly, tried_cleanly

apply = KAZAAM.apply  # the game's one entry: its shapes, then its engine

PROFILES = [{}, {"end": "finish_round"}, {"chain_counts_face_down": False},
            {"start_ingredients": {"mercury": 2, "sulphur": 2}}]


def check_invariants(s: dict[str, Any]) -> None:
    total = sum(s["set"].values())
    boards = sum(1 for p in s["players"] for b in p["board"].values() if b is not None)
    hands = sum(hand_size(p) for p in s["players"])
    assert s["pile"] + hands + boards + len(s["discard"]) == total  # tiles conserved
    for p in s["players"]:
        assert all(v >= 0 for v in p["pool"].values())  # no negative ingredients
        assert hand_size(p) <= 6
    assert s["turn"]["actions_left"] >= 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), profile=st.sampled_from(PROFILES))
def test_random_playouts_reach_a_result_with_invariants(seed, players, profile):
    table = Table.deal(seed, players, **profile)
    check_invariants(table.state)
    for _ in table.play(max_moves=5000):
        check_invariants(table.state)
    assert table.state["status"] == "finished"
    result = table.state["result"]
    assert sorted(result["ranking"]) == list(range(players))
    assert table.state["first_complete"] is not None


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_every_offered_move_is_accepted(seed, players):
    rng = random.Random(seed)
    table = Table.deal(seed, players)
    for _ in table.play(max_moves=5000):
        s = table.state
        if s["status"] != "playing":
            break
        turn = s["turn"]
        seat = turn["reaction"]["target"] if turn["phase"] == "reaction" else turn["seat"]
        templates = legal_moves(s, seat)
        assert templates
        for t in rng.sample(templates, min(4, len(templates))):
            apply(s, seat, expand(s, seat, t, rng))  # must not raise
        for other in range(players):
            if other != seat:
                assert legal_moves(s, other) == []


junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.text(max_size=6),
                 st.sampled_from(["head", "torso", "left_arm", "tail", "wood", "mercury"]),
                 st.dictionaries(st.sampled_from(["seat", "slot", "tile", "ingredients",
                                                  "homunculus", "part"]),
                                 st.one_of(st.integers(-1, 5), st.text(max_size=5),
                                           st.lists(st.sampled_from(INGREDIENTS), max_size=6)),
                                 max_size=4))
junk_moves = st.fixed_dictionaries(
    {"type": st.sampled_from(["draw", "build", "discard", "power", "react", "refresh",
                              "end_turn", "x"])},
    optional={"tile": junk, "slot": junk, "target": junk, "answer": junk})


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), move=junk_moves,
       seat=st.integers(-1, 4))
def test_random_moves_are_accepted_or_rejected_cleanly(seed, steps, move, seat):
    tried_cleanly(apply, Table.deal(seed, 3), steps, seat, move, check_invariants)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_replaying_the_log_reproduces_the_state_exactly(seed, players):
    replays_exactly(apply, Table.deal(seed, players))
