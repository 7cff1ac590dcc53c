"""G3: the turn, draws, the hand limit and passing the turn."""

from companion.games.gaia.legal import legal_moves

from .helpers import A, C, game, hand, play, rejects, tile, types


def test_g3_1_two_actions_then_the_turn_passes():
    s = game()
    hand(s, 0, "forest", "sea", "plains")
    s, _ = play(s, 0, {"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    assert s["turn"]["actions_left"] == 1
    s, events = play(s, 0, {"type": "play_nature", "terrain": "sea", "at": [1, 0]})
    assert types(events)[-1] == "turn_passed"
    assert s["turn"]["seat"] == 1 and s["turn"]["actions_left"] == 2
    rejects(s, 0, {"type": "end_turn"}, "G3.1", status=409)


def test_g3_1_the_same_action_twice_and_ending_early():
    s = game()
    s, _ = play(s, 0, {"type": "draw", "pile": "nature", "from": "deck"})
    s2, events = play(s, 0, {"type": "draw", "pile": "nature", "from": "deck"})
    assert s2["turn"]["seat"] == 1 and s2["players"][0]["hand"]["nature"]["unknown"] == 4
    _s3, events = play(s, 0, {"type": "end_turn"})
    assert events == [{"type": "turn_passed", "seat": 1}]


def test_g3_2_claiming_is_free_and_only_in_ones_own_turn():
    s = game(objectives=[["forest", "forest", "sea", "sea"]] * 4)
    s["players"][0]["tableau"] = {"forest": 2, "sea": 2}
    s["players"][1]["tableau"] = {"forest": 2, "sea": 2}
    rejects(s, 1, {"type": "claim_objective", "objective": 0}, "G3.1", status=409)
    s, _events = play(s, 0, {"type": "claim_objective", "objective": 0})
    assert s["turn"]["actions_left"] == 2


def test_g3_3_draw_from_the_display_refills_from_the_deck():
    s = game()
    deck = s["piles"]["nature"]["deck"]
    rejects(s, 0, {"type": "draw", "pile": "nature", "from": "display", "slot": 1}, "G3.3")
    s, events = play(s, 0, {"type": "draw", "pile": "nature", "from": "display", "slot": 1,
                            "refill": "forest"})
    assert s["piles"]["nature"]["display"] == ["plains", "forest", "mountain"]
    assert s["piles"]["nature"]["deck"] == deck - 1
    assert s["players"][0]["hand"]["nature"]["known"] == ["desert"]
    assert types(events) == ["card_drawn", "display_refilled"]


def test_g3_3_empty_deck_and_empty_slot():
    s = game()
    s["piles"]["life"]["deck"] = 0
    rejects(s, 0, {"type": "draw", "pile": "life", "from": "deck"}, "G3.3")
    rejects(s, 0, {"type": "draw", "pile": "life", "from": "display", "slot": 0,
                   "refill": A("sea")}, "G3.3")
    s, _ = play(s, 0, {"type": "draw", "pile": "life", "from": "display", "slot": 0})
    assert s["piles"]["life"]["display"][0] is None
    rejects(s, 0, {"type": "draw", "pile": "life", "from": "display", "slot": 0}, "G3.3")


def test_g3_3_a_face_down_draw_may_be_named_privately():
    s = game()
    s, events = play(s, 0, {"type": "draw", "pile": "life", "from": "deck",
                            "card": C("sea", "forest", "forest", "plains", "animals")})
    assert events == [{"type": "card_drawn", "seat": 0, "pile": "life", "from": "deck"}]
    assert s["players"][0]["hand"]["life"]["known"] == [C("sea", "forest", "forest", "plains",
                                                          "animals")]


def test_g3_4_hand_limit_six_needs_a_discard():
    s = game()
    hand(s, 0, "forest", "forest", "sea", "sea", A("sea"), unknown={"life": 1})
    draw = {"type": "draw", "pile": "nature", "from": "deck"}
    rejects(s, 0, draw, "G3.4")
    [deck_draw] = [m for m in legal_moves(s, 0) if m["type"] == "draw" and m["from"] == "deck"
                   and m["pile"] == "nature"]
    assert deck_draw["discard_required"] is True
    s, events = play(s, 0, {**draw, "discard": "sea"})
    assert s["players"][0]["hand"]["nature"] == {"known": ["forest", "forest", "sea"],
                                                  "unknown": 1}
    assert s["piles"]["discard"] == ["sea"]
    assert events[-1] == {"type": "card_discarded", "seat": 0, "card": "sea"}


def test_g3_4_no_discard_below_the_limit():
    s = game()
    rejects(s, 0, {"type": "draw", "pile": "nature", "from": "deck", "discard": "sea"}, "G3.4")


def test_g3_5_turn_waits_while_an_objective_can_be_claimed():
    s = game(objectives=[["forest", "forest", "sea", "sea"]] * 4)
    s["players"][0]["tableau"] = {"forest": 2, "sea": 1}
    hand(s, 0, "sea", "plains")
    s, _ = play(s, 0, {"type": "play_nature", "terrain": "sea", "at": [0, 0]})
    s, events = play(s, 0, {"type": "play_nature", "terrain": "plains", "at": [1, 0]})
    assert s["turn"]["seat"] == 0 and s["turn"]["actions_left"] == 0
    assert {"type": "claim_objective", "objective": 0} in legal_moves(s, 0)
    rejects(s, 0, {"type": "draw", "pile": "nature", "from": "deck"}, "G3.1", status=409)
    s, events = play(s, 0, {"type": "claim_objective", "objective": 0})
    assert types(events) == ["objective_claimed", "turn_passed"]


def test_g3_5_auto_end_turn_off_waits_for_end_turn():
    s = game(auto_end_turn=False)
    tile(s, (0, 0), "forest")
    s, _ = play(s, 0, {"type": "draw", "pile": "nature", "from": "deck"})
    s, events = play(s, 0, {"type": "draw", "pile": "nature", "from": "deck"})
    assert "turn_passed" not in types(events) and s["turn"]["seat"] == 0
    s, events = play(s, 0, {"type": "end_turn"})
    assert s["turn"]["seat"] == 1
