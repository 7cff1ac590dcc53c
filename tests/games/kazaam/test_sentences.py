"""Kazaam's sentences in every language: its printed words."""

from __future__ import annotations

import pytest

from companion.games.messages import catalogue, render


def test_italian_names_a_tile_by_its_printed_words():
    assert render("kazaam.tile.not_in_hand", {"tile": {"homunculus": "wood", "part": "arm",
                  "ingredients": ["mercury", "sulphur"]}}, "it") == \
        "Non hai una tessera che possa essere braccio di legno (mercurio, zolfo)."


@pytest.mark.parametrize("homunculus", ["insect", "reptile", "fire"])
def test_german_names_a_tile_by_its_part_then_its_homunculus(homunculus):
    """ "Insekt-Kopf" lacks its linking "-en", and "Feuer-linker Arm" breaks the word: the
    part comes first and the homunculus after it, as a component is labelled."""
    tile = {"homunculus": homunculus, "part": "head"}
    word = render("kazaam.term." + homunculus, {}, "de")
    assert render("kazaam.event.tile_from_discard", {"who": "Ada", "tile": tile},
                  "de") == f"Ada nimmt Kopf ({word}) vom Ablagestapel"
    said = render("kazaam.event.part_built", {
        "who": "Ada", "slot": "left_arm",
        "tile": {"homunculus": homunculus, "part": "arm", "ingredients": ["mercury", "sulphur"]}},
        "de")
    assert said == f"Ada baut den Platz linker Arm: Arm ({word}; Quecksilber, Schwefel)", said
    german = {key: texts["de"] for key, texts in catalogue().items()}
    assert all("}-{" not in german[key] for key in ("kazaam.thing.kind", "kazaam.thing.tile"))
