"""G6: cities, their needs and the cascade."""

from companion.games.gaia.legal import legal_moves

from .helpers import C, at, city, game, hand, play, rejects, settle, tile, types


def test_g6_1_city_goes_on_a_matching_free_tile():
    s = game()
    tile(s, (0, 0), "forest")
    tile(s, (1, 0), "sea")
    tile(s, (2, 0), "plains")
    hand(s, 0, C("sea", "forest", "plains", "desert", "animals"), C("star", "forest", "plains",
                                                                      "sea", "sea"))
    rejects(s, 0, {"type": "play_city", "symbol": "star", "at": [1, 0],
                   "needs": ["forest", "plains", "sea", "sea"]}, "G6.1")  # star: never sea
    s, events = play(s, 0, {"type": "play_city", "symbol": "sea", "at": [1, 0],
                            "needs": ["forest", "plains", "desert", "animals"]})
    assert types(events) == ["city_built", "pawn_placed"]
    assert at(s, (1, 0))["city"]["satisfied"] == 2
    rejects(s, 0, {"type": "play_city", "symbol": "star", "at": [1, 0],
                   "needs": ["forest", "plains", "sea", "sea"]}, "G6.1")  # occupied now


def test_g6_2_two_needs_counted_before_the_city_is_laid():
    s = game()
    tile(s, (0, 0), "forest")
    tile(s, (1, 0), "sea")
    tile(s, (2, 0), "plains")
    hand(s, 0, C("sea", "forest", "desert", "desert", "mountain"))
    err = rejects(s, 0, {"type": "play_city", "symbol": "sea", "at": [1, 0],
                         "needs": ["forest", "desert", "desert", "mountain"]}, "G6.2")
    assert err.params == {"at": [1, 0], "have": 1, "terrain": "sea"}
    assert "sea tile" in str(err) and "meet 1 of" in str(err) and "[" not in str(err)


def test_g6_3_builder_pawn_unless_declined():
    s = game()
    tile(s, (0, 0), "forest")
    tile(s, (1, 0), "sea")
    tile(s, (2, 0), "plains")
    hand(s, 0, C("sea", "forest", "plains", "desert", "animals"))
    move = {"type": "play_city", "symbol": "sea", "at": [1, 0],
            "needs": ["forest", "plains", "desert", "animals"]}
    declined, events = play(s, 0, {**move, "claim_cities": []})
    assert types(events) == ["city_built"]
    assert at(declined, (1, 0))["city"]["pawns"] == []
    assert declined["players"][0]["pawns"] == 6
    claimed, _ = play(s, 0, move)
    assert at(claimed, (1, 0))["city"]["pawns"] == [0]
    assert claimed["players"][0]["pawns"] == 5
    # the new square now counts as a city, not as sea (G6.3)
    assert at(claimed, (1, 0))["city"]["builder"] == 0


def test_g6_4_each_icon_and_distinct_neighbours():
    needs = ["forest", "forest", "animals", "mountain"]
    for option, expected in (("each_icon", 3), ("distinct_neighbours", 2)):
        s = game(duplicate_needs=option)
        tile(s, (0, 0), "plains")
        tile(s, (1, 0), "forest", animals=4)  # one neighbour: forest and animals
        hand(s, 0, C("plains", *needs))
        s, _events = play(s, 0, {"type": "play_city", "symbol": "plains", "at": [0, 0],
                                "needs": needs})
        assert at(s, (0, 0))["city"]["satisfied"] == expected, option


def test_g6_4_diagonals_and_city_squares_do_not_count():
    s = game()
    tile(s, (0, 0), "plains")
    tile(s, (1, 1), "forest")  # diagonal
    city(s, (1, 0), "sea", ["plains", "plains", "desert", "desert"])
    tile(s, (0, 1), "desert")
    settle(s)
    hand(s, 0, C("plains", "forest", "sea", "desert", "mountain"))
    rejects(s, 0, {"type": "play_city", "symbol": "plains", "at": [0, 0],
                   "needs": ["forest", "sea", "desert", "mountain"]}, "G6.2")


def test_g6_5_raising_a_city_lets_the_mover_claim_it():
    s = game()
    city(s, (0, 0), "plains", ["forest", "sea", "desert", "swamp"], builder=1, pawns=(1,))
    tile(s, (1, 0), "forest")
    tile(s, (0, 1), "sea")
    settle(s)
    hand(s, 0, "desert")
    s, events = play(s, 0, {"type": "play_nature", "terrain": "desert", "at": [-1, 0]})
    assert types(events) == ["tile_placed", "city_needs_changed", "pawn_placed"]
    assert events[1] == {"type": "city_needs_changed", "at": [0, 0], "from": 2, "to": 3,
                         "terrain": "plains", "owner": 1}
    assert at(s, (0, 0))["city"]["pawns"] == [1, 0]
    # at most one pawn of each player per city: raising it again gains nothing
    hand(s, 0, "swamp")
    s, events = play(s, 0, {"type": "play_nature", "terrain": "swamp", "at": [0, -1]})
    assert "pawn_placed" not in types(events)
    assert at(s, (0, 0))["city"]["satisfied"] == 4


def test_g6_5_claim_list_is_checked():
    s = game()
    city(s, (0, 0), "plains", ["forest", "sea", "desert", "swamp"], builder=1)
    tile(s, (1, 0), "forest")
    tile(s, (0, 1), "sea")
    settle(s)
    hand(s, 0, "desert")
    rejects(s, 0, {"type": "play_nature", "terrain": "desert", "at": [-1, 0],
                   "claim_cities": [[1, 0]]}, "G6.5")
    s, _events = play(s, 0, {"type": "play_nature", "terrain": "desert", "at": [-1, 0],
                            "claim_cities": []})
    assert at(s, (0, 0))["city"]["pawns"] == []


def test_g6_6_drop_to_one_sends_every_pawn_home():
    s = game()
    city(s, (0, 0), "plains", ["forest", "sea", "swamp", "swamp"], builder=1, pawns=(1, 0))
    tile(s, (1, 0), "forest")
    tile(s, (0, 1), "sea")
    tile(s, (2, 0), "desert")
    tile(s, (1, 1), "mountain")
    settle(s)
    hand(s, 0, C("forest", "desert", "mountain", "sea", "sea"))
    s, events = play(s, 0, {"type": "play_city", "symbol": "forest", "at": [1, 0],
                            "needs": ["desert", "mountain", "sea", "sea"]})
    assert types(events) == ["city_built", "city_needs_changed", "pawns_returned",
                             "pawn_placed"]
    assert events[1] == {"type": "city_needs_changed", "at": [0, 0], "from": 2, "to": 1,
                         "terrain": "plains", "owner": 1}
    assert events[2] == {"type": "pawns_returned", "at": [0, 0], "seats": [1, 0],
                         "terrain": "plains", "owner": 1}
    assert at(s, (0, 0))["city"]["pawns"] == []
    assert s["players"][1]["pawns"] == 6  # Bo's pawn is back
    assert s["players"][0]["pawns"] == 5  # Ada's came back, one went on the new city


def test_g6_6_g6_7_drop_to_zero_removes_and_a_third_city_rises():
    s = game()
    city(s, (0, 0), "plains", ["forest", "mountain", "mountain", "mountain"], builder=1)
    city(s, (-1, 0), "desert", ["plains", "sea", "animals", "animals"], builder=1)
    tile(s, (-1, 1), "sea")
    tile(s, (1, 0), "forest")
    tile(s, (2, 0), "desert")
    tile(s, (1, 1), "mountain")
    settle(s)
    assert at(s, (0, 0))["city"]["satisfied"] == 1
    assert at(s, (-1, 0))["city"]["satisfied"] == 1
    hand(s, 0, C("forest", "desert", "mountain", "plains", "swamp"))
    s, events = play(s, 0, {"type": "play_city", "symbol": "forest", "at": [1, 0],
                            "needs": ["desert", "mountain", "plains", "swamp"]})
    assert types(events) == ["city_built", "city_needs_changed", "city_removed",
                             "city_needs_changed", "city_needs_changed", "pawn_placed",
                             "pawn_placed"]
    assert events[1]["to"] == 0 and events[2]["at"] == [0, 0]
    assert {"type": "city_needs_changed", "at": [-1, 0], "from": 1, "to": 2,
            "terrain": "desert", "owner": 1} in events
    assert {"type": "city_needs_changed", "at": [1, 0], "from": 2, "to": 3,
            "terrain": "forest", "owner": 0} in events
    assert [e["at"] for e in events if e["type"] == "pawn_placed"] == [[1, 0], [-1, 0]]
    assert at(s, (0, 0))["city"] is None and at(s, (0, 0))["terrain"] == "plains"
    assert C("plains", "forest", "mountain", "mountain", "mountain") in s["piles"]["discard"]
    assert s["players"][0]["pawns"] == 4


def test_g6_7_city_that_lost_its_pawns_and_climbs_back_is_claimable():
    # Ada feeds X first: X loses its animals (2 -> 1, Bo's pawn home), then Y
    # starves to 0, is removed, and its forest raises X back to 2: Ada claims X.
    # (Y first would keep Bo's pawn: the order matters, so the feeding waits, G7.2.)
    s = game(feeding="all")
    tile(s, (-1, 0), "plains", animals=1)  # S1, X's only source
    city(s, (0, 0), "swamp", ["animals", "forest", "sea", "mountain"], builder=1, pawns=(1,))
    tile(s, (0, 1), "sea")
    city(s, (1, 0), "forest", ["animals", "mountain", "mountain", "mountain"], builder=1)
    tile(s, (2, 0), "desert", animals=1)  # S2, Y's only source
    settle(s)
    assert at(s, (0, 0))["city"]["satisfied"] == 2
    assert at(s, (1, 0))["city"]["satisfied"] == 1
    s["turn"]["seat"] = 1
    s, events = play(s, 1, {"type": "end_turn"})
    assert types(events) == ["turn_passed", "feeding_required"]
    s, events = play(s, 0, {"type": "feed", "sources": [{"city": [0, 0], "from": [-1, 0]},
                                                         {"city": [1, 0], "from": [2, 0]}]})
    assert types(events)[:3] == ["fed", "city_needs_changed", "pawns_returned"]
    assert {"type": "city_removed", "at": [1, 0],
            "card": C("forest", "animals", "mountain", "mountain", "mountain"),
            "terrain": "forest", "owner": 1} in events
    assert events[-1] == {"type": "pawn_placed", "seat": 0, "at": [0, 0], "terrain": "swamp",
                          "owner": 1}
    x = at(s, (0, 0))["city"]
    assert x["satisfied"] == 2 and x["pawns"] == [0]
    assert s["players"][1]["pawns"] == 6 and s["players"][0]["pawns"] == 5
    assert s["supply"]["animals"] == 20


def test_legal_city_squares_report_needs_met():
    s = game()
    tile(s, (0, 0), "forest")
    tile(s, (1, 0), "sea")
    tile(s, (2, 0), "plains")
    tile(s, (3, 0), "sea")
    hand(s, 0, C("sea", "forest", "plains", "desert", "animals"))
    [template] = [m for m in legal_moves(s, 0) if m["type"] == "play_city"]
    assert template["at"] == [{"at": [1, 0], "met": 2}]
