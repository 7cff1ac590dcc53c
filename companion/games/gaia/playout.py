"""Seeded random games with a simulated physical deck (for tests and benchmarks).

The simulator shuffles real card identities, deals them, and plays a
random truthful move each step: what a table would enter into the
companion. Every move it makes must be accepted by the engine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.games.gaia import feeding
from companion.games.gaia.board import met_needs, offers, open_squares, xy
from companion.games.gaia.components import (
    ANIMALS_PER_CARD,
    DEAL,
    DISPLAY_SIZES,
    HAND_LIMIT,
    LIFE_COUNTS,
    NATURE_COUNTS,
    NEEDS,
    POWER_DEAL,
    POWER_DISPLAY,
    POWER_HAND_LIMIT,
    SYMBOLS,
    TERRAINS,
    matches_symbol,
    objectives_count,
)
from companion.games.gaia.document import GaiaState, window
from companion.games.gaia.engine import apply
from companion.games.gaia.state import new_game, normalize_options
from companion.games.gaia.turns import can_claim
from companion.games.playout import Playout

State = GaiaState


def random_life_deck(rng: random.Random) -> list[Any]:
    cities = [{"kind": "city", "symbol": rng.choice(SYMBOLS),
               "needs": [rng.choice(NEEDS) for _ in range(4)]}
              for _ in range(LIFE_COUNTS["city"])]
    animals = [{"kind": "animals", "symbol": rng.choice(SYMBOLS)}
               for _ in range(LIFE_COUNTS["animals"])]
    deck = cities + animals
    rng.shuffle(deck)
    return deck


def random_objective(rng: random.Random) -> list[str]:
    if rng.random() < 0.2:
        return list(TERRAINS)
    a, b = rng.sample(TERRAINS, 2)
    return [a, a, b, b]


@dataclass
class Table(Playout):
    """A physical table: the true decks and hands behind the companion's state."""

    decks: dict[str, list[Any]]
    hands: list[list[Any]]
    engine = staticmethod(apply)

    @classmethod
    def deal(cls, seed: int, players: int = 3, **options: Any) -> Table:
        rng = random.Random(seed)
        opts = normalize_options(options)
        nature = [t for t, n in NATURE_COUNTS.items() for _ in range(n)]
        rng.shuffle(nature)
        decks = {"nature": nature, "life": random_life_deck(rng)}
        deal = dict(DEAL)
        sizes = dict(DISPLAY_SIZES)
        objectives: list[Any] = [random_objective(rng) for _ in range(objectives_count(players))]
        if opts["power_deck"]:
            decks["power"] = [c for c, n in opts["power_deck"].items() for _ in range(n)]
            rng.shuffle(decks["power"])
            deal["power"], sizes["power"] = POWER_DEAL, POWER_DISPLAY
            objectives[: rng.randint(0, 2)] = ["power"] * 2
            objectives = objectives[: objectives_count(players)]
        hands = [[decks[p].pop() for p in deal for _ in range(deal[p])] for _ in range(players)]
        display = {p: [decks[p].pop() for _ in range(n)] for p, n in sizes.items()}
        setup = {"objectives": objectives, "display": display}
        roster = [{"name": f"P{i}", "color": f"c{i}"} for i in range(players)]
        state = new_game(opts, roster, setup)
        return cls(rng, state, decks, hands)

    def mover(self) -> int:
        """Whose answer is due: in a reaction window anyone may speak."""
        turn = self.state["turn"]
        if turn["phase"] != "reaction":
            return int(turn["seat"])
        reaction = window(turn)
        waiting = [p["seat"] for p in self.state["players"]
                   if p["seat"] != reaction["actor"] and p["seat"] not in reaction["passed"]]
        return int(self.rng.choice([reaction["actor"], *waiting, *waiting]))

    def choose(self) -> tuple[int, dict[str, Any]]:
        seat = self.mover()
        return seat, self.pick(seat)

    # -- choosing a move --------------------------------------------------------------
    def pick(self, seat: int) -> dict[str, Any]:
        state = self.state
        phase = state["turn"]["phase"]
        if phase == "feeding":
            return self._feed(seat)
        if phase == "reaction":
            if seat == window(state["turn"])["actor"]:
                return {"type": "nobody_defended"}
            holds = "defense" in self.hands[seat]
            return {"type": "defend" if holds and self.rng.random() < 0.5 else "pass"}
        if phase == "tornado":
            return self._tornado(seat)
        options: list[dict[str, Any]] = []
        if state["turn"]["actions_left"] > 0:
            options += self._plays(seat)
            options += self._draws(seat)
            options += self._powers(seat)
        options += [{"type": "claim_objective", "objective": o} for o in can_claim(state, seat)]
        if not options or self.rng.random() < 0.03:
            return {"type": "end_turn"}
        move = self.rng.choice(options)
        self._commit(seat, move)
        return move

    def _feed(self, seat: int) -> dict[str, Any]:
        if self.rng.random() < 0.5:
            return {"type": "feed", "auto": True}
        tokens = {k: t["animals"] for k, t in self.state["tiles"].items()}
        meals = feeding.plan(self.state, seat)
        self.rng.shuffle(meals)
        chosen = []
        for city, found in meals:
            left = [s for s in found if tokens[s] > 0]
            if left:
                src = self.rng.choice(left)
                tokens[src] -= 1
                chosen.append({"city": xy(city), "from": xy(src)})
        return {"type": "feed", "sources": chosen}

    def _tornado(self, seat: int) -> dict[str, Any]:
        taken = [{"seat": p["seat"], "card": self.rng.choice(self.hands[p["seat"]])}
                 for p in self.state["players"] if p["seat"] != seat and self.hands[p["seat"]]]
        return {"type": "tornado", "taken": taken, "keep": self.rng.randrange(len(taken))}

    def _powers(self, seat: int) -> list[dict[str, Any]]:
        from companion.games.gaia.legal import _powers as offered
        from companion.games.gaia.legal import _room as room

        held = {c for c in self.hands[seat] if isinstance(c, str) and c not in NATURE_COUNTS}
        out: list[dict[str, Any]] = []
        for template in offered(self.state, seat, room(self.state, seat)) if held else []:
            card = template["card"]
            if card not in held:
                continue
            move = {"type": "play_power", "card": card}
            if card == "earthquake":
                move["at"], move["to"] = self.rng.choice(template["pairs"])
            elif "at" in template:
                move["at"] = self.rng.choice(template["at"])
            out.append(move)
        return out

    def _draws(self, seat: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for pile in self.decks:
            if self.decks[pile]:
                out.append({"type": "draw", "pile": pile, "from": "deck"})
            for slot, card in enumerate(self.state["piles"][pile]["display"]):
                if card is not None:
                    out.append({"type": "draw", "pile": pile, "from": "display", "slot": slot})
        return out

    def _plays(self, seat: int) -> list[dict[str, Any]]:
        state, out = self.state, []
        tiles = state["tiles"]
        distinct = state["options"]["duplicate_needs"] == "distinct_neighbours"
        for card in self.hands[seat]:
            if isinstance(card, str) and card not in NATURE_COUNTS:
                continue  # a power card: see _powers
            if isinstance(card, str):
                if state["supply"]["tiles"][card]:
                    at = self.rng.choice(open_squares(tiles))
                    out.append({"type": "play_nature", "terrain": card, "at": at})
                continue
            free = [k for k, t in tiles.items() if t["city"] is None and not t["animals"]
                    and matches_symbol(t["terrain"], card["symbol"])]
            if card["kind"] == "animals":
                if free and state["supply"]["animals"] >= ANIMALS_PER_CARD:
                    out.append({"type": "play_animals", "symbol": card["symbol"],
                                "at": xy(self.rng.choice(free))})
                continue
            good = [k for k in free
                    if sum(met_needs(card["needs"], offers(tiles, xy(k)), distinct)) >= 2]
            if good:
                out.append({"type": "play_city", "symbol": card["symbol"],
                            "needs": card["needs"], "at": xy(self.rng.choice(good))})
        return out

    def _commit(self, seat: int, move: dict[str, Any]) -> None:
        """Move the true cards the way the table would."""
        hand = self.hands[seat]
        kind = move["type"]
        if kind == "play_nature":
            hand.remove(move["terrain"])
        elif kind == "play_animals":
            hand.remove({"kind": "animals", "symbol": move["symbol"]})
        elif kind == "play_city":
            hand.remove({"kind": "city", "symbol": move["symbol"], "needs": move["needs"]})
        elif kind == "draw":
            self._commit_draw(seat, move)
        elif kind == "play_power":
            hand.remove(move["card"])

    def _commit_draw(self, seat: int, move: dict[str, Any]) -> None:
        hand, pile = self.hands[seat], move["pile"]
        if move["from"] == "deck":
            card = self.decks[pile].pop()
            if self.rng.random() < 0.5:
                move["card"] = card
        else:
            card = self.state["piles"][pile]["display"][move["slot"]]
            if self.decks[pile]:
                move["refill"] = self.decks[pile].pop()
        hand.append(card)
        powers = [i for i, c in enumerate(hand) if isinstance(c, str) and c not in NATURE_COUNTS]
        if pile == "power" and len(powers) > POWER_HAND_LIMIT:
            move["discard"] = hand.pop(self.rng.choice(powers))
        elif len(hand) > HAND_LIMIT:
            move["discard"] = hand.pop(self.rng.randrange(len(hand)))

    def after(self, seat: int, move: dict[str, Any], before: State) -> None:
        """The true cards of moves made outside the mover's own turn flow."""
        if move["type"] == "defend":
            self.hands[seat].remove("defense")
        elif move["type"] == "tornado":
            got = []
            for entry in move["taken"]:
                self.hands[entry["seat"]].remove(entry["card"])
                got.append(entry["card"])
            self.hands[seat].append(got[move["keep"]])
