"""K5: the powers of built parts, and the head's reaction window (K5.6)."""

from __future__ import annotations

from typing import Any

from companion.games.base import copy_state, player_name
from companion.games.errors import BadMove, RuleViolation
from companion.games.kazaam import tiles
from companion.games.kazaam.components import HAND_LIMIT, SLOTS, TORSO_TAKES
from companion.games.kazaam.context import Ctx
from companion.games.kazaam.state import Reaction, State, built_at, window

Move = dict[str, Any]


def power(ctx: Ctx, move: Move) -> None:
    """K4.5: use a face-up part of one's own board; it turns face down."""
    slot = move["slot"]  # the shapes: a word, never missing
    if slot not in SLOTS:
        raise BadMove("move", "move.bad_field", field="slot")
    built = ctx.player["board"][slot]
    if built is None:
        raise RuleViolation("K4.5", "kazaam.power.empty_slot", slot=slot)
    if not built["face_up"]:
        raise RuleViolation("K4.5", "kazaam.power.face_down", slot=slot)
    kind = SLOTS[slot]
    if kind == "head":
        raise RuleViolation("K5.6", "kazaam.power.head_is_reaction")
    target = move.get("target")  # the shapes: an object, if given
    if kind == "tail" and target and target.get("seat") == ctx.seat \
            and target.get("slot") == slot:
        raise RuleViolation("K5.3", "kazaam.tail.not_itself")
    built["face_up"] = False
    ctx.emit("power_used", seat=ctx.seat, slot=slot, power=kind)
    POWERS[kind](ctx, target or {})


def _ear(ctx: Ctx, target: dict[str, Any]) -> None:
    """K5.1: the actor sees the other player's declared tiles; unknown stay unknown."""
    other = ctx.other(target)
    if other == ctx.seat:
        raise RuleViolation("K5.1", "kazaam.power.not_self")
    hand = ctx.state["players"][other]["hand"]
    ctx.player["revealed"] = {"seat": other, "tiles": list(hand["known"]),
                              "unknown": hand["unknown"]}
    ctx.emit("hand_looked_at", seat=ctx.seat, target=other)


def _arm(ctx: Ctx, target: dict[str, Any]) -> None:
    """K5.2: take a tile from another player's hand (a named one if they declared it)."""
    other = ctx.other(target)
    if other == ctx.seat:
        raise RuleViolation("K5.2", "kazaam.power.not_self")
    if tiles.hand_size(ctx.player) >= HAND_LIMIT:
        raise RuleViolation("K5.2", "kazaam.hand.full", limit=HAND_LIMIT)
    theirs = ctx.state["players"][other]["hand"]
    if theirs["unknown"] + len(theirs["known"]) == 0:
        raise RuleViolation("K5.2", "kazaam.arm.empty_hand", target=other,
                            who=player_name(ctx.state, other))
    mine = ctx.player["hand"]
    if target.get("tile") is not None:
        tile = tiles.parse(target["tile"], ctx.names, "target.tile")
        found = next((i for i, t in enumerate(theirs["known"]) if tiles.same(t, tile)), None)
        if found is not None:
            del theirs["known"][found]
            tiles.pass_along(ctx.state, other, ctx.seat, tile)
        elif theirs["unknown"] > 0:
            theirs["unknown"] -= 1
            tiles.pass_along(ctx.state, other, ctx.seat, tile)
        else:  # never refused on, nor revealing, the target's private declarations
            _forget_hand(ctx, other)
        mine["known"].append(tile)
        tiles.check(ctx.state, ctx.seat, tile, public=False)
    elif theirs["unknown"] > 0:
        theirs["unknown"] -= 1
        mine["unknown"] += 1
    else:  # which declared tile left is unknown: never guess, ask the holder again
        _forget_hand(ctx, other)
        mine["unknown"] += 1
    ctx.emit("tile_taken", seat=ctx.seat, target=other)


def _forget_hand(ctx: Ctx, other: int) -> None:
    """K5.2: a tile left a hand of declared tiles only, and which one is not known (or
    the named one is none of them): all of it turns back into unknown tiles, one
    fewer, and the holder is asked to declare again."""
    theirs = ctx.state["players"][other]["hand"]
    theirs["unknown"], theirs["known"] = len(theirs["known"]) - 1, []
    tiles.pass_along(ctx.state, other, ctx.seat, None)
    ctx.state["players"][other]["redeclare"] = True


def _tail(ctx: Ctx, target: dict[str, Any]) -> None:
    """K5.3: turn a built part face down, or discard it if it already is; a face-up
    head of the targeted player may answer first (K5.6)."""
    other = ctx.other(target)
    slot = target.get("slot")  # the shapes: a word, if given
    if slot not in SLOTS:
        raise BadMove("move", "move.bad_field", field="target.slot")
    board = ctx.state["players"][other]["board"]
    if board[slot] is None:
        raise RuleViolation("K5.3", "kazaam.tail.empty_slot", seat=other, slot=slot,
                            who=player_name(ctx.state, other))
    head = board["head"]
    if other != ctx.seat and head is not None and head["face_up"]:
        ctx.state["turn"]["phase"] = "reaction"
        ctx.state["turn"]["reaction"] = {"actor": ctx.seat, "target": other, "slot": slot}
        ctx.emit("reaction_requested", seat=other, by=ctx.seat, slot=slot)
        return
    strike(ctx, other, slot)


def strike(ctx: Ctx, seat: int, slot: str) -> None:
    """The tail's effect on one part."""
    board = ctx.state["players"][seat]["board"]
    built = built_at(ctx.state["players"][seat], slot)
    if built["face_up"]:
        built["face_up"] = False
        ctx.emit("part_turned_down", seat=seat, slot=slot)
    else:
        board[slot] = None
        ctx.state["discard"].append(built["tile"])
        ctx.emit("part_discarded", seat=seat, slot=slot, tile=built["tile"])


def foreseen(state: State, reaction: Reaction) -> list[dict[str, Any]]:
    """K5.6: what the tail waiting for an answer does if it is let act, as the events it
    would bring (the same code, run on a copy): the part turned face down, or discarded
    when it already was."""
    trial = Ctx(copy_state(state), reaction["actor"])
    strike(trial, reaction["target"], reaction["slot"])
    return trial.events


def _leg(ctx: Ctx, target: dict[str, Any]) -> None:
    """K5.4: a chosen tile from the discard pile into the hand."""
    if tiles.hand_size(ctx.player) >= HAND_LIMIT:
        raise RuleViolation("K5.4", "kazaam.hand.full", limit=HAND_LIMIT)
    tile = tiles.parse(target.get("tile"), ctx.names, "target.tile")
    pile = ctx.state["discard"]
    found = next((i for i, t in enumerate(pile) if tiles.same(t, tile)), None)
    if found is None:
        raise RuleViolation("K5.4", "kazaam.leg.not_in_discard", tile=tile)
    del pile[found]
    ctx.player["hand"]["known"].append(tile)
    tiles.hold_in_view(ctx.state, ctx.seat, tile)
    ctx.emit("tile_from_discard", seat=ctx.seat, tile=tile)


def _torso(ctx: Ctx, target: dict[str, Any]) -> None:
    """K5.5: three ingredients of the actor's choice (the shapes count them, if given)."""
    chosen = target.get("ingredients")
    if chosen is None or any(i not in ctx.names for i in chosen):
        raise RuleViolation("K5.5", "kazaam.torso.three", count=TORSO_TAKES,
                            ingredients=list(ctx.names))
    for name in chosen:
        ctx.player["pool"][name] += 1
    ctx.emit("ingredients_taken", seat=ctx.seat, ingredients=sorted(chosen))


def react(ctx: Ctx, move: Move) -> None:
    """K5.6: the targeted player cancels the tail (their head turns face down) or
    accepts it."""
    answer = move.get("answer")
    if answer not in ("cancel", "accept"):
        raise BadMove("move", "move.bad_field", field="answer")
    turn = ctx.state["turn"]
    pending = window(turn)
    turn["phase"], turn["reaction"] = "actions", None
    if answer == "cancel":
        built_at(ctx.player, "head")["face_up"] = False
        ctx.emit("power_cancelled", seat=ctx.seat, by=pending["actor"], slot=pending["slot"])
    else:
        ctx.emit("power_accepted", seat=ctx.seat, by=pending["actor"], slot=pending["slot"])
        strike(ctx, pending["target"], pending["slot"])


POWERS = {"ear": _ear, "arm": _arm, "tail": _tail, "leg": _leg, "torso": _torso}
