"""``apply``: check a move, run it on a copy of the state, return the events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.base import handler_for
from companion.games.errors import GameNotActive, NotYourTurn, WrongPhase
from companion.games.gaia import cards, moves
from companion.games.gaia.claims import resolve_claims
from companion.games.gaia.context import Ctx
from companion.games.gaia.state import clone
from companion.games.gaia.turns import can_claim, check_cards_out, check_win, pass_turn

State = dict[str, Any]
Event = dict[str, Any]


@dataclass(frozen=True)
class Spec:
    run: Callable[[Ctx, dict[str, Any]], None]
    phase: str
    action: bool = False  # spends one of the turn's actions (G3.1)
    raises_cities: bool = False  # may raise cities: claims follow (G6.5)
    enters_cards: bool = False  # names card identities: accounting follows (G1.2)


HANDLERS: dict[str, Spec] = {
    "draw": Spec(moves.draw, "actions", action=True, enters_cards=True),
    "play_nature": Spec(moves.play_nature, "actions", True, True, True),
    "play_animals": Spec(moves.play_animals, "actions", True, True, True),
    "play_city": Spec(moves.play_city, "actions", True, True, True),
    "claim_objective": Spec(moves.claim_objective, "actions", enters_cards=True),
    "feed": Spec(moves.feed, "feeding", raises_cities=True),
    "end_turn": Spec(moves.end_turn, "actions"),
}


def check_turn(state: State, seat: int, move: Any) -> Spec:
    """Whether ``seat`` may make a move of this type now (409-kind errors)."""
    if state["status"] != "playing":
        raise GameNotActive("G9", "gaia.game.finished")
    spec: Spec = handler_for(move, HANDLERS)
    turn = state["turn"]
    if seat != turn["seat"]:
        raise NotYourTurn("G3.1", "gaia.turn.not_yours", seat=turn["seat"])
    if turn["phase"] != spec.phase:
        raise WrongPhase("G3.1", f"gaia.phase.{turn['phase']}", type=move["type"])
    if spec.action and turn["actions_left"] == 0:
        raise WrongPhase("G3.1", "gaia.turn.no_actions_left")
    return spec


def apply(state: State, seat: int, move: dict[str, Any]) -> tuple[State, list[Event]]:
    """Apply ``move`` by ``seat``; the state passed in is never modified.

    Raises a :class:`~companion.games.errors.RuleError` when the move is not
    allowed. The returned events list the move's effects in order, with the
    automatic steps (cascade, feeding, turn passing, end of game) included.
    """
    spec = check_turn(state, seat, move)
    new = clone(state)
    ctx = Ctx(new, seat)
    spec.run(ctx, move)
    if spec.action:
        new["turn"]["actions_left"] -= 1
    if spec.raises_cities:
        resolve_claims(ctx, seat, move.get("claim_cities"))
    if spec.enters_cards:
        cards.account(new, seat)
    if check_win(ctx) or check_cards_out(ctx):
        return new, ctx.events
    turn = new["turn"]
    if (turn["seat"] == seat and turn["phase"] == "actions" and turn["actions_left"] == 0
            and new["options"]["auto_end_turn"] and not can_claim(new, seat)):
        pass_turn(ctx)  # G3.5
    return new, ctx.events
