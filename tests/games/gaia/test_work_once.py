"""Gaia's legal moves and accounting do their work once: the faster forms
give exactly what the plain forms gave, on every state of seeded games (base and
expert). The plain forms are written out here as the reference."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from companion.games.gaia import cards, legal
from companion.games.gaia.board import met_needs, neighbours, offers, open_squares, xy
from companion.games.gaia.components import ANIMALS, SYMBOLS, TERRAINS
from companion.games.gaia.playout import Table


def plain_open_squares(tiles: dict[str, Any]) -> list[list[int]]:
    if not tiles:
        return [[0, 0]]
    found: set[str] = set()
    for k in tiles:
        found.update(n for n in neighbours(xy(k)) if n not in tiles)
    return sorted((xy(k) for k in found), key=lambda p: (p[1], p[0]))


def plain_unknown_city(state: dict[str, Any]) -> list[dict[str, Any]]:
    distinct = state["options"]["duplicate_needs"] == "distinct_neighbours"
    out = []
    for symbol in SYMBOLS:
        at = []
        for k in legal._free_tiles(state, symbol):
            nearby = offers(state["tiles"], xy(k))
            available = [t for t in TERRAINS if any(o["terrain"] == t for o in nearby)]
            available += [ANIMALS] if any(o["animals"] for o in nearby) else []
            if len(available) >= 2 or (available and sum(met_needs(
                    [available[0]] * 2, nearby, distinct)) == 2):
                supply = {a: sum(1 for o in nearby if (o["animals"] if a == ANIMALS
                                                      else o["terrain"] == a))
                          for a in available}
                at.append({"at": xy(k), "available": available, "supply": supply})
        if at:
            out.append({"type": "play_city", "symbol": symbol, "needs": None, "at": at})
    return out


def states(seeds: range, **options: Any) -> list[dict[str, Any]]:
    found = []
    for seed in seeds:
        table = Table.deal(seed, players=2 + seed % 4, **options)
        while table.state["status"] == "playing":
            found.append(table.state)
            table.step()
    return found


@pytest.mark.parametrize("options", [{}, {"variant": "expert", "catastrophes": True}],
                         ids=["base", "expert"])
def test_the_faster_forms_give_what_the_plain_ones_gave(options):
    seen = states(range(6), **options)
    assert len(seen) > 300
    cities_weighed = 0
    for state in seen:
        assert open_squares(state["tiles"]) == plain_open_squares(state["tiles"])
        free = legal._Free(state)
        for symbol in SYMBOLS:
            assert free(symbol) == legal._free_tiles(state, symbol)
        expected = plain_unknown_city(state)
        assert legal._unknown_city(state, free) == expected
        cities_weighed += sum(len(t["at"]) for t in expected)
    assert cities_weighed > 1000  # the city squares were really compared


def plain_over(state: dict[str, Any], public: Counter[Any], player: dict[str, Any]) -> Any:
    catalog = state["options"].get("city_catalog") is not None
    counts = cards._tally(Counter(public), cards._private(player), catalog)
    limits = cards._limits(state)
    return next((kind for kind, n in counts.items() if n > limits.get(kind, 0)), None)


def test_accounting_with_the_limits_given_once_refuses_and_forgets_as_before():
    for state in states(range(3)):
        public = cards.public_counts(state)
        limits = cards._limits(state)
        for player in state["players"]:
            assert (cards._over(state, public, player, limits)
                    == plain_over(state, public, player))
