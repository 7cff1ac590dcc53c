"""City cards the table has seen (their faces only) and the host's box of them.

A city card named in public — played, in the face-up row, taken face up (G1.2),
discarded, or turned up by a Tornado — is offered to every phone afterwards, so that
the same physical card is never typed twice. Who holds a card is never part of it.
"""

from __future__ import annotations

from typing import Any

from companion.games.errors import RuleError, RuleViolation
from companion.games.gaia import cards
from companion.games.gaia.components import LIFE_COUNTS
from companion.games.gaia.document import GaiaState

#: a box holds at most the city cards the game's life deck holds (G1)
BOX_MAX = LIFE_COUNTS["city"]


def _is_city(card: Any) -> bool:
    return isinstance(card, dict) and card.get("kind") == "city"


def _face(card: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "city", "symbol": card["symbol"], "needs": list(card["needs"])}


def dedup(found: list[Any], limit: int = BOX_MAX) -> list[dict[str, Any]]:
    """City faces in first-seen order, each once (needs in any order are one card)."""
    out: list[dict[str, Any]] = []
    for card in found:
        if _is_city(card) and not any(cards.same_card(card, c) for c in out):
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


def public(state: GaiaState) -> list[dict[str, Any]]:
    """What every phone is offered first: seen in this game, then the host's box."""
    seen = state.get("seen", [])
    box = state["options"].get("box") or []
    return dedup([*seen, *in_public(state), *box])


def for_seat(state: GaiaState, seat: int) -> list[dict[str, Any]]:
    """The table's known cards, and the ones this seat named in its own hand."""
    hand: dict[str, Any] = dict(state["players"][seat]["hand"])
    own = list(hand["life"]["known"]) if "life" in hand else []
    return dedup([*public(state), *own], BOX_MAX * 2)


def parse_box(raw: Any) -> list[dict[str, Any]] | None:
    """The ``box`` create option: city card faces a host's device has seen before."""
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) > BOX_MAX * 2:
        raise RuleViolation("G11", "gaia.options.bad", option="box")
    try:
        parsed = [cards.parse_card("life", {**c, "kind": "city"} if isinstance(c, dict) else c,
                                   "box") for c in raw]
    except RuleError:
        raise RuleViolation("G11", "gaia.options.bad", option="box") from None
    return dedup(parsed) or None
