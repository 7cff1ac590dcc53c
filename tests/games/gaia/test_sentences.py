"""Gaia's sentences in every language: its printed words, cities named not squares."""

from __future__ import annotations

import pytest

from companion.games.errors import RuleViolation
from companion.games.messages import render
from companion.i18n import languages


def test_it_and_de_say_the_printed_game_s_words():
    assert render("gaia.event.tile_placed", {"terrain": "plains", "who": "Ada"}, "de") == \
        "Ada legt ein Plättchen mit Wiese"
    assert "foresta" in render("gaia.nature.no_tile", {"terrain": "forest"}, "it")
    assert "Sonne" in render("gaia.event.power_played", {"card": "sun", "who": "Bo"}, "de")


def test_refusals_name_the_city_not_its_square():
    err = RuleViolation("G7.1", "gaia.feed.missing", city=[2, 0], terrain="forest", owner="Ada")
    assert err.sentence("en") == "Ada's forest city must eat too."
    assert err.sentence("it") == "Anche la città di Ada (foresta) deve mangiare."
    assert err.sentence("de") == "Auch die Stadt von Ada (Wald) muss fressen."
    assert render("gaia.feed.missing", err.params, "fr") == err.sentence("en")
    assert err.params["city"] == [2, 0]  # the square stays in the data for the board


def test_a_refusal_about_a_square_without_a_city_says_so():
    from companion.games.gaia.engine import apply
    from companion.games.gaia.playout import Table
    state = Table.deal(1, 2).state
    seat = state["turn"]["seat"]
    move = {"type": "play_nature", "terrain": "forest", "at": [0, 0], "claim_cities": [[5, 5]]}
    with pytest.raises(RuleViolation) as caught:
        apply(state, seat, move)
    assert caught.value.key == "gaia.claim.no_city"
    for lang in languages():
        sentence = caught.value.sentence(lang)
        assert "'s " not in sentence and "()" not in sentence and "[" not in sentence


def test_german_says_whose_turn_and_names_a_tile_by_its_terrain():
    assert render("gaia.event.turn_passed", {"who": "Ada"}, "de") == "Ada ist am Zug"
    assert render("gaia.event.fed", {"owner": "Ada", "terrain": "forest", "source": "plains"},
                  "de") == "die Stadt von Ada (Wald) frisst ein Tier vom Plättchen mit Wiese"
