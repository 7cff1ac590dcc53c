"""G10.2-G10.4: power cards, their effects, and the Defense reaction window."""

from __future__ import annotations

from typing import Any

from companion.games.base import copy_state
from companion.games.errors import BadMove, RuleViolation
from companion.games.gaia import cards
from companion.games.gaia.board import cascade, key, neighbours, remove_city, xy
from companion.games.gaia.claims import resolve_claims
from companion.games.gaia.components import (
    CATASTROPHES,
    RAIN,
    REACTIVE,
    SUN,
    VOLCANO_TURNS_DESERT,
)
from companion.games.gaia.context import Ctx, coord, coord_list
from companion.games.gaia.document import GaiaState, Reaction, Tile, window
from companion.games.gaia.names import place

Move = dict[str, Any]


def _tile(ctx: Ctx, at: list[int], rule: str) -> Tile:
    tile = ctx.state["tiles"].get(key(at))
    if tile is None:
        raise RuleViolation(rule, "gaia.target.no_tile", at=at)
    return tile


def _terrain_change(ctx: Ctx, at: list[int], changes: tuple[tuple[str, str], ...],
                    rule: str) -> str:
    """Sun/Rain: which terrain the tile would become (checked against the supply)."""
    tile = _tile(ctx, at, rule)
    new = dict(changes).get(tile["terrain"])
    if new is None:
        raise RuleViolation(rule, "gaia.power.wrong_terrain", at=at, terrain=tile["terrain"],
                            allowed=[a for a, _ in changes])
    if ctx.state["supply"]["tiles"][new] == 0:
        raise RuleViolation(rule, "gaia.power.no_tile", terrain=new)
    return new


def _check_target(ctx: Ctx, card: str, move: Move) -> dict[str, Any]:
    """Validate a power card's target now, so a refused target opens no window."""
    if card in ("sun", "rain"):
        at = coord(move, "at")
        _terrain_change(ctx, at, SUN if card == "sun" else RAIN, "G10.3")
        return {"at": at}
    if card == "earthquake":
        at, to = coord(move, "at"), coord(move, "to")
        _tile(ctx, at, "G10.3")
        _tile(ctx, to, "G10.3")
        if key(to) not in neighbours(at):
            raise RuleViolation("G10.3", "gaia.power.not_adjacent", at=at, to=to,
                                terrain=ctx.state["tiles"][key(at)]["terrain"],
                                other=ctx.state["tiles"][key(to)]["terrain"])
        return {"at": at, "to": to}
    if card == "tornado":
        others = [p for p in ctx.state["players"] if p["seat"] != ctx.seat
                  and cards.hand_size(p) > 0]
        if not others:
            raise RuleViolation("G10.3", "gaia.power.nobody_holds_cards")
        return {}
    if card == "volcano":
        at = coord(move, "at")
        _tile(ctx, at, "G10.4")
        area = [k for k in [key(at), *neighbours(at)] if k in ctx.state["tiles"]]
        need = sum(1 for k in area if ctx.state["tiles"][k]["terrain"] in VOLCANO_TURNS_DESERT)
        if ctx.state["supply"]["tiles"]["desert"] < need:
            raise RuleViolation("G10.4", "gaia.power.no_tile", terrain="desert")
        return {"at": at}
    if card == "lightning":
        at = coord(move, "at")
        _tile(ctx, at, "G10.4")
        return {"at": at}
    raise RuleViolation("G10.3", "gaia.power.defense_is_reaction")


def play_power(ctx: Ctx, move: Move) -> None:
    """Play a power card as an action; it lies in front of the player either way."""
    card = cards.parse_card("power", move.get("card"), "card")
    if card in CATASTROPHES and not ctx.state["options"]["catastrophes"]:
        raise RuleViolation("G10.4", "gaia.power.no_catastrophes")
    cards.take_from_hand(ctx.player, card)
    target = _check_target(ctx, card, move)
    claims = move.get("claim_cities")
    if claims is not None:  # its shape now; which cities, once the card acted (G6.5)
        claims = coord_list(claims, "claim_cities")
        _check_claim_shape(ctx, claims)
    powers = ctx.player["powers"]
    powers[card] = powers.get(card, 0) + 1
    ctx.emit("power_played", seat=ctx.seat, card=card, **target)
    if card in REACTIVE and len(ctx.state["players"]) > 1:
        ctx.state["turn"]["phase"] = "reaction"
        reaction: Reaction = {"card": card, "actor": ctx.seat, "target": target, "passed": []}
        if claims is not None:
            reaction["claims"] = claims
        ctx.state["turn"]["reaction"] = reaction
        ctx.emit("reaction_window", seat=ctx.seat, card=card)
        return
    resolve(ctx, card, target)
    resolve_claims(ctx, ctx.seat, claims)


def _check_claim_shape(ctx: Ctx, claims: list[list[int]]) -> None:
    """G6.5: what a claim can be refused for before any city rose: a city named twice,
    or more cities than pawns in hand."""
    for at in claims:
        if claims.count(at) > 1:
            named = place(ctx.state, key(at))
            rule_key = "gaia.claim.not_claimable" if "owner" in named else "gaia.claim.no_city"
            raise RuleViolation("G6.5", rule_key, at=at, **named)
    if len(claims) > ctx.player["pawns"]:
        raise RuleViolation("G6.5", "gaia.claim.no_pawns", wanted=len(claims),
                            have=ctx.player["pawns"])


def resolve(ctx: Ctx, card: str, target: dict[str, Any]) -> None:
    """The card's effect on the map, then the cascade (G6) credited to the actor."""
    if card in ("sun", "rain"):
        new = _terrain_change(ctx, target["at"], SUN if card == "sun" else RAIN, "G10.3")
        _swap_terrain(ctx, target["at"], new)
    elif card == "earthquake":
        _quake(ctx, target["at"], target["to"])
    elif card == "tornado":
        ctx.state["turn"]["phase"] = "tornado"
        ctx.emit("tornado_choice", seat=ctx.seat)
        return
    elif card == "volcano":
        _volcano(ctx, target["at"])
    elif card == "lightning":
        _strike(ctx, key(target["at"]))
    cascade(ctx.state, ctx.events, ctx.rises)


def _swap_terrain(ctx: Ctx, at: list[int], new: str) -> None:
    """G10.3: the tile goes back to the supply for one of the new terrain, keeping its
    animals and city."""
    tile = ctx.state["tiles"][key(at)]
    supply = ctx.state["supply"]["tiles"]
    supply[tile["terrain"]] += 1
    supply[new] -= 1
    ctx.emit("terrain_changed", at=at, **{"from": tile["terrain"], "to": new})
    tile["terrain"] = new


def _quake(ctx: Ctx, at: list[int], to: list[int]) -> None:
    tiles = ctx.state["tiles"]
    tiles[key(at)], tiles[key(to)] = tiles[key(to)], tiles[key(at)]
    ctx.emit("tiles_swapped", at=at, to=to, terrain=tiles[key(to)]["terrain"],
             other=tiles[key(at)]["terrain"])


def _strike(ctx: Ctx, k: str) -> None:
    """Lightning (and Volcano): pawns home, the city gone, the animals back."""
    tile = ctx.state["tiles"][k]
    if tile["city"] is not None:
        remove_city(ctx.state, k, ctx.events)
    if tile["animals"]:
        ctx.state["supply"]["animals"] += tile["animals"]
        ctx.emit("animals_removed", at=xy(k), count=tile["animals"], terrain=tile["terrain"])
        tile["animals"] = 0


def _volcano(ctx: Ctx, at: list[int]) -> None:
    for k in [key(at), *neighbours(at)]:
        if k not in ctx.state["tiles"]:
            continue
        _strike(ctx, k)
        if ctx.state["tiles"][k]["terrain"] in VOLCANO_TURNS_DESERT:
            _swap_terrain(ctx, xy(k), "desert")


def foreseen(state: GaiaState, reaction: Reaction) -> list[dict[str, Any]]:
    """G10.3: what the card in an open window does if nobody defends, as the events it
    would bring (the same code that applies it, run on a copy: the terrain a tile
    becomes, the cities whose needs change, the pawns that go home). The pawns its player
    may claim are left out: they are chosen when the window closes."""
    trial = Ctx(copy_state(state), reaction["actor"])
    resolve(trial, reaction["card"], reaction["target"])
    if reaction["card"] == "tornado":  # who will give a card: the ones holding any
        victims = [p["seat"] for p in state["players"]
                   if p["seat"] != reaction["actor"] and cards.hand_size(p) > 0]
        trial.events = [{**e, "seats": victims} for e in trial.events]
    return trial.events


def _close(ctx: Ctx) -> Reaction:
    turn = ctx.state["turn"]
    reaction = window(turn)
    turn["phase"], turn["reaction"] = "actions", None
    return reaction


def _after_window(ctx: Ctx, reaction: Reaction, claims: Any) -> None:
    """Nobody defended: the card acts, credited to the acting player (G6.5). The claim
    made with the card holds however the window closed; without one, the closing
    'nobody defended' may name the cities (else every city it may)."""
    if "claims" in reaction:
        claims = reaction["claims"]
    actor = Ctx(ctx.state, reaction["actor"], ctx.events)
    resolve(actor, reaction["card"], reaction["target"])
    if ctx.state["turn"]["phase"] == "actions":
        resolve_claims(actor, actor.seat, claims, lapse="claims" in reaction)


def defend(ctx: Ctx, move: Move) -> None:
    """G10.3: another player cancels the card with a Defense; the first one wins."""
    cards.take_from_hand(ctx.player, "defense")
    ctx.player["powers"]["defense"] = ctx.player["powers"].get("defense", 0) + 1
    reaction = _close(ctx)
    ctx.emit("power_defended", seat=ctx.seat, card=reaction["card"], by=reaction["actor"])


def pass_(ctx: Ctx, move: Move) -> None:
    """A player lets the card act; when all others passed, it does."""
    reaction = window(ctx.state["turn"])
    if ctx.seat in reaction["passed"]:
        raise RuleViolation("G10.3", "gaia.reaction.already_passed")
    reaction["passed"].append(ctx.seat)
    ctx.emit("reaction_passed", seat=ctx.seat)
    others = [p["seat"] for p in ctx.state["players"] if p["seat"] != reaction["actor"]]
    if sorted(reaction["passed"]) == sorted(others):
        _after_window(ctx, _close(ctx), None)


def nobody_defended(ctx: Ctx, move: Move) -> None:
    """The acting player declares that nobody defended: the card acts."""
    _after_window(ctx, _close(ctx), move.get("claim_cities"))


def tornado(ctx: Ctx, move: Move) -> None:
    """G10.3 Tornado, the keep choice: one card from each other player (named, as the
    actor now sees them); the actor keeps one, the rest are discarded face up."""
    taken = move.get("taken")
    victims = [p for p in ctx.state["players"] if p["seat"] != ctx.seat
               and cards.hand_size(p) > 0]
    if taken is None or len(taken) != len(victims):  # the shapes: a list, if given
        raise RuleViolation("G10.3", "gaia.tornado.one_each", count=len(victims))
    seats = []
    got = []
    known = []
    for entry in taken:
        if entry.get("seat") is None:  # the shapes: an object, its seat an integer
            raise BadMove("move", "move.bad_field", field="taken")
        card = cards.parse_any(entry.get("card"), "taken.card")
        seats.append(entry["seat"])
        victim = next((p for p in victims if p["seat"] == entry["seat"]), None)
        if victim is None:
            raise RuleViolation("G10.3", "gaia.tornado.one_each", count=len(victims))
        # G1.2: judged on what the table knows, never on the victim's own declarations
        was_known, forgotten = cards.take_named(victim, card)
        known.append(was_known)
        if forgotten:
            ctx.emit("declare_again", seat=victim["seat"], pile=cards.card_pile(card))
        got.append(card)
    if len(set(seats)) != len(seats):
        raise RuleViolation("G10.3", "gaia.tornado.one_each", count=len(victims))
    keep = move.get("keep")  # the shapes: an integer, if given
    if keep is None or not 0 <= keep < len(got):
        raise BadMove("move", "move.bad_field", field="keep")
    kept = got.pop(keep)
    if known[keep]:  # G1.2: a known card stays known in the taker's hand
        cards.hold(ctx.player, kept)
    else:
        ctx.player["hand"][cards.card_pile(kept)]["known"].append(kept)
    ctx.state["piles"]["discard"].extend(got)
    ctx.state["turn"]["phase"] = "actions"
    ctx.emit("tornado_resolved", seat=ctx.seat, taken_from=seats, discarded=got)
