"""K4: draw, build, discard, refresh — and the pile's reshuffle (K4.7)."""

from __future__ import annotations

from typing import Any

from companion.games.errors import BadMove, RuleViolation
from companion.games.kazaam import tiles
from companion.games.kazaam.components import HAND_LIMIT, SLOTS
from companion.games.kazaam.context import Ctx
from companion.games.kazaam.state import built_at

Move = dict[str, Any]


def reshuffle_if_empty(ctx: Ctx) -> None:
    """K4.7: an empty pile takes the shuffled discard pile (identities hidden again).

    Only when a draw takes the last tile, or needs one from an empty pile: a pile
    that ran out while the discard pile was empty stays empty, and later discards wait
    in the discard pile (a leg may take them) until somebody draws."""
    state = ctx.state
    if state["pile"] == 0 and state["discard"]:
        state["pile"] = len(state["discard"])
        state["discard"] = []
        ctx.emit("pile_reshuffled", count=state["pile"])


def draw(ctx: Ctx, move: Move) -> None:
    """K4.2: a tile from the pile; refused at 6 in hand."""
    if tiles.hand_size(ctx.player) >= HAND_LIMIT:
        raise RuleViolation("K4.2", "kazaam.hand.full", limit=HAND_LIMIT)
    reshuffle_if_empty(ctx)
    if ctx.state["pile"] == 0:
        raise RuleViolation("K4.2", "kazaam.draw.empty")
    ctx.state["pile"] -= 1
    if move.get("tile") is not None:
        tile = tiles.parse(move["tile"], ctx.names)
        ctx.player["hand"]["known"].append(tile)
        tiles.check(ctx.state, ctx.seat, tile, public=False)
    else:
        ctx.player["hand"]["unknown"] += 1
    ctx.emit("tile_drawn", seat=ctx.seat)
    reshuffle_if_empty(ctx)  # the last tile drawn: at once


def build(ctx: Ctx, move: Move) -> None:
    """K4.3: into a free slot of its kind, paying exactly its ingredients."""
    tile = tiles.parse(move["tile"], ctx.names)
    slot = move["slot"]  # the shapes: a word, never missing
    if slot not in SLOTS:
        raise BadMove("move", "move.bad_field", field="slot")
    if SLOTS[slot] != tile["part"]:
        raise RuleViolation("K4.3", "kazaam.build.wrong_slot", part=tile["part"], slot=slot)
    board = ctx.player["board"]
    if board[slot] is not None:
        raise RuleViolation("K4.3", "kazaam.build.slot_taken", slot=slot)
    tiles.take_from_hand(ctx.player, tile)
    if not tiles.pay(ctx.player["pool"], tile["ingredients"]):
        raise RuleViolation("K4.3", "kazaam.build.cannot_pay", cost=tile["ingredients"],
                            pool={k: v for k, v in ctx.player["pool"].items() if v})
    board[slot] = {"tile": tile, "face_up": True}
    tiles.release(ctx.state, ctx.seat, tile)
    tiles.check(ctx.state, ctx.seat, tile, public=True)
    ctx.state["built_this_turn"] = True
    ctx.emit("part_built", seat=ctx.seat, slot=slot, tile=tile)


def discard(ctx: Ctx, move: Move) -> None:
    """K4.4: the tile's ingredients plus one of the alchemist's own."""
    tile = tiles.parse(move["tile"], ctx.names)
    tiles.take_from_hand(ctx.player, tile)
    ctx.state["discard"].append(tile)
    tiles.release(ctx.state, ctx.seat, tile)
    own = ctx.player["ingredient"]
    assert own is not None, "K1.6: every alchemist chose an ingredient when joining"
    gained = [*tile["ingredients"], own]
    for name in gained:
        ctx.player["pool"][name] = ctx.player["pool"].get(name, 0) + 1
    tiles.check(ctx.state, ctx.seat, tile, public=True)
    ctx.emit("tile_discarded", seat=ctx.seat, tile=tile, gained=sorted(gained))


def refresh(ctx: Ctx, move: Move) -> None:
    """K4.6: every face-down part of the player's own board turns face up (allowed with
    none face down: the action is spent, nothing changes)."""
    down = [s for s, b in ctx.player["board"].items() if b is not None and not b["face_up"]]
    for slot in down:
        built_at(ctx.player, slot)["face_up"] = True
    ctx.emit("parts_refreshed", seat=ctx.seat, slots=down)
