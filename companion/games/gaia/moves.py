"""One handler per move type; each works on the cloned state in ``ctx``."""

from __future__ import annotations

from typing import Any

from companion.games.errors import BadMove, RuleViolation, WrongPhase
from companion.games.gaia import cards, feeding
from companion.games.gaia.board import cascade, key, neighbours, satisfied
from companion.games.gaia.claims import resolve_claims
from companion.games.gaia.components import (
    ANIMALS_PER_CARD,
    HAND_LIMIT,
    POWER_HAND_LIMIT,
    matches_symbol,
)
from companion.games.gaia.context import Ctx, coord
from companion.games.gaia.document import Tile
from companion.games.gaia.names import place
from companion.games.gaia.turns import can_claim, pass_turn

Move = dict[str, Any]


def _pile(ctx: Ctx, move: Move) -> str:
    pile = move.get("pile")  # the shapes: a word, if given
    if pile not in ctx.state["piles"] or pile == "discard":
        raise BadMove("move", "move.bad_field", field="pile")
    return str(pile)


def _display_size(ctx: Ctx, pile: str) -> int:
    return len(ctx.state["piles"][pile]["display"])


def draw(ctx: Ctx, move: Move) -> None:
    """G3.3/G3.4: draw face down or from the display; discard at the hand limit."""
    pile, source = _pile(ctx, move), move.get("from")
    part, hand = ctx.state["piles"][pile], ctx.player["hand"][pile]
    full = cards.hand_size(ctx.player) >= HAND_LIMIT
    # G10.2: a third power card is discarded at once
    powers_full = pile == "power" and hand["unknown"] + len(hand["known"]) >= POWER_HAND_LIMIT
    if source == "deck":
        if part["deck"] == 0:
            raise RuleViolation("G3.3", "gaia.draw.deck_empty", pile=pile)
        part["deck"] -= 1
        if move.get("card") is not None:
            hand["known"].append(cards.parse_card(pile, move["card"], "card"))
        else:
            hand["unknown"] += 1
        ctx.emit("card_drawn", seat=ctx.seat, pile=pile, **{"from": "deck"})
    elif source == "display":
        _draw_display(ctx, move, pile)
    else:
        raise BadMove("move", "move.bad_field", field="from")
    if powers_full and (move.get("discard") is None or cards.card_pile(
            cards.parse_any(move["discard"], "discard")) != "power"):
        raise RuleViolation("G10.2", "gaia.hand.power_limit", limit=POWER_HAND_LIMIT)
    if full or powers_full:
        if move.get("discard") is None:
            raise RuleViolation("G3.4", "gaia.hand.limit", limit=HAND_LIMIT)
        discard(ctx, move["discard"])
    elif move.get("discard") is not None:
        raise RuleViolation("G3.4", "gaia.hand.discard_not_needed", limit=HAND_LIMIT)


def _draw_display(ctx: Ctx, move: Move, pile: str) -> None:
    part = ctx.state["piles"][pile]
    slot = move.get("slot")  # the shapes: an integer, if given
    if slot is None or not 0 <= slot < _display_size(ctx, pile):
        raise BadMove("move", "move.bad_field", field="slot")
    card = part["display"][slot]
    if card is None:
        raise RuleViolation("G3.3", "gaia.draw.slot_empty", pile=pile, slot=slot)
    cards.hold(ctx.player, card)  # G1.2: the whole table saw it
    ctx.emit("card_drawn", seat=ctx.seat, pile=pile, slot=slot, card=card,
             **{"from": "display"})
    if part["deck"] > 0:
        if move.get("refill") is None:
            raise RuleViolation("G3.3", "gaia.draw.refill_needed", pile=pile)
        refill = cards.parse_card(pile, move["refill"], "refill")
        part["deck"] -= 1
        part["display"][slot] = refill
        ctx.emit("display_refilled", pile=pile, slot=slot, card=refill)
    else:
        if move.get("refill") is not None:
            raise RuleViolation("G3.3", "gaia.draw.no_refill", pile=pile)
        part["display"][slot] = None


def discard(ctx: Ctx, raw: Any) -> None:
    card = cards.parse_any(raw, "discard")
    cards.take_from_hand(ctx.player, card)
    ctx.state["piles"]["discard"].append(card)
    ctx.emit("card_discarded", seat=ctx.seat, card=card)


def play_nature(ctx: Ctx, move: Move) -> None:
    """G4: a tile of the card's terrain next to the map; the card to the tableau."""
    terrain = cards.parse_card("nature", move.get("terrain"), "terrain")
    at = coord(move, "at")
    cards.take_from_hand(ctx.player, terrain)
    supply, tiles = ctx.state["supply"]["tiles"], ctx.state["tiles"]
    if supply[terrain] == 0:
        raise RuleViolation("G4.1", "gaia.nature.no_tile", terrain=terrain)
    if key(at) in tiles:
        raise RuleViolation("G4.2", "gaia.nature.occupied", at=at, **place(ctx.state, at))
    if tiles and not any(n in tiles for n in neighbours(at)):
        raise RuleViolation("G4.2", "gaia.nature.not_adjacent", at=at)
    supply[terrain] -= 1
    tiles[key(at)] = {"terrain": terrain, "animals": 0, "city": None}
    tableau = ctx.player["tableau"]
    tableau[terrain] = tableau.get(terrain, 0) + 1
    ctx.emit("tile_placed", seat=ctx.seat, terrain=terrain, at=at)
    cascade(ctx.state, ctx.events, ctx.rises)


def _target(ctx: Ctx, at: list[int], symbol: str, rule: str) -> Tile:
    """G5.2/G6.1: a tile of the symbol's terrain without animals or a city."""
    tile = ctx.state["tiles"].get(key(at))
    if tile is None:
        raise RuleViolation(rule, "gaia.target.no_tile", at=at)
    if not matches_symbol(tile["terrain"], symbol):
        raise RuleViolation(rule, "gaia.target.wrong_terrain", at=at, terrain=tile["terrain"],
                            symbol=symbol)
    if tile["animals"] or tile["city"] is not None:
        raise RuleViolation(rule, "gaia.target.occupied", at=at, terrain=tile["terrain"])
    return tile


def play_animals(ctx: Ctx, move: Move) -> None:
    """G5: four animal tokens on a matching empty tile; the card is discarded."""
    card = cards.parse_card("life", {"kind": "animals", "symbol": move.get("symbol")}, "symbol")
    at = coord(move, "at")
    cards.take_from_hand(ctx.player, card)
    if ctx.state["supply"]["animals"] < ANIMALS_PER_CARD:
        raise RuleViolation("G5.1", "gaia.animals.no_tokens", have=ctx.state["supply"]["animals"])
    tile = _target(ctx, at, card["symbol"], "G5.2")
    tile["animals"] = ANIMALS_PER_CARD
    ctx.state["supply"]["animals"] -= ANIMALS_PER_CARD
    ctx.state["piles"]["discard"].append(card)
    ctx.emit("animals_placed", seat=ctx.seat, at=at, symbol=card["symbol"],
             count=ANIMALS_PER_CARD, terrain=tile["terrain"])
    cascade(ctx.state, ctx.events, ctx.rises)


def play_city(ctx: Ctx, move: Move) -> None:
    """G6.1-G6.3: a city on a matching empty tile with at least 2 needs met."""
    card = cards.parse_card("life", {"kind": "city", "symbol": move.get("symbol"),
                                     "needs": move.get("needs")}, "needs")
    at = coord(move, "at")
    cards.take_from_hand(ctx.player, card)
    tile = _target(ctx, at, card["symbol"], "G6.1")
    distinct = ctx.state["options"]["duplicate_needs"] == "distinct_neighbours"
    met = satisfied(ctx.state["tiles"], at, card["needs"], distinct)
    if met < 2:
        raise RuleViolation("G6.2", "gaia.city.too_few_needs", at=at, have=met,
                            terrain=tile["terrain"])
    seq = ctx.state["next_city"]
    ctx.state["next_city"] = seq + 1
    tile["city"] = {"symbol": card["symbol"], "needs": card["needs"], "satisfied": met,
                    "builder": ctx.seat, "pawns": [], "seq": seq}
    ctx.new_city = key(at)
    ctx.emit("city_built", seat=ctx.seat, at=at, symbol=card["symbol"], needs=card["needs"],
             satisfied=met, terrain=tile["terrain"])
    cascade(ctx.state, ctx.events, ctx.rises)


def claim_objective(ctx: Ctx, move: Move) -> None:
    """G8.1: give up the shown nature cards and put a pawn on the objective."""
    ident = move["objective"]  # the shapes: an integer, never missing
    objectives = ctx.state["objectives"]
    if not 0 <= ident < len(objectives):
        raise BadMove("move", "move.bad_field", field="objective")
    objective = objectives[ident]
    if objective["claimed_by"] is not None:
        raise RuleViolation("G8.1", "gaia.objective.taken", objective=ident, number=ident + 1,
                            requires=objective["requires"])
    if ident not in can_claim(ctx.state, ctx.seat):
        raise RuleViolation("G8.1", "gaia.objective.not_met", objective=ident,
                            number=ident + 1, requires=objective["requires"])
    tableau = ctx.player["tableau"]
    for terrain, n in objective["requires"].items():
        if terrain == "power":  # G10.2: four played power cards
            _give_up_powers(ctx, n)
            continue
        tableau[terrain] -= n
        if tableau[terrain] == 0:
            del tableau[terrain]
        ctx.state["piles"]["discard"].extend([terrain] * n)
    objective["claimed_by"] = ctx.seat
    ctx.player["pawns"] -= 1
    ctx.emit("objective_claimed", seat=ctx.seat, objective=ident, number=ident + 1,
             requires=objective["requires"])


def _give_up_powers(ctx: Ctx, n: int) -> None:
    powers = ctx.player["powers"]
    for card in list(powers):
        while powers[card] and n:
            powers[card] -= 1
            n -= 1
            ctx.state["piles"]["discard"].append(card)
        if powers[card] == 0:
            del powers[card]


def feed(ctx: Ctx, move: Move) -> None:
    """G7: the feeding player's choice of sources, or the automatic order."""
    if move.get("auto") is True and "sources" not in move:
        feeding.feed_auto(ctx)
    elif "auto" in move and move.get("auto") is not False:
        raise BadMove("move", "move.bad_field", field="auto")
    else:
        feeding.feed_chosen(ctx, move.get("sources"))
    ctx.state["turn"]["phase"] = "actions"


def end_turn(ctx: Ctx, move: Move) -> None:
    """G3.1: a player may end the turn early."""
    pass_turn(ctx)


def require_phase(ctx: Ctx, phase: str) -> None:
    if ctx.state["turn"]["phase"] != phase:
        raise WrongPhase("G3.1", f"gaia.phase.{ctx.state['turn']['phase']}",
                         seat=ctx.seat)


def after_map_change(ctx: Ctx, move: Move) -> None:
    resolve_claims(ctx, ctx.seat, move.get("claim_cities"))
