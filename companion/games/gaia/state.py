"""Options, setup and the initial state of a Gaia game (G2, G11)."""

from __future__ import annotations

from typing import Any

from companion.games.base import seating
from companion.games.errors import RuleViolation
from companion.games.gaia import cards, known
from companion.games.gaia.components import (
    ANIMAL_TOKENS,
    CATASTROPHES,
    DEAL,
    DEFAULT_POWER_DECK,
    DISPLAY_SIZES,
    LIFE_TOTAL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NATURE_TOTAL,
    OPTION_CHOICES,
    POWER_CARDS,
    POWER_DEAL,
    POWER_DISPLAY,
    POWER_OBJECTIVE_CARDS,
    POWER_OBJECTIVES,
    TERRAINS,
    TILE_COUNTS,
    objectives_count,
    pawns_per_player,
)
from companion.games.gaia.document import (
    GaiaState,
    Objective,
    Options,
    Player,
)

State = GaiaState


def normalize_options(raw: dict[str, Any]) -> Options:
    """G11: fill in defaults and reject unknown options or values."""
    if not isinstance(raw, dict):
        raise RuleViolation("G11", "gaia.options.bad", option="options")
    unknown = set(raw) - set(OPTION_CHOICES) - {"city_catalog", "power_deck", "box"}
    if unknown:
        raise RuleViolation("G11", "gaia.options.unknown", option=sorted(unknown)[0])
    chosen: dict[str, Any] = {}
    for name, (allowed, default) in OPTION_CHOICES.items():
        value = raw.get(name, default)
        if not any(value is a or (value == a and type(value) is type(a)) for a in allowed):
            raise RuleViolation("G11", "gaia.options.bad_value", option=name,
                                allowed=[str(a).lower() for a in allowed])
        chosen[name] = value
    catalog = _catalog(raw.get("city_catalog"))
    options = Options(variant=chosen["variant"], feeding=chosen["feeding"],
                      end_on=chosen["end_on"], auto_end_turn=chosen["auto_end_turn"],
                      catastrophes=chosen["catastrophes"],
                      duplicate_needs=chosen["duplicate_needs"], city_catalog=catalog,
                      power_deck=_power_deck(raw.get("power_deck"), chosen))
    box = known.parse_box(raw.get("box"))
    if box:
        options["box"] = box
    return options


def _power_deck(raw: Any, options: dict[str, Any]) -> dict[str, int] | None:
    """G10.2/G10.4: counts per power card (expert only; catastrophes only when on)."""
    if options["variant"] != "expert":
        if raw is not None or options["catastrophes"]:
            raise RuleViolation("G11", "gaia.options.expert_only",
                                option="power_deck" if raw is not None else "catastrophes")
        return None
    deck = dict(DEFAULT_POWER_DECK) if raw is None else raw
    if (not isinstance(deck, dict) or set(deck) - set(POWER_CARDS)
            or any(type(v) is not int or not 0 <= v <= 20 for v in deck.values())):
        raise RuleViolation("G11", "gaia.options.bad", option="power_deck")
    deck = {card: deck.get(card, 0) for card in POWER_CARDS}
    if not options["catastrophes"]:
        deck.update({card: 0 for card in CATASTROPHES})
    return deck


def _catalog(raw: Any) -> list[dict[str, Any]] | None:
    if raw is None:
        return None
    if not isinstance(raw, list) or not raw or len(raw) > 200:
        raise RuleViolation("G11", "gaia.options.bad", option="city_catalog")
    catalog = [cards.parse_card("life", {**c, "kind": "city"} if isinstance(c, dict) else c,
                                "city_catalog") for c in raw]
    return catalog


def parse_objective(i: int, raw: Any, expert: bool = False) -> Objective:
    """G2.1: two pairs of different terrains, or one of each of the six; in the
    expert game also ``"power"``: four power cards played (G10.2)."""
    if expert and raw == "power":
        return {"id": i, "requires": {"power": POWER_OBJECTIVE_CARDS}, "claimed_by": None}
    if not isinstance(raw, list) or any(t not in TERRAINS for t in raw):
        raise RuleViolation("G2.1", "gaia.setup.bad_objective", index=i, number=i + 1)
    counts: dict[str, int] = {}
    for t in raw:
        counts[t] = counts.get(t, 0) + 1
    pairs = len(raw) == 4 and sorted(counts.values()) == [2, 2]
    rainbow = len(raw) == 6 and len(counts) == 6
    if not (pairs or rainbow):
        raise RuleViolation("G2.1", "gaia.setup.bad_objective", index=i, number=i + 1)
    return {"id": i, "requires": {t: counts[t] for t in TERRAINS if t in counts},
            "claimed_by": None}


def _display(setup: dict[str, Any], expert: bool) -> dict[str, list[Any]]:
    raw = setup.get("display")
    if not isinstance(raw, dict):
        raise RuleViolation("G2.2", "gaia.setup.bad_display")
    out = {}
    sizes = {**DISPLAY_SIZES, "power": POWER_DISPLAY} if expert else DISPLAY_SIZES
    for pile, size in sizes.items():
        shown = raw.get(pile)
        if not isinstance(shown, list) or len(shown) != size:
            raise RuleViolation("G2.2", "gaia.setup.bad_display")
        out[pile] = [cards.parse_card(pile, c, f"display.{pile}") for c in shown]
    return out


def new_game(options: Options, players: list[dict[str, Any]],
             setup: dict[str, Any]) -> State:
    """The state right after the host starts the game (G2).

    Seat numbers are the indexes of ``players``. ``setup`` holds the
    objectives and the face-up display entered by the host, and optionally
    ``seating`` (the turn order, a permutation of the seats) and
    ``first_player`` (a seat), G2.4.
    """
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RuleViolation("G1", "gaia.setup.players", min=MIN_PLAYERS, max=MAX_PLAYERS, n=n)
    if not isinstance(setup, dict):
        raise RuleViolation("G2.2", "gaia.setup.bad_display")
    raw_objectives = setup.get("objectives")
    want = objectives_count(n)
    if not isinstance(raw_objectives, list) or len(raw_objectives) != want:
        raise RuleViolation("G2.1", "gaia.setup.objective_count", want=want)
    expert = options["variant"] == "expert"
    display = _display(setup, expert)
    order, first = seating(setup, n, "G2.4", "gaia")
    state: State = {
        "game": "gaia", "options": options, "status": "playing",
        "players": _seated(players),
        "turn": {"seat": first, "actions_left": 2, "phase": "actions", "number": 1},
        "order": order, "first_player": first, "tiles": {}, "next_city": 1,
        "supply": {"tiles": dict(TILE_COUNTS), "animals": ANIMAL_TOKENS},
        "piles": _piles(display, n),
        "objectives": [parse_objective(i, o, expert) for i, o in enumerate(raw_objectives)],
        "result": None,
    }
    if expert:
        _expert_setup(state, options, display, n)
    cards.check_accounting(state, first)
    return state



def _seated(players: list[dict[str, Any]]) -> list[Player]:
    """Each player's pawns (G1) and dealt hand (G2.2), every card unknown to the table."""
    pawns = pawns_per_player(len(players))
    return [{"seat": i, "name": p.get("name", f"Player {i + 1}"), "color": p.get("color"),
             "pawns": pawns, "pawns_total": pawns,
             "hand": {pile: {"known": [], "unknown": DEAL[pile]} for pile in DEAL},
             "tableau": {}} for i, p in enumerate(players)]


def _piles(display: dict[str, list[Any]], n: int) -> dict[str, Any]:
    """The decks after the deal (G2.3) and the face-up display (G2.2)."""
    return {
        "nature": {"deck": NATURE_TOTAL - DEAL["nature"] * n - DISPLAY_SIZES["nature"],
                   "display": display["nature"]},
        "life": {"deck": LIFE_TOTAL - DEAL["life"] * n - DISPLAY_SIZES["life"],
                 "display": display["life"]},
        "discard": [],
    }

def _expert_setup(state: State, options: Options, display: dict[str, list[Any]],
                  n: int) -> None:
    """G10.2: one power card dealt each, two face up, the rest the power deck."""
    power_objectives = sum(1 for o in state["objectives"] if "power" in o["requires"])
    if power_objectives > POWER_OBJECTIVES:
        raise RuleViolation("G10.2", "gaia.setup.power_objectives", most=POWER_OBJECTIVES)
    deck = options["power_deck"]
    assert deck is not None, "G10.2: the expert game has a power deck (normalize_options)"
    total = sum(deck.values())
    if total < POWER_DEAL * n + POWER_DISPLAY:
        raise RuleViolation("G11", "gaia.options.bad", option="power_deck")
    state["piles"]["power"] = {"deck": total - POWER_DEAL * n - POWER_DISPLAY,
                               "display": display["power"]}
    for player in state["players"]:
        player["hand"]["power"] = {"known": [], "unknown": POWER_DEAL}
        player["powers"] = {}
    state["turn"]["reaction"] = None

