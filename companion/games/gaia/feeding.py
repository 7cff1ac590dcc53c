"""Feeding the cities at the start of a turn (G7)."""

from __future__ import annotations

from typing import Any

from companion.games.errors import BadMove, RuleViolation
from companion.games.gaia.board import around, cascade, cities_in_order, key, xy
from companion.games.gaia.components import ANIMALS
from companion.games.gaia.context import Ctx, coord
from companion.games.gaia.document import City, GaiaState
from companion.games.gaia.names import place, seen


def in_scope(scope: str, city: City, seat: int) -> bool:
    """G7.1: whether ``seat`` feeds ``city`` under the ``feeding`` option: ``builder``
    (the cities it laid, even once taken over), ``holder`` (the cities its pawns hold;
    one without pawns stays its builder's, so no city goes unfed) or ``all``."""
    if scope == "all":
        return True
    if scope == "holder" and city["pawns"]:
        return seat in city["pawns"]
    return city["builder"] == seat


def hungry(state: GaiaState, seat: int) -> list[str]:
    """G7.1: cities in scope with an ``animals`` need, in build order."""
    scope = state["options"]["feeding"]
    return [k for k, city in cities_in_order(state["tiles"])
            if ANIMALS in city["needs"] and in_scope(scope, city, seat)]


def sources(state: GaiaState, k: str) -> list[str]:
    tiles = state["tiles"]
    return [n for n in around(k) if n in tiles and tiles[n]["animals"] > 0]


def plan(state: GaiaState, seat: int) -> list[tuple[str, list[str]]]:
    """Each hungry city with the tiles it could eat from (cities with none left out)."""
    out = []
    for k in hungry(state, seat):
        found = sources(state, k)
        if found:
            out.append((k, found))
    return out


def has_choice(state: GaiaState, meals: list[tuple[str, list[str]]]) -> bool:
    """G7.2, conservatively: feeding is automatic only when no choice can change the result.

    A city with several sources is a choice. With one source each, a feeding that
    empties no tile changes no need (every tile keeps animals), so any order gives
    the same result; one that empties a tile starts a cascade whose course may depend
    on which city eats first, so it is a choice unless a single city eats.
    """
    demand: dict[str, int] = {}
    for _, found in meals:
        if len(found) > 1:
            return True
        demand[found[0]] = demand.get(found[0], 0) + 1
    emptied = any(state["tiles"][src]["animals"] <= n for src, n in demand.items())
    return len(meals) > 1 and emptied


def _eat(ctx: Ctx, city: str, src: str) -> None:
    ctx.state["tiles"][src]["animals"] -= 1
    ctx.state["supply"]["animals"] += 1
    ctx.emit("fed", seat=ctx.seat, city=xy(city), **{"from": xy(src)}, **seen(ctx.state, city),
             source=ctx.state["tiles"][src]["terrain"])
    cascade(ctx.state, ctx.events, ctx.rises)  # G7.3: after each city eats


def _best_source(state: GaiaState, k: str) -> str | None:
    found = sources(state, k)
    if not found:
        return None
    return min(found, key=lambda s: (-state["tiles"][s]["animals"], xy(s)[1], xy(s)[0]))


def feed_auto(ctx: Ctx) -> None:
    """G7.2: most tokens first, ties to the smallest [y, x]; build order."""
    for k in hungry(ctx.state, ctx.seat):
        if ctx.state["tiles"][k]["city"] is None:
            continue  # removed earlier in this feeding: eats nothing more
        src = _best_source(ctx.state, k)
        if src is not None:
            _eat(ctx, k, src)


def feed_chosen(ctx: Ctx, raw: Any) -> None:
    """A ``feed`` move's own list: each city once, from an adjacent tile with tokens."""
    if raw is None:  # the shapes: a list of objects, if given
        raise BadMove("move", "move.bad_field", field="sources")
    scope = set(hungry(ctx.state, ctx.seat))
    fed: set[str] = set()
    for entry in raw:
        city, src = key(coord(entry, "city")), key(coord(entry, "from"))
        if city in scope and ctx.state["tiles"][city]["city"] is None:
            continue  # G7.3: removed earlier in this feeding, it eats nothing more
        if city not in scope or city in fed:
            raise RuleViolation("G7.1", _no_city(ctx, city, "gaia.feed.not_hungry"), city=xy(city),
                                **place(ctx.state, city))
        if src not in sources(ctx.state, city):
            raise RuleViolation("G7.1", "gaia.feed.bad_source", city=xy(city), source=xy(src),
                                **place(ctx.state, city))
        fed.add(city)
        _eat(ctx, city, src)
    for k in hungry(ctx.state, ctx.seat):
        if k not in fed and sources(ctx.state, k):
            raise RuleViolation("G7.1", "gaia.feed.missing", city=xy(k), **place(ctx.state, k))


def _no_city(ctx: Ctx, k: str, key_: str) -> str:
    """The refusal's key: a square without a city gets its own sentence."""
    tile = ctx.state["tiles"].get(k)
    return key_ if tile is not None and tile["city"] is not None else "gaia.feed.no_city"
