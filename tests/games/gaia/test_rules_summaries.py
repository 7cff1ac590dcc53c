"""Gaia's rules summaries say what its engine does, and follow a session's options."""

from __future__ import annotations

from companion.games.rules import rules_for
from companion.i18n import languages


def _by_id(game: str, lang: str, options: dict | None = None) -> dict[str, str]:
    found = rules_for(game, lang, options)
    assert found is not None
    return {r["id"]: r["text"] for r in found}


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


def test_summaries_carry_the_issue_11_decisions():
    gaia = _by_id("gaia", "en")
    assert "rounds" in gaia["G6.7"] and "build order never matters" in gaia["G6.7"]
    assert "no choice can change the result" in gaia["G7.2"]
    assert "power pile running out does not end it" in gaia["G9.2"]
    assert "cities and objectives" in gaia["G9.3"]
    assert "the holder too" in gaia["G10.1"]
    assert "then discarded" in gaia["G10.2"]
