"""G4 nature cards and tiles, G5 animal cards."""

from companion.games.gaia.legal import legal_moves

from .helpers import A, at, city, game, hand, play, rejects, settle, tile, types


def test_g4_1_needs_a_tile_in_the_supply():
    s = game()
    hand(s, 0, "swamp")
    s["supply"]["tiles"]["swamp"] = 0
    rejects(s, 0, {"type": "play_nature", "terrain": "swamp", "at": [0, 0]}, "G4.1")
    s["supply"]["tiles"]["swamp"] = 1
    s, _ = play(s, 0, {"type": "play_nature", "terrain": "swamp", "at": [0, 0]})
    assert s["supply"]["tiles"]["swamp"] == 0


def test_g4_2_first_tile_anywhere_then_orthogonally_adjacent():
    s = game()
    hand(s, 0, "forest", "sea")
    s, events = play(s, 0, {"type": "play_nature", "terrain": "forest", "at": [5, -3]})
    assert events == [{"type": "tile_placed", "seat": 0, "terrain": "forest", "at": [5, -3]}]
    rejects(s, 0, {"type": "play_nature", "terrain": "sea", "at": [6, -2]}, "G4.2")  # diagonal
    rejects(s, 0, {"type": "play_nature", "terrain": "sea", "at": [5, -3]}, "G4.2")  # taken
    s, _ = play(s, 0, {"type": "play_nature", "terrain": "sea", "at": [5, -2]})
    assert at(s, (5, -2))["terrain"] == "sea"


def test_g4_2_legal_squares_are_the_open_neighbours():
    s = game()
    tile(s, (0, 0), "forest")
    hand(s, 0, "sea")
    [nature] = [m for m in legal_moves(s, 0) if m["type"] == "play_nature"]
    assert nature == {"type": "play_nature", "terrain": "sea",
                      "at": [[0, -1], [-1, 0], [1, 0], [0, 1]]}


def test_g4_3_played_nature_card_goes_to_the_tableau():
    s = game()
    hand(s, 0, "forest", "forest")
    s, _ = play(s, 0, {"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    s, _ = play(s, 0, {"type": "play_nature", "terrain": "forest", "at": [1, 0]})
    assert s["players"][0]["tableau"] == {"forest": 2}
    assert s["supply"]["tiles"]["forest"] == 6


def test_g5_1_needs_four_animal_tokens():
    s = game()
    tile(s, (0, 0), "forest")
    hand(s, 0, A("forest"))
    s["supply"]["animals"] = 3
    rejects(s, 0, {"type": "play_animals", "symbol": "forest", "at": [0, 0]}, "G5.1")


def test_g5_2_four_tokens_on_a_matching_empty_tile_card_discarded():
    s = game()
    tile(s, (0, 0), "forest")
    tile(s, (1, 0), "sea")
    tile(s, (2, 0), "forest", animals=1)
    hand(s, 0, A("star"), A("sea"))
    rejects(s, 0, {"type": "play_animals", "symbol": "star", "at": [1, 0]}, "G5.2")  # sea
    rejects(s, 0, {"type": "play_animals", "symbol": "star", "at": [2, 0]}, "G5.2")  # animals
    rejects(s, 0, {"type": "play_animals", "symbol": "star", "at": [9, 9]}, "G5.2")  # no tile
    s, events = play(s, 0, {"type": "play_animals", "symbol": "star", "at": [0, 0]})
    assert events == [{"type": "animals_placed", "seat": 0, "at": [0, 0], "symbol": "star",
                       "count": 4, "terrain": "forest"}]
    assert at(s, (0, 0))["animals"] == 4 and s["supply"]["animals"] == 15
    assert A("star") in s["piles"]["discard"]


def test_g5_2_animals_raise_a_neighbouring_city():
    s = game()
    city(s, (0, 0), "plains", ["animals", "forest", "sea", "sea"], builder=1)
    tile(s, (1, 0), "forest")
    tile(s, (0, 1), "sea")
    settle(s)
    hand(s, 0, A("forest"))
    s, events = play(s, 0, {"type": "play_animals", "symbol": "forest", "at": [1, 0]})
    assert types(events) == ["animals_placed", "city_needs_changed", "pawn_placed"]
    assert at(s, (0, 0))["city"]["satisfied"] == 4
