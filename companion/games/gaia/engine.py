"""``apply``: check a move, run it on a copy of the state, return the events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.base import copy_state, handler_for
from companion.games.errors import GameNotActive, NotYourTurn, WrongPhase
from companion.games.gaia import cards, known, moves, power
from companion.games.gaia.claims import resolve_claims
from companion.games.gaia.context import Ctx
from companion.games.gaia.document import GaiaState, window
from companion.games.gaia.names import who
from companion.games.gaia.turns import can_claim, check_cards_out, check_win, pass_turn
from companion.games.turns import seated

State = GaiaState
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
    # G10: the expert game
    # its claims are judged when the card acts, maybe after its window (G6.5)
    "play_power": Spec(power.play_power, "actions", action=True, enters_cards=True),
    "defend": Spec(power.defend, "reaction", enters_cards=True),
    "pass": Spec(power.pass_, "reaction"),
    "nobody_defended": Spec(power.nobody_defended, "reaction"),
    "tornado": Spec(power.tornado, "tornado", enters_cards=True),
}
REACTION_ANSWERS = ("defend", "pass")


def check_turn(state: State, seat: int, move: Any) -> Spec:
    """Whether ``seat`` may make a move of this type now (409-kind errors)."""
    if state["status"] != "playing":
        raise GameNotActive("G9", "gaia.game.finished")
    spec: Spec = handler_for(move, HANDLERS)
    turn = state["turn"]
    if turn["phase"] == "reaction":
        return _check_reaction(state, seat, move["type"], spec)
    if seat != turn["seat"]:
        raise NotYourTurn("G3.1", "gaia.turn.not_yours", seat=turn["seat"],
                          who=who(state, turn["seat"]))
    if turn["phase"] != spec.phase:
        raise WrongPhase("G3.1", f"gaia.phase.{turn['phase']}", type=move["type"])
    if spec.action and turn["actions_left"] == 0:
        raise WrongPhase("G3.1", "gaia.turn.no_actions_left")
    return spec


def _check_reaction(state: State, seat: int, kind: str, spec: Spec) -> Spec:
    """G10.3: while a window is open only the other players' answers and the actor's
    'nobody defended' are accepted."""
    actor = window(state["turn"])["actor"]
    if spec.phase != "reaction":
        raise WrongPhase("G10.3", "gaia.phase.reaction", type=kind)
    if (kind in REACTION_ANSWERS) == (seat == actor) or not seated(seat, state["players"]):
        raise NotYourTurn("G10.3", "gaia.reaction.not_yours", seat=actor, who=who(state, actor))
    return spec


def apply(state: State, seat: int, move: dict[str, Any]) -> tuple[State, list[Event]]:
    """Apply ``move`` by ``seat``; the state passed in is never modified.

    Raises a :class:`~companion.games.errors.RuleError` when the move is not
    allowed. The returned events list the move's effects in order, with the
    automatic steps (cascade, feeding, turn passing, end of game) included.
    """
    spec = check_turn(state, seat, move)
    new = copy_state(state)
    ctx = Ctx(new, seat)
    spec.run(ctx, move)
    known.remember(new)
    if spec.action:
        new["turn"]["actions_left"] -= 1
    if spec.raises_cities:
        resolve_claims(ctx, seat, move.get("claim_cities"))
    if spec.enters_cards:
        cards.account(new, seat)
    if check_win(ctx) or check_cards_out(ctx):
        return new, ctx.events
    turn = new["turn"]
    if (move["type"] != "end_turn" and turn["phase"] == "actions" and turn["actions_left"] == 0
            and new["options"]["auto_end_turn"] and not can_claim(new, turn["seat"])):
        pass_turn(Ctx(new, turn["seat"], ctx.events))  # G3.5, also after a window closes
    return new, ctx.events
