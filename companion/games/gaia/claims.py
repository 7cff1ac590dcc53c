"""Pawns onto raised cities (G6.3, G6.5, G6.7)."""

from __future__ import annotations

from typing import Any

from companion.games.errors import RuleViolation
from companion.games.gaia.board import key, xy
from companion.games.gaia.context import Ctx, coord_list


def claimable(ctx: Ctx, mover: int) -> list[str]:
    """Cities the mover may put a pawn on now: the new city, then every rise."""
    tiles = ctx.state["tiles"]
    order = ([ctx.new_city] if ctx.new_city else []) + [k for k in ctx.rises if k != ctx.new_city]
    out = []
    for k in order:
        city = tiles[k]["city"] if k in tiles else None
        if city is not None and city["satisfied"] >= 2 and mover not in city["pawns"]:
            out.append(k)
    return out


def resolve_claims(ctx: Ctx, mover: int, requested: Any) -> None:
    """Place the mover's pawns; ``requested`` (claim_cities) None means all it may."""
    options = claimable(ctx, mover)
    player = ctx.state["players"][mover]
    if requested is None:
        targets = options[: player["pawns"]]
    else:
        targets = [key(at) for at in coord_list(requested, "claim_cities")]
        for k in targets:
            if k not in options or targets.count(k) > 1:
                raise RuleViolation("G6.5", "gaia.claim.not_claimable", at=xy(k))
        if len(targets) > player["pawns"]:
            raise RuleViolation("G6.5", "gaia.claim.no_pawns", wanted=len(targets),
                                have=player["pawns"])
    for k in targets:
        ctx.state["tiles"][k]["city"]["pawns"].append(mover)
        player["pawns"] -= 1
        ctx.emit("pawn_placed", seat=mover, at=xy(k))
    ctx.rises.clear()
    ctx.new_city = None
