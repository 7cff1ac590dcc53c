"""What each person at the table may see, the score, and private declarations."""

from __future__ import annotations

from typing import Any

from companion.games.base import copy_state
from companion.games.errors import BadMove, GameNotActive, RuleViolation
from companion.games.gaia import cards, known, power
from companion.games.gaia.board import met_needs, offers, xy
from companion.games.gaia.context import Ctx
from companion.games.gaia.document import GaiaState, HandPart, Player, Tile
from companion.games.gaia.turns import end_game, final_places, placed, ranking, totals
from companion.games.ranking import places

State = GaiaState


def _player_view(p: Player, state: State) -> dict[str, Any]:
    hand = p["hand"]
    on_objectives = sum(1 for o in state["objectives"] if o["claimed_by"] == p["seat"])
    return {"seat": p["seat"], "name": p["name"], "color": p["color"],
            "pawns_in_hand": p["pawns"], "pawns_placed": placed(p),
            "pawns_on_objectives": on_objectives,
            "hand_size": cards.hand_size(p),
            "hand_counts": {pile: len(h["known"]) + h["unknown"] for pile, h in hand.items()},
            "tableau": dict(p["tableau"]),
            "known_cards": cards.held_cards(p),
            **({"powers": dict(p["powers"])} if "powers" in p else {})}


def _tile_view(k: str, tile: Tile, state: State) -> dict[str, Any]:
    city = tile["city"]
    out: dict[str, Any] = {"at": xy(k), "terrain": tile["terrain"], "animals": tile["animals"],
                           "city": None}
    if city is not None:
        distinct = state["options"]["duplicate_needs"] == "distinct_neighbours"
        out["city"] = {"symbol": city["symbol"], "needs": list(city["needs"]),
                       "met": met_needs(city["needs"], offers(state["tiles"], xy(k)), distinct),
                       "satisfied": city["satisfied"], "builder": city["builder"],
                       "pawns": list(city["pawns"]), "order": city["seq"]}
    return out


def _turn_view(state: State) -> dict[str, Any]:
    """The turn; an open reaction window also says what its card would do (``effect``),
    so a phone asking "defend or pass" can name it without knowing the rules."""
    turn: dict[str, Any] = dict(state["turn"])
    reaction = turn.get("reaction")
    if turn["phase"] == "reaction" and reaction:
        turn["reaction"] = {**reaction, "effect": power.foreseen(state, reaction)}
    return turn


def view_for(state: State, seat: int | None = None) -> dict[str, Any]:
    """The public state; with ``seat``, that seat's own hand is added as ``hand``."""
    piles = state["piles"]
    view: dict[str, Any] = {
        "game": "gaia", "status": state["status"], "options": state["options"],
        "order": list(state["order"]),
        "players": [_player_view(p, state) for p in state["players"]],
        "turn": _turn_view(state),
        "board": {"tiles": [_tile_view(k, t, state) for k, t in state["tiles"].items()]},
        "supply": {"tiles": dict(state["supply"]["tiles"]),
                   "animals": state["supply"]["animals"]},
        "piles": {p: {"deck": piles[p]["deck"], "display": list(piles[p]["display"])}
                  for p in cards.piles_of(state)} | {"discard": list(piles["discard"])},
        "objectives": [dict(o) for o in state["objectives"]],
        "result": state["result"],
        # city card faces named in public in this game or the host's box: never who holds one
        "known": known.public(state),
    }
    if seat is not None:
        view["hand"] = own_hand(state, seat)
    return view


def own_hand(state: State, seat: int) -> dict[str, Any]:
    hand = state["players"][seat]["hand"]
    # "held": the known cards the table saw go in (G1.2), listed when there are any
    return {pile: {"known": list(h["known"]), "unknown": h["unknown"],
                   **({"held": list(h["held"])} if h.get("held") else {})}
            for pile, h in hand.items()}


def private_view(state: State, seat: int) -> dict[str, Any]:
    """The seat's own hand, and whether a Tornado left it to declare a pile again (G1.2)."""
    return {"hand": own_hand(state, seat),
            "declare_again": bool(state["players"][seat].get("redeclare")),
            # the table's known cards and the ones this seat named for itself
            "known": known.for_seat(state, seat)}


def score(state: State) -> dict[str, Any]:
    """Live score: pawns placed (G9.3); final ranks follow the game's result."""
    players = state["players"]
    result = state["result"]
    # G9.3/G9.4: once over, the result's winner alone first and ties below it shared;
    # meanwhile every tie shares a place
    rank = (final_places(state, result["ranking"]) if result is not None
            else places(totals(state)))
    rows: list[dict[str, Any]] = []
    for p in players:
        on_objectives = sum(1 for o in state["objectives"] if o["claimed_by"] == p["seat"])
        rows.append({"seat": p["seat"], "name": p["name"], "total": placed(p),
                     "rank": rank[p["seat"]],
                     "breakdown": {"cities": placed(p) - on_objectives,
                                   "objectives": on_objectives,
                                   "pawns_in_hand": p["pawns"]}})
    # the result's order (seating's, among a shared place) once over; else by seat
    order = result["ranking"] if result is not None else sorted(totals(state))
    rows.sort(key=lambda r: (rank[r["seat"]], order.index(r["seat"])))
    out: dict[str, Any] = {"final": result is not None, "players": rows}
    if result is not None and "tie_broken_by" in result:
        out["tie_broken_by"] = result["tie_broken_by"]  # G9.3
    return out


def public_move(move: dict[str, Any]) -> dict[str, Any]:
    """A move as the whole table may see it: a face-down draw hides its card."""
    if move.get("type") == "draw" and "card" in move:
        return {k: v for k, v in move.items() if k != "card"}
    return move


def declare_hand(state: State, seat: int, hand: dict[str, Any]) -> State:
    """G1.3: the holder names (some of) their hidden cards; checked by G1.2."""
    if state["status"] != "playing":
        raise GameNotActive("G9", "gaia.game.finished")
    if not isinstance(hand, dict) or set(hand) - set(cards.piles_of(state)):
        raise BadMove("move", "move.bad_field", field="hand")
    new = copy_state(state)
    player = new["players"][seat]
    player.pop("redeclare", None)
    for pile in cards.piles_of(state):
        raw = hand.get(pile, [])
        if not isinstance(raw, list):
            raise BadMove("move", "move.bad_field", field=pile)
        _redeclare(player["hand"][pile], pile, [cards.parse_card(pile, c, pile) for c in raw])
    cards.check_accounting(new, seat)
    return new


def _redeclare(part: HandPart, pile: str, declared: list[Any]) -> None:
    """The declared cards replace the earlier ones; known cards (G1.2) stay as they are,
    named in the declaration or not."""
    total = len(part["known"]) + part["unknown"]
    kept = []
    for card in part.get("held", []):
        named = next((i for i, c in enumerate(declared) if cards.same_card(c, card)), None)
        if named is None:
            kept.append(card)
        else:
            kept.append(declared.pop(named))
    if len(declared) > total:
        raise RuleViolation("G1.3", "gaia.hand.too_many_declared", pile=pile, have=total)
    if len(kept) + len(declared) > total:
        raise RuleViolation("G1.2", "gaia.hand.known_card", pile=pile, card=kept[0],
                            known=len(kept))
    part["known"] = kept + declared
    part["unknown"] = total - len(part["known"])


def finish(state: State) -> tuple[State, list[dict[str, Any]]]:
    """The table stops early: rank the current state; the seat to move ended it."""
    if state["status"] != "playing":
        raise GameNotActive("G9", "gaia.game.finished")
    new = copy_state(state)
    ctx = Ctx(new, new["turn"]["seat"])
    end_game(ctx, "stopped", ender=ctx.seat)
    return new, ctx.events


__all__ = ["declare_hand", "finish", "private_view", "public_move", "ranking", "score", "view_for"]
