"""A whole move from a ``legal_moves`` offer (``GameOf.complete``): a square chosen among
the offered ones, and what only the table knows - a card drawn to refill the display, a
card given up, an unknown card's identity - named as the accounting still allows
(G1.2), so the engine accepts it. For random playouts and the shared property test."""

from __future__ import annotations

import random
from typing import Any

from companion.games.gaia.board import key
from companion.games.gaia.cards import held_cards, kind_of, public_cards, seen_by
from companion.games.gaia.components import LIFE_COUNTS, NATURE_COUNTS, TERRAINS
from companion.games.gaia.document import GaiaState as State

Move = dict[str, Any]


def complete(state: State, seat: int, offer: Move, rng: random.Random) -> Move:
    """A concrete move from a legal-moves offer."""
    kind = offer["type"]
    if kind == "draw":
        return _draw(state, seat, offer, rng)
    if kind in ("play_nature", "play_animals"):
        return dict(offer, at=rng.choice(offer["at"]))
    if kind == "play_city":
        square = rng.choice(offer["at"])
        if offer["needs"] is not None:
            return {"type": kind, "symbol": offer["symbol"], "needs": offer["needs"],
                    "at": square["at"]}
        avail = rng.sample(square["available"], len(square["available"]))
        needs = [avail[0], avail[1] if len(avail) > 1 else avail[0],
                 rng.choice(TERRAINS), "animals"]
        return {"type": kind, "symbol": offer["symbol"], "needs": needs, "at": square["at"]}
    if kind == "feed":
        return {"type": "feed", "auto": True} if "auto" in offer else _feed(state, offer, rng)
    if kind == "play_power":
        move = {"type": kind, "card": offer["card"]}
        if "pairs" in offer:
            move["at"], move["to"] = rng.choice(offer["pairs"])
        elif "at" in offer:
            move["at"] = rng.choice(offer["at"])
        return move
    if kind == "tornado":
        return _tornado(state, seat, offer, rng)
    return dict(offer)


def _draw(state: State, seat: int, offer: Move, rng: random.Random) -> Move:
    move: Move = {k: offer[k] for k in ("type", "pile", "from", "slot") if k in offer}
    if offer.get("refill_required"):
        move["refill"] = _room(state, seat, offer["pile"], rng)
    if offer["discard_required"]:  # the card just taken face up is always one to give up
        move["discard"] = (offer["card"] if offer["from"] == "display"
                           else _discard_for(state, seat, rng, offer["pile"]))
    return move


def _room(state: State, seat: int, pile: str, rng: random.Random) -> Any:
    """An identity for an unknown card that accounting still allows."""
    seen = seen_by(state, seat)  # the public cards (known ones in hands too) and its own
    if pile == "nature":
        free = [t for t in TERRAINS if seen[t] < NATURE_COUNTS[t]]
        return rng.choice(free) if free else None
    if pile == "power":
        deck = state["options"]["power_deck"] or {}
        free = [c for c, n in deck.items() if seen[c] < n]
        return rng.choice(free) if free else None
    if seen["animals"] < LIFE_COUNTS["animals"]:
        return {"kind": "animals", "symbol": "star"}
    return {"kind": "city", "symbol": "star", "needs": ["sea", "sea", "sea", "sea"]}


def _discard_for(state: State, seat: int, rng: random.Random, drawn: str = "") -> Any:
    hand = state["players"][seat]["hand"]
    power = hand.get("power")
    if drawn == "power" and power and len(power["known"]) + power["unknown"] >= 2:
        return power["known"][0] if power["known"] else _room(state, seat, "power", rng)
    for pile in ("nature", "life"):
        if hand[pile]["known"]:
            return hand[pile]["known"][0]
    pile = "nature" if hand["nature"]["unknown"] else "life"
    return _room(state, seat, pile, rng)


def _feed(state: State, offer: Move, rng: random.Random) -> Move:
    """A chosen feeding: each city in the offer's order, from a source with tokens left."""
    tokens = {k: tile["animals"] for k, tile in state["tiles"].items()}
    chosen = []
    for entry in offer["cities"]:
        left = [src for src in entry["sources"] if tokens[key(src)] > 0]
        if left:
            src = rng.choice(left)
            tokens[key(src)] -= 1
            chosen.append({"city": entry["city"], "from": src})
    return {"type": "feed", "sources": chosen}


def _tornado(state: State, seat: int, offer: Move, rng: random.Random) -> Move:
    """One card from each victim: a known card the table saw go in when the pile holds
    nothing else, else any identity the actor's accounting allows (counting the public
    cards, every known card held and the actor's hand, each once). The victim's private
    declarations are not the actor's to see (G1.2): naming against them is accepted."""
    seen = [kind_of(c) for c in public_cards(state)]
    seen += [kind_of(c) for p in state["players"] if p["seat"] != seat for c in held_cards(p)]
    seen += [kind_of(c) for h in state["players"][seat]["hand"].values() for c in h["known"]]
    limits = {**NATURE_COUNTS, **LIFE_COUNTS, **(state["options"]["power_deck"] or {})}
    picks: dict[int, tuple[str, Any]] = {}
    for entry in offer["taken"]:
        victim = state["players"][entry["seat"]]["hand"]
        pile = rng.choice([p for p, n in entry["hand_counts"].items() if n])
        # a known card taken is counted already (among its holder's held cards)
        held = victim[pile].get("held", [])
        only_held = len(held) == entry["hand_counts"][pile]
        picks[entry["seat"]] = (pile, rng.choice(held) if only_held else None)
    taken = []
    for entry in offer["taken"]:
        pile, card = picks[entry["seat"]]
        if card is None:
            kinds = {"nature": list(TERRAINS), "life": ["animals", "city"],
                     "power": list(state["options"]["power_deck"] or {})}[pile]
            kind = rng.choice([k for k in kinds if seen.count(k) < limits[k]])
            card = ({"kind": "animals", "symbol": "star"} if kind == "animals" else
                    {"kind": "city", "symbol": "star", "needs": ["sea"] * 4}
                    if kind == "city" else kind)
            seen.append(kind_of(card))
        taken.append({"seat": entry["seat"], "card": card})
    return {"type": "tornado", "taken": taken, "keep": rng.randrange(len(taken))}
