"""A reaction window says what it is about: the public view of an open window carries the
card's effect (``turn.reaction.effect``) as the events it would bring if let act, worked
out by the engine (G10.3, K5.6); reading the view changes nothing."""

from __future__ import annotations

import copy

from companion.games import GAMES
from tests.games.gaia import helpers as g
from tests.games.gaia.test_expert import expert, powers
from tests.games.kazaam import helpers as k


def effect(game: str, state: dict) -> list[dict]:
    before = copy.deepcopy(state)
    view = GAMES[game].view_for(state)
    assert state == before  # the effect is foreseen on a copy
    return view["turn"]["reaction"]["effect"]


def test_g10_3_sun_says_the_swamp_becomes_plains_and_the_city_it_costs_a_need():
    s = expert()
    g.tile(s, (0, 0), "swamp")
    g.city(s, (1, 0), "plains", ["swamp", "forest", "desert", "desert"], builder=1, pawns=(1,))
    g.tile(s, (2, 0), "forest")
    g.settle(s)
    powers(s, 0, "sun")
    s, _ = g.play(s, 0, {"type": "play_power", "card": "sun", "at": [0, 0]})
    foreseen = effect("gaia", s)
    assert foreseen == [
        {"type": "terrain_changed", "at": [0, 0], "from": "swamp", "to": "plains"},
        {"type": "city_needs_changed", "at": [1, 0], "from": 2, "to": 1, "terrain": "plains",
         "owner": 1},
        {"type": "pawns_returned", "at": [1, 0], "seats": [1], "terrain": "plains", "owner": 1}]
    # and it is what the card then does
    _, events = g.play(s, 1, {"type": "pass"})
    assert events[1:4] == foreseen


def test_g10_3_rain_on_plains_becomes_swamp_earthquake_and_tornado():
    s = expert(3)
    g.tile(s, (0, 0), "plains")
    g.tile(s, (1, 0), "forest", animals=4)
    powers(s, 0, "rain", "earthquake")
    rain, _ = g.play(s, 0, {"type": "play_power", "card": "rain", "at": [0, 0]})
    assert effect("gaia", rain) == [
        {"type": "terrain_changed", "at": [0, 0], "from": "plains", "to": "swamp"}]
    quake, _ = g.play(s, 0, {"type": "play_power", "card": "earthquake", "at": [0, 0],
                             "to": [1, 0]})
    assert effect("gaia", quake) == [{"type": "tiles_swapped", "at": [0, 0], "to": [1, 0],
                                      "terrain": "plains", "other": "forest"}]
    s = expert(3)
    g.hand(s, 1, "forest")
    g.hand(s, 2)
    powers(s, 0, "tornado")
    powers(s, 1)
    powers(s, 2)
    s, _ = g.play(s, 0, {"type": "play_power", "card": "tornado"})
    # only Bo holds a card: the tornado takes from him alone
    assert effect("gaia", s) == [{"type": "tornado_choice", "seat": 0, "seats": [1]}]


def test_no_window_no_effect():
    assert GAMES["gaia"].view_for(expert())["turn"].get("reaction") is None
    assert GAMES["kazaam"].view_for(k.game())["turn"]["reaction"] is None


def test_k5_6_the_tail_turns_the_part_down_or_discards_a_face_down_one():
    s = k.game(2)
    k.built(s, 0, "tail", k.T("wood", "tail", "mercury", "sulphur"))
    k.built(s, 1, "head", k.T("fire", "head", "mercury", "sulphur"))
    k.built(s, 1, "torso", k.T("fire", "torso", "mandrake", "sulphur"))
    k.built(s, 1, "left_arm", k.T("fur", "arm", "mercury", "mercury"), face_up=False)
    tail = {"type": "power", "slot": "tail"}
    up, _ = k.play(s, 0, {**tail, "target": {"seat": 1, "slot": "torso"}})
    assert effect("kazaam", up) == [{"type": "part_turned_down", "seat": 1, "slot": "torso"}]
    down, _ = k.play(s, 0, {**tail, "target": {"seat": 1, "slot": "left_arm"}})
    assert effect("kazaam", down) == [
        {"type": "part_discarded", "seat": 1, "slot": "left_arm",
         "tile": k.T("fur", "arm", "mercury", "mercury")}]
