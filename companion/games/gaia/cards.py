"""Card identities, hands of hidden cards and card accounting (G1.1-G1.3)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.games.errors import BadMove, RuleViolation
from companion.games.gaia.components import (
    LIFE_COUNTS,
    NATURE_COUNTS,
    NEEDS,
    POWER_CARDS,
    SYMBOLS,
    TERRAINS,
)
from companion.games.gaia.document import GaiaState, HandPart, Player

Card = Any  # a terrain (nature), a power card name (power) or a dict (life)
PILES = ("nature", "life")


def parse_card(pile: str, raw: Any, field: str) -> Card:
    """Validate a card entered by a player and return it in canonical form."""
    if pile == "nature":
        if raw not in TERRAINS:
            raise BadMove("move", "move.bad_card", field=field, pile=pile)
        return raw
    if pile == "power":
        if raw not in POWER_CARDS:
            raise BadMove("move", "move.bad_card", field=field, pile=pile)
        return raw
    if not isinstance(raw, dict) or raw.get("kind") not in ("city", "animals"):
        raise BadMove("move", "move.bad_card", field=field, pile=pile)
    symbol = raw.get("symbol")
    if symbol not in SYMBOLS:
        raise BadMove("move", "move.bad_card", field=field, pile=pile)
    if raw["kind"] == "animals":
        return {"kind": "animals", "symbol": symbol}
    needs = raw.get("needs")
    if not isinstance(needs, list) or len(needs) != 4 or any(n not in NEEDS for n in needs):
        raise BadMove("move", "move.bad_needs", field=field)
    return {"kind": "city", "symbol": symbol, "needs": list(needs)}


def card_pile(card: Card) -> str:
    if isinstance(card, str):
        return "nature" if card in TERRAINS else "power"
    return "life"


def parse_any(raw: Any, field: str) -> Card:
    """A card of whichever pile its shape says (for discards)."""
    if isinstance(raw, str):
        return parse_card("power" if raw in POWER_CARDS else "nature", raw, field)
    return parse_card("life", raw, field)


def kind_of(card: Card) -> str:
    """The accounting kind: a terrain for nature cards, city/animals for life."""
    return card if isinstance(card, str) else str(card["kind"])


def city_key(card: Card) -> tuple[str, tuple[str, ...]]:
    """Catalog identity of a city card: its symbol and its needs, order aside."""
    return (card["symbol"], tuple(sorted(card["needs"])))


def same_card(a: Card, b: Card) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return bool(a == b)
    if a["kind"] != b["kind"] or a["symbol"] != b["symbol"]:
        return False
    return bool(a["kind"] == "animals" or city_key(a) == city_key(b))


def hand_size(player: Player) -> int:
    hand = player["hand"]
    return sum(len(hand[p]["known"]) + hand[p]["unknown"] for p in hand)


def take_from_hand(player: Player, card: Card) -> bool:
    """G1.3: use a known card of that identity, else an unknown card of its pile.

    A card taken face up (G1.2) goes first: it leaves the count of cards in sight as
    it is played. True when the card used was such a known card."""
    part = player["hand"][card_pile(card)]
    held = part.get("held", [])
    for i, seen in enumerate(held):
        if same_card(seen, card):
            del held[i]
            if not held:
                del part["held"]
            part["known"].remove(seen)
            return True
    for i, known in enumerate(part["known"]):
        if same_card(known, card):
            del part["known"][i]
            return False
    if part["unknown"] > 0:
        part["unknown"] -= 1
        return False
    raise RuleViolation("G1.3", "gaia.card.not_in_hand", card=card)


def take_named(player: Player, card: Card) -> tuple[bool, bool]:
    """G1.2: a card another player takes from ``player``'s hand and names (Tornado).

    Only what the whole table knows can refuse it: the pile's size and the known cards
    in it. When the holder's own declarations of that pile cannot hold the named card,
    the card still leaves as one of theirs and all those declarations turn back into
    unknown cards (their phone asks for them again). Returns (a known card was taken,
    the holder's declarations of the pile were forgotten)."""
    part = player["hand"][card_pile(card)]
    held = part.get("held", [])
    private = len(part["known"]) - len(held)
    if any(same_card(h, card) for h in held) or part["unknown"] > 0 or (
            private > 0 and any(same_card(k, card) for k in part["known"])):
        return take_from_hand(player, card), False
    if private == 0:  # the pile holds no card that is not known to the whole table
        raise RuleViolation("G1.2", "gaia.card.not_in_their_hand", card=card,
                            seat=player["seat"], who=player["name"])
    part["known"] = list(held)
    part["unknown"] += private - 1
    player["redeclare"] = True
    return False, True


def hold(player: Player, card: Card) -> None:
    """G1.2: ``card`` went into the hand in sight of the whole table (face up)."""
    part = player["hand"][card_pile(card)]
    part["known"].append(card)
    part.setdefault("held", []).append(card)


def held_cards(player: Player) -> list[Card]:
    """The player's known cards (G1.2), which every player's accounting counts."""
    return [c for part in player["hand"].values() for c in part.get("held", [])]


def _private_slots(part: HandPart) -> list[int]:
    """Indices of the declared cards that are not known to the table (G1.2)."""
    held = list(part.get("held", []))
    slots = []
    for i, card in enumerate(part["known"]):
        seen = next((j for j, h in enumerate(held) if same_card(h, card)), None)
        if seen is None:
            slots.append(i)
        else:
            del held[seen]
    return slots


def piles_of(state: GaiaState) -> tuple[str, ...]:
    return ("nature", "life", "power") if "power" in state["piles"] else PILES


def public_cards(state: GaiaState) -> list[Card]:
    """Every card whose identity the whole table can see."""
    cards: list[Card] = []
    piles = state["piles"]
    for pile in piles_of(state):
        cards.extend(c for c in piles[pile]["display"] if c is not None)
    cards.extend(piles["discard"])
    for player in state["players"]:
        for terrain, n in player["tableau"].items():
            cards.extend([terrain] * n)
        for power, n in player.get("powers", {}).items():
            cards.extend([power] * n)
    for tile in state["tiles"].values():
        city = tile["city"]
        if city is not None:
            cards.append({"kind": "city", "symbol": city["symbol"], "needs": city["needs"]})
    return cards


def _private(player: Player) -> list[Card]:
    """The player's own declarations, known cards (counted as public) aside."""
    return [part["known"][i] for part in player["hand"].values() for i in _private_slots(part)]


def _tally(counts: Counter[Any], cards: list[Card], catalog: bool) -> Counter[Any]:
    """Add cards to ``counts`` by kind (and by catalog identity for cities)."""
    for card in cards:
        if isinstance(card, str):
            counts[card] += 1
        else:
            counts[card["kind"]] += 1
            if catalog and card["kind"] == "city":
                counts[city_key(card)] += 1
    return counts


def public_counts(state: GaiaState) -> Counter[Any]:
    """How many cards of each kind the whole table can see (known cards in hands too)."""
    catalog = state["options"].get("city_catalog") is not None
    counts: Counter[Any] = Counter()
    piles = state["piles"]
    for pile in piles_of(state):
        _tally(counts, [c for c in piles[pile]["display"] if c is not None], catalog)
    _tally(counts, piles["discard"], catalog)
    for player in state["players"]:
        counts.update(player["tableau"])
        counts.update(player.get("powers", {}))
        _tally(counts, held_cards(player), catalog)
    for tile in state["tiles"].values():
        city = tile["city"]
        if city is not None:
            counts["city"] += 1
            if catalog:
                counts[city_key(city)] += 1
    return counts


def seen_by(state: GaiaState, seat: int) -> Counter[Any]:
    """The cards ``seat`` knows of: the public ones and its own declarations."""
    catalog = state["options"].get("city_catalog") is not None
    return _tally(public_counts(state), _private(state["players"][seat]), catalog)


def _limits(state: GaiaState) -> dict[Any, int]:
    limits: dict[Any, int] = {**NATURE_COUNTS, **LIFE_COUNTS,
                              **(state["options"].get("power_deck") or {})}
    catalog = state["options"].get("city_catalog")
    if catalog is not None:
        limits.update(Counter(city_key(c) for c in catalog))
    return limits


def _over(state: GaiaState, public: Counter[Any], player: Player,
          limits: dict[Any, int]) -> Any:
    """The first kind whose public plus ``player``'s declared cards exceed the game's
    ``limits`` (:func:`_limits` of the state)."""
    catalog = state["options"].get("city_catalog") is not None
    counts = _tally(Counter(public), _private(player), catalog)
    for kind, n in counts.items():
        if n > limits.get(kind, 0):
            return kind
    return None


def check_accounting(state: GaiaState, seat: int, public: Counter[Any] | None = None,
                     limits: dict[Any, int] | None = None) -> None:
    """G1.2: public cards plus the mover's known hand may not exceed the game's."""
    public = public_counts(state) if public is None else public
    limits = _limits(state) if limits is None else limits
    over = _over(state, public, state["players"][seat], limits)
    if over is not None:
        if isinstance(over, tuple):
            raise RuleViolation("G1.2", "gaia.card.not_in_catalog",
                                card={"kind": "city", "symbol": over[0], "needs": list(over[1])})
        limit = limits[over]
        raise RuleViolation("G1.2", "gaia.card.too_many", kind=over, limit=limit)


def _forget_one(player: Player, over: Any) -> bool:
    """Turn the last declaration of kind ``over`` back into an unknown card (never a
    known card, G1.2)."""
    for part in player["hand"].values():
        for i in reversed(_private_slots(part)):
            card = part["known"][i]
            hit = (city_key(card) == over if isinstance(over, tuple) and kind_of(card) == "city"
                   else kind_of(card) == over)
            if hit:
                del part["known"][i]
                part["unknown"] += 1
                return True
    return False


def account(state: GaiaState, seat: int) -> None:
    """G1.2 after a move that named cards: check the mover, then forget what
    the new public cards made impossible in everybody else's declarations."""
    public = public_counts(state)
    limits = _limits(state)  # once for the mover's and every player's accounting
    check_accounting(state, seat, public, limits)
    for player in state["players"]:
        if player["seat"] == seat or not any(h["known"] for h in player["hand"].values()):
            continue
        while (over := _over(state, public, player, limits)) is not None:
            if not _forget_one(player, over):
                break
