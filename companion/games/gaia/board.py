"""The map: squares, adjacency, needs and the city cascade (G4.2, G6.4-G6.7)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from companion.games.gaia.components import ANIMALS
from companion.games.gaia.document import City, GaiaState, Tile, city_on

Tiles = dict[str, Tile]
Xy = tuple[int, int]


def key(at: Xy | list[int]) -> str:
    return f"{at[0]},{at[1]}"


#: squares remembered per worker, parsed and with their neighbours: a map's squares
#: are few and asked again on every move (legal moves walk the whole map)
SQUARES_KEPT = 16384


@lru_cache(maxsize=SQUARES_KEPT)
def parsed(k: str) -> Xy:
    """The square a map key names ("x,y"), as a tuple (shared: never changed)."""
    x, y = k.split(",")
    return int(x), int(y)


def xy(k: str) -> list[int]:
    return list(parsed(k))


def neighbours(at: Xy | list[int]) -> list[str]:
    """G6.4: the four orthogonal neighbours, never diagonal."""
    x, y = at[0], at[1]
    return [f"{x},{y - 1}", f"{x - 1},{y}", f"{x + 1},{y}", f"{x},{y + 1}"]


@lru_cache(maxsize=SQUARES_KEPT)
def around(k: str) -> tuple[str, ...]:
    """:func:`neighbours` of the square a map key names, in the same order (shared)."""
    return tuple(neighbours(parsed(k)))


def open_squares(tiles: Tiles) -> list[list[int]]:
    """G4.2: empty squares next to a tile; the first tile goes at [0, 0]."""
    if not tiles:
        return [[0, 0]]
    found: set[str] = set()
    for k in tiles:
        found.update(around(k))
    found.difference_update(tiles)
    return [[x, y] for y, x in sorted((p[1], p[0]) for p in map(parsed, found))]


def offers(tiles: Tiles, at: Xy | list[int]) -> list[dict[str, Any]]:
    """What each neighbour of a square offers to a city's needs there."""
    return offers_at(tiles, key(at))


def offers_at(tiles: Tiles, k: str) -> list[dict[str, Any]]:
    """:func:`offers` for the square map key ``k`` names."""
    out = []
    for n in around(k):
        tile = tiles.get(n)
        if tile is not None:
            out.append({"terrain": None if tile["city"] else tile["terrain"],
                        "animals": tile["animals"] > 0})
    return out


def met_needs(needs: list[str], nearby: list[dict[str, Any]], distinct: bool) -> list[bool]:
    """G6.4: which of a city's need icons are satisfied by its neighbours.

    Each icon is checked on its own; with ``distinct`` equal icons need as
    many different matching neighbours.
    """
    used: dict[str, int] = {}
    met = []
    for need in needs:
        if need == ANIMALS:
            supply = sum(1 for o in nearby if o["animals"])
        else:
            supply = sum(1 for o in nearby if o["terrain"] == need)
        seen = used.get(need, 0)
        ok = supply > seen if distinct else supply > 0
        used[need] = seen + 1
        met.append(ok)
    return met


def satisfied(tiles: Tiles, at: Xy | list[int], needs: list[str], distinct: bool) -> int:
    return sum(met_needs(needs, offers(tiles, at), distinct))


def cities_in_order(tiles: Tiles) -> list[tuple[str, City]]:
    """Cities by build order (the order feeding and the cascade visit them)."""
    found = [(k, t["city"]) for k, t in tiles.items() if t["city"] is not None]
    found.sort(key=lambda kc: kc[1]["seq"])
    return found


def cascade(state: GaiaState, events: list[dict[str, Any]], rises: dict[str, None]) -> None:
    """G6.5-G6.7: re-evaluate every city in rounds until a round changes nothing.

    Each round measures every city against the map as it stands at the start of
    the round, then applies all the round's changes together: drops to 1 send all
    pawns home, a drop to 0 removes the city (re-exposing its terrain for the next
    round). Cities are visited by square, [y, x], never by build order, so the
    order in which they were built cannot change the outcome. Every step up is
    remembered in ``rises`` (insertion-ordered) for the mover's claims.
    """
    tiles = state["tiles"]
    distinct = state["options"]["duplicate_needs"] == "distinct_neighbours"
    while True:
        changed: list[tuple[str, City, int]] = []
        for k in sorted((k for k, t in tiles.items() if t["city"] is not None),
                        key=lambda k: (xy(k)[1], xy(k)[0])):
            city = city_on(tiles[k])
            now = satisfied(tiles, xy(k), city["needs"], distinct)
            if now != city["satisfied"]:
                changed.append((k, city, now))
        if not changed:
            return
        for k, city, now in changed:
            events.append({"type": "city_needs_changed", "at": xy(k),
                           "from": city["satisfied"], "to": now,
                           "terrain": tiles[k]["terrain"], "owner": city["builder"]})
            if now > city["satisfied"]:
                rises[k] = None
            city["satisfied"] = now
        for k, city, now in changed:
            if now <= 1 and city["pawns"]:
                _send_pawns_home(state, city, xy(k), events)
            if now == 0:
                _remove_city(state, k, events)
                rises.pop(k, None)


def _send_pawns_home(state: GaiaState, city: City, at: list[int],
                     events: list[dict[str, Any]]) -> None:
    seats = list(city["pawns"])
    for seat in seats:
        state["players"][seat]["pawns"] += 1
    city["pawns"] = []
    events.append({"type": "pawns_returned", "at": at, "seats": seats,
                   "terrain": state["tiles"][key(at)]["terrain"], "owner": city["builder"]})


def _remove_city(state: GaiaState, k: str, events: list[dict[str, Any]]) -> None:
    city = city_on(state["tiles"][k])
    state["tiles"][k]["city"] = None
    card = {"kind": "city", "symbol": city["symbol"], "needs": city["needs"]}
    state["piles"]["discard"].append(card)
    events.append({"type": "city_removed", "at": xy(k), "card": card,
                   "terrain": state["tiles"][k]["terrain"], "owner": city["builder"]})


def remove_city(state: GaiaState, k: str, events: list[dict[str, Any]]) -> None:
    """Take a city off the map, its pawns home first (used by the expert cards)."""
    city = city_on(state["tiles"][k])
    if city["pawns"]:
        _send_pawns_home(state, city, xy(k), events)
    _remove_city(state, k, events)
