"""G7: feeding the cities before a turn's actions."""

from companion.games.gaia.legal import legal_moves

from .helpers import at, city, game, play, rejects, settle, tile, types


def _ada_next(s):
    s["turn"]["seat"] = 1
    return play(s, 1, {"type": "end_turn"})


def test_g7_1_only_the_builders_cities_with_an_animals_need_eat():
    s = game()
    tile(s, (0, 0), "forest", animals=3)
    city(s, (1, 0), "plains", ["animals", "forest", "sea", "sea"], builder=0)
    city(s, (-1, 0), "plains", ["animals", "forest", "sea", "sea"], builder=1)  # Bo's
    city(s, (0, 1), "desert", ["forest", "forest", "sea", "sea"], builder=0)  # no animals need
    settle(s)
    s, events = _ada_next(s)
    assert [e for e in events if e["type"] == "fed"] == [
        {"type": "fed", "seat": 0, "city": [1, 0], "from": [0, 0], "terrain": "plains", "owner": 0,
         "source": "forest"}]
    assert at(s, (0, 0))["animals"] == 2
    assert s["supply"]["animals"] == 18


def test_g7_1_feeding_all_makes_every_city_eat():
    s = game(feeding="all")
    tile(s, (0, 0), "forest", animals=3)
    city(s, (1, 0), "plains", ["animals", "forest", "sea", "sea"], builder=0)
    city(s, (-1, 0), "plains", ["animals", "forest", "sea", "sea"], builder=1)
    settle(s)
    s, events = _ada_next(s)
    assert types(events).count("fed") == 2
    assert at(s, (0, 0))["animals"] == 1


def test_g7_1_a_city_without_adjacent_animals_eats_nothing():
    s = game()
    tile(s, (0, 0), "forest")
    city(s, (1, 0), "plains", ["animals", "forest", "forest", "sea"], builder=0)
    settle(s)
    s, events = _ada_next(s)
    assert types(events) == ["turn_passed"]
    assert s["turn"]["phase"] == "actions"


def test_g7_2_g7_3_automatic_feeding_empties_a_tile_and_costs_two_cities():
    s = game()
    tile(s, (0, 0), "forest", animals=1)
    city(s, (1, 0), "plains", ["animals", "forest", "sea", "mountain"], builder=0, pawns=(0,))
    tile(s, (1, 1), "sea")
    tile(s, (2, 0), "mountain")
    city(s, (-1, 0), "plains", ["animals", "forest", "desert", "desert"], builder=1, pawns=(1,))
    settle(s)
    assert at(s, (1, 0))["city"]["satisfied"] == 4  # forest-with-animals meets two icons
    assert at(s, (-1, 0))["city"]["satisfied"] == 2
    s, events = _ada_next(s)
    assert types(events) == ["turn_passed", "fed", "city_needs_changed", "city_needs_changed",
                             "pawns_returned"]
    assert at(s, (0, 0))["animals"] == 0
    assert at(s, (1, 0))["city"]["satisfied"] == 3 and at(s, (1, 0))["city"]["pawns"] == [0]
    assert at(s, (-1, 0))["city"]["satisfied"] == 1 and at(s, (-1, 0))["city"]["pawns"] == []
    assert s["players"][1]["pawns"] == 6


def test_g7_2_a_choice_waits_for_feed():
    s = game()
    tile(s, (0, 0), "forest", animals=2)
    tile(s, (2, 0), "desert", animals=4)
    city(s, (1, 0), "plains", ["animals", "forest", "desert", "sea"], builder=0)
    settle(s)
    s, events = _ada_next(s)
    assert types(events) == ["turn_passed", "feeding_required"]
    assert s["turn"]["phase"] == "feeding"
    [auto, chosen] = legal_moves(s, 0)
    assert auto == {"type": "feed", "auto": True}
    assert chosen["cities"] == [{"city": [1, 0], "sources": [[0, 0], [2, 0]]}]
    # nothing else may happen before feeding
    rejects(s, 0, {"type": "draw", "pile": "nature", "from": "deck"}, "G3.1", status=409)
    rejects(s, 0, {"type": "feed", "sources": []}, "G7.1")
    rejects(s, 0, {"type": "feed", "sources": [{"city": [1, 0], "from": [1, 1]}]}, "G7.1")
    fed, events = play(s, 0, {"type": "feed", "sources": [{"city": [1, 0], "from": [0, 0]}]})
    assert at(fed, (0, 0))["animals"] == 1 and at(fed, (2, 0))["animals"] == 4
    assert fed["turn"]["phase"] == "actions"
    # auto: most tokens first
    auto_fed, _ = play(s, 0, {"type": "feed", "auto": True})
    assert at(auto_fed, (2, 0))["animals"] == 3 and at(auto_fed, (0, 0))["animals"] == 2


def test_g7_2_auto_ties_go_to_the_smallest_y_then_x():
    s = game()
    tile(s, (0, 0), "forest", animals=2)
    tile(s, (1, -1), "desert", animals=2)
    city(s, (1, 0), "plains", ["animals", "forest", "desert", "sea"], builder=0)
    settle(s)
    s, _ = _ada_next(s)
    s, events = play(s, 0, {"type": "feed", "auto": True})
    assert [e["from"] for e in events if e["type"] == "fed"] == [[1, -1]]


def test_g7_2_shared_source_without_enough_tokens_is_a_choice():
    s = game()
    tile(s, (0, 0), "forest", animals=1)
    city(s, (1, 0), "plains", ["animals", "forest", "sea", "sea"], builder=0)
    city(s, (-1, 0), "plains", ["animals", "forest", "sea", "sea"], builder=0)
    settle(s)
    s, events = _ada_next(s)
    assert s["turn"]["phase"] == "feeding"
    # the first city eats the last token; the second has nothing left and eats nothing
    s, events = play(s, 0, {"type": "feed", "sources": [{"city": [-1, 0], "from": [0, 0]}]})
    assert types(events)[0] == "fed"
    assert at(s, (0, 0))["animals"] == 0


def test_g7_3_the_feeding_player_can_win_by_a_cascade_claim():
    s = game()
    s["players"][0]["pawns"] = 1
    tile(s, (0, 0), "forest", animals=1)
    city(s, (1, 0), "plains", ["animals", "forest", "sea", "sea"], builder=0)
    # Bo's city with a single satisfied need, next to the source tile
    city(s, (-1, 0), "desert", ["animals", "mountain", "mountain", "mountain"], builder=1)
    city(s, (-1, 1), "mountain", ["desert", "forest", "sea", "sea"], builder=1)
    tile(s, (-2, 1), "forest")
    settle(s)
    assert at(s, (-1, 1))["city"]["satisfied"] == 1
    s, events = _ada_next(s)
    # the token goes, Bo's desert city starves and is removed, the mountain city rises
    assert {"type": "city_removed", "at": [-1, 0],
            "card": {"kind": "city", "symbol": "desert",
                     "needs": ["animals", "mountain", "mountain", "mountain"]},
            "terrain": "desert", "owner": 1} in events
    assert at(s, (-1, 1))["city"]["pawns"] == [0]
    assert s["status"] == "finished"
    assert s["result"]["winner"] == 0 and s["result"]["reason"] == "no_pawns_left"


def test_g7_4_next_players_feeding_belongs_to_the_move_that_passed_the_turn():
    s = game()
    tile(s, (0, 0), "forest", animals=2)
    city(s, (1, 0), "plains", ["animals", "forest", "sea", "sea"], builder=1)
    settle(s)
    s["players"][0]["hand"]["nature"] = {"known": ["sea", "sea"], "unknown": 0}
    s, _ = play(s, 0, {"type": "play_nature", "terrain": "sea", "at": [0, 1]})
    s, events = play(s, 0, {"type": "play_nature", "terrain": "sea", "at": [0, -1]})
    assert types(events) == ["tile_placed", "turn_passed", "fed"]
    assert s["turn"] == {"seat": 1, "actions_left": 2, "phase": "actions", "number": 2}


def _order_matters_position():
    """Two of Ada's hungry cities, each with one source holding its last token. Emptying
    (0, 0) starves Bo's desert city, whose bare desert raises Bo's mountain city; emptying
    (-1, 2) costs that mountain city its animals. Which goes first decides Bo's pawn."""
    s = game()
    tile(s, (0, 0), "forest", animals=1)
    tile(s, (-1, 2), "forest", animals=1)
    city(s, (1, 0), "plains", ["animals", "forest", "sea", "sea"], builder=0)
    city(s, (0, 2), "plains", ["animals", "forest", "sea", "sea"], builder=0)
    city(s, (-1, 0), "desert", ["animals", "mountain", "mountain", "mountain"], builder=1)
    city(s, (-1, 1), "mountain", ["animals", "desert", "forest", "sea"], builder=1,
         pawns=(1,))
    settle(s)
    assert at(s, (-1, 1))["city"]["satisfied"] == 2
    return s


def test_g7_2_feeding_waits_when_the_order_of_the_cities_changes_the_result():
    s, events = _ada_next(_order_matters_position())
    assert types(events) == ["turn_passed", "feeding_required"]
    assert s["turn"]["phase"] == "feeding"
    first = {"city": [1, 0], "from": [0, 0]}
    second = {"city": [0, 2], "from": [-1, 2]}
    # (0, 0) first: the mountain city climbs to 3 (Ada joins Bo), then falls back to 2
    a, _ = play(s, 0, {"type": "feed", "sources": [first, second]})
    assert at(a, (-1, 1))["city"]["pawns"] == [1, 0] and a["players"][1]["pawns"] == 5
    # (-1, 2) first: it falls to 1 (Bo's pawn goes home), then climbs back: Ada's alone
    b, _ = play(s, 0, {"type": "feed", "sources": [second, first]})
    assert at(b, (-1, 1))["city"]["pawns"] == [0] and b["players"][1]["pawns"] == 6


def test_g7_2_feeding_stays_automatic_when_no_source_empties():
    s = _order_matters_position()
    at(s, (0, 0))["animals"] = 2
    at(s, (-1, 2))["animals"] = 2
    s["supply"]["animals"] -= 2
    s, events = _ada_next(s)
    assert types(events) == ["turn_passed", "fed", "fed"]
    assert s["turn"]["phase"] == "actions"
