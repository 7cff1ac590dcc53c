"""Pawns onto raised cities (G6.3, G6.5, G6.7)."""

from __future__ import annotations

from typing import Any

from companion.games.errors import RuleViolation
from companion.games.gaia.board import key, xy
from companion.games.gaia.context import Ctx, coord_list
from companion.games.gaia.document import city_on
from companion.games.gaia.names import place, seen


def claimable(ctx: Ctx, mover: int) -> list[str]:
    """Cities the mover may put a pawn on now: the new city, then every rise.

    Expert game (G10.1): the raiser takes the city over; at all 4 needs the holder
    may have a second pawn there."""
    tiles = ctx.state["tiles"]
    expert = ctx.state["options"]["variant"] == "expert"
    order = ([ctx.new_city] if ctx.new_city else []) + [k for k in ctx.rises if k != ctx.new_city]
    out = []
    for k in order:
        city = tiles[k]["city"] if k in tiles else None
        if city is None or city["satisfied"] < 2:
            continue
        mine = city["pawns"].count(mover)
        if mine == 0 or (expert and mine == 1 and city["satisfied"] == 4):
            out.append(k)
    return out


def _place(ctx: Ctx, mover: int, k: str) -> None:
    city = city_on(ctx.state["tiles"][k])
    player = ctx.state["players"][mover]
    if ctx.state["options"]["variant"] == "expert":
        others = [s for s in city["pawns"] if s != mover]
        if others:  # G10.1: the last raiser holds the city alone
            for seat in others:
                ctx.state["players"][seat]["pawns"] += 1
            city["pawns"] = [s for s in city["pawns"] if s == mover]
            ctx.emit("pawns_returned", at=xy(k), seats=others, **seen(ctx.state, k))
        want = 2 if city["satisfied"] == 4 else 1
        while city["pawns"].count(mover) < want and player["pawns"] > 0:
            city["pawns"].append(mover)
            player["pawns"] -= 1
            ctx.emit("pawn_placed", seat=mover, at=xy(k), **seen(ctx.state, k))
        return
    city["pawns"].append(mover)
    player["pawns"] -= 1
    ctx.emit("pawn_placed", seat=mover, at=xy(k), **seen(ctx.state, k))


def resolve_claims(ctx: Ctx, mover: int, requested: Any, lapse: bool = False) -> None:
    """Place the mover's pawns; ``requested`` (claim_cities) None means all it may.

    ``lapse``: the claim was made before the map changed (a power card's, judged when
    its window closed, G6.5): a named city that did not rise gets no pawn, and nothing
    is refused, since refusing would leave the window open for good."""
    options = claimable(ctx, mover)
    player = ctx.state["players"][mover]
    if requested is None:
        targets = options[: player["pawns"]]
    else:
        targets = [key(at) for at in coord_list(requested, "claim_cities")]
        if lapse:
            targets = [k for k in targets if k in options]
        for k in targets:
            if k not in options or targets.count(k) > 1:
                named = place(ctx.state, k)
                key_ = "gaia.claim.not_claimable" if "owner" in named else "gaia.claim.no_city"
                raise RuleViolation("G6.5", key_, at=xy(k), **named)
        if len(targets) > player["pawns"]:
            raise RuleViolation("G6.5", "gaia.claim.no_pawns", wanted=len(targets),
                                have=player["pawns"])
    for k in targets:
        if player["pawns"] == 0:
            break
        _place(ctx, mover, k)
    ctx.rises.clear()
    ctx.new_city = None
