"""G8 objectives and G9 the end of the game."""

from companion.games.gaia import GAIA

from .helpers import A, city, game, hand, play, rejects, settle, tile, types

RAINBOW = ["plains", "desert", "forest", "sea", "swamp", "mountain"]


def test_g8_1_two_pairs_objective():
    s = game(objectives=[["forest", "forest", "sea", "sea"]] * 4)
    s["players"][0]["tableau"] = {"forest": 2, "sea": 1}
    rejects(s, 0, {"type": "claim_objective", "objective": 0}, "G8.1")
    s["players"][0]["tableau"] = {"forest": 3, "sea": 2}
    s, events = play(s, 0, {"type": "claim_objective", "objective": 0})
    assert events == [{"type": "objective_claimed", "seat": 0, "objective": 0, "number": 1,
                       "requires": {"forest": 2, "sea": 2}}]
    assert s["players"][0]["tableau"] == {"forest": 1}
    assert sorted(s["piles"]["discard"]) == ["forest", "forest", "sea", "sea"]
    assert s["objectives"][0]["claimed_by"] == 0 and s["players"][0]["pawns"] == 5
    rejects(s, 0, {"type": "claim_objective", "objective": 0}, "G8.1")  # taken


def test_g8_1_one_of_each_terrain_objective():
    s = game(objectives=[RAINBOW] * 4)
    s["players"][0]["tableau"] = {t: 1 for t in RAINBOW[:5]}
    rejects(s, 0, {"type": "claim_objective", "objective": 2}, "G8.1")
    s["players"][0]["tableau"]["mountain"] = 2
    s, _ = play(s, 0, {"type": "claim_objective", "objective": 2})
    assert s["players"][0]["tableau"] == {"mountain": 1}
    assert GAIA.score(s)["players"][0]["breakdown"]["objectives"] == 1


def test_g9_1_last_pawn_placed_wins_at_once():
    s = game()
    s["players"][0]["pawns"] = 1
    s["players"][1]["pawns"] = 0 + 2
    city(s, (0, 0), "plains", ["forest", "sea", "desert", "swamp"], builder=1)
    tile(s, (1, 0), "forest")
    settle(s)
    hand(s, 0, "sea")
    s, events = play(s, 0, {"type": "play_nature", "terrain": "sea", "at": [0, 1]})
    assert types(events) == ["tile_placed", "city_needs_changed", "pawn_placed", "game_over"]
    assert s["status"] == "finished"
    assert s["result"]["winner"] == 0 and s["result"]["reason"] == "no_pawns_left"
    rejects(s, 1, {"type": "end_turn"}, "G9", status=409)
    assert GAIA.score(s)["final"] is True


def test_g9_2_both_deck_and_display_empty_ends_the_game():
    s = game()
    s["piles"]["life"]["deck"] = 0
    s["piles"]["life"]["display"] = [None, A("sea")]
    s, events = play(s, 0, {"type": "draw", "pile": "life", "from": "display", "slot": 1})
    assert types(events) == ["card_drawn", "game_over"]
    assert s["result"]["reason"] == "life_cards_out" and s["result"]["ended_by"] == 0


def test_g9_2_house_rule_deck_empty_ends_earlier():
    base, house = game(), game(end_on="deck_empty")
    for s in (base, house):
        s["piles"]["nature"]["deck"] = 1
    base, events = play(base, 0, {"type": "draw", "pile": "nature", "from": "deck"})
    assert base["status"] == "playing"
    house, events = play(house, 0, {"type": "draw", "pile": "nature", "from": "deck"})
    assert house["status"] == "finished" and events[-1]["type"] == "game_over"


def test_g9_3_tie_goes_to_the_closest_after_the_ender():
    s = game(3)
    s["players"][0]["pawns"] = 3
    s["players"][2]["pawns"] = 3
    s["players"][1]["pawns"] = 4
    s["turn"]["seat"] = 1
    s["piles"]["nature"]["deck"] = 1
    s["piles"]["nature"]["display"] = [None, None, None]
    s, _ = play(s, 1, {"type": "draw", "pile": "nature", "from": "deck"})
    # Cy (seat 2) sits right after Bo, who ended it; Ada (seat 0) is tied but further
    assert s["result"]["ranking"] == [2, 0, 1] and s["result"]["winner"] == 2
    score = GAIA.score(s)
    assert [(r["seat"], r["total"], r["rank"]) for r in score["players"]] == [
        (2, 2, 1), (0, 2, 2), (1, 1, 3)]


def test_g9_3_the_ender_comes_last_among_the_tied():
    s = game(3)
    for p in s["players"]:
        p["pawns"] = 3
    s["piles"]["nature"]["deck"] = 1
    s["piles"]["nature"]["display"] = [None, None, None]
    s, _ = play(s, 0, {"type": "draw", "pile": "nature", "from": "deck"})
    assert s["result"]["ranking"] == [1, 2, 0]


def test_host_finish_ranks_the_current_state():
    s = game(3)
    s["players"][1]["pawns"] = 2
    s, events = GAIA.finish(s)
    assert events[-1]["type"] == "game_over" and s["result"]["winner"] == 1
    assert s["result"]["reason"] == "stopped"


def test_live_score_ties_share_a_rank():
    s = game(3)
    s["players"][0]["pawns"] = 3
    s["players"][1]["pawns"] = 3
    rows = GAIA.score(s)["players"]
    assert [(r["seat"], r["rank"], r["total"]) for r in rows] == [(0, 1, 2), (1, 1, 2),
                                                                   (2, 3, 0)]
    assert GAIA.score(s)["final"] is False
