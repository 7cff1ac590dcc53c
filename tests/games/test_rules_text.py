"""The rules summaries say what the engines do, and follow a session's options."""

from __future__ import annotations

import pytest

from companion.games import GAMES
from companion.games.base import rule_key
from companion.games.messages import catalogue
from companion.games.rules import rules_for
from companion.i18n import languages


def _by_id(game: str, lang: str, options: dict | None = None) -> dict[str, str]:
    found = rules_for(game, lang, options)
    assert found is not None
    return {r["id"]: r["text"] for r in found}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_text_in_every_language(game):
    text = GAMES[game].rules
    assert text is not None and text.rules, f"{game} declares no rules"
    keys = [*(rule_key(game, rid) for rid in text.rules),
            *(rule_key(game, case[0], case) for case in text.by_option)]
    for key in keys:
        texts = catalogue()[key]
        assert set(texts) >= set(languages())
        assert all(": " in texts[lang] for lang in languages())  # "Title: text"
    for (rule, _, _) in text.by_option:
        assert rule in text.rules


def test_g7_1_summary_follows_the_feeding_option():
    for lang in languages():
        builder = _by_id("gaia", lang, {"feeding": "builder"})["G7.1"]
        everyone = _by_id("gaia", lang, {"feeding": "all"})["G7.1"]
        assert builder != everyone
        assert _by_id("gaia", lang, {})["G7.1"] == builder  # the default is builder
    assert "every city on the map" in _by_id("gaia", "en", {"feeding": "all"})["G7.1"]
    assert "each city you built" in _by_id("gaia", "en", {"feeding": "builder"})["G7.1"]


def test_options_change_the_other_summaries_they_touch():
    plain = _by_id("gaia", "en")
    house = _by_id("gaia", "en", {"end_on": "deck_empty", "auto_end_turn": False,
                                  "duplicate_needs": "distinct_neighbours"})
    for rid in ("G3.5", "G6.4", "G9.2"):
        assert house[rid] != plain[rid]
    assert "G10.1" not in house and "G10.1" in plain  # a base game has no G10
    expert = _by_id("gaia", "en", {"variant": "expert"})
    assert "not in this game" in expert["G10.4"]
    assert "not in this game" not in _by_id("gaia", "en", {"variant": "expert",
                                                          "catastrophes": True})["G10.4"]
    assert "after the round" in _by_id("kazaam", "en", {"end": "finish_round"})["K6.1"]
    assert "face-down parts do not chain" in _by_id(
        "kazaam", "en", {"chain_counts_face_down": False})["K7.4"]


def test_summaries_carry_the_issue_11_decisions():
    gaia, kazaam = _by_id("gaia", "en"), _by_id("kazaam", "en")
    assert "rounds" in gaia["G6.7"] and "build order never matters" in gaia["G6.7"]
    assert "no choice can change the result" in gaia["G7.2"]
    assert "power pile running out does not end it" in gaia["G9.2"]
    assert "cities and objectives" in gaia["G9.3"]
    assert "the holder too" in gaia["G10.1"]
    assert "then discarded" in gaia["G10.2"]
    assert "with none face down" in kazaam["K4.6"]
    assert "declare again" in kazaam["K5.2"]
    assert "not the tail itself" in kazaam["K5.3"]
    assert "stays known" in kazaam["K5.4"]
    assert "host may finish" in kazaam["K6.2"]
