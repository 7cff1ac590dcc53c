"""K1-K6: components, setup, actions, powers and the end, as table stories."""

import pytest

from companion.games.errors import RuleViolation
from companion.games.kazaam import KAZAAM, new_game, normalize_options
from companion.games.kazaam.components import ADJACENT

from .helpers import T, built, game, hand, play, pool, rejects, types

ARM = T("wood", "arm", "mercury", "sulphur")


def test_k1_2_k1_5_k3_1_set_slots_and_deal():
    s = game(3)
    assert s["set"]["wood.ear"] == 2 and s["set"]["wood.head"] == 1
    assert sum(s["set"].values()) == 63
    assert s["pile"] == 63 - 9
    for p in s["players"]:
        assert p["hand"] == {"known": [], "unknown": 3}
        assert len(p["board"]) == 9 and all(v is None for v in p["board"].values())
        assert set(p["pool"].values()) == {0}


def test_k2_adjacency_is_by_sides_of_the_3x3_layout():
    assert set(ADJACENT["torso"]) == {"head", "tail", "left_arm", "right_arm"}
    assert set(ADJACENT["left_ear"]) == {"head", "left_arm"}
    assert "torso" not in ADJACENT["left_ear"]  # never diagonal


def test_k1_4_tile_shapes():
    s = game()
    hand(s, 0, unknown=3)
    pool(s, 0, mercury=9)
    for cost in (["mercury"], ["mercury"] * 6, ["mercury"] * 3, ["gold", "mercury"]):
        rejects(s, 0, {"type": "build", "slot": "left_arm",
                       "tile": {"homunculus": "wood", "part": "arm", "ingredients": cost}},
                "K1.4")


def test_k1_4_first_cost_binds_the_tile():
    s = game()
    hand(s, 0, unknown=3)
    pool(s, 0, mercury=4, sulphur=4, mandrake=4)
    s, _ = play(s, 0, {"type": "build", "slot": "head",
                       "tile": T("fire", "head", "mercury", "sulphur")})
    assert s["costs"]["fire.head"] == [["mercury", "sulphur"]]
    s["players"][1]["hand"]["unknown"] = 3
    s["turn"]["seat"] = 1
    pool(s, 1, mercury=4, sulphur=4, mandrake=4)
    rejects(s, 1, {"type": "discard", "tile": T("fire", "head", "mandrake", "sulphur")}, "K1.4")
    # two arms per type: two different costs can be bound, a third cannot
    s, _ = play(s, 1, {"type": "discard", "tile": T("wood", "arm", "mandrake", "mandrake")})
    s, _ = play(s, 1, {"type": "discard", "tile": T("wood", "arm", "mercury", "mercury")})
    assert len(s["costs"]["wood.arm"]) == 2


def test_k1_4_catalog_and_counts():
    catalog = [T("wood", "arm", "mercury", "sulphur"), T("wood", "head", "mercury", "mercury")]
    catalog += [T("fur", part, "mandrake", "sulphur") for part in ("ear", "arm", "leg")] * 2
    s = game(tile_catalog=catalog)
    assert s["set"]["wood.arm"] == 1 and s["set"]["fur.ear"] == 2 and s["pile"] == 8 - 6
    hand(s, 0, unknown=3)
    rejects(s, 0, {"type": "discard", "tile": T("wood", "arm", "mercury", "mandrake")}, "K1.4")
    s, _ = play(s, 0, {"type": "discard", "tile": T("wood", "arm", "sulphur", "mercury")})
    rejects(s, 0, {"type": "discard", "tile": T("wood", "arm", "sulphur", "mercury")}, "K1.4")


def test_k1_6_prototypes_are_unique_and_ingredients_named():
    opts = normalize_options({})
    roster = [{"name": "Ada", "color": "red", "prototype": "wood", "ingredient": "mercury"}]
    with pytest.raises(RuleViolation) as info:
        KAZAAM.join_player(opts, roster, {"name": "Bo", "prototype": "wood",
                                          "ingredient": "sulphur"})
    assert info.value.rule == "K1.6"
    with pytest.raises(RuleViolation):
        KAZAAM.join_player(opts, roster, {"name": "Bo", "prototype": "fire",
                                          "ingredient": "gold"})
    bo = KAZAAM.join_player(opts, roster, {"name": "Bo", "prototype": "fire",
                                           "ingredient": "sulphur"})
    assert bo == {"name": "Bo", "color": "blue", "prototype": "fire", "ingredient": "sulphur"}
    assert "wood" not in KAZAAM.join_info(opts, roster)["prototypes"]
    with pytest.raises(RuleViolation):
        new_game(opts, roster, {})


def test_k1_7_using_takes_a_declared_tile_else_an_unknown_one():
    s = game()
    hand(s, 0, ARM, unknown=1)
    s, _ = play(s, 0, {"type": "discard", "tile": ARM})
    assert s["players"][0]["hand"] == {"known": [], "unknown": 1}
    s, _ = play(s, 0, {"type": "discard", "tile": T("fire", "leg", "mandrake", "sulphur")})
    assert s["players"][0]["hand"] == {"known": [], "unknown": 0}
    rejects(s, 0, {"type": "discard", "tile": ARM}, "K1.7")


def test_k4_1_three_actions_then_the_turn_passes():
    s = game()
    for _ in range(2):
        s, events = play(s, 0, {"type": "draw"})
        assert s["turn"]["seat"] == 0
    s, events = play(s, 0, {"type": "draw"})
    assert types(events) == ["tile_drawn", "turn_passed"] and s["turn"]["seat"] == 1
    rejects(s, 0, {"type": "draw"}, "K4.1", status=409)
    s, events = play(s, 1, {"type": "end_turn"})
    assert s["turn"] == {"seat": 0, "actions_left": 3, "phase": "actions", "number": 3,
                         "reaction": None}


def test_k4_2_draw_refused_at_six():
    s = game()
    hand(s, 0, unknown=6)
    rejects(s, 0, {"type": "draw"}, "K4.2")
    hand(s, 0, unknown=5)
    s, _ = play(s, 0, {"type": "draw"})
    assert s["players"][0]["hand"]["unknown"] == 6 and s["pile"] == 56


def test_k4_3_build_pays_exactly_into_a_free_slot_of_its_kind():
    s = game()
    hand(s, 0, ARM, unknown=2)
    pool(s, 0, mercury=1)
    rejects(s, 0, {"type": "build", "tile": ARM, "slot": "left_arm"}, "K4.3")  # cannot pay
    pool(s, 0, sulphur=2, mercury=2)
    rejects(s, 0, {"type": "build", "tile": ARM, "slot": "left_leg"}, "K4.3")  # wrong slot
    s, events = play(s, 0, {"type": "build", "tile": ARM, "slot": "right_arm"})
    assert events == [{"type": "part_built", "seat": 0, "slot": "right_arm", "tile": ARM}]
    assert s["players"][0]["pool"]["mercury"] == 1 and s["players"][0]["pool"]["sulphur"] == 1
    assert s["players"][0]["board"]["right_arm"] == {"tile": ARM, "face_up": True}
    rejects(s, 0, {"type": "build", "tile": T("fire", "arm", "mercury", "sulphur"),
                   "slot": "right_arm"}, "K4.3")  # slot taken: never covered


def test_k4_4_discard_gives_ingredients_plus_ones_own():
    s = game()
    hand(s, 0, unknown=1)
    s, events = play(s, 0, {"type": "discard", "tile": T("bone", "torso", "mandrake",
                                                           "mercury", "mercury")})
    assert s["players"][0]["pool"]["mercury"] == 3  # 2 from the tile, 1 own (Ada: mercury)
    assert s["players"][0]["pool"]["mandrake"] == 1
    assert s["discard"] == [T("bone", "torso", "mandrake", "mercury", "mercury")]
    assert events[0]["gained"] == ["mandrake", "mercury", "mercury", "mercury"]


def test_k4_5_k4_6_powers_turn_parts_down_and_refresh_turns_them_up():
    s = game()
    built(s, 0, "torso", T("wood", "torso", "mercury", "sulphur"))
    rejects(s, 0, {"type": "power", "slot": "head"}, "K4.5")  # nothing built there
    s, _ = play(s, 0, {"type": "power", "slot": "torso",
                       "target": {"ingredients": ["mercury", "mercury", "dragon_blood"]}})
    assert s["players"][0]["board"]["torso"]["face_up"] is False
    rejects(s, 0, {"type": "power", "slot": "torso",
                   "target": {"ingredients": ["mercury"] * 3}}, "K4.5")  # face down
    s, events = play(s, 0, {"type": "refresh"})
    assert s["players"][0]["board"]["torso"]["face_up"] is True
    assert events[0] == {"type": "parts_refreshed", "seat": 0, "slots": ["torso"]}


def test_k4_7_empty_pile_takes_the_shuffled_discard():
    s = game()
    s["pile"] = 1
    s["discard"] = [ARM, T("fire", "leg", "mercury", "sulphur")]
    s, events = play(s, 0, {"type": "draw"})
    assert types(events) == ["tile_drawn", "pile_reshuffled"]
    assert s["pile"] == 2 and s["discard"] == []
    s["pile"], s["discard"] = 0, []
    rejects(s, 0, {"type": "draw"}, "K4.2")


def test_k5_1_ear_shows_declared_tiles_only_to_the_actor():
    s = game()
    built(s, 0, "left_ear", T("wood", "ear", "mercury", "sulphur"))
    hand(s, 1, ARM, unknown=2)
    rejects(s, 0, {"type": "power", "slot": "left_ear", "target": {"seat": 0}}, "K5.1")
    s, _events = play(s, 0, {"type": "power", "slot": "left_ear", "target": {"seat": 1}})
    assert s["players"][0]["revealed"] == {"seat": 1, "tiles": [ARM], "unknown": 2}
    assert KAZAAM.private_view(s, 0)["revealed"]["tiles"] == [ARM]
    assert "revealed" not in str(KAZAAM.view_for(s, None)["players"])
    assert KAZAAM.private_view(s, 1)["revealed"] is None


def test_k5_2_arm_takes_a_named_or_an_unknown_tile():
    s = game()
    built(s, 0, "left_arm", ARM)
    built(s, 0, "right_arm", T("fire", "arm", "mercury", "sulphur"))
    hand(s, 1, T("bone", "leg", "mandrake", "sulphur"), unknown=1)
    named = T("bone", "leg", "mandrake", "sulphur")
    s2, _ = play(s, 0, {"type": "power", "slot": "left_arm",
                        "target": {"seat": 1, "tile": named}})
    assert s2["players"][1]["hand"] == {"known": [], "unknown": 1}
    assert s2["players"][0]["hand"]["known"] == [named]
    s3, _ = play(s, 0, {"type": "power", "slot": "left_arm", "target": {"seat": 1}})
    assert s3["players"][1]["hand"] == {"known": [named], "unknown": 0}
    assert s3["players"][0]["hand"]["unknown"] == 4
    hand(s, 0, unknown=6)
    rejects(s, 0, {"type": "power", "slot": "left_arm", "target": {"seat": 1}}, "K5.2")
    hand(s, 0, unknown=1)
    hand(s, 1)
    rejects(s, 0, {"type": "power", "slot": "left_arm", "target": {"seat": 1}}, "K5.2")
    hand(s, 1, named)
    # a tile her declarations cannot hold still leaves (K5.2): no refusal on them
    s4, _ = play(s, 0, {"type": "power", "slot": "left_arm", "target": {"seat": 1, "tile": ARM}})
    assert s4["players"][1]["hand"] == {"known": [], "unknown": 0}
    assert s4["players"][1]["redeclare"] is True


def test_k5_2_an_unnamed_take_from_a_fully_named_hand_forgets_the_names():
    s = game()
    built(s, 0, "left_arm", ARM)
    hand(s, 1, T("bone", "leg", "mandrake", "sulphur"), T("wood", "head", "mercury", "sulphur"))
    held = s["players"][0]["hand"]["unknown"]
    s, _ = play(s, 0, {"type": "power", "slot": "left_arm", "target": {"seat": 1}})
    assert s["players"][1]["hand"] == {"known": [], "unknown": 1}  # no guess which one left
    assert s["players"][0]["hand"]["unknown"] == held + 1


def test_k5_3_tail_turns_down_then_discards():
    s = game()
    built(s, 0, "tail", T("wood", "tail", "mercury", "sulphur"))
    built(s, 1, "left_leg", T("fire", "leg", "mandrake", "sulphur"))
    rejects(s, 0, {"type": "power", "slot": "tail", "target": {"seat": 1, "slot": "head"}},
            "K5.3")
    s, events = play(s, 0, {"type": "power", "slot": "tail",
                            "target": {"seat": 1, "slot": "left_leg"}})
    assert events[-1] == {"type": "part_turned_down", "seat": 1, "slot": "left_leg"}
    s["players"][0]["board"]["tail"]["face_up"] = True
    s, events = play(s, 0, {"type": "power", "slot": "tail",
                            "target": {"seat": 1, "slot": "left_leg"}})
    assert events[-1]["type"] == "part_discarded"
    assert s["players"][1]["board"]["left_leg"] is None
    assert s["discard"] == [T("fire", "leg", "mandrake", "sulphur")]


def test_k5_3_the_tail_in_use_cannot_aim_at_itself():
    s = game()
    built(s, 0, "tail", T("wood", "tail", "mercury", "sulphur"))
    built(s, 0, "head", T("wood", "head", "mercury", "sulphur"))
    rejects(s, 0, {"type": "power", "slot": "tail", "target": {"seat": 0, "slot": "tail"}},
            "K5.3")
    tail = next(m for m in KAZAAM.legal_moves(s, 0) if m["type"] == "power")
    assert tail["targets"] == [{"seat": 0, "slot": "head"}]  # her own other part is fair
    s, events = play(s, 0, {"type": "power", "slot": "tail", "target": {"seat": 0, "slot": "head"}})
    assert events[-1] == {"type": "part_turned_down", "seat": 0, "slot": "head"}


def test_k5_4_leg_takes_a_chosen_tile_from_the_discard():
    s = game()
    built(s, 0, "left_leg", T("wood", "leg", "mercury", "sulphur"))
    s["discard"] = [ARM, T("fire", "head", "mercury", "mercury")]
    rejects(s, 0, {"type": "power", "slot": "left_leg",
                   "target": {"tile": T("fur", "head", "mercury", "mercury")}}, "K5.4")
    s2, _ = play(s, 0, {"type": "power", "slot": "left_leg", "target": {"tile": ARM}})
    assert s2["discard"] == [T("fire", "head", "mercury", "mercury")]
    assert s2["players"][0]["hand"]["known"] == [ARM]
    hand(s, 0, unknown=6)
    rejects(s, 0, {"type": "power", "slot": "left_leg", "target": {"tile": ARM}}, "K5.4")


def test_k5_5_torso_takes_three_chosen_ingredients():
    s = game()
    built(s, 0, "torso", T("wood", "torso", "mercury", "sulphur"))
    rejects(s, 0, {"type": "power", "slot": "torso",
                   "target": {"ingredients": ["mercury", "gold", "sulphur"]}}, "K5.5")
    rejects(s, 0, {"type": "power", "slot": "torso", "target": {"ingredients": ["mercury"]}},
            "K5.5")
    s, _ = play(s, 0, {"type": "power", "slot": "torso",
                       "target": {"ingredients": ["mercury", "sulphur", "sulphur"]}})
    assert s["players"][0]["pool"]["sulphur"] == 2 and s["players"][0]["pool"]["mercury"] == 1


def _window():
    s = game(3)
    built(s, 0, "tail", T("wood", "tail", "mercury", "sulphur"))
    built(s, 1, "head", T("fire", "head", "mercury", "sulphur"))
    built(s, 1, "torso", T("fire", "torso", "mandrake", "sulphur"))
    s, events = play(s, 0, {"type": "power", "slot": "tail",
                            "target": {"seat": 1, "slot": "torso"}})
    assert events[-1] == {"type": "reaction_requested", "seat": 1, "by": 0, "slot": "torso"}
    assert s["turn"]["phase"] == "reaction"
    return s


def test_k5_6_head_cancels_the_tail():
    s = _window()
    assert KAZAAM.legal_moves(s, 1) == [{"type": "react", "answer": "cancel"},
                                        {"type": "react", "answer": "accept"}]
    assert KAZAAM.legal_moves(s, 0) == [] and KAZAAM.legal_moves(s, 2) == []
    s, _events = play(s, 1, {"type": "react", "answer": "cancel"})
    board = s["players"][1]["board"]
    assert board["head"]["face_up"] is False and board["torso"]["face_up"] is True
    assert s["players"][0]["board"]["tail"]["face_up"] is False  # the tail stays spent
    assert s["turn"]["phase"] == "actions" and s["turn"]["actions_left"] == 2


def test_k5_6_accepting_lets_the_tail_act():
    s = _window()
    s, events = play(s, 1, {"type": "react", "answer": "accept"})
    assert types(events) == ["power_accepted", "part_turned_down"]
    assert s["players"][1]["board"]["torso"]["face_up"] is False
    assert s["players"][1]["board"]["head"]["face_up"] is True


def test_k5_6_only_the_target_may_answer_and_nothing_else_happens_meanwhile():
    s = _window()
    rejects(s, 0, {"type": "react", "answer": "accept"}, "K5.6", status=409)
    rejects(s, 2, {"type": "react", "answer": "cancel"}, "K5.6", status=409)
    rejects(s, 0, {"type": "draw"}, "K5.6", status=409)
    rejects(s, 1, {"type": "draw"}, "K5.6", status=409)
    rejects(s, 1, {"type": "react", "answer": "maybe"}, "move")


def test_k5_6_no_window_for_ones_own_part_or_without_a_face_up_head():
    s = game()
    built(s, 0, "tail", T("wood", "tail", "mercury", "sulphur"))
    built(s, 0, "head", T("wood", "head", "mercury", "sulphur"))
    s2, events = play(s, 0, {"type": "power", "slot": "tail",
                             "target": {"seat": 0, "slot": "head"}})
    assert s2["turn"]["phase"] == "actions" and events[-1]["type"] == "part_turned_down"
    rejects(s, 0, {"type": "power", "slot": "head"}, "K5.6")  # a head is a reaction only
    rejects(s, 0, {"type": "react", "answer": "cancel"}, "K5.6", status=409)


def test_k5_6_turn_passes_after_the_answer_when_actions_are_spent():
    s = game(3)
    built(s, 0, "tail", T("wood", "tail", "mercury", "sulphur"))
    built(s, 1, "head", T("fire", "head", "mercury", "sulphur"))
    s["turn"]["actions_left"] = 1
    s, events = play(s, 0, {"type": "power", "slot": "tail",
                            "target": {"seat": 1, "slot": "head"}})
    assert s["turn"]["seat"] == 0 and s["turn"]["phase"] == "reaction"
    s, events = play(s, 1, {"type": "react", "answer": "accept"})
    assert types(events)[-1] == "turn_passed" and s["turn"]["seat"] == 1


def _nearly_full(s, seat=0):
    for slot, part in [("head", "head"), ("torso", "torso"), ("left_ear", "ear"),
                       ("right_ear", "ear"), ("left_arm", "arm"), ("right_arm", "arm"),
                       ("left_leg", "leg"), ("right_leg", "leg")]:
        built(s, seat, slot, T("stone", part, "mercury", "sulphur"))
    hand(s, seat, T("stone", "tail", "mercury", "sulphur"))
    pool(s, seat, mercury=1, sulphur=1)


def test_k6_1_immediate_end():
    s = game(3)
    _nearly_full(s)
    s, events = play(s, 0, {"type": "build", "tile": T("stone", "tail", "mercury", "sulphur"),
                            "slot": "tail"})
    assert types(events)[-2:] == ["homunculus_completed", "game_over"]
    assert s["status"] == "finished" and s["first_complete"] == 0
    assert s["result"]["reason"] == "homunculus_completed"
    rejects(s, 1, {"type": "draw"}, "K6.1", status=409)


def test_k6_1_finish_round_gives_everyone_the_same_turns():
    s = game(3, end="finish_round")
    s["turn"]["seat"] = 1
    _nearly_full(s, seat=1)
    s, events = play(s, 1, {"type": "build", "tile": T("stone", "tail", "mercury", "sulphur"),
                            "slot": "tail"})
    assert types(events)[-1] == "final_round" and s["status"] == "playing"
    s, _ = play(s, 1, {"type": "end_turn"})
    assert s["turn"]["seat"] == 2
    s, events = play(s, 2, {"type": "end_turn"})  # seat 2 sits before the first player
    assert s["status"] == "finished" and s["result"]["reason"] == "round_finished"
    assert s["first_complete"] == 1
