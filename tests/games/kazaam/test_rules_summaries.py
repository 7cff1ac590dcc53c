"""Kazaam's rules summaries say what its engine does, and follow a session's options."""

from __future__ import annotations

from companion.games.rules import rules_for


def _by_id(game: str, lang: str, options: dict | None = None) -> dict[str, str]:
    found = rules_for(game, lang, options)
    assert found is not None
    return {r["id"]: r["text"] for r in found}


def test_options_change_the_summaries_they_touch():
    assert "after the round" in _by_id("kazaam", "en", {"end": "finish_round"})["K6.1"]
    assert "face-down parts do not chain" in _by_id(
        "kazaam", "en", {"chain_counts_face_down": False})["K7.4"]


def test_summaries_carry_the_decisions():
    kazaam = _by_id("kazaam", "en")
    assert "with none face down" in kazaam["K4.6"]
    assert "declare again" in kazaam["K5.2"]
    assert "not the tail itself" in kazaam["K5.3"]
    assert "stays known" in kazaam["K5.4"]
    assert "host may finish" in kazaam["K6.2"]
