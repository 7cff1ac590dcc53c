"""G7.1 feeding scope: ``builder`` (default) against ``holder`` for cities taken over."""

import pytest

from companion.games.base import rule_key
from companion.games.messages import text as template
from companion.games.rules import rules_for

from .helpers import DISPLAY, at, city, game, play, settle, tile

NEEDS = ["animals", "forest", "sea", "sea"]  # the forest with animals meets two icons


def _table(**options):
    """Ada (0) built (1,0), now held by Bo's pawn, and (-1,0), which has no pawn;
    Bo (1) built (0,1), now held by Ada's pawn. All three eat from one forest."""
    s = game(display={**DISPLAY, "power": ["sun", "defense"]}, variant="expert", **options)
    tile(s, (0, 0), "forest", animals=3)
    city(s, (1, 0), "plains", NEEDS, builder=0, pawns=(1,))
    city(s, (-1, 0), "plains", NEEDS, builder=0)
    city(s, (0, 1), "desert", NEEDS, builder=1, pawns=(0,))
    settle(s)
    return s


def _fed_on_turn_of(s, seat):
    """End the other seat's turn; the cities ``seat`` fed, in order."""
    s["turn"]["seat"] = 1 - seat
    s, events = play(s, 1 - seat, {"type": "end_turn"})
    return [e["city"] for e in events if e["type"] == "fed"], s


def test_g7_1_builder_feeds_the_cities_it_laid_even_when_taken_over():
    fed, s = _fed_on_turn_of(_table(), 0)
    assert fed == [[1, 0], [-1, 0]]
    assert at(s, (0, 0))["animals"] == 1
    fed, _ = _fed_on_turn_of(_table(), 1)
    assert fed == [[0, 1]]


def test_g7_1_holder_feeds_the_cities_its_pawns_hold_and_its_own_without_pawns():
    fed, s = _fed_on_turn_of(_table(feeding="holder"), 0)
    assert fed == [[-1, 0], [0, 1]]  # not (1,0): Bo's pawn holds it
    assert s["supply"]["animals"] == 17 + 2
    fed, _ = _fed_on_turn_of(_table(feeding="holder"), 1)
    assert fed == [[1, 0]]


def test_g7_1_holder_in_the_base_game_every_holder_feeds_a_shared_city():
    for seat in (0, 1):
        s = game(feeding="holder")
        tile(s, (0, 0), "forest", animals=3)
        city(s, (1, 0), "plains", NEEDS, builder=1, pawns=(0, 1))
        settle(s)
        fed, _ = _fed_on_turn_of(s, seat)
        assert fed == [[1, 0]]


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_g7_1_the_rules_text_follows_the_feeding_option(lang):
    def text(feeding):
        rules = rules_for("gaia", lang, {"feeding": feeding})
        return next(r["text"] for r in rules if r["id"] == "G7.1")

    assert len({text("builder"), text("holder"), text("all")}) == 3
    holder = template(rule_key("gaia", "G7.1", ("G7.1", "feeding", "holder")), lang)
    assert holder is not None and holder.endswith(text("holder"))
