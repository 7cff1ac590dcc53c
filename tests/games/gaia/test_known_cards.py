"""G1.2 (decision of 2026-12-01): a card taken face up from the display is a known card
of that hand — public for everybody's accounting, kept by its holder's re-declarations,
out of the count only when it is played or discarded; a Tornado carries it along."""

import pytest

from companion.games.errors import RuleViolation
from companion.games.gaia import GAIA

from .helpers import game, hand, play, rejects, tile
from .test_expert import powers

FORESTS = {"nature": ["forest", "forest", "plains"], "life": [
    {"kind": "animals", "symbol": "desert"},
    {"kind": "city", "symbol": "mountain", "needs": ["desert", "desert", "plains", "animals"]}]}


def _two_forests_taken():
    """Six forests on the tableaus; Bo takes the two forests of the display face up."""
    s = game(display=FORESTS)
    s["players"][0]["tableau"] = {"forest": 3}
    s["players"][1]["tableau"] = {"forest": 3}
    s["turn"]["seat"] = 1
    s, _ = play(s, 1, {"type": "draw", "pile": "nature", "from": "display", "slot": 0,
                       "refill": "plains"})
    s, _ = play(s, 1, {"type": "draw", "pile": "nature", "from": "display", "slot": 1,
                       "refill": "desert"})
    assert s["turn"]["seat"] == 0
    return s


def test_g1_2_cards_taken_face_up_count_for_every_player():
    s = _two_forests_taken()
    assert s["players"][1]["hand"]["nature"] == {"known": ["forest", "forest"], "unknown": 2,
                                                 "held": ["forest", "forest"]}
    # 6 on the tableaus + 2 in Bo's hand, in sight of all: Ada cannot draw a 9th
    err = rejects(s, 0, {"type": "draw", "pile": "nature", "from": "deck", "card": "forest"},
                  "G1.2")
    assert err.params == {"kind": "forest", "limit": 8}
    hand(s, 0, unknown={"nature": 2})
    tile(s, (0, 0), "plains")
    rejects(s, 0, {"type": "play_nature", "terrain": "forest", "at": [1, 0]}, "G1.2")
    with pytest.raises(RuleViolation) as info:
        GAIA.declare_hand(s, 0, {"nature": ["forest"]})
    assert info.value.rule == "G1.2"


def test_g1_2_a_known_card_never_turns_back_into_an_unknown_one():
    s = _two_forests_taken()
    # Ada's refill names a 7th public forest: Bo's taken forests are not a declaration
    # that it makes impossible (6 + 2 held + 1 would be 9: the refill is refused instead)
    rejects(s, 0, {"type": "draw", "pile": "nature", "from": "display", "slot": 2,
                   "refill": "forest"}, "G1.2")
    s, _ = play(s, 0, {"type": "draw", "pile": "nature", "from": "display", "slot": 2,
                       "refill": "sea"})
    assert s["players"][1]["hand"]["nature"]["known"] == ["forest", "forest"]
    assert GAIA.view_for(s, None)["players"][1]["known_cards"] == ["forest", "forest"]


def test_g1_2_re_declarations_keep_the_known_cards():
    s = _two_forests_taken()
    s = GAIA.declare_hand(s, 1, {"nature": ["sea"]})
    assert sorted(s["players"][1]["hand"]["nature"]["known"]) == ["forest", "forest", "sea"]
    assert s["players"][1]["hand"]["nature"]["unknown"] == 1
    s = GAIA.declare_hand(s, 1, {})
    assert s["players"][1]["hand"]["nature"]["known"] == ["forest", "forest"]
    assert s["players"][1]["hand"]["nature"]["unknown"] == 2
    # the known forests cannot become other cards: four named cards would not leave room
    with pytest.raises(RuleViolation) as info:
        GAIA.declare_hand(s, 1, {"nature": ["sea", "sea", "desert"]})
    assert (info.value.rule, info.value.key) == ("G1.2", "gaia.hand.known_card")
    assert GAIA.view_for(s, 1)["hand"]["nature"]["held"] == ["forest", "forest"]


def test_g1_2_a_known_card_leaves_the_count_when_played():
    s = _two_forests_taken()
    s["turn"]["seat"] = 1
    hand(s, 0, unknown={"nature": 2})
    s, _ = play(s, 1, {"type": "play_nature", "terrain": "forest", "at": [0, 0]})
    # 7 on the tableaus, 1 held: still 8 in sight, Bo's other forest still known
    assert s["players"][1]["hand"]["nature"]["known"] == ["forest"]
    assert s["players"][1]["hand"]["nature"]["held"] == ["forest"]
    s["players"][1]["hand"]["life"]["unknown"] = 3  # six cards: the next draw discards
    s, _ = play(s, 1, {"type": "draw", "pile": "nature", "from": "deck", "discard": "forest"})
    assert "held" not in s["players"][1]["hand"]["nature"]
    assert s["piles"]["discard"] == ["forest"]
    assert GAIA.declare_hand(s, 1, {})["players"][1]["hand"]["nature"]["known"] == []


def test_g1_2_a_tornado_that_takes_a_known_card_keeps_it_known():
    s = game(display={**FORESTS, "power": ["sun", "defense"]}, variant="expert")
    s["players"][0]["tableau"] = {"forest": 6}
    s["turn"]["seat"] = 1
    powers(s, 0, "tornado")
    powers(s, 1)
    s, _ = play(s, 1, {"type": "draw", "pile": "nature", "from": "display", "slot": 0,
                       "refill": "plains"})
    s, _ = play(s, 1, {"type": "draw", "pile": "nature", "from": "display", "slot": 1,
                       "refill": "desert"})
    s, _ = play(s, 0, {"type": "play_power", "card": "tornado"})
    s, _ = play(s, 0, {"type": "nobody_defended"})
    s, _ = play(s, 0, {"type": "tornado", "keep": 0, "taken": [{"seat": 1, "card": "forest"}]})
    assert [p["hand"]["nature"]["held"] for p in s["players"]] == [["forest"], ["forest"]]
    s = GAIA.declare_hand(s, 0, {})
    assert s["players"][0]["hand"]["nature"]["known"] == ["forest"]
    # 6 + Bo's forest + Ada's: 8 in sight; Bo cannot name a 9th from his unknown cards
    with pytest.raises(RuleViolation) as info:
        GAIA.declare_hand(s, 1, {"nature": ["forest", "forest"]})
    assert info.value.rule == "G1.2"
