"""Turn passing, automatic feeding and the end of the game (G3.5, G7.4, G9)."""

from __future__ import annotations

from companion.games.gaia import feeding
from companion.games.gaia.claims import resolve_claims
from companion.games.gaia.components import ACTIONS_PER_TURN
from companion.games.gaia.context import Ctx
from companion.games.gaia.document import GaiaState, Player
from companion.games.ranking import (
    BY_SEATING,
    places,
    ranked,
    result,
    seating_after,
    tie_decided,
)
from companion.games.turns import next_seat


def can_claim(state: GaiaState, seat: int) -> list[int]:
    """G8.1: unclaimed objectives the seat's tableau meets (with a pawn to put)."""
    player = state["players"][seat]
    if player["pawns"] == 0:
        return []
    tableau = {**player["tableau"], "power": sum(player.get("powers", {}).values())}
    return [o["id"] for o in state["objectives"] if o["claimed_by"] is None
            and all(tableau.get(t, 0) >= n for t, n in o["requires"].items())]


def pass_turn(ctx: Ctx) -> None:
    """Hand the turn on and run the next player's feeding (G7.4)."""
    state = ctx.state
    seat = next_seat(state["order"], state["turn"]["seat"])
    state["turn"] = {"seat": seat, "actions_left": ACTIONS_PER_TURN, "phase": "actions",
                     "number": state["turn"]["number"] + 1}
    ctx.emit("turn_passed", seat=seat)
    start_feeding(ctx, seat)


def start_feeding(ctx: Ctx, seat: int) -> None:
    """G7.1/G7.2: feed automatically when there is no choice, else wait for ``feed``."""
    meals = feeding.plan(ctx.state, seat)
    if not meals:
        return
    if feeding.has_choice(ctx.state, meals):
        ctx.state["turn"]["phase"] = "feeding"
        ctx.emit("feeding_required", seat=seat)
        return
    feeder = Ctx(ctx.state, seat, ctx.events)  # G7.3: the feeding player moves
    feeding.feed_auto(feeder)
    resolve_claims(feeder, seat, None)
    check_win(feeder)


def check_win(ctx: Ctx) -> bool:
    """G9.1: a player with no pawn left in hand wins at once (usually the mover; after
    a reaction window, the player whose card acted)."""
    if ctx.state["status"] != "playing":
        return False
    for player in [ctx.player, *ctx.state["players"]]:
        if player["pawns"] == 0:
            end_game(ctx, "no_pawns_left", ender=player["seat"], winner=player["seat"])
            return True
    return False


def _exhausted(state: GaiaState, pile: str) -> bool:
    part = state["piles"][pile]
    if part["deck"] > 0:
        return False
    if state["options"]["end_on"] == "deck_empty":
        return True
    return all(c is None for c in part["display"])


def check_cards_out(ctx: Ctx) -> bool:
    """G9.2: the game ends once the nature or the life cards to draw run out."""
    if ctx.state["status"] != "playing":
        return False
    for pile in ("nature", "life"):
        if _exhausted(ctx.state, pile):
            end_game(ctx, f"{pile}_cards_out", ender=ctx.seat)
            return True
    return False


def placed(player: Player) -> int:
    return int(player["pawns_total"] - player["pawns"])


def totals(state: GaiaState) -> dict[int, int]:
    """G9.3: seat -> pawns placed (on cities and objectives)."""
    return {p["seat"]: placed(p) for p in state["players"]}


def ranking(state: GaiaState, ender: int, winner: int | None = None) -> list[int]:
    """G9.3: most pawns placed; ties go to whoever sits closest after the ender."""
    return ranked(totals(state), tie_break=seating_after(state["order"], ender), first=winner)


def final_places(state: GaiaState, order: list[int]) -> dict[int, int]:
    """G9.4: the winner (``order``'s first) is alone in first place; the others are
    placed by pawns placed, and players tied below the winner share a place
    (1, 2, 3, 3): seating decides only who wins."""
    first = order[0]
    others = {seat: n for seat, n in totals(state).items() if seat != first}
    return {first: 1, **{seat: 1 + place for seat, place in places(others).items()}}


def end_game(ctx: Ctx, reason: str, ender: int, winner: int | None = None) -> None:
    """G9: the result; ``ender`` is the player who ended the game (after a host's
    finish, the seat on turn), from whom G9.3 counts seating for ties."""
    order = ranking(ctx.state, ender, winner)
    # G9.3: after a host's finish nobody chose the ender, so the results say it when
    # seating decided who won (a tie below the winner is shared, G9.4)
    broken = reason == "stopped" and winner is None and tie_decided(order[:2],
                                                                    totals(ctx.state))
    final = result(order, final_places(ctx.state, order), reason, ended_by=ender,
                   tie_broken_by=BY_SEATING if broken else None)
    ctx.state["status"] = "finished"
    ctx.state["result"] = final
    ctx.emit("game_over", result=final)
