"""G3.3: a face-up card taken, and the one turned up in its place, are named once in
every language, life cards (named by their own words, "animals card on desert") too."""

from __future__ import annotations

import pytest

from companion.games.messages import render
from companion.i18n import languages

from .helpers import A, C, game, play


def _said(event: dict, lang: str) -> str:
    """The event's sentence as the pages pick it (common.js ``variant``): ".display" for
    a face-up card taken, ".card" for a refill whose card is known."""
    case = "display" if event.get("from") == "display" else "card"
    return render(f"gaia.event.{event['type']}.{case}", {**event, "who": "Ada"}, lang)


def _draw(pile: str, slot: int, refill: object) -> list[dict]:
    _, events = play(game(), 0, {"type": "draw", "pile": pile, "from": "display",
                                 "slot": slot, "refill": refill})
    return [e for e in events if e["type"] in ("card_drawn", "display_refilled")]


def test_life_cards_from_the_face_up_cards_read_right_in_english():
    taken, refill = _draw("life", 0, C("sea", "forest", "forest", "plains", "animals"))
    assert _said(taken, "en") == "Ada took a card from the face-up cards: animals card on desert"
    assert _said(refill, "en") == ("a card turned up in its place: city card on sea "
                                   "(needs: forest, forest, plains, animals)")
    taken, refill = _draw("nature", 1, "forest")
    assert _said(taken, "en") == "Ada took a card from the face-up cards: desert"
    assert _said(refill, "en") == "a card turned up in its place: forest"


@pytest.mark.parametrize("lang", languages())
def test_a_face_up_card_is_named_once(lang):
    for taken, refill in (_draw("life", 1, A("swamp")), _draw("nature", 0, "sea")):
        for event in (taken, refill):
            card = event["card"]
            words = render("gaia.thing.animals", {"symbol": card["symbol"]}, lang) \
                if isinstance(card, dict) and card["kind"] == "animals" else None
            said = _said(event, lang)
            if words is not None:
                assert said.count(words) == 1, said
            assert "{" not in said and "card card" not in said, said  # no raw dict, no twice
