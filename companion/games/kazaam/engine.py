"""``apply`` for Kazaam: whose move it is, actions, reactions, turn end, game end."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.base import copy_state, handler_for, player_name
from companion.games.errors import GameNotActive, NotYourTurn, WrongPhase
from companion.games.kazaam import actions, powers, tiles
from companion.games.kazaam.components import ACTIONS_PER_TURN
from companion.games.kazaam.context import Ctx
from companion.games.kazaam.score import score
from companion.games.kazaam.state import State, window
from companion.games.ranking import result
from companion.games.turns import next_seat, seat_before

Event = dict[str, Any]


@dataclass(frozen=True)
class Spec:
    run: Callable[[Ctx, dict[str, Any]], None]
    action: bool


def _end_turn(ctx: Ctx, move: dict[str, Any]) -> None:
    pass_turn(ctx)


HANDLERS: dict[str, Spec] = {
    "draw": Spec(actions.draw, True), "build": Spec(actions.build, True),
    "discard": Spec(actions.discard, True), "power": Spec(powers.power, True),
    "refresh": Spec(actions.refresh, True), "react": Spec(powers.react, False),
    "end_turn": Spec(_end_turn, False),
}


def check_turn(state: State, seat: int, move: Any) -> Spec:
    if state["status"] != "playing":
        raise GameNotActive("K6.1", "kazaam.game.finished")
    spec: Spec = handler_for(move, HANDLERS)
    turn = state["turn"]
    if turn["phase"] == "reaction":
        target = window(turn)["target"]
        if seat != target:
            raise NotYourTurn("K5.6", "kazaam.reaction.not_yours", seat=target,
                              who=player_name(state, target))
        if move["type"] != "react":
            raise WrongPhase("K5.6", "kazaam.phase.reaction")
        return spec
    if move["type"] == "react":
        raise WrongPhase("K5.6", "kazaam.phase.no_reaction")
    if seat != turn["seat"]:
        raise NotYourTurn("K4.1", "kazaam.turn.not_yours", seat=turn["seat"],
                          who=player_name(state, turn["seat"]))
    if spec.action and turn["actions_left"] == 0:
        raise WrongPhase("K4.1", "kazaam.turn.no_actions_left")
    return spec


def apply(state: State, seat: int, move: dict[str, Any]) -> tuple[State, list[Event]]:
    """Apply ``move`` by ``seat`` to a copy of ``state``; returns it with the events."""
    spec = check_turn(state, seat, move)
    new = copy_state(state)
    ctx = Ctx(new, seat)
    spec.run(ctx, move)
    turn = new["turn"]
    if spec.action:
        turn["actions_left"] -= 1
    tiles.forget_impossible(new)
    if move["type"] == "build":
        _check_complete(ctx)
    if (new["status"] == "playing" and turn["phase"] == "actions" and turn["actions_left"] == 0
            and move["type"] != "end_turn"):
        pass_turn(ctx)  # K4.1: after the third action, once no window is open
    return new, ctx.events


def _check_complete(ctx: Ctx) -> None:
    """K6.1: all nine slots filled (face up or down) ends the game, or the round."""
    state = ctx.state
    if any(b is None for b in ctx.player["board"].values()):
        return
    if state["first_complete"] is None:
        state["first_complete"] = ctx.seat
        ctx.emit("homunculus_completed", seat=ctx.seat)
    if state["options"]["end"] == "immediate":
        end_game(ctx, "homunculus_completed")
    elif not state["ending"]:
        state["ending"] = True
        ctx.emit("final_round", seat=ctx.seat)


def last_of_round(state: State) -> int:
    """K6.1: the player seated before the first player."""
    return seat_before(state["order"], state["first_player"])


def stalled(state: State) -> bool:
    """K6.2: nothing left to draw and a full round passed with no tile built."""
    return (state["status"] == "playing" and state["pile"] == 0 and not state["discard"]
            and state.get("idle_turns", 0) >= len(state["players"]))


def _count_idle_turn(ctx: Ctx) -> None:
    state = ctx.state
    was = stalled(state)
    if state.pop("built_this_turn", False) or state["pile"] or state["discard"]:
        state["idle_turns"] = 0
    else:
        state["idle_turns"] = state.get("idle_turns", 0) + 1
    if stalled(state) and not was:
        ctx.emit("game_stalled", reason="kazaam.stalled.no_tiles")


def pass_turn(ctx: Ctx) -> None:
    state = ctx.state
    current = state["turn"]["seat"]
    if state["ending"] and current == last_of_round(state):
        end_game(ctx, "round_finished")
        return
    _count_idle_turn(ctx)
    nxt = next_seat(state["order"], current)
    state["turn"] = {"seat": nxt, "actions_left": ACTIONS_PER_TURN, "phase": "actions",
                     "number": state["turn"]["number"] + 1, "reaction": None}
    ctx.emit("turn_passed", seat=nxt)


def end_game(ctx: Ctx, reason: str) -> None:
    state = ctx.state
    state["status"] = "finished"
    rows = score(state)["players"]  # K7.6: ties share the rank, and first place
    state["result"] = result([r["seat"] for r in rows], {r["seat"]: r["rank"] for r in rows},
                             reason, scores={str(r["seat"]): r["total"] for r in rows})
    ctx.emit("game_over", result=state["result"])

