"""G6.7: the cascade runs in rounds, so the build order of cities never changes a move's
outcome (Earthquake, Volcano, Lightning change several squares or cities at once)."""

from __future__ import annotations

import json
from typing import Any

from .helpers import at, city, game, play, settle, tile, types

EXPERT_DISPLAY = {"nature": ["plains", "desert", "mountain"],
                  "life": [{"kind": "animals", "symbol": "desert"},
                           {"kind": "city", "symbol": "mountain",
                            "needs": ["desert", "desert", "plains", "animals"]}],
                  "power": ["sun", "defense"]}


def _expert() -> dict[str, Any]:
    return game(2, display=EXPERT_DISPLAY, variant="expert", catastrophes=True)


def _without_build_order(state: dict[str, Any]) -> str:
    """The state as JSON, with the cities' build sequence numbers left out."""
    plain = json.loads(json.dumps(state))
    for t in plain["tiles"].values():
        if t["city"]:
            del t["city"]["seq"]
    return json.dumps(plain, sort_keys=True)


def _both_orders(build: Any, card: str, move: dict[str, Any]
                 ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play ``move`` on the position built in both orders; both outcomes must agree."""
    results = []
    for reverse in (False, True):
        s = _expert()
        build(s, reverse)
        settle(s)
        s["players"][0]["hand"]["power"] = {"known": [card], "unknown": 0}
        s, events = play(s, 0, {"type": "play_power", "card": card, **move})
        if s["turn"]["phase"] == "reaction":
            s, more = play(s, 0, {"type": "nobody_defended"})
            events += more
        results.append((s, events))
    (first, first_events), (second, second_events) = results
    assert first_events == second_events
    assert _without_build_order(first) == _without_build_order(second)
    return first, first_events


def test_g6_7_earthquake_same_outcome_whatever_the_build_order():
    def build(s: dict[str, Any], reverse: bool) -> None:
        tile(s, (0, 1), "forest")
        tile(s, (1, 1), "sea")
        tile(s, (2, 0), "mountain")
        cities = [  # X lives on the forest below it; Y on the sea and the mountain
            lambda: city(s, (0, 0), "desert", ["forest", "mountain", "mountain", "mountain"],
                         builder=1),
            lambda: city(s, (1, 0), "plains", ["sea", "mountain", "desert", "swamp"],
                         builder=1, pawns=(1,)),
        ]
        for make in reversed(cities) if reverse else cities:
            make()

    s, events = _both_orders(build, "earthquake", {"at": [0, 1], "to": [1, 1]})
    # round 1 (same map for both): X loses its forest (0, removed), Y its sea (1, pawn home);
    # round 2: X's desert is bare again and Y climbs back to 2 — Ada claims it
    assert {"type": "pawns_returned", "at": [1, 0], "seats": [1], "terrain": "plains",
            "owner": 1} in events
    assert at(s, (0, 0))["city"] is None
    assert at(s, (1, 0))["city"]["satisfied"] == 2
    assert at(s, (1, 0))["city"]["pawns"] == [0]
    assert s["players"][1]["pawns"] == 6 and s["players"][0]["pawns"] == 5
    assert types(events).count("city_needs_changed") == 3


def test_g6_7_volcano_same_outcome_whatever_the_build_order():
    def build(s: dict[str, Any], reverse: bool) -> None:
        tile(s, (0, 0), "sea")
        tile(s, (1, 0), "forest", animals=4)
        tile(s, (-1, 0), "plains")
        cities = [
            lambda: city(s, (1, 1), "plains", ["animals", "forest", "sea", "sea"], builder=1,
                         pawns=(1,)),
            lambda: city(s, (-1, 1), "desert", ["plains", "animals", "mountain", "mountain"],
                         builder=0),
        ]
        for make in reversed(cities) if reverse else cities:
            make()

    s, events = _both_orders(build, "volcano", {"at": [0, 0]})
    # forest and plains turn to desert, the animals go: both cities lose all their needs
    assert [e["at"] for e in events if e["type"] == "city_removed"] == [[-1, 1], [1, 1]]
    assert s["players"][1]["pawns"] == 6
    assert len(s["piles"]["discard"]) == 2


def test_g6_7_lightning_same_outcome_whatever_the_build_order():
    def build(s: dict[str, Any], reverse: bool) -> None:
        tile(s, (0, 0), "forest", animals=4)
        cities = [
            lambda: city(s, (1, 0), "plains", ["animals", "sea", "sea", "sea"], builder=1,
                         pawns=(1,)),
            lambda: city(s, (-1, 0), "plains", ["animals", "mountain", "sea", "sea"],
                         builder=0, pawns=(0,)),
        ]
        for make in reversed(cities) if reverse else cities:
            make()

    s, events = _both_orders(build, "lightning", {"at": [0, 0]})
    # both cities lose their only need in the same round: both removed, pawns home
    assert at(s, (1, 0))["city"] is None and at(s, (-1, 0))["city"] is None
    assert s["players"][0]["pawns"] == 6 and s["players"][1]["pawns"] == 6
    assert [e["at"] for e in events if e["type"] == "city_removed"] == [[-1, 0], [1, 0]]
