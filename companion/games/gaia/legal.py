"""``legal_moves``: everything a seat may do now, as move templates.

Each template names its squares (or slots, sources, objectives); a city
template from a known card gives the needs it would meet on each square,
one from an unknown card gives what each square's neighbours offer, so the
player can enter the card's needs.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.games.gaia import cards, feeding
from companion.games.gaia.board import around, met_needs, offers_at, open_squares, xy
from companion.games.gaia.components import (
    ANIMALS,
    ANIMALS_PER_CARD,
    CATASTROPHES,
    HAND_LIMIT,
    LIFE_COUNTS,
    NATURE_COUNTS,
    POWER_CARDS,
    POWER_HAND_LIMIT,
    RAIN,
    SUN,
    SYMBOLS,
    TERRAINS,
    VOLCANO_TURNS_DESERT,
    matches_symbol,
)
from companion.games.gaia.document import GaiaState, window
from companion.games.gaia.turns import can_claim

State = GaiaState
Template = dict[str, Any]


def legal_moves(state: State, seat: int) -> list[Template]:
    if state["status"] != "playing":
        return []
    if state["turn"]["phase"] == "reaction":
        return _answers(state, seat)
    if state["turn"]["seat"] != seat:
        return []
    if state["turn"]["phase"] == "feeding":
        return _feeding(state, seat)
    if state["turn"]["phase"] == "tornado":
        return [{"type": "tornado", "keep": "index of the card kept",
                 "taken": [{"seat": p["seat"], "hand_counts": {k: len(h["known"]) + h["unknown"]
                                                               for k, h in p["hand"].items()}}
                           for p in state["players"]
                           if p["seat"] != seat and cards.hand_size(p) > 0]}]
    out: list[Template] = []
    if state["turn"]["actions_left"] > 0:
        room = _room(state, seat)  # counted once: every kind's candidates ask it
        out += _draws(state, seat)
        out += _nature(state, seat, room)
        out += _life(state, seat, room)
        if "power" in state["piles"]:
            out += _powers(state, seat, room)
    out += [{"type": "claim_objective", "objective": o} for o in can_claim(state, seat)]
    out.append({"type": "end_turn"})
    return out


def _feeding(state: State, seat: int) -> list[Template]:
    meals = feeding.plan(state, seat)
    return [{"type": "feed", "auto": True},
            {"type": "feed", "cities": [{"city": xy(k), "sources": [xy(s) for s in found]}
                                        for k, found in meals]}]


def _draws(state: State, seat: int) -> list[Template]:
    player = state["players"][seat]
    hand_full = cards.hand_size(player) >= HAND_LIMIT
    out: list[Template] = []
    for pile in cards.piles_of(state):
        part = state["piles"][pile]
        held = player["hand"][pile]
        full = hand_full or (pile == "power"
                             and len(held["known"]) + held["unknown"] >= POWER_HAND_LIMIT)
        if part["deck"] > 0:
            out.append({"type": "draw", "pile": pile, "from": "deck",
                        "discard_required": full})
        for slot, card in enumerate(part["display"]):
            if card is not None:
                out.append({"type": "draw", "pile": pile, "from": "display", "slot": slot,
                            "card": card, "refill_required": part["deck"] > 0,
                            "discard_required": full})
    return out


def _room(state: State, seat: int) -> Counter[str]:
    """How many more cards of each kind may still turn up (G1.2); nothing to count
    while the seat's hand holds no unknown card (only those ask)."""
    if not any(part["unknown"] for part in state["players"][seat]["hand"].values()):
        return Counter()
    seen = cards.seen_by(state, seat)
    limits = {**NATURE_COUNTS, **LIFE_COUNTS, **(state["options"]["power_deck"] or {})}
    return Counter({k: limits[k] - seen[k] for k in limits})


def _answers(state: State, seat: int) -> list[Template]:
    """G10.3: the reaction window — the others defend or pass, the actor may declare.
    The seat's room (G1.2) is counted only for a seat still asked."""
    reaction = window(state["turn"])
    if seat == reaction["actor"]:
        return [{"type": "nobody_defended"}]
    if seat in reaction["passed"]:
        return []
    out: list[Template] = []
    if _candidates(state, seat, "power", "defense", _room(state, seat)):
        out.append({"type": "defend"})
    return [*out, {"type": "pass"}]


def _powers(state: State, seat: int, room: Counter[str]) -> list[Template]:
    """G10.3/G10.4: each power card the seat may hold, with its legal targets."""
    out: list[Template] = []
    tiles = state["tiles"]
    supply = state["supply"]["tiles"]
    for card in POWER_CARDS:
        if card == "defense" or not _candidates(state, seat, "power", card, room):
            continue
        if card in CATASTROPHES and not state["options"]["catastrophes"]:
            continue
        target: dict[str, Any]
        squares: list[Any]
        if card in ("sun", "rain"):
            change = dict(SUN if card == "sun" else RAIN)
            squares = [xy(k) for k, t in tiles.items()
                       if t["terrain"] in change and supply[change[t["terrain"]]] > 0]
            target = {"at": squares}
        elif card == "earthquake":
            pairs = [[xy(k), xy(n)] for k in tiles for n in around(k)
                     if n in tiles and k < n]
            target = {"pairs": pairs}
            squares = pairs
        elif card == "tornado":
            squares = [p["seat"] for p in state["players"]
                       if p["seat"] != seat and cards.hand_size(p) > 0]
            target = {}
        elif card == "volcano":
            squares = [xy(k) for k in tiles if supply["desert"] >= sum(
                1 for n in [k, *around(k)]
                if n in tiles and tiles[n]["terrain"] in VOLCANO_TURNS_DESERT)]
            target = {"at": squares}
        else:
            squares = [xy(k) for k in tiles]
            target = {"at": squares}
        if squares:
            out.append({"type": "play_power", "card": card, **target})
    return out


def _candidates(state: State, seat: int, pile: str, kind: str, room: Counter[str]
                ) -> list[Any]:
    """Known cards of a kind in hand, plus None for 'an unknown card of the pile'
    (``room``: :func:`_room` of the seat)."""
    hand = state["players"][seat]["hand"][pile]
    known = [c for c in hand["known"] if cards.kind_of(c) == kind]
    if hand["unknown"] > 0 and room[kind] > 0:
        known.append(None)
    return known


def _nature(state: State, seat: int, room: Counter[str]) -> list[Template]:
    squares = open_squares(state["tiles"])
    out = []
    for terrain in TERRAINS:
        if state["supply"]["tiles"][terrain] and _candidates(state, seat, "nature", terrain, room):
            out.append({"type": "play_nature", "terrain": terrain, "at": squares})
    return out


def _free_tiles(state: State, symbol: str) -> list[str]:
    return [k for k, t in state["tiles"].items()
            if t["city"] is None and not t["animals"] and matches_symbol(t["terrain"], symbol)]


class _Free:
    """The free tiles (no city, no animals) for each card symbol, in the map's order:
    every symbol's list from one pass over the map, which animals, known cities and
    unknown cities all ask (the same lists as :func:`_free_tiles`)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.by_symbol: dict[str, list[str]] = {symbol: [] for symbol in SYMBOLS}
        for k, t in state["tiles"].items():
            if t["city"] is None and not t["animals"]:
                for symbol in SYMBOLS:
                    if matches_symbol(t["terrain"], symbol):
                        self.by_symbol[symbol].append(k)

    def __call__(self, symbol: str) -> list[str]:
        found = self.by_symbol.get(symbol)
        return _free_tiles(self.state, symbol) if found is None else found


def _life(state: State, seat: int, room: Counter[str]) -> list[Template]:
    free = _Free(state)
    return _animals(state, seat, room, free) + _cities(state, seat, room, free)


def _animals(state: State, seat: int, room: Counter[str], free: _Free) -> list[Template]:
    if state["supply"]["animals"] < ANIMALS_PER_CARD:
        return []
    out: list[Template] = []
    symbols = {c["symbol"] if c else None for c in _candidates(state, seat, "life", ANIMALS, room)}
    for symbol in SYMBOLS if None in symbols else sorted(s for s in symbols if s):
        squares = [xy(k) for k in free(symbol)]
        if squares:
            out.append({"type": "play_animals", "symbol": symbol, "at": squares})
    return out


def _cities(state: State, seat: int, room: Counter[str], free: _Free) -> list[Template]:
    out: list[Template] = []
    distinct = state["options"]["duplicate_needs"] == "distinct_neighbours"
    for card in _candidates(state, seat, "life", "city", room):
        if card is None:
            out += _unknown_city(state, free)
            continue
        at: list[dict[str, Any]] = []
        for k in free(card["symbol"]):
            met = sum(met_needs(card["needs"], offers_at(state["tiles"], k), distinct))
            if met >= 2:
                at.append({"at": xy(k), "met": met})
        if at:
            out.append({"type": "play_city", "symbol": card["symbol"], "needs": card["needs"],
                        "at": at})
    return out


def _unknown_city(state: State, free: _Free) -> list[Template]:
    """Squares where some city card could meet 2 needs (G6.2), with what each offers.
    A square is weighed once, however many symbols its terrain matches."""
    distinct = state["options"]["duplicate_needs"] == "distinct_neighbours"
    weighed: dict[str, tuple[list[str], dict[str, int]] | None] = {}
    out = []
    for symbol in SYMBOLS:
        at: list[dict[str, Any]] = []
        for k in free(symbol):
            if k not in weighed:
                weighed[k] = _city_square(state["tiles"], k, distinct)
            offered = weighed[k]
            if offered is not None:
                available, supply = offered
                at.append({"at": xy(k), "available": available, "supply": supply})
        if at:
            out.append({"type": "play_city", "symbol": symbol, "needs": None, "at": at})
    return out


def _city_square(tiles: dict[str, Any], k: str, distinct: bool
                 ) -> tuple[list[str], dict[str, int]] | None:
    """What the neighbours of square ``k`` offer an unknown city card (the needs
    available, how many neighbours offer each), or None when no card could meet 2
    needs there (G6.4)."""
    nearby = offers_at(tiles, k)
    terrains = {o["terrain"] for o in nearby}
    available = [t for t in TERRAINS if t in terrains]
    if any(o["animals"] for o in nearby):
        available.append(ANIMALS)
    # one need twice meets 2 icons, with distinct_neighbours only if two offer it
    if not (len(available) >= 2 or (available and sum(met_needs(
            [available[0]] * 2, nearby, distinct)) == 2)):
        return None
    # how many neighbours offer each: the phone counts an entered card's needs by G6.4
    # before it highlights the square
    supply = {a: sum(1 for o in nearby if (o["animals"] if a == ANIMALS
                                          else o["terrain"] == a))
              for a in available}
    return available, supply
