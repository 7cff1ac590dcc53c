"""Kazaam's sentences in every language: its printed words."""

from __future__ import annotations

from companion.games.messages import render


def test_italian_names_a_tile_by_its_printed_words():
    assert render("kazaam.tile.not_in_hand", {"tile": {"homunculus": "wood", "part": "arm",
                  "ingredients": ["mercury", "sulphur"]}}, "it") == \
        "Non hai una tessera che possa essere braccio di legno (mercurio, zolfo)."
