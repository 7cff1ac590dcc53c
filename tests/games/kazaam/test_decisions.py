"""K4.6, K5.2, K5.3, K5.4, K6.2: the open cases a real table meets."""

from __future__ import annotations

import pytest

from companion.games.errors import RuleError
from companion.games.kazaam import KAZAAM, legal_moves

from .helpers import T, built, game, hand, play, pool, rejects, types

HEAD = T("wood", "head", "mercury", "sulphur")


def _leg_takes_the_head():
    """Ada's leg takes the only wood head (mercury, sulphur) from the discard pile."""
    s = game(3)
    built(s, 0, "left_leg", T("fire", "leg", "mandrake", "sulphur"))
    s["discard"] = [HEAD]
    s["costs"] = {"wood.head": [["mercury", "sulphur"]]}
    s["pile"] -= 1
    s, events = play(s, 0, {"type": "power", "slot": "left_leg", "target": {"tile": HEAD}})
    assert events[-1] == {"type": "tile_from_discard", "seat": 0, "tile": HEAD}
    return s


def test_k5_4_a_tile_taken_from_the_discard_pile_stays_known():
    s = _leg_takes_the_head()
    s["turn"]["seat"] = 1
    # nobody else can now enter that head: the whole table saw where it went
    rejects(s, 1, {"type": "draw", "tile": HEAD}, "K1.4")
    hand(s, 1, unknown=3)
    pool(s, 1, mercury=1, sulphur=1)
    rejects(s, 1, {"type": "build", "tile": HEAD, "slot": "head"}, "K1.4")
    rejects(s, 1, {"type": "discard", "tile": HEAD}, "K1.4")
    with pytest.raises(RuleError) as info:
        KAZAAM.declare_hand(s, 1, {"tiles": [HEAD]})
    assert info.value.rule == "K1.4"


def test_k5_4_the_taker_keeps_it_and_builds_it():
    s = _leg_takes_the_head()
    # Ada re-declares her hand without it: she cannot forget a tile everybody saw
    s = KAZAAM.declare_hand(s, 0, {"tiles": []})
    assert s["players"][0]["hand"]["known"] == [HEAD]
    pool(s, 0, mercury=1, sulphur=1)
    s, events = play(s, 0, {"type": "build", "tile": HEAD, "slot": "head"})
    assert events[-1]["type"] == "part_built"
    assert s["players"][0]["hand"] == {"known": [], "unknown": 3}


def test_k5_4_an_arm_carries_the_known_tile_along():
    s = _leg_takes_the_head()
    built(s, 1, "left_arm", T("fire", "arm", "mandrake", "sulphur"))
    s["turn"] = {**s["turn"], "seat": 1, "actions_left": 3}
    s, _ = play(s, 1, {"type": "power", "slot": "left_arm",
                       "target": {"seat": 0, "tile": HEAD}})
    assert HEAD in s["players"][1]["hand"]["known"]
    pool(s, 1, mercury=1, sulphur=1)
    s, events = play(s, 1, {"type": "build", "tile": HEAD, "slot": "head"})
    assert events[-1]["type"] == "part_built"


def test_k5_2_an_unnamed_take_from_a_declared_hand_never_guesses():
    s = game()
    built(s, 0, "left_arm", T("fire", "arm", "mandrake", "sulphur"))
    leg, ear = T("bone", "leg", "mandrake", "sulphur"), T("fur", "ear", "mercury", "mercury")
    hand(s, 1, leg, ear)
    s, _ = play(s, 0, {"type": "power", "slot": "left_arm", "target": {"seat": 1}})
    # which one left is unknown: both declarations turn unknown, Bo is asked again
    assert s["players"][1]["hand"] == {"known": [], "unknown": 1}
    assert s["players"][0]["hand"]["unknown"] == 4
    assert KAZAAM.private_view(s, 1)["declare_again"] is True
    assert KAZAAM.private_view(s, 0)["declare_again"] is False
    s = KAZAAM.declare_hand(s, 1, {"tiles": [ear]})
    assert KAZAAM.private_view(s, 1)["declare_again"] is False


def test_k5_3_the_tail_cannot_target_itself():
    s = game()
    tail = T("wood", "tail", "mercury", "sulphur")
    built(s, 0, "tail", tail)
    built(s, 0, "torso", T("wood", "torso", "mandrake", "sulphur"))
    rejects(s, 0, {"type": "power", "slot": "tail", "target": {"seat": 0, "slot": "tail"}},
            "K5.3")
    [template] = [m for m in legal_moves(s, 0) if m["type"] == "power"
                  and m["power"] == "tail"]
    assert {"seat": 0, "slot": "tail"} not in template["targets"]
    assert {"seat": 0, "slot": "torso"} in template["targets"]
    s, events = play(s, 0, {"type": "power", "slot": "tail",
                            "target": {"seat": 0, "slot": "torso"}})
    assert events[-1] == {"type": "part_turned_down", "seat": 0, "slot": "torso"}


def test_k4_6_refresh_with_nothing_face_down_spends_the_action():
    s = game()
    built(s, 0, "torso", T("wood", "torso", "mercury", "sulphur"))
    assert {"type": "refresh"} in legal_moves(s, 0)
    s, events = play(s, 0, {"type": "refresh"})
    assert events == [{"type": "parts_refreshed", "seat": 0, "slots": []}]
    assert s["turn"]["actions_left"] == 2
    assert s["players"][0]["board"]["torso"]["face_up"] is True


def test_k6_2_a_game_that_cannot_end_is_offered_to_the_host():
    s = game(3)
    s["pile"], s["discard"] = 0, []
    view = KAZAAM.view_for(s, None)
    assert view["stalled"] is False and view["stalled_reason"] is None
    events = []
    for seat in (0, 1):
        s, more = play(s, seat, {"type": "end_turn"})
        events += more
    assert KAZAAM.view_for(s, None)["stalled"] is False  # not yet a full round
    s, more = play(s, 2, {"type": "end_turn"})
    assert "game_stalled" in types(more) and "game_stalled" not in types(events)
    view = KAZAAM.view_for(s, None)
    assert view["stalled"] is True and view["stalled_reason"] == "kazaam.stalled.no_tiles"
    s, more = play(s, 0, {"type": "end_turn"})
    assert "game_stalled" not in types(more)  # said once
    s, more = KAZAAM.finish(s)
    assert s["status"] == "finished" and s["result"]["reason"] == "stopped"


def test_k6_2_a_build_or_a_tile_to_draw_keeps_the_game_going():
    s = game(2)
    s["pile"], s["discard"] = 0, []
    s, _ = play(s, 0, {"type": "end_turn"})
    tile = T("fur", "ear", "mercury", "sulphur")
    hand(s, 1, tile)
    pool(s, 1, mercury=1, sulphur=1)
    s, _ = play(s, 1, {"type": "build", "tile": tile, "slot": "left_ear"})
    s, _ = play(s, 1, {"type": "end_turn"})
    s, _ = play(s, 0, {"type": "end_turn"})
    assert KAZAAM.view_for(s, None)["stalled"] is False  # Bo built: the round starts again
    s, _ = play(s, 1, {"type": "end_turn"})
    assert KAZAAM.view_for(s, None)["stalled"] is True


def test_k5_4_a_known_tile_cannot_be_renamed():
    """Fix your hand: the other tiles may be renamed at will, the one the
    whole table saw come out of the discard pile may not (K5.4)."""
    s = _leg_takes_the_head()
    total = s["players"][0]["hand"]["unknown"] + len(s["players"][0]["hand"]["known"])
    assert KAZAAM.private_view(s, 0)["hand"]["held"] == [HEAD]
    others = [T(h, p, "mercury", "mercury") for h, p in
              [("fur", "ear"), ("bone", "arm"), ("fire", "torso"), ("wood", "tail")]]
    s2 = KAZAAM.declare_hand(s, 0, {"tiles": others[:total - 1]})  # the head kept beside
    assert HEAD in s2["players"][0]["hand"]["known"] and s2["players"][0]["hand"]["unknown"] == 0
    with pytest.raises(RuleError) as info:
        KAZAAM.declare_hand(s2, 0, {"tiles": others[:total]})
    assert (info.value.rule, info.value.key) == ("K5.4", "kazaam.hand.known_tile")


def test_k5_2_a_named_tile_the_declarations_cannot_hold_still_leaves():
    """Decision of 2026-12-04: the arm is judged on public tiles and the actor's hand
    only; Bo's declarations that cannot hold the named tile turn unknown, he declares
    again, and what the table sees is the same whatever he had declared."""
    head = T("wood", "head", "mercury", "sulphur")

    def table(*declared):
        s = game()
        built(s, 0, "left_arm", T("fire", "arm", "mandrake", "sulphur"))
        hand(s, 1, *declared, unknown=2 - len(declared))
        return s

    move = {"type": "power", "slot": "left_arm", "target": {"seat": 1, "tile": head}}
    leg, ear = T("bone", "leg", "mandrake", "sulphur"), T("fur", "ear", "mercury", "mercury")
    s, events = play(table(leg, ear), 0, move)
    assert s["players"][1]["hand"] == {"known": [], "unknown": 1}
    assert head in s["players"][0]["hand"]["known"] and types(events)[-1] == "tile_taken"
    assert KAZAAM.private_view(s, 1)["declare_again"] is True
    undeclared, _ = play(table(), 0, move)
    assert KAZAAM.view_for(s, None) == KAZAAM.view_for(undeclared, None)


def test_k4_7_a_pile_run_out_on_an_empty_discard_pile_waits_for_the_next_draw():
    """Decision of 2026-12-04: the last tile drawn with nothing discarded leaves the pile
    empty; a tile discarded later stays in the discard pile (a leg may take it) until a
    draw shuffles it into a new pile and takes from it."""
    s = game()
    leg = T("bone", "leg", "mandrake", "sulphur")
    s["pile"], s["discard"] = 1, []
    hand(s, 0, leg)
    s, events = play(s, 0, {"type": "draw"})
    assert s["pile"] == 0 and "pile_reshuffled" not in types(events)
    s, events = play(s, 0, {"type": "discard", "tile": leg})
    assert s["pile"] == 0 and s["discard"] == [leg]  # waits, in sight of the table
    assert "pile_reshuffled" not in types(events)
    assert s["turn"]["seat"] == 0 and s["turn"]["actions_left"] == 1
    s, events = play(s, 0, {"type": "draw"})
    assert types(events)[:2] == ["pile_reshuffled", "tile_drawn"]
    assert s["pile"] == 0 and s["discard"] == []
    assert s["players"][0]["hand"] == {"known": [], "unknown": 2}  # both draws


def test_k4_7_a_leg_takes_a_tile_discarded_after_the_pile_ran_out():
    s = game()
    leg = T("bone", "leg", "mandrake", "sulphur")
    built(s, 1, "left_leg", T("fire", "leg", "mercury", "sulphur"))
    s["pile"], s["discard"] = 0, []
    hand(s, 0, leg)
    s, _ = play(s, 0, {"type": "discard", "tile": leg})
    s, _ = play(s, 0, {"type": "end_turn"})
    s, _events = play(s, 1, {"type": "power", "slot": "left_leg", "target": {"tile": leg}})
    assert s["discard"] == [] and leg in s["players"][1]["hand"]["known"]
