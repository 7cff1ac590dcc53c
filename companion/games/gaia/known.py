"""City cards and objectives the table has seen (their faces only) and the host's box.

A city card named in public — played, in the face-up row, taken face up (G1.2),
discarded, or turned up by a Tornado — is offered to every phone afterwards, so that
the same physical card is never typed twice. Who holds a card is never part of it.
The revealed objectives (G2.1) are public faces too: a later table's setup offers
them first, as ``{"kind": "objective", "terrains": [...]}``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, NamedTuple

from companion.games.derived import per_state
from companion.games.errors import RuleError, RuleViolation
from companion.games.gaia import cards
from companion.games.gaia.components import LIFE_COUNTS, TERRAINS
from companion.games.gaia.document import GaiaState

#: a box holds at most the city cards the game's life deck holds (G1)
BOX_MAX = LIFE_COUNTS["city"]
#: and each objective face G2.1 allows once: two pairs of different terrains, or all six
OBJECTIVES_MAX = len(list(combinations(TERRAINS, 2))) + 1


def _is_city(card: Any) -> bool:
    return isinstance(card, dict) and card.get("kind") == "city"


def _face(card: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "city", "symbol": card["symbol"], "needs": list(card["needs"])}


Key = tuple[str, tuple[str, ...]]


def dedup(found: list[Any], limit: int = BOX_MAX, keys: set[Key] | None = None,
          ) -> list[dict[str, Any]]:
    """City faces in first-seen order, each once (needs in any order are one card);
    ``keys``: cards already listed elsewhere, left out (and the ones found are added)."""
    out: list[dict[str, Any]] = []
    keys = set() if keys is None else keys  # every phone's view runs this: linear
    for card in found:
        if not _is_city(card):
            continue
        key = cards.city_key(card)
        if key not in keys:
            keys.add(key)
            out.append(_face(card))
            if len(out) >= limit:
                break
    return out


def in_public(state: GaiaState) -> list[Any]:
    """The city cards face up now: on the board, in the row, in the discard pile and
    the ones the table saw go into a hand."""
    piles = state["piles"]
    found: list[Any] = [{"kind": "city", "symbol": t["city"]["symbol"], "needs": t["city"]["needs"]}
                        for t in state["tiles"].values() if t["city"] is not None]
    found += [c for c in piles.get("life", {}).get("display", []) if c is not None]
    found += list(piles.get("discard", []))
    found += [c for p in state["players"] for c in cards.held_cards(p)]
    return found


def remember(state: GaiaState) -> None:
    """Keep what the table saw after it leaves view (a discard pile reshuffled, a held
    card played): stored on the state, bounded like the box."""
    seen = state.get("seen", [])
    # kept in one order (by face), so that the same cards seen in another order are the
    # same state
    faces = dedup([*seen, *in_public(state)])
    state["seen"] = sorted(faces, key=lambda c: (c["symbol"], sorted(c["needs"])))


def objective_face(terrains: list[str]) -> dict[str, Any]:
    """An objective as its face, its terrains in the game's order (G2.1)."""
    return {"kind": "objective", "terrains": sorted(terrains, key=TERRAINS.index)}


def objectives(found: list[Any]) -> list[dict[str, Any]]:
    """Objective faces in first-seen order, each once."""
    out: list[dict[str, Any]] = []
    for face in found:
        if (isinstance(face, dict) and face.get("kind") == "objective" and face not in out
                and len(out) < OBJECTIVES_MAX):
            out.append(face)
    return out


def _revealed(state: GaiaState) -> list[dict[str, Any]]:
    """This game's objectives as faces (a power objective has no terrains to name)."""
    return [objective_face([t for t in TERRAINS for _ in range(o["requires"].get(t, 0))])
            for o in state["objectives"] if "power" not in o["requires"]]


class Table(NamedTuple):
    """What every phone is offered first: city faces, their keys, objective faces."""
    cities: list[dict[str, Any]]
    keys: frozenset[Key]
    objectives: list[dict[str, Any]]


@per_state
def _table(state: GaiaState) -> Table:
    """Made once per state: the public view and every seat's view list it."""
    seen = state.get("seen", [])
    box = state["options"].get("box") or []
    keys: set[Key] = set()
    cities = dedup([*seen, *in_public(state), *box], keys=keys)  # fills ``keys``
    return Table(cities, frozenset(keys), objectives([*_revealed(state), *box]))


def public(state: GaiaState) -> list[dict[str, Any]]:
    """What every phone is offered first: seen in this game, then the host's box."""
    table = _table(state)
    return [*table.cities, *table.objectives]


def for_seat(state: GaiaState, seat: int) -> list[dict[str, Any]]:
    """The table's known cards, and the ones this seat named in its own hand."""
    hand: dict[str, Any] = dict(state["players"][seat]["hand"])
    own = list(hand["life"]["known"]) if "life" in hand else []
    table = _table(state)
    extra = dedup(own, BOX_MAX * 2 - len(table.cities), set(table.keys)) if own else []
    return [*table.cities, *extra, *table.objectives]


def _is_objective(face: Any) -> bool:
    return isinstance(face, dict) and face.get("kind") == "objective"


def parse_box(raw: Any) -> list[dict[str, Any]] | None:
    """The ``box`` create option: city card and objective faces a host's device has
    seen before (each kind bounded by what a box holds, twice over before duplicates
    are dropped)."""
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise RuleViolation("G11", "gaia.options.bad", option="box")
    goals = [c for c in raw if _is_objective(c)]
    cities = [c for c in raw if not _is_objective(c)]
    if len(cities) > BOX_MAX * 2 or len(goals) > OBJECTIVES_MAX * 2:
        raise RuleViolation("G11", "gaia.options.bad", option="box")
    try:
        parsed = [cards.parse_card("life", {**c, "kind": "city"} if isinstance(c, dict) else c,
                                   "box") for c in cities]
        faces = [_objective_of(c) for c in goals]
    except RuleError:
        raise RuleViolation("G11", "gaia.options.bad", option="box") from None
    return [*dedup(parsed), *objectives(faces)] or None


def _objective_of(raw: dict[str, Any]) -> dict[str, Any]:
    """A boxed objective: only its terrains, two pairs or all six (G2.1)."""
    from companion.games.gaia.state import parse_objective  # the start's own check

    terrains = raw.get("terrains")
    if set(raw) != {"kind", "terrains"} or not isinstance(terrains, list):
        raise RuleViolation("G11", "gaia.options.bad", option="box")
    parse_objective(0, terrains)
    return objective_face(terrains)
