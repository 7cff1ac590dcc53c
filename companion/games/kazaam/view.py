"""What each person at the table may see; private declarations; joining."""

from __future__ import annotations

from typing import Any

from companion.games.base import copy_state, free_colors, join_common
from companion.games.errors import BadMove, GameNotActive, RuleViolation
from companion.games.kazaam import known, powers, tiles
from companion.games.kazaam.components import MAX_PLAYERS, TYPES
from companion.games.kazaam.engine import stalled
from companion.games.kazaam.score import breakdown
from companion.games.kazaam.state import Options, State

STALLED = "kazaam.stalled.no_tiles"


def _board(board: dict[str, Any]) -> dict[str, Any]:
    return {slot: None if b is None else {**b["tile"], "face_up": b["face_up"]}
            for slot, b in board.items()}


def _turn_view(state: State) -> dict[str, Any]:
    """The turn; a tail waiting for its answer also says what it would do (``effect``),
    so the phone asked names it without knowing the rules."""
    turn: dict[str, Any] = dict(state["turn"])
    reaction = turn.get("reaction")
    if turn["phase"] == "reaction" and reaction:
        turn["reaction"] = {**reaction, "effect": powers.foreseen(state, reaction)}
    return turn


def view_for(state: State, seat: int | None = None) -> dict[str, Any]:
    stuck = stalled(state)
    view: dict[str, Any] = {
        "game": "kazaam", "status": state["status"], "options": state["options"],
        "order": list(state["order"]),
        "players": [{"seat": p["seat"], "name": p["name"], "color": p["color"],
                     "prototype": p["prototype"], "ingredient": p["ingredient"],
                     "hand_size": tiles.hand_size(p), "board": _board(p["board"]),
                     "ingredients": dict(p["pool"]),
                     "score": breakdown(state, p)} for p in state["players"]],
        "turn": _turn_view(state),
        "piles": {"pile": state["pile"], "discard": list(state["discard"])},
        "first_complete": state["first_complete"], "final_round": state["ending"],
        "result": state["result"],
        # K6.2: the host is offered to finish a game that cannot end
        "stalled": stuck,
        "stalled_reason": STALLED if stuck else None,
        # tile faces named in public in this game or the host's box: never who holds one
        "known": known.public(state),
    }
    if seat is not None:
        view.update(private_view(state, seat))
    return view


def private_view(state: State, seat: int) -> dict[str, Any]:
    player = state["players"][seat]
    held = tiles.held_by(state, seat)  # K5.4: seen going in; the holder cannot rename them
    return {"hand": {"known": list(player["hand"]["known"]),
                     "unknown": player["hand"]["unknown"], **({"held": held} if held else {})},
            "revealed": player["revealed"],
            # K5.2: an arm took an unnamed tile from a fully declared hand
            "declare_again": bool(player.get("redeclare")),
            # the table's known tiles, this seat's own names and what an ear showed it
            "known": known.for_seat(state, seat)}


def public_move(move: dict[str, Any]) -> dict[str, Any]:
    """A face-down draw and an arm's named tile are the actor's secrets."""
    if move.get("type") == "draw" and "tile" in move:
        return {k: v for k, v in move.items() if k != "tile"}
    target = move.get("target")
    if move.get("type") == "power" and isinstance(target, dict) and "tile" in target \
            and move.get("slot") in ("left_arm", "right_arm"):
        return {**move, "target": {k: v for k, v in target.items() if k != "tile"}}
    return move


def declare_hand(state: State, seat: int, hand: dict[str, Any]) -> State:
    """K1.7: the holder names (some of) their hidden tiles."""
    if state["status"] != "playing":
        raise GameNotActive("K6.1", "kazaam.game.finished")
    if not isinstance(hand, dict) or set(hand) - {"tiles"} \
            or not isinstance(hand.get("tiles", []), list):
        raise BadMove("move", "move.bad_field", field="tiles")
    new = copy_state(state)
    player = new["players"][seat]
    declared = [tiles.parse(t, new["options"]["ingredients"]) for t in hand.get("tiles", [])]
    named, missing = len(declared), list(declared)
    for tile in tiles.held_by(new, seat):  # K5.4: a tile everybody saw stays declared
        if tile in missing:
            missing.remove(tile)
        else:
            declared.append(tile)
    total = tiles.hand_size(player)
    if named > total:
        raise RuleViolation("K1.7", "kazaam.hand.too_many_declared", have=total)
    if len(declared) > total:  # the declaration would turn a known tile into another
        raise RuleViolation("K5.4", "kazaam.hand.known_tile", tile=declared[-1])
    player["hand"] = {"known": [], "unknown": total}
    player.pop("redeclare", None)
    for tile in declared:
        player["hand"]["known"].append(tile)
        player["hand"]["unknown"] -= 1
        tiles.check(new, seat, tile, public=False)
    return new


def join_player(options: Options, roster: list[dict[str, Any]],
                fields: dict[str, Any]) -> dict[str, Any]:
    """K1.6: colour, own ingredient and a prototype nobody else has."""
    if len(roster) >= MAX_PLAYERS:
        raise RuleViolation("K1.6", "join.full", max=MAX_PLAYERS)
    player = join_common(roster, fields, "K1.6")
    prototype, ingredient = fields.get("prototype"), fields.get("ingredient")
    if prototype not in TYPES:
        raise RuleViolation("K1.6", "kazaam.join.prototype", types=list(TYPES))
    if any(p.get("prototype") == prototype for p in roster):
        raise RuleViolation("K1.6", "kazaam.join.prototype_taken", prototype=prototype)
    if ingredient not in options["ingredients"]:
        raise RuleViolation("K1.6", "kazaam.join.ingredient",
                            ingredients=list(options["ingredients"]))
    return {**player, "prototype": prototype, "ingredient": ingredient}


def join_info(options: Options, roster: list[dict[str, Any]]) -> dict[str, Any]:
    """K1.6: free colours and prototypes, the ingredients; ``choices`` names the join
    form's fields besides name and colour, each with its label and values."""
    taken = {p.get("prototype") for p in roster}
    prototypes = [t for t in TYPES if t not in taken]
    ingredients = list(options["ingredients"])
    return {"colors": free_colors(roster), "seats_left": MAX_PLAYERS - len(roster),
            "prototypes": prototypes, "ingredients": ingredients,
            "choices": [{"field": "prototype", "label": "kazaam.join.field.prototype",
                         "values": prototypes},
                        {"field": "ingredient", "label": "kazaam.join.field.ingredient",
                         "values": ingredients}]}
