"""G9.4 (decision of 2026-12-04): the move that ends the game ends it at once — the
next player's feeding (G7.4) does not happen — and players tied below the winner
share a place (1, 2, 3, 3)."""

from companion.games.gaia import GAIA

from .helpers import at, city, game, hand, play, rejects, settle, tile, types


def _last_pawn_table():
    """4 players. Ada has one pawn left and can place it on Bo's plains city by laying a
    sea; Bo's hungry desert city (builder Bo) sits beside 4 animals, so his turn would
    start with feeding. Pawns placed: Bo 3, Cy 1, Di 1."""
    s = game(4)
    s["players"][0]["pawns"] = 1
    for seat, placed in ((1, 3), (2, 1), (3, 1)):
        s["players"][seat]["pawns"] -= placed
    city(s, (0, 0), "plains", ["forest", "sea", "desert", "swamp"], builder=1)
    tile(s, (1, 0), "forest")
    tile(s, (3, 0), "forest", animals=4)
    city(s, (4, 0), "desert", ["forest", "animals", "sea", "swamp"], builder=1)
    tile(s, (5, 0), "forest")
    settle(s)
    hand(s, 0, "sea")
    s["turn"]["actions_left"] = 1  # the move would pass the turn to Bo
    return s


def test_g9_4_the_winning_move_ends_the_game_before_the_next_players_feeding():
    s, events = play(_last_pawn_table(), 0,
                     {"type": "play_nature", "terrain": "sea", "at": [0, 1]})
    assert types(events) == ["tile_placed", "city_needs_changed", "pawn_placed", "game_over"]
    assert "turn_passed" not in types(events) and "fed" not in types(events)
    assert at(s, (3, 0))["animals"] == 4 and s["turn"]["seat"] == 0
    assert s["result"]["winner"] == 0 and s["result"]["reason"] == "no_pawns_left"
    # nothing more can be played: a refusal, and the finished game stays as it was
    rejects(s, 1, {"type": "feed", "auto": True}, "G9", status=409)


def test_g9_4_players_tied_below_the_winner_share_a_place():
    s, _ = play(_last_pawn_table(), 0, {"type": "play_nature", "terrain": "sea", "at": [0, 1]})
    assert s["result"]["ranking"][:2] == [0, 1] and s["result"]["winners"] == [0]
    rows = GAIA.score(s)["players"]
    assert [(r["name"], r["total"], r["rank"]) for r in rows] == [
        ("Ada", 5, 1), ("Bo", 3, 2), ("Cy", 1, 3), ("Di", 1, 3)]
    assert "tie_broken_by" not in GAIA.score(s)
